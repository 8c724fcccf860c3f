// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_PLAMO3_HPP
#define TOOLCALL_FORMATS_PLAMO3_HPP

// Preferred Networks PLaMo 3 (docs/formats/plamo3.md): a section of tagged requests,
// `<|plamo:begin_tool_requests:plamo|>` then per call `<|plamo:begin_tool_request:plamo|>
// <|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>
// [<|plamo:constrain|>json<|plamo:msg|>]{json}<|plamo:end_tool_arguments:plamo|>
// <|plamo:end_tool_request:plamo|>`, then `<|plamo:end_tool_requests:plamo|>`. The tags are
// several tokens each (they may arrive split). Reasoning: `<|plamo:begin_think:plamo|>` ...
// `<|plamo:end_think:plamo|>`; `<|plamo:tag|>` ends the turn. Read by the token-slot handler
// (slot_region.hpp); each request is its own region, so a bad one fails alone. A tag cut off by
// the end of the output is dropped (plamo3_handler).

#include <memory>
#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "slot_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// PLaMo 3's tags are plain text, several tokens each, so an output cut at its token limit may
/// end inside one (`Answer<|plamo:begin_`). Variant `k_tag` (the shared prefix `<|plamo:`,
/// which any longer trigger or marker outmatches) reads on while the text may still be a PLaMo
/// tag: at the end of the output it is a cut-off tag, dropped with a note (vLLM's plamo3 parser
/// strips a trailing partial marker); anything else fails quietly and stays text. The other
/// variants go to the token-slot handler.
class plamo3_handler final : public delegating_handler {
 public:
  static constexpr int k_tag = 2;
  explicit plamo3_handler(std::unique_ptr<handler> slots) : slots_(std::move(slots)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    tag_ = variant == k_tag;
    buf_ = "<|plamo:";
    if (!tag_) begin_in(*slots_, e, trigger, variant);
  }
  step feed(const region_ctx& e, std::string_view in) override {
    if (!tag_) return slots_->feed(e, in);
    for (std::size_t i = 0; i < in.size(); ++i) {
      buf_ += in[i];
      if (!proper_prefix(buf_)) {
        return step::failed(i, errc::ok, "", severity::note);
      }
    }
    return {step::more, in.size()};
  }
  step finish(const region_ctx& e) override {
    if (!tag_) return slots_->finish(e);
    e.text.diag(errc::marker_in_text, e.place.region_abs(),
                "the output ends inside a PLaMo tag; the cut-off tag was dropped", severity::note);
    return {step::done, 0};
  }

 private:
  static bool proper_prefix(std::string_view s) noexcept {
    static constexpr std::string_view tags[] = {
        "<|plamo:begin_tool_requests:plamo|>", "<|plamo:end_tool_requests:plamo|>", "<|plamo:begin_tool_request:plamo|>",
        "<|plamo:end_tool_request:plamo|>",    "<|plamo:begin_tool_name:plamo|>",    "<|plamo:end_tool_name:plamo|>",
        "<|plamo:begin_tool_arguments:plamo|>", "<|plamo:end_tool_arguments:plamo|>", "<|plamo:begin_think:plamo|>",
        "<|plamo:end_think:plamo|>",            "<|plamo:constrain|>",                "<|plamo:msg|>",
        "<|plamo:tag|>"};
    for (std::string_view t : tags)
      if (s.size() < t.size() && t.compare(0, s.size(), s) == 0) return true;
    return false;
  }
  std::unique_ptr<handler> slots_;
  std::string buf_;
  bool tag_ = false;
};

}  // namespace detail

namespace formats {

struct plamo3 {
  static constexpr std::string_view name = "plamo3";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 27;
    d.description = "PLaMo 3 <|plamo:begin_tool_request:plamo|>... tagged name and JSON arguments";
    d.triggers = {{"<|plamo:begin_tool_requests:plamo|>", detail::trig_cond::anywhere, 0},
                  {"<|plamo:begin_tool_request:plamo|>", detail::trig_cond::anywhere, 1},
                  {"<|plamo:", detail::trig_cond::anywhere, detail::plamo3_handler::k_tag}};
    d.markers = {"<|plamo:end_tool_requests:plamo|>", "<|plamo:end_tool_request:plamo|>", "<|plamo:tag|>"};
    d.reasoning = {{"<|plamo:begin_think:plamo|>", "<|plamo:end_think:plamo|>"}};
    d.template_markers = {"<|plamo:begin_tool_requests:plamo|>", "<|plamo:begin_tool_name:plamo|>"};
    d.presets = {{"(?:^|[/_-])plamo-?3(?:$|[/_.-])", {"plamo3"}, 20, false}};
    d.call_template = {"<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>"
                       "{NAME}<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>",
                       "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>",
                       "json"};
    d.make = [] {
      using st = detail::slot_step;
      detail::slot_spec section;
      section.follow = {"<|plamo:begin_tool_request:plamo|>", "<|plamo:end_tool_requests:plamo|>"};
      detail::slot_spec call;
      call.steps = {{st::token, "<|plamo:begin_tool_name:plamo|>", false},
                    {st::name, "<|plamo:end_tool_name:plamo|>", false},
                    {st::token, "<|plamo:begin_tool_arguments:plamo|>", false},
                    {st::token, "<|plamo:constrain|>json", true},
                    {st::token, "<|plamo:msg|>", true},
                    {st::args, "<|plamo:end_tool_arguments:plamo|>", false},
                    {st::token, "<|plamo:end_tool_request:plamo|>", false}};
      return std::unique_ptr<detail::handler>(new detail::plamo3_handler(
          std::unique_ptr<detail::handler>(new detail::slot_handler(name, {section, call}))));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_PLAMO3_HPP
