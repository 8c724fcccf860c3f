// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JSON_LEXER_HPP
#define TOOLCALL_DETAIL_JSON_LEXER_HPP

// The lenient JSON transcoder (docs/architecture.md).
//
// A push lexer: bytes go in as they arrive, in chunks of any size, and compact JSON comes out in
// out(), byte for byte final (nothing already written is ever taken back, so a caller can stream
// out() as argument deltas). Every byte is examined once; the state is a few integers plus the
// container stack, so chunk boundaries cannot change the result.
//
// Valid JSON is copied unchanged but for insignificant whitespace (escapes are kept as written,
// numbers keep every digit). What models write and JSON forbids is repaired and flagged:
//   single-quoted strings and keys, Python True/False/None, trailing commas, bare identifier
//   keys, raw control characters in strings, invalid escapes, lone surrogates, invalid UTF-8.
// What cannot be repaired fails: a missing value or colon, a bare identifier as a value, a
// missing comma, a truncated document (corpus README, "Not repairable").

#include <cstddef>
#include <cstring>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "scan.hpp"

#include "../error.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

enum class jkind : std::uint8_t { object, array, string, scalar };

/// Observer of the lexer's structure. Positions are offsets into json_lexer::out(), or into
/// the diversion's target while one is set (json_lexer::divert).
class json_listener {
 public:
  virtual ~json_listener() = default;
  virtual void value_begin(jkind kind, std::size_t depth, std::size_t out_pos) = 0;
  virtual void value_end(jkind kind, std::size_t depth, std::size_t out_pos) = 0;
  virtual void key(std::string_view decoded, std::size_t depth) = 0;
};

struct lex_step {
  enum status : std::uint8_t { more, done, fail } st = more;
  std::size_t consumed = 0;
};

inline bool is_json_ws(unsigned char c) noexcept {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}
inline bool is_ident_start(unsigned char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
inline bool is_ident_char(unsigned char c) noexcept {
  return is_ident_start(c) || (c >= '0' && c <= '9');
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

class json_lexer {
 public:
  json_lexer() = default;
  // a copy would write to the original's buffer: the lexer stays where it was made
  json_lexer(const json_lexer&) = delete;
  json_lexer& operator=(const json_lexer&) = delete;

  /// Starts a new document. The listener may be null.
  void reset(json_listener* l, std::size_t max_depth) {
    listener_ = l;
    max_depth_ = max_depth;
    out_.clear();
    o_ = &out_;
    stack_.clear();
    need_comma_.clear();
    st_ = st_value;
    after_comma_ = false;
    repaired_ = false;
    bad_utf8_ = false;
    err_ = errc::ok;
    err_msg_ = nullptr;
    tok_.clear();
    key_.clear();
    u8_need_ = 0;
    u8_len_ = 0;
    high_ = 0;
    in_key_ = false;
    halted_ = false;
  }

  /// Called by a listener that rejected what it saw: feed() stops right after the byte that
  /// made the callback, so where a region fails never depends on how the text was chunked.
  void halt() noexcept { halted_ = true; }
  bool halted() const noexcept { return halted_; }

  /// What the lexer wrote to its own buffer (everything, unless a part was diverted).
  const std::string& out() const noexcept { return out_; }
  std::string& out_mut() noexcept { return out_; }
  /// From the next byte written, the output goes to the end of `target` (a call's arguments
  /// buffer, so they are written once) instead of out(); nullptr writes to out() again.
  /// Positions given to the listener are offsets into whichever buffer is written. reset()
  /// ends a diversion; the target must outlive it.
  void divert(std::string* target) noexcept { o_ = target ? target : &out_; }
  bool repaired() const noexcept { return repaired_; }
  /// Did a string hold bytes that are not UTF-8 (each written as U+FFFD)?
  bool replaced_utf8() const noexcept { return bad_utf8_; }
  errc error_code() const noexcept { return err_; }
  const char* error_message() const noexcept { return err_msg_ ? err_msg_ : ""; }
  std::size_t depth() const noexcept { return stack_.size(); }
  bool finished() const noexcept { return st_ == st_done; }
  /// True before the first byte of the top-level value.
  bool not_started() const noexcept { return st_ == st_value && stack_.empty(); }

  /// Lexes `in`. Stops after the top-level value (done), at an offending byte (fail; that
  /// byte is not consumed), or at the end of `in` (more).
  lex_step feed(std::string_view in) {
    const unsigned char* p = reinterpret_cast<const unsigned char*>(in.data());
    const std::size_t n = in.size();
    std::size_t i = 0;
    while (i < n) {
      const unsigned char c = p[i];
      switch (st_) {
        case st_done:
          return {lex_step::done, i};
        case st_string: {
          // fast path: a run that the normalized form keeps as it is (plain bytes, the simple
          // escapes, whole valid UTF-8 sequences) is found in bulk and copied at once
          if (u8_need_ == 0 && high_ == 0) {
            const std::size_t j = plain_run(p, i, n);
            if (j > i) {
              o().append(reinterpret_cast<const char*>(p + i), j - i);
              if (in_key_) key_.append(reinterpret_cast<const char*>(p + i), j - i);
              i = j;
              continue;
            }
          }
          if (!string_byte(c)) return fail_at(i);
          ++i;
          if (halted_) return fail_at(i);
          continue;
        }
        case st_escape:
          if (!escape_byte(c)) return fail_at(i);
          ++i;
          continue;
        case st_unicode:
          if (!unicode_byte(c)) return fail_at(i);
          ++i;
          continue;
        case st_bare_key:
          if (is_ident_char(c) || c == '-') {
            key_ += static_cast<char>(c);
            o() += static_cast<char>(c);
            ++i;
            continue;
          }
          o() += '"';
          in_key_ = false;
          if (listener_) listener_->key(key_, stack_.size());
          st_ = st_colon;
          if (halted_) return fail_at(i);
          continue;
        case st_scalar:
          if (is_ident_char(c) || c == '.' || c == '+' || c == '-') {
            // the scalar's run at once; it fails at the byte that makes it over 4097 bytes
            std::size_t j = i + 1;
            while (j < n && (is_ident_char(p[j]) || p[j] == '.' || p[j] == '+' || p[j] == '-')) ++j;
            const std::size_t room = tok_.size() > 4096 ? 0 : 4097 - tok_.size();
            if (j - i > room) {
              tok_.append(reinterpret_cast<const char*>(p + i), room);
              return fail_at(i + room, errc::invalid_json, "scalar too long");
            }
            tok_.append(reinterpret_cast<const char*>(p + i), j - i);
            i = j;
            continue;
          }
          if (!end_scalar()) return fail_at(i);
          if (halted_) return fail_at(i);
          if (st_ == st_done) return {lex_step::done, i};
          continue;  // re-examine c in the new state
        default:
          break;
      }
      // structural states
      if (is_json_ws(c)) {
        ++i;
        continue;
      }
      switch (st_) {
        case st_value:
          if (!begin_value(c)) return fail_at(i);
          ++i;
          if (halted_) return fail_at(i);
          if (st_ == st_done) return {lex_step::done, i};
          break;
        case st_key:
          if (c == '"' || c == '\'') {
            comma_if_needed();
            quote_ = static_cast<char>(c);
            in_key_ = true;
            key_.clear();
            o() += '"';
            st_ = st_string;
          } else if (c == '}') {
            if (after_comma_) repaired_ = true;
            if (!close_container('}')) return fail_at(i);
            if (halted_) return fail_at(i + 1);
            if (st_ == st_done) return {lex_step::done, i + 1};
          } else if (is_ident_start(c)) {
            // bare identifier key (JS style): quote it
            comma_if_needed();
            repaired_ = true;
            in_key_ = true;
            key_.clear();
            o() += '"';
            st_ = st_bare_key;
            key_ += static_cast<char>(c);
            o() += static_cast<char>(c);
          } else if (c == ',' || c == ':') {
            return fail_at(i, errc::invalid_json, "missing key");
          } else {
            return fail_at(i, errc::invalid_json, "expected a key");
          }
          ++i;
          break;
        case st_colon:
          if (c != ':') return fail_at(i, errc::invalid_json, "expected ':'");
          o() += ':';
          st_ = st_value;
          ++i;
          break;
        case st_after:
          if (c == ',') {
            after_comma_ = true;
            st_ = stack_.back() == '{' ? st_key : st_value;
            ++i;
          } else if (c == '}' || c == ']') {
            if (!close_container(static_cast<char>(c))) return fail_at(i);
            ++i;
            if (halted_) return fail_at(i);
            if (st_ == st_done) return {lex_step::done, i};
          } else {
            return fail_at(i, errc::invalid_json, "expected ',' or a closing bracket");
          }
          break;
        default:
          return fail_at(i, errc::invalid_json, "internal state");
      }
    }
    return {st_ == st_done ? lex_step::done : lex_step::more, n};
  }

  /// End of input: completes a top-level scalar; anything else open is a failure.
  lex_step finish() {
    if (st_ == st_scalar && stack_.empty()) {
      if (!end_scalar() || halted_) return {lex_step::fail, 0};
    }
    if (st_ == st_done) return {lex_step::done, 0};
    if (err_ == errc::ok) {
      err_ = errc::unterminated_call;
      err_msg_ = "the JSON ends early";
    }
    return {lex_step::fail, 0};
  }

 private:
  enum state : std::uint8_t {
    st_value, st_key, st_bare_key, st_colon, st_after, st_string, st_escape, st_unicode,
    st_scalar, st_done
  };

  lex_step fail_at(std::size_t i, errc e = errc::ok, const char* msg = nullptr) {
    if (e != errc::ok) {
      err_ = e;
      err_msg_ = msg;
    }
    if (err_ == errc::ok) {
      err_ = errc::invalid_json;
      err_msg_ = "invalid JSON";
    }
    return {lex_step::fail, i};
  }

  void comma_if_needed() {
    if (!stack_.empty() && need_comma_.back()) o() += ',';
    if (!need_comma_.empty()) need_comma_.back() = 1;
    after_comma_ = false;
  }

  bool begin_value(unsigned char c) {
    const std::size_t d = stack_.size();
    const bool in_obj = !stack_.empty() && stack_.back() == '{';
    if (c == '}' || c == ']') {
      // `[1,]` or `[]`: a closer where a value may stand
      if (!stack_.empty() && stack_.back() == '[' && c == ']' &&
          (after_comma_ || !need_comma_.back())) {
        if (after_comma_) repaired_ = true;
        return close_container(']');
      }
      err_ = errc::invalid_json;
      err_msg_ = in_obj ? "missing value" : "unexpected closing bracket";
      return false;
    }
    if (c == ',') {
      err_ = errc::invalid_json;
      err_msg_ = "missing value";
      return false;
    }
    if (!in_obj) comma_if_needed();
    if (c == '{' || c == '[') {
      if (d >= max_depth_) {
        err_ = errc::limit_depth;
        err_msg_ = "nesting deeper than max_depth";
        return false;
      }
      if (listener_) listener_->value_begin(c == '{' ? jkind::object : jkind::array, d, o().size());
      o() += static_cast<char>(c);
      stack_.push_back(static_cast<char>(c));
      need_comma_.push_back(0);
      after_comma_ = false;
      st_ = c == '{' ? st_key : st_value;
      return true;
    }
    if (c == '"' || c == '\'') {
      if (listener_) listener_->value_begin(jkind::string, d, o().size());
      quote_ = static_cast<char>(c);
      if (c == '\'') repaired_ = true;
      in_key_ = false;
      o() += '"';
      st_ = st_string;
      return true;
    }
    if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || is_ident_start(c)) {
      if (listener_) listener_->value_begin(jkind::scalar, d, o().size());
      tok_.assign(1, static_cast<char>(c));
      st_ = st_scalar;
      return true;
    }
    err_ = errc::invalid_json;
    err_msg_ = "expected a value";
    return false;
  }

  bool end_scalar() {
    std::string_view t = tok_;
    const char* lit = nullptr;
    if (t == "true" || t == "false" || t == "null") {
      lit = nullptr;
      o() += t;
    } else if (t == "True") {
      lit = "true";
    } else if (t == "False") {
      lit = "false";
    } else if (t == "None") {
      lit = "null";
    } else if (is_json_number(t)) {
      o() += t;
    } else if (t.size() > 1 && t[0] == '+' && is_json_number(t.substr(1))) {
      o() += t.substr(1);
      repaired_ = true;
    } else {
      err_ = errc::invalid_json;
      err_msg_ = is_ident_start(static_cast<unsigned char>(t[0])) ? "bare identifier used as a value"
                                                                   : "invalid number";
      return false;
    }
    if (lit) {
      o() += lit;
      repaired_ = true;
    }
    after_value(jkind::scalar);
    return true;
  }

  void after_value(jkind k) {
    if (listener_) listener_->value_end(k, stack_.size(), o().size());
    st_ = stack_.empty() ? st_done : st_after;
  }

  bool close_container(char c) {
    if (stack_.empty()) return false;
    const char open = stack_.back();
    if ((open == '{') != (c == '}')) {
      err_ = errc::invalid_json;
      err_msg_ = "mismatched bracket";
      return false;
    }
    o() += c;
    stack_.pop_back();
    need_comma_.pop_back();
    after_comma_ = false;
    after_value(open == '{' ? jkind::object : jkind::array);
    return true;
  }

  /// End of the run from p[i] that string_byte/escape_byte would copy unchanged.
  std::size_t plain_run(const unsigned char* p, std::size_t i, std::size_t n) const noexcept {
    const bool dq = quote_ == '"';
    std::size_t j = i;
    for (;;) {
      j = string_special(p, j, n);
      if (j >= n) return n;
      const unsigned char d = p[j];
      if (d == '\\') {
        if (j + 1 >= n) return j;
        const unsigned char e = p[j + 1];
        if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
          j += 2;
          continue;
        }
        return j;
      }
      if (d == '\'' && dq) {
        ++j;
        continue;
      }
      if (d >= 0x80) {
        const std::size_t k = utf8_seq(p + j, n - j);
        if (k == 0) return j;
        j += k;
        continue;
      }
      return j;
    }
  }

  /// Length of the well-formed UTF-8 sequence at p (complete within n bytes), or 0.
  static std::size_t utf8_seq(const unsigned char* p, std::size_t n) noexcept {
    const unsigned char c = p[0];
    std::size_t need;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      need = 2;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      need = 3;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return 0;
    }
    if (n < need + 1) return 0;
    if (p[1] < lo || p[1] > hi) return 0;
    for (std::size_t k = 2; k <= need; ++k)
      if (p[k] < 0x80 || p[k] > 0xBF) return 0;
    return need + 1;
  }

  /// First byte at or after i that a string cannot copy blindly: a quote, a backslash, a
  /// control character or a non-ASCII byte (16 at a time where SSE2 or NEON is there).
  static std::size_t string_special(const unsigned char* p, std::size_t i, std::size_t n) noexcept {
#if defined(TOOLCALL_SCAN_SSE2)
    const __m128i q = _mm_set1_epi8('"'), a = _mm_set1_epi8('\''), b = _mm_set1_epi8('\\'),
                  lim = _mm_set1_epi8(0x20);
    while (n - i >= 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      // signed: bytes >= 0x80 are negative, so one compare finds them and the controls
      const __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, q), _mm_cmpeq_epi8(x, a)),
                                     _mm_or_si128(_mm_cmpeq_epi8(x, b), _mm_cmplt_epi8(x, lim)));
      const int mask = _mm_movemask_epi8(m);
      if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
      i += 16;
    }
#elif defined(TOOLCALL_SCAN_NEON)
    const uint8x16_t q = vdupq_n_u8('"'), a = vdupq_n_u8('\''), b = vdupq_n_u8('\\'), lo = vdupq_n_u8(0x20),
                     hi = vdupq_n_u8(0x80);
    while (n - i >= 16) {
      const uint8x16_t x = vld1q_u8(p + i);
      const uint8x16_t m = vorrq_u8(vorrq_u8(vceqq_u8(x, q), vceqq_u8(x, a)),
                                    vorrq_u8(vceqq_u8(x, b), vorrq_u8(vcltq_u8(x, lo), vcgeq_u8(x, hi))));
      if (vmaxvq_u8(m) != 0) break;
      i += 16;
    }
#endif
    while (i < n && !k_string_special.at[p[i]]) ++i;  // one load per byte: a token's few bytes
    return i;
  }

  void put(char c) {
    o() += c;
    if (in_key_) key_ += c;
  }
  void put(std::string_view s) {
    o() += s;
    if (in_key_) key_ += s;
  }

  void flush_high_surrogate() {
    if (high_) {
      put("\\ufffd");
      high_ = 0;
      repaired_ = true;
    }
  }

  bool string_byte(unsigned char c) {
    if (u8_need_ > 0) {
      if (c >= u8_lo_ && c <= u8_hi_) {
        u8_buf_[u8_len_++] = static_cast<char>(c);
        u8_lo_ = 0x80;
        u8_hi_ = 0xBF;
        if (--u8_need_ == 0) {
          put(std::string_view(u8_buf_, u8_len_));
          u8_len_ = 0;
        }
        return true;
      }
      // invalid sequence: replace what we held, then look at c afresh
      put("\\ufffd");
      repaired_ = true;
      bad_utf8_ = true;
      u8_need_ = 0;
      u8_len_ = 0;
    }
    if (c != '\\') flush_high_surrogate();
    if (c == static_cast<unsigned char>(quote_)) {
      o() += '"';
      if (in_key_) {
        in_key_ = false;
        if (listener_) {
          if (key_.find('\\') == std::string::npos) {
            listener_->key(key_, stack_.size());
          } else {
            const std::string decoded = json_unescape(key_);
            listener_->key(decoded, stack_.size());
          }
        }
        st_ = st_colon;
      } else {
        after_value(jkind::string);
      }
      return true;
    }
    if (c == '\\') {
      st_ = st_escape;
      return true;
    }
    if (c == '"') {  // inside a single-quoted string
      put("\\\"");
      return true;
    }
    if (c < 0x20) {
      static constexpr char hex[] = "0123456789abcdef";
      repaired_ = true;
      switch (c) {
        case '\n': put("\\n"); break;
        case '\r': put("\\r"); break;
        case '\t': put("\\t"); break;
        case '\b': put("\\b"); break;
        case '\f': put("\\f"); break;
        default: {
          char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
          put(std::string_view(e, 6));
        }
      }
      return true;
    }
    if (c < 0x80) {
      put(static_cast<char>(c));
      return true;
    }
    // UTF-8 lead byte
    u8_len_ = 0;
    u8_lo_ = 0x80;
    u8_hi_ = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      u8_need_ = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      u8_need_ = 2;
      if (c == 0xE0) u8_lo_ = 0xA0;
      if (c == 0xED) u8_hi_ = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      u8_need_ = 3;
      if (c == 0xF0) u8_lo_ = 0x90;
      if (c == 0xF4) u8_hi_ = 0x8F;
    } else {
      put("\\ufffd");
      repaired_ = true;
      bad_utf8_ = true;
      return true;
    }
    u8_buf_[u8_len_++] = static_cast<char>(c);
    return true;
  }

  bool escape_byte(unsigned char c) {
    st_ = st_string;
    if (c == 'u') {
      st_ = st_unicode;
      ucp_ = 0;
      un_ = 0;
      return true;
    }
    flush_high_surrogate();
    switch (c) {
      case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
        put('\\');
        put(static_cast<char>(c));
        return true;
      case '\'':
        put('\'');
        return true;
      default:
        // an invalid escape keeps its backslash as a character
        repaired_ = true;
        put("\\\\");
        return string_byte(c);
    }
  }

  bool unicode_byte(unsigned char c) {
    const int h = hex_value(c);
    if (h < 0) {
      err_ = errc::invalid_json;
      err_msg_ = "invalid \\u escape";
      return false;
    }
    ucp_ = ucp_ * 16 + static_cast<std::uint32_t>(h);
    uraw_[un_] = static_cast<char>(c);
    if (++un_ < 4) return true;
    st_ = st_string;
    if (ucp_ >= 0xD800 && ucp_ <= 0xDBFF) {
      flush_high_surrogate();
      high_ = ucp_;
      std::copy(uraw_, uraw_ + 4, high_raw_);
      return true;
    }
    if (ucp_ >= 0xDC00 && ucp_ <= 0xDFFF) {
      if (!high_) {
        put("\\ufffd");
        repaired_ = true;
        return true;
      }
      put("\\u");
      put(std::string_view(high_raw_, 4));
      put("\\u");
      put(std::string_view(uraw_, 4));
      high_ = 0;
      return true;
    }
    flush_high_surrogate();
    put("\\u");
    put(std::string_view(uraw_, 4));
    return true;
  }

  json_listener* listener_ = nullptr;
  std::size_t max_depth_ = 128;
  std::string& o() noexcept { return *o_; }

  std::string out_;
  std::string* o_ = &out_;  // where output goes: out_, or a diversion's target
  std::vector<char> stack_;
  std::vector<unsigned char> need_comma_;  // per open container: has it a member yet (0/1)
  state st_ = st_value;
  bool after_comma_ = false;
  bool repaired_ = false;
  bool bad_utf8_ = false;
  bool in_key_ = false;
  bool halted_ = false;
  char quote_ = '"';
  errc err_ = errc::ok;
  const char* err_msg_ = nullptr;
  std::string tok_;
  std::string key_;
  char u8_buf_[4] = {};
  int u8_need_ = 0;
  int u8_len_ = 0;
  unsigned char u8_lo_ = 0x80, u8_hi_ = 0xBF;
  std::uint32_t ucp_ = 0;
  int un_ = 0;
  char uraw_[4] = {};
  std::uint32_t high_ = 0;
  char high_raw_[4] = {};
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JSON_LEXER_HPP
