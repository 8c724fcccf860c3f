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
#include "learn_find.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

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
    if (!e.empty() && e != st && std::find(r.ends.begin(), r.ends.end(), e) == r.ends.end()) r.ends.push_back(std::string(e));
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
      why = xwhy.empty() ? "arguments encoding: the tool message of " + c.name + " is not a block of XML invokes" : xwhy;
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

/// `glue`: a tag end learned from a first pass (Kimi-K3's `<|sep|>`): tokens run to it.
inline bool learn_one(const learn_sample& s, format_spec& out, std::string& why, std::string_view glue = {}) {
  const auto learn_tokens = [glue](std::string_view x) { return detail::learn_tokens(x, glue); };
  bool recipients = false;
  if (!learn_recipients(s, out, why, recipients)) return false;
  if (recipients) return true;
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
    case 1: {
      out.payload = payload_kind::name_json;
      out.name_end = c0.name_end;
      // several tokens between the name and its arguments (PLaMo 3): the first ends the name,
      // the others may stand before the arguments (each optional: models drop some)
      const std::vector<std::string> nt = learn_tokens(c0.name_end);
      if (nt.size() > 1 && nt[0].size() > 1) {
        out.name_end = nt[0];
        out.arguments_lead.assign(nt.begin() + 1, nt.end());
      }
      if (out.name_end.size() > 256) {
        why = "name slot: " + std::to_string(out.name_end.size()) + " bytes stand between the name and its arguments";
        return false;
      }
      break;
    }
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
      // a special token after a word (Solar Open's id then `<|tool_call:name|>`)
      if (c == '<' && at + 1 < h1.size() && h1[at + 1] == '|') break;
      --cs;
    }
    std::string_view suffix = learn_strip(h1.substr(h1.size() - cs));
    if (!suffix.empty() && !(c0.kind == 0 && suffix == "[")) {
      // each call has its own opener
      opener = suffix;
      std::size_t op = h1.rfind(opener);
      std::size_t hp = h2.rfind(opener);
      if (c0.kind == 1) {
        // a word that differs from call to call before the shared token: an id slot (Solar
        // Open's `<|tool_call:begin|>ID<|tool_call:name|>NAME`); the token before it opens
        std::size_t w1 = op, w2 = hp;
        while (w1 > 0 && learn_ident(h1[w1 - 1])) --w1;
        while (w2 > 0 && learn_ident(h2[w2 - 1])) --w2;
        if (w1 < op && w2 < hp && w1 > 0 && w2 > 0 && h1[w1 - 1] == '>' && h2[w2 - 1] == '>') {
          const std::string_view a1 = h1.substr(0, w1), a2 = h2.substr(0, w2);
          const std::vector<std::string> t1 = learn_tokens(a1), t2 = learn_tokens(a2);
          if (!t1.empty() && !t2.empty() && t1.back() == t2.back() && t1.back().front() == '<') {
            out.id_end = std::string(opener);
            opener = a1.substr(a1.size() - t1.back().size());
            op = a1.size() - t1.back().size();
            hp = a2.size() - t2.back().size();
          }
        }
        // token slots: the opener is its last token, the tokens before it are markup
        if (!out.id_end.empty() || !out.arguments_lead.empty()) {
          const std::vector<std::string> ot = learn_tokens(opener);
          if (ot.size() > 1) {
            const std::size_t cut = opener.size() - ot.back().size();
            op += cut;
            hp = h2.rfind(ot.back());
            opener = opener.substr(cut);
          }
        }
      }
      for (const auto& m : learn_tokens(h1.substr(0, op))) learn_add_marker(markers, m);
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
      if (c0.kind == 1 && (!out.id_end.empty() || !out.arguments_lead.empty())) {
        // token slots: the arguments end at the closer's first token, the others are markup
        const std::vector<std::string> ct = learn_tokens(closer);
        if (ct.size() > 1) closer = closer.substr(0, ct[0].size());
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
        // a block of invokes, each failing alone (a bad one goes back to content)
        const std::size_t sp = out.xml.function_open.find(' ');
        if (sp != std::string::npos && !out.xml.function_close.empty() && out.xml.function_name == xml_name_style::quoted)
          out.xml.invoke_lead = out.xml.function_open.substr(0, sp);
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
        out.xml.invoke_lead.clear();
        for (const auto& m : learn_tokens(tl)) learn_add_marker(markers, m);
        out.markers = std::move(markers);
        return true;
      }
      if (otoks.empty() && c0.kind == 3) {
        // bare pythonic lines (Granite): each call starts a line, opened by its tool's name
        for (const auto& lc : calls)
          if (lc.start > 0 && t[lc.start - 1] != '\n') {
            why = "call opener: the pythonic calls stand bare, with no token before them and not at a line start";
            return false;
          }
        out.payload = payload_kind::pythonic;
        out.tool_name_triggers = true;
        out.call_begin.clear();
        for (const auto& m : learn_tokens(tl)) learn_add_marker(markers, m);
        out.markers = std::move(markers);
        return true;
      }
      if (otoks.empty() && out.payload == payload_kind::json_array) {
        // a bare JSON list at the start of the output (xLAM): its bracket opens the calls
        out.call_begin = "[";
        out.call_begin_position = trigger_position::start;
        out.json.inject = "[";
        for (const auto& m : learn_tokens(tl)) learn_add_marker(markers, m);
        out.markers = std::move(markers);
        return true;
      }
      if (otoks.empty()) {
        why = "call opener: nothing stands before the first call";
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
  // tags ended by a token of their own (Kimi-K3's `<|sep|>`): read the turn again with tokens
  // that run to it, so `<|open|>tools<|sep|>` is one token
  const std::string glue = spec.xml.tag_end;
  if (!glue.empty()) {
    format_spec again;
    again.name = spec.name;
    if (!learn_one(samples[best], again, why, glue)) return error{errc::invalid_input, 0, "cannot infer the " + why};
    spec = std::move(again);
  }
  // reasoning markers from any sample that shows them
  for (const auto& s : samples) {
    if (!spec.reasoning.empty()) break;
    format_spec o;
    std::string w;
    if (!learn_strip(s.reasoning).empty() && learn_one(s, o, w, glue)) spec.reasoning = o.reasoning;
  }
  for (const auto& s : samples) {
    format_spec o;
    std::string w;
    if (learn_one(s, o, w, glue))
      for (const auto& m : o.markers) learn_add_marker(spec.markers, m);
  }
  spec.template_markers.clear();
  if (!spec.call_begin.empty()) spec.template_markers.push_back(spec.call_begin);
  spec.description = spec.tool_name_triggers ? "learned: NAME(...) lines of the declared tools"
                                             : "learned: " + spec.call_begin + " ... " + spec.call_end;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (samples[i].tool_calls.empty()) continue;
    // calls opened by a declared tool's name: the sample's tools are the declared ones
    format_spec checked = spec;
    if (spec.tool_name_triggers)
      for (const auto& c : samples[i].tool_calls) checked.triggers.push_back({c.name + "(", "", trigger_position::line_start});
    if (!learn_check(checked, samples[i], why))
      return error{errc::invalid_input, 0, "the learned format does not read sample " + std::to_string(i) + " back: " + why};
  }
  return spec;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_LEARN_HPP
