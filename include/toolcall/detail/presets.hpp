// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_PRESETS_HPP
#define TOOLCALL_DETAIL_PRESETS_HPP

// parser_registry::for_model(): the rule by which a preset matches a model name (the compiled
// presets are built once per process, in impl/format.hpp).
//
// A preset is a case-insensitive RE2 pattern over the LAST PATH COMPONENT of the name
// (`mlx-community/Qwen3-8B-4bit` -> `Qwen3-8B-4bit`; `/` and `\` separate components), and it
// must match a whole token of it, not a substring of a longer word:
// - the match starts at the start of the component, right after a separator, or with a
//   separator it consumes itself (`(?:^|[/_-])name`);
// - the match ends at the end of the component, right before a separator, with a separator it
//   consumed, or where a version number starts after a letter (`qwen` in `qwen2.5`, `internlm`
//   in `internlm2_5`, `dots.llm` in `dots.llm1`);
// separators are `-`, `_`, `.`, `/`, `:` (Ollama tags) and space. So `nemo` matches
// `Mistral-Nemo-Instruct-2407` but not `Nemotron-3-Nano`, and `hermes` matches
// `Hermes-3-Llama-3.1-8B` but not `OpenHermes-2.5-Mistral-7B`. Where a pattern matches several
// places, every match is tried. The lowest rank wins; among equal ranks, builtin order.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "format_def.hpp"
#include "regex.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A separator between the tokens of a model name.
constexpr bool model_name_sep(char c) noexcept {
  return c == '-' || c == '_' || c == '.' || c == '/' || c == ':' || c == ' ' || c == '\\';
}

/// The part of a model name presets are matched against: its last path component.
inline std::string_view model_name_tail(std::string_view model) noexcept {
  const std::size_t slash = model.find_last_of("/\\");
  return slash == std::string_view::npos ? model : model.substr(slash + 1);
}

/// Does the compiled preset `re` match a whole token of the name's last path component? A
/// component longer than 256 bytes is no model name: nothing matches it (and the work stays
/// bounded).
inline bool preset_matches(const RE2& re, std::string_view model) {
  const std::string_view s = model_name_tail(model);
  if (s.size() > 256) return false;
  const re2::StringPiece text(s.data(), s.size());
  const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t from = 0;
  while (from <= s.size()) {
    re2::StringPiece m;
    if (!re.Match(text, from, s.size(), RE2::UNANCHORED, &m, 1)) return false;
    const std::size_t b = static_cast<std::size_t>(m.data() - s.data());
    const std::size_t e = b + m.size();
    const bool left = b == 0 || model_name_sep(s[b - 1]) || (e > b && model_name_sep(s[b]));
    const bool right = e == s.size() || model_name_sep(s[e]) || (e > b && model_name_sep(s[e - 1])) ||
                       (e > b && alpha(s[e - 1]) && digit(s[e]));
    if (left && right) return true;
    // a later start, or a shorter match from the same start: try each start once more
    if (left && e > b) {
      for (std::size_t k = e; k > b; --k) {
        re2::StringPiece m2;
        if (!re.Match(text, b, k, RE2::ANCHOR_BOTH, &m2, 1)) continue;
        const bool r2 = k == s.size() || model_name_sep(s[k]) || model_name_sep(s[k - 1]) ||
                        (alpha(s[k - 1]) && digit(s[k]));
        if (r2) return true;
      }
    }
    from = b + 1;
  }
  return false;
}

/// A preset's pattern compiled as detail::regex compiles (case-insensitive, quiet, bounded
/// memory); check ok().
inline std::shared_ptr<const RE2> compile_preset(std::string_view pattern) {
  RE2::Options o;
  o.set_log_errors(false);
  o.set_max_mem(std::int64_t{8} << 20);
  o.set_case_sensitive(false);
  return std::make_shared<const RE2>(re2::StringPiece(pattern.data(), pattern.size()), o);
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_PRESETS_HPP
