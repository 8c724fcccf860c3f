// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_RESPONSES_HPP
#define TOOLCALL_IMPL_RESPONSES_HPP

// Definitions of responses.hpp: inline in header-only mode, compiled once by src/toolcall.cpp
// with TOOLCALL_HEADER_ONLY=0.

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/engine_core.hpp"
#include "../detail/wire.hpp"
#include "openai.hpp"
#include "../json_writer.hpp"
#include "../responses.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// `out` = `{"item_id":ID,"output_index":N`: how an event names the item it is about.
inline void responses_item_ref(std::string& out, std::string_view item_id, std::size_t output_index) {
  out.assign("{\"item_id\":");
  openai::append_json_string_utf8(out, item_id);
  out += ",\"output_index\":";
  out += std::to_string(output_index);
}

/// `out` = `{"output_index":N,"item":ITEM}`: a `response.output_item.added` / `.done` body.
inline void responses_item_event(std::string& out, std::size_t output_index, const std::string& item) {
  out.assign("{\"output_index\":");
  out += std::to_string(output_index);
  out += ",\"item\":";
  out += item;
  out += '}';
}

/// `out` = a function_call item with its `status` and `arguments`.
inline void responses_call_item(std::string& out, const wire_writer_call& c, const char* status,
                                std::string_view arguments) {
  out.assign("{\"id\":");
  openai::append_json_string_utf8(out, c.item_id);
  out += ",\"type\":\"function_call\",\"status\":\"";
  out += status;
  out += "\",\"call_id\":";
  openai::append_json_string_utf8(out, c.id);
  out += ",\"name\":";
  openai::append_json_string_utf8(out, c.name);
  out += ",\"arguments\":";
  openai::append_json_string_utf8(out, arguments);
  out += '}';
}

}  // namespace detail

namespace openai {

TOOLCALL_INLINE responses_writer::responses_writer(output out, responses_options opt)
    : out_(std::move(out)), opt_(std::move(opt)) {
  reset();
}

TOOLCALL_INLINE responses_writer::responses_writer(std::string& out, responses_options opt)
    : out_([p = &out](std::string_view s) { p->append(s.data(), s.size()); }), opt_(std::move(opt)) {
  reset();
}

TOOLCALL_INLINE void responses_writer::reset() {
  finished_ = started_ = false;
  seq_ = 0;
  open_output_ = calls_sent_ = 0;
  items_.clear();
  blocks_.clear();
  text_.clear();
  blocks_.seed_ids(opt_.seed, 0xBB67AE8584CAA73Bull);
  id_ = opt_.id.empty() ? detail::random_id("resp_", blocks_.ids()) : opt_.id;
  created_ = opt_.created ? opt_.created : static_cast<std::int64_t>(std::time(nullptr));
}

TOOLCALL_INLINE void responses_writer::reset(responses_options opt) {
  opt_ = std::move(opt);
  blocks_.unseed();
  reset();
}

TOOLCALL_INLINE void responses_writer::emit(const char* type) {
  detail::typed_event_line(line_, type, &seq_, body_);
  out_(line_);
}

TOOLCALL_INLINE void responses_writer::response_object(std::string& out, const char* status, const token_usage* usage,
                                                       bool length) const {
  out += "{\"id\":";
  append_json_string_utf8(out, id_);
  out += ",\"object\":\"response\",\"created_at\":";
  out += std::to_string(created_);
  out += ",\"status\":\"";
  out += status;
  out += "\",\"error\":null,\"incomplete_details\":";
  out += length ? "{\"reason\":\"max_output_tokens\"}" : "null";
  out += ",\"instructions\":null,\"metadata\":{},\"model\":";
  append_json_string_utf8(out, opt_.model);
  out += ",\"output\":[";
  for (std::size_t k = 0; k < items_.size(); ++k) {
    if (k) out += ',';
    out += items_[k];
  }
  out += "],\"parallel_tool_calls\":true,\"temperature\":null,\"tool_choice\":\"auto\",\"tools\":[],\"top_p\":null,"
         "\"usage\":";
  if (usage) {
    out += "{\"input_tokens\":";
    out += std::to_string(usage->prompt_tokens);
    out += ",\"input_tokens_details\":{\"cached_tokens\":0},\"output_tokens\":";
    out += std::to_string(usage->completion_tokens);
    out += ",\"output_tokens_details\":{\"reasoning_tokens\":0},\"total_tokens\":";
    out += std::to_string(usage->total_tokens);
    out += '}';
  } else {
    out += "null";
  }
  out += '}';
}

TOOLCALL_INLINE void responses_writer::wire_start() {
  if (started_) return;
  started_ = true;
  body_.assign("{\"response\":");
  response_object(body_, "in_progress", nullptr, false);
  body_ += '}';
  emit("response.created");
  emit("response.in_progress");
}

TOOLCALL_INLINE void responses_writer::wire_text_open(detail::wire_text k) {
  const bool content = k == detail::wire_text::content;
  open_output_ = items_.size();
  items_.emplace_back();  // written at close
  item_id_ = detail::random_id(content ? "msg_" : "rs_", blocks_.ids());
  text_.clear();
  body_.assign("{\"output_index\":");
  body_ += std::to_string(open_output_);
  body_ += ",\"item\":{\"id\":";
  append_json_string_utf8(body_, item_id_);
  if (content)
    body_ += ",\"type\":\"message\",\"status\":\"in_progress\",\"role\":\"assistant\",\"content\":[]}}";
  else
    body_ += ",\"type\":\"reasoning\",\"status\":\"in_progress\",\"summary\":[],\"content\":[]}}";
  emit("response.output_item.added");
  detail::responses_item_ref(body_, item_id_, open_output_);
  body_ += ",\"content_index\":0,\"part\":";
  body_ += content ? "{\"type\":\"output_text\",\"text\":\"\",\"annotations\":[],\"logprobs\":[]}}"
                   : "{\"type\":\"reasoning_text\",\"text\":\"\"}}";
  emit("response.content_part.added");
}

TOOLCALL_INLINE void responses_writer::wire_text_delta(detail::wire_text k, std::string_view s) {
  text_.append(s.data(), s.size());
  detail::responses_item_ref(body_, item_id_, open_output_);
  body_ += ",\"content_index\":0,\"delta\":";
  append_json_string_utf8(body_, s);
  if (k == detail::wire_text::content) {
    body_ += ",\"logprobs\":[]}";
    emit("response.output_text.delta");
  } else {
    body_ += '}';
    emit("response.reasoning_text.delta");
  }
}

TOOLCALL_INLINE void responses_writer::wire_text_close(detail::wire_text k) {
  const bool content = k == detail::wire_text::content;
  std::string part = content ? "{\"type\":\"output_text\",\"text\":" : "{\"type\":\"reasoning_text\",\"text\":";
  append_json_string_utf8(part, text_);
  part += content ? ",\"annotations\":[],\"logprobs\":[]}" : "}";
  std::string head;
  detail::responses_item_ref(head, item_id_, open_output_);
  head += ",\"content_index\":0";
  body_.assign(head);
  body_ += ",\"text\":";
  append_json_string_utf8(body_, text_);
  body_ += content ? ",\"logprobs\":[]}" : "}";
  emit(content ? "response.output_text.done" : "response.reasoning_text.done");
  body_.assign(head);
  body_ += ",\"part\":";
  body_ += part;
  body_ += '}';
  emit("response.content_part.done");
  std::string& item = items_[open_output_];
  item.assign("{\"id\":");
  append_json_string_utf8(item, item_id_);
  if (content)
    item += ",\"type\":\"message\",\"status\":\"completed\",\"role\":\"assistant\",\"content\":[";
  else
    item += ",\"type\":\"reasoning\",\"status\":\"completed\",\"summary\":[],\"content\":[";
  item += part;
  item += "]}";
  detail::responses_item_event(body_, open_output_, item);
  emit("response.output_item.done");
  text_.clear();
}

TOOLCALL_INLINE void responses_writer::wire_call_start(detail::wire_writer_call& c) {
  c.block = items_.size();
  items_.emplace_back();
  ++calls_sent_;
  c.item_id = detail::random_id("fc_", blocks_.ids());
  std::string item;
  detail::responses_call_item(item, c, "in_progress", "");
  detail::responses_item_event(body_, c.block, item);
  emit("response.output_item.added");
}

TOOLCALL_INLINE void responses_writer::wire_call_arguments(const detail::wire_writer_call& c, std::string_view s) {
  detail::responses_item_ref(body_, c.item_id, c.block);
  body_ += ",\"delta\":";
  append_json_string_utf8(body_, s);
  body_ += '}';
  emit("response.function_call_arguments.delta");
}

TOOLCALL_INLINE void responses_writer::wire_call_end(detail::wire_writer_call& c, bool ok) {
  detail::responses_item_ref(body_, c.item_id, c.block);
  body_ += ",\"name\":";
  append_json_string_utf8(body_, c.name);
  body_ += ",\"arguments\":";
  append_json_string_utf8(body_, c.arguments);
  body_ += '}';
  emit("response.function_call_arguments.done");
  std::string& item = items_[c.block];
  detail::responses_call_item(item, c, ok ? "completed" : "incomplete", c.arguments);
  detail::responses_item_event(body_, c.block, item);
  emit("response.output_item.done");
}

TOOLCALL_INLINE void responses_writer::on_event(const event& ev) {
  if (!finished_) blocks_.on_event(*this, ev, opt_.hold_calls);
}

TOOLCALL_INLINE void responses_writer::finish_impl(finish_reason reason, const token_usage* usage) {
  if (finished_) return;
  // calls that never ended: a live one already sent is closed as incomplete; held ones dropped
  blocks_.finish(*this);
  const bool length = reason == finish_reason::length;
  body_.assign("{\"response\":");
  response_object(body_, length ? "incomplete" : "completed", usage, length);
  body_ += '}';
  emit(length ? "response.incomplete" : "response.completed");
  finished_ = true;
}

TOOLCALL_INLINE void responses_writer::finish() {
  finish_impl(finish_reason::stop, nullptr);
}
TOOLCALL_INLINE void responses_writer::finish(finish_reason reason) {
  finish_impl(reason, nullptr);
}
TOOLCALL_INLINE void responses_writer::finish(finish_reason reason, const token_usage& usage) {
  finish_impl(reason, &usage);
}

/// The accumulator's state: the plumbing is detail::wire_accumulator's; the items are here.
class responses_accumulator::state : public detail::wire_accumulator<responses_accumulator::state, token_usage> {
 public:
  using wire_accumulator::wire_accumulator;

 private:
  friend class detail::wire_accumulator<state, token_usage>;
  static constexpr const char* terminal = "response.completed";
  static constexpr const char* const item_words[3] = {"output item", "that was never added",
                                                      "output_index too large; event ignored"};

  struct part {
    std::string type, text;
  };
  struct item {
    std::string type, id, status, call_id, name, arguments;
    std::vector<part> parts, summary;
    std::size_t offset = 0;
    bool overflow = false;
  };

  static bool skip_sse(std::string_view, std::string_view data) { return data == "[DONE]"; }

  static std::string_view error_text(simdjson::dom::element ev) { return detail::wire_str(ev, "message"); }

  message build(detail::wire_notes notes, const parser_registry& reg) {
    std::string content, reasoning;
    bool has_reasoning = false;
    std::vector<detail::wire_call> calls;
    for (const item& it : items_) {
      if (it.type == "message") {
        for (const part& p : it.parts)
          if (p.type == "output_text") content += p.text;
      } else if (it.type == "reasoning") {
        has_reasoning = true;
        bool any = false;
        for (const part& p : it.parts)
          if (p.type == "reasoning_text") {
            reasoning += p.text;
            any = true;
          }
        if (!any)
          for (const part& p : it.summary) reasoning += p.text;
      } else if (it.type == "function_call") {
        detail::wire_call c;
        c.id = it.call_id;
        c.name = it.name;
        c.arguments = it.arguments;
        c.offset = it.offset;
        c.failed = it.status == "incomplete";
        c.overflow = it.overflow;
        calls.push_back(std::move(c));
      }
    }
    return detail::build_wire_message(std::move(content), std::move(reasoning), has_reasoning, calls, length_,
                                      std::move(notes), opt_, reg, "openai.responses");
  }

  void clear() {
    items_.clear();
    length_ = false;
  }

  item* at_index(simdjson::dom::element ev, std::size_t at, bool create) {
    std::uint64_t k = 0;
    if (ev["output_index"].get_uint64().get(k)) return nullptr;
    item* it = slot(items_, k, create, at, item_words);
    if (it && it->offset == 0) it->offset = at;
    return it;
  }

  static part* part_at(std::vector<part>& v, simdjson::dom::element ev, const char* key, std::string_view type) {
    std::uint64_t k = 0;
    if (ev[key].get_uint64().get(k)) k = 0;
    if (k > 4096) return nullptr;
    if (k >= v.size()) v.resize(static_cast<std::size_t>(k) + 1);
    part& p = v[static_cast<std::size_t>(k)];
    if (p.type.empty()) p.type.assign(type.data(), type.size());
    return &p;
  }

  void append(std::string& s, std::string_view d, item& it, std::size_t at) {
    if (s.size() + d.size() > opt_.max_event_bytes) {
      if (!it.overflow) notes_.add(errc::limit_call_bytes, at, "an output item longer than max_event_bytes; dropped");
      it.overflow = true;
      return;
    }
    s.append(d.data(), d.size());
  }

  /// Takes a whole item object (output_item.added / .done, or the response's output).
  void take_item(item& it, simdjson::dom::element o) {
    const std::string_view type = detail::wire_str(o, "type");
    if (!type.empty()) it.type.assign(type.data(), type.size());
    it.id.assign(detail::wire_str(o, "id"));
    it.status.assign(detail::wire_str(o, "status"));
    if (it.type == "function_call") {
      it.call_id.assign(detail::wire_str(o, "call_id"));
      it.name.assign(detail::wire_str(o, "name"));
      simdjson::dom::element a;
      if (!o["arguments"].get(a)) {
        std::string_view s;
        if (!a.get_string().get(s))
          it.arguments.assign(s.data(), s.size());
        else if (a.is_object())
          it.arguments = simdjson::minify(a);
      }
      return;
    }
    simdjson::dom::array arr;
    if (!o["content"].get_array().get(arr)) {
      it.parts.clear();
      for (simdjson::dom::element p : arr)
        it.parts.push_back(part{std::string(detail::wire_str(p, "type")), std::string(detail::wire_str(p, "text"))});
    }
    if (!o["summary"].get_array().get(arr)) {
      it.summary.clear();
      for (simdjson::dom::element p : arr)
        it.summary.push_back(part{std::string(detail::wire_str(p, "type")), std::string(detail::wire_str(p, "text"))});
    }
  }

  void take_response(simdjson::dom::element r, std::size_t at) {
    simdjson::dom::element u;
    if (!r["usage"].get(u) && u.is_object()) {
      has_usage_ = true;
      usage_.prompt_tokens = detail::wire_uint(u, "input_tokens", 0);
      usage_.completion_tokens = detail::wire_uint(u, "output_tokens", 0);
      usage_.total_tokens = detail::wire_uint(u, "total_tokens", usage_.prompt_tokens + usage_.completion_tokens);
    }
    simdjson::dom::array out;
    if (!r["output"].get_array().get(out) && out.size() > 0) {
      std::vector<item> fresh;
      for (simdjson::dom::element o : out) {
        if (fresh.size() >= opt_.parse.max_calls + 4096) break;
        item it;
        it.offset = at;
        take_item(it, o);
        fresh.push_back(std::move(it));
      }
      items_ = std::move(fresh);
    }
  }

  bool take_event(std::string_view type, simdjson::dom::element ev, std::size_t at) {
    if (type == "response.output_item.added" || type == "response.output_item.done") {
      simdjson::dom::element o;
      item* it = at_index(ev, at, true);
      if (!it || ev["item"].get(o) || !o.is_object()) return bad(at, type);
      take_item(*it, o);
    } else if (type == "response.content_part.added" || type == "response.content_part.done") {
      item* it = at_index(ev, at, false);
      simdjson::dom::element p;
      if (!it || ev["part"].get(p) || !p.is_object()) return bad(at, type);
      part* x = part_at(it->parts, ev, "content_index", detail::wire_str(p, "type"));
      if (x && type == "response.content_part.done") x->text.assign(detail::wire_str(p, "text"));
    } else if (type == "response.output_text.delta" || type == "response.reasoning_text.delta") {
      item* it = at_index(ev, at, false);
      if (!it) return bad(at, type);
      part* x = part_at(it->parts, ev, "content_index",
                        type == "response.output_text.delta" ? "output_text" : "reasoning_text");
      if (x) append(x->text, detail::wire_str(ev, "delta"), *it, at);
    } else if (type == "response.output_text.done" || type == "response.reasoning_text.done") {
      item* it = at_index(ev, at, false);
      if (!it) return bad(at, type);
      part* x = part_at(it->parts, ev, "content_index",
                        type == "response.output_text.done" ? "output_text" : "reasoning_text");
      if (x) x->text.assign(detail::wire_str(ev, "text"));
    } else if (type == "response.reasoning_summary_text.delta") {
      item* it = at_index(ev, at, false);
      if (!it) return bad(at, type);
      part* x = part_at(it->summary, ev, "summary_index", "summary_text");
      if (x) append(x->text, detail::wire_str(ev, "delta"), *it, at);
    } else if (type == "response.function_call_arguments.delta") {
      item* it = at_index(ev, at, false);
      if (!it) return bad(at, type);
      append(it->arguments, detail::wire_str(ev, "delta"), *it, at);
    } else if (type == "response.function_call_arguments.done") {
      item* it = at_index(ev, at, false);
      if (!it) return bad(at, type);
      std::string_view a;
      if (!ev["arguments"].get_string().get(a)) it->arguments.assign(a.data(), a.size());
    } else if (type == "response.completed" || type == "response.incomplete" || type == "response.failed") {
      simdjson::dom::element r;
      if (!ev["response"].get(r) && r.is_object()) take_response(r, at);
      done_ = true;
      if (type == "response.incomplete") length_ = true;
      if (type == "response.failed")
        notes_.add(errc::invalid_input, at, "the server reported the response failed");
    }
    // response.created, .in_progress and the event types without a message part are ignored
    return true;
  }

  std::vector<item> items_;
  bool length_ = false;
};

TOOLCALL_INLINE responses_accumulator::responses_accumulator(accumulator_options opt)
    : s_(std::make_unique<state>(std::move(opt))) {}
TOOLCALL_INLINE responses_accumulator::~responses_accumulator() = default;
TOOLCALL_INLINE responses_accumulator::responses_accumulator(responses_accumulator&& other) noexcept = default;
TOOLCALL_INLINE responses_accumulator& responses_accumulator::operator=(responses_accumulator&& other) noexcept = default;
TOOLCALL_INLINE bool responses_accumulator::feed_event(std::string_view event_json) {
  return s_->feed_event(event_json);
}
TOOLCALL_INLINE void responses_accumulator::feed_sse(std::string_view bytes) {
  s_->feed_sse(bytes);
}
TOOLCALL_INLINE bool responses_accumulator::done() const noexcept {
  return s_->done();
}
TOOLCALL_INLINE bool responses_accumulator::has_usage() const noexcept {
  return s_->has_usage();
}
TOOLCALL_INLINE const token_usage& responses_accumulator::usage() const noexcept {
  return s_->usage();
}
TOOLCALL_INLINE const std::vector<diagnostic>& responses_accumulator::diagnostics() const noexcept {
  return s_->diagnostics();
}
TOOLCALL_INLINE message responses_accumulator::finish(const parser_registry& reg) {
  return s_->finish(reg);
}
TOOLCALL_INLINE void responses_accumulator::reset() {
  s_->reset();
}

}  // namespace openai
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_RESPONSES_HPP
