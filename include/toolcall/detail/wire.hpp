// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// This header needs the OpenAI declarations, and openai.hpp includes it (through the Responses
// implementation) once they stand: included first, it lets openai.hpp bring it in its place.
#ifndef TOOLCALL_OPENAI_HPP
#include "../openai.hpp"
#endif
#ifndef TOOLCALL_DETAIL_WIRE_HPP
#define TOOLCALL_DETAIL_WIRE_HPP

// What the typed-event wires (OpenAI Responses, Anthropic Messages) share. On the server side:
// the events-to-blocks bookkeeping of their writers (wire_blocks, declared in wire_writer.hpp)
// and the event line they write. On the client side: the plumbing of an accumulator
// (wire_accumulator, over wire_sse.hpp's wire_client and SSE reader), and the last step that
// turns the rebuilt content, reasoning and calls into a message (calls checked, ids kept unique,
// the content parsed when a server left tool-call markup in it: parse_left_markup).

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
#include "wire_sse.hpp"
#include "wire_writer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

// ---------------------------------------------------------------------------------------------
// The writers

/// Writes `event: <type>\ndata: {"type":"<type>"` into `line`, then `,"sequence_number":N`
/// when `seq` is given (and counts it), then the members of `body` (a JSON object), then `\n\n`.
inline void typed_event_line(std::string& line, const char* type, std::uint64_t* seq, const std::string& body) {
  line.assign("event: ");
  line += type;
  line += "\ndata: {\"type\":\"";
  line += type;
  line += '"';
  if (seq) {
    line += ",\"sequence_number\":";
    line += std::to_string((*seq)++);
  }
  if (body.size() > 2) {  // `{...}`: its members follow
    line += ',';
    line.append(body, 1, std::string::npos);
  } else {
    line += '}';
  }
  line += "\n\n";
}

inline void wire_blocks::seed_ids(std::uint64_t seed, std::uint64_t salt) {
  if (seeded_) return;
  rng_ = seed ? seed ^ salt : fresh_id_seed();
  seeded_ = true;
}

inline wire_writer_call* wire_blocks::find(std::size_t index) {
  for (auto& c : calls_)
    if (c.index == index) return &c;
  return nullptr;
}

template <typename W>
void wire_blocks::close_text(W& w) {
  if (open_ == wire_text::none) return;
  const wire_text k = open_;
  open_ = wire_text::none;
  w.wire_text_close(k);
}

template <typename W>
void wire_blocks::end_live_calls(W& w, bool ok) {
  for (auto& c : calls_)
    if (c.sent && !c.stopped) {
      c.stopped = true;
      w.wire_call_end(c, ok);
    }
}

template <typename W>
void wire_blocks::open_text(W& w, wire_text k) {
  w.wire_start();
  if (open_ == k) return;
  if (!W::interleaves) end_live_calls(w, true);
  close_text(w);
  open_ = k;
  w.wire_text_open(k);
}

template <typename W>
void wire_blocks::start_call(W& w, wire_writer_call& c) {
  w.wire_start();
  if (!W::interleaves) end_live_calls(w, true);
  close_text(w);
  c.sent = true;
  w.wire_call_start(c);
}

template <typename W>
void wire_blocks::flush_held(W& w) {
  std::size_t k = 0;
  for (; k < calls_.size() && calls_[k].ended; ++k) {
    wire_writer_call& c = calls_[k];
    if (!c.ok) continue;
    start_call(w, c);
    if (!c.arguments.empty()) w.wire_call_arguments(c, c.arguments);
    c.stopped = true;
    w.wire_call_end(c, true);
  }
  calls_.erase(calls_.begin(), calls_.begin() + static_cast<std::ptrdiff_t>(k));
}

template <typename W>
void wire_blocks::on_event(W& w, const event& ev, bool hold) {
  switch (ev.kind) {
    case event_kind::content:
    case event_kind::reasoning: {
      const wire_text k = ev.kind == event_kind::content ? wire_text::content : wire_text::reasoning;
      // empty content is nothing; an empty reasoning event opens a block (`<think></think>`)
      if (ev.text.empty() && (k == wire_text::content || open_ == k)) return;
      open_text(w, k);
      if (!ev.text.empty()) w.wire_text_delta(k, ev.text);
      return;
    }
    case event_kind::call_begin: {
      wire_writer_call c;
      c.index = ev.index;
      c.id.assign(ev.id.data(), ev.id.size());
      c.name.assign(ev.name.data(), ev.name.size());
      calls_.push_back(std::move(c));
      return;
    }
    case event_kind::arguments_delta: {
      if (ev.text.empty()) return;
      wire_writer_call* c = find(ev.index);
      if (!c) return;
      c->arguments.append(ev.text.data(), ev.text.size());
      if (hold) return;
      if (!c->sent) start_call(w, *c);  // a call's block waits for its first argument byte
      w.wire_call_arguments(*c, ev.text);
      return;
    }
    case event_kind::call_end: {
      const bool ok = sent_as_call(ev.status);
      if (ok) any_ok_ = true;
      wire_writer_call* c = find(ev.index);
      if (!c) return;
      if (hold) {
        c->ended = true;
        c->ok = ok;
        flush_held(w);
        return;
      }
      if (ok && !c->sent) start_call(w, *c);  // a call with no argument bytes at all
      if (c->sent && !c->stopped) w.wire_call_end(*c, ok);
      calls_.erase(calls_.begin() + (c - calls_.data()));
      return;
    }
    case event_kind::diagnostic: return;
  }
}

template <typename W>
void wire_blocks::finish(W& w) {
  w.wire_start();
  close_text(w);
  end_live_calls(w, false);
  calls_.clear();
}

// ---------------------------------------------------------------------------------------------
// The accumulators

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
    out.id = unique_call_id(c.id, used, rng);
    m.calls.push_back(std::move(out));
  }
  m.finish = length ? finish_reason::length : m.calls.empty() ? finish_reason::stop : finish_reason::tool_calls;
  if (calls.empty() && opt.fallback && !m.content.empty()) parse_left_markup(m, reg, opt.parse);
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

/**
 * The plumbing of a typed-event accumulator (Responses, Anthropic): event JSON, or SSE bytes in
 * pieces of any size, in; the capped diagnostics; the usage; the terminal event; the checks
 * every event passes (JSON, `error` events) before the wire's own reading of it. `D`, the
 * wire's state, derives from it (CRTP) and provides:
 *
 *   static constexpr const char* terminal;          the terminal event's name, for the warning
 *   static bool skip_sse(type, data);                an SSE event that is nothing (ping, [DONE])
 *   static std::string_view error_text(ev);          an `error` event's message
 *   bool take_event(type, ev, at);                   the wire's events, until the terminal one
 *   message build(wire_notes notes, const parser_registry& reg);   the message at finish()
 *   void clear();                                    forgets the rebuilt blocks
 */
template <typename D, typename Usage>
class wire_accumulator : public wire_client<openai::accumulator_options, Usage> {
  using client = wire_client<openai::accumulator_options, Usage>;

 public:
  explicit wire_accumulator(openai::accumulator_options opt) : client(std::move(opt), false) {}

  bool feed_event(std::string_view json) { return take(json, this->place_event(json.size())); }

  void feed_sse(std::string_view bytes) { this->read_sse(bytes, sink()); }

  message finish(const parser_registry& reg) {
    this->end_sse(sink());
    wire_notes notes = notes_;
    if (!done_ && (this->sse_used_ || this->event_bytes_))
      notes.add(errc::invalid_input, this->sse_.position(), std::string("the stream ended without ") + D::terminal,
                severity::warning);
    return self().build(std::move(notes), reg);
  }

  void reset() {
    this->reset_client();
    self().clear();
  }

 protected:
  using client::opt_;
  using client::notes_;
  using client::done_;
  using client::has_usage_;
  using client::usage_;

  /// The element `k` of `v` (a block or an item by its index): grown to hold it when `create`,
  /// within a bound; else an event for one that never started (a warning). `what` names it in
  /// the diagnostics: {its name, how it never started, the too-large note}.
  template <typename T>
  T* slot(std::vector<T>& v, std::uint64_t k, bool create, std::size_t at, const char* const (&what)[3]) {
    if (k >= v.size()) {
      if (!create) {
        notes_.add(errc::invalid_input, at,
                   std::string("an event for ") + what[0] + " " + std::to_string(k) + " " + what[1], severity::warning);
        return nullptr;
      }
      if (k >= opt_.parse.max_calls + 4096) {
        notes_.add(errc::invalid_input, at, what[2]);
        return nullptr;
      }
      v.resize(static_cast<std::size_t>(k) + 1);
    }
    return &v[static_cast<std::size_t>(k)];
  }

  bool bad(std::size_t at, std::string_view type) {
    notes_.add(errc::invalid_input, at, "malformed " + std::string(type) + " event skipped");
    return false;
  }

 private:
  D& self() { return static_cast<D&>(*this); }

  sse_reader::sink sink() {
    return [this](std::string_view type, std::string_view data, std::size_t at) {
      if (type == "error") {
        notes_.add(errc::invalid_input, at, "the server sent an error event: " + excerpt(data, 200));
        return;
      }
      if (D::skip_sse(type, data)) return;
      take(data, at);
    };
  }

  bool take(std::string_view json, std::size_t at) {
    simdjson::dom::element ev;
    std::string why;
    if (!reader_.read(json, ev, why)) {
      notes_.add(errc::invalid_input, at, "malformed event skipped: " + why);
      return false;
    }
    const std::string_view type = wire_str(ev, "type");
    if (type == "error") {
      notes_.add(errc::invalid_input, at, "the server sent an error: " + excerpt(D::error_text(ev), 200));
      return false;
    }
    if (done_) return true;
    return self().take_event(type, ev, at);
  }

  wire_json reader_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_WIRE_HPP
