// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_UTF8_HPP
#define TOOLCALL_DETAIL_UTF8_HPP

// The UTF-8 module: whole-buffer validation (simdjson's validate_utf8), the offset of the first
// invalid byte, and the append that replaces invalid bytes by U+FFFD, used wherever the library
// (the JSON writer, the Python binding) hands out text that must be valid UTF-8. Well-formed
// means RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF. The JSON lexer's
// repair of strings it transcodes is streamed, byte by byte (detail/json_lexer.hpp).

#include <cstddef>
#include <string>
#include <string_view>

#include "../config.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Length of the well-formed UTF-8 sequence at s[i] (i < s.size()), or 0 if none starts there.
inline std::size_t utf8_sequence_at(std::string_view s, std::size_t i) noexcept {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const std::size_t left = s.size() - i;
  const unsigned char c = b(0);
  if (c < 0x80) return 1;
  const auto cont = [&](std::size_t k) { return (b(k) & 0xC0) == 0x80; };
  if (c >= 0xC2 && c <= 0xDF) return left >= 2 && cont(1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (left < 3 || !cont(1) || !cont(2)) return 0;
    if (c == 0xE0 && b(1) < 0xA0) return 0;   // overlong
    if (c == 0xED && b(1) >= 0xA0) return 0;  // surrogate
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (left < 4 || !cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xF0 && b(1) < 0x90) return 0;  // overlong
    if (c == 0xF4 && b(1) >= 0x90) return 0;  // above U+10FFFF
    return 4;
  }
  return 0;
}

/// Whether the whole of `s` is valid UTF-8 (simdjson: fast on long texts).
bool utf8_valid(std::string_view s) noexcept;

/// Offset of the first byte of `s` that does not belong to a well-formed UTF-8 sequence, or
/// s.size() if there is none. Scalar: call it once utf8_valid() has said false.
inline std::size_t utf8_first_invalid(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t n = utf8_sequence_at(s, i);
    if (n == 0) return i;
    i += n;
  }
  return s.size();
}

/// Length of the longest prefix of s that does not end inside a UTF-8 sequence: an incomplete
/// trailing sequence (at most 3 bytes) is held back until its next bytes arrive.
inline std::size_t utf8_complete_prefix(std::string_view s) noexcept {
  std::size_t k = 0;
  while (k < 3 && k < s.size() && (static_cast<unsigned char>(s[s.size() - 1 - k]) & 0xC0) == 0x80) ++k;
  if (k < s.size()) {
    const unsigned char lead = static_cast<unsigned char>(s[s.size() - 1 - k]);
    const std::size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (lead >= 0xC0 && need > k + 1) return s.size() - 1 - k;
  }
  return s.size();
}

/// Appends `s` unchanged (the default way utf8_append_replacing() writes valid runs).
inline void utf8_append_plain(std::string& out, std::string_view s) { out.append(s.data(), s.size()); }

/**
 * Appends `s` to `out` as valid UTF-8: each byte that does not belong to a well-formed sequence
 * becomes U+FFFD (one per byte), and the valid runs between them go through `append_valid`
 * (a plain append, or json_escape_append for a JSON string). A valid `s` is one call of
 * `append_valid`.
 */
inline void utf8_append_replacing(std::string& out, std::string_view s,
                                  void (*append_valid)(std::string&, std::string_view) = utf8_append_plain) {
  if (utf8_valid(s)) {
    append_valid(out, s);
    return;
  }
  std::size_t i = 0;
  for (;;) {
    const std::size_t bad = i + utf8_first_invalid(s.substr(i));
    if (bad > i) append_valid(out, s.substr(i, bad - i));
    if (bad >= s.size()) return;
    out += "\xEF\xBF\xBD";
    i = bad + 1;
  }
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "../impl/utf8.hpp"
#endif

#endif  // TOOLCALL_DETAIL_UTF8_HPP
