// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_PLAMO3_HPP
#define TOOLCALL_FORMATS_PLAMO3_HPP

// Preferred Networks PLaMo 3 (docs/formats/plamo3.md): a section of tagged requests,
// `<|plamo:begin_tool_requests:plamo|>` then per call `<|plamo:begin_tool_request:plamo|>
// <|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>
// [<|plamo:constrain|>json<|plamo:msg|>]{json}<|plamo:end_tool_arguments:plamo|>
// <|plamo:end_tool_request:plamo|>`, then `<|plamo:end_tool_requests:plamo|>`. The tags are
// several tokens each (they may arrive split). Reasoning: `<|plamo:begin_think:plamo|>` ...
// `<|plamo:end_think:plamo|>`; `<|plamo:tag|>` ends the turn. Read by the token-slot handler
// (slot_region.hpp); each request is its own region, so a bad one fails alone.

#include <memory>
#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "slot_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct plamo3 {
  static constexpr std::string_view name = "plamo3";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 27;
    d.description = "PLaMo 3 <|plamo:begin_tool_request:plamo|>... tagged name and JSON arguments";
    d.triggers = {{"<|plamo:begin_tool_requests:plamo|>", detail::trig_cond::anywhere, 0},
                  {"<|plamo:begin_tool_request:plamo|>", detail::trig_cond::anywhere, 1}};
    d.markers = {"<|plamo:end_tool_requests:plamo|>", "<|plamo:end_tool_request:plamo|>", "<|plamo:tag|>"};
    d.reasoning = {{"<|plamo:begin_think:plamo|>", "<|plamo:end_think:plamo|>"}};
    d.template_markers = {"<|plamo:begin_tool_requests:plamo|>", "<|plamo:begin_tool_name:plamo|>"};
    d.presets = {{"(?:^|[/_-])plamo-?3(?:$|[/_.-])", {"plamo3"}, 20, false}};
    d.call_template = {"<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>"
                       "{NAME}<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>",
                       "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>",
                       "json"};
    d.make = [] {
      using st = detail::slot_step;
      detail::slot_spec section;
      section.follow = {"<|plamo:begin_tool_request:plamo|>", "<|plamo:end_tool_requests:plamo|>"};
      detail::slot_spec call;
      call.steps = {{st::token, "<|plamo:begin_tool_name:plamo|>", false},
                    {st::name, "<|plamo:end_tool_name:plamo|>", false},
                    {st::token, "<|plamo:begin_tool_arguments:plamo|>", false},
                    {st::token, "<|plamo:constrain|>json", true},
                    {st::token, "<|plamo:msg|>", true},
                    {st::args, "<|plamo:end_tool_arguments:plamo|>", false},
                    {st::token, "<|plamo:end_tool_request:plamo|>", false}};
      return std::unique_ptr<detail::handler>(new detail::slot_handler(name, {section, call}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_PLAMO3_HPP
