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
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <functional>

#include "../format_spec.hpp"
#include "json.hpp"
#include "prose.hpp"
#include "learn_find.hpp"
#include "learn_find_kv.hpp"
#include "learn_recipients.hpp"
#include "spec_tokens.hpp"

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

/// The tokens a template writes before the first call opener: the one right before it opens the
/// section of calls (section_openers: output cut after it is a cut call), unless it closes
/// something (`</x>`, `<|close|>response<|sep|>`, `<|end|>`: the content before the calls); the
/// others are markers.
inline void learn_add_head(std::vector<std::string>& markers, std::vector<std::string>& openers,
                           const std::vector<std::string>& toks, std::string_view head) {
  for (std::size_t i = 0; i < toks.size(); ++i) {
    std::string low(toks[i]);
    for (char& c : low) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    const bool closes = low.compare(0, 2, "</") == 0 || low.find("close") != std::string::npos ||
                        low.find("end") != std::string::npos;
    const bool last = i + 1 == toks.size() && !closes && learn_strip(head).size() >= toks[i].size() &&
                      learn_strip(head).substr(learn_strip(head).size() - toks[i].size()) == toks[i];
    learn_add_marker(last ? openers : markers, toks[i]);
  }
}

/// Learns what one sample shows; `why` names the slot that failed.
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
    // no opener in the turn: the generation prompt opened the block (the caller knows it); a
    // word glued to the token before it belongs to the opener (Gemma 4's `<|channel>thought`)
    if (!open.empty()) {
      std::string o = open.back();
      if (open.size() >= 2 && o.front() != '<' && o.front() != '[' && open[open.size() - 2].front() == '<')
        o = open[open.size() - 2] + o;
      out.reasoning = {{o, close.front()}};
    }
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
    if (!lc.ok) lc = learn_find_key_value(t, q, c);
    if (!lc.ok) lc = learn_find_elements(t, q, c);
    if (!lc.ok) lc = learn_find_invoke_elements(t, q, c);
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
  if (c0.kind == 5) {
    // tag-per-tool XML: each call opens at its tool's tag (the request's tools give the
    // openers); the special tokens around the calls are markers
    out.payload = payload_kind::xml_elements;
    std::vector<std::string> markers;
    std::size_t from = p;
    for (const auto& lc : calls) {
      for (const auto& m : learn_tokens(t.substr(from, lc.start - from))) learn_add_marker(markers, m);
      from = lc.end;
    }
    for (const auto& m : learn_tokens(t.substr(from))) learn_add_marker(markers, m);
    out.markers = std::move(markers);
    return true;
  }
  switch (c0.kind) {
    case 0:
      out.payload = payload_kind::json_object;
      out.name_key = c0.name_key;
      out.arguments_key = c0.args_key;
      out.json.name_as_key = c0.name_as_key;
      break;
    case 1: {
      out.payload = payload_kind::name_json;
      out.name_end = c0.name_end;
      out.name_prefix = c0.name_prefix;
      out.name_index = c0.name_index;
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
    case 4:
      out.payload = payload_kind::key_value;
      out.string_delimiter = c0.name_end;
      break;
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
      learn_add_head(markers, out.section_openers, learn_tokens(h1.substr(0, op)), h1.substr(0, op));
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
        if (!open.empty() && open.back() == '[' && sep == "," && !tl.empty() && tl.front() == ']') {
          // a Python list after the opener (LFM2): the payload reads the brackets
          out.pythonic.list = true;
          open.remove_suffix(1);
          open = learn_strip(open);
        } else if (sep.empty() && h2.find('\n') != std::string_view::npos && !open.empty()) {
          // one call per line after one opener (Olmo 3)
          out.pythonic.lines = true;
        } else if (!sep.empty() && sep != ",") {
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
        // a bare JSON list at the start of the output (xLAM): its bracket opens the calls; with
        // no token to mark them, objects without the arguments key the template writes are data
        out.call_begin = "[";
        out.call_begin_position = trigger_position::start;
        out.json.inject = "[";
        out.json.require_arguments = true;
        // models wrap bare JSON in a markdown fence, at the start or on a line after prose; the
        // peers' bare-JSON readers (vLLM's xlam parser, the engine's own) take it as the call's
        out.triggers.push_back({"```json", "```", trigger_position::line_start});
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
      const std::string_view head = open.substr(0, open.size() - otoks.back().size());
      learn_add_head(markers, out.section_openers, learn_tokens(head), head);
      if (otoks.size() > 1 && (c0.kind == 1 || c0.kind == 3)) opener = open;  // `<|begin|>function<|sep|>` ...: the whole head
      const std::vector<std::string> ttoks = learn_tokens(tl);
      if (out.pythonic.list) {
        // the list's `]` is the payload's; the token after it closes the region when it answers
        // the opener
        const std::string_view rest = learn_strip(tl.substr(1));
        const std::vector<std::string> rt = learn_tokens(rest);
        std::size_t n = 0;
        if (!rt.empty() && learn_closes(opener, rt.front())) n = rt.front().size();
        closer = rest.substr(0, n);
        after_closer = rest.substr(n);
      } else if (!ttoks.empty() && learn_closes(opener, ttoks.front())) {
        closer = tl.substr(0, ttoks.front().size());
        after_closer = tl.substr(closer.size());
      } else {
        after_closer = tl;
      }
    }
  } else {
    opener = learn_strip(h1);
    // leading special tokens the text after the call repeats end and start messages
    // (GigaChat 3's `<|message_sep|>` before the `function call<|role_sep|>` role): markers
    const std::vector<std::string> htoks = learn_tokens(opener), atoks = learn_tokens(tail);
    std::size_t cut = 0;
    for (std::size_t k = 0; k + 1 < htoks.size(); ++k) {
      const std::string& x = htoks[k];
      const bool special = x.size() >= 3 && (x.front() == '<' || x.front() == '[');
      if (!special || std::find(atoks.begin(), atoks.end(), x) == atoks.end()) break;
      cut = opener.find(x, cut) + x.size();
      learn_add_marker(markers, x);
    }
    opener = learn_strip(opener.substr(cut));
    const std::vector<std::string> ttoks = learn_tokens(learn_strip(tail));
    if (!ttoks.empty() && learn_closes(opener, ttoks.front())) {
      closer = learn_strip(tail).substr(0, ttoks.front().size());
      after_closer = learn_strip(learn_strip(tail).substr(closer.size()));
    }
  }
  if (opener.empty()) {
    if (c0.kind == 0) {
      // bare JSON: the object's brace opens the call (an object without arguments is data)
      out.call_begin = "{";
      out.call_begin_position = trigger_position::start;
      out.json.inject = "{";
      out.json.require_arguments = true;
      out.triggers.push_back({"```json", "```", trigger_position::line_start});  // as for a bare list
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

inline result<format_spec> learn_shown(const std::vector<learn_sample>& samples, const learn_checker& learn_check);

inline result<format_spec> learn_format(const std::vector<learn_sample>& samples, const learn_checker& learn_check) {
  if (samples.empty()) return error{errc::invalid_input, 0, "no samples to learn from"};
  // a template that renders only the first calls of a turn (GigaChat 3 writes one): the
  // sample holds the calls whose names appear, in order (none: the name slot says so)
  std::vector<learn_sample> shown(samples);
  for (auto& s : shown) {
    std::size_t at = 0, n = 0;
    for (; n < s.tool_calls.size(); ++n) {
      const std::size_t q = learn_find_name(s.rendered, at, s.tool_calls[n].name);
      if (q == std::string_view::npos) break;
      at = q + s.tool_calls[n].name.size();
    }
    if (n > 0) s.tool_calls.resize(n);
  }
  result<format_spec> plain = learn_shown(shown, learn_check);
  if (plain) return plain;
  // a token before every tag (MiniMax-M3's `]<]minimax[>[`): learned from the turns without it,
  // the parameters elements named after their keys (xml.parameter_name element, xml.tag_prefix)
  std::size_t best = 0;
  for (std::size_t i = 1; i < shown.size(); ++i)
    if (shown[i].tool_calls.size() > shown[best].tool_calls.size()) best = i;
  const std::string pre = learn_tag_prefix(shown[best]);
  if (pre.empty()) return plain;
  std::vector<learn_sample> bare(shown);
  for (auto& s : bare)
    for (std::size_t q = s.rendered.find(pre); q != std::string::npos; q = s.rendered.find(pre, q)) s.rendered.erase(q, pre.size());
  const auto with_prefix = [&pre](format_spec sp) {
    sp.xml.tag_prefix = pre;
    sp.call_begin = pre + sp.call_begin;
    if (!sp.call_end.empty()) sp.call_end = pre + sp.call_end;
    sp.template_markers = {pre};
    sp.description = "learned: " + sp.call_begin + " ... " + sp.call_end + ", parameters as elements";
    return sp;
  };
  const learn_checker prefixed = [&](const format_spec& sp, const learn_sample& s, std::string& why) {
    if (sp.payload != payload_kind::xml_parameters || sp.xml.parameter_name != xml_name_style::element) {
      why = "a tag prefix is learned only for parameters written as elements";
      return false;
    }
    return learn_check(with_prefix(sp), shown[static_cast<std::size_t>(&s - bare.data())], why);
  };
  result<format_spec> r = learn_shown(bare, prefixed);
  if (!r) return plain;
  return with_prefix(std::move(*r));
}

inline result<format_spec> learn_shown(const std::vector<learn_sample>& samples, const learn_checker& learn_check) {
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
    if (!learn_one(s, o, w, glue)) continue;
    for (const auto& m : o.markers) learn_add_marker(spec.markers, m);
    for (const auto& m : o.section_openers) learn_add_marker(spec.section_openers, m);
  }
  // a token a turn without calls writes too opens no section of calls: a marker
  for (const auto& s : samples) {
    if (!s.tool_calls.empty()) continue;
    for (std::size_t k = spec.section_openers.size(); k-- > 0;)
      if (s.rendered.find(spec.section_openers[k]) != std::string::npos) {
        learn_add_marker(spec.markers, spec.section_openers[k]);
        spec.section_openers.erase(spec.section_openers.begin() + static_cast<std::ptrdiff_t>(k));
      }
  }
  // a turn whose first call stands at its start without the opener: the generation prompt
  // wrote the opener (Functionary v3.2's `>>>`)
  if (spec.payload == payload_kind::name_json && spec.id_end.empty() && spec.arguments_lead.empty() &&
      !spec.call_begin.empty())
    for (const auto& s : samples) {
      if (s.tool_calls.empty()) continue;
      const std::string& n = s.tool_calls[0].name;
      if (learn_strip(s.rendered).substr(0, n.size()) == n) spec.prompt_opens_call = true;
    }
  // what no template shows, the vendor default the peers agree on: a stop sequence may eat the
  // call closer. XML functions with a closer of their own are complete at it (the region's
  // closer may be missing); those without one are complete at their last value's closer
  // (`close_at_end`: GLM's and Hy3's vLLM parsers keep such calls, marked repaired)
  if (spec.payload == payload_kind::xml_parameters && spec.xml.function_close.empty() && !spec.call_end.empty() &&
      spec.xml.parameter_name != xml_name_style::element && spec.recipients.message.empty())
    spec.xml.close_at_end = true;
  // XML values: `<![CDATA[...]]>` is the text inside, and a tag whose space a byte-level
  // tokenizer left as `Ġ` or dropped is the tag (MiniCPM5's reader; no parser reads them otherwise)
  if (spec.payload == payload_kind::xml_parameters && spec.xml.parameter_close.compare(0, 2, "</") == 0 &&
      spec.xml.parameter_name != xml_name_style::element)
    spec.xml.cdata = spec.xml.tokenizer_spaces = true;
  // a key tag then a value tag (GLM's `<arg_key>K</arg_key><arg_value>V</arg_value>`): the
  // parsers of such tags pair them by position, an undeclared key included (no schema_tags)
  if (spec.payload == payload_kind::xml_parameters && !spec.xml.value_open.empty()) spec.xml.schema_tags = false;
  // a JSON list right after a special token, with no closer (Sarashina's `<|tool_calls|>[...]`):
  // servers that strip special tokens (vLLM's default) leave the bare list at the start, which
  // the peers read as the calls (bare_json.call_array)
  if (spec.payload == payload_kind::json_array && spec.call_end.empty() && spec.json.inject.empty() &&
      special_token_shape(spec.call_begin))
    spec.bare_json.call_array = true;
  // an XML call opener that is a special token then plain text (Step-3's
  // `<｜tool_call_begin｜>function<｜tool_sep｜>`): the text after the token is a call prefix a
  // model may leave out or follow with a bare name, as the vendor's reader does (vLLM's step3
  // reads the invoke right after the token, or after `function<｜tool_sep｜>NAME`); kept only
  // when the split spec still reads every sample (a generic token such as Kimi-K3's `<|open|>`
  // opens other tags too)
  if (spec.payload == payload_kind::xml_parameters && spec.xml.call_prefix.empty() && !spec.xml.function_open.empty()) {
    const std::vector<std::string> toks = learn_tokens(spec.call_begin);
    if (toks.size() >= 2 && special_token_shape(toks[0]) && !special_token_shape(toks[1]) &&
        spec.call_begin.compare(0, toks[0].size(), toks[0]) == 0) {
      format_spec split = spec;
      split.xml.call_prefix = spec.call_begin.substr(toks[0].size());
      split.call_begin = toks[0];
      split.xml.call_prefix_optional = true;
      split.xml.name_after_prefix = true;
      bool reads = true;
      std::string ignored;
      for (const auto& s : samples)
        if (!s.tool_calls.empty() && !learn_check(split, s, ignored)) reads = false;
      if (reads) spec = std::move(split);
    }
  }
  // a JSON object with no closer, from a template that writes one call a turn (Llama 3.1's
  // raises on two): the peers read later calls after it, `;` or whitespace between (vLLM's
  // llama3_json splits on `;`), so several values may follow (json.several)
  std::size_t most_calls = 0;
  for (const auto& s : samples) most_calls = std::max(most_calls, s.tool_calls.size());
  if (spec.payload == payload_kind::json_object && spec.call_end.empty() && most_calls == 1 && !spec.json.name_as_key)
    spec.json.several = true;
  // every tag token spelled `<name:word>` with one word (Hy3's `<tool_call:opensource>`): the
  // word is the tokenizer's suffix; vLLM's hy_v3 takes it from the tokenizer, and a checkpoint
  // without it writes `<tool_call>`, so both spellings are read (format_spec::token_suffix)
  spec.token_suffix = spec_shared_suffix(spec);
  spec.template_markers.clear();
  if (!spec.call_begin.empty()) spec.template_markers.push_back(spec.call_begin);
  if (spec.tool_name_triggers) spec.description = "learned: NAME(...) lines of the declared tools";
  else if (spec.payload == payload_kind::xml_elements)
    spec.description = "learned: tag-per-tool XML of the declared tools";
  else spec.description = "learned: " + spec.call_begin + " ... " + spec.call_end;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (samples[i].tool_calls.empty()) continue;
    // calls opened by a declared tool's name: the sample's tools are the declared ones
    format_spec checked = spec;
    if (spec.tool_name_triggers)
      for (const auto& c : samples[i].tool_calls) checked.triggers.push_back({c.name + "(", "", trigger_position::line_start});
    if (spec.payload == payload_kind::xml_elements)
      for (const auto& c : samples[i].tool_calls)
        checked.triggers.push_back({"<" + c.name + ">", "", trigger_position::anywhere});
    if (!learn_check(checked, samples[i], why))
      return error{errc::invalid_input, 0, "the learned format does not read sample " + std::to_string(i) + " back: " + why};
  }
  return spec;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_LEARN_HPP
