// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// fuzz_accumulator: the client side of every wire: openai::delta_accumulator (chat
// completions), openai::responses_accumulator (Responses API) and anthropic::accumulator
// (Messages), with random event JSON and random SSE bytes. It must never crash; every call it
// returns has a name, an id (unique) and arguments that are one valid JSON object (simdjson);
// content, reasoning and the message's JSON (openai::result_json) are valid UTF-8; and SSE bytes
// fed in random pieces give the same message as the same bytes fed at once (ids fixed by the
// seed).
//
// Input layout (fuzz/make_seeds.py writes seeds in it):
//   byte 0  bit 0: SSE bytes (else event JSON, one per line); bit 1: content fallback;
//           bits 2-3: the wire (0 chat, 1 responses, 2 anthropic, 3 chat)
//   byte 1  largest piece; byte 2 piece seed; the rest: the stream
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <toolcall/anthropic.hpp>
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

bool utf8(const std::string& s) {
  return simdjson::validate_utf8(s.data(), s.size());
}

/// The message's checks for every wire: the calls' (check_message), valid UTF-8 text, and
/// openai::result_json one valid JSON object.
void check_wire_message(simdjson::dom::parser& jp, const toolcall::message& m) {
  toolcall_fuzz::check_message(jp, m, static_cast<std::size_t>(-1));
  toolcall_fuzz::require(utf8(m.content), "content is not valid UTF-8", m.content);
  toolcall_fuzz::require(utf8(m.reasoning), "reasoning is not valid UTF-8", m.reasoning);
  for (const auto& d : m.diagnostics)
    toolcall_fuzz::require(utf8(d.message), "a diagnostic is not valid UTF-8", d.message);
  toolcall_fuzz::require(toolcall_fuzz::valid_json_object(jp, toolcall::openai::result_json(m)),
                         "result_json is not one valid JSON object");
}

/// Feeds one line per event (feed_chunk / feed_event), or SSE at once and in pieces.
template <typename Acc, typename FeedJson>
void run(const toolcall::openai::accumulator_options& opt, FeedJson feed_json, bool sse, std::string_view stream,
         std::uint8_t seed, std::size_t max_piece) {
  simdjson::dom::parser jp;
  if (!sse) {
    Acc acc(opt);
    std::size_t pos = 0;
    while (pos <= stream.size()) {
      std::size_t e = stream.find('\n', pos);
      if (e == std::string_view::npos) e = stream.size();
      (void)feed_json(acc, stream.substr(pos, e - pos));
      pos = e + 1;
    }
    check_wire_message(jp, acc.finish());
    return;
  }

  Acc whole(opt);
  whole.feed_sse(stream);
  const toolcall::message a = whole.finish();
  check_wire_message(jp, a);

  Acc pieces(opt);
  toolcall_fuzz::chunker next(seed, max_piece);
  pieces.feed_sse({});  // an empty piece changes nothing (and makes an empty stream SSE, as `whole`'s)
  for (std::size_t pos = 0; pos < stream.size();) {
    const std::size_t n = std::min(next(), stream.size() - pos);
    pieces.feed_sse(stream.substr(pos, n));
    if (n == 1) pieces.feed_sse({});
    pos += n;
  }
  const toolcall::message b = pieces.finish();
  toolcall_fuzz::check_equal(a, b, "SSE fed in pieces differs from SSE fed at once");
  toolcall_fuzz::require(a.diagnostics.size() == b.diagnostics.size(), "SSE fed in pieces differs from SSE fed at once",
                         "diagnostic count differs");
  for (std::size_t k = 0; k < a.diagnostics.size(); ++k)
    toolcall_fuzz::require(
        a.diagnostics[k].code == b.diagnostics[k].code && a.diagnostics[k].offset == b.diagnostics[k].offset,
        "SSE fed in pieces differs from SSE fed at once", a.diagnostics[k].message);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  toolcall_fuzz::byte_reader in(data, size);
  const std::uint8_t flags = in.byte();
  const std::size_t max_piece = 1 + in.byte();
  const std::uint8_t seed = in.byte();
  const std::string_view stream = in.rest();
  const bool sse = (flags & 1u) != 0;
  const auto opt = acc_options((flags & 2u) != 0);

  switch ((flags >> 2) & 3u) {
    case 1:
      run<toolcall::openai::responses_accumulator>(
          opt, [](auto& acc, std::string_view j) { return acc.feed_event(j); }, sse, stream, seed, max_piece);
      break;
    case 2:
      run<toolcall::anthropic::accumulator>(
          opt, [](auto& acc, std::string_view j) { return acc.feed_event(j); }, sse, stream, seed, max_piece);
      break;
    default:
      run<toolcall::openai::delta_accumulator>(
          opt, [](auto& acc, std::string_view j) { return acc.feed_chunk(j); }, sse, stream, seed, max_piece);
      break;
  }
  return 0;
}
