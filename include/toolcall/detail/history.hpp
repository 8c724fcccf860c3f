// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_HISTORY_HPP
#define TOOLCALL_DETAIL_HISTORY_HPP

// OpenAI `messages` arrays read with simdjson's DOM for the conversation helpers.
// json.hpp stays the only file that includes <simdjson.h>.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../error.hpp"
#include "../types.hpp"
#include "json.hpp"
#include "json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Appends `v` as canonical JSON: compact, object members sorted by key (bytes; members with
/// equal keys keep their order), strings re-escaped one way, numbers by value (an integral
/// value is written as an integer, so `1000`, `1e3` and `1000.0` agree). Two values that
/// compare equal as JSON get the same text.
inline void canonical_json_append(simdjson::dom::element v, std::string& out) {
  switch (v.type()) {
    case simdjson::dom::element_type::OBJECT: {
      const simdjson::dom::object obj = v.get_object().value_unsafe();
      std::vector<std::pair<std::string_view, simdjson::dom::element>> members;
      for (simdjson::dom::key_value_pair kv : obj) members.emplace_back(kv.key, kv.value);
      std::stable_sort(members.begin(), members.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      out += '{';
      for (std::size_t k = 0; k < members.size(); ++k) {
        if (k) out += ',';
        out += '"';
        json_escape_append(out, members[k].first);
        out += "\":";
        canonical_json_append(members[k].second, out);
      }
      out += '}';
      return;
    }
    case simdjson::dom::element_type::ARRAY: {
      out += '[';
      bool first = true;
      const simdjson::dom::array arr = v.get_array().value_unsafe();
      for (simdjson::dom::element e : arr) {
        if (!first) out += ',';
        first = false;
        canonical_json_append(e, out);
      }
      out += ']';
      return;
    }
    case simdjson::dom::element_type::STRING:
      out += '"';
      json_escape_append(out, v.get_string().value_unsafe());
      out += '"';
      return;
    case simdjson::dom::element_type::INT64: out += std::to_string(v.get_int64().value_unsafe()); return;
    case simdjson::dom::element_type::UINT64: out += std::to_string(v.get_uint64().value_unsafe()); return;
    case simdjson::dom::element_type::DOUBLE: {
      const double d = v.get_double().value_unsafe();
      // simdjson gives finite values only; within +-2^53 an integral double is exact
      if (d >= -9007199254740992.0 && d <= 9007199254740992.0 &&
          d == static_cast<double>(static_cast<std::int64_t>(d))) {
        out += std::to_string(static_cast<std::int64_t>(d));
        return;
      }
      char buf[32];
      const int n = std::snprintf(buf, sizeof buf, "%.17g", d);
      out.append(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
      return;
    }
    case simdjson::dom::element_type::BOOL: out += v.get_bool().value_unsafe() ? "true" : "false"; return;
    case simdjson::dom::element_type::NULL_VALUE: out += "null"; return;
  }
}

/// The identity of a call for loop detection: its name, a NUL, and its arguments as canonical
/// JSON. Arguments that are not JSON (or hold a number beyond 64 bits) count by their text with
/// the whitespace outside strings removed.
inline std::string call_key(std::string_view name, std::string_view arguments, simdjson::dom::parser& p) {
  std::string key(name);
  key += '\0';
  const simdjson::padded_string padded(arguments.data(), arguments.size());
  simdjson::dom::element v;
  if (!p.parse(padded).get(v)) {
    canonical_json_append(v, key);
    return key;
  }
  bool in_str = false, esc = false;
  for (const char c : arguments) {
    if (in_str) {
      if (esc) esc = false;
      else if (c == '\\') esc = true;
      else if (c == '"') in_str = false;
    } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      continue;
    } else if (c == '"') {
      in_str = true;
    }
    key += c;
  }
  return key;
}

/// What the checks need of one message.
struct history_message {
  std::string role;
  bool has_role = false;
  std::vector<std::pair<std::string, std::string>> calls;  ///< (id, name) of tool_calls
  std::size_t calls_without_id = 0;
  std::string tool_call_id;
  bool has_tool_call_id = false;
};

/// A parsed messages document. Keeps the simdjson parser alive for its elements.
class history_doc {
 public:
  /// Parses an array of messages, or an object with a "messages" array (a request body).
  bool load(std::string_view json, std::string& err) {
    padded_ = simdjson::padded_string(json.data(), json.size());
    if (parser_.parse(padded_).get(root_)) {
      err = "the messages are not valid JSON";
      return false;
    }
    wrapped_ = root_.type() == simdjson::dom::element_type::OBJECT;
    simdjson::dom::element arr = root_;
    if (wrapped_ && root_["messages"].get(arr)) {
      err = "expected a messages array, or an object with a \"messages\" array";
      return false;
    }
    if (arr.get_array().get(messages_)) {
      err = "expected a messages array, or an object with a \"messages\" array";
      return false;
    }
    info_.clear();
    for (simdjson::dom::element m : messages_) {
      history_message h;
      std::string_view s;
      if (!m["role"].get_string().get(s)) {
        h.role = std::string(s);
        h.has_role = true;
      }
      simdjson::dom::array calls;
      if (!m["tool_calls"].get_array().get(calls)) {
        for (simdjson::dom::element c : calls) {
          std::string_view id, name;
          const bool has_id = !c["id"].get_string().get(id) && !id.empty();
          simdjson::dom::element fn;
          if (!c["function"].get(fn) && fn["name"].get_string().get(name)) name = {};
          if (has_id) h.calls.emplace_back(std::string(id), std::string(name));
          else ++h.calls_without_id;
        }
      }
      if (!m["tool_call_id"].get_string().get(s)) {
        h.tool_call_id = std::string(s);
        h.has_tool_call_id = true;
      }
      info_.push_back(std::move(h));
      elements_.push_back(m);
    }
    return true;
  }

  const std::vector<history_message>& info() const noexcept { return info_; }
  simdjson::dom::element element(std::size_t i) const { return elements_[i]; }
  bool wrapped() const noexcept { return wrapped_; }
  simdjson::dom::element root() const { return root_; }

  /// A message's content as text: a string as is; an array of parts, their "text" fields
  /// concatenated; null or missing, empty; anything else, its JSON.
  std::string content_text(std::size_t i) const {
    simdjson::dom::element c;
    if (elements_[i]["content"].get(c)) return {};
    std::string_view s;
    if (!c.get_string().get(s)) return std::string(s);
    if (c.type() == simdjson::dom::element_type::NULL_VALUE) return {};
    simdjson::dom::array parts;
    if (!c.get_array().get(parts)) {
      std::string out;
      bool all_text = true;
      for (simdjson::dom::element p : parts) {
        std::string_view t;
        if (!p["text"].get_string().get(t)) out += t;
        else all_text = false;
      }
      if (all_text) return out;
    }
    return simdjson::minify(c);
  }

 private:
  simdjson::dom::parser parser_;
  simdjson::padded_string padded_;
  simdjson::dom::element root_;
  simdjson::dom::array messages_;
  bool wrapped_ = false;
  std::vector<history_message> info_;
  std::vector<simdjson::dom::element> elements_;
};

/// Counts, per user turn, the cycles that made each distinct call (name + canonical arguments).
class repeat_counter {
 public:
  void clear() {
    counts_.clear();
    most_ = 0;
    most_name_.clear();
  }
  /// One cycle: each distinct call of `calls` (pairs of name and arguments text) counts once.
  template <typename Calls, typename NameOf, typename ArgsOf>
  void add(const Calls& calls, NameOf name_of, ArgsOf args_of) {
    std::vector<std::string> seen;
    simdjson::dom::parser parser;  // per cycle: the counter stays copyable
    for (const auto& c : calls) {
      const std::string_view name = name_of(c);
      std::string key = call_key(name, args_of(c), parser);
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
      const std::size_t n = ++counts_[key];
      seen.push_back(std::move(key));
      if (n > most_) {
        most_ = n;
        most_name_.assign(name.data(), name.size());
      }
    }
  }
  std::size_t most() const noexcept { return most_; }
  const std::string& most_name() const noexcept { return most_name_; }

 private:
  std::unordered_map<std::string, std::size_t> counts_;
  std::size_t most_ = 0;
  std::string most_name_;
};

/// The checks of conversation::check (see there for the rules).
inline std::vector<diagnostic> check_history(const std::vector<history_message>& ms, bool allow_pending,
                                             bool strict_order) {
  std::vector<diagnostic> out;
  auto bad = [&](std::size_t i, std::string msg) {
    out.push_back(diagnostic{errc::invalid_history, i, std::move(msg), severity::error});
  };
  std::unordered_map<std::string, std::size_t> first_made;  // id -> first assistant message
  for (std::size_t i = 0; i < ms.size(); ++i)
    if (ms[i].role == "assistant")
      for (const auto& c : ms[i].calls) first_made.emplace(c.first, i);
  struct made_call {
    std::size_t msg;
    bool answered;
  };
  std::unordered_map<std::string, made_call> made;
  std::vector<std::string> open;  // unanswered ids, in call order
  auto close_open = [&](const std::string& before) {
    for (const auto& id : open)
      bad(made[id].msg,
          "message " + std::to_string(made[id].msg) + ": tool call " + id + " is not answered before " + before);
    open.clear();
  };
  for (std::size_t i = 0; i < ms.size(); ++i) {
    const history_message& m = ms[i];
    if (!m.has_role) {
      bad(i, "message " + std::to_string(i) + " has no role");
      continue;
    }
    if (m.role == "tool") {
      if (!m.has_tool_call_id) {
        bad(i, "message " + std::to_string(i) + ": tool result without tool_call_id");
        continue;
      }
      const std::string& id = m.tool_call_id;
      auto it = made.find(id);
      if (it != made.end()) {
        if (it->second.answered) {
          bad(i, "message " + std::to_string(i) + ": second result for tool call " + id + " (made in message " +
                     std::to_string(it->second.msg) + ")");
        } else {
          it->second.answered = true;
          for (std::size_t k = 0; k < open.size(); ++k)
            if (open[k] == id) {
              open.erase(open.begin() + static_cast<std::ptrdiff_t>(k));
              break;
            }
        }
        continue;
      }
      auto later = first_made.find(id);
      if (later != first_made.end())
        bad(i, "message " + std::to_string(i) + ": tool result for call " + id +
                   " comes before the assistant message that makes the call (message " +
                   std::to_string(later->second) + ")");
      else
        bad(i, "message " + std::to_string(i) + ": tool result answers no assistant tool call (id " + id + ")");
      continue;
    }
    if (m.role == "user") close_open("the user message " + std::to_string(i));
    else if (strict_order && !open.empty()) close_open("message " + std::to_string(i) + " (" + m.role + ")");
    if (m.role == "assistant") {
      if (m.calls_without_id)
        bad(i, "message " + std::to_string(i) + ": " + std::to_string(m.calls_without_id) + " tool call(s) without an id");
      for (const auto& c : m.calls) {
        if (made.count(c.first)) {
          bad(i, "message " + std::to_string(i) + ": tool call id " + c.first + " already used in message " +
                     std::to_string(made[c.first].msg));
          continue;
        }
        made.emplace(c.first, made_call{i, false});
        open.push_back(c.first);
      }
    }
  }
  if (!allow_pending) close_open("the end of the history");
  return out;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_HISTORY_HPP
