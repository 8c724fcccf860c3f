// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_LLAMA3_HPP
#define TOOLCALL_FORMATS_LLAMA3_HPP

// Llama 3.x JSON (docs/formats/README.md, "llama3_json"): `<|python_tag|>{"name": ...,
// "parameters": ...}`, the whole output as one such object (or `;`-separated objects, or an array
// of them), and the built-in tools `<|python_tag|>NAME.call(key="value")`.

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct llama3_json {
  static constexpr std::string_view name = "llama3_json";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 30;
    d.description = "Llama 3.x <|python_tag|>, raw JSON, ;-separated, NAME.call(...)";
    d.triggers = {{"<|python_tag|>", detail::trig_cond::anywhere, 0}};
    d.call_template = {"<|python_tag|>{\"name\": \"{NAME}\", \"parameters\": ", "}", "json"};
    d.bare.name_key = true;
    d.bare.semicolons = true;
    d.bare.call_array = true;
    // the Llama 3 header tokens identify the family even in templates without tool markup
    d.template_markers = {"<|python_tag|>", "<|start_header_id|>"};
    d.presets = {{"llama.?4", {"pythonic", "llama3_json"}, 15, false},
                 {"llama", {"llama3_json", "function_key", "pythonic", "named_function"}, 40, false}};
    d.make = [] {
      detail::call_shape shape = detail::wrapper_shape();
      shape.function_string = false;
      return std::unique_ptr<detail::handler>(new detail::python_tag_handler(name, shape, true, "<function"));
    };
    end_tokens::add(d.markers, end_tokens::llama3());
    // its bare `{"name", "parameters"}` shape is also what ChatML fine-tunes (xLAM) write
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_LLAMA3_HPP
