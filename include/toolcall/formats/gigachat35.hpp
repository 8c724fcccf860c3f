// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GIGACHAT35_HPP
#define TOOLCALL_FORMATS_GIGACHAT35_HPP

// GigaChat 3.5 (docs/formats/gigachat35.md): DeepSeek DSML's shape with the `GCML` namespace:
// `<｜GCML｜tool_calls>` holding `<｜GCML｜invoke name="NAME">` elements with
// `<｜GCML｜parameter name="K" string="true|false">V</｜GCML｜parameter>` (the bars are U+FF5C).
// vLLM's gigachat35 parser: `string="true"` (or no attribute) keeps the text as written,
// `string="false"` decodes JSON (the text stays a string when it is not JSON). Each invoke is
// its own call; a bad one goes back to content alone. GigaChat 3 / 3.1 are `gigachat3`.

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct gigachat35 {
  static constexpr std::string_view name = "gigachat35";
#define TOOLCALL_GCML_ "\xEF\xBD\x9C" "GCML\xEF\xBD\x9C"
  static constexpr std::string_view calls_open = "<" TOOLCALL_GCML_ "tool_calls>";
  static constexpr std::string_view calls_close = "</" TOOLCALL_GCML_ "tool_calls>";
  static constexpr std::string_view invoke_lead = "<" TOOLCALL_GCML_ "invoke";
  static constexpr std::string_view invoke_open = "<" TOOLCALL_GCML_ "invoke name=";
  static constexpr std::string_view invoke_close = "</" TOOLCALL_GCML_ "invoke>";
  static constexpr std::string_view param_open = "<" TOOLCALL_GCML_ "parameter name=";
  static constexpr std::string_view param_close = "</" TOOLCALL_GCML_ "parameter>";
  static constexpr std::string_view token = TOOLCALL_GCML_;
#undef TOOLCALL_GCML_
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = invoke_open;
    s.fn_name = detail::xml_name::quoted;
    s.fn_close = invoke_close;
    s.param_open = param_open;
    s.param_name = detail::xml_name::quoted;
    s.param_close = param_close;
    s.call_close = calls_close;
    s.trim = detail::xml_trim::none;
    s.multi = true;
    s.type_attr = "string";
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 133;
    d.description = "GigaChat 3.5 <|GCML|tool_calls><|GCML|invoke name=...><|GCML|parameter name=... string=...>";
    d.triggers = {{std::string(calls_open), detail::trig_cond::anywhere, 0}};
    d.markers = {"</s>"};
    d.template_markers = {std::string(token)};
    d.traits.values_as_text = true;
    // ai-sage/GigaChat3.5-*, GigaChat-3.5 re-uploads; GigaChat 3 and 3.1 are gigachat3's
    d.presets = {{"gigachat[-_ ]?3\\.5", {"gigachat35"}, 25, false}};
    d.make = [] {
      detail::xml_block_handler::config c;
      c.spec = spec();
      c.invoke_lead = invoke_lead;
      c.invoke_close = invoke_close;
      c.closers = {calls_close};
      return std::unique_ptr<detail::handler>(new detail::xml_block_handler(std::move(c)));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GIGACHAT35_HPP
