// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SPEC_COMPILE_HPP
#define TOOLCALL_DETAIL_SPEC_COMPILE_HPP

// format_spec -> format_def (docs/format_spec.md). Custom formats, spec files, learned formats
// and the data-only built-in rooms (seed_oss, glm, minimax_m2, minimax_m3, step3, deepseek_dsml,
// cohere, internlm2, gigachat3, functools) all go through compile_spec, so a room written as a
// spec and the same spec read back from its JSON file build the same handler with the same
// configuration:
// - JSON payloads: json_region_handler, one json_region_spec per opener;
// - XML parameters: xml_region_handler (one xml_spec per opener), or xml_block_handler when
//   the region is a block of invokes (`xml.invoke_lead`);
// - name-then-JSON with an id slot or tokens before the arguments: slot_handler;
// - pythonic calls opened by a declared tool's name: tool_line_handler;
// - recipient headers before a block of invokes: recipient_handler;
// - name-as-key JSON lists (json.name_as_key): name_key_json_handler;
// - tag-per-tool XML (xml_elements): morph_xml_handler, openers from the declared tools;
// - element parameters behind a tag prefix (xml.parameter_name element): element_block_handler;
// - `call:NAME{key:value}` bodies (key_value): gemma_call_handler with the spec's delimiter;
// - pythonic, regex and name-then-JSON payloads: custom_handler (pythonic ones, and the
//   tool_line_handler, inside finite_numbers_handler: a call holding 1e999 is dropped).
// The handlers view strings owned by a copy of the spec kept by the format_def's factory.

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../format_spec.hpp"
#include "../formats/gemma4.hpp"
#include "../formats/granite_pythonic.hpp"
#include "../formats/json_region.hpp"
#include "../formats/minimax_m1.hpp"
#include "../formats/region_filters.hpp"
#include "../formats/morph_xml.hpp"
#include "../formats/muse_glimmer.hpp"
#include "../formats/slot_region.hpp"
#include "custom.hpp"
#include "custom_json.hpp"
#include "format_def.hpp"
#include "handlers.hpp"
#include "learn_element_handler.hpp"
#include "pythonic_numbers.hpp"
#include "regex.hpp"
#include "spec_tokens.hpp"
#include "xml_body.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

inline trig_cond spec_cond(trigger_position p) noexcept {
  switch (p) {
    case trigger_position::start: return trig_cond::start;
    case trigger_position::line_start: return trig_cond::line_start;
    case trigger_position::anywhere: break;
  }
  return trig_cond::anywhere;
}

inline xml_name spec_xml_name(xml_name_style n) noexcept {
  switch (n) {
    case xml_name_style::quoted: return xml_name::quoted;
    case xml_name_style::to_tag: return xml_name::to_tag;
    case xml_name_style::to_line: return xml_name::to_line;
    case xml_name_style::to_gt:
    case xml_name_style::element: break;  // element: learn_element_handler.hpp
  }
  return xml_name::to_gt;
}

/// The openers of a spec in variant order: call_begin (when given), then `triggers`.
inline std::vector<trigger_spec> spec_openers(const format_spec& s) {
  std::vector<trigger_spec> v;
  if (!s.call_begin.empty()) v.push_back({s.call_begin, s.call_end, s.call_begin_position});
  for (const auto& t : s.triggers) v.push_back(t);
  return v;
}

/// A GLM-like room (a function name alone on its line) claims its first opener at the start of
/// the output too, as a variant of its own (the last): a call with no arguments there needs no
/// declared name (xml_spec::at_start), in running text it does.
inline bool spec_start_twin(const format_spec& s) {
  const std::vector<trigger_spec> o = spec_openers(s);
  return s.payload == payload_kind::xml_parameters && s.recipients.message.empty() && s.xml.invoke_lead.empty() &&
         s.xml.function_name == xml_name_style::to_line && !o.empty() && o[0].position == trigger_position::anywhere;
}

/// The xml_spec of one opener; views `s`'s strings. `open`: the opener, when it opens each call
/// anywhere in the text (xml_spec::call_open).
inline xml_spec spec_xml(const format_spec& s, std::string_view close, std::string_view open = {}) {
  const xml_tags& x = s.xml;
  xml_spec o;
  o.format = s.name;
  o.call_prefix = x.call_prefix;
  o.prefix_optional = x.call_prefix_optional && !x.call_prefix.empty();
  o.name_after_prefix = x.name_after_prefix && !x.call_prefix.empty();
  o.fn_open = x.function_open;
  o.fn_name = spec_xml_name(x.function_name);
  o.fn_close = x.function_close;
  o.param_open = x.parameter_open;
  o.param_name = spec_xml_name(x.parameter_name);
  o.param_name_end = x.parameter_name_end;
  o.value_open = x.value_open;
  o.param_close = x.parameter_close;
  o.call_close = close;
  o.call_open = close.empty() ? std::string_view{} : open;
  o.trim = x.trim == xml_value_trim::one_newline  ? xml_trim::one_newline
           : x.trim == xml_value_trim::whitespace ? xml_trim::whitespace
                                                  : xml_trim::none;
  o.multi = x.multi;
  o.type_attr = x.type_attribute;
  o.guess_values = x.untyped_json;
  o.verbatim_strings = x.verbatim_strings;
  o.verbatim_text = x.verbatim_text;
  o.null_word = x.null_word;
  o.schema_tags = x.schema_tags;
  o.end_after_value = x.close_at_end;  // the body keeps the call, with a warning
  o.name_sep = x.name_separator;
  o.tag_end = x.tag_end;
  o.type_attr_names = x.type_names;
  o.repeated_key = x.repeated_key == xml_repeated_key::first  ? xml_repeat::first_wins
                   : x.repeated_key == xml_repeated_key::drop ? xml_repeat::drop_call
                                                              : xml_repeat::later_wins;
  return o;
}

/// The json_region_spec of one opener; views `s`'s strings.
inline json_region_spec spec_json_region(const format_spec& s, std::string_view close) {
  call_shape shape = wrapper_shape();
  if (s.name_key != "name") shape.name_alias = s.name_key;
  if (!is_args_key(s.arguments_key)) shape.args_alias = s.arguments_key;
  const bool list = s.payload == payload_kind::json_array;
  shape.allow_array = list || s.json.allow_list;
  shape.skip_bad = s.json.skip_bad;
  shape.require_args = s.json.require_arguments;
  json_region_spec r = json_spec(close, list || s.json.several, shape);
  r.body.semicolons = s.json.several;  // `;` between values too (docs/format_spec.md)
  r.lead = s.json.lead;
  r.inject = s.json.inject;
  return r;
}

/// A call id a spec's id slot keeps: 1 to 64 bytes of letters, digits, `_ - . :` (else one
/// is generated).
inline bool spec_id_ok(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
          c == '.' || c == ':'))
      return false;
  return true;
}

/// name_json read as token slots: [id up to id_end] name up to name_end, the optional
/// arguments_lead tokens, then the JSON arguments up to the opener's closer.
inline bool spec_slotted(const format_spec& s) {
  return s.payload == payload_kind::name_json && (!s.id_end.empty() || !s.arguments_lead.empty());
}

inline slot_spec spec_slot(const format_spec& s, std::string_view close) {
  slot_spec r;
  if (!s.id_end.empty()) r.steps.push_back({slot_step::id, s.id_end, false});
  r.steps.push_back({slot_step::name, s.name_end, false});
  for (const auto& t : s.arguments_lead) r.steps.push_back({slot_step::token, t, true});
  r.steps.push_back({slot_step::args, close, false});
  r.id_ok = &spec_id_ok;
  return r;
}

/// The kept spec's own copy of an opener's or closer's text (`openers` holds copies).
inline std::string_view keep_view(const format_spec& s, const std::string& x) {
  if (x == s.call_begin) return s.call_begin;
  if (x == s.call_end) return s.call_end;
  for (const auto& t : s.triggers) {
    if (x == t.open) return t.open;
    if (x == t.close) return t.close;
  }
  return {};
}

/// Element parameters behind a tag prefix: xml.parameter_name element with xml.tag_prefix.
inline bool spec_elements(const format_spec& s) {
  return s.payload == payload_kind::xml_parameters && s.xml.parameter_name == xml_name_style::element;
}

/// `s` without the tag prefix at its start (`]<]minimax[>[<tool_call>` -> `<tool_call>`), or `s`.
inline std::string_view spec_after_prefix(std::string_view s, std::string_view prefix) {
  if (!prefix.empty() && s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix) s.remove_prefix(prefix.size());
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\r' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

/// The opener of an element block: the prefix when call_begin starts with it, else call_begin.
inline std::string spec_elements_trigger(const format_spec& s) {
  const std::string& b = s.call_begin;
  return b.compare(0, s.xml.tag_prefix.size(), s.xml.tag_prefix) == 0 ? s.xml.tag_prefix : b;
}

inline element_block_config spec_element_config(const format_spec& s) {
  element_block_config c;
  c.format = s.name;
  c.ns = s.xml.tag_prefix;
  c.trigger_is_ns = s.call_begin.compare(0, s.xml.tag_prefix.size(), s.xml.tag_prefix) == 0;
  c.lead = c.trigger_is_ns ? spec_after_prefix(s.call_begin, c.ns) : std::string_view{};
  c.close = spec_after_prefix(s.call_end, c.ns);
  const std::string_view fo = s.xml.function_open;  // `<invoke name=`
  const std::size_t sp = fo.find(' ');
  c.invoke = fo.substr(0, sp);
  std::string_view attr = sp == std::string_view::npos ? std::string_view{} : fo.substr(sp + 1);
  while (!attr.empty() && (attr.back() == '=' || attr.back() == ' ')) attr.remove_suffix(1);
  c.attr = attr;
  c.invoke_close = s.xml.function_close;
  return c;
}

/// What is wrong with an element-parameter spec, or null.
inline const char* spec_elements_problem(const format_spec& s) {
  const xml_tags& x = s.xml;
  if (x.tag_prefix.empty()) return "xml.parameter_name element needs xml.tag_prefix";
  if (s.call_begin.empty() || !s.triggers.empty() || !s.recipients.message.empty())
    return "xml.parameter_name element reads one block after call_begin (no triggers or recipients)";
  if (x.function_name != xml_name_style::quoted || x.function_open.size() < 3 || x.function_open[0] != '<' ||
      x.function_open.find(' ') == std::string::npos || x.function_open.back() != '=')
    return "xml.parameter_name element needs a quoted function name: function_open `<TAG ATTR=`";
  if (x.function_close.size() < 4 || x.function_close.compare(0, 2, "</") != 0 || x.function_close.back() != '>')
    return "xml.parameter_name element needs function_close (the closing tag of the invoke)";
  if (x.function_close.compare(2, x.function_close.size() - 3, x.function_open.substr(1, x.function_open.find(' ') - 1)) != 0)
    return "xml.parameter_name element: function_close must close function_open's tag";
  if (!s.call_end.empty() && s.call_end.compare(0, x.tag_prefix.size(), x.tag_prefix) != 0)
    return "with xml.tag_prefix, call_end is the prefix then a closing tag";
  if (x.function_name == xml_name_style::element) return "function_name cannot be element";
  if (x.repeated_key != xml_repeated_key::last)
    return "xml.repeated_key does not apply to element parameters (repeated elements make an array)";
  return nullptr;
}

/// Several JSON call objects after one opener, up to a closer (MiniMax-M1's `<tool_calls>`
/// block, one object a line): read by the room's handler, a value that is not a call skipped.
/// The handler looks for the closer (and any other tag ending the block) at a `<`.
inline bool spec_line_block(const format_spec& s) {
  return s.payload == payload_kind::json_object && s.json.several && !s.json.allow_list && !s.call_begin.empty() &&
         !s.call_end.empty() && s.call_end[0] == '<' && s.triggers.empty() && s.json.lead.empty() &&
         s.json.inject.empty();
}

/// The spellings an xml_parameters spec's regions rewrite before its reader sees them:
/// `xml.cdata` drops a `<![CDATA[` ... `]]>` wrapper (the text inside is the value's);
/// `xml.tokenizer_spaces` reads a tag whose space a byte-level tokenizer left as `Ġ` (U+0120),
/// or dropped, as the tag (`<paramĠname=`, `<paramname=` for `<param name=`).
inline void spec_xml_rewrites(const xml_tags& x, custom_def& c) {
  if (x.tokenizer_spaces) {
    const auto add = [&](const std::string& tag, bool lead) {
      if (tag.find(' ') == std::string::npos && !lead) return;
      std::string g, joined;
      for (char ch : tag) {
        if (ch == ' ') g += "\xC4\xA0";
        else g += ch;
        if (ch != ' ') joined += ch;
      }
      if (lead) {  // after the opener: its space, written as `Ġ`
        c.rewrites.push_back({"\xC4\xA0" + g, " " + tag, 0});
      } else {
        c.rewrites.push_back({g, tag, 0});
        c.rewrites.push_back({joined, tag, 0});
      }
    };
    add(x.function_open, x.function_open.find(' ') == std::string::npos && !x.function_open.empty() &&
                             x.function_open[0] != '<');
    add(x.parameter_open, false);
  }
  if (x.cdata) {
    c.rewrites.push_back({"<![CDATA[", "", 1});
    c.rewrites.push_back({"]]>", "", -1});
  }
}

/// The handler of an xml_parameters spec (views `s`'s strings).
inline std::unique_ptr<handler> spec_xml_handler(const format_spec& s) {
    if (spec_elements(s)) return std::unique_ptr<handler>(new element_block_handler(spec_element_config(s)));
    if (!s.recipients.message.empty()) {
      recipient_handler::config c;
      c.header_end = s.recipients.message;
      for (const auto& x : s.recipients.reasoning) c.reasoning.push_back(x);
      for (const auto& x : s.recipients.content) c.content.push_back(x);
      for (const auto& x : s.recipients.ends) c.ends.push_back(x);
      c.restart = s.recipients.start;
      c.block_open = s.call_begin;
      c.block.spec = spec_xml(s, {});
      c.block.invoke_lead = s.xml.invoke_lead;
      c.block.invoke_close = s.xml.function_close;
      c.block.closers = {s.call_end};
      return std::unique_ptr<handler>(new recipient_handler(std::move(c)));
    }
    if (!s.xml.invoke_lead.empty()) {
      xml_block_handler::config c;
      c.spec = spec_xml(s, {});
      c.invoke_lead = s.xml.invoke_lead;
      c.invoke_close = s.xml.function_close;
      if (!s.call_begin.empty()) c.closers.push_back(s.call_end);
      for (const auto& t : s.triggers) c.closers.push_back(t.close);
      return std::unique_ptr<handler>(new xml_block_handler(std::move(c)));
    }
    std::vector<xml_spec> v;
    const auto anywhere = [](trigger_position p, const std::string& open) {
      return p == trigger_position::anywhere ? std::string_view(open) : std::string_view{};
    };
    if (!s.call_begin.empty()) v.push_back(spec_xml(s, s.call_end, anywhere(s.call_begin_position, s.call_begin)));
    for (const auto& t : s.triggers) v.push_back(spec_xml(s, t.close, anywhere(t.position, t.open)));
    if (spec_start_twin(s)) {  // the first opener at the start of the output (its last variant)
      v.push_back(v[0]);
      v.back().at_start = true;
    }
    return std::unique_ptr<handler>(new xml_region_handler(std::move(v), false));  // close_at_end: end_after_value
}

/// The reader of a compiled spec's regions; `keep` owns the strings its members view.
inline std::unique_ptr<handler> spec_region_reader(const std::shared_ptr<const format_spec>& keep,
                                                   const std::shared_ptr<const custom_def>& custom) {
  const format_spec& s = *keep;
  const std::vector<trigger_spec> openers = spec_openers(s);
  switch (s.payload) {
    case payload_kind::json_object:
    case payload_kind::json_array: {
      if (s.json.name_as_key) return std::unique_ptr<handler>(new name_key_json_handler(s.name, s.call_end));
      if (spec_line_block(s)) {
        // several call objects in a block with a closer: one that breaks drops alone
        const std::string_view nk = s.name_key == "name" ? std::string_view() : std::string_view(s.name_key);
        const std::string_view ak = is_args_key(s.arguments_key) ? std::string_view() : std::string_view(s.arguments_key);
        return std::unique_ptr<handler>(new minimax_m1_handler(s.name, s.call_end, nk, ak));
      }
      std::vector<json_region_spec> v;
      // the closers are views: they must point into the kept spec, not into `openers`
      if (!s.call_begin.empty()) v.push_back(spec_json_region(s, s.call_end));
      for (const auto& t : s.triggers) {
        v.push_back(spec_json_region(s, t.close));
        // a further opener ending with the payload's first byte (`functools{`) hands it on
        const char last = t.open.empty() ? '\0' : t.open.back();
        v.back().inject = last == '{' || last == '[' ? std::string_view(t.open).substr(t.open.size() - 1)
                                                     : std::string_view();
      }
      return std::unique_ptr<handler>(new json_region_handler(s.name, std::move(v)));
    }
    case payload_kind::xml_parameters: return spec_xml_handler(s);
    case payload_kind::name_json:
      if (spec_slotted(s)) {
        std::vector<slot_spec> v;
        if (!s.call_begin.empty()) v.push_back(spec_slot(s, s.call_end));
        for (const auto& t : s.triggers) v.push_back(spec_slot(s, t.close));
        return std::unique_ptr<handler>(new slot_handler(s.name, std::move(v)));
      }
      break;
    case payload_kind::pythonic: {
      // a call holding a number no double holds is dropped, as in every pythonic room
      std::unique_ptr<handler> h;
      if (s.tool_name_triggers) {
        std::vector<std::string_view> m(s.markers.begin(), s.markers.end());
        h.reset(new tool_line_handler(s.name, std::move(m)));
      } else {
        h.reset(new custom_handler(custom));
      }
      return std::unique_ptr<handler>(new finite_numbers_handler(std::move(h)));
    }
    case payload_kind::key_value: {
      // an unterminated string ends (and fails the call) at the closer, an opener or a marker
      std::vector<std::string_view> stops;
      for (const auto& t : openers) {
        if (!t.close.empty()) stops.push_back(keep_view(s, t.close));
        stops.push_back(keep_view(s, t.open));
      }
      for (const auto& m : s.markers) stops.push_back(m);
      // a key right after a delimited value, its comma missing, is the next pair (repaired):
      // the delimiter ends the value, so nothing else could be meant (vLLM's functiongemma)
      return std::unique_ptr<handler>(
          new gemma_call_handler({s.name, s.string_delimiter, s.call_end, std::move(stops), true}));
    }
    case payload_kind::xml_elements: return std::unique_ptr<handler>(new morph_xml_handler(s.name));
    case payload_kind::regex: break;
  }
  (void)openers;
  return std::unique_ptr<handler>(new custom_handler(custom));
}

/// `s` with the bare twins of its suffixed tokens (format_spec::token_suffix): an opener gets a
/// trigger of its own (variants after the spec's own), markers, section openers and reasoning
/// pairs a twin each. A JSON body ends at the twin's bare closer; the other payloads' regions
/// read a bare token as the suffixed one (rewritten; a JSON string's text is never rewritten).
inline format_spec spec_bare_twins(const format_spec& in, custom_def& c) {
  const bool json = in.payload == payload_kind::json_object || in.payload == payload_kind::json_array;
  const std::string& sfx = in.token_suffix;
  const auto bare = [&](std::string t) {
    for (std::size_t at; (at = t.find(sfx)) != std::string::npos;) t.erase(at, sfx.size());
    return t;
  };
  const auto twin = [&](const std::string& t) { return t.find(sfx) != std::string::npos && !bare(t).empty(); };
  format_spec s = in;
  for (const auto& o : spec_openers(in))
    if (twin(o.open)) s.triggers.push_back({bare(o.open), json ? bare(o.close) : o.close, o.position});
  for (const auto& m : in.markers)
    if (twin(m)) s.markers.push_back(bare(m));
  for (const auto& m : in.section_openers)
    if (twin(m)) s.section_openers.push_back(bare(m));
  for (const auto& r : in.reasoning)
    if (twin(r.open) || twin(r.close)) s.reasoning.push_back({bare(r.open), bare(r.close)});
  std::vector<std::string> seen;
  for (const std::string* t : spec_tokens(in))
    if (!json && twin(*t) && std::find(seen.begin(), seen.end(), *t) == seen.end()) {
      seen.push_back(*t);
      c.rewrites.push_back({bare(*t), *t, 0});
    }
  return s;
}

/// The handler of a compiled spec: its reader, behind the spellings its regions rewrite
/// (spec_xml_rewrites, the token suffix's bare twins).
inline std::unique_ptr<handler> spec_handler(const std::shared_ptr<const format_spec>& keep,
                                             const std::shared_ptr<const custom_def>& custom) {
  std::unique_ptr<handler> h = spec_region_reader(keep, custom);
  if (custom->rewrites.empty()) return h;
  std::vector<rewrite_rule> rules;
  for (const auto& r : custom->rewrites) rules.push_back({r.from, r.to, r.pair});
  return std::unique_ptr<handler>(new rewrite_handler(std::move(h), std::move(rules)));
}

/// compile_spec without the token suffix's twins; `c`: the custom_def to fill (null: a new one).
inline std::string compile_spec_as_is(const format_spec& in, format_def& d, std::shared_ptr<custom_def> c) {
  if (in.name.empty()) return "a format needs a name";
  const std::vector<trigger_spec> openers = spec_openers(in);
  if (openers.empty() && !in.tool_name_triggers && in.payload != payload_kind::xml_elements && !in.bare_json.any())
    return "a format needs a call opener (call_begin, triggers or bare_json shapes)";
  if (in.bare_json.fallback && !in.bare_json.any()) return "bare_json.fallback needs a bare_json shape";
  if (in.payload == payload_kind::xml_elements)
    for (const auto& t : openers) {
      const std::string_view o = t.open;
      const std::size_t cut = o.size() > 3 && o[o.size() - 2] == '/' ? 3 : 2;  // `<NAME/>` or `<NAME>`
      if (o.size() < 3 || o.front() != '<' || o.back() != '>' || !t.close.empty() ||
          !morph_tag_reader::valid_name(o.substr(1, o.size() - cut)))
        return "an xml_elements opener is a tool's tag, <NAME> or <NAME/>, with no closer";
    }
  if (in.tool_name_triggers && in.payload != payload_kind::pythonic) return "tool_name_triggers needs the pythonic payload";
  if (in.tool_name_triggers)
    for (const auto& t : openers)
      if (t.open.size() < 2 || t.open.back() != '(') return "a tool_name_triggers opener is a name then '('";
  for (const auto& t : openers)
    if (t.open.empty()) return "a trigger's open marker is empty";
  for (const auto& m : in.markers)
    if (m.empty()) return "a marker is empty";
  for (const auto& m : in.section_openers)
    if (m.empty()) return "a section opener is empty";
  for (const auto& r : in.reasoning)
    if (r.open.empty() || r.close.empty()) return "a reasoning pair needs open and close markers";
  for (const auto& p : in.presets) {
    regex re(p.pattern, true);
    if (!re.ok()) return "preset pattern: " + re.error();
    if (p.formats.empty()) return "a preset needs at least one format";
  }
  auto keep = std::make_shared<const format_spec>(in);
  const format_spec& s = *keep;
  if (!c) c = std::make_shared<custom_def>();
  c->name = s.name;
  c->begin = openers.empty() ? std::string() : openers[0].open;
  c->end = openers.empty() ? std::string() : openers[0].close;
  for (const auto& t : openers) c->ends.push_back(t.close);
  c->payload = static_cast<int>(s.payload);
  if (s.payload == payload_kind::xml_parameters) spec_xml_rewrites(s.xml, *c);
  c->name_key = s.name_key;
  c->args_key = s.arguments_key;
  c->name_end = s.name_end;
  c->name_prefix = s.name_prefix;
  c->name_index = s.name_index;
  c->py_list = s.pythonic.list;
  c->py_lines = s.pythonic.lines;
  if (s.payload == payload_kind::regex) {
    c->pattern = regex(s.pattern);
    if (!c->pattern.ok()) return c->pattern.error();
    if (!c->pattern.has_group("name")) return "the pattern needs a named group (?P<name>...)";
  }
  if (spec_elements(s)) {
    if (const char* why = spec_elements_problem(s)) return why;
  } else if (!s.xml.tag_prefix.empty()) {
    return "xml.tag_prefix needs xml.parameter_name element";
  } else if (s.xml.function_name == xml_name_style::element) {
    return "function_name cannot be element";
  } else if (s.payload == payload_kind::xml_parameters) {
    for (const auto& t : openers) {
      xml_spec x = spec_xml(s, t.close);
      if (!s.xml.invoke_lead.empty()) {
        x.multi = false;
        if (s.xml.function_open.compare(0, s.xml.invoke_lead.size(), s.xml.invoke_lead) != 0)
          return "xml.invoke_lead must be a prefix of xml.function_open";
        if (s.xml.function_close.empty()) return "a block of invokes needs xml.function_close";
      }
      if (const char* why = xml_spec_problem(x)) return why;
    }
  }
  if (s.payload == payload_kind::name_json && s.name_end.size() > 256) return "name_end is longer than 256 bytes";
  if ((!s.name_prefix.empty() || !s.name_index.empty()) && (s.payload != payload_kind::name_json || spec_slotted(s)))
    return "name_prefix and name_index need the name_json payload without id_end or arguments_lead";
  if (s.json.name_as_key && s.payload != payload_kind::json_object && s.payload != payload_kind::json_array)
    return "json.name_as_key needs a JSON payload";
  if (s.json.name_as_key && (!s.triggers.empty() || s.call_begin.empty() || !s.json.inject.empty() || s.json.several))
    return "json.name_as_key reads one list after call_begin (no triggers, inject or several)";
  if (s.prompt_opens_call && (s.payload != payload_kind::name_json || spec_slotted(s) || s.call_begin.empty()))
    return "prompt_opens_call needs the name_json payload with call_begin, without id_end or arguments_lead";
  if (s.payload == payload_kind::key_value && s.string_delimiter.empty()) return "key_value needs string_delimiter";
  if (s.payload != payload_kind::pythonic && (s.pythonic.list || s.pythonic.lines))
    return "pythonic.list and pythonic.lines need the pythonic payload";
  if (s.pythonic.list && s.pythonic.lines) return "pythonic.list and pythonic.lines exclude each other";
  if (s.tool_name_triggers && (s.pythonic.list || s.pythonic.lines))
    return "tool_name_triggers reads one call per line: no pythonic.list or pythonic.lines";
  if (spec_slotted(s)) {
    if (s.name_end.empty()) return "an id slot or arguments_lead needs name_end";
    for (const auto& t : s.arguments_lead)
      if (t.empty()) return "an arguments_lead token is empty";
  }
  if (!s.recipients.message.empty()) {
    if (s.payload != payload_kind::xml_parameters || s.xml.invoke_lead.empty())
      return "recipient headers need the xml_parameters payload with xml.invoke_lead";
    if (s.recipients.start.empty() || s.call_begin.empty() || !s.triggers.empty())
      return "recipient headers need recipients.start and call_begin (the block opener), and no triggers";
  }
  d = format_def{};
  d.name = s.name;
  d.priority = s.priority;
  d.description = !s.description.empty() ? s.description
                  : s.payload == payload_kind::xml_elements ? "custom: tag-per-tool XML of the declared tools"
                  : openers.empty()        ? "custom: NAME(...) lines of the declared tools"
                                           : "custom: " + openers[0].open + " ... " + openers[0].close;
  if (!s.recipients.message.empty()) {
    // a message opens at its start token, or at `to=` at the start of the output
    d.triggers = {{s.recipients.start, trig_cond::anywhere, 0}, {"to=", trig_cond::start, 1}};
  } else {
    // key_value: every opener is a call token (gemma_call_handler's variant 0: `call:` follows)
    // an element block opens at its tag prefix (whitespace may follow before the block's tag)
    if (spec_elements(s)) d.triggers.push_back({spec_elements_trigger(s), spec_cond(s.call_begin_position), 0});
    for (std::size_t i = 0; i < openers.size() && !spec_elements(s); ++i)
      d.triggers.push_back({openers[i].open, spec_cond(openers[i].position),
                            s.payload == payload_kind::key_value ? 0 : static_cast<int>(i)});
    if (spec_start_twin(s)) d.triggers.push_back({openers[0].open, trig_cond::start, static_cast<int>(openers.size())});
    // the prompt wrote call_begin: a name's first byte opens a call at the start of the output
    if (s.prompt_opens_call)
      for (auto& t : name_start_triggers(custom_def::k_prompt_variant)) d.triggers.push_back(std::move(t));
  }
  d.bare.name_key = s.bare_json.name_key;
  d.bare.function_string = s.bare_json.function_string;
  d.bare.envelope = s.bare_json.envelope;
  d.bare.semicolons = s.bare_json.semicolons;
  d.bare.call_array = s.bare_json.call_array;
  d.bare.pythonic_list = s.bare_json.pythonic_list;
  d.bare.fallback = s.bare_json.fallback;
  d.markers = s.markers;
  d.section_openers = s.section_openers;
  for (const auto& r : s.reasoning) d.reasoning.push_back({r.open, r.close});
  d.template_markers = s.template_markers;
  for (const auto& p : s.presets) d.presets.push_back({p.pattern, p.formats, p.rank, p.prompt_opens_reasoning});
  d.traits.values_as_text = s.payload == payload_kind::xml_parameters || s.payload == payload_kind::xml_elements;
  d.traits.model_ids = s.model_ids || !s.id_end.empty() || !s.name_prefix.empty() || !s.name_index.empty();
  d.traits.unknown_tools_as_text = s.unknown_tools_as_text;
  d.traits.null_word = d.traits.values_as_text && s.xml.null_word;
  d.traits.child_elements = s.payload == payload_kind::xml_elements ||
                            (s.payload == payload_kind::xml_parameters && s.xml.parameter_name == xml_name_style::element);
  if (s.tool_name_triggers) {
    d.tool_triggers = &formats::granite_pythonic::tool_triggers;
    for (auto& t : formats::granite_pythonic::bare_triggers()) d.triggers.push_back(std::move(t));
  }
  if (s.payload == payload_kind::xml_elements) d.tool_triggers = &formats::morph_xml::tool_triggers;
  std::shared_ptr<const custom_def> cc = std::move(c);
  d.make = [keep, cc] { return spec_handler(keep, cc); };
  d.spec = keep;
  return {};
}

/**
 * Compiles `in` into `d`. Returns an empty string on success, else what is wrong (a bad regex, no opener,
 * XML tags that cannot describe a call, an empty marker, ...).
 */
inline std::string compile_spec(const format_spec& in, format_def& d) {
  if (in.token_suffix.empty()) return compile_spec_as_is(in, d, nullptr);
  if (!in.recipients.message.empty() || in.json.name_as_key || in.tool_name_triggers)
    return "token_suffix does not apply to recipient headers, json.name_as_key or tool_name_triggers";
  auto c = std::make_shared<custom_def>();
  const format_spec twins = spec_bare_twins(in, *c);
  const std::string why = compile_spec_as_is(twins, d, std::move(c));
  if (why.empty()) d.spec = std::make_shared<const format_spec>(in);  // the file form keeps the suffix, not its twins
  return why;
}

/// A built-in room's definition from its spec (the room's to_spec()); a spec that does not
/// compile is a bug in the room (tests/unit/spec_test.cpp compiles every one).
inline format_def spec_def(const format_spec& s) {
  format_def d;
  const std::string why = compile_spec(s, d);
  TOOLCALL_ASSERT(why.empty());
  return d;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SPEC_COMPILE_HPP
