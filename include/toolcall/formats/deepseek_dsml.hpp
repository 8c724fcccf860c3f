// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_DEEPSEEK_DSML_HPP
#define TOOLCALL_FORMATS_DEEPSEEK_DSML_HPP

// DeepSeek V3.2 / V4 DSML (docs/formats/deepseek_dsml.md): `<|DSML|function_calls>` (V4:
// `<|DSML|tool_calls>`) holding `<|DSML|invoke name="NAME">` elements with
// `<|DSML|parameter name="K" string="true|false">V</|DSML|parameter>` (the bars are U+FF5C).
// `string="true"` keeps the text, `string="false"` (or no attribute) decodes JSON; a schema,
// when attached, wins. Each invoke is its own call; a bad one goes back to content alone. An
// invoke may hold a bare JSON object instead of parameters (SGLang), and with the request's
// tools a lone undeclared `arguments`/`input` parameter holding the declared ones is unwrapped
// (vLLM). DeepSeek V4.1 spells every tag with a space after the token (`<|DSML| calls>`,
// `<|DSML| invoke name=...>`, `<|DSML| parameter name=...>`): the same reader with those tags.

#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"
#include "region_filters.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct deepseek_dsml {
  static constexpr std::string_view name = "deepseek_dsml";
  static constexpr std::string_view calls_open = "<" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "function_calls>";
  static constexpr std::string_view calls_close = "</" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "function_calls>";
  static constexpr std::string_view v4_open = "<" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "tool_calls>";
  static constexpr std::string_view v4_close = "</" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "tool_calls>";
  static constexpr std::string_view invoke_lead = "<" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "invoke";
  static constexpr std::string_view invoke_open = "<" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "invoke name=";
  static constexpr std::string_view invoke_close = "</" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "invoke>";
  static constexpr std::string_view param_open = "<" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "parameter name=";
  static constexpr std::string_view param_close = "</" "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "parameter>";
  static constexpr std::string_view token = "\xEF\xBD\x9C" "DSML\xEF\xBD\x9C";
  /// DeepSeek V4.1's spelling of a tag: a space after the token (`<|DSML| invoke name=`).
  static std::string spaced(std::string_view tag) {
    std::string t(tag);
    t.insert(t.find(token) + token.size(), 1, ' ');
    return t;
  }
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 19;
    s.description = "DeepSeek V3.2/V4 DSML <|DSML|function_calls><|DSML|invoke name=...>";
    s.call_begin = std::string(calls_open);
    s.call_end = std::string(calls_close);
    s.triggers = {{std::string(v4_open), std::string(v4_close), trigger_position::anywhere}};
    s.payload = payload_kind::xml_parameters;
    s.xml.function_open = std::string(invoke_open);
    s.xml.function_name = xml_name_style::quoted;
    s.xml.function_close = std::string(invoke_close);
    s.xml.parameter_open = std::string(param_open);
    s.xml.parameter_name = xml_name_style::quoted;
    s.xml.parameter_close = std::string(param_close);
    s.xml.trim = xml_value_trim::none;
    s.xml.multi = true;
    s.xml.type_attribute = "string";
    s.xml.invoke_lead = std::string(invoke_lead);
    s.reasoning = {{"<think>", "</think>"}};
    s.template_markers = {std::string(token)};
    // DeepSeek-V3.2-Exp writes the V3.1 tokens (deepseek): `-Exp` is not this family
    s.presets = {{"deepseek[-_]v3\\.2|deepseek[-_]v4", {"deepseek_dsml"}, 8, false}};  // V3.2-Exp: deepseek, rank 7
    end_tokens::add(s.markers, end_tokens::deepseek());
    return s;
  }
  /// The V4.1 block: the room's spec with the spaced tags (one block opener, no trigger).
  static format_spec v41_spec() {
    format_spec s = to_spec();
    s.call_begin = "<" + std::string(token) + " calls>";  // V4.1 names the block `calls`
    s.call_end = "</" + std::string(token) + " calls>";
    s.triggers.clear();
    for (std::string* tag : {&s.xml.function_open, &s.xml.function_close, &s.xml.parameter_open,
                             &s.xml.parameter_close, &s.xml.invoke_lead})
      *tag = spaced(*tag);
    return s;
  }
  static detail::format_def def() {
    detail::format_def d = detail::spec_def(to_spec());
    // V4.1's spaced block: a variant of its own (after function_calls and tool_calls), read by
    // the same block reader with the spaced tags
    const int v41_variant = static_cast<int>(d.triggers.size());
    auto keep41 = std::make_shared<const format_spec>(v41_spec());
    d.triggers.push_back({keep41->call_begin, detail::trig_cond::anywhere, v41_variant});
    // a bare JSON object inside an invoke (SGLang), a lone `arguments`/`input` wrapper
    // parameter unwrapped against the schema (vLLM): docs/formats/deepseek_dsml.md
    // constrained decoding: an invoke holding the arguments as one JSON object (xgrammar has no
    // style for DSML parameters; the room reads the object back)
    d.call_template = {std::string(calls_open) + "\n" + std::string(invoke_open) + "\"{NAME}\">\n",
                       "\n" + std::string(invoke_close) + "\n" + std::string(calls_close), "json"};
    auto keep = std::make_shared<const format_spec>(to_spec());
    d.make = [keep, keep41, v41_variant] {
      const auto reader = [](const format_spec& s) {
        detail::xml_block_handler::config c;
        c.spec = detail::spec_xml(s, {});
        c.spec.json_args = true;
        c.spec.unwrap_wrapper = true;
        c.invoke_lead = s.xml.invoke_lead;
        c.invoke_close = s.xml.function_close;
        c.closers.push_back(s.call_end);
        for (const auto& t : s.triggers) c.closers.push_back(t.close);
        return std::unique_ptr<detail::handler>(new detail::xml_block_handler(std::move(c)));
      };
      std::vector<std::unique_ptr<detail::handler>> hs;
      hs.push_back(reader(*keep));
      hs.push_back(reader(*keep41));
      std::vector<detail::routed_handler::route> routes;
      for (int v = 0; v < v41_variant; ++v) routes.push_back({0, v});
      routes.push_back({1, 0});
      return std::unique_ptr<detail::handler>(new detail::routed_handler(std::move(hs), std::move(routes)));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_DEEPSEEK_DSML_HPP
