// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_LEARN_HPP
#define TOOLCALL_DETAIL_LEARN_HPP

// format::learn (docs/learning.md): a format_spec inferred from rendered assistant turns whose
// content, reasoning and calls are known. No template engine: the caller renders (Python's
// toolcall.learn_template uses jinja2), this reads the rendered text.
//
// 1. the reasoning block: the tokens right around the known reasoning text;
// 2. each call's span and argument encoding, found from its known name and arguments: a JSON
//    object holding the name (name and arguments keys; arguments as an object or a JSON
//    string), a name then a JSON object (the bytes between are `name_end`), or XML parameters
//    (function and parameter tag spellings, value trim, a type attribute);
// 3. the gaps: the text before the first call and between two calls share a suffix when each
//    call has its own opener (Hermes); otherwise the calls share one region (a JSON list, a
//    block of invokes). What is left before the first opener is a section wrapper; the text
//    after the last call starts with the closer and ends with end-of-turn tokens (markers);
// 4. the spec is compiled and every sample is parsed with it: the calls must come back.
// Each failure names the slot it could not infer.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <functional>

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

/// Splits text into tokens: whitespace separates; a token opening with `<` ends at its `>`,
/// one opening with `[` at its `]`; plain text ends where a tag opens.
inline std::vector<std::string> learn_tokens(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (learn_ws(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    const char open = s[i];
    if (open == '<' || open == '[') {
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
  int kind = 0;                    // 0 JSON object, 1 name then JSON, 2 XML parameters
  std::string name_key, args_key, name_end;
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

/// A name then its arguments as a JSON object within 64 bytes.
inline learn_call learn_find_name_json(std::string_view t, std::size_t p, const learn_sample::call& c) {
  learn_call r;
  const std::size_t np = learn_find_name(t, p, c.name);
  if (np == std::string_view::npos) return r;
  const std::size_t ne = np + c.name.size();
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

/// The tag starting at `q` (`<` ... `>`), or empty.
inline std::string_view learn_tag_at(std::string_view t, std::size_t q) {
  if (q >= t.size() || t[q] != '<') return {};
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
      // Hy3's `NAME<tool_sep>`: the spec's XML tags have no separator after the name
      why = "name slot: " + std::string(learn_strip(head.substr(0, lt))) + " stands between the function name " + c.name +
            " and its parameters (XML tags with no name separator)";
      return r;
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
    std::string name_end, value_open, type_attr;
    if (quoted || (!mid.empty() && mid[0] == '>')) {
      pstyle = quoted ? xml_name_style::quoted : xml_name_style::to_gt;
      const std::size_t gt = mid.find('>');
      if (gt == std::string_view::npos) {
        why = "arguments encoding: the parameter tag of " + kv.first + " has no '>'";
        return r;
      }
      std::string_view attrs = mid.substr(quoted ? 1 : 0, gt - (quoted ? 1 : 0));
      const std::size_t eq = attrs.find("=\"");
      if (eq != std::string_view::npos) {
        std::string_view an = learn_strip(attrs.substr(0, eq));
        type_attr = std::string(an);
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
    const std::string_view pclose = learn_tag_at(t, after);
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
      if (!type_attr.empty() && type_attr.find(' ') == std::string::npos) x.type_attribute = type_attr;
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
    const std::string_view fc = learn_tag_at(t, q);
    if (fc.size() < 3 || fc[1] != '/') {
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

inline std::size_t learn_common_suffix(std::string_view a, std::string_view b) {
  std::size_t n = 0;
  while (n < a.size() && n < b.size() && a[a.size() - 1 - n] == b[b.size() - 1 - n]) ++n;
  return n;
}
inline std::size_t learn_common_prefix(std::string_view a, std::string_view b) {
  std::size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

/// A closer that answers its opener: `</X>` for `<X>`, or a token naming an end.
inline bool learn_closes(std::string_view opener, std::string_view tok) {
  if (tok.empty()) return false;
  if (opener.size() > 2 && opener[0] == '<' && tok.size() > 3 && tok.substr(0, 2) == "</" &&
      tok.substr(2) == opener.substr(1))
    return true;
  return tok.find("end") != std::string_view::npos || tok.find("END") != std::string_view::npos ||
         tok.find("close") != std::string_view::npos;
}

inline void learn_add_marker(std::vector<std::string>& m, std::string_view tok) {
  tok = learn_strip(tok);
  // only special-looking tokens: a bare comma or word would eat prose
  if (tok.size() < 3) return;
  const bool special = tok.find('<') != std::string_view::npos || tok.find('[') != std::string_view::npos ||
                       tok.find('|') != std::string_view::npos;
  if (!special) return;
  for (const auto& x : m)
    if (x == tok) return;
  m.push_back(std::string(tok));
}

/// Learns what one sample shows; `why` names the slot that failed.
inline bool learn_one(const learn_sample& s, format_spec& out, std::string& why) {
  std::string_view t = s.rendered;
  std::size_t p = 0;
  // reasoning markers
  if (!learn_strip(s.reasoning).empty()) {
    const std::string_view r = learn_strip(s.reasoning);
    const std::size_t rp = t.find(r);
    if (rp == std::string_view::npos) {
      why = "reasoning markers: the reasoning text does not appear in the rendered turn";
      return false;
    }
    std::size_t b = rp;
    while (b > 0 && learn_ws(t[b - 1])) --b;
    std::size_t a = b;
    while (a > 0 && !learn_ws(t[a - 1])) --a;
    std::size_t c = rp + r.size();
    while (c < t.size() && learn_ws(t[c])) ++c;
    std::size_t d = c;
    while (d < t.size() && !learn_ws(t[d])) ++d;
    std::vector<std::string> open = learn_tokens(t.substr(a, b - a)), close = learn_tokens(t.substr(c, d - c));
    if (close.empty()) {
      why = "reasoning markers: no token stands right after the reasoning text";
      return false;
    }
    // no opener in the turn: the generation prompt opened the block (the caller knows it)
    if (!open.empty()) out.reasoning = {{open.back(), close.front()}};
    p = c + close.front().size();
  }
  // content
  const std::size_t p_before_content = p;
  const std::string_view content = learn_strip(s.content);
  if (!content.empty()) {
    // content the template writes elsewhere (after the calls) says nothing about the calls
    const std::size_t cp = t.find(content, p);
    if (cp != std::string_view::npos) p = cp + content.size();
  }
  // the template may write the content after the calls (LFM2): then the calls start before it
  if (p != p_before_content && !s.tool_calls.empty() &&
      learn_find_name(t, p, s.tool_calls.front().name) == std::string_view::npos)
    p = p_before_content;
  if (s.tool_calls.empty()) {
    why = "call opener: a sample without tool calls shows no call";
    return false;
  }
  // each call
  std::vector<learn_call> calls;
  std::size_t q = p;
  for (const auto& c : s.tool_calls) {
    learn_call lc = learn_find_json_object(t, q, c);
    if (!lc.ok) lc = learn_find_name_json(t, q, c);
    if (!lc.ok) lc = learn_find_pythonic(t, q, c);
    if (!lc.ok) {
      std::string xwhy;
      lc = learn_find_xml(t, q, c, xwhy);
      if (!lc.ok) {
        why = xwhy.empty() ? "arguments encoding: the arguments of " + c.name + " appear neither as JSON nor as XML parameters"
                           : xwhy;
        return false;
      }
    }
    if (!calls.empty() && lc.kind != calls[0].kind) {
      why = "arguments encoding: the calls of one turn are written in different ways";
      return false;
    }
    calls.push_back(lc);
    q = lc.end;
  }
  const learn_call& c0 = calls[0];
  switch (c0.kind) {
    case 0:
      out.payload = payload_kind::json_object;
      out.name_key = c0.name_key;
      out.arguments_key = c0.args_key;
      break;
    case 1:
      out.payload = payload_kind::name_json;
      out.name_end = c0.name_end;
      if (out.name_end.size() > 64) {
        why = "name slot: " + std::to_string(out.name_end.size()) +
              " bytes of tokens stand between the name and its arguments; a name_end holds at most 64";
        return false;
      }
      break;
    case 3: out.payload = payload_kind::pythonic; break;
    default:
      out.payload = payload_kind::xml_parameters;
      out.xml = c0.xml;
      break;
  }
  const std::string_view h1 = t.substr(p, c0.start - p);
  const std::string_view tail = t.substr(calls.back().end);
  std::vector<std::string> markers;
  std::string_view opener, closer, after_closer = tail;
  if (calls.size() >= 2) {
    const std::string_view h2 = t.substr(calls[0].end, calls[1].start - calls[0].end);
    std::size_t cs = learn_common_suffix(h1, h2);
    // the opener is whole tokens: start it where a token starts
    while (cs > 0) {
      const std::size_t at = h1.size() - cs;
      const char prev = at == 0 ? ' ' : h1[at - 1];
      const char c = h1[at];
      if (learn_ws(prev) || learn_ws(c) || ((c == '<' || c == '[') && (prev == '>' || prev == ']'))) break;
      --cs;
    }
    std::string_view suffix = learn_strip(h1.substr(h1.size() - cs));
    if (!suffix.empty() && !(c0.kind == 0 && suffix == "[")) {
      // each call has its own opener
      opener = suffix;
      const std::size_t op = h1.rfind(opener);
      for (const auto& m : learn_tokens(h1.substr(0, op))) learn_add_marker(markers, m);
      const std::size_t hp = h2.rfind(opener);
      const std::string_view between = learn_strip(h2.substr(0, hp));  // closer + separator
      const std::string_view tl = learn_strip(tail);
      const std::size_t cp = learn_common_prefix(between, tl);
      closer = learn_strip(between.substr(0, cp));
      // a closer is whole tokens: cut back to the last token boundary both texts share
      if (!closer.empty() && cp < tl.size() && !learn_ws(tl[cp]) && cp < between.size()) {
        const std::vector<std::string> toks = learn_tokens(closer);
        if (toks.size() > 1) closer = closer.substr(0, closer.size() - toks.back().size());
        closer = learn_strip(closer);
      }
      for (const auto& m : learn_tokens(between.substr(closer.size()))) learn_add_marker(markers, m);
      after_closer = learn_strip(tl.substr(closer.size()));
    } else {
      // one region holds every call
      std::string_view sep = learn_strip(h2);
      std::string_view open = learn_strip(h1);
      std::string_view tl = learn_strip(tail);
      if (c0.kind == 0 && !open.empty() && open.back() == '[' && (sep == "," || sep.empty()) && !tl.empty() &&
          tl.front() == ']') {
        out.payload = payload_kind::json_array;
        open.remove_suffix(1);
        open = learn_strip(open);
        tl.remove_prefix(1);
        tl = learn_strip(tl);
      } else if (c0.kind == 0) {
        out.json.several = true;
        if (!sep.empty() && sep != "," && sep != ";")
          for (const auto& m : learn_tokens(sep)) learn_add_marker(markers, m);
      } else if (c0.kind == 3) {
        if (!learn_strip(h1).empty() && learn_strip(h1).back() == '[') {
          why = "arguments encoding: a pythonic list of calls after one opener (a spec's pythonic payload reads one "
                "call per opener)";
          return false;
        }
        if (sep.empty() && h2.find('\n') != std::string_view::npos && !learn_strip(h1).empty()) {
          why = "separator between calls: a newline between two pythonic calls of one region (the pythonic payload separates calls with commas)";
          return false;
        }
        if (!sep.empty() && sep != ",") {
          why = "separator between calls: '" + std::string(sep) + "' between two pythonic calls of one region";
          return false;
        }
      } else if (c0.kind == 2) {
        out.xml.multi = true;
        if (!sep.empty()) {
          why = "separator between calls: '" + std::string(sep) + "' between two functions of one region";
          return false;
        }
      } else {
        for (const auto& m : learn_tokens(sep)) learn_add_marker(markers, m);
      }
      std::vector<std::string> otoks = learn_tokens(open);
      if (otoks.empty() && c0.kind == 2 && !out.xml.function_open.empty() && out.xml.function_open[0] == '<' &&
          out.xml.function_open.find(' ') != std::string::npos) {
        // no wrapper: each call's function tag opens it (MiniCPM's `<function name="f">`): the
        // tag's name is the opener, its attribute the function_open
        const std::string fo = out.xml.function_open;
        const std::size_t sp = fo.find(' ');
        out.call_begin = fo.substr(0, sp);
        out.xml.function_open = std::string(learn_strip(std::string_view(fo).substr(sp)));
        out.xml.multi = false;
        for (const auto& m : learn_tokens(tl)) learn_add_marker(markers, m);
        out.markers = std::move(markers);
        return true;
      }
      if (otoks.empty()) {
        why = c0.kind == 3 ? "call opener: the pythonic calls stand bare, with no token before them"
                           : "call opener: nothing stands before the first call";
        return false;
      }
      // the opener is the last token; earlier ones are a section wrapper
      opener = open.substr(open.size() - otoks.back().size());
      for (std::size_t i = 0; i + 1 < otoks.size(); ++i) learn_add_marker(markers, otoks[i]);
      if (otoks.size() > 1 && (c0.kind == 1 || c0.kind == 3)) opener = open;  // `<|begin|>function<|sep|>` ...: the whole head
      const std::vector<std::string> ttoks = learn_tokens(tl);
      if (c0.kind == 3 && !opener.empty() && opener.back() == '[' && !tl.empty() && tl.front() == ']') {
        // a pythonic list: `]` closes it, with the token after it when that token ends the region
        const std::vector<std::string> rest = learn_tokens(learn_strip(tl.substr(1)));
        std::size_t n = 1;
        if (!rest.empty() && learn_closes(opener, rest.front())) n = tl.find(rest.front()) + rest.front().size();
        closer = tl.substr(0, n);
        after_closer = tl.substr(n);
      } else if (!ttoks.empty() && learn_closes(opener, ttoks.front())) {
        closer = tl.substr(0, ttoks.front().size());
        after_closer = tl.substr(closer.size());
      } else {
        after_closer = tl;
      }
    }
  } else {
    opener = learn_strip(h1);
    const std::vector<std::string> ttoks = learn_tokens(learn_strip(tail));
    if (!ttoks.empty() && learn_closes(opener, ttoks.front())) {
      closer = learn_strip(tail).substr(0, ttoks.front().size());
      after_closer = learn_strip(learn_strip(tail).substr(closer.size()));
    }
  }
  if (opener.empty()) {
    if (c0.kind == 0) {
      // bare JSON: the object's brace opens the call
      out.call_begin = "{";
      out.call_begin_position = trigger_position::start;
      out.json.inject = "{";
    } else {
      why = "call opener: nothing stands before the first call";
      return false;
    }
  } else {
    out.call_begin = std::string(opener);
  }
  if (c0.kind == 2 && out.xml.function_name == xml_name_style::to_line && closer.empty()) {
    why = "call closer: a function whose name stands on its own line needs a call closer";
    return false;
  }
  out.call_end = std::string(closer);
  for (const auto& m : learn_tokens(after_closer)) learn_add_marker(markers, m);
  out.markers = std::move(markers);
  return true;
}

/// Parses a sample with a candidate spec: are its calls the sample's? (impl/learn.hpp)
using learn_checker = std::function<bool(const format_spec&, const learn_sample&, std::string&)>;

inline result<format_spec> learn_format(const std::vector<learn_sample>& samples, const learn_checker& learn_check) {
  if (samples.empty()) return error{errc::invalid_input, 0, "no samples to learn from"};
  // the sample with most calls decides the shape; the others confirm it
  std::size_t best = 0;
  for (std::size_t i = 1; i < samples.size(); ++i)
    if (samples[i].tool_calls.size() > samples[best].tool_calls.size()) best = i;
  format_spec spec;
  spec.name = "learned";
  std::string why;
  if (!learn_one(samples[best], spec, why)) return error{errc::invalid_input, 0, "cannot infer the " + why};
  // reasoning markers from any sample that shows them
  for (const auto& s : samples) {
    if (!spec.reasoning.empty()) break;
    format_spec o;
    std::string w;
    if (!learn_strip(s.reasoning).empty() && learn_one(s, o, w)) spec.reasoning = o.reasoning;
  }
  for (const auto& s : samples) {
    format_spec o;
    std::string w;
    if (learn_one(s, o, w))
      for (const auto& m : o.markers) learn_add_marker(spec.markers, m);
  }
  spec.template_markers = {spec.call_begin};
  spec.description = "learned: " + spec.call_begin + " ... " + spec.call_end;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (samples[i].tool_calls.empty()) continue;
    if (!learn_check(spec, samples[i], why))
      return error{errc::invalid_input, 0, "the learned format does not read sample " + std::to_string(i) + " back: " + why};
  }
  return spec;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_LEARN_HPP
