// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_NORMALIZE_NAMES_HPP
#define TOOLCALL_DETAIL_NORMALIZE_NAMES_HPP

// The normalizer's text helpers (case-insensitive compare, edit distance, JSON pointers,
// excerpts, integer tokens) and tool-name repair (match_tool_name). Part of detail/normalize.hpp.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "json_text.hpp"
#include "schema.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

// ---------------------------------------------------------------------------------------------
// Small text helpers


inline bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

/// Optimal string alignment distance (Levenshtein plus adjacent transpositions), or cap + 1
/// as soon as it must exceed cap.
inline std::size_t osa_distance(std::string_view a, std::string_view b, std::size_t cap) {
  const std::size_t n = a.size(), m = b.size();
  if ((n > m ? n - m : m - n) > cap) return cap + 1;
  std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    std::size_t row_min = cur[0];
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      std::size_t v = (std::min)({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) v = (std::min)(v, prev2[j - 2] + 1);
      cur[j] = v;
      row_min = (std::min)(row_min, v);
    }
    if (row_min > cap) return cap + 1;
    prev2.swap(prev);
    prev.swap(cur);
  }
  return prev[m];
}

/// Appends `/token` to a JSON pointer (RFC 6901: `~` -> `~0`, `/` -> `~1`).
inline void pointer_append(std::string& path, std::string_view token) {
  path += '/';
  for (char c : token) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

/// A short, printable excerpt of a value for a diagnostic.
inline std::string excerpt(std::string_view s) {
  constexpr std::size_t k_max = 48;
  if (s.size() <= k_max) return std::string(s);
  std::size_t cut = k_max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8
  return std::string(s.substr(0, cut)) + "...";
}

inline std::string pointer_or_root(const std::string& path) { return path.empty() ? std::string("(arguments)") : path; }

/// `-?(0|[1-9][0-9]*)`: the only strings that become integers.
inline bool is_exact_integer(std::string_view s) noexcept {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  if (i >= s.size()) return false;
  if (s[i] == '0') return i + 1 == s.size();
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

/// A JSON number token with an integral value as JSON Schema counts it (`3`, `-3`, `3.0`).
inline bool is_integral_token(std::string_view t) noexcept {
  std::size_t i = 0;
  if (i < t.size() && t[i] == '-') ++i;
  const std::size_t d0 = i;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i == d0) return false;
  if (i == t.size()) return true;
  if (t[i] != '.') return false;
  ++i;
  if (i == t.size()) return false;
  for (; i < t.size(); ++i)
    if (t[i] != '0') return false;
  return true;
}

/// What loose_text_scalar() read.
enum class loose_kind : std::uint8_t { none, integer, number, boolean };

/// A parameter's text read as a number or a boolean the way the vendors' XML parsers read it
/// (vLLM qwen3coder, glm4_moe, minimax_m2: Python's int()/float(), `value.lower() == "true"`),
/// where the text is not JSON already: leading zeros (`007`, `-0012.5`), a `+` sign, `.5`,
/// `TRUE`/`False`; whitespace around it is allowed. The compact JSON goes to `out`.
inline loose_kind loose_text_scalar(std::string_view s, std::string& out) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  if (iequals(s, "true") || iequals(s, "false")) {
    out = ascii_lower(s);
    return loose_kind::boolean;
  }
  if (s.empty() || s.size() > 400) return loose_kind::none;
  std::size_t i = 0;
  const bool neg = s[0] == '-';
  if (s[0] == '-' || s[0] == '+') ++i;
  const std::size_t ib = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  std::string_view ip = s.substr(ib, i - ib), fp;
  bool real = false;
  if (i < s.size() && s[i] == '.') {
    real = true;
    const std::size_t fb = ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    fp = s.substr(fb, i - fb);
  }
  if (ip.empty() && fp.empty()) return loose_kind::none;
  std::string_view ex;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    const std::size_t eb = i++;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    const std::size_t d0 = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == d0) return loose_kind::none;
    real = true;
    ex = s.substr(eb, i - eb);
  }
  if (i != s.size()) return loose_kind::none;
  while (ip.size() > 1 && ip[0] == '0') ip.remove_prefix(1);
  out.clear();
  if (neg) out += '-';
  out += ip.empty() ? std::string_view("0") : ip;
  if (!fp.empty()) {
    out += '.';
    out += fp;
  }
  out += ex;
  return real ? loose_kind::number : loose_kind::integer;
}

// ---------------------------------------------------------------------------------------------
// Tool-name repair

struct name_match {
  int index = -1;
  const char* how = "";
};

/**
 * Finds the declared tool a model meant (tool-name repair), in this order, each
 * step only when the previous ones found nothing:
 *   1. a namespace removed: `functions.`, `function.`, `tools.`, `tool.`, `default_api.`,
 *      `api.` (repeatedly), or everything up to the last `.`, when that is a declared name;
 *   2. a case-insensitive match, when exactly one declared name matches;
 *   3. the nearest declared name within a small edit distance (optimal string alignment, case
 *      ignored): at most min(max_distance, 1) for declared names of 4 to 7 bytes, at most
 *      min(max_distance, 2) from 8 bytes, never for names under 4 bytes (`ls` is not `rm`), and
 *      only when exactly one declared name is that close.
 * The exact name was checked by the caller.
 */
inline name_match match_tool_name(const schema_set& s, std::string_view name, std::size_t max_distance) {
  std::vector<std::string_view> cands;
  cands.push_back(name);
  std::string_view c = name;
  constexpr std::string_view k_ns[] = {"functions.", "function.", "tools.", "tool.", "default_api.", "api."};
  for (bool again = true; again;) {
    again = false;
    for (std::string_view ns : k_ns) {
      if (c.size() > ns.size() && c.compare(0, ns.size(), ns) == 0) {
        c.remove_prefix(ns.size());
        again = true;
      }
    }
  }
  if (c != name) cands.push_back(c);
  const std::size_t dot = name.rfind('.');
  if (dot != std::string_view::npos && dot + 1 < name.size()) {
    const std::string_view tail = name.substr(dot + 1);
    if (std::find(cands.begin(), cands.end(), tail) == cands.end()) cands.push_back(tail);
  }
  for (std::size_t k = 1; k < cands.size(); ++k) {
    const int i = s.find_tool(cands[k]);
    if (i >= 0) return {i, "namespace removed"};
  }
  for (std::string_view cand : cands) {
    int hit = -1, count = 0;
    for (std::size_t i = 0; i < s.tools.size(); ++i)
      if (iequals(cand, s.tools[i].name)) {
        hit = static_cast<int>(i);
        ++count;
      }
    if (count == 1) return {hit, "case-insensitive match"};
  }
  if (max_distance == 0) return {};
  int hit = -1;
  bool ambiguous = false;
  for (std::string_view cand : cands) {
    const std::string lc = ascii_lower(cand);
    for (std::size_t i = 0; i < s.tools.size(); ++i) {
      const std::size_t len = s.tools[i].name.size();
      const std::size_t allowed = (std::min)(max_distance, std::size_t{len >= 8 ? 2u : len >= 4 ? 1u : 0u});
      if (allowed == 0) continue;
      if (osa_distance(lc, ascii_lower(s.tools[i].name), allowed) <= allowed) {
        if (hit < 0) hit = static_cast<int>(i);
        else if (hit != static_cast<int>(i)) ambiguous = true;
      }
    }
  }
  if (hit >= 0 && !ambiguous) return {hit, "nearest declared name"};
  return {};
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_NORMALIZE_NAMES_HPP
