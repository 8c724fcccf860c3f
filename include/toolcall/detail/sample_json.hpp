// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SAMPLE_JSON_HPP
#define TOOLCALL_DETAIL_SAMPLE_JSON_HPP

// The samples file of `toolcall learn` and learn_sample::from_json (docs/learning.md): one
// rendered assistant turn, or an array of them, each with what the turn holds. Read with
// spec_json.hpp's reader: never throws, and a problem names its key (`[1].tool_calls[0].name`).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spec_json.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

inline bool sample_read(spec_reader& r, simdjson::dom::element v, const std::string& path, learn_sample& s) {
  simdjson::dom::object o;
  if (!r.object(v, path, o)) return false;
  bool has_rendered = false;
  std::string role;
  for (simdjson::dom::key_value_pair kv : o) {
    const std::string k(kv.key);
    const std::string p = spec_reader::join(path, k);
    bool ok = true;
    if (k == "rendered") {
      ok = r.get(kv.value, p, s.rendered);
      has_rendered = true;
    } else if (k == "content" || k == "reasoning") {
      if (kv.value.is_null()) continue;
      ok = r.get(kv.value, p, k == "content" ? s.content : s.reasoning);
    } else if (k == "tool_calls") {
      simdjson::dom::array a;
      if (kv.value.is_null()) continue;
      if (kv.value.get_array().get(a)) return r.fail(p, "must be an array");
      std::size_t i = 0;
      for (simdjson::dom::element c : a) {
        const std::string cp = p + "[" + std::to_string(i++) + "]";
        simdjson::dom::object co;
        if (!r.object(c, cp, co)) return false;
        simdjson::dom::element fn;
        simdjson::dom::object inner;
        if (!co["function"].get(fn) && !fn.get_object().get(inner)) co = inner;  // OpenAI nesting
        learn_sample::call call;
        bool has_call_name = false;
        for (simdjson::dom::key_value_pair ck : co) {
          const std::string ckey(ck.key);
          if (ckey == "name") {
            if (!r.get(ck.value, spec_reader::join(cp, ckey), call.name)) return false;
            has_call_name = true;
          } else if (ckey == "arguments") {
            std::string_view text;
            if (!ck.value.get_string().get(text)) call.arguments.assign(text.data(), text.size());
            else if (ck.value.is_object()) call.arguments = simdjson::minify(ck.value);
            else return r.fail(spec_reader::join(cp, ckey), "must be an object or a JSON string");
          } else if (ckey != "id" && ckey != "type") {
            return r.fail(spec_reader::join(cp, ckey), "unknown key");
          }
        }
        if (!has_call_name) return r.fail(cp, "name: required");
        if (call.arguments.empty()) call.arguments = "{}";
        s.tool_calls.push_back(std::move(call));
      }
    } else if (k == "role") {
      ok = r.get(kv.value, p, role);  // read and checked, not used
    } else {
      return r.fail(p, "unknown key");
    }
    if (!ok) return false;
  }
  if (!has_rendered) return r.fail(path, "rendered: required");
  return true;
}

inline result<std::vector<learn_sample>> samples_from_json(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  std::string why;
  if (!spec_parse(parser, json, root, why)) return error{errc::invalid_input, 0, why};
  spec_reader r;
  std::vector<learn_sample> v;
  if (root.is_array()) {
    std::size_t i = 0;
    simdjson::dom::array list;
    if (root.get_array().get(list)) return error{errc::invalid_input, 0, "samples must be an array or an object"};
    for (simdjson::dom::element x : list) {
      learn_sample s;
      if (!sample_read(r, x, "[" + std::to_string(i++) + "]", s)) return error{errc::invalid_input, 0, r.why};
      v.push_back(std::move(s));
    }
  } else {
    learn_sample s;
    if (!sample_read(r, root, "", s)) return error{errc::invalid_input, 0, r.why};
    v.push_back(std::move(s));
  }
  return v;
}

}  // namespace detail

TOOLCALL_INLINE result<std::vector<learn_sample>> learn_sample::from_json(std::string_view json) {
  return detail::samples_from_json(json);
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SAMPLE_JSON_HPP
