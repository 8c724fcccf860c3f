// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_CONSTRAIN_HPP
#define TOOLCALL_IMPL_CONSTRAIN_HPP

// parser_registry::triggers() and parser_registry::structural_tags(): what an engine needs to
// constrain decoding around tool calls (docs/constrained_decoding.md). Inline in header-only
// mode, compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/json.hpp"
#include "../detail/json_lexer.hpp"
#include "../format.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace detail {

/// A tool of the request, for the structural tag: its name and its parameters' schema (JSON).
struct constrain_tool {
  std::string name, schema;
};

/// The tools of an OpenAI tools array (or of an object with a "tools" array): Chat Completions
/// nesting or flat, `parameters` or `input_schema` (Anthropic).
inline result<std::vector<constrain_tool>> read_constrain_tools(std::string_view tools_json) {
  const auto bad = [](std::string why) { return error{errc::invalid_input, 0, std::move(why)}; };
  simdjson::dom::parser parser;
  simdjson::padded_string padded(tools_json.data(), tools_json.size());
  simdjson::dom::element doc;
  if (parser.parse(padded).get(doc)) return bad("the tools are not valid JSON");
  simdjson::dom::array arr;
  simdjson::dom::element t;
  if (doc.type() == simdjson::dom::element_type::OBJECT) {
    if (doc["tools"].get(t)) return std::vector<constrain_tool>{};  // a request without tools
    if (t.get_array().get(arr)) return bad("tools is not an array");
  } else if (doc.get_array().get(arr)) {
    return bad("expected a tools array, or an object with a \"tools\" array");
  }
  std::vector<constrain_tool> out;
  std::size_t index = 0;
  for (simdjson::dom::element tool : arr) {
    const std::string where = "tools[" + std::to_string(index++) + "]";
    simdjson::dom::element fn = tool, inner;
    if (!tool["function"].get(inner) && inner.type() == simdjson::dom::element_type::OBJECT) fn = inner;
    std::string_view name, type;
    if (fn["name"].get_string().get(name) || name.empty()) {
      if (!tool["type"].get_string().get(type) && type != "function") continue;  // a built-in tool
      return bad(where + " has no name");
    }
    constrain_tool ct;
    ct.name = std::string(name);
    simdjson::dom::element params;
    bool have = !fn["parameters"].get(params);
    if (!have) have = !fn["input_schema"].get(params);
    if (have && params.type() == simdjson::dom::element_type::OBJECT) ct.schema = simdjson::minify(params);
    else ct.schema = R"({"type":"object"})";
    out.push_back(std::move(ct));
  }
  return out;
}

/// A tool name that can stand in a begin string as it is (in a JSON string or a tag).
inline bool plain_tool_name(std::string_view n) noexcept {
  if (n.empty() || n.size() > 256) return false;
  for (char ch : n) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (!(is_ident_char(c) || c == '-' || c == '.' || c == ':')) return false;
  }
  return true;
}

inline void json_string_append(std::string& out, std::string_view s) {
  out += '"';
  json_escape_append(out, s);
  out += '"';
}

}  // namespace detail

TOOLCALL_INLINE std::vector<call_trigger> parser_registry::triggers() const {
  std::vector<call_trigger> out;
  const auto entry = [&out](const std::string& text, const std::string& fmt, detail::trig_cond cond,
                            bool bare) {
    for (call_trigger& t : out)
      if (t.text == text) {
        for (const std::string& f : t.formats)
          if (f == fmt) return;
        t.formats.push_back(fmt);
        // a text allowed anywhere by one format is allowed anywhere
        t.start_only &= cond == detail::trig_cond::start;
        t.line_start &= cond == detail::trig_cond::line_start;
        return;
      }
    call_trigger t;
    t.text = text;
    t.formats.push_back(fmt);
    t.start_only = cond == detail::trig_cond::start;
    t.line_start = cond == detail::trig_cond::line_start;
    t.bare_json = bare;
    out.push_back(std::move(t));
  };
  for (const format& f : formats_) {
    const detail::format_def& d = detail::def_of(f);
    if (d.make)
      for (const detail::trigger_def& t : d.triggers)
        if (t.cond != detail::trig_cond::reasoning_head) entry(t.text, d.name, t.cond, false);
    const detail::bare_json_def& b = d.bare;
    if (b.name_key || b.function_string || b.envelope) entry("{", d.name, detail::trig_cond::start, true);
    if (b.call_array || b.pythonic_list) entry("[", d.name, detail::trig_cond::start, true);
  }
  return out;
}

TOOLCALL_INLINE result<std::string> parser_registry::structural_tags(std::string_view tools_json,
                                                                     const tool_choice& choice) const {
  result<std::vector<detail::constrain_tool>> tools = detail::read_constrain_tools(tools_json);
  if (!tools) return tools.error();
  if (choice.mode == tool_choice_mode::function) {
    bool found = false;
    for (const auto& t : *tools) found |= t.name == choice.function;
    if (!found) return error{errc::invalid_input, 0, "tool_choice names " + choice.function + ", which the tools do not declare"};
  }
  std::string unsupported;  // the JSON array's elements
  const auto unsupported_entry = [&unsupported](std::string_view key, std::string_view what, std::string_view why) {
    if (!unsupported.empty()) unsupported += ',';
    unsupported += '{';
    detail::json_string_append(unsupported, key);
    unsupported += ':';
    detail::json_string_append(unsupported, what);
    unsupported += ",\"reason\":";
    detail::json_string_append(unsupported, why);
    unsupported += '}';
  };
  for (const auto& t : *tools)
    if (!detail::plain_tool_name(t.name))
      unsupported_entry("tool", t.name, "the name has characters a begin string cannot hold as they are");

  std::vector<std::string> trig;  // the triggers the tags dispatch on
  std::string tags;
  for (const format& f : formats_) {
    const detail::format_def& d = detail::def_of(f);
    const detail::call_template_def& ct = d.call_template;
    const detail::bare_json_def& b = d.bare;
    const bool bare = b.name_key || b.function_string || b.envelope || b.call_array || b.pythonic_list;
    if (ct.begin.empty()) {
      if (!d.triggers.empty() && d.make)
        unsupported_entry("format", d.name, "its calls cannot be written as begin + arguments + end");
      else if (bare)
        unsupported_entry("format", d.name,
                          "bare JSON with no opener: constrain the whole output with the tools' JSON schema instead");
      continue;
    }
    const std::size_t at = ct.begin.find("{NAME}");
    const std::string head = ct.begin.substr(0, at);
    const std::string* opener = nullptr;
    for (const detail::trigger_def& t : d.triggers)
      if (head.compare(0, t.text.size(), t.text) == 0 && (!opener || t.text.size() > opener->size())) opener = &t.text;
    if (!opener || at == std::string::npos) {
      unsupported_entry("format", d.name, "its call template does not start with one of its openers");
      continue;
    }
    bool known = false;
    for (const std::string& x : trig) known |= x == *opener;
    if (!known) trig.push_back(*opener);
    for (const auto& t : *tools) {
      if (!detail::plain_tool_name(t.name)) continue;
      if (choice.mode == tool_choice_mode::function && t.name != choice.function) continue;
      std::string begin = ct.begin;
      for (std::size_t k = begin.find("{NAME}"); k != std::string::npos; k = begin.find("{NAME}", k + t.name.size()))
        begin.replace(k, 6, t.name);
      if (!tags.empty()) tags += ',';
      tags += R"({"type":"tag","begin":)";
      detail::json_string_append(tags, begin);
      tags += R"(,"content":{"type":"json_schema","json_schema":)";
      tags += t.schema;
      if (ct.style != "json") {
        tags += R"(,"style":)";
        detail::json_string_append(tags, ct.style);
      }
      tags += R"(},"end":)";
      detail::json_string_append(tags, ct.end);
      tags += '}';
    }
  }
  std::string triggers_json;
  for (const std::string& t : trig) {
    if (!triggers_json.empty()) triggers_json += ',';
    detail::json_string_append(triggers_json, t);
  }
  std::string out = R"({"type":"structural_tag","format":)";
  if (choice.mode == tool_choice_mode::none) {
    out += R"({"type":"any_text","excludes":[)" + triggers_json + "]}";
  } else {
    out += R"({"type":"triggered_tags","triggers":[)" + triggers_json + R"(],"tags":[)" + tags + "]";
    out += std::string(R"(,"at_least_one":)") + (choice.expects_call() ? "true" : "false");
    out += std::string(R"(,"stop_after_first":)") + (choice.parallel_tool_calls ? "false" : "true") + "}";
  }
  out += R"(,"unsupported":[)" + unsupported + "]}";
  return out;
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_CONSTRAIN_HPP
