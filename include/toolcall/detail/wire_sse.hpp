// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_WIRE_SSE_HPP
#define TOOLCALL_DETAIL_WIRE_SSE_HPP

// What every client side of a wire (chat completions, Responses, Anthropic Messages) reads with:
// the SSE reader that turns bytes in pieces of any size into events, the capped diagnostics, the
// excerpt of a bad input a diagnostic quotes, the plumbing of an accumulator (wire_client), and
// the parse of tool-call markup a server left in the content.

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../parser.hpp"
#include "../types.hpp"
#include "utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// At most `max` bytes of `s` for a diagnostic message, with each byte outside a well-formed
/// UTF-8 sequence (garbage, or a sequence the cut split) replaced by U+FFFD.
inline std::string excerpt(std::string_view s, std::size_t max) {
  std::string out;
  std::size_t i = 0;
  const std::size_t end = (std::min)(s.size(), max);
  while (i < end) {
    const std::size_t n = utf8_sequence_at(s, i);
    if (n == 0 || i + n > end || static_cast<unsigned char>(s[i]) < 0x20) {
      out += n == 1 ? "?" : "\xEF\xBF\xBD";
      i += n == 0 || i + n > end ? 1 : n;
    } else {
      out.append(s.data() + i, n);
      i += n;
    }
  }
  if (s.size() > max) out += "...";
  return out;
}

/// Diagnostics with a cap: past `max`, they are counted and reported as one note at the end.
struct wire_notes {
  std::vector<diagnostic> list;
  std::size_t suppressed = 0;
  std::size_t max = 64;

  void add(errc code, std::size_t at, std::string text, severity level = severity::error) {
    if (list.size() < max)
      list.push_back(diagnostic{code, at, std::move(text), level});
    else
      ++suppressed;
  }
  void clear() {
    list.clear();
    suppressed = 0;
  }
};

/**
 * Splits SSE bytes, fed in pieces of any size, into events: lines end with LF, CRLF or CR;
 * `data:` lines are joined with LF; `event:` names the event; a blank line dispatches it;
 * comments, `id:` and `retry:` are ignored. Lenient with servers that end events with one
 * newline: an `event:` line, or a `data:` line that starts a JSON object, after data ends the
 * event before it. Lines and events longer than `max_bytes` are dropped with a diagnostic.
 *
 * The chat-completions stream (`chat`) reads its events by their data alone: there, an `event:`
 * line only names the event and `data: [DONE]` after data ends the event before it too.
 */
class sse_reader {
 public:
  /// (event type, data, byte offset of the event)
  using sink = std::function<void(std::string_view, std::string_view, std::size_t)>;

  sse_reader() = default;
  explicit sse_reader(bool chat) : chat_(chat) {}

  /// The number of `data:` lines of the event being dispatched (read it in the sink).
  std::size_t data_lines() const noexcept { return event_lines_; }

  template <typename Notes>
  void feed(std::string_view bytes, std::size_t max_bytes, Notes& notes, const sink& out) {
    std::size_t i = 0;
    while (i < bytes.size()) {
      if (cr_pending_) {
        cr_pending_ = false;
        if (bytes[i] == '\n') {
          ++i;
          ++pos_;
          continue;
        }
      }
      std::size_t j = i;
      while (j < bytes.size() && bytes[j] != '\n' && bytes[j] != '\r') ++j;
      if (!skip_line_) {
        if (line_.size() + (j - i) > max_bytes) {
          notes.add(errc::invalid_input, line_start_, "an SSE line longer than max_event_bytes was dropped");
          line_.clear();
          skip_line_ = true;
        } else {
          line_.append(bytes.data() + i, j - i);
        }
      }
      pos_ += j - i;
      if (j == bytes.size()) break;
      cr_pending_ = bytes[j] == '\r';
      ++pos_;
      i = j + 1;
      if (skip_line_)
        skip_line_ = false;
      else
        line(max_bytes, notes, out);
      line_.clear();
      line_start_ = pos_;
    }
  }

  /// The end of the stream: a last line or event without its terminator is still taken.
  template <typename Notes>
  void end(std::size_t max_bytes, Notes& notes, const sink& out) {
    if (!line_.empty() && !skip_line_) line(max_bytes, notes, out);
    line_.clear();
    skip_line_ = false;
    dispatch(out);
  }

  std::size_t position() const noexcept { return pos_; }

  void reset() {
    line_.clear();
    data_.clear();
    type_.clear();
    has_data_ = cr_pending_ = skip_line_ = skip_event_ = false;
    pos_ = line_start_ = event_start_ = lines_ = event_lines_ = 0;
  }

 private:
  template <typename Notes>
  void line(std::size_t max_bytes, Notes& notes, const sink& out) {
    std::string_view l = line_;
    if (line_start_ == 0 && l.substr(0, 3) == "\xEF\xBB\xBF") l.remove_prefix(3);  // BOM
    if (l.empty()) {
      dispatch(out);
      return;
    }
    if (l.front() == ':') return;  // comment (keep-alive)
    const std::size_t colon = l.find(':');
    const std::string_view field = l.substr(0, colon);
    std::string_view value = colon == std::string_view::npos ? std::string_view() : l.substr(colon + 1);
    if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    if (field == "data") {
      // a server that ends events with one newline: a new top-level value (or [DONE]) ends the last
      if (has_data_ && ((chat_ && value == "[DONE]") || (!value.empty() && value.front() == '{'))) dispatch(out);
      if (!has_data_ && (chat_ || type_.empty())) event_start_ = line_start_;
      if (data_.size() + value.size() + 1 > max_bytes) {
        if (!skip_event_)
          notes.add(errc::invalid_input, event_start_, "an SSE event longer than max_event_bytes was dropped");
        skip_event_ = true;
        data_.clear();
        return;
      }
      if (has_data_) data_ += '\n';
      data_.append(value.data(), value.size());
      has_data_ = true;
      ++lines_;
    } else if (field == "event") {
      if (!chat_) {
        if (has_data_) dispatch(out);
        event_start_ = line_start_;
      }
      type_.assign(value.data(), value.size());
    } else if (field == "id" || field == "retry") {
      // the SSE standard's reconnection fields: nothing to rebuild
    } else {
      notes.add(errc::invalid_input, line_start_,
                "not an SSE line, ignored: " + (chat_ ? excerpt(l, 40) : excerpt_of(l)), severity::warning);
    }
  }

  void dispatch(const sink& out) {
    const bool had = has_data_ && !skip_event_;
    has_data_ = skip_event_ = false;
    std::string type = std::move(type_);
    type_.clear();
    event_lines_ = lines_;
    lines_ = 0;
    if (!had) {
      data_.clear();
      return;
    }
    std::string data = std::move(data_);
    data_.clear();
    out(type, data, event_start_);
  }

  static std::string excerpt_of(std::string_view s) {
    std::string out;
    for (std::size_t k = 0; k < s.size() && k < 40; ++k) {
      const auto c = static_cast<unsigned char>(s[k]);
      out += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?';
    }
    if (s.size() > 40) out += "...";
    return out;
  }

  std::string line_, data_, type_;
  bool chat_ = false;
  bool has_data_ = false, cr_pending_ = false, skip_line_ = false, skip_event_ = false;
  std::size_t pos_ = 0, line_start_ = 0, event_start_ = 0, lines_ = 0, event_lines_ = 0;
};

/**
 * A rebuilt message with no structured call whose content may hold tool-call markup a server
 * left unparsed: the content is parsed with `reg` and `parse`; when that finds calls, they are
 * the message's, the content is what the parse left, its reasoning is added to the message's,
 * its diagnostics too, and `finish` becomes tool_calls (unless it is length).
 */
inline void parse_left_markup(message& m, const parser_registry& reg, const options& parse) {
  parser p{reg, parse};
  message parsed = p.parse(m.content);
  if (parsed.calls.empty()) return;
  m.content = std::move(parsed.content);
  if (parsed.has_reasoning) {
    if (m.has_reasoning && !m.reasoning.empty() && !parsed.reasoning.empty()) m.reasoning += '\n';
    m.reasoning += parsed.reasoning;
    m.has_reasoning = true;
  }
  m.calls = std::move(parsed.calls);
  if (m.finish != finish_reason::length) m.finish = finish_reason::tool_calls;
  for (auto& d : parsed.diagnostics) m.diagnostics.push_back(std::move(d));
}

/**
 * What the client side of every wire holds (openai::delta_accumulator's state, wire_accumulator):
 * the options (`Options`: openai::accumulator_options), the capped diagnostics, the SSE reader,
 * the usage, and whether the stream ended. An event fed as JSON, not as SSE, is placed at the
 * count of such bytes fed before it.
 */
template <typename Options, typename Usage>
class wire_client {
 public:
  bool done() const noexcept { return done_; }
  bool has_usage() const noexcept { return has_usage_; }
  const Usage& usage() const noexcept { return usage_; }
  const std::vector<diagnostic>& diagnostics() const noexcept { return notes_.list; }

 protected:
  /// `chat`: the chat-completions SSE dialect (sse_reader).
  wire_client(Options opt, bool chat) : opt_(std::move(opt)), sse_(chat) { notes_.max = opt_.max_diagnostics; }

  /// The offset of an event of `size` bytes fed as JSON.
  std::size_t place_event(std::size_t size) {
    const std::size_t at = event_bytes_;
    event_bytes_ += size;
    return at;
  }
  void read_sse(std::string_view bytes, const sse_reader::sink& out) {
    sse_used_ = true;
    sse_.feed(bytes, opt_.max_event_bytes, notes_, out);
  }
  /// The end of the stream: a last SSE line or event without its terminator is still taken.
  void end_sse(const sse_reader::sink& out) {
    if (sse_used_) sse_.end(opt_.max_event_bytes, notes_, out);
  }
  void reset_client() {
    notes_.clear();
    sse_.reset();
    done_ = has_usage_ = sse_used_ = false;
    usage_ = Usage{};
    event_bytes_ = 0;
  }

  Options opt_;
  wire_notes notes_;
  sse_reader sse_;
  bool done_ = false, has_usage_ = false, sse_used_ = false;
  Usage usage_;
  std::size_t event_bytes_ = 0;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_WIRE_SSE_HPP
