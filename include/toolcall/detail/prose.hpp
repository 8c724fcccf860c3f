// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_PROSE_HPP
#define TOOLCALL_DETAIL_PROSE_HPP

// What the region runner knows about the prose around calls (docs/architecture.md): markdown
// code, where a marker is an example rather than a call; which openers are markers a model
// meant (never silent when they give no call); and the closing token a model may write twice.

#include <cstddef>
#include <cstdint>
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
  TOOLCALL_ALWAYS_INLINE void track(std::string_view s) noexcept {
    const std::size_t n = s.size();
    if (n <= 32 && !ticks_ && n != 0) {
      // a token-sized piece, read eight bytes at a time; with no backtick, only a newline
      // matters
      const char* p = s.data();
      std::uint64_t tick = 0, nl = 0;
      const auto word = [&](std::uint64_t w) {
        tick |= zero_byte(w ^ (k_ones * '`'));
        nl |= zero_byte(w ^ (k_ones * '\n'));
      };
      if (n >= 8) {
        for (std::size_t i = 0; i + 8 <= n; i += 8) word(load8(p + i));
        if (n % 8) word(load8(p + n - 8));
      } else if (n >= 4) {  // two overlapping halves: only whether a byte is there matters
        word(static_cast<std::uint64_t>(load4(p)) | static_cast<std::uint64_t>(load4(p + n - 4)) << 32);
      } else {  // the bytes not set are 0, neither a backtick nor a newline
        word(static_cast<unsigned char>(p[0]) | static_cast<std::uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8 |
             static_cast<std::uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16);
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
  static constexpr std::uint64_t k_ones = 0x0101010101010101ull;
  /// Non-zero when a byte of w is 0 (exact as to whether one is).
  static std::uint64_t zero_byte(std::uint64_t w) noexcept { return (w - k_ones) & ~w & (k_ones * 0x80); }
  static std::uint64_t load8(const char* p) noexcept {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
  }
  static std::uint32_t load4(const char* p) noexcept {
    std::uint32_t w;
    std::memcpy(&w, p, 4);
    return w;
  }

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
  // back from the '>' to its '<', at most 48 bytes, through no whitespace, quote or brace
  std::size_t lt = r.size() - 1;
  for (;;) {
    if (lt == 0 || r.size() - lt >= 48) return {};
    const char c = r[--lt];
    if (c == '<') break;
    if (is_json_ws(static_cast<unsigned char>(c)) || c == '"' || c == '\'' || c == '{' || c == '}') return {};
  }
  const std::string_view t = r.substr(lt);
  // `</x>`, `<|x|>`, `<｜x｜>`, and a name that starts with `end_` (FunctionGemma's closer)
  const bool closing = t[1] == '/' || t[1] == '|' || t.compare(0, 4, "<\xEF\xBD\x9C") == 0 ||
                       t.compare(t.size() - 2, 2, "|>") == 0 || (t.size() > 6 && ascii_lower(t[1]) == 'e' && ascii_lower(t[2]) == 'n' &&
                                                              ascii_lower(t[3]) == 'd' && t[4] == '_');
  return closing ? t : std::string_view();
}

/// Every claimant failed at the word right after an opener (`use the <tool_call> tag`, the word
/// at `word_at`): the opener was prose, worth a note, not a call cut or broken.
inline bool refused_word(std::string_view after, std::size_t word_at, std::size_t fail_at, errc code) noexcept {
  const char c = after.empty() ? '\0' : ascii_lower(after[0]);
  return c >= 'a' && c <= 'z' && fail_at == word_at && (code == errc::invalid_call || code == errc::invalid_json);
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
