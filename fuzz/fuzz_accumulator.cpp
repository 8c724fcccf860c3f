// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// fuzz_accumulator: openai::delta_accumulator, the client side, with random chunk
// JSON and random SSE bytes. It must never crash; every call it returns has a name and
// arguments that are one valid JSON object (simdjson); and SSE bytes fed in random pieces give
// the same message as the same bytes fed at once (ids fixed by the seed).
//
// Input layout (fuzz/make_seeds.py writes seeds in it):
//   byte 0  bit 0: SSE bytes (else chunk JSON, one chunk per line); bit 1: content fallback
//   byte 1  largest piece; byte 2 piece seed; the rest: the stream
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <toolcall/openai.hpp>

#include "fuzz_common.hpp"

namespace {

toolcall::openai::accumulator_options acc_options(bool fallback) {
  toolcall::openai::accumulator_options o;
  o.fallback = fallback;
  o.parse.seed = 0x5eed;
  o.parse.time_budget = std::chrono::microseconds(0);
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  toolcall_fuzz::byte_reader in(data, size);
  const std::uint8_t flags = in.byte();
  const std::size_t max_piece = 1 + in.byte();
  const std::uint8_t seed = in.byte();
  const std::string_view stream = in.rest();
  const bool fallback = (flags & 2u) != 0;
  simdjson::dom::parser jp;

  if ((flags & 1u) == 0) {
    toolcall::openai::delta_accumulator acc(acc_options(fallback));
    std::size_t pos = 0;
    while (pos <= stream.size()) {
      std::size_t e = stream.find('\n', pos);
      if (e == std::string_view::npos) e = stream.size();
      (void)acc.feed_chunk(stream.substr(pos, e - pos));
      pos = e + 1;
    }
    const toolcall::message m = acc.finish();
    toolcall_fuzz::check_message(jp, m, static_cast<std::size_t>(-1));
    return 0;
  }

  toolcall::openai::delta_accumulator whole(acc_options(fallback));
  whole.feed_sse(stream);
  const toolcall::message a = whole.finish();
  toolcall_fuzz::check_message(jp, a, static_cast<std::size_t>(-1));

  toolcall::openai::delta_accumulator pieces(acc_options(fallback));
  toolcall_fuzz::chunker next(seed, max_piece);
  for (std::size_t pos = 0; pos < stream.size();) {
    const std::size_t n = std::min(next(), stream.size() - pos);
    pieces.feed_sse(stream.substr(pos, n));
    pos += n;
  }
  const toolcall::message b = pieces.finish();
  toolcall_fuzz::check_equal(a, b, "SSE fed in pieces differs from SSE fed at once");
  return 0;
}
