// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_FUNCTOOLS_HPP
#define TOOLCALL_FORMATS_FUNCTOOLS_HPP

// Phi-4-mini and Firefunction v2 (docs/formats/functools.md): the word `functools` directly
// followed by a JSON list of calls, `functools[{"name": ..., "arguments": {...}}, ...]`, with no
// closer. `functools.lru_cache` and `import functools` are not openers; a `functools[...]` whose
// list holds no call objects stays content.

#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct functools {
  static constexpr std::string_view name = "functools";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 23;
    d.description = "Phi-4-mini and Firefunction v2 functools[{...}, ...]";
    // `functools{...}`: one call without the list (Phi-4-mini drift)
    d.triggers = {{"functools[", detail::trig_cond::anywhere, 0}, {"functools{", detail::trig_cond::anywhere, 1}};
    d.markers = {"<|end|>", "<|eot_id|>"};
    d.template_markers = {"functools[", "<|/tool|>"};
    d.presets = {{"phi-?4-mini-instruct|firefunction", {"functools"}, 20, false}};
    d.make = [] {
      detail::json_region_spec s = detail::json_spec("");
      s.inject = "[";
      detail::json_region_spec one = detail::json_spec("");
      one.inject = "{";
      return std::unique_ptr<detail::handler>(new detail::json_region_handler(name, {s, one}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_FUNCTOOLS_HPP
