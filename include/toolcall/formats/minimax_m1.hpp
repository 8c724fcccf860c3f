// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MINIMAX_M1_HPP
#define TOOLCALL_FORMATS_MINIMAX_M1_HPP

// MiniMax-M1 and MiniMax-Text-01 (docs/formats/minimax_m1.md): `<tool_calls>` then one JSON
// object `{"name": ..., "arguments": {...}}` per line, then `</tool_calls>`. Shares
// `<tool_calls>` with Hy3 (tried first; it fails at once on a `{`). Reasoning is
// `<think>...</think>`; calls written inside it are not calls (vLLM's minimax parser removes
// them before parsing).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"
#include "../detail/json_call.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// `<tool_calls>` then one `{"name": ..., "arguments": {...}}` per line, then `</tool_calls>`.
/// As vLLM's minimax parser reads it, a line that is not such an object (broken JSON, no name or
/// no arguments, a line of prose) drops only itself: the other lines still give their calls. A
/// skipped line gives a diagnostic and its text is content, after the block's calls (nothing
/// is known bad before its call_begin: the call opens at its `arguments` key). A line whose
/// arguments break after the call opened fails the block, as any broken call does.
/// A spec whose JSON calls follow each other in a block with a closer (json.several) is read
/// by the same handler, with its closer and keys (views: they outlive the handler).
class minimax_m1_handler final : public handler {
 public:
  explicit minimax_m1_handler(std::string_view format, std::string_view closer = "</tool_calls>",
                              std::string_view name_key = {}, std::string_view args_key = {})
      : fmt_(format), closer_(closer), name_key_(name_key), args_key_(args_key) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_line;
    calls_ = 0;
    line_.clear();
    m_.clear();
    bad_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const char c = in[i];
      switch (st_) {
        case s_line:
          if (m_.empty() && is_json_ws(static_cast<unsigned char>(c))) {
            ++i;
            continue;
          }
          if (m_.empty() && c == '{') {
            start_body(e, i);
            st_ = s_body;
            continue;
          }
          if (c == '<' || !m_.empty()) {
            m_ += c;
            const pm r = prefix_match_exact(m_, closer_);
            if (r == pm::full) return close(e, i + 1);
            if (r == pm::partial) {
              ++i;
              continue;
            }
            m_.pop_back();
            if (calls_ > 0) {
              // another marker after the calls (an end-of-turn token): the block ends here
              return close(e, i, take_bytes(m_));
            }
            // nothing read yet: `<tool_calls>` in prose, or another family's body
            m_.clear();
            return no_payload(i);
          }
          if (calls_ == 0 && bad_.empty()) return no_payload(i);  // prose, or Jamba's `[`
          // a line of prose between the calls: skipped, as vLLM does
          line_.clear();
          line_abs_ = e.place.chunk_abs() + i;
          line_code_ = errc::invalid_call;
          line_why_ = "a line of the <tool_calls> block is not a JSON object; it is skipped";
          line_level_ = severity::note;
          st_ = s_bad;
          continue;
        case s_body: {
          const step s = body_.feed(e, in.substr(i));
          line_.append(in.data() + i, s.consumed);
          if (s.st == step::more) return {step::more, n};
          i += s.consumed;
          if (s.st == step::done) {
            ++calls_;  // whitespace after the object: markup of the block
            st_ = s_line;
            continue;
          }
          if (e.calls.call_open()) return s.at(i);  // the call began: the block fails with it, for its reason
          skip_line(errc::invalid_call,
                    "a line of the <tool_calls> block is not a call with a name and arguments; it is skipped");
          continue;
        }
        case s_bad:
          if (c == '<' || !m_.empty()) {
            m_ += c;
            const pm r = prefix_match_exact(m_, closer_);
            if (r == pm::full) {
              m_.clear();
              end_bad();
              return close(e, i + 1);
            }
            if (r == pm::partial) {
              ++i;
              continue;
            }
            line_ += m_;
            m_.clear();
            ++i;
            continue;
          }
          line_ += c;
          ++i;
          if (c == '\n') {
            end_bad();
            st_ = s_line;
          }
          continue;
      }
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_body) {
      const step s = body_.finish(e);
      if (s.st == step::done) {
        ++calls_;
      } else if (e.calls.call_open()) {
        return s;
      } else {
        skip_line(errc::unterminated_call, "the text ends inside a line of the <tool_calls> block");
      }
    }
    if (st_ == s_bad) {
      line_ += m_;
      m_.clear();
      end_bad();
    }
    return close(e, 0, take_bytes(m_));  // a partial closer at the end of the text goes back
  }

 private:
  enum state : std::uint8_t { s_line, s_body, s_bad };
  struct skipped {
    std::size_t abs;
    errc code;
    severity level;
    std::string why, text;
  };

  void start_body(const region_ctx& e, std::size_t i) {
    json_body::config cfg;
    cfg.shape = wrapper_shape();
    cfg.shape.allow_array = false;
    cfg.shape.require_args = true;  // the call opens at its arguments: a line without fails first
    cfg.shape.name_alias = name_key_;
    cfg.shape.args_alias = args_key_;
    cfg.format = fmt_;
    body_.begin(e, cfg);
    line_.clear();
    line_abs_ = e.place.chunk_abs() + i;
  }
  void skip_line(errc code, const char* why) {
    line_code_ = code;
    line_why_ = why;
    line_level_ = severity::warning;
    st_ = s_bad;
  }
  void end_bad() {
    bad_.push_back(skipped{line_abs_, line_code_, line_level_, line_why_, std::move(line_)});
    line_.clear();
  }
  step no_payload(std::size_t i) {
    return step::failed(i, errc::invalid_call, "no JSON payload after the marker", severity::warning);
  }
  /// The block ends at `at`: with calls, the skipped lines are reported and their text is
  /// content (after the calls); with none, the block fails and all of it is content.
  /// `back`: bytes after the block's end, given back with it.
  step close(const region_ctx& e, std::size_t at, std::string back = {}) {
    if (calls_ == 0) {
      return step::failed(at, bad_.empty() ? errc::invalid_call : bad_.front().code,
                          "no line of the <tool_calls> block is a call", severity::warning);
    }
    for (skipped& b : bad_) {
      e.text.diag(b.code, b.abs, b.why, b.level);
      e.text.region_content(b.text);
    }
    bad_.clear();
    return step::done_with(at, std::move(back));
  }

  std::string_view fmt_, closer_, name_key_, args_key_;
  state st_ = s_line;
  std::size_t calls_ = 0;
  json_body body_;
  std::string line_, m_;
  std::size_t line_abs_ = 0;
  errc line_code_ = errc::invalid_call;
  severity line_level_ = severity::warning;
  std::string line_why_;
  std::vector<skipped> bad_;
};

}  // namespace detail

namespace formats {

struct minimax_m1 {
  static constexpr std::string_view name = "minimax_m1";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 7;
    d.description = "MiniMax-M1 / Text-01 <tool_calls> one JSON object per line </tool_calls>";
    d.triggers = {{"<tool_calls>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<end_of_sentence>"};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<tool_calls>", "<end_of_sentence>"};
    d.presets = {{"minimax-(m1|text-01)([-_.].*)?$", {"minimax_m1"}, 20, false}};
    // several objects, one per line; a list is not this family's shape (Jamba's)
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::minimax_m1_handler(name)); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MINIMAX_M1_HPP
