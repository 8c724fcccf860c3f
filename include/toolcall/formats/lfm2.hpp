// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_LFM2_HPP
#define TOOLCALL_FORMATS_LFM2_HPP

// Liquid LFM2 / LFM2.5 (docs/formats/lfm2.md): a pythonic list between two special tokens,
// `<|tool_call_start|>[get_weather(location="Paris"), f()]<|tool_call_end|>`, values as Python
// or JSON literals (sets and tuples as arrays, `07` as 7, a quote that cannot close its string
// kept in it: SGLang's lfm2 detector); in JSON mode the same tokens hold `[{"name": ...,
// "arguments": {...}}]`. A list item that is not a call is skipped with a warning. One call
// without the brackets (`<|tool_call_start|>f(a=1)<|tool_call_end|>`), or one JSON object, is
// read as a list of one, as SGLang's lfm2 detector does.
// `<think>...</think>` reasoning (LFM2.5 Thinking). Text after the block is content.

#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/bodies.hpp"
#include "../detail/format_def.hpp"
#include "../detail/json_call.hpp"
#include "pythonic.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// After `<|tool_call_start|>`: `[`, then a pythonic call list or (JSON mode) call objects,
/// then the optional `<|tool_call_end|>`. The whole block is one region.
class lfm2_handler final : public handler {
 public:
  explicit lfm2_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_open;
    ws_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n && (st_ == s_open || st_ == s_peek)) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (st_ == s_open) {
        if (is_json_ws(c)) {
          ++i;
          continue;
        }
        if (c == '{') {
          // one JSON call object without the list (SGLang's lfm2 detector reads it)
          start_json(e, false);
          break;
        }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
          // one call without the list, `<|tool_call_start|>bash(command='ls')<|tool_call_end|>`
          // (SGLang's lfm2 detector takes a lone call as a list of one)
          start_py(e, false);
          break;
        }
        if (c != '[') {
          // prose that mentions the token
          return step::failed(i, errc::ok, "", severity::note);
        }
        ++i;
        st_ = s_peek;
        continue;
      }
      if (is_json_ws(c)) {
        ws_ += static_cast<char>(c);
        ++i;
        continue;
      }
      if (c == '{') {
        start_json(e, true);
        const std::string head = "[" + ws_;
        if (json_.feed(e, head).st != step::more) return {step::fail, i};  // cannot happen: "[" opens a value
      } else {
        start_py(e, true);
      }
    }
    if (i == n) return {step::more, n};
    return (st_ == s_json ? json_.feed(e, in.substr(i)) : py_.feed(e, in.substr(i))).after(i);
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_json) return json_.finish(e);
    if (st_ == s_py) return py_.finish(e);
    return step::failed(0, errc::unterminated_call, "the text ends after the call token",
                        st_ == s_peek ? severity::error : severity::warning);
  }

 private:
  static constexpr std::string_view k_closer = "<|tool_call_end|>";
  enum state : std::uint8_t { s_open, s_peek, s_json, s_py };
  void start_json(const region_ctx& e, bool list) {
    json_body::config cfg;
    cfg.shape.allow_array = list;
    cfg.closer = k_closer;
    cfg.format = fmt_;
    json_.begin(e, cfg);
    st_ = s_json;
  }
  void start_py(const region_ctx& e, bool list) {
    pythonic_body::config cfg;
    cfg.list = list;
    cfg.closer = k_closer;
    cfg.format = fmt_;
    cfg.python_repairs = true;  // sets, tuples, `07`, inner quotes: as SGLang's lfm2 detector
    py_.begin(e, cfg);
    st_ = s_py;
  }
  std::string_view fmt_;
  state st_ = s_open;
  std::string ws_;
  json_body json_;
  pythonic_body py_;
};

}  // namespace detail

namespace formats {

struct lfm2 {
  static constexpr std::string_view name = "lfm2";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 41;
    d.description = "Liquid LFM2 <|tool_call_start|>[f(a=1), g()]<|tool_call_end|>";
    d.triggers = {{"<|tool_call_start|>", detail::trig_cond::anywhere, 0}};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<|tool_call_start|>", "<|tool_list_start|>"};
    d.presets = {{"lfm-?2", {"reasoning", "lfm2"}, 20, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(
          new detail::finite_numbers_handler(std::unique_ptr<detail::handler>(new detail::lfm2_handler(name))));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_LFM2_HPP
