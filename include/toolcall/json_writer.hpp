// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_JSON_WRITER_HPP
#define TOOLCALL_JSON_WRITER_HPP

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "detail/json_lexer.hpp"
#include "detail/utf8.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace openai {

/**
 * Appends `s` as a JSON string literal (quotes included) that is always valid UTF-8: each byte
 * that does not belong to a well-formed UTF-8 sequence becomes U+FFFD (JSON on the wire must
 * be UTF-8, and model output may not be). Quotes, backslashes and control characters are
 * escaped; every other character is written as it is.
 */
inline void append_json_string_utf8(std::string& out, std::string_view s) {
  out += '"';
  detail::utf8_append_replacing(out, s, detail::json_escape_append);
  out += '"';
}

/// Same as append_json_string_utf8(): every JSON text the library writes is valid UTF-8.
inline void append_json_string(std::string& out, std::string_view s) { append_json_string_utf8(out, s); }

/// The OpenAI assistant message object: role, content (null when empty), reasoning_content
/// (only when a reasoning block was present), tool_calls (only when there are calls). Strings
/// are written as valid UTF-8 (see append_json_string_utf8).
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
