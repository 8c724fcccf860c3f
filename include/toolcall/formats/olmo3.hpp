// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_OLMO3_HPP
#define TOOLCALL_FORMATS_OLMO3_HPP

// Olmo 3 (docs/formats/olmo3.md): pythonic calls, one per line, between `<function_calls>` and
// `</function_calls>` (ordinary text, not special tokens): `<function_calls>f(a="x")\ng()
// </function_calls>`. Values are JSON (the template uses tojson); Python literals are accepted
// too. The block is one region. A line that is not a call is skipped with a warning, and a call
// whose arguments break is dropped with an error (it ends invalid); the other lines stay, as
// vLLM's olmo3 parser keeps the lines it can parse; a block with no call fails whole. The Think variants
// open `<think>` in the prompt, so their output holds only the closer.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/bodies.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"
#include "pythonic.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// After `<function_calls>`: calls separated by newlines, then `</function_calls>` (optional
/// when the text ends or another token follows).
class olmo3_handler final : public handler {
 public:
  explicit olmo3_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_first;
    sep_.clear();
    good_ = 0;
    skipped_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_first:
          if (is_json_ws(c)) {
            ++i;
            continue;
          }
          if (!is_ident_start(c)) {
            // prose that mentions the tag (`<function_calls></function_calls>`)
            return step::failed(i, errc::ok, "", severity::note);
          }
          start_call(e);
          continue;
        case s_call: {
          const step s = body_.feed(e, in.substr(i));
          if (s.st == step::fail) {
            // a line whose arguments break after its call began drops that call (it ends
            // invalid: a live stream showed it), as vLLM's parser drops an unparsable line
            const bool began = body_.began();
            if (began && !e.calls.abandon_call()) return s.after(i);
            skip_line(e, began, s.why());
            i += s.consumed;
            continue;
          }
          i += s.consumed;
          if (s.st == step::done) {
            ++good_;
            sep_ = std::string(s.tail());
            st_ = s_sep;
          }
          continue;
        }
        case s_skip:
          if (c == '<') {
            // the closer may stand on the skipped line (`f(...)</function_calls>`)
            closer_.begin(k_closer);
            st_ = s_skip_close;
            continue;
          }
          ++i;
          if (c == '\n') {
            sep_.assign(1, '\n');
            st_ = s_sep;
          }
          continue;
        case s_skip_close: {
          const step s = closer_.feed(in.substr(i));
          if (s.st == step::more) return {step::more, n};
          if (s.tail().empty()) {  // the closer: the block ends
            if (!good_) return none_left(i + s.consumed);
            report(e);
            return {step::done, i + s.consumed};
          }
          // not the closer: what it read is the skipped line's; the line goes on at the byte
          // that differs (a newline there ends it)
          i += s.consumed;
          st_ = s_skip;
          continue;
        }
        case s_sep:
          if (is_json_ws(c)) {
            sep_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (c == '<') {
            closer_.begin(k_closer);
            st_ = s_close;
            continue;
          }
          if (is_ident_start(c) && sep_.find('\n') != std::string::npos) {
            start_call(e);
            continue;
          }
          if (sep_.find('\n') != std::string::npos) {
            skip_line(e, false);
            continue;
          }
          return step::failed(i, errc::invalid_call, "a line in <function_calls> is not a call", severity::error);
        case s_close: {
          // the closer ends the block, separator included; another token (an end of turn)
          // ends it without its closer, and the separator and that token's bytes go back
          const step s = closer_.feed(in.substr(i));
          if (s.st == step::done) {
            if (!good_) return none_left(i + s.consumed);  // the block ends there
            std::string back = done_here(s.tail());
            report(e);
            return step::done_with(i + s.consumed, std::move(back));
          }
          return s.after(i);
        }
      }
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_call) {
      return body_.finish(e);
    }
    if (st_ == s_skip || st_ == s_skip_close) {
      if (!good_) return none_left(0);
      report(e);
      return {step::done, 0};
    }
    if (st_ == s_sep || st_ == s_close) {
      if (!good_) return none_left(0);
      report(e);
      // the text ends after the last call: the separator (and a closer's prefix) go back
      std::string given;
      if (st_ == s_close) given = std::string(closer_.give_back().tail());
      std::string back = sep_ + given;
      sep_.clear();
      return step::done_with(0, std::move(back));
    }
    return step::failed(0, errc::unterminated_call, "the text ends after <function_calls>", severity::warning);
  }

 private:
  static constexpr std::string_view k_closer = "</function_calls>";
  enum state : std::uint8_t { s_first, s_call, s_sep, s_close, s_skip, s_skip_close };
  /// A line the block skipped: where (the region's marker), whether a call began on it and was
  /// dropped, and why its reader failed (a limit keeps its own code).
  struct skipped {
    std::size_t at = 0;
    bool dropped = false;
    failure why;
  };

  /// A line that is not a call (or whose call began and was dropped): skipped to its end,
  /// reported if the block keeps a call.
  void skip_line(const region_ctx& e, bool dropped, const failure* why = nullptr) {
    // at the region's marker: a place that does not depend on how the text was cut
    if (skipped_.size() < 64) skipped_.push_back({e.place.region_abs(), dropped, why ? *why : failure{}});
    st_ = s_skip;
  }
  void report(const region_ctx& e) {
    for (const auto& k : skipped_) {
      if (is_limit(k.why.code))
        e.text.diag(k.why.code, k.at, k.why.msg, severity::error);
      else
        e.text.diag(errc::invalid_call, k.at,
                    k.dropped ? "a call in <function_calls> whose arguments are not Python literals was dropped"
                              : "a line in <function_calls> is not a call and was skipped",
                    k.dropped ? severity::error : severity::warning);
    }
    skipped_.clear();
  }
  static bool is_limit(errc c) noexcept { return c == errc::limit_depth; }  // the one a line's reader reports
  step none_left(std::size_t i) {
    // a limit that dropped the block's only call is reported as that limit
    for (const auto& k : skipped_)
      if (is_limit(k.why.code)) return step::failed(i, k.why);
    return step::failed(i, errc::invalid_call, "no line in <function_calls> is a call", severity::warning);
  }

  void start_call(const region_ctx& e) {
    pythonic_body::config cfg;
    cfg.list = false;
    cfg.format = fmt_;
    body_.begin(e, cfg);
    sep_.clear();
    st_ = s_call;
  }
  /// The closer reader ended the block: `given` is empty when it read the closer (the
  /// separator is the block's), else the separator and `given` go back to the scanner (the
  /// tail returned).
  std::string done_here(std::string_view given) {
    std::string back;
    if (!given.empty()) back = sep_ + std::string(given);
    sep_.clear();
    return back;
  }

  std::string_view fmt_;
  state st_ = s_first;
  std::string sep_;
  std::size_t good_ = 0;               // calls read in the block
  std::vector<skipped> skipped_;
  pythonic_body body_;
  closer_reader closer_;
};

}  // namespace detail

namespace formats {

struct olmo3 {
  static constexpr std::string_view name = "olmo3";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 42;
    d.description = "Olmo 3 <function_calls>f(a=1)\\ng()</function_calls>";
    d.triggers = {{"<function_calls>", detail::trig_cond::anywhere, 0}};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<function_calls></function_calls>"};
    d.presets = {{"olmo-?3.*think", {"reasoning", "olmo3"}, 15, true},
                 {"olmo-?3", {"reasoning", "olmo3"}, 20, false}};
    d.make = [] {
      return std::unique_ptr<detail::handler>(
          new detail::finite_numbers_handler(std::unique_ptr<detail::handler>(new detail::olmo3_handler(name))));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_OLMO3_HPP
