// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_HARMONY_HPP
#define TOOLCALL_FORMATS_HARMONY_HPP

// gpt-oss harmony (docs/formats/README.md, "harmony"): `<|channel|>analysis<|message|>...<|end|>`
// is reasoning; `commentary to=functions.NAME <|constrain|>json<|message|>{...}<|call|>` a call;
// `final` and a `commentary` without a recipient are content.

#include <cstdint>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// gpt-oss harmony: `[<|start|>ROLE]<|channel|>CHANNEL[ to=functions.NAME][<|constrain|>json]
/// <|message|>BODY` up to `<|end|>`, `<|call|>` or `<|return|>`. analysis is reasoning; final
/// and commentary without a recipient are content; a recipient makes a call.
class harmony_handler final : public handler {
 public:
  explicit harmony_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx&, std::string_view trigger, int variant) override {
    st_ = s_header;
    role_start_ = variant == 1;
    header_.clear();
    header_ += trigger;
    text_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      switch (st_) {
        case s_header: {
          header_ += in[i];
          ++i;
          if (role_start_ && header_.find("<|") == std::string::npos && (in[i - 1] == '\n' || header_.size() > 256)) {
            // `to=` at the start of a line of prose, not a role header: not this format's
            return step::failed(i - 1, errc::ok, "", severity::note);
          }
          if (header_.size() > 512) return bad(i, "harmony header too long");
          constexpr std::string_view msg = "<|message|>";
          if (header_.size() >= msg.size() &&
              header_.compare(header_.size() - msg.size(), msg.size(), msg) == 0) {
            if (!parse_header(e)) return bad(i, "bad harmony header");
            if (kind_ == k_call) {
              json_body::config cfg;
              cfg.shape.args_only = true;
              cfg.format = fmt_;
              cfg.name = name_;
              body_.begin(e, cfg);
              st_ = s_call_ws;
            } else {
              text_.open(e, kind_ == k_reasoning);
              st_ = s_text;
            }
          }
          continue;
        }
        case s_call_ws: {
          const unsigned char c = static_cast<unsigned char>(in[i]);
          if (is_json_ws(c)) { ++i; continue; }
          if (c == '<') {  // `<|message|><|call|>`: no body (vLLM's openai parser: no arguments)
            mark_.clear();
            st_ = s_empty;
            continue;
          }
          if (c != '{') return bad(i, "the call body is not a JSON object");
          st_ = s_json;
          continue;
        }
        case s_json: {
          const step s = body_.feed(e, in.substr(i));
          if (s.st == step::fail) return s.after(i);
          i += s.consumed;
          if (s.st == step::done) {
            closer_.begin("<|call|>");
            st_ = s_closer;
          }
          continue;
        }
        case s_closer: {
          return closer_.feed(in.substr(i)).after(i);
        }
        case s_empty: {
          mark_ += in[i];
          const pm m = prefix_match(mark_, "<|call|>");
          if (m == pm::no) return bad(i, "the call body is not a JSON object");
          ++i;
          if (m == pm::partial) continue;
          step s = body_.feed(e, "{}");  // the call takes no arguments
          if (s.st == step::more) s = body_.finish(e);
          if (s.st == step::fail) return bad(i, "the call body is not a JSON object");
          return {step::done, i};
        }
        case s_text: {
          // body text up to an end marker; a partial marker is held back
          static constexpr std::string_view ends[] = {"<|end|>", "<|return|>", "<|call|>", "<|start|>",
                                                      "<|channel|>"};
          std::size_t end = 0;
          const int k = text_.feed(e, in, i, ends, 5, end);
          if (k < 0) return {step::more, n};
          text_.clear();
          // a new message starts: give its marker back to the scanner
          if (k >= 3) return step::done_with(end, std::string(ends[k]));
          return {step::done, end};
        }
      }
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    switch (st_) {
      case s_json: {
        const step s = body_.finish(e);
        if (s.st == step::fail) return s;
        return {step::done, 0};
      }
      case s_closer: return closer_.give_back();
      case s_empty: return step::failed(0, errc::unterminated_call, "the text ends after an empty call body", severity::error);
      case s_text:
        text_.finish(e);
        return {step::done, 0};
      default:
        if (role_start_ && header_.find("<|") == std::string::npos) {
          return step::failed(0, errc::ok, "", severity::note);  // prose that starts with `to=`
        }
        return step::failed(0, errc::invalid_call, "the text ends inside a harmony header", severity::warning);
    }
  }

 private:
  std::string_view fmt_;
  enum state : std::uint8_t { s_header, s_call_ws, s_json, s_closer, s_empty, s_text };
  enum kind : std::uint8_t { k_content, k_reasoning, k_call };

  // header_ holds e.g. "<|start|>assistant to=functions.f<|channel|>commentary <|constrain|>json<|message|>"
  bool parse_header(const region_ctx&) {
    std::string_view h = header_;
    h.remove_suffix(11);  // <|message|>
    std::string_view role, channel;
    constexpr std::string_view st = "<|start|>", ch = "<|channel|>";
    if (h.compare(0, st.size(), st) == 0) {
      h.remove_prefix(st.size());
      const std::size_t p = h.find(ch);
      role = h.substr(0, p);
      channel = p == std::string_view::npos ? std::string_view() : h.substr(p + ch.size());
    } else if (h.compare(0, ch.size(), ch) == 0) {
      channel = h.substr(ch.size());
    } else if (role_start_) {
      // the prompt ended with `<|start|>assistant`: the output starts inside the role header
      // (` to=functions.f<|channel|>commentary ...`, or `assistant to=functions.f<|channel|>...`)
      const std::size_t p = h.find(ch);
      role = h.substr(0, p);
      channel = p == std::string_view::npos ? std::string_view() : h.substr(p + ch.size());
    } else {
      return false;
    }
    recipient_.clear();
    find_recipient(role);
    find_recipient(channel);
    // a detokenizer may put whitespace between `<|channel|>` and its name (`<|channel|> analysis`)
    std::size_t b = 0;
    while (b < channel.size() && is_json_ws(static_cast<unsigned char>(channel[b]))) ++b;
    std::size_t k = b;
    while (k < channel.size() && is_ident_char(static_cast<unsigned char>(channel[k]))) ++k;
    const std::string_view chan = channel.substr(b, k - b);
    if (!recipient_.empty()) {
      kind_ = k_call;
      name_.assign(strip_functions_ns(recipient_));
      return valid_call_name(name_);
    }
    kind_ = chan == "analysis" ? k_reasoning : k_content;
    return true;
  }
  void find_recipient(std::string_view s) {
    const std::size_t p = s.find("to=");
    if (p == std::string_view::npos) return;
    // whitespace is allowed after `to=` and after a namespace (`to= functions. get_weather`)
    const auto ws = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    std::size_t q = p + 3;
    recipient_.clear();
    for (int part = 0; part < 4; ++part) {
      while (q < s.size() && ws(s[q])) ++q;
      std::size_t r = q;
      while (r < s.size() && !ws(s[r]) && s[r] != '<') ++r;
      recipient_.append(s.data() + q, r - q);
      q = r;
      if (recipient_.empty() || recipient_.back() != '.') break;
    }
  }
  step bad(std::size_t i, const char* msg) { return step::failed(i, errc::invalid_call, msg, severity::error); }

  state st_ = s_header;
  kind kind_ = k_content;
  bool role_start_ = false;  // the region opened at a role-header recipient (`to=`)
  std::string header_, recipient_, name_, mark_;
  message_text text_;
  json_body body_;
  closer_reader closer_;
};

}  // namespace detail

namespace formats {

struct harmony {
  static constexpr std::string_view name = "harmony";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 70;
    d.description = "gpt-oss harmony channels";
    // `to=` / `assistant to=` at the start of the output: the rest of a role header whose
    // `<|start|>assistant` the prompt wrote (llama.cpp's and Ollama's gpt-oss readers take it)
    d.triggers = {{"<|channel|>", detail::trig_cond::anywhere, 0},
                  {"<|start|>", detail::trig_cond::anywhere, 0},
                  {"to=", detail::trig_cond::start, 1},
                  {"assistant to=", detail::trig_cond::start, 1}};
    d.template_markers = {"<|channel|>"};
    d.presets = {{"gpt-oss|gpt_oss|gptoss", {"harmony"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::harmony_handler(name)); };
    end_tokens::add(d.markers, end_tokens::harmony());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_HARMONY_HPP
