// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_STEP3_HPP
#define TOOLCALL_FORMATS_STEP3_HPP

// Step-3 (docs/formats/step3.md): `<|tool_calls_begin|><|tool_call_begin|>function<|tool_sep|>
// <steptml:invoke name="NAME"><steptml:parameter name="K">V</steptml:parameter>
// </steptml:invoke><|tool_call_end|><|tool_calls_end|>` (the bars are U+FF5C, the underscores
// ASCII). Each `<|tool_call_begin|>` is a region; the section tokens are markers (the opener a
// section opener). DeepSeek
// R1-distill models write the same call opener: Step-3 (tried first) fails as soon as
// neither `<steptml:invoke` nor a name and a steptml tag follows `function<|tool_sep|>`, and
// DeepSeek gets the region. A name written after `<|tool_sep|>` (DeepSeek's habit) is
// accepted: the invoke's name wins, as vLLM reads only the invoke.

#include <memory>
#include <string>
#include <vector>

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
    s.xml.verbatim_text = true;  // strings keep their whitespace, typed values are trimmed (vLLM's step3)
    s.section_openers = {"<\xEF\xBD\x9C" "tool_calls_begin\xEF\xBD\x9C>"};
    s.markers = {"<\xEF\xBD\x9C" "tool_calls_end\xEF\xBD\x9C>", "<|EOT|>"};
    s.reasoning = {{"<think>", "</think>"}};
    s.template_markers = {"<steptml:invoke"};
    // `<|tool_sep|>` written between two calls (vLLM splits the block at each call opener and
    // ignores it): with the next opener it opens the call, and goes back to content with it
    s.triggers = {{"<\xEF\xBD\x9C" "tool_sep\xEF\xBD\x9C>" + std::string(call_begin), s.call_end}};
    // Step-3.5 writes Qwen3-Coder XML: `step-3.5`, `step3p5` are not this family
    s.presets = {{"step-?3($|[^.p0-9]|\\.[^5]|p[^5])", {"step3"}, 20, true}};
    return s;
  }
  static detail::format_def def() {
    detail::format_def d = detail::spec_def(to_spec());
    // a name may stand between `<|tool_sep|>` and the invoke (docs/formats/step3.md)
    // constrained decoding: an invoke holding the arguments as one JSON object (xgrammar has no
    // style for steptml parameters; the room reads the object back)
    d.call_template = {std::string(call_begin) + "function<\xEF\xBD\x9C" "tool_sep\xEF\xBD\x9C><steptml:invoke name=\"{NAME}\">",
                       "</steptml:invoke><\xEF\xBD\x9C" "tool_call_end\xEF\xBD\x9C>", "json"};
    auto keep = std::make_shared<const format_spec>(to_spec());
    d.make = [keep] {
      std::vector<detail::xml_spec> v{detail::spec_xml(*keep, keep->call_end)};
      v[0].name_after_prefix = true;
      v[0].prefix_optional = true;  // vLLM's parser reads the invoke right after the opener too
      v[0].json_args = true;
      return std::unique_ptr<detail::handler>(new detail::xml_region_handler(std::move(v), keep->xml.close_at_end));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_STEP3_HPP
