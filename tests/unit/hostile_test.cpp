// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Hostile inputs: megabytes of openers, deep nesting, broken
// strings and encodings, oversized input, and every limit. Each case asserts outputs and the
// work done, never wall time: the work is stream_parser::bytes_examined(), which must stay
// within a small constant of the input size, one-shot and streamed in
// 1-byte and 7-byte chunks, and the parser must be usable afterwards.
#include <doctest/doctest.h>
#include <simdjson.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <toolcall/openai.hpp>
#include <toolcall/toolcall.hpp>
#include <toolcall/detail/utf8.hpp>  // utf8_first_invalid, in both modes

#include "test_support.hpp"

namespace {

using toolcall::call_status;
using toolcall::errc;
using toolcall::event;
using toolcall::event_kind;
using toolcall::message;
using toolcall::options;
using toolcall::parser_registry;
using toolcall::stream_parser;

// The floods and the 100 MB input run at full size in every build: under ASan+UBSan (where the
// CI runs this suite) the whole file takes about a minute.
constexpr std::size_t k_mib = std::size_t{1} << 20;
constexpr std::size_t k_hostile = k_mib;  ///< size of the opener and nesting floods
/// Work bounds, in bytes examined per input byte. One-shot, each byte is read about once, plus
/// bounded re-reads after a failed region. Streamed, a delta that ends inside a possible
/// marker makes the engine hold that suffix and read it again with the next delta, so tiny
/// deltas cost up to the longest marker's length (28 bytes: DeepSeek's end-of-sentence) per
/// byte. Both are constants: quadratic work would exceed them by orders of magnitude at 1 MiB.
/// (1 MiB of `[TOOL_CALLS]` reads 6.3 bytes per byte: each opener's region is read by its two
/// claimants, xLAM's wrapper reader and Mistral's, then re-scanned after the marker.)
constexpr std::size_t k_work_factor = 7;
constexpr std::size_t k_stream_work_factor = 32;

// DeepSeek markers: U+FF5C FULLWIDTH VERTICAL LINE (EF BD 9C), U+2581 LOWER ONE EIGHTH BLOCK (E2 96 81).
constexpr std::string_view k_ds_calls_begin = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C>";
constexpr std::string_view k_ds_call_begin = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "begin\xEF\xBD\x9C>";

constexpr std::string_view k_good_call = R"(<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>)";

std::string repeat(std::string_view unit, std::size_t at_least) {
  std::string s;
  s.reserve(at_least + unit.size());
  while (s.size() < at_least) s.append(unit);
  return s;
}

/// Deterministic options: fixed ids, and no deadline unless a test sets one (the deadline is
/// the only limit that depends on the clock).
options quiet() { return tc_test::deterministic(42); }

struct outcome {
  message m;
  std::size_t examined = 0;
  bool args_invariant = true;  ///< concatenated arguments_delta == final arguments, per call
};

/// Folds the argument events per call index, and lists the calls that ended listed (ok or
/// repaired), in call_end order: the order of message::calls.
struct args_fold {
  std::vector<std::string> args;
  std::vector<std::string> listed;
  void operator()(const event& ev) {
    if (ev.kind != event_kind::call_begin && ev.kind != event_kind::arguments_delta && ev.kind != event_kind::call_end)
      return;
    if (args.size() <= ev.index) args.resize(ev.index + 1);
    if (ev.kind == event_kind::arguments_delta) args[ev.index].append(ev.text);
    if (ev.kind == event_kind::call_end && (ev.status == call_status::ok || ev.status == call_status::repaired))
      listed.push_back(args[ev.index]);
  }
};

/// Feeds `text` in chunks of `chunk` bytes (0: all at once) to the stream parser, after reset.
outcome run(stream_parser& sp, std::string_view text, std::size_t chunk, const options& opt) {
  sp.reset(opt);
  // bytes_examined() counts over the parser's life (reset() keeps it): measure the difference
  const std::size_t examined_before = sp.stats().bytes_examined;
  args_fold fold;
  if (chunk == 0) {
    sp.write(text, fold);
  } else {
    for (std::size_t pos = 0; pos < text.size(); pos += chunk) sp.write(text.substr(pos, chunk), fold);
  }
  outcome r;
  r.m = sp.finish(fold);
  r.examined = sp.stats().bytes_examined - examined_before;
  r.args_invariant = fold.listed.size() == r.m.calls.size();
  for (std::size_t i = 0; r.args_invariant && i < r.m.calls.size(); ++i)
    r.args_invariant = fold.listed[i] == r.m.calls[i].arguments;
  return r;
}

outcome run(const parser_registry& reg, std::string_view text, std::size_t chunk, const options& opt = quiet()) {
  stream_parser sp{reg, opt};
  return run(sp, text, chunk, opt);
}

bool has_code(const message& m, errc code) {
  for (const auto& d : m.diagnostics)
    if (d.code == code) return true;
  return false;
}

/// Every listed call has arguments that are one valid JSON object in valid UTF-8.
bool valid_arguments(const message& m) {
  simdjson::dom::parser p;
  for (const auto& c : m.calls) {
    const simdjson::padded_string s(c.arguments);
    simdjson::dom::element el;
    if (p.parse(s).get(el) != simdjson::SUCCESS) return false;  // DOM parsing validates UTF-8
    if (el.type() != simdjson::dom::element_type::OBJECT) return false;
  }
  return true;
}

void check_same(const message& a, const message& b) {
  CHECK(a.content == b.content);
  CHECK(a.reasoning == b.reasoning);
  CHECK(a.finish == b.finish);
  REQUIRE(a.calls.size() == b.calls.size());
  for (std::size_t i = 0; i < a.calls.size(); ++i) {
    CHECK(a.calls[i].id == b.calls[i].id);
    CHECK(a.calls[i].name == b.calls[i].name);
    CHECK(a.calls[i].arguments == b.calls[i].arguments);
    CHECK(a.calls[i].status == b.calls[i].status);
  }
}

void check_linear(const outcome& r, std::size_t n, std::size_t factor = k_work_factor) {
  INFO("bytes_examined = " << r.examined << " for " << n << " input bytes");
  CHECK(r.examined >= n);  // every byte is looked at (nothing skipped unseen)
  CHECK(r.examined <= factor * n + 4096);
}

/// After any hostile input the same stream parser parses an ordinary call.
void check_reusable(stream_parser& sp) {
  const outcome r = run(sp, k_good_call, 0, quiet());
  REQUIRE(r.m.calls.size() == 1);
  CHECK(r.m.calls[0].name == "get_weather");
  CHECK(r.m.calls[0].arguments == R"({"city":"Paris"})");
  CHECK(r.m.content.empty());
  CHECK(r.m.diagnostics.empty());
}

/// One-shot, then streamed 1-byte and 7-byte: equal messages, linear work, reusable parser.
message check_all_modes(const parser_registry& reg, const std::string& text, const options& opt = quiet()) {
  stream_parser sp{reg, opt};
  const outcome one = run(sp, text, 0, opt);
  check_linear(one, text.size());
  CHECK(one.args_invariant);
  CHECK(valid_arguments(one.m));
  for (std::size_t chunk : {std::size_t{1}, std::size_t{7}}) {
    CAPTURE(chunk);
    const outcome s = run(sp, text, chunk, opt);
    check_same(one.m, s.m);
    check_linear(s, text.size(), k_stream_work_factor);
    CHECK(s.args_invariant);
  }
  check_reusable(sp);
  return one.m;
}

}  // namespace

TEST_SUITE("toolcall/hostile") {
  TEST_CASE("1 MiB of repeated openers: no call, nothing lost, linear work") {
    const parser_registry reg = parser_registry::builtin();
    struct opener {
      const char* label;
      std::string_view text;
      bool dropped;  ///< a recognised marker that is never content (DeepSeek's calls-begin)
    };
    const opener openers[] = {
        {"<tool_call>", "<tool_call>", false},
        {"[TOOL_CALLS]", "[TOOL_CALLS]", false},
        {"<|python_tag|>", "<|python_tag|>", false},
        {"<tool_calls_begin> (DeepSeek, UTF-8)", k_ds_calls_begin, true},
        {"<tool_call_begin> (DeepSeek, UTF-8)", k_ds_call_begin, false},
    };
    for (const opener& o : openers) {
      SUBCASE(o.label) {
        const std::string text = repeat(o.text, k_hostile);
        const message m = check_all_modes(reg, text);
        CHECK(m.calls.empty());
        if (o.dropped) {
          CHECK(m.content.empty());
        } else {
          CHECK(m.content == text);  // every byte went back to content
          CHECK(!m.diagnostics.empty());
        }
      }
    }
  }

  TEST_CASE("1 MiB of [ and { nesting, bare and inside a call") {
    const parser_registry reg = parser_registry::builtin();
    SUBCASE("bare [ at the start") {
      const std::string text = repeat("[", k_hostile);
      const message m = check_all_modes(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
    }
    SUBCASE("bare { at the start") {
      const std::string text = repeat("{", k_hostile);
      const message m = check_all_modes(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      CHECK(has_code(m, errc::invalid_json));
    }
    SUBCASE("[ inside <tool_call>") {
      const std::string text = "<tool_call>" + repeat("[", k_hostile);
      const message m = check_all_modes(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
    }
    SUBCASE("{ inside <tool_call>") {
      const std::string text = "<tool_call>" + repeat("{", k_hostile);
      const message m = check_all_modes(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      CHECK(has_code(m, errc::invalid_json));
    }
    SUBCASE("[ nesting inside the arguments: limit_depth") {
      const std::string text = R"(<tool_call>{"name": "f", "arguments": {"a": )" + repeat("[", k_hostile);
      const message m = check_all_modes(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      CHECK(has_code(m, errc::limit_depth));
    }
    SUBCASE("balanced nesting inside the arguments, closed call: limit_depth") {
      const std::string text = R"(<tool_call>{"name": "f", "arguments": {"a": )" + repeat("[{\"b\":", k_hostile / 2) +
                               "1" + repeat("}]", k_hostile / 3) + "}}</tool_call>";
      const message m = check_all_modes(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      CHECK(has_code(m, errc::limit_depth));
    }
    SUBCASE("nesting just under max_depth is a call") {
      const std::string text = R"(<tool_call>{"name": "f", "arguments": {"a": )" + repeat("[", 100) +
                               repeat("]", 100) + "}}</tool_call>";
      const message m = check_all_modes(reg, text);
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].arguments == "{\"a\":" + repeat("[", 100) + repeat("]", 100) + "}");
    }
  }

  TEST_CASE("unterminated strings, lone surrogates and invalid UTF-8 inside arguments") {
    const parser_registry reg = parser_registry::builtin();
    // Either the call comes out with valid JSON in valid UTF-8, or it is rejected: no call, a
    // diagnostic, and the text kept as content.
    const std::string cases[] = {
        // unterminated strings
        R"(<tool_call>{"name": "f", "arguments": {"a": "abc)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "abc</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "abc}}</tool_call> and then more text)",
        R"(<tool_call>{"name": "f, "arguments": {}}</tool_call>)",
        R"([TOOL_CALLS][{"name": "f", "arguments": {"a": "abc)",
        R"([f(a='abc)])",
        R"(<|python_tag|>{"name": "f", "parameters": {"a": "abc)",
        // lone surrogates and broken escapes
        R"(<tool_call>{"name": "f", "arguments": {"a": "x\ud800y"}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "x\udc00y"}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "\ud800\ud800"}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "\ud800"}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "\ud800\u0041"}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"\udfff": 1}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "\ud8"}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": {"a": "\uZZZZ"}}</tool_call>)",
        R"(<tool_call>{"name": "f", "arguments": "{\"a\": \"\\ud800\"}"}</tool_call>)",
        R"([TOOL_CALLS][{"name": "f", "arguments": {"a": "\ud800"}}])",
        R"([f(a='\ud800')])",
        // invalid UTF-8: stray continuation, truncated sequences, overlong, surrogate, > U+10FFFF
        "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"x\xff\xfey\"}}</tool_call>",
        "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"x\xc3\"}}</tool_call>",
        "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"\xe2\x82\"}}</tool_call>",
        "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"\xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80\"}}</tool_call>",
        "<tool_call>{\"name\": \"f\", \"arguments\": {\"\x80\": 1}}</tool_call>",
        "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"x\xf0\x9f\x98\"}}</tool_call>",
        "[TOOL_CALLS][{\"name\": \"f\", \"arguments\": {\"a\": \"\xff\"}}]",
        "[f(a='\xff\xfe')]",
        "<tool_call>\n<function=f>\n<parameter=a>\n\xff\xfe\n</parameter>\n</function>\n</tool_call>",
        "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C><\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81"
        "begin\xEF\xBD\x9C>function<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>f\n```json\n{\"a\": \"\xff\"}\n```"
        "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>",
        "<|channel|>commentary to=functions.f <|constrain|>json<|message|>{\"a\": \"\xff\\ud800\"}<|call|>",
        // invalid UTF-8 in prose around a good call stays content, byte for byte
        "pr\xffose \xc3 <tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call> \xe2\x82",
    };
    for (const std::string& text : cases) {
      CAPTURE(text);
      const message m = check_all_modes(reg, text);
      CHECK(valid_arguments(m));
      if (m.calls.empty()) {
        CHECK(m.has_error());
        CHECK(m.content.find(text.substr(0, 8)) != std::string::npos);
      }
      for (const auto& c : m.calls) CHECK(c.status != call_status::invalid);
    }
    SUBCASE("an unterminated string is a truncated call, not a call") {
      const message m = check_all_modes(reg, R"(<tool_call>{"name": "f", "arguments": {"a": "abc)");
      CHECK(m.calls.empty());
      CHECK(has_code(m, errc::unterminated_call));
    }
    SUBCASE("a lone surrogate becomes U+FFFD (escaped) in a repaired call") {
      const message m = check_all_modes(reg, R"(<tool_call>{"name": "f", "arguments": {"a": "x\ud800y"}}</tool_call>)");
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].status == call_status::repaired);
      CHECK(m.calls[0].arguments == R"({"a":"x\ufffdy"})");
    }
    SUBCASE("prose with invalid UTF-8 is kept byte for byte") {
      const std::string text = "pr\xffose \xc3 <tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call> \xe2\x82";
      const message m = check_all_modes(reg, text);
      REQUIRE(m.calls.size() == 1);
      CHECK(m.content == "pr\xffose \xc3  \xe2\x82");  // the text before and after the call
    }
  }

  TEST_CASE("100 MB against the input limit") {
    // A call, then 100 MB of prose with calls in it; the default limit is 64 MiB.
    const std::size_t total = 100'000'000;
    const std::string head = std::string(k_good_call) + "\n";
    const std::string unit = "The quick brown fox jumps over the lazy dog; <tool_call>{\"name\": \"g\", \"arguments\": {}}</tool_call>\n";
    const std::string text = head + repeat(unit, total - head.size());
    REQUIRE(text.size() >= total);
    const parser_registry reg = parser_registry::builtin();
    options opt = quiet();
    opt.max_calls = std::size_t{1} << 30;  // only the input limit may stop this
    REQUIRE(opt.max_input_bytes == 64 * k_mib);
    const std::size_t limit = opt.max_input_bytes;
    SUBCASE("one-shot") {
      stream_parser sp{reg, opt};
      const outcome r = run(sp, text, 0, opt);
      check_linear(r, text.size());
      CHECK(has_code(r.m, errc::limit_input_bytes));
      // calls before the limit are parsed; the text after it is content, unparsed
      const std::size_t units_before = (limit - head.size()) / unit.size();
      CHECK(r.m.calls.size() >= units_before);
      CHECK(r.m.calls.size() <= units_before + 2);
      // everything after the limit is content, unparsed (less the trailing newline: trimmed)
      const std::string_view after = std::string_view(text).substr(limit, text.size() - limit - 1);
      REQUIRE(r.m.content.size() >= after.size());
      CHECK(std::string_view(r.m.content).substr(r.m.content.size() - after.size()) == after);
      for (const auto& d : r.m.diagnostics)
        if (d.code == errc::limit_input_bytes) CHECK(d.offset == limit);
      check_reusable(sp);
    }
    SUBCASE("streamed in 1 MB chunks with a 10 MB limit") {
      opt.max_input_bytes = 10'000'000;
      stream_parser sp{reg, opt};
      const outcome r = run(sp, text, 1'000'000, opt);
      check_linear(r, text.size(), k_stream_work_factor);
      CHECK(has_code(r.m, errc::limit_input_bytes));
      const std::string_view after =
          std::string_view(text).substr(opt.max_input_bytes, text.size() - opt.max_input_bytes - 1);
      REQUIRE(r.m.content.size() >= after.size());
      CHECK(std::string_view(r.m.content).substr(r.m.content.size() - after.size()) == after);
      check_reusable(sp);
    }
  }

  TEST_CASE("each limit gives its limit_* diagnostic, keeps the text as content, and the parser stays usable") {
    const parser_registry reg = parser_registry::builtin();
    SUBCASE("max_call_bytes") {
      const std::string text = "before <tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"" + repeat("x", 2 * k_mib) +
                               "\"}}</tool_call> after";
      const message m = check_all_modes(reg, text);  // default limit: 1 MiB
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      CHECK(has_code(m, errc::limit_call_bytes));
    }
    SUBCASE("max_call_bytes set small, call in the middle of text") {
      options opt = quiet();
      opt.max_call_bytes = 100;
      const std::string big = "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"" + repeat("x", 500) + "\"}}</tool_call>";
      const std::string text = "A " + big + " B " + std::string(k_good_call);
      stream_parser sp{reg, opt};
      const outcome r = run(sp, text, 0, opt);
      CHECK(has_code(r.m, errc::limit_call_bytes));
      REQUIRE(r.m.calls.size() == 1);  // the small call after the big one still parses
      CHECK(r.m.calls[0].name == "get_weather");
      CHECK(r.m.content == "A " + big + " B");
      check_linear(r, text.size());
      check_reusable(sp);
    }
    SUBCASE("max_calls") {
      const std::string one = "<tool_call>{\"name\": \"f\", \"arguments\": {\"i\": 1}}</tool_call>\n";
      const std::string text = repeat(one, one.size() * 300);  // 300 calls; the default limit is 256
      const message m = check_all_modes(reg, text);
      CHECK(m.calls.size() == 256);
      CHECK(has_code(m, errc::limit_calls));
      std::string rest = repeat(one, one.size() * 44);
      rest.pop_back();  // content is trimmed
      CHECK(m.content == rest);
    }
    SUBCASE("max_depth") {
      options opt = quiet();
      opt.max_depth = 8;
      const std::string deep = R"(<tool_call>{"name": "f", "arguments": {"a": )" + repeat("[", 20) + repeat("]", 20) + "}}</tool_call>";
      const message m = check_all_modes(reg, deep, opt);
      CHECK(m.calls.empty());
      CHECK(m.content == deep);
      CHECK(has_code(m, errc::limit_depth));
    }
    SUBCASE("time_budget of 1 microsecond on a large input") {
      options opt = quiet();
      opt.time_budget = std::chrono::microseconds(1);
      const std::string text = repeat("Some prose before the calls. ", 8 * k_mib) + repeat(std::string(k_good_call) + "\n", 1000);
      stream_parser sp{reg, opt};
      const outcome r = run(sp, text, 0, opt);
      CHECK(has_code(r.m, errc::limit_time));
      CHECK(r.m.calls.empty());  // the deadline passed long before the first call
      std::string trimmed = text;
      trimmed.pop_back();
      CHECK(r.m.content == trimmed);
      check_linear(r, text.size());
      const outcome s = run(sp, text, 4096, opt);
      CHECK(has_code(s.m, errc::limit_time));
      CHECK(s.m.content == trimmed);
      check_linear(s, text.size(), k_stream_work_factor);
      check_reusable(sp);
    }
    SUBCASE("max_holdback: text after a possible lone </think> is undecided") {
      options opt = quiet();
      opt.max_holdback = 1000;
      opt.reasoning = toolcall::reasoning_start::detect;
      const std::string text = repeat("thinking or not? ", 10000);
      const message m = check_all_modes(reg, text, opt);
      CHECK(has_code(m, errc::limit_holdback));
      CHECK(m.content == text.substr(0, text.size() - 1));
      CHECK(m.reasoning.empty());
    }
  }

  TEST_CASE("a call name with invalid UTF-8 comes out valid UTF-8") {
    const message m = toolcall::parse("<tool_call>{\"name\": \"f\xff\", \"arguments\": {}}</tool_call>",
                                      parser_registry::builtin(), quiet());
    CHECK(valid_arguments(m));
    for (const auto& c : m.calls) CHECK(simdjson::validate_utf8(c.name.data(), c.name.size()));
  }

  // Found by fuzz_stream (reproducers in fuzz/corpus/fuzz_stream/), fixed in 08a71b4.
  TEST_CASE("max_call_bytes cuts at the same byte whatever the chunking (invariant 1)") {
    options opt = quiet();
    opt.max_call_bytes = 68;
    const std::string text =
        "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"location\":\"San "
        "Francisco\"}<|call|>";
    const parser_registry reg = *parser_registry::only("harmony");
    const outcome one = run(reg, text, 0, opt);
    const outcome s = run(reg, text, 3, opt);
    CHECK(one.m.content == s.m.content);
  }

  TEST_CASE("an unusable call name fails the region at the same byte whatever the chunking (invariant 1)") {
    const std::string text = "<tool_call>{\"name\": \"get weather\", \"arguments\": {\"a<|eot_id|>\": \"" +
                             std::string(72, 'x') + "\"}}</tool_call>";
    const parser_registry reg = *parser_registry::only("hermes");
    const outcome one = run(reg, text, 0);
    const outcome s = run(reg, text, 1);
    CHECK(one.m.content == s.m.content);
    REQUIRE(!one.m.diagnostics.empty());
    REQUIRE(!s.m.diagnostics.empty());
    CHECK(one.m.diagnostics[0].offset == s.m.diagnostics[0].offset);
  }
}

// Library bugs found while writing these tests, each fixed in the engine; the cases
// stay as regression tests.
TEST_SUITE("toolcall/hostile/known_issues") {
  TEST_CASE("time_budget counts the parser's own time, not the time the model takes between deltas" *
            doctest::timeout(600)) {
    // Default options (100 ms budget). A real model streams for seconds; only the time spent
    // inside write()/finish() should count. Today the clock runs from the first write(), so
    // every call after 100 ms of generation (and 4 KB of text) becomes content.
    stream_parser sp{parser_registry::builtin()};
    sp.write("Let me look that up. ");
    std::this_thread::sleep_for(std::chrono::milliseconds(150));  // the model generating
    sp.write(std::string(5000, 'a'));
    sp.write(k_good_call);
    const message m = sp.finish();
    CHECK(m.calls.size() == 1);
    CHECK(!has_code(m, errc::limit_time));
  }

  TEST_CASE("time_budget does not count the caller's callback: a slow client does not turn calls into content" *
            doctest::timeout(600)) {
    // Default options (100 ms budget). A server sends each event to its client from the sink;
    // a client slow to read makes the callback block. Before, a sampled write that included
    // 2 ms in the callback stood for 32 writes, and the budget was spent after a few tokens:
    // the call below became content with limit_time.
    stream_parser sp{parser_registry::builtin()};
    std::size_t events = 0;
    const auto slow_client = [&](const event&) {
      ++events;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    };
    std::string text;
    for (int i = 0; i < 4; ++i) text += "Let me look that up for you, one moment while I check the forecast. ";
    text += std::string(k_good_call) + "\nDone.";
    for (std::size_t i = 0; i < text.size(); ++i) sp.write(std::string_view(text).substr(i, 1), slow_client);
    const message m = sp.finish(slow_client);
    CHECK(events > 200);  // the callback ran (over 400 ms in all, four times the budget)
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(!has_code(m, errc::limit_time));
  }

  TEST_CASE("openai::delta_accumulator never returns arguments that are not JSON") {
    // Found by fuzz_accumulator (fuzz/corpus/fuzz_accumulator/3bc210f6...). finish() validates
    // with json_validator::check_allow_big_numbers, which takes any text that starts with '{'
    // and fails with simdjson's NUMBER_ERROR ("12x") for an object.
    toolcall::openai::delta_accumulator acc;
    acc.feed_chunk(R"({"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function",)"
                   R"("function":{"name":"f","arguments":"{\"a\": 12x, \"b\": [1,}"}}]}}]})");
    const message m = acc.finish();
    CHECK(valid_arguments(m));
    CHECK(m.calls.empty());
  }

  TEST_CASE("a completed region that fails validation keeps its bytes in order (invariant 4)") {
    // Found by fuzz_stream. The Qwen3-Coder region completes, its arguments fail validation
    // (invalid UTF-8 in a parameter value), and fail_region() queues the region's text for a
    // re-scan in carry_; process() then goes on with the rest of the chunk first, so the byte
    // after the region ("t") lands before the re-scanned text: one-shot content is
    // "<function=ts><parameter=h>\xBA</function>". Streamed 1 byte at a time it is right.
    const std::string text = "<function=s><parameter=h>\xBA</function>t";
    const message one = toolcall::parse(text, parser_registry::builtin(), quiet());
    CHECK(one.content == text);
    const outcome s = run(parser_registry::builtin(), text, 1);
    CHECK(s.m.content == one.content);
  }

  TEST_CASE("call names from harmony recipients and Qwen3-Coder tags are valid UTF-8") {
    // Found by fuzz_stream (TOOLCALL_FUZZ_STRICT; fuzz/corpus/fuzz_stream/ has the seed). JSON
    // names are repaired to U+FFFD, but the names read from `to=functions.NAME` and
    // `<function=NAME>` kept the raw byte 0x8C, so the OpenAI message was not UTF-8.
    // A name in UTF-8 (French, Japanese) is the call's name, one-shot and streamed:
    const std::pair<std::string, std::string> named[] = {
        {"<|channel|>commentary to=functions.m\xC3\xA9t\xC3\xA9o <|constrain|>json<|message|>{\"a\":1}<|call|>",
         "m\xC3\xA9t\xC3\xA9o"},
        {"<tool_call>\n<function=\xE5\xA4\xA9\xE6\xB0\x97>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>",
         "\xE5\xA4\xA9\xE6\xB0\x97"},
    };
    for (const auto& t : named) {
      const message m = toolcall::parse(t.first, parser_registry::builtin(), quiet());
      REQUIRE_MESSAGE(m.calls.size() == 1, t.first);
      CHECK(m.calls[0].name == t.second);
      CHECK(simdjson::validate_utf8(m.calls[0].name.data(), m.calls[0].name.size()));
      CHECK(run(parser_registry::builtin(), t.first, 1).m.calls.size() == 1);
    }
    // a name with a byte that is not UTF-8 (a lone continuation byte, a truncated sequence) is
    // no name: the region stays text, with a diagnostic, and the message's JSON is UTF-8
    const std::string bad[] = {
        "<|channel|>commentary to=functions.get\x8cweather <|constrain|>json<|message|>{\"a\":1}<|call|>",
        "<tool_call>\n<function=get\x8cweather>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>",
        "<|channel|>commentary to=functions.get_weather\xC3 <|constrain|>json<|message|>{\"a\":1}<|call|>",
        "<tool_call>\n<function=get_weather\xC3>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>"};
    for (const std::string& text : bad) {
      for (std::size_t chunk : {std::size_t{0}, std::size_t{1}}) {
        const message m = chunk ? run(parser_registry::builtin(), text, chunk).m
                                : toolcall::parse(text, parser_registry::builtin(), quiet());
        CHECK_MESSAGE(m.calls.empty(), text);
        CHECK_MESSAGE(!m.diagnostics.empty(), text);
        CHECK(m.content.find("weather") != std::string::npos);
        const std::string json = toolcall::openai::message_json(m);
        CHECK(simdjson::validate_utf8(json.data(), json.size()));
      }
    }
  }

  TEST_CASE("a failed <tool_call> region always leaves a diagnostic (invariant 4)") {
    options opt = quiet();
    opt.reasoning = toolcall::reasoning_start::none;
    const message m = toolcall::parse("<tool_call>[[[[", parser_registry::builtin(), opt);
    CHECK(m.calls.empty());
    CHECK(m.content == "<tool_call>[[[[");
    CHECK(!m.diagnostics.empty());
  }


  TEST_CASE("the UTF-8 module and the invalid_utf8 note on the model's own text") {
    using toolcall::detail::utf8_first_invalid;
    using toolcall::detail::utf8_valid;
    CHECK(utf8_valid("plain \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x8E\x89"));
    CHECK(!utf8_valid("a\xC3(b"));
    CHECK(utf8_first_invalid("a\xC3(b") == 1);
    CHECK(utf8_first_invalid("ok \xED\xA0\x80") == 3);  // a surrogate
    CHECK(utf8_first_invalid("\xC0\xAF") == 0);         // overlong
    CHECK(utf8_first_invalid("fine") == 4);
    // content keeps the model's bytes, with a note; the JSON written from it is valid UTF-8
    for (std::size_t chunk : {1u, 3u, 1000u}) {
      toolcall::stream_parser sp;
      const std::string t = "Caf\xC3 is closed.\n<tool_call>{\"name\": \"f\", \"arguments\": {\"q\": \"x\xFFy\"}}</tool_call>";
      for (std::size_t i = 0; i < t.size(); i += chunk) sp.write(std::string_view(t).substr(i, chunk));
      const toolcall::message m = sp.finish();
      bool noted = false;
      for (const auto& d : m.diagnostics) noted |= d.code == toolcall::errc::invalid_utf8;
      CHECK(noted);
      std::size_t notes = 0;
      for (const auto& d : m.diagnostics) notes += d.code == toolcall::errc::invalid_utf8;
      CHECK(notes == 2);  // one for the content, one for the arguments
      CHECK(m.content.find("Caf\xC3") != std::string::npos);
      REQUIRE(m.calls.size() == 1);
      CHECK(utf8_valid(m.calls[0].arguments));
      CHECK(utf8_valid(toolcall::openai::message_json(m)));
    }
  }
}
