// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SPEC_TOKENS_HPP
#define TOOLCALL_DETAIL_SPEC_TOKENS_HPP

// The token suffix of a format spec (format_spec::token_suffix): the tokens it applies to, and
// the suffix a learned spec's tags share (detail/learn.hpp, detail/spec_compile.hpp).

#include <string>
#include <vector>

#include "../format_spec.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Every token of `s` that can stand inside a region (openers, closers, tags, markers).
inline std::vector<const std::string*> spec_tokens(const format_spec& s) {
  const xml_tags& x = s.xml;
  std::vector<const std::string*> v = {&s.call_begin, &s.call_end, &s.name_end, &s.id_end, &s.string_delimiter,
                                       &x.call_prefix, &x.function_open, &x.function_close, &x.parameter_open,
                                       &x.parameter_name_end, &x.value_open, &x.parameter_close,
                                       &x.name_separator, &x.tag_end, &x.invoke_lead};
  for (const auto& t : s.triggers) v.insert(v.end(), {&t.open, &t.close});
  for (const auto& t : s.arguments_lead) v.push_back(&t);
  for (const auto& t : s.markers) v.push_back(&t);
  for (const auto& t : s.section_openers) v.push_back(&t);
  for (const auto& r : s.reasoning) v.insert(v.end(), {&r.open, &r.close});
  return v;
}

/// The suffix every tag token of `s` spells as `<name:word>` or `</name:word>` (Hy3's
/// `:opensource`), when call_begin holds it and no tag token has another; else empty.
inline std::string spec_shared_suffix(const format_spec& s) {
  const auto ident = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  std::string sfx;
  for (const std::string* t : spec_tokens(s)) {
    const std::string& x = *t;
    const std::size_t n = x.size(), from = n > 1 && x[1] == '/' ? 2 : 1;
    if (n < 4 || x[0] != '<' || x[n - 1] != '>') continue;
    std::size_t colon = std::string::npos;
    bool shape = true;
    for (std::size_t i = from; i + 1 < n && shape; ++i) {
      if (x[i] == ':' && colon == std::string::npos && i > from) colon = i;
      else if (!ident(x[i])) shape = false;
    }
    if (!shape) continue;  // not a plain tag (`<|...|>`, `<invoke name=`)
    if (colon == std::string::npos || colon + 2 >= n) return {};  // a tag without a suffix
    const std::string word = x.substr(colon, n - 1 - colon);
    if (!sfx.empty() && word != sfx) return {};
    sfx = word;
  }
  return s.call_begin.find(sfx) != std::string::npos ? sfx : std::string();
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SPEC_TOKENS_HPP
