// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_JAMBA_HPP
#define TOOLCALL_FORMATS_JAMBA_HPP

// AI21 Jamba 1.5-1.7 and Tencent Hunyuan-A13B (docs/formats/jamba.md): every call of a turn in
// one list, `<tool_calls>[{"name": ..., "arguments": {...}}, ...]</tool_calls>`. Hunyuan writes
// `<think>...</think>` and wraps its reply in `<answer>...</answer>`: the opener is markup at
// the start of the reply (right after the reasoning block), the closer where the reply ends.

#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct jamba {
  static constexpr std::string_view name = "jamba";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 17;
    d.description = "AI21 Jamba and Hunyuan-A13B <tool_calls>[...]</tool_calls>";
    d.triggers = {{"<tool_calls>", detail::trig_cond::anywhere, 0},
                  {"<answer>", detail::trig_cond::start, 1},
                  {"</answer>", detail::trig_cond::anywhere, 2}};
    d.markers = {"<|eom|>", "<|eos|>"};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<tool_calls>"};
    d.presets = {{"jamba.?reasoning", {"reasoning", "hermes"}, 15, false},
                 {"hunyuan.?a13b", {"jamba"}, 20, false},
                 {"jamba", {"jamba"}, 30, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::json_region_handler(
          name, {detail::json_spec("</tool_calls>"), detail::wrap_open_spec(), detail::wrap_close_spec({"<|eos|>", "</answer>"})}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_JAMBA_HPP
