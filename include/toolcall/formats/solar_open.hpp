// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_SOLAR_OPEN_HPP
#define TOOLCALL_FORMATS_SOLAR_OPEN_HPP

// Upstage Solar Open (docs/formats/solar_open.md): `<|tool_calls|>` then per call
// `<|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}<|tool_call:end|>`, and
// `<|calls|>` after the last. The ID is the model's call id, kept when it has the vendor's
// shape (10 lowercase letters and digits), else generated as the vendor parser does. Reasoning:
// `<|think|>...<|end|>`; a reply is `<|content|>...<|end|>`, turns are `<|begin|>assistant`.
// Read by the token-slot handler (slot_region.hpp). `<|tool_calls|>` is also Sarashina's list
// marker: the section opener here is markup only when a call opener (or `<|calls|>`) follows,
// and gives anything else to sarashina, the next claimant.

#include <memory>
#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "slot_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Solar Open's call ids: exactly 10 of [a-z0-9].
inline bool solar_open_id(std::string_view id) {
  if (id.size() != 10) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

}  // namespace detail

namespace formats {

struct solar_open {
  static constexpr std::string_view name = "solar_open";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 28;
    d.description = "Upstage Solar Open <|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}<|tool_call:end|>";
    d.triggers = {{"<|tool_calls|>", detail::trig_cond::anywhere, 0},
                  {"<|tool_call:begin|>", detail::trig_cond::anywhere, 1}};
    d.markers = {"<|calls|>", "<|flush|>", "<|content|>", "<|begin|>assistant", "<|begin|>", "<|tool_call:end|>", "<|end|>"};
    d.reasoning = {{"<|think|>", "<|end|>"}};
    d.template_markers = {"<|tool_call:begin|>", "<|tool_call:args|>"};
    d.traits.model_ids = true;
    d.presets = {{"(?:^|[/_-])solar-open-\\d+b", {"solar_open"}, 20, false}};
    d.call_template = {"<|tool_calls|><|tool_call:begin|>0000000000<|tool_call:name|>{NAME}<|tool_call:args|>",
                       "<|tool_call:end|><|calls|>", "json"};
    d.make = [] {
      using st = detail::slot_step;
      detail::slot_spec section;
      section.follow = {"<|tool_call:begin|>", "<|calls|>"};
      detail::slot_spec call;
      call.steps = {{st::id, "<|tool_call:name|>", false},
                    {st::name, "<|tool_call:args|>", false},
                    {st::args, "<|tool_call:end|>", false}};
      call.id_ok = &detail::solar_open_id;
      return std::unique_ptr<detail::handler>(new detail::slot_handler(name, {section, call}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_SOLAR_OPEN_HPP
