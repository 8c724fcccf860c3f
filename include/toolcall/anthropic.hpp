// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_ANTHROPIC_HPP
#define TOOLCALL_ANTHROPIC_HPP

// Both ends of an Anthropic Messages API stream: sse_writer turns stream_parser
// events into the Messages streaming events (`message_start`, `content_block_*`,
// `message_delta`, `message_stop`), and accumulator rebuilds the message from them.
//
// Declarations only, with the standard library: the definitions are in impl/anthropic.hpp,
// included below in header-only mode.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "config.hpp"
#include "detail/wire_writer.hpp"
#include "openai.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace anthropic {

/// Token counts as the Messages API reports them.
struct token_usage {
  std::uint64_t input_tokens = 0;   ///< tokens of the prompt
  std::uint64_t output_tokens = 0;  ///< tokens the model generated
};

/// Options of sse_writer.
struct sse_options {
  std::string id;                  ///< the message's `id` ("msg_..."); empty: generated from `seed`
  std::string model;               ///< the message's `model`
  std::uint64_t input_tokens = 0;  ///< `usage.input_tokens` of `message_start` (the prompt's length)
  std::uint64_t seed = 0;          ///< seeds the generated message id; 0: a fresh random one
  /// As openai::sse_options::hold_calls: false streams a `tool_use` block as its arguments
  /// arrive (a call that fails after its first argument byte has then been partly sent, with
  /// input that may not be a JSON object: accumulator drops it); true sends each call whole at
  /// its end, and a failed call never.
  bool hold_calls = false;
};

/**
 * The `tool_use` id for a call id: ids that already start with `toolu_` are kept; otherwise
 * `toolu_` and the id without a `call_` prefix, each byte outside `[A-Za-z0-9_-]` (the
 * pattern Anthropic accepts) written as `_`. Distinct generated ids stay distinct.
 */
std::string tool_use_id(std::string_view call_id);

/**
 * Turns stream_parser events into Anthropic Messages API server-sent events, each
 * `event: <type>\ndata: {...}\n\n`:
 *
 * - `message_start` (the message with empty `content`, `stop_reason: null`, usage);
 * - each run of reasoning is a `thinking` block, each run of content a `text` block, each call
 *   a `tool_use` block (id from tool_use_id(), `name`, `input: {}`):
 *   `content_block_start`, `content_block_delta` (`thinking_delta`, `text_delta`, or
 *   `input_json_delta` whose `partial_json` fragments concatenate to the call's arguments),
 *   `content_block_stop`. Block `index` counts 0, 1, 2, ... in the order of the text: a
 *   sentence before a call is block 0, the call block 1. Blocks never interleave: a block is
 *   stopped before the next one starts;
 * - finish() sends `message_delta` with `stop_reason` (`max_tokens` for finish_reason::length,
 *   `tool_use` for tool_calls, `end_turn` for stop) and `usage`, then `message_stop`.
 *
 * Diagnostics are not sent. Strings are written as valid UTF-8.
 *
 * @par Thread safety: one writer per response stream.
 * @par Lifetime: the output callback receives a view of the writer's buffer, valid only during
 * that call.
 *
 * **Example**:
 * @code
 * std::string sse;
 * toolcall::anthropic::sse_writer w{sse, {"msg_1", "Qwen3-8B"}};
 * toolcall::stream_parser sp{toolcall::parser_registry::builtin()};
 * for (std::string_view delta : deltas) sp.write(delta, w);
 * toolcall::message m = sp.finish(w);
 * w.finish(m.finish);
 * @endcode
 */
class sse_writer {
 public:
  /// Receives each `event: ...\ndata: ...\n\n` event (a view valid during the call).
  using output = std::function<void(std::string_view)>;

  explicit sse_writer(output out, sse_options opt = {});
  /// Appends the events to `out`, which must outlive the writer.
  explicit sse_writer(std::string& out, sse_options opt = {});

  /// Writes the events one stream event yields. Ignored after finish().
  void on_event(const event& ev);
  /// The stream_parser's sink interface: same as on_event().
  void operator()(const event& ev) { on_event(ev); }

  /// Ends the stream: `tool_use` if any call ended ok, else `end_turn`.
  void finish();
  /// Ends the stream with the stop_reason for `reason` (`max_tokens` for length, `tool_use` for
  /// tool_calls, `end_turn` for stop). Open blocks are stopped first. Idempotent.
  void finish(finish_reason reason);
  /// Same, with `usage` in the `message_delta` (`input_tokens` and `output_tokens`).
  void finish(finish_reason reason, const token_usage& usage);
  bool finished() const noexcept { return finished_; }

  /// Starts a new message with the same options (a new generated id when `id` is empty).
  void reset();
  /// Starts a new message with other options.
  void reset(sse_options opt);

  /// tool_use blocks sent so far.
  std::size_t calls_sent() const noexcept { return calls_sent_; }

 private:
  friend class detail::wire_blocks;  // calls the wire_* hooks, in the wire's order
  static constexpr bool interleaves = false;  // a block is stopped before the next one starts

  void wire_start();
  void wire_text_open(detail::wire_text k);
  void wire_text_delta(detail::wire_text k, std::string_view s);
  void wire_text_close(detail::wire_text k);
  void wire_call_start(detail::wire_writer_call& c);
  void wire_call_arguments(const detail::wire_writer_call& c, std::string_view s);
  void wire_call_end(detail::wire_writer_call& c, bool ok);
  void send_stop(std::size_t block);
  void finish_impl(finish_reason reason, const token_usage* usage);
  void emit(const char* type);

  output out_;
  sse_options opt_;
  detail::wire_blocks blocks_;
  std::string id_, body_, line_;
  bool finished_ = false, started_ = false;
  std::size_t open_block_ = 0, next_block_ = 0, calls_sent_ = 0;
};

/// Options of accumulator: the same as openai::delta_accumulator's (`choice` is unused).
using accumulator_options = openai::accumulator_options;

/**
 * Rebuilds the assistant message from an Anthropic Messages API stream, on the client side.
 * Feed it event JSON (feed_event) or raw SSE bytes in pieces of any size (feed_sse), then call
 * finish(). Blocks are rebuilt by `index`: `text` blocks (`text_delta`) make the content,
 * `thinking` blocks (`thinking_delta`; also `redacted_thinking`) the reasoning, `tool_use`
 * blocks the calls (their `input_json_delta` fragments joined, else their start's `input`; the
 * id is kept as sent). A call without a name or whose input is not a JSON object is dropped
 * with a diagnostic. `finish` is `length` for `stop_reason: max_tokens`, `tool_calls` when a
 * call survived, else `stop`. When no call arrived but the content holds tool-call markup, the
 * content is parsed (accumulator_options::fallback). `ping` events are ignored; `error` events
 * and malformed input are skipped with errc::invalid_input diagnostics, never thrown; a stream
 * without `message_stop` gets a warning.
 *
 * @par Thread safety: one accumulator per stream.
 */
class accumulator {
 public:
  explicit accumulator(accumulator_options opt = {});
  ~accumulator();
  accumulator(accumulator&& other) noexcept;
  accumulator& operator=(accumulator&& other) noexcept;

  /// Adds one event (the JSON after `data: `). False if it was malformed or an error.
  bool feed_event(std::string_view event_json);
  /// Adds raw SSE text, in pieces of any size.
  void feed_sse(std::string_view bytes);
  /// True once `message_stop` was seen.
  bool done() const noexcept;
  /// True once a `message_start` or `message_delta` carried usage.
  bool has_usage() const noexcept;
  /// The last usage seen (a `message_delta`'s counts replace `message_start`'s).
  const token_usage& usage() const noexcept;
  /// The diagnostics recorded so far.
  const std::vector<diagnostic>& diagnostics() const noexcept;
  /// Ends the stream and returns the message (see the class comment).
  message finish(const parser_registry& reg = parser_registry::builtin());
  /// Forgets everything, for the next stream.
  void reset();

 private:
  class state;
  std::unique_ptr<state> s_;
};

}  // namespace anthropic
TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/anthropic.hpp"
#endif

#endif  // TOOLCALL_ANTHROPIC_HPP
