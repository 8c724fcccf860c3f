// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_INKLING_HPP
#define TOOLCALL_FORMATS_INKLING_HPP

// Thinking Machines Inkling (docs/formats/inkling.md): the reply is a run of typed blocks, each
// `<|message_model|>` [header] `<|content_KIND|>` ... `<|end_message|>`. A call is the block
// `<|message_model|>NAME<|content_invoke_tool_json|>{"name": ..., "args": {...}}<|end_message|>`:
// the call object's `name` names the call (the header NAME is metadata, as vLLM reads it) and
// `args` holds the arguments. `<|content_thinking|>...<|end_message|>` is reasoning, text
// blocks are content; `<|content_model_end_sampling|>` ends the reply. Read by the token-slot
// handler (slot_region.hpp): `<|message_model|>` before a text or thinking block is markup.

#include <memory>
#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "slot_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct inkling {
  static constexpr std::string_view name = "inkling";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 26;
    d.description = "Inkling <|message_model|>NAME<|content_invoke_tool_json|>{\"name\", \"args\"}<|end_message|>";
    d.triggers = {{"<|message_model|>", detail::trig_cond::anywhere, 0},
                  {"<|content_invoke_tool_json|>", detail::trig_cond::anywhere, 1}};
    d.markers = {"<|content_text|>", "<|end_message|>", "<|content_model_end_sampling|>",
                 "<|content_invoke_tool_text|>", "<|content_tool_error|>"};
    d.reasoning = {{"<|content_thinking|>", "<|end_message|>"}};
    d.template_markers = {"<|content_invoke_tool_json|>"};
    d.presets = {{"(?:^|[/_-])inkling(?:$|[/_.-])", {"inkling"}, 20, false}};
    d.call_template = {"<|message_model|>{NAME}<|content_invoke_tool_json|>{\"name\": \"{NAME}\", \"args\": ",
                       "}<|end_message|>", "json"};
    d.make = [] {
      using st = detail::slot_step;
      static constexpr std::string_view invoke = "<|content_invoke_tool_json|>", end = "<|end_message|>";
      detail::slot_spec header;  // <|message_model|> [NAME] <|content_invoke_tool_json|> {call}
      header.steps = {{st::name, invoke, false}, {st::call, end, false}};
      header.follow = {"<|content_text|>", "<|content_thinking|>", "<|content_invoke_tool_text|>",
                       "<|content_tool_error|>", "<|message_model|>", end, "<|content_model_end_sampling|>"};
      detail::slot_spec bare;  // <|content_invoke_tool_json|> {call}
      bare.steps = {{st::call, end, false}};
      return std::unique_ptr<detail::handler>(new detail::slot_handler(name, {header, bare}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_INKLING_HPP
