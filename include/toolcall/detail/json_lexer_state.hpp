// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JSON_LEXER_STATE_HPP
#define TOOLCALL_DETAIL_JSON_LEXER_STATE_HPP

// The lenient JSON lexer's state and its steps (detail/json_lexer.hpp drives them): a value
// begun, a scalar ended, a container closed, a comma written where one is needed; and inside
// a string, one byte at a time: quotes, escapes, `\u` escapes and surrogate pairs, UTF-8
// sequences (invalid ones written as U+FFFD), raw control characters escaped. The fast paths
// over runs that need no step (plain_run, string_special) are here too.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "json_text.hpp"
#include "scan.hpp"

#include "../error.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

enum class jkind : std::uint8_t { object, array, string, scalar };

/// Observer of the lexer's structure. Positions are offsets into json_lexer::out(), or into
/// the diversion's target while one is set (json_lexer::divert). Any callback may halt the
/// lexer; only value_begin and value_end may divert it (a key whole in the write is written
/// after key() is told).
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

/// The lexer's state and its per-byte steps; json_lexer is its only user.
class json_lexer_state {
 protected:
  json_lexer_state() = default;
  ~json_lexer_state() = default;
  json_lexer_state(const json_lexer_state&) = delete;
  json_lexer_state& operator=(const json_lexer_state&) = delete;

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
      if (told(d)) listener_->value_begin(c == '{' ? jkind::object : jkind::array, d, o().size());
      o() += static_cast<char>(c);
      stack_.push_back(static_cast<char>(c));
      need_comma_.push_back(0);
      after_comma_ = false;
      st_ = c == '{' ? st_key : st_value;
      return true;
    }
    if (c == '"' || c == '\'') {
      if (told(d)) listener_->value_begin(jkind::string, d, o().size());
      quote_ = static_cast<char>(c);
      if (c == '\'') repaired_ = true;
      in_key_ = false;
      o() += '"';
      st_ = st_string;
      return true;
    }
    if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || is_ident_start(c)) {
      if (told(d)) listener_->value_begin(jkind::scalar, d, o().size());
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
    if (told(stack_.size())) listener_->value_end(k, stack_.size(), o().size());
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
    return plain_run_q(p, i, n, quote_ == '"');
  }
  /// plain_run() inside a string quoted with `"` (dq) or `'`.
  TOOLCALL_ALWAYS_INLINE static std::size_t plain_run_q(const unsigned char* p, std::size_t i, std::size_t n,
                                                         bool dq) noexcept {
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

  void put(char c) { o() += c; }
  void put(std::string_view s) { o() += s; }

  // A key is not copied as it is written: it is the output from key_pos_ on (its normalized
  // form, what the listener is given), unless a diversion cut it (spill_key).
  void start_key() noexcept {
    key_pos_ = o().size();
    key_spilled_ = false;
  }
  void spill_key(std::size_t end) {
    if (!key_spilled_) key_.clear();
    key_.append(o().data() + key_pos_, end - key_pos_);
    key_spilled_ = true;
  }
  /// The key written so far (call before its closing quote is written).
  std::string_view key_text() {
    const std::string_view tail(o().data() + key_pos_, o().size() - key_pos_);
    if (!key_spilled_) return tail;
    key_.append(tail.data(), tail.size());
    key_spilled_ = false;
    return key_;
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
      if (in_key_) {
        in_key_ = false;
        if (told(stack_.size())) {
          const std::string_view k = key_text();
          if (k.find('\\') == std::string_view::npos) {
            listener_->key(k, stack_.size());
          } else {
            const std::string decoded = json_unescape(k);
            listener_->key(decoded, stack_.size());
          }
        }
        o() += '"';
        st_ = st_colon;
      } else {
        o() += '"';
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
  /// The listener is told only of values, keys and ends at this depth or above (set by
  /// json_lexer::tell_to_depth): the members of a value it does not read cost no call.
  std::size_t told_depth_ = static_cast<std::size_t>(-1);
  bool told(std::size_t depth) const noexcept { return listener_ != nullptr && depth <= told_depth_; }
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
  std::string key_;          // a key's first part, when a diversion cut it (spill_key)
  std::size_t key_pos_ = 0;  // where the key being written starts in o()
  bool key_spilled_ = false;
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

#endif  // TOOLCALL_DETAIL_JSON_LEXER_STATE_HPP
