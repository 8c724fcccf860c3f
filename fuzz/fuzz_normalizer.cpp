// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// fuzz_normalizer: a random OpenAI `tools` array (the schemas) and random model
// output. normalizer::create must never crash and may fail only with errc::invalid_input; a
// normalizer that builds is attached to a parser and a stream parser, and the text goes through
// the same differential checks as fuzz_stream (the fold of the events equals the one-shot
// message; each call's arguments_delta texts concatenate to its final, normalized arguments,
// one valid JSON object).
//
// Input layout (fuzz/make_seeds.py writes seeds in it):
//   byte 0   options: bit 0 coerce_types, 1 repair_names, 2 check_required, 3 fill_defaults,
//            bits 4-5 unknown_tool_policy (3 = forward), bit 6 registry only(hermes)
//   byte 1   largest chunk; byte 2 chunk seed
//   bytes 3-4  length of the tools JSON (big-endian, at most 16384); the tools JSON; the text
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include <toolcall/normalizer.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  toolcall_fuzz::byte_reader in(data, size);
  const std::uint8_t flags = in.byte();
  const std::size_t max_chunk = 1 + in.byte();
  const std::uint8_t chunk_seed = in.byte();
  std::size_t tools_len = std::size_t{in.byte()} << 8;
  tools_len |= in.byte();
  if (tools_len > 16384) tools_len = 16384;
  std::string_view rest = in.rest();
  if (tools_len > rest.size()) tools_len = rest.size();
  const std::string_view tools = rest.substr(0, tools_len);
  const std::string_view text = rest.substr(tools_len);

  toolcall::normalizer_options nopt;
  nopt.coerce_types = (flags & 1u) != 0;
  nopt.repair_names = (flags & 2u) != 0;
  nopt.check_required = (flags & 4u) != 0;
  nopt.fill_defaults = (flags & 8u) != 0;
  const unsigned pol = (flags >> 4) & 3u;
  nopt.unknown_tools = pol == 3 ? toolcall::unknown_tool_policy::forward : static_cast<toolcall::unknown_tool_policy>(pol);
  const toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(tools, nopt);
  if (!n) {
    toolcall_fuzz::require(n.error().code == toolcall::errc::invalid_input,
                           "normalizer::create failed with a code other than invalid_input", n.error().message());
    return 0;
  }
  const toolcall::parser_registry reg =
      (flags & 0x40u) ? *toolcall::parser_registry::only("hermes") : toolcall::parser_registry::builtin();
  toolcall::options opt;
  opt.seed = 0x5eed;
  opt.time_budget = std::chrono::microseconds(0);
  opt.reasoning = toolcall::reasoning_start::detect;  // one start for one-shot and streamed (preset differs by design)
  simdjson::dom::parser jp;
  toolcall::parser p{reg, opt};
  n->attach(p);
  const toolcall::message one = p.parse(text);
  toolcall_fuzz::check_message(jp, one, text.size());
  toolcall::stream_parser sp{reg, opt};
  n->attach(sp);
  toolcall_fuzz::check_stream(sp, jp, text, opt, one, toolcall_fuzz::chunker(chunk_seed, max_chunk));
  return 0;
}
