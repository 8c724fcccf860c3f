// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// One block per format (FORMATS.md): the shapes, the traps, and the false positives to avoid.
#include <doctest/doctest.h>

#include "test_support.hpp"

namespace {
toolcall::message P(const std::string& s, const toolcall::parser_registry& r = toolcall::parser_registry::builtin()) {
  toolcall::options o;
  o.seed = 3;
  toolcall::parser p{r, o};
  return p.parse(s);
}
}  // namespace

TEST_SUITE("toolcall/formats") {
  TEST_CASE("hermes: parallel calls, closer inside a string, missing closer, string arguments") {
    auto m = P("<tool_call>{\"name\": \"a\", \"arguments\": {\"x\": \"</tool_call>\"}}</tool_call>\n\n<tool_call>\n{\"name\": \"b\", \"arguments\": \"{\\\"y\\\": 2}\"}\n</tool_call>");
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].arguments == "{\"x\":\"</tool_call>\"}");
    CHECK(m.calls[1].arguments == "{\"y\":2}");
    CHECK(m.calls[0].format == "hermes");
    CHECK(m.content.empty());
    m = P("<tool_call>{\"name\": \"a\", \"arguments\": {}}");
    CHECK(m.calls.size() == 1);
    m = P("<tool_call>{\"name\": \"a\", \"arguments\": \"\"}</tool_call>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == "{}");
    m = P("<tool_call>{\"name\": \"a\", \"arguments\": \"[1]\"}</tool_call>");
    CHECK(m.calls.empty());
    CHECK(m.has_error());
  }
  TEST_CASE("one bad call never loses the good calls around it") {
    const auto m = P("<tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call>\n<tool_call>{\"name\": \"b\", \"arguments\": {\"x\": }}</tool_call>\n<tool_call>{\"name\": \"c\", \"arguments\": {}}</tool_call>");
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "a");
    CHECK(m.calls[1].name == "c");
    CHECK(m.content.find("\"x\": }") != std::string::npos);
    CHECK(m.has_error());
  }
  TEST_CASE("a marker in prose followed by a real call loses nothing") {
    const auto m = P("Use <tool_call> tags: <tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.content == "Use <tool_call> tags:");
  }
  TEST_CASE("qwen3-coder: multi-line values kept, strings without a schema, newline rule") {
    const auto m = P("<tool_call>\n<function=edit>\n<parameter=path>\na.py\n</parameter>\n<parameter=old>\n\n  x = 1\n\n</parameter>\n<parameter=n>\n-3.5\n</parameter>\n<parameter=flags>\n{\"a\": [true]}\n</parameter>\n<parameter=tel>\n+1 555\n</parameter>\n<parameter=q>\n\"quoted\"\n</parameter>\n</function>\n</tool_call>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments ==
          "{\"path\":\"a.py\",\"old\":\"\\n  x = 1\\n\",\"n\":\"-3.5\",\"flags\":\"{\\\"a\\\": [true]}\",\"tel\":\"+1 555\",\"q\":\"\\\"quoted\\\"\"}");
    // options::xml_values_as_json decodes values that are entirely JSON
    toolcall::options o;
    o.xml_values_as_json = true;
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    const auto j = p.parse("<tool_call>\n<function=f>\n<parameter=n>\n-3.5\n</parameter>\n<parameter=flags>\n{\"a\": [true]}\n</parameter>\n<parameter=tel>\n+1 555\n</parameter>\n</function>\n</tool_call>");
    REQUIRE(j.calls.size() == 1);
    CHECK(j.calls[0].arguments == "{\"n\":-3.5,\"flags\":{\"a\":[true]},\"tel\":\"+1 555\"}");
  }
  TEST_CASE("named function tag and Llama built-ins") {
    auto m = P("<function=get_time>{\"tz\": \"CET\"}</function>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "named_function");
    m = P("<|python_tag|>brave_search.call(query=\"x\", n=2)<|eom_id|>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "brave_search");
    CHECK(m.calls[0].arguments == "{\"query\":\"x\",\"n\":2}");
  }
  TEST_CASE("pythonic: literals, nesting, brackets in strings, non-literals rejected, lists in prose") {
    auto m = P("[f(a=[1, (2,)], b={'k': None}, c='x]y)'), g()]");
    // a tuple is not a literal we accept: that call drops itself, the next one stays
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "g");
    CHECK_FALSE(m.diagnostics.empty());
    m = P("[f(a=[1, 2], b={'k': None}, c='x]y)'), g()]");
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].arguments == "{\"a\":[1,2],\"b\":{\"k\":null},\"c\":\"x]y)\"}");
    CHECK(P("[1, 2, 3] are numbers").calls.empty());
    CHECK(P("[1, 2, 3] are numbers").content == "[1, 2, 3] are numbers");
    CHECK(P("[print(x) for x in y]").calls.empty());
    CHECK(P("[print(x) for x in y]").content == "[print(x) for x in y]");
  }
  TEST_CASE("mistral: v3 ids are not arguments; v11 call ids are the model's") {
    auto m = P("[TOOL_CALLS] [{\"name\": \"f\", \"arguments\": {\"a\": 1}, \"id\": \"abc123XYZ\"}]</s>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == "{\"a\":1}");
    m = P("[TOOL_CALLS]f[CALL_ID]abc123XYZ[ARGS]{\"a\": 1}[TOOL_CALLS]g[ARGS]{}");
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].id == "abc123XYZ");
    CHECK(m.calls[1].id.rfind("call_", 0) == 0);
  }
  TEST_CASE("openai envelopes keep the model's ids; flat and nested shapes") {
    auto m = P("{\"tool_calls\": [{\"id\": \"call_1\", \"type\": \"function\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}]}");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].id == "call_1");
    CHECK(m.calls[0].format == "openai");
    m = P("{\"function_call\": {\"name\": \"f\", \"arguments\": \"{\\\"a\\\": 1}\"}}");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == "{\"a\":1}");
    m = P("{\"tool_call\": {\"name\": \"f\", \"arguments\": {}}}");
    CHECK(m.calls.size() == 1);
    m = P("{\"type\": \"function\", \"function\": {\"name\": \"f\", \"arguments\": {\"a\": 1}}}");
    CHECK(m.calls.size() == 1);
  }
  TEST_CASE("JSON that is data stays content") {
    for (const char* s : {"{\"name\": \"Ada\", \"born\": 1815}", "[{\"name\": \"apple\"}]", "{\"a\": [1, 2]}",
                          "```json\n{\"version\": \"1.0\", \"name\": \"pkg\"}\n```"}) {
      const auto m = P(s);
      CHECK(m.calls.empty());
      CHECK(m.content == s);
    }
  }
  TEST_CASE("deepseek: both spellings, several calls, missing section end") {
    const std::string b = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "begin\xEF\xBD\x9C>";
    const std::string sep = "<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>";
    const std::string e = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>";
    const auto m = P("Sure." + b + "f" + sep + "{\"a\": 1}" + e + b + "function" + sep + "g\n```json\n{}\n```" + e);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[1].name == "g");
    CHECK(m.content == "Sure.");
  }
  TEST_CASE("harmony: preamble is content, analysis is reasoning, recipient in the role part") {
    const auto m = P("<|channel|>analysis<|message|>think<|end|><|start|>assistant<|channel|>commentary<|message|>Doing it.<|end|><|start|>assistant to=functions.f<|channel|>commentary json<|message|>{\"a\": 1}<|call|>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "f");
    CHECK(m.reasoning == "think");
    CHECK(m.content == "Doing it.");
  }
  TEST_CASE("reasoning: calls inside think are not calls; lone closer; unclosed block; option open") {
    auto m = P("<think>maybe <tool_call>{\"name\": \"x\", \"arguments\": {}}</tool_call></think>answer");
    CHECK(m.calls.empty());
    CHECK(m.content == "answer");
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start::detect;  // a lone closer decides only in detect mode
    m = toolcall::parser{toolcall::parser_registry::builtin(), o}.parse(
        "thinking here</think>\n<tool_call>{\"name\": \"y\", \"arguments\": {}}</tool_call>");
    CHECK(m.calls.size() == 1);
    CHECK(m.reasoning == "thinking here");
    o.reasoning = toolcall::reasoning_start::open;
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    m = p.parse("still thinking, cut off");
    CHECK(m.content.empty());
    CHECK(m.reasoning == "still thinking, cut off");
    m = P("[THINK]hmm[/THINK]ok");
    CHECK(m.reasoning == "hmm");
    CHECK(m.content == "ok");
  }
  TEST_CASE("reasoning option open: the block the prompt opened ends at its family's own closer") {
    // reasoning_start_for_prompt() answers open for any family's opener ([THINK], Kimi-K3's think
    // channel, Gemma 4's thought channel), so the block ends at that family's closer, whole and
    // streamed at every split point
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start::open;
    o.seed = 11;  // the same call ids in every run
    struct row {
      const char* format;
      std::string text;
    };
    const row rows[] = {
        {"mistral", "The user wants Paris.[/THINK]Checking.[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Paris\"}"},
        {"kimi_k3",
         "The user wants Paris.<|close|>think<|sep|><|open|>response<|sep|>Checking.<|close|>response<|sep|>"
         "<|open|>tools<|sep|><|open|>call tool=\"get_weather\" index=\"1\"<|sep|>"
         "<|open|>argument key=\"city\" type=\"string\"<|sep|>Paris<|close|>argument<|sep|><|close|>call<|sep|>"
         "<|close|>tools<|sep|><|close|>message<|sep|>"},
        {"gemma4", "The user wants Paris.<channel|>Checking.<|tool_call>call:get_weather{city:<|\"|>Paris<|\"|>}<tool_call|>"},
        {"hermes", "The user wants Paris.</think>Checking.<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>"},
    };
    for (const row& r : rows) {
      INFO(std::string(r.format));
      const tc_test::split_result s = tc_test::split_compare(*toolcall::parser_registry::only(r.format), o, r.text);
      CHECK_MESSAGE(s.err.empty(), s.err);
      REQUIRE(s.one.calls.size() == 1);
      CHECK(s.one.calls[0].name == "get_weather");
      CHECK(s.one.reasoning == "The user wants Paris.");
      CHECK(s.one.content == "Checking.");
    }
  }
  TEST_CASE("stop markers never reach content") {
    CHECK(P("Hi<|eot_id|>").content == "Hi");
    CHECK(P("Hi<|im_end|>").content == "Hi");
    CHECK(P("Hi</s>").content == "Hi");
  }
  TEST_CASE("--format restricts detection") {
    const auto m = P("[TOOL_CALLS]f[ARGS]{}", *toolcall::parser_registry::only("hermes"));
    CHECK(m.calls.empty());
    CHECK(m.content == "[TOOL_CALLS]f[ARGS]{}");
  }
  TEST_CASE("ids are unique and deterministic with a seed") {
    const auto a = P("<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call><tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>");
    const auto b = P("<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call><tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>");
    REQUIRE(a.calls.size() == 2);
    CHECK(a.calls[0].id != a.calls[1].id);
    CHECK(a.calls[0].id == b.calls[0].id);
    const auto dup = P("[TOOL_CALLS]f[CALL_ID]same12345[ARGS]{}[TOOL_CALLS]g[CALL_ID]same12345[ARGS]{}");
    REQUIRE(dup.calls.size() == 2);
    CHECK(dup.calls[0].id != dup.calls[1].id);
  }
  TEST_CASE("spans point at the call in the input") {
    const std::string in = "Hello <tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call> bye";
    const auto m = P(in);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].begin == 6);
    CHECK(in.substr(m.calls[0].end - 12, 12) == "</tool_call>");
  }
}
