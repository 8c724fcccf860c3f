// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Behaviours the vendors' parsers have and the fixture sweep found missing (issue 20): xLAM's
// wrappers and reasoning (vLLM's xlam parser), Ministral 3's [THINK] block (Ollama's ministral
// parser), Kimi-K2's text before the first call and its bare counter ids (vLLM's kimi_k2
// parser). Each case runs one-shot and streamed at every split point and in 1-byte writes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using tc_test::want_call;

toolcall::options seeded() {
  toolcall::options o = tc_test::deterministic(11);
  return o;
}

bool has_error(const toolcall::message& m) {
  for (const auto& d : m.diagnostics)
    if (d.level == toolcall::severity::error) return true;
  return false;
}

/// One-shot and every chunking agree; the calls, content and reasoning are `want`.
toolcall::message expect(const toolcall::parser_registry& reg, const std::string& text,
                         const std::vector<want_call>& want, const std::string& content,
                         const std::string& reasoning = "") {
  tc_test::want_more more;
  more.content = content.c_str();
  more.reasoning = reasoning.c_str();
  return tc_test::expect_message(reg, text, want, more);
}

const std::string list_call = R"([{"name": "get_exchange_rate", "arguments": {"base": "EUR", "quote": "JPY"}}])";
const char* const rate_args = R"({"base":"EUR","quote":"JPY"})";

const std::string kb = "<|tool_calls_section_begin|>", ke = "<|tool_calls_section_end|>", cb = "<|tool_call_begin|>",
                  ab = "<|tool_call_argument_begin|>", ce = "<|tool_call_end|>";

}  // namespace

TEST_SUITE("toolcall/peer json") {
  TEST_CASE("xlam: a list of calls in the wrappers vLLM's xlam parser reads, after prose") {
    const auto xlam = *toolcall::parser_registry::only("xlam");
    expect(xlam, "Let me look up that rate.\n```json\n" + list_call + "\n```",
           {{"get_exchange_rate", rate_args, "fenced"}}, "Let me look up that rate.");
    expect(xlam, "Checking.\n```\n" + list_call + "\n```\nOne moment.", {{"get_exchange_rate", rate_args, "fenced"}},
           "Checking.\n\nOne moment.");
    expect(xlam, "Looking it up now.[TOOL_CALLS]" + list_call, {{"get_exchange_rate", rate_args, "mistral"}},
           "Looking it up now.");
    expect(xlam, "[TOOL_CALLS] " + list_call + "<|eot_id|>", {{"get_exchange_rate", rate_args, "mistral"}}, "");
    expect(xlam, "Sure, one call.<tool_call>" + list_call + "</tool_call>",
           {{"get_exchange_rate", rate_args, "hermes"}}, "Sure, one call.");
    // two calls in one wrapper
    expect(xlam,
           "Both:\n```json\n[{\"name\": \"search_flights\", \"arguments\": {\"from\": \"OSL\", \"to\": \"LIS\"}}, "
           "{\"name\": \"search_hotels\", \"arguments\": {\"city\": \"Lisbon\", \"nights\": 3}}]\n```",
           {{"search_flights", R"({"from":"OSL","to":"LIS"})", "fenced"},
            {"search_hotels", R"({"city":"Lisbon","nights":3})", "fenced"}},
           "Both:");
  }

  TEST_CASE("xlam: a wrapper that holds no list of calls stays content") {
    const auto xlam = *toolcall::parser_registry::only("xlam");
    for (const std::string& text :
         {std::string("The team:\n```json\n[{\"name\": \"Ada\", \"role\": \"lead\"}]\n```"),
          std::string("Example:\n```python\n[{\"name\": \"f\", \"arguments\": {}}]\n```"),
          std::string("Config:\n```json\n{\"name\": \"my-app\", \"version\": \"1.0.0\"}\n```"),
          std::string("Mistral models write [TOOL_CALLS] before their calls."),
          std::string("Wrap each call in <tool_call> and </tool_call> tags.")}) {
      const toolcall::message m = expect(xlam, text, {}, text);
      CHECK_MESSAGE(!has_error(m), text);
    }
  }

  TEST_CASE("xlam's wrappers leave builtin() as it was: the owners' names, no stray diagnostic") {
    const auto all = toolcall::parser_registry::builtin();
    const toolcall::message v11 =
        expect(all, "[TOOL_CALLS]get_exchange_rate[ARGS]{\"base\": \"EUR\", \"quote\": \"JPY\"}",
               {{"get_exchange_rate", rate_args, "mistral"}}, "");
    CHECK(v11.diagnostics.empty());
    expect(all, "[TOOL_CALLS] " + list_call, {{"get_exchange_rate", rate_args, "mistral"}}, "");
    expect(all, "Here:\n```json\n" + list_call + "\n```", {{"get_exchange_rate", rate_args, "fenced"}}, "Here:");
    expect(all,
           "Here:\n```json\n{\"name\": \"get_exchange_rate\", \"arguments\": {\"base\": \"EUR\", \"quote\": "
           "\"JPY\"}}\n```",
           {{"get_exchange_rate", rate_args, "fenced"}}, "Here:");
  }

  TEST_CASE("xlam preset: a <think> block before the list is reasoning") {
    const auto reg = toolcall::parser_registry::for_model("Salesforce/Llama-xLAM-2-8b-fc-r");
    CHECK(reg.contains("reasoning"));
    CHECK_FALSE(reg.contains("llama3_json"));
    expect(reg, "<think>The user wants the yen rate.</think>" + list_call, {{"get_exchange_rate", rate_args, "xlam"}},
           "", "The user wants the yen rate.");
    expect(reg, "<think>Two lookups.</think>\n\nFirst the rate.\n```json\n" + list_call + "\n```",
           {{"get_exchange_rate", rate_args, "fenced"}}, "First the rate.", "Two lookups.");
  }

  TEST_CASE("Ministral 3 presets read [THINK]...[/THINK] as Magistral's do") {
    for (const char* model : {"mistralai/Ministral-3-8B-Reasoning-2512", "mistralai/Ministral-3-14B-Instruct-2512",
                              "unsloth/Ministral-3-3B-Reasoning-2512-GGUF"}) {
      const auto reg = toolcall::parser_registry::for_model(model);
      CHECK_MESSAGE(reg.contains("reasoning"), model);
      CHECK_MESSAGE(reg.contains("mistral"), model);
      expect(reg,
             "[THINK]The user asked for the yen; one call.[/THINK][TOOL_CALLS]get_exchange_rate[ARGS]"
             "{\"base\": \"EUR\", \"quote\": \"JPY\"}",
             {{"get_exchange_rate", rate_args, "mistral"}}, "", "The user asked for the yen; one call.");
      expect(reg, "[THINK]Simple arithmetic.[/THINK]\n\n12 x 12 = 144.", {}, "12 x 12 = 144.", "Simple arithmetic.");
    }
    // the 2024 Ministral (no reasoning) keeps the plain mistral preset
    CHECK_FALSE(toolcall::parser_registry::for_model("mistralai/Ministral-8B-Instruct-2410").contains("reasoning"));
  }

  TEST_CASE("kimi_k2: text between the section opener and the first call is content, the opener markup") {
    const auto kimi = *toolcall::parser_registry::only("kimi_k2");
    expect(kimi,
           "Checking the rate. " + kb + " I will call the tool. " + cb + "functions.get_exchange_rate:0 " + ab +
               "{\"base\": \"EUR\", \"quote\": \"JPY\"} " + ce + ke,
           {{"get_exchange_rate", rate_args, "kimi_k2"}}, "Checking the rate. I will call the tool.");
    // a second call after it is read as before
    expect(kimi,
           kb + "\nplan: two calls\n" + cb + "functions.get_exchange_rate:0" + ab +
               "{\"base\": \"EUR\", \"quote\": \"JPY\"}" + ce + cb + "functions.get_exchange_rate:1" + ab +
               "{\"base\": \"USD\", \"quote\": \"CHF\"}" + ce + ke + "<|im_end|>",
           {{"get_exchange_rate", rate_args, "kimi_k2"},
            {"get_exchange_rate", R"({"base":"USD","quote":"CHF"})", "kimi_k2"}},
           "plan: two calls");
    // without text between them, nothing changes
    expect(
        kimi,
        "Rate: " + kb + cb + "functions.get_exchange_rate:0" + ab + "{\"base\": \"EUR\", \"quote\": \"JPY\"}" + ce + ke,
        {{"get_exchange_rate", rate_args, "kimi_k2"}}, "Rate:");
  }

  TEST_CASE("kimi_k2: prose that names the markers stays whole") {
    const auto kimi = *toolcall::parser_registry::only("kimi_k2");
    for (const std::string& text :
         {"Kimi opens a section with " + kb + " and then " + cb + " followed by the call id.",
          "The section sits between " + kb + " and " + ke + " in the raw output.",
          "The opener " + kb + " starts it. " + std::string(300, 'x') + " " + cb + "functions.f:0" + ab + "{}" + ce}) {
      const tc_test::split_result r = tc_test::split_compare(kimi, seeded(), text);
      CHECK_MESSAGE(r.err.empty(), r.err);
      if (text.size() < 300) {
        CHECK(r.one.calls.empty());
        CHECK_MESSAGE(r.one.content == text, r.one.content);
      } else {
        // too much text after the opener: the opener is prose, the later call its own region
        REQUIRE(r.one.calls.size() == 1);
        CHECK(r.one.content.find(kb) != std::string::npos);
      }
    }
  }

  TEST_CASE("kimi_k2: a call id that is only the counter names no tool") {
    const auto kimi = *toolcall::parser_registry::only("kimi_k2");
    const std::string text =
        "Let me check. " + kb + cb + "0 " + ab + "{\"base\": \"EUR\", \"quote\": \"JPY\"}" + ce + ke;
    const toolcall::message m = tc_test::split_compare(kimi, seeded(), text).one;
    CHECK(m.calls.empty());
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::missing_name));
    CHECK(m.content.find("{\"base\": \"EUR\"") != std::string::npos);  // the text is kept
    CHECK(tc_test::split_compare(kimi, seeded(), text).err.empty());
    // `functions.0` is a counter too; a named call next to it still comes out
    const std::string two = kb + cb + "functions.0" + ab + "{}" + ce + cb + "functions.get_exchange_rate:1" + ab +
                            "{\"base\": \"EUR\", \"quote\": \"JPY\"}" + ce + ke;
    const tc_test::split_result r = tc_test::split_compare(kimi, seeded(), two);
    CHECK_MESSAGE(r.err.empty(), r.err);
    REQUIRE(r.one.calls.size() == 1);
    CHECK(r.one.calls[0].name == "get_exchange_rate");
    CHECK(tc_test::has_diagnostic(r.one, toolcall::errc::missing_name));
  }
}
