// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// A small driver for instruction counts under callgrind (load-independent, unlike the
// benchmarks' times): parses a bench/data transcript N times one-shot, or streams it (or the
// synthetic half-prose response of K*1024 4-byte tokens) in CHUNK-byte writes N times. The
// time budget is set to an hour: valgrind runs ~50x slower and would trip the default 100 ms.
// Subtract a run with N = 0 (the registry and the data) to get the cost of the N runs.
//
//   g++ -std=c++17 -O2 -g -DNDEBUG -Iinclude -Ibench -DTOOLCALL_BENCH_DATA_DIR='"bench/data"'
//       bench/callgrind_drv.cpp -o drv -lsimdjson -lre2
//   valgrind --tool=callgrind ./drv oneshot parallel_10.txt 200
//   valgrind --tool=callgrind ./drv stream gen_file_256k.txt 4 1
//   valgrind --tool=callgrind ./drv half 64 4 1        # halfprose: the prose-only response
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <toolcall/toolcall.hpp>

#include "bench_common.hpp"

namespace {
struct sink {
  std::size_t n = 0;
  void operator()(const toolcall::event& e) { n += e.text.size() + 1; }
};
}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: drv oneshot FILE N | stream FILE CHUNK N | half|halfprose K CHUNK N\n");
    return 2;
  }
  const std::string mode = argv[1];
  std::string text;
  std::size_t chunk = 0, n = 1;
  if (mode == "half" || mode == "halfprose") {
    if (argc < 5) return 2;
    text = toolcall_bench::make_response(toolcall_bench::read_data("chat_prose.txt"),
                                         std::strtoul(argv[2], nullptr, 10) * 1024, mode == "halfprose");
    chunk = std::strtoul(argv[3], nullptr, 10);
    n = std::strtoul(argv[4], nullptr, 10);
  } else if (mode == "stream") {
    if (argc < 5) return 2;
    text = toolcall_bench::read_data(argv[2]);
    chunk = std::strtoul(argv[3], nullptr, 10);
    n = std::strtoul(argv[4], nullptr, 10);
  } else {
    text = toolcall_bench::read_data(argv[2]);
    n = std::strtoul(argv[3], nullptr, 10);
  }
  toolcall::options o;
  o.time_budget = std::chrono::microseconds(3600000000LL);
  std::size_t calls = 0, out = 0;
  if (mode == "oneshot") {
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    for (std::size_t k = 0; k < n; ++k) {
      const toolcall::message m = p.parse(text);
      calls += m.calls.size();
      out += m.content.size();
    }
  } else {
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), o};
    sink s;
    for (std::size_t k = 0; k < n; ++k) {
      sp.reset();
      const std::string_view v(text);
      for (std::size_t pos = 0; pos < v.size(); pos += chunk) sp.write(v.substr(pos, chunk), s);
      calls += sp.finish(s).calls.size();
      out += s.n;
    }
  }
  std::printf("calls %zu out %zu bytes %zu\n", calls, out, text.size());
  return 0;
}
