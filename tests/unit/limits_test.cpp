// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Every limit: a diagnostic, the text kept as content, the parser usable.
#include <doctest/doctest.h>

#include "test_support.hpp"

namespace {
bool has_code(const toolcall::message& m, toolcall::errc c) {
  for (const auto& d : m.diagnostics)
    if (d.code == c) return true;
  return false;
}
const std::string good = "<tool_call>{\"name\": \"ok\", \"arguments\": {}}</tool_call>";
}  // namespace

TEST_SUITE("toolcall/limits") {
  TEST_CASE("defaults") {
    toolcall::options o;
    CHECK(o.max_call_bytes == 1u << 20);
    CHECK(o.time_budget == std::chrono::milliseconds(100));
  }
  TEST_CASE("max_input_bytes: the rest is content, unparsed") {
    toolcall::options o;
    o.max_input_bytes = 10;
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    const std::string text = "Hello. " + good;
    auto m = p.parse(text);
    CHECK(m.calls.empty());
    CHECK(has_code(m, toolcall::errc::limit_input_bytes));
    CHECK(m.content == text);
    o.max_input_bytes = 1u << 20;
    m = p.parse(good, o);
    CHECK(m.calls.size() == 1);
  }
  TEST_CASE("max_call_bytes: an oversized call is content; the next call still parses") {
    toolcall::options o;
    o.max_call_bytes = 200;
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    const std::string big = "<tool_call>{\"name\": \"big\", \"arguments\": {\"s\": \"" + std::string(500, 'a') + "\"}}</tool_call>";
    const auto m = p.parse(big + "\n" + good);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "ok");
    CHECK(has_code(m, toolcall::errc::limit_call_bytes));
    CHECK(m.content.find(std::string(500, 'a')) != std::string::npos);
  }
  TEST_CASE("max_calls") {
    toolcall::options o;
    o.max_calls = 2;
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    const auto m = p.parse(good + good + good);
    CHECK(m.calls.size() == 2);
    CHECK(has_code(m, toolcall::errc::limit_calls));
    CHECK(m.content.find("<tool_call>") != std::string::npos);
  }
  TEST_CASE("max_depth") {
    toolcall::options o;
    o.max_depth = 8;
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    const auto m = p.parse("<tool_call>{\"name\": \"d\", \"arguments\": {\"a\": [[[[[[[[[[1]]]]]]]]]]}}</tool_call>");
    CHECK(m.calls.empty());
    CHECK(has_code(m, toolcall::errc::limit_depth));
    CHECK(p.parse(good).calls.size() == 1);
  }
  TEST_CASE("time budget: the rest is content") {
    toolcall::options o;
    o.time_budget = std::chrono::microseconds(1);
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    std::string text;
    while (text.size() < (4u << 20)) text += good + " some text ";
    const auto m = p.parse(text);
    CHECK(has_code(m, toolcall::errc::limit_time));
    CHECK(m.calls.size() < text.size() / good.size());
    CHECK(m.content.size() > 0);
  }
  TEST_CASE("max_holdback: undecided text becomes content") {
    toolcall::options o;
    o.max_holdback = 64;
    o.reasoning = toolcall::reasoning_start::detect;
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), o};
    std::string seen;
    auto sink = [&](const toolcall::event& ev) {
      if (ev.kind == toolcall::event_kind::content) seen.append(ev.text);
    };
    sp.write(std::string(100, 'z'), sink);
    CHECK(seen.size() >= 64);
    const auto m = sp.finish(sink);
    CHECK(has_code(m, toolcall::errc::limit_holdback));
  }
}
