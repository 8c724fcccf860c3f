// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// one-shot parsing sees the whole text (a lone `</think>` ends the
// reasoning the prompt opened), a request's tools and tool_choice do not leak into the next
// response of a reused parser, and stripping `functions.` from a name is a `normalized` note.
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

namespace {

// DeepSeek-R1 / Qwen3-Thinking-2507: the chat template put `<think>` in the prompt
const char* const k_lone_closer =
    "The user needs their account balance, so I call get_balance with the checking account.\n"
    "</think>\n\n<tool_call>\n{\"name\": \"get_balance\", \"arguments\": {\"account\": \"checking\"}}\n</tool_call>";
const char* const k_reasoning = "The user needs their account balance, so I call get_balance with the checking account.";

const char* const k_tools = R"([{"type": "function", "function": {"name": "get_forecast",
  "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
  "required": ["city"]}}}])";
// the model writes the integer as a string: the normalizer coerces it to 3
const char* const k_forecast =
    "<tool_call>\n{\"name\": \"get_forecast\", \"arguments\": {\"city\": \"Lyon\", \"days\": \"3\"}}\n</tool_call>";
const char* const k_normalized = R"({"city":"Lyon","days":3})";
const char* const k_raw = R"({"city": "Lyon", "days": "3"})";

toolcall::message stream_all(toolcall::stream_parser& sp, const std::string& text, std::size_t chunk = 5) {
  for (std::size_t i = 0; i < text.size(); i += chunk) sp.write(std::string_view(text).substr(i, chunk));
  return sp.finish();
}

bool has_code(const toolcall::message& m, toolcall::errc code, toolcall::severity level) {
  for (const auto& d : m.diagnostics)
    if (d.code == code && d.level == level) return true;
  return false;
}

}  // namespace

TEST_SUITE("toolcall/request_state") {
  TEST_CASE("one-shot parsing reads a lone </think> as the end of reasoning the prompt opened") {
    // toolcall::parse(), parser::parse() with and without per-call options
    toolcall::parser p;
    toolcall::options seeded;
    seeded.seed = 7;
    for (const toolcall::message& m : {toolcall::parse(k_lone_closer), p.parse(k_lone_closer), p.parse(k_lone_closer, seeded)}) {
      CHECK(m.has_reasoning);
      CHECK(m.reasoning == k_reasoning);
      CHECK(m.content.empty());
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "get_balance");
      CHECK(tc_test::json_text_equal(m.calls[0].arguments, R"({"account": "checking"})"));
    }
    // a model's registry too (Qwen3's preset does not say the prompt opens a block)
    const toolcall::message q = toolcall::parse(k_lone_closer, toolcall::parser_registry::for_model("Qwen/Qwen3-8B"));
    CHECK(q.reasoning == k_reasoning);
    CHECK(q.calls.size() == 1);
    // text with no closer stays content; a block the output opens itself still works
    const toolcall::message plain = toolcall::parse("The answer is 42.");
    CHECK(plain.content == "The answer is 42.");
    CHECK_FALSE(plain.has_reasoning);
    const toolcall::message own = toolcall::parse("<think>short</think>The answer is 42.");
    CHECK(own.reasoning == "short");
    CHECK(own.content == "The answer is 42.");
  }

  TEST_CASE("a reasoning start set by the caller wins over the one-shot default") {
    toolcall::options closed;
    closed.reasoning = toolcall::reasoning_start::closed;
    const toolcall::message c = toolcall::parse(k_lone_closer, toolcall::parser_registry::builtin(), closed);
    CHECK_FALSE(c.has_reasoning);
    CHECK(c.content == k_reasoning);  // the lone closer is a marker, the text before it content
    CHECK(c.calls.size() == 1);
    toolcall::parser p{toolcall::parser_registry::builtin(), closed};
    CHECK(p.parse(k_lone_closer).content == k_reasoning);
    toolcall::parser d;  // per-call options win as well
    CHECK(d.parse(k_lone_closer, closed).content == k_reasoning);
    CHECK(d.parse(k_lone_closer).reasoning == k_reasoning);  // and last for that call only
    toolcall::options none;
    none.reasoning = toolcall::reasoning_start::none;
    CHECK_FALSE(toolcall::parse(k_lone_closer, toolcall::parser_registry::builtin(), none).has_reasoning);
  }

  TEST_CASE("live streaming keeps its default; with the same reasoning start it equals one-shot") {
    toolcall::stream_parser sp;
    const toolcall::message live = stream_all(sp, k_lone_closer);
    CHECK_FALSE(live.has_reasoning);
    CHECK(live.content == k_reasoning);
    CHECK(live.calls.size() == 1);
    toolcall::options detect;
    detect.reasoning = toolcall::reasoning_start::detect;
    detect.seed = 3;
    sp.reset(detect);
    const toolcall::message streamed = stream_all(sp, k_lone_closer, 3);
    toolcall::options preset;  // the default, which one-shot reads as detect
    preset.seed = 3;
    const toolcall::message whole = toolcall::parse(k_lone_closer, toolcall::parser_registry::builtin(), preset);
    CHECK(tc_test::same_message(streamed, whole).empty());
  }

  TEST_CASE("stream_parser::reset() drops the previous request's normalizer") {
    auto n = toolcall::normalizer::create(k_tools);
    REQUIRE(n);
    toolcall::stream_parser sp;
    n->attach(sp);
    toolcall::message m = stream_all(sp, k_forecast);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == k_normalized);
    CHECK(m.calls[0].status == toolcall::call_status::normalized);
    // the next request declares no tools: its answer is not normalized against the old ones
    sp.reset();
    m = stream_all(sp, k_forecast);
    REQUIRE(m.calls.size() == 1);
    CHECK(tc_test::json_text_equal(m.calls[0].arguments, k_raw));
    CHECK(m.calls[0].status == toolcall::call_status::ok);
    // attached before or after reset(), a normalizer serves the next response
    n->attach(sp);
    sp.reset();
    CHECK(stream_all(sp, k_forecast).calls.at(0).arguments == k_normalized);
    sp.reset();
    n->attach(sp);
    CHECK(stream_all(sp, k_forecast).calls.at(0).arguments == k_normalized);
    // with options too
    toolcall::options o;
    o.seed = 9;
    sp.reset(o);
    CHECK(tc_test::json_text_equal(stream_all(sp, k_forecast).calls.at(0).arguments, k_raw));
  }

  TEST_CASE("reset(keep_request) keeps the request's normalizer and tool_choice") {
    auto n = toolcall::normalizer::create(k_tools);
    REQUIRE(n);
    toolcall::stream_parser sp;
    n->attach(sp);
    for (int k = 0; k < 3; ++k) {
      if (k == 1) sp.reset(toolcall::keep_request);
      if (k == 2) sp.reset(toolcall::options{}, toolcall::keep_request);
      CHECK_MESSAGE(stream_all(sp, k_forecast).calls.at(0).arguments == k_normalized, k);
    }
    // a request with tool_choice none: the call stays content, response after response
    auto req = toolcall::request::create(std::string(R"({"tool_choice": "none", "tools": )") + k_tools + "}");
    REQUIRE(req);
    req->attach(sp);
    sp.reset();
    for (int k = 0; k < 2; ++k) {
      if (k == 1) sp.reset(toolcall::keep_request);
      const toolcall::message m = stream_all(sp, k_forecast);
      CHECK_MESSAGE(m.calls.empty(), k);
    }
    // a plain reset() drops both
    sp.reset();
    const toolcall::message m = stream_all(sp, k_forecast);
    REQUIRE(m.calls.size() == 1);
    CHECK(tc_test::json_text_equal(m.calls[0].arguments, k_raw));
  }

  TEST_CASE("a parser reused for the next request does not carry the tools over") {
    auto n = toolcall::normalizer::create(k_tools);
    REQUIRE(n);
    toolcall::parser p;
    n->attach(p);
    CHECK(p.parse(k_forecast).calls.at(0).arguments == k_normalized);
    CHECK(tc_test::json_text_equal(p.parse(k_forecast).calls.at(0).arguments, k_raw));
    // each request attaches its own
    n->attach(p);
    toolcall::options o;
    o.seed = 1;
    CHECK(p.parse(k_forecast, o).calls.at(0).arguments == k_normalized);
    CHECK(tc_test::json_text_equal(p.parse(k_forecast, o).calls.at(0).arguments, k_raw));
  }

  TEST_CASE("stripping functions. from a name is a normalized note") {
    const toolcall::message m = toolcall::parse(
        "<tool_call>\n{\"name\": \"functions.get_forecast\", \"arguments\": {\"city\": \"Lyon\"}}\n</tool_call>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_forecast");
    REQUIRE(has_code(m, toolcall::errc::normalized, toolcall::severity::note));
    bool said = false;
    for (const auto& d : m.diagnostics) said |= d.message.find("functions.get_forecast") != std::string::npos;
    CHECK(said);
    // streamed, the same note
    toolcall::stream_parser sp;
    toolcall::options detect;
    detect.reasoning = toolcall::reasoning_start::detect;
    detect.seed = 5;
    sp.reset(detect);
    const std::string text =
        "<tool_call>\n{\"name\": \"functions.get_forecast\", \"arguments\": {\"city\": \"Lyon\"}}\n</tool_call>";
    const toolcall::message s = stream_all(sp, text, 2);
    const std::string diff = tc_test::same_message(s, toolcall::parse(text, toolcall::parser_registry::builtin(), detect));
    CHECK_MESSAGE(diff.empty(), diff);
    CHECK(has_code(s, toolcall::errc::normalized, toolcall::severity::note));
    // a plain name: no note
    const toolcall::message plain = toolcall::parse(k_forecast);
    CHECK_FALSE(has_code(plain, toolcall::errc::normalized, toolcall::severity::note));
    // with the normalizer attached (which then sees the bare name)
    auto n = toolcall::normalizer::create(k_tools);
    REQUIRE(n);
    toolcall::parser p;
    n->attach(p);
    const toolcall::message w = p.parse(
        "<tool_call>\n{\"name\": \"functions.get_forecast\", \"arguments\": {\"city\": \"Lyon\", \"days\": \"2\"}}\n</tool_call>");
    REQUIRE(w.calls.size() == 1);
    CHECK(w.calls[0].name == "get_forecast");
    CHECK(w.calls[0].arguments == R"({"city":"Lyon","days":2})");
    CHECK(has_code(w, toolcall::errc::normalized, toolcall::severity::note));
  }
}
