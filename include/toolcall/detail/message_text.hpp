// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_MESSAGE_TEXT_HPP
#define TOOLCALL_DETAIL_MESSAGE_TEXT_HPP

// message_text: the text of a message up to an end marker, streamed as it comes (harmony's
// channels, the recipient layer's messages: formats/harmony.hpp, formats/muse_glimmer.hpp).

#include <cstddef>
#include <string>
#include <string_view>

#include "engine_core.hpp"
#include "json_text.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * The text of a message (harmony's channels, a recipient handler's messages), content or
 * reasoning, up to an end marker: the bytes go out as they come, and a `<` that may start one
 * of the markers is held back until it can no longer.
 */
class message_text {
 public:
  void clear() { hold_.clear(); }

  /// A header may start inside the text: `lead`, a name, then `end` (Muse Glimmer's
  /// `to=NAME<|message|>`, which the vendor parser reads as a new message wherever it stands).
  /// feed() then returns `count` with the header held. Empty `lead`: none.
  void headers(std::string_view lead, std::string_view end) {
    lead_ = lead;
    lead_end_ = end;
  }

  /// The text starts: what came before it is markup (committed). A reasoning message gives an
  /// empty reasoning event first, so that it counts even if it stays empty.
  void open(const region_ctx& e, bool reasoning) {
    reasoning_ = reasoning;
    e.text.commit();
    if (reasoning) e.text.region_reasoning("");
  }

  /// Reads the bytes of `in` from `i`. Returns the index of the marker that ended the text, or
  /// `count` for a header (headers()); its bytes are held (take_held() or clear(); `end` is
  /// where it ends in `in`). -1 when `in` was all text (or a held prefix).
  int feed(const region_ctx& e, std::string_view in, std::size_t i, const std::string_view* markers,
           std::size_t count, std::size_t& end) {
    const std::size_t n = in.size();
    std::size_t j = i;
    while (j < n) {
      const char c = in[j];
      if (hold_.empty() && c != '<' && (lead_.empty() || c != lead_[0])) {
        ++j;
        continue;
      }
      if (hold_.empty() && j > i) {
        emit(e, in.substr(i, j - i));
        i = j;
      }
      hold_ += c;
      ++j;
      i = j;
      if (hold_[0] != '<') {  // a header's lead
        const int r = header_match();
        if (r > 0) {
          end = j;
          return static_cast<int>(count);
        }
        if (r == 0) continue;
        // not a header: its bytes are text up to a `<` that may start a marker (read on as one)
        const std::size_t lt = hold_.find('<');
        if (lt == std::string::npos) {
          release(e);
          continue;
        }
        emit(e, std::string_view(hold_).substr(0, lt));
        hold_.erase(0, lt);
      }
      bool partial = false;
      for (std::size_t k = 0; k < count; ++k) {
        const pm r = prefix_match(hold_, markers[k]);
        if (r == pm::full) {
          end = j;
          return static_cast<int>(k);
        }
        if (r == pm::partial) partial = true;
      }
      if (!partial) release(e);
    }
    if (hold_.empty() && j > i) emit(e, in.substr(i, j - i));
    return -1;
  }

  /// The marker feed() stopped at (then nothing is held).
  std::string take_held() { return take_bytes(hold_); }

  /// The text ended: a held prefix is text.
  void finish(const region_ctx& e) {
    if (!hold_.empty()) emit(e, hold_);
    hold_.clear();
  }

 private:
  void emit(const region_ctx& e, std::string_view s) {
    if (s.empty()) return;
    if (reasoning_)
      e.text.region_reasoning(s);
    else
      e.text.region_content(s);
  }

  /// The held bytes are neither a marker nor a header: they are text but the last, which is
  /// held again when it may start one.
  void release(const region_ctx& e) {
    const char last = hold_.back();
    hold_.pop_back();
    emit(e, hold_);
    hold_.clear();
    if (last == '<' || (!lead_.empty() && last == lead_[0])) hold_ += last;
    else emit(e, std::string_view(&last, 1));
  }

  /// hold_ against `lead_ NAME lead_end_`, whitespace allowed around the name (up to 8 bytes
  /// each side): 1 whole, 0 a prefix, -1 not one (a name is 1 to 128 letters, digits, `_ . - :`)
  int header_match() const {
    const std::size_t h = hold_.size(), l = lead_.size();
    if (h <= l) return lead_.compare(0, h, hold_) == 0 ? 0 : -1;
    const auto ws = [&](std::size_t& k) {
      const std::size_t from = k;
      while (k < h && is_json_ws(static_cast<unsigned char>(hold_[k]))) ++k;
      return k - from <= 8;
    };
    std::size_t k = l;
    if (!ws(k)) return -1;
    const std::size_t name = k;
    while (k < h) {
      const unsigned char u = static_cast<unsigned char>(hold_[k]);
      if (!(is_ident_char(u) || u == '.' || u == '-' || u == ':')) break;
      ++k;
    }
    if (k - name > 128) return -1;
    if (k == h) return 0;
    if (k == name) return -1;
    if (!ws(k)) return -1;
    if (k == h) return 0;
    if (hold_[k] != '<') return -1;
    const pm r = prefix_match(std::string_view(hold_).substr(k), lead_end_);
    return r == pm::full ? 1 : r == pm::partial ? 0 : -1;
  }

  std::string hold_;
  std::string_view lead_, lead_end_;
  bool reasoning_ = false;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_MESSAGE_TEXT_HPP
