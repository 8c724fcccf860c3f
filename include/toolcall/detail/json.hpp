// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JSON_HPP
#define TOOLCALL_DETAIL_JSON_HPP

// The only file that includes <simdjson.h>, so that no other header pays for it. DOM parsing
// runs inside libsimdjson with run-time kernel selection.

#include <simdjson.h>

#include <string>
#include <string_view>

#include "../config.hpp"
#include "json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Whether `s` is valid UTF-8, checked whole by simdjson (SIMD, run-time kernel selection).
/// detail/utf8.hpp is the module to use; this wrapper keeps <simdjson.h> in this file alone.
inline bool simdjson_utf8_valid(std::string_view s) noexcept { return simdjson::validate_utf8(s.data(), s.size()); }

/// Validates JSON text with simdjson; owns the padded scratch buffer simdjson needs.
class json_validator {
 public:
  enum class kind { invalid, object, array, string, number, boolean, null };

  /// Kind of the document if `text` is one valid JSON value, else kind::invalid.
  kind check(std::string_view text) {
    if (text.size() + simdjson::SIMDJSON_PADDING > buf_.size())
      buf_.resize(text.size() + simdjson::SIMDJSON_PADDING);
    std::copy(text.begin(), text.end(), buf_.begin());
    simdjson::dom::element el;
    const auto err = parser_.parse(buf_.data(), text.size(), false).get(el);
    last_ = err;
    if (err) return kind::invalid;
    switch (el.type()) {
      case simdjson::dom::element_type::OBJECT: return kind::object;
      case simdjson::dom::element_type::ARRAY: return kind::array;
      case simdjson::dom::element_type::STRING: return kind::string;
      case simdjson::dom::element_type::INT64:
      case simdjson::dom::element_type::UINT64:
      case simdjson::dom::element_type::DOUBLE: return kind::number;
      case simdjson::dom::element_type::BOOL: return kind::boolean;
      case simdjson::dom::element_type::NULL_VALUE: return kind::null;
    }
    return kind::invalid;
  }

  /// Like check(), but a number simdjson cannot hold (more than 64 bits: RFC 8259 sets no
  /// range, and we keep every digit) does not make the text invalid. Used on text our own
  /// transcoder wrote, whose number grammar it already checked.
  kind check_allow_big_numbers(std::string_view text) {
    const kind k = check(text);
    if (k != kind::invalid) return k;
    if (last_ == simdjson::NUMBER_ERROR || last_ == simdjson::NUMBER_OUT_OF_RANGE) {
      // only numbers too big for 64 bits may pass: the whole text must still be strict JSON
      if (!strict_json(text)) return kind::invalid;
      const char c = text.front();
      return c == '{' ? kind::object : c == '[' ? kind::array : kind::number;
    }
    return kind::invalid;
  }

 private:
  /// Strict RFC 8259 check by the transcoder: it must accept the text with no repair.
  bool strict_json(std::string_view text) {
    lx_.reset(nullptr, 1024);
    lex_step st = lx_.feed(text);
    if (st.st == lex_step::more) st = lx_.finish();
    if (st.st != lex_step::done || lx_.repaired()) return false;
    for (char c : text.substr(st.consumed))
      if (!is_json_ws(static_cast<unsigned char>(c))) return false;
    return lx_.out().size() <= text.size();
  }

  json_lexer lx_;
  simdjson::dom::parser parser_;
  std::string buf_;
  simdjson::error_code last_ = simdjson::SUCCESS;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JSON_HPP
