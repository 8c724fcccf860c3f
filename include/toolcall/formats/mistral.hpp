// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MISTRAL_HPP
#define TOOLCALL_FORMATS_MISTRAL_HPP

// Mistral (docs/formats/README.md, "mistral"): v3 `[TOOL_CALLS] [{...}, ...]` and v11+
// `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{...}`; `[THINK]...[/THINK]` reasoning (Magistral, Ministral 3).

#include <cstdint>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Mistral `[TOOL_CALLS]`: v3 `[TOOL_CALLS] [{...}, ...]`, v11 `[TOOL_CALLS]NAME[ARGS]{...}`
/// with an optional `[CALL_ID]ID`. No closing marker: the end of the JSON ends the call.
class mistral_handler final : public handler {
 public:
  explicit mistral_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_dispatch;
    ws_ = false;
    name_.clear();
    id_.clear();
    raw_.clear();
    junk_.clear();
    m_.reset();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    static constexpr std::string_view after_name[] = {"[ARGS]", "[CALL_ID]"};
    static constexpr std::string_view after_id[] = {"[ARGS]"};
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_dispatch:
          if (is_json_ws(c)) { ++i; continue; }
          if (c == '[' || c == '{') {
            json_body::config cfg;
            cfg.shape = wrapper_shape();
            cfg.format = fmt_;
            body_.begin(e, cfg);
            st_ = s_json;
            continue;
          }
          if (is_ident_start(c)) { st_ = s_name; continue; }
          st_ = s_junk;
          continue;
        case s_name:
          if (is_json_ws(c) && m_.buffer().empty()) {  // `[TOOL_CALLS]NAME [ARGS]`
            ws_ = true;
            raw_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (!ws_ && (is_ident_char(c) || c == '-' || c == '.')) {
            if (name_.size() > 256) return bad(i, "name too long", severity::warning);
            name_ += static_cast<char>(c);
            raw_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (c == '{') { start_args(e); continue; }
          {
            const int r = m_.push(c, after_name);
            if (r == -2) {
              if (!ws_) return bad(i, "[TOOL_CALLS]NAME is not followed by [ARGS]", severity::warning);
              to_junk();  // `[TOOL_CALLS] junk [{...}]`: words before a v3 list
              continue;
            }
            raw_ += static_cast<char>(c);
            ++i;
            if (r == 0) { m_.reset(); st_ = s_args_ws; }
            else if (r == 1) { m_.reset(); ws_ = false; st_ = s_id; }
            else st_ = s_name_marker;
          }
          continue;
        case s_name_marker: {
          const int r = m_.push(c, after_name);
          if (r == -2) {
            if (!ws_) return bad(i, "[TOOL_CALLS]NAME is not followed by [ARGS]", severity::warning);
            to_junk();
            continue;
          }
          raw_ += static_cast<char>(c);
          ++i;
          if (r == 0) { m_.reset(); st_ = s_args_ws; }
          else if (r == 1) { m_.reset(); ws_ = false; st_ = s_id; }
          continue;
        }
        case s_id:
          if (c == '[' || !m_.buffer().empty()) {
            const int r = m_.push(c, after_id);
            if (r == -2) return bad(i, "bad [CALL_ID]", severity::error);
            ++i;
            if (r == 0) { m_.reset(); st_ = s_args_ws; }
            continue;
          }
          if (c == '{') { start_args(e); continue; }
          if (is_json_ws(c)) {  // spaces around the id's special tokens
            ws_ = !id_.empty();
            ++i;
            continue;
          }
          if (ws_ || id_.size() > 128) return bad(i, "bad [CALL_ID]", severity::error);
          id_ += static_cast<char>(c);
          ++i;
          continue;
        case s_args_ws:
          if (is_json_ws(c)) { ++i; continue; }
          if (c == '{') { start_args(e); continue; }
          return bad(i, "[ARGS] is not followed by a JSON object", severity::error);
        case s_junk:
          // vLLM's mistral parser (pre-v11 tokenizers) reads the list from the first `[{` when
          // the text after [TOOL_CALLS] is not JSON: the words before it are content
          if (c == '{' && !junk_.empty() && junk_.back() == '[') {
            junk_.pop_back();
            json_body::config cfg;
            cfg.shape = wrapper_shape();
            cfg.format = fmt_;
            body_.begin(e, cfg);
            st_ = s_json;
            const step s = body_.feed(e, "[");
            if (s.st != step::more) return bad(i, "[TOOL_CALLS] is not followed by a call", severity::warning);
            continue;
          }
          if (junk_.size() >= k_max_junk) return bad(i, "[TOOL_CALLS] is not followed by a call", severity::warning);
          junk_ += static_cast<char>(c);
          ++i;
          continue;
        case s_json: {
          const step s = body_.feed(e, in.substr(i));
          if (s.st == step::done) junk_out(e);
          return s.after(i);
        }
      }
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_json) {
      step s = body_.finish(e);
      if (s.st == step::done) junk_out(e);
      return s;
    }
    return step::failed(0, errc::invalid_call, "[TOOL_CALLS] is not followed by a complete call",
                        st_ == s_dispatch || st_ == s_name || st_ == s_junk ? severity::warning : severity::error);
  }

 private:
  std::string_view fmt_;
  enum state : std::uint8_t { s_dispatch, s_name, s_name_marker, s_id, s_args_ws, s_junk, s_json };
  static constexpr std::size_t k_max_junk = 256;
  /// What was read after [TOOL_CALLS] as a v11 name is words before a v3 list (s_junk).
  void to_junk() {
    junk_ = raw_;
    m_.reset();
    st_ = s_junk;
  }
  /// The calls of a list found after words (s_junk) are whole: the words are content (held
  /// until the region succeeds), with a note.
  void junk_out(const region_ctx& e) {
    std::size_t end = junk_.size();
    while (end > 0 && is_json_ws(static_cast<unsigned char>(junk_[end - 1]))) --end;
    if (end == 0) return;
    e.text.diag(errc::repaired, e.place.region_abs(),
                "text between [TOOL_CALLS] and the call list is content (the list is read from its `[{`)",
                severity::note);
    e.text.region_content(std::string_view(junk_).substr(0, end));
    junk_.clear();
  }
  void start_args(const region_ctx& e) {
    json_body::config cfg;
    cfg.shape.args_only = true;
    cfg.format = fmt_;
    cfg.name = name_;
    cfg.id = id_;
    body_.begin(e, cfg);
    st_ = s_json;
  }
  step bad(std::size_t i, const char* msg, severity lv) { return step::failed(i, errc::invalid_call, msg, lv); }
  state st_ = s_dispatch;
  bool ws_ = false;  ///< whitespace after the name or id: only a marker may follow
  std::string name_, id_;
  std::string raw_;   ///< the bytes read as a v11 name and its marker (to_junk)
  std::string junk_;  ///< s_junk: the words before a v3 list
  marker_set_matcher m_;
  json_body body_;
};

}  // namespace detail

namespace formats {

struct mistral {
  static constexpr std::string_view name = "mistral";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 50;
    d.description = "Mistral [TOOL_CALLS] v3 and v11 (with [CALL_ID])";
    d.triggers = {{"[TOOL_CALLS]", detail::trig_cond::anywhere, 0}};
    d.template_markers = {"[TOOL_CALLS]"};
    d.call_template = {"[TOOL_CALLS]{NAME}[ARGS]", "", "json"};  // v11; the model writes no id
    d.traits.model_ids = true;
    // every Mistral model's tokenizer holds [THINK]/[/THINK] (Magistral, Ministral 3, Devstral):
    // a block, or a lone closer after reasoning the prompt opened, is reasoning in every preset
    // (Ollama's ministral parser reads `let me think[/THINK][TOOL_CALLS]...` so)
    d.reasoning = {{"[THINK]", "[/THINK]"}};
    // Ministral 3 (2512: Base, Instruct, Reasoning) writes [THINK]...[/THINK] as Magistral does
    // (Ollama's ministral parser); `ministral-3-` leaves the 2024 Ministral-3B/8B alone
    d.presets = {{"magistral|ministral-3-", {"reasoning", "mistral"}, 15, false},
                 {"mistral|mixtral|ministral|devstral|codestral|nemo", {"mistral"}, 40, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::mistral_handler(name)); };
    end_tokens::add(d.markers, end_tokens::eos_s());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MISTRAL_HPP
