// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_JSON_DOM_HPP
#define TOOLCALL_DETAIL_JSON_DOM_HPP

// Reads OpenAI `chat.completion.chunk` objects for openai::delta_accumulator with
// simdjson's DOM parser, which runs inside libsimdjson with run-time kernel selection. The
// result is plain string_views, so no public header names a simdjson type; <simdjson.h> itself
// still comes in through json.hpp only.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "json.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// One element of a delta's `tool_calls` array (or a legacy `function_call`). The views point
/// into the chunk_reader and are valid until its next read().
struct tool_call_fragment {
  bool has_index = false;
  std::uint64_t index = 0;
  bool has_id = false, has_type = false, has_name = false, has_arguments = false;
  std::string_view id, type, name, arguments;
  /// `arguments` given as a JSON object instead of a string (some servers do): its text.
  std::string arguments_text;
  std::string_view args() const noexcept { return arguments_text.empty() ? arguments : arguments_text; }
};

/// What one chunk says about the followed choice.
struct chunk_fields {
  bool has_choice = false;  ///< the chunk carried the followed choice
  bool has_content = false, has_reasoning = false, has_finish = false;
  std::string_view content, reasoning, finish_reason;
  std::vector<tool_call_fragment> calls;
  std::size_t call_count = 0;  ///< calls[0, call_count) are this chunk's (the vector is reused)
  bool is_error = false;       ///< the chunk was an error object ({"error": ...})
  std::string error;

  void clear() {
    has_choice = has_content = has_reasoning = has_finish = false;
    content = reasoning = finish_reason = {};
    call_count = 0;
    is_error = false;
    error.clear();
  }
};

/// Parses chunk JSON into chunk_fields. One per accumulator (it owns the padded buffer and the
/// simdjson parser, which holds one document at a time).
class chunk_reader {
 public:
  /**
   * Parses `json` and extracts the choice whose `index` is `choice`. Returns false, with `why`
   * set, when the text is not JSON or not the shape of a chunk; `out` is then not to be used.
   */
  bool read(std::string_view json, std::uint64_t choice, chunk_fields& out, std::string& why) {
    out.clear();
    if (json.size() + simdjson::SIMDJSON_PADDING > buf_.size()) buf_.resize(json.size() + simdjson::SIMDJSON_PADDING);
    std::copy(json.begin(), json.end(), buf_.begin());
    simdjson::dom::element root;
    if (const auto err = parser_.parse(buf_.data(), json.size(), false).get(root)) {
      why = std::string("not JSON: ") + simdjson::error_message(err);
      return false;
    }
    simdjson::dom::object obj;
    if (root.get_object().get(obj)) {
      why = "a chunk must be a JSON object";
      return false;
    }
    simdjson::dom::element choices;
    bool has_choices = false;
    for (simdjson::dom::key_value_pair kv : obj) {
      if (kv.key == "error") {
        out.is_error = true;
        simdjson::dom::element msg;
        std::string_view s;
        if (!kv.value.get_string().get(s)) out.error.assign(s.data(), s.size());
        else if (!kv.value["message"].get(msg) && !msg.get_string().get(s)) out.error.assign(s.data(), s.size());
        else out.error = simdjson::minify(kv.value);
      } else if (kv.key == "choices") {
        choices = kv.value;
        has_choices = true;
      }
    }
    if (!has_choices || choices.is_null()) return true;  // usage-only or error chunk
    simdjson::dom::array arr;
    if (choices.get_array().get(arr)) {
      why = "\"choices\" must be an array";
      return false;
    }
    std::uint64_t position = 0;
    for (simdjson::dom::element ch : arr) {
      simdjson::dom::object co;
      if (ch.get_object().get(co)) {
        why = "a choice must be an object";
        return false;
      }
      std::uint64_t idx = position++;
      simdjson::dom::element iv;
      if (!co["index"].get(iv) && !iv.is_null() && iv.get_uint64().get(idx)) {
        why = "a choice's \"index\" must be a non-negative integer";
        return false;
      }
      if (idx != choice) continue;
      if (!read_choice(co, out, why)) return false;
      out.has_choice = true;
      break;
    }
    return true;
  }

 private:
  /// Reads a string-or-null member. Returns false on another type.
  static bool opt_string(simdjson::dom::element v, bool& has, std::string_view& s) {
    if (v.is_null()) return true;
    if (v.get_string().get(s)) return false;
    has = true;
    return true;
  }

  bool read_choice(simdjson::dom::object co, chunk_fields& out, std::string& why) {
    simdjson::dom::element delta;
    bool has_delta = false;
    for (simdjson::dom::key_value_pair kv : co) {
      if (kv.key == "delta" || (kv.key == "message" && !has_delta)) {
        delta = kv.value;
        has_delta = true;
      } else if (kv.key == "finish_reason") {
        if (!opt_string(kv.value, out.has_finish, out.finish_reason)) {
          why = "\"finish_reason\" must be a string or null";
          return false;
        }
      }
    }
    if (!has_delta || delta.is_null()) return true;
    simdjson::dom::object d;
    if (delta.get_object().get(d)) {
      why = "\"delta\" must be an object";
      return false;
    }
    bool has_rc = false, has_r = false;
    std::string_view rc, r;
    for (simdjson::dom::key_value_pair kv : d) {
      if (kv.key == "content") {
        if (!opt_string(kv.value, out.has_content, out.content)) {
          why = "\"content\" must be a string or null";
          return false;
        }
      } else if (kv.key == "reasoning_content") {
        if (!opt_string(kv.value, has_rc, rc)) {
          why = "\"reasoning_content\" must be a string or null";
          return false;
        }
      } else if (kv.key == "reasoning") {
        if (!opt_string(kv.value, has_r, r)) {
          why = "\"reasoning\" must be a string or null";
          return false;
        }
      } else if (kv.key == "tool_calls") {
        if (kv.value.is_null()) continue;
        simdjson::dom::array tcs;
        if (kv.value.get_array().get(tcs)) {
          why = "\"tool_calls\" must be an array";
          return false;
        }
        for (simdjson::dom::element tc : tcs)
          if (!read_call(tc, false, out, why)) return false;
      } else if (kv.key == "function_call") {  // the deprecated functions API: one call
        if (kv.value.is_null()) continue;
        if (!read_call(kv.value, true, out, why)) return false;
      }
    }
    // Some servers send the same text under both names: take one, never both.
    if (has_rc) {
      out.has_reasoning = true;
      out.reasoning = rc;
    } else if (has_r) {
      out.has_reasoning = true;
      out.reasoning = r;
    }
    return true;
  }

  bool read_call(simdjson::dom::element tc, bool legacy, chunk_fields& out, std::string& why) {
    simdjson::dom::object o;
    if (tc.get_object().get(o)) {
      why = "a tool call delta must be an object";
      return false;
    }
    if (out.call_count == out.calls.size()) out.calls.emplace_back();
    tool_call_fragment& f = out.calls[out.call_count];
    f = tool_call_fragment{};
    if (legacy) {
      f.has_index = true;
      f.index = 0;
    }
    simdjson::dom::element fn;
    bool has_fn = false;
    for (simdjson::dom::key_value_pair kv : o) {
      if (kv.key == "index" && !legacy) {
        if (kv.value.is_null()) continue;
        if (kv.value.get_uint64().get(f.index)) {
          why = "a tool call's \"index\" must be a non-negative integer";
          return false;
        }
        f.has_index = true;
      } else if (kv.key == "id" && !legacy) {
        if (!opt_string(kv.value, f.has_id, f.id)) {
          why = "a tool call's \"id\" must be a string or null";
          return false;
        }
      } else if (kv.key == "type" && !legacy) {
        if (!opt_string(kv.value, f.has_type, f.type)) {
          why = "a tool call's \"type\" must be a string or null";
          return false;
        }
      } else if (kv.key == "function" && !legacy) {
        fn = kv.value;
        has_fn = true;
      }
    }
    if (legacy) {
      fn = tc;
      has_fn = true;
    }
    if (has_fn && !fn.is_null()) {
      simdjson::dom::object fo;
      if (fn.get_object().get(fo)) {
        why = "a tool call's \"function\" must be an object";
        return false;
      }
      for (simdjson::dom::key_value_pair kv : fo) {
        if (kv.key == "name") {
          if (!opt_string(kv.value, f.has_name, f.name)) {
            why = "a function's \"name\" must be a string or null";
            return false;
          }
        } else if (kv.key == "arguments") {
          if (kv.value.is_null()) continue;
          if (kv.value.is_object()) {  // not the OpenAI shape, but unambiguous
            f.arguments_text = simdjson::minify(kv.value);
            f.has_arguments = true;
          } else if (!opt_string(kv.value, f.has_arguments, f.arguments)) {
            why = "a function's \"arguments\" must be a string";
            return false;
          }
        }
      }
    }
    ++out.call_count;
    return true;
  }

  simdjson::dom::parser parser_;
  std::string buf_;
};

/// Appends `in` with the whitespace outside strings removed: compact JSON, every other byte kept
/// (numbers are not reformatted, unlike a DOM round trip).
inline void compact_json(std::string_view in, std::string& out) {
  bool in_str = false, esc = false;
  for (const char c : in) {
    if (in_str) {
      if (esc) esc = false;
      else if (c == '\\') esc = true;
      else if (c == '"') in_str = false;
      out += c;
    } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      continue;
    } else {
      if (c == '"') in_str = true;
      out += c;
    }
  }
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_JSON_DOM_HPP
