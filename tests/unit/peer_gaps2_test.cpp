// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The peers' sweep (issue 20), second round: gaps where the family's vendor parser gives a call
// and toolcall did not. FunctionGemma's untyped `<escape>` numbers and booleans, Step-3 string
// values that keep their whitespace, GLM/Hy3 keys holding markup characters,
// Kimi-K2 calls whose id is only a counter (the tool inferred from the arguments' keys), and
// words between Mistral's [TOOL_CALLS] and its v3 list. Each case runs one-shot and streamed at
// every split and in 1-byte writes (tc_test::expect_message), and both must agree.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using calls_t = std::vector<tc_test::want_call>;

toolcall::message check(const toolcall::parser_registry& reg, const std::string& text, const calls_t& want,
                        const char* content = nullptr, const std::string& tools = {}) {
  tc_test::want_more more;
  more.content = content;
  more.tools = tools;
  more.seed = 7;
  return tc_test::expect_message(reg, text, want, more);
}

/// One OpenAI tool whose parameters are `props` (a JSON object of property schemas).
std::string tool(const std::string& name, const std::string& props) {
  return R"({"type":"function","function":{"name":")" + name +
         R"(","parameters":{"type":"object","properties":)" + props + "}}}";
}
std::string tools(const std::vector<std::string>& t) {
  std::string s = "[";
  for (const auto& x : t) s += (s.size() > 1 ? "," : "") + x;
  return s + "]";
}

// Step-3's tokens (the bars are U+FF5C)
const std::string s3_calls = "<\xEF\xBD\x9Ctool_calls_begin\xEF\xBD\x9C>";
const std::string s3_calls_end = "<\xEF\xBD\x9Ctool_calls_end\xEF\xBD\x9C>";
const std::string s3_call = "<\xEF\xBD\x9Ctool_call_begin\xEF\xBD\x9C>";
const std::string s3_call_end = "<\xEF\xBD\x9Ctool_call_end\xEF\xBD\x9C>";
const std::string s3_sep = "<\xEF\xBD\x9Ctool_sep\xEF\xBD\x9C>";

std::string step3_edit(const std::string& old_string) {
  return s3_calls + s3_call + "function" + s3_sep + "<steptml:invoke name=\"edit_file\">" +
         "<steptml:parameter name=\"old_string\">" + old_string + "</steptml:parameter>" +
         "<steptml:parameter name=\"indent\"> 4 </steptml:parameter>" +
         "<steptml:parameter name=\"enabled\"> true </steptml:parameter>" + "</steptml:invoke>" + s3_call_end +
         s3_calls_end;
}

const std::string kimi_weather = tool("get_weather", R"({"city":{"type":"string"},"unit":{"type":"string"}})");
const std::string kimi_search = tool("search", R"({"query":{"type":"string"}})");
const std::string kimi_flight = tool("book_flight", R"({"city":{"type":"string"}})");

std::string kimi_counter(const std::string& args) {
  return "Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>" + args +
         "<|tool_call_end|><|tool_calls_section_end|>";
}

}  // namespace

TEST_SUITE("toolcall/peer gaps 2") {
  TEST_CASE("function_gemma: an <escape> value that is a number or true/false is typed without a schema") {
    const toolcall::parser_registry reg = tc_test::only_format("function_gemma");
    // Google's reference parse and vLLM's functiongemma parser type these values
    check(reg, "<start_function_call>call:f{count:<escape>42<escape>}<end_function_call>", {{"f", R"({"count":42})"}},
          "");
    check(reg, "<start_function_call>call:set_alarm{enabled:<escape>true<escape>,snooze:<escape>false<escape>}"
               "<end_function_call>",
          {{"set_alarm", R"({"enabled":true,"snooze":false})"}}, "");
    check(reg,
          "<start_function_call>call:search{query:<escape>python<escape>limit:<escape>10<escape>"
          "sort:<escape>relevance<escape>}<end_function_call>",
          {{"search", R"({"query":"python","limit":10,"sort":"relevance"})"}}, "");
    check(reg, "<start_function_call>call:move{dx:<escape>-2.5<escape>,dy:<escape>1e3<escape>}<end_function_call>",
          {{"move", R"({"dx":-2.5,"dy":1e3})"}}, "");
    // text that is not exactly a JSON number or true/false stays a string, as written
    check(reg,
          "<start_function_call>call:f{zip:<escape>00042<escape>,v:<escape>1.2.3<escape>,flag:<escape>True<escape>,"
          "phone:<escape>555 1234<escape>,note:<escape>42 apples<escape>}<end_function_call>",
          {{"f", R"({"zip":"00042","v":"1.2.3","flag":"True","phone":"555 1234","note":"42 apples"})"}}, "");
    // only top-level values: a string inside a list or a map keeps its text
    check(reg, "<start_function_call>call:f{ids:[<escape>7<escape>],m:{k:<escape>8<escape>}}<end_function_call>",
          {{"f", R"({"ids":["7"],"m":{"k":"8"}})"}}, "");
    // prose around the call, two calls
    check(reg,
          "Setting both.<start_function_call>call:volume{level:<escape>30<escape>}<end_function_call>"
          "<start_function_call>call:brightness{level:<escape>0.8<escape>}<end_function_call>",
          {{"volume", R"({"level":30})"}, {"brightness", R"({"level":0.8})"}}, "Setting both.");
  }

  TEST_CASE("function_gemma: a schema string keeps the text, a schema number is typed, an undeclared key is typed") {
    const toolcall::parser_registry reg = tc_test::only_format("function_gemma");
    const std::string t = tools({tool(
        "f", R"({"count":{"type":"integer"},"label":{"type":"string"},"code":{"type":["string","null"]}})")});
    const toolcall::message m =
        check(reg,
              "<start_function_call>call:f{count:<escape>42<escape>,label:<escape>42<escape>,code:<escape>007<escape>,"
              "extra:<escape>true<escape>}<end_function_call>",
              {{"f", R"({"count":42,"label":"42","code":"007","extra":true})"}}, "", t);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::normalized));  // count: the schema's coercion
  }

  TEST_CASE("step3: string values keep their whitespace, typed values are trimmed (vLLM's step3)") {
    const toolcall::parser_registry reg = tc_test::only_format("step3");
    const std::string t = tools({tool(
        "edit_file", R"({"old_string":{"type":"string"},"indent":{"type":"integer"},"enabled":{"type":"boolean"}})")});
    for (const std::string v : {"    if x:", "return 1\n", "    if x:\n        return 1\n", "hello ", "hello"}) {
      CAPTURE(v);
      std::string esc;
      for (char c : v) esc += c == '\n' ? std::string("\\n") : std::string(1, c);
      check(reg, step3_edit(v), {{"edit_file", R"({"old_string":")" + esc + R"(","indent":4,"enabled":true})"}}, "",
            t);
    }
    // without the tools every value is a string, as written
    check(reg, step3_edit("  x = 1\n"),
          {{"edit_file", R"({"old_string":"  x = 1\n","indent":" 4 ","enabled":" true "})"}}, "");
    // a union with a string branch is read as JSON first, trimmed
    const std::string u = tools({tool("edit_file", R"({"old_string":{"type":"string"},"indent":{"type":["integer","string"]},"enabled":{"type":"boolean"}})")});
    check(reg, step3_edit("a"), {{"edit_file", R"({"old_string":"a","indent":4,"enabled":true})"}}, "", u);
  }

  TEST_CASE("glm and hy3: a key holding markup characters is read up to its end tag") {
    const toolcall::parser_registry glm = tc_test::only_format("glm");
    check(glm,
          "<tool_call>test-function\n<arg_key>param<1></arg_key>\n<arg_value>value1</arg_value>\n"
          "<arg_key>a&b</arg_key>\n<arg_value>value2</arg_value>\n<arg_key>x>y</arg_key>\n"
          "<arg_value>value3</arg_value></tool_call>",
          {{"test-function", R"({"param<1>":"value1","a&b":"value2","x>y":"value3"})"}}, "");
    // a `<` right before the end tag, an end tag's prefix inside the key
    check(glm, "<tool_call>f\n<arg_key>a<</arg_key>\n<arg_value>1</arg_value>\n<arg_key></a</arg_key>\n"
               "<arg_value>2</arg_value>\n</tool_call>",
          {{"f", R"({"a<":1,"</a":2})"}}, "");
    const toolcall::parser_registry hy3 = tc_test::only_format("hy3");
    check(hy3,
          "<tool_calls><tool_call>lookup<tool_sep><arg_key>x<y</arg_key><arg_value>1</arg_value>"
          "<arg_key>a&b</arg_key><arg_value>2</arg_value></tool_call></tool_calls>",
          {{"lookup", R"({"x<y":"1","a&b":"2"})"}}, "");
    // a key that never ends is still no call
    const std::string cut = "<tool_call>f\n<arg_key>" + std::string(300, 'k') + "<arg_value>1</arg_value></tool_call>";
    const toolcall::message m = check(glm, cut, {}, cut.c_str());
    CHECK(m.has_error());
  }

  TEST_CASE("kimi_k2: a counter-only id names the declared tool that takes the arguments") {
    const toolcall::parser_registry reg = tc_test::only_format("kimi_k2");
    const std::string args = R"({"city": "Tokyo", "unit": "celsius"})";
    toolcall::message m = check(reg, kimi_counter(args), {{"get_weather", R"({"city":"Tokyo","unit":"celsius"})"}},
                                "Let me check.", tools({kimi_weather, kimi_search}));
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].id == "0");  // the id the model wrote
    // one declared tool: that tool
    check(reg, kimi_counter(R"({"city": "Beijing"})"), {{"get_weather", R"({"city":"Beijing"})"}}, "Let me check.",
          tools({kimi_weather}));
    // two calls, each inferred; a named one next to them
    check(reg,
          "<|tool_calls_section_begin|><|tool_call_begin|>0<|tool_call_argument_begin|>{\"query\": \"rust\"}"
          "<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{\"city\": \"Oslo\"}"
          "<|tool_call_end|><|tool_call_begin|>2<|tool_call_argument_begin|>{\"city\": \"Rome\", \"unit\": \"F\"}"
          "<|tool_call_end|><|tool_calls_section_end|>",
          {{"search", R"({"query":"rust"})"}, {"get_weather", R"({"city":"Oslo"})"},
           {"get_weather", R"({"city":"Rome","unit":"F"})"}},
          "", tools({kimi_weather, kimi_search}));
  }

  TEST_CASE("kimi_k2: a counter-only id with no single fitting tool is no call, and says why") {
    const toolcall::parser_registry reg = tc_test::only_format("kimi_k2");
    // two tools take `city`: ambiguous
    std::string text = kimi_counter(R"({"city": "Tokyo"})");
    toolcall::message m = check(reg, text, {}, nullptr, tools({kimi_weather, kimi_flight}));
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::missing_name));
    CHECK(m.content.find("Tokyo") != std::string::npos);
    // no tool takes `color`
    text = kimi_counter(R"({"color": "red"})");
    m = check(reg, text, {}, nullptr, tools({kimi_weather, kimi_search}));
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::missing_name));
    // without the request's tools there is nothing to infer from
    text = kimi_counter(R"({"city": "Tokyo", "unit": "celsius"})");
    m = check(reg, text, {}, nullptr);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::missing_name));
    CHECK(m.has_error());
    // an inferred call whose arguments break is no call either
    text = kimi_counter(R"({"city": "Tokyo", "unit": )");
    m = check(reg, text, {}, nullptr, tools({kimi_weather, kimi_search}));
    CHECK(m.has_error());
  }

  TEST_CASE("mistral: words between [TOOL_CALLS] and a v3 list are content, the list gives its calls") {
    const toolcall::parser_registry reg = tc_test::only_format("mistral");
    toolcall::message m = check(reg, R"([TOOL_CALLS]  junk [{"name": "add", "arguments":{"a": 1, "b": 2}}] trail)",
                                {{"add", R"({"a":1,"b":2})"}}, "junk trail");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::repaired));
    check(reg,
          R"(Sure. [TOOL_CALLS] Here are the calls: [{"name": "add", "arguments": {"a": 1}}, {"name": "mul", "arguments": {"b": 2}}])",
          {{"add", R"({"a":1})"}, {"mul", R"({"b":2})"}}, "Sure. Here are the calls:");
    // v11 calls are unchanged
    check(reg, R"([TOOL_CALLS]add[ARGS]{"a": 1})", {{"add", R"({"a":1})"}}, "");
    check(reg, R"([TOOL_CALLS]add [ARGS]{"a": 1})", {{"add", R"({"a":1})"}}, "");
    // prose that names the token and holds no list stays prose
    const std::string prose = "The model writes [TOOL_CALLS] before its calls, then a JSON list.";
    m = check(reg, prose, {}, prose.c_str());
    CHECK_FALSE(m.has_error());
    // a list cut off after the words is no call, its text content
    const std::string cut = R"([TOOL_CALLS] junk [{"name": "add", "arguments": {"a": 1})";
    m = check(reg, cut, {}, cut.c_str());
    CHECK(m.has_error());
  }

  TEST_CASE("hermes: arguments encoded as a string before the name are kept") {
    // The key order of a call object is free: `arguments` may come first, and a JSON string may
    // hold the encoded object. The call used to come out with `{}` (its arguments lost).
    const toolcall::parser_registry reg = tc_test::only_format("hermes");
    check(reg, R"(<tool_call>{"arguments": "{\"a\": 1, \"path\": \"src/main.rs\"}", "name": "f"}</tool_call>)",
          {{"f", R"({"a":1,"path":"src/main.rs"})"}}, "");
    check(reg, "<tool_call>\n{\"arguments\": \"{\\\"city\\\": \\\"Paris\\\"}\",\n \"name\": \"get_weather\"}\n</tool_call>",
          {{"get_weather", R"({"city":"Paris"})"}}, "");
    check(reg, R"(<tool_call>{"arguments": "", "name": "f"}</tool_call>)", {{"f", "{}"}}, "");
    // a broken encoded object is still an error, whichever key came first
    const std::string bad = R"(<tool_call>{"arguments": "{\"a\": 1", "name": "f"}</tool_call>)";
    toolcall::message m = check(reg, bad, {}, bad.c_str());
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_arguments));
  }

  TEST_CASE("builtin: a fence at the start of the output reaches every room that reads fences") {
    // xLAM claims a fence at the start of the output (its list); the fenced room claims one at
    // any line start. At the start both must be tried: a Hermes 2 Pro wrapper in the fence is
    // the fenced room's, and used to come back as content with no diagnostic.
    const toolcall::parser_registry reg = toolcall::parser_registry::builtin();
    const std::string j = R"({"name": "special_function", "arguments": {"arg1": 1}})";
    check(reg, "```xml\n<response>\n    " + j + "\n</response>\n```", {{"special_function", R"({"arg1":1})"}}, "");
    check(reg, "```json\n\n   <function_call> " + j + " \n   </function_call> \n``` ",
          {{"special_function", R"({"arg1":1})"}}, "");
    check(reg, "Sure.\n```\n<tool>" + j + "</tool>\n```", {{"special_function", R"({"arg1":1})"}}, "Sure.");
    // xLAM's own list keeps its room, at the start and after prose
    check(reg, "```json\n[" + j + "]\n```", {{"special_function", R"({"arg1":1})"}}, "");
    // a code fence is still content
    const std::string code = "```python\nprint('<response>')\n```";
    check(reg, code, {}, code.c_str());
  }
}
