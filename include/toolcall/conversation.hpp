// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_CONVERSATION_HPP
#define TOOLCALL_CONVERSATION_HPP

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "detail/history.hpp"
#include "error.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN

/**
 * Helpers for OpenAI `messages` arrays (issue #4): JSON text in, JSON text out. Every function
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
inline std::vector<diagnostic> check(std::string_view messages_json, const check_options& opt = {}) {
  detail::history_doc doc;
  std::string err;
  if (!doc.load(messages_json, err)) return {diagnostic{errc::invalid_input, 0, err, severity::error}};
  return detail::check_history(doc.info(), opt.allow_pending, opt.strict_order);
}

/**
 * Rewrites a history for single-call templates such as Llama 3.1's (which refuses an assistant
 * message with more than one tool call). The exact rule:
 * 1. an assistant message with two or more `tool_calls` keeps the first call only (every other
 *    field unchanged); the ids of the other calls are dropped;
 * 2. every `tool` message whose `tool_call_id` is a dropped id is removed;
 * 3. then each run of two or more consecutive `tool` messages becomes one message
 *    `{"role": "user", "content": C}`, where C joins the runs' contents with a blank line
 *    ("\n\n"); a content that is an array of parts contributes its parts' "text" fields, any
 *    other non-string content its JSON. A lone `tool` message is kept as it is.
 * Every other message is copied (re-serialized compactly). A request object keeps its other
 * fields. Each change is a note (errc::normalized) in `notes`, with the message index.
 * @return the rewritten JSON, or errc::invalid_input when the text is not a messages array.
 */
inline result<std::string> rewrite_llama31(std::string_view messages_json, std::vector<diagnostic>* notes = nullptr) {
  detail::history_doc doc;
  std::string err;
  if (!doc.load(messages_json, err)) return error{errc::invalid_input, 0, err};
  const auto& info = doc.info();
  auto note = [&](std::size_t i, std::string m) {
    if (notes) notes->push_back(diagnostic{errc::normalized, i, std::move(m), severity::note});
  };
  std::unordered_set<std::string> dropped;
  for (std::size_t i = 0; i < info.size(); ++i) {
    if (info[i].role != "assistant") continue;
    const std::size_t n = info[i].calls.size() + info[i].calls_without_id;
    if (n < 2) continue;
    simdjson::dom::array calls;
    if (!doc.element(i)["tool_calls"].get_array().get(calls)) {
      std::size_t k = 0;
      for (simdjson::dom::element c : calls) {
        std::string_view id;
        if (k++ > 0 && !c["id"].get_string().get(id)) dropped.insert(std::string(id));
      }
    }
    note(i, "message " + std::to_string(i) + ": kept the first of " + std::to_string(n) + " parallel tool calls");
  }
  // the messages that stay, in order
  std::vector<std::size_t> keep;
  for (std::size_t i = 0; i < info.size(); ++i) {
    if (info[i].role == "tool" && info[i].has_tool_call_id && dropped.count(info[i].tool_call_id)) {
      note(i, "message " + std::to_string(i) + ": removed the result of dropped call " + info[i].tool_call_id);
      continue;
    }
    keep.push_back(i);
  }
  std::string arr = "[";
  bool first = true;
  auto sep = [&] {
    if (!first) arr += ',';
    first = false;
  };
  for (std::size_t k = 0; k < keep.size();) {
    const std::size_t i = keep[k];
    if (info[i].role == "tool") {
      std::size_t run = k;
      while (run < keep.size() && info[keep[run]].role == "tool") ++run;
      if (run - k >= 2) {
        std::string content;
        for (std::size_t r = k; r < run; ++r) {
          if (r > k) content += "\n\n";
          content += doc.content_text(keep[r]);
        }
        sep();
        arr += "{\"role\":\"user\",\"content\":\"";
        detail::json_escape_append(arr, content);
        arr += "\"}";
        note(i, "messages " + std::to_string(i) + " to " + std::to_string(keep[run - 1]) + ": " +
                    std::to_string(run - k) + " consecutive tool results merged into one user message");
        k = run;
        continue;
      }
    }
    sep();
    const simdjson::dom::element m = doc.element(i);
    simdjson::dom::array calls;
    simdjson::dom::object obj;
    if (info[i].role == "assistant" && !m["tool_calls"].get_array().get(calls) && calls.size() >= 2 &&
        !m.get_object().get(obj)) {
      arr += '{';
      bool f2 = true;
      for (auto field : obj) {
        if (!f2) arr += ',';
        f2 = false;
        arr += '"';
        detail::json_escape_append(arr, field.key);
        arr += "\":";
        if (field.key == "tool_calls") {
          arr += '[';
          arr += simdjson::minify(calls.at(0).value_unsafe());
          arr += ']';
        } else {
          arr += simdjson::minify(field.value);
        }
      }
      arr += '}';
    } else {
      arr += simdjson::minify(m);
    }
    ++k;
  }
  arr += ']';
  if (!doc.wrapped()) return arr;
  std::string out = "{";
  bool f3 = true;
  simdjson::dom::object root;
  if (doc.root().get_object().get(root)) return arr;
  for (auto field : root) {
    if (!f3) out += ',';
    f3 = false;
    out += '"';
    detail::json_escape_append(out, field.key);
    out += "\":";
    out += field.key == "messages" ? arr : simdjson::minify(field.value);
  }
  out += '}';
  return out;
}

/// Where a history stands with respect to the tool-cycle cap.
struct loop_status {
  std::size_t cycles = 0;    ///< assistant messages with tool calls since the last user message
  std::size_t cap = 0;       ///< the cap asked for (0: none)
  bool cap_reached = false;  ///< cycles >= cap: call the model once more without tools
};

/**
 * Counts the tool cycles of the current user turn: the assistant messages with at least one
 * tool call after the last user message.
 * @return errc::invalid_input when the text is not a messages array.
 */
inline result<loop_status> tool_cycles(std::string_view messages_json, std::size_t cap) {
  detail::history_doc doc;
  std::string err;
  if (!doc.load(messages_json, err)) return error{errc::invalid_input, 0, err};
  loop_status s;
  s.cap = cap;
  for (const auto& m : doc.info()) {
    if (m.role == "user") s.cycles = 0;
    else if (m.role == "assistant" && (!m.calls.empty() || m.calls_without_id)) ++s.cycles;
  }
  s.cap_reached = cap > 0 && s.cycles >= cap;
  return s;
}

/**
 * The loop guard of an inference loop: counts tool cycles per user turn and says when the cap
 * is reached, so the engine calls the model once more without tools and gets an answer.
 *
 * **Example**:
 * @code
 * toolcall::conversation::loop_guard guard{8};
 * guard.user_turn();
 * while (true) {
 *   message m = generate(history, guard.tools_allowed() ? tools : no_tools);
 *   if (m.calls.empty()) break;
 *   guard.add_cycle();  // then run the calls and append their results
 * }
 * @endcode
 */
class loop_guard {
 public:
  /// `max_cycles` tool cycles per user turn; 0 means no cap.
  explicit loop_guard(std::size_t max_cycles = 8) noexcept : max_(max_cycles) {}
  /// A new user message: the count starts again.
  void user_turn() noexcept { cycles_ = 0; }
  /// One model response that made tool calls.
  void add_cycle() noexcept { ++cycles_; }
  /// May the next model call offer tools?
  bool tools_allowed() const noexcept { return max_ == 0 || cycles_ < max_; }
  bool cap_reached() const noexcept { return !tools_allowed(); }
  std::size_t cycles() const noexcept { return cycles_; }
  std::size_t max_cycles() const noexcept { return max_; }

 private:
  std::size_t max_ = 8;
  std::size_t cycles_ = 0;
};

}  // namespace conversation
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_CONVERSATION_HPP
