// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_PYTHONIC_HPP
#define TOOLCALL_FORMATS_PYTHONIC_HPP

// Pythonic (docs/formats/README.md, "pythonic"): `[get_weather(city="Paris"), get_time()]` at the
// start of the output (Llama 3.2, ToolACE), or wrapped in `<|python_start|>...<|python_end|>`
// (Llama 4). With the request's tools, `[NAME(` of a declared tool opens a list anywhere, after
// prose too. A fence holds calls as Gemma 3's prompt format writes them: ```` ```tool_code ````
// (a list or one call) and ```` ```python ```` (a list only: a bare call there is code).

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"
#include "../detail/json_call.hpp"
#include "../detail/pythonic_numbers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Llama 4 `<|python_start|>[f(a=1)]<|python_end|>`.
class python_start_handler final : public handler {
 public:
  explicit python_start_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx& e, std::string_view trigger, int) override {
    st_ = s_peek;
    ws_.clear();
    if (!trigger.empty() && trigger[0] == '[') {
      // `[NAME(` made from a declared tool name (formats::pythonic::tool_triggers): a list
      // after prose, its first call's name and `(` already read
      std::string_view n = trigger.substr(1, trigger.size() - 2);
      while (!n.empty() && n.back() == ' ') n.remove_suffix(1);
      pythonic_body::config cfg;
      cfg.list = true;
      cfg.format = fmt_;
      py_.begin_args(e, cfg, n);
      st_ = s_py;
    } else if (trigger.size() > 3 && trigger.compare(0, 3, "```") == 0) {
      // a fence holding pythonic calls: ```tool_code (a list or one call) or ```python (a list)
      fence_ = true;
      bare_ok_ = trigger.find("tool_code") != std::string_view::npos;
      st_ = s_lang;
    } else {
      fence_ = false;
    }
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      if (st_ == s_lang) {  // the rest of the fence's first line: spaces, CR, then the newline
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (c == '\n') {
          st_ = s_fence;
          ++i;
          continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') { ++i; continue; }
        return quiet(i);  // ```python3, ```pythonic: another language
      }
      if (st_ == s_fence || st_ == s_fence_list) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (is_json_ws(c)) {
          if (st_ == s_fence_list) ws_ += static_cast<char>(c);
          ++i;
          continue;
        }
        if (st_ == s_fence && c == '[') {
          st_ = s_fence_list;
          ++i;
          continue;
        }
        pythonic_body::config cfg;
        cfg.closer = "```";
        cfg.format = fmt_;
        if (c == '{' || (st_ == s_fence_list && c == '[')) {
          // JSON in the fence (```python around a JSON call): as the fenced format reads it
          json_body::config jc;
          jc.shape.require_args = true;
          jc.shape.function_string = true;
          jc.shape.tool_calls = true;
          jc.closer = "```";
          jc.format = "fenced";
          json_.begin(e, jc);
          if (st_ == s_fence_list) (void)json_.feed(e, "[" + ws_);
          st_ = s_json;
          continue;
        }
        if (!is_ident_start(c) || (st_ == s_fence && !bare_ok_)) return quiet(i);  // code, not a call
        cfg.list = st_ == s_fence_list;
        py_.begin(e, cfg);
        st_ = s_py;
        continue;
      }
      if (st_ == s_json) {
        const step s = json_.feed(e, in.substr(i));
        return s.after(i);
      }
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
          return step::failed(i, errc::invalid_call, "<|python_start|> is not followed by a call", severity::warning);
        }
        py_.begin(e, cfg);
        st_ = s_py;
        continue;
      }
      const step s = py_.feed(e, in.substr(i));
      return s.after(i);
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_py) {
      return py_.finish(e);
    }
    if (st_ == s_json) {
      return json_.finish(e);
    }
    if (fence_) {
      return step::failed(0, errc::unterminated_call, "the text ends at the top of the fence", severity::note);
    }
    return step::failed(0, errc::invalid_call, "<|python_start|> is not followed by a call", severity::warning);
  }

 private:
  enum state : std::uint8_t { s_peek, s_py, s_lang, s_fence, s_fence_list, s_json };
  /// A fence that is not a call fence: its text is content, with a note (prose rule).
  static step quiet(std::size_t i) {
    return step::failed(i, errc::marker_in_text, "a code fence that holds no call", severity::note);
  }
  std::string_view fmt_;
  state st_ = s_peek;
  bool fence_ = false, bare_ok_ = false;
  std::string ws_;
  pythonic_body py_;
  json_body json_;
};

}  // namespace detail

namespace formats {

struct pythonic {
  static constexpr std::string_view name = "pythonic";
  /// With the request's tools: `[NAME(` anywhere, for each declared tool, so a list after prose
  /// is a call (SGLang's pythonic detector finds the list anywhere and keeps declared names).
  static std::vector<detail::trigger_def> tool_triggers(const std::vector<std::string>& names) {
    std::vector<detail::trigger_def> v;
    std::set<std::string> seen;
    for (std::size_t k = 0; k < names.size(); ++k) {
      const std::string& n = names[k];
      bool plain = !n.empty() && n.size() <= 256 && detail::is_ident_start(static_cast<unsigned char>(n[0]));
      for (char ch : n)
        if (!(detail::is_ident_char(static_cast<unsigned char>(ch)) || ch == '-' || ch == '.')) plain = false;
      if (!plain || !seen.insert(n).second) continue;
      v.push_back({"[" + n + "(", detail::trig_cond::anywhere, static_cast<int>(k)});
    }
    return v;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 40;
    d.description = "[f(a=1), g()] and Llama 4 <|python_start|>";
    d.triggers = {{"<|python_start|>", detail::trig_cond::anywhere, 0},
                  {"```tool_code", detail::trig_cond::line_start, 0},
                  {"```python", detail::trig_cond::line_start, 0}};
    d.tool_triggers = &tool_triggers;
    d.markers = {"<|eot|>", "<|eom|>"};  // Llama 4 end of turn / end of message
    d.bare.pythonic_list = true;
    d.template_markers = {"<|python_start|>"};
    d.make = [] {
      return std::unique_ptr<detail::handler>(
          new detail::finite_numbers_handler(std::unique_ptr<detail::handler>(new detail::python_start_handler(name))));
    };
    end_tokens::add(d.markers, end_tokens::llama4());
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_PYTHONIC_HPP
