// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_STEP3_HPP
#define TOOLCALL_FORMATS_STEP3_HPP

// Step-3 (docs/formats/step3.md): `<|tool_calls_begin|><|tool_call_begin|>function<|tool_sep|>
// <steptml:invoke name="NAME"><steptml:parameter name="K">V</steptml:parameter>
// </steptml:invoke><|tool_call_end|><|tool_calls_end|>` (the bars are U+FF5C, the underscores
// ASCII). Each `<|tool_call_begin|>` is a region; the section tokens are markers. DeepSeek
// R1-distill models write the same call opener: Step-3 (tried first) fails as soon as
// `<steptml:invoke` does not follow `function<|tool_sep|>`, and DeepSeek gets the region.

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct step3 {
  static constexpr std::string_view name = "step3";
  static constexpr std::string_view call_begin = "<\xEF\xBD\x9C" "tool_call_begin\xEF\xBD\x9C>";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 58;
    s.description = "Step-3 <|tool_call_begin|>function<|tool_sep|><steptml:invoke name=...>";
    s.call_begin = std::string(call_begin);
    s.call_end = "<\xEF\xBD\x9C" "tool_call_end\xEF\xBD\x9C>";
    s.payload = payload_kind::xml_parameters;
    s.xml.call_prefix = "function<\xEF\xBD\x9C" "tool_sep\xEF\xBD\x9C>";
    s.xml.function_open = "<steptml:invoke name=";
    s.xml.function_name = xml_name_style::quoted;
    s.xml.function_close = "</steptml:invoke>";
    s.xml.parameter_open = "<steptml:parameter name=";
    s.xml.parameter_name = xml_name_style::quoted;
    s.xml.parameter_close = "</steptml:parameter>";
    s.xml.trim = xml_value_trim::whitespace;
    s.markers = {"<\xEF\xBD\x9C" "tool_calls_begin\xEF\xBD\x9C>", "<\xEF\xBD\x9C" "tool_calls_end\xEF\xBD\x9C>", "<|EOT|>"};
    s.reasoning = {{"<think>", "</think>"}};
    s.template_markers = {"<steptml:invoke"};
    // Step-3.5 writes Qwen3-Coder XML: `step-3.5`, `step3p5` are not this family
    s.presets = {{"step-?3($|[^.p0-9]|\\.[^5]|p[^5])", {"step3"}, 20, true}};
    return s;
  }
  static detail::format_def def() {
    detail::format_def d = detail::spec_def(to_spec());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_STEP3_HPP
