// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Every limit, hit by realistic output of a JSON family (Hermes) and an XML family (Qwen3-Coder),
// one-shot and streamed: its diagnostic code, the text kept as content, the calls before the
// limit kept, and the parser usable for the next response.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <simdjson.h>

#include "test_support.hpp"

namespace {


/// How deep a JSON text nests: 1 for a flat object, 2 for an object holding an array, ...
std::size_t json_depth(simdjson::dom::element e) {
  std::size_t d = 0;
  simdjson::dom::object o;
  if (!e.get_object().get(o)) {
    for (auto kv : o) d = std::max(d, json_depth(kv.value));
    return d + 1;
  }
  simdjson::dom::array a;
  if (!e.get_array().get(a)) {
    for (simdjson::dom::element x : a) d = std::max(d, json_depth(x));
    return d + 1;
  }
  return 0;
}
std::size_t json_depth(const std::string& text) {
  simdjson::dom::parser p;
  simdjson::dom::element e;
  return p.parse(text).get(e) ? 0 : json_depth(e);
}

/// A corpus case with the built-in registry under `o` (its tools attached), one-shot and
/// streamed in 1-byte writes and two random chunkings.
tc_test::split_result corpus_split(const tc_test::corpus_case& c, const toolcall::options& o) {
  tc_test::chunkings how;
  how.two_pieces = false;
  how.random = 2;
  return tc_test::split_compare(toolcall::parser_registry::builtin(), o, c.input, how, tc_test::with_tools{c.tools_json});
}

/// How a family writes one call with string (or JSON) arguments.
struct family {
  const char* format;
  std::string (*call)(const std::string& name, const std::vector<std::pair<std::string, std::string>>& args);
};

std::string hermes_call(const std::string& name, const std::vector<std::pair<std::string, std::string>>& args) {
  std::string s = "<tool_call>\n{\"name\": \"" + name + "\", \"arguments\": {";
  for (std::size_t k = 0; k < args.size(); ++k) {
    if (k) s += ", ";
    const bool raw = !args[k].second.empty() && (args[k].second[0] == '{' || args[k].second[0] == '[');
    s += "\"" + args[k].first + "\": " + (raw ? args[k].second : "\"" + args[k].second + "\"");
  }
  return s + "}}\n</tool_call>";
}

std::string qwen3_coder_call(const std::string& name, const std::vector<std::pair<std::string, std::string>>& args) {
  std::string s = "<tool_call>\n<function=" + name + ">\n";
  for (const auto& a : args) s += "<parameter=" + a.first + ">\n" + a.second + "\n</parameter>\n";
  return s + "</function>\n</tool_call>";
}

const family k_families[] = {{"hermes", hermes_call}, {"qwen3_coder", qwen3_coder_call}};

toolcall::options base() {
  toolcall::options o = tc_test::deterministic(11);  // no deadline unless the test sets one
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

/// A source file of about `n` bytes, as a model writes one into a write_file call.
std::string source_file(std::size_t n) {
  std::string s;
  for (int line = 0; s.size() < n; ++line)
    s += "int f" + std::to_string(line) + "(int x) { return x * " + std::to_string(line) + "; }\n";
  return s;
}

/// One-shot, then streamed in 1-, 7- and 64-byte writes: every run gives the same message
/// (the limits are counted on bytes and calls, whatever the chunking). Returns the message.
toolcall::message parse_both_ways(const family& fam, const toolcall::options& o, const std::string& text,
                                  const std::string& tools_json = "") {
  const auto attach = [&](auto& p) {
    if (!tools_json.empty()) toolcall::normalizer::create(tools_json)->attach(p);
  };
  const tc_test::split_result r = tc_test::split_compare(*toolcall::parser_registry::only(fam.format), o, text,
                                                         {false, {1, 7, 64}, 0}, attach);
  CHECK_MESSAGE(r.err.empty(), (std::string(fam.format) + ": " + r.err));
  return r.one;
}

/// The parsers that hit a limit on `text` parse the next response whole (with `next_opt`).
void check_usable(const family& fam, const toolcall::options& o, const std::string& text,
                  const toolcall::options& next_opt) {
  const auto reg = *toolcall::parser_registry::only(fam.format);
  const std::string next = fam.call("get_time", {{"tz", "UTC"}});
  toolcall::parser p{reg, o};
  (void)p.parse(text);
  const toolcall::message a = p.parse(next, next_opt);
  REQUIRE(a.calls.size() == 1);
  CHECK(a.calls[0].arguments == "{\"tz\":\"UTC\"}");
  toolcall::stream_parser sp{reg, o};
  sp.write(text);
  (void)sp.finish();
  sp.reset(next_opt);
  sp.write(next);
  CHECK(sp.finish().calls.size() == 1);
}

}  // namespace

TEST_SUITE("toolcall/limits") {
  TEST_CASE("max_input_bytes: a reply longer than the limit is content from there on, with limit_input_bytes") {
    for (const family& fam : k_families) {
      INFO(std::string(fam.format));
      toolcall::options o = base();
      o.max_input_bytes = 4096;
      const std::string text = "I'll write the file now.\n" +
                               fam.call("write_file", {{"path", "src/gen.c"}, {"content", source_file(8000)}});
      const toolcall::message m = parse_both_ways(fam, o, text);
      CHECK(m.calls.empty());
      CHECK(tc_test::has_diagnostic(m, toolcall::errc::limit_input_bytes));
      CHECK(m.content == text);
      check_usable(fam, o, text, o);
      // under the limit the same call parses
      o.max_input_bytes = 1u << 20;
      REQUIRE(parse_both_ways(fam, o, text).calls.size() == 1);
    }
  }

  TEST_CASE("max_call_bytes: an oversized call is content with limit_call_bytes; the next call still parses") {
    for (const family& fam : k_families) {
      INFO(std::string(fam.format));
      toolcall::options o = base();
      o.max_call_bytes = 2048;
      const std::string body = source_file(6000);
      const std::string text = fam.call("write_file", {{"path", "src/gen.c"}, {"content", body}}) + "\n" +
                               fam.call("run_tests", {{"target", "gen"}});
      const toolcall::message m = parse_both_ways(fam, o, text);
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "run_tests");
      CHECK(tc_test::has_diagnostic(m, toolcall::errc::limit_call_bytes));
      CHECK(m.content.find(body) != std::string::npos);
      check_usable(fam, o, text, o);
    }
  }

  TEST_CASE("max_calls: parallel calls past the limit stay content, with limit_calls") {
    for (const family& fam : k_families) {
      INFO(std::string(fam.format));
      toolcall::options o = base();
      o.max_calls = 3;
      std::string text = "Checking the five cities.\n";
      for (const char* city : {"Paris", "Lyon", "Nice", "Lille", "Brest"})
        text += fam.call("get_weather", {{"city", city}}) + "\n";
      const toolcall::message m = parse_both_ways(fam, o, text);
      REQUIRE(m.calls.size() == 3);
      CHECK(m.calls[2].arguments == "{\"city\":\"Nice\"}");
      CHECK(tc_test::has_diagnostic(m, toolcall::errc::limit_calls));
      CHECK(m.content.find("Lille") != std::string::npos);
      CHECK(m.content.find("Brest") != std::string::npos);
      CHECK(m.content.find("Paris") == std::string::npos);
      check_usable(fam, o, text, o);
    }
  }

  TEST_CASE("max_depth: arguments nested deeper than the limit are content, with limit_depth") {
    // a query filter as models write them: and/or groups nested ten deep
    std::string filter = "{\"field\": \"status\", \"eq\": \"open\"}";
    for (int k = 0; k < 10; ++k) filter = "{\"and\": [" + filter + ", {\"field\": \"owner\", \"eq\": \"me\"}]}";
    // the request's tools type the XML family's value as an object (untyped, it is a string)
    const std::string tools = R"([{"type": "function", "function": {"name": "search_issues", "parameters": {"type":
        "object", "properties": {"filter": {"type": "object"}}}}}])";
    for (const family& fam : k_families) {
      INFO(std::string(fam.format));
      toolcall::options o = base();
      o.max_depth = 8;
      const std::string text = fam.call("search_issues", {{"filter", filter}});
      const toolcall::message m = parse_both_ways(fam, o, text, tools);
      CHECK(m.calls.empty());
      CHECK(tc_test::has_diagnostic(m, toolcall::errc::limit_depth));
      CHECK(m.content.find("\"and\"") != std::string::npos);
      // within the limit the same call parses, its filter as JSON
      o.max_depth = 64;
      const toolcall::message ok = parse_both_ways(fam, o, text, tools);
      REQUIRE(ok.calls.size() == 1);
      CHECK(ok.calls[0].arguments.find("{\"filter\":{\"and\":[") == 0);
      o.max_depth = 8;
      check_usable(fam, o, text, o);
    }
  }

  TEST_CASE("max_holdback: a reasoning opener never closed is released as content, with limit_holdback") {
    // detect mode holds text that a later lone </think> would make reasoning; a reply that
    // never closes it is released at the limit
    for (const family& fam : k_families) {
      INFO(std::string(fam.format));
      toolcall::options o = base();
      o.max_holdback = 256;
      std::string prose;
      while (prose.size() < 1000) prose += "The user wants the forecast, so I should look it up first. ";
      const std::string text = prose + "\n" + fam.call("get_weather", {{"city", "Oslo"}});
      const auto reg = *toolcall::parser_registry::only(fam.format);
      toolcall::parser p{reg, o};
      const toolcall::message m = p.parse(text);
      CHECK(tc_test::has_diagnostic(m, toolcall::errc::limit_holdback));
      CHECK(m.content.find(prose.substr(0, 200)) == 0);
      REQUIRE(m.calls.size() == 1);
      // every chunking gives the same message, and the diagnostic is at the first byte over the
      // limit: the 257th byte of undecided text
      const auto at = [](const toolcall::message& msg) {
        for (const auto& d : msg.diagnostics)
          if (d.code == toolcall::errc::limit_holdback) return d.offset;
        return std::size_t(-1);
      };
      CHECK(at(m) == 256);
      toolcall::stream_parser chunked{reg, o};
      for (std::size_t size : {1, 7, 64}) {
        chunked.reset(o);
        tc_test::folder f;
        const toolcall::message c = tc_test::write_cut(chunked, text, tc_test::plans_of(text.size(), {false, {size}, 0})[0], f);
        CHECK(tc_test::has_diagnostic(c, toolcall::errc::limit_holdback));
        CHECK(at(c) == at(m));
        CHECK(c.content == m.content);
        REQUIRE(c.calls.size() == 1);
        CHECK(c.calls[0].arguments == m.calls[0].arguments);
        CHECK(tc_test::same_message(f.m, c).empty());
      }
      // streamed, the held text is released while the reply is still coming
      toolcall::stream_parser sp{*toolcall::parser_registry::only(fam.format), o};
      std::string seen;
      auto sink = [&](const toolcall::event& ev) {
        if (ev.kind == toolcall::event_kind::content) seen.append(ev.text);
      };
      sp.write(prose, sink);
      CHECK(seen.size() >= prose.size() - o.max_holdback);
      (void)sp.finish(sink);
    }
  }

  TEST_CASE("time_budget: a reply that takes longer to parse than the budget is content from there on") {
    // a 1 microsecond budget is spent within the first calls of a 4 MiB reply; the clock only
    // runs inside parse()/write()/finish()
    for (const family& fam : k_families) {
      INFO(std::string(fam.format));
      toolcall::options o = base();
      o.time_budget = std::chrono::microseconds(1);
      const std::string one = fam.call("append_log", {{"line", "build step finished"}}) + "\n";
      std::string text;
      while (text.size() < (std::size_t{4} << 20)) text += one;
      const std::size_t n = text.size() / one.size();
      toolcall::parser p{*toolcall::parser_registry::only(fam.format), o};
      const toolcall::message m = p.parse(text);
      CHECK(tc_test::has_diagnostic(m, toolcall::errc::limit_time));
      CHECK(m.calls.size() < n);
      CHECK_FALSE(m.content.empty());
      toolcall::stream_parser sp{*toolcall::parser_registry::only(fam.format), o};
      for (std::size_t i = 0; i < text.size(); i += 4096) sp.write(std::string_view(text).substr(i, 4096));
      const toolcall::message s = sp.finish();
      CHECK(tc_test::has_diagnostic(s, toolcall::errc::limit_time));
      CHECK(s.calls.size() < n);
      check_usable(fam, o, text, base());
    }
  }

  TEST_CASE("max_depth in every family: a call nested deeper than the limit never passes, and says limit_depth") {
    // every corpus case whose calls nest, under a limit of 1. Nesting counts as written: the
    // brackets of a JSON envelope or list count where the format writes them, a parameter value
    // (XML families, keyword arguments) from its own first bracket. So no call whose arguments
    // nest more than one level below the arguments object comes out, a call the limit stopped
    // is named by limit_depth (not by another code), and every chunking gives the one-shot message
    std::size_t nested = 0;
    for (const auto& c : tc_test::load_corpus()) {
      if (c.error || c.calls.empty()) continue;
      bool deep = false;
      for (const auto& x : c.calls) deep |= json_depth(x.arguments) > 1;
      if (!deep) continue;
      ++nested;
      INFO(c.id);
      toolcall::options o = base();
      o.max_depth = 1;
      const tc_test::split_result r = corpus_split(c, o);
      CHECK_MESSAGE(r.err.empty(), r.err);
      for (const auto& k : r.one.calls) CHECK_MESSAGE(json_depth(k.arguments) <= 2, k.arguments);
      if (r.one.calls.size() < c.calls.size()) CHECK(tc_test::has_diagnostic(r.one, toolcall::errc::limit_depth));
    }
    CHECK(nested >= 40);  // the corpus's nested calls, across the families
  }

  TEST_CASE("max_calls in every family: one call passes, limit_calls says so at the same offset in every chunking") {
    // every corpus case with two calls or more, under a limit of 1: the first call stands, the
    // rest do not, limit_calls is reported, and every chunking gives the one-shot message, the
    // diagnostic's offset included (it was where the write that announced the call began)
    std::size_t lists = 0;
    for (const auto& c : tc_test::load_corpus()) {
      if (c.error || c.calls.size() < 2) continue;
      ++lists;
      INFO(c.id);
      toolcall::options o = base();
      o.max_calls = 1;
      const tc_test::split_result r = corpus_split(c, o);
      CHECK_MESSAGE(r.err.empty(), r.err);
      CHECK(r.one.calls.size() <= 1);
      CHECK(tc_test::has_diagnostic(r.one, toolcall::errc::limit_calls));
    }
    CHECK(lists >= 60);  // the corpus's parallel calls, across the families
  }

  TEST_CASE("max_depth in a line-per-call block (Olmo 3): the line is dropped with limit_depth, its closer still ends the block") {
    const toolcall::parser_registry reg = tc_test::only_format("olmo3");
    toolcall::options o = base();
    o.max_depth = 2;
    const std::string one = "<function_calls>open_issue(meta={\"owner\": {\"team\": [\"web\"]}})</function_calls>";
    const tc_test::split_result a = tc_test::split_compare(reg, o, one);
    CHECK_MESSAGE(a.err.empty(), a.err);
    CHECK(a.one.calls.empty());
    CHECK(a.one.content == one);
    CHECK(tc_test::has_diagnostic(a.one, toolcall::errc::limit_depth));
    CHECK_FALSE(tc_test::has_diagnostic(a.one, toolcall::errc::unterminated_call));
    // the other line of the block stays a call; the text after the closer is content
    const std::string two = "<function_calls>open_issue(meta={\"owner\": {\"team\": [\"web\"]}})\n"
                            "get_time(tz=\"UTC\")</function_calls> Done.";
    const tc_test::split_result b = tc_test::split_compare(reg, o, two);
    CHECK_MESSAGE(b.err.empty(), b.err);
    REQUIRE(b.one.calls.size() == 1);
    CHECK(b.one.calls[0].name == "get_time");
    CHECK(b.one.content == "Done.");
    CHECK(tc_test::has_diagnostic(b.one, toolcall::errc::limit_depth));
    // a '<' on a skipped line that is not the closer is the line's own text
    const std::string three = "<function_calls>open_issue(meta={\"html\": {\"b\": [\"<b>x</b>\"]}})\n"
                              "get_time(tz=\"UTC\")\n</function_calls>";
    const tc_test::split_result t = tc_test::split_compare(reg, o, three);
    CHECK_MESSAGE(t.err.empty(), t.err);
    REQUIRE(t.one.calls.size() == 1);
    CHECK(t.one.calls[0].name == "get_time");
  }
}
