// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_ENGINE_OUTPUT_HPP
#define TOOLCALL_DETAIL_ENGINE_OUTPUT_HPP

// The engine's output side (docs/architecture.md, "The engine in three parts"): the first layer
// of detail::engine. It owns where released text goes (text_out: content, reasoning, or text
// held undecided while a reasoning block may still open), the message and its events
// (message_out, detail/output.hpp), and the counters of the nothing-lost and linear-work
// tests. It decides nothing about markers or regions: the region runner
// (detail/region_runner.hpp) and the scanner driver (detail/scan_driver.hpp) above it do.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "../options.hpp"
#include "../types.hpp"
#include "engine_core.hpp"
#include "output.hpp"
#include "prose.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class engine_output {
 public:
  explicit engine_output(const options& opt) : opt_(opt) {}
  engine_output(const engine_output&) = delete;
  engine_output& operator=(const engine_output&) = delete;

  const options& opts() const noexcept { return opt_; }

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

 protected:
  ~engine_output() = default;

  /// What the released text is: content, undecided (a reasoning block may still open), inside
  /// a reasoning block, or inside a region (the mode before it says what its text becomes).
  enum mode : std::uint8_t { mode_text, mode_pending, mode_reasoning, mode_region };

  /// The state of this layer for a new response; `seed` for the call ids.
  void reset_output(std::uint64_t seed) {
    at_start_ = true;
    after_call_ = closer_pending_ = false;
    section_open_ = section_unused_ = false;
    section_text_.clear();
    code_.reset();
    last_closer_.clear();
    last_byte_ = '\n';
    pending_.clear();
    hold_buf_.clear();
    holding_ = hold_over_ = false;
    examined_ = 0;
    accounted_ = 0;
    out_.reset(seed);
  }

  /// Text released at the current place: reasoning, undecided text, or content.
  void text_out(std::string_view s) {
    if (holding_) return hold_more(s);
    if (s.empty()) return;
    if (!section_text_.empty() && mode_ != mode_region) settle_section_text();
    accounted_ += s.size();
    if (mode_ == mode_reasoning) {
      out_.reasoning(s);
      return;
    }
    for (char c : s)
      if (!is_json_ws(static_cast<unsigned char>(c))) {
        at_start_ = false;
        after_call_ = closer_pending_ = section_open_ = false;
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
        out_.diag(errc::limit_holdback, accounted_ - s.size() + (opt_.max_holdback - held_before),
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

  /// What followed a held section opener was not a region, or its region gave calls: the
  /// opener is a marker, the whitespace after it text.
  void settle_section_text() {
    if (section_text_.empty()) return;
    accounted_ += section_marker_len_;
    std::string w = section_text_.substr(section_marker_len_);
    section_text_.clear();
    text_out(w);
  }
  /// A region's text going back to content: when the region `failed` (no call of it stands), a
  /// held section opener before it was prose too and goes back first.
  void region_text_out(std::string_view s, bool failed) {
    if (failed && !section_text_.empty()) {
      std::string t;
      t.swap(section_text_);
      section_open_ = section_unused_ = false;
      text_out(t);
    }
    text_out(s);
  }

  /// Undecided text that holds a call opener (detect mode) is kept as written, from hold_abs_,
  /// until a reasoning closer makes all of it reasoning or the end reads it as text: a lone
  /// `</think>` after a call makes that call reasoning, as the vendors' reasoning parsers split.
  void hold_more(std::string_view s) {
    hold_buf_.append(s.data(), s.size());
    if (hold_over_ || pending_.size() + hold_buf_.size() <= opt_.max_holdback) return;
    hold_over_ = true;  // the text is read as text from hold_abs_ on (scan_driver::release_hold)
    out_.diag(errc::limit_holdback, hold_abs_ + (opt_.max_holdback - std::min(pending_.size(), opt_.max_holdback)),
              "undecided text exceeded max_holdback; it is content", severity::warning);
  }

  void flush_pending_as_content() {
    if (!pending_.empty()) content_text(pending_);
    pending_.clear();
    if (mode_ == mode_pending) mode_ = mode_text;
  }

  /// Text past a limit: content, unparsed.
  void passthrough_text(std::string_view s) {
    settle_section_text();
    examined_ += s.size();
    accounted_ += s.size();
    content_text(s);
  }

  options opt_;
  message_out out_{opt_};  ///< the message and its events
  code_tracker code_;      ///< markdown code in the released text
  mode mode_ = mode_text, mode_before_region_ = mode_text;
  bool at_start_ = true;
  bool after_call_ = false;      ///< only whitespace and markers since a call
  bool closer_pending_ = false;  ///< a repeat of last_closer_ may still come (take_repeated_closer)
  /// A section opener (trigger::opens_section) no call has followed (section_unused_), with
  /// only whitespace after it so far (section_open_); section_at_: where it stood.
  bool section_open_ = false, section_unused_ = false;
  std::size_t section_at_ = 0;
  std::string_view section_marker_;
  /// A section opener in running text with the whitespace after it (section_marker_len_ its
  /// marker's bytes), held while the region after it decides: its calls make it a marker,
  /// its failure content (`use <|tool_calls_section_begin|><|tool_call_begin|> first`).
  std::string section_text_;
  std::size_t section_marker_len_ = 0;
  std::string last_closer_;  ///< that region's closing token
  char last_byte_ = '\n';
  std::string pending_;      ///< undecided text (mode_pending)
  std::string hold_buf_;     ///< undecided text from a call opener on, as written (hold_more)
  std::size_t hold_abs_ = 0;
  bool holding_ = false, hold_over_ = false;
  std::size_t accounted_ = 0;
  std::size_t examined_ = 0;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_ENGINE_OUTPUT_HPP
