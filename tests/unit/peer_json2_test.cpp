// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Lists and drift the peers' parsers read and the fixture sweep found missing (issue 20): one
// bad item of Cohere's action list drops only itself (Ollama's cohere parser), so does an
// unparsable pythonic sibling whose quotes are broken (vLLM's pythonic salvage), and the Hermes
// 2 Pro wrappers inside a markdown fence (llama.cpp) with the Hermes and Qwen presets. Each case
// runs one-shot and streamed at every split point and in 1-byte writes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using tc_test::want_call;

bool has_level(const toolcall::message& m, toolcall::errc code, toolcall::severity level) {
  for (const auto& d : m.diagnostics)
    if (d.code == code && d.level == level) return true;
  return false;
}

toolcall::message expect(const toolcall::parser_registry& reg, const std::string& text,
                         const std::vector<want_call>& want, const char* content = nullptr) {
  tc_test::want_more more;
  more.content = content;
  return tc_test::expect_message(reg, text, want, more);
}

const std::string act = "<|START_ACTION|>", act_end = "<|END_ACTION|>";

std::string item(const char* idx, const char* name, const std::string& params) {
  return std::string("{\"tool_call_id\": \"") + idx + "\", \"tool_name\": \"" + name + "\", \"parameters\": " + params +
         "}";
}

}  // namespace

TEST_SUITE("toolcall/peer json 2") {
  TEST_CASE("cohere: an item whose parameters are not JSON drops itself, its siblings stay") {
    const auto cohere = tc_test::only_format("cohere");
    // a time written bare (07:45): the first item breaks after its name was announced
    const std::string text = "<|START_THINKING|>Set the alarm, then text Ana.<|END_THINKING|>" + act + "[\n    " +
                             item("0", "set_alarm", "{\"time\": 07:45, \"label\": \"gym\"}") + ",\n    " +
                             item("1", "send_sms", "{\"to\": \"Ana\", \"body\": \"up soon [gym], ok?\"}") + "\n]" +
                             act_end;
    const auto m = expect(cohere, text, {{"send_sms", R"({"to":"Ana","body":"up soon [gym], ok?"})"}}, "");
    CHECK(m.reasoning == "Set the alarm, then text Ana.");
    CHECK(has_level(m, toolcall::errc::invalid_call, toolcall::severity::error));

    // the broken item in the middle, with brackets and a quoted `}` after the break
    const std::string mid = act + "[" + item("0", "get_weather", "{\"city\": \"Lyon\"}") + ", " +
                            item("1", "plot", "{\"series\": [1, 2,, 3], \"title\": \"a } b\", \"opts\": {\"x\": [0]}}") +
                            ", " + item("2", "get_weather", "{\"city\": \"Nice\"}") + "]" + act_end;
    expect(cohere, mid, {{"get_weather", R"({"city":"Lyon"})"}, {"get_weather", R"({"city":"Nice"})"}}, "");
  }

  TEST_CASE("cohere: an item without tool_name is skipped; a list of no call is an error, text kept") {
    const auto cohere = tc_test::only_format("cohere");
    const std::string text = act + "[\n" + item("0", "list_files", "{\"dir\": \"/srv\"}") +
                             ",\n{\"tool_call_id\": \"1\", \"parameters\": {\"dir\": \"/tmp\"}},\n" +
                             item("2", "disk_usage", "{}") + "\n]" + act_end;
    const auto m = expect(cohere, text, {{"list_files", R"({"dir":"/srv"})"}, {"disk_usage", "{}"}}, "");
    CHECK(has_level(m, toolcall::errc::invalid_call, toolcall::severity::warning));

    const std::string none = act + "[{\"tool_call_id\": \"0\", \"parameters\": {\"dir\": \"/tmp\"}}, " +
                             item("1", "stat", "{\"path\": 12:30}") + "]" + act_end;
    const auto n = expect(cohere, none, {}, none.c_str());
    CHECK(tc_test::has_diagnostic(n, toolcall::errc::missing_name));
  }

  TEST_CASE("cohere: a missing comma between two items is read as one, with a note") {
    const auto cohere = tc_test::only_format("cohere");
    const std::string text = act + "[\n" + item("0", "pause_music", "{}") + "\n" +
                             item("1", "set_volume", "{\"level\": 30, \"note\": \"{quiet}\"}") + "\n]" + act_end;
    const auto m = expect(cohere, text, {{"pause_music", "{}"}, {"set_volume", R"({"level":30,"note":"{quiet}"})"}}, "");
    CHECK(has_level(m, toolcall::errc::repaired, toolcall::severity::note));
  }

  TEST_CASE("cohere: a list that never closes is lost whole, never silently") {
    const auto cohere = tc_test::only_format("cohere");
    const std::string text = act + "[" + item("0", "ping", "{\"host\": \"a\"}") + ", " +
                             item("1", "ping", "{\"host\" \"b\"}") + act_end;
    const auto m = expect(cohere, text, {}, text.c_str());
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_json));
  }

  TEST_CASE("pythonic: a sibling whose quotes are broken drops itself, before or after the good call") {
    const auto py = tc_test::only_format("pythonic");
    const auto a = expect(py, "[rename(src='draft 'v2'.txt', dst='final.txt'), list_dir(path='docs')]",
                          {{"list_dir", R"({"path":"docs"})"}}, "");
    CHECK(has_level(a, toolcall::errc::invalid_call, toolcall::severity::error));
    expect(py, "[list_dir(path='docs'), rename(src='draft 'v2'.txt', dst='final.txt')]",
           {{"list_dir", R"({"path":"docs"})"}}, "");
    // three siblings, the broken one in the middle with a comma inside its broken string
    expect(py, "[get_time(tz='UTC'), note(text='it's late, go', pin=True), get_time(tz='Asia/Tokyo')]",
           {{"get_time", R"({"tz":"UTC"})"}}, "");
  }

  TEST_CASE("hermes presets: a JSON call in a Hermes 2 Pro wrapper inside a fence (llama.cpp)") {
    const std::string call = R"({"name": "get_stock_price", "arguments": {"symbol": "NVDA"}})";
    const char* const args = R"({"symbol":"NVDA"})";
    for (const char* model : {"NousResearch/Hermes-2-Pro-Llama-3-8B", "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen3-8B"}) {
      INFO(model);
      const auto reg = toolcall::parser_registry::for_model(model);
      expect(reg, "```xml\n<response>\n  " + call + "\n</response>\n```", {{"get_stock_price", args, "fenced"}}, "");
      expect(reg, "```json\n\n    <function_call> " + call + " \n    </function_call>\n```",
             {{"get_stock_price", args, "fenced"}}, "");
      expect(reg, "Checking the price.\n```json\n<tool>" + call + "</tool>\n```\nOne moment.",
             {{"get_stock_price", args, "fenced"}}, "Checking the price.\n\nOne moment.");
      // a wrapper around JSON that is not a call stays a code sample
      const std::string sample = "Example:\n```xml\n<response>{\"status\": \"ok\"}</response>\n```";
      expect(reg, sample, {}, sample.c_str());
    }
    // `--format hermes` alone does not read fences: the fenced wrapper is a code sample
    const auto hermes = tc_test::only_format("hermes");
    const std::string fenced = "```xml\n<response>\n" + call + "\n</response>\n```";
    expect(hermes, fenced, {}, fenced.c_str());
  }
}
