// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_XLAM_HPP
#define TOOLCALL_FORMATS_XLAM_HPP

// Salesforce xLAM (docs/formats/xlam.md): the whole reply is a JSON list of calls,
// `[{"name": ..., "arguments": {...}}, ...]`, sometimes in a ```json fence; the first generation
// wraps it as `{"tool_calls": [...]}`. No marker: the bare shapes are read at the start of the
// output only, and a list whose elements are not all calls is data.
//
// The engine reads every bare shape with one claimant and reports a shape as the format with
// the highest priority number that declares it: xLAM's 18 keeps llama3_json (30) and openai
// (20) as the names of their own shapes in builtin(); only a registry without them (for_model,
// only("xlam")) reports bare lists as xlam. Its fence opener counts at the start of the output
// only, before the fenced format's.

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct xlam {
  static constexpr std::string_view name = "xlam";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 18;
    d.description = "Salesforce xLAM bare (or fenced) JSON list of calls";
    d.triggers = {{"```", detail::trig_cond::start, 0}};
    d.bare.call_array = true;
    d.bare.envelope = true;
    d.bare.name_key = true;  // the calls inside xLAM-1's {"tool_calls": [...]}
    d.markers = {"<|eot_id|>", "<|im_end|>"};
    d.template_markers = {"(additional parallel tool calls as needed)"};
    d.presets = {{"xlam", {"xlam"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::fence_handler(name)); };
    end_tokens::add(d.markers, end_tokens::chatml());
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_XLAM_HPP
