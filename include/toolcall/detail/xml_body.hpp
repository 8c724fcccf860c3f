// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_XML_BODY_HPP
#define TOOLCALL_DETAIL_XML_BODY_HPP

// The one XML reader: one state machine, configured by the tag spellings of a family (xml_spec,
// detail/xml_lex.hpp), reads Qwen3-Coder (also a `<tool_call>` inside a markdown fence),
// Seed-OSS, MiniMax-M2, DeepSeek V3.2 DSML, Step-3, GLM-4.5/4.6/4.7 and the custom XML specs. It is fed the bytes after
// the region opener
// (`<tool_call>`, `<minimax:tool_call>`, ...), opens a call when a function name is complete,
// streams the arguments as one compact JSON object, and returns done right after the call
// closer.
//
// Rules (they hold for every chunking of the input; nothing depends on where a chunk ends):
//
// Values and markup, a missing value closer, trim, schema and markup, typing: the rules of the
// value phase are at the top of detail/xml_body_values.hpp.
// The structure states (xml_call_body::byte) are in detail/xml_body_states.hpp.
//
// Calls. A function opens (begin_call) when its name is complete and valid; a GLM name, which
// stands alone on its line, opens only when `<arg_key>` or the call closer follows, so a word of
// prose after `<tool_call>` fails the region with a warning and no call event. After the function
// closer, at most 64 bytes of whitespace may precede `call_close` (or `fn_open`); anything else,
// or more whitespace, ends the region there (the call closer was eaten by a stop sequence) and
// goes back to the text scanner as the step's tail.
//
// Limits: names and keys longer than 256 bytes fail the region; attribute text is bounded to
// 256 bytes; e.request.max_depth() bounds the lexer. The work is O(n): a run of plain value bytes is
// handled in one step, and held bytes that turn out to be text are re-read at most once per
// `<` inside the hold.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine_core.hpp"
#include "json.hpp"
#include "json_call.hpp"
#include "json_lexer.hpp"
#include "prose.hpp"
#include "utf8.hpp"
#include "xml_lex.hpp"
#include "xml_values.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * The generic XML-parameter call body (see the rules at the top of this file). Usage, by a
 * handler whose trigger is the region opener:
 *
 *     body.begin(e, spec);            // spec outlives the region
 *     step s = body.feed(e, bytes);   // any chunking; done/fail end the region
 *     step f = body.finish(e);        // at the end of the text
 *     // a done step's tail() holds bytes read past the region's end, for the text scanner
 *
 * `fn_open_consumed`: the caller's trigger was the function opener itself (Qwen3-Coder's bare
 * `<function=NAME>`): the body starts at the function name.
 */
class xml_call_body {
 public:
  /// The region's opener, given after begin(): a special token (`<|tool_call:start|>`, not
  /// `<tool_call>`) is no word of prose, so a space a detokenizer put around the bare name of a
  /// call with no arguments does not make it prose (xml_body_states.hpp, s_between).
  void opened_by(std::string_view trigger) noexcept { special_opener_ = special_token_shape(trigger); }
  void begin(const region_ctx& e, const xml_spec& spec, bool fn_open_consumed = false) {
    (void)e;
    sp_ = spec;
    args_.clear();
    direct_ = nullptr;
    mark_ = 0;
    am_.clear();
    ws_.clear();
    extra_.clear();
    rq_.clear();
    rq_pos_ = 0;
    calls_ = 0;
    raw_.clear();
    raw_abs_ = cut_from_ = 0;
    raw_on_ = sp_.keep_calls_at_cut && sp_.multi;
    raw_started_ = false;
    in_call_ = false;
    repaired_ = false;
    deep_ = false;
    special_opener_ = false;
    json_done_ = false;
    wrap_ = false;
    pre_.clear();
    sw_.reset();
    bad_utf8_ = false;
    utf8_noted_ = false;
    wrapped_ = !fn_open_consumed;
    skip_ = false;
    skipped_.clear();
    if (fn_open_consumed) {
      start_fn_name(0);
    } else if (!sp_.call_prefix.empty()) {
      st_ = s_prefix;
    } else if (!sp_.fn_open.empty()) {
      st_ = s_fn_open;
    } else {
      start_fn_name(0);
    }
  }

  /// Calls completed in this region so far.
  std::size_t calls() const noexcept { return calls_; }

  step feed(const region_ctx& e, std::string_view in) {
    const std::size_t n = in.size();
    std::size_t i = 0;
    if (raw_on_) {  // keep_calls_at_cut: the region's text, for the cut call's content
      if (!raw_started_) raw_abs_ = e.place.chunk_abs(), raw_started_ = true;
      raw_.append(in.data(), in.size());
    }
    for (;;) {
      if ((direct_ ? direct_->size() - mark_ : args_.size()) >= flush_at) flush(e);  // a long chunk streams in pieces of bounded size
      unsigned char c;
      bool from_rq;
      if (rq_pos_ < rq_.size()) {
        c = static_cast<unsigned char>(rq_[rq_pos_++]);
        from_rq = true;
        abs_ = e.place.chunk_abs() + i;
      } else {
        if (!rq_.empty()) {
          rq_.clear();
          rq_pos_ = 0;
        }
        if (i >= n) break;
        if (st_ == s_value && vph_ == vp_text && !lead_) {
          // a run of plain value bytes is handled at once (one escape pass, one delta). A newline
          // is markup only when a tag follows it (rule a), so the run goes on over a newline
          // whose next byte is here and is not `<`
          // (the same for a CR that starts a CRLF)
          std::size_t j = i;
          for (;;) {
            while (j < n && in[j] != '<' && in[j] != '\n' && in[j] != '\r') ++j;
            if (j + 1 < n && (in[j] == '\n' || in[j] == '\r') && in[j + 1] != '<' && in[j + 1] != '\n') {
              ++j;
              continue;
            }
            break;
          }
          if (j > i) {
            take_run(in.substr(i, j - i));
            i = j;
            continue;
          }
        }
        abs_ = e.place.chunk_abs() + i;
        c = static_cast<unsigned char>(in[i++]);
        from_rq = false;
      }
      act a = byte(e, c);
      if (deep_) a = fail_deep(e);
      if (a == a_next) continue;
      if (a != a_done) {  // the byte was not used: give it back
        if (from_rq) --rq_pos_;
        else --i;
      }
      if (a == a_again) continue;
      flush(e);
      if (a == a_fail) {
        rq_.clear();
        rq_pos_ = 0;
        return step::failed(i, std::move(why_));
      }
      std::string back = std::move(extra_);
      extra_.clear();
      if (rq_pos_ < rq_.size()) back.append(rq_, rq_pos_, std::string::npos);
      rq_.clear();
      rq_pos_ = 0;
      return step::done_with(i, std::move(back));
    }
    flush(e);
    return {step::more, n};
  }

  step finish(const region_ctx& e) {
    abs_ = e.place.chunk_abs();
    if (st_ == s_value && sp_.end_after_value && vph_ == vp_close_ws) {
      // the text ends after a value's closer: the call holds the pairs read so far
      const std::string_view closer = !sp_.fn_close.empty() ? sp_.fn_close : sp_.call_close;
      if (!closer.empty() && fol_.size() < closer.size() && closer.compare(0, fol_.size(), fol_) == 0) {
        e.text.diag(errc::unterminated_call, abs_,
                    "the output ended after a value, before `" + std::string(closer) +
                        "`: the call holds the arguments read so far",
                    severity::warning);
        repaired_ = true;
        const step s = feed(e, closer.substr(fol_.size()));
        if (s.st != step::more) return s.at(0);
        if (st_ == s_value) return finish_value(e);  // never read again
        return finish(e);  // after the function closer (a family with a call closer)
      }
    }
    if (sp_.keep_calls_at_cut && sp_.multi && calls_ > 0 && st_ != s_after_fn) return drop_cut_call(e);
    switch (st_) {
      case s_prefix:
      case s_fn_open:
        if (am_.empty()) return fail_end(e, errc::invalid_call, "the opener is not followed by a call");
        return fail_end(e, errc::unterminated_call, "the text ends inside a function tag");
      case s_fn_name:
        if (ns_.name().empty() && calls_ == 0 && sp_.fn_open.empty())
          return fail_end(e, errc::invalid_call, "the opener is not followed by a call");
        return fail_end(e, errc::unterminated_call, "the text ends inside a function name");
      case s_between:
      case s_key:
      case s_value_open:
      case s_type:
      case s_json: return fail_end(e, errc::unterminated_call, "the text ends inside the parameters");
      case s_pre_name:
      case s_pre_after: return fail_end(e, errc::unterminated_call, "the text ends after the function name");
      case s_value: return finish_value(e);
      case s_after_fn:
        if (sp_.multi && am_.size() > 1 && prefix_match(am_, sp_.fn_open) == pm::partial &&
            prefix_match(am_, sp_.call_close) != pm::partial) {
          if (sp_.keep_calls_at_cut) return drop_cut_call(e);
          return fail_end(e, errc::unterminated_call, "the text ends inside a function tag");
        }
        flush(e);
        return step::done_with(0, ws_ + am_);
    }
    return fail_end(e, errc::unterminated_call, "the text ends inside the call");
  }


 private:
  enum state : std::uint8_t {
    s_prefix, s_fn_open, s_fn_name, s_between, s_key, s_value_open, s_value, s_after_fn, s_pre_name, s_pre_after, s_json,
    s_type
  };
  static bool is_name_byte(unsigned char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  }
  /// Writes the JSON arguments object lexed so far, without its braces (the call writes them).
  void json_out(bool done) {
    const std::string& o = lx_.out();
    const std::size_t end = done ? o.size() - 1 : o.size();
    if (end > json_sent_) {
      a().append(o, json_sent_, end - json_sent_);
      json_sent_ = end;
      count_ = 1;  // a parameter after the object is another member
    }
  }
  // value phases: plain text; after `<` (which tag?); after param_close (what follows?); after
  // fn_close in a value (rule b); after call_close in a value (rule c); a name after a line-start
  // param_open (rule a)
  enum vphase : std::uint8_t { vp_text, vp_head, vp_close_ws, vp_fn_ws, vp_call_ws, vp_probe };
  enum vmode : std::uint8_t { m_string, m_guess, m_guess_buf, m_typed };
  enum act : std::uint8_t { a_next, a_again, a_done, a_done_here, a_fail };
  static constexpr std::size_t max_ws = 64;
  static constexpr const char* k_repeated_drop = "a parameter is given twice: the call is dropped, as the vendor's parser drops it";
  static constexpr std::size_t flush_at = 16384;

  /// Matches `c` against up to four markers (empty ones are off). Returns the index of a full
  /// match, -1 while partial, -2 on mismatch (c is then not kept in buf).
  static int match4(std::string& buf, unsigned char c, std::string_view m0, std::string_view m1,
                    std::string_view m2, std::string_view m3) {
    buf += static_cast<char>(c);
    const std::string_view ms[4] = {m0, m1, m2, m3};
    bool partial = false;
    for (int k = 0; k < 4; ++k) {
      if (ms[k].empty()) continue;
      const pm m = prefix_match(buf, ms[k]);
      if (m == pm::full) return k;
      if (m == pm::partial) partial = true;
    }
    if (partial) return -1;
    buf.pop_back();
    return -2;
  }

  // ---- structure states --------------------------------------------------------------------
  // (byte() is defined in detail/xml_body_states.hpp)

  act byte(const region_ctx& e, unsigned char c);

  // ---- values --------------------------------------------------------------------------------
  // (defined in detail/xml_body_values.hpp)

  act value_byte(const region_ctx& e, unsigned char c);

  /// A plain run (no `<`, no newline) of value text.
  void take_run(std::string_view run);
  /// A prefix of a turn token `<|...|>` / `<｜...｜>`: 0 not one, 1 a proper prefix, 2 a whole one.
  static int turn_token(std::string_view t) noexcept;
  act end_at_turn_token(const region_ctx& e);

  /// The held markup is value text after all: its `<` is text, the rest is read again.
  act mismatch();

  void text(std::string_view s);

  /// `null` or `None`, in any case.
  bool held_null() const noexcept { return xml_value_decoder::null_word(value_); }
  /// Does the JSON the lexer wrote have a kind the value accepts?
  bool accepted(std::string_view json) const noexcept;

  /// String value text, written as it comes in whole UTF-8 sequences (xml_string_writer).
  void string_text(std::string_view s);
  void write_utf8(std::string_view s) {
    if (xml_string_writer::write(a(), s)) bad_utf8_ = true;
  }

  /// The value ends. `line_break`: at a rule (a) opener, whose newline is markup; otherwise at
  /// a closer, where the trim rule decides about the held whitespace.
  void end_value(const region_ctx& e, bool line_break);

  /// unwrap_wrapper: writes the members of the value (an object whose keys the schema declares)
  /// as the call's own arguments. False when it is not such an object.
  bool unwrap(const region_ctx& e);

  /// A typed value that is not JSON: the number or boolean Python reads (`007`, `FALSE`), or
  /// the object or array a JSON string holds (encoded twice). False when it is neither.
  bool loose_typed(const region_ctx& e);

  void quote_value();

  void note(const region_ctx& e, const std::string& what, severity level);

  step finish_value(const region_ctx& e);

  // ---- structure -----------------------------------------------------------------------------

  void open_call(const region_ctx& e) {
    flush(e);
    e.calls.begin_call(pre_.empty() ? ns_.name() : std::string_view(pre_), "", sp_.format, fn_abs_);
    pre_.clear();
    json_done_ = false;
    // the arguments are written once, into the call's buffer, when no normalizer filters them
    direct_ = e.calls.args_buffer(true);
    mark_ = direct_ ? direct_->size() : 0;
    in_call_ = true;
    repaired_ = false;
    count_ = 0;
    given_.clear();
    skip_ = false;
    // the request's tools are known for this call when a key no schema declares is undeclared
    schema_known_ = e.request.param_kind(std::string_view("\x01", 1)) == value_kind::undeclared;
    a() += '{';
  }

  /// Does `<parameter=NAME>` after a value start the next parameter? Without the request's
  /// tools any name does; with them only a declared parameter not given yet (vLLM's Qwen3-Coder
  /// parser checks the declared names too): other tags are text of the value.
  bool structural(const region_ctx& e, std::string_view name) const {
    if (!schema_known_ || !sp_.schema_tags) return true;
    for (const auto& g : given_)
      if (g == name) return false;
    return e.request.param_kind(name) != value_kind::undeclared;
  }

  /// A name with spaces inside (`<function=get current temperature>`) is a name inside a call
  /// wrapper, where vLLM's Qwen3-Coder regex takes any text up to `>` (and a quoted name up to
  /// its quote): each space-separated word must be a valid name. A bare `<function=` in prose
  /// keeps the strict rule, as does a name alone on its line (GLM, where spaces mean prose).
  bool spaced_name_ok(std::string_view n) const noexcept {
    if (!wrapped_ || sp_.fn_name == xml_name::to_line || n.find(' ') == std::string_view::npos) return false;
    for (std::size_t i = 0; i < n.size();) {
      std::size_t sp = n.find(' ', i);
      if (sp == std::string_view::npos) sp = n.size();
      if (sp > i && !valid_call_name(n.substr(i, sp - i))) return false;
      i = sp + 1;
    }
    return true;
  }

  void start_fn_name(std::size_t abs) {
    st_ = s_fn_name;
    fn_abs_ = abs;
    ns_.reset(sp_.fn_name, {}, {}, sp_.tag_end);
    sep_seen_ = false;
    am_.clear();
    ws_.clear();
  }

  void start_key() {
    st_ = s_key;
    am_.clear();
    ks_.reset(sp_.param_name, sp_.param_name_end, sp_.type_attr, sp_.tag_end, sp_.type_attr_names);
  }

  /// False when the key repeats and the family drops such a call (xml_repeat::drop_call).
  bool key_done(const region_ctx& e, const xml_name_scanner& sc) {
    key_.assign(sc.name().data(), sc.name().size());
    for (const auto& g : given_)
      if (g == key_) {
        if (sp_.repeated_key == xml_repeat::drop_call) return false;
        // said, never silent; at the region's start, a place that does not depend on the chunking
        e.text.diag(errc::invalid_arguments, e.place.region_abs(),
               sp_.repeated_key == xml_repeat::first_wins
                   ? "parameter `" + key_ + "` is given twice: the first value is kept, the later one dropped"
                   : "parameter `" + key_ + "` is given twice: the arguments hold both, a JSON reader keeps the later value",
               severity::warning);
        skip_ = sp_.repeated_key == xml_repeat::first_wins;
        break;
      }
    given_.push_back(key_);
    value_kind k = e.request.param_kind(key_);
    wrap_ = sp_.unwrap_wrapper && schema_known_ && count_ == 0 && k == value_kind::undeclared &&
            (key_ == "arguments" || key_ == "input" || (sp_.unwrap_properties && key_ == "properties"));
    if (wrap_) k = value_kind::typed;
    loose_ok_ = k == value_kind::typed && !wrap_;  // typed by the schema, not by an attribute
    attr_typed_ = false;
    // a key the schema does not declare is read as without a schema (guess_values: GLM decodes
    // JSON-looking values, Qwen3-Coder keeps strings)
    if (k == value_kind::undeclared) k = value_kind::unknown;
    if (k == value_kind::unknown && !sp_.type_attr.empty()) {
      if (sc.type_value() == 0) k = value_kind::typed;
      else if (sc.type_value() == 1) k = value_kind::string;
      attr_typed_ = k == value_kind::typed;
    }
    kind_open_ = k == value_kind::unknown;  // a type tag may still decide (type_done)
    next_schema_string_ = k == value_kind::string;
    accept_ = vk_all;
    if (is_union_kind(k)) {
      next_mode_ = m_guess;
      accept_ = union_accepts(k);
    } else {
      next_mode_ = k == value_kind::typed                              ? m_typed
                   : k == value_kind::string                           ? m_string
                   : e.request.guess_json_values() || sp_.guess_values ? m_guess
                                                                       : m_string;
    }
    // a string or union value may be the word `null` (null_word): held while it may be
    next_null_word_ = sp_.null_word && (next_mode_ == m_string || next_mode_ == m_guess);
    if (next_null_word_ && next_mode_ == m_string) next_mode_ = m_guess, accept_ = 0;
    if (sp_.value_open.empty()) {
      open_value();
    } else {
      st_ = s_value_open;
      am_.clear();
    }
    return true;
  }

  /// The type tag's name, when the schema did not type the key (K2 Horizon's xml_typed, as vLLM's
  /// k2_horizon parser reads it): `string`, `str`, `text` and `any` keep the text as written, any
  /// other name reads it as JSON or a Python literal.
  void type_done(std::string_view t) {
    while (!t.empty() && is_json_ws(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    t = t.substr(0, t.find('['));
    while (!t.empty() && is_json_ws(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    if (!kind_open_ || t.empty()) return;
    const std::string base = ascii_lower(t);
    const bool text = base == "string" || base == "str" || base == "text" || base == "any";
    next_mode_ = text ? m_string : m_typed;
    attr_typed_ = !text;
    next_schema_string_ = text;
    accept_ = vk_all;
  }

  void open_value() {
    if (wrap_) {
      ++count_;  // the key is written at the value's end, unless the value is unwrapped
    } else {
      if (count_++) a() += ',';
      a() += '"';
      write_utf8(key_);
      a() += "\":";
    }
    mode_ = next_mode_;
    null_word_ = next_null_word_;
    if (mode_ == m_string) a() += '"';
    st_ = s_value;
    vph_ = vp_text;
    trim_ = (sp_.verbatim_strings && next_schema_string_) || (sp_.verbatim_text && mode_ == m_string) ? xml_trim::none
                                                                                                     : sp_.trim;
    lead_ = trim_ != xml_trim::none;
    nest_ = 0;
    lit_fn_ = lit_call_ = 0;
    line_start_ = false;
    wsh_.clear();
    mk_.clear();
    fol_.clear();
    value_.clear();
  }

  /// The open call ends. `by_fn_close`: its function closer was read (what may follow is the
  /// call closer, or another function in multi families); otherwise the caller decides.
  act end_function(const region_ctx& e, bool repaired, bool by_fn_close) {
    if (deep_) return fail_deep(e);
    a() += '}';
    flush(e);
    if (bad_utf8_ && !utf8_noted_) {
      utf8_noted_ = true;  // once per region, at its start: the same whatever the chunking
      e.text.diag(errc::invalid_utf8, e.place.region_abs(), "invalid UTF-8 in the arguments was written as U+FFFD",
                  severity::note);
    }
    e.calls.end_call(abs_ + 1, repaired_ || repaired);
    direct_ = nullptr;
    in_call_ = false;
    repaired_ = false;
    ++calls_;
    cut_from_ = abs_ + 1;  // a later call cut off starts after this one's closer
    am_.clear();
    ws_.clear();
    if (!by_fn_close) return a_done;
    if (sp_.call_close.empty() && !sp_.multi) return a_done;
    st_ = s_after_fn;
    return a_next;
  }

  /// Streams the arguments written since the last flush (before any event, so events keep
  /// the order of the text).
  void flush(const region_ctx& e) {
    if (direct_) {
      if (direct_->size() > mark_) {
        mark_ = direct_->size();
        e.calls.args_appended();
      }
      return;
    }
    if (args_.empty()) return;
    e.calls.call_args(args_);
    args_.clear();
  }

  /// A typed value nested deeper than options::max_depth fails the region (limit_depth), as a
  /// JSON body does: the limit holds in every format.
  act fail_deep(const region_ctx& e) {
    deep_ = false;
    return fail(e, errc::limit_depth, "a parameter value is nested deeper than max_depth");
  }

  act fail(const region_ctx& e, errc code, const char* msg) {
    flush(e);
    why_ = failure{code, msg, in_call_ || calls_ ? severity::error : severity::warning};
    return a_fail;
  }

  /// keep_calls_at_cut: the text ends inside a function after `calls_` complete ones, which
  /// stay; the cut one (announced or not) is dropped with an error.
  step drop_cut_call(const region_ctx& e) {
    flush(e);
    if (in_call_) {
      if (!e.calls.abandon_call()) return fail_end(e, errc::unterminated_call, "the text ends inside the call");
      in_call_ = false;
      direct_ = nullptr;
      args_.clear();
    }
    e.text.diag(errc::unterminated_call, abs_,
                "the output ended inside a call after " + std::to_string(calls_) +
                    " complete call(s): they are kept, the cut call is dropped (its text is content)",
                severity::error);
    // the cut call's text, from the end of the last complete call, goes back to the text
    // scanner (content, its markers dropped as anywhere else)
    if (raw_started_ && cut_from_ >= raw_abs_ && cut_from_ - raw_abs_ < raw_.size())
      return step::done_with(0, raw_.substr(cut_from_ - raw_abs_));
    return {step::done, 0};
  }

  step fail_end(const region_ctx& e, errc code, const char* msg) {
    flush(e);
    return step::failed(0, code, msg,
                        code == errc::unterminated_call || in_call_ || calls_ ? severity::error : severity::warning);
  }

  xml_spec sp_;
  failure why_;  // why byte() failed (fail())
  state st_ = s_prefix;
  vphase vph_ = vp_text;
  vmode mode_ = m_string, next_mode_ = m_string;
  bool deep_ = false;  // a typed value went past options::max_depth: the region fails
  bool special_opener_ = false;  // the region's opener is a special token (opened_by)
  bool json_done_ = false, wrap_ = false;  // json_args: read already; unwrap_wrapper: this value
  std::string pre_;   // name_after_prefix: the bare name
  std::size_t pre_abs_ = 0, json_sent_ = 0;
  bool in_call_ = false, repaired_ = false, lead_ = false, line_start_ = false, mk_ls_ = false, sep_seen_ = false;
  std::size_t calls_ = 0, count_ = 0, wsn_ = 0, mk_fix_ = 0, rq_pos_ = 0, abs_ = 0, fn_abs_ = 0;
  // keep_calls_at_cut (multi): the region's text from its first fed byte (raw_abs_), and where
  // the text after the last complete call starts (cut_from_, absolute)
  std::string raw_;
  std::size_t raw_abs_ = 0, cut_from_ = 0;
  bool raw_on_ = false, raw_started_ = false;
  std::string& a() noexcept { return skip_ ? skipped_ : direct_ ? *direct_ : args_; }

  std::string args_;   // arguments text not yet passed to call_args (flushed before any event)
  std::string* direct_ = nullptr;  // or the open call's buffer, written directly
  std::size_t mark_ = 0;           // its bytes already streamed
  xml_string_writer sw_;  // string values
  bool bad_utf8_ = false;  // a byte was written as U+FFFD (noted once, when the call ends)
  bool utf8_noted_ = false;
  std::string am_;     // a structural marker being matched
  std::string type_;   // a type tag's text (sp_.type_open), up to its closer
  bool kind_open_ = false;  // the key's kind is the schema's unknown: a type tag may decide
  bool skip_ = false;     // xml_repeat::first_wins: the value being read repeats a key; it goes to skipped_
  std::string skipped_;
  bool wrapped_ = false;  // the region opener was a wrapper (`<tool_call>`), not the function tag
  std::string ws_;     // whitespace after a function closer (given back if the region ends)
  std::string extra_;  // bytes given back with a done
  std::string key_;
  std::string wsh_;    // value whitespace that may be trailing markup
  std::string mk_;     // held markup inside a value, from its `<`
  std::string fol_;    // the tag after a closer inside a value
  std::string value_;  // a buffered (typed or guessed) value
  std::string rq_;     // held bytes that turned out to be text, read again before the input
  xml_name_scanner ns_, ks_, probe_;
  xml_trim trim_ = xml_trim::none;       // the open value's trim (verbatim_strings)
  bool next_schema_string_ = false;      // the schema types the next value as a string
  bool schema_known_ = false;            // the request's tools are known for the open call
  bool probe_closed_ = false;            // vp_probe: after the value's closer (else rule a)
  bool loose_ok_ = false;                // the schema types the value: loose_typed() may read it
  bool attr_typed_ = false;              // an attribute or type tag (not the schema) types it: a JSON string decodes
  bool next_null_word_ = false, null_word_ = false;  // the value may be the word `null` (xml_spec::null_word)
  std::uint8_t accept_ = vk_all;         // m_guess: the non-string kinds a value may decode to
  std::size_t nest_ = 0, lit_fn_ = 0, lit_call_ = 0;  // literal parameter / function / wrapper tags open in the value
  std::vector<std::string> given_;       // the open call's keys so far
  xml_value_decoder dec_;  // typed and guessed values
  json_lexer lx_;          // a JSON object for the parameters (json_args)
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#include "xml_body_states.hpp"  // the structure states (xml_call_body::byte)
#include "xml_body_values.hpp"  // the value phase (xml_call_body::value_byte, end_value, ...)

#endif  // TOOLCALL_DETAIL_XML_BODY_HPP
