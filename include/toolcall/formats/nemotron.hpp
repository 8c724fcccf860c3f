// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_NEMOTRON_HPP
#define TOOLCALL_FORMATS_NEMOTRON_HPP

// NVIDIA Nemotron JSON (docs/formats/nemotron_json.md): Llama-Nemotron (Llama-3.1/3.3-Nemotron
// Nano/Super/Ultra) and Nemotron Nano v2 write every call of a turn in one list,
// `<TOOLCALL>[{"name": ..., "arguments": {...}}, ...]</TOOLCALL>`; a lone object is accepted
// as vLLM's nemotron_json parser does, and so are objects separated by commas with no list
// around them (read as a list, with a note). `<TOOLCALL>[]</TOOLCALL>` is the model saying "no call":
// recognised markup, a note, no call. Nemotron 3 (Nano, Super) writes Qwen3-Coder XML instead:
// its preset lives here and enables qwen3_coder, so every Nemotron name resolves in one room.

#include <memory>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// `<TOOLCALL>` then a JSON list (json_region_handler), with the empty list read here: `[`,
/// whitespace, `]` and the closer are markup and give no call.
class nemotron_handler final : public handler {
 public:
  explicit nemotron_handler(std::string_view format)
      : inner_(format, {spec()}) {}

  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    st_ = s_peek;
    pre_.clear();
    m_.clear();
    inner_.begin(e, trigger, variant);
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_peek:
          if (is_json_ws(c) || (c == '[' && pre_.find('[') == std::string::npos)) {
            pre_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (c == ']' && pre_.find('[') != std::string::npos) {
            st_ = s_empty;
            ++i;
            continue;
          }
          return forward(e, in, i);
        case s_empty:
          if (m_.empty() && is_json_ws(c)) {
            ++i;
            continue;
          }
          m_ += static_cast<char>(c);
          switch (prefix_match(m_, k_close)) {
            case pm::full: return empty_list(e, i + 1);
            case pm::partial: ++i; continue;
            case pm::no:
              m_.pop_back();
              return empty_list(e, i, m_);  // the closer is missing: what was read of it goes back
          }
          break;
        case s_inner: {
          return (inner_.feed(e, in.substr(i))).after(i);
        }
      }
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    switch (st_) {
      case s_peek:
        if (!pre_.empty()) (void)forward(e, std::string_view(), 0);
        break;
      case s_empty: return empty_list(e, 0, m_);
      case s_inner:
        break;
    }
    return inner_.finish(e);
  }

 private:
  static constexpr std::string_view k_close = "</TOOLCALL>";
  /// `{call}, {call}` without the list is read as one, as vLLM wraps a payload that does not
  /// start with `[` in `[ ]` (_normalize_tool_call_payload)
  static json_region_spec spec() {
    json_region_spec s = json_spec(k_close);
    s.body.comma_objects = true;
    return s;
  }
  enum state : std::uint8_t { s_peek, s_empty, s_inner };

  /// Not an empty list: the bytes held so far (whitespace and `[`) go to the JSON reader first.
  step forward(const region_ctx& e, std::string_view in, std::size_t i) {
    st_ = s_inner;
    if (!pre_.empty()) {
      fixed_place sub_at(e.place, e.place.region_abs() + k_open_len);
      const region_ctx sub = e.with_place(sub_at);
      const step s = inner_.feed(sub, pre_);
      pre_.clear();
      if (s.st != step::more) return s.with_tail({}).at(i);  // (a tail here is not kept)
    }
    if (in.empty()) return {step::more, 0};
    return (inner_.feed(e, in.substr(i))).after(i);
  }
  step empty_list(const region_ctx& e, std::size_t consumed, std::string back = {}) {
    e.text.diag(errc::ok, e.place.region_abs(), "<TOOLCALL>[] holds no call", severity::note);
    return step::done_with(consumed, std::move(back));
  }

  static constexpr std::size_t k_open_len = 10;  // <TOOLCALL>
  json_region_handler inner_;
  state st_ = s_peek;
  std::string pre_, m_;
};

}  // namespace detail

namespace formats {

struct nemotron_json {
  static constexpr std::string_view name = "nemotron_json";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 31;
    d.description = "NVIDIA Llama-Nemotron and Nemotron Nano v2 <TOOLCALL>[...]</TOOLCALL>";
    d.triggers = {{"<TOOLCALL>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<SPECIAL_12>"};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<TOOLCALL>", "<AVAILABLE_TOOLS>"};
    // Nemotron 3 writes Qwen3-Coder XML; Nano v2's template opens <think> in the prompt;
    // Llama-Nemotron writes <think> itself when "detailed thinking" is on.
    const std::string q = "(?:^|[/_-])";
    d.presets = {{q + "nemotron-?3\\b|" + q + "nvidia-nemotron-3", {"reasoning", "qwen3_coder"}, 12, true},
                 {q + "(?:nvidia-)?nemotron-nano-(?:9b|12b)-v2", {"reasoning", "nemotron_json"}, 12, true},
                 {"nemotron", {"reasoning", "nemotron_json"}, 14, false}};
    d.call_template = {"<TOOLCALL>[{\"name\": \"{NAME}\", \"arguments\": ", "}]</TOOLCALL>", "json"};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::nemotron_handler(name)); };
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_NEMOTRON_HPP
