// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Tokens per second of the CPU backend on the tiny model with a Qwen-sized vocabulary (151669
// tokens), where the output projection (151669 x 64) dominates each decode step.
//
//   toolcall_chat_engine_bench [threads=0 (all)] [tokens=256] [vocab=151669] [model.gguf]
//
// Without a model path it writes a tiny random qwen3 model to the temporary directory first.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "backend_cpu.hpp"
#include "model.hpp"
#include "test_util.hpp"
#include "tiny_model.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace toolcall_chat;
  const int threads = argc > 1 ? std::atoi(argv[1]) : 0;
  const int n_tokens = argc > 2 ? std::atoi(argv[2]) : 256;
  const int n_vocab = argc > 3 ? std::atoi(argv[3]) : 151669;
  std::string path = argc > 4 ? argv[4] : "";

  engine_test::temp_file scratch("bench");
  auto start = std::chrono::steady_clock::now();
  if (path.empty()) {
    path = scratch.path();
    const engine_status written = write_tiny_model(path, engine_test::tiny_options("qwen3", n_vocab, 1));
    if (!written) {
      std::fprintf(stderr, "%s\n", written.error.c_str());
      return 1;
    }
    std::printf("wrote tiny qwen3 model (vocab %d) in %.2f s\n", n_vocab, seconds_since(start));
  }
  start = std::chrono::steady_clock::now();
  const engine_result<model> m = load_model(path);
  if (!m) {
    std::fprintf(stderr, "%s\n", m.error.c_str());
    return 1;
  }
  std::printf("loaded %s in %.2f s\n", path.c_str(), seconds_since(start));

  cpu_backend cpu(threads);
  session s(m.value, cpu);
  sampler greedy;

  std::vector<std::int32_t> prompt;
  for (int i = 0; i < 64; ++i) prompt.push_back((i * 7919 + 11) % m.value.config.n_vocab);
  start = std::chrono::steady_clock::now();
  if (engine_status st = s.eval(prompt); !st) {
    std::fprintf(stderr, "%s\n", st.error.c_str());
    return 1;
  }
  const double prefill = seconds_since(start);

  start = std::chrono::steady_clock::now();
  for (int i = 0; i < n_tokens; ++i) {
    const std::int32_t next = greedy.sample(s.logits(), static_cast<std::size_t>(s.n_vocab()));
    if (engine_status st = s.eval(&next, 1); !st) {
      std::fprintf(stderr, "%s\n", st.error.c_str());
      return 1;
    }
  }
  const double decode = seconds_since(start);
  std::printf(
      "%s: prefill %zu tokens in %.3f s (%.1f tok/s); decode %d tokens in %.3f s (%.1f tok/s, greedy sampling "
      "included)\n",
      cpu.name(), prompt.size(), prefill, static_cast<double>(prompt.size()) / prefill, n_tokens, decode,
      n_tokens / decode);
  return 0;
}
