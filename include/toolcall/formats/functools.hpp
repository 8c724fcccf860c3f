// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_FUNCTOOLS_HPP
#define TOOLCALL_FORMATS_FUNCTOOLS_HPP

// Phi-4-mini and Firefunction v2 (docs/formats/functools.md): the word `functools` directly
// followed by a JSON list of calls, `functools[{"name": ..., "arguments": {...}}, ...]`, with no
// closer. `functools.lru_cache` and `import functools` are not openers; a `functools[...]` whose
// list holds no call objects stays content, but the empty list `functools[]` is the model saying
// "no call" (vLLM's phi4mini parser strips it): markup, a note (json_region_handler).

#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct functools {
  static constexpr std::string_view name = "functools";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 23;
    s.description = "Phi-4-mini and Firefunction v2 functools[{...}, ...]";
    s.call_begin = "functools[";
    s.payload = payload_kind::json_object;
    s.json.allow_list = true;
    s.json.inject = "[";
    s.triggers = {{"functools{", "", trigger_position::anywhere}};  // one call without the list (drift)
    s.markers = {"<|end|>", "<|eot_id|>"};
    s.template_markers = {"functools[", "<|/tool|>"};
    s.presets = {{"phi-?4-mini-instruct|firefunction", {"functools"}, 20, false}};
    return s;
  }
  static detail::format_def def() { return detail::spec_def(to_spec()); }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_FUNCTOOLS_HPP
