// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_PARSER_HPP
#define TOOLCALL_IMPL_PARSER_HPP

// Definitions of parser.hpp (docs/building.md, "Compile cost"): inline in header-only mode,
// compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <string_view>

#include "../parser.hpp"
#include "stream_parser.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace detail {
/// The options one-shot parsing runs with: it has the whole text, so the default reasoning start
/// (preset, when the prompt does not open a block) is detect; an explicit start stays.
inline options whole_text_options(const options& opt, bool prompt_opens) {
  options o = opt;
  if (o.reasoning == reasoning_start::preset && !prompt_opens) o.reasoning = reasoning_start::detect;
  return o;
}
}  // namespace detail

TOOLCALL_INLINE parser::parser(const parser_registry& reg, const options& opt)
    : sp_(reg, detail::whole_text_options(opt, reg.prompt_opens_reasoning())),
      opt_(opt),
      prompt_opens_(reg.prompt_opens_reasoning()) {}

TOOLCALL_INLINE message parser::parse(std::string_view text) {
  sp_.reset();
  sp_.reserve(text.size());
  sp_.whole_text(text);
  sp_.write(text);
  return sp_.finish();
}

TOOLCALL_INLINE message parser::parse(std::string_view text, const options& opt) {
  sp_.reset(detail::whole_text_options(opt, prompt_opens_));
  sp_.reserve(text.size());
  sp_.whole_text(text);
  sp_.write(text);
  message m = sp_.finish();
  sp_.reset(detail::whole_text_options(opt_, prompt_opens_));
  return m;
}

TOOLCALL_INLINE message parse(std::string_view text, const parser_registry& reg, const options& opt) {
  parser p{reg, opt};
  return p.parse(text);
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_PARSER_HPP
