// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MINIMAX_M1_HPP
#define TOOLCALL_FORMATS_MINIMAX_M1_HPP

// MiniMax-M1 and MiniMax-Text-01 (docs/formats/minimax_m1.md): `<tool_calls>` then one JSON
// object `{"name": ..., "arguments": {...}}` per line, then `</tool_calls>`. Shares
// `<tool_calls>` with Hy3 (tried first; it fails at once on a `{`). Reasoning is
// `<think>...</think>`; calls written inside it are not calls (vLLM's minimax parser removes
// them before parsing).

#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct minimax_m1 {
  static constexpr std::string_view name = "minimax_m1";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 7;
    d.description = "MiniMax-M1 / Text-01 <tool_calls> one JSON object per line </tool_calls>";
    d.triggers = {{"<tool_calls>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<end_of_sentence>"};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<tool_calls>", "<end_of_sentence>"};
    d.presets = {{"minimax-(m1|text-01)([-_.].*)?$", {"minimax_m1"}, 20, false}};
    d.make = [] {
      using tag = detail::tag_json_handler::tag;
      // several objects, one per line; a list is not this family's shape
      return std::unique_ptr<detail::handler>(new detail::tag_json_handler(name, {tag{"</tool_calls>", true, false, false}}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MINIMAX_M1_HPP
