// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_STREAM_PARSER_HPP
#define TOOLCALL_STREAM_PARSER_HPP

// Declarations only, with the standard library (docs/building.md, "Compile cost"): the
// definitions are in impl/stream_parser.hpp, included below in header-only mode.
#include <cstddef>
#include <memory>
#include <string_view>
#include <type_traits>

#include "choice.hpp"
#include "config.hpp"
#include "detail/event_sink.hpp"
#include "format.hpp"
#include "options.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace detail {
class engine;
}  // namespace detail

/// The type of keep_request.
struct keep_request_t {
  explicit constexpr keep_request_t() = default;
};
/// Tag for stream_parser::reset(): the next response answers the same request, so the attached
/// normalizer and tool_choice stay (`sp.reset(toolcall::keep_request)`).
inline constexpr keep_request_t keep_request{};

/// What the engine knows only at the end of a response (stream_parser::finish(info)).
struct finish_info {
  /// The response stopped at the token limit: a message without a call finishes with
  /// finish_reason::length (options::token_limit_hit says the same before the response starts).
  bool token_limit_hit = false;
};

/// The engine's counters over the parser's life (stream_parser::stats()).
struct stream_stats {
  /// Bytes examined: every pass over the bytes. The scan, bytes carried and read again, a
  /// region read again by the next format that may claim it, the copy into the call's buffer
  /// where a body does not write it there itself (Pythonic calls, a normalizer's output), the
  /// normalizer's pass, re-lexed XML values and string-encoded arguments, and the final check
  /// of each call's arguments. Linear in the input: what the linear-work tests read.
  std::size_t bytes_examined = 0;
  /// Input bytes accounted for: text released, recognised markers, regions that became calls.
  /// After finish() it equals the bytes written: nothing is dropped.
  std::size_t bytes_accounted = 0;
};

/**
 * Incremental parser for a model's output as it streams (Boost.JSON's write/finish/reset).
 * Feed deltas of any size; events come out as soon as they are certain. For every way of
 * cutting a text into deltas, finish() returns the same message as parser::parse() on the
 * whole text with the same reasoning start (the default, reasoning_start::preset, stays
 * `closed` here when the prompt opens no reasoning block, where parser::parse(), which has the
 * whole text, reads it as `detect`). Never throws on model output.
 *
 * @par Thread safety: one stream_parser per stream; not shared between threads.
 * @par Lifetime: an event's text, id, name and diagnostic are valid only during the callback.
 *
 * **Example**:
 * @code
 * toolcall::stream_parser sp{toolcall::parser_registry::for_model("Qwen3-8B")};
 * for (std::string_view delta : deltas)
 *   sp.write(delta, [&](const toolcall::event& ev) { if (ev.kind == toolcall::event_kind::content) show(ev.text); });
 * toolcall::message m = sp.finish();
 * @endcode
 */
class stream_parser {
 public:
  explicit stream_parser(const parser_registry& reg = parser_registry::builtin(), const options& opt = {});
  ~stream_parser();
  stream_parser(stream_parser&& other) noexcept;
  stream_parser& operator=(stream_parser&& other) noexcept;

  /// Feeds one delta; `sink(const event&)` receives the events it releases.
  template <typename Sink>
  void write(std::string_view delta, Sink&& sink) {
    write_to(delta, detail::event_sink(sink));
  }
  /// Feeds one delta, discarding events (the message still builds).
  void write(std::string_view delta);

  /// Ends the text: flushes held-back text, closes an open call by the corpus rules, and
  /// returns the message. Further writes are ignored until reset().
  template <typename Sink, typename = std::enable_if_t<!std::is_same<std::decay_t<Sink>, finish_info>::value>>
  message finish(Sink&& sink, const finish_info& info = {}) {
    return finish_to(detail::event_sink(sink), info);
  }
  message finish(const finish_info& info = {});

  /**
   * Starts a new response, keeping buffers. The request's state does not carry over: a
   * normalizer (normalizer::attach(), request::attach()) and a tool_choice
   * (set_choice()) that served a response (a write() or finish() since they were set) are
   * dropped, so a parser reused for the next request never normalizes against the previous
   * request's tools. Attach the next request's before or after reset(), or pass keep_request
   * to keep them for the next response too (every response answers the same request).
   */
  void reset();
  /// Starts a new response with other options (seed, reasoning start, token_limit_hit, ...).
  void reset(const options& opt);
  /// As reset(), keeping the request's normalizer and tool_choice for the next response.
  void reset(keep_request_t);
  /// As reset(opt), keeping the request's normalizer and tool_choice for the next response.
  void reset(const options& opt, keep_request_t);

  /// Removes the normalizer normalizer::attach() or request::attach() installed, at once
  /// (reset() drops it anyway once it served a response).
  void detach_normalizer();

  /**
   * The request's tool_choice and parallel_tool_calls (choice.hpp), for the response being
   * parsed: the first reset() after it was used (a write() or finish()) drops it, so a parser
   * reused for the next request carries none of it over. toolcall::request::attach() sets it
   * with the request's tools.
   */
  void set_choice(const tool_choice& c);

  /**
   * Gives back a message this parser returned, once the caller is done with it: the next
   * responses reuse its buffers (content, reasoning, the calls' arguments) instead of
   * allocating new ones, so an engine that streams response after response reaches a steady
   * state with no allocation for them (and, under glibc, no page faults for memory it gave
   * back to the system). Optional: a message not given back is freed by its owner as usual.
   */
  void recycle(message&& m);

  /// Hint: the response will be about n bytes (one-shot parsing reserves its content).
  void reserve(std::size_t n);

  /// The engine's counters (examined and accounted bytes).
  stream_stats stats() const noexcept;

 private:
  friend class normalizer;
  friend class parser;
  /// One-shot parsing's whole text, before it is written (detail::engine::whole_text).
  void whole_text(std::string_view text);
  /// The normalizer's per-stream state (normalizer::attach()), or none.
  void set_filter(std::unique_ptr<detail::call_filter> f);
  void write_to(std::string_view delta, detail::event_sink sink);
  message finish_to(detail::event_sink sink, const finish_info& info);
  std::unique_ptr<detail::engine> e_;
};

TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/stream_parser.hpp"
#endif

#endif  // TOOLCALL_STREAM_PARSER_HPP
