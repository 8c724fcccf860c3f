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
//
// Its parts: detail/json_text.hpp (byte classes, escaping, the number grammar),
// detail/json_lexer_state.hpp (the state and the per-byte steps), and here the driver:
// feed() with its fast paths over runs, finish(), and what callers read.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "json_lexer_state.hpp"
#include "json_text.hpp"
#include "scan.hpp"

#include "../error.hpp"

#if defined(__GNUC__) || defined(__clang__)
#define TOOLCALL_LEXER_INLINE __attribute__((always_inline))
#else
#define TOOLCALL_LEXER_INLINE
#endif

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class json_lexer : public json_lexer_state {
 public:
  json_lexer() = default;
  // a copy would write to the original's buffer: the lexer stays where it was made
  json_lexer(const json_lexer&) = delete;
  json_lexer& operator=(const json_lexer&) = delete;

  /// Starts a new document. The listener may be null.
  void reset(json_listener* l, std::size_t max_depth) {
    listener_ = l;
    told_depth_ = static_cast<std::size_t>(-1);
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
    key_pos_ = 0;
    key_spilled_ = false;
    u8_need_ = 0;
    u8_len_ = 0;
    high_ = 0;
    in_key_ = false;
    halted_ = false;
  }

  /// Called by a listener that rejected what it saw: feed() stops right after the byte that
  /// made the callback, so where a region fails never depends on how the text was chunked.
  void halt() noexcept { halted_ = true; }
  /// From now on the listener hears only of what lies at `depth` or above (the end of the
  /// value at `depth` included), not of the members inside it; -1 (reset()'s) tells it all.
  void tell_to_depth(std::size_t depth) noexcept { told_depth_ = depth; }
  bool halted() const noexcept { return halted_; }

  /// What the lexer wrote to its own buffer (everything, unless a part was diverted).
  const std::string& out() const noexcept { return out_; }
  /// Drops the first n bytes of out() (a caller that has copied them); a key being written
  /// keeps its dropped part aside.
  void drop_front(std::size_t n) {
    if (in_key_ && o_ == &out_) {
      if (n > key_pos_) {
        spill_key(n);
        key_pos_ = n;
      }
      key_pos_ -= n;
    }
    out_.erase(0, n);
  }
  /// From the next byte written, the output goes to the end of `target` (a call's arguments
  /// buffer, so they are written once) instead of out(); nullptr writes to out() again.
  /// Positions given to the listener are offsets into whichever buffer is written. reset()
  /// ends a diversion; the target must outlive it.
  void divert(std::string* target) {
    if (in_key_) spill_key(o().size());  // a key cut by the switch: its first part kept aside
    o_ = target ? target : &out_;
    key_pos_ = o_->size();
  }
  bool repaired() const noexcept { return repaired_; }
  /// Did a string hold bytes that are not UTF-8 (each written as U+FFFD)?
  bool replaced_utf8() const noexcept { return bad_utf8_; }
  errc error_code() const noexcept { return err_; }
  const char* error_message() const noexcept { return err_msg_ ? err_msg_ : ""; }
  std::size_t depth() const noexcept { return stack_.size(); }
  bool finished() const noexcept { return st_ == st_done; }
  /// Where feed() would append a plain_token() now, and do nothing else (inside a string
  /// quoted with `"`, no UTF-8 sequence or surrogate pending), or nullptr.
  const std::string* plain_string_out() const noexcept {
    return st_ == st_string && quote_ == '"' && u8_need_ == 0 && high_ == 0 ? o_ : nullptr;
  }
  /// Is `p[0..n)` copied as it is into a string quoted with `"` (plain bytes, the simple
  /// escapes, `'`, whole valid UTF-8 sequences: plain_run)?
  static bool plain_token(const unsigned char* p, std::size_t n) noexcept {
    std::size_t k = 0;
    while (k < n && !k_string_special.at[p[k]]) ++k;
    return k == n || plain_token_rest(p, k, n);
  }
  TOOLCALL_NOINLINE static bool plain_token_rest(const unsigned char* p, std::size_t k, std::size_t n) noexcept {
    return plain_run_q(p, k, n, true) == n;
  }
  /// True before the first byte of the top-level value.
  bool not_started() const noexcept { return st_ == st_value && stack_.empty(); }

  /// Lexes `in`. Stops after the top-level value (done), at an offending byte (fail; that
  /// byte is not consumed), or at the end of `in` (more).
  lex_step feed(std::string_view in) {
    const unsigned char* p = reinterpret_cast<const unsigned char*>(in.data());
    const std::size_t n = in.size();
    if (st_ == st_string && n - 1 < 16 && u8_need_ == 0 && high_ == 0) {
      // a streamed token inside a string with nothing to escape or check: what the loop's
      // string run does with it, without the loop
      std::size_t k = 0;
      while (k < n && !k_string_special.at[p[k]]) ++k;
      if (k == n) {
        o().append(in.data(), n);
        return {lex_step::more, n};
      }
    }
    return feed_loop(p, n);
  }

  /// feed() past its streamed-token path: the state loop, a function of its own so that the
  /// path above stays small enough to inline into its caller.
  lex_step feed_loop(const unsigned char* p, const std::size_t n) {
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
            o() += static_cast<char>(c);
            ++i;
            continue;
          }
          in_key_ = false;
          if (told(stack_.size())) {
            const std::string_view k = key_text();
            listener_->key(k, stack_.size());
          }
          o() += '"';
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
      if (stack_.size() > told_depth_) {
        // members the listener is not told of: plain valid JSON is copied in one run
        const std::size_t k = quiet_run(p, i, n);
        if (k != i) {
          i = k;
          continue;
        }
      }
      if (is_json_ws(c)) {
        ++i;
        continue;
      }
      switch (st_) {
        case st_value:
          if (c == '"') {
            // a whole double-quoted string in this write: one append (whole_string)
            const std::size_t j = whole_string(p, i, n);
            if (j != 0) {
              if (stack_.empty() || stack_.back() != '{') comma_if_needed();
              if (told(stack_.size())) listener_->value_begin(jkind::string, stack_.size(), o().size());
              quote_ = '"';
              in_key_ = false;
              if (halted_) {
                o() += '"';
                st_ = st_string;
                return fail_at(i + 1);
              }
              o().append(reinterpret_cast<const char*>(p + i), j + 1 - i);
              after_value(jkind::string);
              i = j + 1;
              if (halted_) return fail_at(i);
              if (st_ == st_done) return {lex_step::done, i};
              break;
            }
          }
          if (!begin_value(c)) return fail_at(i);
          ++i;
          if (halted_) return fail_at(i);
          if (st_ == st_done) return {lex_step::done, i};
          break;
        case st_key:
          if (c == '"') {
            const std::size_t j = whole_string(p, i, n);
            if (j != 0) {
              i = whole_key(p, i, j, n);
              if (halted_) return fail_at(i);
              break;
            }
          }
          if (c == '"' || c == '\'') {
            comma_if_needed();
            quote_ = static_cast<char>(c);
            in_key_ = true;
            o() += '"';
            start_key();
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
            o() += '"';
            start_key();
            st_ = st_bare_key;
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

  /// Inside a value whose members the listener is not told of (tell_to_depth): from p[i] in a
  /// structural state, the members that need no repair (whitespace, commas and colons, whole
  /// plain strings and keys, whole numbers and literals, brackets that open or close inside
  /// that value) are written as the byte path writes them, gathered in one buffer and appended
  /// at once. It stops, in the state the byte path would be in, at the first byte it leaves to
  /// that path (anything else, a token cut by the write's end, the value's own closer), and
  /// returns where.
  std::size_t quiet_run(const unsigned char* p, std::size_t i, const std::size_t n) {
    constexpr std::size_t cap = 512;
    char buf[cap + 16];  // 16 bytes of slack: a short token is copied as 16
    std::size_t len = 0;
    // inline copies: a call per token would cost what the buffer saves
    const auto put = [&](const unsigned char* s, std::size_t m) TOOLCALL_LEXER_INLINE {
      if (len + m > cap) {
        o().append(buf, len);
        len = 0;
        if (m > cap) return static_cast<void>(o().append(reinterpret_cast<const char*>(s), m));
      }
      if (m <= 16 && s + 16 <= p + n)
        std::memcpy(buf + len, s, 16);
      else
        std::memcpy(buf + len, s, m);
      len += m;
    };
    const auto put1 = [&](char c) TOOLCALL_LEXER_INLINE {
      if (len == cap) {
        o().append(buf, len);
        len = 0;
      }
      buf[len++] = c;
    };
    const auto comma = [&]() TOOLCALL_LEXER_INLINE {  // comma_if_needed into buf
      if (need_comma_.back()) put1(',');
      need_comma_.back() = 1;
      after_comma_ = false;
    };
    while (i < n) {
      const unsigned char c = p[i];
      if (is_json_ws(c)) {
        ++i;
        continue;
      }
      if (st_ == st_value) {
        const bool in_obj = stack_.back() == '{';
        if (c == '"') {
          const std::size_t j = whole_string(p, i, n);
          if (j == 0) break;
          if (!in_obj) comma();
          in_key_ = false;
          put(p + i, j + 1 - i);
          st_ = st_after;
          i = j + 1;
        } else if (c == '{' || c == '[') {
          if (stack_.size() >= max_depth_) break;
          if (!in_obj) comma();
          put1(static_cast<char>(c));
          stack_.push_back(static_cast<char>(c));
          need_comma_.push_back(0);
          after_comma_ = false;
          st_ = c == '{' ? st_key : st_value;
          ++i;
        } else {
          // a number or literal ending in this write, as begin_value, the scalar run and
          // end_scalar take it (what they would repair or reject is left to them)
          std::size_t j = i + 1;
          while (j < n && j - i <= 256 && (is_ident_char(p[j]) || p[j] == '.' || p[j] == '+' || p[j] == '-')) ++j;
          if (j >= n || j - i > 256) break;
          const std::string_view t(reinterpret_cast<const char*>(p + i), j - i);
          const bool lit = (t.size() == 4 && (std::memcmp(t.data(), "true", 4) == 0 || std::memcmp(t.data(), "null", 4) == 0)) ||
                           (t.size() == 5 && std::memcmp(t.data(), "false", 5) == 0);
          if (!lit && !is_json_number(t)) break;
          if (!in_obj) comma();
          put(p + i, j - i);
          st_ = st_after;
          i = j;
        }
      } else if (st_ == st_key) {
        if (c == '"') {
          const std::size_t j = whole_string(p, i, n);
          if (j == 0) break;
          comma();
          key_pos_ = o().size() + len + 1;
          key_spilled_ = false;
          in_key_ = false;
          if (j + 1 < n && p[j + 1] == ':') {
            put(p + i, j + 2 - i);
            st_ = st_value;
            i = j + 2;
          } else {
            put(p + i, j + 1 - i);
            st_ = st_colon;
            i = j + 1;
          }
        } else if (c == '}' && !after_comma_ && stack_.size() - 1 > told_depth_) {
          put1('}');  // {}
          stack_.pop_back();
          need_comma_.pop_back();
          st_ = st_after;
          ++i;
        } else {
          break;
        }
      } else if (st_ == st_colon) {
        if (c != ':') break;
        put1(':');
        st_ = st_value;
        ++i;
      } else if (st_ == st_after) {
        if (c == ',') {
          after_comma_ = true;
          st_ = stack_.back() == '{' ? st_key : st_value;
          ++i;
        } else if ((c == '}' || c == ']') && (stack_.back() == '{') == (c == '}') && stack_.size() - 1 > told_depth_) {
          put1(static_cast<char>(c));
          stack_.pop_back();
          need_comma_.pop_back();
          after_comma_ = false;
          st_ = st_after;
          ++i;
        } else {
          break;
        }
      } else {
        break;
      }
    }
    if (len) o().append(buf, len);
    return i;
  }

  /// A double-quoted string from p[i] of plain ASCII bytes (no escape, control or non-ASCII
  /// byte: its normalized form is its own bytes) whose closing quote is in this write: the
  /// position of that quote, else 0.
  std::size_t whole_string(const unsigned char* p, std::size_t i, std::size_t n) {
    quote_ = '"';
    const std::size_t j = string_special(p, i + 1, n);
    return j < n && p[j] == '"' ? j : 0;
  }

  /// The key p[i..j] (quotes included, a whole_string) and, when it follows at once,
  /// its colon, in one append: what the byte path writes and tells the listener, in its order.
  /// Returns the position after what it consumed.
  std::size_t whole_key(const unsigned char* p, std::size_t i, std::size_t j, std::size_t n) {
    comma_if_needed();
    const char* s = reinterpret_cast<const char*>(p);
    key_pos_ = o().size() + 1;
    key_spilled_ = false;
    in_key_ = false;
    // no escape in it (whole_string): the key as the listener gets it is its bytes
    if (told(stack_.size())) listener_->key(std::string_view(s + i + 1, j - i - 1), stack_.size());
    if (!halted_ && j + 1 < n && p[j + 1] == ':') {
      o().append(s + i, j + 2 - i);
      st_ = st_value;
      return j + 2;
    }
    o().append(s + i, j + 1 - i);
    st_ = st_colon;
    return j + 1;
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
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JSON_LEXER_HPP
