// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GLM_HPP
#define TOOLCALL_FORMATS_GLM_HPP

// GLM-4.5 / 4.6 / 4.7 (docs/formats/glm.md): `<tool_call>NAME\n<arg_key>K</arg_key>\n
// <arg_value>V</arg_value>\n</tool_call>`, or the same tags with no whitespace (4.7, GLM-5).
// Shares `<tool_call>` with Hermes and Qwen3-Coder: the generic XML body fails at once when the
// opener is followed by `{` or `<function=`, and opens a call only when `<arg_key>` or the
// closer follows the name, so a word of prose after the opener is not a call. As in vLLM's
// glm4_moe parser, a value the schema types as a string is kept verbatim (whitespace included)
// and every other value, with no tools or an undeclared key too, is decoded when it is one JSON
// value or Python literal (`20` is 20, `'Paris'` Paris, `(1, 2)` a list), else kept as a string
// (detail/xml_value_decode.hpp: guess_values with verbatim_strings).

#include "end_tokens.hpp"
#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct glm {
  static constexpr std::string_view name = "glm";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 16;
    s.description = "GLM-4.5/4.6/4.7 <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>";
    s.call_begin = "<tool_call>";
    s.call_end = "</tool_call>";
    s.payload = payload_kind::xml_parameters;
    s.xml.function_name = xml_name_style::to_line;
    s.xml.parameter_open = "<arg_key>";
    s.xml.parameter_name = xml_name_style::to_tag;
    s.xml.parameter_name_end = "</arg_key>";
    s.xml.value_open = "<arg_value>";
    s.xml.parameter_close = "</arg_value>";
    s.xml.trim = xml_value_trim::whitespace;
    // `</tool_call>` missing at the end of the output, every pair closed: the call is kept with
    // the pairs read so far, repaired, with an unterminated_call warning (docs/formats/glm.md)
    s.xml.close_at_end = true;
    // vLLM's glm4_moe parser: a value typed `string` is kept verbatim, every other value
    // (undeclared keys, no tools) is stripped and json-decoded (docs/formats/glm.md)
    s.xml.untyped_json = true;
    s.xml.verbatim_strings = true;
    s.xml.schema_tags = false;  // its parser pairs <arg_key>/<arg_value> without the schema
    s.markers = {"<|observation|>", "<|user|>"};
    s.reasoning = {{"<think>", "</think>"}};
    s.template_markers = {"<arg_key>"};
    // GLM-4.5/4.6 write <think> themselves; the GLM-4.7 and GLM-5 prompts open it
    // poolside's Laguna writes GLM-4.5's layout (vLLM's poolside_v1 parser)
    s.presets = {{"glm-4\\.[56]v?", {"glm"}, 20, false},
                 {"glm-4\\.7|glm-5", {"glm"}, 20, true},
                 {"(^|/)laguna-", {"glm"}, 20, false}};
    end_tokens::add(s.markers, end_tokens::chatml());
    return s;
  }
  static detail::format_def def() {
    detail::format_def d = detail::spec_def(to_spec());
    d.call_template = {"<tool_call>{NAME}\n", "\n</tool_call>", "glm_xml"};  // constrained decoding (choice)
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GLM_HPP
