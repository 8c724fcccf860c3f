// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JSON_TEXT_HPP
#define TOOLCALL_DETAIL_JSON_TEXT_HPP

// JSON text, byte by byte: the byte classes (whitespace, identifiers, hex digits), UTF-8
// encoding, the one JSON string writer (json_escape_append), the incremental unescaper, and
// the number grammar. Shared by the lenient lexer (detail/json_lexer.hpp) and every body that
// writes JSON text.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "scan.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

inline bool is_json_ws(unsigned char c) noexcept {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}
inline bool is_ident_start(unsigned char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
inline bool is_ident_char(unsigned char c) noexcept {
  return is_ident_start(c) || (c >= '0' && c <= '9');
}
/// ASCII letters to lower case; every other byte as it is (no locale).
inline char ascii_lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
inline std::string ascii_lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = ascii_lower(c);
  return r;
}
inline int hex_value(unsigned char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Appends the UTF-8 encoding of cp.
inline void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/**
 * Incremental decoder of the inside of a JSON string in the lexer's normalized form (only
 * valid escapes, surrogates paired). Used to decode a double-encoded arguments string as it
 * streams, and keys and names at once.
 */
class json_unescaper {
 public:
  void reset() noexcept { st_ = 0; cp_ = 0; n_ = 0; high_ = 0; }
  void feed(std::string_view in, std::string& out) {
    const char* p = in.data();
    const std::size_t n = in.size();
    std::size_t i = 0;
    while (i < n) {
      if (st_ == 0) {
        // the text up to the next backslash is copied as it is
        const void* bs = std::memchr(p + i, '\\', n - i);
        const std::size_t j = bs ? static_cast<std::size_t>(static_cast<const char*>(bs) - p) : n;
        out.append(p + i, j - i);
        if (j == n) return;
        st_ = 1;
        i = j + 1;
        continue;
      }
      const unsigned char c = static_cast<unsigned char>(p[i++]);
      switch (st_) {
        case 1:
          st_ = 0;
          switch (c) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'u': st_ = 2; cp_ = 0; n_ = 0; break;
            default: out += static_cast<char>(c); break;  // " \ /
          }
          break;
        default: {  // \uXXXX
          const int h = hex_value(c);
          cp_ = cp_ * 16 + static_cast<std::uint32_t>(h < 0 ? 0 : h);
          if (++n_ == 4) {
            st_ = 0;
            if (cp_ >= 0xD800 && cp_ <= 0xDBFF) {
              high_ = cp_;
            } else if (cp_ >= 0xDC00 && cp_ <= 0xDFFF && high_) {
              append_utf8(out, 0x10000 + ((high_ - 0xD800) << 10) + (cp_ - 0xDC00));
              high_ = 0;
            } else {
              append_utf8(out, cp_);
            }
          }
          break;
        }
      }
    }
  }

 private:
  int st_ = 0;
  std::uint32_t cp_ = 0;
  int n_ = 0;
  std::uint32_t high_ = 0;
};

inline std::string json_unescape(std::string_view escaped) {
  // no backslash: the text is its own value (a name, a key)
  if (escaped.empty() || std::memchr(escaped.data(), '\\', escaped.size()) == nullptr) return std::string(escaped);
  std::string out;
  out.reserve(escaped.size());
  json_unescaper u;
  u.feed(escaped, out);
  return out;
}

/// Position of the first byte of s at or after i that JSON must escape (`"`, `\\`, a control
/// byte), or s.size(). Sixteen bytes at a time where SSE2 or NEON is there.
inline std::size_t json_escape_special(std::string_view s, std::size_t i) noexcept {
  const unsigned char* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
#if defined(TOOLCALL_SCAN_SSE2)
  const __m128i q = _mm_set1_epi8('"'), b = _mm_set1_epi8('\\'), c1f = _mm_set1_epi8(0x1F);
  while (n - i >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    // unsigned x <= 0x1F exactly where max(x, 0x1F) == 0x1F
    const __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, q), _mm_cmpeq_epi8(x, b)),
                                   _mm_cmpeq_epi8(_mm_max_epu8(x, c1f), c1f));
    const int mask = _mm_movemask_epi8(m);
    if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
    i += 16;
  }
#elif defined(TOOLCALL_SCAN_NEON)
  const uint8x16_t q = vdupq_n_u8('"'), b = vdupq_n_u8('\\'), lim = vdupq_n_u8(0x20);
  while (n - i >= 16) {
    const uint8x16_t x = vld1q_u8(p + i);
    const uint8x16_t m = vorrq_u8(vorrq_u8(vceqq_u8(x, q), vceqq_u8(x, b)), vcltq_u8(x, lim));
    if (vmaxvq_u8(m) != 0) break;  // the bytes loop finds it within these 16
    i += 16;
  }
#endif
  while (i < n && p[i] >= 0x20 && p[i] != '"' && p[i] != '\\') ++i;
  return i;
}

/// Appends s as the inside of a JSON string (quotes not included): the one JSON string writer.
/// Runs that need no escape are appended whole.
inline void json_escape_append(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  std::size_t i = 0;
  for (;;) {
    const std::size_t j = json_escape_special(s, i);
    out.append(s.data() + i, j - i);
    if (j >= s.size()) return;
    const unsigned char c = static_cast<unsigned char>(s[j]);
    i = j + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        }
    }
  }
}

/// True if s is a JSON number exactly (RFC 8259 grammar).
inline bool is_json_number(std::string_view s) noexcept {
  std::size_t i = 0, n = s.size();
  if (i < n && s[i] == '-') ++i;
  if (i >= n) return false;
  if (s[i] == '0') {
    ++i;
  } else if (s[i] >= '1' && s[i] <= '9') {
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
  } else {
    return false;
  }
  if (i < n && s[i] == '.') {
    ++i;
    if (i >= n || s[i] < '0' || s[i] > '9') return false;
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    if (i >= n || s[i] < '0' || s[i] > '9') return false;
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
  }
  return i == n;
}

/// The bytes json_lexer's string fast path stops at: quotes, backslash, controls, non-ASCII.
struct string_special_table {
  bool at[256];
  constexpr string_special_table() : at() {
    for (int c = 0; c < 256; ++c) at[c] = c < 0x20 || c >= 0x80 || c == '\\' || c == '"' || c == '\'';
  }
};
inline constexpr string_special_table k_string_special{};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JSON_TEXT_HPP
