// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_LONGCAT_HPP
#define TOOLCALL_FORMATS_LONGCAT_HPP

// Meituan LongCat-Flash (docs/formats/longcat.md): Hermes' syntax under its own tag,
// `<longcat_tool_call>{"name": ..., "arguments": {...}}</longcat_tool_call>`, one call per tag
// (vLLM's longcat parser is its Hermes parser with these tags). LongCat-Flash-Thinking reasons
// in `<longcat_think>...</longcat_think>`.

#include <memory>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct longcat {
  static constexpr std::string_view name = "longcat";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 32;
    d.description = "Meituan LongCat-Flash <longcat_tool_call>{json}</longcat_tool_call>";
    d.triggers = {{"<longcat_tool_call>", detail::trig_cond::anywhere, 0}};
    d.reasoning = {{"<longcat_think>", "</longcat_think>"}};
    d.template_markers = {"<longcat_tool_call>"};
    d.presets = {{"(?:^|[/_-])longcat-flash", {"longcat"}, 20, false}};
    d.call_template = {"<longcat_tool_call>{\"name\": \"{NAME}\", \"arguments\": ", "}</longcat_tool_call>", "json"};
    d.make = [] {
      using tag = detail::tag_json_handler::tag;
      return std::unique_ptr<detail::handler>(
          new detail::tag_json_handler(name, {tag{"</longcat_tool_call>", true, true, false, true}}));
    };
    end_tokens::add(d.markers, end_tokens::eos_s());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_LONGCAT_HPP
