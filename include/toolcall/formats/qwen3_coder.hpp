// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_QWEN3_CODER_HPP
#define TOOLCALL_FORMATS_QWEN3_CODER_HPP

// Qwen3-Coder XML (docs/formats/README.md, "qwen3_coder"): `<tool_call>\n<function=NAME>\n
// <parameter=K>\nV\n</parameter>\n</function>\n</tool_call>`, also without the `<tool_call>`
// wrapper (`<function=NAME>` or `<function name="NAME">`). Read by the generic XML body
// (detail/xml_body.hpp). Values arrive as text: without a schema they are strings, with the
// request's tools each is typed by its parameter's schema.

#include "end_tokens.hpp"
#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// `<tool_call>` (variant 0), a bare `<function=` (1) or `<function name="` (2). A bare
/// function tag is shared with named_function's `<function=NAME>{json}</function>`: the call
/// opens only when the name's `>` is followed (after whitespace) by a tag, so JSON arguments
/// fail this format before any event and go to the next claimant.
class qwen3_coder_handler final : public handler {
 public:
  qwen3_coder_handler(xml_spec wrapped, xml_spec bare, xml_spec bare_quoted)
      : spec_{wrapped, bare, bare_quoted} {}

  void begin(const region_ctx& e, std::string_view, int variant) override {
    v_ = variant == 1 || variant == 2 ? variant : 0;
    probe_.clear();
    ph_ = p_name;
    start_ = e.place.chunk_abs();
    if (v_ == 0) {
      body_.begin(e, spec_[0]);
      st_ = s_body;
      return;
    }
    st_ = s_probe;
    // the trigger `<function name="` holds the name's opening quote: the body reads it again
    if (v_ == 2) probe_ = "\"";
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    if (st_ == s_probe) {
      for (; i < in.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        const int r = probe(c);
        if (r < 0) {
          return step::failed(i, errc::invalid_call, "the function tag is not followed by parameters",
                              severity::warning);
        }
        probe_ += static_cast<char>(c);
        if (r == 0) continue;
        // a tag follows the name: the body reads the probed bytes, then the rest
        ++i;
        const std::size_t abs = v_ == 2 ? start_ - 1 : start_;
        fixed_place sub_at(e.place, abs);
        const region_ctx sub = e.with_place(sub_at);
        body_.begin(sub, spec_[v_], true);
        const step s = body_.feed(sub, probe_);
        probe_.clear();
        st_ = s_body;
        if (s.st != step::more) return s.at(i);
        break;
      }
      if (st_ == s_probe) return {step::more, in.size()};
    }
    const step s = body_.feed(e, in.substr(i));
    return s.after(i);
  }

  step finish(const region_ctx& e) override {
    if (st_ == s_probe) {
      return step::failed(0, errc::invalid_call, "the text ends inside a function tag", severity::warning);
    }
    return body_.finish(e);
  }

 private:
  enum state : std::uint8_t { s_probe, s_body };
  enum phase : std::uint8_t { p_name, p_ws };
  static constexpr std::size_t max_probe = 512;

  /// -1: not this format; 0: keep reading; 1: the byte is the `<` after the name's `>`.
  int probe(unsigned char c) {
    if (probe_.size() >= max_probe) return -1;
    if (ph_ == p_name) {
      if (c == '\n' || c == '<') return -1;
      if (c == '>') ph_ = p_ws;
      return 0;
    }
    if (is_json_ws(c)) return 0;
    return c == '<' ? 1 : -1;
  }


  xml_spec spec_[3];
  xml_call_body body_;
  std::string probe_;
  state st_ = s_body;
  phase ph_ = p_name;
  int v_ = 0;
  std::size_t start_ = 0;
};

}  // namespace detail

namespace formats {

struct qwen3_coder {
  static constexpr std::string_view name = "qwen3_coder";
  /// The body inside `<tool_call>`.
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = "<function=";
    s.fn_name = detail::xml_name::to_gt;
    s.fn_close = "</function>";
    s.param_open = "<parameter=";
    s.param_name = detail::xml_name::to_gt;
    s.param_close = "</parameter>";
    s.call_close = "</tool_call>";
    s.call_open = "<tool_call>";
    s.trim = detail::xml_trim::one_newline;
    s.multi = true;
    // `<function=NAME>{json}</function>` inside the wrapper: the JSON object is the arguments
    // (a model that mixes Hermes and Qwen3-Coder writes it; vLLM's reader finds no parameter
    // there and gives `{}`, losing them)
    s.json_args = true;
    // vLLM's parser: a value `null` (any case) is None whatever the schema says, a string too
    s.null_word = true;
    return s;
  }
  /// After a bare `<function=NAME>`: one function per region (the next bare tag is its own
  /// region, so a `<function=NAME>{json}` after it goes to named_function alone).
  static detail::xml_spec spec_bare() {
    detail::xml_spec s = spec();
    s.multi = false;
    s.json_args = false;  // named_function reads a bare tag's JSON
    return s;
  }
  /// After a bare `<function name="NAME">`.
  static detail::xml_spec spec_quoted() {
    detail::xml_spec s = spec_bare();
    s.fn_open = "<function name=";
    s.fn_name = detail::xml_name::quoted;
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 11;
    d.description = "Qwen3-Coder <tool_call><function=NAME><parameter=K>V</parameter>...";
    d.triggers = {{"<tool_call>", detail::trig_cond::anywhere, 0},
                  {"<function=", detail::trig_cond::anywhere, 1},
                  {"<function name=\"", detail::trig_cond::anywhere, 2}};
    d.template_markers = {"<function=", "<parameter="};
    d.call_template = {"<tool_call>\n<function={NAME}>\n", "\n</function>\n</tool_call>", "qwen_xml"};
    d.traits.values_as_text = true;
    d.traits.null_word = spec().null_word;  // the normalizer keeps the null the body reads
    // Step-3.5 writes this XML too (Step-3 does not: formats/step3.hpp)
    // Xiaomi MiMo-V2-Flash too (vLLM's mimov2_flash parser reads this XML), and IQuest-Coder-V1
    // (vLLM's iquest_coder parser); Qwen3.6 writes it as Qwen3.5 does
    d.presets = {{"qwen3.*coder|qwen3\\.[56]", {"reasoning", "qwen3_coder", "hermes", "named_function"}, 15, false},
                 {"(^|/)iquest-coder-v1", {"reasoning", "qwen3_coder"}, 15, false},
                 {"step-?3\\.5|step3p5", {"reasoning", "qwen3_coder"}, 15, true},
                 {"(^|/)mimo-v2", {"reasoning", "qwen3_coder", "hermes"}, 15, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::qwen3_coder_handler(spec(), spec_bare(), spec_quoted()));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_QWEN3_CODER_HPP
