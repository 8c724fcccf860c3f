// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_SOLAR_OPEN2_HPP
#define TOOLCALL_FORMATS_SOLAR_OPEN2_HPP

// Upstage Solar Open 2 (docs/formats/solar_open2.md): not Solar Open's id/name/JSON slots but
// key/value tokens, one region per call:
//
//   <|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>\n<|tool_call:end|>
//
// Values are raw text (vLLM's solar_open2 parser keeps them as written and types them by the
// request's schema; without a schema they are strings). Reasoning: `<|think:start|>` ...
// `<|think:end|>`; the turn ends with `<|im:end|>`. Read by xml_region_handler as data, behind
// a sentinel guard (solar_open2_handler): every full sentinel ends a value, as the vendor's
// parser bounds a value by all five, so a dropped `<|tool_arg:end|>` or `<|tool_call:end|>`
// cannot swallow the arguments and calls after it.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The Solar Open 2 region: an xml_region_handler fed through a guard that reads the five
/// sentinels. A value ends at the first full sentinel (vLLM's solar_open2 parser: a value is
/// bounded by `<|tool_arg:end|>`, `<|tool_arg:start|>`, `<|tool_call:end|>` and
/// `<|tool_call:start|>`); when the sentinel is not `<|tool_arg:end|>` the guard writes the
/// missing `<|tool_arg:end|>` before it. A `<|tool_call:start|>` inside the region ends the call
/// (the missing `<|tool_call:end|>` is written) and goes back to the scanner, which opens the
/// next call's own region. Bytes that may begin a sentinel are held until they decide; the guard
/// is a function of the bytes, so every chunking gives the same result.
class solar_open2_handler final : public handler {
 public:
  explicit solar_open2_handler(xml_spec spec) : inner_({spec}) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    hold_.clear();
    hold_abs_ = 0;
    in_value_ = false;
    inner_.begin(e, trigger, variant);
  }
  step feed(const region_ctx& e, std::string_view in) override {
    const std::size_t n = in.size();
    std::size_t run = 0;  // the first byte of `in` not yet fed to the inner handler
    for (std::size_t i = 0; i < n; ++i) {
      const char c = in[i];
      if (hold_.empty()) {
        if (c != '<') continue;
        if (i > run) {
          fixed_place sub_at(e.place, e.place.chunk_abs() + run);
          const region_ctx sub = e.with_place(sub_at);
          const step s = inner_.feed(sub, in.substr(run, i - run));
          if (s.st != step::more) return with_rest_at(s, run + s.consumed, {});
        }
        hold_abs_ = e.place.chunk_abs() + i;
        hold_ = c;
        run = i + 1;
        continue;
      }
      hold_ += c;
      run = i + 1;
      int full = -1;
      bool partial = false;
      for (int k = 0; k < k_count; ++k) {
        const pm r = prefix_match_exact(hold_, k_sentinel[k]);
        if (r == pm::full) full = k;
        partial |= r == pm::partial;
      }
      if (partial && full < 0) continue;
      if (full >= 0) {
        const step s = sentinel(e, full);
        if (s.st != step::more) return finish_feed(s, i + 1);
        continue;
      }
      // not a sentinel: the held bytes are text; a `<` that ended them may begin one
      const bool again = c == '<';
      std::string text = std::move(hold_);
      hold_.clear();
      if (again) text.pop_back();
      const std::size_t at = hold_abs_;
      fixed_place sub_at(e.place, at);
      const region_ctx sub = e.with_place(sub_at);
      const step s = inner_.feed(sub, text);
      if (s.st != step::more) {
        std::string rest = text.substr(s.consumed);
        if (again) rest += '<';
        return with_rest_at(s, i + 1, std::move(rest));
      }
      if (again) {
        hold_abs_ = e.place.chunk_abs() + i;
        hold_ = "<";
      }
    }
    if (hold_.empty() && run < n) {
      fixed_place sub_at(e.place, e.place.chunk_abs() + run);
      const region_ctx sub = e.with_place(sub_at);
      const step s = inner_.feed(sub, in.substr(run));
      if (s.st != step::more) return with_rest_at(s, run + s.consumed, {});
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (!hold_.empty()) {
      std::string text = std::move(hold_);
      hold_.clear();
      fixed_place sub_at(e.place, hold_abs_);
      const region_ctx sub = e.with_place(sub_at);
      const step s = inner_.feed(sub, text);
      if (s.st == step::fail) return s.at(0);
      if (s.st == step::done) {
        return step::done_with(0, std::string(s.tail()) + text.substr(s.consumed));
      }
    }
    return inner_.finish(e);
  }

 private:
  static constexpr int k_count = 5;
  enum : int { k_arg_start, k_arg_value, k_arg_end, k_call_start, k_call_end };
  static constexpr std::string_view k_sentinel[k_count] = {"<|tool_arg:start|>", "<|tool_arg:value|>",
                                                          "<|tool_arg:end|>", "<|tool_call:start|>",
                                                          "<|tool_call:end|>"};

  /// A full sentinel is held: write what is missing before it, then the sentinel itself.
  step sentinel(const region_ctx& e, int k) {
    std::string text = std::move(hold_);
    hold_.clear();
    fixed_place sub_at(e.place, hold_abs_);
    const region_ctx sub = e.with_place(sub_at);
    std::string fix;
    if (in_value_ && k != k_arg_end && k != k_arg_value) fix.append(k_sentinel[k_arg_end]);
    if (k == k_call_start) fix.append(k_sentinel[k_call_end]);
    in_value_ = k == k_arg_value;
    if (!fix.empty()) {
      const step s = inner_.feed(sub, fix);
      // the written closers end the call: the sentinel goes back to the scanner
      if (s.st != step::more) return with_rest(s, std::move(text));
    }
    const step s = inner_.feed(sub, text);
    if (s.st != step::more) return with_rest(s, text.substr(s.consumed));
    return {step::more, 0};
  }
  /// The inner handler ended the region: its tail, then `rest` (bytes of ours it did not read).
  static step with_rest(const step& s, const std::string& rest) {
    if (s.st == step::done) return s.with_tail(std::string(s.tail()) + rest);
    return s.with_tail({});
  }
  /// The region ended while bytes of `in` up to `upto` were taken (held or fed).
  static step finish_feed(step s, std::size_t upto) { return std::move(s).at(upto); }
  static step with_rest_at(const step& s, std::size_t consumed, const std::string& rest) {
    return with_rest(s, rest).at(consumed);
  }

  xml_region_handler inner_;
  std::string hold_;
  std::size_t hold_abs_ = 0;
  bool in_value_ = false;
};

}  // namespace detail

namespace formats {

struct solar_open2 {
  static constexpr std::string_view name = "solar_open2";
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_name = detail::xml_name::to_line;  // the name follows the opener, to the newline
    s.fn_close = "<|tool_call:end|>";
    s.param_open = "<|tool_arg:start|>";
    s.param_name = detail::xml_name::to_tag;
    s.param_name_end = "<|tool_arg:value|>";
    s.param_close = "<|tool_arg:end|>";
    s.trim = detail::xml_trim::none;
    s.schema_tags = false;  // the vendor pairs keys and values by the sentinels alone
    s.null_word = true;     // vLLM's solar_open2 parser: value.strip().lower() == "null" is None
    s.repeated_key = detail::xml_repeat::first_wins;  // vLLM's solar_open2 parser keeps the first value
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 34;
    d.description = "Upstage Solar Open 2 <|tool_call:start|>NAME <|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|> <|tool_call:end|>";
    d.triggers = {{"<|tool_call:start|>", detail::trig_cond::anywhere, 0}};
    d.markers = {"<|im:end|>", "<|im:content|>"};
    d.reasoning = {{"<|think:start|>", "<|think:end|>"}};
    d.template_markers = {"<|tool_arg:value|>", "<|tool_call:start|>"};
    d.traits.values_as_text = true;
    d.traits.null_word = spec().null_word;  // the normalizer keeps the null the body reads
    // upstage/Solar-Open2-250B and re-uploads (...-GGUF, mlx-community/...-4bit)
    d.presets = {{"(?:^|[/_-])solar-open-?2(?:[-_.].*)?$", {"solar_open2"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::solar_open2_handler(spec())); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_SOLAR_OPEN2_HPP
