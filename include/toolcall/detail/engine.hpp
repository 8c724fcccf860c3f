// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_ENGINE_HPP
#define TOOLCALL_DETAIL_ENGINE_HPP

// The one incremental engine behind parser and stream_parser (docs/architecture.md), and its
// public face: the request (options, the normalizer's filter, tool_choice), write() with its
// fast paths for a token, finish() and reset(). Its parts are layers, each in its own file:
// detail/engine_output.hpp (the output), detail/region_runner.hpp (the region runner),
// detail/scan_driver.hpp (the scanner driver, over detail/scanner.hpp's tables).
//
// A scanner finds the earliest trigger of any registered format and holds back only a suffix
// that may still become a marker; everything else is released at once. A trigger hands the
// bytes that follow to its format's handler, a state machine that never re-reads text. A
// region (marker + payload) is atomic: when it succeeds its calls end with status ok/repaired;
// when it fails its text returns to content at its place with a diagnostic, and its calls end
// with status invalid (or truncated at the end of the text). One-shot parsing is this engine
// fed one chunk, so the two modes cannot drift apart.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
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
#include "json_lexer.hpp"
#include "output.hpp"
#include "prose.hpp"
#include "scan_driver.hpp"
#include "scanner.hpp"
#include "utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class engine final : public scan_driver {
 public:
  engine(const parser_registry& reg, const options& opt)
      : scan_driver(reg, opt), prompt_opens_reasoning_(reg.prompt_opens_reasoning()) {
    build_claims();
    build_tables();
    reset();
  }
  engine(const engine&) = delete;
  engine& operator=(const engine&) = delete;

  /// New options; the id counter restarts, so a seed gives the same ids again.
  void set_options(const options& o) {
    end_lane();
    const bool rebuild = o.reasoning != opt_.reasoning || o.calls_in_reasoning != opt_.calls_in_reasoning;
    opt_ = o;
    responses_ = 0;
    used_ = false;
    if (rebuild) build_tables();
  }
  /// Installs the per-stream call filter (the normalizer's state), or none.
  void set_filter(std::unique_ptr<call_filter> f) {
    end_lane();  // a filter reads the arguments from now on
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

  /// The request's tool_choice and parallel_tool_calls, for the current response only: the
  /// first reset() after a write or finish drops it (../choice.hpp).
  void set_choice(const tool_choice& c) {
    end_lane();
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
    reset_region();
    lane_padded_ = false;  // the call's buffer went with the region
    mode_ = initial_mode();
    reset_scan(mode_ == mode_reasoning);
    if (mode_ == mode_reasoning) reasoning_open_event_ = true;
    // seeded ids are deterministic yet differ from one response to the next
    if (used_) ++responses_;
    used_ = false;
    reset_output(opt_.seed ? opt_.seed ^ (0x9E3779B97F4A7C15ull * responses_) : fresh_id_seed());
    writes_ = 0;
    finished_ = false;
  }

  void write(std::string_view data, event_sink sink) {
    if (lane_ && lane_token(data, sink)) return;
    write_any(data, sink);
  }
  /// write() past the lane.
  TOOLCALL_NOINLINE void write_any(std::string_view data, event_sink sink) {
    end_lane();
    write_body(data, sink);
    check_lane();
  }
  /// lane_ is kept only while the state lane_token() needs holds, so that it tests only what
  /// a token changes: checked after every write that is not a lane token, or that sampled the
  /// clock; finish(), reset() and the request's setters end it.
  void check_lane() {
    if (lane_ && (lane_ != h_ || tools_dropped_ || finished_ || reasoning_open_event_ || passthrough_ ||
                  mode_ != mode_region || !carry_.empty() || region_committed_ || rv_))
      end_lane();
  }
  TOOLCALL_ALWAYS_INLINE void write_body(std::string_view data, event_sink sink) {
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
    // not the model's own pace nor the caller's sink (start_clock). A clock read costs about as
    // much as parsing a token, so writes under 256 bytes are timed one in 32 (charge() says
    // what the 31 others count).
    const bool small = data.size() < 256;
    timing_ = opt_.time_budget.count() > 0 && (!small || (++writes_ & 31u) == 0);
    if (timing_) start_clock(sink);
    // input limit: the part over it is content, unparsed
    if (!passthrough_ && total_in_ + data.size() > opt_.max_input_bytes) {
      const std::size_t ok = opt_.max_input_bytes > total_in_ ? opt_.max_input_bytes - total_in_ : 0;
      drive(data.substr(0, ok), false);
      if (holding_) {
        release_hold();  // the text within the limit is read
        drive({}, false);
      }
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
        !closer_pending_ && scan_.table(0).plain(data, at_start_)) {  // tab() in mode_text
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

  // --- the plain lane (call_sink::plain_lane): lane_token() appends a token itself ---
  void plain_lane(const handler* h, const std::string* args) final {
    if (h == h_ && !filter_ && !region_calls_.empty() && args == &region_calls_.back().c.arguments &&
        !region_calls_.back().complete && !region_calls_.back().limited)
      lane_ = h_;
  }
  /// The lane's append (engine::lane_token) of 1 to 16 bytes to the open call's arguments:
  /// they are padded past their length (lane_len_) so that a token is copied without a
  /// libstdc++ call, and cut back (settle_lane) before anything else reads them.
  void lane_append(const char* s, std::size_t n) {
    std::string& a = region_calls_.back().c.arguments;
    if (!lane_padded_ || a.size() - lane_len_ < n) lane_pad(a);
    copy_1_16(&a[lane_len_], s, n);
    lane_len_ += n;
  }
  TOOLCALL_NOINLINE void lane_pad(std::string& a) {
    if (!lane_padded_) lane_len_ = a.size();
    lane_padded_ = true;
    a.resize(lane_len_ + 256);
  }
  /// The arguments cut back to their length; the lane stays open.
  void settle_lane() {
    if (lane_padded_) settle_lane_now();
  }
  TOOLCALL_NOINLINE void settle_lane_now() {
    lane_padded_ = false;
    if (!region_calls_.empty()) region_calls_.back().c.arguments.resize(lane_len_);
  }
  void end_lane() {
    settle_lane();
    lane_ = nullptr;
  }

  /// write() of a plain token while the region's handler keeps its plain_lane promise
  /// (call_sink::plain_lane): what region_token() does with it, the handler's part done here
  /// (the token appended to the open call's arguments and streamed). False: not such a token.
  bool lane_token(std::string_view data, event_sink sink) {
    const std::size_t n = data.size();
    if (n - 1 >= 16 || total_in_ + n > opt_.max_input_bytes || region_len_ + n > opt_.max_call_bytes)
      return false;  // the rest of the state it needs holds while lane_ is set (check_lane)
    if (!json_lexer::plain_token(reinterpret_cast<const unsigned char*>(data.data()), n)) return false;
    out_.set_sink(sink);
    used_ = true;
    choice_spent_ = filter_spent_ = true;
    timing_ = opt_.time_budget.count() > 0 && (++writes_ & 31u) == 0;  // as write(): a small write
    if (timing_) start_clock(sink);
    const std::size_t abs = total_in_;
    total_in_ += n;
    write_abs_ = abs;
    write_len_ = n;
    chunk_abs0_ = chunk_abs_ = abs;
    chunk_len_ = n;
    lane_append(data.data(), n);
    out_.args_delta_tail(region_calls_.back(), lane_len_, n);
    examined_ += n;
    if (!region_buf_.append_small(data.data(), n)) region_buf_.append(data.data(), n);
    region_len_ += n;
    if (!timing_) {
      since_check_ += n;  // check_deadline(n) untimed
      return true;
    }
    settle_lane();  // the budget may end the region
    check_deadline(n);
    charge(true);
    check_lane();
    return true;
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
    lane_ = nullptr;
    const step s = h_->feed(ctx(), data);
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
    region_token_rest(s, data, abs);
  }
  /// The rare token that ends or fails the region: on as process() and drive() go.
  TOOLCALL_NOINLINE void region_token_rest(const step& s, std::string_view data, std::size_t abs) {
    std::size_t i = 0;
    std::size_t k = region_fed(s, data, i, abs) ? i : process(data, abs, false, i);
    check_deadline(k);
    drive_from(data, false, abs, k);
    write_ptr_ = nullptr;
    in_data_ = false;
    keep_region_view();
  }

  /// One-shot parsing has the whole text: in detect mode a call opener is held only when a
  /// reasoning closer may follow it (scan_driver::closer_after).
  void whole_text(std::string_view text) {
    if (total_in_ == 0) whole_ = text;
  }

  /// `token_limit_hit`: the response stopped at the token limit (finish_info).
  message finish(event_sink sink, bool token_limit_hit = false) {
    end_lane();
    out_.set_sink(sink);
    used_ = true;
    if (tools_dropped_) drop_tool_names();
    choice_spent_ = filter_spent_ = true;
    if (finished_) return message{};
    timing_ = opt_.time_budget.count() > 0;
    if (timing_) start_clock(sink);
    if (reasoning_open_event_) {
      reasoning_open_event_ = false;
      out_.reasoning_marker();
    }
    if (!passthrough_) {
      drive({}, true);
      if (holding_) {
        release_hold();  // no closer came: the held text is text
        drive({}, true);
      }
      while (mode_ == mode_region && !passthrough_) {
        chunk_abs_ = total_in_;
        lane_ = nullptr;
        const step s = h_->finish(ctx());
        if (s.st == step::done) {
          const std::string_view t = s.tail();
          succeed_region(total_in_ - t.size());
          if (!carry_.empty() || !t.empty()) {
            carry_ += t;
            carry_abs_ = total_in_ - carry_.size();
            drive({}, true);
          }
        } else {
          handler_failed(s, total_in_);
          fail_region(total_in_, true);
          if (!carry_.empty()) drive({}, true);
        }
      }
    } else if (!carry_.empty()) {
      passthrough_text(carry_);
      carry_.clear();
    }
    if (!held_marker_.empty()) drop_held_marker();  // the end of the output: a marker
    if (mode_ == mode_reasoning && !reasoning_call_text_.empty())
      // never silent: the block never closed, so all of it is reasoning (vLLM's and SGLang's
      // reasoning parsers take it all and their tool parsers see no content): no call
      diag(errc::call_in_reasoning, reasoning_call_at_,
           "`" + std::string(reasoning_call_text_) +
               "` stands inside a reasoning block the output never closed: it is reasoning, no call is read",
           severity::warning);
    settle_section_text();
    if (mode_ == mode_pending) flush_pending_as_content();
    if (section_unused_) {
      // never silent: a section opener with no call after it
      const std::string mk(section_marker_);
      if (section_open_)
        diag(errc::unterminated_call, section_at_, "the output ended after `" + mk + "` before a call could be read",
             severity::error);
      else
        diag(errc::marker_in_text, section_at_, "`" + mk + "` is not followed by a call", severity::note);
    }
    out_.end_text(total_in_);
    finished_ = true;
    whole_ = {};  // the caller's text may go
    end_lane();
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

 private:
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

  /// The claims (region_runner::claims_), from the formats, the request's tools and its
  /// tool_choice.
  void build_claims() {
    claims_.build(formats_, tool_names_, choice_);
    closers_.build(claims_.pairs());  // scan_driver::closer_after
  }

  /// The tool names of a filter reset() dropped, and their openers: done at the next write or
  /// finish, so `reset(); attach(same tools)` rebuilds nothing.
  void drop_tool_names() {
    tools_dropped_ = false;
    if (tool_names_.empty()) return;
    tool_names_.clear();
    build_claims();
    build_tables();
  }

  bool prompt_opens_reasoning_ = false;
  bool claims_stale_ = false;
  bool lane_padded_ = false;    ///< region_calls_.back().c.arguments are lane_len_ bytes, padded
  std::size_t lane_len_ = 0;
  bool choice_spent_ = false;   ///< a write or finish used it: reset() drops it
  bool filter_spent_ = false;   ///< a write or finish used filter_: reset() drops it
  bool tools_dropped_ = false;  ///< reset() dropped filter_: its tool names go next
  std::uint64_t responses_ = 0;
  unsigned writes_ = 0;
  bool used_ = false;
  bool reasoning_open_event_ = false;
  bool finished_ = false;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_ENGINE_HPP
