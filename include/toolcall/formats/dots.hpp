// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_DOTS_HPP
#define TOOLCALL_FORMATS_DOTS_HPP

// rednote-hilab dots.llm1 (docs/formats/dots.md): `<dots_function_call>\n<invoke name="NAME">\n
// <parameter name="K">V</parameter>\n</invoke>\n</dots_function_call>`, several invokes per
// block, each its own call (a bad one goes back to content alone), MiniMax-M2's shape under
// another block tag. The vendor's parser also takes one JSON call object in the block
// (`{"name": ..., "arguments": {...}}`): the first byte after the opener picks the body.
// Values are trimmed strings without a schema.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// One opener, two bodies: after whitespace, `{` is a JSON call object read by `json`, anything
/// else the XML invokes read by `xml`. The whitespace is held (at most 64 bytes) and given to
/// the chosen body with the rest.
class first_byte_handler final : public delegating_handler {
 public:
  first_byte_handler(std::unique_ptr<handler> xml, std::unique_ptr<handler> json)
      : xml_(std::move(xml)), json_(std::move(json)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    ws_.clear();
    cur_ = nullptr;
    trigger_ = trigger;
    variant_ = variant;
    start_ = e.place.chunk_abs();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    if (!cur_) {
      while (i < in.size() && is_json_ws(static_cast<unsigned char>(in[i]))) ++i;
      ws_.append(in.data(), i);
      if (ws_.size() > 64) {
        return step::failed(i, errc::invalid_call, "the opener is not followed by a call", severity::warning);
      }
      if (i == in.size()) return {step::more, in.size()};
      cur_ = in[i] == '{' ? json_.get() : xml_.get();
      fixed_place sub_at(e.place, start_);
      const region_ctx sub = e.with_place(sub_at);
      cur_->begin(sub, trigger_, variant_);
      if (!ws_.empty()) {
        const step s = cur_->feed(sub, ws_);
        if (s.st != step::more) return s.at(0);
      }
      ws_.clear();
    }
    fixed_place sub_at(e.place, e.place.chunk_abs() + i);
    const region_ctx sub = e.with_place(sub_at);
    const step s = cur_->feed(sub, in.substr(i));
    return s.after(i);
  }
  step finish(const region_ctx& e) override {
    if (!cur_) {
      return step::failed(0, errc::invalid_call, "the opener is not followed by a call", severity::warning);
    }
    return cur_->finish(e);
  }

 private:
  std::unique_ptr<handler> xml_, json_;
  std::string ws_;
  std::string_view trigger_;
  int variant_ = 0;
  std::size_t start_ = 0;
};

}  // namespace detail

namespace formats {

struct dots {
  static constexpr std::string_view name = "dots";
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = "<invoke name=";
    s.fn_name = detail::xml_name::quoted;
    s.fn_close = "</invoke>";
    s.param_open = "<parameter name=";
    s.param_name = detail::xml_name::quoted;
    s.param_close = "</parameter>";
    s.call_close = "</dots_function_call>";
    s.trim = detail::xml_trim::whitespace;
    s.null_word = true;  // both vendor parsers: a value `null` is null whatever its type
    s.multi = true;
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 24;
    d.description = "dots.llm1 <dots_function_call><invoke name=...><parameter name=...>V</parameter>...";
    d.triggers = {{"<dots_function_call>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<|endofresponse|>"};
    d.template_markers = {"<dots_function_call>"};
    d.traits.values_as_text = true;
    d.traits.null_word = spec().null_word;  // the normalizer keeps the null the body reads
    d.traits.unknown_tools_as_text = true;  // vLLM's dots parser: a call to an undeclared tool is text
    d.presets = {{"(^|/)dots[._-]?llm", {"dots"}, 20, false}};
    d.make = [] {
      detail::xml_block_handler::config c;
      c.spec = spec();
      c.invoke_lead = "<invoke";
      c.invoke_close = "</invoke>";
      c.closers = {"</dots_function_call>"};
      std::unique_ptr<detail::handler> xml(new detail::xml_block_handler(std::move(c)));
      std::unique_ptr<detail::handler> json(
          new detail::json_region_handler(name, {detail::json_spec("</dots_function_call>")}));
      return std::unique_ptr<detail::handler>(new detail::first_byte_handler(std::move(xml), std::move(json)));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_DOTS_HPP
