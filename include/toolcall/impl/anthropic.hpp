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
  finished_ = started_ = false;
  open_block_ = next_block_ = calls_sent_ = 0;
  blocks_.clear();
  blocks_.seed_ids(opt_.seed, 0x3C6EF372FE94F82Bull);
  id_ = opt_.id.empty() ? detail::random_id("msg_", blocks_.ids()) : opt_.id;
}

TOOLCALL_INLINE void sse_writer::reset(sse_options opt) {
  opt_ = std::move(opt);
  blocks_.unseed();
  reset();
}

TOOLCALL_INLINE void sse_writer::emit(const char* type) {
  detail::typed_event_line(line_, type, nullptr, body_);
  out_(line_);
}

TOOLCALL_INLINE void sse_writer::wire_start() {
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

TOOLCALL_INLINE void sse_writer::wire_text_open(detail::wire_text k) {
  open_block_ = next_block_++;
  body_.assign("{\"index\":");
  body_ += std::to_string(open_block_);
  body_ += k == detail::wire_text::content
               ? ",\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"
               : ",\"content_block\":{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"\"}}";
  emit("content_block_start");
}

TOOLCALL_INLINE void sse_writer::wire_text_delta(detail::wire_text k, std::string_view s) {
  body_.assign("{\"index\":");
  body_ += std::to_string(open_block_);
  body_ += k == detail::wire_text::content ? ",\"delta\":{\"type\":\"text_delta\",\"text\":"
                                           : ",\"delta\":{\"type\":\"thinking_delta\",\"thinking\":";
  openai::append_json_string_utf8(body_, s);
  body_ += "}}";
  emit("content_block_delta");
}

TOOLCALL_INLINE void sse_writer::wire_text_close(detail::wire_text) {
  send_stop(open_block_);
}

TOOLCALL_INLINE void sse_writer::send_stop(std::size_t block) {
  body_.assign("{\"index\":");
  body_ += std::to_string(block);
  body_ += '}';
  emit("content_block_stop");
}

TOOLCALL_INLINE void sse_writer::wire_call_start(detail::wire_writer_call& c) {
  c.block = next_block_++;
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

TOOLCALL_INLINE void sse_writer::wire_call_arguments(const detail::wire_writer_call& c, std::string_view s) {
  body_.assign("{\"index\":");
  body_ += std::to_string(c.block);
  body_ += ",\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":";
  openai::append_json_string_utf8(body_, s);
  body_ += "}}";
  emit("content_block_delta");
}

TOOLCALL_INLINE void sse_writer::wire_call_end(detail::wire_writer_call& c, bool) {
  send_stop(c.block);  // a tool_use block has no status: a failed call's input is what it is
}

TOOLCALL_INLINE void sse_writer::on_event(const event& ev) {
  if (!finished_) blocks_.on_event(*this, ev, opt_.hold_calls);
}

TOOLCALL_INLINE void sse_writer::finish_impl(finish_reason reason, const token_usage* usage) {
  if (finished_) return;
  blocks_.finish(*this);
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
  finish_impl(blocks_.any_ok() ? finish_reason::tool_calls : finish_reason::stop, nullptr);
}
TOOLCALL_INLINE void sse_writer::finish(finish_reason reason) {
  finish_impl(reason, nullptr);
}
TOOLCALL_INLINE void sse_writer::finish(finish_reason reason, const token_usage& usage) {
  finish_impl(reason, &usage);
}

/// The accumulator's state: the plumbing is detail::wire_accumulator's; the blocks are here.
class accumulator::state : public detail::wire_accumulator<accumulator::state, token_usage> {
 public:
  using wire_accumulator::wire_accumulator;

 private:
  friend class detail::wire_accumulator<state, token_usage>;
  static constexpr const char* terminal = "message_stop";
  static constexpr const char* const block_words[3] = {"content block", "that never started",
                                                       "content block index too large; event ignored"};

  struct block {
    std::string type, id, name, text, input;  // text: text, thinking, or joined partial_json
    std::size_t offset = 0;
    bool has_json = false, overflow = false;
  };

  static bool skip_sse(std::string_view type, std::string_view) { return type == "ping"; }

  static std::string_view error_text(simdjson::dom::element ev) {
    simdjson::dom::element e;
    if (!ev["error"].get(e) && e.is_object()) return detail::wire_str(e, "message");
    return {};
  }

  message build(detail::wire_notes notes, const parser_registry& reg) {
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

  void clear() {
    blocks_.clear();
    stop_reason_.clear();
  }

  block* at_index(simdjson::dom::element ev, std::size_t at, bool create) {
    std::uint64_t k = 0;
    if (ev["index"].get_uint64().get(k)) {
      notes_.add(errc::invalid_input, at, "a content block event without an index skipped");
      return nullptr;
    }
    return slot(blocks_, k, create, at, block_words);
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

  bool take_event(std::string_view type, simdjson::dom::element ev, std::size_t at) {
    if (type == "message_start") {
      simdjson::dom::element m;
      if (ev["message"].get(m) || !m.is_object()) return bad(at, type);
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

  std::vector<block> blocks_;
  std::string stop_reason_;
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
