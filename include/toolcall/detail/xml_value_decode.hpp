// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_XML_VALUE_DECODE_HPP
#define TOOLCALL_DETAIL_XML_VALUE_DECODE_HPP

// Reading a whole XML parameter value's text as a value (the value phase of xml_call_body,
// detail/xml_body_values.hpp): the untyped values of the rooms whose vendor parser decodes them
// (xml_spec::guess_values), and the schema-typed repairs (loose_typed, unwrap).
//
// Untyped values (no schema type: no tools, or a key the tools do not declare). How the vendor's
// parser decodes them follows from the room's flags:
//   - `json_loads` (guess_values, trim none: Muse Glimmer, vLLM's `_decode_value`): json.loads
//     of the raw text. Strict JSON, whitespace around it allowed, a JSON string included
//     (`"quoted"` is quoted, ` 42 ` is 42); anything else is the raw text, untrimmed.
//   - `python` (guess_values with verbatim_strings: GLM, vLLM's glm4_moe `_deserialize`):
//     json.loads, then ast.literal_eval, of the stripped text: strict JSON, else one Python
//     literal read by python_literal_filter (`'Paris'`, `(1, 2)` is [1, 2], `{'a': True}`);
//     anything else is the stripped text.
//   - `json_like` (every other family, and options::xml_values_as_json): a value that is one
//     JSON number, true, false, null, array or object, read by the lenient lexer; never a string.
// A value is held (not streamed) from its first byte that may start a decoded value; a
// json_loads value's leading whitespace is held until its first other byte decides.

#include <cstring>
#include <string>
#include <string_view>

#include "python_literals.hpp"
#include "xml_body.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

enum class untyped_decode : std::uint8_t { json_like, json_loads, python };

inline untyped_decode untyped_style(const xml_spec& sp) noexcept {
  if (!sp.guess_values) return untyped_decode::json_like;
  if (sp.verbatim_strings) return untyped_decode::python;
  return sp.trim == xml_trim::none ? untyped_decode::json_loads : untyped_decode::json_like;
}

/// `c`, a value's first byte that is not whitespace, may start what the style decodes.
inline bool untyped_may_start(untyped_decode st, unsigned char c) noexcept {
  if ((c >= '0' && c <= '9') || c == '-' || c == 't' || c == 'f' || c == 'n' || c == '[' || c == '{' || c == '"')
    return true;
  return st == untyped_decode::python &&
         (c == '+' || c == '.' || c == 'T' || c == 'F' || c == 'N' || c == '\'' || c == '(' || c == 'u' ||
          c == 'U' || c == 'r' || c == 'R');
}

/// One Python literal (ast.literal_eval) as lexer input in `out`; a tuple is read as a list
/// (json.dumps writes one), with the filter's repairs only when a tuple made the plain read fail.
inline bool python_literal_text(std::string_view v, std::size_t max_depth, std::string& out, bool& deep) {
  for (int pass = 0; pass < 2; ++pass) {
    python_literal_filter f;
    f.reset(pass == 1, max_depth);
    out.clear();
    bool ok = true;
    for (char ch : v) {
      const python_literal_filter::result r = f.byte(ch, out);
      if (r != python_literal_filter::go) {
        ok = false;
        if (r == python_literal_filter::fail && f.error_code() == errc::limit_depth) deep = true;
        // a top-level `,` or `)` (`1, 2` is a bare tuple in Python): not read
        if (r == python_literal_filter::end || pass == 1 || !std::strstr(f.error(), "tuple")) return false;
        break;
      }
    }
    if (ok) return f.finish(out);
  }
  return false;
}

/// Decodes an untyped value's whole text `v` as the style says (not json_like): true when it
/// is a value, whose compact JSON is then dec.out(); `deep` is set when it is nested too deep.
inline bool decode_untyped(xml_value_decoder& dec, const region_ctx& e, std::string_view v, untyped_decode st,
                           bool& deep) {
  const char* why = dec.lex(e, v);
  if (why && dec.too_deep()) deep = true;
  if (!why && !dec.repaired()) {
    // strict JSON (json.loads): the lexer's reading, checked by simdjson (a big number passes)
    json_validator val;
    if (val.check_allow_big_numbers(v) != json_validator::kind::invalid) return true;
  }
  if (st != untyped_decode::python || deep) return false;
  std::string lit;
  if (!python_literal_text(v, e.request.max_depth(), lit, deep)) return false;
  why = dec.lex(e, lit);
  if (why && dec.too_deep()) deep = true;
  return !why;
}

inline bool xml_call_body::loose_typed(const region_ctx& e) {
  // a number or boolean as the vendors' parsers read the text (int(), float(), lower()):
  // `007`, `+2.50`, `FALSE`; the normalizer checks the type the schema wants
  std::string fixed;
  if (loose_text_scalar(value_, fixed) != loose_kind::none) {
    a() += fixed;
    note(e, "read as " + fixed + " (leading zeros, sign or case as Python reads them)", severity::note);
    return true;
  }
  // a JSON string holding an object or an array (encoded twice): the object or array
  if (dec_.lex(e, value_) || dec_.out().size() < 2 || dec_.out()[0] != '"') return false;
  const std::string inner = json_unescape(std::string_view(dec_.out()).substr(1, dec_.out().size() - 2));
  const std::size_t b = inner.find_first_not_of(" \t\r\n");
  if (b == std::string::npos || (inner[b] != '{' && inner[b] != '[')) return false;
  if (dec_.lex(e, inner)) {
    if (dec_.too_deep()) deep_ = true;
    return false;
  }
  a() += dec_.out();
  if (dec_.replaced_utf8()) bad_utf8_ = true;
  note(e, "held its JSON as a string (encoded twice): decoded", severity::note);
  return true;
}

inline bool xml_call_body::unwrap(const region_ctx& e) {
  if (dec_.lex(e, value_)) {
    if (dec_.too_deep()) deep_ = true;
    return false;
  }
  const std::string& o = dec_.out();
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
          if (e.request.param_kind(std::string_view(o).substr(ks, i - ks)) == value_kind::undeclared) return false;
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

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_XML_VALUE_DECODE_HPP
