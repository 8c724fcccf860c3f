// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_HY3_HPP
#define TOOLCALL_FORMATS_HY3_HPP

// Tencent Hy3 / HY-v4 (docs/formats/hy3.md): `<tool_calls>` holding `<tool_call>NAME<tool_sep>
// <arg_key>K</arg_key><arg_value>V</arg_value></tool_call>` elements; the released tokenizer
// writes every token with a `:opensource` suffix (`<tool_calls:opensource>`). HY-v4 drops
// `<tool_sep>` (the name runs to the first `<arg_key>`). Values are kept as written (vLLM's
// hy_v3 parser does not strip them); without a schema they are strings. Shares `<tool_calls>`
// with MiniMax-M1: a `{` after the opener fails this room at once and goes to minimax_m1.
// Output cut short (docs/formats/hy3.md): after a closed value the call is kept with a warning;
// inside a later call of the block the complete calls before it stay, the cut one is no call
// and its text is content.

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct hy3 {
  static constexpr std::string_view name = "hy3";
  static detail::xml_spec spec(bool suffix) {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = suffix ? "<tool_call:opensource>" : "<tool_call>";
    s.fn_name = detail::xml_name::to_line;
    s.name_sep = suffix ? "<tool_sep:opensource>" : "<tool_sep>";
    s.fn_close = suffix ? "</tool_call:opensource>" : "</tool_call>";
    s.param_open = suffix ? "<arg_key:opensource>" : "<arg_key>";
    s.param_name = detail::xml_name::to_tag;
    s.param_name_end = suffix ? "</arg_key:opensource>" : "</arg_key>";
    s.value_open = suffix ? "<arg_value:opensource>" : "<arg_value>";
    s.param_close = suffix ? "</arg_value:opensource>" : "</arg_value>";
    s.call_close = suffix ? "</tool_calls:opensource>" : "</tool_calls>";
    s.trim = detail::xml_trim::none;
    s.multi = true;
    // vLLM's hy_v3/hy_v4 parsers pair `<arg_key>`/`<arg_value>` by position, whatever the names
    // (a repeated key: the later value wins), keep the complete calls and pairs of an output
    // cut short, and read nothing of a pair without `<arg_value>` (repaired here, docs/formats/hy3.md)
    s.schema_tags = false;
    s.end_after_value = true;
    s.keep_calls_at_cut = true;
    s.value_open_optional = true;
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 6;
    d.description = "Tencent Hy3 <tool_calls><tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>...";
    d.triggers = {{"<tool_calls>", detail::trig_cond::anywhere, 0},
                  {"<tool_calls:opensource>", detail::trig_cond::anywhere, 1}};
    d.markers = {"<\xEF\xBD\x9Chy_eos:opensource\xEF\xBD\x9C>", "<\xEF\xBD\x9Chy_Assistant:opensource\xEF\xBD\x9C>",
                 "<\xEF\xBD\x9Chy_User:opensource\xEF\xBD\x9C>"};
    d.reasoning = {{"<think:opensource>", "</think:opensource>"}, {"<think>", "</think>"}};
    d.template_markers = {"<tool_sep:opensource>", "<tool_sep>"};
    d.traits.values_as_text = true;
    // tencent/Hy3, Hy3-preview and their re-uploads (mlx-community/Hy3-preview-4bit, ...); HY-v4
    d.presets = {{"(^|/)(hy3|hy-v4|hy_v4|hunyuan-?3)([-_.].*)?$", {"hy3"}, 20, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::xml_region_handler({spec(false), spec(true)}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_HY3_HPP
