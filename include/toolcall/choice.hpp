// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_CHOICE_HPP
#define TOOLCALL_CHOICE_HPP

// The request's `tool_choice` and `parallel_tool_calls`, with the OpenAI meaning
// (docs/conventions.md, "tool_choice and parallel_tool_calls"). Given per request, like the
// normalizer: stream_parser::set_choice() or toolcall::request::attach().

#include <cstddef>
#include <string>
#include <utility>

#include "config.hpp"

TOOLCALL_NAMESPACE_BEGIN

/// The OpenAI `tool_choice` values.
enum class tool_choice_mode {
  automatic,  ///< `auto`: the model may call tools or not (what the parser does without a choice)
  none,       ///< `none`: no call is detected; call markup stays content, with a note
  required,   ///< `required`: at least one call is expected; a bare JSON call at the start of the
              ///< output is accepted without a marker; an answer with none carries a warning
  function,   ///< `{"type": "function", "function": {"name": ...}}`: as required, and only that
              ///< name is a call; a bare arguments object at the start is a call to it
};

/**
 * What the request allows: its tool_choice and parallel_tool_calls. A plain aggregate; the
 * default is the parser's behaviour without a request (auto, parallel calls allowed).
 *
 * **Example**:
 * @code
 * toolcall::stream_parser sp;
 * sp.set_choice(toolcall::tool_choice::named("get_weather"));  // this response only
 * @endcode
 */
struct tool_choice {
  tool_choice_mode mode = tool_choice_mode::automatic;
  std::string function;             ///< the named function (mode function)
  bool parallel_tool_calls = true;  ///< false: the first call only; later calls stay content
  /// With parallel_tool_calls false: keep the later calls as calls (each with a warning)
  /// instead of returning them to content.
  bool keep_extra_calls = false;

  static tool_choice automatic() { return tool_choice{}; }
  static tool_choice none() {
    tool_choice c;
    c.mode = tool_choice_mode::none;
    return c;
  }
  static tool_choice required() {
    tool_choice c;
    c.mode = tool_choice_mode::required;
    return c;
  }
  static tool_choice named(std::string name) {
    tool_choice c;
    c.mode = tool_choice_mode::function;
    c.function = std::move(name);
    return c;
  }
  /// A call is expected (required or a named function).
  bool expects_call() const noexcept {
    return mode == tool_choice_mode::required || mode == tool_choice_mode::function;
  }
  /// Does it change anything from the parser's default behaviour?
  bool is_default() const noexcept { return mode == tool_choice_mode::automatic && parallel_tool_calls; }
};

namespace detail {
/// Why `c` refuses a call named `name` here, or nullptr. `kept`: the calls kept before this one
/// (started, and announced in this region).
inline const char* choice_refusal(const tool_choice& c, const std::string& name, std::size_t kept) {
  if (c.mode == tool_choice_mode::none) return "tool_choice is none: the call stays content";
  if (c.mode == tool_choice_mode::function && name != c.function)
    return "tool_choice names another function: the call stays content";
  if (!c.parallel_tool_calls && !c.keep_extra_calls && kept > 0)
    return "parallel_tool_calls is false: a call after the first stays content";
  return nullptr;
}
}  // namespace detail

/// `auto`, `none`, `required` or `function`.
inline const char* to_string(tool_choice_mode m) noexcept {
  switch (m) {
    case tool_choice_mode::automatic: return "auto";
    case tool_choice_mode::none: return "none";
    case tool_choice_mode::required: return "required";
    case tool_choice_mode::function: return "function";
  }
  return "auto";
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_CHOICE_HPP
