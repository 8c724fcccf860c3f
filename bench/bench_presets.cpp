// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// What a server pays to pick a model's formats: parser_registry::for_model() on hub names (a
// known family, a quantised re-upload, an unknown name that falls back to every format), and
// parser_registry::builtin(). The rooms and their compiled presets are built once per process,
// so these measure the per-call cost after the first call.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>

#include <toolcall/toolcall.hpp>

namespace {

const char* const k_names[] = {
    "Qwen/Qwen3-8B",
    "mlx-community/Qwen3-4B-4bit",
    "unsloth/DeepSeek-R1-Distill-Qwen-14B-GGUF",
    "meta-llama/Llama-3.1-8B-Instruct",
    "mistralai/Mistral-Nemo-Instruct-2407",
    "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B",
    "openai/gpt-oss-20b",
    "bartowski/Hermes-3-Llama-3.1-8B-GGUF",
};

void for_model_known(benchmark::State& st) {
  std::size_t i = 0, formats = 0;
  for (auto _ : st) {
    const toolcall::parser_registry r = toolcall::parser_registry::for_model(k_names[i++ % 8]);
    formats += r.formats().size();
    benchmark::DoNotOptimize(formats);
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations()));
}

void for_model_unknown(benchmark::State& st) {
  std::size_t formats = 0;
  for (auto _ : st) {
    const toolcall::parser_registry r = toolcall::parser_registry::for_model("acme/unheard-of-7b-instruct");
    formats += r.formats().size();
    benchmark::DoNotOptimize(formats);
  }
}

void builtin_registry(benchmark::State& st) {
  std::size_t formats = 0;
  for (auto _ : st) {
    const toolcall::parser_registry r = toolcall::parser_registry::builtin();
    formats += r.formats().size();
    benchmark::DoNotOptimize(formats);
  }
}

}  // namespace

BENCHMARK(for_model_known)->Unit(benchmark::kMicrosecond);
BENCHMARK(for_model_unknown)->Unit(benchmark::kMicrosecond);
BENCHMARK(builtin_registry)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
