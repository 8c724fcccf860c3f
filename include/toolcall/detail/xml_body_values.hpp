// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_XML_BODY_VALUES_HPP
#define TOOLCALL_DETAIL_XML_BODY_VALUES_HPP

// The value phase of xml_call_body (detail/xml_body.hpp): the markup inside a value, the trim,
// and the typing of the value's text (through xml_value_decoder, detail/xml_values.hpp).
// Included at the end of xml_body.hpp; the member functions are inline (ODR-safe).
//
// Values and markup. Inside a value, `param_close` ends the value only when
// what follows it, after at most 64 bytes of whitespace, is `param_open`, `fn_close`,
// `call_close` or (multi families) `fn_open`. Otherwise the closer is text of the value and the
// value goes on: code that writes `</parameter>`, `<parameter=x>` (not at a line start),
// `<tool_call>` or `</function>` keeps it. The body holds the closer, the whitespace and a
// prefix of the next tag until the bytes decide; the hold is at most two tags plus 64 bytes
// (after a line-start `param_open`, rule (a): the tag, a 256-byte name and 256 bytes of
// attributes). With the `whitespace` trim a run of whitespace inside a value waits for the next
// byte that is not whitespace, since it may be trailing.
//
// Missing value closer (repaired). A value without its closer also ends
//   (a) at a newline followed at once by `param_open`, a complete parameter name and the end of
//       that name (`\n<parameter=path>`, `\n<parameter name="path">`, `\n<arg_key>k</arg_key>`):
//       the newline is markup, the new parameter starts;
//   (b) at `fn_close` followed, after at most 64 bytes of whitespace, by `call_close`, by
//       `fn_open` (multi families) or by the end of the text;
//   (c) at `call_close` followed by whitespace only (and the closer again, written twice) up to
//       the end of the text, an end-of-turn token or (families that wrap each call) the next
//       call's `call_open` (GLM, which has no `fn_close`; Qwen3-Coder's `</parameter>` and
//       `</function>` both missing, which vLLM's parser reads as the value running to the end
//       of the block).
// The call then ends with repaired = true. A call whose function closer is missing (its last
// value closed, then `call_close`, or `fn_open` in a multi family) is accepted the same way.
// Anything else that ends the text inside a call fails with errc::unterminated_call.
//
// Trim. `one_newline` (Qwen3-Coder, Seed-OSS): one newline right after the value opener and one
// right before the value's end are markup. `whitespace` (MiniMax-M2, Step-3, GLM): all leading
// and trailing whitespace is markup. `none` (DSML): the text is kept as written (but for the
// newline of rule (a)).
//
// Schema and markup. When the request's tools are known for the call (e.param_kind of a key no
// schema declares is `undeclared`) and the spec's `schema_tags` is on, `param_open` after a
// value's closer, or at a line start where the closer is missing, ends the value only when it
// names a declared parameter not given yet; otherwise the tag is text of the value, and a
// line-start one pairs with its `param_close`. A `fn_open` inside a value is text and pairs with
// its `fn_close`, so a value holding a whole call (code that writes `<tool_call>`) stays whole;
// so does a `call_open` inside a value with its `call_close` (two example calls in a row).
//
// Typing. For each parameter the body asks e.request.param_kind(key) once, when the
// key is complete (`undeclared` is read as `unknown`). A union kind (a string branch and others:
// `anyOf [integer, string]`, `type: [T, "null"]`) is held while its first word may still be one
// of the other kinds and decoded when the whole text is (JSON or a Python literal; `null`/`None`
// in any case for null), else streamed as a string; a `typed` value `null`/`None` is null.
// `verbatim_strings`: a schema-string value keeps all its whitespace (GLM). `string`: a JSON string of the exact text,
// streamed as it is decided. `typed`: the text is buffered and, at the value's end, read as JSON or a Python literal by
// the lenient lexer (True/False/None, single quotes, trailing commas); the compact JSON is written, with an
// errc::normalized note when a repair was needed. When the schema (not a `type_attr`) types the value, a text that is
// neither is read as the vendors' parsers read it (loose_typed: Python's int()/float() and lower() == "true", so `007`
// is 7 and `FALSE` false; a JSON string holding an object or array is that object or array), with a note. A text that
// is none of these stays a JSON string, with an errc::normalized warning (the value was not changed, but its type is
// not the schema's; the normalizer reports the schema mismatch itself). `unknown`: a string, streamed; with
// e.request.guess_json_values() a value that is entirely one JSON number, true, false, null, array or object is decoded
// (no diagnostic); a room with guess_values decodes as its vendor does (strings, Python literals:
// detail/xml_value_decode.hpp). In a family with a `type_attr` (DSML `string="..."`), an `unknown` kind follows the attribute:
// "false" means typed, "true" means string; a schema kind wins over the attribute.
//

#include "normalize_names.hpp"
#include "xml_body.hpp"
#include "xml_value_decode.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

inline xml_call_body::act xml_call_body::value_byte(const region_ctx& e, unsigned char c) {
  switch (vph_) {
    case vp_text:
      if (lead_) {
        if (trim_ == xml_trim::whitespace && is_json_ws(c)) {
          line_start_ = c == '\n';
          return a_next;
        }
        if (trim_ == xml_trim::one_newline && c == '\r') return a_next;  // a CRLF's CR
        lead_ = false;
        if (trim_ == xml_trim::one_newline && c == '\n') {
          line_start_ = true;
          return a_next;
        }
      }
      if (c == '<') {
        mk_.assign(1, '<');
        mk_ls_ = line_start_;
        vph_ = vp_head;
        return a_next;
      }
      if (c == '\n') {
        // a CRLF is one line end: its CR waits in wsh_ with it
        if (trim_ != xml_trim::whitespace && !wsh_.empty() && wsh_ != "\r") {
          text(wsh_);
          wsh_.clear();
        }
        wsh_ += '\n';
        line_start_ = true;
        return a_next;
      }
      if (c == '\r' && trim_ != xml_trim::whitespace) {
        if (!wsh_.empty()) {
          text(wsh_);
          wsh_.clear();
        }
        wsh_ += '\r';
        line_start_ = false;
        return a_next;
      }
      line_start_ = false;
      if (trim_ == xml_trim::whitespace && is_json_ws(c)) {
        wsh_ += static_cast<char>(c);
        return a_next;
      }
      if (!wsh_.empty()) {
        text(wsh_);
        wsh_.clear();
      }
      {
        const char ch = static_cast<char>(c);
        text(std::string_view(&ch, 1));
      }
      return a_next;
    case vp_head: {
      mk_ += static_cast<char>(c);
      const std::string_view m[6] = {sp_.param_close, sp_.fn_close, sp_.call_close,
                                     mk_ls_ ? sp_.param_open : std::string_view{}, sp_.fn_open, sp_.call_open};
      bool partial = false;
      for (int k = 0; k < 6; ++k) {
        if (m[k].empty()) continue;
        const pm r = prefix_match(mk_, m[k]);
        if (r == pm::full) {
          // tags of a call written inside the value (code that holds a call) pair up and stay
          // text: a function opener, a parameter opener the schema rejected (nest_), and
          // their closers
          if (k == 4 || k == 5) {
            ++(k == 4 ? lit_fn_ : lit_call_);
            return mismatch();
          }
          if (k == 2 && lit_call_ > 0) {  // closes a wrapper written in the value
            --lit_call_;
            return mismatch();
          }
          if (k == 0 && nest_ > 0) {
            --nest_;
            return mismatch();
          }
          if (k == 1 && lit_fn_ > 0) {
            --lit_fn_;
            return mismatch();
          }
          mk_fix_ = mk_.size();
          fol_.clear();
          wsn_ = 0;
          if (k == 0) vph_ = vp_close_ws;
          else if (k == 1) vph_ = vp_fn_ws;
          else if (k == 2) vph_ = vp_call_ws;
          else {
            vph_ = vp_probe;
            probe_closed_ = false;
            probe_.reset(sp_.param_name, sp_.param_name_end, sp_.type_attr, sp_.tag_end, sp_.type_attr_names);
          }
          return a_next;
        }
        if (r == pm::partial) partial = true;
      }
      return partial ? a_next : mismatch();
    }
    case vp_close_ws: {
      mk_ += static_cast<char>(c);
      if (fol_.empty() && is_json_ws(c)) return ++wsn_ > max_ws ? mismatch() : a_next;
      fol_ += static_cast<char>(c);
      const std::string_view m[4] = {sp_.param_open, sp_.fn_close, sp_.call_close,
                                     sp_.multi ? sp_.fn_open : std::string_view{}};
      bool partial = false;
      for (int k = 0; k < 4; ++k) {
        if (m[k].empty()) continue;
        const pm r = prefix_match(fol_, m[k]);
        if (r == pm::full) {
          if (k == 0 && schema_known_ && sp_.schema_tags) {
            // with the request's tools, the next parameter's name decides (structural())
            vph_ = vp_probe;
            probe_closed_ = true;
            probe_.reset(sp_.param_name, sp_.param_name_end, sp_.type_attr, sp_.tag_end, sp_.type_attr_names);
            return a_next;
          }
          end_value(e, false);
          if (k == 0) {
            start_key();
            return a_next;
          }
          if (k == 1) return end_function(e, false, true);
          if (!sp_.fn_close.empty())  // the function closer left out: closed here, and said so
            e.text.diag(errc::repaired, abs_,
                        "`" + std::string(m[k]) + "` stands where `" + std::string(sp_.fn_close) +
                            "` belongs: the call is closed there",
                        severity::note);
          if (k == 2) return end_function(e, !sp_.fn_close.empty(), false);
          end_function(e, true, false);
          start_fn_name(abs_ + 1 - fol_.size());
          return a_next;
        }
        if (r == pm::partial) partial = true;
      }
      if (!partial && sp_.end_after_value) {
        // a turn token (`<|user|>`, `<｜hy_eos:opensource｜>`) after a value's closer: the output
        // ended there as it would at the end of the text (the call keeps its pairs, with a
        // warning); the token goes back to the text scanner, where it is a marker or text
        const int t = turn_token(fol_);
        if (t == 1) return a_next;
        if (t == 2) return end_at_turn_token(e);
      }
      return partial ? a_next : mismatch();
    }
    case vp_fn_ws: {
      mk_ += static_cast<char>(c);
      if (fol_.empty() && is_json_ws(c)) return ++wsn_ > max_ws ? mismatch() : a_next;
      fol_ += static_cast<char>(c);
      const std::string_view m1 = sp_.multi ? sp_.fn_open : std::string_view{};
      const pm r0 = sp_.call_close.empty() ? pm::no : prefix_match(fol_, sp_.call_close);
      const pm r1 = m1.empty() ? pm::no : prefix_match(fol_, m1);
      if (r0 == pm::full) {
        end_value(e, false);
        return end_function(e, true, false);
      }
      if (r1 == pm::full) {
        end_value(e, false);
        end_function(e, true, false);
        start_fn_name(abs_ + 1 - fol_.size());
        return a_next;
      }
      return r0 == pm::partial || r1 == pm::partial ? a_next : mismatch();
    }
    case vp_call_ws: {
      mk_ += static_cast<char>(c);
      if (fol_.empty() && is_json_ws(c)) return ++wsn_ > max_ws ? mismatch() : a_next;
      // rule (c) with an end-of-turn token after the call closer (`</tool_call><|im_end|>`), or
      // the next call's wrapper (`</tool_call>\n<tool_call>`): the value ends as at the end of
      // the text; the token, or the whitespace and the wrapper, go back to the text scanner
      fol_ += static_cast<char>(c);
      // the closer written twice (`</tool_call>\n</tool_call>`): what follows the last decides
      const pm d = prefix_match(fol_, sp_.call_close);
      if (d == pm::full) {
        fol_.clear();
        return a_next;
      }
      const pm w = sp_.call_open.empty() ? pm::no : prefix_match(fol_, sp_.call_open);
      const int t = turn_token(fol_);
      if (w == pm::full) {
        extra_ = mk_.substr(mk_fix_);
      } else if (t == 2) {
        extra_ = fol_;
      } else {
        return w == pm::partial || t == 1 || d == pm::partial ? a_next : mismatch();
      }
      fol_.clear();
      end_value(e, false);
      if (deep_) return fail_deep(e);
      return end_function(e, true, false);
    }
    case vp_probe: {
      mk_ += static_cast<char>(c);
      const xml_name_scanner::result r = probe_.push(c);
      if (r == xml_name_scanner::more) return a_next;
      if (r != xml_name_scanner::done) return mismatch();
      if (!structural(e, probe_.name())) {
        // a parameter the function does not declare, or one it has already: text of the
        // value (code holding a call); a line-start one pairs with its closer
        if (!probe_closed_) {
          ++nest_;
          return mismatch();
        }
        // after a closer: the closer and the whitespace are text, the tag is read again as
        // text too (not as a line-start opener: it pairs with nothing). Code holding markup
        // reads so; a model that invents a parameter after a closed one does too, so it is
        // said, never silent
        const std::size_t lt = mk_fix_ + wsn_;
        e.text.diag(errc::marker_in_text, e.place.region_abs(),  // a place that does not depend on the chunking
                    "a parameter tag after a closed value names no declared parameter not given yet (`" +
                        std::string(probe_.name()) + "`): the closer and the tag are read as text of the value",
                    severity::warning);
        if (!wsh_.empty()) {
          text(wsh_);
          wsh_.clear();
        }
        text(std::string_view(mk_).substr(0, lt));
        rq_.erase(0, rq_pos_);
        rq_pos_ = 0;
        rq_.insert(0, mk_, lt, std::string::npos);
        mk_.clear();
        fol_.clear();
        line_start_ = false;
        vph_ = vp_text;
        return a_next;
      }
      if (probe_closed_) {  // after the value's closer: the next parameter
        end_value(e, false);
        if (!key_done(e, probe_)) return fail(e, errc::invalid_arguments, k_repeated_drop);
        return a_next;
      }
      // rule (a): the value's closer is missing; a new parameter starts
      end_value(e, true);
      repaired_ = true;
      if (!key_done(e, probe_)) return fail(e, errc::invalid_arguments, k_repeated_drop);
      return a_next;
    }
  }
  return a_next;
}

inline void xml_call_body::take_run(std::string_view run) {
  line_start_ = false;
  if (trim_ == xml_trim::whitespace) {
    std::size_t k = run.size();
    while (k > 0 && is_json_ws(static_cast<unsigned char>(run[k - 1]))) --k;
    if (k == 0) {
      wsh_ += run;
      return;
    }
    if (!wsh_.empty()) text(wsh_);
    text(run.substr(0, k));
    wsh_.assign(run.substr(k));
    return;
  }
  if (!wsh_.empty()) {
    text(wsh_);
    wsh_.clear();
  }
  text(run);
}

inline xml_call_body::act xml_call_body::mismatch() {
  if (!wsh_.empty()) {
    text(wsh_);
    wsh_.clear();
  }
  text("<");
  line_start_ = false;
  rq_.erase(0, rq_pos_);
  rq_pos_ = 0;
  rq_.insert(0, mk_, 1, std::string::npos);
  mk_.clear();
  fol_.clear();
  vph_ = vp_text;
  return a_next;
}

inline void xml_call_body::text(std::string_view s) {
  if (s.empty()) return;
  const untyped_decode ud = accept_ == vk_all && !null_word_ ? untyped_style(sp_) : untyped_decode::json_like;
  if (mode_ == m_guess && ud != untyped_decode::json_like) {
    // the room's vendor decodes strings and (GLM) Python literals too; a json_loads value's
    // leading whitespace waits in value_ for the first byte that decides (xml_value_decode.hpp)
    std::size_t k = 0;
    while (k < s.size() && is_json_ws(static_cast<unsigned char>(s[k]))) ++k;
    if (k == s.size()) {
      value_ += s;
      return;
    }
    if (untyped_may_start(ud, static_cast<unsigned char>(s[k]))) {
      mode_ = m_guess_buf;
    } else {
      mode_ = m_string;
      a() += '"';
      string_text(value_);
      value_.clear();
    }
  }
  if (mode_ == m_guess) {
    const unsigned char c = static_cast<unsigned char>(s[0]);
    const bool maybe_json = ((accept_ & vk_number) && ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.')) ||
                            ((accept_ & vk_boolean) && (c == 't' || c == 'f' || c == 'T' || c == 'F')) ||
                            (((accept_ & vk_null) || null_word_) && (c == 'n' || c == 'N')) ||
                            ((accept_ & vk_array) && c == '[') || ((accept_ & vk_object) && c == '{');
    if (maybe_json) {
      mode_ = m_guess_buf;
    } else {
      mode_ = m_string;
      a() += '"';
    }
  }
  if (mode_ == m_guess_buf && !(accept_ & (vk_object | vk_array))) {
    // a scalar is one word: a value with any other byte is a string, streamed from here
    for (char ch : s) {
      const unsigned char b = static_cast<unsigned char>(ch);
      if (!(is_ident_char(b) || b == '+' || b == '-' || b == '.')) {
        mode_ = m_string;
        a() += '"';
        string_text(value_);
        value_.clear();
        break;
      }
    }
  }
  if (mode_ == m_guess_buf && accept_ == 0) {
    // only the word `null` is held (null_word): the text is a string from its first byte that
    // cannot be part of it, and streams from there
    bool may = value_.size() + s.size() <= 4;
    for (std::size_t k = 0; may && k < s.size(); ++k)
      may = (s[k] | 0x20) == "null"[value_.size() + k];
    if (!may) {
      mode_ = m_string;
      a() += '"';
      string_text(value_);
      value_.clear();
    }
  }
  if (mode_ == m_string) string_text(s);
  else value_ += s;
}

inline bool xml_call_body::accepted(std::string_view json) const noexcept {
  if (json.empty()) return false;
  switch (json[0]) {
    case '{': return accept_ & vk_object;
    case '[': return accept_ & vk_array;
    case 't': case 'f': return accept_ & vk_boolean;
    case 'n': return accept_ & vk_null;
    case '"': return false;
    default: return accept_ & vk_number;
  }
}

inline void xml_call_body::string_text(std::string_view s) {
  if (sw_.append(a(), s)) bad_utf8_ = true;
}

inline void xml_call_body::end_value(const region_ctx& e, bool line_break) {
  if (!line_break && trim_ == xml_trim::none) text(wsh_);
  wsh_.clear();
  mk_.clear();
  fol_.clear();
  vph_ = vp_text;
  switch (mode_) {
    case m_string:
      if (sw_.end(a())) bad_utf8_ = true;  // a sequence cut off by the closer
      a() += '"';
      break;
    case m_guess: quote_value(); break;  // empty, or (json_loads) whitespace only
    case m_guess_buf: {
      const untyped_decode ud = accept_ == vk_all && !null_word_ ? untyped_style(sp_) : untyped_decode::json_like;
      if (ud != untyped_decode::json_like) {  // json.loads (then ast.literal_eval), else the text
        if (decode_untyped(dec_, e, value_, ud, deep_)) {
          a() += dec_.out();
          if (dec_.replaced_utf8()) bad_utf8_ = true;
        } else {
          quote_value();
        }
        break;
      }
      if (null_word_ && xml_value_decoder::null_word(value_, false)) {  // `null` itself, not `None`
        a() += "null";
        break;
      }
      if ((accept_ & vk_null) && held_null()) {
        a() += "null";
        break;
      }
      // JSON, or a Python literal (the vendors' parsers try json.loads then ast.literal_eval)
      const char* why = dec_.lex(e, value_);
      if (why && dec_.too_deep()) deep_ = true;
      if (!why && accepted(dec_.out())) {
        a() += dec_.out();
        if (dec_.replaced_utf8()) bad_utf8_ = true;
        break;
      }
      quote_value();
      break;
    }
    case m_typed: {
      if (wrap_) {
        wrap_ = false;
        if (unwrap(e)) break;
        a() += '"';
        write_utf8(key_);
        a() += "\":";
      }
      if (held_null()) {  // `None`, `NULL`: null (a non-string type; the normalizer checks it)
        a() += "null";
        break;
      }
      // a quoted string never fits a non-string type of the schema: the text is kept as written;
      // typed by an attribute or a type tag (`string="false"`, `type="object"`), a JSON string is
      // decoded, as the vendors' parsers json.loads the text whatever it holds
      const char* why = attr_typed_ ? dec_.lex(e, value_) : dec_.typed(e, value_);
      if (why && dec_.too_deep()) deep_ = true;
      if (!why) {
        a() += dec_.out();
        if (dec_.replaced_utf8()) bad_utf8_ = true;
        if (dec_.repaired()) note(e, "read as a Python literal or repaired JSON", severity::note);
        break;
      }
      if (!deep_ && loose_ok_ && loose_typed(e)) break;
      quote_value();
      if (!deep_)
        note(e, std::string("is not JSON or a Python literal (") + why + "); kept as a string", severity::warning);
      break;
    }
  }
  value_.clear();
  if (skip_) {  // a repeated key's value (first_key_wins): read, not written
    skip_ = false;
    skipped_.clear();
  }
}

inline void xml_call_body::quote_value() {
  a() += '"';
  write_utf8(value_);
  a() += '"';
}

inline void xml_call_body::note(const region_ctx& e, const std::string& what, severity level) {
  flush(e);
  std::string m = "parameter \"";
  m += key_;
  m += "\" ";
  m += what;
  e.text.diag(errc::normalized, abs_, std::move(m), level);
}

inline int xml_call_body::turn_token(std::string_view t) noexcept {
  // `<` then `|` or the first byte of a full-width bar, no whitespace or `<`, up to a `>` that
  // ends a special token's shape (prose.hpp's special_token_shape)
  if (t.empty() || t[0] != '<') return 0;
  if (t.size() == 1) return 1;
  if (t[1] != '|' && static_cast<unsigned char>(t[1]) != 0xEF) return 0;
  if (t.size() > 72) return 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const unsigned char ch = static_cast<unsigned char>(t[k]);
    if (ch == '<' || is_json_ws(ch)) return 0;
    if (ch == '>') return k + 1 == t.size() && special_token_shape(t) ? 2 : 0;
  }
  return 1;
}

inline xml_call_body::act xml_call_body::end_at_turn_token(const region_ctx& e) {
  const std::string_view closer = !sp_.fn_close.empty() ? sp_.fn_close : sp_.call_close;
  e.text.diag(errc::unterminated_call, abs_,
              "a turn token follows a value, before `" + std::string(closer) +
                  "`: the call holds the arguments read so far",
              severity::warning);
  extra_ = fol_;  // the token: read, and given back with the done step
  fol_.clear();
  end_value(e, false);
  if (deep_) return fail_deep(e);
  return end_function(e, true, false);
}

inline step xml_call_body::finish_value(const region_ctx& e) {
  if (vph_ == vp_fn_ws || vph_ == vp_call_ws) {
    const bool fol_ok = fol_.empty() || (!sp_.call_close.empty() && prefix_match(fol_, sp_.call_close) == pm::partial);
    if (fol_ok) {
      // rule (b)/(c): the function (or call) closer then the end of the text
      std::string rest = mk_.substr(mk_fix_);
      end_value(e, false);
      if (deep_) {
        deep_ = false;
        return fail_end(e, errc::limit_depth, "a parameter value is nested deeper than max_depth");
      }
      end_function(e, true, false);
      flush(e);
      return step::done_with(0, std::move(rest));
    }
  }
  return fail_end(e, errc::unterminated_call, "the text ends inside a parameter value");
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_XML_BODY_VALUES_HPP
