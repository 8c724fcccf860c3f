// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SCAN_DRIVER_HPP
#define TOOLCALL_DETAIL_SCAN_DRIVER_HPP

// The scanner driver (docs/architecture.md, "The engine in three parts"): the third layer of
// detail::engine, over the region runner (detail/region_runner.hpp). drive() takes a write's
// bytes, carried bytes first (a held marker prefix, a handler's tail, a region to re-scan);
// process() runs the text modes with the scanner's tables (detail/scanner.hpp: anchor search,
// the longest match, the tail that may still become a trigger), holds what may still become a
// marker, and apply() acts on a trigger: a marker dropped, a reasoning block opened or closed,
// or a region started (region_runner::start_claim; a claimant that declines the region's first
// byte is skipped, skip_declined). In a region it feeds the handler
// (region_runner::region_fed). The time budget is charged here too.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../format.hpp"
#include "../options.hpp"
#include "../types.hpp"
#include "closer_index.hpp"
#include "engine_core.hpp"
#include "prose.hpp"
#include "region_runner.hpp"
#include "scanner.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class scan_driver : public region_runner {
 public:
  using region_runner::region_runner;

 protected:
  ~scan_driver() override = default;

  /// The state of this layer for a new response; `prompt_opened`: the response starts inside a
  /// reasoning block the prompt opened, which any pair's closer ends (scanner::build).
  void reset_scan(bool prompt_opened = false) {
    rpair_ = prompt_opened ? claims_.pairs().size() : 0;
    reasoning_call_text_ = {};
    held_marker_ = {};
    held_code_ = false;
    held_ws_.clear();
    passthrough_ = closer_none_ = false;
    whole_ = {};
    spent_ = std::chrono::steady_clock::duration::zero();
    samples_.fill(std::chrono::steady_clock::duration::zero());
    sample_at_ = 0;
    since_check_ = 0;
  }

  /// The scanner's tables, from the claims (region_runner::build_claims) and the options.
  void build_tables() {
    static const std::vector<reasoning_def> no_pairs;
    scan_.build(claims_.claims(), claims_.markers(), claims_.section_openers(), opt_.reasoning != reasoning_start::none ? claims_.pairs() : no_pairs,
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
        // A held marker prefix needs the next bytes (as many as decide the triggers it may begin:
        // carry_need_) to resolve. A handler's tail or a failed region's bytes to re-scan are
        // processed alone: copying the rest of the chunk after them at every region would cost
        // a constant factor of ~25.
        const std::size_t w = carry_is_hold_ ? std::min<std::size_t>(data.size() - pos, std::max<std::size_t>(carry_need_, 1)) : 0;
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
        carried_ = true;
        const std::size_t k = process(in_place ? sub(data, babs - base, buf.size()) : std::string_view(buf), babs, fin);
        carried_ = false;
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

  /// Adds the time since t0_ to the budget; over it, the rest is content. A sampled small write
  /// also stands for the 31 untimed ones, at the least of the last four samples: the OS
  /// preempting a write only adds time, so a loaded machine (a few ms taken from two samples in
  /// a row was enough to multiply into 100 ms) does not trip the budget, while a parse that
  /// really slows down shows in every sample.
  void charge(bool sampled = false) {
    const auto now = std::chrono::steady_clock::now();
    const auto d = now - t0_ - caller_.spent;  // the caller's callback is not the parser's time
    caller_.spent = std::chrono::steady_clock::duration::zero();
    spent_ += d;
    if (sampled) {
      samples_[sample_at_++ & 3u] = d;
      spent_ += 31 * *std::min_element(samples_.begin(), samples_.end());
    }
    t0_ = now;
    if (spent_ > opt_.time_budget && !passthrough_) {
      diag(errc::limit_time, total_in_, "time budget spent; the rest is content", severity::error);
      enter_passthrough();
    }
  }

  /// A timed write or finish starts: the clock, and the caller's sink behind a clock of its
  /// own (time spent in the caller's callback, sending an event to a slow client, is not
  /// parsing). `timing_` must be set.
  void start_clock(event_sink sink) {
    t0_ = std::chrono::steady_clock::now();
    caller_.spent = std::chrono::steady_clock::duration::zero();
    if (!sink.bound()) return;
    caller_.inner = sink;
    out_.set_sink(event_sink(caller_));
  }

  void check_deadline(std::size_t n) {
    since_check_ += n;
    if (since_check_ >= 4096 && timing_) check_deadline_now();
  }
  TOOLCALL_NOINLINE void check_deadline_now() {
    since_check_ = 0;
    charge();
  }

  /// May a reasoning closer stand after `at`? Streamed, yes; in a whole text (engine::whole_text)
  /// only if a closer's first token does: without one, holding the call and reading it at the
  /// end gives what reading it now gives. Searched once (a later `at` has none either).
  bool closer_after(std::size_t at) {
    if (!whole_.data() || at > whole_.size()) return true;
    return !closer_none_ && !(closer_none_ = !closers_.any_in(whole_.substr(at)));
  }

  /// The held text (hold_more) is read as text from where it was held, before what is carried.
  void release_hold() {
    holding_ = hold_over_ = false;
    flush_pending_as_content();
    mode_ = mode_text;
    carry_.insert(0, hold_buf_);
    carry_abs_ = hold_abs_;
    carry_is_hold_ = false;
    hold_buf_.clear();
  }

  void enter_passthrough() {
    if (holding_) release_hold();  // the held text goes out as content with the carried bytes below
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
      if (hold_over_) {
        release_hold();  // read before chunk[i..]
        return i;
      }
      if (mode_ == mode_region) {
        chunk_abs_ = abs + i;
        // never feed past the call-size limit, so the limit trips at the same byte whatever the
        // chunking
        std::string_view part = sub(chunk, i);
        if (!region_committed_ && region_len_ + part.size() > opt_.max_call_bytes + 1)
          part = part.substr(0, opt_.max_call_bytes + 1 - std::min(region_len_, opt_.max_call_bytes));
        lane_ = nullptr;
        const step s = h_->feed(ctx(), part);
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
          // a call or a marker after it decides, except in code, where any text keeps the
          // token as written
          const bool decides = !held_code_ && held_ws_.size() < 256 && tab().later[c];
          if (decides && held_section_) {
            // a section opener: its region decides (region_text_out, settle_section_text)
            section_text_.assign(held_marker_.data(), held_marker_.size());
            section_marker_len_ = held_marker_.size();
            section_text_ += held_ws_;
            held_marker_ = {};
            held_ws_.clear();
          } else if (decides) {
            drop_held_marker();  // a call or a marker follows
          } else {
            held_code_ = false;
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
        const std::size_t hold = final ? n : scan_.partial_tail(tab(), chunk, i, here(), carry_need_);
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
        std::size_t need = 0;
        const std::size_t p = scan_.partial_tail(tab(), chunk, i, here(), need);
        if (p < s) {
          carry_need_ = need;
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
      std::size_t len = 0, need = 0;
      const trigger* hit = scanner::match(tab(), rest, here(), partial, len, need);
      if (partial && !final) {
        // could still become a (longer) marker: hold the suffix
        carry_need_ = need;
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
      examined_ += len;
      i += len;
      if (final && cut_announced_ && hit->action == trig_action::region) {
        // the text ended inside an announced call: an opener in its bytes (read again) does not
        // announce that call a second time; end-of-turn markers there are still markers
        text_out(sub(rest, 0, len));
        continue;
      }
      apply(*hit, sub(rest, 0, len), abs + i - len);
    }
    return n;
  }

  /// Trigger `t` matched `mt` (its text, with any whitespace at its joints) at `at`.
  void apply(const trigger& t, std::string_view mt, std::size_t at) {
    if (t.action == trig_action::in_reasoning) {
      if (reasoning_call_text_.empty()) {
        reasoning_call_text_ = t.text;
        reasoning_call_at_ = at;
      }
      text_out(mt);
      return;
    }
    if (holding_ && (t.action != trig_action::think_close || hold_over_)) {
      hold_more(mt);
      return;
    }
    const bool text_mode = mode_ == mode_text || mode_ == mode_pending;
    if ((t.action == trig_action::region || t.action == trig_action::drop) && text_mode && code_.in_code()) {
      if (t.action == trig_action::drop && !t.opens_section && !at_start_) {
        // an end-of-turn token in code is text, unless the output ends right after it (the
        // model ended its turn inside a fence it never closed): held until that is known
        held_marker_ = spelled(mt, t.text, held_spelling_);
        held_section_ = false;
        held_code_ = true;
        held_ws_.clear();
        return;
      }
      text_out(mt);  // an example in code (a fence trigger there closes the code fence)
      return;
    }
    if (t.action != trig_action::region) {
      settle_section_text();
      accounted_ += mt.size();  // a recognised marker
    }
    switch (t.action) {
      case trig_action::drop:
        if (t.opens_section) {
          section_open_ = section_unused_ = true;
          section_at_ = at;
          section_marker_ = t.text;
        }
        if (text_mode && !after_call_ && !at_start_) {
          // in running text an end-of-turn token is a marker only where the turn ends: before
          // the end of the output or a call; in code or prose it stays as written
          accounted_ -= mt.size();
          held_marker_ = spelled(mt, t.text, held_spelling_);
          held_section_ = t.opens_section;
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
        reasoning_call_text_ = {};  // a closed block: its call syntax is never a call (documented)
        if (mode_ == mode_pending) {
          if (holding_) {
            accounted_ += hold_buf_.size();
            pending_ += hold_buf_;
            hold_buf_.clear();
            holding_ = false;
          }
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
      case trig_action::in_reasoning:
        break;
    }
    if (mode_ == mode_pending && opt_.calls_in_reasoning != reasoning_calls::end_reasoning && closer_after(at)) {
      // a call in undecided text: a later lone closer would make it reasoning (hold_more)
      holding_ = true;
      hold_abs_ = at;
      hold_buf_.clear();
      return hold_more(mt);
    }
    if (calls_started_ >= opt_.max_calls) {
      if (!calls_limit_reported_) {
        calls_limit_reported_ = true;
        diag(errc::limit_calls, at, "max_calls reached; later calls stay content", severity::error);
      }
      text_out(mt);
      return;
    }
    if (mode_ == mode_reasoning) mode_ = mode_text;  // calls_in_reasoning == end_reasoning
    mode_before_region_ = mode_;
    claim_ = &t;
    claim_text_ = spelled(mt, t.text, claim_spelling_);
    best_fail_.code = errc::ok;
    best_fail_.set = cut_announced_ = false;
    start_claim(skip_declined(at), at);
  }

  /// The first claimant of the opener at `at` (claim_) that does not decline the region's first
  /// byte past JSON whitespace (handler::declines). One that declines is skipped as though it had
  /// read that whitespace and failed quietly there: the same failure kept for the report
  /// (try_next_claimant), the same bytes counted as examined, the next claimant reading from the
  /// marker's end. Only when that byte is in this write (not carried) within the call-size
  /// limit; otherwise (a streamed opener) the chain runs as usual.
  std::size_t skip_declined(std::size_t at) {
    const trigger& t = *claim_;
    if (t.chain.size() < 2 || carried_ || !carry_.empty() || !write_ptr_ || at < write_abs_) return 0;
    const std::size_t from = at - write_abs_ + claim_text_.size();
    std::size_t j = from;
    while (j < write_len_ && is_json_ws(static_cast<unsigned char>(write_ptr_[j]))) ++j;
    if (j >= write_len_ || claim_text_.size() + (j - from) > opt_.max_call_bytes) return 0;
    const unsigned char b = static_cast<unsigned char>(write_ptr_[j]);
    const std::size_t reach = write_abs_ + j;
    std::size_t k = 0;
    while (k + 1 < t.chain.size() && t.chain[k].h->declines(t.chain[k].variant, b)) {
      examined_ += 2 * (j - from);  // read, then copied back for the next (as every chunking counts)
      if (!best_fail_.set || worse_failure(severity::note, reach, best_fail_.level, best_fail_.reach)) {
        best_fail_.set = true;
        best_fail_.reach = reach;
        best_fail_.code = errc::ok;
        best_fail_.abs = reach;
        best_fail_.msg.clear();
        best_fail_.level = severity::note;
      }
      deferred_.clear();
      ++k;
    }
    declined_skips_ += k;
    return k;
  }

 public:
  /// The claimants skip_declined() skipped so far (never reset): a test hook
  /// (tests/unit/skip_declined_test.cpp), the skip being invisible in the results by design.
  std::size_t declined_skips() const noexcept { return declined_skips_; }

 protected:

  /// A held end-of-turn token turned out to end the turn: a marker; its whitespace is text.
  void drop_held_marker() {
    held_code_ = false;
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
      carry_need_ = last_closer_.size() + 64;
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

  scanner scan_;  ///< the trigger tables built from the claims
  std::size_t rpair_ = 0;  ///< the reasoning pair open (mode_reasoning)
  /// The first call opener in the open reasoning block (in_reasoning), empty when none, and
  /// where it stands.
  std::string_view reasoning_call_text_;
  std::size_t reasoning_call_at_ = 0;
  std::size_t carry_need_ = 0;    ///< a held carry_: the bytes that decide it
  std::string_view held_marker_;  ///< an end-of-turn token in text, until what follows decides
  std::string held_spelling_;     ///< its bytes, when whitespace stood at a joint
  std::string held_ws_;           ///< the whitespace after it
  bool held_section_ = false;     ///< held_marker_ opens a section (trigger::opens_section)
  bool held_code_ = false;        ///< held_marker_ stands in code: only the end of the output drops it
  bool passthrough_ = false;      ///< a limit was hit: the rest is content
  std::string_view whole_;        ///< one-shot parsing's whole text (engine::whole_text), or none
  bool closer_none_ = false;      ///< closer_after found no closer in whole_
  closer_index closers_;          ///< the reasoning closers (engine::build_claims)
  bool carried_ = false;          ///< process() is reading carried bytes (skip_declined)
  std::size_t declined_skips_ = 0;  ///< declined_skips()
  bool timing_ = false;
  std::chrono::steady_clock::duration spent_{};
  std::array<std::chrono::steady_clock::duration, 4> samples_{};  ///< the last sampled small writes
  unsigned sample_at_ = 0;
  std::chrono::steady_clock::time_point t0_{};
  /// The caller's sink during a timed write, with the time its callbacks took (start_clock()).
  struct timed_sink {
    event_sink inner;
    std::chrono::steady_clock::duration spent{};
    void operator()(const event& e) {
      const auto t = std::chrono::steady_clock::now();
      inner(e);
      spent += std::chrono::steady_clock::now() - t;
    }
  };
  timed_sink caller_;
  std::size_t since_check_ = 0;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SCAN_DRIVER_HPP
