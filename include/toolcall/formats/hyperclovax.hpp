// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_HYPERCLOVAX_HPP
#define TOOLCALL_FORMATS_HYPERCLOVAX_HPP

// Naver HyperCLOVA X SEED (docs/formats/hyperclovax.md), two call syntaxes.
//
// HyperCLOVAX-SEED-Think-32B (vLLM's `hyperclovax_seed_think` parser, the model's chat template)
// writes GLM's XML with JSON-encoded values, one `<tool_call>` block per call:
//
//   <tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>"Seoul"</arg_value>\n</tool_call>
//
// Each value is trimmed and read as JSON; a value that is not JSON is kept as a string (the
// vendor's fallback, so no warning). The schema does not type them (the vendor's parser ignores
// it). Under tool_choice=required its JSON list `[{"name", "parameters"}]` (or one object) may
// stand alone after the reasoning: read as a fallback bare shape (bare_json_def::fallback).
//
// The 14B and the Text-Instruct models use ChatML with role suffixes. A call turn
// is a new assistant message with the role `assistant -> tool/function_call`, holding a JSON
// list of `{"name", "arguments"}` objects (a lone object, and the `parameters`/`input` keys, are
// accepted as the vendor's parsers do), ended by `<|im_end|>` and `<|stop|>`:
//
//   Let me check.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{...}]<|im_end|><|stop|>
//
// The generation prompt ends with `<|im_start|>assistant`, so the role suffix may open the
// output. Reasoning (`/think`, then a message ending at `<|im_end|>\n<|im_start|>assistant`) is
// not declared: a reasoning closer is matched literally, and a detokenizer's space inside that
// closer would leave the calls after it inside reasoning; the text is content. Read by
// json_region_handler as data.

#include <memory>
#include <string>
#include <string_view>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Rewrites a call's compact JSON arguments as they stream: a top-level string value whose text
/// is itself one JSON string literal (`"\"Seoul\""`: the model JSON-encoded the value) becomes
/// that literal (`"Seoul"`), as the vendor's json.loads of each value does. Other values pass.
class json_string_unwrap {
 public:
  void reset() {
    depth_ = 0;
    in_str_ = esc_ = expect_value_ = hold_ = false;
    buf_.clear();
  }
  void feed(std::string_view in, std::string& out) {
    for (const char c : in) {
      if (in_str_) {
        (hold_ ? buf_ : out) += c;
        if (esc_) {
          esc_ = false;
        } else if (c == '\\') {
          esc_ = true;
        } else if (c == '"') {
          in_str_ = expect_value_ = false;
          if (hold_) {
            hold_ = false;
            emit(out);
          }
        }
        continue;
      }
      if (c == '"') {
        in_str_ = true;
        if (depth_ == 1 && expect_value_) {
          hold_ = true;
          buf_ = "\"";
        } else {
          out += c;
        }
        continue;
      }
      out += c;
      if (c == '{' || c == '[') {
        ++depth_;
        expect_value_ = false;
      } else if (c == '}' || c == ']') {
        --depth_;
      } else if (c == ':') {
        expect_value_ = true;
      } else if (!is_json_ws(static_cast<unsigned char>(c))) {
        expect_value_ = false;
      }
    }
  }

 private:
  /// Is `s` one JSON string literal (quotes, valid escapes, no raw control byte)?
  static bool string_literal(std::string_view s) noexcept {
    if (s.size() < 2 || s.front() != '"' || s.back() != '"') return false;
    for (std::size_t i = 1; i + 1 < s.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      if (c < 0x20 || c == '"') return false;
      if (c != '\\') continue;
      if (++i + 1 >= s.size()) return false;
      const char x = s[i];
      if (x == 'u') {
        for (int k = 0; k < 4; ++k) {
          if (++i + 1 >= s.size()) return false;
          const char h = s[i];
          if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) return false;
        }
      } else if (std::string_view("\"\\/bfnrt").find(x) == std::string_view::npos) {
        return false;
      }
    }
    return true;
  }
  void emit(std::string& out) {
    const std::string text = json_unescape(std::string_view(buf_).substr(1, buf_.size() - 2));
    out += string_literal(text) ? text : buf_;
    buf_.clear();
  }
  int depth_ = 0;
  bool in_str_ = false, esc_ = false, expect_value_ = false, hold_ = false;
  std::string buf_;
};

/// The calls, request and text HyperCLOVA X's XML body sees: every value is read as JSON (`typed`, then a
/// JSON-encoded string is unwrapped by json_string_unwrap), and a value that is not JSON stays a
/// string without the warning schema typing gives (the vendor's parser falls back to the raw
/// text by design). The arguments go through call_args (no direct buffer) so they can be
/// rewritten. Everything else is forwarded.
class json_values_wrap final : public forwarding_calls, public forwarding_request, public forwarding_text {
 public:
  explicit json_values_wrap(json_string_unwrap& u) : u_(u) {}
  /// The context the inner reader sees: these calls, request and text over `e`'s.
  region_ctx point(const region_ctx& e) {
    forwarding_calls::forward_to(e.calls);
    forwarding_request::forward_to(e.request);
    forwarding_text::forward_to(e.text);
    return {*this, *this, *this, e.place};
  }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t begin_abs) override {
    u_.reset();
    c_->begin_call(name, id, format, begin_abs);
  }
  void call_args(std::string_view text) override {
    out_.clear();
    u_.feed(text, out_);
    if (!out_.empty()) c_->call_args(out_);
  }
  void diag(errc code, std::size_t abs, std::string msg, severity level) override {
    static constexpr std::string_view kept = "; kept as a string";
    if (code == errc::normalized && level == severity::warning && msg.size() >= kept.size() &&
        msg.compare(msg.size() - kept.size(), kept.size(), kept) == 0)
      return;
    t_->diag(code, abs, std::move(msg), level);
  }
  value_kind param_kind(std::string_view) const override { return value_kind::typed; }
  bool guess_json_values() const override { return false; }
  std::string* args_buffer(bool) override { return nullptr; }

 private:
  json_string_unwrap& u_;
  std::string out_;
};

/// Variants 0 and 1 (the role header, the role suffix): the JSON call message; variant 2
/// (`<tool_call>`): the XML call, its values read as JSON.
class hyperclovax_handler final : public delegating_handler {
 public:
  hyperclovax_handler(std::string_view format, xml_spec xml)
      : json_(format, {json_spec("<|im_end|>")}), xml_({xml}, true) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    is_xml_ = variant == k_xml;
    if (is_xml_) {
      begin_in(xml_, j_.point(e), trigger, 0);
    } else {
      begin_in(json_, e, trigger, variant);
    }
  }
  step feed(const region_ctx& e, std::string_view in) override {
    if (!is_xml_) return json_.feed(e, in);
    return xml_.feed(j_.point(e), in);
  }
  step finish(const region_ctx& e) override {
    if (!is_xml_) return json_.finish(e);
    return xml_.finish(j_.point(e));
  }
  static constexpr int k_xml = 2;

 private:
  json_region_handler json_;
  xml_region_handler xml_;
  json_string_unwrap unwrap_;
  json_values_wrap j_{unwrap_};
  bool is_xml_ = false;
};

}  // namespace detail

namespace formats {

struct hyperclovax {
  static constexpr std::string_view name = "hyperclovax";
  /// Think-32B's `<tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n</tool_call>`.
  static detail::xml_spec xml_spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_name = detail::xml_name::to_line;
    s.param_open = "<arg_key>";
    s.param_name = detail::xml_name::to_tag;
    s.param_name_end = "</arg_key>";
    s.value_open = "<arg_value>";
    s.param_close = "</arg_value>";
    s.call_close = "</tool_call>";
    s.trim = detail::xml_trim::whitespace;  // the vendor strips keys and values
    s.schema_tags = false;                  // its parser pairs keys and values by position
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 33;
    d.description = "HyperCLOVA X SEED <|im_start|>assistant -> tool/function_call\\n[{\"name\": ..., \"arguments\": {...}}]<|im_end|>";
    // the role header as the template writes it; the role suffix alone (the prompt ended with
    // `<|im_start|>assistant`, or a detokenizer spaced the header): a mention in prose fails
    // with a note and stays content
    d.triggers = {{"<|im_start|>assistant -> tool/function_call", detail::trig_cond::anywhere, 0},
                  {"-> tool/function_call", detail::trig_cond::anywhere, 0},
                  {"<tool_call>", detail::trig_cond::anywhere, detail::hyperclovax_handler::k_xml}};
    // Think-32B under tool_choice=required writes `[{"name": ..., "parameters": {...}}]` (or one
    // object) alone after its reasoning, as vLLM's parser reads it: a fallback shape, so a bare
    // call is named `hyperclovax` only when no other enabled format (Llama 3 JSON) declares it
    d.bare.name_key = true;
    d.bare.call_array = true;
    d.bare.fallback = true;
    // Think-32B with thinking on: the template opens `<think>` in the prompt, the output holds
    // `reasoning</think>\n\n` before the answer (vLLM reads the text before `</think>` as reasoning)
    d.reasoning = {{"<think>", "</think>"}};
    d.markers = {"<|im_end|>", "<|stop|>", "<|endofturn|>", "<|im_start|>assistant", "<|im_start|>"};
    d.template_markers = {"-> tool/function_call", "<|im_start|>tool_list"};
    // naver-hyperclovax/HyperCLOVAX-SEED-Think-14B, -Think-32B, -Text-Instruct-1.5B, ... and
    // their re-uploads (unsloth/HyperCLOVAX-SEED-Think-14B-GGUF, mlx-community/...-4bit)
    // (Think-32B thinks only when asked, so its prompt does not always open `<think>`: a lone
    // `</think>` ends the reasoning in one-shot parsing; a live stream is told by the server)
    d.presets = {{"(?:^|[/_-])hyperclovax-seed(?:[-_.].*)?$", {"hyperclovax"}, 20, false}};
    d.call_template = {"<|im_start|>assistant -> tool/function_call\n[{\"name\": \"{NAME}\", \"arguments\": ",
                       "}]<|im_end|>", "json"};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::hyperclovax_handler(name, xml_spec())); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_HYPERCLOVAX_HPP
