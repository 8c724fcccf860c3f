// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_K2_HORIZON_HPP
#define TOOLCALL_FORMATS_K2_HORIZON_HPP

// LLM360 K2 Horizon's IFM tool calls (docs/formats/k2_horizon.md): a `<ifm|tool_calls>` group
// of `<ifm|tool_call>` elements, in one of the three bodies the chat template's
// `tool_call_format` selects (vLLM's k2_horizon parser):
//
//   xml (default)  <ifm|tool_call>NAME<ifm|arg_key>K</ifm|arg_key><ifm|arg_value>V</ifm|arg_value></ifm|tool_call>
//   xml_typed      ... <ifm|arg_key>K</ifm|arg_key><ifm|arg_type>T</ifm|arg_type><ifm|arg_value>V ...
//   json           <ifm|tool_call>{"name": NAME, "arguments": {...}}</ifm|tool_call>
//
// The request's choice is not known to a parser, so all three are read: a `{` after the first
// `<ifm|tool_call>` routes the group to the JSON reader (a longer opener), anything else to the
// XML reader, whose type tag is optional. Values: a schema string keeps its text, other values
// are stripped and typed by the schema, else by the type tag, else kept as strings.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "json_region.hpp"
#include "region_filters.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct k2_horizon {
  static constexpr std::string_view name = "k2_horizon";
  static detail::xml_spec xml() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = "<ifm|tool_call>";
    s.fn_name = detail::xml_name::to_line;
    s.fn_close = "</ifm|tool_call>";
    s.param_open = "<ifm|arg_key>";
    s.param_name = detail::xml_name::to_tag;
    s.param_name_end = "</ifm|arg_key>";
    s.type_open = "<ifm|arg_type>";
    s.type_close = "</ifm|arg_type>";
    s.value_open = "<ifm|arg_value>";
    s.param_close = "</ifm|arg_value>";
    s.call_close = "</ifm|tool_calls>";
    s.multi = true;
    // vLLM's parser strips a value unless the schema (or the type tag) makes it a string
    s.trim = detail::xml_trim::whitespace;
    s.verbatim_strings = true;
    s.schema_tags = false;  // its regexes pair keys and values without the schema
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 46;
    d.description = "K2 Horizon <ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>K</ifm|arg_key><ifm|arg_value>V</ifm|arg_value>...";
    d.triggers = {{"<ifm|tool_calls>", detail::trig_cond::anywhere, 0},
                  {"<ifm|tool_calls><ifm|tool_call>{", detail::trig_cond::anywhere, 1}};
    // the reasoning effort picks the pair (high, medium, low; vLLM's k2_horizon reasoning parser)
    d.reasoning = {{"<ifm|think>", "</ifm|think>"},
                   {"<ifm|think_fast>", "</ifm|think_fast>"},
                   {"<ifm|think_faster>", "</ifm|think_faster>"}};
    d.template_markers = {"<ifm|tool_calls>", "<ifm|arg_key>"};
    // LLM360's K2 Horizon checkpoints and their re-uploads (`.../K2-Horizon-...-GGUF`)
    d.presets = {{"(^|/)k2[-_]?horizon([-_.].*)?$", {"k2_horizon"}, 20, false}};
    d.call_template = {"<ifm|tool_calls><ifm|tool_call>{\"name\": \"{NAME}\", \"arguments\": ",
                       "}</ifm|tool_call></ifm|tool_calls>", "json"};
    d.make = [] {
      std::vector<std::unique_ptr<detail::handler>> hs;
      hs.emplace_back(new detail::xml_region_handler({xml()}));
      // the JSON body: each element's tags are markup around one call object, the group's
      // closer ends the region
      detail::json_region_spec j = detail::json_spec("</ifm|tool_calls>", true);
      j.inject = "{";
      std::vector<detail::rewrite_rule> rules = {{"</ifm|tool_call>", ""}, {"<ifm|tool_call>", ""}};
      hs.emplace_back(new detail::rewrite_handler(
          std::unique_ptr<detail::handler>(new detail::json_region_handler(name, {j})), std::move(rules)));
      return std::unique_ptr<detail::handler>(new detail::routed_handler(std::move(hs), {{0, 0}, {1, 0}}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_K2_HORIZON_HPP
