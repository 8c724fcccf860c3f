// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_CONVERSATION_HPP
#define TOOLCALL_CONVERSATION_HPP

// Declarations only, with the standard library (docs/building.md, "Compile cost"): the
// definitions are in impl/conversation.hpp, included below in header-only mode.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "config.hpp"
#include "error.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace detail {
class repeat_counter;
}  // namespace detail

/**
 * Helpers for OpenAI `messages` arrays: JSON text in, JSON text out. Every function
 * takes a messages array, or a request object with a "messages" array. Diagnostics carry the
 * index of the message at fault in `offset` (not a byte offset).
 */
namespace conversation {

/// Options of check().
struct check_options {
  /// The calls of the last assistant message may still be unanswered (the caller is about to
  /// run them). Off by default: a request whose history ends with unanswered calls is invalid.
  bool allow_pending = false;
  /// OpenAI's stricter rule: a call's results come right after the assistant message that made
  /// it, before any other non-tool message (not only before the next user message).
  bool strict_order = false;
};

/**
 * Checks the tool-call protocol of a history. Each violation is one errc::invalid_history
 * error whose offset is the index of the message at fault:
 * - a `tool` message without `tool_call_id`, or whose id no earlier assistant `tool_calls`
 *   made ("answers no assistant tool call");
 * - a `tool` message whose call is made only by a later assistant message ("comes before the
 *   assistant message that makes the call");
 * - a second result for the same call; a call id used twice; a call without an id;
 * - a call not answered before the next user message (offset: the assistant message), or
 *   before the end of the history (unless allow_pending), or, with strict_order, before the
 *   next non-tool message;
 * - a message without a role.
 * @return the violations (empty when the history is valid); a single errc::invalid_input
 * error when the text is not a messages array.
 */
std::vector<diagnostic> check(std::string_view messages_json, const check_options& opt = {});

/**
 * Rewrites a history for single-call templates such as Llama 3.1's (which refuses an assistant
 * message with more than one tool call), keeping every call and every result. The exact rule:
 * 1. an assistant message with two or more `tool_calls` becomes one assistant message per
 *    call, in call order: the first keeps every other field of the message (its content, ...)
 *    with the first call; each next one is `{"role": "assistant", "content": null,
 *    "tool_calls": [call]}`. Each is followed by the `tool` messages, from the run of `tool`
 *    messages right after the original message, that answer its call (by `tool_call_id`), in
 *    their order; the run's other `tool` messages follow the last one, in their order. So each
 *    call is answered right after it is made, as if the model had called one at a time.
 * 2. then each run of two or more consecutive `tool` messages that remains becomes one message
 *    `{"role": "user", "content": C}`, where C joins the run's contents with a blank line
 *    ("\n\n"); a content that is an array of parts contributes its parts' "text" fields, any
 *    other non-string content its JSON. A lone `tool` message is kept as it is.
 * Nothing is dropped: every call, every content and every result is in the output. A result
 * merged by rule 2 keeps its content, not its `tool_call_id`; after rule 1 a run remains only
 * next to a result that is not the one answer to a call of the assistant message before it (a
 * second result, or one answering an earlier or unknown call). Every other message is copied
 * (re-serialized compactly). A request object keeps its other fields. Each change is a note
 * (errc::normalized) in `notes`, with the index of the input message.
 * @return the rewritten JSON, or errc::invalid_input when the text is not a messages array.
 */
result<std::string> rewrite_llama31(std::string_view messages_json, std::vector<diagnostic>* notes = nullptr);

/// The default of loop_guard and tool_cycles(): the same call (name and arguments) made in
/// this many tool cycles of one user turn stops the tools.
inline constexpr std::size_t default_max_repeats = 3;

/// Where a history stands with respect to the tool-cycle cap and repeated calls.
struct loop_status {
  std::size_t cycles = 0;       ///< assistant messages with tool calls since the last user message
  std::size_t cap = 0;          ///< the cap asked for (0: none)
  bool cap_reached = false;     ///< cycles >= cap
  std::size_t repeats = 0;      ///< the most cycles of this turn that made one same call
  std::size_t max_repeats = 0;  ///< the repeat limit asked for (0: none)
  bool repeat_reached = false;  ///< repeats >= max_repeats: the model is looping on one call
  std::string repeated_call;    ///< the name of that call (empty when repeats == 0)
  /// May the next model call offer tools? When not, call the model once more without tools.
  bool tools_allowed() const noexcept { return !cap_reached && !repeat_reached; }
};

/**
 * Where the current user turn stands: the tool cycles (assistant messages with at least one
 * tool call after the last user message) and the repeated calls (the same name and arguments,
 * compared as JSON values, made in several of those cycles; one assistant message counts once).
 * Arguments are the calls' `function.arguments` (a JSON string, or an object).
 * @param cap the cycle cap (0: none); @param max_repeats the repeat limit (0: none).
 * @return errc::invalid_input when the text is not a messages array.
 */
result<loop_status> tool_cycles(std::string_view messages_json, std::size_t cap,
                                std::size_t max_repeats = default_max_repeats);

/**
 * The loop guard of an inference loop. It stops the tools of a user turn when either
 * - the turn made `max_cycles` tool cycles (model responses with calls), or
 * - one same call (name, and arguments compared as JSON values: key order, whitespace and
 *   number spelling do not matter) was made in `max_repeats` cycles of the turn: a model
 *   that repeats an identical call is looping, whatever the cycle count.
 * Then the engine calls the model once more without tools and gets an answer. A new user
 * message starts both counts again. 0 turns either check off.
 *
 * **Example**:
 * @code
 * toolcall::conversation::loop_guard guard{8, 3};
 * guard.user_turn();
 * while (true) {
 *   message m = generate(history, guard.tools_allowed() ? tools : no_tools);
 *   if (m.calls.empty()) break;
 *   guard.add_cycle(m.calls);  // then run the calls and append their results
 * }
 * @endcode
 * @par Thread safety: one guard per conversation.
 */
class loop_guard {
 public:
  /// `max_cycles` tool cycles per user turn, and `max_repeats` cycles making one same call;
  /// 0 turns a check off.
  explicit loop_guard(std::size_t max_cycles = 8, std::size_t max_repeats = default_max_repeats);
  ~loop_guard();
  /// Copies the counts (a guard is a value).
  loop_guard(const loop_guard& other);
  loop_guard& operator=(const loop_guard& other);
  /// A new user message: the counts start again.
  void user_turn();
  /// One model response that made tool calls, when the calls are not at hand: counts toward
  /// max_cycles only.
  void add_cycle() noexcept { ++cycles_; }
  /// One model response and its calls: counts the cycle, and each distinct call once.
  void add_cycle(const std::vector<call>& calls);
  /// May the next model call offer tools? False once the cycle cap or the repeat limit is reached.
  bool tools_allowed() const noexcept { return !cap_reached() && !repeat_reached(); }
  /// The turn made max_cycles tool cycles.
  bool cap_reached() const noexcept { return max_ != 0 && cycles_ >= max_; }
  /// One same call was made in max_repeats cycles of the turn.
  bool repeat_reached() const noexcept;
  std::size_t cycles() const noexcept { return cycles_; }
  /// The most cycles of this turn that made one same call.
  std::size_t repeats() const noexcept;
  /// The name of that call (empty when no call was recorded).
  const std::string& repeated_call() const noexcept;
  std::size_t max_cycles() const noexcept { return max_; }
  std::size_t max_repeats() const noexcept { return max_repeats_; }

 private:
  std::size_t max_ = 8;
  std::size_t max_repeats_ = default_max_repeats;
  std::size_t cycles_ = 0;
  std::unique_ptr<detail::repeat_counter> repeats_;  // never null; out of line: it needs simdjson
};

}  // namespace conversation
TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/conversation.hpp"
#endif

#endif  // TOOLCALL_CONVERSATION_HPP
