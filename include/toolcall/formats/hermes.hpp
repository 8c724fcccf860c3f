// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_HERMES_HPP
#define TOOLCALL_FORMATS_HERMES_HPP

// Hermes / Qwen tag (docs/formats/README.md, "hermes"): `<tool_call>{"name": ..., "arguments": ...}
// </tool_call>`, several objects in one tag, and the Hermes 2 Pro drift wrappers llama.cpp also
// accepts (`<function_call>`, `<tool>`, `<response>`, `<json>`, `<JSON>`, `<xml>`).

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct hermes {
  static constexpr std::string_view name = "hermes";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 10;
    d.description = "Hermes/Qwen <tool_call>{json}</tool_call> (and Hermes 2 Pro drift wrappers)";
    d.triggers = {{"<tool_call>", detail::trig_cond::anywhere, 0}, {"<function_call>", detail::trig_cond::anywhere, 1},
                  {"<tool>", detail::trig_cond::anywhere, 2},      {"<response>", detail::trig_cond::anywhere, 3},
                  {"<json>", detail::trig_cond::anywhere, 4},      {"<JSON>", detail::trig_cond::anywhere, 5},
                  {"<xml>", detail::trig_cond::anywhere, 6}};
    d.template_markers = {"<tool_call>"};
    d.call_template = {"<tool_call>\n{\"name\": \"{NAME}\", \"arguments\": ", "}\n</tool_call>", "json"};
    // Hermes models drift the way llama.cpp's Hermes 2 Pro parser reads: `<function=NAME>{...}`,
    // `<function name="NAME">` (named_function), the `<tools>` tag of the system prompt
    // (qwen_tools) and fenced JSON calls (fenced)
    d.presets = {{"hermes", {"hermes", "reasoning", "named_function", "qwen_tools", "fenced"}, 25, false}};
    d.make = [] {
      using tag = detail::tag_json_handler::tag;
      return std::unique_ptr<detail::handler>(new detail::tag_json_handler(
          name, {tag{"</tool_call>", true, true, false, true}, tag{"</function_call>", false, true, false},
                 tag{"</tool>", true, true, false}, tag{"</response>", true, true, false},
                 tag{"</json>", true, true, false}, tag{"</JSON>", true, true, false},
                 tag{"</xml>", true, true, false}}));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_HERMES_HPP
