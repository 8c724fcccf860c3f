// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_KIMI_K2_HPP
#define TOOLCALL_FORMATS_KIMI_K2_HPP

// Kimi-K2 (docs/formats/kimi_k2.md): `<|tool_calls_section_begin|><|tool_call_begin|>
// functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>...<|tool_calls_section_end|>`.
// The text between the call tokens is the model's call id and is kept as the call's id; the
// name is the id less a leading `functions.` and a trailing `:IDX`; an id that is only a counter
// (`0`) names the request's tool that takes the arguments (kimi_infer_calls), and an id without
// the `:IDX` counter (`functions.invalid.0`) gives no call, as in vLLM's kimi_k2 parser. Each
// call is its own region (a bad call fails alone);
// the section opener is markup when a call (or the section end) follows it, and text between
// the opener and the first call is content. Reasoning: `<think>` (K2-Thinking) and
// `◁think▷...◁/think▷` (Kimi-VL, k1.5).

#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/bodies.hpp"
#include "../detail/format_def.hpp"
#include "../detail/json_call.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

inline constexpr std::string_view k_kimi_call_begin = "<|tool_call_begin|>";

/// The call id after `<|tool_call_begin|>`, up to `<|tool_call_argument_begin|>` (spaces around
/// the special tokens, which detokenizers insert, are not part of it).
struct kimi_id_reader {
  std::string id, mbuf;
  bool ws = false;
  void clear() {
    id.clear();
    mbuf.clear();
    ws = false;
  }
  /// -1: not a Kimi call id; 0: keep reading; 1: the argument token ended with this byte.
  int push(unsigned char c) {
    static constexpr std::string_view arg = "<|tool_call_argument_begin|>";
    if (!mbuf.empty() || c == '<') {
      mbuf += static_cast<char>(c);
      const pm m = prefix_match(mbuf, arg);
      if (m == pm::full) mbuf.clear();
      return m == pm::no ? -1 : m == pm::full ? 1 : 0;
    }
    if (is_json_ws(c)) {
      ws = !id.empty();
      return 0;
    }
    if (ws || c == '>' || c == '{' || c == '}' || c == '"' || c < 0x20 || id.size() >= 256) return -1;
    id += static_cast<char>(c);
    return 0;
  }
};

/// The calls of a Kimi-K2 call whose id is only a counter (`0`): its name is known when its
/// arguments are whole (the request's tool whose parameters hold every key,
/// request_view::tool_for_keys), so call_begin waits until then and the arguments are held.
/// No tool fits: the call is dropped (failed() says so, the handler fails the region).
class kimi_infer_calls final : public forwarding_calls {
 public:
  region_ctx point(const region_ctx& e) noexcept {
    forward_to(e.calls);
    req_ = &e.request;
    return e.with_calls(*this);
  }
  void reset() noexcept {
    open_ = failed_ = false;
    args_.clear();
  }
  bool failed() const noexcept { return failed_; }
  void begin_call(std::string_view, std::string_view id, std::string_view format, std::size_t at) override {
    open_ = true;
    id_.assign(id.data(), id.size());
    fmt_ = format;
    at_ = at;
    args_.clear();
  }
  bool call_open() const override { return open_; }
  void call_args(std::string_view text) override { args_.append(text.data(), text.size()); }
  std::string* args_buffer(bool) override { return nullptr; }
  void args_appended() override {}
  void end_call(std::size_t at, bool repaired) override {
    open_ = false;
    const std::string name = req_->tool_for_keys(top_keys(args_));
    if (name.empty()) {
      failed_ = true;
      return;
    }
    c_->begin_call(name, id_, fmt_, at_);
    c_->call_args(args_);
    c_->end_call(at, repaired);
  }
  bool abandon_call() override {
    const bool was = open_;
    open_ = false;
    return was;
  }

 private:
  /// The keys of a compact JSON object's top level (escaped keys as written).
  static std::vector<std::string> top_keys(std::string_view j) {
    std::vector<std::string> keys;
    int depth = 0;
    bool key = false;
    for (std::size_t i = 0; i < j.size(); ++i) {
      const char c = j[i];
      if (c == '"') {
        const std::size_t b = ++i;
        while (i < j.size() && j[i] != '"') i += j[i] == '\\' ? 2 : 1;
        if (depth == 1 && key) keys.emplace_back(j.substr(b, i - b));
        key = false;
      } else if (c == '{' || c == '[') {
        ++depth;
        key = c == '{' && depth == 1;
      } else if (c == '}' || c == ']') {
        --depth;
      } else if (c == ',' && depth == 1) {
        key = true;
      }
    }
    return keys;
  }

  const request_view* req_ = nullptr;
  bool open_ = false, failed_ = false;
  std::string id_, args_;
  std::string_view fmt_;
  std::size_t at_ = 0;
};

/// After `<|tool_call_begin|>`: the id up to `<|tool_call_argument_begin|>`, then the JSON
/// arguments and the optional `<|tool_call_end|>`.
class kimi_call_handler final : public handler {
 public:
  explicit kimi_call_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx&, std::string_view, int) override {
    in_args_ = false;
    infer_ = false;
    infer_calls_.reset();
    idr_.clear();
    held_.clear();
  }
  /// Text the section handler read before this call (kimi_section_handler): content, given out
  /// once the call reaches its arguments (until then the region may still be prose).
  void hold_content(std::string text) { held_ = std::move(text); }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (!in_args_ && i < n) {
      const int r = idr_.push(static_cast<unsigned char>(in[i]));
      if (r < 0) return foreign(i);
      ++i;
      if (r > 0) {
        step s = start_args(e, i);
        if (s.st == step::fail) return s;
      }
    }
    if (!in_args_) return {step::more, n};
    if (infer_) return inferred(body_.feed(infer_calls_.point(e), in.substr(i)), false).after(i);
    return (body_.feed(e, in.substr(i))).after(i);
  }
  step finish(const region_ctx& e) override {
    if (!in_args_) {
      return step::failed(0, errc::unterminated_call, "the text ends inside the call id", severity::error);
    }
    if (infer_) return inferred(body_.finish(infer_calls_.point(e)), true);
    return body_.finish(e);
  }

  /// `functions.get_weather:3` -> `get_weather`.
  static std::string_view name_of(std::string_view id) {
    std::string_view n = strip_functions_ns(id);
    const std::size_t colon = n.rfind(':');
    if (colon != std::string_view::npos && colon + 1 < n.size() && all_digits(n.substr(colon + 1)))
      n = n.substr(0, colon);
    return n;
  }

 private:
  static bool all_digits(std::string_view s) {
    for (char c : s)
      if (c < '0' || c > '9') return false;
    return !s.empty();
  }
  step foreign(std::size_t i) { return step::failed(i, errc::ok, "", severity::note); }
  /// The arguments start after byte `i`: `more`, or the step that fails the region.
  step start_args(const region_ctx& e, std::size_t i) {
    const std::string& id = idr_.id;
    const std::string_view name = name_of(id);
    // `<|tool_call_begin|>0 <|tool_call_argument_begin|>`: the model wrote the counter and no
    // name. As vLLM's kimi_k2 parser, the name is the request's tool that takes the arguments
    // (kimi_infer_calls); without the tools, or when none or several fit, no call
    infer_ = all_digits(name);
    if (!infer_ && name.size() == strip_functions_ns(id).size()) {
      // `functions.invalid.0`: no `:N` counter. vLLM's kimi_k2 parser reads only ids of the
      // shape `functions.NAME:N` and drops the rest; a name guessed from such an id may be wrong
      return step::failed(i, errc::invalid_call,
                          "the call id `" + idr_.id.substr(0, 64) + "` has no `:N` counter: it is not a Kimi call id",
                          severity::error);
    }
    if (!infer_ && !valid_call_name(name)) {
      return step::failed(i, errc::missing_name, "the call id holds no usable name", severity::error);
    }
    if (!held_.empty()) {
      e.text.region_content(held_);
      held_.clear();
    }
    json_body::config cfg;
    cfg.shape.args_only = true;
    cfg.closer = "<|tool_call_end|>";
    cfg.format = fmt_;
    cfg.name = name;
    cfg.id = id;
    body_.begin(e, cfg);
    in_args_ = true;
    return {step::more, i};
  }
  /// A counter-only call's step: its region fails when no declared tool fits its keys.
  /// Fails where the call ends (a chunking-independent place), not where the arguments did.
  step inferred(step s, bool at_end) {
    if (s.st == step::fail || !infer_calls_.failed() || (s.st != step::done && !at_end)) return s;
    return step::failed(s.st == step::done ? s.consumed : 0, errc::missing_name,
                        "the call id `" + idr_.id.substr(0, 64) +
                            "` is a bare counter: it names no tool, and no single declared tool takes its arguments",
                        severity::error);
  }

  std::string_view fmt_;
  bool in_args_ = false;
  bool infer_ = false;  // a counter-only id: the name comes from the arguments' keys
  kimi_infer_calls infer_calls_;
  kimi_id_reader idr_;
  std::string held_;
  json_body body_;
};

/// After a section opener: whitespace, then a call opener (given back to the scanner) or the
/// section end. Text before the first call (vLLM drops it) is content when a call follows
/// within 256 bytes and reaches its arguments: the call is then read here, in the same region,
/// so that prose naming the markers stays whole. Anything else: the opener was prose.
class kimi_section_handler final : public handler {
 public:
  explicit kimi_section_handler(std::string_view format) : call_(format) {}
  void begin(const region_ctx&, std::string_view opener, int) override {
    opener_.assign(opener.data(), opener.size());
    pend_.clear();
    noise_.clear();
    probe_.clear();
    idr_.clear();
    in_call_ = probing_ = false;
  }
  step feed(const region_ctx& e, std::string_view in) override {
    if (in_call_) return call_.feed(e, in);
    for (std::size_t i = 0; i < in.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (probing_) {
        // the call right after the opener: once its id reaches its arguments it is a call, and
        // the opener markup; the call is then its own region, read again from its opener
        probe_ += static_cast<char>(c);
        const int r = idr_.push(c);
        if (r < 0) return quiet_fail(i);
        if (r > 0) return step::done_with(i + 1, std::string(k_kimi_call_begin) + probe_);
        continue;
      }
      if (pend_.empty() && noise_.empty() && is_json_ws(c)) continue;
      pend_ += static_cast<char>(c);
      int hit = -1;
      while (!pend_.empty()) {
        bool partial = false;
        for (std::size_t k = 0; k < std::size(k_next) && hit < 0; ++k) {
          const pm m = prefix_match(pend_, k_next[k]);
          if (m == pm::full) hit = static_cast<int>(k);
          partial |= m == pm::partial;
        }
        if (hit >= 0 || partial) break;
        if (noise_.empty() && !opener_.empty()) {
          // the section opener written twice (vLLM's content ends before the first): markup
          const pm m = prefix_match(pend_, opener_);
          if (m == pm::full) pend_.clear();
          if (m != pm::no) break;
        }
        noise_ += pend_[0];  // no marker starts here: the byte is text before the first call
        pend_.erase(0, 1);
      }
      if (noise_.size() > k_max_noise) return quiet_fail(i);
      if (hit < 0) continue;
      pend_.clear();
      if (hit == 0 && noise_.empty()) {
        // a call opener: prose (`use <|tool_calls_section_begin|><|tool_call_begin|> first`)
        // until its id reaches the arguments, and then both openers stay text
        probing_ = true;
        continue;
      }
      if (hit == 0) {
        std::size_t end = noise_.size();
        while (end > 0 && is_json_ws(static_cast<unsigned char>(noise_[end - 1]))) --end;
        noise_.resize(end);
        call_.begin(e, k_kimi_call_begin, 1);
        call_.hold_content(std::move(noise_));
        noise_.clear();
        in_call_ = true;
        return call_.feed(e, in.substr(i + 1)).after(i + 1);
      }
      if (!noise_.empty()) return quiet_fail(i);     // `<|tool_calls_section_end|>` after prose
      return {step::done, i + 1};  // the section end right after the opener
    }
    return {step::more, in.size()};
  }
  step finish(const region_ctx& e) override {
    if (in_call_) return call_.finish(e);
    if (probing_) return step::done_with(0, std::string(k_kimi_call_begin) + probe_);  // the call says it was cut
    if (!noise_.empty()) return quiet_fail(0);
    return step::failed(0, errc::unterminated_call, "the text ends after the tool-call section opener",
                        severity::warning);
  }

 private:
  static constexpr std::string_view k_next[] = {k_kimi_call_begin, "<|tool_calls_section_end|>",
                                                "<|tool_call_section_end|>"};
  static constexpr std::size_t k_max_noise = 256;
  static step quiet_fail(std::size_t i) { return step::failed(i, errc::ok, "", severity::note); }
  kimi_call_handler call_;
  kimi_id_reader idr_;
  std::string pend_, noise_, probe_, opener_;
  bool in_call_ = false, probing_ = false;
};

/// The format's one handler: variant 0 is a section opener, 1 a call.
class kimi_handler final : public handler {
 public:
  explicit kimi_handler(std::string_view format) : section_(format), call_(format) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    cur_ = variant == 0 ? static_cast<handler*>(&section_) : static_cast<handler*>(&call_);
    cur_->begin(e, trigger, variant);
  }
  step feed(const region_ctx& e, std::string_view in) override { return drop_failed_tail(cur_->feed(e, in)); }
  step finish(const region_ctx& e) override { return drop_failed_tail(cur_->finish(e)); }

 private:
  /// A failed region gives nothing back.
  static step drop_failed_tail(step s) {
    if (s.st == step::fail && !s.tail().empty()) return s.with_tail({});
    return s;
  }
  kimi_section_handler section_;
  kimi_call_handler call_;
  handler* cur_ = &call_;
};

}  // namespace detail

namespace formats {

struct kimi_k2 {
  static constexpr std::string_view name = "kimi_k2";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 65;
    d.description = "Kimi-K2 <|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>";
    // variant 0: a section opener (two spellings), 1: a call
    d.triggers = {{"<|tool_calls_section_begin|>", detail::trig_cond::anywhere, 0},
                  {"<|tool_call_section_begin|>", detail::trig_cond::anywhere, 0},
                  {std::string(detail::k_kimi_call_begin), detail::trig_cond::anywhere, 1}};
    d.markers = {"<|tool_calls_section_end|>", "<|tool_call_section_end|>"};
    d.reasoning = {{"<think>", "</think>"},
                   {"\xE2\x97\x81think\xE2\x96\xB7", "\xE2\x97\x81/think\xE2\x96\xB7"}};
    d.template_markers = {"<|tool_calls_section_begin|>", "<|tool_call_argument_begin|>"};
    d.call_template = {"<|tool_calls_section_begin|><|tool_call_begin|>functions.{NAME}:0<|tool_call_argument_begin|>",
                       "<|tool_call_end|><|tool_calls_section_end|>", "json"};
    d.traits.model_ids = true;
    d.presets = {{"kimi-k2|kimi-vl.*thinking|kimi.*k1\\.5", {"reasoning", "kimi_k2"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::kimi_handler(name)); };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_KIMI_K2_HPP
