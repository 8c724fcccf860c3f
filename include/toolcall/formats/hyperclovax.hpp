// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_HYPERCLOVAX_HPP
#define TOOLCALL_FORMATS_HYPERCLOVAX_HPP

// Naver HyperCLOVA X SEED (docs/formats/hyperclovax.md): ChatML with role suffixes. A call turn
// is a new assistant message with the role `assistant -> tool/function_call`, holding a JSON
// list of `{"name", "arguments"}` objects (a lone object, and the `parameters`/`input` keys, are
// accepted as the vendor's parsers do), ended by `<|im_end|>` and `<|stop|>`:
//
//   Let me check.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{...}]<|im_end|><|stop|>
//
// The generation prompt ends with `<|im_start|>assistant`, so the role suffix may open the
// output. Reasoning (`/think`, then a message ending at `<|im_end|>\n<|im_start|>assistant`) is
// not declared: a reasoning closer is matched literally, and a detokenizer's space inside that
// closer would leave the calls after it inside reasoning; the text is content. Read by
// json_region_handler as data.

#include <memory>
#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct hyperclovax {
  static constexpr std::string_view name = "hyperclovax";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 33;
    d.description = "HyperCLOVA X SEED <|im_start|>assistant -> tool/function_call\\n[{\"name\": ..., \"arguments\": {...}}]<|im_end|>";
    // the role header as the template writes it; the role suffix alone (the prompt ended with
    // `<|im_start|>assistant`, or a detokenizer spaced the header): a mention in prose fails
    // with a note and stays content
    d.triggers = {{"<|im_start|>assistant -> tool/function_call", detail::trig_cond::anywhere, 0},
                  {"-> tool/function_call", detail::trig_cond::anywhere, 0}};
    d.markers = {"<|im_end|>", "<|stop|>", "<|endofturn|>", "<|im_start|>assistant", "<|im_start|>"};
    d.template_markers = {"-> tool/function_call", "<|im_start|>tool_list"};
    // naver-hyperclovax/HyperCLOVAX-SEED-Think-14B, -Think-32B, -Text-Instruct-1.5B, ... and
    // their re-uploads (unsloth/HyperCLOVAX-SEED-Think-14B-GGUF, mlx-community/...-4bit)
    d.presets = {{"(?:^|[/_-])hyperclovax-seed(?:[-_.].*)?$", {"hyperclovax"}, 20, false}};
    d.call_template = {"<|im_start|>assistant -> tool/function_call\n[{\"name\": \"{NAME}\", \"arguments\": ",
                       "}]<|im_end|>", "json"};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::json_region_handler(name, {detail::json_spec("<|im_end|>")}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_HYPERCLOVAX_HPP
