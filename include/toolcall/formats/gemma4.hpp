// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GEMMA4_HPP
#define TOOLCALL_FORMATS_GEMMA4_HPP

// Gemma 4 (docs/formats/gemma4.md): `<|tool_call>call:NAME{key:<|"|>text<|"|>,n:3}<tool_call|>`,
// one block per call. Keys are bare at every depth, strings sit between two `<|"|>` tokens and
// are raw text, numbers, true/false/null are bare. Reasoning is `<|channel>thought\n...<channel|>`.
// A map's keys that are not identifiers are strings too (`{<|"|>3<|"|>:...}`). The model may drop
// the call token: a bare `call:NAME{...}` at the start of the output or after the thought channel,
// or at the start of a line for a declared tool, is a call (docs/formats/gemma4.md, "Bare calls").
// The value grammar is shared with FunctionGemma (formats/function_gemma.hpp), which spells the
// tokens differently: `gemma_call_handler` below is configured by its tokens.

#include <string>
#include <string_view>
#include <vector>

#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"
#include "../detail/json.hpp"
#include "../detail/json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * The Gemma call body, after the opener: `call:NAME{...}`, then an optional closer. Writes the
 * arguments as compact JSON through call_args while they stream: bare keys are quoted, a string
 * between two delimiter tokens is raw text (nothing escaped, nothing syntax), `true`, `false`,
 * `null` and JSON numbers are typed, objects and arrays nest. A double- or single-quoted string
 * (a drift seen inside containers) is read as a JSON/Python string. A token that cannot be part
 * of a call (the closer, the opener, an end of turn) inside an unterminated string fails the
 * block there, so it never swallows the next one. Anything else that does not fit fails the
 * block (its text returns to content); the closer may be missing when the braces are balanced.
 */
class gemma_call_handler final : public handler {
 public:
  struct tokens {
    std::string_view format;
    std::string_view delim;   ///< string delimiter (`<|"|>`, `<escape>`)
    std::string_view closer;  ///< call closer (`<tool_call|>`, `<end_function_call>`)
    std::vector<std::string_view> stops;  ///< tokens that end an unterminated string (fail)
    /// A key may follow a delimited string value without the comma (`{a:<escape>x<escape>b:...}`,
    /// repaired): vLLM's functiongemma parser finds each `key:<escape>value<escape>` pair alone.
    bool comma_optional = false;
    /// A bare word as a value is the string it spells (`unit:celsius`), `null`/`none`/`nil` in
    /// any case null, as vLLM's Gemma 4 parser reads it (repaired); otherwise it fails the call.
    bool bare_words = false;
    /// A key with no value (`key:}`, `key:,`) is an empty string, as vLLM's Gemma 4 parser reads
    /// it (repaired); otherwise (FunctionGemma) it fails the call.
    bool empty_values = true;
  };
  /// `trailer`: a block the model opens after the call and the turn cuts (`<|channel>thought`),
  /// with its closer: an empty one after the call's closer, at the end of the text or closed at
  /// once, is markup of the call. Empty: none.
  explicit gemma_call_handler(tokens t, std::string_view trailer = {}, std::string_view trailer_close = {})
      : t_(std::move(t)), trailer_(trailer), trailer_close_(trailer_close) {}

  /// Trigger variants (gemma4's def): the call token, then `call:` (v_token); a bare `call:`
  /// at the start of the output or right after the reasoning block (v_bare_start); `<call>`
  /// there, a multimodal fragment of the token (v_mm_start); `call:NAME` at the start of a line
  /// for a declared tool NAME (v_bare_tool). A bare call's name must be a declared tool when
  /// the request's tools are known; otherwise its text is prose.
  enum variant : int { v_token = 0, v_bare_start = 1, v_mm_start = 2, v_bare_tool = 3 };
  /// What starts a call after the token, and a bare call.
  static constexpr std::string_view call_prefix = "call:";

  /// A byte of a function name: letters, digits, `_`, `-`, `.`.
  static bool name_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  }

  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    (void)e;
    st_ = s_prefix;
    colon_ = false;
    bare_ = variant != v_token;
    if (bare_) st_ = s_name;
    next_call();
    if (variant == v_bare_tool && trigger.size() > 5) name_.assign(trigger.substr(5));  // after `call:`
    cont_ = fresh_ = false;
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      if (st_ == s_after && fresh_) {
        // `call:` right after a call (whitespace between) is the block's next call, as Gemma 4
        // writes several at once: `<|tool_call>call:a{...}call:b{...}<tool_call|>`
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (next_.empty()) next_abs_ = e.place.chunk_abs() + i;
        if (is_json_ws(c)) {
          next_ += static_cast<char>(c);
          ++i;
          continue;
        }
        fresh_ = false;
        if (c == static_cast<unsigned char>(call_prefix[0])) {
          // byte() reads the `call:` (s_prefix), then the name; a word that is not one gives
          // the bytes back (drop_next)
          next_call();
          st_ = s_prefix;
          cont_ = true;
          continue;
        }
        (void)closer_.feed(next_);  // whitespace only: the closer reader keeps it
      }
      if (st_ == s_after) {
        // the call is complete: its closer may follow, after whitespace
        const step s = closer_.feed(in.substr(i));
        if (s.st != step::done || trailer_.empty() || !s.tail().empty()) return s.after(i);
        i += s.consumed;
        st_ = s_trail;
        tr_.clear();
        trp_ = 0;
        trn_ = 0;
        continue;
      }
      if (st_ == s_trail) {
        const step s = trail(static_cast<unsigned char>(in[i]));
        if (s.st == step::done) return s.after(i);
        ++i;
        continue;
      }
      const unsigned char c = static_cast<unsigned char>(in[i]);
      // fast path: a run of plain string bytes
      if (st_ == s_raw && c != '<') {
        std::size_t j = i + 1;
        while (j < n && in[j] != '<') ++j;
        raw_text(e, in.substr(i, j - i));
        if (cont_) next_.append(in.data() + i, j - i);
        i = j;
        continue;
      }
      const r res = byte(e, c);
      if (res == r_fail && cont_) return drop_next(e, i);
      if (cont_) next_ += static_cast<char>(c);  // (close() ends cont_ at the call's last brace)
      if (res == r_fail) return step::failed(i, std::move(why_));  // the offending byte is not the block's
      ++i;
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    if (st_ == s_after && fresh_) return step::done_with(0, next_);
    if (cont_) {
      why_ = failure{errc::unterminated_call, "the text ends inside the call", severity::error};
      return drop_next(e, 0);
    }
    if (st_ == s_after) return closer_.give_back();
    if (st_ == s_trail)  // the text ends after the trailer (an empty block the turn cut): markup
      return step::done_with(0, trp_ == 2 ? std::string() : trp_ == 3 ? tr_.substr(trn_) : tr_);
    if (bare_ && st_ == s_name) {  // a bare `call:NAME` with no `{`: a word of prose
      return step::failed(0, errc::ok, "", severity::note);
    }
    return step::failed(0, errc::unterminated_call, "the text ends inside the call", severity::error);
  }

 private:
  /// After the closer: whitespace, the trailer, whitespace, then its closer or the end of the
  /// text. Phases (trp_): 0 whitespace, 1 the trailer, 2 whitespace, 3 its closer. A byte that
  /// does not fit ends the region before it; what was read goes back as text.
  step trail(unsigned char c) {
    const auto give = [&] { return step::done_with(0, tr_); };
    if ((trp_ == 0 || trp_ == 2) && is_json_ws(c)) {
      if (tr_.size() > 128) return give();
      tr_ += static_cast<char>(c);
      return {step::more, 1};
    }
    if (trp_ == 0) trp_ = 1, trn_ = tr_.size();
    if (trp_ == 2) trp_ = 3, trn_ = tr_.size();
    tr_ += static_cast<char>(c);
    const std::string_view want = trp_ == 1 ? trailer_ : trailer_close_;
    const pm m = prefix_match(std::string_view(tr_).substr(trn_), want);
    if (m == pm::no) {
      tr_.pop_back();
      return give();
    }
    if (m == pm::full) {
      if (trp_ == 3) {
        return {step::done, 1};
      }
      trp_ = 2;
    }
    return {step::more, 1};
  }

  /// A call after the block's first broke at byte `i` of the chunk (why_ says how), or the
  /// text ended inside it (i = 0): the calls before it stay, and its text from the last call's
  /// brace is content again. A `call:NAME` that is no call (no `{`, an undeclared bare name) is
  /// text with no diagnostic; a call cut or broken after its `{` is dropped with one.
  step drop_next(const region_ctx& e, std::size_t i) {
    if (st_ != s_prefix && st_ != s_name) {  // past its `{`: the call was announced
      (void)e.calls.abandon_call();
      e.text.diag(why_.code == errc::ok ? errc::invalid_call : why_.code, next_abs_,
                  (why_.msg.empty() ? std::string("a call after the first in the block is broken") : why_.msg) +
                      ": the calls before it are kept, its text is content",
                  severity::error);
    }
    cont_ = false;
    return step::done_with(i, std::move(next_));
  }

  /// A call's own state, cleared before each call of the block.
  void next_call() {
    pos_ = 0;
    name_ws_ = false;
    name_.clear();
    key_.clear();
    tok_.clear();
    hold_.clear();
    stack_.clear();
    comma_ = false;
    repaired_ = false;
    after_raw_ = false;
  }

  enum state : std::uint8_t {
    s_trail,   // after the call's closer: an empty trailing block (tokens::trailer)
    s_prefix,  // "call:"
    s_name,
    s_key,       // in an object: a key or '}'
    s_key_body,  // reading a bare key
    s_raw_key,   // a key between delimiter tokens (`<|"|>3<|"|>:`)
    s_colon,     // whitespace after a key
    s_value,     // a value (or ']' right after '[')
    s_scalar,    // a bare number or literal
    s_raw,       // between delimiter tokens
    s_quote,     // a quoted string (drift), lexed by lx_
    s_next,      // after a value: ',' or a closing bracket
    s_hold,      // a '<' that may start a token (hold_ctx_ says where)
    s_after,     // the call is complete: optional closer (closer_ reads it)
  };
  enum r : std::uint8_t { r_more, r_fail };

  /// byte() fails the region (why_ says why).
  r bad(const char* msg, errc code = errc::invalid_call) {
    why_ = failure{code, msg, severity::error};
    return r_fail;
  }
  /// Not this format's syntax (prose that mentions the opener): no diagnostic.
  r foreign() {
    why_ = failure{errc::ok, "", severity::note};
    return r_fail;
  }

  void emit(const region_ctx& e, std::string_view s) { e.calls.call_args(s); }

  void raw_text(const region_ctx& e, std::string_view s) {
    esc_.clear();
    json_escape_append(esc_, s);
    (void)lx_.feed(esc_);
    flush_lx(e);
  }
  void flush_lx(const region_ctx& e) {
    if (lx_.out().size() > sent_) {
      e.calls.call_args(std::string_view(lx_.out()).substr(sent_));
      sent_ = lx_.out().size();
    }
  }
  void start_string(const region_ctx& e) {
    comma_out(e);
    lx_.reset(nullptr, e.request.max_depth());
    sent_ = 0;
  }
  void comma_out(const region_ctx& e) {
    if (comma_) emit(e, ",");
    comma_ = false;
  }

  bool open(const region_ctx& e, char c) {
    if (stack_.size() >= e.request.max_depth()) return false;
    comma_out(e);
    stack_ += c;
    emit(e, std::string_view(&c, 1));
    st_ = c == '{' ? s_key : s_value;
    first_ = true;
    return true;
  }

  /// A closing bracket at a place where one may stand.
  r close(const region_ctx& e, char c) {
    const char want = c == '}' ? '{' : '[';
    if (stack_.empty() || stack_.back() != want) return bad("mismatched bracket");
    if (comma_) repaired_ = true;  // a trailing comma
    comma_ = false;
    stack_.pop_back();
    emit(e, std::string_view(&c, 1));
    if (stack_.empty()) {
      e.calls.end_call(0, repaired_);
      closer_.begin(t_.closer);
      st_ = s_after;
      fresh_ = true;
      cont_ = false;
      next_.clear();
      return r_more;
    }
    st_ = s_next;
    return r_more;
  }

  static bool key_byte(unsigned char c) {
    return !(is_json_ws(c) || c == ':' || c == ',' || c == '{' || c == '}' || c == '[' || c == ']' || c == '<' ||
             c == '"' || c == '\'' || c < 0x20);
  }

  /// Writes key_ as the next member's key; then the ':' (or whitespace before it) is awaited.
  void emit_key(const region_ctx& e) {
    comma_out(e);
    esc_.assign(1, '"');
    json_escape_append(esc_, key_);
    esc_ += "\":";
    emit(e, esc_);
    first_ = false;
  }

  r end_scalar(const region_ctx& e) {
    std::string_view v = tok_;
    if (v == "True") v = "true", repaired_ = true;
    else if (v == "False") v = "false", repaired_ = true;
    else if (v == "None") v = "null", repaired_ = true;
    else if (!v.empty() && v.back() == '.') {
      // `108.`: a Python float with no digit after the point (vLLM reads 108.0)
      tok_ += '0';
      if (is_json_number(tok_)) v = tok_, repaired_ = true;
      else tok_.pop_back(), v = tok_;
    }
    if (!(v == "true" || v == "false" || v == "null" || is_json_number(v))) {
      // a bare word: vLLM's Gemma 4 parser reads it as the string it spells (`unit:celsius`), and
      // `null`, `none`, `nil` in any case as null; a word that starts with no letter stays an error
      const unsigned char c0 = v.empty() ? 0 : static_cast<unsigned char>(v.front());
      if (!t_.bare_words) return bad("a bare word is not a value");
      if (!((c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z'))) return bad("a bare value is not a number");
      const std::string low = ascii_lower(v);
      repaired_ = true;
      comma_out(e);
      if (low == "null" || low == "none" || low == "nil") {
        emit(e, "null");
      } else {
        esc_.assign(1, '"');
        json_escape_append(esc_, v);
        esc_ += '"';
        emit(e, esc_);
      }
      st_ = s_next;
      return r_more;
    }
    comma_out(e);
    emit(e, v);
    st_ = s_next;
    return r_more;
  }

  /// Tokens a '<' may start here: the delimiter, and in a string the tokens that end it.
  r hold_byte(const region_ctx& e, unsigned char c) {
    hold_ += static_cast<char>(c);
    bool partial = false;
    const pm d = prefix_match(hold_, t_.delim);
    if (d == pm::full) {
      hold_.clear();
      if (hold_ctx_ == s_key) {  // a key written as a string
        key_.clear();
        st_ = s_raw_key;
        return r_more;
      }
      if (hold_ctx_ == s_value) {
        start_string(e);
        (void)lx_.feed("\"");
        st_ = s_raw;
      } else {  // s_raw: the string ends
        (void)lx_.feed("\"");
        flush_lx(e);
        st_ = s_next;
        after_raw_ = true;
      }
      return r_more;
    }
    partial = d == pm::partial;
    if (hold_ctx_ == s_raw) {
      for (std::string_view s : t_.stops) {
        const pm m = prefix_match(hold_, s);
        if (m == pm::full) {
          hold_.clear();
          return bad("a string is not closed before the call ends");
        }
        partial |= m == pm::partial;
      }
    }
    if (partial) return r_more;
    if (hold_ctx_ != s_raw) {
      hold_.clear();
      return bad(hold_ctx_ == s_key ? "expected a key" : "expected a value");
    }
    // in a string: the '<' is text, the bytes after it are read again
    std::string again = hold_.substr(1);
    hold_.clear();
    st_ = s_raw;
    raw_text(e, "<");
    for (char a : again) {
      const r x = byte(e, static_cast<unsigned char>(a));
      if (x != r_more) return x;  // no token has a second `<`: the re-read bytes are text or a new hold
    }
    return r_more;
  }

  r byte(const region_ctx& e, unsigned char c) {
    switch (st_) {
      case s_prefix: {
        constexpr std::string_view k = call_prefix;
        if (pos_ == 0 && is_json_ws(c)) return r_more;  // whitespace around special tokens
        if (pos_ == 0 && c == ':' && !colon_) {  // `<|tool_call>:call:` (vLLM accepts the stray colon)
          colon_ = true;
          return r_more;
        }
        if (c != static_cast<unsigned char>(k[pos_])) return foreign();
        if (++pos_ == k.size()) st_ = s_name;
        return r_more;
      }
      case s_name:
        if (is_json_ws(c)) {  // `call: get_weather {`: whitespace around the name
          name_ws_ = !name_.empty();
          return r_more;
        }
        if (c == '{' && !name_.empty()) {
          if (bare_ && !e.request.tool_declared(name_)) return foreign();
          e.calls.begin_call(name_, "", t_.format, 0);
          (void)open(e, '{');
          return r_more;
        }
        if (name_ws_ || !name_byte(c) || name_.size() >= 256) return foreign();
        if (bare_ && name_.empty() && !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'))
          return foreign();  // `call: 555-1234`: a bare call's name starts with a letter
        name_ += static_cast<char>(c);
        return r_more;
      case s_key:
        if (is_json_ws(c)) return r_more;
        if (c == '}') return close(e, '}');
        if (c == '<') {
          hold_.assign(1, '<');
          hold_ctx_ = s_key;
          st_ = s_hold;
          return r_more;
        }
        if (!key_byte(c)) return bad("expected a key");
        key_.assign(1, static_cast<char>(c));
        st_ = s_key_body;
        return r_more;
      case s_key_body:
        // the template writes a key verbatim, spaces included (`key with space:1`): whitespace
        // stays in the key when more key text follows, and is trimmed before the ':'
        if (c == ':') {
          while (!key_.empty() && is_json_ws(static_cast<unsigned char>(key_.back()))) key_.pop_back();
          emit_key(e);
          st_ = s_value;
          return r_more;
        }
        if ((!key_byte(c) && !is_json_ws(c)) || key_.size() >= 256) return bad("bad key");
        key_ += static_cast<char>(c);
        return r_more;
      case s_raw_key: {
        // raw text up to the next delimiter; a token that ends the call means it was not closed
        key_ += static_cast<char>(c);
        const auto ends = [&](std::string_view s) {
          return key_.size() >= s.size() && std::string_view(key_).substr(key_.size() - s.size()) == s;
        };
        if (ends(t_.delim)) {
          key_.resize(key_.size() - t_.delim.size());
          emit_key(e);
          st_ = s_colon;
          return r_more;
        }
        for (std::string_view s : t_.stops)
          if (ends(s)) return bad("a key is not closed before the call ends");
        if (key_.size() >= 256 + t_.delim.size()) return bad("bad key");
        return r_more;
      }
      case s_colon:
        if (is_json_ws(c)) return r_more;
        if (c != ':') return bad("expected ':' after a key");
        st_ = s_value;
        return r_more;
      case s_value:
        if (is_json_ws(c)) return r_more;
        if (c == '<') {
          hold_.assign(1, '<');
          hold_ctx_ = s_value;
          st_ = s_hold;
          return r_more;
        }
        if (c == '{' || c == '[') {
          if (!open(e, static_cast<char>(c))) return bad("nested too deep", errc::limit_depth);
          return r_more;
        }
        if (c == ']' && (first_ || comma_) && !stack_.empty() && stack_.back() == '[') return close(e, ']');
        if ((c == '}' || c == ',') && t_.empty_values && (stack_.empty() || stack_.back() == '{')) {
          // `key:}`: no value after the colon (tokens::empty_values)
          repaired_ = true;
          comma_out(e);
          emit(e, "\"\"");
          st_ = s_next;
          return byte(e, c);
        }
        if (c == '"' || c == '\'') {
          start_string(e);
          const lex_step s = lx_.feed(std::string_view(reinterpret_cast<const char*>(&c), 1));
          (void)s;
          st_ = s_quote;
          return r_more;
        }
        if (c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
          tok_.assign(1, static_cast<char>(c));
          st_ = s_scalar;
          return r_more;
        }
        return bad("expected a value");
      case s_scalar:
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '+' ||
            c == '-') {
          if (tok_.size() >= 64) return bad("a bare value is too long");
          tok_ += static_cast<char>(c);
          return r_more;
        }
        {
          const r x = end_scalar(e);
          if (x != r_more) return x;
        }
        return byte(e, c);
      case s_raw:
        if (c == '<') {
          hold_.assign(1, '<');
          hold_ctx_ = s_raw;
          st_ = s_hold;
          return r_more;
        }
        raw_text(e, std::string_view(reinterpret_cast<const char*>(&c), 1));
        return r_more;
      case s_quote: {
        const lex_step s = lx_.feed(std::string_view(reinterpret_cast<const char*>(&c), 1));
        flush_lx(e);
        if (s.st == lex_step::fail) return bad("bad quoted string", errc::invalid_json);
        if (s.st == lex_step::done) {
          if (lx_.repaired()) repaired_ = true;
          st_ = s_next;
          if (s.consumed == 0) return byte(e, c);
        }
        return r_more;
      }
      case s_next:
        if (is_json_ws(c)) return r_more;
        if (t_.comma_optional && after_raw_ && !stack_.empty() && stack_.back() == '{' && key_byte(c)) {
          // the comma is missing after a delimited value: the key of the next pair follows
          after_raw_ = false;
          repaired_ = true;
          comma_ = true;  // written before the key
          first_ = false;
          st_ = s_key;
          return byte(e, c);
        }
        after_raw_ = false;
        if (c == ',') {
          comma_ = true;
          first_ = false;
          st_ = stack_.back() == '{' ? s_key : s_value;
          return r_more;
        }
        if (c == '}' || c == ']') return close(e, static_cast<char>(c));
        return bad("expected ',' or a closing bracket");
      case s_hold:
        return hold_byte(e, c);
      case s_after:
      case s_trail:
        // not reached: feed() hands the bytes after the call to closer_, and no byte read
        // again after a held `<` can end the call (no token holds a second `<`)
        return r_more;
    }
    return r_more;
  }

  tokens t_;
  std::string_view trailer_, trailer_close_;
  state st_ = s_prefix, hold_ctx_ = s_value;
  failure why_;  // why byte() failed (bad(), foreign())
  bool name_ws_ = false;
  bool after_raw_ = false;  // s_next right after a delimited string value
  bool colon_ = false;  // s_prefix: the stray ':' was read
  bool bare_ = false;   // a bare call (no call token): its name must be a declared tool
  std::size_t pos_ = 0, sent_ = 0;
  std::string name_, key_, tok_, hold_, esc_, stack_;
  bool comma_ = false, first_ = false, repaired_ = false;
  json_lexer lx_;
  closer_reader closer_;
  // after a call: whether only whitespace followed it yet (fresh_), whether a next call of the
  // block is being read (cont_), and the bytes since the last call's `}` (next_, from
  // next_abs_), given back when no call follows or the next one breaks
  bool fresh_ = false, cont_ = false;
  std::size_t next_abs_ = 0;
  std::string next_;
  std::string tr_;                    // s_trail: the bytes read after the closer
  std::size_t trn_ = 0;               // where the token being matched starts in tr_
  std::uint8_t trp_ = 0;              // s_trail phase
};

}  // namespace detail

namespace formats {

struct gemma4 {
  static constexpr std::string_view name = "gemma4";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 80;
    d.description = "Gemma 4 <|tool_call>call:NAME{key:<|\"|>text<|\"|>}<tool_call|>";
    // the call token anywhere; the bare forms the model writes when it drops the token (vLLM's
    // gemma4 parsers take them): `call:NAME{` or `<call>NAME{` at the start of the output or
    // right after the thought channel, and `call:NAME` at the start of a line for a declared tool
    using h = detail::gemma_call_handler;
    d.triggers = {{"<|tool_call>", detail::trig_cond::anywhere, h::v_token},
                  {"call:", detail::trig_cond::start, h::v_bare_start},
                  {"<call>", detail::trig_cond::start, h::v_mm_start}};
    d.tool_triggers = [](const std::vector<std::string>& names) {
      std::vector<detail::trigger_def> v;
      for (const auto& n : names) {
        bool ok = !n.empty() && n.size() <= 256;
        for (char ch : n) ok = ok && h::name_byte(static_cast<unsigned char>(ch));
        if (ok) v.push_back({"call:" + n, detail::trig_cond::line_start, h::v_bare_tool});
      }
      return v;
    };
    d.markers = {"<|tool_response>", "<turn|>", "<eos>"};
    d.reasoning = {{"<|channel>thought", "<channel|>"}, {"<|channel>", "<channel|>"}};
    d.template_markers = {"<|tool_call>", "<tool_call|>", "<|\"|>"};
    d.presets = {{"gemma-?4", {"gemma4"}, 20, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::gemma_call_handler(
          {name, "<|\"|>", "<tool_call|>", {"<tool_call|>", "<|tool_call>", "<turn|>", "<|tool_response>"}, false, true},
          "<|channel>thought", "<channel|>"));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GEMMA4_HPP
