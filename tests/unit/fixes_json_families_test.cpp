// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Discrepancies with the vendors' reference parsers in the JSON families: nemotron_json's
// comma-separated objects, a stray bracket before a `<tool_call>`-like closer, qwen_tools'
// nameless list items, functools' empty list. Every case is checked
// one-shot and streamed at every split and byte by byte (tc_test::expect_message).
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

namespace {

bool has_note(const toolcall::message& m, toolcall::errc code, const std::string& part) {
  for (const auto& d : m.diagnostics)
    if (d.code == code && d.message.find(part) != std::string::npos) return true;
  return false;
}

const char* const paris = R"({"city":"Paris"})";

}  // namespace

TEST_SUITE("toolcall/fixes_json_families") {
  TEST_CASE("nemotron_json: comma-separated objects without a list are read as a list") {
    const auto reg = tc_test::only_format("nemotron_json");
    std::string t = R"(<TOOLCALL>{"name": "get_weather", "arguments": {"city": "Paris"}}, )"
                    R"({"name": "get_time", "arguments": {"tz": "CET"}}</TOOLCALL>)";
    toolcall::message m =
        tc_test::expect_message(reg, t, {{"get_weather", paris}, {"get_time", R"({"tz":"CET"})"}}, {""});
    CHECK(has_note(m, toolcall::errc::repaired, "comma-separated"));
    // a line break after the comma, and text around the region
    t = "Checking.\n<TOOLCALL>{\"name\": \"a\", \"arguments\": {}},\n  {\"name\": \"b\", \"arguments\": {\"x\": [1, 2]}}"
        "</TOOLCALL>";
    (void)tc_test::expect_message(reg, t, {{"a", "{}"}, {"b", R"({"x":[1,2]})"}}, {"Checking."});
    // a comma followed by something else than an object: the comma and the rest stay content
    t = R"(<TOOLCALL>{"name": "get_weather", "arguments": {"city": "Paris"}}, done</TOOLCALL>)";
    m = tc_test::expect_message(reg, t, {{"get_weather", paris}}, {", done</TOOLCALL>"});
    CHECK_FALSE(has_note(m, toolcall::errc::repaired, "comma-separated"));
    // the list is unchanged, and a list followed by a comma is not joined
    t = R"(<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</TOOLCALL>)";
    m = tc_test::expect_message(reg, t, {{"get_weather", paris}}, {""});
    CHECK(m.diagnostics.empty());
    // cut after the comma: the call stays, the comma is content
    t = R"(<TOOLCALL>{"name": "get_weather", "arguments": {"city": "Paris"}},)";
    (void)tc_test::expect_message(reg, t, {{"get_weather", paris}}, {","});
  }

  TEST_CASE("hermes & co: a stray bracket and a newline before the closer") {
    const struct {
      const char* format;
      const char* open;
      const char* close;
    } rooms[] = {{"hermes", "<tool_call>", "</tool_call>"},
                 {"qwen_tools", "<tools>", "</tools>"},
                 {"qwen_function", "<function>", "</function>"},
                 {"named_function", nullptr, "</function>"},
                 {"nemotron_json", "<TOOLCALL>", "</TOOLCALL>"}};
    for (const auto& r : rooms) {
      CAPTURE(r.format);
      const auto reg = tc_test::only_format(r.format);
      const std::string body = R"({"name": "get_weather", "arguments": {"city": "Paris"}})";
      std::string head = r.open ? std::string(r.open) + "\n" + body : std::string("<function=get_weather>{\"city\": \"Paris\"}");
      for (const char* gap : {"}\n", "} ", "}\n\n", "]}\n", "} \n"}) {
        const std::string t = head + gap + r.close;
        toolcall::message m = tc_test::expect_message(reg, t, {{"get_weather", paris}});
        CHECK_MESSAGE(m.content.find('<') == std::string::npos, t << " -> " << m.content);
        CHECK(has_note(m, toolcall::errc::repaired, "stray text between the payload and its closer is content"));
      }
      // text after the closer stays, after the stray brace
      const std::string t = head + "}\n" + r.close + "\nDone.";
      toolcall::message m = tc_test::expect_message(reg, t, {{"get_weather", paris}});
      CHECK(m.content.find("Done.") != std::string::npos);
      CHECK(m.content.find('<') == std::string::npos);
    }
    // the example of the report, its content exactly
    const auto reg = tc_test::only_format("hermes");
    (void)tc_test::expect_message(reg, "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}}\n</tool_call>",
                                  {{"get_weather", paris}}, {"}"});
  }

  TEST_CASE("qwen_tools: a nameless list item drops alone, with a diagnostic") {
    const auto reg = tc_test::only_format("qwen_tools");
    std::string t = "<tools>\n[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"foo\": 1}]\n</tools>";
    toolcall::message m = tc_test::expect_message(reg, t, {{"get_weather", paris}}, {""});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    // first or middle, and the good calls around it
    t = "<tools>[{\"arguments\": {\"x\": 1}}, {\"name\": \"a\", \"arguments\": {}}, {\"foo\": 1}, "
        "{\"name\": \"b\", \"arguments\": {\"y\": 2}}]</tools>";
    m = tc_test::expect_message(reg, t, {{"a", "{}"}, {"b", R"({"y":2})"}}, {""});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    // a list with no good call gives none, and is not silent
    t = "<tools>[{\"foo\": 1}]</tools>";
    const tc_test::split_result r = tc_test::split_compare(reg, {}, t);
    CHECK(r.err.empty());
    CHECK(r.one.calls.empty());
    CHECK_FALSE(r.one.diagnostics.empty());
  }

  TEST_CASE("functools: the empty list is markup, with a note") {
    const auto reg = tc_test::only_format("functools");
    for (const char* t : {"functools[]", "functools[ ]", "functools[\n]", "functools[]<|end|>"}) {
      toolcall::message m = tc_test::expect_message(reg, t, {}, {""});
      CHECK(has_note(m, toolcall::errc::ok, "functools[] holds no call"));
      for (const auto& d : m.diagnostics) CHECK(d.level == toolcall::severity::note);
    }
    toolcall::message m = tc_test::expect_message(reg, "I have nothing to call. functools[]", {}, {"I have nothing to call."});
    // a list that holds something else than calls stays content, with its warning
    m = tc_test::expect_message(reg, "functools[1]", {}, {"functools[1]"});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    // calls still work
    (void)tc_test::expect_message(reg, "functools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]",
                                  {{"get_weather", paris}}, {""});
  }
}
