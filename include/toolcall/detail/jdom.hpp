// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JDOM_HPP
#define TOOLCALL_DETAIL_JDOM_HPP

// Part of the normalizer (detail/normalize.hpp): the small DOM its value rewriting reads.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "json_text.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

// jdom: a read-only tree over compact JSON that keeps every value's raw text (numbers stay
// exactly as written, which simdjson's DOM cannot promise).

class jdom {
 public:
  enum class kind : std::uint8_t { object, array, string, number, boolean, null };
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  struct node {
    kind k = kind::null;
    std::size_t b = 0, e = 0;    ///< raw span of the value
    std::size_t kb = 0, ke = 0;  ///< raw span of the member key, quotes included (objects)
    std::size_t first = npos, next = npos;
  };

  /// Parses one JSON value (whitespace allowed around tokens). False on anything else, or
  /// when nested deeper than max_depth.
  bool parse(std::string_view text, std::size_t max_depth = 256) {
    t_ = text;
    nodes_.clear();
    std::size_t i = 0;
    if (value(i, 0, max_depth) == npos) return false;
    ws(i);
    return i == t_.size();
  }
  const node& at(std::size_t i) const noexcept { return nodes_[i]; }
  std::string_view raw(const node& n) const noexcept { return t_.substr(n.b, n.e - n.b); }
  std::string_view raw_key(const node& n) const noexcept { return t_.substr(n.kb, n.ke - n.kb); }
  /// Decoded text of a string node (or of a member key when key is true).
  std::string decoded(const node& n, bool key = false) const {
    const std::string_view r = key ? raw_key(n) : raw(n);
    return json_unescape(r.substr(1, r.size() - 2));
  }

 private:
  void ws(std::size_t& i) const noexcept {
    while (i < t_.size() && is_json_ws(static_cast<unsigned char>(t_[i]))) ++i;
  }
  std::size_t add(kind k, std::size_t b) {
    node n;
    n.k = k;
    n.b = b;
    nodes_.push_back(n);
    return nodes_.size() - 1;
  }
  bool string_end(std::size_t& i) const noexcept {  // i at the opening quote
    ++i;
    while (i < t_.size()) {
      const char c = t_[i];
      if (c == '\\') {
        i += 2;
        continue;
      }
      ++i;
      if (c == '"') return true;
    }
    return false;
  }
  std::size_t value(std::size_t& i, std::size_t depth, std::size_t max_depth) {
    ws(i);
    if (i >= t_.size()) return npos;
    const char c = t_[i];
    if (c == '{' || c == '[') {
      if (depth >= max_depth) return npos;
      const bool obj = c == '{';
      const std::size_t me = add(obj ? kind::object : kind::array, i);
      ++i;
      ws(i);
      std::size_t last = npos;
      if (i < t_.size() && t_[i] == (obj ? '}' : ']')) {
        ++i;
        nodes_[me].e = i;
        return me;
      }
      for (;;) {
        std::size_t kb = 0, ke = 0;
        if (obj) {
          ws(i);
          if (i >= t_.size() || t_[i] != '"') return npos;
          kb = i;
          if (!string_end(i)) return npos;
          ke = i;
          ws(i);
          if (i >= t_.size() || t_[i] != ':') return npos;
          ++i;
        }
        const std::size_t child = value(i, depth + 1, max_depth);
        if (child == npos) return npos;
        nodes_[child].kb = kb;
        nodes_[child].ke = ke;
        if (last == npos) nodes_[me].first = child;
        else nodes_[last].next = child;
        last = child;
        ws(i);
        if (i >= t_.size()) return npos;
        if (t_[i] == ',') {
          ++i;
          continue;
        }
        if (t_[i] != (obj ? '}' : ']')) return npos;
        ++i;
        nodes_[me].e = i;
        return me;
      }
    }
    if (c == '"') {
      const std::size_t me = add(kind::string, i);
      if (!string_end(i)) return npos;
      nodes_[me].e = i;
      return me;
    }
    const std::size_t b = i;
    while (i < t_.size() && (is_ident_char(static_cast<unsigned char>(t_[i])) || t_[i] == '.' || t_[i] == '-' || t_[i] == '+'))
      ++i;
    const std::string_view tok = t_.substr(b, i - b);
    kind k;
    if (tok == "true" || tok == "false") k = kind::boolean;
    else if (tok == "null") k = kind::null;
    else if (is_json_number(tok)) k = kind::number;
    else return npos;
    const std::size_t me = add(k, b);
    nodes_[me].e = i;
    return me;
  }

  std::string_view t_;
  std::vector<node> nodes_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JDOM_HPP
