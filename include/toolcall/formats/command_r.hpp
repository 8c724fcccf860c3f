// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_COMMAND_R_HPP
#define TOOLCALL_FORMATS_COMMAND_R_HPP

// Cohere Command R / Command R+ (docs/formats/command_r.md): `Action:` at the start of a line,
// then a ```` ```json ```` fence holding a list of `{"tool_name": "f", "parameters": {...}}`,
// then the closing fence. The tool-use template always offers `directly_answer`, the model's
// way to say it answers without a tool: a call to it is markup and no tool call.
// `<|START_OF_TURN_TOKEN|>`, `<|CHATBOT_TOKEN|>` and
// `<|END_OF_TURN_TOKEN|>` are the turn's markers. Command R7B and Command A write
// `<|START_ACTION|>` instead (formats/cohere.hpp).

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The engine's services with one call name swallowed: a call to `drop` is read (its bytes stay
/// markup) but never reaches the engine. Everything else is forwarded.
class drop_call_services final : public engine_services {
 public:
  void point(engine_services& e, std::string_view drop) noexcept {
    e_ = &e;
    drop_ = drop;
  }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t at) override {
    dropping_ = name == drop_;
    if (dropping_) return;
    e_->begin_call(name, id, format, at);
  }
  bool call_open() const override { return dropping_ || e_->call_open(); }
  void call_args(std::string_view text) override {
    if (!dropping_) e_->call_args(text);
  }
  void end_call(std::size_t at, bool repaired) override {
    if (dropping_) {
      dropping_ = false;
      return;
    }
    e_->end_call(at, repaired);
  }
  void region_content(std::string_view text) override { e_->region_content(text); }
  void region_reasoning(std::string_view text) override { e_->region_reasoning(text); }
  void commit() override { e_->commit(); }
  void diag(errc code, std::size_t abs, std::string msg, severity level) override {
    e_->diag(code, abs, std::move(msg), level);
  }
  std::size_t chunk_abs() const override { return e_->chunk_abs(); }
  std::size_t region_abs() const override { return e_->region_abs(); }
  std::size_t max_depth() const override { return e_->max_depth(); }
  void set_failure(errc code, std::size_t abs, std::string msg, severity level) override {
    e_->set_failure(code, abs, std::move(msg), level);
  }
  value_kind param_kind(std::string_view key) const override { return dropping_ ? value_kind::unknown : e_->param_kind(key); }
  bool guess_json_values() const override { return e_->guess_json_values(); }
  bool tool_declared(std::string_view n) const override { return e_->tool_declared(n); }
  std::string* args_buffer(bool from_raw_text) override { return dropping_ ? nullptr : e_->args_buffer(from_raw_text); }
  void args_appended() override {
    if (!dropping_) e_->args_appended();
  }
  void examined(std::size_t n) override { e_->examined(n); }
  void reset() noexcept { dropping_ = false; }

 private:
  engine_services* e_ = nullptr;
  std::string_view drop_;
  bool dropping_ = false;
};

/// A handler whose calls named `drop` are read as markup and dropped (Command R+'s
/// `directly_answer`).
class drop_call_handler final : public handler {
 public:
  drop_call_handler(std::unique_ptr<handler> inner, std::string_view drop) : inner_(std::move(inner)), drop_(drop) {}
  void begin(engine_services& e, std::string_view trigger, int variant) override {
    tail.clear();
    s_.reset();
    s_.point(e, drop_);
    inner_->begin(s_, trigger, variant);
  }
  step feed(engine_services& e, std::string_view in) override {
    s_.point(e, drop_);
    return take(inner_->feed(s_, in));
  }
  step finish(engine_services& e) override {
    s_.point(e, drop_);
    return take(inner_->finish(s_));
  }

 private:
  step take(step s) {
    if (s.st == step::done) tail = std::move(inner_->tail);
    inner_->tail.clear();
    return s;
  }
  std::unique_ptr<handler> inner_;
  std::string_view drop_;
  drop_call_services s_;
};

}  // namespace detail

namespace formats {

struct command_r {
  static constexpr std::string_view name = "command_r";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 25;
    d.description = "Cohere Command R/R+ Action: ```json [{\"tool_name\": ..., \"parameters\": ...}] ```";
    d.triggers = {{"Action:", detail::trig_cond::line_start, 0}};
    d.markers = {"<|START_OF_TURN_TOKEN|>", "<|CHATBOT_TOKEN|>", "<|END_OF_TURN_TOKEN|>"};
    d.template_markers = {"directly_answer", "<|CHATBOT_TOKEN|>"};
    d.presets = {{"(^|[/_-])command-r(-plus|\\+)?(-v01|-0[48]-2024)?([-_:.]|$)", {"command_r"}, 20, false}};
    d.make = [] {
      detail::call_shape shape = detail::wrapper_shape();
      shape.name_alias = "tool_name";
      detail::json_region_spec s = detail::json_spec("```", false, shape);
      s.lead = "```json";
      std::unique_ptr<detail::handler> inner(new detail::json_region_handler(name, {s}));
      return std::unique_ptr<detail::handler>(new detail::drop_call_handler(std::move(inner), "directly_answer"));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_COMMAND_R_HPP
