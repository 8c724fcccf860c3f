// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_SOLAR_OPEN2_HPP
#define TOOLCALL_FORMATS_SOLAR_OPEN2_HPP

// Upstage Solar Open 2 (docs/formats/solar_open2.md): not Solar Open's id/name/JSON slots but
// key/value tokens, one region per call:
//
//   <|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>\n<|tool_call:end|>
//
// Values are raw text (vLLM's solar_open2 parser keeps them as written and types them by the
// request's schema; without a schema they are strings). Reasoning: `<|think:start|>` ...
// `<|think:end|>`; the turn ends with `<|im:end|>`. Read by xml_region_handler as data.

#include <memory>
#include <string>
#include <string_view>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct solar_open2 {
  static constexpr std::string_view name = "solar_open2";
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_name = detail::xml_name::to_line;  // the name follows the opener, to the newline
    s.fn_close = "<|tool_call:end|>";
    s.param_open = "<|tool_arg:start|>";
    s.param_name = detail::xml_name::to_tag;
    s.param_name_end = "<|tool_arg:value|>";
    s.param_close = "<|tool_arg:end|>";
    s.trim = detail::xml_trim::none;
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 34;
    d.description = "Upstage Solar Open 2 <|tool_call:start|>NAME <|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|> <|tool_call:end|>";
    d.triggers = {{"<|tool_call:start|>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<|im:end|>", "<|im:content|>"};
    d.reasoning = {{"<|think:start|>", "<|think:end|>"}};
    d.template_markers = {"<|tool_arg:value|>", "<|tool_call:start|>"};
    d.traits.values_as_text = true;
    // upstage/Solar-Open2-250B and re-uploads (...-GGUF, mlx-community/...-4bit)
    d.presets = {{"(?:^|[/_-])solar-open-?2(?:[-_.].*)?$", {"solar_open2"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::xml_region_handler({spec()})); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_SOLAR_OPEN2_HPP
