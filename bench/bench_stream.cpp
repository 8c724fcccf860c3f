// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Streaming benchmarks: the cost per 4-byte token of a stream parser
// fed a response of 1K, 4K, 16K and 64K tokens (ns_per_token must stay flat), 64-byte chunks,
// the peak heap memory of one stream, and the baseline that re-parses the whole accumulated text
// at every token with our own one-shot parser (what llama.cpp's server and vLLM's parsers do).
//
// Peak memory method: this binary replaces the global operator new/delete with versions that
// keep the live and the peak heap bytes (malloc_usable_size of each block) in two atomics. A
// peak benchmark sets peak = live before the stream, runs write()+finish(), and reports
// peak - live_before: every byte the stream parser, its engine, its buffers and the message it
// builds held at the high-water mark (the response text itself is allocated before).
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include <toolcall/toolcall.hpp>

#include "bench_common.hpp"

// --- heap accounting (the one process-wide state of this binary; benchmarks only) ---------------
namespace {
std::atomic<std::size_t> g_live{0};
std::atomic<std::size_t> g_peak{0};

void* counted_alloc(std::size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  const std::size_t live = g_live.fetch_add(malloc_usable_size(p), std::memory_order_relaxed) + malloc_usable_size(p);
  std::size_t peak = g_peak.load(std::memory_order_relaxed);
  while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
  return p;
}
void counted_free(void* p) noexcept {
  if (!p) return;
  g_live.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}
}  // namespace

void* operator new(std::size_t n) { return counted_alloc(n); }
void* operator new[](std::size_t n) { return counted_alloc(n); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }

namespace {

constexpr std::size_t k_token = 4;

/// A consumer like an SSE writer: looks at every event, keeps nothing.
struct counting_sink {
  std::size_t events = 0, bytes = 0;
  void operator()(const toolcall::event& ev) {
    ++events;
    bytes += ev.text.size();
  }
};

/// `recycle`: the message is given back to the parser (stream_parser::recycle), as an engine
/// that streams response after response may do; otherwise it is freed.
std::size_t stream_once(toolcall::stream_parser& sp, const std::string& text, std::size_t chunk, counting_sink& sink,
                        bool recycle = false) {
  sp.reset();
  const std::string_view v(text);
  for (std::size_t pos = 0; pos < v.size(); pos += chunk) sp.write(v.substr(pos, chunk), sink);
  toolcall::message m = sp.finish(sink);
  const std::size_t n = m.calls.size();
  if (recycle) sp.recycle(std::move(m));
  return n;
}

void stream_bench(benchmark::State& st, const std::string& text, std::size_t chunk, std::size_t calls,
                  bool recycle = false) {
  toolcall::stream_parser sp{toolcall::parser_registry::builtin()};
  counting_sink sink;
  for (auto _ : st) {
    if (stream_once(sp, text, chunk, sink, recycle) != calls) {
      st.SkipWithError("wrong number of calls");
      break;
    }
  }
  const double tokens = static_cast<double>(text.size() / k_token);
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * text.size()));
  st.counters["tokens"] = tokens;
  st.counters["ns_per_token"] = benchmark::Counter(tokens * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                                      benchmark::Counter::kInvert);
  st.counters["bytes_examined_per_byte"] =
      static_cast<double>(sp.stats().bytes_examined) / static_cast<double>(text.size());
}

/// `chunk`: the write size (0: the whole text in one write, as one-shot parsing does).
void peak_bench(benchmark::State& st, const std::string& text, std::size_t calls, bool events_only = false,
                std::size_t chunk = k_token) {
  toolcall::options opt;
  opt.events_only = events_only;
  toolcall::stream_parser sp{toolcall::parser_registry::builtin(), opt};
  counting_sink sink;
  std::size_t peak = 0;
  for (auto _ : st) {
    sp.reset();
    const std::size_t before = g_live.load();
    g_peak.store(before);
    if (stream_once(sp, text, chunk == 0 ? text.size() : chunk, sink) != calls) {
      st.SkipWithError("wrong number of calls");
      break;
    }
    peak = g_peak.load() - before;
  }
  st.counters["peak_heap_bytes"] = static_cast<double>(peak);
  st.counters["peak_per_input_byte"] = static_cast<double>(peak) / static_cast<double>(text.size());
}

/// The naive approach: append the token, re-parse everything so far, diff against last time.
void naive_bench(benchmark::State& st, const std::string& text, std::size_t calls) {
  toolcall::parser p{toolcall::parser_registry::builtin()};
  std::string acc;
  acc.reserve(text.size());
  for (auto _ : st) {
    acc.clear();
    std::size_t last_calls = 0;
    for (std::size_t pos = 0; pos < text.size(); pos += k_token) {
      acc.append(text, pos, k_token);
      toolcall::message m = p.parse(acc);
      last_calls = m.calls.size();
      benchmark::DoNotOptimize(m);
    }
    if (last_calls != calls) {
      st.SkipWithError("wrong number of calls");
      break;
    }
  }
  const double tokens = static_cast<double>(text.size() / k_token);
  st.counters["tokens"] = tokens;
  st.counters["ns_per_token"] = benchmark::Counter(tokens * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                                      benchmark::Counter::kInvert);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const std::string prose = toolcall_bench::read_data("chat_prose.txt");
  struct response {
    std::string name;
    std::string text;
    std::size_t calls;
  };
  std::vector<response> rs;
  for (std::size_t k : {1, 4, 16, 64}) {
    rs.push_back({std::to_string(k) + "K", toolcall_bench::make_response(prose, k * 1024), 1});
    rs.push_back({std::to_string(k) + "K_prose", toolcall_bench::make_response(prose, k * 1024, true), 0});
  }
  // the generated-file response: one call writing 256 KB, the argument-heavy case
  rs.push_back({"gen_file_256k", toolcall_bench::read_data("gen_file_256k.txt"), 1});
  for (const auto& r : rs) {
    benchmark::RegisterBenchmark(("stream_4B/" + r.name).c_str(),
                                 [&r](benchmark::State& st) { stream_bench(st, r.text, k_token, r.calls); });
  }
  // the same, each message given back with recycle(): no allocation in the steady state
  for (const auto& r : rs) {
    if (r.name != "1K" && r.name != "64K" && r.name != "gen_file_256k") continue;
    benchmark::RegisterBenchmark(("stream_4B_recycle/" + r.name).c_str(),
                                 [&r](benchmark::State& st) { stream_bench(st, r.text, k_token, r.calls, true); });
    if (r.name == "64K")
      benchmark::RegisterBenchmark(("stream_64B_recycle/" + r.name).c_str(),
                                   [&r](benchmark::State& st) { stream_bench(st, r.text, 64, r.calls, true); });
  }
  for (const auto& r : rs) {
    if (r.name != "64K" && r.name != "64K_prose") continue;
    benchmark::RegisterBenchmark(("stream_64B/" + r.name).c_str(),
                                 [&r](benchmark::State& st) { stream_bench(st, r.text, 64, r.calls); });
    benchmark::RegisterBenchmark(("stream_peak_mem/" + r.name).c_str(),
                                 [&r](benchmark::State& st) { peak_bench(st, r.text, r.calls); })
        ->Iterations(3);
  }
  // options::events_only: memory in O(largest call + longest marker), not O(response)
  for (const auto& r : rs) {
    if (r.name != "64K" && r.name != "64K_prose" && r.name != "gen_file_256k") continue;
    if (r.name == "gen_file_256k")
      benchmark::RegisterBenchmark(("stream_peak_mem/" + r.name).c_str(),
                                   [&r](benchmark::State& st) { peak_bench(st, r.text, r.calls); })
          ->Iterations(3);
    benchmark::RegisterBenchmark(("stream_peak_mem_events_only/" + r.name).c_str(),
                                 [&r](benchmark::State& st) { peak_bench(st, r.text, r.calls, true); })
        ->Iterations(3);
    // the whole text in one write: a region is a view of the caller's text, not a copy
    benchmark::RegisterBenchmark(("oneshot_peak_mem/" + r.name).c_str(),
                                 [&r](benchmark::State& st) { peak_bench(st, r.text, r.calls, false, 0); })
        ->Iterations(3);
    benchmark::RegisterBenchmark(("oneshot_peak_mem_events_only/" + r.name).c_str(),
                                 [&r](benchmark::State& st) { peak_bench(st, r.text, r.calls, true, 0); })
        ->Iterations(3);
  }
  // The naive baseline is quadratic: one iteration at 16K and 64K tokens (64K takes seconds).
  for (const auto& r : rs) {
    if (r.name == "1K" || r.name == "4K")
      benchmark::RegisterBenchmark(("naive_reparse/" + r.name).c_str(),
                                   [&r](benchmark::State& st) { naive_bench(st, r.text, r.calls); })
          ->Unit(benchmark::kMillisecond);
    if (r.name == "16K" || r.name == "64K" || r.name == "gen_file_256k")
      benchmark::RegisterBenchmark(("naive_reparse/" + r.name).c_str(),
                                   [&r](benchmark::State& st) { naive_bench(st, r.text, r.calls); })
          ->Unit(benchmark::kMillisecond)
          ->Iterations(1);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
