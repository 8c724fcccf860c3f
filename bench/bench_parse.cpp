// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// One-shot benchmarks: throughput per transcript, per corpus family
// and over the mix; auto-detection (builtin registry) against one known format
// (parser_registry::only); and, in the same run, two baselines: a std::regex Hermes extractor
// (regex search + JSON parse of each match: the approach of most hand-written parsers) and plain
// simdjson DOM validation of the same JSON bodies (the ceiling).
//
// std::regex recurses once per character it matches with `[\s\S]*?`, so a long call body
// overflows the stack (it segfaults on a 64 KB response). Before registering the
// regex baseline on a transcript we run it once in a child process; where the child dies, the
// baseline is skipped and the run says so.
#include <benchmark/benchmark.h>
#include <simdjson.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include <toolcall/toolcall.hpp>

#include "bench_common.hpp"

namespace {

using toolcall_bench::transcript;

/// Parses each transcript once and checks the call count, so no number is from a wrong result.
bool verify(const toolcall::parser_registry& reg, const transcript& t) {
  toolcall::parser p{reg};
  const toolcall::message m = p.parse(t.text);
  if (m.calls.size() != t.calls) {
    std::fprintf(stderr, "bench: %s gives %zu calls, expected %zu\n", t.name.c_str(), m.calls.size(), t.calls);
    return false;
  }
  return true;
}

void parse_bench(benchmark::State& st, const toolcall::parser_registry& reg, const std::vector<const transcript*>& ts) {
  toolcall::parser p{reg};
  std::size_t bytes = 0, calls = 0;
  for (const transcript* t : ts) bytes += t->text.size(), calls += t->calls;
  for (auto _ : st) {
    std::size_t got = 0;
    for (const transcript* t : ts) {
      toolcall::message m = p.parse(t->text);
      got += m.calls.size();
      benchmark::DoNotOptimize(m);
    }
    if (got != calls) {
      st.SkipWithError("wrong number of calls");
      break;
    }
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * bytes));
  st.counters["calls"] = static_cast<double>(calls);
}

/// The hand-written baseline: regex for the tag, then a JSON parse of each body.
std::size_t regex_extract(const std::regex& re, simdjson::dom::parser& jp, const std::string& text) {
  std::size_t n = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
    const std::string body = (*it)[1].str();
    simdjson::dom::element el;
    if (!jp.parse(body).get(el)) ++n;  // padded copy made by simdjson
  }
  return n;
}

const char* const k_hermes_regex = R"(<tool_call>([\s\S]*?)</tool_call>)";

/// Runs the regex baseline once in a child: true if it survives (no stack overflow).
bool regex_survives(const std::string& text) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const std::regex re(k_hermes_regex);
    simdjson::dom::parser jp;
    (void)regex_extract(re, jp, text);
    _exit(0);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/// The JSON bodies between <tool_call> and </tool_call>.
std::vector<simdjson::padded_string> hermes_bodies(const std::string& text) {
  std::vector<simdjson::padded_string> out;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t b = text.find("<tool_call>", pos);
    if (b == std::string::npos) break;
    const std::size_t e = text.find("</tool_call>", b);
    if (e == std::string::npos) break;
    out.emplace_back(text.substr(b + 11, e - b - 11));
    pos = e + 12;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const toolcall::parser_registry builtin = toolcall::parser_registry::builtin();

  // Everything the benchmarks read lives here, in main's frame, for the whole run.
  const std::vector<transcript> mains = toolcall_bench::main_transcripts();
  std::vector<transcript> samples;
  std::vector<toolcall::parser_registry> only_regs;
  for (const auto& ff : toolcall_bench::family_formats()) {
    transcript t{ff.first, toolcall_bench::read_data("fmt_" + ff.first + ".txt"), 0};
    toolcall::parser p{builtin};
    t.calls = p.parse(t.text).calls.size();
    samples.push_back(std::move(t));
    only_regs.push_back(*toolcall::parser_registry::only(ff.second));
  }
  for (const auto& t : mains)
    if (!verify(builtin, t)) return 1;

  std::vector<const transcript*> mix;
  for (const auto& t : mains) {
    mix.push_back(&t);
    benchmark::RegisterBenchmark(("parse/" + t.name).c_str(),
                                 [&builtin, &t](benchmark::State& st) { parse_bench(st, builtin, {&t}); });
  }
  for (const auto& t : samples) mix.push_back(&t);
  benchmark::RegisterBenchmark("parse/mix", [&builtin, &mix](benchmark::State& st) { parse_bench(st, builtin, mix); });

  // auto-detection across the builtin registry vs the one format the text is in
  const toolcall::parser_registry hermes_only = *toolcall::parser_registry::only("hermes");
  const toolcall::parser_registry coder_only = *toolcall::parser_registry::only("qwen3_coder");
  for (const auto& t : mains) {
    const toolcall::parser_registry& one = t.name == "qwen3_coder_50k" ? coder_only : hermes_only;
    benchmark::RegisterBenchmark(("detect_auto/" + t.name).c_str(),
                                 [&builtin, &t](benchmark::State& st) { parse_bench(st, builtin, {&t}); });
    benchmark::RegisterBenchmark(("detect_only/" + t.name).c_str(),
                                 [&one, &t](benchmark::State& st) { parse_bench(st, one, {&t}); });
  }
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const transcript& t = samples[i];
    const toolcall::parser_registry& one = only_regs[i];
    {
      toolcall::parser p{one};
      if (p.parse(t.text).calls.size() != t.calls) {
        std::fprintf(stderr, "bench: note: fmt_%s parses differently with only(%s); skipped in detect_*\n",
                     t.name.c_str(), toolcall_bench::family_formats()[i].second.c_str());
        continue;
      }
    }
    benchmark::RegisterBenchmark(("detect_auto/fmt_" + t.name).c_str(),
                                 [&builtin, &t](benchmark::State& st) { parse_bench(st, builtin, {&t}); });
    benchmark::RegisterBenchmark(("detect_only/fmt_" + t.name).c_str(),
                                 [&one, &t](benchmark::State& st) { parse_bench(st, one, {&t}); });
  }

  // baseline: std::regex Hermes extractor, where it survives
  for (const auto& t : mains) {
    if (t.name == "qwen3_coder_50k") continue;  // not the Hermes JSON shape
    if (!regex_survives(t.text)) {
      std::fprintf(stderr, "bench: baseline_regex/%s skipped: std::regex crashed (stack overflow) on it\n",
                   t.name.c_str());
      continue;
    }
    benchmark::RegisterBenchmark(("baseline_regex/" + t.name).c_str(), [&t](benchmark::State& st) {
      const std::regex re(k_hermes_regex);
      simdjson::dom::parser jp;
      for (auto _ : st) {
        const std::size_t n = regex_extract(re, jp, t.text);
        if (n != t.calls) {
          st.SkipWithError("regex baseline found a different number of calls");
          break;
        }
      }
      st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * t.text.size()));
    });
  }

  // ceiling: simdjson DOM validation of the same JSON bodies
  std::vector<std::vector<simdjson::padded_string>> bodies;
  bodies.reserve(mains.size());
  for (const auto& t : mains)
    bodies.push_back(t.name == "qwen3_coder_50k" ? std::vector<simdjson::padded_string>{} : hermes_bodies(t.text));
  for (std::size_t i = 0; i < mains.size(); ++i) {
    if (bodies[i].empty()) continue;
    const auto& b = bodies[i];
    benchmark::RegisterBenchmark(("ceiling_simdjson/" + mains[i].name).c_str(), [&b](benchmark::State& st) {
      simdjson::dom::parser jp;
      std::size_t bytes = 0;
      for (const auto& s : b) bytes += s.size();
      for (auto _ : st) {
        for (const auto& s : b) {
          simdjson::dom::element el;
          if (jp.parse(s).get(el)) {
            st.SkipWithError("invalid JSON body");
            return;
          }
          benchmark::DoNotOptimize(el);
        }
      }
      st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * bytes));
      st.counters["body_bytes"] = static_cast<double>(bytes);
    });
  }

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
