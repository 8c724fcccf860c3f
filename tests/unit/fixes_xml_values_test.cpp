// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Untyped XML parameter values decoded as each vendor's parser decodes them
// (detail/xml_value_decode.hpp): Muse Glimmer json.loads the raw text, GLM json.loads then
// ast.literal_eval the stripped text; anything else keeps its text as that parser keeps it.
// Every case runs one-shot and streamed at every split point (expect_message).
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

namespace {

std::string muse(const std::string& params) {
  return " to=f<|message|><atem:function_calls>\n<atem:invoke name=\"f\">\n" + params +
         "</atem:invoke>\n</atem:function_calls><|eom|>";
}
std::string muse_param(const char* k, const std::string& v) {
  return std::string("<atem:parameter name=\"") + k + "\">" + v + "</atem:parameter>\n";
}
std::string glm(const std::string& v) {
  return "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>" + v + "</arg_value>\n</tool_call>";
}

}  // namespace

TEST_SUITE("toolcall/fixes_xml_values") {
  TEST_CASE("muse_glimmer: json.loads of the raw text, whitespace around it allowed") {
    const toolcall::parser_registry reg = tc_test::only_format("muse_glimmer");
    tc_test::expect_message(reg,
                            muse(muse_param("a", "\"quoted\"") + muse_param("b", " 42 ") + muse_param("c", "\n7\n")),
                            {{"f", R"({"a":"quoted","b":42,"c":7})"}});
    tc_test::expect_message(reg, muse(muse_param("o", " {\"k\": [1, 2.5, null]} ") + muse_param("t", "\ntrue\n")),
                            {{"f", R"({"o":{"k":[1,2.5,null]},"t":true})"}});
    tc_test::expect_message(reg, muse(muse_param("s", "\"caf\\u00e9 \\\"x\\\"\"")), {{"f", R"({"s":"café \"x\""})"}});
  }

  TEST_CASE("muse_glimmer: text that is not JSON stays raw, untrimmed") {
    const toolcall::parser_registry reg = tc_test::only_format("muse_glimmer");
    tc_test::expect_message(reg, muse(muse_param("a", "  Paris ") + muse_param("b", "\nprint(1)\n")),
                            {{"f", R"({"a":"  Paris ","b":"\nprint(1)\n"})"}});
    // json.loads takes no Python literal, no trailing comma, no leading zero, no `NULL`
    tc_test::expect_message(reg,
                            muse(muse_param("a", "True") + muse_param("b", "{'k': 1}") + muse_param("c", "[1, 2,]") +
                                 muse_param("d", "007") + muse_param("e", "NULL")),
                            {{"f", R"({"a":"True","b":"{'k': 1}","c":"[1, 2,]","d":"007","e":"NULL"})"}});
    tc_test::expect_message(reg, muse(muse_param("a", "") + muse_param("b", "   ") + muse_param("c", "\"open")),
                            {{"f", R"({"a":"","b":"   ","c":"\"open"})"}});
  }

  TEST_CASE("muse_glimmer: the schema still wins") {
    const toolcall::parser_registry reg = tc_test::only_format("muse_glimmer");
    tc_test::want_more more;
    more.tools = R"([{"type":"function","function":{"name":"f","parameters":{"type":"object",
      "properties":{"a":{"type":"string"},"b":{"type":"integer"}}}}}])";
    tc_test::expect_message(reg, muse(muse_param("a", "42") + muse_param("b", " 42 ")), {{"f", R"({"a":"42","b":42})"}},
                            more);
  }

  TEST_CASE("glm: json.loads then ast.literal_eval of the stripped text") {
    const toolcall::parser_registry reg = tc_test::only_format("glm");
    tc_test::expect_message(reg, glm("\"Paris\""), {{"f", R"({"a":"Paris"})"}});
    tc_test::expect_message(reg, glm("'Paris'"), {{"f", R"({"a":"Paris"})"}});
    tc_test::expect_message(reg, glm("  \"Paris\"\n"), {{"f", R"({"a":"Paris"})"}});
    tc_test::expect_message(reg, glm("(1, 2)"), {{"f", R"({"a":[1,2]})"}});
    tc_test::expect_message(reg, glm("(1,)"), {{"f", R"({"a":[1]})"}});
    tc_test::expect_message(reg, glm("[1, (2, 'x')]"), {{"f", R"({"a":[1,[2,"x"]]})"}});
    tc_test::expect_message(reg, glm("20"), {{"f", R"({"a":20})"}});
    tc_test::expect_message(reg, glm("true"), {{"f", R"({"a":true})"}});
    tc_test::expect_message(reg, glm("{'a': True}"), {{"f", R"({"a":{"a":true}})"}});
    tc_test::expect_message(reg, glm("null"), {{"f", R"({"a":null})"}});
    tc_test::expect_message(reg, glm("None"), {{"f", R"({"a":null})"}});
  }

  TEST_CASE("glm: text that is no literal stays the stripped text") {
    const toolcall::parser_registry reg = tc_test::only_format("glm");
    tc_test::expect_message(reg, glm("  20 apples \n"), {{"f", R"({"a":"20 apples"})"}});
    tc_test::expect_message(reg, glm("Paris"), {{"f", R"({"a":"Paris"})"}});
    tc_test::expect_message(reg, glm("\"open"), {{"f", R"({"a":"\"open"})"}});
    tc_test::expect_message(reg, glm("1, 2"), {{"f", R"({"a":"1, 2"})"}});
    tc_test::expect_message(reg, glm("{1, 2}"), {{"f", R"({"a":"{1, 2}"})"}});  // a set: json.dumps refuses it
    tc_test::expect_message(reg, glm("(Paris)"), {{"f", R"j({"a":"(Paris)"})j"}});
  }

  TEST_CASE("glm: a key the tools type as a string stays verbatim") {
    const toolcall::parser_registry reg = tc_test::only_format("glm");
    tc_test::want_more more;
    more.tools = R"([{"type":"function","function":{"name":"f","parameters":{"type":"object",
      "properties":{"a":{"type":"string"},"n":{"type":"integer"}}}}}])";
    tc_test::expect_message(reg, glm(" \"Paris\" "), {{"f", R"({"a":" \"Paris\" "})"}}, more);
    tc_test::expect_message(reg, glm("'x'"), {{"f", R"({"a":"'x'"})"}}, more);
  }
}
