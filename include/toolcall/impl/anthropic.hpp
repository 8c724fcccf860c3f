// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_ANTHROPIC_HPP
#define TOOLCALL_IMPL_ANTHROPIC_HPP

// Definitions of anthropic.hpp: inline in header-only mode, compiled once by src/toolcall.cpp
// with TOOLCALL_HEADER_ONLY=0.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../anthropic.hpp"
#include "../detail/engine_core.hpp"
#include "../detail/wire.hpp"
#include "../json_writer.hpp"
#include "openai.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace anthropic {

TOOLCALL_INLINE std::string tool_use_id(std::string_view call_id) {
  if (call_id.substr(0, 6) == "toolu_") return std::string(call_id);
  if (call_id.substr(0, 5) == "call_") call_id.remove_prefix(5);
  std::string id = "toolu_";
  for (const char c : call_id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    id += ok ? c : '_';
  }
  return id;
}

TOOLCALL_INLINE sse_writer::sse_writer(output out, sse_options opt) : out_(std::move(out)), opt_(std::move(opt)) {
  reset();
}

TOOLCALL_INLINE sse_writer::sse_writer(std::string& out, sse_options opt)
    : out_([p = &out](std::string_view s) { p->append(s.data(), s.size()); }), opt_(std::move(opt)) {
  reset();
}

TOOLCALL_INLINE void sse_writer::reset() {
  finished_ = started_ = any_ok_ = false;
  open_ = text_kind::none;
  open_block_ = blocks_ = calls_sent_ = 0;
  calls_.clear();
  if (!seeded_) {
    rng_ = opt_.seed ? opt_.seed ^ 0x3C6EF372FE94F82Bull : detail::fresh_id_seed();
    seeded_ = true;
  }
  id_ = opt_.id.empty() ? detail::random_id("msg_", rng_) : opt_.id;
}

TOOLCALL_INLINE void sse_writer::reset(sse_options opt) {
  opt_ = std::move(opt);
  seeded_ = false;
  reset();
}

TOOLCALL_INLINE void sse_writer::emit(const char* type) {
  line_.assign("event: ");
  line_ += type;
  line_ += "\ndata: {\"type\":\"";
  line_ += type;
  line_ += '"';
  if (body_.size() > 2) {
    line_ += ',';
    line_.append(body_, 1, std::string::npos);
  } else {
    line_ += '}';
  }
  line_ += "\n\n";
  out_(line_);
}

TOOLCALL_INLINE void sse_writer::start() {
  if (started_) return;
  started_ = true;
  body_.assign("{\"message\":{\"id\":");
  openai::append_json_string_utf8(body_, id_);
  body_ += ",\"type\":\"message\",\"role\":\"assistant\",\"model\":";
  openai::append_json_string_utf8(body_, opt_.model);
  body_ += ",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":";
  body_ += std::to_string(opt_.input_tokens);
  body_ += ",\"output_tokens\":0}}}";
  emit("message_start");
}

TOOLCALL_INLINE void sse_writer::stop_open_call() {
  for (auto& c : calls_)
    if (c.sent && !c.stopped) {
      c.stopped = true;
      send_stop(c.block);
    }
}

TOOLCALL_INLINE void sse_writer::open_text(text_kind k) {
  start();
  if (open_ == k) return;
  stop_open_call();
  close_text();
  open_ = k;
  open_block_ = blocks_++;
  body_.assign("{\"index\":");
  body_ += std::to_string(open_block_);
  body_ += k == text_kind::text ? ",\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"
                                : ",\"content_block\":{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"\"}}";
  emit("content_block_start");
}

TOOLCALL_INLINE void sse_writer::close_text() {
  if (open_ == text_kind::none) return;
  open_ = text_kind::none;
  send_stop(open_block_);
}

TOOLCALL_INLINE void sse_writer::send_stop(std::size_t block) {
  body_.assign("{\"index\":");
  body_ += std::to_string(block);
  body_ += '}';
  emit("content_block_stop");
}

TOOLCALL_INLINE sse_writer::call_block* sse_writer::find_call(std::size_t index) {
  for (auto& c : calls_)
    if (c.index == index) return &c;
  return nullptr;
}

TOOLCALL_INLINE void sse_writer::send_block_start(call_block& c) {
  start();
  stop_open_call();
  close_text();
  c.sent = true;
  c.block = blocks_++;
  ++calls_sent_;
  body_.assign("{\"index\":");
  body_ += std::to_string(c.block);
  body_ += ",\"content_block\":{\"type\":\"tool_use\",\"id\":";
  openai::append_json_string_utf8(body_, tool_use_id(c.id));
  body_ += ",\"name\":";
  openai::append_json_string_utf8(body_, c.name);
  body_ += ",\"input\":{}}}";
  emit("content_block_start");
}

TOOLCALL_INLINE void sse_writer::send_arguments(const call_block& c, std::string_view s) {
  body_.assign("{\"index\":");
  body_ += std::to_string(c.block);
  body_ += ",\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":";
  openai::append_json_string_utf8(body_, s);
  body_ += "}}";
  emit("content_block_delta");
}

TOOLCALL_INLINE void sse_writer::flush_held() {
  std::size_t k = 0;
  for (; k < calls_.size() && calls_[k].ended; ++k) {
    call_block& c = calls_[k];
    if (!c.ok) continue;
    send_block_start(c);
    if (!c.arguments.empty()) send_arguments(c, c.arguments);
    c.stopped = true;
    send_stop(c.block);
  }
  calls_.erase(calls_.begin(), calls_.begin() + static_cast<std::ptrdiff_t>(k));
}

TOOLCALL_INLINE void sse_writer::on_event(const event& ev) {
  if (finished_) return;
  switch (ev.kind) {
    case event_kind::content:
    case event_kind::reasoning: {
      const bool text = ev.kind == event_kind::content;
      if (ev.text.empty() && (text || open_ == text_kind::thinking)) return;
      open_text(text ? text_kind::text : text_kind::thinking);
      if (ev.text.empty()) return;
      body_.assign("{\"index\":");
      body_ += std::to_string(open_block_);
      body_ += text ? ",\"delta\":{\"type\":\"text_delta\",\"text\":" : ",\"delta\":{\"type\":\"thinking_delta\",\"thinking\":";
      openai::append_json_string_utf8(body_, ev.text);
      body_ += "}}";
      emit("content_block_delta");
      return;
    }
    case event_kind::call_begin: {
      call_block c;
      c.index = ev.index;
      c.id.assign(ev.id.data(), ev.id.size());
      c.name.assign(ev.name.data(), ev.name.size());
      calls_.push_back(std::move(c));
      return;
    }
    case event_kind::arguments_delta: {
      if (ev.text.empty()) return;
      call_block* c = find_call(ev.index);
      if (!c) return;
      if (opt_.hold_calls) {
        c->arguments.append(ev.text.data(), ev.text.size());
        return;
      }
      if (!c->sent) send_block_start(*c);
      send_arguments(*c, ev.text);
      return;
    }
    case event_kind::call_end: {
      const bool ok = ev.status == call_status::ok || ev.status == call_status::repaired ||
                      ev.status == call_status::normalized || ev.status == call_status::unknown_tool;
      if (ok) any_ok_ = true;
      call_block* c = find_call(ev.index);
      if (!c) return;
      if (opt_.hold_calls) {
        c->ended = true;
        c->ok = ok;
        flush_held();
        return;
      }
      if (ok && !c->sent) send_block_start(*c);  // a call with no argument bytes at all
      if (c->sent && !c->stopped) send_stop(c->block);
      calls_.erase(calls_.begin() + (c - calls_.data()));
      return;
    }
    case event_kind::diagnostic: return;
  }
}

TOOLCALL_INLINE void sse_writer::finish_impl(finish_reason reason, const token_usage* usage) {
  if (finished_) return;
  start();
  close_text();
  stop_open_call();
  calls_.clear();
  body_.assign("{\"delta\":{\"stop_reason\":\"");
  body_ += reason == finish_reason::length ? "max_tokens" : reason == finish_reason::tool_calls ? "tool_use" : "end_turn";
  body_ += "\",\"stop_sequence\":null},\"usage\":{";
  if (usage) {
    body_ += "\"input_tokens\":";
    body_ += std::to_string(usage->input_tokens);
    body_ += ",\"output_tokens\":";
    body_ += std::to_string(usage->output_tokens);
  } else {
    body_ += "\"output_tokens\":0";
  }
  body_ += "}}";
  emit("message_delta");
  body_.assign("{}");
  emit("message_stop");
  finished_ = true;
}

TOOLCALL_INLINE void sse_writer::finish() {
  finish_impl(any_ok_ ? finish_reason::tool_calls : finish_reason::stop, nullptr);
}
TOOLCALL_INLINE void sse_writer::finish(finish_reason reason) {
  finish_impl(reason, nullptr);
}
TOOLCALL_INLINE void sse_writer::finish(finish_reason reason, const token_usage& usage) {
  finish_impl(reason, &usage);
}

/// The accumulator's state.
class accumulator::state {
 public:
  explicit state(accumulator_options opt) : opt_(std::move(opt)) { notes_.max = opt_.max_diagnostics; }

  bool feed_event(std::string_view json) {
    const std::size_t at = event_bytes_;
    event_bytes_ += json.size();
    return take(json, at);
  }

  void feed_sse(std::string_view bytes) {
    sse_used_ = true;
    sse_.feed(bytes, opt_.max_event_bytes, notes_, sink());
  }

  bool done() const noexcept { return done_; }
  bool has_usage() const noexcept { return has_usage_; }
  const token_usage& usage() const noexcept { return usage_; }
  const std::vector<diagnostic>& diagnostics() const noexcept { return notes_.list; }

  message finish(const parser_registry& reg) {
    if (sse_used_) sse_.end(opt_.max_event_bytes, notes_, sink());
    detail::wire_notes notes = notes_;
    if (!done_ && (sse_used_ || event_bytes_))
      notes.add(errc::invalid_input, sse_.position(), "the stream ended without message_stop", severity::warning);
    std::string content, reasoning;
    bool has_reasoning = false;
    std::vector<detail::wire_call> calls;
    for (const block& b : blocks_) {
      if (b.type == "text") {
        content += b.text;
      } else if (b.type == "thinking" || b.type == "redacted_thinking") {
        has_reasoning = true;
        reasoning += b.text;
      } else if (b.type == "tool_use") {
        detail::wire_call c;
        c.id = b.id;
        c.name = b.name;
        c.arguments = b.has_json ? b.text : b.input;
        c.offset = b.offset;
        c.overflow = b.overflow;
        calls.push_back(std::move(c));
      }
    }
    return detail::build_wire_message(std::move(content), std::move(reasoning), has_reasoning, calls,
                                      stop_reason_ == "max_tokens", std::move(notes), opt_, reg, "anthropic");
  }

  void reset() {
    notes_.clear();
    sse_.reset();
    blocks_.clear();
    stop_reason_.clear();
    done_ = has_usage_ = sse_used_ = started_ = false;
    usage_ = token_usage{};
    event_bytes_ = 0;
  }

 private:
  struct block {
    std::string type, id, name, text, input;  // text: text, thinking, or joined partial_json
    std::size_t offset = 0;
    bool has_json = false, overflow = false;
  };

  detail::sse_reader::sink sink() {
    return [this](std::string_view type, std::string_view data, std::size_t at) {
      if (type == "ping") return;
      if (type == "error") {
        notes_.add(errc::invalid_input, at, "the server sent an error event: " + detail::excerpt(data, 200));
        return;
      }
      take(data, at);
    };
  }

  block* at_index(simdjson::dom::element ev, std::size_t at, bool create) {
    std::uint64_t k = 0;
    if (ev["index"].get_uint64().get(k)) {
      notes_.add(errc::invalid_input, at, "a content block event without an index skipped");
      return nullptr;
    }
    if (k >= blocks_.size()) {
      if (!create) {
        notes_.add(errc::invalid_input, at, "an event for content block " + std::to_string(k) + " that never started",
                   severity::warning);
        return nullptr;
      }
      if (k >= opt_.parse.max_calls + 4096) {
        notes_.add(errc::invalid_input, at, "content block index too large; event ignored");
        return nullptr;
      }
      blocks_.resize(static_cast<std::size_t>(k) + 1);
    }
    return &blocks_[static_cast<std::size_t>(k)];
  }

  void append(block& b, std::string_view d, std::size_t at) {
    if (b.overflow) return;
    if (b.text.size() + d.size() > opt_.max_event_bytes) {
      notes_.add(errc::limit_call_bytes, at, "a content block longer than max_event_bytes; dropped");
      b.overflow = true;
      if (b.type != "tool_use") b.text.clear();
      return;
    }
    b.text.append(d.data(), d.size());
  }

  void take_usage(simdjson::dom::element ev) {
    simdjson::dom::element u;
    if (ev["usage"].get(u) || !u.is_object()) return;
    has_usage_ = true;
    usage_.input_tokens = detail::wire_uint(u, "input_tokens", usage_.input_tokens);
    usage_.output_tokens = detail::wire_uint(u, "output_tokens", usage_.output_tokens);
  }

  bool take(std::string_view json, std::size_t at) {
    simdjson::dom::element ev;
    std::string why;
    if (!reader_.read(json, ev, why)) {
      notes_.add(errc::invalid_input, at, "malformed event skipped: " + why);
      return false;
    }
    const std::string_view type = detail::wire_str(ev, "type");
    if (type == "error") {
      simdjson::dom::element e;
      std::string_view msg;
      if (!ev["error"].get(e) && e.is_object()) msg = detail::wire_str(e, "message");
      notes_.add(errc::invalid_input, at, "the server sent an error: " + detail::excerpt(msg, 200));
      return false;
    }
    if (done_) return true;
    if (type == "message_start") {
      simdjson::dom::element m;
      if (ev["message"].get(m) || !m.is_object()) return bad(at, type);
      started_ = true;
      take_usage(m);
    } else if (type == "content_block_start") {
      simdjson::dom::element cb;
      block* b = at_index(ev, at, true);
      if (!b || ev["content_block"].get(cb) || !cb.is_object()) return bad(at, type);
      *b = block{};
      b->offset = at;
      b->type.assign(detail::wire_str(cb, "type"));
      if (b->type == "text") {
        b->text.assign(detail::wire_str(cb, "text"));
      } else if (b->type == "thinking") {
        b->text.assign(detail::wire_str(cb, "thinking"));
      } else if (b->type == "tool_use") {
        b->id.assign(detail::wire_str(cb, "id"));
        b->name.assign(detail::wire_str(cb, "name"));
        simdjson::dom::element in;
        if (!cb["input"].get(in)) b->input = simdjson::minify(in);
      }
    } else if (type == "content_block_delta") {
      simdjson::dom::element d;
      block* b = at_index(ev, at, false);
      if (!b || ev["delta"].get(d) || !d.is_object()) return bad(at, type);
      const std::string_view dt = detail::wire_str(d, "type");
      if (dt == "text_delta" && b->type == "text") {
        append(*b, detail::wire_str(d, "text"), at);
      } else if (dt == "thinking_delta" && b->type == "thinking") {
        append(*b, detail::wire_str(d, "thinking"), at);
      } else if (dt == "input_json_delta" && b->type == "tool_use") {
        b->has_json = true;
        append(*b, detail::wire_str(d, "partial_json"), at);
      }
      // signature_delta, citations_delta: nothing of the message
    } else if (type == "content_block_stop") {
      // nothing to do: a block is whole when it stops
    } else if (type == "message_delta") {
      simdjson::dom::element d;
      if (!ev["delta"].get(d) && d.is_object()) {
        const std::string_view r = detail::wire_str(d, "stop_reason");
        if (!r.empty()) stop_reason_.assign(r.data(), r.size());
      }
      take_usage(ev);
    } else if (type == "message_stop") {
      done_ = true;
    }
    return true;
  }

  bool bad(std::size_t at, std::string_view type) {
    notes_.add(errc::invalid_input, at, "malformed " + std::string(type) + " event skipped");
    return false;
  }

  accumulator_options opt_;
  detail::wire_notes notes_;
  detail::sse_reader sse_;
  detail::wire_json reader_;
  std::vector<block> blocks_;
  std::string stop_reason_;
  bool done_ = false, has_usage_ = false, sse_used_ = false, started_ = false;
  token_usage usage_;
  std::size_t event_bytes_ = 0;
};

TOOLCALL_INLINE accumulator::accumulator(accumulator_options opt) : s_(std::make_unique<state>(std::move(opt))) {}
TOOLCALL_INLINE accumulator::~accumulator() = default;
TOOLCALL_INLINE accumulator::accumulator(accumulator&& other) noexcept = default;
TOOLCALL_INLINE accumulator& accumulator::operator=(accumulator&& other) noexcept = default;
TOOLCALL_INLINE bool accumulator::feed_event(std::string_view event_json) {
  return s_->feed_event(event_json);
}
TOOLCALL_INLINE void accumulator::feed_sse(std::string_view bytes) {
  s_->feed_sse(bytes);
}
TOOLCALL_INLINE bool accumulator::done() const noexcept {
  return s_->done();
}
TOOLCALL_INLINE bool accumulator::has_usage() const noexcept {
  return s_->has_usage();
}
TOOLCALL_INLINE const token_usage& accumulator::usage() const noexcept {
  return s_->usage();
}
TOOLCALL_INLINE const std::vector<diagnostic>& accumulator::diagnostics() const noexcept {
  return s_->diagnostics();
}
TOOLCALL_INLINE message accumulator::finish(const parser_registry& reg) {
  return s_->finish(reg);
}
TOOLCALL_INLINE void accumulator::reset() {
  s_->reset();
}

}  // namespace anthropic
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_ANTHROPIC_HPP
