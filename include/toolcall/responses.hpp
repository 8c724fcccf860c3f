// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_RESPONSES_HPP
#define TOOLCALL_RESPONSES_HPP

// Both ends of an OpenAI Responses API stream: responses_writer turns stream_parser
// events into the Responses streaming events, and responses_accumulator rebuilds the message
// from them on the client side. openai.hpp includes this header.
//
// Declarations only, with the standard library: the definitions are in impl/responses.hpp,
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

namespace openai {

/// Options of responses_writer: the chat writer's (sse_options), with `id` the response's
/// (`resp_...`), `created` its `created_at`, and `hold_calls` as there: false streams a call's
/// item as its arguments arrive (a call that fails after its first argument byte ends as an
/// item with status `incomplete`); true sends each call whole at its end, and a failed call never.
using responses_options = sse_options;

/**
 * Turns stream_parser events into OpenAI Responses API server-sent events, each
 * `event: <type>\ndata: {...}\n\n` with a `sequence_number` counting from 0:
 *
 * - `response.created` and `response.in_progress` (the response, status `in_progress`, no output);
 * - a run of content is a `message` item: `response.output_item.added`,
 *   `response.content_part.added` (an `output_text` part), `response.output_text.delta` per
 *   content event, then `response.output_text.done`, `response.content_part.done` and
 *   `response.output_item.done` when something else starts or the response ends;
 * - a run of reasoning is a `reasoning` item, the same way, with a `reasoning_text` part and
 *   `response.reasoning_text.delta` / `.done` (an empty reasoning block is an item with empty text);
 * - each call is a `function_call` item (`call_id` is the call's id, `name`, `arguments`):
 *   `response.output_item.added`, `response.function_call_arguments.delta` per arguments piece,
 *   `response.function_call_arguments.done`, `response.output_item.done`;
 * - finish() sends `response.completed` with the whole response (every output item in order,
 *   `usage` when given), or `response.incomplete` (`incomplete_details.reason`
 *   `max_output_tokens`) when the reason is finish_reason::length.
 *
 * `output_index` numbers the items in the order they start. Diagnostics are not sent. Strings
 * are written as valid UTF-8 (see append_json_string_utf8).
 *
 * @par Thread safety: one writer per response stream.
 * @par Lifetime: the output callback receives a view of the writer's buffer, valid only during
 * that call.
 *
 * **Example**:
 * @code
 * std::string sse;
 * toolcall::openai::responses_writer w{sse, {"resp_1", "Qwen3-8B", 1700000000}};
 * toolcall::stream_parser sp{toolcall::parser_registry::builtin()};
 * for (std::string_view delta : deltas) sp.write(delta, w);
 * toolcall::message m = sp.finish(w);
 * w.finish(m.finish);
 * @endcode
 */
class responses_writer {
 public:
  /// Receives each `event: ...\ndata: ...\n\n` event (a view valid during the call).
  using output = std::function<void(std::string_view)>;

  explicit responses_writer(output out, responses_options opt = {});
  /// Appends the events to `out`, which must outlive the writer.
  explicit responses_writer(std::string& out, responses_options opt = {});

  /// Writes the events one stream event yields. Ignored after finish().
  void on_event(const event& ev);
  /// The stream_parser's sink interface: same as on_event().
  void operator()(const event& ev) { on_event(ev); }

  /// Ends the stream with `response.completed`.
  void finish();
  /// Ends the stream: `response.incomplete` for finish_reason::length, else
  /// `response.completed`. Open items are closed first. Idempotent.
  void finish(finish_reason reason);
  /// Same, with the response's `usage` (`input_tokens` = prompt_tokens, `output_tokens` =
  /// completion_tokens, `total_tokens`).
  void finish(finish_reason reason, const token_usage& usage);
  bool finished() const noexcept { return finished_; }

  /// Starts a new response with the same options (new generated ids when `id` is empty).
  void reset();
  /// Starts a new response with other options.
  void reset(responses_options opt);

  /// function_call items sent so far.
  std::size_t calls_sent() const noexcept { return calls_sent_; }

 private:
  friend class detail::wire_blocks;  // calls the wire_* hooks, in the wire's order
  static constexpr bool interleaves = true;  // items have an output_index: a call's may stay open

  void wire_start();
  void wire_text_open(detail::wire_text k);
  void wire_text_delta(detail::wire_text k, std::string_view s);
  void wire_text_close(detail::wire_text k);
  void wire_call_start(detail::wire_writer_call& c);
  void wire_call_arguments(const detail::wire_writer_call& c, std::string_view s);
  void wire_call_end(detail::wire_writer_call& c, bool ok);
  void finish_impl(finish_reason reason, const token_usage* usage);
  /// Writes `event: <type>\ndata: ` + body_ (which must begin with `{`) with the type and
  /// sequence_number inserted first.
  void emit(const char* type);
  void response_object(std::string& out, const char* status, const token_usage* usage, bool length) const;

  output out_;
  responses_options opt_;
  detail::wire_blocks blocks_;
  std::string id_, body_, line_, text_, item_id_;
  std::int64_t created_ = 0;
  std::uint64_t seq_ = 0;
  bool finished_ = false, started_ = false;
  std::size_t open_output_ = 0, calls_sent_ = 0;
  std::vector<std::string> items_;  // each output item's final JSON, by output_index
};

/**
 * Rebuilds the assistant message from an OpenAI Responses API stream, on the client side.
 * Feed it event JSON (feed_event) or raw SSE bytes in pieces of any size (feed_sse), then call
 * finish(). Items are rebuilt by `output_index` from `response.output_item.added` / `.done`,
 * `response.content_part.*`, `response.output_text.*`, `response.reasoning_text.*` and
 * `response.function_call_arguments.*`; `response.completed` / `.incomplete` / `.failed`
 * then replace them with the response's own `output` when it has one. Content is the
 * `output_text` of the `message` items in order, reasoning the `reasoning_text` of the
 * `reasoning` items (their `summary_text` when they have none), and the calls the
 * `function_call` items (`call_id` is the id). A call item with status `incomplete`, without a
 * name or with arguments that are not a JSON object is dropped with a diagnostic.
 *
 * `finish` is `length` after `response.incomplete`, `tool_calls` when a call survived, else
 * `stop`. When no call arrived but the content holds tool-call markup, the content is parsed
 * (accumulator_options::fallback). Malformed input never throws: it is skipped with an
 * errc::invalid_input diagnostic; a stream without a terminal event gets a warning.
 *
 * @par Thread safety: one accumulator per stream.
 */
class responses_accumulator {
 public:
  explicit responses_accumulator(accumulator_options opt = {});
  ~responses_accumulator();
  responses_accumulator(responses_accumulator&& other) noexcept;
  responses_accumulator& operator=(responses_accumulator&& other) noexcept;

  /// Adds one event (the JSON after `data: `). False if it was malformed or an error.
  bool feed_event(std::string_view event_json);
  /// Adds raw SSE text, in pieces of any size.
  void feed_sse(std::string_view bytes);
  /// True once `response.completed`, `.incomplete` or `.failed` was seen.
  bool done() const noexcept;
  /// True once the response carried a `usage` object.
  bool has_usage() const noexcept;
  /// The response's `usage`, as prompt_tokens (input_tokens), completion_tokens
  /// (output_tokens) and total_tokens; all 0 when none came.
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

}  // namespace openai
TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/responses.hpp"
#endif

#endif  // TOOLCALL_RESPONSES_HPP
