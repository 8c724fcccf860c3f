// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_CONVERSATION_HPP
#define TOOLCALL_IMPL_CONVERSATION_HPP

// Definitions of conversation.hpp (docs/building.md, "Compile cost"): inline in header-only
// mode, compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../conversation.hpp"
#include "../detail/history.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace conversation {

TOOLCALL_INLINE std::vector<diagnostic> check(std::string_view messages_json, const check_options& opt) {
  detail::history_doc doc;
  std::string err;
  if (!doc.load(messages_json, err)) return {diagnostic{errc::invalid_input, 0, err, severity::error}};
  return detail::check_history(doc.info(), opt.allow_pending, opt.strict_order);
}

TOOLCALL_INLINE result<std::string> rewrite_llama31(std::string_view messages_json, std::vector<diagnostic>* notes) {
  detail::history_doc doc;
  std::string err;
  if (!doc.load(messages_json, err)) return error{errc::invalid_input, 0, err};
  const auto& info = doc.info();
  auto note = [&](std::size_t i, std::string m) {
    if (notes) notes->push_back(diagnostic{errc::normalized, i, std::move(m), severity::note});
  };
  auto is_tool = [&](std::size_t i) { return info[i].has_role && info[i].role == "tool"; };
  // 1. the output, as a list of pieces: a message copied, or one call of a split message
  struct piece {
    std::size_t msg;
    std::size_t call;  // `whole`, or the index of the call this piece carries
  };
  constexpr std::size_t whole = static_cast<std::size_t>(-1);
  std::vector<piece> seq;
  seq.reserve(info.size());
  for (std::size_t i = 0; i < info.size();) {
    simdjson::dom::array calls;
    if (info[i].role != "assistant" || doc.element(i)["tool_calls"].get_array().get(calls) || calls.size() < 2) {
      seq.push_back({i, whole});
      ++i;
      continue;
    }
    std::size_t run_end = i + 1;
    while (run_end < info.size() && is_tool(run_end)) ++run_end;
    std::vector<bool> used(run_end - i - 1, false);
    std::size_t k = 0;
    for (simdjson::dom::element c : calls) {
      seq.push_back({i, k++});
      std::string_view id;
      if (c["id"].get_string().get(id) || id.empty()) continue;
      for (std::size_t j = i + 1; j < run_end; ++j)
        if (!used[j - i - 1] && info[j].has_tool_call_id && info[j].tool_call_id == id) {
          used[j - i - 1] = true;
          seq.push_back({j, whole});
        }
    }
    for (std::size_t j = i + 1; j < run_end; ++j)
      if (!used[j - i - 1]) seq.push_back({j, whole});
    note(i, "message " + std::to_string(i) + ": " + std::to_string(calls.size()) +
                " parallel tool calls split into one assistant message per call, each followed by its result");
    i = run_end;
  }
  // 2. serialize, merging runs of tool messages
  std::string arr = "[";
  bool first = true;
  auto sep = [&] {
    if (!first) arr += ',';
    first = false;
  };
  for (std::size_t k = 0; k < seq.size();) {
    const std::size_t i = seq[k].msg;
    if (seq[k].call == whole && is_tool(i)) {
      std::size_t run = k;
      while (run < seq.size() && seq[run].call == whole && is_tool(seq[run].msg)) ++run;
      if (run - k >= 2) {
        std::string content, which;
        for (std::size_t r = k; r < run; ++r) {
          if (r > k) {
            content += "\n\n";
            which += ", ";
          }
          content += doc.content_text(seq[r].msg);
          which += std::to_string(seq[r].msg);
        }
        sep();
        arr += "{\"role\":\"user\",\"content\":\"";
        detail::json_escape_append(arr, content);
        arr += "\"}";
        note(i, "messages " + which + ": " + std::to_string(run - k) +
                    " consecutive tool results merged into one user message");
        k = run;
        continue;
      }
    }
    sep();
    const simdjson::dom::element m = doc.element(i);
    simdjson::dom::array calls;
    simdjson::dom::object obj;
    if (seq[k].call == whole || m["tool_calls"].get_array().get(calls) || m.get_object().get(obj)) {
      arr += simdjson::minify(m);
    } else if (seq[k].call > 0) {
      arr += "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[";
      arr += simdjson::minify(calls.at(seq[k].call).value_unsafe());
      arr += "]}";
    } else {
      arr += '{';
      bool f2 = true;
      for (auto field : obj) {
        if (!f2) arr += ',';
        f2 = false;
        arr += '"';
        detail::json_escape_append(arr, field.key);
        arr += "\":";
        if (field.key == "tool_calls") {
          arr += '[';
          arr += simdjson::minify(calls.at(0).value_unsafe());
          arr += ']';
        } else {
          arr += simdjson::minify(field.value);
        }
      }
      arr += '}';
    }
    ++k;
  }
  arr += ']';
  if (!doc.wrapped()) return arr;
  std::string out = "{";
  bool f3 = true;
  simdjson::dom::object root;
  if (doc.root().get_object().get(root)) return arr;
  for (auto field : root) {
    if (!f3) out += ',';
    f3 = false;
    out += '"';
    detail::json_escape_append(out, field.key);
    out += "\":";
    out += field.key == "messages" ? arr : simdjson::minify(field.value);
  }
  out += '}';
  return out;
}

TOOLCALL_INLINE result<loop_status> tool_cycles(std::string_view messages_json, std::size_t cap,
                                                std::size_t max_repeats) {
  detail::history_doc doc;
  std::string err;
  if (!doc.load(messages_json, err)) return error{errc::invalid_input, 0, err};
  loop_status s;
  s.cap = cap;
  s.max_repeats = max_repeats;
  detail::repeat_counter rc;
  struct named_args {
    std::string_view name;
    std::string args;
  };
  std::vector<named_args> calls;
  for (std::size_t i = 0; i < doc.info().size(); ++i) {
    const auto& m = doc.info()[i];
    if (m.role == "user") {
      s.cycles = 0;
      rc.clear();
    } else if (m.role == "assistant" && (!m.calls.empty() || m.calls_without_id)) {
      ++s.cycles;
      calls.clear();
      simdjson::dom::array arr;
      if (!doc.element(i)["tool_calls"].get_array().get(arr)) {
        for (simdjson::dom::element c : arr) {
          named_args na;
          simdjson::dom::element fn, a;
          std::string_view text;
          if (!c["function"].get(fn)) {
            if (fn["name"].get_string().get(na.name)) na.name = {};
            if (!fn["arguments"].get(a)) {
              if (!a.get_string().get(text))
                na.args.assign(text.data(), text.size());
              else
                na.args = simdjson::minify(a);
            }
          }
          calls.push_back(std::move(na));
        }
      }
      rc.add(
          calls, [](const named_args& c) { return c.name; },
          [](const named_args& c) { return std::string_view(c.args); });
    }
  }
  s.cap_reached = cap > 0 && s.cycles >= cap;
  s.repeats = rc.most();
  s.repeated_call = rc.most_name();
  s.repeat_reached = max_repeats > 0 && s.repeats >= max_repeats;
  return s;
}

TOOLCALL_INLINE loop_guard::loop_guard(std::size_t max_cycles, std::size_t max_repeats)
    : max_(max_cycles), max_repeats_(max_repeats), repeats_(std::make_unique<detail::repeat_counter>()) {}
TOOLCALL_INLINE loop_guard::~loop_guard() = default;
TOOLCALL_INLINE loop_guard::loop_guard(const loop_guard& other)
    : max_(other.max_),
      max_repeats_(other.max_repeats_),
      cycles_(other.cycles_),
      repeats_(std::make_unique<detail::repeat_counter>(*other.repeats_)) {}
TOOLCALL_INLINE loop_guard& loop_guard::operator=(const loop_guard& other) {
  if (this != &other) {
    max_ = other.max_;
    max_repeats_ = other.max_repeats_;
    cycles_ = other.cycles_;
    *repeats_ = *other.repeats_;
  }
  return *this;
}

TOOLCALL_INLINE void loop_guard::user_turn() {
  cycles_ = 0;
  repeats_->clear();
}

TOOLCALL_INLINE void loop_guard::add_cycle(const std::vector<call>& calls) {
  ++cycles_;
  repeats_->add(
      calls, [](const call& c) { return std::string_view(c.name); },
      [](const call& c) { return std::string_view(c.arguments); });
}

TOOLCALL_INLINE bool loop_guard::repeat_reached() const noexcept {
  return max_repeats_ != 0 && repeats_->most() >= max_repeats_;
}
TOOLCALL_INLINE std::size_t loop_guard::repeats() const noexcept {
  return repeats_->most();
}
TOOLCALL_INLINE const std::string& loop_guard::repeated_call() const noexcept {
  return repeats_->most_name();
}

}  // namespace conversation
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_CONVERSATION_HPP
