// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_KIMI_K3_HPP
#define TOOLCALL_FORMATS_KIMI_K3_HPP

// Kimi-K3 XTML (docs/formats/kimi_k3.md): a `tools` channel `<|open|>tools<|sep|>` holding
// `<|open|>call tool="NAME" index="N"<|sep|>` elements with typed arguments
// `<|open|>argument key="K" type="T"<|sep|>V<|close|>argument<|sep|>`, each closed by
// `<|close|>call<|sep|>`, the channel by `<|close|>tools<|sep|>`. `type="string"` keeps the text
// as written; any other type decodes it as JSON (a schema, when attached, wins). The reply sits
// in a `response` channel whose markers are markup.

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct kimi_k3 {
  static constexpr std::string_view name = "kimi_k3";
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = "<|open|>call tool=";
    s.fn_name = detail::xml_name::quoted;
    s.tag_end = "<|sep|>";
    s.fn_close = "<|close|>call<|sep|>";
    s.param_open = "<|open|>argument key=";
    s.param_name = detail::xml_name::quoted;
    s.param_close = "<|close|>argument<|sep|>";
    s.call_close = "<|close|>tools<|sep|>";
    s.trim = detail::xml_trim::none;
    s.multi = true;
    s.type_attr = "type";
    s.type_attr_names = true;
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 134;
    d.description = "Kimi-K3 XTML <|open|>tools<|sep|><|open|>call tool=... index=...<|sep|><|open|>argument key=... type=...<|sep|>V";
    d.triggers = {{"<|open|>tools<|sep|>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<|open|>response<|sep|>", "<|close|>response<|sep|>", "<|close|>message<|sep|>", "<|im_end|>"};
    d.reasoning = {{"<think>", "</think>"}};  // K3's own reasoning channel is not verified yet
    d.template_markers = {"<|open|>", "<|close|>", "<|sep|>"};
    d.traits.values_as_text = true;
    d.presets = {{"kimi[-_]?k3", {"kimi_k3"}, 15, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::xml_region_handler({spec()})); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_KIMI_K3_HPP
