// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_NAMED_FUNCTION_HPP
#define TOOLCALL_FORMATS_NAMED_FUNCTION_HPP

// Named function tag (docs/formats/README.md, "named_function"):
// `<function=NAME>{args}</function>`, Llama 3.1 custom tools and Functionary v3.1. Shares
// `<function=` with Qwen3-Coder's XML.

#include <cstdint>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// `<function=NAME>{args}</function>` (Llama 3.1 custom tools, Functionary v3.1). The same
/// opener followed by `<parameter=` tags is Qwen3-Coder's (formats/qwen3_coder.hpp): here a
/// name not followed by `{` fails, for the next claimant.
class function_eq_handler final : public handler {
 public:
  explicit function_eq_handler(std::string_view format) : fmt_(format) {}
  // variants: 0 `<function=NAME>`, 1 `<function name="NAME">`
  void begin(const region_ctx&, std::string_view, int variant) override {
    st_ = s_name;
    quoted_ = variant == 1;
    after_quote_ = false;
    name_.clear();
    trail_ws_ = false;
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const char c = in[i];
      switch (st_) {
        case s_name:
          if (quoted_ && c == '"') {
            ++i;
            quoted_ = false;
            after_quote_ = true;  // the next byte must be '>', in this chunk or the next
            continue;
          }
          if (after_quote_ && c != '>') return bad(i, "expected '>'", severity::warning);
          if (c == '>' && !quoted_) {
            ++i;
            while (!name_.empty() && is_json_ws(static_cast<unsigned char>(name_.back()))) name_.pop_back();
            const bool self_closing = !name_.empty() && name_.back() == '/';  // `<function=get_time/>`
            if (self_closing) name_.pop_back();
            if (!valid_call_name(name_)) return bad(i, "bad function name", severity::warning);
            if (self_closing) {
              e.calls.begin_call(name_, "", fmt_, 0);
              e.calls.call_args("{}");
              e.calls.end_call(e.place.chunk_abs() + i, false);
              return {step::done, i};
            }
            st_ = s_dispatch;
            continue;
          }
          if (is_json_ws(static_cast<unsigned char>(c)) && !quoted_) {  // `<function=\nNAME >`: trimmed
            if (!name_.empty()) trail_ws_ = true;
            ++i;
            continue;
          }
          if (trail_ws_ || name_.size() > 256) return bad(i, "bad function name", severity::warning);
          name_ += c;
          ++i;
          continue;
        case s_dispatch:
          if (is_json_ws(static_cast<unsigned char>(c))) { ++i; continue; }
          if (c == '{') {
            json_body::config cfg;
            cfg.shape.args_only = true;
            cfg.closer = "</function>";
            cfg.format = fmt_;
            cfg.name = name_;
            body_.begin(e, cfg);
            st_ = s_json;
            continue;
          }
          return bad(i, "<function=NAME> is not followed by arguments", severity::warning);
        case s_json: {
          const step s = body_.feed(e, in.substr(i));
          return s.after(i);
        }
      }
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_json) {
      return body_.finish(e);
    }
    return step::failed(0, errc::invalid_call, "<function=NAME> is not followed by arguments", severity::warning);
  }

 private:
  enum state : std::uint8_t { s_name, s_dispatch, s_json };
  step bad(std::size_t i, const char* msg, severity lv) { return step::failed(i, errc::invalid_call, msg, lv); }
  std::string_view fmt_;
  bool quoted_ = false, after_quote_ = false, trail_ws_ = false;
  state st_ = s_name;
  std::string name_;
  json_body body_;
};

}  // namespace detail

namespace formats {

struct named_function {
  static constexpr std::string_view name = "named_function";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 14;
    d.description = "<function=NAME>{args}</function> (Llama 3.1 custom tools, Functionary v3.1)";
    // Llama 3.1 may write `<|python_tag|>` before a custom-tool call, and models that drift into
    // this shape copy it (llama.cpp's Hermes 2 Pro tests): the token is part of the opener
    d.triggers = {{"<function=", detail::trig_cond::anywhere, 0},
                  {"<function name=\"", detail::trig_cond::anywhere, 1},
                  {"<|python_tag|><function=", detail::trig_cond::anywhere, 0},
                  {"<|python_tag|><function name=\"", detail::trig_cond::anywhere, 1}};
    d.template_markers = {"<function="};
    d.call_template = {"<function={NAME}>", "</function>", "json"};
    d.presets = {{"functionary", {"named_function", "llama3_json"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::function_eq_handler(name)); };
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_NAMED_FUNCTION_HPP
