// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_PYTHON_LITERALS_HPP
#define TOOLCALL_DETAIL_PYTHON_LITERALS_HPP

// The Python-literal filter of pythonic bodies (detail/bodies.hpp): one keyword argument's value,
// as Python's `ast` reads it, turned byte by byte into input for the lenient JSON lexer. The
// vendors' pythonic parsers (vLLM's pythonic, lfm2 and olmo3 parsers, SGLang's lfm2 detector)
// read the call list with `ast`, so what `ast` reads is read here.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "json_text.hpp"
#include "pythonic_numbers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * One Python literal in, lexer input out, a byte at a time: what it writes is final, so where
 * the chunks are cut cannot change it, and each byte is handled in constant time (amortised).
 *
 * - Strings: `'...'`, `"..."`, triple-quoted `'''...'''`/`"""..."""` (newlines inside), the
 *   prefixes `u` and `r` (raw: backslashes kept), adjacent strings joined (`"a" "b"` is "ab"),
 *   backslash-newline dropped, and the escapes `\xHH`, `\uXXXX`, `\UXXXXXXXX`, octal `\0`..`\777`,
 *   `\a`, `\v`; `\N{NAME}` stays as written (no name table), as does an unknown escape (`\d`,
 *   as Python keeps it). A string goes out between the quote it opened with, so the lexer flags
 *   a single-quoted one as repaired as before. Bytes (`b'x'`) are no value (json.dumps refuses
 *   them): the lexer fails at the bare `b`.
 * - Numbers: `0x10`, `0o17`, `0b101`, `1_000`, `1.`, `.5` (python_number_to_json); a number or
 *   `True`/`False`/`None` as a dict key becomes a string key (`{1: 'a'}` is {"1": "a"}, as
 *   json.dumps writes it).
 * - `(x)` is x; `(x,)` and `()` are tuples.
 *
 * With `repairs` (LFM2, as SGLang's lfm2 detector reads it) a set `{1, 2}` and a tuple `(1, 2)`
 * become arrays in source order, zero-padded integers lose their zeros (`07` is 7), a `+` sign
 * goes, and a quote of a one-line string that cannot close it (what follows is none of `,)]}:`,
 * nor another string) is text of the string: `command='sed -n '1,5p' f.py'` keeps its inner
 * quotes. Without, tuples and sets fail as in vLLM's pythonic parser.
 *
 * What is held back: a `(` (or with repairs a `{`) until its first top-level `,`, `:` or closer
 * says what it is (its output is kept and given its opener then), the quotes and whitespace after
 * a string (a string may follow), up to two quotes inside a triple-quoted string, an escape,
 * and a number or word with the whitespace after it (a `:` makes it a key).
 */
class python_literal_filter {
 public:
  enum result : std::uint8_t { go, end, fail };

  void reset(bool repairs, std::size_t max_depth) {
    repairs_ = repairs;
    max_depth_ = max_depth;
    vst_.clear();
    hold_.clear();
    qws_.clear();
    tok_.clear();
    tws_.clear();
    ebuf_.clear();
    pend_.clear();
    patches_.clear();
    sst_ = s_none;
    tk_ = 0;
    sq_ = oq_ = psq_ = pfx_ = ek_ = 0;
    last_ = '=';
    seq_ = 0;
    tq_ = 0;
    tri_ = raw_ = cont_ = tentative_ = skip_lf_ = tokheld_ = false;
    err_ = nullptr;
    code_ = errc::invalid_json;
  }

  /// One byte of the value, its lexer input appended to `out`. `end`: the byte, a `,` or `)`
  /// outside brackets and strings, ends the value and is not consumed; `fail`: see error().
  result byte(char ch, std::string& out) {
    out_ = &out;
    const unsigned char c = static_cast<unsigned char>(ch);
    if (sst_ == s_open2 && c != static_cast<unsigned char>(sq_)) {  // `''`: an empty string
      sst_ = s_after;
      tentative_ = repairs_ && !cont_;
      qws_.clear();
    }
    if (sst_ == s_open1 && cont_ && repairs_ && sq_ == psq_ && is_delim(c)) {
      // `'echo 'hi''`: the held quote was text, and this one closes the string
      content(static_cast<unsigned char>(sq_));
      emit(qws_);
      qws_.clear();
      sst_ = s_after;
      tentative_ = true;
    }
    if (sst_ == s_prefix && !is_quote(c)) {
      const char p = pfx_;
      pfx_ = 0;
      if (tentative_) {  // `'he said 'run' now'`: the quote and the letter are text
        sst_ = s_body;
        content(static_cast<unsigned char>(sq_));
        emit(qws_);
        qws_.clear();
        content(static_cast<unsigned char>(p));
      } else {
        close_string();
        tok_.assign(1, p);
        tk_ = 'i';
      }
    }
    if (sst_ == s_after && !is_json_ws(c) && !is_quote(c) && !is_prefix(c)) {
      if (tentative_ && !is_delim(c)) {  // a quote that cannot close its string is text
        sst_ = s_body;
        content(static_cast<unsigned char>(sq_));
        emit(qws_);
        qws_.clear();
      } else {
        close_string();
      }
    }
    if (tk_) {
      if (tok_char(c)) {
        tok_ += ch;
        return go;
      }
      if (is_quote(c) && tk_ == 'i' && tok_.size() == 1 && is_prefix(static_cast<unsigned char>(tok_[0]))) {
        raw_ = (tok_[0] | 0x20) == 'r';  // `r'\d'`, `u'x'`
        tok_.clear();
        tk_ = 0;
        open_string(c, false);
        return go;
      }
      if (!end_token()) return fail;
    }
    if (tokheld_) {
      if (is_json_ws(c)) {
        tws_ += ch;
        return go;
      }
      release_token(c == ':');
    }
    if (sst_ == s_none && vst_.empty() && (c == ',' || c == ')')) {
      flush_out();
      return end;
    }
    return step(c) ? go : fail;
  }

  /// The value ended (at its `,` or `)`, or at the end of the text): what is held goes out.
  /// False (error() says why) when a number is no Python number.
  bool finish(std::string& out) {
    out_ = &out;
    if (sst_ == s_open2) {
      sst_ = s_after;
      qws_.clear();
    }
    if (sst_ == s_prefix) {
      close_string();
      tok_.assign(1, pfx_);
      tk_ = 'i';
    }
    if (sst_ == s_after) close_string();
    if (tk_ && !end_token()) return false;
    if (tokheld_) release_token(false);
    while (!pend_.empty()) {  // open and undecided: an array, for the lexer to find cut off
      patches_.push_back({pend_.back().first, pend_.back().second, '['});
      pend_.pop_back();
    }
    flush_out();
    return true;
  }

  /// The brackets open in the value (a failed value's rest is skipped past them).
  std::size_t depth() const noexcept { return vst_.size(); }
  const char* error() const noexcept { return err_ ? err_ : ""; }
  errc error_code() const noexcept { return code_; }

 private:
  enum sstate : std::uint8_t { s_none, s_open1, s_open2, s_body, s_esc, s_num, s_rawesc, s_tq, s_after, s_prefix };
  struct patch {
    std::size_t off;
    std::uint32_t seq;
    char ch;
  };

  static bool is_quote(unsigned char c) noexcept { return c == '"' || c == '\''; }
  static bool is_prefix(unsigned char c) noexcept { return c == 'r' || c == 'R' || c == 'u' || c == 'U'; }
  static bool is_delim(unsigned char c) noexcept {
    return c == ',' || c == ')' || c == ']' || c == '}' || c == ':';
  }
  bool tok_char(unsigned char c) const noexcept {
    if (is_ident_char(c)) return true;
    if (tk_ != 'n') return false;
    if (c == '.') return true;
    if ((c == '+' || c == '-') && !tok_.empty() && (tok_.back() == 'e' || tok_.back() == 'E')) {
      const std::size_t s = tok_[0] == '-' || tok_[0] == '+' ? 1 : 0;  // not in `0x1e`
      return !(tok_.size() > s + 1 && tok_[s] == '0' && ((tok_[s + 1] | 0x20) == 'x'));
    }
    return false;
  }

  bool fail_with(const char* msg, errc code = errc::invalid_json) {
    err_ = msg;
    code_ = code;
    return false;
  }
  void emit(char c) { (pend_.empty() ? *out_ : hold_) += c; }
  void emit(std::string_view s) { (pend_.empty() ? *out_ : hold_) += s; }
  /// The held output, its openers put in, goes out once no container is undecided.
  void flush_out() {
    if (!pend_.empty() || (hold_.empty() && patches_.empty())) return;
    std::stable_sort(patches_.begin(), patches_.end(),
                     [](const patch& a, const patch& b) { return a.off != b.off ? a.off < b.off : a.seq < b.seq; });
    std::size_t at = 0;
    for (const patch& p : patches_) {
      out_->append(hold_, at, p.off - at);
      at = p.off;
      *out_ += p.ch;
    }
    out_->append(hold_, at, std::string::npos);
    hold_.clear();
    patches_.clear();
  }

  // ---- strings ----

  void open_string(unsigned char c, bool cont) {
    sq_ = static_cast<char>(c);
    cont_ = cont;
    tri_ = false;
    sst_ = s_open1;
    last_ = '"';
    if (!cont) {
      oq_ = static_cast<char>(c);
      emit(oq_);
    }
  }
  void close_string() {
    emit(oq_);
    emit(qws_);
    qws_.clear();
    sst_ = s_none;
    raw_ = false;
  }
  /// A character of the string's text (a source byte, or an escape's ASCII result).
  void content(unsigned char c) {
    if (skip_lf_) {
      skip_lf_ = false;
      if (c == '\n') return;
    }
    if (c == static_cast<unsigned char>(oq_) || c == '\\') {
      emit('\\');
      emit(static_cast<char>(c));
    } else if (tri_ && (c == '\n' || c == '\r' || c == '\t')) {  // as a JSON escape, no repair
      emit(c == '\t' ? "\\t" : "\\n");
      skip_lf_ = c == '\r';  // CRLF is one line break in Python source
    } else {
      emit(static_cast<char>(c));
    }
  }
  /// A code point from an escape, as the lexer reads it.
  void code_point(std::uint32_t cp) {
    static constexpr char hex[] = "0123456789abcdef";
    const auto u4 = [&](std::uint32_t v) {
      const char e[6] = {'\\', 'u', hex[(v >> 12) & 15], hex[(v >> 8) & 15], hex[(v >> 4) & 15], hex[v & 15]};
      emit(std::string_view(e, 6));
    };
    if (cp < 0x20 || cp == 0x7f || (cp >= 0xD800 && cp <= 0xDFFF)) {
      u4(cp);
    } else if (cp < 0x80) {
      content(static_cast<unsigned char>(cp));
    } else if (cp >= 0x10000) {
      u4(0xD800 + ((cp - 0x10000) >> 10));
      u4(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      char u[3];
      const std::size_t n = cp < 0x800 ? 2 : 3;
      if (n == 2) {
        u[0] = static_cast<char>(0xC0 | (cp >> 6));
        u[1] = static_cast<char>(0x80 | (cp & 0x3F));
      } else {
        u[0] = static_cast<char>(0xE0 | (cp >> 12));
        u[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        u[2] = static_cast<char>(0x80 | (cp & 0x3F));
      }
      emit(std::string_view(u, n));
    }
  }
  /// A byte inside a string.
  void string_byte(unsigned char c) {
    switch (sst_) {
      case s_open1:
        if (c == static_cast<unsigned char>(sq_)) {
          sst_ = s_open2;
          return;
        }
        qws_.clear();
        sst_ = s_body;
        return string_byte(c);
      case s_open2:  // the third quote (byte() took the other cases)
        qws_.clear();
        tri_ = true;
        sst_ = s_body;
        return;
      case s_tq:
        if (c == static_cast<unsigned char>(sq_)) {
          if (++tq_ == 3) {
            sst_ = s_after;
            tentative_ = false;
          }
          return;
        }
        for (; tq_ > 0; --tq_) content(static_cast<unsigned char>(sq_));
        sst_ = s_body;
        return string_byte(c);
      case s_rawesc:
        sst_ = s_body;
        content(c);
        return;
      case s_esc: return escape_byte(c);
      case s_num: return escape_digit(c);
      default: break;
    }
    if (c == static_cast<unsigned char>(sq_)) {
      skip_lf_ = false;
      if (tri_) {
        sst_ = s_tq;
        tq_ = 1;
      } else {
        sst_ = s_after;
        tentative_ = repairs_;
      }
      return;
    }
    if (c == '\\') {
      skip_lf_ = false;
      if (raw_) {
        emit("\\\\");
        sst_ = s_rawesc;
      } else {
        sst_ = s_esc;
      }
      return;
    }
    content(c);
  }
  void escape_byte(unsigned char c) {
    sst_ = s_body;
    switch (c) {
      case '\n': return;  // a line continued
      case '\r': skip_lf_ = true; return;
      case 'a': return code_point(7);
      case 'b': emit("\\b"); return;
      case 'f': emit("\\f"); return;
      case 'n': emit("\\n"); return;
      case 'r': emit("\\r"); return;
      case 't': emit("\\t"); return;
      case 'v': return code_point(11);
      case 'x': case 'u': case 'U':
        ek_ = static_cast<char>(c);
        ebuf_.clear();
        sst_ = s_num;
        return;
      default: break;
    }
    if (c >= '0' && c <= '7') {
      ek_ = 'o';
      ebuf_.assign(1, static_cast<char>(c));
      sst_ = s_num;
      return;
    }
    if (c != '\\' && !is_quote(c)) emit("\\\\");  // `\d`, `\N{...}`: kept as written
    content(c);
  }
  /// A digit of `\x`, `\u`, `\U` or an octal escape.
  void escape_digit(unsigned char c) {
    const bool oct = ek_ == 'o';
    const std::size_t need = oct ? 3 : ek_ == 'x' ? 2 : ek_ == 'u' ? 4 : 8;
    const bool ok = oct ? (c >= '0' && c <= '7') : hex_value(c) >= 0;
    if (ok) ebuf_ += static_cast<char>(c);
    if (ok && ebuf_.size() < need) return;
    sst_ = s_body;
    if (ebuf_.size() == need || oct) {
      std::uint32_t cp = 0;
      for (const char d : ebuf_) cp = cp * (oct ? 8 : 16) + static_cast<std::uint32_t>(hex_value(static_cast<unsigned char>(d)));
      if (cp <= 0x10FFFF) {
        code_point(cp);
        if (!ok) string_byte(c);
        return;
      }
    }
    emit("\\\\");  // `\x4`, `\U00110000`: kept as written (Python fails there)
    emit(ek_);
    for (const char d : ebuf_) content(static_cast<unsigned char>(d));
    if (!ok) string_byte(c);
  }

  // ---- numbers and words ----

  /// A number or word ended: it is held with the whitespace after it, until a `:` says a key.
  bool end_token() {
    tokkey_.clear();
    if (tk_ == 'n' && tok_.find_first_not_of("+-") != std::string::npos) {  // a lone sign: the lexer's
      if (!python_number_to_json(tok_, repairs_, tokkey_)) return fail_with("not a Python number");
      tok_ = tokkey_;
    } else if (tok_ == "True" || tok_ == "False" || tok_ == "None") {
      tokkey_ = tok_ == "True" ? "true" : tok_ == "False" ? "false" : "null";
    }
    tk_ = 0;
    tokheld_ = true;
    return true;
  }
  void release_token(bool key) {
    tokheld_ = false;
    if (key && !tokkey_.empty()) {
      emit('"');
      emit(tokkey_);
      emit('"');
    } else {
      emit(tok_);
    }
    emit(tws_);
    tok_.clear();
    tws_.clear();
  }

  // ---- structure ----

  /// A byte outside strings and tokens. False on an error.
  bool step(unsigned char c) {
    if (sst_ == s_after || sst_ == s_prefix) {  // whitespace, a quote or a prefix after a string
      if (is_quote(c)) {  // `"a" 'b'`: one string
        raw_ = sst_ == s_prefix && (pfx_ | 0x20) == 'r';
        pfx_ = 0;
        psq_ = sq_;
        open_string(c, true);
      } else if (is_json_ws(c)) {
        qws_ += static_cast<char>(c);
      } else {
        pfx_ = static_cast<char>(c);
        sst_ = s_prefix;
      }
      return true;
    }
    if (sst_ != s_none) {
      string_byte(c);
      return true;
    }
    if (is_json_ws(c)) {
      emit(static_cast<char>(c));
      return true;
    }
    const char prev = last_;
    last_ = static_cast<char>(c);
    if (is_quote(c)) {
      raw_ = false;
      open_string(c, false);
      return true;
    }
    if (is_ident_start(c)) {
      tk_ = 'i';
      tok_.assign(1, static_cast<char>(c));
      return true;
    }
    if ((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+') {
      tk_ = 'n';
      tok_.assign(1, static_cast<char>(c));
      return true;
    }
    switch (c) {
      case '[':
      case '(':
      case '{':
        if (vst_.size() >= max_depth_) return fail_with("nesting deeper than max_depth", errc::limit_depth);
        if (c == '[' || (c == '{' && !repairs_)) {
          emit(static_cast<char>(c));
          vst_ += c == '[' ? 'l' : 'd';
        } else {  // `(`, and with repairs `{`: what it is is known later (see decide)
          pend_.push_back({hold_.size(), seq_++});
          vst_ += c == '(' ? 'P' : 'B';
        }
        return true;
      case ',':
        if (!vst_.empty() && (vst_.back() == 'P' || vst_.back() == 'B')) {
          if (!decide(vst_.back() == 'P' ? 't' : 's')) return false;
        }
        emit(',');
        return true;
      case ':':
        if (!vst_.empty() && vst_.back() == 'B' && !decide('d')) return false;
        emit(':');
        return true;
      case ')':
      case ']':
      case '}': {
        if (vst_.empty()) break;  // unbalanced: the lexer says so
        char k = vst_.back();
        const bool paren = k == 'P' || k == 't' || k == 'p';
        if ((c == ')') != paren || (c == ']') != (k == 'l')) return fail_with("mismatched bracket");
        if (k == 'P') k = prev == '(' ? 't' : 'p';  // `()` is a tuple, `(x)` is x
        if (k == 'B') k = prev == '{' ? 'd' : 's';  // `{}` is a dict, `{x}` a set
        if ((vst_.back() == 'P' || vst_.back() == 'B') && !decide(k)) return false;
        vst_.pop_back();
        if (k != 'p') emit(k == 'd' ? '}' : ']');
        flush_out();
        return true;
      }
      default: break;
    }
    emit(static_cast<char>(c));
    return true;
  }
  /// The innermost container, undecided, is a tuple, set, dict or parenthesised value (`p`).
  bool decide(char k) {
    if (!repairs_ && (k == 't' || k == 's'))
      return fail_with(k == 't' ? "a tuple is not a JSON value" : "a set is not a JSON value");
    if (k != 'p') patches_.push_back({pend_.back().first, pend_.back().second, k == 'd' ? '{' : '['});
    pend_.pop_back();
    vst_.back() = k;
    flush_out();
    return true;
  }

  bool repairs_ = false;
  std::size_t max_depth_ = 128;
  std::string* out_ = nullptr;
  // the open containers: `l` list, `d` dict, `s` set, `t` tuple, `p` parenthesised value, and
  // undecided `P` (a `(`) and `B` (a `{`, with repairs)
  std::string vst_;
  std::string hold_;  // output while a container is undecided
  std::vector<std::pair<std::size_t, std::uint32_t>> pend_;  // undecided: where its opener goes, its order
  std::vector<patch> patches_;                               // openers decided, to put into hold_
  std::string qws_;                 // whitespace after a string's closing quote
  std::string tok_, tws_, tokkey_;  // a number or word, the whitespace after it, its key form
  std::string ebuf_;                // an escape's digits
  sstate sst_ = s_none;
  char tk_ = 0;  // a number (`n`) or word (`i`) is being read
  char sq_ = 0, oq_ = 0, psq_ = 0, pfx_ = 0, ek_ = 0, last_ = '=';
  unsigned tq_ = 0;  // quotes seen in a row inside a triple-quoted string
  std::uint32_t seq_ = 0;
  bool tri_ = false, raw_ = false, cont_ = false, tentative_ = false, skip_lf_ = false, tokheld_ = false;
  const char* err_ = nullptr;
  errc code_ = errc::invalid_json;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_PYTHON_LITERALS_HPP
