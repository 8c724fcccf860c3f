// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_XML_BODY_HPP
#define TOOLCALL_DETAIL_XML_BODY_HPP

// The generic tagged key/value call body: one state machine, configured by
// the tag spellings of a family (xml_spec), reads Qwen3-Coder, Seed-OSS, MiniMax-M2, DeepSeek
// V3.2 DSML, Step-3 and GLM-4.5/4.6/4.7 calls. It is fed the bytes after the region opener
// (`<tool_call>`, `<minimax:tool_call>`, ...), opens a call when a function name is complete,
// streams the arguments as one compact JSON object, and returns done right after the call
// closer.
//
// Rules (they hold for every chunking of the input; nothing depends on where a chunk ends):
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
//   (c) when the family has no `fn_close` (GLM): at `call_close` followed by whitespace only up
//       to the end of the text.
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
// its `fn_close`, so a value holding a whole call (code that writes `<tool_call>`) stays whole.
//
// Typing. For each parameter the body asks e.param_kind(key) once, when the
// key is complete (`undeclared` is read as `unknown`). A union kind (a string branch and others:
// `anyOf [integer, string]`, `type: [T, "null"]`) is held while its first word may still be one
// of the other kinds and decoded when the whole text is (JSON or a Python literal; `null`/`None`
// in any case for null), else streamed as a string; a `typed` value `null`/`None` is null.
// `verbatim_strings`: a schema-string value keeps all its whitespace (GLM). `string`: a JSON string of the exact text, streamed as it is decided.
// `typed`: the text is buffered and, at the value's end, read as JSON or a Python literal by the
// lenient lexer (True/False/None, single quotes, trailing commas); the compact JSON is written,
// with an errc::normalized note when a repair was needed. A text that is neither stays a JSON
// string, with an errc::normalized warning (the value was not changed, but its type is not the
// schema's; the normalizer reports the schema mismatch itself). `unknown`: a string, streamed;
// with e.guess_json_values() a value that is entirely one JSON number, true, false, null, array
// or object is decoded (no diagnostic). In a family with a `type_attr` (DSML `string="..."`), an
// `unknown` kind follows the attribute: "false" means typed, "true" means string; a schema
// kind wins over the attribute.
//
// Calls. A function opens (begin_call) when its name is complete and valid; a GLM name, which
// stands alone on its line, opens only when `<arg_key>` or the call closer follows, so a word of
// prose after `<tool_call>` fails the region with a warning and no call event. After the function
// closer, at most 64 bytes of whitespace may precede `call_close` (or `fn_open`); anything else,
// or more whitespace, ends the region there (the call closer was eaten by a stop sequence) and
// goes back to the text scanner through `tail`.
//
// Limits: names and keys longer than 256 bytes fail the region; attribute text is bounded to
// 256 bytes; e.max_depth() bounds the lexer. The work is O(n): a run of plain value bytes is
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
#include "utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// How a function or parameter name is written after its opener.
enum class xml_name : std::uint8_t {
  to_gt,    ///< `<function=NAME>`: the name runs to `>`
  quoted,   ///< `<invoke name="NAME" attr="v">`: a quoted name (or a bare one), attributes, `>`
  to_tag,   ///< `<arg_key>NAME</arg_key>`: the name runs to `param_name_end` (parameters only)
  to_line,  ///< GLM: the name follows the opener and ends at a newline or at `<` (functions only)
};

/// Which whitespace around a value is markup.
enum class xml_trim : std::uint8_t {
  none,         ///< the value is the text as written
  one_newline,  ///< one leading and one trailing newline
  whitespace,   ///< all leading and trailing whitespace
};

/**
 * The tag spellings of one XML-like family. Plain data: the strings are not copied, so they
 * must outlive the body that uses them (string literals, or strings owned by the format).
 * Every tag the body looks for inside a value (`param_open`, `param_close`, `fn_close`,
 * `call_close`) starts with `<`; xml_spec_problem() checks the rules.
 */
struct xml_spec {
  std::string_view format;          ///< reported in call_begin
  std::string_view call_prefix;     ///< bytes right after the region opener (Step-3 `function<|tool_sep|>`, full-width bars)
  std::string_view fn_open;         ///< `<function=`, `<invoke name=`; empty: the name follows at once
  xml_name fn_name = xml_name::to_gt;
  std::string_view fn_close;        ///< `</function>`, `</invoke>`; empty: the call closer ends the call
  std::string_view param_open;      ///< `<parameter=`, `<parameter name=`, `<arg_key>`
  xml_name param_name = xml_name::to_gt;
  std::string_view param_name_end;  ///< `</arg_key>` (param_name == to_tag)
  std::string_view value_open;      ///< `<arg_value>`, after optional whitespace; may be empty
  std::string_view param_close;     ///< `</parameter>`, `</arg_value>`
  std::string_view call_close;      ///< `</tool_call>`; empty: the region ends after fn_close
  xml_trim trim = xml_trim::none;
  bool multi = false;               ///< several functions in one region
  std::string_view type_attr;       ///< DSML `string`: "true" string, "false" typed
  /// The type attribute holds a type name (Kimi-K3 `type="string"`): "string" keeps the text,
  /// any other name reads it as JSON (typed). Off: DSML's "true"/"false".
  bool type_attr_names = false;
  /// A tag that may stand once between the function name and its parameters (Hy3
  /// `<tool_sep>`); empty: none.
  std::string_view name_sep;
  /// What ends an opening tag whose name is `quoted` (after its attributes): `>` when empty;
  /// Kimi-K3's `<|sep|>`.
  std::string_view tag_end;
  /// The call opens at the first tag after the function name (a parameter or a closer), as a
  /// GLM name does: another family's body after a shared opener (`<function name="f">` then
  /// `<parameter=`) fails before any event, for the next claimant (MiniCPM).
  bool defer_open = false;
  /// Values the schema does not type are decoded when the whole text is one JSON value, as with
  /// options::xml_values_as_json (the vendor's parser json-decodes them: MiniCPM).
  bool guess_values = false;
  /// A value the schema types as a string keeps all its whitespace; `trim` applies to the other
  /// values (GLM: vLLM's glm4_moe parser keeps a string `<arg_value>` verbatim and strips the
  /// values it decodes).
  bool verbatim_strings = false;
  /// With the request's tools, a parameter tag inside a value ends it only when it names a
  /// declared parameter not given yet (vLLM's Qwen3-Coder parser); off: any name does (GLM,
  /// whose vendor parser pairs `<arg_key>`/`<arg_value>` without the schema).
  bool schema_tags = true;
  /// After `call_prefix`, a bare name may stand before `fn_open` (Step-3 written as DeepSeek
  /// writes it: `function<|tool_sep|>get_weather` then the invoke). The invoke's own name wins,
  /// as vLLM's step3 parser reads only the invoke; without an invoke (parameters or a closer
  /// follow at once) the bare name is the function's.
  bool name_after_prefix = false;
  /// A bare JSON object may stand for the parameters, right after the function's opening tag
  /// (SGLang's DeepSeek V3.2 reader: `<invoke name="f">{"city": "Paris"}</invoke>`).
  bool json_args = false;
  /// With the request's tools, a first parameter named `arguments` or `input` that the schema
  /// does not declare and whose value is an object of declared parameters is unwrapped: its
  /// members are the call's arguments (vLLM's DeepSeek V3.2/V4 DSML parser).
  bool unwrap_wrapper = false;
};

/// Null when `s` can drive xml_call_body, else what is wrong with it.
inline const char* xml_spec_problem(const xml_spec& s) noexcept {
  constexpr std::size_t max_tag = 64;
  const std::string_view tags[] = {s.call_prefix,    s.fn_open,    s.fn_close,    s.param_open, s.param_name_end,
                                   s.value_open,     s.param_close, s.call_close, s.name_sep,   s.tag_end};
  for (std::string_view t : tags)
    if (t.size() > max_tag) return "a tag is longer than 64 bytes";
  if (s.param_open.empty() || s.param_close.empty()) return "param_open and param_close are required";
  if (s.param_open[0] != '<' || s.param_close[0] != '<') return "param_open and param_close must start with '<'";
  if (!s.fn_close.empty() && s.fn_close[0] != '<') return "fn_close must start with '<'";
  if (!s.call_close.empty() && s.call_close[0] != '<') return "call_close must start with '<'";
  if (s.fn_close.empty() && s.call_close.empty()) return "fn_close or call_close is required";
  if (s.fn_open.empty() && s.fn_name != xml_name::to_line) return "fn_name is to_line when fn_open is empty";
  if (!s.name_sep.empty() && s.name_sep[0] != '<') return "name_sep must start with '<'";
  if (s.fn_name == xml_name::to_tag) return "fn_name cannot be to_tag";
  if (s.param_name == xml_name::to_line) return "param_name cannot be to_line";
  if ((s.param_name == xml_name::to_tag) != !s.param_name_end.empty())
    return "param_name_end is given exactly when param_name is to_tag";
  if (s.multi && s.fn_open.empty()) return "multi needs fn_open";
  if (s.format.empty()) return "format is required";
  return nullptr;
}

/// Reads one name in one of the xml_name syntaxes, byte by byte (any chunking).
class xml_name_scanner {
 public:
  enum result : std::uint8_t {
    more,        ///< keep feeding
    done,        ///< the name is complete; the byte was its end
    done_again,  ///< the name is complete; the byte was not used (to_line: a `<`)
    bad,         ///< not a name in this syntax
  };
  static constexpr std::size_t max_name = 256;
  static constexpr std::size_t max_attrs = 256;

  void reset(xml_name syntax, std::string_view end_tag, std::string_view type_attr, std::string_view tag_end = {},
             bool type_names = false) {
    syn_ = syntax;
    end_tag_ = end_tag;
    type_attr_ = type_attr;
    tag_end_ = tag_end.empty() || tag_end == ">" ? std::string_view{} : tag_end;
    type_names_ = type_names;
    ph_ = p_lead;
    raw_.clear();
    attrs_.clear();
    type_value_ = -1;
    spaced_ = false;
  }
  /// to_line: spaces or tabs stood around the name (`<tool_call> and </tool_call>` in prose).
  bool spaced() const noexcept { return spaced_; }

  /// The name, surrounding whitespace (and a self-closing `/`) removed.
  std::string_view name() const noexcept {
    std::string_view n = raw_;
    while (!n.empty() && is_json_ws(static_cast<unsigned char>(n.front()))) n.remove_prefix(1);
    n = rtrim_ws(n);
    if (syn_ == xml_name::to_gt && !n.empty() && n.back() == '/') {
      n.remove_suffix(1);
      n = rtrim_ws(n);
    }
    return n;
  }
  /// `<function=NAME/>`: the tag closed itself.
  bool self_closed() const noexcept {
    std::string_view n = raw_;
    n = rtrim_ws(n);
    return syn_ == xml_name::to_gt && !n.empty() && n.back() == '/';
  }
  /// The type attribute's verdict: 1 "true", 0 "false", -1 absent or other.
  int type_value() const noexcept { return type_value_; }

  result push(unsigned char c) {
    switch (syn_) {
      case xml_name::to_gt:
        if (c == '>') return finish_name();
        if (c == '<') return bad;
        if (is_json_ws(c)) return name().empty() ? more : keep(c);  // `<function=\nNAME\n>`: trimmed
        return keep(c);
      case xml_name::quoted: return push_quoted(c);
      case xml_name::to_tag:
        if (ph_ == p_end) {
          tag_ += static_cast<char>(c);
          const pm m = prefix_match(tag_, end_tag_);
          if (m == pm::full) return finish_name();
          return m == pm::partial ? more : bad;
        }
        if (c == '<') {
          ph_ = p_end;
          tag_.assign(1, '<');
          if (end_tag_.size() == 1) return finish_name();
          return end_tag_[0] == '<' ? more : bad;
        }
        return keep(c);
      case xml_name::to_line: return push_line(c);
    }
    return bad;
  }

 private:
  enum phase : std::uint8_t { p_lead, p_name, p_quoted, p_attrs, p_space, p_end };

  result keep(unsigned char c) {
    if (raw_.size() >= max_name) return bad;
    raw_ += static_cast<char>(c);
    return more;
  }
  result finish_name() { return name().empty() ? bad : done; }

  /// quoted syntax whose tag ends with a multi-byte tag_end (`<|sep|>`): the name, then
  /// attributes up to tag_end
  result push_quoted_end(unsigned char c) {
    switch (ph_) {
      case p_lead:
        if (c == ' ' || c == '\t') return more;
        if (c == '"' || c == '\'') {
          quote_ = static_cast<char>(c);
          ph_ = p_quoted;
          return more;
        }
        if (c == '<' || c == '\n' || c == '>') return bad;
        ph_ = p_name;
        return keep(c);
      case p_name:
        if (is_json_ws(c) || c == static_cast<unsigned char>(tag_end_[0])) {
          ph_ = p_attrs;
          return attr_byte(c);
        }
        if (c == '<' || c == '>') return bad;
        return keep(c);
      case p_quoted:
        if (c == static_cast<unsigned char>(quote_)) {
          ph_ = p_attrs;
          return more;
        }
        if (c == '\n') return bad;
        return keep(c);
      case p_attrs: return attr_byte(c);
      default: return bad;
    }
  }
  result attr_byte(unsigned char c) {
    if (attrs_.size() >= max_attrs) return bad;
    attrs_ += static_cast<char>(c);
    if (attrs_.size() >= tag_end_.size() &&
        std::string_view(attrs_).substr(attrs_.size() - tag_end_.size()) == tag_end_) {
      attrs_.resize(attrs_.size() - tag_end_.size());
      read_attrs();
      return finish_name();
    }
    return more;
  }

  result push_quoted(unsigned char c) {
    if (!tag_end_.empty()) return push_quoted_end(c);
    switch (ph_) {
      case p_lead:
        if (is_json_ws(c)) return more;
        if (c == '"' || c == '\'') {
          quote_ = static_cast<char>(c);
          ph_ = p_quoted;
          return more;
        }
        if (c == '>' || c == '<' || c == '\n') return bad;
        ph_ = p_name;  // a bare name: `name=x>`
        return keep(c);
      case p_name:
        if (c == '>') return finish_name();
        if (c == '<' || c == '\n') return bad;
        if (is_json_ws(c)) {
          ph_ = p_attrs;
          return more;
        }
        return keep(c);
      case p_quoted:
        if (c == static_cast<unsigned char>(quote_)) {
          ph_ = p_attrs;
          return more;
        }
        if (c == '<') return bad;
        if (is_json_ws(c) && name().empty()) return more;  // `name="\nNAME"`: trimmed
        return keep(c);
      case p_attrs:
        if (c == '>') {
          read_attrs();
          return finish_name();
        }
        if (c == '<' || attrs_.size() >= max_attrs) return bad;
        attrs_ += static_cast<char>(c);
        return more;
      default: return bad;
    }
  }

  static bool line_name_byte(unsigned char c) noexcept {
    // what valid_call_name rejects fails at once (a `{` after GLM's `<tool_call>` is Hermes)
    if (c < 0x20 || c == 0x7F) return false;
    switch (c) {
      case '"': case '\'': case '>': case '{': case '}': case '(': case ')': case '[': case ']':
      case ',': case '\\': return false;
      default: return true;
    }
  }

  result push_line(unsigned char c) {
    switch (ph_) {
      case p_lead:
        if (is_json_ws(c)) {
          spaced_ |= c == ' ' || c == '\t';
          return more;
        }
        ph_ = p_name;
        if (c == '<') return bad;
        return line_name_byte(c) ? keep(c) : bad;
      case p_name:
        if (c == '\n') return finish_name();
        if (c == '<') return name().empty() ? bad : done_again;
        if (is_json_ws(c)) {
          spaced_ |= c == ' ' || c == '\t';
          ph_ = p_space;
          return more;
        }
        return line_name_byte(c) ? keep(c) : bad;
      case p_space:
        if (c == '\n') return finish_name();
        if (c == '<') return done_again;
        spaced_ |= c == ' ' || c == '\t';
        return is_json_ws(c) ? more : bad;
      default: return bad;
    }
  }

  // `string="true" other='x' flag`: only type_attr matters; anything else is ignored.
  void read_attrs() {
    if (type_attr_.empty()) return;
    std::string_view a = attrs_;
    std::size_t k = 0;
    const std::size_t n = a.size();
    auto skip_ws = [&] {
      while (k < n && (is_json_ws(static_cast<unsigned char>(a[k])) || a[k] == '/')) ++k;
    };
    while (k < n) {
      skip_ws();
      const std::size_t s = k;
      while (k < n && a[k] != '=' && !is_json_ws(static_cast<unsigned char>(a[k]))) ++k;
      const std::string_view key = a.substr(s, k - s);
      skip_ws();
      if (k >= n || a[k] != '=') continue;
      ++k;
      skip_ws();
      std::string_view val;
      if (k < n && (a[k] == '"' || a[k] == '\'')) {
        const char q = a[k++];
        const std::size_t vs = k;
        while (k < n && a[k] != q) ++k;
        val = a.substr(vs, k - vs);
        if (k < n) ++k;
      } else {
        const std::size_t vs = k;
        while (k < n && !is_json_ws(static_cast<unsigned char>(a[k]))) ++k;
        val = a.substr(vs, k - vs);
      }
      if (key != type_attr_) continue;
      if (type_names_) type_value_ = val == "string" || val == "str" ? 1 : val.empty() ? -1 : 0;
      else type_value_ = val == "true" ? 1 : val == "false" ? 0 : -1;
    }
  }

  xml_name syn_ = xml_name::to_gt;
  std::string_view end_tag_, type_attr_, tag_end_;
  bool type_names_ = false;
  phase ph_ = p_lead;
  char quote_ = '"';
  std::string raw_, attrs_, tag_;
  int type_value_ = -1;
  bool spaced_ = false;
};

/**
 * The generic XML-parameter call body (see the rules at the top of this file). Usage, by a
 * handler whose trigger is the region opener:
 *
 *     body.begin(e, spec);            // spec outlives the region
 *     step s = body.feed(e, bytes);   // any chunking; done/fail end the region
 *     step f = body.finish(e);        // at the end of the text
 *     // on done, body.tail holds bytes read past the region's end, for the text scanner
 *
 * `fn_open_consumed`: the caller's trigger was the function opener itself (Qwen3-Coder's bare
 * `<function=NAME>`): the body starts at the function name.
 */
class xml_call_body {
 public:
  void begin(engine_services& e, const xml_spec& spec, bool fn_open_consumed = false) {
    (void)e;
    sp_ = spec;
    tail.clear();
    args_.clear();
    direct_ = nullptr;
    mark_ = 0;
    am_.clear();
    ws_.clear();
    extra_.clear();
    rq_.clear();
    rq_pos_ = 0;
    calls_ = 0;
    in_call_ = false;
    repaired_ = false;
    deep_ = false;
    json_done_ = false;
    wrap_ = false;
    pre_.clear();
    u8_.clear();
    bad_utf8_ = false;
    utf8_noted_ = false;
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

  step feed(engine_services& e, std::string_view in) {
    const std::size_t n = in.size();
    std::size_t i = 0;
    for (;;) {
      if ((direct_ ? direct_->size() - mark_ : args_.size()) >= flush_at) flush(e);  // a long chunk streams in pieces of bounded size
      unsigned char c;
      bool from_rq;
      if (rq_pos_ < rq_.size()) {
        c = static_cast<unsigned char>(rq_[rq_pos_++]);
        from_rq = true;
        abs_ = e.chunk_abs() + i;
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
          std::size_t j = i;
          for (;;) {
            while (j < n && in[j] != '<' && in[j] != '\n') ++j;
            if (j + 1 < n && in[j] == '\n' && in[j + 1] != '<') {
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
        abs_ = e.chunk_abs() + i;
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
        return {step::fail, i};
      }
      tail = std::move(extra_);
      extra_.clear();
      if (rq_pos_ < rq_.size()) tail.append(rq_, rq_pos_, std::string::npos);
      rq_.clear();
      rq_pos_ = 0;
      return {step::done, i};
    }
    flush(e);
    return {step::more, n};
  }

  step finish(engine_services& e) {
    abs_ = e.chunk_abs();
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
      case s_json: return fail_end(e, errc::unterminated_call, "the text ends inside the parameters");
      case s_pre_name:
      case s_pre_after: return fail_end(e, errc::unterminated_call, "the text ends after the function name");
      case s_value: return finish_value(e);
      case s_after_fn:
        if (sp_.multi && am_.size() > 1 && prefix_match(am_, sp_.fn_open) == pm::partial &&
            prefix_match(am_, sp_.call_close) != pm::partial)
          return fail_end(e, errc::unterminated_call, "the text ends inside a function tag");
        tail = ws_ + am_;
        flush(e);
        return {step::done, 0};
    }
    return fail_end(e, errc::unterminated_call, "the text ends inside the call");
  }

  std::string tail;

 private:
  enum state : std::uint8_t {
    s_prefix, s_fn_open, s_fn_name, s_between, s_key, s_value_open, s_value, s_after_fn, s_pre_name, s_pre_after, s_json
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

  act byte(engine_services& e, unsigned char c) {
    switch (st_) {
      case s_prefix: {
        if (am_.empty() && is_json_ws(c)) return a_next;
        const int r = match4(am_, c, sp_.call_prefix, {}, {}, {});
        if (r == -2) return fail(e, errc::invalid_call, "the opener is not followed by a call");
        if (r == 0) {
          am_.clear();
          if (sp_.fn_open.empty()) start_fn_name(abs_ + 1);
          else st_ = s_fn_open;
        }
        return a_next;
      }
      case s_fn_open: {
        if (am_.empty() && is_json_ws(c)) return a_next;
        if (am_.empty() && sp_.name_after_prefix && pre_.empty() && is_name_byte(c) && !(c >= '0' && c <= '9') &&
            c != '-' && c != '.') {
          pre_abs_ = abs_;
          st_ = s_pre_name;
          return a_again;
        }
        const int r = match4(am_, c, sp_.fn_open, {}, {}, {});
        if (r == -2) return fail(e, errc::invalid_call, "expected a function tag");
        if (r == 0) start_fn_name(abs_ + 1 - am_.size());
        return a_next;
      }
      case s_pre_name: {
        if (is_name_byte(c)) {
          if (pre_.size() >= xml_name_scanner::max_name) return fail(e, errc::invalid_call, "bad function name");
          pre_ += static_cast<char>(c);
          return a_next;
        }
        if (!valid_call_name(pre_)) return fail(e, errc::invalid_call, "bad function name");
        st_ = s_pre_after;
        am_.clear();
        return a_again;
      }
      case s_pre_after: {
        // the invoke (its name wins), or the parameters of the bare name's call, or its closer
        if (am_.empty() && is_json_ws(c)) return a_next;
        const int r = match4(am_, c, sp_.fn_open, sp_.param_open, sp_.fn_close, sp_.call_close);
        if (r == -2) return fail(e, errc::invalid_call, "expected a function tag after the name");
        if (r == 0) {
          pre_.clear();
          start_fn_name(abs_ + 1 - am_.size());
          return a_next;
        }
        if (r < 0) return a_next;
        fn_abs_ = pre_abs_;
        open_call(e);
        if (r == 1) {
          start_key();
          return a_next;
        }
        if (r == 2) return end_function(e, false, true);
        return end_function(e, !sp_.fn_close.empty(), false);
      }
      case s_json: {
        const lex_step ls = lx_.feed(std::string_view(reinterpret_cast<const char*>(&c), 1));
        if (ls.st == lex_step::fail)
          return fail(e, lx_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_arguments,
                      *lx_.error_message() ? lx_.error_message() : "invalid JSON arguments");
        if (ls.st == lex_step::more) {
          json_out(false);
          return a_next;
        }
        json_out(true);
        if (lx_.repaired()) repaired_ = true;
        st_ = s_between;
        am_.clear();
        return a_next;
      }
      case s_fn_name: {
        const xml_name_scanner::result r = ns_.push(c);
        if (r == xml_name_scanner::more) return a_next;
        if (r == xml_name_scanner::bad || !valid_call_name(ns_.name()))
          return fail(e, errc::invalid_call, "bad function name");
        if (ns_.self_closed()) {  // `<function=get_time/>`: a call with no arguments
          open_call(e);
          am_.clear();
          return end_function(e, false, true);
        }
        // a name on its own line (GLM) may be a word of prose: the call opens when a tag follows
        if (sp_.fn_name != xml_name::to_line && !sp_.defer_open) open_call(e);
        st_ = s_between;
        am_.clear();
        return r == xml_name_scanner::done_again ? a_again : a_next;
      }
      case s_between: {
        if (am_.empty() && is_json_ws(c)) return a_next;
        if (am_.empty() && c == '{' && sp_.json_args && in_call_ && count_ == 0 && !json_done_) {
          lx_.reset(nullptr, e.max_depth());
          json_sent_ = 1;  // the call's `{` is written already
          json_done_ = true;
          st_ = s_json;
          return a_again;
        }
        const int r = match4(am_, c, sp_.param_open, sp_.fn_close, sp_.call_close,
                             !sep_seen_ && (!in_call_ || count_ == 0) ? sp_.name_sep : std::string_view{});
        if (r == -2) return fail(e, errc::invalid_call, "expected a parameter or the end of the call");
        if (r >= 1 && r <= 2 && !in_call_ && !sep_seen_ && sp_.fn_name == xml_name::to_line &&
            (ns_.spaced() || !e.tool_declared(ns_.name()))) {
          // a call with no arguments needs a name written as the template writes it, with no
          // spaces around it, and a declared one when the request's tools are known:
          // `wrap each call in <tool_call> and </tool_call>` is prose
          flush(e);
          e.set_failure(errc::ok, abs_, "", severity::note);
          return a_fail;
        }
        if (r >= 0 && !in_call_) open_call(e);
        if (r == 3) {  // the separator after the name (Hy3 `<tool_sep>`)
          sep_seen_ = true;
          am_.clear();
          return a_next;
        }
        if (r == 0) start_key();
        else if (r == 1) return end_function(e, false, true);
        else if (r == 2) return end_function(e, !sp_.fn_close.empty(), false);
        return a_next;
      }
      case s_key: {
        const xml_name_scanner::result r = ks_.push(c);
        if (r == xml_name_scanner::more) return a_next;
        if (r != xml_name_scanner::done) return fail(e, errc::invalid_call, "bad parameter name");
        key_done(e, ks_);
        return a_next;
      }
      case s_value_open: {
        if (am_.empty() && is_json_ws(c)) return a_next;
        const int r = match4(am_, c, sp_.value_open, {}, {}, {});
        if (r == -2) return fail(e, errc::invalid_call, "expected the value tag after the parameter name");
        if (r == 0) open_value();
        return a_next;
      }
      case s_value: return value_byte(e, c);
      case s_after_fn: {
        if (am_.empty() && is_json_ws(c)) {
          ws_ += static_cast<char>(c);
          if (ws_.size() <= max_ws) return a_next;
          extra_ = ws_;  // no unbounded hold: the region ends before this whitespace
          ws_.clear();
          return a_done;
        }
        const int r = match4(am_, c, sp_.call_close, sp_.multi ? sp_.fn_open : std::string_view{}, {}, {});
        if (r == 0) return a_done;
        if (r == 1) {
          start_fn_name(abs_ + 1 - am_.size());
          return a_next;
        }
        if (r == -1) return a_next;
        // the call closer is missing (a stop sequence ate it): the region ends here
        extra_ = ws_ + am_;
        return a_done_here;
      }
    }
    return fail(e, errc::invalid_call, "internal state");
  }

  // ---- values --------------------------------------------------------------------------------

  act value_byte(engine_services& e, unsigned char c) {
    switch (vph_) {
      case vp_text:
        if (lead_) {
          if (trim_ == xml_trim::whitespace && is_json_ws(c)) {
            line_start_ = c == '\n';
            return a_next;
          }
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
          if (trim_ != xml_trim::whitespace && !wsh_.empty()) {
            text(wsh_);
            wsh_.clear();
          }
          wsh_ += '\n';
          line_start_ = true;
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
        const std::string_view m[5] = {sp_.param_close, sp_.fn_close,
                                       sp_.fn_close.empty() ? sp_.call_close : std::string_view{},
                                       mk_ls_ ? sp_.param_open : std::string_view{}, sp_.fn_open};
        bool partial = false;
        for (int k = 0; k < 5; ++k) {
          if (m[k].empty()) continue;
          const pm r = prefix_match(mk_, m[k]);
          if (r == pm::full) {
            // tags of a call written inside the value (code that holds a call) pair up and stay
            // text: a function opener, a parameter opener the schema rejected (nest_), and
            // their closers
            if (k == 4) {
              ++lit_fn_;
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
            if (k == 2) return end_function(e, !sp_.fn_close.empty(), false);
            end_function(e, true, false);
            start_fn_name(abs_ + 1 - fol_.size());
            return a_next;
          }
          if (r == pm::partial) partial = true;
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
      case vp_call_ws:
        mk_ += static_cast<char>(c);
        if (is_json_ws(c) && ++wsn_ <= max_ws) return a_next;
        return mismatch();
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
          // text too (not as a line-start opener: it pairs with nothing)
          const std::size_t lt = mk_fix_ + wsn_;
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
          key_done(e, probe_);
          return a_next;
        }
        // rule (a): the value's closer is missing; a new parameter starts
        end_value(e, true);
        repaired_ = true;
        key_done(e, probe_);
        return a_next;
      }
    }
    return a_next;
  }

  /// A plain run (no `<`, no newline) of value text.
  void take_run(std::string_view run) {
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

  /// The held markup is value text after all: its `<` is text, the rest is read again.
  act mismatch() {
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

  void text(std::string_view s) {
    if (s.empty()) return;
    if (mode_ == m_guess) {
      const unsigned char c = static_cast<unsigned char>(s[0]);
      const bool maybe_json = ((accept_ & vk_number) && ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.')) ||
                              ((accept_ & vk_boolean) && (c == 't' || c == 'f' || c == 'T' || c == 'F')) ||
                              ((accept_ & vk_null) && (c == 'n' || c == 'N')) ||
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
    if (mode_ == m_string) string_text(s);
    else value_ += s;
  }

  /// The held text of a value, outer whitespace removed.
  std::string_view held_word() const noexcept {
    std::string_view v = value_;
    while (!v.empty() && is_json_ws(static_cast<unsigned char>(v.front()))) v.remove_prefix(1);
    v = rtrim_ws(v);
    return v;
  }
  /// `null` or `None`, in any case (the vendors' parsers compare value.lower()).
  bool held_null() const noexcept {
    const std::string_view v = held_word();
    if (v.size() != 4) return false;
    char l[4];
    for (int i = 0; i < 4; ++i) l[i] = static_cast<char>(v[static_cast<std::size_t>(i)] | 0x20);
    const std::string_view w(l, 4);
    return w == "null" || w == "none";
  }
  /// Does the JSON the lexer wrote have a kind the value accepts?
  bool accepted(std::string_view json) const noexcept {
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

  /// String value text, written as it comes in whole UTF-8 sequences (an incomplete one at the
  /// end waits in u8_ for the next bytes); bytes that are not UTF-8 become U+FFFD, as in JSON
  /// arguments, with one note per region.
  void string_text(std::string_view s) {
    std::string joined;
    if (!u8_.empty()) {
      joined.swap(u8_);
      joined.append(s.data(), s.size());
      s = joined;
    }
    const std::size_t cut = utf8_complete_prefix(s);
    if (cut < s.size()) u8_.assign(s.data() + cut, s.size() - cut);
    write_utf8(s.substr(0, cut));
  }
  void write_utf8(std::string_view s) {
    const bool valid = utf8_valid(s);
    if (valid) json_escape_append(a(), s);
    else utf8_append_replacing(a(), s, json_escape_append);
    if (!valid) bad_utf8_ = true;
  }

  /// The value ends. `line_break`: at a rule (a) opener, whose newline is markup; otherwise at
  /// a closer, where the trim rule decides about the held whitespace.
  void end_value(engine_services& e, bool line_break) {
    if (!line_break && trim_ == xml_trim::none) text(wsh_);
    wsh_.clear();
    mk_.clear();
    fol_.clear();
    vph_ = vp_text;
    switch (mode_) {
      case m_string:
        if (!u8_.empty()) {  // a sequence cut off by the closer
          write_utf8(u8_);
          u8_.clear();
        }
        a() += '"';
        break;
      case m_guess: a() += "\"\""; break;
      case m_guess_buf: {
        if ((accept_ & vk_null) && held_null()) {
          a() += "null";
          break;
        }
        // JSON, or a Python literal (the vendors' parsers try json.loads then ast.literal_eval)
        const char* why = lex_all(e);
        if (why && lx_.error_code() == errc::limit_depth) deep_ = true;
        if (!why && accepted(lx_.out())) {
          a() += lx_.out();
          if (lx_.replaced_utf8()) bad_utf8_ = true;
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
        const char* why = lex_all(e);
        if (why && lx_.error_code() == errc::limit_depth) deep_ = true;
        // a quoted string never fits a non-string type: the text is kept as written
        if (!why && !lx_.out().empty() && lx_.out()[0] == '"') why = "a quoted string";
        if (!why) {
          a() += lx_.out();
          if (lx_.replaced_utf8()) bad_utf8_ = true;
          if (lx_.repaired()) note(e, "read as a Python literal or repaired JSON", severity::note);
          break;
        }
        quote_value();
        if (!deep_)
          note(e, std::string("is not JSON or a Python literal (") + why + "); kept as a string", severity::warning);
        break;
      }
    }
    value_.clear();
  }

  /// unwrap_wrapper: writes the members of the value (an object whose keys the schema declares)
  /// as the call's own arguments. False when it is not such an object.
  bool unwrap(engine_services& e) {
    if (lex_all(e)) {
      if (lx_.error_code() == errc::limit_depth) deep_ = true;
      return false;
    }
    const std::string& o = lx_.out();
    if (o.size() < 2 || o[0] != '{') return false;
    // the top-level keys of the compact object
    std::size_t depth = 0;
    bool in_str = false, esc = false, want_key = true;
    std::size_t ks = 0;
    for (std::size_t i = 0; i < o.size(); ++i) {
      const char ch = o[i];
      if (in_str) {
        if (esc) esc = false;
        else if (ch == '\\') esc = true;
        else if (ch == '"') {
          in_str = false;
          if (depth == 1 && want_key) {
            if (e.param_kind(std::string_view(o).substr(ks, i - ks)) == value_kind::undeclared) return false;
            want_key = false;
          }
        }
        continue;
      }
      if (ch == '"') {
        in_str = true;
        ks = i + 1;
      } else if (ch == '{' || ch == '[') {
        ++depth;
      } else if (ch == '}' || ch == ']') {
        --depth;
      } else if (ch == ',' && depth == 1) {
        want_key = true;
      }
    }
    if (o.size() > 2) a().append(o, 1, o.size() - 2);
    else count_ = 0;
    note(e, "held the call's arguments: unwrapped", severity::note);
    return true;
  }

  /// Reads the buffered value as one JSON value or Python literal (lx_.out() holds it).
  /// Returns null on success, else why not.
  const char* lex_all(engine_services& e) {
    std::string_view v = value_;
    if (v.find_first_not_of(" \t\r\n") == std::string_view::npos) return "empty value";
    lx_.reset(nullptr, e.max_depth());
    e.examined(v.size());
    lex_step s = lx_.feed(v);
    std::size_t used = s.consumed;
    if (s.st == lex_step::more) {
      s = lx_.finish();
      used = v.size();
    }
    if (s.st != lex_step::done) return *lx_.error_message() ? lx_.error_message() : "invalid value";
    for (char ch : v.substr(used))
      if (!is_json_ws(static_cast<unsigned char>(ch))) return "text after the value";
    return nullptr;
  }

  void quote_value() {
    a() += '"';
    write_utf8(value_);
    a() += '"';
  }

  void note(engine_services& e, const std::string& what, severity level) {
    flush(e);
    std::string m = "parameter \"";
    m += key_;
    m += "\" ";
    m += what;
    e.diag(errc::normalized, abs_, std::move(m), level);
  }

  step finish_value(engine_services& e) {
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
        tail = std::move(rest);
        return {step::done, 0};
      }
    }
    return fail_end(e, errc::unterminated_call, "the text ends inside a parameter value");
  }

  // ---- structure -----------------------------------------------------------------------------

  void open_call(engine_services& e) {
    flush(e);
    e.begin_call(pre_.empty() ? ns_.name() : std::string_view(pre_), "", sp_.format, fn_abs_);
    pre_.clear();
    json_done_ = false;
    // the arguments are written once, into the call's buffer, when no normalizer filters them
    direct_ = e.args_buffer(true);
    mark_ = direct_ ? direct_->size() : 0;
    in_call_ = true;
    repaired_ = false;
    count_ = 0;
    given_.clear();
    // the request's tools are known for this call when a key no schema declares is undeclared
    schema_known_ = e.param_kind(std::string_view("\x01", 1)) == value_kind::undeclared;
    a() += '{';
  }

  /// Does `<parameter=NAME>` after a value start the next parameter? Without the request's
  /// tools any name does; with them only a declared parameter not given yet (vLLM's Qwen3-Coder
  /// parser checks the declared names too): other tags are text of the value.
  bool structural(engine_services& e, std::string_view name) const {
    if (!schema_known_ || !sp_.schema_tags) return true;
    for (const auto& g : given_)
      if (g == name) return false;
    return e.param_kind(name) != value_kind::undeclared;
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

  void key_done(engine_services& e, const xml_name_scanner& sc) {
    key_.assign(sc.name().data(), sc.name().size());
    given_.push_back(key_);
    value_kind k = e.param_kind(key_);
    wrap_ = sp_.unwrap_wrapper && schema_known_ && count_ == 0 && k == value_kind::undeclared &&
            (key_ == "arguments" || key_ == "input");
    if (wrap_) k = value_kind::typed;
    // a key the schema does not declare is read as without a schema (guess_values: GLM decodes
    // JSON-looking values, Qwen3-Coder keeps strings)
    if (k == value_kind::undeclared) k = value_kind::unknown;
    if (k == value_kind::unknown && !sp_.type_attr.empty()) {
      if (sc.type_value() == 0) k = value_kind::typed;
      else if (sc.type_value() == 1) k = value_kind::string;
    }
    next_schema_string_ = k == value_kind::string;
    accept_ = vk_all;
    if (is_union_kind(k)) {
      next_mode_ = m_guess;
      accept_ = union_accepts(k);
    } else {
      next_mode_ = k == value_kind::typed    ? m_typed
                   : k == value_kind::string ? m_string
                   : e.guess_json_values() || sp_.guess_values ? m_guess
                                                               : m_string;
    }
    if (sp_.value_open.empty()) {
      open_value();
    } else {
      st_ = s_value_open;
      am_.clear();
    }
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
    if (mode_ == m_string) a() += '"';
    st_ = s_value;
    vph_ = vp_text;
    trim_ = sp_.verbatim_strings && next_schema_string_ ? xml_trim::none : sp_.trim;
    lead_ = trim_ != xml_trim::none;
    nest_ = 0;
    lit_fn_ = 0;
    line_start_ = false;
    wsh_.clear();
    mk_.clear();
    fol_.clear();
    value_.clear();
  }

  /// The open call ends. `by_fn_close`: its function closer was read (what may follow is the
  /// call closer, or another function in multi families); otherwise the caller decides.
  act end_function(engine_services& e, bool repaired, bool by_fn_close) {
    if (deep_) return fail_deep(e);
    a() += '}';
    flush(e);
    if (bad_utf8_ && !utf8_noted_) {
      utf8_noted_ = true;  // once per region, at its start: the same whatever the chunking
      e.diag(errc::invalid_utf8, e.region_abs(), "invalid UTF-8 in the arguments was written as U+FFFD",
             severity::note);
    }
    e.end_call(abs_ + 1, repaired_ || repaired);
    direct_ = nullptr;
    in_call_ = false;
    repaired_ = false;
    ++calls_;
    am_.clear();
    ws_.clear();
    if (!by_fn_close) return a_done;
    if (sp_.call_close.empty() && !sp_.multi) return a_done;
    st_ = s_after_fn;
    return a_next;
  }

  /// Streams the arguments written since the last flush (before any event, so events keep
  /// the order of the text).
  void flush(engine_services& e) {
    if (direct_) {
      if (direct_->size() > mark_) {
        mark_ = direct_->size();
        e.args_appended();
      }
      return;
    }
    if (args_.empty()) return;
    e.call_args(args_);
    args_.clear();
  }

  /// A typed value nested deeper than options::max_depth fails the region (limit_depth), as a
  /// JSON body does: the limit holds in every format.
  act fail_deep(engine_services& e) {
    deep_ = false;
    return fail(e, errc::limit_depth, "a parameter value is nested deeper than max_depth");
  }

  act fail(engine_services& e, errc code, const char* msg) {
    flush(e);
    e.set_failure(code, abs_, msg, in_call_ || calls_ ? severity::error : severity::warning);
    return a_fail;
  }

  step fail_end(engine_services& e, errc code, const char* msg) {
    flush(e);
    e.set_failure(code, abs_, msg,
                  code == errc::unterminated_call || in_call_ || calls_ ? severity::error : severity::warning);
    return {step::fail, 0};
  }

  xml_spec sp_;
  state st_ = s_prefix;
  vphase vph_ = vp_text;
  vmode mode_ = m_string, next_mode_ = m_string;
  bool deep_ = false;  // a typed value went past options::max_depth: the region fails
  bool json_done_ = false, wrap_ = false;  // json_args: read already; unwrap_wrapper: this value
  std::string pre_;   // name_after_prefix: the bare name
  std::size_t pre_abs_ = 0, json_sent_ = 0;
  bool in_call_ = false, repaired_ = false, lead_ = false, line_start_ = false, mk_ls_ = false, sep_seen_ = false;
  std::size_t calls_ = 0, count_ = 0, wsn_ = 0, mk_fix_ = 0, rq_pos_ = 0, abs_ = 0, fn_abs_ = 0;
  std::string& a() noexcept { return direct_ ? *direct_ : args_; }

  std::string args_;   // arguments text not yet passed to call_args (flushed before any event)
  std::string* direct_ = nullptr;  // or the open call's buffer, written directly
  std::size_t mark_ = 0;           // its bytes already streamed
  std::string u8_;     // the start of a UTF-8 sequence whose next bytes have not come yet
  bool bad_utf8_ = false;  // a byte was written as U+FFFD (noted once, when the call ends)
  bool utf8_noted_ = false;
  std::string am_;     // a structural marker being matched
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
  std::uint8_t accept_ = vk_all;         // m_guess: the non-string kinds a value may decode to
  std::size_t nest_ = 0, lit_fn_ = 0;    // literal parameter / function tags open in the value
  std::vector<std::string> given_;       // the open call's keys so far
  json_validator val_;
  json_lexer lx_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_XML_BODY_HPP
