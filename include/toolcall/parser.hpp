// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_PARSER_HPP
#define TOOLCALL_PARSER_HPP

// Declarations only, with the standard library (docs/building.md, "Compile cost"): the
// definitions are in impl/parser.hpp, included below in header-only mode.
#include <string_view>

#include "config.hpp"
#include "stream_parser.hpp"

TOOLCALL_NAMESPACE_BEGIN

/**
 * One-shot parser: the stream parser fed the whole text at once, so both agree by construction.
 * Construct once and reuse (it owns scratch buffers and a simdjson parser).
 *
 * It sees the whole text, so the default reasoning start (reasoning_start::preset, when the
 * registry does not say the prompt opens a reasoning block) is reasoning_start::detect here: a
 * lone `</think>` ends reasoning the prompt opened, and the text before it is reasoning, as
 * `toolcall parse` reads it. A reasoning start set explicitly (closed, open, detect, none) is
 * used as given, and a stream_parser with the same explicit start agrees with parse().
 *
 * A normalizer or tool_choice attached to stream() serves the next parse() only (see
 * stream_parser::reset()): attach each request's before parsing its output.
 * @return parse() always returns a message: malformed output yields diagnostics, and its text
 * stays in content. Never throws on model output.
 * @par Thread safety: not thread-safe; use one parser per thread (the registry may be shared).
 *
 * **Example**:
 * @code
 * toolcall::parser p{toolcall::parser_registry::builtin()};
 * toolcall::message m = p.parse(R"(<tool_call>{"name": "f", "arguments": {}}</tool_call>)");
 * // m.calls[0].name == "f", m.calls[0].arguments == "{}"
 * @endcode
 */
class parser {
 public:
  explicit parser(const parser_registry& reg = parser_registry::builtin(), const options& opt = {});

  /// The underlying stream parser (to install a normalizer: normalizer::attach(p.stream())).
  stream_parser& stream() noexcept { return sp_; }

  [[nodiscard]] message parse(std::string_view text);
  /// Parses with other options for this call only (seed, reasoning start, ...); later calls
  /// use the constructor's options again.
  [[nodiscard]] message parse(std::string_view text, const options& opt);

 private:
  stream_parser sp_;
  options opt_;
  bool prompt_opens_ = false;  ///< the registry says the prompt opens a reasoning block
};

/// One-shot convenience: builds a parser for the call.
[[nodiscard]] message parse(std::string_view text, const parser_registry& reg = parser_registry::builtin(),
                            const options& opt = {});

TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/parser.hpp"
#include "impl/learn.hpp"
#endif

#endif  // TOOLCALL_PARSER_HPP
