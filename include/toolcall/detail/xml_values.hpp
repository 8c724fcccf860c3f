// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_XML_VALUES_HPP
#define TOOLCALL_DETAIL_XML_VALUES_HPP

// The value typing every XML reader shares (xml_call_body in detail/xml_body.hpp, the
// tag-per-tool reader in formats/morph_xml.hpp):
//
// - xml_string_writer: value text into a JSON string, in whole UTF-8 sequences (a sequence cut
//   by a chunk boundary waits for its next bytes); a byte that is not UTF-8 becomes U+FFFD, one
//   per byte, as in JSON arguments.
// - xml_value_decoder: a value's whole text read as one JSON value or Python literal by the
//   lenient JSON lexer (True/False/None, single quotes, trailing commas: `lex`, and `typed` for
//   a value the schema types), or as strict JSON only (`strict_json`: a value without a schema
//   that is entirely a JSON number, true, false, null, array or object; the AI SDK's morph-XML
//   parser decodes those). Each pass over a held value counts in bytes_examined().
//
// Which of these a value gets (string, typed, guessed) is the reader's decision: see the rules
// at the top of detail/xml_body.hpp and formats/morph_xml.hpp.

#include <cstddef>
#include <string>
#include <string_view>

#include "engine_core.hpp"
#include "json.hpp"
#include "json_lexer.hpp"
#include "utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Value text into a JSON string (without its quotes), streamed as it comes.
class xml_string_writer {
 public:
  void reset() noexcept { held_.clear(); }

  /// Appends `s`, escaped; an incomplete UTF-8 sequence at its end is held for the next bytes.
  /// True when a byte was written as U+FFFD.
  bool append(std::string& out, std::string_view s) {
    std::string joined;
    if (!held_.empty()) {
      joined.swap(held_);
      joined.append(s.data(), s.size());
      s = joined;
    }
    const std::size_t cut = utf8_complete_prefix(s);
    if (cut < s.size()) held_.assign(s.data() + cut, s.size() - cut);
    return write(out, s.substr(0, cut));
  }

  /// The value ends (or whitespace follows): a held sequence was cut off, each of its bytes is
  /// U+FFFD. True when a byte was so written.
  bool end(std::string& out) {
    if (held_.empty()) return false;
    const bool r = write(out, held_);
    held_.clear();
    return r;
  }

  /// Appends `s` whole, escaped (a name, or held text). True when a byte was written as U+FFFD.
  static bool write(std::string& out, std::string_view s) {
    if (utf8_valid(s)) {
      json_escape_append(out, s);
      return false;
    }
    utf8_append_replacing(out, s, json_escape_append);
    return true;
  }

 private:
  std::string held_;  // the start of a UTF-8 sequence whose next bytes have not come yet
};

/// Reads a value's whole text as JSON (see the top of this file).
class xml_value_decoder {
 public:
  /// One JSON value or Python literal, whitespace around it allowed: null when it is (out()
  /// holds its compact JSON), else why not.
  const char* lex(const region_ctx& e, std::string_view v) {
    if (v.find_first_not_of(" \t\r\n") == std::string_view::npos) return "empty value";
    lx_.reset(nullptr, e.request.max_depth());
    e.place.examined(v.size());
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

  /// A value the schema types as something else than a string: lex(), and a quoted string
  /// never fits (the text is then kept as written).
  const char* typed(const region_ctx& e, std::string_view v) {
    const char* why = lex(e, v);
    if (!why && !lx_.out().empty() && lx_.out()[0] == '"') why = "a quoted string";
    return why;
  }

  /// A value without a schema: true when `v` is entirely one strict JSON number, true, false,
  /// null, array or object (out() holds it); a string or anything else stays text.
  bool strict_json(const region_ctx& e, std::string_view v) {
    if (v.empty()) return false;
    const unsigned char c = static_cast<unsigned char>(v[0]);
    if (!((c >= '0' && c <= '9') || c == '-' || c == 't' || c == 'f' || c == 'n' || c == '[' || c == '{'))
      return false;
    const json_validator::kind k = val_.check_allow_big_numbers(v);
    return k != json_validator::kind::invalid && k != json_validator::kind::string && !lex(e, v);
  }

  /// `null` or (with `none`) `None` in any case, outer whitespace removed (the vendors' parsers
  /// compare value.lower()).
  static bool null_word(std::string_view v, bool none = true) noexcept {
    while (!v.empty() && is_json_ws(static_cast<unsigned char>(v.front()))) v.remove_prefix(1);
    v = rtrim_ws(v);
    if (v.size() != 4) return false;
    char l[4];
    for (int i = 0; i < 4; ++i) l[i] = static_cast<char>(v[static_cast<std::size_t>(i)] | 0x20);
    const std::string_view w(l, 4);
    return w == "null" || (none && w == "none");
  }

  const std::string& out() const noexcept { return lx_.out(); }
  /// The lexer repaired the text (a Python literal, single quotes, a trailing comma).
  bool repaired() const noexcept { return lx_.repaired(); }
  /// A byte of a string inside the value was written as U+FFFD.
  bool replaced_utf8() const noexcept { return lx_.replaced_utf8(); }
  /// The last read failed on options::max_depth.
  bool too_deep() const noexcept { return lx_.error_code() == errc::limit_depth; }
  /// The lexer, for a reader that streams a JSON body through it (xml_spec::json_args).
  json_lexer& lexer() noexcept { return lx_; }

 private:
  json_lexer lx_;
  json_validator val_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_XML_VALUES_HPP
