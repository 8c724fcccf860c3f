// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_FUNCTION_KEY_HPP
#define TOOLCALL_FORMATS_FUNCTION_KEY_HPP

// Function key (docs/formats/README.md, "function_key"): `{"function": "NAME", "parameters":
// {...}}`, bare or after `<|python_tag|>`, written by prompt-engineered tool use.

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct function_key {
  static constexpr std::string_view name = "function_key";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 35;
    d.description = "{\"function\": NAME, \"parameters\": {...}}";
    d.triggers = {{"<|python_tag|>", detail::trig_cond::anywhere, 0}};
    d.bare.function_string = true;
    d.make = [] {
      detail::call_shape shape;
      shape.name_key = false;
      shape.function_object = false;
      shape.function_string = true;
      shape.require_args = false;
      return std::unique_ptr<detail::handler>(new detail::python_tag_handler(name, shape, false, "<function"));
    };
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_FUNCTION_KEY_HPP
