// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JSON_CALL_EXTRACTOR_HPP
#define TOOLCALL_DETAIL_JSON_CALL_EXTRACTOR_HPP

// The call reader of the JSON call bodies (detail/json_call.hpp): the shapes of call object a
// format accepts (call_shape), the name and key checks (valid_call_name, is_args_key, ...), and
// json_call_extractor, a listener of the lexer's structure events that finds name, id and
// arguments in a call object while it streams and streams the arguments' compact text. The
// key aliases are described at the top of json_call.hpp.

#include <cstddef>
#include <cstring>
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Which shapes of call object are accepted.
struct call_shape {
  bool name_key = true;          ///< {"name": "f", ...}
  bool function_string = false;  ///< {"function": "f", ...}  (function-key / petals)
  bool function_object = true;   ///< {"function": {"name": ..., "arguments": ...}}
  bool tool_calls = false;       ///< {"tool_calls": [...]} (OpenAI envelope)
  bool require_args = false;     ///< bare JSON: a call only with an arguments key
  bool args_only = false;        ///< the value is the arguments object; the name is known
  bool allow_array = true;       ///< a top-level array holds call objects
  /// A top-level list whose item breaks (bad JSON, no usable name) drops only that item and
  /// goes on with the next (Cohere's `<|START_ACTION|>[...]`, as Ollama's cohere parser does);
  /// otherwise the whole region fails.
  bool skip_bad = false;
  std::string_view name_alias;   ///< custom formats: another name key
  std::string_view args_alias;   ///< custom formats: another arguments key
  /// Bare JSON (no format given): the format each shape is reported as.
  std::string_view fmt_envelope, fmt_function_string, fmt_name_key;
};

inline bool is_args_key(std::string_view k) noexcept {
  return k == "arguments" || k == "parameters";
}

/// Inside a call wrapper the arguments may also sit under these keys (models drift).
inline bool is_loose_args_key(std::string_view k) noexcept {
  return k == "args" || k == "input" || k == "params";
}

/// Valid function name: non-empty, printable, no quotes or brackets, at most 256 bytes.
inline bool valid_call_name(std::string_view n) noexcept {
  if (n.empty() || n.size() > 256) return false;
  for (std::size_t i = 0; i < n.size();) {
    const unsigned char c = static_cast<unsigned char>(n[i]);
    if (c < 0x80) {
      if (c < 0x21 || c == 0x7F || c == '"' || c == '\'' || c == '<' || c == '>' || c == '{' || c == '}' ||
          c == '(' || c == ')' || c == '[' || c == ']' || c == ',' || c == '\\')
        return false;
      ++i;
      continue;
    }
    // whole, shortest-form UTF-8 sequences only
    std::size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (len == 0 || i + len > n.size()) return false;
    const unsigned char c1 = static_cast<unsigned char>(n[i + 1]);
    if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F))
      return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(n[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

/// Strips an OpenAI-style `functions.` namespace (harmony's recipient, echoed names).
inline std::string_view strip_functions_ns(std::string_view n) noexcept {
  constexpr std::string_view ns = "functions.";
  if (n.size() > ns.size() && n.compare(0, ns.size(), ns) == 0) n.remove_prefix(ns.size());
  return n;
}

class json_call_extractor final : public json_listener {
 public:
  void reset(const region_ctx* e, json_lexer* lx, call_shape shape, std::string_view format,
             std::string_view known_name, std::string_view known_id) {
    e_ = e;
    lx_ = lx;
    lx_->divert(nullptr);
    direct_ = nullptr;
    // the inner lexer may still write into a call's buffer that is gone (a key cut there would
    // be read from it): started afresh, as start_args() starts it again before any use
    inner_.reset(nullptr, 1);
    inner_direct_ = false;
    shape_ = shape;
    format_ = format;
    roles_.clear();
    frames_.clear();
    key_len_ = 0;
    failed_ = false;
    not_call_ = false;
    calls_ = 0;
    scalar_role_ = r_skip;
    pending_empty_ = false;
    repaired_extra_ = false;
    utf8_noted_ = false;
    inner_failed_ = false;
    inner_code_ = errc::ok;
    inner_msg_.clear();
    if (!known_name.empty() || !known_name_.empty()) known_name_.assign(known_name.data(), known_name.size());
    if (!known_id.empty() || !known_id_.empty()) known_id_.assign(known_id.data(), known_id.size());
  }

  /// The context of the current feed: a handler may pass one that lives only for the call (a
  /// fixed_place on the stack), so the one given at reset() must not be kept.
  void rebind(const region_ctx* e) noexcept { e_ = e; }
  bool failed() const noexcept { return failed_; }
  bool not_call() const noexcept { return not_call_; }
  std::size_t calls() const noexcept { return calls_; }
  /// Is a call object (not yet closed) being read?
  bool in_call() const noexcept { return !frames_.empty(); }
  /// Was the call object being read announced (begin_call)?
  bool call_begun() const noexcept { return !frames_.empty() && frames_.back().begun; }

  /// Does sync() now only stream the lexer's writes into the open call's buffer?
  bool streams_direct() const noexcept {
    if (failed_ || frames_.empty()) return false;
    const frame& f = frames_.back();
    return f.direct && f.args_seen && f.begun && !f.args_string;
  }

  /// Streams what the lexer wrote since the last sync. Called after each feed.
  void sync() {
    // the usual case of a streamed token, small enough to inline into the handler: the lexer
    // wrote into the call's buffer, the engine streams it
    if (!failed_ && !frames_.empty()) {
      const frame& f = frames_.back();
      if (f.direct && f.args_seen && f.begun && !f.args_string) return e_->calls.args_appended();
    }
    sync_rest();
  }
  TOOLCALL_NOINLINE void sync_rest() {
    if (failed_ || frames_.empty()) return;
    frame& f = frames_.back();
    // an arguments string is decoded even before its call begins (the name may come after it):
    // the inner lexer keeps what it wrote until maybe_begin sends it
    if (!f.args_seen || (!f.begun && !f.args_string)) return;
    const std::string& out = lx_->out();
    if (f.args_string) {
      // decode the escaped string text (excluding the quotes) into the inner lexer
      const std::size_t lim = f.args_end ? f.args_end - 1 : out.size();
      if (lim > f.args_sent) {
        decoded_.clear();
        unesc_.feed(std::string_view(out).substr(f.args_sent, lim - f.args_sent), decoded_);
        f.args_sent = lim;
        e_->place.examined(decoded_.size());  // the decoded string is lexed again
        if (!decoded_.empty()) feed_inner(f, decoded_);
      }
      return;
    }
    if (f.direct) {
      // the lexer writes the arguments into the call's buffer itself; the engine streams what
      // it has not sent yet
      e_->calls.args_appended();
      return;
    }
    const std::size_t lim = f.args_end ? f.args_end : out.size();
    if (lim > f.args_sent) {
      e_->calls.call_args(std::string_view(out).substr(f.args_sent, lim - f.args_sent));
      f.args_sent = lim;
    }
  }

  // --- json_listener ---
  void value_begin(jkind kind, std::size_t depth, std::size_t pos) override {
    if (failed_) return;
    role r = r_skip;
    if (depth == 0) {
      if (shape_.args_only) {
        if (kind != jkind::object) return fail(errc::invalid_arguments, "arguments are not an object");
        frames_.push_back(frame{});
        frame& f = frames_.back();
        f.depth = 0;
        f.name = known_name_;
        f.id = known_id_;
        f.name_set = true;
        start_args(f, kind, pos);
        r = r_args;
      } else if (kind == jkind::object) {
        r = r_call;
        push_call(depth);
      } else if (kind == jkind::array && shape_.allow_array) {
        r = r_call_list;
      } else {
        return not_a_call();
      }
    } else {
      const role parent = roles_.size() >= depth ? roles_[depth - 1] : r_skip;
      switch (parent) {
        case r_call_list:
          if (kind != jkind::object) return not_a_call();
          r = r_call;
          push_call(depth);
          break;
        case r_call:
        case r_func: {
          frame& f = frames_.back();
          const std::string_view k(key_, key_len_);
          if ((k == "name" && (parent == r_func || shape_.name_key)) ||
              (!shape_.name_alias.empty() && k == shape_.name_alias)) {
            if (kind != jkind::string) return fail(errc::missing_name, "the name is not a string");
            r = r_name;
            if (parent == r_func) f.name_from_object = true;
          } else if (parent == r_call && k == "function") {
            if (kind == jkind::string && shape_.function_string) {
              r = r_name;
              f.name_from_function = true;
            } else if (kind == jkind::object && shape_.function_object) {
              r = r_func;
            }
          } else if ((is_args_key(k) || (!shape_.args_alias.empty() && k == shape_.args_alias) ||
                      (!shape_.require_args && is_loose_args_key(k))) &&
                     !f.args_seen) {
            if (kind == jkind::object || kind == jkind::string) {
              start_args(f, kind, pos);
              r = r_args;
            } else {
              f.args_seen = true;
              if (!shape_.require_args || f.name_set)
                return fail(errc::invalid_arguments, "arguments are not an object");
              return not_a_call();
            }
          } else if (k == "id" && kind == jkind::string && parent == r_call) {
            r = r_id;
          } else if (k == "tool_calls" && parent == r_call && shape_.tool_calls &&
                     kind == jkind::array) {
            f.envelope = true;
            r = r_call_list;
          } else if ((k == "tool_call" || k == "function_call") && parent == r_call && shape_.tool_calls &&
                     kind == jkind::object && !f.name_set && !f.args_seen) {
            // singular envelopes: {"tool_call": {...}}, legacy {"function_call": {...}}
            f.envelope = true;
            r = r_call;
            push_call(depth);
          } else if (parent == r_call && k != "type" && !shape_.require_args) {
            // a call object with other keys keeps working; what it ignores is said
            std::string m = "ignored key in the call object: ";
            m.append(k.data(), std::min<std::size_t>(k.size(), 64));
            e_->text.diag(errc::repaired, e_->place.region_abs(), std::move(m), severity::note);
          }
          break;
        }
        default:
          r = r_skip;
      }
    }
    if (kind == jkind::object || kind == jkind::array) {
      roles_.resize(depth);
      roles_.push_back(r);
      // the arguments' members are not read (their roles would all be r_skip): the lexer tells
      // only of the arguments' end
      if (r == r_args) lx_->tell_to_depth(depth);
    } else {
      scalar_role_ = r;
      scalar_pos_ = pos;
    }
  }

  void value_end(jkind kind, std::size_t depth, std::size_t pos) override {
    if (failed_) return;
    role r;
    if (kind == jkind::object || kind == jkind::array) {
      r = roles_.size() > depth ? roles_[depth] : r_skip;
      roles_.resize(depth);
      if (r == r_args) lx_->tell_to_depth(static_cast<std::size_t>(-1));  // its members were not told
    } else {
      r = scalar_role_;
      scalar_role_ = r_skip;
    }
    if (frames_.empty()) return;
    frame& f = frames_.back();
    switch (r) {
      case r_name:
      case r_id: {
        std::string_view raw = std::string_view(lx_->out()).substr(scalar_pos_, pos - scalar_pos_);
        if (raw.size() >= 2) raw = raw.substr(1, raw.size() - 2);
        std::string v = json_unescape(raw);
        if (r == r_id) {
          if (!f.begun) f.id = std::move(v);
        } else {
          std::string_view nm = strip_functions_ns(v);
          if (!valid_call_name(nm)) return fail(errc::missing_name, "the name is not usable");
          if (!f.name_set) {
            if (nm.size() != v.size())  // a repair, said like the normalizer's
              e_->text.diag(
                  errc::normalized, e_->place.region_abs(),
                  "tool name \"" + v + "\" repaired to \"" + std::string(nm) + "\" (functions. namespace removed)",
                  severity::note);
            f.name.assign(nm.data(), nm.size());
            f.name_set = true;
          }
          maybe_begin(f);
          sync();
        }
        break;
      }
      case r_args:
        if (f.args_active && !f.args_end) {
          f.args_end = pos;
          sync();
          if (f.direct) {
            lx_->divert(nullptr);
            f.direct = false;
            f.args_sent = f.args_end;  // all of the arguments are in the call's buffer, streamed
          }
          undivert_inner();
          if (failed_) return;
          if (f.args_string) {
            if (inner_failed_) return fail(inner_code_, inner_msg_);
            if (!finish_inner(f)) return;
          }
          f.args_active = false;
        }
        if (shape_.args_only && depth == 0) finish_call(f);
        break;
      case r_call:
        if (f.depth == depth) finish_call(f);
        break;
      default:
        break;
    }
  }

  void key(std::string_view decoded, std::size_t depth) override {
    // only a call's or a function object's keys are read (value_begin); the arguments' are not
    if (depth == 0 || roles_.size() < depth) return;
    const role parent = roles_[depth - 1];
    if (parent == r_call || parent == r_func) {
      // its first 65 bytes: a key the reader compares is shorter (a longer one never equals it),
      // and a note quotes no more than 64
      key_len_ = std::min(decoded.size(), sizeof key_);
      std::memcpy(key_, decoded.data(), key_len_);
    }
  }

  errc fail_code() const noexcept { return fail_code_; }
  const std::string& fail_message() const noexcept { return fail_msg_; }

 private:
  enum role : std::uint8_t { r_skip, r_call_list, r_call, r_func, r_args, r_name, r_id };
  struct frame {
    std::size_t depth = 0;
    std::string name, id;
    bool name_set = false, name_from_function = false, name_from_object = false;
    bool envelope = false;
    bool args_seen = false, args_active = false, args_string = false;
    std::size_t args_begin = 0, args_sent = 0, args_end = 0;
    bool begun = false;
    bool inner_done = false;
    bool direct = false;  // the lexer writes the arguments straight into the call's buffer
  };

  void push_call(std::size_t depth) {
    frames_.push_back(frame{});
    frames_.back().depth = depth;
  }

  void start_args(frame& f, jkind kind, std::size_t pos) {
    f.args_seen = true;
    f.args_active = true;
    f.args_begin = pos;
    f.args_end = 0;
    f.args_string = kind == jkind::string;
    f.args_sent = f.args_string ? pos + 1 : pos;
    if (f.args_string) {
      unesc_.reset();
      inner_.reset(nullptr, e_->request.max_depth());
      inner_direct_ = false;
      inner_failed_ = false;
      inner_sent_ = 0;
      inner_nonempty_ = false;
    }
    maybe_begin(f);
    if (f.args_string && f.begun && !inner_direct_) divert_inner();
    // an object whose call has begun is written once, by the lexer, into the call's buffer
    if (!f.args_string && f.begun && (direct_ = e_->calls.args_buffer()) != nullptr) {
      lx_->divert(direct_);
      f.direct = true;
    }
  }

  void maybe_begin(frame& f) {
    if (f.begun || !f.name_set) return;
    if (shape_.require_args && !f.args_seen) return;
    f.begun = true;
    std::string_view fmt = format_;
    if (fmt.empty())
      fmt = (f.name_from_object || frames_.size() > 1) ? shape_.fmt_envelope
            : f.name_from_function                     ? shape_.fmt_function_string
                                                       : shape_.fmt_name_key;
    e_->calls.begin_call(f.name, f.id, fmt, 0);
    // inner-args state may already hold decoded text waiting for the call to begin
    if (f.args_string && inner_sent_ < inner_.out().size()) {
      e_->calls.call_args(std::string_view(inner_.out()).substr(inner_sent_));
      inner_sent_ = inner_.out().size();
    }
    if (f.args_string && f.args_active) divert_inner();
  }

  /// The decoded arguments' lexer writes straight into the open call's buffer from now on.
  void divert_inner() {
    std::string* t = e_->calls.args_buffer();
    if (t == nullptr) return;
    direct_ = t;
    inner_.divert(t);
    inner_direct_ = true;
    inner_begin_ = t->size();
  }
  void undivert_inner() {
    inner_.divert(nullptr);
    inner_direct_ = false;
  }
  /// The first byte the inner lexer wrote, or 0.
  char inner_first() const {
    if (!inner_.out().empty()) return inner_.out()[0];
    if (inner_direct_ && direct_->size() > inner_begin_) return (*direct_)[inner_begin_];
    return 0;
  }

  void feed_inner(frame& f, std::string_view text) {
    if (inner_failed_) return;
    for (unsigned char c : text)
      if (!is_json_ws(c)) inner_nonempty_ = true;
    if (f.inner_done) {
      for (unsigned char c : text)
        if (!is_json_ws(c)) return inner_fail(errc::invalid_arguments, "text after the arguments object");
      return;
    }
    if (!inner_nonempty_) return;
    const lex_step s = inner_.feed(text);
    // what the inner lexer wrote is final (and stops at the same byte however the decoded text
    // was cut), so it is streamed before a failure is looked at
    if (inner_direct_) {
      e_->calls.args_appended();  // the engine streams what it has not sent yet
    } else if (f.begun && inner_sent_ < inner_.out().size()) {
      e_->calls.call_args(std::string_view(inner_.out()).substr(inner_sent_));
      inner_sent_ = inner_.out().size();
    }
    if (s.st == lex_step::fail)
      return inner_fail(inner_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_arguments,
                        std::string("arguments string: ") + inner_.error_message());
    const char first = inner_first();
    if (first != 0 && first != '{')
      return inner_fail(errc::invalid_arguments, "decoded arguments are not an object");
    if (s.st == lex_step::done) {
      f.inner_done = true;
      feed_inner(f, text.substr(s.consumed));
    }
  }

  bool finish_inner(frame& f) {
    if (!inner_nonempty_) {
      // "arguments": "" means no arguments
      if (f.begun)
        e_->calls.call_args("{}");
      else pending_empty_ = true;
      repaired_extra_ = true;
      f.inner_done = true;
      return true;
    }
    if (!f.inner_done) {
      const lex_step s = inner_.finish();
      if (s.st != lex_step::done) {
        fail(errc::invalid_arguments, "the arguments string does not hold a complete object");
        return false;
      }
      f.inner_done = true;
    }
    if (inner_.repaired()) repaired_extra_ = true;
    return true;
  }

  void finish_call(frame& f) {
    if (f.envelope) {
      frames_.pop_back();
      if (calls_ == 0) not_a_call();
      return;
    }
    if (!f.name_set) {
      if (shape_.require_args && frames_.size() == 1) return not_a_call();
      return fail(errc::missing_name, "the call has no name");
    }
    if (shape_.require_args && !f.args_seen) return not_a_call();
    if (!f.begun) {
      maybe_begin(f);
      sync();
    }
    if (!f.args_seen) {
      e_->calls.call_args("{}");
    } else if (pending_empty_) {
      e_->calls.call_args("{}");
      pending_empty_ = false;
    }
    if (!utf8_noted_ && (lx_->replaced_utf8() || (f.args_string && inner_.replaced_utf8()))) {
      utf8_noted_ = true;  // once per region, at its start: the same whatever the chunking
      e_->text.diag(errc::invalid_utf8, e_->place.region_abs(), "invalid UTF-8 in the arguments was written as U+FFFD",
                    severity::note);
    }
    e_->calls.end_call(0, lx_->repaired() || repaired_extra_);
    repaired_extra_ = false;
    ++calls_;
    frames_.pop_back();
  }

  void fail(errc code, std::string msg) {
    if (failed_) return;
    lx_->divert(nullptr);  // the call's buffer goes away with the region
    undivert_inner();
    failed_ = true;
    fail_code_ = code;
    fail_msg_ = std::move(msg);
    lx_->halt();
  }
  /// A failure inside a double-encoded arguments string is reported when the string closes,
  /// a position that does not depend on chunking.
  void inner_fail(errc code, std::string msg) {
    if (inner_failed_) return;
    inner_failed_ = true;
    inner_code_ = code;
    inner_msg_ = std::move(msg);
  }
  void not_a_call() {
    if (failed_) return;
    lx_->divert(nullptr);
    undivert_inner();
    lx_->halt();
    failed_ = true;
    not_call_ = true;
    fail_code_ = errc::ok;
    fail_msg_.clear();
  }

  const region_ctx* e_ = nullptr;
  json_lexer* lx_ = nullptr;
  call_shape shape_;
  std::string_view format_;
  std::vector<role> roles_;
  std::vector<frame> frames_;
  char key_[65] = {};  // the last key of a call or function object (its first 65 bytes)
  std::size_t key_len_ = 0;
  role scalar_role_ = r_skip;
  std::size_t scalar_pos_ = 0;
  bool failed_ = false, not_call_ = false;
  errc fail_code_ = errc::ok;
  std::string fail_msg_;
  std::size_t calls_ = 0;
  std::string* direct_ = nullptr;  // the open call's buffer while the lexer writes into it
  std::string known_name_, known_id_;
  json_unescaper unesc_;
  json_lexer inner_;
  bool inner_failed_ = false, inner_nonempty_ = false;
  errc inner_code_ = errc::ok;
  std::string inner_msg_;
  std::size_t inner_sent_ = 0;
  bool inner_direct_ = false;                  // inner_ writes into direct_
  std::size_t inner_begin_ = 0;                // where it started writing there
  std::string decoded_;
  bool pending_empty_ = false, repaired_extra_ = false, utf8_noted_ = false;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JSON_CALL_EXTRACTOR_HPP
