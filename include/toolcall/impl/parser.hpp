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

TOOLCALL_INLINE parser::parser(const parser_registry& reg, const options& opt) : sp_(reg, opt), opt_(opt) {}

TOOLCALL_INLINE message parser::parse(std::string_view text) {
  sp_.reset();
  sp_.reserve(text.size());
  sp_.write(text);
  return sp_.finish();
}

TOOLCALL_INLINE message parser::parse(std::string_view text, const options& opt) {
  sp_.reset(opt);
  sp_.reserve(text.size());
  sp_.write(text);
  message m = sp_.finish();
  sp_.reset(opt_);
  return m;
}

TOOLCALL_INLINE message parse(std::string_view text, const parser_registry& reg, const options& opt) {
  parser p{reg, opt};
  return p.parse(text);
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_PARSER_HPP
