// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_JSON_WRITER_HPP
#define TOOLCALL_JSON_WRITER_HPP

#include <string>
#include <string_view>

#include "detail/json_lexer.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace openai {

/// Appends `s` as a JSON string literal (quotes included). Invalid UTF-8 is kept byte for byte.
inline void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  detail::json_escape_append(out, s);
  out += '"';
}

/// The OpenAI assistant message object: role, content (null when empty), reasoning_content
/// (only when a reasoning block was present), tool_calls (only when there are calls).
inline std::string message_json(const message& m) {
  std::string o = "{\"role\":\"assistant\",\"content\":";
  if (m.content.empty()) o += "null";
  else append_json_string(o, m.content);
  if (m.has_reasoning) {
    o += ",\"reasoning_content\":";
    append_json_string(o, m.reasoning);
  }
  if (!m.calls.empty()) {
    o += ",\"tool_calls\":[";
    bool first = true;
    for (const call& c : m.calls) {
      if (!first) o += ',';
      first = false;
      o += "{\"id\":";
      append_json_string(o, c.id);
      o += ",\"type\":\"function\",\"function\":{\"name\":";
      append_json_string(o, c.name);
      o += ",\"arguments\":";
      append_json_string(o, c.arguments);
      o += "}}";
    }
    o += ']';
  }
  o += '}';
  return o;
}

/// Diagnostics as a JSON array of {code, offset, message, severity}.
inline std::string diagnostics_json(const std::vector<diagnostic>& ds) {
  std::string o = "[";
  bool first = true;
  for (const diagnostic& d : ds) {
    if (!first) o += ',';
    first = false;
    o += "{\"code\":\"";
    o += to_string(d.code);
    o += "\",\"offset\":";
    o += std::to_string(d.offset);
    o += ",\"message\":";
    append_json_string(o, d.message);
    o += ",\"severity\":\"";
    o += to_string(d.level);
    o += "\"}";
  }
  o += ']';
  return o;
}

/// `{"message": ..., "finish_reason": ..., "diagnostics": [...]}`: the CLI's output shape.
inline std::string result_json(const message& m) {
  std::string o = "{\"message\":";
  o += message_json(m);
  o += ",\"finish_reason\":\"";
  o += to_string(m.finish);
  o += "\",\"diagnostics\":";
  o += diagnostics_json(m.diagnostics);
  o += '}';
  return o;
}

}  // namespace openai
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_JSON_WRITER_HPP
