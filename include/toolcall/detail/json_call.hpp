// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JSON_CALL_HPP
#define TOOLCALL_DETAIL_JSON_CALL_HPP

// JSON call bodies: finds name, id and arguments in a call object while it streams,
// through the lexer's structure events, and streams the arguments' compact text as it is
// written. Key aliases follow the corpus README: "arguments" and "parameters" are one key,
// "function" names a call (petals) or holds the OpenAI nested object, "tool_calls" is the
// OpenAI envelope, and an arguments string is decoded once (its JSON is lexed as it decodes).
//
// This file holds json_body, the region body (one or more JSON values, their separators, the
// closer, a list's bad items); the call shapes, the name checks and json_call_extractor, which
// reads one value's calls, are in detail/json_call_extractor.hpp.

#include <cstddef>
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "json_call_extractor.hpp"
#include "json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * A region body made of one JSON value (or several, separated by `;`, `,` or whitespace),
 * then an optional closer marker. Used by every JSON-bodied format.
 */
class json_body {
 public:
  struct config {
    call_shape shape;
    std::string_view closer;     ///< "" when the format has none
    std::string_view format;     ///< "" lets the shape decide (bare JSON)
    bool multi = false;          ///< more values may follow (<tools> one object per line)
    bool semicolons = false;     ///< Llama 3.x `;`-separated calls
    bool prose_is_error = false; ///< a word right after the marker is an error (a tag around
                                 ///< prose), not a warning
    std::string_view name;       ///< args_only: the known name
    std::string_view id;         ///< args_only: the known id
    /// `{call}, {call}` with no list around it is read as a list (vLLM's nemotron_json wraps
    /// such a payload in `[ ]`), with a note
    bool comma_objects = false;
  };

  void begin(const region_ctx& e, const config& c) {
    cfg_ = c;
    if (!c.name.empty() || !name_.empty()) name_.assign(c.name.data(), c.name.size());  // usually both empty
    if (!c.id.empty() || !id_.empty()) id_.assign(c.id.data(), c.id.size());
    cfg_.name = name_;
    cfg_.id = id_;
    st_ = s_before;
    values_ = 0;
    ws_.clear();
    mbuf_.clear();
    comma_noted_ = false;
    (void)e;
  }

  std::size_t values() const noexcept { return values_; }
  /// The call's buffer a plain token inside the value's arguments would go to, with nothing
  /// else changing (call_sink::plain_lane), or nullptr.
  const std::string* plain_lane() const noexcept {
    return st_ == s_value && !has_fed_ && ex_.streams_direct() ? lx_.plain_string_out() : nullptr;
  }

  step feed(const region_ctx& e, std::string_view in) {
    if (st_ == s_value && !in.empty()) {
      // the usual streamed token, inside the value and all of it the lexer's: no loop; any
      // other outcome goes on in the loop, which takes this lexer step (sync() is idempotent)
      ex_.rebind(&e);
      fed_ = lx_.feed(in);
      ex_.sync();
      if (fed_.st == lex_step::more && !ex_.failed()) return {step::more, in.size()};
      has_fed_ = true;
    }
    return feed_loop(e, in);
  }
  TOOLCALL_NOINLINE step feed_loop(const region_ctx& e, std::string_view in) {
    std::size_t i = 0;
    const std::size_t n = in.size();
    ex_.rebind(&e);
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_before:
          if (is_json_ws(c)) {
            ++i;
            continue;
          }
          if (c == '{' || c == '[') {
            start_value(e);
            list_ = c == '[';
            prior_calls_ = 0;
            dropped_.clear();
            st_ = s_value;
            continue;
          }
          if (!cfg_.closer.empty() && c == static_cast<unsigned char>(cfg_.closer[0]) && values_ > 0) {
            st_ = s_closer;
            continue;
          }
          if (values_ > 0) return done_here(i);
          return step::failed(i, errc::invalid_call, "no JSON payload after the marker",
                              cfg_.prose_is_error && is_ident_start(c) ? severity::error : severity::warning);
        case s_value: {
          const lex_step s = has_fed_ ? take_fed() : lex(std::string_view(in.data() + i, n - i));
          ex_.sync();
          if (ex_.failed()) {
            if (!ex_.not_call() && start_skip(e, i + s.consumed, ex_.fail_code(), ex_.fail_message().c_str())) {
              i += s.consumed;
              continue;
            }
            return extractor_failed(i + s.consumed);
          }
          if (s.st == lex_step::fail) {
            const errc code = lx_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_json;
            const std::size_t at = i + s.consumed;
            if (code != errc::limit_depth && at < n && in[at] == '{' && resume_list(e, at)) {
              i = at;  // a missing `,` between two items: the next one starts here
              continue;
            }
            if (code != errc::limit_depth && start_skip(e, at, code, lx_.error_message())) {
              i += s.consumed;  // the offending byte is the skip's first
              continue;
            }
            return step::failed(i + s.consumed, code, lx_.error_message(), severity::error);
          }
          i += s.consumed;
          if (s.st == lex_step::done) {
            if (ex_.calls() + prior_calls_ == 0) {
              // a value with no call in it: data, not a call (a warning inside a call wrapper)
              return no_call(i);
            }
            report_dropped(e);
            ++values_;
            st_ = s_after;
            ws_.clear();
          }
          continue;
        }
        case s_skip:
          // the rest of a dropped list item, up to the `,` before the next one or the `]`
          ++i;
          if (sk_str_) {
            if (sk_esc_) sk_esc_ = false;
            else if (c == '\\') sk_esc_ = true;
            else if (c == '"') sk_str_ = false;
            continue;
          }
          if (c == '"') {
            sk_str_ = true;
          } else if (c == '{' || c == '[') {
            ++sk_depth_;
          } else if ((c == '}' || c == ']') && sk_depth_ > 0) {
            --sk_depth_;
          } else if (c == ']') {  // the list ends
            if (prior_calls_ == 0) return skip_failed(i - 1);
            report_dropped(e);
            ++values_;
            st_ = s_after;
            ws_.clear();
          } else if (c == ',' && sk_depth_ == 0) {  // the next item, read as a list of its own
            start_value(e);
            (void)lx_.feed("[");
            st_ = s_value;
          } else if (c == '}' || c == '<') {
            // unbalanced, or markup (the closer of a list never closed): the list is lost
            return skip_failed(i - 1);
          }
          continue;
        case s_after:
          if (is_json_ws(c)) {
            ws_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (c == ',' && cfg_.comma_objects && !list_) {
            ws_ += static_cast<char>(c);  // given back if no object follows
            ++i;
            st_ = s_comma;
            continue;
          }
          if (c == ';' && cfg_.semicolons) {
            ++i;
            st_ = s_before;
            continue;
          }
          if (cfg_.multi && (c == '{' || c == '[' || c == ',')) {
            if (c == ',') ++i;
            st_ = s_before;
            continue;
          }
          if (!cfg_.closer.empty() && c == static_cast<unsigned char>(cfg_.closer[0])) {
            st_ = s_closer;
            mbuf_.clear();
            continue;
          }
          if (cfg_.prose_is_error && !cfg_.closer.empty() && is_ident_start(c)) {
            // words where the closer belongs: the model went on writing instead of closing the
            // tag (no stop sequence ate the closer), and the vendor's parser (vLLM's hermes, its
            // `<tool_call>(.*)` read as JSON) returns no call: the region is content, an error
            return step::failed(i, errc::unterminated_call, "text follows the payload where its closer belongs",
                                severity::error);
          }
          if (!cfg_.closer.empty() && (c == '}' || c == ']')) {
            // a stray bracket between the payload and its closer: content, and the closer
            // that follows stays a marker (bounded look-ahead)
            mbuf_.assign(1, static_cast<char>(c));
            st_ = s_stray;
            ++i;
            continue;
          }
          return done_here(i);
        case s_stray:
          if (c == static_cast<unsigned char>(cfg_.closer[0])) {
            e.text.diag(errc::repaired, e.place.region_abs(),
                        "stray text between the payload and its closer is content", severity::note);
            e.text.region_content(ws_ + mbuf_);
            ws_.clear();
            mbuf_.clear();
            st_ = s_closer;
            continue;
          }
          if ((c == '}' || c == ']' || is_json_ws(c)) && mbuf_.size() < 16) {
            mbuf_ += static_cast<char>(c);
            ++i;
            continue;
          }
          return done_here(i);
        case s_comma:
          if (is_json_ws(c)) {
            ws_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (c != '{') return done_here(i);
          if (!comma_noted_) {
            comma_noted_ = true;
            e.text.diag(errc::repaired, e.place.region_abs(), "comma-separated call objects were read as a list",
                        severity::note);
          }
          ws_.clear();
          st_ = s_before;
          continue;
        case s_closer: {
          if (mbuf_.empty() && n - i >= cfg_.closer.size() &&
              in.compare(i, cfg_.closer.size(), cfg_.closer) == 0) {
            ws_.clear();  // the whole closer is here: one compare
            return {step::done, i + cfg_.closer.size()};
          }
          mbuf_ += static_cast<char>(c);
          const pm m = prefix_match(mbuf_, cfg_.closer);
          if (m == pm::full) {
            ws_.clear();
            mbuf_.clear();
            return {step::done, i + 1};
          }
          if (m == pm::partial) {
            ++i;
            continue;
          }
          mbuf_.pop_back();
          return done_here(i);
        }
      }
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) {
    ex_.rebind(&e);
    if (st_ == s_value) {
      const lex_step s = lx_.finish();
      ex_.sync();
      if (ex_.failed()) return extractor_failed(0);
      if (s.st == lex_step::done && ex_.calls() + prior_calls_ > 0) {
        report_dropped(e);
        ++values_;
        return {step::done, 0};
      }
      if (s.st == lex_step::done) {
        return no_call(0);
      }
      const bool open_call = ex_.in_call() || lx_.depth() > 0;
      return step::failed(0, errc::unterminated_call,
                          open_call ? "the text ends inside the call payload" : lx_.error_message(), severity::error);
    }
    if (st_ == s_skip) {
      return step::failed(0, errc::unterminated_call, "the text ends inside the call list", severity::error);
    }
    if (values_ > 0) return done_here(0);
    return step::failed(0, errc::invalid_call, "no JSON payload after the marker", severity::warning);
  }


 private:
  enum state : std::uint8_t { s_before, s_value, s_after, s_stray, s_comma, s_closer, s_skip };

  lex_step lex(std::string_view in) { return lx_.feed(in); }

  void start_value(const region_ctx& e) {
    lx_.reset(&ex_, e.request.max_depth());
    ex_.reset(&e, &lx_, cfg_.shape, cfg_.format, cfg_.name, cfg_.id);
  }

  /// shape.skip_bad: the item of a top-level list that failed at `at` (why: code, msg) drops
  /// itself; a call it announced ends invalid (abandon_call). False when the region fails.
  bool start_skip(const region_ctx& e, std::size_t at, errc code, const char* msg) {
    if (!cfg_.shape.skip_bad || cfg_.shape.args_only || !list_ || lx_.depth() == 0) return false;
    const std::size_t open = lx_.depth() - 1;  // brackets of the item still open
    lx_.divert(nullptr);                      // the call's buffer goes with the call
    if (ex_.call_begun() && !e.calls.abandon_call()) return false;
    if (dropped_.empty()) {
      first_code_ = code;
      first_msg_ = msg;
      first_at_ = e.place.chunk_abs() + at;
    }
    if (dropped_.size() < 64)
      dropped_.push_back({e.place.chunk_abs() + at, std::pair<bool, std::string>(ex_.call_begun(), msg)});
    prior_calls_ += ex_.calls();
    sk_depth_ = open;
    sk_str_ = sk_esc_ = false;
    st_ = s_skip;
    return true;
  }

  /// shape.skip_bad: `}` then `{` with no `,` between two items of a top-level list (Ollama's
  /// cohere parser reads it): the next item is read, with a note. False when it is not that.
  bool resume_list(const region_ctx& e, std::size_t at) {
    if (!cfg_.shape.skip_bad || cfg_.shape.args_only || !list_ || lx_.depth() != 1 || ex_.in_call()) return false;
    e.text.diag(errc::repaired, e.place.chunk_abs() + at,
                "a missing ',' between two items of the call list was assumed", severity::note);
    prior_calls_ += ex_.calls();
    start_value(e);
    (void)lx_.feed("[");
    return true;
  }

  step skip_failed(std::size_t i) { return step::failed(i, first_code_, first_msg_, severity::error); }

  /// The list ended with a call: each dropped item is said (an announced call that ended
  /// invalid is an error).
  void report_dropped(const region_ctx& e) {
    for (auto& d : dropped_)
      e.text.diag(errc::invalid_call, d.first,
                  std::string(d.second.first ? "a list item's call broke and was dropped: "
                                             : "a list item is not a call and was skipped: ") +
                      d.second.second,
                  d.second.first ? severity::error : severity::warning);
    dropped_.clear();
  }

  step done_here(std::size_t i) {
    std::string back = ws_ + mbuf_;
    ws_.clear();
    mbuf_.clear();
    return step::done_with(i, std::move(back));
  }

  /// A value with no call in it: data, not a call (a warning inside a call wrapper).
  step no_call(std::size_t at) const {
    if (cfg_.shape.require_args) return step::failed(at, errc::ok, "", severity::note);
    return step::failed(at, errc::invalid_call, "the payload holds no call", severity::warning);
  }

  step extractor_failed(std::size_t at) {
    if (ex_.not_call()) return no_call(at);
    return step::failed(at, ex_.fail_code(), ex_.fail_message(), severity::error);
  }

  config cfg_;
  std::string name_, id_;
  state st_ = s_before;
  std::size_t values_ = 0;
  std::string ws_, mbuf_;
  lex_step fed_{};  // feed()'s lexer step, when the loop goes on from it
  bool has_fed_ = false;
  lex_step take_fed() noexcept {
    has_fed_ = false;
    return fed_;
  }
  json_lexer lx_;
  json_call_extractor ex_;
  // shape.skip_bad
  bool list_ = false;                // the value is a list
  std::size_t prior_calls_ = 0;      // calls of the list before its last restart
  std::size_t sk_depth_ = 0;         // s_skip: brackets of the dropped item still open
  bool sk_str_ = false, sk_esc_ = false;
  std::vector<std::pair<std::size_t, std::pair<bool, std::string>>> dropped_;  // (abs, (announced, why))
  errc first_code_ = errc::ok;
  std::string first_msg_;
  std::size_t first_at_ = 0;
  // cfg.comma_objects
  bool comma_noted_ = false;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JSON_CALL_HPP
