// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// scan_driver::skip_declined: a claimant of a shared opener that declines the byte after it
// (handler::declines) is skipped without running, only when it would have failed quietly there.
// Granite (priority 9) and Hermes (10) both claim `<tool_call>`: Granite reads a JSON list
// there and declines anything else, Hermes reads one JSON object.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include <toolcall/detail/engine.hpp>
#include <toolcall/json_writer.hpp>
#include <toolcall/toolcall.hpp>

namespace {

toolcall::parser_registry granite_and_hermes() {
  toolcall::parser_registry r;
  r.add(*toolcall::format::builtin("granite"));
  r.add(*toolcall::format::builtin("hermes"));
  return r;
}

struct run {
  toolcall::message m;
  std::size_t skips = 0;
};

/// The text through an engine, in pieces of `piece` bytes (0: one write).
run parse(const toolcall::parser_registry& reg, std::string_view text, std::size_t piece) {
  toolcall::options opt;
  opt.seed = 11;
  toolcall::detail::engine e(reg, opt);
  const auto sink = [](const toolcall::event&) {};
  if (piece == 0) {
    e.write(text, sink);
  } else {
    for (std::size_t i = 0; i < text.size(); i += piece) e.write(text.substr(i, piece), sink);
  }
  run r;
  r.m = e.finish(sink);
  r.skips = e.declined_skips();
  return r;
}

}  // namespace

TEST_SUITE("toolcall/skip_declined") {
  TEST_CASE("an object after a shared opener skips the list-only claimant, with the chain's result") {
    const auto reg = granite_and_hermes();
    const std::string text =
        "Let me check the weather.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\", "
        "\"unit\": \"celsius\"}}\n</tool_call>";
    const run one = parse(reg, text, 0);
    CHECK(one.skips == 1);  // Granite declined `{` without running
    REQUIRE(one.m.calls.size() == 1);
    CHECK(one.m.calls[0].format == "hermes");
    CHECK(one.m.calls[0].name == "get_weather");
    CHECK(one.m.calls[0].arguments == R"({"city":"Paris","unit":"celsius"})");
    CHECK(one.m.content == "Let me check the weather.");
    CHECK_FALSE(one.m.has_error());
    // byte by byte the opener's next byte is never in the same write: the chain runs Granite,
    // which fails quietly, then Hermes; the message is the same
    const run streamed = parse(reg, text, 1);
    CHECK(streamed.skips == 0);
    CHECK(toolcall::openai::result_json(streamed.m) == toolcall::openai::result_json(one.m));
  }

  TEST_CASE("a list after the shared opener is read by the first claimant: nothing is skipped") {
    const auto reg = granite_and_hermes();
    const std::string text =
        "<tool_call>\n[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_time\", "
        "\"arguments\": {\"zone\": \"Europe/Paris\"}}]\n</tool_call>";
    const run one = parse(reg, text, 0);
    CHECK(one.skips == 0);
    REQUIRE(one.m.calls.size() == 2);
    CHECK(one.m.calls[0].format == "granite");
    CHECK(one.m.calls[0].arguments == R"({"city":"Paris"})");
    CHECK(one.m.calls[1].format == "granite");
    CHECK(one.m.calls[1].name == "get_time");
    CHECK(one.m.content.empty());
    const run streamed = parse(reg, text, 3);
    CHECK(toolcall::openai::result_json(streamed.m) == toolcall::openai::result_json(one.m));
  }

  TEST_CASE("prose after the shared opener: skipped, then the last claimant's report, as the chain gives it") {
    const auto reg = granite_and_hermes();
    const std::string text = "Wrap each call in <tool_call> tags, then stop.";
    const run one = parse(reg, text, 0);
    CHECK(one.skips == 1);
    CHECK(one.m.calls.empty());
    CHECK(one.m.content == text);
    for (std::size_t piece : {1, 2, 7}) {
      const run streamed = parse(reg, text, piece);
      CHECK(toolcall::openai::result_json(streamed.m) == toolcall::openai::result_json(one.m));
    }
  }

  TEST_CASE("whitespace after the opener is looked past; an opener at the end of a write is not skipped") {
    const auto reg = granite_and_hermes();
    const std::string text =
        "<tool_call>  \r\n\t{\"name\": \"search\", \"arguments\": {\"query\": \"rust serde\"}}</tool_call>";
    const run one = parse(reg, text, 0);
    CHECK(one.skips == 1);
    REQUIRE(one.m.calls.size() == 1);
    CHECK(one.m.calls[0].format == "hermes");
    // the first write ends right after the whitespace: the byte that decides is not in it
    const run split = parse(reg, text, std::string_view("<tool_call>  \r\n\t").size());
    CHECK(split.skips == 0);
    CHECK(toolcall::openai::result_json(split.m) == toolcall::openai::result_json(one.m));
  }
}
