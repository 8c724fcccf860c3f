// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_LEARN_FIND_HPP
#define TOOLCALL_DETAIL_LEARN_FIND_HPP

// format::learn's finders (docs/learning.md, detail/learn.hpp): where a known call stands in a
// rendered turn and how its arguments are written: a JSON object holding the name, a name then
// a JSON object, a pythonic call, or XML parameters (tag spellings, value trim, a type
// attribute, a name separator, a tag end other than `>`).

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../format_spec.hpp"
#include "json.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Same JSON value; `loose`: a string equals any value whose JSON text it is (XML values are
/// text until a schema types them).
inline bool learn_json_same(simdjson::dom::element a, simdjson::dom::element b, bool loose) {
  using T = simdjson::dom::element_type;
  const T ta = a.type(), tb = b.type();
  if (loose && ta == T::STRING && tb != T::STRING) {
    std::string_view s;
    if (a.get_string().get(s)) return false;
    simdjson::dom::parser p;
    simdjson::dom::element x;
    if (!p.parse(s.data(), s.size(), true).get(x)) return learn_json_same(x, b, false);
    // Python's str() of a dict (`value | string`): single quotes, True/False/None
    std::string j(s);
    for (char& c : j)
      if (c == '\'') c = '"';
    for (const auto& r : {std::make_pair(std::string("True"), std::string("true")), std::make_pair(std::string("False"), std::string("false")),
                          std::make_pair(std::string("None"), std::string("null"))})
      for (std::size_t k = j.find(r.first); k != std::string::npos; k = j.find(r.first, k + r.second.size()))
        j.replace(k, r.first.size(), r.second);
    simdjson::dom::parser p2;
    if (p2.parse(j.data(), j.size(), true).get(x)) return false;
    return learn_json_same(x, b, false);
  }
  const bool num_a = ta == T::INT64 || ta == T::UINT64 || ta == T::DOUBLE;
  const bool num_b = tb == T::INT64 || tb == T::UINT64 || tb == T::DOUBLE;
  if (num_a && num_b) {
    double x = 0, y = 0;
    return !a.get_double().get(x) && !b.get_double().get(y) && x == y;
  }
  if (ta != tb) return false;
  switch (ta) {
    case T::STRING: {
      std::string_view x, y;
      return !a.get_string().get(x) && !b.get_string().get(y) && x == y;
    }
    case T::BOOL: {
      bool x = false, y = false;
      return !a.get_bool().get(x) && !b.get_bool().get(y) && x == y;
    }
    case T::NULL_VALUE: return true;
    case T::ARRAY: {
      simdjson::dom::array x, y;
      if (a.get_array().get(x) || b.get_array().get(y)) return false;
      if (x.size() != y.size()) return false;
      auto i = x.begin(), j = y.begin();
      for (; i != x.end(); ++i, ++j)
        if (!learn_json_same(*i, *j, loose)) return false;
      return true;
    }
    case T::OBJECT: {
      simdjson::dom::object x, y;
      if (a.get_object().get(x) || b.get_object().get(y)) return false;
      if (x.size() != y.size()) return false;
      for (auto kv : x) {
        simdjson::dom::element v;
        if (y.at_key(kv.key).get(v) || !learn_json_same(kv.value, v, loose)) return false;
      }
      return true;
    }
    default: return false;
  }
}

/// Same JSON text (both must parse); `loose` as above, `a` being the parsed side.
inline bool learn_json_text_same(std::string_view a, std::string_view b, bool loose) {
  simdjson::dom::parser pa, pb;
  simdjson::dom::element x, y;
  if (pa.parse(a.data(), a.size(), true).get(x) || pb.parse(b.data(), b.size(), true).get(y)) return false;
  return learn_json_same(x, y, loose);
}

inline bool learn_ws(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

inline std::string_view learn_strip(std::string_view s) {
  while (!s.empty() && learn_ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && learn_ws(s.back())) s.remove_suffix(1);
  return s;
}

/// End of the balanced JSON value opening at `q` (`{` or `[`), or npos.
inline std::size_t learn_balanced(std::string_view t, std::size_t q) {
  int depth = 0;
  bool str = false, esc = false;
  for (std::size_t i = q; i < t.size(); ++i) {
    const char c = t[i];
    if (str) {
      if (esc) esc = false;
      else if (c == '\\') esc = true;
      else if (c == '"') str = false;
      continue;
    }
    if (c == '"') str = true;
    else if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

/// Splits text into tokens: whitespace separates; a token opening with `<` ends at its `>`
/// (with a `glue` tag end, at the end of the next `glue`: Kimi-K3's `<|open|>tools<|sep|>`),
/// one opening with `[` at its `]`; plain text ends where a tag opens.
inline std::vector<std::string> learn_tokens(std::string_view s, std::string_view glue = {}) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (learn_ws(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    const char open = s[i];
    const std::size_t g = glue.empty() || open != '<' ? std::string_view::npos : s.find(glue, i);
    if (g != std::string_view::npos && g - i <= 64) {
      j = g + glue.size();
    } else if (open == '<' || open == '[') {
      const char close = open == '<' ? '>' : ']';
      const std::size_t e = s.find(close, i + 1);
      j = e == std::string_view::npos ? s.size() : e + 1;
    } else {
      while (j < s.size() && !learn_ws(s[j]) && s[j] != '<' && s[j] != '[') ++j;
    }
    out.push_back(std::string(s.substr(i, j - i)));
    i = j;
  }
  return out;
}

/// What a call looks like in the text.
struct learn_call {
  std::size_t start = 0, end = 0;  // its span (the JSON object, the name .. arguments, the function)
  int kind = 0;  // 0 JSON object, 1 name then JSON, 2 XML parameters, 3 pythonic, 4 key-value (name_end: the delimiter)
  std::string name_key, args_key, name_end;
  std::string name_prefix, name_index;  // a name written inside an id (`functions.NAME:0`)
  bool name_as_key = false;             // a JSON object `{"NAME": {arguments}}`
  xml_tags xml;
  bool ok = false;
};

/// A call written as a JSON object holding its name and arguments, at or after `p`.
inline learn_call learn_find_json_object(std::string_view t, std::size_t p, const learn_sample::call& c) {
  learn_call r;
  simdjson::dom::parser parser;
  for (std::size_t q = t.find('{', p); q != std::string_view::npos; q = t.find('{', q + 1)) {
    const std::size_t e = learn_balanced(t, q);
    if (e == std::string_view::npos) continue;
    simdjson::dom::element v;
    if (parser.parse(t.data() + q, e - q, true).get(v) || !v.is_object()) continue;
    std::string nk, ak;
    simdjson::dom::object obj_1;
    if (v.get_object().get(obj_1)) continue;
    for (auto kv : obj_1) {
      std::string_view s;
      if (nk.empty() && !kv.value.get_string().get(s) && s == c.name) {
        nk = std::string(kv.key);
        continue;
      }
      if (!ak.empty()) continue;
      if (kv.value.is_object()) {
        if (learn_json_text_same(simdjson::minify(kv.value), c.arguments, false)) ak = std::string(kv.key);
      } else if (!kv.value.get_string().get(s) && learn_json_text_same(s, c.arguments, false)) {
        ak = std::string(kv.key);
      }
    }
    if ((nk.empty() || ak.empty()) && obj_1.size() == 1) {
      // the name is the only key (Apertus's `{"get_weather": {"city": "Paris"}}`)
      for (auto kv : obj_1)
        if (kv.key == c.name && kv.value.is_object() &&
            learn_json_text_same(simdjson::minify(kv.value), c.arguments, false))
          r.name_as_key = true;
      if (!r.name_as_key) continue;
      nk = "name";
      ak = "arguments";
    }
    if (nk.empty() || ak.empty()) continue;
    r.start = q;
    r.end = e;
    r.kind = 0;
    r.name_key = nk;
    r.args_key = ak;
    r.ok = true;
    return r;
  }
  return r;
}

inline bool learn_ident(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

/// The first occurrence of `name` at or after `p` standing alone (not part of a longer name).
inline std::size_t learn_find_name(std::string_view t, std::size_t p, std::string_view name) {
  for (std::size_t q = t.find(name, p); q != std::string_view::npos; q = t.find(name, q + 1)) {
    const bool before = q == 0 || !learn_ident(t[q - 1]);
    const bool after = q + name.size() >= t.size() || !learn_ident(t[q + name.size()]);
    if (before && after) return q;
  }
  return std::string_view::npos;
}

/// A name then its arguments as a JSON object within 256 bytes.
inline learn_call learn_find_name_json(std::string_view t, std::size_t p, const learn_sample::call& c) {
  learn_call r;
  std::size_t np = learn_find_name(t, p, c.name);
  std::size_t ne = np == std::string_view::npos ? np : np + c.name.size();
  if (np == std::string_view::npos) {
    // the name inside a call id: `WORD.` before it, `:DIGITS` after it (Kimi-K2's
    // `functions.get_weather:0`)
    for (std::size_t q = t.find(c.name, p); q != std::string_view::npos; q = t.find(c.name, q + 1)) {
      std::size_t b = q;
      while (b > p && learn_ident(t[b - 1])) --b;
      std::size_t e = q + c.name.size(), d = e;
      if (e < t.size() && !learn_ident(t[e]) && t[e] != '{' && !learn_ws(t[e]) && t[e] != '<') {
        d = e + 1;
        while (d < t.size() && t[d] >= '0' && t[d] <= '9') ++d;
        if (d == e + 1 || (d < t.size() && learn_ident(t[d]))) d = e;
      }
      const bool prefix_ok = b == q || (t[q - 1] == '.' && q - b >= 2);
      if (!prefix_ok || (d == e && b == q) || (d == e && e < t.size() && learn_ident(t[e]))) continue;
      r.name_prefix = std::string(t.substr(b, q - b));
      if (d > e) r.name_index = std::string(t.substr(e, 1));
      np = b;
      ne = d;
      break;
    }
    if (np == std::string_view::npos) return r;
  }
  const std::size_t q = t.find('{', ne);
  // special tokens may stand between the name and its arguments (PLaMo's name, arguments and
  // constrain tokens): look further than a name_end may hold, and say so in learn_one
  if (q == std::string_view::npos || q - ne > 256) return r;
  const std::size_t e = learn_balanced(t, q);
  if (e == std::string_view::npos || !learn_json_text_same(t.substr(q, e - q), c.arguments, false)) return r;
  r.start = np;
  r.end = e;
  r.kind = 1;
  r.name_end = std::string(learn_strip(t.substr(ne, q - ne)));
  r.ok = true;
  return r;
}

/// A Python literal or JSON value's text as JSON (single quotes, True/False/None), or empty.
inline std::string learn_py_to_json(std::string_view v) {
  std::string j;
  bool str = false;
  char q = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char c = v[i];
    if (str) {
      if (c == '\\' && i + 1 < v.size()) {
        j += c;
        j += v[++i];
      } else if (c == q) {
        j += '"';
        str = false;
      } else if (c == '"') {
        j += "\\\"";
      } else {
        j += c;
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      str = true;
      q = c;
      j += '"';
      continue;
    }
    if (learn_ident(c) && (i == 0 || !learn_ident(v[i - 1]))) {
      std::size_t e = i;
      while (e < v.size() && learn_ident(v[e])) ++e;
      const std::string_view w = v.substr(i, e - i);
      if (w == "True") j += "true";
      else if (w == "False") j += "false";
      else if (w == "None") j += "null";
      else j += std::string(w);
      i = e - 1;
      continue;
    }
    j += c;
  }
  return j;
}

/// A pythonic call `name(key=value, ...)` (values Python literals or JSON) at or after `p`.
inline learn_call learn_find_pythonic(std::string_view t, std::size_t p, const learn_sample::call& c) {
  learn_call r;
  const std::size_t np = learn_find_name(t, p, c.name);
  if (np == std::string_view::npos) return r;
  std::size_t o = np + c.name.size();
  while (o < t.size() && (t[o] == ' ' || t[o] == '\t')) ++o;
  if (o >= t.size() || t[o] != '(') return r;
  // the closing parenthesis, outside strings and brackets
  std::size_t e = std::string_view::npos;
  int depth = 0;
  bool str = false;
  char q = 0;
  std::vector<std::size_t> commas;
  for (std::size_t i = o; i < t.size(); ++i) {
    const char ch = t[i];
    if (str) {
      if (ch == '\\') ++i;
      else if (ch == q) str = false;
      continue;
    }
    if (ch == '"' || ch == '\'') str = true, q = ch;
    else if (ch == '(' || ch == '[' || ch == '{') ++depth;
    else if (ch == ')' || ch == ']' || ch == '}') {
      if (--depth == 0) {
        e = i;
        break;
      }
    } else if (ch == ',' && depth == 1) {
      commas.push_back(i);
    }
  }
  if (e == std::string_view::npos) return r;
  std::string obj = "{";
  std::size_t from = o + 1;
  commas.push_back(e);
  bool any = false;
  for (std::size_t k : commas) {
    const std::string_view item = learn_strip(t.substr(from, k - from));
    from = k + 1;
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) return r;
    const std::string_view key = learn_strip(item.substr(0, eq));
    for (char ch : key)
      if (!learn_ident(ch)) return r;
    if (any) obj += ',';
    obj += "\"" + std::string(key) + "\":" + learn_py_to_json(learn_strip(item.substr(eq + 1)));
    any = true;
  }
  obj += '}';
  if (!learn_json_text_same(obj, c.arguments, false)) return r;
  r.start = np;
  r.end = e + 1;
  r.kind = 3;
  r.ok = true;
  return r;
}

/// The argument values of a call as the text an XML template writes (strings raw, the rest
/// as JSON), in the order the arguments object lists them.
inline std::vector<std::pair<std::string, std::string>> learn_xml_values(std::string_view args) {
  std::vector<std::pair<std::string, std::string>> out;
  simdjson::dom::parser p;
  simdjson::dom::element v;
  if (p.parse(args.data(), args.size(), true).get(v) || !v.is_object()) return out;
  simdjson::dom::object obj_2;
  if (v.get_object().get(obj_2)) return out;
  for (auto kv : obj_2) {
    std::string_view s;
    if (!kv.value.get_string().get(s)) out.push_back({std::string(kv.key), std::string(s)});
    else out.push_back({std::string(kv.key), simdjson::minify(kv.value)});
  }
  return out;
}

/// Where a value's text starts at or after `p`: the raw text, or its JSON text with spaces.
inline std::pair<std::size_t, std::size_t> learn_find_value(std::string_view t, std::size_t p, const std::string& v) {
  std::size_t q = t.find(v, p);
  if (q != std::string_view::npos) return {q, q + v.size()};
  if (!v.empty() && (v[0] == '{' || v[0] == '[')) {
    // Python's str() of a dict or list (`value | string` in a template)
    std::string py;
    bool str = false;
    for (char c : v) {
      if (c == '"') str = !str, py += '\'';
      else if (!str && (c == ':' || c == ',')) py += c, py += ' ';
      else py += c;
    }
    for (const char* lit : {"true", "false", "null"}) {
      const std::string from = std::string(": ") + lit, to = std::string(": ") + (lit[0] == 't' ? "True" : lit[0] == 'f' ? "False" : "None");
      for (std::size_t k = py.find(from); k != std::string::npos; k = py.find(from, k + to.size())) py.replace(k, from.size(), to);
    }
    q = t.find(py, p);
    if (q != std::string_view::npos) return {q, q + py.size()};
  }
  if (!v.empty() && (v[0] == '{' || v[0] == '[')) {
    // the template may have written the object with spaces: the first balanced value after p
    for (std::size_t b = t.find(v[0], p); b != std::string_view::npos && b < p + 256; b = t.find(v[0], b + 1)) {
      const std::size_t e = learn_balanced(t, b);
      if (e != std::string_view::npos && learn_json_text_same(t.substr(b, e - b), v, false)) return {b, e};
    }
  }
  return {std::string_view::npos, 0};
}

/// The tag starting at `q` (`<` ... `>`, or `<` ... `tag_end`), or empty.
inline std::string_view learn_tag_at(std::string_view t, std::size_t q, std::string_view tag_end = {}) {
  if (q >= t.size() || t[q] != '<') return {};
  if (!tag_end.empty()) {
    const std::size_t g = t.find(tag_end, q);
    if (g == std::string_view::npos || g + tag_end.size() - q > 64) return {};
    return t.substr(q, g + tag_end.size() - q);
  }
  const std::size_t e = t.find('>', q);
  if (e == std::string_view::npos || e - q > 64) return {};
  return t.substr(q, e + 1 - q);
}

/// A function written with XML parameters.
inline learn_call learn_find_xml(std::string_view t, std::size_t p, const learn_sample::call& c, std::string& why) {
  learn_call r;
  const std::size_t np = learn_find_name(t, p, c.name);
  if (np == std::string_view::npos) {
    why = "name slot: the function name " + c.name + " does not appear in the rendered text";
    return r;
  }
  xml_tags& x = r.xml;
  std::string_view pre = t.substr(p, np - p);
  std::size_t start = np;
  if (!pre.empty() && (pre.back() == '"' || pre.back() == '\'' || pre.back() == '=')) {
    const std::size_t lt = pre.rfind('<');
    if (lt == std::string_view::npos) {
      why = "name slot: no tag opens the function before its name";
      return r;
    }
    const bool quoted = pre.back() != '=';
    x.function_open = std::string(pre.substr(lt, pre.size() - lt - (quoted ? 1 : 0)));
    x.function_name = quoted ? xml_name_style::quoted : xml_name_style::to_gt;
    start = p + lt;
  } else {
    x.function_name = xml_name_style::to_line;
  }
  const auto vals = learn_xml_values(c.arguments);
  std::size_t pos = np + c.name.size();
  std::size_t last_close_end = pos;
  bool first = true;
  for (const auto& kv : vals) {
    const std::size_t kp = learn_find_name(t, pos, kv.first);
    if (kp == std::string_view::npos) {
      why = "arguments encoding: the argument key " + kv.first + " of " + c.name + " does not appear after the name";
      return r;
    }
    std::string_view head = t.substr(pos, kp - pos);
    const std::size_t lt = head.rfind('<');
    if (lt == std::string_view::npos) {
      why = "arguments encoding: no tag opens the parameter " + kv.first;
      return r;
    }
    std::string_view popen = head.substr(lt);
    if (first && x.function_name == xml_name_style::to_line && !learn_strip(head.substr(0, lt)).empty() &&
        learn_strip(head.substr(0, lt)).front() == '<') {
      // Hy3's `NAME<tool_sep>`: one tag between the name and its parameters
      const std::string_view sep = learn_strip(head.substr(0, lt));
      if (learn_tag_at(sep, 0) != sep) {
        why = "name slot: " + std::string(sep) + " stands between the function name " + c.name +
              " and its parameters (more than one separator tag)";
        return r;
      }
      x.name_separator = std::string(sep);
    }
    const bool quoted = !popen.empty() && (popen.back() == '"' || popen.back() == '\'');
    if (quoted) popen.remove_suffix(1);
    const auto vr = learn_find_value(t, kp + kv.first.size(), kv.second);
    if (vr.first == std::string_view::npos) {
      why = "arguments encoding: the value of " + kv.first + " does not appear after its key";
      return r;
    }
    std::string_view mid = t.substr(kp + kv.first.size(), vr.first - kp - kv.first.size());
    xml_name_style pstyle;
    std::string name_end, value_open, type_attr, type_value;
    if (quoted || (!mid.empty() && mid[0] == '>')) {
      pstyle = quoted ? xml_name_style::quoted : xml_name_style::to_gt;
      const std::size_t gt = mid.find('>');
      if (gt == std::string_view::npos) {
        why = "arguments encoding: the parameter tag of " + kv.first + " has no '>'";
        return r;
      }
      // a tag ended by a token of its own (Kimi-K3's `key="k" type="string"<|sep|>`)
      const std::size_t lt2 = mid.find('<');
      std::string_view attrs = mid.substr(quoted ? 1 : 0, gt - (quoted ? 1 : 0));
      if (quoted && lt2 != std::string_view::npos && lt2 < gt) {
        if (first) x.tag_end = std::string(mid.substr(lt2, gt + 1 - lt2));
        attrs = mid.substr(1, lt2 - 1);
      }
      const std::size_t eq = attrs.find("=\"");
      if (eq != std::string_view::npos) {
        std::string_view an = learn_strip(attrs.substr(0, eq));
        type_attr = std::string(an);
        const std::size_t ve = attrs.find('"', eq + 2);
        if (ve != std::string_view::npos) type_value = std::string(attrs.substr(eq + 2, ve - eq - 2));
      }
      value_open = std::string(learn_strip(mid.substr(gt + 1)));
    } else {
      pstyle = xml_name_style::to_tag;
      std::string_view m = mid;
      const std::size_t gt = m.find('>');
      if (m.size() < 2 || m[0] != '<' || gt == std::string_view::npos) {
        why = "arguments encoding: cannot tell where the parameter name " + kv.first + " ends";
        return r;
      }
      name_end = std::string(m.substr(0, gt + 1));
      value_open = std::string(learn_strip(m.substr(gt + 1)));
    }
    // whitespace around the value
    std::string_view before = mid.substr(mid.size() - std::min(mid.size(), std::size_t{2}));
    std::size_t after = vr.second;
    std::size_t ws_after = 0;
    while (after < t.size() && learn_ws(t[after])) ++after, ++ws_after;
    const std::string_view pclose = learn_tag_at(t, after, x.tag_end);
    if (pclose.empty()) {
      why = "arguments encoding: no tag closes the value of " + kv.first;
      return r;
    }
    xml_value_trim trim = xml_value_trim::none;
    const bool nl_before = !before.empty() && before.back() == '\n';
    if (nl_before || ws_after > 0) trim = (nl_before && ws_after == 1 && t[vr.second] == '\n') ? xml_value_trim::one_newline
                                                                                             : xml_value_trim::whitespace;
    if (first) {
      x.parameter_open = std::string(popen);
      x.parameter_name = pstyle;
      x.parameter_name_end = name_end;
      x.value_open = value_open;
      x.parameter_close = std::string(pclose);
      x.trim = trim;
      if (!type_attr.empty() && type_attr.find(' ') == std::string::npos) {
        x.type_attribute = type_attr;
        for (const char* n : {"string", "str", "integer", "int", "number", "float", "boolean", "bool", "object", "array", "dict", "list"})
          if (type_value == n) x.type_names = true;
      }
      first = false;
    } else if (trim == xml_value_trim::whitespace) {
      x.trim = trim;
    }
    pos = after + pclose.size();
    last_close_end = pos;
  }
  if (vals.empty()) {
    why = "arguments encoding: a call without arguments does not show the parameter tags";
    return r;
  }
  std::size_t end = last_close_end;
  if (x.function_name != xml_name_style::to_line) {
    std::size_t q = end;
    while (q < t.size() && learn_ws(t[q])) ++q;
    const std::string_view fc = learn_tag_at(t, q, x.tag_end);
    const bool closes = fc.size() >= 3 && (fc[1] == '/' || fc.find("close") != std::string_view::npos ||
                                           fc.find("end") != std::string_view::npos);
    if (!closes) {
      why = "call closer: no tag closes the function " + c.name;
      return r;
    }
    x.function_close = std::string(fc);
    end = q + fc.size();
  }
  r.start = start;
  r.end = end;
  r.kind = 2;
  r.ok = true;
  return r;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_LEARN_FIND_HPP
