// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The families of formats/group_other_b.hpp: Granite pythonic, Command R/R+, MiniCPM4/5, dots.
// Their presets and template detection, and behaviour the corpus cases do not cover: streaming
// at every split point with the request's tools, the `<function name="` claim chain shared with
// Qwen3-Coder, schema typing, `directly_answer`.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

toolcall::options opts() {
  toolcall::options o = tc_test::deterministic(11);
  return o;
}

const char* const k_tools = R"([
  {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer"}, "zip": {"type": "string"}}}}},
  {"type": "function", "function": {"name": "get_time", "parameters": {"type": "object",
    "properties": {"tz": {"type": "string"}}}}}
])";

toolcall::message one_shot(const toolcall::parser_registry& reg, const std::string& text, bool tools = false) {
  toolcall::parser p{reg, opts()};
  if (tools) toolcall::normalizer::create(k_tools)->attach(p);
  return p.parse(text);
}

/// The call_begin events of `text` streamed in one write, including calls that later failed.
int begins_of(const toolcall::parser_registry& reg, const std::string& text) {
  toolcall::stream_parser sp{reg, opts()};
  int begins = 0;
  sp.write(text, [&](const toolcall::event& e) { begins += e.kind == toolcall::event_kind::call_begin; });
  sp.finish([&](const toolcall::event& e) { begins += e.kind == toolcall::event_kind::call_begin; });
  return begins;
}

void check_every_split(const toolcall::parser_registry& reg, const std::string& text, bool tools = false) {
  const auto attach = [&](auto& p) {
    if (tools) toolcall::normalizer::create(k_tools)->attach(p);
  };
  const std::string d = tc_test::split_compare(reg, opts(), text, {}, attach).err;
  CHECK_MESSAGE(d.empty(), d);
}

toolcall::parser_registry builtin() { return toolcall::parser_registry::builtin(); }

}  // namespace

TEST_SUITE("toolcall/families other b") {
  TEST_CASE("for_model resolves each family's hub names, and not its neighbours") {
    const std::pair<const char*, const char*> rows[] = {
        {"ibm-granite/granite-3.3-8b-instruct", "granite_pythonic"},
        {"ibm-granite/granite-3.3-2b-instruct", "granite_pythonic"},
        {"unsloth/granite-3.3-8b-instruct-GGUF", "granite_pythonic"},
        {"mlx-community/granite-3.3-2b-instruct-4bit", "granite_pythonic"},
        {"granite3.3:8b", "granite_pythonic"},
        {"ibm-granite/granite-3.3-8b-instruct", "granite"},
        {"ibm-granite/granite-4.0-h-small", "granite_pythonic"},
        {"ibm-granite/granite-4.0-h-small", "hermes"},
        {"unsloth/granite-4.0-h-small-GGUF", "granite_pythonic"},
        {"CohereForAI/c4ai-command-r-plus", "command_r"},
        {"CohereForAI/c4ai-command-r-plus-08-2024", "command_r"},
        {"CohereForAI/c4ai-command-r-08-2024", "command_r"},
        {"CohereForAI/c4ai-command-r-v01", "command_r"},
        {"CohereLabs/c4ai-command-r-plus-4bit", "command_r"},
        {"command-r-plus:104b", "command_r"},
        {"openbmb/MiniCPM4-8B", "minicpm"},
        {"openbmb/MiniCPM4-0.5B", "minicpm"},
        {"openbmb/MiniCPM4.1-8B", "minicpm"},
        {"openbmb/MiniCPM4.1-8B-GGUF", "minicpm"},
        {"openbmb/MiniCPM5-16B", "minicpm"},
        {"rednote-hilab/dots.llm1.inst", "dots"},
        {"rednote-hilab/dots.llm1.base", "dots"},
    };
    for (const auto& r : rows) {
      const auto reg = toolcall::parser_registry::for_model(r.first);
      CHECK_MESSAGE(reg.model_known(), r.first);
      CHECK_MESSAGE(reg.contains(r.second), r.first << " -> " << reg.preset());
    }
    const std::pair<const char*, const char*> not_theirs[] = {
        {"ibm-granite/granite-3.2-8b-instruct", "granite_pythonic"},
        {"ibm-granite/granite-4.0-micro", "granite_pythonic"},
        {"ibm-granite/granite-4.0-h-tiny", "granite_pythonic"},
        {"CohereLabs/c4ai-command-r7b-12-2024", "command_r"},
        {"CohereLabs/c4ai-command-a-03-2025", "command_r"},
        {"openbmb/MiniCPM3-4B", "minicpm"},
        {"openbmb/MiniCPM-V-4", "minicpm"},
        {"Qwen/Qwen3-Coder-30B-A3B-Instruct", "minicpm"},
        {"rednote-hilab/dots.ocr", "dots"},
    };
    for (const auto& r : not_theirs) {
      const auto reg = toolcall::parser_registry::for_model(r.first);
      CHECK_FALSE_MESSAGE((reg.model_known() && reg.contains(r.second)), r.first << " -> " << reg.preset());
    }
  }

  TEST_CASE("for_template finds each family in its chat template") {
    const std::pair<const char*, const char*> rows[] = {
        {"{% if tools %}Action: ```json\n[{\"tool_name\": ..., \"parameters\": ...}]```\n"
         "def directly_answer() -> List[Dict]:{% endif %}<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>",
         "command_r"},
        {"{{ '<function name=\"' + tc.name + '\">' }}{% for k, v in args %}<param name=\"{{ k }}\">{{ v }}</param>"
         "{% endfor %}</function>",
         "minicpm"},
        {"<|response|>{{ '<dots_function_call>' }}<invoke name=\"{{ name }}\"></invoke></dots_function_call>", "dots"},
    };
    for (const auto& r : rows) {
      const auto reg = toolcall::parser_registry::for_template(r.first);
      CHECK_MESSAGE(reg.model_known(), r.second);
      CHECK_MESSAGE(reg.contains(r.second), r.second);
    }
  }

  TEST_CASE("granite pythonic: declared tools at a line start only, any chunking") {
    const std::string text = "I'll check.\nget_weather(city=\"Paris\", days=2)\r\nget_time(tz='CET')\n";
    const auto none = one_shot(builtin(), text);
    CHECK(none.calls.empty());
    CHECK(none.content == tc_test::trim(text));
    const auto m = one_shot(builtin(), text, true);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].format == "granite_pythonic");
    CHECK(tc_test::json_text_equal(m.calls[0].arguments, R"({"city": "Paris", "days": 2})"));
    CHECK(m.content == "I'll check.");
    check_every_split(builtin(), text, true);
    // an undeclared name at a line start, and a declared one inside a line, are text
    const auto code = one_shot(builtin(), "print(x)\nx = get_time(tz='CET')", true);
    CHECK(code.calls.empty());
    CHECK(code.diagnostics.empty());
  }

  TEST_CASE("granite pythonic: without tools, any identifier at the start of the output or after a call") {
    // the vendor's parser reads these lines with no tools given; so does toolcall at the start
    const std::string text = "  \r\nget_weather(city=\"Paris\")\r\nsearch_web(query='vLLM', limit=3)\n";
    const auto m = one_shot(builtin(), text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].format == "granite_pythonic");
    CHECK(m.calls[1].name == "search_web");
    CHECK(tc_test::json_text_equal(m.calls[1].arguments, R"({"query": "vLLM", "limit": 3})"));
    CHECK(m.content.empty());
    CHECK(m.diagnostics.empty());
    check_every_split(builtin(), text);
    // after prose, a word then ` (`, and prose that opens with markup are text, quietly
    for (const std::string prose : {"Sure, let me check.\nget_weather(city=\"Paris\")", "Paris (the capital) is sunny.",
                                    "# Steps\nrun_tests(path=\"src\")", "Sure"}) {
      const auto p = one_shot(builtin(), prose);
      CHECK_MESSAGE(p.calls.empty(), prose);
      CHECK(p.content == prose);
      CHECK(p.diagnostics.empty());
      check_every_split(builtin(), prose);
    }
    // with the tools known, an undeclared name at the start is text (quietly), a declared one
    // on the next line a call
    const std::string known_text = "search_web(query='x')\nget_time(tz='CET')";
    const auto known = one_shot(builtin(), known_text, true);
    REQUIRE(known.calls.size() == 1);
    CHECK(known.calls[0].name == "get_time");
    CHECK(known.content == "search_web(query='x')");
    CHECK(known.diagnostics.empty());
    check_every_split(builtin(), known_text, true);
  }

  TEST_CASE("granite pythonic: the end-of-text token right after the call, as the template writes it") {
    const std::string text = "get_weather(city=\"Paris\")\nget_time(tz=\"CET\")<|end_of_text|>";
    const auto m = one_shot(builtin(), text, true);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[1].name == "get_time");
    CHECK(m.content.empty());
    check_every_split(builtin(), text, true);
  }

  TEST_CASE("granite pythonic: a bare identifier value or prose after the call is content, with a diagnostic") {
    for (const std::string text : {"get_weather(city=Paris)", "get_weather(city=\"Paris\") then more"}) {
      const auto m = one_shot(builtin(), text, true);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      CHECK_FALSE(m.diagnostics.empty());
      check_every_split(builtin(), text, true);
    }
  }

  TEST_CASE("command r: directly_answer is no call; the fence closes the list at any chunking") {
    const std::string only = "Action: ```json\n[{\"tool_name\": \"directly_answer\", \"parameters\": {}}]\n```";
    const auto m = one_shot(builtin(), only);
    CHECK(m.calls.empty());
    CHECK(m.content.empty());
    CHECK(m.finish == toolcall::finish_reason::stop);
    check_every_split(builtin(), only);
    const std::string two =
        "Plan: look it up.\nAction:\n```json\n[{\"tool_name\": \"directly_answer\", \"parameters\": {}}, "
        "{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Rome\"}}]\n```<|END_OF_TURN_TOKEN|>";
    const auto t = one_shot(builtin(), two);
    REQUIRE(t.calls.size() == 1);
    CHECK(t.calls[0].name == "get_weather");
    CHECK(t.content == "Plan: look it up.");
    check_every_split(builtin(), two);
  }

  TEST_CASE("minicpm and qwen3_coder share <function name=\": each body goes to its family, no failed call") {
    const std::string qwen = "<function name=\"get_weather\">\n<parameter=city>\nParis\n</parameter>\n</function>";
    const auto q = one_shot(builtin(), qwen);
    REQUIRE(q.calls.size() == 1);
    CHECK(q.calls[0].format == "qwen3_coder");
    CHECK(begins_of(builtin(), qwen) == 1);
    const std::string mini = "<function name=\"get_weather\"><param name=\"city\">Paris</param></function>";
    const auto c = one_shot(builtin(), mini);
    REQUIRE(c.calls.size() == 1);
    CHECK(c.calls[0].format == "minicpm");
    CHECK(begins_of(builtin(), mini) == 1);
    check_every_split(builtin(), qwen);
    check_every_split(builtin(), mini);
  }

  TEST_CASE("minicpm: the schema types values; without one, a value that is one JSON value is decoded") {
    const std::string text =
        "<function name=\"get_weather\"><param name=\"city\">Paris</param><param name=\"days\"> 3 </param>"
        "<param name=\"zip\">75001</param></function>";
    const auto typed = one_shot(builtin(), text, true);
    REQUIRE(typed.calls.size() == 1);
    CHECK(tc_test::json_text_equal(typed.calls[0].arguments, R"({"city": "Paris", "days": 3, "zip": "75001"})"));
    const auto untyped = one_shot(builtin(), text);
    REQUIRE(untyped.calls.size() == 1);
    CHECK(tc_test::json_text_equal(untyped.calls[0].arguments, R"({"city": "Paris", "days": 3, "zip": 75001})"));
    check_every_split(builtin(), text, true);
    check_every_split(builtin(), text);
  }

  TEST_CASE("dots: strings without a schema, typed with one; a bad invoke alone goes back to content") {
    const std::string text =
        "<dots_function_call>\n<invoke name=\"get_weather\">\n<parameter name=\"days\">3</parameter>\n</invoke>\n"
        "<invoke>\n<parameter name=\"x\">1</parameter>\n</invoke>\n</dots_function_call>";
    const auto plain = one_shot(builtin(), text);
    REQUIRE(plain.calls.size() == 1);
    CHECK(tc_test::json_text_equal(plain.calls[0].arguments, R"({"days": "3"})"));
    CHECK(plain.content.find("<parameter name=\"x\">1</parameter>") != std::string::npos);
    CHECK_FALSE(plain.diagnostics.empty());
    const auto typed = one_shot(builtin(), text, true);
    REQUIRE(typed.calls.size() == 1);
    CHECK(tc_test::json_text_equal(typed.calls[0].arguments, R"({"days": 3})"));
    check_every_split(builtin(), text);
    check_every_split(builtin(), text, true);
  }

  TEST_CASE("max_calls holds for the one-call-per-region families of the group") {
    // (list-shaped regions, Command R's action list and a dots block, count their calls with
    // the engine's list limit)
    toolcall::options o = opts();
    o.max_calls = 2;
    std::string mini, gp;
    for (int k = 0; k < 5; ++k) {
      mini += "<function name=\"get_time\"></function>";
      gp += "get_time()\n";
    }
    for (const std::string& text : {mini, gp}) {
      toolcall::parser p{builtin(), o};
      toolcall::normalizer::create(k_tools)->attach(p);
      const auto m = p.parse(text);
      CHECK_MESSAGE(m.calls.size() == 2, text);
    }
  }
}
