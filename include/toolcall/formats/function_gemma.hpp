// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_FUNCTION_GEMMA_HPP
#define TOOLCALL_FORMATS_FUNCTION_GEMMA_HPP

// FunctionGemma (docs/formats/function_gemma.md): `<start_function_call>call:NAME{key:<escape>
// text<escape>,n:3}<end_function_call>`, Gemma 4's value grammar (detail::gemma_call_handler)
// with `<escape>` as the string delimiter. No reasoning, no call ids.

#include "gemma4.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct function_gemma {
  static constexpr std::string_view name = "function_gemma";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 81;
    d.description = "FunctionGemma <start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>";
    d.triggers = {{"<start_function_call>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<start_function_response>", "<end_of_turn>", "<eos>"};
    d.template_markers = {"<start_function_call>", "<start_function_declaration>"};
    d.presets = {{"function-?gemma", {"function_gemma"}, 10, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::gemma_call_handler(
          {name, "<escape>", "<end_function_call>",
           {"<end_function_call>", "<start_function_call>", "<end_of_turn>", "<start_function_response>"},
           true}));  // a missing comma between `<escape>` values (vLLM's functiongemma parser)
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_FUNCTION_GEMMA_HPP
