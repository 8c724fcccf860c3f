// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_NORMALIZE_VALUES_HPP
#define TOOLCALL_DETAIL_NORMALIZE_VALUES_HPP

// The normalizer's value rewriting: the compiled options and rules (norm_rule, norm_data), and
// value_rewriter (held values, rule values and the one-shot path rewritten by the schema, read
// through jdom.hpp). Part of detail/normalize.hpp; the streaming design is described there.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "jdom.hpp"
#include "json_lexer.hpp"
#include "normalize_names.hpp"
#include "schema.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

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
  /// `text_body`: the values were text (XML parameters); `null_kept`: a null there was the word
  /// `null`, which the vendor's parser reads as null whatever the type (format_traits::null_word);
  /// `elements`: objects are XML child elements (format_traits::child_elements).
  value_rewriter(const norm_data& d, std::vector<note>& notes, bool text_body, bool null_kept = false,
                 bool elements = false) noexcept
      : d_(d), s_(d.set), notes_(notes), text_body_(text_body), null_kept_(null_kept), elements_(elements) {}

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
        // null is only turned into text for XML/key-value bodies, where it was text (and not
        // where the vendor's parser makes the word `null` null whatever the type)
        if (t == 0 || (t & ty_null) || !(t & ty_string) || !text_body_ || null_kept_) {
          out += "null";
          return false;
        }
        out += "\"null\"";
        add(errc::normalized, pointer_or_root(path) + ": null coerced to string", severity::note);
        return true;
      }
      case jdom::kind::object: {
        if (t != 0 && !(t & ty_object) && (t & ty_array) && elements_) {
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
    if (text_body_ && (t & (ty_boolean | ty_integer | ty_number))) {
      // a parameter's text as the vendors' XML parsers read it: `007`, `+1.50`, `FALSE`
      std::string lz;
      const loose_kind lk = loose_text_scalar(s, lz);
      const char* as = lk == loose_kind::boolean && (t & ty_boolean)                           ? "boolean"
                       : lk == loose_kind::integer && (t & ty_integer)                         ? "integer"
                       : (lk == loose_kind::integer || lk == loose_kind::number) && (t & ty_number) ? "number"
                                                                                                     : nullptr;
      if (as) {
        out += lz;
        add(errc::normalized, p + ": string \"" + excerpt(s) + "\" coerced to " + as, severity::note);
        return true;
      }
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
      if (ok && inner.size() >= 2 && inner[0] == '"') {
        // a JSON string holding the container's JSON (encoded twice): decode it again
        jdom d2;
        std::string tmp;
        if (d2.parse(inner) && rewrite_string(d2, d2.at(0), n, t, path, tmp, level + 1)) {
          out += tmp;
          return true;
        }
      }
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
  bool null_kept_ = false;
  bool elements_ = false;
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

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_NORMALIZE_VALUES_HPP
