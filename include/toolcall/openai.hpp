// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_OPENAI_HPP
#define TOOLCALL_OPENAI_HPP

// Both ends of an OpenAI chat-completions stream: sse_writer turns stream_parser
// events into `chat.completion.chunk` server-sent events, and delta_accumulator rebuilds the
// assistant message from such a stream on the client side.
//
// Declarations only, with the standard library (docs/building.md, "Compile cost"): the
// definitions are in impl/openai.hpp, included below in header-only mode.

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config.hpp"
#include "format.hpp"
#include "options.hpp"
#include "parser.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace openai {

/// Token counts of one request, as OpenAI reports them in a response's `usage`.
struct token_usage {
  std::uint64_t prompt_tokens = 0;      ///< tokens of the prompt
  std::uint64_t completion_tokens = 0;  ///< tokens the model generated
  std::uint64_t total_tokens = 0;       ///< their sum (written as given)
};

/// Options of sse_writer (and responses_writer, whose responses_options they are): the fields
/// every chunk repeats, and how calls are sent.
struct sse_options {
  std::string id;           ///< the chunks' `id` ("chatcmpl-...", a response's "resp_..."); empty: from `seed`
  std::string model;        ///< the chunks' `model`
  std::int64_t created = 0; ///< the chunks' `created` (a response's `created_at`), Unix seconds; 0: now
  std::uint64_t seed = 0;   ///< seeds the generated ids; 0: fresh random ones per response
  /**
   * false (default): a call's chunks go out as its events arrive, as vLLM and OpenAI stream
   * them (its first chunk, with id and name, waits for its first argument byte, so a call that
   * fails before any is never sent). A call that fails later (status invalid or truncated) has
   * then been partly sent: a client sees arguments that are not valid JSON (delta_accumulator
   * drops such calls) or, rarely, a call the parser rejected.
   * true: each call is sent whole (one chunk with id and name, one with all its arguments) at
   * its call_end, and a call that failed is never sent. Content and reasoning still stream.
   */
  bool hold_calls = false;
};

/**
 * Turns stream_parser events into OpenAI `chat.completion.chunk` server-sent events:
 * `data: {...}\n\n` lines, then `data: [DONE]\n\n`.
 *
 * - The first chunk carries `delta: {"role": "assistant", "content": ""}`.
 * - content events become `delta.content`; reasoning events `delta.reasoning_content` (as vLLM
 *   and DeepSeek send it). A block that stays empty (`<think></think>`) is sent as one empty
 *   `reasoning_content`, just before what follows it; a block with text sends only its text.
 * - A call's first chunk is `delta.tool_calls: [{index, id, type: "function", function: {name,
 *   arguments: ""}}]` (sent with its first argument bytes, see sse_options::hold_calls), and
 *   each arguments_delta `[{index, function: {arguments}}]`. `index` is the OpenAI one: 0, 1,
 *   2, ... over the calls sent, in the order they are sent (call_begin order: the engine sends a
 *   call's arguments after its call_begin and before the next one's), whatever the engine's.
 * - finish() sends a chunk with an empty delta and `finish_reason`, then `[DONE]`.
 *   finish(reason, usage) sends, between the two, the chunk OpenAI sends when a request asks
 *   for `stream_options: {"include_usage": true}`: `"choices": []` and `"usage":
 *   {"prompt_tokens", "completion_tokens", "total_tokens"}`. The engine knows the counts (the
 *   writer sees text, not tokens); send it only when the request asked for it.
 * - diagnostic events are not sent (OpenAI streams have no place for them).
 * Strings are written as valid UTF-8 (see append_json_string_utf8).
 *
 * @par Thread safety: one writer per response stream.
 * @par Lifetime: the writer copies what it needs from each event; the output callback receives
 * a view of the writer's buffer, valid only during that call.
 *
 * **Example**:
 * @code
 * std::string sse;
 * toolcall::openai::sse_writer w{sse, {"chatcmpl-1", "Qwen3-8B", 1700000000}};
 * toolcall::stream_parser sp{toolcall::parser_registry::builtin()};
 * for (std::string_view delta : deltas) sp.write(delta, w);
 * toolcall::message m = sp.finish(w);
 * w.finish(m.finish);
 * @endcode
 */
class sse_writer {
 public:
  /// Receives each `data: ...\n\n` event (a view valid during the call).
  using output = std::function<void(std::string_view)>;

  explicit sse_writer(output out, sse_options opt = {});
  /// Appends the events to `out`, which must outlive the writer.
  explicit sse_writer(std::string& out, sse_options opt = {});

  /// Writes the chunks one event yields. Ignored after finish().
  void on_event(const event& ev);
  /// The stream_parser's sink interface: same as on_event().
  void operator()(const event& ev) { on_event(ev); }

  /// Ends the stream: `finish_reason` is `tool_calls` if any call ended ok, else `stop`.
  void finish();
  /// Ends the stream with the given finish_reason (e.g. the message's, or `length` when the
  /// engine hit its token limit). Held calls that never ended are dropped. Idempotent.
  void finish(finish_reason reason);
  /**
   * Same, with a usage chunk (`"choices": []`, `"usage": {...}`, same id, created and model)
   * after the finish_reason chunk and before `[DONE]`, as OpenAI streams it for
   * `stream_options.include_usage`. Idempotent: a second finish() sends nothing.
   */
  void finish(finish_reason reason, const token_usage& usage);
  bool finished() const noexcept { return finished_; }

  /// Starts a new response with the same options (a new generated id when `id` is empty).
  void reset();
  /// Starts a new response with other options.
  void reset(sse_options opt);

  /// Tool calls sent so far (the next OpenAI index).
  std::size_t calls_sent() const noexcept { return sent_calls_; }

 private:
  enum class state : std::uint8_t { open, ok, failed };
  struct held_call {
    std::size_t index;
    std::string id, name, arguments;
    state st;
  };
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  held_call* find_held(std::size_t index);
  void drop_held(std::size_t index);
  /// Live mode: sends a call's first chunk and records its OpenAI index.
  std::size_t send_live_begin(const held_call& h);
  /// Sends, in call_begin order, every call whose fate is known and that no open call precedes.
  void flush_held();

  void send_call_begin(std::size_t d, std::string_view id, std::string_view name);
  void send_arguments(std::size_t d, std::string_view text);
  /// The finish_reason chunk (held calls that never ended are dropped).
  void send_finish(finish_reason reason);
  /// Sends the role chunk first if needed, then delta_ as one chunk.
  void send_delta(const char* finish = nullptr);

  output out_;
  sse_options opt_;
  std::string head_, prefix_, delta_, line_;  // head_: `data: {"id":...,"model":...`
  bool finished_ = false, started_ = false, sent_reasoning_ = false, any_ok_ = false, seeded_ = false;
  bool empty_reasoning_pending_ = false;  // a reasoning block opened with no text yet
  std::size_t sent_calls_ = 0;
  std::vector<std::size_t> dense_;  // engine call index -> OpenAI index (live mode)
  std::vector<held_call> held_;     // calls not yet announced, in call_begin order
  std::uint64_t rng_ = 0;
};

/// Options of delta_accumulator.
struct accumulator_options {
  /// Options of the fallback parse of the content (seed for call ids, reasoning start, limits).
  /// `parse.seed` also seeds the ids of structured calls that arrived without one, and
  /// `parse.max_calls` bounds how many structured calls are kept.
  toolcall::options parse{};
  /// Parse the content when no structured calls arrived. Text that a parsing server left as
  /// content (a fenced JSON object inside harmony's final channel, say) can then be read as a
  /// call out of context: turn it off for servers known to parse (toolcall's sse_writer).
  bool fallback = true;
  std::size_t choice = 0;     ///< the choice to follow when a server streams several (n > 1)
  std::size_t max_event_bytes = std::size_t{16} << 20;  ///< one SSE line or event; larger ones are dropped
  std::size_t max_diagnostics = 64;  ///< further diagnostics are counted in one last note
};

/**
 * Rebuilds the assistant message from an OpenAI chat-completions stream, on the client side.
 * Feed it chunk JSON (feed_chunk) or raw SSE bytes in pieces of any size (feed_sse), then call
 * finish(). It concatenates `content` and `reasoning_content` (or `reasoning`), rebuilds tool
 * calls by `index` (name once, arguments appended, id and type from the first fragment that has
 * them), and keeps the last `finish_reason` and the last `usage` (see usage()).
 *
 * finish() checks each call (a name, arguments that are a JSON object; calls that fail are
 * dropped with a diagnostic) and, when no structured call arrived but the content holds
 * tool-call markup (a server that streams raw `<tool_call>` text), parses the content with the
 * given registry and returns those calls with the content cleaned.
 *
 * Malformed input never throws: a chunk that is not JSON, or not the shape of a chunk, is
 * skipped with an errc::invalid_input diagnostic; so is an SSE line that is not SSE.
 *
 * @par Thread safety: one accumulator per stream.
 *
 * **Example**:
 * @code
 * toolcall::openai::delta_accumulator acc;
 * while (read_some(socket, buf)) acc.feed_sse(buf);   // any piece sizes
 * toolcall::message m = acc.finish();                  // m.calls, m.content, m.finish
 * @endcode
 */
class delta_accumulator {
 public:
  explicit delta_accumulator(accumulator_options opt = {});
  ~delta_accumulator();
  /// Moves the state; the moved-from accumulator may only be destroyed or assigned to.
  delta_accumulator(delta_accumulator&& other) noexcept;
  delta_accumulator& operator=(delta_accumulator&& other) noexcept;

  /**
   * Adds one chunk (the JSON after `data: `).
   * @return false if the chunk was malformed (not JSON, or a field of the wrong type: nothing of
   * it is taken, and an errc::invalid_input diagnostic is recorded) or was an error object.
   */
  bool feed_chunk(std::string_view chunk_json);

  /**
   * Adds raw SSE text, in pieces of any size: lines end with LF, CRLF or CR; `data:` lines are
   * joined into events, a blank line ends an event; `:` comments, `event:`, `id:` and `retry:`
   * lines are honoured or ignored as the SSE standard says; `data: [DONE]` ends the stream.
   * Lenient with servers that end events with a single newline.
   */
  void feed_sse(std::string_view bytes);

  /// True once `data: [DONE]` was seen.
  bool done() const noexcept;

  /// True once a chunk carried a `usage` object (a request with `stream_options.include_usage`
  /// gets one in the chunk before `[DONE]`; some servers send one in every chunk).
  bool has_usage() const noexcept;
  /**
   * The token counts of the last chunk that carried a `usage` object (`"usage": null`, which
   * OpenAI puts in every other chunk, is not one). A missing or null count is 0; a missing
   * `total_tokens` is prompt + completion. All 0 when no chunk carried one.
   */
  const token_usage& usage() const noexcept;
  /// That `usage` object as compact JSON text, with whatever details the server added
  /// (`prompt_tokens_details`, `completion_tokens_details`, ...); empty when none came.
  const std::string& usage_json() const noexcept;
  /// The diagnostics recorded so far.
  const std::vector<diagnostic>& diagnostics() const noexcept;

  /**
   * Ends the stream (a last line or event without its terminator is still taken) and returns
   * the message. Calls come in `index` order; `finish` is the server's finish_reason (`stop`
   * when it sent none and no call survived, `tool_calls` when calls did).
   * @param reg the formats for the fallback parse of the content.
   * @return the message; its diagnostics hold errc::invalid_input (malformed chunks, SSE lines,
   * server error objects, a stream cut before its end), errc::missing_name and
   * errc::invalid_arguments (dropped calls), and those of the fallback parse when it was used.
   */
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
#include "impl/openai.hpp"
#endif

// the Responses API wire (openai::responses_writer, openai::responses_accumulator)
#include "responses.hpp"

#endif  // TOOLCALL_OPENAI_HPP
