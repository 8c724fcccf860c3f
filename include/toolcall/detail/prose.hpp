// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_PROSE_HPP
#define TOOLCALL_DETAIL_PROSE_HPP

// What the region runner knows about the prose around calls (docs/architecture.md): markdown
// code, where a marker is an example rather than a call; which openers are markers a model
// meant (never silent when they give no call); and the closing token a model may write twice.

#include <cstddef>
#include <cstring>
#include <string_view>

#include "engine_core.hpp"
#include "json_text.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Markdown code in the text released so far: inside a code fence (a line starting with three
/// or more backticks, up to the next such line) or an inline code span (a backtick up to the
/// next one or the end of the line), markers are examples, not calls or markers.
class code_tracker {
 public:
  void reset() noexcept {
    in_fence_ = in_inline_ = tick_line_start_ = false;
    code_line_start_ = true;
    ticks_ = 0;
  }
  bool in_code() noexcept {
    if (ticks_) end_tick_run();
    return in_fence_ || in_inline_;
  }
  /// Reads released text.
  void track(std::string_view s) noexcept {
    const std::size_t n = s.size();
    if (n <= 32 && !ticks_) {
      // a token-sized piece: one pass over its bytes; with no backtick, only a newline matters
      bool tick = false, nl = false;
      for (char c : s) {
        if (c == '`') {
          tick = true;
          break;
        }
        if (c == '\n') nl = true;
      }
      if (!tick) {
        if (nl) in_inline_ = false;
        code_line_start_ = line_start_before(s, n);
        return;
      }
    }
    track_ticks(s);
  }

 private:
  /// track() of a piece with a backtick, or a long one.
  TOOLCALL_NOINLINE void track_ticks(std::string_view s) noexcept {
    std::size_t i = 0;
    const std::size_t n = s.size();
    while (i < n) {
      if (ticks_) {  // a run of backticks goes on
        while (i < n && s[i] == '`') ++ticks_, ++i;
        if (i == n) break;
        end_tick_run();
      }
      const void* p = std::memchr(s.data() + i, '`', n - i);
      const std::size_t k = p ? static_cast<std::size_t>(static_cast<const char*>(p) - s.data()) : n;
      if (in_inline_ && std::memchr(s.data() + i, '\n', k - i)) in_inline_ = false;
      if (k == n) break;
      tick_line_start_ = line_start_before(s, k);
      i = k;
      while (i < n && s[i] == '`') ++ticks_, ++i;
      if (i < n) end_tick_run();
    }
    code_line_start_ = line_start_before(s, n);
  }

  void end_tick_run() noexcept {
    if (ticks_ >= 3 && tick_line_start_) {
      in_fence_ = !in_fence_;
      in_inline_ = false;
    } else if (!in_fence_) {
      in_inline_ = !in_inline_;
    }
    ticks_ = 0;
  }
  /// Does the text before s[k] (after spaces) end a line? `code_line_start_` carries it over.
  bool line_start_before(std::string_view s, std::size_t k) const noexcept {
    while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t')) --k;
    return k == 0 ? code_line_start_ : s[k - 1] == '\n';
  }

  bool in_fence_ = false, in_inline_ = false;
  bool code_line_start_ = true, tick_line_start_ = false;
  std::size_t ticks_ = 0;  ///< a run of backticks not yet ended
};

/// An opener that is a marker (a special token, a tag, a keyword), not bare punctuation or a
/// code fence: bare JSON and fences that turn out to be data are not openers a model meant.
inline bool is_marker_like(std::string_view t, bool at_end) noexcept {
  if (t.size() < 3 || t.compare(0, 3, "```") == 0) return false;
  if (at_end) return true;  // `>>>` at the very end: a cut-off call (a code fence is not)
  for (char c : t)
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

/// The special token or closing tag a region ends with (`</tool_call>`, `<|tool_call_end|>`,
/// `<｜tool▁calls▁end｜>`, `<tool_call|>`), or "": a model that writes it twice ends with a
/// recognised marker.
inline std::string_view closing_token(std::string_view r) noexcept {
  r = rtrim_ws(r);
  if (r.size() < 4 || r.back() != '>') return {};
  const std::size_t lt = r.rfind('<');
  if (lt == std::string_view::npos || r.size() - lt > 48) return {};
  const std::string_view t = r.substr(lt);
  for (char c : t)
    if (is_json_ws(static_cast<unsigned char>(c)) || c == '"' || c == '\'' || c == '{' || c == '}') return {};
  const bool closing = t[1] == '/' || t[1] == '|' || t.compare(0, 4, "<\xEF\xBD\x9C") == 0 ||
                       t.compare(t.size() - 2, 2, "|>") == 0;
  return closing ? t : std::string_view();
}

/// The shape of a special token, `<|x|>` or `<｜x｜>` (fullwidth bars): a shape, not a family's
/// marker (the learner reads the tokens a template uses).
inline bool special_token_shape(std::string_view t) noexcept {
  constexpr std::string_view fw = "\xEF\xBD\x9C";  // ｜
  if (t.size() < 5 || t.front() != '<' || t.back() != '>') return false;
  const bool open = t[1] == '|' || t.substr(1, fw.size()) == fw;
  const bool close = t[t.size() - 2] == '|' || (t.size() >= 2 + 2 * fw.size() && t.substr(t.size() - 1 - fw.size(), fw.size()) == fw);
  return open && close;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_PROSE_HPP
