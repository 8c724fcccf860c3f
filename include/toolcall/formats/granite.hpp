// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GRANITE_HPP
#define TOOLCALL_FORMATS_GRANITE_HPP

// IBM Granite (docs/formats/granite.md): Granite 3.x `<|tool_call|>[{"name": ..., "arguments":
// ...}, ...]` (3.1 spells the marker `<tool_call>`, still with a list and no closer), and
// granite-20b-functioncalling `<function_call> {...}`, one marker per call. Granite 3.3's
// `<response>...</response>` after its reasoning block is a reply wrapper: markup.
//
// Priority 9, just before hermes: `<tool_call>` and `<function_call>` are hermes' openers too.
// Granite reads `<tool_call>` only when a list follows and gives anything else to hermes at
// once; it reads `<function_call>` exactly as hermes does. Coming first also makes its
// `<response>` opener (at the start of the reply only) win over hermes' drift wrapper there.

#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct granite {
  static constexpr std::string_view name = "granite";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 9;
    d.description = "IBM Granite 3.x <|tool_call|>[...] (3.1: <tool_call>[...]) and granite-20b <function_call> {...}";
    d.triggers = {{"<|tool_call|>", detail::trig_cond::anywhere, 0},
                  {"<tool_call>", detail::trig_cond::anywhere, 1},
                  {"<function_call>", detail::trig_cond::anywhere, 2},
                  {"<response>", detail::trig_cond::start, 3},
                  {"</response>", detail::trig_cond::anywhere, 4}};
    d.markers = {"<|end_of_text|>", "<|endoftext|>"};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<|tool_call|>", "<|function_call_library|>", "<|start_of_role|>"};
    // Baidu ERNIE 4.5 (vLLM's ernie45 parser): hermes' `<tool_call>{...}</tool_call>`, a lone
    // `</think>` (the Thinking template opens the block in the prompt) and `<response>...</response>`
    // around a reply, the wrapper this room reads as markup
    d.presets = {{"granite.?4", {"hermes"}, 15, false},
                 {"granite", {"granite"}, 30, false},
                 {"(^|/)ernie-4\\.5(-vl)?-[0-9.]+b(-a[0-9.]+b)?-thinking", {"granite", "hermes"}, 14, true},
                 {"(^|/)ernie-4\\.5", {"granite", "hermes"}, 15, false}};
    d.make = [] {
      std::vector<detail::json_region_spec> specs;
      specs.push_back(detail::json_spec(""));                          // <|tool_call|>[...]
      specs.push_back(detail::json_spec("</tool_call>", true));        // <tool_call>[...]
      specs.back().array_only = true;
      specs.push_back(detail::json_spec("</function_call>"));          // <function_call> {...}
      specs.push_back(detail::wrap_open_spec());                       // <response>
      specs.back().json_inside = true;
      specs.back().body = detail::json_spec("</response>", true).body;  // hermes' drift spelling
      specs.push_back(detail::wrap_close_spec(
          {"<|tool_call|>", "<tool_call>", "<function_call>", "<|end_of_text|>", "<|endoftext|>"}));
      return std::unique_ptr<detail::handler>(new detail::json_region_handler(name, std::move(specs)));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GRANITE_HPP
