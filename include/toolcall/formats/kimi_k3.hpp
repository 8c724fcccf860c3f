// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_KIMI_K3_HPP
#define TOOLCALL_FORMATS_KIMI_K3_HPP

// Kimi-K3 XTML (docs/formats/kimi_k3.md): a `tools` channel `<|open|>tools<|sep|>` holding
// `<|open|>call tool="NAME" index="N"<|sep|>` elements with typed arguments
// `<|open|>argument key="K" type="T"<|sep|>V<|close|>argument<|sep|>`, each closed by
// `<|close|>call<|sep|>`, the channel by `<|close|>tools<|sep|>`. `type="string"` keeps the text
// as written; any other type decodes it as JSON (a schema, when attached, wins). A call may
// hold one `<|open|>json type="object"<|sep|>{...}<|close|>json<|sep|>` block instead of its
// arguments. The reply sits in a `response` channel whose markers are markup; reasoning in a
// `think` channel, `<|open|>think<|sep|>...<|close|>think<|sep|>`.

#include <memory>
#include <utility>
#include <vector>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "json_region.hpp"
#include "region_filters.hpp"

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
    s.json_args = true;  // the json block, once its markers are read as markup (def())
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 134;
    d.description = "Kimi-K3 XTML <|open|>tools<|sep|><|open|>call tool=... index=...<|sep|><|open|>argument key=... type=...<|sep|>V";
    d.triggers = {{"<|open|>tools<|sep|>", detail::trig_cond::anywhere, 0},
                  {"<|open|>response<|sep|>", detail::trig_cond::start, 1}};
    // `<|close|>tools<|sep|>` again after the channel closed (a duplicated closer) is markup too
    d.markers = {"<|close|>response<|sep|>", "<|close|>message<|sep|>", "<|close|>tools<|sep|>", "<|im_end|>"};
    // the think channel (vLLM's kimi_k3 reader strips it); `<think>` for drift
    d.reasoning = {{"<|open|>think<|sep|>", "<|close|>think<|sep|>"}, {"<think>", "</think>"}};
    d.template_markers = {"<|open|>", "<|close|>", "<|sep|>"};
    d.traits.values_as_text = true;
    d.presets = {{"kimi[-_]?k3", {"kimi_k3"}, 15, false}};
    d.make = [] {
      // the tools channel, its json block's markers read as markup around the JSON object
      std::vector<detail::rewrite_rule> rules = {{"<|open|>json type=\"object\"<|sep|>", ""},
                                                 {"<|close|>json<|sep|>", ""}};
      std::vector<std::unique_ptr<detail::handler>> hs;
      hs.emplace_back(new detail::rewrite_handler(
          std::unique_ptr<detail::handler>(new detail::xml_region_handler({spec()})), std::move(rules)));
      // `<|open|>response<|sep|>`: the reply channel's opener is markup
      hs.emplace_back(new detail::json_region_handler(name, {detail::wrap_open_spec()}));
      return std::unique_ptr<detail::handler>(new detail::routed_handler(std::move(hs), {{0, 0}, {1, 0}}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_KIMI_K3_HPP
