// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_LEARN_RECIPIENTS_HPP
#define TOOLCALL_DETAIL_LEARN_RECIPIENTS_HPP

// format::learn (docs/learning.md, detail/learn.hpp): which token closes an opener, and
// recipient headers (Muse Glimmer's `<|start|>assistant to=NAME<|message|>` before each call's
// block of invokes).

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "../format_spec.hpp"
#include "learn_find.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A closer that answers its opener: `</X>` for `<X>`, a closing code fence for a fence
/// opener (``` for ```json), a token naming an end or a close, or the opener with `prefix`
/// turned `suffix` (`start` turned `stop`).
inline bool learn_closes(std::string_view opener, std::string_view tok) {
  if (tok.empty()) return false;
  if (opener.size() > 2 && opener[0] == '<' && tok.size() > 3 && tok.substr(0, 2) == "</" &&
      tok.substr(2) == opener.substr(1))
    return true;
  // a markdown fence: ``` closes ```json
  if (opener.size() > 3 && opener.substr(0, 3) == "```" && tok == "```") return true;
  if (tok.find("end") != std::string_view::npos || tok.find("END") != std::string_view::npos ||
      tok.find("close") != std::string_view::npos)
    return true;
  // the opener with its word turned: `<|tools_prefix|>` and `<|tools_suffix|>`
  for (const auto& w : {std::make_pair("prefix", "suffix"), std::make_pair("start", "stop")}) {
    const std::size_t k = opener.find(w.first);
    if (k == std::string_view::npos) continue;
    const std::string turned =
        std::string(opener.substr(0, k)) + w.second + std::string(opener.substr(k + std::strlen(w.first)));
    if (turned == tok) return true;
  }
  return false;
}

/// The recipient named by the header `to=W` + `msg` that ends right before `at`, or empty.
inline std::string_view learn_recipient_before(std::string_view t, std::size_t at, std::string_view msg) {
  while (at > 0 && learn_ws(t[at - 1])) --at;
  if (at < msg.size() || t.substr(at - msg.size(), msg.size()) != msg) return {};
  const std::size_t e = at - msg.size();
  std::size_t b = e;
  while (b > 0 && learn_ident(t[b - 1])) --b;
  if (b < 3 || t.substr(b - 3, 3) != "to=") return {};
  return t.substr(b, e - b);
}

/// Recipient headers (Muse Glimmer: `<|start|>assistant to=NAME<|message|>` before each call's
/// block, `to=self` before reasoning, `to=user` before content). `used` is false when the turn
/// does not show them (the other shapes are tried); false with `why` when they are malformed.
inline bool learn_recipients(const learn_sample& s, format_spec& out, std::string& why, bool& used) {
  used = false;
  const std::string_view t = s.rendered;
  if (s.tool_calls.empty()) return true;
  const std::string h0 = "to=" + s.tool_calls[0].name;
  const std::size_t hp = t.find(h0);
  if (hp == std::string_view::npos) return true;
  const std::string_view msg = learn_tag_at(t, hp + h0.size());
  if (msg.empty()) return true;
  used = true;
  recipient_spec r;
  r.message = std::string(msg);
  // the start token and the role before `to=` in a later message
  std::size_t q = hp;
  while (q > 0 && learn_ws(t[q - 1])) --q;
  std::size_t w = q;
  while (w > 0 && learn_ident(t[w - 1])) --w;
  const std::size_t lt = w > 0 ? t.rfind('<', w - 1) : std::string_view::npos;
  const std::string_view st = lt == std::string_view::npos ? std::string_view() : learn_tag_at(t, lt);
  if (t.substr(w, q - w) != "assistant" || st.empty() || lt + st.size() != w) {
    why = "recipient headers: no start token and assistant role before to=" + s.tool_calls[0].name;
    return false;
  }
  r.start = std::string(st);
  const auto end_after = [&](std::size_t at) {
    while (at < t.size() && learn_ws(t[at])) ++at;
    const std::string_view e = learn_tag_at(t, at);
    if (!e.empty() && e != st && std::find(r.ends.begin(), r.ends.end(), e) == r.ends.end())
      r.ends.push_back(std::string(e));
  };
  for (int k = 0; k < 2; ++k) {
    const std::string_view text = learn_strip(k == 0 ? s.reasoning : s.content);
    if (text.empty()) continue;
    const std::size_t at = t.find(text);
    if (at == std::string_view::npos) continue;
    const std::string_view who = learn_recipient_before(t, at, msg);
    if (who.empty()) continue;
    (k == 0 ? r.reasoning : r.content).push_back(std::string(who));
    end_after(at + text.size());
  }
  std::size_t pos = 0;
  for (std::size_t i = 0; i < s.tool_calls.size(); ++i) {
    const auto& c = s.tool_calls[i];
    const std::string h = "to=" + c.name + std::string(msg);
    const std::size_t a = t.find(h, pos);
    if (a == std::string_view::npos) {
      why = "recipient headers: no header " + h + " before the call " + c.name;
      return false;
    }
    std::size_t b = a + h.size();
    while (b < t.size() && learn_ws(t[b])) ++b;
    const std::string_view block = learn_tag_at(t, b);
    std::string xwhy;
    const learn_call lc = block.empty() ? learn_call{} : learn_find_xml(t, b + block.size(), c, xwhy);
    if (!lc.ok || lc.xml.function_open.empty()) {
      why =
          xwhy.empty() ? "arguments encoding: the tool message of " + c.name + " is not a block of XML invokes" : xwhy;
      return false;
    }
    std::size_t e = lc.end;
    while (e < t.size() && learn_ws(t[e])) ++e;
    const std::string_view closer = learn_tag_at(t, e);
    if (!learn_closes(block, closer)) {
      why = "call closer: nothing closes the tool message's " + std::string(block);
      return false;
    }
    if (i == 0) {
      out.payload = payload_kind::xml_parameters;
      out.xml = lc.xml;
      out.xml.multi = false;
      const std::size_t sp = out.xml.function_open.find(' ');
      out.xml.invoke_lead = out.xml.function_open.substr(0, sp);
      out.call_begin = std::string(block);
      out.call_end = std::string(closer);
    }
    end_after(e + closer.size());
    pos = e + closer.size();
  }
  out.recipients = r;
  out.markers = r.ends;
  return true;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_LEARN_RECIPIENTS_HPP
