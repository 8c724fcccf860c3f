// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_NORMALIZE_HPP
#define TOOLCALL_DETAIL_NORMALIZE_HPP

// The normalizer's machinery: tool-name repair, schema-driven value rewriting, and
// the per-stream call_filter that the engine drives.
//
// Streaming design. The engine hands the filter each call's arguments as compact JSON, in
// pieces of any size. The filter runs a json_lexer over them (identity on compact JSON) and
// copies the lexer's output to the arguments deltas as soon as it is final. A value is held
// back only while its final form depends on the schema and is not known yet:
//   - a scalar (number, true, false, null) is atomic anyway: it is rewritten at its end;
//   - a string is held only when some string would be rewritten under its schema (a string
//     under a boolean/number/object/enum-typed property); under a string-typed (or untyped)
//     property it streams byte by byte, so long file contents are never buffered;
//   - an object or array is held only under an anyOf/oneOf with two or more branches that
//     admit it (the branch is chosen from the whole value); otherwise it streams and each of
//     its members follows these rules with the member's schema.
// Held values are rewritten from a small DOM over their compact text (jdom), by the same
// rules. Missing required fields (schema default) and user rules are appended before the
// closing brace of their object. Every decision depends only on the bytes, never on where the
// pieces were cut, so every chunking yields the same arguments.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "json_lexer.hpp"
#include "schema.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

// ---------------------------------------------------------------------------------------------
// Small text helpers

inline char ascii_lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

inline std::string ascii_lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = ascii_lower(c);
  return r;
}

inline bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

/// Optimal string alignment distance (Levenshtein plus adjacent transpositions), or cap + 1
/// as soon as it must exceed cap.
inline std::size_t osa_distance(std::string_view a, std::string_view b, std::size_t cap) {
  const std::size_t n = a.size(), m = b.size();
  if ((n > m ? n - m : m - n) > cap) return cap + 1;
  std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    std::size_t row_min = cur[0];
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      std::size_t v = (std::min)({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) v = (std::min)(v, prev2[j - 2] + 1);
      cur[j] = v;
      row_min = (std::min)(row_min, v);
    }
    if (row_min > cap) return cap + 1;
    prev2.swap(prev);
    prev.swap(cur);
  }
  return prev[m];
}

/// Appends `/token` to a JSON pointer (RFC 6901: `~` -> `~0`, `/` -> `~1`).
inline void pointer_append(std::string& path, std::string_view token) {
  path += '/';
  for (char c : token) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

/// A short, printable excerpt of a value for a diagnostic.
inline std::string excerpt(std::string_view s) {
  constexpr std::size_t k_max = 48;
  if (s.size() <= k_max) return std::string(s);
  std::size_t cut = k_max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8
  return std::string(s.substr(0, cut)) + "...";
}

inline std::string pointer_or_root(const std::string& path) { return path.empty() ? std::string("(arguments)") : path; }

/// `-?(0|[1-9][0-9]*)`: the only strings that become integers.
inline bool is_exact_integer(std::string_view s) noexcept {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  if (i >= s.size()) return false;
  if (s[i] == '0') return i + 1 == s.size();
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

/// A JSON number token with an integral value as JSON Schema counts it (`3`, `-3`, `3.0`).
inline bool is_integral_token(std::string_view t) noexcept {
  std::size_t i = 0;
  if (i < t.size() && t[i] == '-') ++i;
  const std::size_t d0 = i;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i == d0) return false;
  if (i == t.size()) return true;
  if (t[i] != '.') return false;
  ++i;
  if (i == t.size()) return false;
  for (; i < t.size(); ++i)
    if (t[i] != '0') return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Tool-name repair

struct name_match {
  int index = -1;
  const char* how = "";
};

/**
 * Finds the declared tool a model meant (tool-name repair), in this order, each
 * step only when the previous ones found nothing:
 *   1. a namespace removed: `functions.`, `function.`, `tools.`, `tool.`, `default_api.`,
 *      `api.` (repeatedly), or everything up to the last `.`, when that is a declared name;
 *   2. a case-insensitive match, when exactly one declared name matches;
 *   3. the nearest declared name within a small edit distance (optimal string alignment, case
 *      ignored): at most min(max_distance, 1) for declared names of 4 to 7 bytes, at most
 *      min(max_distance, 2) from 8 bytes, never for names under 4 bytes (`ls` is not `rm`), and
 *      only when exactly one declared name is that close.
 * The exact name was checked by the caller.
 */
inline name_match match_tool_name(const schema_set& s, std::string_view name, std::size_t max_distance) {
  std::vector<std::string_view> cands;
  cands.push_back(name);
  std::string_view c = name;
  constexpr std::string_view k_ns[] = {"functions.", "function.", "tools.", "tool.", "default_api.", "api."};
  for (bool again = true; again;) {
    again = false;
    for (std::string_view ns : k_ns) {
      if (c.size() > ns.size() && c.compare(0, ns.size(), ns) == 0) {
        c.remove_prefix(ns.size());
        again = true;
      }
    }
  }
  if (c != name) cands.push_back(c);
  const std::size_t dot = name.rfind('.');
  if (dot != std::string_view::npos && dot + 1 < name.size()) {
    const std::string_view tail = name.substr(dot + 1);
    if (std::find(cands.begin(), cands.end(), tail) == cands.end()) cands.push_back(tail);
  }
  for (std::size_t k = 1; k < cands.size(); ++k) {
    const int i = s.find_tool(cands[k]);
    if (i >= 0) return {i, "namespace removed"};
  }
  for (std::string_view cand : cands) {
    int hit = -1, count = 0;
    for (std::size_t i = 0; i < s.tools.size(); ++i)
      if (iequals(cand, s.tools[i].name)) {
        hit = static_cast<int>(i);
        ++count;
      }
    if (count == 1) return {hit, "case-insensitive match"};
  }
  if (max_distance == 0) return {};
  int hit = -1;
  bool ambiguous = false;
  for (std::string_view cand : cands) {
    const std::string lc = ascii_lower(cand);
    for (std::size_t i = 0; i < s.tools.size(); ++i) {
      const std::size_t len = s.tools[i].name.size();
      const std::size_t allowed = (std::min)(max_distance, std::size_t{len >= 8 ? 2u : len >= 4 ? 1u : 0u});
      if (allowed == 0) continue;
      if (osa_distance(lc, ascii_lower(s.tools[i].name), allowed) <= allowed) {
        if (hit < 0) hit = static_cast<int>(i);
        else if (hit != static_cast<int>(i)) ambiguous = true;
      }
    }
  }
  if (hit >= 0 && !ambiguous) return {hit, "nearest declared name"};
  return {};
}

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// Compiled options and rules

/// A user rule, compiled (see toolcall::normalizer_rule).
struct norm_rule {
  enum kind : std::uint8_t { fill_value, fill_template, alias };
  kind k = fill_value;
  std::string field;
  std::string value;  ///< fill_value: compact JSON; alias: the source field
  std::vector<std::pair<bool, std::string>> parts;  ///< fill_template: (is_field, text)
};

/// Everything a filter needs, shared read-only by every filter of a normalizer.
struct norm_data {
  schema_set set;
  std::vector<std::vector<norm_rule>> rules;     ///< per tool
  std::vector<std::vector<std::string>> captures;  ///< per tool: top-level fields rules read
  bool coerce = true;
  bool repair_names = true;
  bool fill_defaults = true;
  bool check_required = true;
  std::uint8_t unknown = 0;  ///< 0 forward, 1 drop, 2 error
  std::size_t max_distance = 2;
};

// ---------------------------------------------------------------------------------------------
// Value rewriting (held values, rule values, and the one-shot path)

class value_rewriter {
 public:
  using note = call_filter::note;
  value_rewriter(const norm_data& d, std::vector<note>& notes, bool text_body) noexcept
      : d_(d), s_(d.set), notes_(notes), text_body_(text_body) {}

  /// Rewrites `text` (one JSON value) under `schema` into out; true when it changed. Text that
  /// does not parse is copied unchanged.
  bool rewrite_text(std::string_view text, int schema, std::string& path, std::string& out) {
    if (schema < 0) {
      out += text;
      return false;
    }
    jdom d;
    if (!d.parse(text)) {
      out += text;
      return false;
    }
    work_ = 0;
    depth_ = 0;
    budget_ = 64 * text.size() + 4096;
    return rewrite(d, 0, schema, path, out, 0);
  }

  /// Does the value satisfy the schema as it stands (the part of JSON Schema the normalizer
  /// knows: types, enum/const, properties, required, additionalProperties: false, items)?
  bool satisfies(const jdom& d, std::size_t v, int schema, int depth = 0) const {
    if (schema < 0) return true;
    if (depth > 2 * k_schema_max_depth) return false;
    if (++work_ > budget_) return false;  // out of budget: no branch is chosen, nothing changes
    const int n = s_.resolve(schema);
    if (n < 0) return true;
    // a union that reaches itself on the same value proves nothing
    if (!s_.nodes[static_cast<std::size_t>(n)].any_of.empty()) {
      if (active(d, v, n)) return false;
      active_.push_back(activation{&d, v, n});
      const bool r = satisfies_node(d, v, n, depth);
      active_.pop_back();
      return r;
    }
    return satisfies_node(d, v, n, depth);
  }

  bool satisfies_node(const jdom& d, std::size_t v, int n, int depth) const {
    const schema_node& sn = s_.nodes[static_cast<std::size_t>(n)];
    const jdom::node& x = d.at(v);
    if (!sn.any_of.empty()) {
      bool any = false;
      for (int b : sn.any_of)
        if (satisfies(d, v, b, depth + 1)) {
          any = true;
          break;
        }
      if (!any) return false;
    }
    const std::uint8_t t = s_.types(n);
    if (t != 0) {
      bool ok = false;
      switch (x.k) {
        case jdom::kind::string: ok = t & ty_string; break;
        case jdom::kind::number:
          ok = (t & ty_number) || ((t & ty_integer) && is_integral_token(d.raw(x)));
          break;
        case jdom::kind::boolean: ok = t & ty_boolean; break;
        case jdom::kind::null: ok = t & ty_null; break;
        case jdom::kind::object: ok = t & ty_object; break;
        case jdom::kind::array: ok = t & ty_array; break;
      }
      if (!ok) return false;
    }
    if (const auto* en = s_.enum_values(n)) {
      if (!in_enum(d, x, *en)) return false;
    }
    if (x.k == jdom::kind::object) {
      std::vector<std::string> keys;
      for (std::size_t c = x.first; c != jdom::npos; c = d.at(c).next) {
        keys.push_back(d.decoded(d.at(c), true));
        const std::string& k = keys.back();
        const int child = s_.property(n, k);
        if (child < 0 && s_.closed(n) && !s_.declares(n, k)) return false;
        if (!satisfies(d, c, child, depth + 1)) return false;
      }
      std::vector<std::string> req;
      s_.required(n, req);
      for (const auto& r : req)
        if (std::find(keys.begin(), keys.end(), r) == keys.end()) return false;
    } else if (x.k == jdom::kind::array) {
      std::size_t i = 0;
      for (std::size_t c = x.first; c != jdom::npos; c = d.at(c).next, ++i)
        if (!satisfies(d, c, s_.item(n, i), depth + 1)) return false;
    }
    return true;
  }

  /// Appends the missing required members of an object (schema defaults) before its `}`.
  /// `count` is the number of members written so far; `present` the keys seen.
  bool fill_required(int n, std::vector<std::string>& present, std::string& path, std::string& out,
                     std::size_t& count) {
    if (!d_.check_required || n < 0) return false;
    std::vector<std::string> req;
    s_.required(n, req);
    bool changed = false;
    const std::size_t base = path.size();
    for (const auto& r : req) {
      if (std::find(present.begin(), present.end(), r) != present.end()) continue;
      pointer_append(path, r);
      const std::string* def = d_.fill_defaults ? s_.default_value(s_.property(n, r)) : nullptr;
      if (def) {
        if (count++) out += ',';
        out += '"';
        json_escape_append(out, r);
        out += "\":";
        out += *def;
        present.push_back(r);
        changed = true;
        add(errc::missing_required, path + ": missing required field filled from the schema default " + excerpt(*def),
            severity::note);
      } else {
        add(errc::missing_required, path + ": missing required field", severity::warning);
      }
      path.resize(base);
    }
    return changed;
  }

  /// Rewrites value v under `schema`. Bounded: recursion depth (self-referential unions) and a
  /// work budget linear in the value's size (nested unions try branches), after which values
  /// are copied unchanged.
  bool rewrite(const jdom& d, std::size_t v, int schema, std::string& path, std::string& out, int level) {
    const jdom::node& x = d.at(v);
    if (schema < 0 || ++work_ > budget_ || depth_ >= k_max_rewrite_depth) {
      out += d.raw(x);
      return false;
    }
    ++depth_;
    const bool changed = rewrite_value(d, v, schema, path, out, level);
    --depth_;
    return changed;
  }

 private:
  static constexpr int k_max_rewrite_depth = 512;

  bool rewrite_value(const jdom& d, std::size_t v, int schema, std::string& path, std::string& out, int level) {
    const jdom::node& x = d.at(v);
    const int n = s_.resolve(schema);
    if (n < 0) {
      out += d.raw(x);
      return false;
    }
    if (s_.is_union(n)) {
      if (active(d, v, n)) {  // the union reached itself without consuming the value
        out += d.raw(x);
        return false;
      }
      active_.push_back(activation{&d, v, n});
      const bool r = rewrite_union(d, v, n, path, out, level);
      active_.pop_back();
      return r;
    }
    const std::uint8_t t = s_.types(n);
    switch (x.k) {
      case jdom::kind::string: return rewrite_string(d, x, n, t, path, out, level);
      case jdom::kind::number: {
        const std::string_view tok = d.raw(x);
        if (t == 0 || (t & ty_number) || ((t & ty_integer) && is_integral_token(tok)) || !(t & ty_string)) {
          out += tok;
          return false;
        }
        out += '"';
        out += tok;
        out += '"';
        add(errc::normalized, pointer_or_root(path) + ": number " + excerpt(tok) + " coerced to string", severity::note);
        return true;
      }
      case jdom::kind::boolean: {
        const std::string_view tok = d.raw(x);
        if (t == 0 || (t & ty_boolean) || !(t & ty_string)) {
          out += tok;
          return false;
        }
        out += '"';
        out += tok;
        out += '"';
        add(errc::normalized, pointer_or_root(path) + ": boolean " + std::string(tok) + " coerced to string",
            severity::note);
        return true;
      }
      case jdom::kind::null: {
        // null is only turned into text for XML/key-value bodies, where it was text
        if (t == 0 || (t & ty_null) || !(t & ty_string) || !text_body_) {
          out += "null";
          return false;
        }
        out += "\"null\"";
        add(errc::normalized, pointer_or_root(path) + ": null coerced to string", severity::note);
        return true;
      }
      case jdom::kind::object: {
        if (t != 0 && !(t & ty_object) && (t & ty_array) && text_body_) {
          // XML elements (MiniMax-M3 `<items><item>a</item><item>b</item></items>`): an element
          // of child elements is an object whose repeated names are arrays; where the schema
          // wants an array, its children in order are the items, whatever their names
          bool changed = false;
          out += '[';
          std::size_t i = 0;
          const std::size_t base = path.size();
          auto item = [&](std::size_t c) {
            if (i) out += ',';
            path += '/';
            path += std::to_string(i);
            changed |= rewrite(d, c, s_.item(n, i), path, out, level);
            path.resize(base);
            ++i;
          };
          for (std::size_t c = x.first; c != jdom::npos; c = d.at(c).next) {
            if (d.at(c).k == jdom::kind::array)
              for (std::size_t e = d.at(c).first; e != jdom::npos; e = d.at(e).next) item(e);
            else
              item(c);
          }
          out += ']';
          add(errc::normalized, pointer_or_root(path) + ": child elements read as an array", severity::note);
          (void)changed;
          return true;
        }
        if (t != 0 && !(t & ty_object)) {
          out += d.raw(x);
          return false;
        }
        bool changed = false;
        out += '{';
        std::size_t count = 0;
        std::vector<std::string> keys;
        const std::size_t base = path.size();
        for (std::size_t c = x.first; c != jdom::npos; c = d.at(c).next) {
          if (count++) out += ',';
          out += d.raw_key(d.at(c));
          out += ':';
          keys.push_back(d.decoded(d.at(c), true));
          pointer_append(path, keys.back());
          changed |= rewrite(d, c, s_.property(n, keys.back()), path, out, level);
          path.resize(base);
        }
        changed |= fill_required(n, keys, path, out, count);
        out += '}';
        return changed;
      }
      case jdom::kind::array: {
        if (t != 0 && !(t & ty_array)) {
          out += d.raw(x);
          return false;
        }
        bool changed = false;
        out += '[';
        std::size_t i = 0;
        const std::size_t base = path.size();
        for (std::size_t c = x.first; c != jdom::npos; c = d.at(c).next, ++i) {
          if (i) out += ',';
          path += '/';
          path += std::to_string(i);
          changed |= rewrite(d, c, s_.item(n, i), path, out, level);
          path.resize(base);
        }
        out += ']';
        return changed;
      }
    }
    return false;
  }

  void add(errc code, std::string msg, severity level) { notes_.push_back(note{code, std::move(msg), level}); }

  bool active(const jdom& d, std::size_t v, int n) const noexcept {
    for (const auto& a : active_)
      if (a.doc == &d && a.value == v && a.node == n) return true;
    return false;
  }

  static bool in_enum(const jdom& d, const jdom::node& x, const std::vector<schema_enum_value>& en) {
    if (x.k == jdom::kind::string) {
      const std::string s = d.decoded(x);
      for (const auto& e : en)
        if (e.is_string && e.text == s) return true;
      return false;
    }
    const std::string_view r = d.raw(x);
    for (const auto& e : en)
      if (!e.is_string && e.text == r) return true;
    return false;
  }

  /// anyOf/oneOf: the first branch the value satisfies as it stands (nothing changes), else
  /// the first branch whose rewrite satisfies it, else the value unchanged.
  bool rewrite_union(const jdom& d, std::size_t v, int n, std::string& path, std::string& out, int level) {
    const std::vector<int>& branches = s_.nodes[static_cast<std::size_t>(n)].any_of;
    for (int b : branches)
      if (satisfies(d, v, b)) {
        out += d.raw(d.at(v));
        return false;
      }
    for (int b : branches) {
      std::string tmp;
      const std::size_t mark = notes_.size();
      if (rewrite(d, v, b, path, tmp, level)) {
        jdom d2;
        if (d2.parse(tmp) && satisfies(d2, 0, b)) {
          out += tmp;
          return true;
        }
      }
      notes_.resize(mark);
    }
    out += d.raw(d.at(v));
    return false;
  }

  bool rewrite_string(const jdom& d, const jdom::node& x, int n, std::uint8_t t, std::string& path, std::string& out,
                      int level) {
    const std::string_view raw = d.raw(x);
    if (t == 0 || (t & ty_string)) {
      // a string stays a string ("007" too); only an enum member's case may be fixed
      const auto* en = s_.enum_values(n);
      if (en && !in_enum(d, x, *en)) {
        const std::string s = d.decoded(x);
        const schema_enum_value* hit = nullptr;
        int count = 0;
        for (const auto& e : *en)
          if (e.is_string && iequals(e.text, s)) {
            hit = &e;
            ++count;
          }
        if (count == 1) {
          out += '"';
          json_escape_append(out, hit->text);
          out += '"';
          add(errc::normalized, pointer_or_root(path) + ": enum value \"" + excerpt(s) + "\" corrected to \"" +
                                    excerpt(hit->text) + "\"",
              severity::note);
          return true;
        }
      }
      out += raw;
      return false;
    }
    const std::string s = d.decoded(x);
    const std::string p = pointer_or_root(path);
    if (text_body_ && (t & (ty_object | ty_array)) && s.find_first_not_of(" \t\r\n") == std::string::npos) {
      // an empty element where the schema wants a container (the template writes [] and {} so)
      out += (t & ty_array) ? "[]" : "{}";
      add(errc::normalized, p + ": empty value read as an empty " + ((t & ty_array) ? "array" : "object"),
          severity::note);
      return true;
    }
    if ((t & ty_boolean) && (s == "true" || s == "false" || s == "True" || s == "False")) {
      out += (s[0] == 't' || s[0] == 'T') ? "true" : "false";
      add(errc::normalized, p + ": string \"" + s + "\" coerced to boolean", severity::note);
      return true;
    }
    if ((t & ty_integer) && is_exact_integer(s)) {
      out += s;
      add(errc::normalized, p + ": string \"" + excerpt(s) + "\" coerced to integer", severity::note);
      return true;
    }
    if ((t & ty_number) && is_json_number(s)) {
      out += s;
      add(errc::normalized, p + ": string \"" + excerpt(s) + "\" coerced to number", severity::note);
      return true;
    }
    if ((t & ty_null) && s == "null") {
      out += "null";
      add(errc::normalized, p + ": string \"null\" coerced to null", severity::note);
      return true;
    }
    if ((t & (ty_object | ty_array)) && level < 4) {
      // a string holding a JSON object or array: decode it once, then normalize what it holds
      json_lexer lx;
      lx.reset(nullptr, 256);
      const lex_step st = lx.feed(s);
      bool ok = st.st == lex_step::done;
      if (ok)
        for (std::size_t i = st.consumed; i < s.size(); ++i)
          if (!is_json_ws(static_cast<unsigned char>(s[i]))) ok = false;
      const std::string& inner = lx.out();
      if (ok && !inner.empty() &&
          ((inner[0] == '{' && (t & ty_object)) || (inner[0] == '[' && (t & ty_array)))) {
        jdom d2;
        if (d2.parse(inner)) {
          add(errc::normalized,
              p + ": string holding a JSON " + (inner[0] == '{' ? "object" : "array") + " decoded", severity::note);
          rewrite(d2, 0, n, path, out, level + 1);
          return true;
        }
      }
    }
    out += raw;
    return false;
  }

  const norm_data& d_;
  const schema_set& s_;
  std::vector<note>& notes_;
  bool text_body_ = false;
  struct activation {
    const jdom* doc;
    std::size_t value;
    int node;
  };
  mutable std::vector<activation> active_;  ///< (value, union) pairs being tried
  mutable std::size_t work_ = 0;
  std::size_t budget_ = 0;
  int depth_ = 0;
};

// ---------------------------------------------------------------------------------------------
// The per-stream filter

class normalize_filter final : public call_filter, public json_listener {
 public:
  explicit normalize_filter(std::shared_ptr<const norm_data> d) : d_(std::move(d)) {}

  value_kind param_kind(std::string_view key) const override {
    if (root_ < 0) return value_kind::unknown;
    const schema_set& s = d_->set;
    const int p = s.property(root_, key);
    if (p < 0) return s.declares(root_, key) ? value_kind::unknown : value_kind::undeclared;
    const std::uint8_t t = accepted_types(p, 0);
    if (t == 0) return value_kind::unknown;  // declared with no type at all
    if (!(t & ty_string)) return value_kind::typed;
    // a string keeps the exact text; a union with a string branch tries its other types first
    std::uint8_t other = 0;
    if (t & (ty_integer | ty_number)) other |= vk_number;
    if (t & ty_boolean) other |= vk_boolean;
    if (t & ty_null) other |= vk_null;
    if (t & ty_object) other |= vk_object;
    if (t & ty_array) other |= vk_array;
    return other ? union_kind(other) : value_kind::string;
  }

  /// The JSON types a value of schema `n` may have (its own, or its anyOf branches'); 0: any.
  std::uint8_t accepted_types(int n, int depth) const {
    const schema_set& s = d_->set;
    n = s.resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return 0;
    const schema_node& sn = s.nodes[static_cast<std::size_t>(n)];
    std::uint8_t own = s.types(n);
    if (sn.any_of.empty()) return own;
    std::uint8_t any = 0;
    for (int b : sn.any_of) {
      const std::uint8_t tb = accepted_types(b, depth + 1);
      if (tb == 0) return own;  // a branch admits anything
      any |= tb;
    }
    return own ? static_cast<std::uint8_t>(own & any) : any;
  }

  std::vector<std::string> tool_names() const override {
    std::vector<std::string> v;
    for (const auto& t : d_->set.tools) v.push_back(t.name);
    return v;
  }

  filter_verdict begin(std::string& name, std::string_view, const format_traits& traits) override {
    notes_.clear();
    changed_ = false;
    mode_ = m_pass;
    tool_ = -1;
    root_ = -1;
    text_body_ = traits.values_as_text;
    const schema_set& s = d_->set;
    int idx = s.find_tool(name);
    if (idx < 0 && d_->repair_names) {
      const name_match m = match_tool_name(s, name, d_->max_distance);
      if (m.index >= 0) {
        idx = m.index;
        const std::string& to = s.tools[static_cast<std::size_t>(idx)].name;
        add(errc::normalized, "tool name \"" + excerpt(name) + "\" repaired to \"" + to + "\" (" + m.how + ")",
            severity::note);
        name = to;
        changed_ = true;
      }
    }
    if (idx < 0) {
      switch (d_->unknown) {
        case 1:
          add(errc::unknown_tool, "unknown tool \"" + excerpt(name) + "\": call dropped", severity::warning);
          return filter_verdict::drop;
        case 2: return filter_verdict::reject;  // the engine reports the error
        default:
          add(errc::unknown_tool, "unknown tool \"" + excerpt(name) + "\": forwarded unchanged", severity::warning);
          return filter_verdict::unknown_forward;
      }
    }
    tool_ = idx;
    root_ = object_root(s.tools[static_cast<std::size_t>(idx)].root);
    const bool has_rules = !d_->rules[static_cast<std::size_t>(idx)].empty();
    if (root_ < 0 && !has_rules) return filter_verdict::keep;  // nothing to do: pass through
    mode_ = m_active;
    lx_.reset(this, std::size_t{1} << 20);
    copied_ = 0;
    holding_ = false;
    frames_used_ = 0;
    path_.clear();
    capture_ = -1;
    captured_.clear();
    for (const auto& k : d_->captures[static_cast<std::size_t>(idx)]) captured_.emplace_back(k, std::string());
    have_.assign(captured_.size(), false);
    return filter_verdict::keep;
  }

  void feed(std::string_view in, std::string& out) override {
    if (mode_ != m_active) {
      out.append(in.data(), in.size());
      return;
    }
    out_ = &out;
    const lex_step st = lx_.feed(in);
    if (st.st == lex_step::fail) {
      // not the compact JSON the engine promises: stop normalizing, keep every byte
      to_raw();
      out.append(in.data() + st.consumed, in.size() - st.consumed);
    } else if (st.st == lex_step::done && st.consumed < in.size()) {
      to_raw();
      out.append(in.data() + st.consumed, in.size() - st.consumed);
    } else if (!holding_) {
      flush(lx_.out().size());
    }
    if (copied_ > 0) {  // drop what is out: memory stays O(held value)
      lx_.out_mut().erase(0, copied_);
      if (holding_) hold_start_ -= copied_;
      copied_ = 0;
    }
    out_ = nullptr;
  }

  void finish(std::string& out) override {
    if (mode_ == m_active) {
      out_ = &out;
      if (!lx_.finished()) (void)lx_.finish();
      if (holding_ || !lx_.finished()) to_raw();
      else flush(lx_.out().size());
      out_ = nullptr;
    }
    mode_ = m_pass;
  }

  bool changed() const override { return changed_; }

  std::vector<note> take_notes() override {
    std::vector<note> r;
    r.swap(notes_);
    return r;
  }

  // --- json_listener ---
  void value_begin(jkind kind, std::size_t depth, std::size_t pos) override {
    if (holding_ || mode_ != m_active) return;
    flush(pos);
    int node = -1;
    if (depth == 0) {
      path_.clear();
      node = kind == jkind::object ? root_ : -1;
    } else {
      if (depth > frames_used_) return;  // cannot happen: a streamed container is open
      frame& f = frames_[depth - 1];
      path_.resize(f.path_len);
      if (f.kind == jkind::array) {
        path_ += '/';
        path_ += std::to_string(f.count);
        node = d_->set.item(f.node, f.count);
      } else {
        pointer_append(path_, f.key);
        node = f.node >= 0 ? d_->set.property(f.node, f.key) : -1;
        f.keys.push_back(f.key);
        if (depth == 1) start_capture(f.key);
      }
      ++f.count;
    }
    switch (kind) {
      case jkind::object:
      case jkind::array: {
        int use = node;
        if (depth > 0) {
          const plan p = container_plan(node, kind == jkind::object ? ty_object : ty_array, 0);
          if (p.hold) return start_hold(depth, pos, node);
          use = p.node;
        }
        push_frame(kind, use);
        return;
      }
      case jkind::string:
        if (d_->coerce && node >= 0 && !d_->set.accepts_any_string(node)) start_hold(depth, pos, node);
        return;
      case jkind::scalar:
        if (d_->coerce && node >= 0) start_hold(depth, pos, node);
        return;
    }
  }

  void value_end(jkind kind, std::size_t depth, std::size_t pos) override {
    if (mode_ != m_active) return;
    if (holding_) {
      if (depth != hold_depth_) return;
      holding_ = false;
      const std::string_view held(lx_.out().data() + hold_start_, pos - hold_start_);
      tmp_.clear();
      value_rewriter rw(*d_, notes_, text_body_);
      if (rw.rewrite_text(held, hold_node_, path_, tmp_)) changed_ = true;
      emit(tmp_);
      copied_ = pos;
    } else if ((kind == jkind::object || kind == jkind::array) && frames_used_ > 0) {
      frame& f = frames_[frames_used_ - 1];
      if (kind == jkind::object) {
        flush(pos - 1);  // everything before the closing brace
        path_.resize(f.path_len);
        close_object(f, depth == 0);
      }
      --frames_used_;
    }
    if (depth == 1 && capture_ >= 0) {
      flush(pos);
      have_[static_cast<std::size_t>(capture_)] = true;
      capture_ = -1;
    }
  }

  void key(std::string_view decoded, std::size_t depth) override {
    if (holding_ || mode_ != m_active || depth == 0 || depth > frames_used_) return;
    frames_[depth - 1].key.assign(decoded.data(), decoded.size());
  }

 private:
  enum mode_t : std::uint8_t { m_pass, m_active };
  struct frame {
    jkind kind = jkind::object;
    int node = -1;
    std::size_t count = 0;
    std::size_t path_len = 0;
    std::string key;
    std::vector<std::string> keys;
  };
  struct plan {
    bool hold = false;
    int node = -1;
  };

  void add(errc code, std::string msg, severity level) { notes_.push_back(note{code, std::move(msg), level}); }

  /// The tool's parameters as the object schema to stream under: a union picks its first
  /// branch that admits an object (the arguments are never held back as a whole).
  int object_root(int r) const {
    const schema_set& s = d_->set;
    for (int guard = 0; guard < k_schema_max_depth; ++guard) {
      r = s.resolve(r);
      if (r < 0 || !s.is_union(r)) return r;
      int next = -1;
      for (int b : s.nodes[static_cast<std::size_t>(r)].any_of)
        if (s.accepts_kind(b, ty_object)) {
          next = b;
          break;
        }
      r = next;
    }
    return -1;
  }

  /// Stream a container under one schema, or hold it (a union with several candidates).
  plan container_plan(int node, std::uint8_t bit, int depth) const {
    const schema_set& s = d_->set;
    const int n = s.resolve(node);
    if (n < 0 || depth > k_schema_max_depth) return {false, -1};
    if (s.is_union(n)) {
      int found = -1, count = 0;
      for (int b : s.nodes[static_cast<std::size_t>(n)].any_of)
        if (s.accepts_kind(b, bit)) {
          if (!count) found = b;
          ++count;
        }
      if (count == 0) return elements_as_array(n, bit) ? plan{true, node} : plan{false, -1};
      if (count == 1) return container_plan(found, bit, depth + 1);
      if (d_->coerce) return {true, node};
      return {false, -1};
    }
    const std::uint8_t t = s.types(n);
    if (t != 0 && !(t & bit))  // refuse: a container is never turned into a scalar
      return elements_as_array(n, bit) ? plan{true, node} : plan{false, -1};
    return {false, n};
  }

  /// An object of XML child elements where the schema wants an array only (text bodies): held
  /// and rewritten whole, as that array (value_rewriter).
  bool elements_as_array(int n, std::uint8_t bit) const {
    return text_body_ && d_->coerce && bit == ty_object && d_->set.accepts_kind(n, ty_array) &&
           !d_->set.accepts_kind(n, ty_object);
  }

  void push_frame(jkind kind, int node) {
    if (frames_used_ == frames_.size()) frames_.emplace_back();
    frame& f = frames_[frames_used_++];
    f.kind = kind;
    f.node = node;
    f.count = 0;
    f.path_len = path_.size();
    f.key.clear();
    f.keys.clear();
  }

  void start_hold(std::size_t depth, std::size_t pos, int node) {
    holding_ = true;
    hold_depth_ = depth;
    hold_start_ = pos;
    hold_node_ = node;
  }

  void start_capture(const std::string& key) {
    for (std::size_t i = 0; i < captured_.size(); ++i)
      if (captured_[i].first == key) {
        capture_ = static_cast<int>(i);
        captured_[i].second.clear();
        return;
      }
  }

  void emit(std::string_view s) {
    if (s.empty()) return;
    out_->append(s.data(), s.size());
    if (capture_ >= 0) captured_[static_cast<std::size_t>(capture_)].second.append(s.data(), s.size());
  }

  void flush(std::size_t pos) {
    if (pos > copied_) {
      emit(std::string_view(lx_.out()).substr(copied_, pos - copied_));
      copied_ = pos;
    }
  }

  /// Gives up on the current call: what the lexer wrote and is not out yet goes out as is.
  void to_raw() {
    if (copied_ < lx_.out().size()) emit(std::string_view(lx_.out()).substr(copied_));
    copied_ = lx_.out().size();
    holding_ = false;
    capture_ = -1;
    mode_ = m_pass;
  }

  const std::string* captured(const std::string& key) const {
    for (std::size_t i = 0; i < captured_.size(); ++i)
      if (captured_[i].first == key && have_[i]) return &captured_[i].second;
    return nullptr;
  }

  /// Adds one member before the closing brace of the object of frame f.
  void add_member(frame& f, const std::string& key, std::string_view value_json) {
    std::string m;
    if (f.count++) m += ',';
    m += '"';
    json_escape_append(m, key);
    m += "\":";
    m += value_json;
    emit(m);
    f.keys.push_back(key);
    changed_ = true;
  }

  bool has_key(const frame& f, const std::string& k) const {
    return std::find(f.keys.begin(), f.keys.end(), k) != f.keys.end();
  }

  bool is_required(const std::string& field) const {
    std::vector<std::string> req;
    d_->set.required(root_, req);
    return std::find(req.begin(), req.end(), field) != req.end();
  }

  /// End of a streamed object: user rules (top level), then required fields.
  void close_object(frame& f, bool top) {
    value_rewriter rw(*d_, notes_, text_body_);
    if (top && tool_ >= 0) {
      for (const norm_rule& r : d_->rules[static_cast<std::size_t>(tool_)]) {
        if (has_key(f, r.field)) continue;
        std::string value;
        const char* what = "";
        if (r.k == norm_rule::alias) {
          const std::string* src = has_key(f, r.value) ? captured(r.value) : nullptr;
          if (!src) continue;
          value = *src;
          what = "alias";
        } else if (r.k == norm_rule::fill_value) {
          value = r.value;
          what = "constant";
        } else {
          std::string text;
          bool ok = true;
          for (const auto& part : r.parts) {
            if (!part.first) {
              text += part.second;
              continue;
            }
            const std::string* v = has_key(f, part.second) ? captured(part.second) : nullptr;
            if (!v) {
              ok = false;
              break;
            }
            if (!v->empty() && (*v)[0] == '"') text += json_unescape(std::string_view(*v).substr(1, v->size() - 2));
            else text += *v;
          }
          if (!ok) continue;
          value = "\"";
          json_escape_append(value, text);
          value += '"';
          what = "template";
        }
        const std::size_t base = path_.size();
        pointer_append(path_, r.field);
        const std::string at = path_;
        std::string coerced;
        rw.rewrite_text(value, root_ >= 0 ? d_->set.property(root_, r.field) : -1, path_, coerced);
        path_.resize(base);
        add_member(f, r.field, coerced);
        if (r.k == norm_rule::alias)
          add(errc::normalized, at + ": added as an alias of /" + r.value + " (user rule)", severity::note);
        else if (root_ >= 0 && is_required(r.field))
          add(errc::missing_required, at + ": missing required field filled by a user rule (" + what + ")",
              severity::note);
        else
          add(errc::normalized, at + ": missing field filled by a user rule (" + what + ")", severity::note);
      }
    }
    if (f.node >= 0) {
      std::string extra;
      std::size_t count = f.count;
      if (rw.fill_required(f.node, f.keys, path_, extra, count)) {
        changed_ = true;
        f.count = count;
        emit(extra);
      }
    }
  }

  std::shared_ptr<const norm_data> d_;
  mode_t mode_ = m_pass;
  int tool_ = -1, root_ = -1;
  bool changed_ = false;
  bool text_body_ = false;
  json_lexer lx_;
  std::string* out_ = nullptr;
  std::size_t copied_ = 0;
  bool holding_ = false;
  std::size_t hold_depth_ = 0, hold_start_ = 0;
  int hold_node_ = -1;
  std::vector<frame> frames_;
  std::size_t frames_used_ = 0;
  std::string path_;
  int capture_ = -1;
  std::vector<std::pair<std::string, std::string>> captured_;
  std::vector<bool> have_;
  std::vector<note> notes_;
  std::string tmp_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_NORMALIZE_HPP
