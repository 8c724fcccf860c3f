// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// One `const parser_registry` shared by 8 threads: each thread
// builds its own parser and stream parser from the shared registry and parses the whole corpus,
// one-shot and streamed, in its own order; every result must equal a single-threaded run. The
// registry holds a custom RE2 format too, so the shared compiled pattern is used concurrently.
// Built with -fsanitize=thread in CI (TOOLCALL_TSAN); no mutable state is shared: each thread
// writes only its own slot of the result vector, read after join().
#include <doctest/doctest.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <thread>
#include <vector>

#include <toolcall/toolcall.hpp>

#include "test_support.hpp"

namespace {

constexpr std::size_t k_threads = 8;

toolcall::options fixed() { return tc_test::deterministic(7); }  // results must not depend on load

toolcall::parser_registry shared_registry() {
  toolcall::parser_registry reg = toolcall::parser_registry::builtin();
  toolcall::format_spec spec;
  spec.name = "bracket_call";
  spec.call_begin = "<<call ";
  spec.call_end = ">>";
  spec.payload = toolcall::payload_kind::regex;
  spec.pattern = R"((?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*(?P<args>\{.*\})?\s*)";
  auto f = toolcall::format::from_spec(spec);
  REQUIRE(f);
  reg.add(*f);
  return reg;
}

/// A compact, comparable rendering of a message (ids included: the seed is fixed).
std::string render(const toolcall::message& m) {
  std::string s = "content=" + m.content + "\x1f" + "reasoning=" + m.reasoning + "\x1f";
  s += m.has_reasoning ? "R" : "-";
  s += toolcall::to_string(m.finish);
  for (const auto& c : m.calls) {
    s += "\x1e" + c.id + "\x1f" + c.name + "\x1f" + c.arguments + "\x1f" + toolcall::to_string(c.status) + "\x1f" +
         c.format + "\x1f" + std::to_string(c.begin) + "-" + std::to_string(c.end);
  }
  for (const auto& d : m.diagnostics) s += "\x1d" + std::string(toolcall::to_string(d.code)) + "@" + std::to_string(d.offset);
  return s;
}

std::vector<std::string> inputs() {
  std::vector<std::string> v;
  for (const auto& c : tc_test::load_corpus()) v.push_back(c.input);
  v.push_back("before <<call lookup {\"q\": \"x\"}>> after");
  v.push_back("<<call bad name {}>>");
  return v;
}

/// Parses every input one-shot and streamed in `chunk`-byte deltas; returns the renderings.
std::vector<std::string> parse_all(const toolcall::parser_registry& reg, const std::vector<std::string>& in,
                                   std::size_t start, std::size_t chunk) {
  toolcall::parser p{reg, fixed()};
  toolcall::stream_parser sp{reg, fixed()};
  std::vector<std::string> out(in.size() * 2);
  for (std::size_t k = 0; k < in.size(); ++k) {
    const std::size_t i = (start + k) % in.size();  // each thread walks the corpus in its own order
    out[2 * i] = render(p.parse(in[i], fixed()));  // the same options each time: the same ids
    sp.reset(fixed());
    for (std::size_t pos = 0; pos < in[i].size(); pos += chunk) sp.write(std::string_view(in[i]).substr(pos, chunk));
    out[2 * i + 1] = render(sp.finish());
  }
  return out;
}

}  // namespace

TEST_SUITE("toolcall/threads") {
  TEST_CASE("one const registry shared by 8 threads gives the single-threaded results") {
    const toolcall::parser_registry reg = shared_registry();
    const std::vector<std::string> in = inputs();
    REQUIRE(in.size() > 200);
    const std::vector<std::string> expected = parse_all(reg, in, 0, 5);
    // sanity: the custom format works single-threaded
    {
      toolcall::parser p{reg, fixed()};
      const toolcall::message m = p.parse(in[in.size() - 2]);
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "lookup");
    }

    std::vector<std::vector<std::string>> results(k_threads);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < k_threads; ++t) {
      threads.emplace_back([&reg, &in, &results, t] {
        // two rounds each, so parser construction in one thread overlaps parsing in others
        results[t] = parse_all(reg, in, t * 37, 5);
        results[t] = parse_all(reg, in, t * 11 + 3, 5);
      });
    }
    for (auto& th : threads) th.join();

    for (std::size_t t = 0; t < k_threads; ++t) {
      CAPTURE(t);
      REQUIRE(results[t].size() == expected.size());
      std::size_t mismatches = 0;
      for (std::size_t i = 0; i < expected.size(); ++i)
        if (results[t][i] != expected[i]) ++mismatches;
      CHECK(mismatches == 0);
    }
  }

  TEST_CASE("registries and formats copied from a shared one in many threads") {
    const toolcall::parser_registry reg = shared_registry();
    const std::vector<std::string> in = inputs();
    const std::vector<std::string> expected = parse_all(reg, in, 0, 64);
    std::vector<std::size_t> mismatches(k_threads, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < k_threads; ++t) {
      threads.emplace_back([&reg, &in, &expected, &mismatches, t] {
        toolcall::parser_registry copy = reg;  // copies share the compiled RE2 (shared_ptr<const RE2>)
        copy.add(*toolcall::format::builtin("hermes"));
        const std::vector<std::string> got = parse_all(copy, in, t, 64);
        for (std::size_t i = 0; i < got.size(); ++i)
          if (got[i] != expected[i]) ++mismatches[t];
      });
    }
    for (auto& th : threads) th.join();
    for (std::size_t t = 0; t < k_threads; ++t) CHECK(mismatches[t] == 0);
  }
}
