// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_LFM2_HPP
#define TOOLCALL_FORMATS_LFM2_HPP

// Liquid LFM2 / LFM2.5 (docs/formats/lfm2.md): a pythonic list between two special tokens,
// `<|tool_call_start|>[get_weather(location="Paris"), f()]<|tool_call_end|>`, values as Python
// or JSON literals (sets and tuples as arrays, `07` as 7, a quote that cannot close its string
// kept in it: SGLang's lfm2 detector); in JSON mode the same tokens hold `[{"name": ...,
// "arguments": {...}}]`. A list item that is not a call is skipped with a warning. One call
// without the brackets (`<|tool_call_start|>f(a=1)<|tool_call_end|>`), or one JSON object, is
// read as a list of one, as SGLang's lfm2 detector does.
// `<think>...</think>` reasoning (LFM2.5 Thinking). Text after the block is content.

#include <algorithm>
#include <string>
#include <string_view>

#include "end_tokens.hpp"
#include "../detail/bodies.hpp"
#include "../detail/format_def.hpp"
#include "../detail/json_call.hpp"
#include "pythonic.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The calls of the LFM2 pythonic reader: a call's end is held until the next call
/// begins or the region ends, so that the nested-quote repair (lfm2_handler) can still drop the
/// one call a failed list holds (its end is not sent before the list is known to be whole).
class held_end_calls final : public forwarding_calls {
 public:
  /// The context the inner reader sees: these calls over `e`'s.
  region_ctx point(const region_ctx& e) {
    forward_to(e.calls);
    return e.with_calls(*this);
  }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t begin_abs) override {
    release();
    c_->begin_call(name, id, format, begin_abs);
  }
  void end_call(std::size_t end_abs, bool repaired) override {
    release();
    held_ = true;
    end_abs_ = end_abs;
    repaired_ = repaired;
  }
  bool abandon_call() override {
    held_ = false;
    return c_->abandon_call();
  }
  /// Sends the held call end.
  void release() {
    if (!held_) return;
    held_ = false;
    c_->end_call(end_abs_, repaired_);
  }
  bool held() const noexcept { return held_; }
  void clear() noexcept { held_ = false; }

 private:
  bool held_ = false, repaired_ = false;
  std::size_t end_abs_ = 0;
};

/// After `<|tool_call_start|>`: `[`, then a pythonic call list or (JSON mode) call objects,
/// then the optional `<|tool_call_end|>`. The whole block is one region.
class lfm2_handler final : public handler {
 public:
  explicit lfm2_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_open;
    ws_.clear();
    raw_.clear();
    keep_raw_ = true;
    held_.clear();
    hold_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    const std::size_t base = raw_.size();  // where `in` starts in raw_
    if (keep_raw_ && raw_.size() + in.size() <= k_max_raw) raw_.append(in.data(), in.size());
    else keep_raw_ = false;
    if (st_ == s_repair) return repair_feed(e, base);
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n && (st_ == s_open || st_ == s_peek)) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (st_ == s_open) {
        if (is_json_ws(c)) {
          ++i;
          continue;
        }
        if (c == '{') {
          // one JSON call object without the list (SGLang's lfm2 detector reads it)
          start_json(e, false);
          break;
        }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
          // one call without the list, `<|tool_call_start|>bash(command='ls')<|tool_call_end|>`
          // (SGLang's lfm2 detector takes a lone call as a list of one)
          start_py(e, false);
          break;
        }
        if (c != '[') {
          // prose that mentions the token
          return step::failed(i, errc::ok, "", severity::note);
        }
        ++i;
        st_ = s_peek;
        continue;
      }
      if (is_json_ws(c)) {
        ws_ += static_cast<char>(c);
        ++i;
        continue;
      }
      if (c == '{') {
        start_json(e, true);
        const std::string head = "[" + ws_;
        if (json_.feed(e, head).st != step::more) return {step::fail, i};  // cannot happen: "[" opens a value
      } else {
        start_py(e, true);
      }
    }
    if (i == n) return {step::more, n};
    if (st_ == s_json) return (json_.feed(e, in.substr(i))).after(i);
    return feed_py(e, in.substr(i), base + i).after(i);
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_repair) return repair_end(e, raw_.size());
    if (st_ == s_json) return json_.finish(e);
    if (st_ == s_py) {
      if (!hold_.empty()) {
        // the held bytes did not begin the closer: the text ended
        const std::string w = take_bytes(hold_);
        const step s = py_.feed(held_.point(e), w);
        if (s.st == step::fail && repairable(e)) return repair_end(e, raw_.size());
        if (s.st != step::more) {
          held_.release();
          return s.st == step::done ? step::done_with(0, std::string(s.tail()) + w.substr(s.consumed)) : s.at(0);
        }
      }
      const step s = py_.finish(held_.point(e));
      if (s.st == step::fail && repairable(e)) return repair_end(e, raw_.size());
      held_.release();
      return s;
    }
    return step::failed(0, errc::unterminated_call, "the text ends after the call token", st_ == s_peek ? severity::error : severity::warning);
  }

 private:
  static constexpr std::string_view k_closer = "<|tool_call_end|>";
  static constexpr std::size_t k_max_raw = std::size_t{1} << 20;
  enum state : std::uint8_t { s_open, s_peek, s_json, s_py, s_repair };

  // ---- the list and its closer --------------------------------------------------------------
  // The block ends at the first `<|tool_call_end|>`, inside a string too, as vLLM's and SGLang's
  // LFM2 readers cut it (a special token: the model cannot write it inside a value). The
  // pythonic reader gets only bytes known not to begin the closer (a partial closer at a
  // piece's end is held), so it never reads across it, whatever the chunking.

  /// Feeds `in` (held bytes first) to the pythonic reader; raw_ holds `in` from `base`.
  step feed_py(const region_ctx& e, std::string_view in, std::size_t base) {
    std::string joined;
    std::string_view w = in;
    const std::size_t h = hold_.size();
    if (h) {
      joined = take_bytes(hold_);
      joined.append(in.data(), in.size());
      w = joined;
    }
    const std::size_t wraw = base - h;  // where w starts in raw_ (when kept)
    const std::size_t k = w.find(k_closer);
    const std::size_t upto = k != std::string_view::npos ? k : w.size() - closer_prefix_at_end(w);
    step s = py_.feed(held_.point(e), w.substr(0, upto));
    if (s.st == step::more) {
      if (k == std::string_view::npos) {
        hold_.assign(w.data() + upto, w.size() - upto);
        return {step::more, in.size()};
      }
      if (py_.closed()) {
        held_.release();
        return step{step::done, k + k_closer.size() - h};  // the closer ends in this piece
      }
      // the closer came inside the list
      if (repairable(e)) {
        const step r = repair_end(e, wraw + k);
        return r.st == step::done ? step{step::done, k + k_closer.size() - h} : on_piece(r, w, k, h);
      }
      held_.release();
      return on_piece(step::failed(0, errc::invalid_call, "`<|tool_call_end|>` comes before the call list closed",
                                   severity::error),
                      w, k, h);
    }
    if (s.st == step::fail && repairable(e)) {
      // the search for the closer starts at the value; bytes after the failure were not read
      return repair_feed(e, base);
    }
    held_.release();
    return on_piece(s, w, s.consumed, h);
  }
  /// Step `s` of a reader that stopped at byte `at` of w (h held bytes, then this piece), as
  /// a step over this piece: held bytes after `at` go back as its tail.
  static step on_piece(const step& s, std::string_view w, std::size_t at, std::size_t h) {
    if (at >= h) return s.at(at - h);
    std::string back(s.st == step::done ? s.tail() : std::string_view());
    back.append(w.data() + at, h - at);
    return s.at(0).with_tail(std::move(back));
  }
  /// The length of the longest proper prefix of the closer that ends `w`.
  static std::size_t closer_prefix_at_end(std::string_view w) {
    for (std::size_t l = std::min(w.size(), k_closer.size() - 1); l > 0; --l)
      if (w.substr(w.size() - l) == k_closer.substr(0, l)) return l;
    return 0;
  }

  // ---- the nested-quote repair ------------------------------------------------------------
  // A shell command quoting Python that quotes again (`bash(command='python3 -c "f(x='\,')"')`)
  // is not a Python literal: the reader fails where the inner quote closed the string. As
  // vLLM's and SGLang's LFM2 readers recover it, the one keyword argument of the one call is
  // then the text from its opening quote to the last same quote followed by `)` (and `]` when
  // the call is in a list) before `<|tool_call_end|>` or the end of the text, kept as written,
  // with a `normalized` note. Only after the normal reader failed: a call it reads never changes.

  /// The region so far starts `[NAME(KEY=` and a quote, the reader failed in the first call.
  bool repairable(const region_ctx& e) {
    // the first call failed, or it ended and the list failed right after it (its end is held)
    if (!keep_raw_ || py_.calls() > 1 || (py_.calls() == 1 && !held_.held())) return false;
    std::size_t p = 0;
    const auto ws = [&] {
      while (p < raw_.size() && is_json_ws(static_cast<unsigned char>(raw_[p]))) ++p;
    };
    const auto ident = [&](std::string& out) {
      const std::size_t s = p;
      while (p < raw_.size() && (is_ident_char(static_cast<unsigned char>(raw_[p])) || raw_[p] == '-' || raw_[p] == '.'))
        ++p;
      out.assign(raw_, s, p - s);
      return p > s && p - s <= 256 && is_ident_start(static_cast<unsigned char>(out[0]));
    };
    ws();
    list_ = p < raw_.size() && raw_[p] == '[';
    if (list_) ++p;
    ws();
    if (!ident(rname_)) return false;
    ws();
    if (p >= raw_.size() || raw_[p] != '(') return false;
    ++p;
    ws();
    if (!ident(rkey_)) return false;
    ws();
    if (p >= raw_.size() || raw_[p] != '=') return false;
    ++p;
    ws();
    if (p >= raw_.size() || (raw_[p] != '\'' && raw_[p] != '"')) return false;
    quote_ = raw_[p];
    vstart_ = p + 1;
    searched_ = vstart_;
    if ((py_.began() || held_.held()) && !held_.point(e).calls.abandon_call()) return false;
    st_ = s_repair;
    return true;
  }
  /// In repair: the region ends at the first closer after the value's start.
  /// The search resumes where the last one stopped (less a closer's length), not at this
  /// piece: the reader may have failed well after the value began, over bytes never searched.
  step repair_feed(const region_ctx& e, std::size_t base) {
    const std::size_t from = searched_ > vstart_ + k_closer.size() ? searched_ - k_closer.size() : vstart_;
    const std::size_t k = raw_.find(k_closer, from);
    if (k == std::string::npos) {
      if (!keep_raw_) return repair_fail();
      searched_ = raw_.size();
      return {step::more, raw_.size() - base};
    }
    const std::size_t end = k + k_closer.size();
    const step s = repair_end(e, k);
    if (end >= base) return s.at(end - base);
    // the closer stood in an earlier piece: the region ends there, and the bytes after it go
    // back to the text scanner (a failure is reported there too, as one-shot reports it)
    if (s.st != step::done) return s.with_tail(raw_.substr(end, base - end));
    return step::done_with(raw_.size() - base, raw_.substr(end));
  }
  /// raw_[vstart_, end) holds the value, its closing quote, `)` and `]`.
  step repair_end(const region_ctx& e, std::size_t end) {
    std::string_view t(raw_.data() + vstart_, end - vstart_);
    const auto rtrim = [&] {
      while (!t.empty() && is_json_ws(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    };
    rtrim();
    if (list_) {
      if (t.empty() || t.back() != ']') return repair_fail();
      t.remove_suffix(1);
      rtrim();
    }
    if (t.empty() || t.back() != ')') return repair_fail();
    t.remove_suffix(1);
    rtrim();
    if (t.empty() || t.back() != quote_) return repair_fail();
    t.remove_suffix(1);
    std::string args = "{\"";
    utf8_append_replacing(args, rkey_, json_escape_append);
    args += "\":\"";
    utf8_append_replacing(args, t, json_escape_append);
    args += "\"}";
    e.calls.begin_call(rname_, "", fmt_, e.place.region_abs());
    e.calls.call_args(args);
    e.calls.end_call(e.place.region_abs(), true);
    e.text.diag(errc::normalized, e.place.region_abs(),
           "`" + rkey_ + "` holds quotes that close its string early: its value is the text up to the last `" +
               std::string(1, quote_) + ")`, as written",
           severity::note);
    st_ = s_py;
    return {step::done, 0};
  }
  step repair_fail() {
    return step::failed(0, errc::invalid_call, "the call is not a Python call, nor a repairable quoted command", severity::error);
  }
  void start_json(const region_ctx& e, bool list) {
    json_body::config cfg;
    cfg.shape.allow_array = list;
    cfg.closer = k_closer;
    cfg.format = fmt_;
    json_.begin(e, cfg);
    st_ = s_json;
  }
  void start_py(const region_ctx& e, bool list) {
    pythonic_body::config cfg;
    cfg.list = list;
    cfg.closer = k_closer;
    cfg.format = fmt_;
    cfg.python_repairs = true;  // sets, tuples, `07`, inner quotes: as SGLang's lfm2 detector
    py_.begin(e, cfg);
    st_ = s_py;
  }
  std::string_view fmt_;
  state st_ = s_open;
  std::string ws_;
  held_end_calls held_;
  std::string hold_;       // bytes that may begin the closer, not yet given to the reader
  std::string raw_;        // the region's bytes (the repair re-reads them), up to k_max_raw
  bool keep_raw_ = true;
  bool list_ = false;      // repair: the call stood in a list
  char quote_ = '\'';
  std::size_t vstart_ = 0, searched_ = 0;
  std::string rname_, rkey_;
  json_body json_;
  pythonic_body py_;
};

}  // namespace detail

namespace formats {

struct lfm2 {
  static constexpr std::string_view name = "lfm2";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 41;
    d.description = "Liquid LFM2 <|tool_call_start|>[f(a=1), g()]<|tool_call_end|>";
    d.triggers = {{"<|tool_call_start|>", detail::trig_cond::anywhere, 0}};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<|tool_call_start|>", "<|tool_list_start|>"};
    // openPangu writes a JSON list between the same tokens (vLLM's openpangu/pangu parsers)
    d.presets = {{"lfm-?2", {"reasoning", "lfm2"}, 20, false}, {"openpangu", {"reasoning", "lfm2"}, 20, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(
          new detail::finite_numbers_handler(std::unique_ptr<detail::handler>(new detail::lfm2_handler(name))));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_LFM2_HPP
