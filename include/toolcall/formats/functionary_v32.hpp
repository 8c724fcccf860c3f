// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_FUNCTIONARY_V32_HPP
#define TOOLCALL_FORMATS_FUNCTIONARY_V32_HPP

// Functionary v3.2 (docs/formats/functionary_v32.md): every message names its recipient,
// `all\nTEXT` for the user, `NAME\n{json}` for a call, `python\nCODE` for the code interpreter,
// and messages are joined by `>>>`. The generation prompt ends with `>>>`, so the first message
// has none: a recipient line at the start of the output is claimed too. Each message is its own
// region; `all\n` is markup and the text after it is content.

#include <string>
#include <string_view>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/json_call.hpp"
#include "../detail/json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A recipient line, then what the recipient takes. Variant 0: after `>>>`; variant 1: at the
/// start of the output, the trigger being the recipient's first letter.
class functionary_v32_handler final : public handler {
 public:
  explicit functionary_v32_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx&, std::string_view trigger, int variant) override {
    st_ = s_name;
    name_.clear();
    name_ws_ = false;
    after_marker_ = variant == 0;
    lead_ws_ = 0;
    if (variant == 1) name_.assign(trigger.data(), trigger.size());
    hold_.clear();
    ws_.clear();
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_name:
          if ((c == '\r' || c == ' ' || c == '\t') && !name_.empty()) {  // CRLF, a trailing space
            name_ws_ = true;
            ++i;
            continue;
          }
          if (c == '\n' && !name_.empty()) {
            ++i;
            if (name_ == "all") return {step::done, i};  // text follows: the scanner's
            if (name_ == "python") {  // JSON arguments or raw code: the first byte decides
              st_ = s_py_start;
              continue;
            }
            st_ = s_json_start;
            continue;
          }
          // function names have at most 64 characters (OpenAI's rule): a longer word is prose
          if (name_ws_ || !name_byte(c) || name_.size() >= 64) return foreign(i);
          name_ += static_cast<char>(c);
          ++i;
          continue;
        case s_json_start: {
          // blank lines before the arguments; after `>>>` a recipient line not followed by JSON
          // is said (never silent), at the start of the output it is prose (`Word\n` then text)
          if (after_marker_ && is_json_ws(c) && ++lead_ws_ <= 64) {
            ++i;
            continue;
          }
          if (c != '{') {
            if (!after_marker_) return foreign(i);
            return step::failed(i, errc::invalid_call, "`>>>" + name_ + "` is not followed by JSON arguments",
                                severity::warning);
          }
          json_body::config cfg;
          cfg.shape.args_only = true;
          cfg.format = fmt_;
          cfg.name = name_;
          body_.begin(e, cfg);
          st_ = s_json;
          continue;
        }
        case s_json: {
          return (body_.feed(e, in.substr(i))).after(i);
        }
        case s_py_start:
          // llama.cpp (parse_json_tool_calls, allow_raw_python) and MeetKai's parser: a JSON
          // object after `python\n` is the arguments; anything else is code
          if (is_json_ws(c)) {
            ws_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (c == '{') {
            lx_.reset(nullptr, e.request.max_depth());
            raw_.clear();
            st_ = s_py_json;
            continue;
          }
          start_code(e);
          continue;
        case s_py_json: {
          const lex_step r = lx_.feed(in.substr(i));
          raw_.append(in.data() + i, r.st == lex_step::more ? n - i : r.consumed);
          if (r.st == lex_step::more) return {step::more, n};
          if (r.st == lex_step::done && strict_json()) {  // the arguments, a JSON object
            ws_.clear();
            e.calls.begin_call("python", "", fmt_, 0);
            e.calls.call_args(lx_.out());
            e.calls.end_call(0, false);
            return {step::done, i + r.consumed};
          }
          // not strict JSON (a dict literal `{1: 2}`, a set, single quotes): the bytes are code
          i += r.consumed;
          std::string back;
          if (replay_as_code(e, back)) return step::done_with(i, std::move(back));
          continue;
        }
        case s_code:
          if (hold_.empty() && ws_.empty() && c != '<' && c != '>' && !is_json_ws(c)) {
            std::size_t j = i + 1;
            while (j < n && in[j] != '<' && in[j] != '>' && !is_json_ws(static_cast<unsigned char>(in[j]))) ++j;
            code(e, in.substr(i, j - i));
            i = j;
            continue;
          }
          if (code_byte(e, c)) {
            // a new message or an end-of-turn token: it goes back to the scanner
            end_code(e);
            std::string back = ws_ + hold_;
            ws_.clear();
            hold_.clear();
            return step::done_with(i + 1, std::move(back));
          }
          ++i;
          continue;
      }
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    switch (st_) {
      case s_py_start:
        start_code(e);
        return finish(e);
      case s_py_json: {
        if (lx_.finish().st == lex_step::done && strict_json()) {
          ws_.clear();
          e.calls.begin_call("python", "", fmt_, 0);
          e.calls.call_args(lx_.out());
          e.calls.end_call(0, false);
          return {step::done, 0};
        }
        if (strict_json())  // a JSON object cut off: the arguments are incomplete
          return step::failed(0, errc::unterminated_call, "the output ended inside the JSON arguments of `python`",
                              severity::error);
        std::string back;
        if (replay_as_code(e, back)) return step::done_with(0, std::move(back));
        return finish(e);
      }
      case s_json: {
        return body_.finish(e);
      }
      case s_code:
        // an unfinished token prefix at the end is code; trailing whitespace is not
        if (!hold_.empty()) {
          code(e, ws_ + hold_);
          ws_.clear();
          hold_.clear();
        }
        end_code(e);
        return step::done_with(0, take_bytes(ws_));
      case s_json_start:
        if (after_marker_)
          return step::failed(0, errc::unterminated_call,
                              "the output ended after `>>>" + name_ + "`, before its arguments", severity::error);
        return step::failed(0, errc::ok, "", severity::note);
      default: return step::failed(0, errc::ok, "", severity::note);
    }
  }

 private:
  enum state : std::uint8_t { s_name, s_json_start, s_json, s_code, s_py_start, s_py_json };

  /// The object read so far is JSON as written (no repair: llama.cpp parses strictly).
  bool strict_json() const noexcept { return !lx_.repaired() && !lx_.replaced_utf8(); }
  /// The python call's code starts (whitespace held in ws_ is code once code follows it).
  void start_code(const region_ctx& e) {
    e.calls.begin_call("python", "", fmt_, 0);
    e.calls.call_args("{\"code\":\"");
    st_ = s_code;
  }
  /// The bytes read as a JSON candidate (raw_) are code after all. True when a message marker
  /// or an end-of-turn token stands among them: the code ended there, `back` takes what follows.
  bool replay_as_code(const region_ctx& e, std::string& back) {
    start_code(e);
    std::string r;
    r.swap(raw_);
    for (std::size_t k = 0; k < r.size(); ++k) {
      if (code_byte(e, static_cast<unsigned char>(r[k]))) {
        end_code(e);
        back = ws_ + hold_ + r.substr(k + 1);
        ws_.clear();
        hold_.clear();
        return true;
      }
    }
    return false;
  }

  static bool name_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  }
  step foreign(std::size_t i) { return step::failed(i, errc::ok, "", severity::note); }

  void code(const region_ctx& e, std::string_view s) {
    esc_.clear();
    json_escape_append(esc_, s);
    e.calls.call_args(esc_);
  }
  void end_code(const region_ctx& e) {
    e.calls.call_args("\"}");
    e.calls.end_call(0, false);
  }

  /// One byte of code that may be markup: whitespace is held until code follows it, `>>>NAME\n`
  /// and the end-of-turn tokens end the code. True when the held bytes are such a token.
  bool code_byte(const region_ctx& e, unsigned char c) {
    static constexpr std::string_view stops[] = {"<|eot_id|>", "<|eom_id|>", "<|end_of_text|>"};
    if (hold_.empty()) {
      if (is_json_ws(c)) {
        ws_ += static_cast<char>(c);
        return false;
      }
      if (c != '<' && c != '>') {
        code(e, ws_);
        ws_.clear();
        code(e, std::string_view(reinterpret_cast<const char*>(&c), 1));
        return false;
      }
      hold_.assign(1, static_cast<char>(c));
      return false;
    }
    hold_ += static_cast<char>(c);
    if (hold_[0] == '>') {
      // `>>>` then a name then a newline
      const std::size_t k = hold_.size();
      if (k <= 3 ? c == '>' : (c == '\n' ? k > 4 : name_byte(c) && k < 68)) {
        if (k > 4 && c == '\n') return true;
        return false;
      }
    } else {
      for (std::string_view s : stops) {
        const pm m = prefix_match(hold_, s);
        if (m == pm::full) return true;
        if (m == pm::partial) return false;
      }
    }
    // not markup: the first held byte is code, the rest is read again
    std::string again = hold_.substr(1);
    code(e, ws_ + hold_.substr(0, 1));
    ws_.clear();
    hold_.clear();
    for (char a : again)
      if (code_byte(e, static_cast<unsigned char>(a))) return true;
    return false;
  }

  std::string_view fmt_;
  state st_ = s_name;
  std::string name_, hold_, ws_, esc_;
  std::string raw_;             // s_py_json: the bytes read as a JSON candidate
  json_lexer lx_;
  bool name_ws_ = false;
  bool after_marker_ = false;   // the region opened at `>>>` (variant 0), not at the output's start
  std::size_t lead_ws_ = 0;     // whitespace between the recipient line and its arguments
  json_body body_;
};

}  // namespace detail

namespace formats {

struct functionary_v32 {
  static constexpr std::string_view name = "functionary_v32";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 85;
    d.description = "Functionary v3.2 >>>NAME\\n{json}, >>>all\\ntext, >>>python\\ncode";
    d.triggers = {{">>>", detail::trig_cond::anywhere, 0}};
    // the first recipient has no `>>>` (the prompt wrote it): any name at the start
    for (char c = 'a'; c <= 'z'; ++c) d.triggers.push_back({std::string(1, c), detail::trig_cond::start, 1});
    for (char c = 'A'; c <= 'Z'; ++c) d.triggers.push_back({std::string(1, c), detail::trig_cond::start, 1});
    d.triggers.push_back({"_", detail::trig_cond::start, 1});
    d.template_markers = {">>>all"};
    d.call_template = {">>>{NAME}\n", "", "json"};  // constrained decoding (docs/formats/functionary_v32.md)
    d.presets = {{"functionary.*v3\\.2", {"functionary_v32"}, 10, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::functionary_v32_handler(name)); };
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_FUNCTIONARY_V32_HPP
