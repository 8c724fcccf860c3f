// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_REGION_RUNNER_HPP
#define TOOLCALL_DETAIL_REGION_RUNNER_HPP

// The region runner (docs/architecture.md, "The engine in three parts"): the second layer of
// detail::engine, over its output (detail/engine_output.hpp). A trigger the scanner found opens
// a region; start_claim gives it to claimant k of the opener's chain (detail/claims.hpp), whose
// handler is fed the region's bytes (region_fed) and reports through its region_ctx, whose four
// parts this class implements (the calls, their arguments, text, diagnostics), and returns its
// failure in the step. succeed_region validates and keeps the calls; fail_region hands the bytes
// to the next claimant (try_next_claimant) or returns them to content with a diagnostic, and
// re-scans a short region after its marker (carry_). The request's tools (the normalizer's
// filter) and tool_choice are applied here.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../choice.hpp"
#include "../format.hpp"
#include "claims.hpp"
#include "engine_core.hpp"
#include "engine_output.hpp"
#include "format_def.hpp"
#include "json.hpp"
#include "prose.hpp"
#include "utf8.hpp"

/// With TOOLCALL_CHECKED=1 (the sanitizer build) simdjson re-validates every call's arguments as
/// JSON before its call_end. Otherwise the transcoders' output, JSON by construction, is checked
/// to be an object and valid UTF-8 (simdjson's validate_utf8). Set it the same way in every TU.
#ifndef TOOLCALL_CHECKED
#define TOOLCALL_CHECKED 0
#endif

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class region_runner : public engine_output,
                      public call_sink,
                      public request_view,
                      public region_text,
                      public region_place {
 public:
  region_runner(const parser_registry& reg, const options& opt) : engine_output(opt), formats_(reg.formats()) {
    claims_.make_handlers(formats_);
  }
  region_runner(const region_runner&) = delete;  // ctx_ refers to this object
  region_runner& operator=(const region_runner&) = delete;

  // --- the parts of region_ctx: what a handler reports (final: the engine is the last override) ---
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t begin_abs) final {
    // undecided text before a call is content, and it goes out before the call (event order)
    if (mode_before_region_ == mode_pending) {
      flush_pending_as_content();
      mode_before_region_ = mode_text;
    }
    // max_calls holds in a list too: later calls are dropped, said at the call (or region start)
    std::size_t announced = 0;
    for (const auto& q : region_calls_) announced += q.verdict != filter_verdict::drop;
    const bool over = calls_started_ + announced >= opt_.max_calls;
    if (over && !calls_limit_reported_) {
      calls_limit_reported_ = true;
      diag(errc::limit_calls, std::max(region_abs_, begin_abs), "max_calls reached; the later calls of this list are dropped",
           severity::error);
    }
    region_calls_.emplace_back();  // built in place: its four strings are not moved
    pending_call& pc = region_calls_.back();
    if (over) pc.verdict = filter_verdict::drop;
    pc.index = over ? std::size_t(-1) : next_index_++;
    pc.limited = over;
    out_.lend_args_buffer(pc.c.arguments);  // a buffer of a message given back with recycle()
    pc.c.name.append(name.data(), name.size());  // a new call: its strings are empty
    if (filter_ && !over) {
      pc.verdict = filter_->begin(pc.c.name, format, traits_named(formats_, format));
      take_filter_notes();
    }
    if (!choice_.is_default() && pc.verdict != filter_verdict::drop && (pc.refused = choice_refusal(choice_, pc.c.name, calls_started_ + announced)))
      pc.verdict = filter_verdict::drop;  // not announced; the region's end decides what it becomes
    pc.c.id = out_.call_id(id);
    pc.c.format.append(format.data(), format.size());
    pc.c.begin = region_abs_;
    if (pc.announced()) out_.call_begin(pc);  // the normalizer's drop policy: never announced
  }
  bool call_open() const final { return !region_calls_.empty() && !region_calls_.back().complete; }
  void examined(std::size_t n) final { examined_ += n; }
  void call_args(std::string_view text) final {
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
  std::string* args_buffer(bool from_raw_text) final {
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
      // after a call, four times the longest arguments so far: a long reply of small calls does
      // not take (and give back) the whole call-size limit for each (a large block per call)
      if (args_max_) want = std::min(want, 4 * args_max_);
      want = std::max<std::size_t>(240, want);
      if (a.capacity() < want) {
        a.reserve(want);
        p.reserved = true;
      }
    }
    return &a;
  }
  void args_appended() final {
    if (!region_calls_.empty()) out_.args_delta(region_calls_.back());
  }
  void end_call(std::size_t, bool repaired) final {
    if (region_calls_.empty()) return;
    if (filter_ && !region_calls_.back().limited) {
      std::string& a = region_calls_.back().c.arguments;
      const std::size_t before = a.size();
      filter_->finish(a);
      if (a.size() != before) args_appended();
      region_calls_.back().normalized = filter_->changed();
      take_filter_notes();
    }
    args_max_ = std::max(args_max_, region_calls_.back().c.arguments.size() + 1);
    if (region_calls_.back().reserved) message_out::give_back_room(region_calls_.back().c.arguments);
    region_calls_.back().complete = true;
    region_calls_.back().repaired = repaired;
  }
  bool abandon_call() final {
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
  void region_content(std::string_view text) final {
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
  void region_reasoning(std::string_view text) final {
    commit();
    out_.reasoning_marker();
    out_.reasoning(text);
  }
  void commit() final {
    region_buf_.clear();
    rv_ = nullptr;
    rv_len_ = 0;
    region_committed_ = true;
    if (mode_before_region_ == mode_pending) {
      flush_pending_as_content();
      mode_before_region_ = mode_text;
    }
  }
  void diag(errc code, std::size_t abs, std::string m, severity level) final {
    out_.diag(code, abs, std::move(m), level);
  }
  std::size_t chunk_abs() const final { return chunk_abs_; }
  std::size_t region_abs() const final { return region_abs_; }
  value_kind param_kind(std::string_view key) const final {
    return filter_ ? filter_->param_kind(key) : value_kind::unknown;
  }
  bool guess_json_values() const final { return opt_.xml_values_as_json; }
  bool tool_declared(std::string_view name) const final {
    if (tool_names_.empty()) return true;
    for (const auto& t : tool_names_)
      if (t == name) return true;
    return false;
  }
  std::size_t max_depth() const final { return opt_.max_depth; }
  std::string tool_for_keys(const std::vector<std::string>& keys) const final {
    return filter_ ? filter_->tool_for_keys(keys) : std::string();
  }

 protected:
  ~region_runner() override = default;

  /// What the open region's handler sees: this engine, in its four parts.
  const region_ctx& ctx() const noexcept { return ctx_; }

  /// The failure reported if the region fails now.
  void record_failure(errc code, std::size_t abs, std::string m, severity level) {
    fail_code_ = code;
    fail_abs_ = abs;
    fail_msg_ = std::move(m);
    fail_level_ = level;
  }
  /// The handler's step failed the region: its reason (none: "invalid call"), reported where
  /// the region stopped, `at`.
  void handler_failed(const step& s, std::size_t at) {
    const detail::failure none;
    const detail::failure& w = s.why() ? *s.why() : none;
    record_failure(w.code, at, w.msg, w.level);
  }

  /// The state of this layer for a new response.
  void reset_region() {
    carry_.clear();
    carry_is_hold_ = cut_announced_ = false;
    carry_abs_ = 0;
    total_in_ = 0;
    region_buf_.clear();
    rv_ = nullptr;
    rv_len_ = 0;
    in_data_ = false;
    region_calls_.clear();
    next_index_ = calls_started_ = args_max_ = 0;
    calls_limit_reported_ = false;
    h_ = nullptr;
    lane_ = nullptr;
    claim_ = nullptr;
  }

  /// At a region's success: calls the tool_choice refused. A region with no other call goes back
  /// to content (with a warning); next to a kept call they are left out, each with a warning.
  /// With keep_extra_calls, a call after the first is kept with a warning.
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
      record_failure(errc::tool_choice, region_abs_, why, severity::warning);
      fail_region(end_abs, false, true);
      return true;
    }
    for (const auto& p : region_calls_)
      if (p.refused)
        diag(errc::tool_choice, region_abs_, std::string(p.refused) + " (" + p.c.name + ", left out)", severity::warning);
    return false;
  }

  /// The region's bytes that are still a view of the caller's text are copied.
  void keep_region_view() {
    if (!rv_) return;
    region_buf_.append(rv_, rv_len_);
    rv_ = nullptr;
    rv_len_ = 0;
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
      record_failure(errc::limit_call_bytes, abs + i + s.consumed, "call larger than max_call_bytes", severity::error);
      i += s.consumed;
      fail_region(abs + i, false, true);
      return !carry_.empty();
    }
    i += s.consumed;
    if (s.st == step::more) return false;
    if (s.st == step::done) {
      const std::string_view t = s.tail();
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
    // a handler that stopped inside bytes it held from earlier chunks (a rewrite spelling cut
    // by a chunk) gives them back: the region stopped before them, and they are read again, as
    // one-shot reads them (an end-of-turn token among them is a marker)
    const std::string_view back = s.tail();
    std::size_t nb = back.size();
    if (nb == 0 || s.consumed != 0 || region_committed_ || nb + region_marker_len_ > region_len_) nb = 0;
    if (nb) {
      keep_region_view();
      region_buf_.truncate(region_buf_.size() - nb);
      region_len_ -= nb;
    }
    // the failure is reported where the region stopped: exact, whatever the chunking
    handler_failed(s, abs + i - nb);
    fail_region(abs + i - nb, false);
    if (nb) {
      carry_ += back;
      carry_abs_ = abs + i - carry_.size();
    }
    return !carry_.empty();
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
    const std::string_view mt = claim_text_;
    if (write_ptr_ && at >= write_abs_ && at - write_abs_ + mt.size() <= write_len_) {
      // the marker lies in the caller's text (this write): the region is a view of it
      region_buf_.clear();
      rv_ = write_ptr_ + (at - write_abs_);
      rv_len_ = mt.size();
    } else {
      region_buf_.assign(mt.data(), mt.size());
    }
    region_marker_len_ = mt.size();
    region_len_ = mt.size();
    region_committed_ = false;
    region_calls_.clear();
    fail_code_ = errc::invalid_call;
    fail_abs_ = at;
    fail_msg_ = "invalid call";
    fail_level_ = severity::error;
    chunk_abs_ = at + mt.size();
    lane_ = nullptr;
    h_->begin(ctx(), mt, t.chain[k].variant);
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
    section_open_ = section_unused_ = false;  // a region after a section opener: its call, or its diagnostic
    settle_section_text();
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
        record_failure(errc::invalid_arguments, region_abs_, "arguments failed validation", severity::error);
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
        record_failure(errc::unknown_tool, region_abs_, "unknown tool: " + p.c.name, severity::error);
        fail_region(end_abs, false, true);
        return;
      }
    }
    if (any_incomplete) {
      record_failure(errc::unterminated_call, end_abs, "a call was not completed", severity::error);
      fail_region(end_abs, true);
      return;
    }
    if (refuse_calls(end_abs)) return;
    accounted_ += end_abs - region_abs_;  // the region: calls and their markup
    const bool had_calls = !region_calls_.empty();
    {
      // the region's closing token: a model that writes it twice ends with a recognised marker
      const std::string_view rt = rv_ ? std::string_view(rv_, rv_len_) : std::string_view(region_buf_);
      const std::string_view ct = closing_token(rt.substr(0, std::min(rt.size(), end_abs - region_abs_)));
      if (ct != last_closer_) last_closer_.assign(ct.data(), ct.size());  // usually the last region's
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
    const std::string_view am = after_marker();  // `use the <tool_call> tag`: prose (refused_word)
    if (!at_end && claim_ && region_calls_.empty() && refused_word(am, region_abs_ + (rv_ ? rv_len_ : region_buf_.size()) - am.size(), fail_abs_, fail_code_))
      fail_code_ = errc::ok;
    if (at_end && claim_ && !region_committed_ && is_marker_like(claim_->text, true) && am.empty()) {
      // the output ended right after an opener: a call cut off, whatever the claimant said
      fail_code_ = errc::ok;
    }
    if (fail_code_ == errc::ok && claim_ && is_marker_like(claim_->text, at_end)) {
      // never silent: an opener that matched gives a call or says why it did not
      const std::string mk(claim_->text);
      if (at_end && !words(am)) {  // cut after it (a name at most); words: a note
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
    if (fail_code_ != errc::ok) {
      section_open_ = section_unused_ = false;
      diag(fail_code_, fail_abs_, std::move(fail_msg_), fail_level_);
    }
    fail_msg_.clear();
    mode_ = mode_before_region_ == mode_reasoning ? mode_text : mode_before_region_;
    h_ = nullptr;
    keep_region_view();
    const std::string_view text = region_buf_;  // read where it is (it keeps its capacity)
    if (!region_committed_ && !no_rescan && text.size() <= region_marker_len_ + 64 && text.size() > region_marker_len_) {
      region_text_out(text.substr(0, region_marker_len_), !region_committed_);
      carry_region_after_marker(at);
      return;
    }
    region_text_out(text, !region_committed_);
    region_buf_.clear();
  }

  /// Words (whitespace between two of them) after a marker: prose, not a cut header.
  static bool words(std::string_view am) { return rtrim_ws(am).find_first_of(" \n\t") != std::string_view::npos; }
  /// The region's bytes after its marker, past whitespace (none: only whitespace so far).
  std::string_view after_marker() const {
    std::string_view r = rv_ ? std::string_view(rv_, rv_len_) : std::string_view(region_buf_);
    r.remove_prefix(std::min(region_marker_len_, r.size()));
    while (!r.empty() && is_json_ws(static_cast<unsigned char>(r.front()))) r.remove_prefix(1);
    return r;
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
      cut_announced_ |= st == call_status::truncated;
      out_.call_end(p, st);
      if (opt_.keep_truncated && st == call_status::truncated) {
        p.c.status = call_status::truncated;
        p.c.end = at;
        out_.keep(std::move(p.c));
      }
    }
    region_calls_.clear();
  }

  void take_filter_notes() {
    for (auto& n : filter_->take_notes()) diag(n.code, region_abs_, std::move(n.message), n.level);
  }

  std::vector<format> formats_;
  claim_set claims_;  ///< the handlers and the openers they claim
  tool_choice choice_;                    ///< the request's tool_choice (this response)
  std::vector<std::string> tool_names_;   ///< the request's tools (from the filter)
  std::unique_ptr<call_filter> filter_;   ///< the normalizer's state for this stream, or none
  const trigger* claim_ = nullptr;
  /// The bytes claim_ matched: its text, or claim_spelling_ when whitespace stood at a joint.
  std::string_view claim_text_;
  std::string claim_spelling_;
  std::size_t claim_idx_ = 0;
  struct failure {
    bool set = false;
    errc code = errc::ok;
    std::size_t abs = 0, reach = 0;  ///< where it was reported, how far the claimant read
    std::string msg;
    severity level = severity::error;
  } best_fail_;
  std::string deferred_;
  // bytes read again before the next input: a held marker prefix (carry_is_hold_), a
  // handler's tail, a failed region's bytes
  std::string carry_;
  bool carry_is_hold_ = false;
  std::size_t carry_abs_ = 0, total_in_ = 0, chunk_abs_ = 0;
  const char* write_ptr_ = nullptr;  // the caller's text while drive() runs, at write_abs_
  std::size_t write_abs_ = 0, write_len_ = 0;
  handler* h_ = nullptr;
  handler* lane_ = nullptr;  // h_ while its plain_lane promise holds (engine::plain_lane)
  byte_buffer region_buf_;  // the open region's bytes, then rv_len_ more at rv_ (a view)
  const char* rv_ = nullptr;
  std::size_t rv_len_ = 0;
  // the chunk being processed: its absolute offset and size
  std::size_t chunk_abs0_ = 0, chunk_len_ = 0;
  bool in_data_ = false;  // is that chunk part of the caller's text (not a carried copy)?
  std::size_t region_abs_ = 0, region_marker_len_ = 0, region_len_ = 0;
  bool region_committed_ = false, cut_announced_ = false;
  std::vector<pending_call> region_calls_;
  std::size_t next_index_ = 0, calls_started_ = 0, args_max_ = 0;  // args_max_: longest arguments + 1
  bool calls_limit_reported_ = false;
  errc fail_code_ = errc::ok;
  std::size_t fail_abs_ = 0;
  std::string fail_msg_;
  severity fail_level_ = severity::error;
  json_validator validator_;
  const region_ctx ctx_{*this, *this, *this, *this};  // built once: a token's feed passes it on
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_REGION_RUNNER_HPP
