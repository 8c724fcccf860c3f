// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_SARASHINA_HPP
#define TOOLCALL_FORMATS_SARASHINA_HPP

// SB Intuitions Sarashina 2.2 (docs/formats/sarashina.md): `<|tool_calls|>` then a Python
// literal list of calls, `[{'name': 'f', 'arguments': {...}}, ...]` (a lone dict is accepted),
// with no closer. The lenient JSON lexer reads the Python literals (single quotes,
// True/False/None). `<|tool_calls|>` is a special token that servers often strip, so the bare
// list at the start of the output is a call too. The marker is Solar Open's section opener as
// well: solar_open (priority 28) claims it first and gives it up when no `<|tool_call:begin|>`
// follows; sarashina (29) then reads the list.

#include <memory>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct sarashina {
  static constexpr std::string_view name = "sarashina";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 29;
    d.description = "SB Intuitions Sarashina <|tool_calls|>[{'name': ..., 'arguments': {...}}]";
    d.triggers = {{"<|tool_calls|>", detail::trig_cond::anywhere, 0}};
    d.bare.call_array = true;
    d.template_markers = {"<|tool_calls|>["};
    d.presets = {{"(?:^|[/_-])sarashina", {"sarashina"}, 20, false}};
    d.call_template = {"<|tool_calls|>[{\"name\": \"{NAME}\", \"arguments\": ", "}]", "json"};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::json_region_handler(name, {detail::json_spec("")}));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_SARASHINA_HPP
