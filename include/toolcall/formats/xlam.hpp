// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_XLAM_HPP
#define TOOLCALL_FORMATS_XLAM_HPP

// Salesforce xLAM (docs/formats/xlam.md): the whole reply is a JSON list of calls,
// `[{"name": ..., "arguments": {...}}, ...]`, sometimes in a ```json fence; the first generation
// wraps it as `{"tool_calls": [...]}`. No marker: the bare shapes are read at the start of the
// output only, and a list whose elements are not all calls is data.
//
// The wrappers vLLM's xlam parser (Salesforce's) also reads around the list: a ```json fence
// after prose (at the start of a line), `[TOOL_CALLS][...]` and `<tool_call>[...]</tool_call>`.
// They hold a list, as there: anything else is left to the next claimant (the fenced, mistral
// and hermes formats, which own those wrappers) without a word. A call read in a borrowed
// wrapper is reported as the wrapper's family (fenced, mistral, hermes), so builtin() names
// such calls as it did before xLAM read them.
//
// The engine reads every bare shape with one claimant and reports a shape as the format with
// the highest priority number that declares it: xLAM's 18 keeps llama3_json (30) and openai
// (20) as the names of their own shapes in builtin(); only a registry without them (for_model,
// only("xlam")) reports bare lists as xlam. Its fence opener at the start of the output counts
// before the fenced format's.

#include <cstdint>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "fenced.hpp"
#include "json_region.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A fence after prose, for xLAM: the fenced format's own reader, given up (quietly, for the
/// next claimant) unless the fence is untagged or ```json and its payload opens a list.
class xlam_list_fence_handler final : public delegating_handler {
 public:
  xlam_list_fence_handler() : fence_(formats::fenced::spec(formats::fenced::name)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    st_ = s_lang;
    lang_.clear();
    begin_in(fence_, e, trigger, variant);
  }
  step feed(const region_ctx& e, std::string_view in) override {
    for (std::size_t i = 0; st_ != s_list && i < in.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (st_ == s_lang) {
        if (c == '\n') {
          if (!lang_.empty() && lang_ != "json") return quiet_fail(i);
          st_ = s_ws;
        } else if (c != ' ' && c != '\t' && c != '\r') {
          if (lang_.size() >= 8) return quiet_fail(i);
          lang_ += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        }
        continue;
      }
      if (is_json_ws(c)) continue;
      if (c != '[') return quiet_fail(i);
      st_ = s_list;
    }
    return delegating_handler::feed(e, in);
  }
  step finish(const region_ctx& e) override {
    // the output ending right after ```json is a call cut off: the fence reader says so
    if (st_ != s_list && lang_ != "json") return quiet_fail(0);
    return delegating_handler::finish(e);
  }

 private:
  enum state : std::uint8_t { s_lang, s_ws, s_list };
  static step quiet_fail(std::size_t i) { return step::failed(i, errc::ok, "", severity::note); }
  state st_ = s_lang;
  std::string lang_;
  fence_handler fence_;
};

/// xLAM's handler: variant 0 a fence at the start of the output (its own), 1 a fence after
/// prose, 2 `[TOOL_CALLS]`, 3 `<tool_call>`.
class xlam_handler final : public delegating_handler {
 public:
  explicit xlam_handler(std::string_view format)
      : start_fence_(formats::fenced::spec(format)),
        tool_calls_("mistral", {list_spec("")}),
        tool_call_tag_("hermes", {list_spec("</tool_call>")}) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    handler* h = &start_fence_;
    switch (variant) {
      case 1: h = &list_fence_; break;
      case 2: h = &tool_calls_; break;
      case 3: h = &tool_call_tag_; break;
      default: break;
    }
    begin_in(*h, e, trigger, 0);
  }

 private:
  /// A JSON list of calls (each with its arguments key, as vLLM's xlam parser asks), then
  /// `closer`; anything but a list fails at once, for the next claimant.
  static json_region_spec list_spec(std::string_view closer) {
    call_shape shape;
    shape.name_key = true;
    shape.function_object = false;
    shape.require_args = true;
    shape.allow_array = true;
    json_region_spec s = json_spec(closer, false, shape);
    s.array_only = true;
    return s;
  }
  fence_handler start_fence_;
  xlam_list_fence_handler list_fence_;
  json_region_handler tool_calls_, tool_call_tag_;
};

}  // namespace detail

namespace formats {

struct xlam {
  static constexpr std::string_view name = "xlam";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 18;
    d.description = "Salesforce xLAM bare (or fenced) JSON list of calls";
    d.triggers = {{"```", detail::trig_cond::start, 0},
                  {"```", detail::trig_cond::line_start, 1},
                  {"[TOOL_CALLS]", detail::trig_cond::anywhere, 2},
                  {"<tool_call>", detail::trig_cond::anywhere, 3}};
    d.bare.call_array = true;
    d.bare.envelope = true;
    d.bare.name_key = true;  // the calls inside xLAM-1's {"tool_calls": [...]}
    d.markers = {"<|eot_id|>", "<|im_end|>"};
    d.template_markers = {"(additional parallel tool calls as needed)"};
    // vLLM's xlam parser reads a <think> block before the list
    d.presets = {{"xlam", {"reasoning", "xlam"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::xlam_handler(name)); };
    end_tokens::add(d.markers, end_tokens::chatml());
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_XLAM_HPP
