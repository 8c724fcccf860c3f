// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_PYTHONIC_HPP
#define TOOLCALL_FORMATS_PYTHONIC_HPP

// Pythonic (docs/formats/README.md, "pythonic"): `[get_weather(city="Paris"), get_time()]` at the
// start of the output (Llama 3.2, ToolACE), or wrapped in `<|python_start|>...<|python_end|>`
// (Llama 4).

#include <cstdint>
#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Llama 4 `<|python_start|>[f(a=1)]<|python_end|>`.
class python_start_handler final : public handler {
 public:
  explicit python_start_handler(std::string_view format) : fmt_(format) {}
  void begin(engine_services&, std::string_view, int) override {
    st_ = s_peek;
    tail.clear();
  }
  step feed(engine_services& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      if (st_ == s_peek) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (is_json_ws(c)) { ++i; continue; }
        pythonic_body::config cfg;
        cfg.closer = "<|python_end|>";
        cfg.format = fmt_;
        if (c == '[') {
          cfg.list = true;
          ++i;
        } else if (is_ident_start(c)) {
          cfg.list = false;
        } else {
          e.set_failure(errc::invalid_call, e.chunk_abs() + i, "<|python_start|> is not followed by a call",
                        severity::warning);
          return {step::fail, i};
        }
        py_.begin(e, cfg);
        st_ = s_py;
        continue;
      }
      const step s = py_.feed(e, in.substr(i));
      if (s.st == step::done) tail = std::move(py_.tail);
      return {s.st, i + s.consumed};
    }
    return {step::more, n};
  }
  step finish(engine_services& e) override {
    if (st_ == s_py) {
      const step s = py_.finish(e);
      if (s.st == step::done) tail = std::move(py_.tail);
      return s;
    }
    e.set_failure(errc::invalid_call, e.chunk_abs(), "<|python_start|> is not followed by a call", severity::warning);
    return {step::fail, 0};
  }

 private:
  enum state : std::uint8_t { s_peek, s_py };
  std::string_view fmt_;
  state st_ = s_peek;
  pythonic_body py_;
};

}  // namespace detail

namespace formats {

struct pythonic {
  static constexpr std::string_view name = "pythonic";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 40;
    d.description = "[f(a=1), g()] and Llama 4 <|python_start|>";
    d.triggers = {{"<|python_start|>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<|eot|>", "<|eom|>"};  // Llama 4 end of turn / end of message
    d.bare.pythonic_list = true;
    d.template_markers = {"<|python_start|>"};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::python_start_handler(name)); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_PYTHONIC_HPP
