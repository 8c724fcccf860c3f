// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_INTERNLM2_HPP
#define TOOLCALL_FORMATS_INTERNLM2_HPP

// InternLM2 / 2.5 / 3 and Intern-S1 (docs/formats/internlm2.md): an action block per call,
// `<|action_start|><|plugin|>\n{"name": ..., "parameters": {...}}<|action_end|>`. Whitespace may
// sit between the two opening tokens (slow tokenizers decode them with a space). The code
// interpreter block (`<|action_start|><|interpreter|>`) names no function: it stays content.

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct internlm2 {
  static constexpr std::string_view name = "internlm2";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 16;
    s.description = "InternLM2/2.5/3, Intern-S1 <|action_start|><|plugin|>{json}<|action_end|>";
    s.call_begin = "<|action_start|>";
    s.call_end = "<|action_end|>";
    s.payload = payload_kind::json_object;
    s.json.allow_list = true;
    s.json.lead = "<|plugin|>";
    s.unknown_tools_as_text = true;  // vLLM's internlm2 parser: a call to an undeclared tool is text
    s.markers = {"<|im_end|>"};
    s.reasoning = {{"<think>", "</think>"}};
    s.template_markers = {"<|action_start|>", "<|plugin|>", "<|action_end|>"};
    s.presets = {{"internlm|intern-s1", {"internlm2"}, 30, false}};
    end_tokens::add(s.markers, end_tokens::chatml());
    return s;
  }
  static detail::format_def def() { return detail::spec_def(to_spec()); }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_INTERNLM2_HPP
