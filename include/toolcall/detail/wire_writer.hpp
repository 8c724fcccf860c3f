// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_WIRE_WRITER_HPP
#define TOOLCALL_DETAIL_WIRE_WRITER_HPP

// What the typed-event writers (openai::responses_writer, anthropic::sse_writer) keep of a
// response between events, with the standard library alone: the public headers hold it as a
// member. Its logic, the events-to-blocks bookkeeping both writers share, is in wire.hpp
// (included by their definitions only).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../config.hpp"
#include "../types.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Whether a call that ended with `s` is sent to the client as a call (every wire's rule).
inline bool sent_as_call(call_status s) noexcept {
  return s == call_status::ok || s == call_status::repaired || s == call_status::normalized ||
         s == call_status::unknown_tool;
}

/// The kind of the open text block: none, a run of content, a run of reasoning.
enum class wire_text : std::uint8_t { none, content, reasoning };

/// A call from its call_begin until its block is done, as a typed-event writer keeps it.
struct wire_writer_call {
  std::size_t index = 0;  ///< the engine's call index
  std::size_t block = 0;  ///< the wire's place of it (block index, output_index), once sent
  std::string id, name;   ///< as call_begin gave them
  std::string arguments;  ///< every arguments byte so far
  std::string item_id;    ///< the wire's own id of the call's block, when it has one
  bool sent = false;      ///< its block started
  bool ended = false;     ///< call_end seen (held mode)
  bool ok = false;        ///< ended as a call (held mode)
  bool stopped = false;   ///< its block was closed
};

/**
 * The events-to-blocks bookkeeping of a typed-event writer: which text block is open, the calls
 * not yet done (in call_begin order), sent as they stream or held until they end, and the id
 * generator. It calls the writer `W`'s hooks in the wire's order (a writer befriends this class):
 *
 *   wire_start()                         before the first block
 *   wire_text_open(k), wire_text_delta(k, text), wire_text_close(k)
 *   wire_call_start(c)                   sets c.block (and c.item_id)
 *   wire_call_arguments(c, text)
 *   wire_call_end(c, ok)                 the call's block is done (ok: it ended as a call)
 *
 * and reads `W::interleaves`: whether a live call's block may stay open while text or another
 * call starts (Responses items may; Anthropic blocks may not, so the call's block is ended
 * first). The member templates are defined in wire.hpp.
 */
class wire_blocks {
 public:
  /// One stream event: `hold` sends each call whole at its end, and a failed call never.
  template <typename W>
  void on_event(W& w, const event& ev, bool hold);
  /// The end of the response: the open text block is closed, a live call already sent is ended
  /// (not ok), held calls are dropped.
  template <typename W>
  void finish(W& w);
  /// Forgets the blocks and calls, for the next response (the id generator stays seeded).
  void clear() {
    open_ = wire_text::none;
    calls_.clear();
    any_ok_ = false;
  }
  /// Seeds the id generator, unless it already is (since construction or unseed()): from
  /// `seed` mixed with the writer's `salt`, so that a seed shared with the parser's options gives
  /// ids unlike its call ids; from a fresh random seed when `seed` is 0.
  void seed_ids(std::uint64_t seed, std::uint64_t salt);
  /// The next seed_ids() seeds anew (the writer's options changed).
  void unseed() noexcept { seeded_ = false; }
  /// The id generator's state (random_id draws from it).
  std::uint64_t& ids() noexcept { return rng_; }
  /// The text block now open.
  wire_text open() const noexcept { return open_; }
  /// A call ended as a call.
  bool any_ok() const noexcept { return any_ok_; }

 private:
  template <typename W>
  void open_text(W& w, wire_text k);
  template <typename W>
  void close_text(W& w);
  template <typename W>
  void start_call(W& w, wire_writer_call& c);
  template <typename W>
  void end_live_calls(W& w, bool ok);
  template <typename W>
  void flush_held(W& w);
  wire_writer_call* find(std::size_t index);

  wire_text open_ = wire_text::none;
  std::vector<wire_writer_call> calls_;
  std::uint64_t rng_ = 0;
  bool seeded_ = false, any_ok_ = false;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_WIRE_WRITER_HPP
