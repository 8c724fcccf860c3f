// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_OPENAI_HPP
#define TOOLCALL_IMPL_OPENAI_HPP

// Definitions of openai.hpp (docs/building.md, "Compile cost"): inline in
// header-only mode, compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../detail/engine_core.hpp"
#include "../detail/json.hpp"
#include "../detail/json_dom.hpp"
#include "../detail/wire_sse.hpp"
#include "../detail/wire_writer.hpp"
#include "../json_writer.hpp"
#include "../openai.hpp"
#include "parser.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace openai {

TOOLCALL_INLINE sse_writer::sse_writer(output out, sse_options opt) : out_(std::move(out)), opt_(std::move(opt)) {
  reset();
}

TOOLCALL_INLINE sse_writer::sse_writer(std::string& out, sse_options opt)
    : out_([p = &out](std::string_view s) { p->append(s.data(), s.size()); }), opt_(std::move(opt)) {
  reset();
}

TOOLCALL_INLINE void sse_writer::on_event(const event& ev) {
  if (finished_) return;
  switch (ev.kind) {
    case event_kind::content:
      if (ev.text.empty()) return;
      delta_.assign("{\"content\":");
      openai::append_json_string_utf8(delta_, ev.text);
      delta_ += '}';
      send_delta();
      return;
    case event_kind::reasoning:
      if (ev.text.empty()) {
        // a block opened: its empty chunk waits, and goes out (send_delta) only if the block
        // stays empty, before whatever is sent next
        if (!sent_reasoning_) empty_reasoning_pending_ = true;
        return;
      }
      sent_reasoning_ = true;
      empty_reasoning_pending_ = false;
      delta_.assign("{\"reasoning_content\":");
      openai::append_json_string_utf8(delta_, ev.text);
      delta_ += '}';
      send_delta();
      return;
    case event_kind::call_begin:
      // Both modes keep the call until its first argument byte at least: a call that fails
      // before any (arguments that are not an object, say) is then never announced.
      held_.push_back(held_call{ev.index, std::string(ev.id), std::string(ev.name), std::string(), state::open});
      return;
    case event_kind::arguments_delta:
      if (ev.text.empty()) return;
      if (!opt_.hold_calls && ev.index < dense_.size() && dense_[ev.index] != npos) {
        send_arguments(dense_[ev.index], ev.text);
      } else if (held_call* h = find_held(ev.index)) {
        if (opt_.hold_calls) {
          h->arguments.append(ev.text.data(), ev.text.size());
        } else {
          const std::size_t d = send_live_begin(*h);
          drop_held(ev.index);
          send_arguments(d, ev.text);
        }
      }
      return;
    case event_kind::call_end: {
      const bool ok = detail::sent_as_call(ev.status);
      if (ok) any_ok_ = true;
      if (opt_.hold_calls) {
        if (held_call* h = find_held(ev.index)) h->st = ok ? state::ok : state::failed;
        flush_held();
      } else if (held_call* h = find_held(ev.index)) {
        if (ok) send_live_begin(*h);  // a call with no argument bytes at all
        drop_held(ev.index);
      }
      return;
    }
    case event_kind::diagnostic: return;
  }
}

TOOLCALL_INLINE void sse_writer::finish() {
  finish(any_ok_ ? finish_reason::tool_calls : finish_reason::stop);
}

TOOLCALL_INLINE void sse_writer::finish(finish_reason reason) {
  if (finished_) return;
  send_finish(reason);
  finished_ = true;
  out_("data: [DONE]\n\n");
}

TOOLCALL_INLINE void sse_writer::finish(finish_reason reason, const token_usage& usage) {
  if (finished_) return;
  send_finish(reason);
  line_.assign(head_);
  line_ += ",\"choices\":[],\"usage\":{\"prompt_tokens\":";
  line_ += std::to_string(usage.prompt_tokens);
  line_ += ",\"completion_tokens\":";
  line_ += std::to_string(usage.completion_tokens);
  line_ += ",\"total_tokens\":";
  line_ += std::to_string(usage.total_tokens);
  line_ += "}}\n\n";
  out_(line_);
  finished_ = true;
  out_("data: [DONE]\n\n");
}

TOOLCALL_INLINE void sse_writer::reset() {
  finished_ = false;
  started_ = false;
  sent_reasoning_ = false;
  empty_reasoning_pending_ = false;
  any_ok_ = false;
  sent_calls_ = 0;
  dense_.clear();
  held_.clear();
  if (!seeded_) {
    // mixed, so that a seed shared with the parser's options gives a chunk id unlike its call ids
    rng_ = opt_.seed ? opt_.seed ^ 0x6A09E667F3BCC909ull : detail::fresh_id_seed();
    seeded_ = true;
  }
  const std::string id = opt_.id.empty() ? detail::random_id("chatcmpl-", rng_) : opt_.id;
  const std::int64_t created = opt_.created ? opt_.created : static_cast<std::int64_t>(std::time(nullptr));
  head_.assign("data: {\"id\":");
  openai::append_json_string_utf8(head_, id);
  head_ += ",\"object\":\"chat.completion.chunk\",\"created\":";
  head_ += std::to_string(created);
  head_ += ",\"model\":";
  openai::append_json_string_utf8(head_, opt_.model);
  prefix_.assign(head_);
  prefix_ += ",\"choices\":[{\"index\":0,\"delta\":";
}

TOOLCALL_INLINE void sse_writer::reset(sse_options opt) {
  opt_ = std::move(opt);
  seeded_ = false;
  reset();
}

TOOLCALL_INLINE sse_writer::held_call* sse_writer::find_held(std::size_t index) {
  for (auto& h : held_)
    if (h.index == index) return &h;
  return nullptr;
}

TOOLCALL_INLINE void sse_writer::drop_held(std::size_t index) {
  for (auto it = held_.begin(); it != held_.end(); ++it)
    if (it->index == index) {
      held_.erase(it);
      return;
    }
}

TOOLCALL_INLINE std::size_t sse_writer::send_live_begin(const held_call& h) {
  if (dense_.size() <= h.index) dense_.resize(h.index + 1, npos);
  const std::size_t d = sent_calls_++;
  dense_[h.index] = d;
  send_call_begin(d, h.id, h.name);
  return d;
}

TOOLCALL_INLINE void sse_writer::flush_held() {
  std::size_t k = 0;
  for (; k < held_.size() && held_[k].st != state::open; ++k) {
    if (held_[k].st != state::ok) continue;
    const std::size_t d = sent_calls_++;
    send_call_begin(d, held_[k].id, held_[k].name);
    if (!held_[k].arguments.empty()) send_arguments(d, held_[k].arguments);
  }
  held_.erase(held_.begin(), held_.begin() + static_cast<std::ptrdiff_t>(k));
}

TOOLCALL_INLINE void sse_writer::send_call_begin(std::size_t d, std::string_view id, std::string_view name) {
  delta_.assign("{\"tool_calls\":[{\"index\":");
  delta_ += std::to_string(d);
  delta_ += ",\"id\":";
  openai::append_json_string_utf8(delta_, id);
  delta_ += ",\"type\":\"function\",\"function\":{\"name\":";
  openai::append_json_string_utf8(delta_, name);
  delta_ += ",\"arguments\":\"\"}}]}";
  send_delta();
}

TOOLCALL_INLINE void sse_writer::send_arguments(std::size_t d, std::string_view text) {
  delta_.assign("{\"tool_calls\":[{\"index\":");
  delta_ += std::to_string(d);
  delta_ += ",\"function\":{\"arguments\":";
  openai::append_json_string_utf8(delta_, text);
  delta_ += "}}]}";
  send_delta();
}

TOOLCALL_INLINE void sse_writer::send_finish(finish_reason reason) {
  held_.clear();
  delta_.assign("{}");
  send_delta(to_string(reason));
}

TOOLCALL_INLINE void sse_writer::send_delta(const char* finish) {
  if (!started_) {
    started_ = true;
    line_.assign(prefix_);
    line_ += "{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n";
    out_(line_);
  }
  if (empty_reasoning_pending_) {  // a reasoning block that stayed empty, before what ends it
    empty_reasoning_pending_ = false;
    sent_reasoning_ = true;
    line_.assign(prefix_);
    line_ += "{\"reasoning_content\":\"\"},\"finish_reason\":null}]}\n\n";
    out_(line_);
  }
  line_.assign(prefix_);
  line_ += delta_;
  line_ += ",\"finish_reason\":";
  if (finish) {
    line_ += '"';
    line_ += finish;
    line_ += '"';
  } else {
    line_ += "null";
  }
  line_ += "}]}\n\n";
  out_(line_);
}

/// The accumulator's state (what delta_accumulator was before it became a handle to it).
class delta_accumulator::state : public detail::wire_client<accumulator_options, token_usage> {
 public:
  explicit state(accumulator_options opt) : wire_client(std::move(opt), true) {}

  // the members of delta_accumulator's interface (openai.hpp says what they do); done(),
  // has_usage(), usage() and diagnostics() are wire_client's

  bool feed_chunk(std::string_view chunk_json) { return take_chunk(chunk_json, place_event(chunk_json.size())); }

  void feed_sse(std::string_view bytes) { read_sse(bytes, sink()); }

  const std::string& usage_json() const noexcept { return usage_json_; }

  /**
   * Ends the stream (a last line or event without its terminator is still taken) and returns
   * the message. Calls come in `index` order; `finish` is the server's finish_reason (`stop`
   * when it sent none and no call survived, `tool_calls` when calls did).
   * @param reg the formats for the fallback parse of the content.
   * @return the message; its diagnostics hold errc::invalid_input (malformed chunks, SSE lines,
   * server error objects, a stream cut before its end), errc::missing_name and
   * errc::invalid_arguments (dropped calls), and those of the fallback parse when it was used.
   */
  message finish(const parser_registry& reg = parser_registry::builtin()) {
    end_sse(sink());
    message m;
    m.content = content_;
    m.reasoning = reasoning_;
    m.has_reasoning = has_reasoning_;
    m.diagnostics = notes_.list;
    if (notes_.suppressed)
      m.diagnostics.push_back(diagnostic{errc::invalid_input, sse_.position(),
                                         std::to_string(notes_.suppressed) + " further diagnostics suppressed",
                                         severity::note});
    const auto add = [&](errc code, std::size_t at, std::string text, severity level) {
      m.diagnostics.push_back(diagnostic{code, at, std::move(text), level});
    };
    if (sse_used_ && !done_ && !has_finish_)
      add(errc::invalid_input, sse_.position(), "the stream ended without a finish_reason or [DONE]",
          severity::warning);
    std::vector<const acc_call*> order;
    order.reserve(calls_.size());
    for (const auto& c : calls_) order.push_back(&c);
    std::stable_sort(order.begin(), order.end(),
                     [](const acc_call* a, const acc_call* b) { return a->index < b->index; });
    std::uint64_t rng = opt_.parse.seed ? opt_.parse.seed : detail::fresh_id_seed();
    std::unordered_set<std::string> used_ids;  // ids stay unique, as the engine keeps them
    for (const acc_call* c : order) {
      call out;
      out.name = c->name;
      out.format = "openai";
      if (c->overflow) continue;
      if (out.name.empty()) {
        add(errc::missing_name, c->offset, "tool call " + std::to_string(c->index) + " has no name; dropped",
            severity::error);
        continue;
      }
      std::string_view args = c->arguments;
      while (!args.empty() &&
             (args.front() == ' ' || args.front() == '\n' || args.front() == '\r' || args.front() == '\t'))
        args.remove_prefix(1);
      if (args.empty())
        out.arguments = "{}";
      else
        detail::compact_json(args, out.arguments);
      if (validator_.check_allow_big_numbers(out.arguments) != detail::json_validator::kind::object) {
        add(errc::invalid_arguments, c->offset,
            "tool call " + std::to_string(c->index) + " (" + c->name +
                ") has arguments that are not a JSON object; dropped",
            severity::error);
        continue;
      }
      out.id = detail::unique_call_id(c->id, used_ids, rng);
      m.calls.push_back(std::move(out));
    }
    if (has_finish_) {
      if (finish_ == "length")
        m.finish = finish_reason::length;
      else if (finish_ == "tool_calls" || finish_ == "function_call")
        m.finish = finish_reason::tool_calls;
      else
        m.finish = finish_reason::stop;
      if (m.finish == finish_reason::tool_calls && m.calls.empty()) m.finish = finish_reason::stop;
    } else {
      m.finish = m.calls.empty() ? finish_reason::stop : finish_reason::tool_calls;
    }
    if (calls_.empty() && opt_.fallback && !m.content.empty()) detail::parse_left_markup(m, reg, opt_.parse);
    return m;
  }

  /// Forgets everything, for the next stream.
  void reset() {
    content_.clear();
    reasoning_.clear();
    has_reasoning_ = false;
    calls_.clear();
    finish_.clear();
    has_finish_ = false;
    usage_json_.clear();
    calls_limit_noted_ = false;
    reset_client();
    after_done_noted_ = false;
  }

 private:
  struct acc_call {
    std::uint64_t index = 0;
    std::string id, type, name, arguments;
    std::size_t offset = 0;
    bool overflow = false;  // arguments over max_event_bytes: dropped at finish
  };

  void note(errc code, std::size_t at, std::string text, severity level = severity::error) {
    notes_.add(code, at, std::move(text), level);
  }

  bool take_chunk(std::string_view json, std::size_t at) {
    std::string why;
    if (!reader_.read(json, opt_.choice, fields_, why)) {
      note(errc::invalid_input, at, "malformed chunk skipped: " + why);
      return false;
    }
    if (fields_.is_error) {
      note(errc::invalid_input, at, "the server sent an error: " + fields_.error);
      return false;
    }
    // `usage` is read apart, and only from chunks that may hold one (the reader's views of
    // this chunk stay valid: the usage parser is another one)
    if (json.find("\"usage\"") != std::string_view::npos) {
      token_usage u;
      std::string u_json;
      const int got = read_usage(json, u, u_json, why);
      if (got < 0) {
        note(errc::invalid_input, at, "malformed chunk skipped: " + why);
        return false;
      }
      if (got > 0) {
        has_usage_ = true;
        usage_ = u;
        usage_json_ = std::move(u_json);
      }
    }
    if (!fields_.has_choice) return true;
    if (fields_.has_content) content_.append(fields_.content.data(), fields_.content.size());
    if (fields_.has_reasoning) {
      has_reasoning_ = true;
      reasoning_.append(fields_.reasoning.data(), fields_.reasoning.size());
    }
    for (std::size_t k = 0; k < fields_.call_count; ++k) take_call(fields_.calls[k], at);
    if (fields_.has_finish) {
      has_finish_ = true;
      finish_.assign(fields_.finish_reason.data(), fields_.finish_reason.size());
    }
    return true;
  }

  /// Reads the chunk's top-level `usage` member: 1 when read, 0 when absent or null, -1 when
  /// it is not an object or a count is not a non-negative integer (`why` set).
  int read_usage(std::string_view json, token_usage& u, std::string& u_json, std::string& why) {
    if (json.size() + simdjson::SIMDJSON_PADDING > usage_buf_.size())
      usage_buf_.resize(json.size() + simdjson::SIMDJSON_PADDING);
    std::copy(json.begin(), json.end(), usage_buf_.begin());
    simdjson::dom::element root, v;
    if (usage_parser_.parse(usage_buf_.data(), json.size(), false).get(root) || root["usage"].get(v) || v.is_null())
      return 0;
    simdjson::dom::object o;
    if (v.get_object().get(o)) {
      why = "\"usage\" must be an object or null";
      return -1;
    }
    bool has_total = false;
    for (simdjson::dom::key_value_pair kv : o) {
      std::uint64_t* field = kv.key == "prompt_tokens"       ? &u.prompt_tokens
                             : kv.key == "completion_tokens" ? &u.completion_tokens
                             : kv.key == "total_tokens"      ? &u.total_tokens
                                                             : nullptr;
      if (!field || kv.value.is_null()) continue;
      if (kv.value.get_uint64().get(*field)) {
        why = "\"usage\"." + std::string(kv.key) + " must be a non-negative integer";
        return -1;
      }
      if (field == &u.total_tokens) has_total = true;
    }
    if (!has_total) u.total_tokens = u.prompt_tokens + u.completion_tokens;
    u_json = simdjson::minify(v);
    return 1;
  }

  void take_call(const detail::tool_call_fragment& f, std::size_t at) {
    acc_call* c = nullptr;
    if (f.has_index) {
      for (auto& x : calls_)
        if (x.index == f.index) c = &x;
    } else if (!calls_.empty() && (!f.has_id || f.id.empty() || f.id == calls_.back().id)) {
      c = &calls_.back();  // no index: a fragment of the last call, unless it brings a new id
    }
    if (!c) {
      if (calls_.size() >= opt_.parse.max_calls) {
        if (!calls_limit_noted_) note(errc::limit_calls, at, "more tool calls than max_calls; the rest are dropped");
        calls_limit_noted_ = true;
        return;
      }
      acc_call n;
      if (f.has_index)
        n.index = f.index;
      else
        n.index = calls_.empty() ? 0 : calls_.back().index + 1;
      n.offset = at;
      calls_.push_back(std::move(n));
      c = &calls_.back();
    }
    if (f.has_id && c->id.empty()) c->id.assign(f.id.data(), f.id.size());
    if (f.has_type && c->type.empty()) c->type.assign(f.type.data(), f.type.size());
    if (f.has_name && c->name.empty()) c->name.assign(f.name.data(), f.name.size());  // name once
    if (f.has_arguments) {
      const std::string_view a = f.args();
      if (c->overflow) return;
      if (c->arguments.size() + a.size() > opt_.max_event_bytes) {
        note(errc::limit_call_bytes, at, "tool call arguments longer than max_event_bytes; the call is dropped");
        c->overflow = true;
        return;
      }
      c->arguments.append(a.data(), a.size());
    }
  }

  /// Takes one SSE event (its data, and where it began).
  detail::sse_reader::sink sink() {
    return [this](std::string_view type, std::string_view data, std::size_t at) { take_event(type, data, at); };
  }

  void take_event(std::string_view type, std::string_view data, std::size_t at) {
    const std::size_t lines = sse_.data_lines();
    if (data == "[DONE]") {
      done_ = true;
      return;
    }
    if (done_) {
      if (!after_done_noted_) note(errc::invalid_input, at, "data after [DONE] ignored", severity::warning);
      after_done_noted_ = true;
      return;
    }
    if (type == "error") {
      note(errc::invalid_input, at, "the server sent an error event: " + detail::excerpt(data, 200));
      return;
    }
    if (lines > 1) {
      // valid SSE may split one JSON value over data lines; if it does not parse whole, try the
      // lines one by one (a server that ends events with a single newline)
      std::string why;
      if (reader_.read(data, opt_.choice, fields_, why)) {
        take_chunk(data, at);
        return;
      }
      std::size_t p = 0;
      while (p <= data.size()) {
        std::size_t e = data.find('\n', p);
        if (e == std::string_view::npos) e = data.size();
        const std::string_view one = std::string_view(data).substr(p, e - p);
        if (!one.empty()) take_chunk(one, at);
        p = e + 1;
      }
      return;
    }
    take_chunk(data, at);
  }

  detail::chunk_reader reader_;
  detail::chunk_fields fields_;
  detail::json_validator validator_;
  std::string content_, reasoning_;
  bool has_reasoning_ = false;
  std::vector<acc_call> calls_;
  std::string finish_;
  bool has_finish_ = false, calls_limit_noted_ = false;
  std::string usage_json_, usage_buf_;
  simdjson::dom::parser usage_parser_;
  bool after_done_noted_ = false;
};

TOOLCALL_INLINE delta_accumulator::delta_accumulator(accumulator_options opt)
    : s_(std::make_unique<state>(std::move(opt))) {}
TOOLCALL_INLINE delta_accumulator::~delta_accumulator() = default;
TOOLCALL_INLINE delta_accumulator::delta_accumulator(delta_accumulator&& other) noexcept = default;
TOOLCALL_INLINE delta_accumulator& delta_accumulator::operator=(delta_accumulator&& other) noexcept = default;
TOOLCALL_INLINE bool delta_accumulator::feed_chunk(std::string_view chunk_json) {
  return s_->feed_chunk(chunk_json);
}
TOOLCALL_INLINE void delta_accumulator::feed_sse(std::string_view bytes) {
  s_->feed_sse(bytes);
}
TOOLCALL_INLINE bool delta_accumulator::done() const noexcept {
  return s_->done();
}
TOOLCALL_INLINE bool delta_accumulator::has_usage() const noexcept {
  return s_->has_usage();
}
TOOLCALL_INLINE const token_usage& delta_accumulator::usage() const noexcept {
  return s_->usage();
}
TOOLCALL_INLINE const std::string& delta_accumulator::usage_json() const noexcept {
  return s_->usage_json();
}
TOOLCALL_INLINE const std::vector<diagnostic>& delta_accumulator::diagnostics() const noexcept {
  return s_->diagnostics();
}
TOOLCALL_INLINE message delta_accumulator::finish(const parser_registry& reg) {
  return s_->finish(reg);
}
TOOLCALL_INLINE void delta_accumulator::reset() {
  s_->reset();
}

}  // namespace openai
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_OPENAI_HPP
