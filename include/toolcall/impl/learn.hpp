// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_LEARN_HPP
#define TOOLCALL_IMPL_LEARN_HPP

// format::learn (docs/learning.md): inline in header-only mode (included at the end of
// parser.hpp, since checking a learned spec parses the samples), compiled once by
// src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <string>
#include <vector>

#include "../detail/learn.hpp"
#include "../format.hpp"
#include "../parser.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Parses the sample's text with only `spec` (and its reasoning blocks): are its calls the
/// sample's? Names equal, arguments equal as JSON (XML text values equal to the JSON they spell).
inline bool learn_check(const format_spec& spec, const learn_sample& s, std::string& why) {
  auto f = format::from_spec(spec);
  if (!f) {
    why = f.error().detail;
    return false;
  }
  parser_registry reg;
  reg.add(*f);
  parser p(reg);
  const message m = p.parse(s.rendered);
  if (m.calls.size() != s.tool_calls.size()) {
    why = std::to_string(m.calls.size()) + " calls read, " + std::to_string(s.tool_calls.size()) + " expected";
    return false;
  }
  for (std::size_t i = 0; i < m.calls.size(); ++i) {
    if (m.calls[i].name != s.tool_calls[i].name) {
      why = "call " + std::to_string(i) + " is named " + m.calls[i].name;
      return false;
    }
    if (!learn_json_text_same(m.calls[i].arguments, s.tool_calls[i].arguments, true)) {
      why = "call " + std::to_string(i) + " has arguments " + m.calls[i].arguments;
      return false;
    }
  }
  return true;
}

}  // namespace detail

TOOLCALL_INLINE result<format_spec> format::learn(const std::vector<learn_sample>& samples) {
  return detail::learn_format(samples, detail::learn_check);
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_LEARN_HPP
