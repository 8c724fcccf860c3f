// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_APERTUS_HPP
#define TOOLCALL_FORMATS_APERTUS_HPP

// Swiss AI Apertus (docs/formats/apertus.md): `<|tools_prefix|>[{"NAME": {args}}, ...]
// <|tools_suffix|>`, the tool name as the only key of each call object. An element with exactly
// the keys `name` (a string) and `arguments`/`parameters` (an object) is read as the common
// shape: no Apertus call has two keys. Reasoning sits between `<|inner_prefix|>` and
// `<|inner_suffix|>`.

#include <cstdint>
#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "../detail/json_call.hpp"
#include "../detail/json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// `<|tools_prefix|>` + a list of name-as-key call objects (or one such object), then an
/// optional `<|tools_suffix|>`. The arguments stream as the lexer writes them, except where the
/// only key is `arguments`/`parameters`: that may still be the common shape, so the call opens
/// when the object shows which it is.
class apertus_handler final : public handler, private json_listener {
 public:
  explicit apertus_handler(std::string_view format) : fmt_(format) {}

  void begin(const region_ctx& e, std::string_view, int) override {
    e_ = &e;
    st_ = s_before;
    ws_.clear();
    m_.clear();
    calls_ = 0;
    failed_ = false;
    list_ = false;
    in_call_ = false;
    cut_ = false;
  }

  step feed(const region_ctx& e, std::string_view in) override {
    e_ = &e;
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_before:
          if (is_json_ws(c)) {
            ++i;
            continue;
          }
          if (c != '[' && c != '{') {
            return step::failed(i, errc::invalid_call, "no call list after <|tools_prefix|>", severity::warning);
          }
          lx_.reset(this, e.request.max_depth());
          st_ = s_value;
          continue;
        case s_value: {
          const lex_step s = lx_.feed(in.substr(i));
          sync();
          if (failed_) {
            return step::failed(i + s.consumed, fail_code_, fail_msg_, severity::error);
          }
          if (s.st == lex_step::fail) {
            const std::size_t at = i + s.consumed;
            if (at < n && in[at] == '<' && cut_keeps()) {
              // `<` where the list goes on: it may be <|tools_suffix|> or the end-of-turn token
              // right after a complete call (the list's `]` missing), which cut the list there
              st_ = s_eot;
              eot_code_ = lx_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_json;
              eot_msg_ = lx_.error_message();
              eot_abs_ = e.place.chunk_abs() + at;
              m_ = "<";
              i = at + 1;
              continue;
            }
            const errc code = lx_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_json;
            return step::failed(i + s.consumed, code, lx_.error_message(), severity::error);
          }
          i += s.consumed;
          if (s.st == lex_step::done) {
            if (calls_ == 0) {
              return step::failed(i, errc::invalid_call, "the list holds no call", severity::warning);
            }
            st_ = s_after;
          }
          continue;
        }
        case s_after:
          if (is_json_ws(c)) {
            ws_ += static_cast<char>(c);
            ++i;
            continue;
          }
          st_ = s_closer;
          continue;
        case s_closer: {
          m_ += static_cast<char>(c);
          const pm r = prefix_match(m_, k_closer);
          if (r == pm::full) return {step::done, i + 1};
          if (r == pm::partial) {
            ++i;
            continue;
          }
          // no closer (a stop string took it): the list ends the region
          m_.pop_back();
          return step::done_with(i, ws_ + m_);
        }
        case s_eot: {
          m_ += static_cast<char>(c);
          const pm rc = prefix_match(m_, k_closer), re = prefix_match(m_, k_eot);
          if (rc == pm::full || re == pm::full) {
            if (!keep_at_cut(e, eot_abs_)) {
              return step::failed(i + 1, failed_ ? fail_code_ : eot_code_, failed_ ? fail_msg_ : eot_msg_.c_str(),
                                  severity::error);
            }
            // the closer ends the region; the end-of-turn token goes back to the text (a marker)
            return rc == pm::full ? step{step::done, i + 1} : step::done_with(i + 1, take_bytes(m_));
          }
          if (rc == pm::partial || re == pm::partial) {
            ++i;
            continue;
          }
          // not a marker: the list's syntax error, reported at the `<` (the bytes held from
          // earlier chunks go back, so the offset does not depend on the chunking)
          const std::size_t here = i + 1;  // bytes of m_ in this chunk
          if (m_.size() <= here) return step::failed(here - m_.size(), eot_code_, eot_msg_, severity::error);
          return step::failed(0, eot_code_, eot_msg_, severity::error).with_tail(m_.substr(0, m_.size() - here));
        }
      }
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    e_ = &e;
    switch (st_) {
      case s_value: {
        const lex_step s = lx_.finish();
        sync();
        if (failed_) {
          return step::failed(0, fail_code_, fail_msg_, severity::error);
        }
        if (s.st == lex_step::done && calls_ > 0) return {step::done, 0};
        if (!failed_ && keep_at_cut(e, e.place.chunk_abs())) return {step::done, 0};
        if (failed_) {
          return step::failed(0, fail_code_, fail_msg_, severity::error);
        }
        return step::failed(0, errc::unterminated_call, "the text ends inside the call list", severity::error);
      }
      case s_after:
      case s_closer: return step::done_with(0, ws_ + m_);
      case s_eot: return step::failed(0, eot_code_, eot_msg_, severity::error);
      default: return step::failed(0, errc::invalid_call, "no call list after <|tools_prefix|>", severity::warning);
    }
  }

  static constexpr std::string_view k_closer = "<|tools_suffix|>";
  static constexpr std::string_view k_eot = "<|assistant_end|>";

 private:
  enum state : std::uint8_t { s_before, s_value, s_after, s_closer, s_eot };
  /// How the call object being read names its tool.
  enum shape : std::uint8_t {
    by_key,     ///< {"NAME": {args}}
    undecided,  ///< {"arguments": {...}: the tool `arguments`, or the common shape
    by_name,    ///< {"name": "NAME", "arguments": {...}}
  };

  /// The list stops before its end (the text ends, or an end-of-turn token comes) at `abs`: a
  /// call whose arguments object closed is kept (vLLM's apertus parser reads the partial list
  /// and returns the complete calls), repaired, with a warning; a later call cut inside its
  /// arguments is dropped alone (an error); a call cut inside the only call gives no call.
  /// Returns whether calls were kept. Only called while the lexer saw no syntax error before.
  bool keep_at_cut(const region_ctx& e, std::size_t abs) {
    const bool whole = whole_call();
    const bool drop_cut = !whole && in_call_ && calls_ > 0 && (!begun_ || e.calls.abandon_call());
    if (drop_cut) in_call_ = false;
    if (!whole && (in_call_ || calls_ == 0)) return false;
    cut_ = true;
    if (whole) close_call();
    if (failed_) return false;
    e.text.diag(errc::unterminated_call, abs,
                drop_cut ? "the output ends inside a call of the list: it is dropped, the complete calls before it are kept"
                         : "the output ends inside the call list, after a complete call: the calls are kept",
                drop_cut ? severity::error : severity::warning);
    return true;
  }

  /// The call being read has its name and a closed arguments object: a cut here keeps it.
  bool whole_call() const { return in_call_ && begun_ && args_seen_ && !args_open_ && !reading_name_; }

  /// Whether a list cut at this point would keep calls (keep_at_cut's test, nothing changed).
  bool cut_keeps() const { return calls_ > 0 || whole_call(); }

  // --- json_listener ---
  void value_begin(jkind kind, std::size_t depth, std::size_t pos) override {
    if (failed_) return;
    if (depth == 0) {
      if (kind == jkind::array) list_ = true;
      else if (kind == jkind::object) open_call(0);
      else fail(errc::invalid_call, "the payload is not a call list");
      return;
    }
    if (!in_call_) {
      if (list_ && depth == 1) {
        if (kind == jkind::object) open_call(1);
        else fail(errc::invalid_call, "a list element is not a call object");
      }
      return;
    }
    if (depth != call_depth_ + 1) return;
    ++keys_;
    if (keys_ == 1) {
      if (kind == jkind::object) {
        start_args(pos);
        if (is_args_key(key_)) {
          shape_ = undecided;
        } else {
          shape_ = by_key;
          set_name(key_);
        }
      } else if (kind == jkind::string && key_ == "name") {
        shape_ = by_name;
        name_pos_ = pos;
        reading_name_ = true;
      } else {
        fail(errc::invalid_call, "a call object holds one key, the tool name, with the arguments object");
      }
      return;
    }
    if (keys_ == 2) {
      if (shape_ == by_name && is_args_key(key_) && kind == jkind::object) {
        start_args(pos);
        return;
      }
      if (shape_ == undecided && key_ == "name" && kind == jkind::string) {
        shape_ = by_name;
        name_pos_ = pos;
        reading_name_ = true;
        return;
      }
      if (shape_ == by_name && is_args_key(key_))
        return fail(errc::invalid_arguments, "arguments are not an object");
    }
    fail(errc::invalid_call, "a call object holds one key, the tool name, with the arguments object");
  }

  void value_end(jkind kind, std::size_t depth, std::size_t pos) override {
    if (failed_ || !in_call_) return;
    if (depth == call_depth_ + 1) {
      if (reading_name_) {
        reading_name_ = false;
        std::string_view raw = std::string_view(lx_.out()).substr(name_pos_, pos - name_pos_);
        if (raw.size() >= 2) raw = raw.substr(1, raw.size() - 2);
        set_name(json_unescape(raw));
      } else if (args_open_) {
        args_open_ = false;
        args_end_ = pos;
        sync();
      }
      return;
    }
    if (depth == call_depth_ && kind == jkind::object) close_call();
  }

  void key(std::string_view decoded, std::size_t depth) override {
    if (in_call_ && depth == call_depth_ + 1) key_.assign(decoded.data(), decoded.size());
  }

  void open_call(std::size_t depth) {
    in_call_ = true;
    call_depth_ = depth;
    keys_ = 0;
    shape_ = by_key;
    begun_ = false;
    reading_name_ = false;
    args_seen_ = args_open_ = false;
    args_sent_ = args_end_ = 0;
    name_.clear();
    key_.clear();
  }

  void start_args(std::size_t pos) {
    args_seen_ = true;
    args_open_ = true;
    args_sent_ = pos;
    args_end_ = 0;
  }

  void set_name(std::string_view n) {
    if (!valid_call_name(n)) return fail(errc::missing_name, "the tool name is not usable");
    name_.assign(n.data(), n.size());
    begun_ = true;
    e_->calls.begin_call(name_, "", fmt_, 0);
    sync();
  }

  void close_call() {
    in_call_ = false;
    if (shape_ == undecided) set_name(key_);  // the only key was the tool's name after all
    if (failed_) return;
    if (!begun_) return fail(errc::missing_name, "the call has no name");
    sync();
    if (!args_seen_) e_->calls.call_args("{}");
    e_->calls.end_call(0, lx_.repaired() || cut_);
    ++calls_;
  }

  /// Streams the arguments text written since the last sync (once the call is open).
  void sync() {
    if (failed_ || !begun_ || !args_seen_) return;
    const std::string& out = lx_.out();
    const std::size_t lim = args_end_ ? args_end_ : out.size();
    if (lim > args_sent_) {
      e_->calls.call_args(std::string_view(out).substr(args_sent_, lim - args_sent_));
      args_sent_ = lim;
    }
  }

  void fail(errc code, const char* msg) {
    if (failed_) return;
    failed_ = true;
    fail_code_ = code;
    fail_msg_ = msg;
    lx_.halt();
  }

  std::string_view fmt_;
  const region_ctx* e_ = nullptr;
  state st_ = s_before;
  std::string ws_, m_;
  json_lexer lx_;
  std::size_t calls_ = 0;
  bool failed_ = false;
  errc fail_code_ = errc::ok;
  const char* fail_msg_ = "";
  bool list_ = false, in_call_ = false;
  bool cut_ = false;  // the text ended inside the list after a complete call
  errc eot_code_ = errc::ok;  // s_eot: the lexer's error at the `<`, if no marker follows
  std::string eot_msg_;
  std::size_t eot_abs_ = 0;
  std::size_t call_depth_ = 0, keys_ = 0;
  shape shape_ = by_key;
  bool begun_ = false, reading_name_ = false, args_seen_ = false, args_open_ = false;
  std::size_t name_pos_ = 0, args_sent_ = 0, args_end_ = 0;
  std::string name_, key_;
};

}  // namespace detail

namespace formats {

struct apertus {
  static constexpr std::string_view name = "apertus";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 19;
    d.description = "Swiss AI Apertus <|tools_prefix|>[{\"NAME\": {args}}, ...]<|tools_suffix|>";
    d.triggers = {{"<|tools_prefix|>", detail::trig_cond::anywhere, 0}};
    d.markers = {std::string(detail::apertus_handler::k_eot)};
    d.reasoning = {{"<|inner_prefix|>", "<|inner_suffix|>"}};
    d.template_markers = {"<|tools_prefix|>", "<|inner_prefix|>"};
    d.presets = {{"apertus", {"apertus"}, 30, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::apertus_handler(name)); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_APERTUS_HPP
