// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// fuzz_stream (docs/architecture.md "Events", invariants 1-3): differential. The text is parsed
// one-shot, then streamed in chunks whose boundaries come from the input, and again one byte
// at a time (short texts). Each stream must fold into the one-shot message (content,
// reasoning, calls with name, arguments, id under a fixed seed, status, format), finish() must
// return it, each call's arguments_delta texts must concatenate to its final arguments, one
// valid JSON object (simdjson), and no content or reasoning event may hold a complete marker
// that the one-shot content (reasoning) does not hold. Any violation aborts.
//
// Input layout (fuzz/make_seeds.py writes seeds in it):
//   byte 0  flags: bits 0-1 registry (0, 1 builtin; 2 only(format of byte 1); 3 for_model),
//           bits 2-3 reasoning_start (3 = detect), bit 4 calls_in_reasoning = end_reasoning,
//           bit 5 keep_truncated, bit 6 small limits (from byte 1), bit 7 token_limit_hit
//   byte 1  format index / model preset / limit sizes
//   byte 2  largest chunk (1..256)
//   byte 3  chunk seed
//   rest    the model output
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_common.hpp"

#include <toolcall/normalizer.hpp>

namespace {

toolcall::parser_registry pick_registry(std::uint8_t flags, std::uint8_t sel) {
  switch (flags & 3u) {
    case 2: {
      const toolcall::parser_registry all = toolcall::parser_registry::builtin();
      return *toolcall::parser_registry::only(all.formats()[sel % all.formats().size()].name());
    }
    case 3: {
      constexpr std::string_view models[] = {"Qwen/Qwen3-8B", "Qwen/Qwen2.5-Coder-7B-Instruct",
                                             "meta-llama/Llama-3.1-8B-Instruct", "mistralai/Mistral-Nemo",
                                             "deepseek-ai/DeepSeek-R1", "openai/gpt-oss-20b",
                                             "Qwen/Qwen3-Coder-30B-A3B", "meta-llama/Llama-4-Scout"};
      return toolcall::parser_registry::for_model(models[sel % 8]);
    }
    default: return toolcall::parser_registry::builtin();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  toolcall_fuzz::byte_reader in(data, size);
  const std::uint8_t flags = in.byte();
  const std::uint8_t sel = in.byte();
  const std::size_t max_chunk = 1 + in.byte();
  const std::uint8_t chunk_seed = in.byte();
  const std::string_view text = in.rest();

  toolcall::options opt;
  opt.seed = 0x5eed;
  opt.time_budget = std::chrono::microseconds(0);  // the deadline is the one non-deterministic limit
  const unsigned rs = (flags >> 2) & 3u;
  // explicit starts only: `preset` means `detect` one-shot and `closed` streamed, by design
  static constexpr toolcall::reasoning_start starts[] = {toolcall::reasoning_start::closed, toolcall::reasoning_start::open,
                                                         toolcall::reasoning_start::none, toolcall::reasoning_start::detect};
  opt.reasoning = starts[rs];
  if (flags & 0x10u) opt.calls_in_reasoning = toolcall::reasoning_calls::end_reasoning;
  opt.keep_truncated = (flags & 0x20u) != 0;
  if (flags & 0x40u) {
    opt.max_input_bytes = 64 + 16 * std::size_t{sel};
    opt.max_call_bytes = 16 + 4 * std::size_t{sel};
    opt.max_calls = 1 + sel % 4;
    opt.max_depth = 1 + sel % 8;
    opt.max_holdback = 8 + sel;
  }
  opt.token_limit_hit = (flags & 0x80u) != 0;

  const toolcall::parser_registry reg = pick_registry(flags, sel);
  simdjson::dom::parser jp;
  toolcall::parser p{reg, opt};
  // an odd chunk seed attaches the request's tools: schema typing, name repair, and the
  // tag-per-tool XML openers (<get_weather>...) that only exist with tools
  static const toolcall::result<toolcall::normalizer> tools = toolcall::normalizer::create(
      R"([{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
          "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}}},
         {"type": "function", "function": {"name": "read_file", "parameters": {"type": "object",
          "properties": {"path": {"type": "string"}, "offset": {"type": ["integer", "null"]}}}}},
         {"type": "function", "function": {"name": "search", "parameters": {"type": "object"}}}])");
  const bool with_tools = (chunk_seed & 1u) != 0 && tools;
  if (with_tools) tools->attach(p);
  const toolcall::message one = p.parse(text);
  toolcall_fuzz::check_message(jp, one, text.size());

  toolcall::stream_parser sp{reg, opt};
  if (with_tools) tools->attach(sp);
  toolcall_fuzz::check_stream(sp, jp, text, opt, one, toolcall_fuzz::chunker(chunk_seed, max_chunk));
  if (text.size() <= 4096) toolcall_fuzz::check_stream(sp, jp, text, opt, one, [] { return std::size_t{1}; });
  return 0;
}
