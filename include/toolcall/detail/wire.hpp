// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_WIRE_HPP
#define TOOLCALL_DETAIL_WIRE_HPP

// What the typed-event wires (OpenAI Responses, Anthropic Messages) share on the client side:
// an SSE reader that turns bytes in pieces of any size into (event type, data) pairs, and the
// last step that turns the rebuilt content, reasoning and calls into a message (calls checked,
// ids kept unique, the content parsed when a server left tool-call markup in it).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../openai.hpp"
#include "../parser.hpp"
#include "../types.hpp"
#include "engine_core.hpp"
#include "json.hpp"
#include "json_dom.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

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
 */
class sse_reader {
 public:
  /// (event type, data, byte offset of the event)
  using sink = std::function<void(std::string_view, std::string_view, std::size_t)>;

  void feed(std::string_view bytes, std::size_t max_bytes, wire_notes& notes, const sink& out) {
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
  void end(std::size_t max_bytes, wire_notes& notes, const sink& out) {
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
    pos_ = line_start_ = event_start_ = 0;
  }

 private:
  void line(std::size_t max_bytes, wire_notes& notes, const sink& out) {
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
      if (has_data_ && !value.empty() && value.front() == '{') dispatch(out);
      if (!has_data_ && type_.empty()) event_start_ = line_start_;
      if (data_.size() + value.size() + 1 > max_bytes) {
        if (!skip_event_) notes.add(errc::invalid_input, event_start_, "an SSE event longer than max_event_bytes was dropped");
        skip_event_ = true;
        data_.clear();
        return;
      }
      if (has_data_) data_ += '\n';
      data_.append(value.data(), value.size());
      has_data_ = true;
    } else if (field == "event") {
      if (has_data_) dispatch(out);
      event_start_ = line_start_;
      type_.assign(value.data(), value.size());
    } else if (field == "id" || field == "retry") {
      // the SSE standard's reconnection fields: nothing to rebuild
    } else {
      notes.add(errc::invalid_input, line_start_, "not an SSE line, ignored: " + excerpt_of(l), severity::warning);
    }
  }

  void dispatch(const sink& out) {
    const bool had = has_data_ && !skip_event_;
    has_data_ = skip_event_ = false;
    std::string type = std::move(type_);
    type_.clear();
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
  bool has_data_ = false, cr_pending_ = false, skip_line_ = false, skip_event_ = false;
  std::size_t pos_ = 0, line_start_ = 0, event_start_ = 0;
};

/// A call as a wire delivered it, before the checks.
struct wire_call {
  std::string id, name, arguments;
  std::size_t offset = 0;
  bool failed = false;    ///< the server marked it incomplete
  bool overflow = false;  ///< arguments over max_event_bytes
};

/**
 * The message from what a wire delivered: each call needs a name and arguments that are a JSON
 * object (empty arguments are `{}`), else it is dropped with a diagnostic; ids stay unique (a
 * missing or repeated one is generated); `finish` is `length` for a token-limit stop, else
 * `tool_calls` when a call survived, else `stop`. When no call arrived and the content holds
 * tool-call markup, the content is parsed with `reg` (when `fallback`).
 */
inline message build_wire_message(std::string content, std::string reasoning, bool has_reasoning,
                                   const std::vector<wire_call>& calls, bool length, wire_notes notes,
                                   const openai::accumulator_options& opt, const parser_registry& reg,
                                   std::string_view format) {
  message m;
  m.content = std::move(content);
  m.reasoning = std::move(reasoning);
  m.has_reasoning = has_reasoning;
  m.diagnostics = std::move(notes.list);
  if (notes.suppressed)
    m.diagnostics.push_back(diagnostic{errc::invalid_input, 0,
                                       std::to_string(notes.suppressed) + " further diagnostics suppressed",
                                       severity::note});
  json_validator validator;
  std::uint64_t rng = opt.parse.seed ? opt.parse.seed : fresh_id_seed();
  std::unordered_set<std::string> used;
  std::size_t k = 0;
  for (const wire_call& c : calls) {
    const std::size_t n = k++;
    if (c.overflow) continue;
    if (m.calls.size() >= opt.parse.max_calls) {
      m.diagnostics.push_back(diagnostic{errc::limit_calls, c.offset, "more tool calls than max_calls; the rest are dropped",
                                         severity::error});
      break;
    }
    if (c.failed) {
      m.diagnostics.push_back(diagnostic{errc::invalid_arguments, c.offset,
                                         "tool call " + std::to_string(n) + " was marked incomplete; dropped",
                                         severity::error});
      continue;
    }
    if (c.name.empty()) {
      m.diagnostics.push_back(diagnostic{errc::missing_name, c.offset,
                                         "tool call " + std::to_string(n) + " has no name; dropped", severity::error});
      continue;
    }
    call out;
    out.name = c.name;
    out.format = std::string(format);
    std::string_view args = c.arguments;
    while (!args.empty() && (args.front() == ' ' || args.front() == '\n' || args.front() == '\r' || args.front() == '\t'))
      args.remove_prefix(1);
    if (args.empty())
      out.arguments = "{}";
    else
      compact_json(args, out.arguments);
    if (validator.check_allow_big_numbers(out.arguments) != json_validator::kind::object) {
      m.diagnostics.push_back(diagnostic{errc::invalid_arguments, c.offset,
                                         "tool call " + std::to_string(n) + " (" + c.name +
                                             ") has arguments that are not a JSON object; dropped",
                                         severity::error});
      continue;
    }
    out.id = c.id.empty() || !used.insert(c.id).second ? random_id("call_", rng) : c.id;
    m.calls.push_back(std::move(out));
  }
  m.finish = length ? finish_reason::length : m.calls.empty() ? finish_reason::stop : finish_reason::tool_calls;
  if (calls.empty() && opt.fallback && !m.content.empty()) {
    parser p{reg, opt.parse};
    message parsed = p.parse(m.content);
    if (!parsed.calls.empty()) {
      m.content = std::move(parsed.content);
      if (parsed.has_reasoning) {
        if (m.has_reasoning && !m.reasoning.empty() && !parsed.reasoning.empty()) m.reasoning += '\n';
        m.reasoning += parsed.reasoning;
        m.has_reasoning = true;
      }
      m.calls = std::move(parsed.calls);
      if (!length) m.finish = finish_reason::tool_calls;
      for (auto& d : parsed.diagnostics) m.diagnostics.push_back(std::move(d));
    }
  }
  return m;
}

/// A simdjson DOM parser that reads one event's JSON at a time.
class wire_json {
 public:
  /// Parses `text`; false (with `why`) when it is not a JSON object.
  bool read(std::string_view text, simdjson::dom::element& root, std::string& why) {
    if (text.size() + simdjson::SIMDJSON_PADDING > buf_.size()) buf_.resize(text.size() + simdjson::SIMDJSON_PADDING);
    std::copy(text.begin(), text.end(), buf_.begin());
    if (parser_.parse(buf_.data(), text.size(), false).get(root)) {
      why = "not JSON";
      return false;
    }
    if (!root.is_object()) {
      why = "not a JSON object";
      return false;
    }
    return true;
  }

 private:
  simdjson::dom::parser parser_;
  std::string buf_;
};

/// The string member `key` of `o`, or empty.
inline std::string_view wire_str(simdjson::dom::element o, std::string_view key) {
  std::string_view v;
  if (o[key].get_string().get(v)) return {};
  return v;
}

/// The non-negative integer member `key` of `o`, or `fallback`.
inline std::uint64_t wire_uint(simdjson::dom::element o, std::string_view key, std::uint64_t fallback) {
  std::uint64_t v = 0;
  if (o[key].get_uint64().get(v)) return fallback;
  return v;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_WIRE_HPP
