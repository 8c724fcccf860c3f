// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_OUTPUT_HPP
#define TOOLCALL_DETAIL_OUTPUT_HPP

// The output, the last of the engine's three parts (docs/architecture.md): the text emitters,
// the events, the message they assemble (content, reasoning, calls, diagnostics), call ids, and
// the buffers a message given back with recycle() lends to the next response. It decides
// nothing: the region runner (region_runner.hpp) says what each byte became.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../options.hpp"
#include "../types.hpp"
#include "engine_core.hpp"
#include "scanner.hpp"
#include "utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Text output with the trimming rule of the corpus (leading whitespace dropped, trailing
/// whitespace held until more text follows) and whole UTF-8 sequences per event.
class text_emitter {
 public:
  void reset() {
    started_ = false;
    ws_.clear();
    u8_.clear();
  }
  template <typename Out>
  void push(std::string_view s, Out&& out) {
    if (started_ && ws_.empty() && u8_.empty() && !s.empty() &&
        static_cast<unsigned char>(s.back()) < 0x80 && !is_json_ws(static_cast<unsigned char>(s.back()))) {
      out(s);  // the usual token: nothing held before it, nothing to hold after it
      return;
    }
    push_held(s, out);
  }
  template <typename Out>
  TOOLCALL_NOINLINE void push_held(std::string_view s, Out& out) {
    const char* const b = s.data();
    const std::size_t n = s.size();
    std::size_t i = 0;
    if (!started_) {
      while (i < n && is_json_ws(static_cast<unsigned char>(b[i]))) ++i;
      if (i == n) return;
      started_ = true;
    }
    std::size_t e = n;
    while (e > i && is_json_ws(static_cast<unsigned char>(b[e - 1]))) --e;
    if (e == i) {
      ws_.append(b + i, n - i);
      return;
    }
    std::string_view body(b + i, e - i);
    if (!u8_.empty()) {
      buf_.assign(u8_.data(), u8_.size());
      buf_.append(ws_.data(), ws_.size());
      buf_.append(body.data(), body.size());
      u8_.clear();
      ws_.clear();
      body = buf_;
    } else if (!ws_.empty()) {  // the held whitespace, then the body: one event
      buf_.assign(ws_.data(), ws_.size());
      buf_.append(body.data(), body.size());
      ws_.clear();
      body = buf_;
    }
    // an ASCII last byte ends a whole sequence: no look-back (the usual token)
    const std::size_t cut =
        static_cast<unsigned char>(body.back()) < 0x80 ? body.size() : utf8_complete_prefix(body);
    if (cut > 0) out(std::string_view(body.data(), cut));
    if (cut < body.size()) u8_.assign(body.data() + cut, body.size() - cut);
    if (e < n) ws_.assign(b + e, n - e);
  }
  template <typename Out>
  void flush(Out&& out) {
    if (!u8_.empty()) out(static_cast<std::string_view>(u8_));
    u8_.clear();
    ws_.clear();
  }
  bool started() const noexcept { return started_; }

 private:
  bool started_ = false;
  // held whitespace, a held partial UTF-8 sequence, and the joined piece: a token's few bytes
  // each, copied inline (byte_buffer)
  byte_buffer ws_, u8_, buf_;
};

/// A call of the open region, until the region succeeds or fails.
struct pending_call {
  std::size_t index = 0;
  call c;
  bool complete = false;
  bool repaired = false;
  filter_verdict verdict = filter_verdict::keep;
  bool normalized = false;
  std::size_t sent = 0;  // bytes of c.arguments already sent as deltas (whole UTF-8 sequences)
  bool reserved = false;  // c.arguments was reserved for the rest of the write (given back at the end)
  const char* refused = nullptr;  // why the request's tool_choice refuses it (never announced)
  bool limited = false;   // past max_calls: dropped, and the normalizer never sees it
  bool announced() const noexcept { return verdict != filter_verdict::drop; }
};

/// The message of one response and the events that build it.
class message_out {
 public:
  explicit message_out(const options& o) : opt_(&o) {}

  /// A new response: an empty message (in the buffers recycle() kept), ids from `id_seed`.
  void reset(std::uint64_t id_seed) {
    msg_ = message{};
    // the buffers of a message given back with recycle() are reused, emptied
    msg_.content.swap(spare_content_);
    msg_.content.clear();
    content_padded_ = false;
    msg_.reasoning.swap(spare_reasoning_);
    msg_.reasoning.clear();
    content_room_ = 0;
    content_reserved_ = false;
    content_.reset();
    reasoning_.reset();
    used_ids_.clear();
    rng_ = id_seed;
  }
  void set_sink(event_sink s) noexcept { sink_ = s; }
  const message& msg() {
    settle_content();
    return msg_;
  }

  // ---- text ----
  void content(std::string_view s) {
    content_.push(s, [&](std::string_view x) { out_content(x); });
  }
  void reasoning(std::string_view s) {
    reasoning_.push(s, [&](std::string_view x) { out_reasoning(x); });
  }
  /// Held reasoning bytes (an unfinished UTF-8 sequence) go out: the reasoning block ends.
  void end_reasoning() {
    reasoning_.flush([&](std::string_view x) { out_reasoning(x); });
  }
  bool reasoning_started() const noexcept { return reasoning_.started(); }
  /// The reasoning block opens (an empty reasoning event), once per response.
  void reasoning_marker() {
    if (msg_.has_reasoning) return;
    msg_.has_reasoning = true;
    event ev;
    ev.kind = event_kind::reasoning;
    sink_(ev);
  }

  // ---- diagnostics ----
  void diag(errc code, std::size_t abs, std::string m, severity level) {
    if (!msg_.diagnostics.empty()) {
      // a region re-scanned after its marker can fail again at the same byte for the same reason
      const diagnostic& last = msg_.diagnostics.back();
      if (last.code == code && last.offset == abs && last.level == level && last.message == m) return;
    }
    if (msg_.diagnostics.size() >= opt_->max_diagnostics) {
      if (msg_.diagnostics.size() > opt_->max_diagnostics) return;
      code = errc::limit_diagnostics;
      m = "max_diagnostics reached; later diagnostics are dropped";
      level = severity::warning;
    }
    msg_.diagnostics.push_back(diagnostic{code, abs, std::move(m), level});
    event ev;
    ev.kind = event_kind::diagnostic;
    ev.diag = &msg_.diagnostics.back();
    sink_(ev);
  }

  // ---- calls ----
  /// The call's id (unique_call_id).
  std::string call_id(std::string_view model_id) { return unique_call_id(model_id, used_ids_, rng_); }
  /// An arguments buffer of a message given back with recycle(), if one is left.
  void lend_args_buffer(std::string& a) {
    if (spare_args_.empty()) return;
    a.swap(spare_args_.back());
    spare_args_.pop_back();
  }
  void call_begin(const pending_call& p) {
    event ev;
    ev.kind = event_kind::call_begin;
    ev.index = p.index;
    ev.id = p.c.id;
    ev.name = p.c.name;
    ev.format = p.c.format;
    sink_(ev);
  }
  /// The call's arguments have one buffer, c.arguments, written once; a delta is a view of its
  /// bytes not yet sent, cut after the last whole UTF-8 sequence.
  void args_delta(pending_call& p) { args_delta(p, p.c.arguments.size()); }
  /// args_delta(p, len) after `n` bytes were appended: inline when all before them were sent
  /// and the last is ASCII (the usual streamed token).
  void args_delta_tail(pending_call& p, std::size_t len, std::size_t n) {
    if (p.sent + n == len && static_cast<unsigned char>(p.c.arguments[len - 1]) < 0x80 && p.announced()) {
      delta_ev_.index = p.index;
      delta_ev_.text = std::string_view(p.c.arguments.data() + p.sent, n);
      p.sent = len;
      sink_(delta_ev_);
      return;
    }
    args_delta(p, len);
  }
  /// The same when the arguments are `len` bytes (the rest padding: engine::lane_append).
  void args_delta(pending_call& p, std::size_t len) {
    if (!p.announced()) return;
    const std::string_view s = sub(std::string_view(p.c.arguments.data(), len), p.sent);
    if (s.empty()) return;
    // an ASCII last byte ends a whole sequence: no look-back (the usual token)
    const std::size_t cut = static_cast<unsigned char>(s.back()) < 0x80 ? s.size() : utf8_complete_prefix(s);
    if (cut == 0) return;
    // one event for every delta: only its index and text change (the sink sees it for the
    // duration of the call)
    delta_ev_.index = p.index;
    delta_ev_.text = sub(s, 0, cut);
    p.sent += cut;
    sink_(delta_ev_);
  }
  /// Bytes held for a whole UTF-8 sequence go out before the call ends.
  void flush_args(pending_call& p) {
    if (p.sent >= p.c.arguments.size() || !p.announced()) return;
    event ev;
    ev.kind = event_kind::arguments_delta;
    ev.index = p.index;
    ev.text = sub(p.c.arguments, p.sent);
    p.sent = p.c.arguments.size();
    sink_(ev);
  }
  void call_end(const pending_call& p, call_status st) {
    event ev;
    ev.kind = event_kind::call_end;
    ev.index = p.index;
    ev.status = st;
    sink_(ev);
  }
  /// The call goes into the message (without its arguments under events_only).
  void keep(call&& c) {
    // room for 8 calls at first (1.2 KB), then doubling: a list of calls is not moved 4 times
    if (msg_.calls.size() == msg_.calls.capacity()) msg_.calls.reserve(std::max<std::size_t>(8, 2 * msg_.calls.size()));
    msg_.calls.push_back(std::move(c));
    if (opt_->events_only) std::string().swap(msg_.calls.back().arguments);
  }

  // ---- the end of the response ----
  /// Held text goes out; invalid UTF-8 in the model's text is reported (it is kept as it
  /// came; the JSON writers show it as U+FFFD).
  void end_text(std::size_t total_in) {
    settle_content();
    content_.flush([&](std::string_view s) { out_content(s); });
    reasoning_.flush([&](std::string_view s) { out_reasoning(s); });
    if (!opt_->events_only)
      for (const std::string* t : {&msg_.content, &msg_.reasoning})
        if (!t->empty() && !utf8_valid(*t))
          diag(errc::invalid_utf8, total_in,
               std::string(t == &msg_.content ? "content" : "reasoning") + " holds invalid UTF-8 from its byte " +
                   std::to_string(utf8_first_invalid(*t)) + "; JSON output writes U+FFFD for it",
               severity::warning);
  }
  message& finishing() {
    settle_content();
    return msg_;
  }
  /// The message, its reserved content room given back.
  message hand_out() {
    settle_content();
    if (content_reserved_) give_back_room(msg_.content);
    return std::move(msg_);
  }

  // ---- buffers ----
  /// A buffer reserved for more than it came to hold gives the room back.
  static void give_back_room(std::string& s) {
    if (s.capacity() > 2 * s.size() + 4096) s.shrink_to_fit();
  }
  /// Takes the buffers of a message this engine returned, for the next responses: its content,
  /// its reasoning and its calls' arguments (at most 64 of them), emptied.
  void recycle(message&& m) {
    m.content.clear();
    m.reasoning.clear();
    if (m.content.capacity() > spare_content_.capacity()) spare_content_.swap(m.content);
    if (m.reasoning.capacity() > spare_reasoning_.capacity()) spare_reasoning_.swap(m.reasoning);
    for (call& c : m.calls) {
      if (spare_args_.size() >= 64) break;
      if (c.arguments.capacity() <= 15) continue;  // nothing to reuse in a short string
      c.arguments.clear();
      spare_args_.push_back(std::move(c.arguments));
    }
    // the roomiest buffer goes to the first call of the next response (taken from the back)
    std::sort(spare_args_.begin(), spare_args_.end(),
              [](const std::string& x, const std::string& y) { return x.capacity() < y.capacity(); });
  }
  /// One-shot callers know the size: content that grows past an eighth of it (and 4 KiB) is
  /// likely most of the text, and gets room for all of it at once; a response that is mostly
  /// calls never holds a content buffer as large as itself.
  void reserve_content(std::size_t n) {
    content_room_ = opt_->events_only ? 0 : n;
    content_grow_at_ = std::max<std::size_t>(4096, n / 8);
  }

 private:
  void out_content(std::string_view s) {
    if (!opt_->events_only) {
      std::string& c = msg_.content;
      if (content_padded_ && s.size() - 1 < 16 && s.size() <= c.size() - content_len_) {
        copy_1_16(&c[content_len_], s.data(), s.size());
        content_len_ += s.size();
      } else {
        append_content(s);
      }
    }
    text_ev_.kind = event_kind::content;  // one event for every text event, as for deltas
    text_ev_.text = s;
    sink_(text_ev_);
  }
  /// out_content()'s append past the padding: a token's few bytes leave the content padded
  /// past its length (content_len_) up to the room it has, so that the next tokens are copied
  /// without a libstdc++ call; it is cut back (settle_content) before anything reads it.
  TOOLCALL_NOINLINE void append_content(std::string_view s) {
    settle_content();
    std::string& c = msg_.content;
    if (content_room_ != 0 && c.size() + s.size() > content_grow_at_ && c.size() + s.size() > c.capacity()) {
      c.reserve(std::max(content_room_, c.size() + s.size()));
      content_room_ = 0;
      content_reserved_ = true;
    }
    c += s;
    const std::size_t room = c.capacity() - c.size();
    if (s.size() <= 16 && room >= 16) {
      content_len_ = c.size();
      content_padded_ = true;
      c.resize(content_len_ + std::min<std::size_t>(room, 256));
    }
  }
  void settle_content() {
    if (content_padded_) {
      content_padded_ = false;
      msg_.content.resize(content_len_);
    }
  }
  void out_reasoning(std::string_view s) {
    if (!opt_->events_only) msg_.reasoning += s;
    event ev;
    ev.kind = event_kind::reasoning;
    ev.text = s;
    sink_(ev);
  }

  const options* opt_;
  message msg_;
  event_sink sink_;
  text_emitter content_, reasoning_;
  // reserve_content's hint (until the content needs it), and whether it was used
  std::size_t content_room_ = 0, content_grow_at_ = 0;
  bool content_reserved_ = false;
  std::string spare_content_, spare_reasoning_;  // recycle()'s buffers, for the next response
  std::size_t content_len_ = 0;   // msg_.content's length while it is padded (append_content)
  bool content_padded_ = false;
  event text_ev_;
  std::vector<std::string> spare_args_;
  std::uint64_t rng_ = 0;
  std::unordered_set<std::string> used_ids_;
  event delta_ev_ = [] {
    event e;
    e.kind = event_kind::arguments_delta;
    return e;
  }();
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_OUTPUT_HPP
