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
// `<|START_ACTION|>` instead (formats/cohere.hpp). Citation tags around grounded text
// (`<co: 0>...</co: 0>`) are markup; the cited text is content.

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/format_def.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The calls (and the schema's view of them) with one call name swallowed: a call to `drop` is read (its bytes stay
/// markup) but never reaches the engine. Everything else is forwarded.
class drop_call_wrap final : public forwarding_calls, public forwarding_request {
 public:
  /// The context the inner reader sees: these calls and request over `e`'s.
  region_ctx point(const region_ctx& e, std::string_view drop) noexcept {
    forwarding_calls::forward_to(e.calls);
    forwarding_request::forward_to(e.request);
    drop_ = drop;
    return {*this, *this, e.text, e.place};
  }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t at) override {
    dropping_ = name == drop_;
    if (dropping_) return;
    c_->begin_call(name, id, format, at);
  }
  bool call_open() const override { return dropping_ || c_->call_open(); }
  void call_args(std::string_view text) override {
    if (!dropping_) c_->call_args(text);
  }
  void end_call(std::size_t at, bool repaired) override {
    if (dropping_) {
      dropping_ = false;
      return;
    }
    c_->end_call(at, repaired);
  }
  bool abandon_call() override { return !dropping_ && c_->abandon_call(); }
  value_kind param_kind(std::string_view key) const override {
    return dropping_ ? value_kind::unknown : r_->param_kind(key);
  }
  std::string* args_buffer(bool from_raw_text) override { return dropping_ ? nullptr : c_->args_buffer(from_raw_text); }
  void args_appended() override {
    if (!dropping_) c_->args_appended();
  }
  void reset() noexcept { dropping_ = false; }

 private:
  std::string_view drop_;
  bool dropping_ = false;
};

/// A handler whose calls named `drop` are read as markup and dropped (Command R+'s
/// `directly_answer`).
class drop_call_handler final : public delegating_handler {
 public:
  drop_call_handler(std::unique_ptr<handler> inner, std::string_view drop) : inner_(std::move(inner)), drop_(drop) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    s_.reset();
    begin_in(*inner_, s_.point(e, drop_), trigger, variant);
  }
  step feed(const region_ctx& e, std::string_view in) override { return inner_->feed(s_.point(e, drop_), in); }
  step finish(const region_ctx& e) override { return inner_->finish(s_.point(e, drop_)); }

 private:
  std::unique_ptr<handler> inner_;
  std::string_view drop_;
  drop_call_wrap s_;
};

/// Cohere's inline citation tags around grounded text: `<co: 0,1>`/`</co: 0,1>` (Command R),
/// `<co>`/`</co: 0:[0,1]>` (Command R7B, Command A). The API (Cohere's `melody` filter, which
/// vLLM's cohere parsers run) returns the text without the tags and the citations apart; here
/// the tags are markup and the cited text stays content. A tag with document ids (`<co: ` or
/// `</co: `, then digits, `,`, `:`, `[`, `]`, spaces, at most 48 bytes, then `>`) is markup
/// alone. A bare `<co>` is markup only with its closer: the cited text (on one line, without
/// another tag, at most 1 KiB, held) up to `</co: IDS>` is the region's content; otherwise
/// (`wrap it in <co> tags`) `<co>` and the text are content as written, and a tag that ended it
/// is read again.
class cite_tag_handler final : public handler {
 public:
  void begin(const region_ctx&, std::string_view trigger, int) override {
    bare_ = !trigger.empty() && trigger.back() == '>';
    st_ = bare_ ? s_text : s_ids;
    n_ = 0;
    text_.clear();
    m_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    static constexpr std::string_view closer = "</co: ";
    for (std::size_t i = 0; i < in.size(); ++i) {
      const char c = in[i];
      switch (st_) {
        case s_text:  // after a bare `<co>`: the cited text, up to `</co: `
          if (!m_.empty() || c == '<') {
            m_ += c;
            const pm r = prefix_match(m_, closer);
            if (r == pm::full) {
              m_.clear();
              st_ = s_ids;
              n_ = 0;
            } else if (r == pm::no) {
              // another tag: no citation; `<co>` and its text are content as written, and the
              // tag is read again
              m_.pop_back();
              return as_text(e, i, std::move(m_));
            }
            continue;
          }
          if (c == '\n' || text_.size() >= k_max_text) return as_text(e, i, {});
          text_ += c;
          continue;
        case s_ids: {
          if (c == '>' && n_ > 0) {
            if (bare_ && !text_.empty()) e.text.region_content(text_);
            return {step::done, i + 1};
          }
          const bool id = (c >= '0' && c <= '9') || c == ',' || c == ':' || c == '[' || c == ']' || c == ' ';
          if (!id || ++n_ > k_max_ids) {
            return step::failed(i, errc::marker_in_text, "not a citation tag", severity::note);
          }
          continue;
        }
      }
    }
    return {step::more, in.size()};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_text) {
      text_ += m_;
      return as_text(e, 0, {});
    }
    return step::failed(0, errc::marker_in_text, "the text ends inside a citation tag", severity::note);
  }

 private:
  static constexpr std::size_t k_max_text = 1024, k_max_ids = 48;
  enum state : std::uint8_t { s_text, s_ids };
  /// A bare `<co>` without its closer: it and the text read are content as written; `back`
  /// (bytes read but not used) goes back to the scanner with the rest from `i`.
  step as_text(const region_ctx& e, std::size_t i, std::string back) {
    e.text.region_content("<co>" + text_);
    return step::done_with(i, std::move(back));
  }
  bool bare_ = false;
  state st_ = s_ids;
  std::size_t n_ = 0;
  std::string text_, m_;
};

/// Citation tags (variant >= k_cite) go to a cite_tag_handler, the rest to the family's handler.
class with_cites_handler final : public delegating_handler {
 public:
  static constexpr int k_cite = 1000;
  explicit with_cites_handler(std::unique_ptr<handler> inner) : inner_(std::move(inner)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    if (variant >= k_cite) begin_in(cite_, e, trigger, variant - k_cite);
    else begin_in(*inner_, e, trigger, variant);
  }
  /// The citation triggers, for a format's trigger list.
  static std::vector<trigger_def> cite_triggers() {
    return {{"<co>", trig_cond::anywhere, k_cite}, {"<co: ", trig_cond::anywhere, k_cite},
            {"</co: ", trig_cond::anywhere, k_cite}};
  }

 private:
  std::unique_ptr<handler> inner_;
  cite_tag_handler cite_;
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
    for (const auto& t : detail::with_cites_handler::cite_triggers()) d.triggers.push_back(t);
    d.markers = {"<|START_OF_TURN_TOKEN|>", "<|CHATBOT_TOKEN|>", "<|END_OF_TURN_TOKEN|>"};
    d.template_markers = {"directly_answer", "<|CHATBOT_TOKEN|>"};
    d.presets = {{"(^|[/_-])command-r(-plus|\\+)?(-v01|-0[48]-2024)?([-_:.]|$)", {"command_r"}, 20, false}};
    d.make = [] {
      detail::call_shape shape = detail::wrapper_shape();
      shape.name_alias = "tool_name";
      detail::json_region_spec s = detail::json_spec("```", false, shape);
      s.lead = "```json";
      std::unique_ptr<detail::handler> inner(new detail::json_region_handler(name, {s}));
      std::unique_ptr<detail::handler> h(new detail::drop_call_handler(std::move(inner), "directly_answer"));
      return std::unique_ptr<detail::handler>(new detail::with_cites_handler(std::move(h)));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_COMMAND_R_HPP
