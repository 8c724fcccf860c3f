// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MINIMAX_M2_HPP
#define TOOLCALL_FORMATS_MINIMAX_M2_HPP

// MiniMax-M2 (docs/formats/minimax_m2.md): `<minimax:tool_call>\n<invoke name="NAME">\n
// <parameter name="K">V</parameter>\n</invoke>\n</minimax:tool_call>`, several invokes per
// block, each its own call (a bad one goes back to content alone), `[e~[` at the end of the
// message. Values are strings without a schema.

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct minimax_m2 {
  static constexpr std::string_view name = "minimax_m2";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 18;
    s.description = "MiniMax-M2 <minimax:tool_call><invoke name=...><parameter name=...>V</parameter>...";
    s.call_begin = "<minimax:tool_call>";
    s.call_end = "</minimax:tool_call>";
    s.payload = payload_kind::xml_parameters;
    s.xml.function_open = "<invoke name=";
    s.xml.function_name = xml_name_style::quoted;
    s.xml.function_close = "</invoke>";
    s.xml.parameter_open = "<parameter name=";
    s.xml.parameter_name = xml_name_style::quoted;
    s.xml.parameter_close = "</parameter>";
    s.xml.trim = xml_value_trim::whitespace;
    // vLLM's and SGLang's parsers and MiniMax's guide: a value `null` is None whatever its type
    s.xml.null_word = true;
    s.xml.multi = true;
    s.xml.invoke_lead = "<invoke";
    s.markers = {"[e~["};
    s.reasoning = {{"<think>", "</think>"}};
    s.template_markers = {"<minimax:tool_call>"};
    s.presets = {{"minimax-m2", {"minimax_m2"}, 20, true}};
    return s;
  }
  static detail::format_def def() {
    detail::format_def d = detail::spec_def(to_spec());
    d.call_template = {"<minimax:tool_call>\n<invoke name=\"{NAME}\">\n", "\n</invoke>\n</minimax:tool_call>",
                       "minimax_xml"};  // constrained decoding (choice)
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MINIMAX_M2_HPP
