// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_XML_LEX_HPP
#define TOOLCALL_DETAIL_XML_LEX_HPP

// The spellings of an XML-like family as data (xml_spec, checked by xml_spec_problem) and the
// name reader every tag uses (xml_name_scanner: `<function=NAME>`, `<invoke name="NAME" a="v">`,
// `<arg_key>NAME</arg_key>`, GLM's name on its own line). Read by xml_call_body
// (detail/xml_body.hpp); the rules of the reader are at the top of that file.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine_core.hpp"
#include "json.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// How a function or parameter name is written after its opener.
enum class xml_name : std::uint8_t {
  to_gt,    ///< `<function=NAME>`: the name runs to `>`
  quoted,   ///< `<invoke name="NAME" attr="v">`: a quoted name (or a bare one), attributes, `>`
  to_tag,   ///< `<arg_key>NAME</arg_key>`: the name runs to `param_name_end` (parameters only)
  to_line,  ///< GLM: the name follows the opener and ends at a newline or at `<` (functions only)
};

/// A parameter given twice in one call.
enum class xml_repeat : std::uint8_t {
  later_wins,   ///< the arguments hold both, a JSON reader keeps the later (vLLM's Qwen3-Coder, GLM, Hy: a dict)
  first_wins,   ///< the later values are read and dropped (vLLM's solar_open2: its stream committed to the first)
  drop_call,    ///< the call fails (vLLM's minicpm5xml: an invalid parameter drops the call)
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
  /// A tag holding the value's type name that may stand between the parameter name and
  /// value_open (K2 Horizon `<ifm|arg_type>integer</ifm|arg_type>`); empty: none. Without a
  /// schema kind, `string` (or `any`) keeps the text and any other name reads it as JSON.
  std::string_view type_open, type_close;
  std::string_view param_close;     ///< `</parameter>`, `</arg_value>`
  std::string_view call_close;      ///< `</tool_call>`; empty: the region ends after fn_close
  /// The region opener when each call has its wrapper (`<tool_call>`): after `call_close` and
  /// whitespace it opens the next call, so it ends a value whose `param_close` and `fn_close` are
  /// missing (rule (c), detail/xml_body_values.hpp), as the vendors' `<tool_call>(.*?)</tool_call>`
  /// patterns split there. Empty: only the end of the text or an end-of-turn token does.
  std::string_view call_open;
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
  /// Every value read as a string (typed `string` by the schema, or with no schema type: no
  /// tools, a key the tool does not declare) keeps all its whitespace; `trim` applies to the
  /// values read as JSON (typed, a union, guessed). vLLM's step3 parser since its whitespace fix
  /// (vllm-project/vllm#49567): the value sits inline between the tags, so whitespace around it
  /// is data.
  bool verbatim_text = false;
  /// A value that is the word `null` in any case (after the family's trim) is null whatever the
  /// schema types it, a string or nothing (vLLM's Qwen3-Coder and Seed-OSS parsers test
  /// value.lower() == "null" before they look at the schema). `None` is not this word.
  bool null_word = false;
  /// With the request's tools, a parameter tag inside a value ends it only when it names a
  /// declared parameter not given yet (vLLM's Qwen3-Coder parser); off: any name does (GLM,
  /// whose vendor parser pairs `<arg_key>`/`<arg_value>` without the schema).
  bool schema_tags = true;
  /// After `call_prefix`, a bare name may stand before `fn_open` (Step-3 written as DeepSeek
  /// writes it: `function<|tool_sep|>get_weather` then the invoke). The invoke's own name wins,
  /// as vLLM's step3 parser reads only the invoke; without an invoke (parameters or a closer
  /// follow at once) the bare name is the function's.
  bool name_after_prefix = false;
  /// `call_prefix` may be missing: the function tag may follow the region opener directly (vLLM's
  /// Step-3 parser reads `<|tool_call_begin|><steptml:invoke ...` too)
  bool prefix_optional = false;
  /// A bare JSON object may stand for the parameters, right after the function's opening tag
  /// (SGLang's DeepSeek V3.2 reader: `<invoke name="f">{"city": "Paris"}</invoke>`).
  bool json_args = false;
  /// With the request's tools, a first parameter named `arguments` or `input` that the schema
  /// does not declare and whose value is an object of declared parameters is unwrapped: its
  /// members are the call's arguments (vLLM's DeepSeek V3.2/V4 DSML parser).
  bool unwrap_wrapper = false;
  /// With unwrap_wrapper: a first parameter named `properties` is such a wrapper too (vLLM's
  /// MiniCPM5 parser unwraps `properties` and `arguments`).
  bool unwrap_properties = false;
  /// The text ending right after a value's closer (and at most 64 bytes of whitespace, or a
  /// prefix of the function closer) ends the call: it is delivered with the arguments read so
  /// far, marked repaired, with an errc::unterminated_call warning (GLM, Hy3; a format_spec's
  /// `xml.close_at_end`). Off: such a call is truncated.
  bool end_after_value = false;
  /// `value_open` may be missing: after the parameter name and whitespace, text that does not
  /// start with `<` is the value (repaired), up to its closer (Hy3; Ollama's GLM reader repairs
  /// so, vLLM's regexes drop the pair silently).
  bool value_open_optional = false;
  /// multi families: when the text ends inside a later function of the region, the complete
  /// functions before it are kept and the cut one is dropped with an errc::unterminated_call
  /// error (vLLM's Hy3 parsers keep the complete calls). Off: the region fails whole.
  bool keep_calls_at_cut = false;
  /// The region opener stands at the start of the output (after whitespace, a reasoning block
  /// or a call: trig_cond::start). A call with no arguments there needs no declared name (vLLM's
  /// glm4_moe gives `<tool_call>get_time</tool_call>` whatever the tools; the normalizer then
  /// says unknown_tool); in running text it does (the prose rule, docs/conventions.md).
  bool at_start = false;
  /// A parameter given twice in one call, as the family's vendor parser reads it (a warning or
  /// an error says so every time).
  xml_repeat repeated_key = xml_repeat::later_wins;
};

/// Null when `s` can drive xml_call_body, else what is wrong with it.
inline const char* xml_spec_problem(const xml_spec& s) noexcept {
  constexpr std::size_t max_tag = 64;
  const std::string_view tags[] = {s.call_prefix, s.fn_open,     s.fn_close,   s.param_open, s.param_name_end, s.value_open,
                                   s.param_close, s.call_close, s.name_sep,   s.tag_end,    s.type_open,      s.type_close};
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
  if (s.type_open.empty() != s.type_close.empty()) return "type_open and type_close go together";
  if (!s.type_open.empty() && (s.value_open.empty() || s.type_open[0] != '<'))
    return "type_open needs value_open and starts with '<'";
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
          if (m == pm::partial) return more;
          // not the end tag: its bytes are the name's (`param<1>`, as the vendors' parsers
          // read a key up to the end tag); a `<` may start the end tag again
          if (c == '<') tag_.pop_back();
          if (raw_.size() + tag_.size() > max_name) return bad;
          raw_ += tag_;
          if (c == '<') {
            tag_.assign(1, '<');
            return more;
          }
          ph_ = p_name;
          return more;
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

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_XML_LEX_HPP
