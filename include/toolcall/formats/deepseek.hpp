// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_DEEPSEEK_HPP
#define TOOLCALL_FORMATS_DEEPSEEK_HPP

// DeepSeek V3 / R1 / V3.1 (docs/formats/README.md, "deepseek"), V3/R1:
//   <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{...}\n```
//   <｜tool▁call▁end｜><｜tool▁calls▁end｜>
// and V3.1 `NAME<｜tool▁sep｜>{...}`. The bars are U+FF5C and `▁` U+2581; R1 distills also write
// ASCII underscores and spaces. The section tokens are recognised markers (the openers as
// section openers: output cut after one says so); a tool output the
// model writes (`<｜tool▁output▁begin｜>TEXT<｜tool▁output▁end｜>`) keeps TEXT as content.

#include <cstdint>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A tool result the model wrote itself, in the template's tokens: `<｜tool▁output▁begin｜>TEXT
/// <｜tool▁output▁end｜>`, or a `<｜tool▁outputs▁begin｜>` ... `<｜tool▁outputs▁end｜>` section of
/// them (both spellings, `▁` and `_`). With its closer, the tokens are markup and TEXT is content
/// (Ollama's deepseek3 parser strips the tokens). Without it (the text ends, another DeepSeek
/// token comes, or 4 KiB go by: a token named in prose) the opener and the text are content as
/// written, and scanning resumes after the text read.
class deepseek_output_handler final : public handler {
 public:
  void begin(const region_ctx&, std::string_view trigger, int) override {
    section_ = trigger.find("outputs") != std::string_view::npos;
    opener_.assign(trigger.data(), trigger.size());
    raw_.clear();
    text_.clear();
    m_.reset();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    // 0, 1: output begin; 2, 3: output end; 4, 5: outputs end
    static constexpr std::string_view tok[] = {
        "<\xEF\xBD\x9Ctool\xE2\x96\x81output\xE2\x96\x81" "begin\xEF\xBD\x9C>", "<\xEF\xBD\x9Ctool_output_begin\xEF\xBD\x9C>",
        "<\xEF\xBD\x9Ctool\xE2\x96\x81output\xE2\x96\x81" "end\xEF\xBD\x9C>",   "<\xEF\xBD\x9Ctool_output_end\xEF\xBD\x9C>",
        "<\xEF\xBD\x9Ctool\xE2\x96\x81outputs\xE2\x96\x81" "end\xEF\xBD\x9C>",  "<\xEF\xBD\x9Ctool_outputs_end\xEF\xBD\x9C>"};
    for (std::size_t i = 0; i < in.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (!m_.buffer().empty() || c == '<') {
        const int r = m_.push(c, tok);
        if (r == -1) continue;
        if (r == -2) {
          if (m_.buffer().size() >= 4 && m_.buffer().compare(0, 4, "<\xEF\xBD\x9C") == 0) {
            // another DeepSeek token (a call): no tool output here; the token is read again
            std::string back = m_.buffer();
            m_.reset();
            return as_text(e, i, std::move(back));
          }
          // not a token: the held bytes are text, this byte is read again
          text_ += m_.buffer();
          raw_ += m_.buffer();
          m_.reset();
          if (too_long()) return as_text(e, i, {});
          --i;
          continue;
        }
        raw_ += m_.buffer();
        m_.reset();
        const bool end = r >= 2 && r <= 3, outs_end = r >= 4;
        if (section_ ? outs_end : end) {
          if (!text_.empty()) e.text.region_content(text_);
          return {step::done, i + 1};
        }
        if (!section_) return as_text(e, i + 1, {});  // another token before the closer
        continue;  // inside a section, output tokens are markup
      }
      text_ += static_cast<char>(c);
      raw_ += static_cast<char>(c);
      if (too_long()) return as_text(e, i + 1, {});
    }
    return {step::more, in.size()};
  }
  step finish(const region_ctx& e) override {
    raw_ += m_.buffer();
    m_.reset();
    return as_text(e, 0, {});
  }

 private:
  static constexpr std::size_t k_max = 4096;
  bool too_long() const noexcept { return raw_.size() > k_max; }
  /// No closer: the opener and the bytes read are content as written; `back` goes back to the
  /// scanner, with the rest from `i`.
  step as_text(const region_ctx& e, std::size_t i, std::string back) {
    e.text.region_content(opener_ + raw_);
    return step::done_with(i, std::move(back));
  }
  bool section_ = false;
  std::string opener_, raw_, text_;
  marker_set_matcher m_;
};

/// DeepSeek `<｜tool▁call▁begin｜>`: V3/R1 `function<｜tool▁sep｜>NAME\n```json\n{...}\n```` and
/// V3.1 `NAME<｜tool▁sep｜>{...}`, up to `<｜tool▁call▁end｜>`. The ASCII-underscore spelling
/// of R1-distill models is accepted for every marker. The section tokens are not its business.
class deepseek_handler final : public handler {
 public:
  /// Trigger variant of the tool-output openers (deepseek_output_handler).
  static constexpr int k_output_token = 100;
  explicit deepseek_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    markup_ = variant == k_output_token;
    if (markup_) {
      out_.begin(e, trigger, 0);
      return;
    }
    st_ = s_head;
    head_.clear();
    name_.clear();
    m_.reset();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    static constexpr std::string_view sep[] = {"<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>",
                                               "<\xEF\xBD\x9Ctool_sep\xEF\xBD\x9C>",
                                               "<\xEF\xBD\x9Ctool sep\xEF\xBD\x9C>"};
    static constexpr std::string_view fence[] = {"```"};
    if (markup_) return take_out(out_.feed(e, in));
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_head: {
          if (c == '<' || !m_.buffer().empty()) {
            const int r = m_.push(c, sep);
            if (r == -2) return bad(i, "expected <｜tool▁sep｜>");
            ++i;
            if (r >= 0) {
              m_.reset();
              std::string_view h = head_;
              while (!h.empty() && is_json_ws(static_cast<unsigned char>(h.back()))) h.remove_suffix(1);
              while (!h.empty() && is_json_ws(static_cast<unsigned char>(h.front()))) h.remove_prefix(1);
              if (h == "function") {
                st_ = s_name;
              } else {
                if (!valid_call_name(h)) return bad(i, "bad function name");
                name_.assign(h.data(), h.size());
                st_ = s_args_ws;
              }
            }
            continue;
          }
          if (head_.size() > 256) return bad(i, "expected <｜tool▁sep｜>");
          head_ += static_cast<char>(c);
          ++i;
          continue;
        }
        case s_name:
          if (name_.empty() && is_json_ws(c)) {  // whitespace after <｜tool▁sep｜>
            ++i;
            continue;
          }
          if (c == '\n') {
            ++i;
            while (!name_.empty() && is_json_ws(static_cast<unsigned char>(name_.back()))) name_.pop_back();  // CRLF, spaces
            if (!valid_call_name(name_)) return bad(i, "bad function name");
            st_ = s_fence_ws;
            continue;
          }
          if (c == '`' || c == '{') {
            while (!name_.empty() && is_json_ws(static_cast<unsigned char>(name_.back()))) name_.pop_back();
            if (!valid_call_name(name_)) return bad(i, "bad function name");
            st_ = s_fence_ws;
            continue;
          }
          // a tag after the separator (Step-3's `<steptml:invoke`) is no name: fail here, not at
          // the end of the text
          if (name_.size() > 256 || c == '<') return bad(i, "bad function name");
          if (!(c == ' ' && name_.empty())) name_ += static_cast<char>(c);
          ++i;
          continue;
        case s_fence_ws:
          if (is_json_ws(c)) { ++i; continue; }
          if (c == '`') { st_ = s_fence; continue; }
          st_ = s_args_ws;
          continue;
        case s_fence: {
          const int r = m_.push(c, fence);
          if (r == -2) return bad(i, "bad code fence");
          ++i;
          if (r == 0) { m_.reset(); st_ = s_lang; fenced_ = true; }
          continue;
        }
        case s_lang:
          if (c == '\n') { ++i; st_ = s_args_ws; continue; }
          if (c == '\r' || c == ' ' || c == '\t') { ++i; continue; }  // CRLF, a space after the language
          if (!is_ident_char(c)) return bad(i, "bad code fence");
          ++i;
          continue;
        case s_args_ws:
          if (is_json_ws(c)) { ++i; continue; }
          if (c != '{') return bad(i, "expected a JSON object");
          {
            json_body::config cfg;
            cfg.shape.args_only = true;
            cfg.format = fmt_;
            cfg.name = name_;
            cfg.closer = fenced_ ? std::string_view("```") : std::string_view();
            body_.begin(e, cfg);
            st_ = s_json;
          }
          continue;
        case s_json: {
          const step s = body_.feed(e, in.substr(i));
          if (s.st == step::fail) return s.after(i);
          i += s.consumed;
          if (s.st == step::done) {
            st_ = s_end;
            ws_.clear();
            m_.reset();
          }
          continue;
        }
        case s_end: {
          static constexpr std::string_view end[] = {"<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>",
                                                     "<\xEF\xBD\x9Ctool_call_end\xEF\xBD\x9C>", "```",
                                                     "<\xEF\xBD\x9Ctool call end\xEF\xBD\x9C>"};
          if (m_.buffer().empty() && is_json_ws(c)) { ws_ += static_cast<char>(c); ++i; continue; }
          const int r = m_.push(c, end);
          if (r == -2) {
            return step::done_with(i, ws_ + m_.buffer());
          }
          ++i;
          if (r == 2) { m_.reset(); ws_.clear(); continue; }  // a stray closing fence
          if (r >= 0) return {step::done, i};
          continue;
        }
      }
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (markup_) return take_out(out_.finish(e));
    if (st_ == s_json) {
      const step s = body_.finish(e);
      if (s.st == step::fail) return s;
      return {step::done, 0};
    }
    if (st_ == s_end) {
      return step::done_with(0, ws_ + m_.buffer());
    }
    return step::failed(0, errc::unterminated_call, "the text ends inside a DeepSeek call", severity::error);
  }

 private:
  std::string_view fmt_;
  enum state : std::uint8_t { s_head, s_name, s_fence_ws, s_fence, s_lang, s_args_ws, s_json, s_end };
  step bad(std::size_t i, const char* msg) { return step::failed(i, errc::invalid_call, msg, severity::error); }
  state st_ = s_head;
  std::string head_, name_, ws_;
  bool fenced_ = false, markup_ = false;
  marker_set_matcher m_;
  deepseek_output_handler out_;
  step take_out(step s) {
    return s;
  }
  json_body body_;
};

}  // namespace detail

namespace formats {

struct deepseek {
  static constexpr std::string_view name = "deepseek";
  static constexpr std::string_view calls_begin = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C>";
  static constexpr std::string_view call_begin = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "begin\xEF\xBD\x9C>";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 60;
    d.description = "DeepSeek V3/R1 and V3.1 tool-call tokens";
    d.triggers = {{std::string(call_begin), detail::trig_cond::anywhere, 0},
                  {"<\xEF\xBD\x9Ctool_call_begin\xEF\xBD\x9C>", detail::trig_cond::anywhere, 0},
                  {"<\xEF\xBD\x9Ctool call begin\xEF\xBD\x9C>", detail::trig_cond::anywhere, 0}};
    // a tool result the model writes itself in the template's tokens: with its closer the
    // tokens are markup and the text between them content (Ollama's deepseek3 parser)
    for (const char* t : {"output", "outputs"})
      for (const char* sep : {"\xE2\x96\x81", "_"})
        d.triggers.push_back({std::string("<\xEF\xBD\x9Ctool") + sep + t + sep + "begin\xEF\xBD\x9C>",
                              detail::trig_cond::anywhere, detail::deepseek_handler::k_output_token});
    // the section's openers: an output that ends after one with no call is cut (unterminated_call)
    d.section_openers = {std::string(calls_begin), "<\xEF\xBD\x9Ctool_calls_begin\xEF\xBD\x9C>",
                         "<\xEF\xBD\x9Ctool calls begin\xEF\xBD\x9C>",
                         "<\xEF\xBD\x9Ctool\\_calls\\_begin\xEF\xBD\x9C>",
                         "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xEF\xBD\x9C>"};
    d.markers = {"<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "end\xEF\xBD\x9C>",
                 "<\xEF\xBD\x9Ctool_calls_end\xEF\xBD\x9C>", "<\xEF\xBD\x9Ctool calls end\xEF\xBD\x9C>"};
    d.template_markers = {std::string(calls_begin)};
    // V3.1, V3.1-Terminus and V3.2-Exp think in thinking mode (their template opens `<think>`
    // in the prompt then; the lone `</think>` rule reads it), so their presets carry reasoning
    d.presets = {{"deepseek.*(r1|reasoner)", {"reasoning", "deepseek"}, 10, false},
                 // rank 7: before deepseek_dsml's `deepseek-v3.2` (rank 8), which would take V3.2-Exp
                 {"deepseek[-_]v3\\.1|deepseek[-_]v3\\.2[-_]exp", {"reasoning", "deepseek"}, 7, false},
                 {"deepseek", {"deepseek"}, 30, false}};
    // constrained decoding: the V3.1 call (xgrammar's `deepseek_r1` style serves V3.1, R1 and
    // V3.2-Exp with it); the section tokens around it are the model's free text
    d.call_template = {std::string(call_begin) + "{NAME}<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>",
                       "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>", "json"};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::deepseek_handler(name)); };
    end_tokens::add(d.markers, end_tokens::deepseek());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_DEEPSEEK_HPP
