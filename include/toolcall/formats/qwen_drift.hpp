// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_QWEN_DRIFT_HPP
#define TOOLCALL_FORMATS_QWEN_DRIFT_HPP

// Qwen2.5-Coder drift shapes (docs/formats/README.md, "qwen_tools", "qwen_function",
// "qwen_bracket"): the model borrows the `<tools>` tag of its system prompt, a `<function>` tag, or
// writes the call object between `<` and `>`. Three formats, one family.

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// `<tools>` then call objects or a list of them, to `</tools>` (tag_json_handler's reading),
/// with the repair vLLM's qwen2_5_coder parser makes: a list item with no name (or broken)
/// drops alone, with a diagnostic.
class qwen_tools_handler final : public handler {
 public:
  qwen_tools_handler(std::string_view format, std::string_view closer) : fmt_(format), closer_(closer) {}
  void begin(const region_ctx& e, std::string_view, int) override {
    json_body::config cfg;
    cfg.shape = wrapper_shape();
    cfg.shape.skip_bad = true;
    cfg.multi = true;
    cfg.closer = closer_;
    cfg.format = fmt_;
    body_.begin(e, cfg);
  }
  step feed(const region_ctx& e, std::string_view in) override { return body_.feed(e, in); }
  step finish(const region_ctx& e) override { return body_.finish(e); }

 private:
  std::string_view fmt_, closer_;
  json_body body_;
};

}  // namespace detail

namespace formats {

struct qwen_tools {
  static constexpr std::string_view name = "qwen_tools";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 12;
    d.description = "Qwen <tools>[{json}, ...]</tools>";
    d.triggers = {{"<tools>", detail::trig_cond::anywhere, 0}};
    // the Qwen family's presets (Qwen3-Coder's are in its own room). Every Qwen preset also reads
    // the Hermes 2 Pro drift llama.cpp reads for these templates: `<function=NAME>{...}</function>`,
    // `<function name="NAME">{...}</function>` (named_function), the system prompt's `<tools>` tag
    // (qwen_tools) and a fenced JSON call (fenced). Qwen2.5 fine-tunes and distills write a
    // reasoning block, or only its closer, before the calls (reasoning).
    d.presets = {{"qwen2\\.5.*coder", {"hermes", "qwen_tools", "qwen_function", "qwen_bracket", "named_function", "fenced"}, 20, false},
                 {"qwq|qwen3.*thinking", {"reasoning", "hermes", "qwen3_coder", "named_function", "qwen_tools", "fenced"}, 25, true},
                 {"qwen3", {"reasoning", "hermes", "qwen3_coder", "named_function", "qwen_tools", "fenced"}, 30, false},
                 {"qwen", {"reasoning", "hermes", "qwen_tools", "qwen_function", "qwen_bracket", "named_function", "fenced"}, 40, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::qwen_tools_handler(name, "</tools>"));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

struct qwen_function {
  static constexpr std::string_view name = "qwen_function";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 13;
    d.description = "Qwen <function>{json}</function>";
    d.triggers = {{"<function>", detail::trig_cond::anywhere, 0}};
    d.make = [] {
      using tag = detail::tag_json_handler::tag;
      return std::unique_ptr<detail::handler>(
          new detail::tag_json_handler(name, {tag{"</function>", false, true, false}}));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

struct qwen_bracket {
  static constexpr std::string_view name = "qwen_bracket";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 15;
    d.description = "Qwen <{json}>";
    d.triggers = {{"<{", detail::trig_cond::anywhere, 0}};
    d.make = [] {
      using tag = detail::tag_json_handler::tag;
      return std::unique_ptr<detail::handler>(new detail::tag_json_handler(name, {tag{">", false, false, true}}));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};


}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_QWEN_DRIFT_HPP
