// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GIGACHAT3_HPP
#define TOOLCALL_FORMATS_GIGACHAT3_HPP

// GigaChat 3 and 3.1 (docs/formats/gigachat3.md): a call is a message of the role
// `function call` (3: `<|message_sep|>\n\nfunction call<|role_sep|>\n{...}`) or follows a
// `<|function_call|>` token (3.1), one JSON object `{"name": ..., "arguments": {...}}` with no
// closer. `<|message_sep|>` ends a message and is a marker. The words `function call` alone are
// prose: only the role text directly followed by `<|role_sep|>` opens a call.

#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct gigachat3 {
  static constexpr std::string_view name = "gigachat3";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 22;
    s.description = "GigaChat 3 function call<|role_sep|>{...} and 3.1 <|function_call|>{...}";
    s.call_begin = "function call<|role_sep|>";
    s.triggers = {{"<|function_call|>", "", trigger_position::anywhere}};
    s.payload = payload_kind::json_object;
    s.markers = {"<|message_sep|>", "</s>"};
    s.template_markers = {"<|role_sep|>"};
    s.presets = {{"gigachat.?3", {"gigachat3"}, 30, false}};
    return s;
  }
  static detail::format_def def() { return detail::spec_def(to_spec()); }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GIGACHAT3_HPP
