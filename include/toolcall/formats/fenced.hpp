// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_FENCED_HPP
#define TOOLCALL_FORMATS_FENCED_HPP

// Markdown fence (docs/formats/README.md, "fenced"): a call object in a ```json fence at the start
// of a line; a fenced object without the call shape (a package.json) stays content. Inside the
// fence a call may be wrapped in `<tool_call>`: a JSON call (Hermes), or Qwen3-Coder XML read by
// the one XML reader with Qwen3-Coder's spellings (strings without a schema, as vLLM's
// qwen3coder parser reads them; typed by the request's schema). A JSON call may also be wrapped
// in one of the Hermes 2 Pro tags llama.cpp reads in a fence (`<response>`, `<function_call>`,
// `<tool>`, `<json>`, `<JSON>`, `<xml>`); `--format hermes` alone does not read fences.

#include "end_tokens.hpp"
#include "qwen3_coder.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct fenced {
  static constexpr std::string_view name = "fenced";
  /// The spellings of a fenced call, reported as `format` (fenced, xlam).
  static detail::fence_spec spec(std::string_view format) {
    detail::fence_spec f;
    f.fence = "```";
    f.tag = "<tool_call>";
    f.tag_close = "</tool_call>";
    f.xml = qwen3_coder::spec();
    f.xml.format = format;
    return f;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 90;
    d.description = "markdown-fenced JSON calls";
    d.triggers = {{"```", detail::trig_cond::line_start, 0}};
    d.make = [] {
      // in a fence, a JSON call may also sit in the Hermes 2 Pro wrappers llama.cpp reads there
      detail::fence_spec f = spec(name);
      f.json_tags = {{"<function_call>", "</function_call>"}, {"<response>", "</response>"}, {"<tool>", "</tool>"},
                     {"<json>", "</json>"},   {"<JSON>", "</JSON>"},   {"<xml>", "</xml>"}};
      return std::unique_ptr<detail::handler>(new detail::fence_handler(f));
    };
    end_tokens::add(d.markers, end_tokens::generic());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_FENCED_HPP
