// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_CHOICE_HPP
#define TOOLCALL_DETAIL_CHOICE_HPP

// The claimant the engine adds under tool_choice = a named function (../choice.hpp): a bare
// JSON object at the start of the output that is not a call (the bare call shapes are tried
// first) is the arguments of the named function, as vLLM and SGLang read a response whose
// decoding was constrained to that function's parameters.

#include <string>
#include <string_view>
#include <utility>

#include "engine_core.hpp"
#include "json_call.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class choice_args_handler final : public handler {
 public:
  explicit choice_args_handler(std::string name) : name_(std::move(name)) {}
  void begin(const region_ctx& e, std::string_view, int) override {
    json_body::config cfg;
    cfg.shape.args_only = true;
    cfg.format = "openai";
    cfg.name = name_;
    body_.begin(e, cfg);
    (void)body_.feed(e, "{");  // the trigger was the object's brace
  }
  step feed(const region_ctx& e, std::string_view in) override { return body_.feed(e, in); }
  step finish(const region_ctx& e) override { return body_.finish(e); }

 private:
  std::string name_;
  json_body body_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_CHOICE_HPP
