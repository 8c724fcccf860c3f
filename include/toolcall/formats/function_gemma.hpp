// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_FUNCTION_GEMMA_HPP
#define TOOLCALL_FORMATS_FUNCTION_GEMMA_HPP

// FunctionGemma (docs/formats/function_gemma.md): `<start_function_call>call:NAME{key:<escape>
// text<escape>,n:3}<end_function_call>`, Gemma 4's value grammar (detail::gemma_call_handler)
// with `<escape>` as the string delimiter. No reasoning, no call ids. A top-level `<escape>`
// value that is a JSON number or `true`/`false`, for a parameter the request's schema says
// nothing about, is typed (Google's reference parse and vLLM's functiongemma parser type it):
// detail::gemma_untyped_values below.

#include <string>
#include <string_view>

#include "gemma4.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The call's arguments (compact JSON, as gemma_call_handler writes them) with each top-level
/// string value that is exactly a JSON number or `true`/`false` written typed, when the schema
/// has no word on its key (value_kind::unknown or undeclared: no tools, or a key the tool does
/// not declare). With a schema the normalizer types the value, and a string parameter keeps its
/// text. Such a value is held from its opening quote until it is known (at most 64 bytes, or the
/// first byte no number or literal has); everything else streams through.
class gemma_untyped_values final : public forwarding_calls {
 public:
  region_ctx point(const region_ctx& e) noexcept {
    forward_to(e.calls);
    req_ = &e.request;
    return e.with_calls(*this);
  }
  void reset() noexcept {
    depth_ = 0;
    in_str_ = esc_ = holding_ = value_pos_ = false;
    key_.clear();
    key_acc_.clear();
    held_.clear();
  }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t at) override {
    reset();
    c_->begin_call(name, id, format, at);
  }
  void call_args(std::string_view text) override {
    std::size_t from = 0;  // start of the bytes not yet passed on
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (holding_) {
        held_ += c;
        if (c == '"') {  // the value is whole (a typed candidate has no escapes)
          const std::string_view inner = std::string_view(held_).substr(1, held_.size() - 2);
          if (inner == "true" || inner == "false" || is_json_number(inner)) c_->call_args(inner);
          else c_->call_args(held_);
          holding_ = false;
          held_.clear();
          from = i + 1;
        } else if (!candidate(c) || held_.size() > 64) {  // a string: pass it on, read it through
          c_->call_args(held_);
          held_.clear();
          holding_ = false;
          in_str_ = true;
          esc_ = c == '\\';
          from = i + 1;
        }
        continue;
      }
      if (in_str_) {
        if (esc_) esc_ = false;
        else if (c == '\\') esc_ = true;
        else if (c == '"') {
          in_str_ = false;
          if (depth_ == 1 && !value_pos_) key_ = key_acc_;  // the key ends
          continue;
        }
        if (depth_ == 1 && !value_pos_) key_acc_ += c;
        continue;
      }
      switch (c) {
        case '{':
        case '[':
          ++depth_;
          value_pos_ = false;
          break;
        case '}':
        case ']':
          if (depth_ > 0) --depth_;
          break;
        case ':':
          if (depth_ == 1) value_pos_ = true;
          break;
        case ',':
          if (depth_ == 1) value_pos_ = false;
          break;
        case '"':
          if (depth_ == 1 && value_pos_ && untyped()) {
            if (i > from) c_->call_args(text.substr(from, i - from));
            held_.assign(1, '"');
            holding_ = true;
            from = i + 1;
          } else {
            in_str_ = true;
            if (depth_ == 1 && !value_pos_) key_acc_.clear();
          }
          break;
        default:
          break;
      }
    }
    if (!holding_ && from < text.size()) c_->call_args(text.substr(from));
  }
  void end_call(std::size_t at, bool repaired) override {
    if (holding_) c_->call_args(held_);  // not reached: the handler closes every string
    reset();
    c_->end_call(at, repaired);
  }
  bool abandon_call() override {
    reset();
    return c_->abandon_call();
  }
  std::string* args_buffer(bool) override { return nullptr; }  // every byte goes through call_args

 private:
  static bool candidate(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' ||
           (c >= 'a' && c <= 'z');
  }
  bool untyped() const {
    const value_kind k = req_->param_kind(key_);
    return k == value_kind::unknown || k == value_kind::undeclared;
  }

  const request_view* req_ = nullptr;
  std::size_t depth_ = 0;
  bool in_str_ = false, esc_ = false, holding_ = false, value_pos_ = false;
  std::string key_, key_acc_, held_;
};

/// FunctionGemma's reader: Gemma's call grammar, its untyped values typed as the vendor does.
class function_gemma_handler final : public delegating_handler {
 public:
  explicit function_gemma_handler(gemma_call_handler::tokens t) : inner_(std::move(t)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    w_.reset();
    begin_in(inner_, w_.point(e), trigger, variant);
  }
  step feed(const region_ctx& e, std::string_view in) override { return inner_.feed(w_.point(e), in); }
  step finish(const region_ctx& e) override { return inner_.finish(w_.point(e)); }

 private:
  gemma_call_handler inner_;
  gemma_untyped_values w_;
};

}  // namespace detail

namespace formats {

struct function_gemma {
  static constexpr std::string_view name = "function_gemma";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 81;
    d.description = "FunctionGemma <start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>";
    d.triggers = {{"<start_function_call>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<start_function_response>", "<end_of_turn>", "<eos>"};
    d.template_markers = {"<start_function_call>", "<start_function_declaration>"};
    d.presets = {{"function-?gemma", {"function_gemma"}, 10, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::function_gemma_handler(
          {name, "<escape>", "<end_function_call>",
           {"<end_function_call>", "<start_function_call>", "<end_of_turn>", "<start_function_response>"},
           true, false, false}));  // a missing comma between `<escape>` values (vLLM's functiongemma parser)
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_FUNCTION_GEMMA_HPP
