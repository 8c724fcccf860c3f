// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_SEED_OSS_HPP
#define TOOLCALL_FORMATS_SEED_OSS_HPP

// Seed-OSS (docs/formats/seed_oss.md): `<seed:tool_call>\n<function=NAME>\n<parameter=K>V
// </parameter>\n</function>\n</seed:tool_call>`, one block per call, reasoning in
// `<seed:think>...</seed:think>`, `<seed:eos>` at the end of the turn. Values are strings
// without a schema.

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct seed_oss {
  static constexpr std::string_view name = "seed_oss";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 17;
    s.description = "Seed-OSS <seed:tool_call><function=NAME><parameter=K>V</parameter>...";
    s.call_begin = "<seed:tool_call>";
    s.call_end = "</seed:tool_call>";
    s.payload = payload_kind::xml_parameters;
    s.xml.function_open = "<function=";
    s.xml.function_name = xml_name_style::to_gt;
    s.xml.function_close = "</function>";
    s.xml.parameter_open = "<parameter=";
    s.xml.parameter_name = xml_name_style::to_gt;
    s.xml.parameter_close = "</parameter>";
    s.xml.trim = xml_value_trim::one_newline;
    s.xml.multi = true;
    s.xml.null_word = true;  // vLLM's seed_oss parser: a value `null` is None whatever its type
    s.markers = {"<seed:eos>"};
    s.reasoning = {{"<seed:think>", "</seed:think>"}};
    s.template_markers = {"<seed:tool_call>"};
    s.presets = {{"seed-oss", {"seed_oss"}, 20, false}};
    return s;
  }
  static detail::format_def def() {
    detail::format_def d = detail::spec_def(to_spec());
    // constrained decoding: the parameters are Qwen3-Coder's, so xgrammar's qwen_xml style
    d.call_template = {"<seed:tool_call>\n<function={NAME}>\n", "\n</function>\n</seed:tool_call>", "qwen_xml"};
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_SEED_OSS_HPP
