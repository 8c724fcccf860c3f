// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_OPENAI_HPP
#define TOOLCALL_FORMATS_OPENAI_HPP

// OpenAI JSON (docs/formats/README.md, "openai"): a model echoing the wire format, `{"tool_calls":
// [{"id": ..., "type": "function", "function": {"name": ..., "arguments": "..."}}]}`, the flat
// and singular envelopes. Bare JSON only: no marker.

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct openai {
  static constexpr std::string_view name = "openai";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 20;
    d.description = "OpenAI {\"tool_calls\": [...]} envelopes";
    d.bare.envelope = true;
    d.traits.model_ids = true;
    end_tokens::add(d.markers, end_tokens::generic());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_OPENAI_HPP
