// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_BODIES_HPP
#define TOOLCALL_DETAIL_BODIES_HPP

// Pythonic keyword calls (`[f(a=1), g()]`, Llama's `NAME.call(k=v)`): the arguments JSON is
// built as each value completes; a long string value streams as it arrives, escaped
// (docs/architecture.md, "Arguments"). XML-parameter bodies are read by xml_call_body
// (detail/xml_body.hpp).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "marker_set.hpp"
#include "json.hpp"
#include "json_lexer.hpp"
#include "python_literals.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * Pythonic calls: `name(key=literal, ...)`, optionally a list `[f(...), g(...)]`. Values are
 * Python literals, lexed by the lenient JSON lexer (single quotes, True/False/None, lists,
 * dicts); a bare identifier as a value is an error (corpus README).
 *
 * Before the lexer, a value goes through python_literal_filter (detail/python_literals.hpp),
 * which reads it as Python's `ast` does (triple-quoted and adjacent strings, escapes, `0x10`,
 * `(x)`) and finds its end. With `python_repairs` (LFM2, as SGLang's LFM2 detector reads
 * Python) sets, tuples, `07`, `+` signs and quotes that cannot close their string are read too;
 * without, those forms fail as in vLLM's pythonic parser. Strings stream.
 *
 * In a list, a sibling that is not a call (`42`, a positional argument `f(1)`) and fails
 * before its call begins is skipped up to the next `,` or `]` with a warning, and the others
 * stay (SGLang's LFM2 and pythonic detectors keep the good calls); a list with no good call
 * fails whole.
 */
class pythonic_body {
 public:
  struct config {
    bool list = true;             ///< wrapped in [ ... ]; the `[` was consumed by the caller
    bool strip_call_suffix = false;  ///< Llama 3.1 built-ins: `brave_search.call(...)`
    std::string_view closer;      ///< optional closing marker (`<|python_end|>`)
    std::string_view format;       ///< the format reported in call_begin
    bool skip_bad = true;          ///< list: a sibling that is not a call is skipped (see above)
    /// Sets, tuples, zero-padded integers, `+` signs and inner quotes are read (see above): the
    /// LFM2 reader's repairs. Off: Python as vLLM's pythonic parser reads it (those fail).
    bool python_repairs = false;
  };

  void begin(const region_ctx& e, const config& c) {
    (void)e;
    cfg_ = c;
    st_ = s_call_start;
    calls_ = 0;
    abandoned_ = false;
    begun_ = false;
    repaired_ = false;
    name_.clear();
    key_.clear();
    ws_.clear();
    mbuf_.clear();
    skipped_.clear();
  }

  std::size_t calls() const noexcept { return calls_; }
  /// Has the list (or a lone call) closed, so only its closer or the region's end may follow?
  bool closed() const noexcept { return st_ == s_after_list || (st_ == s_after_call && !cfg_.list && calls_ > 0); }
  /// Has the current call emitted its call_begin?
  bool began() const noexcept { return begun_; }

  /// One call whose name and `(` the caller read (Granite's bare `get_weather(` line, a
  /// trigger made from a declared tool name, which may hold a `-`): the body starts at the
  /// arguments. With `c.list`, more calls may follow in the list (`[NAME(` after prose).
  void begin_args(const region_ctx& e, const config& c, std::string_view name) {
    begin(e, c);
    name_.assign(name.data(), name.size());
    st_ = s_arg_start;
    nargs_ = 0;
  }

  step feed(const region_ctx& e, std::string_view in) {
    std::size_t off = 0;
    for (;;) {
      step s = feed_impl(e, in.substr(off));
      if (skip_now_) {  // a sibling is skipped from here (bad())
        skip_now_ = false;
        off += s.consumed;
        continue;
      }
      s.consumed += off;
      return s;
    }
  }

  step feed_impl(const region_ctx& e, std::string_view in) {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_call_start:
          if (is_json_ws(c)) { ++i; continue; }
          if (is_ident_start(c)) {
            name_.assign(1, static_cast<char>(c));
            st_ = s_name;
            ++i;
            continue;
          }
          if (c == ']' && cfg_.list && calls_ == 0) return bad(e, i, "empty call list");
          return bad(e, i, "expected a function name");
        case s_name:
          // MCP tool names have dashes (`resolve-library-id`)
          if (is_ident_char(c) || c == '.' || (c == '-' && !name_.empty())) {
            if (name_.size() > 256) return bad(e, i, "name too long");
            name_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (c == '(') {
            if (cfg_.strip_call_suffix) {
              constexpr std::string_view suf = ".call";
              if (name_.size() <= suf.size() || name_.compare(name_.size() - suf.size(), suf.size(), suf) != 0)
                return bad(e, i, "expected NAME.call(...)");
              name_.resize(name_.size() - suf.size());
            }
            ++i;
            st_ = s_arg_start;
            nargs_ = 0;
            begun_ = false;
            continue;
          }
          return bad(e, i, "expected '(' after the function name");
        case s_arg_start:
          if (is_json_ws(c)) { ++i; continue; }
          if (c == ')') {
            ensure_begun(e);
            e.calls.call_args(nargs_ ? "}" : "{}");
            e.calls.end_call(0, repaired_);
            begun_ = false;
            ++calls_;
            ++i;
            st_ = s_after_call;
            ws_.clear();
            continue;
          }
          if (is_ident_start(c)) {
            key_.assign(1, static_cast<char>(c));
            st_ = s_key;
            ++i;
            continue;
          }
          return bad(e, i, "positional or invalid argument");
        case s_key:
          if (is_ident_char(c)) { key_ += static_cast<char>(c); ++i; continue; }
          if (is_json_ws(c)) { ++i; st_ = s_eq; continue; }
          if (c == '=') { ++i; start_value(e); continue; }
          return bad(e, i, "expected '=' after the argument name");
        case s_eq:
          if (is_json_ws(c)) { ++i; continue; }
          if (c == '=') { ++i; start_value(e); continue; }
          return bad(e, i, "expected '='");
        case s_value_ws:
          if (is_json_ws(c)) { ++i; continue; }
          st_ = s_value;
          continue;
        case s_value: {
          // the filter turns the Python literal into lexer input up to the value's end (a `,` or
          // `)` outside brackets and strings), which it does not consume
          // the lexer reads each byte's output at once, so a failure is at its byte whatever the
          // chunking; the arguments stream once per chunk
          std::size_t j = i;
          bool end = false;
          while (j < n) {
            fbuf_.clear();
            vdepth_ = filter_.depth();  // the skip after a failure reads this byte again
            const python_literal_filter::result r = filter_.byte(in[j], fbuf_);  // a held quote closes first
            if (r == python_literal_filter::fail) {
              (void)value_error(filter_.error_code(), filter_.error());
              flush_value(e);
              return value_failed(e, j);
            }
            if (!fbuf_.empty() && !lex_filtered()) {
              flush_value(e);
              return value_failed(e, j);
            }
            if (r == python_literal_filter::end) {
              end = true;
              break;
            }
            ++j;
          }
          flush_value(e);
          i = j;
          if (end && !end_value(e)) return value_failed(e, i);
          continue;
        }
        case s_skip: {
          // a sibling that is not a call: up to the next `,` or `]` outside brackets and strings
          if (sq_) {
            // the item is broken, so its quotes may be too (`'x 'y'`): a quote ends the string
            // only where a delimiter follows it
            if (sqp_) {
              if (c == ' ' || c == '\t') {
                ++i;
                continue;
              }
              sqp_ = false;
              if (c == ',' || c == ')' || c == ']' || c == '}' || c == ':' || c == '\n' || c == '\r') {
                sq_ = 0;
                continue;
              }
            }
            if (sesc_) sesc_ = false;
            else if (c == '\\') sesc_ = true;
            else if (c == static_cast<unsigned char>(sq_)) sqp_ = true;
            ++i;
            continue;
          }
          if (c == '"' || c == '\'') sq_ = static_cast<char>(c);
          else if (c == '(' || c == '[' || c == '{') ++sdepth_;
          else if ((c == ')' || c == ']' || c == '}') && sdepth_ > 0) --sdepth_;
          else if (sdepth_ == 0 && c == ',') {
            ++i;
            st_ = s_call_start;
            continue;
          } else if (sdepth_ == 0 && c == ']') {
            if (calls_ == 0) {
              // a call announced, then dropped, was a call the parser rejected: an error
              return step::failed(i, errc::invalid_call, "no call in the list",
                                  abandoned_ ? severity::error : severity::warning);
            }
            ++i;
            st_ = s_after_list;
            ws_.clear();
            report_skipped(e);
            continue;
          }
          ++i;
          continue;
        }
        case s_after_value:
          if (is_json_ws(c)) { ++i; continue; }
          if (c == ',') { ++i; st_ = s_arg_start; continue; }
          if (c == ')') { st_ = s_arg_start; continue; }
          return bad(e, i, "expected ',' or ')'");
        case s_after_call:
          if (is_json_ws(c)) { ws_ += static_cast<char>(c); ++i; continue; }
          if (cfg_.list) {
            if (c == ',') { ++i; st_ = s_call_start; continue; }
            if (c == ']') { ++i; st_ = s_after_list; ws_.clear(); report_skipped(e); continue; }
            return bad(e, i, "expected ',' or ']'");
          }
          st_ = s_after_list;
          continue;
        case s_after_list:
          if (cfg_.closer.empty()) return done_here(i);
          if (mbuf_.empty() && is_json_ws(c)) { ws_ += static_cast<char>(c); ++i; continue; }
          mbuf_ += static_cast<char>(c);
          {
            const pm m = prefix_match(mbuf_, cfg_.closer);
            if (m == pm::full) { mbuf_.clear(); ws_.clear(); return {step::done, i + 1}; }
            if (m == pm::partial) { ++i; continue; }
            mbuf_.pop_back();
            return done_here(i);
          }
      }
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) {
    if (st_ == s_after_list || (st_ == s_after_call && calls_ > 0 && !cfg_.list)) {
      return done_here(0);
    }
    if (st_ == s_value) {
      fbuf_.clear();
      if (filter_.finish(fbuf_) && lex_filtered() && !lx_done_) (void)lx_.finish();
      flush_value(e);
    }
    return step::failed(0, errc::unterminated_call, "the text ends inside the call", severity::error);
  }


 private:
  enum state : std::uint8_t {
    s_call_start, s_name, s_arg_start, s_key, s_eq, s_value_ws, s_value, s_after_value,
    s_after_call, s_after_list, s_skip
  };

  /// A value is not a literal: false, with why_ the reason value_failed() returns.
  bool value_error(errc code, const char* msg) {
    why_code_ = code;
    why_msg_ = msg;
    return false;
  }
  /// Feeds the filtered bytes to the lexer. False (with why_ set) on an error.
  bool lex_filtered() {
    std::string_view f = fbuf_;
    if (lx_done_) {
      if (f.find_first_not_of(" \t\r\n") != std::string_view::npos) {
        return value_error(errc::invalid_call, "expected ',' or ')'");
      }
      return true;
    }
    const lex_step s = lx_.feed(f);
    if (s.st == lex_step::fail) {
      return value_error(lx_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_json,
                         lx_.error_message());
    }
    if (s.st == lex_step::done) {
      lx_done_ = true;
      if (f.substr(s.consumed).find_first_not_of(" \t\r\n") != std::string_view::npos) {
        return value_error(errc::invalid_call, "expected ',' or ')'");
      }
    }
    return true;
  }
  /// The value ended at a `,` or `)` (not consumed).
  bool end_value(const region_ctx& e) {
    fbuf_.clear();
    if (!filter_.finish(fbuf_)) return value_error(filter_.error_code(), filter_.error());
    if (!lex_filtered()) return false;
    if (!lx_done_) {
      const lex_step s = lx_.finish();
      flush_value(e);
      if (s.st != lex_step::done) {
        return value_error(lx_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_json,
                           *lx_.error_message() ? lx_.error_message() : "expected a value");
      }
    }
    if (lx_.repaired()) repaired_ = true;
    st_ = s_after_value;
    return true;
  }

  void report_skipped(const region_ctx& e) {
    // an item announced as a call, then dropped, was a call the parser rejected: an error
    for (auto& k : skipped_)
      e.text.diag(errc::invalid_call, k.first, std::move(k.second),
                  k.second.compare(0, k_dropped.size(), k_dropped) == 0 ? severity::error : severity::warning);
    skipped_.clear();
  }

  /// A value failed (value_error() gave the reason): in a list the item drops itself (bad()),
  /// unless a limit was hit; elsewhere the region fails with that reason.
  step value_failed(const region_ctx& e, std::size_t at) {
    if (!cfg_.list || !cfg_.skip_bad || why_code_ == errc::limit_depth)
      return step::failed(at, why_code_, why_msg_, severity::error);
    const char* why = *lx_.error_message() ? lx_.error_message() : filter_.error();
    return bad(e, at, *why ? why : "a value is not a literal");
  }

  step bad(const region_ctx& e, std::size_t i, const char* msg) {
    if (cfg_.list && cfg_.skip_bad && st_ != s_after_call && st_ != s_after_list &&
        (!begun_ || e.calls.abandon_call())) {
      // a sibling that is not a call drops itself, with a warning; so does one whose arguments
      // break after its name was announced (it ends invalid)
      // reported when the list ends with a call: a list of no call is prose, one failure
      // at the region's marker: a place that does not depend on how the text was cut
      if (skipped_.size() < 64)
        skipped_.push_back(
            {e.place.region_abs(),
             std::string(begun_ ? k_dropped : std::string_view("a list item is not a call and was skipped: ")) + msg});
      // inside `f(` its `(` is open, and in a value the value's brackets
      sdepth_ = st_ == s_arg_start || st_ == s_key || st_ == s_eq || st_ == s_after_value || st_ == s_value ||
                        st_ == s_value_ws
                    ? 1 + (st_ == s_value ? vdepth_ : 0)
                    : 0;
      abandoned_ |= begun_;
      begun_ = false;
      st_ = s_skip;
      sq_ = 0;
      sesc_ = sqp_ = false;
      skip_now_ = true;
      return {step::more, i};
    }
    return step::failed(i, calls_ || begun_ ? errc::invalid_call : errc::invalid_call, msg,
                        begun_ || calls_ ? severity::error : severity::warning);
  }

  step done_here(std::size_t i) {
    std::string back = ws_ + mbuf_;
    ws_.clear();
    mbuf_.clear();
    return step::done_with(i, std::move(back));
  }

  void ensure_begun(const region_ctx& e) {
    if (begun_) return;
    begun_ = true;
    repaired_ = false;
    e.calls.begin_call(name_, "", cfg_.format, 0);
  }

  void start_value(const region_ctx& e) {
    ensure_begun(e);
    std::string head(nargs_ ? "," : "{");
    head += '"';
    json_escape_append(head, key_);
    head += "\":";
    e.calls.call_args(head);
    ++nargs_;
    lx_.reset(nullptr, e.request.max_depth());
    filter_.reset(cfg_.python_repairs, e.request.max_depth());
    vdepth_ = 0;
    lx_done_ = false;
    sent_ = 0;
    st_ = s_value_ws;
  }

  void flush_value(const region_ctx& e) {
    if (lx_.out().size() > sent_) {
      e.calls.call_args(std::string_view(lx_.out()).substr(sent_));
      sent_ = lx_.out().size();
    }
  }

  config cfg_;
  state st_ = s_call_start;
  std::size_t calls_ = 0, nargs_ = 0, sent_ = 0;
  bool abandoned_ = false;  // a call of this list was announced, then dropped (abandon_call)
  static constexpr std::string_view k_dropped = "a list item's arguments are not Python literals and it was dropped: ";
  bool begun_ = false, repaired_ = false;
  std::string name_, key_, ws_, mbuf_;
  json_lexer lx_;
  errc why_code_ = errc::invalid_json;  // the reason a value failed (value_error)
  const char* why_msg_ = "";
  python_literal_filter filter_;
  std::string fbuf_;  // the filter's output for the lexer, one byte's worth
  std::size_t sdepth_ = 0, vdepth_ = 0;  // vdepth_: the value's brackets open before its current byte
  std::vector<std::pair<std::size_t, std::string>> skipped_;  // siblings skipped: where, why
  char sq_ = 0;
  bool lx_done_ = false, sesc_ = false, skip_now_ = false, sqp_ = false;  // sqp_: s_skip, a quote that may end the string
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_BODIES_HPP
