// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The families of formats/group_xml_b.hpp: Hy3, MiniMax-M1, Kimi-K3, Muse Glimmer, GigaChat 3.5.
// Their presets, the `<tool_calls>` claim chain (Hy3, MiniMax-M1, Jamba), schema typing and the
// type attributes, which the corpus cases do not cover.
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

namespace {

toolcall::options opts() {
  toolcall::options o = tc_test::deterministic(7);
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

const char* const k_tools = R"([
  {"type": "function", "function": {"name": "search", "parameters": {"type": "object",
    "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}, "zip": {"type": "string"}}}}}
])";

toolcall::message parse(const toolcall::parser_registry& reg, const std::string& text, bool tools = false) {
  toolcall::parser p{reg, opts()};
  if (tools) toolcall::normalizer::create(k_tools)->attach(p);
  return p.parse(text);
}

bool has_code(const toolcall::message& m, toolcall::errc c) {
  for (const auto& d : m.diagnostics)
    if (d.code == c) return true;
  return false;
}

}  // namespace

TEST_SUITE("toolcall/families/xml_b") {
  TEST_CASE("for_model resolves each family's hub names, and not its neighbours") {
    const std::pair<const char*, const char*> rows[] = {
        {"tencent/Hy3-preview", "hy3"},
        {"tencent/Hy3", "hy3"},
        {"mlx-community/Hy3-preview-4bit", "hy3"},
        {"unsloth/Hy3-preview-GGUF", "hy3"},
        {"tencent/HY-v4", "hy3"},
        {"MiniMaxAI/MiniMax-M1-80k", "minimax_m1"},
        {"MiniMaxAI/MiniMax-M1-40k", "minimax_m1"},
        {"MiniMaxAI/MiniMax-Text-01", "minimax_m1"},
        {"mlx-community/MiniMax-M1-80k-4bit", "minimax_m1"},
        {"moonshotai/Kimi-K3", "kimi_k3"},
        {"moonshotai/Kimi-K3-Instruct", "kimi_k3"},
        {"unsloth/Kimi-K3-GGUF", "kimi_k3"},
        {"MuseGlimmer", "muse_glimmer"},
        {"muse/Muse-Glimmer-27B", "muse_glimmer"},
        {"ai-sage/GigaChat3.5-Lightning", "gigachat35"},
        {"ai-sage/GigaChat-3.5-Ultra", "gigachat35"},
    };
    for (const auto& r : rows) {
      const auto reg = toolcall::parser_registry::for_model(r.first);
      CHECK_MESSAGE(reg.model_known(), r.first);
      CHECK_MESSAGE(reg.contains(r.second), r.first << " -> " << reg.preset());
    }
    const std::pair<const char*, const char*> not_theirs[] = {
        {"tencent/Hunyuan-A13B-Instruct", "hy3"},       {"MiniMaxAI/MiniMax-M2", "minimax_m1"},
        {"moonshotai/Kimi-K2-Instruct", "kimi_k3"},     {"ai-sage/GigaChat3-10B-A1.8B", "gigachat35"},
        {"ai-sage/GigaChat3.5-Lightning", "gigachat3"}, {"openai/gpt-oss-20b", "muse_glimmer"},
    };
    for (const auto& r : not_theirs) {
      const auto reg = toolcall::parser_registry::for_model(r.first);
      CHECK_MESSAGE(!reg.contains(r.second), r.first << " -> " << reg.preset());
    }
  }

  TEST_CASE("<tool_calls> is claimed by Hy3, MiniMax-M1 and Jamba, each on its own body") {
    const auto all = toolcall::parser_registry::builtin();
    const auto hy = parse(all, "<tool_calls><tool_call>f<tool_sep><arg_key>a</arg_key><arg_value>1</arg_value></tool_call></tool_calls>");
    REQUIRE(hy.calls.size() == 1);
    CHECK(hy.calls[0].arguments == R"({"a":"1"})");
    const auto m1 = parse(all, "<tool_calls>\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n{\"name\": \"g\", \"arguments\": {}}\n</tool_calls>");
    REQUIRE(m1.calls.size() == 2);
    CHECK(m1.calls[1].name == "g");
    CHECK(m1.content.empty());
    const auto jb = parse(all, "<tool_calls>[{\"name\": \"f\", \"arguments\": {\"a\": 1}}, {\"name\": \"g\", \"arguments\": {}}]</tool_calls>");
    REQUIRE(jb.calls.size() == 2);
    CHECK(jb.content.empty());
    // a word after the opener is none of them: content, with a diagnostic
    const auto prose = parse(all, "Wrap them in <tool_calls> tags.");
    CHECK(prose.calls.empty());
    CHECK(prose.content == "Wrap them in <tool_calls> tags.");
  }

  TEST_CASE("Hy3 and Kimi-K3 values follow the schema when the tools are attached") {
    const auto hy = toolcall::parser_registry::for_model("tencent/Hy3-preview");
    const std::string hy_text =
        "<tool_calls:opensource>\n<tool_call:opensource>search<tool_sep:opensource>\n"
        "<arg_key:opensource>query</arg_key:opensource>\n<arg_value:opensource>42</arg_value:opensource>\n"
        "<arg_key:opensource>limit</arg_key:opensource>\n<arg_value:opensource>5</arg_value:opensource>\n"
        "</tool_call:opensource>\n</tool_calls:opensource>";
    const auto plain = parse(hy, hy_text);
    REQUIRE(plain.calls.size() == 1);
    CHECK(plain.calls[0].arguments == R"({"query":"42","limit":"5"})");
    const auto typed = parse(hy, hy_text, true);
    REQUIRE(typed.calls.size() == 1);
    CHECK(typed.calls[0].arguments == R"({"query":"42","limit":5})");

    // K3: the type attribute types a value without a schema; with one, the schema wins
    const auto k3 = toolcall::parser_registry::for_model("moonshotai/Kimi-K3");
    const std::string k3_text =
        "<|open|>tools<|sep|><|open|>call tool=\"search\" index=\"1\"<|sep|>"
        "<|open|>argument key=\"limit\" type=\"string\"<|sep|>7<|close|>argument<|sep|>"
        "<|open|>argument key=\"zip\" type=\"integer\"<|sep|>42<|close|>argument<|sep|>"
        "<|close|>call<|sep|><|close|>tools<|sep|>";
    const auto by_attr = parse(k3, k3_text);
    REQUIRE(by_attr.calls.size() == 1);
    CHECK(by_attr.calls[0].arguments == R"({"limit":"7","zip":42})");
    const auto by_schema = parse(k3, k3_text, true);
    REQUIRE(by_schema.calls.size() == 1);
    CHECK(by_schema.calls[0].arguments == R"({"limit":7,"zip":"42"})");
  }

  TEST_CASE("a typed value that is not JSON stays a string with a warning (Kimi-K3, GigaChat 3.5)") {
    const auto k3 = parse(toolcall::parser_registry::for_model("moonshotai/Kimi-K3"),
                          "<|open|>tools<|sep|><|open|>call tool=\"f\" index=\"1\"<|sep|>"
                          "<|open|>argument key=\"n\" type=\"integer\"<|sep|>about ten<|close|>argument<|sep|>"
                          "<|close|>call<|sep|><|close|>tools<|sep|>");
    REQUIRE(k3.calls.size() == 1);
    CHECK(k3.calls[0].arguments == R"({"n":"about ten"})");
    CHECK(has_code(k3, toolcall::errc::normalized));
    const std::string bar = "\xEF\xBD\x9C" "GCML" "\xEF\xBD\x9C";
    const auto gc = parse(toolcall::parser_registry::for_model("ai-sage/GigaChat3.5-Lightning"),
                          "<" + bar + "tool_calls><" + bar + "invoke name=\"f\"><" + bar +
                              "parameter name=\"n\" string=\"false\">[1, 2</" + bar + "parameter></" + bar +
                              "invoke></" + bar + "tool_calls>");
    REQUIRE(gc.calls.size() == 1);
    CHECK(gc.calls[0].arguments == R"({"n":"[1, 2"})");
    CHECK(has_code(gc, toolcall::errc::normalized));
  }

  TEST_CASE("Muse Glimmer: recipients pick reasoning, content and calls; a bad header is content") {
    const auto reg = toolcall::parser_registry::for_model("MuseGlimmer");
    const auto m = parse(reg,
                         " to=self<|message|>plan<|eom|><|start|>assistant to=user<|message|>Checking.<|eom|>"
                         "<|start|>assistant to=f<|message|><atem:function_calls><atem:invoke name=\"f\">"
                         "<atem:parameter name=\"x\">true</atem:parameter></atem:invoke></atem:function_calls><|eom|>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == R"({"x":true})");
    CHECK(m.reasoning == "plan");
    CHECK(m.content == "Checking.");
    // a tool message whose body is not ATEM is not silent
    const auto bad = parse(reg, " to=f<|message|>{\"x\": 1}<|eom|>");
    CHECK(bad.calls.empty());
    CHECK_FALSE(bad.diagnostics.empty());
    CHECK(bad.content.find("{\"x\": 1}") != std::string::npos);
  }
}
