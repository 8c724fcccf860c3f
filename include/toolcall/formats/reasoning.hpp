// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_REASONING_HPP
#define TOOLCALL_FORMATS_REASONING_HPP

// Reasoning blocks (docs/formats/README.md, "reasoning"): `<think>...</think>` (Qwen3, DeepSeek-R1,
// QwQ) and `[THINK]...[/THINK]` (Magistral) at the start of the output; a lone closer when the
// chat template opened the block in the prompt. Other families add their own spellings in
// their rooms (`reasoning_def`); this format enables reasoning blocks as such.

#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct reasoning {
  static constexpr std::string_view name = "reasoning";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 5;
    d.description = "<think>...</think>, a lone </think>, [THINK]...[/THINK]";
    d.reasoning = {{"<think>", "</think>"}, {"[THINK]", "[/THINK]"}};
    d.template_markers = {"<think>", "[THINK]"};
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_REASONING_HPP
