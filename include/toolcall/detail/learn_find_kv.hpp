// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_LEARN_FIND_KV_HPP
#define TOOLCALL_DETAIL_LEARN_FIND_KV_HPP

// format::learn's finders for key-value bodies (docs/learning.md, payload_kind::key_value):
// `call:NAME{key:<D>text<D>,n:3}`, bare keys, strings between two delimiter tokens D (Gemma 4's
// `<|"|>`, FunctionGemma's `<escape>`), JSON literals and numbers, nested objects and arrays;
// and for tag-per-tool XML (payload_kind::xml_elements): `<NAME><KEY>V</KEY></NAME>`.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json_lexer.hpp"
#include "learn_find.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The key-value body opening at `q` (`{`) as JSON text, strings between two `d` tokens;
/// `end` is set past its closing brace. Empty when it is not one.
inline std::string learn_kv_to_json(std::string_view t, std::size_t q, std::string_view d, std::size_t& end) {
  std::string j;
  int depth = 0;
  std::size_t i = q;
  while (i < t.size()) {
    if (t.compare(i, d.size(), d) == 0) {
      const std::size_t e = t.find(d, i + d.size());
      if (e == std::string_view::npos) return {};
      j += '"';
      json_escape_append(j, t.substr(i + d.size(), e - i - d.size()));
      j += '"';
      i = e + d.size();
      continue;
    }
    const char c = t[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
      std::size_t e = i;
      while (e < t.size() && learn_ident(t[e])) ++e;
      const std::string_view w = t.substr(i, e - i);
      if (e < t.size() && t[e] == ':')
        j += "\"" + std::string(w) + "\"";  // a bare key
      else
        j += std::string(w);  // true, false, null
      i = e;
      continue;
    }
    j += c;
    ++i;
    if (c == '{' || c == '[')
      ++depth;
    else if (c == '}' || c == ']') {
      if (--depth == 0) {
        end = i;
        return j;
      }
    } else if (c == '"') {
      return {};  // a quoted string: not this encoding
    }
  }
  return {};
}

/// A call written `call:NAME{key:value,...}` with a string delimiter, at or after `p`.
inline learn_call learn_find_key_value(std::string_view t, std::size_t p, const learn_sample::call& c) {
  learn_call r;
  const std::size_t np = learn_find_name(t, p, c.name);
  static constexpr std::string_view kw = "call:";
  if (np == std::string_view::npos || np < kw.size() || t.substr(np - kw.size(), kw.size()) != kw) return r;
  std::size_t q = np + c.name.size();
  while (q < t.size() && learn_ws(t[q])) ++q;
  if (q >= t.size() || t[q] != '{') return r;
  // the delimiter: what stands between a string argument's key and its text
  std::string d;
  for (const auto& kv : learn_xml_values(c.arguments)) {
    const std::string key = kv.first + ":";
    const std::size_t kp = t.find(key, q);
    if (kp == std::string_view::npos) return r;
    const std::size_t vs = kp + key.size();
    if (vs < t.size() && t[vs] == '<') {
      const std::size_t vp = t.find(kv.second, vs);
      if (vp == std::string_view::npos || vp == vs || vp - vs > 32) return r;
      d = std::string(t.substr(vs, vp - vs));
      break;
    }
  }
  if (d.empty()) return r;
  std::size_t end = 0;
  const std::string j = learn_kv_to_json(t, q, d, end);
  if (j.empty() || !learn_json_text_same(j, c.arguments, false)) return r;
  r.start = np - kw.size();
  r.end = end;
  r.kind = 4;
  r.name_end = d;  // the string delimiter
  r.ok = true;
  return r;
}

/// The arguments of a call written from `pos` as elements named after their keys, in order,
/// whitespace around them (`<city>Paris</city>`: strings raw, other values as JSON); `strip`:
/// whitespace around a value is markup. Where the last element ends (whitespace after it
/// skipped), or npos when they are not so written.
inline std::size_t learn_match_elements(std::string_view t, std::size_t pos,
                                        const std::vector<std::pair<std::string, std::string>>& vals, bool strip) {
  for (const auto& kv : vals) {
    while (pos < t.size() && learn_ws(t[pos])) ++pos;
    const std::string ko = "<" + kv.first + ">", kc = "</" + kv.first + ">";
    if (t.compare(pos, ko.size(), ko) != 0) return std::string_view::npos;
    const std::size_t ve = t.find(kc, pos + ko.size());
    if (ve == std::string_view::npos) return ve;
    std::string_view v = t.substr(pos + ko.size(), ve - pos - ko.size());
    if (strip) v = learn_strip(v);
    if (v != kv.second && !learn_json_text_same(v, kv.second, false)) return std::string_view::npos;
    pos = ve + kc.size();
  }
  while (pos < t.size() && learn_ws(t[pos])) ++pos;
  return pos;
}

/// A call written as tag-per-tool XML at or after `p`: `<NAME>`, each argument an element
/// named after its key holding its text (strings raw, other values as JSON), then `</NAME>`.
inline learn_call learn_find_elements(std::string_view t, std::size_t p, const learn_sample::call& c) {
  learn_call r;
  const std::string open = "<" + c.name + ">", close = "</" + c.name + ">";
  const std::size_t q = t.find(open, p);
  if (q == std::string_view::npos) return r;
  const auto vals = learn_xml_values(c.arguments);
  if (vals.empty()) return r;
  const std::size_t pos = learn_match_elements(t, q + open.size(), vals, true);
  if (pos == std::string_view::npos || t.compare(pos, close.size(), close) != 0) return r;
  r.start = q;
  r.end = pos + close.size();
  r.kind = 5;
  r.ok = true;
  return r;
}

/// A function tag naming the call in a quoted attribute, `<invoke name="NAME">`, whose
/// parameters are elements named after their keys (`<city>Paris</city>`, strings raw, other
/// values as JSON), then the tag's closer `</invoke>`, at or after `p` (MiniMax-M3 once its tag
/// prefix is taken out of the text).
inline learn_call learn_find_invoke_elements(std::string_view t, std::size_t p, const learn_sample::call& c) {
  learn_call r;
  const std::string quoted = "=\"" + c.name + "\"";
  const std::size_t nq = t.find(quoted, p);
  if (nq == std::string_view::npos) return r;
  const std::size_t lt = t.rfind('<', nq);
  if (lt == std::string_view::npos || lt < p) return r;
  const std::string_view head = t.substr(lt, nq + 1 - lt);  // `<invoke name=`
  const std::size_t sp = head.find(' ');
  if (sp == std::string_view::npos || sp < 2 || head.find('>') != std::string_view::npos) return r;
  for (std::size_t k = 1; k < sp; ++k)
    if (!learn_ident(head[k])) return r;
  const std::size_t gt = t.find('>', nq + quoted.size());
  if (gt == std::string_view::npos || gt > nq + quoted.size() + 256) return r;
  const std::size_t pos = learn_match_elements(t, gt + 1, learn_xml_values(c.arguments), false);
  const std::string close = "</" + std::string(head.substr(1, sp - 1)) + ">";
  if (pos == std::string_view::npos || t.compare(pos, close.size(), close) != 0) return r;
  r.start = lt;
  r.end = pos + close.size();
  r.kind = 2;
  r.xml.function_open = std::string(head);
  r.xml.function_name = xml_name_style::quoted;
  r.xml.function_close = close;
  r.xml.parameter_name = xml_name_style::element;
  r.ok = true;
  return r;
}

/// A token written before every tag (MiniMax-M3's `]<]minimax[>[`): the run of non-blank bytes
/// right before the tag that names the first call (`PREFIX<invoke name="get_weather">`), when
/// it also stands before a closing tag and at least three times in all; else empty.
inline std::string learn_tag_prefix(const learn_sample& s) {
  if (s.tool_calls.empty()) return {};
  const std::string_view t = s.rendered;
  const std::size_t nq = t.find("\"" + s.tool_calls[0].name + "\"");
  if (nq == std::string_view::npos) return {};
  const std::size_t lt = t.rfind('<', nq);
  if (lt == std::string_view::npos) return {};
  std::size_t a = lt;
  while (a > 0 && !learn_ws(t[a - 1]) && lt - a < 64) --a;
  const std::string_view pre = t.substr(a, lt - a);
  if (pre.size() < 2 || t.find(std::string(pre) + "</") == std::string_view::npos) return {};
  std::size_t n = 0;
  for (std::size_t q = t.find(pre); q != std::string_view::npos; q = t.find(pre, q + pre.size())) ++n;
  return n >= 3 ? std::string(pre) : std::string();
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_LEARN_FIND_KV_HPP
