// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_ENGINE_HPP
#define TOOLCALL_DETAIL_ENGINE_HPP

// The one incremental engine behind parser and stream_parser (docs/architecture.md).
//
// A scanner finds the earliest trigger of any registered format and holds back only a suffix
// that may still become a marker; everything else is released at once. A trigger hands the
// bytes that follow to its format's handler, a state machine that never re-reads text. A
// region (marker + payload) is atomic: when it succeeds its calls end with status ok/repaired;
// when it fails its text returns to content at its place with a diagnostic, and its calls end
// with status invalid (or truncated at the end of the text). One-shot parsing is this engine
// fed one chunk, so the two modes cannot drift apart.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <unordered_set>
#include <vector>

#include "../choice.hpp"
#include "../options.hpp"
#include "../types.hpp"
#include "engine_core.hpp"
#include "../format.hpp"
#include "choice.hpp"
#include "claims.hpp"
#include "custom.hpp"
#include "format_def.hpp"
#include "handlers.hpp"
#include "json.hpp"
#include "output.hpp"
#include "prose.hpp"
#include "scanner.hpp"
#include "utf8.hpp"

/// With TOOLCALL_CHECKED=1 (the sanitizer build) simdjson re-validates every call's arguments
/// as JSON before its call_end. Otherwise the transcoders' output, JSON by construction, is
/// checked to be an object and valid UTF-8 (simdjson's validate_utf8, a fast pass). Set it the
/// same way in every TU.
#ifndef TOOLCALL_CHECKED
#define TOOLCALL_CHECKED 0
#endif

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class engine final : public engine_services {
 public:
  engine(const parser_registry& reg, const options& opt)
      : opt_(opt), formats_(reg.formats()), prompt_opens_reasoning_(reg.prompt_opens_reasoning()) {
    claims_.make_handlers(formats_);
    build_claims();
    build_tables();
    reset();
  }
  engine(const engine&) = delete;
  engine& operator=(const engine&) = delete;

  /// New options; the id counter restarts, so a seed gives the same ids again.
  void set_options(const options& o) {
    const bool rebuild = o.reasoning != opt_.reasoning || o.calls_in_reasoning != opt_.calls_in_reasoning;
    opt_ = o;
    responses_ = 0;
    used_ = false;
    if (rebuild) build_tables();
  }
  /// Installs the per-stream call filter (the normalizer's state), or none.
  void set_filter(std::unique_ptr<call_filter> f) {
    filter_ = std::move(f);
    filter_spent_ = false;  // attached for the response being parsed or the next one
    tools_dropped_ = false;
    std::vector<std::string> names = filter_ ? filter_->tool_names() : std::vector<std::string>{};
    if (names == tool_names_) return;
    tool_names_ = std::move(names);
    if (mode_ == mode_region) {
      claims_stale_ = true;  // never mid-region: the new openers apply from reset()
      return;
    }
    build_claims();
    build_tables();
  }
  const options& opts() const noexcept { return opt_; }

  /// The request's tool_choice and parallel_tool_calls, for the current response only: the
  /// first reset() after a write or finish drops it (../choice.hpp).
  void set_choice(const tool_choice& c) {
    const bool bare = choice_.expects_call() || c.expects_call();
    const bool rebuild = bare && (choice_.mode != c.mode || choice_.function != c.function);
    choice_ = c;
    choice_spent_ = false;
    if (!rebuild) return;
    if (mode_ == mode_region) {
      claims_stale_ = true;
      return;
    }
    build_claims();
    build_tables();
  }

  /// `keep_request`: the request's filter and tool_choice serve the next response too.
  void reset(bool keep_request = false) {
    if (keep_request) choice_spent_ = filter_spent_ = false;
    if (filter_spent_ && filter_) {  // a request's tools never reach the next one
      filter_.reset();
      tools_dropped_ = true;  // their openers go at the first write, unless the same tools come back
    }
    filter_spent_ = false;
    if (choice_spent_ && !choice_.is_default()) {
      const bool rebuild = choice_.expects_call();
      choice_ = tool_choice{};
      claims_stale_ |= rebuild;
    }
    choice_spent_ = false;
    if (claims_stale_) {
      claims_stale_ = false;
      build_claims();
      build_tables();
    }
    carry_.clear();
    carry_is_hold_ = false;
    carry_abs_ = 0;
    total_in_ = 0;
    mode_ = initial_mode();
    rpair_ = 0;
    if (mode_ == mode_reasoning) reasoning_open_event_ = true;
    at_start_ = true;
    after_call_ = closer_pending_ = false;
    code_.reset();
    last_closer_.clear();
    held_marker_ = {};
    held_ws_.clear();
    last_byte_ = '\n';
    pending_.clear();
    region_buf_.clear();
    rv_ = nullptr;
    rv_len_ = 0;
    in_data_ = false;
    region_calls_.clear();
    next_index_ = 0;
    calls_started_ = 0;
    calls_limit_reported_ = false;
    h_ = nullptr;
    passthrough_ = false;
    spent_ = std::chrono::steady_clock::duration::zero();
    last_sample_ = std::chrono::steady_clock::duration::zero();
    since_check_ = 0;
    examined_ = 0;
    accounted_ = 0;
    // seeded ids are deterministic yet differ from one response to the next
    if (used_) ++responses_;
    used_ = false;
    out_.reset(opt_.seed ? opt_.seed ^ (0x9E3779B97F4A7C15ull * responses_) : fresh_id_seed());
    claim_ = nullptr;
    writes_ = 0;
    finished_ = false;
  }

  void write(std::string_view data, event_sink sink) {
    out_.set_sink(sink);
    used_ = true;
    if (tools_dropped_) drop_tool_names();
    choice_spent_ = filter_spent_ = true;
    if (finished_) return;
    if (reasoning_open_event_) {
      reasoning_open_event_ = false;
      out_.reasoning_marker();
    }
    // The time budget counts the time spent inside write()/finish() over the whole response,
    // not the model's own pace. A clock read costs about as much as parsing a token, so writes
    // under 256 bytes are timed one in 32: the timed write counts once, and the 31
    // others count as the lesser of this sample and the previous one, so a write that the OS
    // preempted is not multiplied by 32 (a loaded machine must not trip the budget).
    const bool small = data.size() < 256;
    timing_ = opt_.time_budget.count() > 0 && (!small || (++writes_ & 31u) == 0);
    if (timing_) t0_ = std::chrono::steady_clock::now();
    // input limit: the part over it is content, unparsed
    if (!passthrough_ && total_in_ + data.size() > opt_.max_input_bytes) {
      const std::size_t ok = opt_.max_input_bytes > total_in_ ? opt_.max_input_bytes - total_in_ : 0;
      drive(data.substr(0, ok), false);
      diag(errc::limit_input_bytes, total_in_, "input longer than max_input_bytes; the rest is content",
           severity::error);
      enter_passthrough();
      data.remove_prefix(ok);
    }
    if (passthrough_) {
      passthrough_text(data);
      total_in_ += data.size();
      return;
    }
    if (small && data.size() <= 32 && mode_ == mode_text && carry_.empty() && held_marker_.empty() &&
        !closer_pending_ && tab().plain(data, at_start_)) {
      // a token of plain text: what drive() and process() would do with it, without their
      // bookkeeping (the same events, the same state)
      total_in_ += data.size();
      examined_ += data.size();
      text_out(data);
      check_deadline(data.size());
      if (timing_) charge(small);
      return;
    }
    if (small && mode_ == mode_region && carry_.empty() && !region_committed_ && !rv_ &&
        region_len_ + data.size() <= opt_.max_call_bytes) {
      // a token inside an open region: the handler gets it straight, without drive()'s
      // bookkeeping; what follows the handler's step is what process() does with it
      region_token(data);
      if (timing_) charge(small);
      return;
    }
    drive(data, false);
    if (timing_) charge(small);
  }

  /// write() of a small piece while a region is open and nothing is carried: drive(), with
  /// the first step of process() taken here.
  void region_token(std::string_view data) {
    const std::size_t abs = total_in_, n = data.size();
    total_in_ += n;
    write_ptr_ = data.data();
    write_abs_ = abs;
    write_len_ = n;
    in_data_ = true;
    chunk_abs0_ = chunk_abs_ = abs;
    chunk_len_ = n;
    const step s = h_->feed(*this, data);
    if (s.st == step::more && s.consumed == n && !region_committed_) {
      // the usual case: the whole token is the region's
      examined_ += n;
      region_buf_.append(data.data(), n);
      region_len_ += n;
      write_ptr_ = nullptr;
      in_data_ = false;
      check_deadline(n);
      return;
    }
    std::size_t i = 0;
    std::size_t k = region_fed(s, data, i, abs) ? i : process(data, abs, false, i);
    check_deadline(k);
    drive_from(data, false, abs, k);
    write_ptr_ = nullptr;
    in_data_ = false;
    keep_region_view();
  }

  /// Adds the time since t0_ to the budget (a sampled small write also stands for the 31
  /// untimed ones); over it, the rest is content.
  void charge(bool sampled = false) {
    const auto now = std::chrono::steady_clock::now();
    const auto d = now - t0_;
    spent_ += d;
    if (sampled) {
      spent_ += 31 * std::min(d, last_sample_);
      last_sample_ = d;
    }
    t0_ = now;
    if (spent_ > opt_.time_budget && !passthrough_) {
      diag(errc::limit_time, total_in_, "time budget spent; the rest is content", severity::error);
      enter_passthrough();
    }
  }

  /// `token_limit_hit`: the response stopped at the token limit (finish_info).
  message finish(event_sink sink, bool token_limit_hit = false) {
    out_.set_sink(sink);
    used_ = true;
    if (tools_dropped_) drop_tool_names();
    choice_spent_ = filter_spent_ = true;
    if (finished_) return message{};
    timing_ = opt_.time_budget.count() > 0;
    t0_ = std::chrono::steady_clock::now();
    if (reasoning_open_event_) {
      reasoning_open_event_ = false;
      out_.reasoning_marker();
    }
    if (!passthrough_) {
      drive({}, true);
      while (mode_ == mode_region && !passthrough_) {
        chunk_abs_ = total_in_;
        const step s = h_->finish(*this);
        if (s.st == step::done) {
          std::string t = std::move(h_->tail);
          h_->tail.clear();
          succeed_region(total_in_ - t.size());
          if (!carry_.empty() || !t.empty()) {
            carry_ += t;
            carry_abs_ = total_in_ - carry_.size();
            drive({}, true);
          }
        } else {
          fail_abs_ = total_in_;
          fail_region(total_in_, true);
          if (!carry_.empty()) drive({}, true);
        }
      }
    } else if (!carry_.empty()) {
      passthrough_text(carry_);
      carry_.clear();
    }
    if (!held_marker_.empty()) drop_held_marker();  // the end of the output: a marker
    if (mode_ == mode_pending) flush_pending_as_content();
    out_.end_text(total_in_);
    finished_ = true;
    message& msg = out_.finishing();
    bool runnable = false;
    for (const auto& c : msg.calls) runnable |= c.status != call_status::truncated;
    if (!runnable && choice_.expects_call())
      diag(errc::tool_choice, total_in_,
           choice_.mode == tool_choice_mode::function
               ? "tool_choice names " + choice_.function + " but the answer holds no call to it"
               : std::string("tool_choice is required but the answer holds no call"),
           severity::warning);
    if (runnable) msg.finish = finish_reason::tool_calls;
    else if (opt_.token_limit_hit || token_limit_hit) msg.finish = finish_reason::length;
    else msg.finish = finish_reason::stop;
    return out_.hand_out();
  }

  /// Takes the buffers of a message this engine returned, for the next responses.
  void recycle(message&& m) { out_.recycle(std::move(m)); }
  /// One-shot callers know the size (message_out::reserve_content).
  void reserve_content(std::size_t n) { out_.reserve_content(n); }

  /// Input bytes accounted for so far: released as text (content, reasoning, held undecided
  /// text), recognised markers, and regions that became calls. At finish() it equals the input
  /// size: nothing is dropped (the nothing-lost test).
  std::size_t bytes_accounted() const noexcept { return accounted_; }

  /// Bytes the engine examined (for the linear-work tests): every input byte once, plus the
  /// bounded re-reads of carried bytes.
  std::size_t bytes_examined() const noexcept { return examined_; }

  // --- engine_services ---
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t) override {
    // undecided text before a call is content, and it goes out before the call (event order)
    if (mode_before_region_ == mode_pending) {
      flush_pending_as_content();
      mode_before_region_ = mode_text;
    }
    pending_call pc;
    // max_calls holds inside a region too (a list of calls): the calls past it are dropped
    std::size_t announced = 0;
    for (const auto& q : region_calls_) announced += q.verdict != filter_verdict::drop;
    const bool over = calls_started_ + announced >= opt_.max_calls;
    if (over) {
      pc.verdict = filter_verdict::drop;
      if (!calls_limit_reported_) {
        calls_limit_reported_ = true;
        diag(errc::limit_calls, chunk_abs_, "max_calls reached; the later calls of this list are dropped",
             severity::error);
      }
    }
    pc.index = over ? std::size_t(-1) : next_index_++;
    pc.limited = over;
    out_.lend_args_buffer(pc.c.arguments);  // a buffer of a message given back with recycle()
    pc.c.name.assign(name.data(), name.size());
    if (filter_ && !over) {
      pc.verdict = filter_->begin(pc.c.name, format, traits_of(format));
      take_filter_notes();
    }
    if (!choice_.is_default() && pc.verdict != filter_verdict::drop && (pc.refused = choice_refuses(pc.c.name)))
      pc.verdict = filter_verdict::drop;  // not announced; the region's end decides what it becomes
    pc.c.id = out_.call_id(id);
    pc.c.format.assign(format.data(), format.size());
    pc.c.begin = region_abs_;
    region_calls_.push_back(std::move(pc));
    const pending_call& p = region_calls_.back();
    if (p.announced()) out_.call_begin(p);  // the normalizer's drop policy: never announced
  }
  bool call_open() const override { return !region_calls_.empty() && !region_calls_.back().complete; }
  void examined(std::size_t n) override { examined_ += n; }
  void call_args(std::string_view text) override {
    if (region_calls_.empty() || text.empty()) return;
    examined_ += text.size();  // the arguments' one copy, into the call's buffer
    if (filter_ && !region_calls_.back().limited) {
      // the normalizer reads the transcoder's output (its one pass, counted above with the
      // copy it makes) and appends straight to the call's buffer
      examined_ += text.size();
      std::string& a = region_calls_.back().c.arguments;
      const std::size_t before = a.size();
      filter_->feed(text, a);
      if (a.size() != before) args_appended();
      return;
    }
    region_calls_.back().c.arguments += text;
    args_appended();
  }
  std::string* args_buffer(bool from_raw_text) override {
    if (filter_ || region_calls_.empty() || region_calls_.back().complete || region_calls_.back().limited) return nullptr;
    pending_call& p = region_calls_.back();
    std::string& a = p.c.arguments;
    // one allocation for the whole arguments: they are about as long as their text, which is
    // at most the rest of this write (and of the call-size limit); end_call gives back what
    // was not used
    if (a.empty()) {
      const std::size_t end = in_data_ ? total_in_ : chunk_abs0_ + chunk_len_;  // this write's end
      const std::size_t rest = end > chunk_abs_ ? end - chunk_abs_ : 0;
      const std::size_t room = opt_.max_call_bytes + 1 > region_len_ ? opt_.max_call_bytes + 1 - region_len_ : 0;
      std::size_t want = std::min(rest, room);
      if (from_raw_text) want += want / 4;  // quotes, newlines and tabs gain a backslash
      want = std::max<std::size_t>(240, want);
      if (a.capacity() < want) {
        a.reserve(want);
        p.reserved = true;
      }
    }
    return &a;
  }
  void args_appended() override {
    if (!region_calls_.empty()) out_.args_delta(region_calls_.back());
  }
  void end_call(std::size_t, bool repaired) override {
    if (region_calls_.empty()) return;
    if (filter_ && !region_calls_.back().limited) {
      std::string& a = region_calls_.back().c.arguments;
      const std::size_t before = a.size();
      filter_->finish(a);
      if (a.size() != before) args_appended();
      region_calls_.back().normalized = filter_->changed();
      take_filter_notes();
    }
    if (region_calls_.back().reserved) message_out::give_back_room(region_calls_.back().c.arguments);
    region_calls_.back().complete = true;
    region_calls_.back().repaired = repaired;
  }
  bool abandon_call() override {
    if (region_calls_.empty() || region_calls_.back().complete) return false;
    pending_call& p = region_calls_.back();
    if (p.verdict != filter_verdict::drop) {
      // announced: its deltas still concatenate to what it holds, and it ends invalid (its
      // index is not reused: a client has seen it)
      out_.flush_args(p);
      out_.call_end(p, call_status::invalid);
    }
    if (p.reserved) message_out::give_back_room(p.c.arguments);
    region_calls_.pop_back();
    return true;
  }
  void region_content(std::string_view text) override {
    bool complete = !region_calls_.empty();
    for (const auto& p : region_calls_) complete &= p.complete;
    if (complete) {
      // text after the region's calls (a stray bracket before the closer) follows their
      // call_end: it is held until the region succeeds, and returns with it if it fails
      deferred_.append(text.data(), text.size());
      return;
    }
    commit();
    content_text(text);
  }
  void region_reasoning(std::string_view text) override {
    commit();
    out_.reasoning_marker();
    out_.reasoning(text);
  }
  void commit() override {
    region_buf_.clear();
    rv_ = nullptr;
    rv_len_ = 0;
    region_committed_ = true;
    if (mode_before_region_ == mode_pending) {
      flush_pending_as_content();
      mode_before_region_ = mode_text;
    }
  }
  void diag(errc code, std::size_t abs, std::string m, severity level) override {
    out_.diag(code, abs, std::move(m), level);
  }
  std::size_t chunk_abs() const override { return chunk_abs_; }
  std::size_t region_abs() const override { return region_abs_; }
  value_kind param_kind(std::string_view key) const override {
    return filter_ ? filter_->param_kind(key) : value_kind::unknown;
  }
  bool guess_json_values() const override { return opt_.xml_values_as_json; }
  bool tool_declared(std::string_view name) const override {
    if (tool_names_.empty()) return true;
    for (const auto& t : tool_names_)
      if (t == name) return true;
    return false;
  }
  std::size_t max_depth() const override { return opt_.max_depth; }
  void set_failure(errc code, std::size_t abs, std::string m, severity level) override {
    fail_code_ = code;
    fail_abs_ = abs;
    fail_msg_ = std::move(m);
    fail_level_ = level;
  }

 private:
  enum mode : std::uint8_t { mode_text, mode_pending, mode_reasoning, mode_region };

  /// Why the request's tool_choice refuses a call named `name` here, or nullptr.
  const char* choice_refuses(const std::string& name) const {
    if (choice_.mode == tool_choice_mode::none) return "tool_choice is none: the call stays content";
    if (choice_.mode == tool_choice_mode::function && name != choice_.function)
      return "tool_choice names another function: the call stays content";
    if (!choice_.parallel_tool_calls && !choice_.keep_extra_calls) {
      std::size_t kept = calls_started_;
      for (const auto& p : region_calls_) kept += p.verdict != filter_verdict::drop;
      if (kept > 0) return "parallel_tool_calls is false: a call after the first stays content";
    }
    return nullptr;
  }

  /// At a region's success: calls the tool_choice refused. A region with no other call goes
  /// back to content (with a warning); next to a kept call they are left out, each with a
  /// warning. With keep_extra_calls, a call after the first is kept with a warning.
  bool refuse_calls(std::size_t end_abs) {
    if (choice_.is_default()) return false;
    bool kept = false;
    const char* why = nullptr;
    for (const auto& p : region_calls_) {
      if (p.refused && !why) why = p.refused;
      kept |= p.verdict != filter_verdict::drop;
    }
    if (!choice_.parallel_tool_calls && choice_.keep_extra_calls) {
      std::size_t before = calls_started_;
      for (const auto& p : region_calls_) {
        if (p.verdict == filter_verdict::drop) continue;
        if (before++ > 0)
          diag(errc::tool_choice, region_abs_, "parallel_tool_calls is false: call " + p.c.name + " after the first is kept",
               severity::warning);
      }
    }
    if (!why) return false;
    if (!kept) {
      set_failure(errc::tool_choice, region_abs_, why, severity::warning);
      fail_region(end_abs, false, true);
      return true;
    }
    for (const auto& p : region_calls_)
      if (p.refused)
        diag(errc::tool_choice, region_abs_, std::string(p.refused) + " (" + p.c.name + ", left out)", severity::warning);
    return false;
  }

  mode initial_mode() const {
    if (claims_.pairs().empty()) return mode_text;
    switch (opt_.reasoning) {
      case reasoning_start::open: return mode_reasoning;
      case reasoning_start::detect: return mode_pending;
      case reasoning_start::preset: return prompt_opens_reasoning_ ? mode_reasoning : mode_text;
      case reasoning_start::closed:
      case reasoning_start::none: break;
    }
    return mode_text;
  }

  /// The claims and the scanner's tables, from the formats, the request's tools and its
  /// tool_choice.
  void build_claims() { claims_.build(formats_, tool_names_, choice_); }
  void build_tables() {
    static const std::vector<reasoning_def> no_pairs;
    scan_.build(claims_.claims(), claims_.markers(), opt_.reasoning != reasoning_start::none ? claims_.pairs() : no_pairs,
                opt_.calls_in_reasoning == reasoning_calls::end_reasoning);
  }

  /// The scanner's table for the current mode.
  const trigger_table& tab() const {
    switch (mode_) {
      case mode_pending: return scan_.table(1);
      case mode_reasoning: return scan_.table(2 + rpair_);
      default: return scan_.table(0);
    }
  }
  /// Where the released text stands, for the triggers' conditions.
  scan_state here() const noexcept { return scan_state{at_start_, last_byte_, out_.reasoning_started()}; }

  /// What the format named `format` says about itself (values as text, model ids).
  format_traits traits_of(std::string_view format) const {
    for (const auto& f : formats_)
      if (f.name() == format) return detail::def_of(f).traits;
    return {};
  }

  // ---- the driver: carried bytes (a held marker prefix, a handler's tail) come first ----
  /// Processes `data`. A region that starts in `data` is kept as a view of it (one-shot parsing
  /// keeps no second copy of a call); what is left of the view when `data` goes is copied.
  void drive(std::string_view data, bool final) {
    write_ptr_ = data.data();
    write_abs_ = total_in_;
    write_len_ = data.size();
    drive_chunks(data, final);
    write_ptr_ = nullptr;
    in_data_ = false;
    keep_region_view();
  }
  void drive_chunks(std::string_view data, bool final) {
    const std::size_t base = total_in_;
    total_in_ += data.size();
    drive_from(data, final, base, 0);
  }
  /// drive_chunks from data[pos] (total_in_ already counts `data`, which starts at `base`).
  void drive_from(std::string_view data, bool final, std::size_t base, std::size_t pos) {
    for (;;) {
      if (passthrough_) {
        if (!carry_.empty()) {
          std::string c = std::move(carry_);
          carry_.clear();
          passthrough_text(c);
        }
        passthrough_text(data.substr(pos));
        return;
      }
      if (!carry_.empty()) {
        // a held marker prefix waits for more bytes; bytes to re-scan are processed at once
        if (pos == data.size() && !final && carry_is_hold_) return;
        // A held marker prefix needs the next bytes (at most a marker's length) to resolve. A
        // handler's tail or a failed region's bytes to re-scan are processed alone: copying the
        // rest of the chunk after them at every region would cost a constant factor of ~25.
        const std::size_t need = scan_.max_marker() > carry_.size() ? scan_.max_marker() - carry_.size() : 1;
        const std::size_t w = carry_is_hold_ ? std::min<std::size_t>(data.size() - pos, need) : 0;
        std::string buf;
        buf.swap(carry_);
        carry_is_hold_ = false;
        const std::size_t babs = carry_abs_;
        buf.append(data.data() + pos, w);
        pos += w;
        const bool fin = final && pos == data.size();
        examined_ += buf.size();  // carried bytes are examined again: count the copy
        // a handler's tail given back from this very write is read in place, so a region that
        // goes on through it stays a view of the caller's text
        const bool in_place = babs >= base && babs - base + buf.size() <= pos &&
                              std::memcmp(buf.data(), data.data() + (babs - base), buf.size()) == 0;
        in_data_ = in_place;
        const std::size_t k = process(in_place ? sub(data, babs - base, buf.size()) : std::string_view(buf), babs, fin);
        if (k < buf.size()) {
          // a tail was set: it comes before the unprocessed rest of buf
          carry_.append(buf, k, std::string::npos);
        }
        if (carry_.empty() && pos == data.size()) return;
        continue;
      }
      if (pos == data.size()) return;
      const std::size_t slice = std::min<std::size_t>(data.size() - pos, 65536);
      const bool fin = final && pos + slice == data.size();
      in_data_ = true;
      const std::size_t k = process(sub(data, pos, slice), base + pos, fin);
      pos += k;
      check_deadline(k);
    }
  }

  /// The region's bytes that are still a view of the caller's text are copied.
  void keep_region_view() {
    if (!rv_) return;
    region_buf_.append(rv_, rv_len_);
    rv_ = nullptr;
    rv_len_ = 0;
  }

  void check_deadline(std::size_t n) {
    since_check_ += n;
    if (since_check_ < 4096 || !timing_) return;
    since_check_ = 0;
    charge();
  }

  void enter_passthrough() {
    if (mode_ == mode_region) fail_region(total_in_, false, true);
    if (mode_ == mode_pending) flush_pending_as_content();
    mode_ = mode_text;
    passthrough_ = true;
    if (!carry_.empty()) {
      std::string c = std::move(carry_);
      carry_.clear();
      passthrough_text(c);
    }
  }

  void passthrough_text(std::string_view s) {
    examined_ += s.size();
    accounted_ += s.size();
    content_text(s);
  }

  /// The handler took step `s` of chunk[i..]: the region's bytes are kept, and its success,
  /// failure or limit is applied; `i` moves past what it consumed. True when process() must
  /// return `i` (a tail or a re-scan was put in carry_).
  bool region_fed(const step& s, std::string_view chunk, std::size_t& i, std::size_t abs) {
    examined_ += s.consumed;
    if (!region_committed_) {
      // after a commit (harmony text channels) the bytes are already content or reasoning
      if (rv_ && in_data_ && rv_ + rv_len_ == chunk.data() + i) {
        rv_len_ += s.consumed;
      } else {
        keep_region_view();
        region_buf_.append(chunk.data() + i, s.consumed);
      }
      region_len_ += s.consumed;
    }
    if (region_len_ > opt_.max_call_bytes) {
      set_failure(errc::limit_call_bytes, abs + i + s.consumed, "call larger than max_call_bytes", severity::error);
      i += s.consumed;
      fail_region(abs + i, false, true);
      return !carry_.empty();
    }
    i += s.consumed;
    if (s.st == step::more) return false;
    if (s.st == step::done) {
      std::string t = std::move(h_->tail);
      h_->tail.clear();
      succeed_region(abs + i - t.size());
      if (!carry_.empty() || !t.empty()) {
        // a region that failed validation may have put its text back for a re-scan: the
        // handler's tail comes after it, then the rest of the chunk
        carry_ += t;
        carry_abs_ = abs + i - carry_.size();
        return true;
      }
      return false;
    }
    // the failure is reported where the region stopped: exact, whatever the chunking
    fail_abs_ = abs + i;
    fail_region(abs + i, false);
    return !carry_.empty();
  }

  /// Processes `chunk` (absolute offset `abs`) from chunk[i0]. Returns bytes consumed; when it
  /// stops early, a handler's tail was put in carry_ and must be processed before chunk[ret..].
  std::size_t process(std::string_view chunk, std::size_t abs, bool final, std::size_t i0 = 0) {
    std::size_t i = i0;
    const std::size_t n = chunk.size();
    chunk_abs0_ = abs;
    chunk_len_ = n;
    while (i < n) {
      if (passthrough_) {
        passthrough_text(chunk.substr(i));
        return n;
      }
      if (mode_ == mode_region) {
        chunk_abs_ = abs + i;
        // never feed past the call-size limit, so the limit trips at the same byte whatever the
        // chunking
        std::string_view part = sub(chunk, i);
        if (!region_committed_ && region_len_ + part.size() > opt_.max_call_bytes + 1)
          part = part.substr(0, opt_.max_call_bytes + 1 - std::min(region_len_, opt_.max_call_bytes));
        const step s = h_->feed(*this, part);
        if (region_fed(s, chunk, i, abs)) return i;
        continue;
      }
      if (!held_marker_.empty()) {
        if (mode_ != mode_text && mode_ != mode_pending) {
          drop_held_marker();
        } else {
          std::size_t j = i;
          while (j < n && is_json_ws(static_cast<unsigned char>(chunk[j])) && held_ws_.size() < 256) ++j;
          held_ws_.append(chunk.data() + i, j - i);
          examined_ += j - i;
          if (j == n) return n;  // only whitespace so far: the next bytes decide
          const unsigned char c = static_cast<unsigned char>(chunk[j]);
          if (held_ws_.size() < 256 && tab().later[c]) {
            drop_held_marker();  // a call or a marker follows
          } else {
            std::string t(held_marker_);
            held_marker_ = {};
            t += held_ws_;
            held_ws_.clear();
            text_out(t);
          }
          i = j;
          continue;
        }
      }
      if (closer_pending_ && mode_ == mode_text) {
        bool held = false;
        const std::size_t k = take_repeated_closer(chunk, i, abs, final, held);
        if (held) return n;
        if (k != i) {
          i = k;
          continue;
        }
      }
      // text-like modes: find where the next trigger starts, by its anchor byte; the text before
      // it goes out in one piece
      if (n - i <= 32) {
        // a token-sized piece with no byte that can start a trigger is text as a whole
        if (tab().plain(sub(chunk, i), at_start_)) {
          examined_ += n - i;
          text_out(sub(chunk, i));
          return n;
        }
      }
      const std::size_t s = scanner::next_trigger(tab(), chunk, i, here());
      if (s == n) {
        // no trigger in the chunk: hold back only a tail that may still become one
        const std::size_t hold = final ? n : scan_.partial_tail(tab(), chunk, i, here());
        if (hold > i) {
          examined_ += hold - i;
          text_out(sub(chunk, i, hold - i));
        }
        if (hold < n) {
          carry_.assign(chunk.data() + hold, n - hold);
          carry_is_hold_ = true;
          carry_abs_ = abs + hold;
          examined_ += n - hold;
        }
        return n;
      }
      if (!final && n - s < scan_.max_marker()) {
        // a trigger near the end: an earlier prefix of a longer marker (`<channe` + `l`) may
        // still grow over it, and then the earlier one wins, as it would in one piece
        const std::size_t p = scan_.partial_tail(tab(), chunk, i, here());
        if (p < s) {
          examined_ += n - i;
          text_out(sub(chunk, i, p - i));
          carry_.assign(chunk.data() + p, n - p);
          carry_is_hold_ = true;
          carry_abs_ = abs + p;
          return n;
        }
      }
      if (s > i) {
        examined_ += s - i;
        text_out(sub(chunk, i, s - i));
        i = s;
      }
      // a trigger starts at i: the longest one that matches, unless a longer one may still come
      bool partial = false;
      const std::string_view rest = sub(chunk, i);
      const trigger* hit = scanner::match(tab(), rest, here(), partial);
      if (partial && !final) {
        // could still become a (longer) marker: hold the suffix
        carry_.assign(rest.data(), rest.size());
        carry_is_hold_ = true;
        carry_abs_ = abs + i;
        examined_ += rest.size();
        return n;
      }
      if (!hit) {
        examined_ += 1;
        text_out(sub(chunk, i, 1));
        ++i;
        continue;
      }
      examined_ += hit->text.size();
      i += hit->text.size();
      apply(*hit, abs + i - hit->text.size());
    }
    return n;
  }

  void apply(const trigger& t, std::size_t at) {
    const bool text_mode = mode_ == mode_text || mode_ == mode_pending;
    if ((t.action == trig_action::region || t.action == trig_action::drop) && text_mode && code_.in_code()) {
      text_out(t.text);  // an example in code (a fence trigger there closes the code fence)
      return;
    }
    if (t.action != trig_action::region) accounted_ += t.text.size();  // a recognised marker
    switch (t.action) {
      case trig_action::drop:
        if (text_mode && !after_call_ && !at_start_) {
          // in running text an end-of-turn token is a marker only where the turn ends: before
          // the end of the output or a call; in code or prose it stays as written
          accounted_ -= t.text.size();
          held_marker_ = t.text;
          held_ws_.clear();
        }
        return;
      case trig_action::stray_closer:
        diag(errc::marker_in_text, at, "a reasoning closer outside reasoning was dropped", severity::note);
        return;
      case trig_action::think_open:
        if (mode_ == mode_pending) pending_.clear();  // only whitespace was pending
        mode_ = mode_reasoning;
        rpair_ = t.pair;
        out_.reasoning_marker();
        return;
      case trig_action::think_close:
        if (mode_ == mode_pending) {
          out_.reasoning_marker();
          out_.reasoning(pending_);
          pending_.clear();
        }
        out_.end_reasoning();
        mode_ = mode_text;
        at_start_ = true;
        last_byte_ = '\n';
        return;
      case trig_action::region:
        break;
    }
    if (calls_started_ >= opt_.max_calls) {
      if (!calls_limit_reported_) {
        calls_limit_reported_ = true;
        diag(errc::limit_calls, at, "max_calls reached; later calls stay content", severity::error);
      }
      text_out(t.text);
      return;
    }
    if (mode_ == mode_reasoning) mode_ = mode_text;  // calls_in_reasoning == end_reasoning
    mode_before_region_ = mode_;
    claim_ = &t;
    best_fail_.code = errc::ok;
    best_fail_.set = false;
    start_claim(0, at);
  }

  /// The region at `at` (its marker already consumed) goes to claimant k of the opener's chain.
  void start_claim(std::size_t k, std::size_t at) {
    const trigger& t = *claim_;
    claim_idx_ = k;
    mode_ = mode_region;
    h_ = t.chain[k].h;
    region_abs_ = at;
    rv_ = nullptr;
    rv_len_ = 0;
    if (write_ptr_ && at >= write_abs_ && at - write_abs_ + t.text.size() <= write_len_) {
      // the marker lies in the caller's text (this write): the region is a view of it
      region_buf_.clear();
      rv_ = write_ptr_ + (at - write_abs_);
      rv_len_ = t.text.size();
    } else {
      region_buf_.assign(t.text.data(), t.text.size());
    }
    region_marker_len_ = t.text.size();
    region_len_ = t.text.size();
    region_committed_ = false;
    region_calls_.clear();
    fail_code_ = errc::invalid_call;
    fail_abs_ = at;
    fail_msg_ = "invalid call";
    fail_level_ = severity::error;
    chunk_abs_ = at + t.text.size();
    h_->begin(*this, t.text, t.chain[k].variant);
  }

  /// The failure worth reporting when every claimant fails: the most severe, then the one that
  /// read furthest. Does failure a (its level, how far it read) beat failure b?
  static bool worse_failure(severity a, std::size_t a_reach, severity b, std::size_t b_reach) noexcept {
    const auto rank = [](severity l) { return l == severity::error ? 2 : l == severity::warning ? 1 : 0; };
    return rank(a) > rank(b) || (rank(a) == rank(b) && a_reach > b_reach);
  }

  /// A claimant failed and the next one in the chain gets the region's bytes again (bounded:
  /// a region is read at most once per claimant). The failure that got furthest is kept for
  /// the diagnostic in case every claimant fails.
  bool try_next_claimant(std::size_t at, bool at_end) {
    if (!claim_ || region_committed_ || claim_idx_ + 1 >= claim_->chain.size()) return false;
    if (!best_fail_.set || worse_failure(fail_level_, at, best_fail_.level, best_fail_.reach)) {
      best_fail_.set = true;
      best_fail_.reach = at;
      best_fail_.code = fail_code_;
      best_fail_.abs = fail_abs_;
      best_fail_.msg = fail_msg_;
      best_fail_.level = fail_level_;
    }
    end_failed_calls(at, at_end);
    deferred_.clear();
    // the bytes after the marker are read again by the next claimant, then the rest
    keep_region_view();
    carry_region_after_marker(at);
    start_claim(claim_idx_ + 1, region_abs_);
    return true;
  }

  void succeed_region(std::size_t end_abs) {
    // every call's arguments must be an object before any call_end
    for (auto& p : region_calls_) {
      if (!p.complete) continue;
      examined_ += p.c.arguments.size();  // the check below is one more pass
#if TOOLCALL_CHECKED
      const bool object = validator_.check_allow_big_numbers(p.c.arguments) == json_validator::kind::object;
#else
      std::string_view a = p.c.arguments;
      while (!a.empty() && is_json_ws(static_cast<unsigned char>(a.front()))) a.remove_prefix(1);
      a = rtrim_ws(a);
      const bool object = a.size() >= 2 && a.front() == '{' && a.back() == '}' && utf8_valid(a);
#endif
      if (!object) {
        set_failure(errc::invalid_arguments, region_abs_, "arguments failed validation", severity::error);
        // bytes past end_abs are the handler's tail: the caller re-scans them
        keep_region_view();
        if (!region_committed_ && region_buf_.size() > end_abs - region_abs_) region_buf_.truncate(end_abs - region_abs_);
        fail_region(end_abs, false);
        return;
      }
    }
    bool any_incomplete = false;
    for (auto& p : region_calls_) any_incomplete |= !p.complete;
    for (auto& p : region_calls_) {
      if (p.verdict == filter_verdict::reject) {
        set_failure(errc::unknown_tool, region_abs_, "unknown tool: " + p.c.name, severity::error);
        fail_region(end_abs, false, true);
        return;
      }
    }
    if (any_incomplete) {
      set_failure(errc::unterminated_call, end_abs, "a call was not completed", severity::error);
      fail_region(end_abs, true);
      return;
    }
    if (refuse_calls(end_abs)) return;
    accounted_ += end_abs - region_abs_;  // the region: calls and their markup
    const bool had_calls = !region_calls_.empty();
    {
      // the region's closing token: a model that writes it twice ends with a recognised marker
      const std::string_view rt = rv_ ? std::string_view(rv_, rv_len_) : std::string_view(region_buf_);
      last_closer_.assign(closing_token(rt.substr(0, std::min(rt.size(), end_abs - region_abs_))));
      closer_pending_ = !last_closer_.empty();
      after_call_ = had_calls;
    }
    if (had_calls && mode_before_region_ == mode_pending) flush_pending_as_content();
    for (auto& p : region_calls_) {
      out_.flush_args(p);
      p.c.end = end_abs;
      p.c.status = p.repaired ? call_status::repaired : call_status::ok;
      if (p.normalized) p.c.status = call_status::normalized;
      if (p.verdict == filter_verdict::unknown_forward) p.c.status = call_status::unknown_tool;
      if (p.verdict == filter_verdict::drop) continue;
      ++calls_started_;
      out_.call_end(p, p.c.status);
      out_.keep(std::move(p.c));
    }
    region_calls_.clear();
    region_buf_.clear();
    rv_ = nullptr;
    rv_len_ = 0;
    if (!deferred_.empty()) {
      content_text(deferred_);
      deferred_.clear();
    }
    claim_ = nullptr;
    best_fail_.set = false;
    mode_ = had_calls ? mode_text : (mode_before_region_ == mode_pending ? mode_pending : mode_text);
    if (mode_before_region_ == mode_reasoning) mode_ = mode_text;
    // a call keeps the output at its start (trig_cond::start): whitespace, then another call
    // written the same way (Llama 3's `{...}\n{...}`, as vLLM reads it) or a reasoning block
    h_ = nullptr;
  }

  /// The region failed: its calls end invalid (truncated at the end of the text), and its text
  /// goes back to content at its place. A region that failed close to its marker is re-scanned
  /// after the marker (bounded: at most 64 bytes per region), so a marker in prose followed by
  /// a real call loses nothing.
  void fail_region(std::size_t at, bool at_end, bool no_rescan = false) {
    if (!no_rescan && try_next_claimant(at, at_end)) return;
    if (best_fail_.set && worse_failure(best_fail_.level, best_fail_.reach, fail_level_, at)) {
      // an earlier claimant got further: its reason is the one worth reporting
      fail_code_ = best_fail_.code;
      fail_abs_ = best_fail_.abs;
      fail_msg_ = std::move(best_fail_.msg);
      fail_level_ = best_fail_.level;
    }
    best_fail_.set = false;
    if (at_end && claim_ && !region_committed_ && is_marker_like(claim_->text, true) && region_blank_after_marker()) {
      // the output ended right after an opener: a call cut off, whatever the claimant said
      fail_code_ = errc::ok;
    }
    if (fail_code_ == errc::ok && claim_ && is_marker_like(claim_->text, at_end)) {
      // never silent: an opener that matched gives a call or says why it did not
      const std::string mk(claim_->text);
      if (at_end) {
        fail_code_ = errc::unterminated_call;
        fail_msg_ = "the output ended inside `" + mk + "` before a call could be read";
        fail_level_ = severity::error;
      } else {
        fail_code_ = errc::marker_in_text;
        fail_msg_ = "`" + mk + "` is not followed by a call; its text stays content";
        fail_level_ = severity::note;
      }
      fail_abs_ = region_abs_;
    }
    claim_ = nullptr;
    deferred_.clear();
    end_failed_calls(at, at_end);
    if (fail_code_ != errc::ok) diag(fail_code_, fail_abs_, std::move(fail_msg_), fail_level_);
    fail_msg_.clear();
    mode_ = mode_before_region_ == mode_reasoning ? mode_text : mode_before_region_;
    h_ = nullptr;
    keep_region_view();
    // the region's text is read where it is: region_buf_ keeps its capacity for the next region
    const std::string_view text = region_buf_;
    if (!region_committed_ && !no_rescan && text.size() <= region_marker_len_ + 64 && text.size() > region_marker_len_) {
      text_out(text.substr(0, region_marker_len_));
      carry_region_after_marker(at);
      return;
    }
    text_out(text);
    region_buf_.clear();
  }

  /// Only whitespace follows the region's marker so far.
  bool region_blank_after_marker() const {
    const std::string_view r = rv_ ? std::string_view(rv_, rv_len_) : std::string_view(region_buf_);
    for (std::size_t k = std::min(region_marker_len_, r.size()); k < r.size(); ++k)
      if (!is_json_ws(static_cast<unsigned char>(r[k]))) return false;
    return true;
  }

  /// A held end-of-turn token turned out to end the turn: a marker; its whitespace is text.
  void drop_held_marker() {
    accounted_ += held_marker_.size();
    held_marker_ = {};
    std::string w;
    w.swap(held_ws_);
    text_out(w);
  }

  /// Right after a call, a repeat of the region's closing token (after whitespace) is a
  /// recognised marker. Returns the position to go on from: `i` when nothing was taken, the
  /// chunk's end when the bytes were held for the next write (`held`).
  std::size_t take_repeated_closer(std::string_view chunk, std::size_t i, std::size_t abs, bool final, bool& held) {
    held = false;
    std::size_t j = i;
    while (j < chunk.size() && is_json_ws(static_cast<unsigned char>(chunk[j]))) ++j;
    const pm m = j == chunk.size() ? pm::partial : prefix_match_exact(sub(chunk, j), last_closer_);
    if (m == pm::no || (m == pm::partial && final) || j - i > 64) {
      closer_pending_ = false;
      return i;
    }
    if (m == pm::partial) {  // may still be the closer: wait for the next bytes
      carry_.assign(chunk.data() + i, chunk.size() - i);
      carry_is_hold_ = true;
      carry_abs_ = abs + i;
      examined_ += chunk.size() - i;
      held = true;
      return chunk.size();
    }
    const std::size_t e = j + last_closer_.size();
    examined_ += e - i;
    text_out(sub(chunk, i, j - i));
    accounted_ += e - j;
    return e;
  }

  /// The region's bytes after its marker (they end at `at`) are read again, before what is
  /// already carried; region_buf_ keeps its capacity for the next region.
  void carry_region_after_marker(std::size_t at) {
    const std::size_t m = std::min(region_marker_len_, region_buf_.size());
    if (m < region_buf_.size()) carry_.insert(0, region_buf_.data() + m, region_buf_.size() - m);
    carry_is_hold_ = false;
    carry_abs_ = at - (region_buf_.size() - m);
    region_buf_.clear();
  }

  /// The region's calls end invalid (truncated when the text ended inside them).
  void end_failed_calls(std::size_t at, bool at_end) {
    const bool truncated = at_end && fail_code_ == errc::unterminated_call;
    for (auto& p : region_calls_) {
      if (p.verdict == filter_verdict::drop) continue;
      // the deltas still concatenate to what the call holds (a truncated call may be listed)
      out_.flush_args(p);
      const call_status st = (truncated && !p.complete) ? call_status::truncated : call_status::invalid;
      out_.call_end(p, st);
      if (opt_.keep_truncated && st == call_status::truncated) {
        p.c.status = call_status::truncated;
        p.c.end = at;
        out_.keep(std::move(p.c));
      }
    }
    region_calls_.clear();
  }

  void text_out(std::string_view s) {
    if (s.empty()) return;
    accounted_ += s.size();
    if (mode_ == mode_reasoning) {
      out_.reasoning(s);
      return;
    }
    for (char c : s)
      if (!is_json_ws(static_cast<unsigned char>(c))) {
        at_start_ = false;
        after_call_ = closer_pending_ = false;
        break;
      }
    last_byte_ = s.back();
    code_.track(s);
    if (mode_ == mode_pending || (mode_ == mode_region && mode_before_region_ == mode_pending)) {
      pending_ += s;
      if (pending_.size() > opt_.max_holdback) {
        // reported at the first byte over the limit, whatever the chunking: every byte before
        // `s` is accounted for, so accounted_ - s.size() is where `s` starts
        const std::size_t held_before = pending_.size() - s.size();
        diag(errc::limit_holdback, accounted_ - s.size() + (opt_.max_holdback - held_before),
             "undecided text exceeded max_holdback; it is content", severity::warning);
        flush_pending_as_content();
        if (mode_ == mode_pending) mode_ = mode_text;
        else mode_before_region_ = mode_text;
      }
      return;
    }
    content_text(s);
  }

  void content_text(std::string_view s) { out_.content(s); }
  void flush_pending_as_content() {
    if (!pending_.empty()) content_text(pending_);
    pending_.clear();
    if (mode_ == mode_pending) mode_ = mode_text;
  }
  options opt_;
  std::vector<format> formats_;
  bool prompt_opens_reasoning_ = false;
  claim_set claims_;  ///< the handlers and the openers they claim
  scanner scan_;      ///< the trigger tables built from them
  message_out out_{opt_};  ///< the message and its events
  code_tracker code_;      ///< markdown code in the released text
  bool claims_stale_ = false;
  tool_choice choice_;                          ///< the request's tool_choice (this response)
  bool choice_spent_ = false;                   ///< a write or finish used it: reset() drops it
  bool filter_spent_ = false;                   ///< a write or finish used filter_: reset() drops it
  bool tools_dropped_ = false;                  ///< reset() dropped filter_: its tool names go next
  /// The tool names of a filter reset() dropped, and their openers: done at the next write or
  /// finish, so `reset(); attach(same tools)` rebuilds nothing.
  void drop_tool_names() {
    tools_dropped_ = false;
    if (tool_names_.empty()) return;
    tool_names_.clear();
    build_claims();
    build_tables();
  }
  std::vector<std::string> tool_names_;                   ///< the request's tools (from the filter)
  const trigger* claim_ = nullptr;
  std::size_t claim_idx_ = 0;
  struct failure {
    bool set = false;
    errc code = errc::ok;
    std::size_t abs = 0, reach = 0;  ///< where it was reported, how far the claimant read
    std::string msg;
    severity level = severity::error;
  } best_fail_;
  std::size_t rpair_ = 0;
  std::uint64_t responses_ = 0;
  unsigned writes_ = 0;
  bool used_ = false;
  std::string deferred_;
  std::size_t accounted_ = 0;
  bool timing_ = false;

  std::string carry_;
  bool carry_is_hold_ = false;
  std::size_t carry_abs_ = 0, total_in_ = 0, chunk_abs_ = 0;
  const char* write_ptr_ = nullptr;  // the caller's text while drive() runs, at write_abs_
  std::size_t write_abs_ = 0, write_len_ = 0;
  mode mode_ = mode_text, mode_before_region_ = mode_text;
  bool reasoning_open_event_ = false;
  bool at_start_ = true;
  bool after_call_ = false;      ///< only whitespace and markers since a call
  bool closer_pending_ = false;  ///< a repeat of last_closer_ may still come (take_repeated_closer)
  std::string last_closer_;  ///< that region's closing token
  std::string_view held_marker_;  ///< an end-of-turn token in text, until what follows decides
  std::string held_ws_;           ///< the whitespace after it
  char last_byte_ = '\n';
  std::string pending_;
  handler* h_ = nullptr;
  byte_buffer region_buf_;  // the open region's bytes, then rv_len_ more at rv_ (a view)
  const char* rv_ = nullptr;
  std::size_t rv_len_ = 0;
  // the chunk being processed: its absolute offset and size
  std::size_t chunk_abs0_ = 0, chunk_len_ = 0;
  bool in_data_ = false;  // is that chunk part of the caller's text (not a carried copy)?
  std::size_t region_abs_ = 0, region_marker_len_ = 0, region_len_ = 0;
  bool region_committed_ = false;
  std::vector<pending_call> region_calls_;
  std::size_t next_index_ = 0, calls_started_ = 0;
  bool calls_limit_reported_ = false;
  errc fail_code_ = errc::ok;
  std::size_t fail_abs_ = 0;
  std::string fail_msg_;
  severity fail_level_ = severity::error;
  bool passthrough_ = false;
  std::chrono::steady_clock::duration spent_{};
  std::chrono::steady_clock::duration last_sample_{};  ///< the previous sampled small write
  std::chrono::steady_clock::time_point t0_{};
  std::size_t since_check_ = 0;
  bool finished_ = false;
  json_validator validator_;
  std::size_t examined_ = 0;
  std::unique_ptr<call_filter> filter_;

  void take_filter_notes() {
    for (auto& n : filter_->take_notes()) diag(n.code, region_abs_, std::move(n.message), n.level);
  }
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_ENGINE_HPP
