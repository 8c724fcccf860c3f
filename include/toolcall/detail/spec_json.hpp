// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SPEC_JSON_HPP
#define TOOLCALL_DETAIL_SPEC_JSON_HPP

// format_spec <-> its JSON file (docs/format_spec.md, docs/format_spec.schema.json); the samples
// file of `toolcall learn` is read by sample_json.hpp with the same reader. Reading never throws: simdjson's error-code API, and every
// problem is an errc::invalid_input whose message names the key (`xml.trim`, `triggers[1].open`).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../format_spec.hpp"
#include "json.hpp"
#include "json_lexer.hpp"
#include "utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

inline const char* spec_payload_name(payload_kind p) noexcept {
  switch (p) {
    case payload_kind::json_object: return "json_object";
    case payload_kind::json_array: return "json_array";
    case payload_kind::pythonic: return "pythonic";
    case payload_kind::regex: return "regex";
    case payload_kind::xml_parameters: return "xml_parameters";
    case payload_kind::name_json: return "name_json";
    case payload_kind::key_value: return "key_value";
    case payload_kind::xml_elements: return "xml_elements";
  }
  return "json_object";
}
inline const char* spec_name_style(xml_name_style n) noexcept {
  switch (n) {
    case xml_name_style::to_gt: return "to_gt";
    case xml_name_style::quoted: return "quoted";
    case xml_name_style::to_tag: return "to_tag";
    case xml_name_style::to_line: return "to_line";
    case xml_name_style::element: return "element";
  }
  return "to_gt";
}
inline const char* spec_trim_name(xml_value_trim t) noexcept {
  switch (t) {
    case xml_value_trim::none: return "none";
    case xml_value_trim::one_newline: return "one_newline";
    case xml_value_trim::whitespace: return "whitespace";
  }
  return "none";
}
inline const char* spec_repeat_name(xml_repeated_key k) noexcept {
  switch (k) {
    case xml_repeated_key::last: return "last";
    case xml_repeated_key::first: return "first";
    case xml_repeated_key::drop: return "drop";
  }
  return "last";
}
inline const char* spec_position_name(trigger_position p) noexcept {
  switch (p) {
    case trigger_position::anywhere: return "anywhere";
    case trigger_position::start: return "start";
    case trigger_position::line_start: return "line_start";
  }
  return "anywhere";
}

/// Writes JSON with two-space indentation; strings always valid UTF-8.
class spec_writer {
 public:
  std::string out;
  void open(char c) {
    out += c;
    first_ = true;
    ++depth_;
  }
  void close(char c) {
    --depth_;
    if (!first_) newline();
    out += c;
    first_ = false;
  }
  void key(std::string_view k) {
    item();
    str(k);
    out += ": ";
  }
  void item() {
    if (!first_) out += ',';
    newline();
    first_ = false;
  }
  void str(std::string_view s) {
    out += '"';
    utf8_append_replacing(out, s, json_escape_append);
    out += '"';
  }
  void kv(std::string_view k, std::string_view v) {
    key(k);
    str(v);
  }
  void kv(std::string_view k, const char* v) { kv(k, std::string_view(v)); }
  void kv(std::string_view k, const std::string& v) { kv(k, std::string_view(v)); }
  void kv(std::string_view k, bool v) {
    key(k);
    out += v ? "true" : "false";
  }
  void kv(std::string_view k, int v) {
    key(k);
    out += std::to_string(v);
  }
  void strings(std::string_view k, const std::vector<std::string>& v) {
    key(k);
    out += '[';
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i) out += ", ";
      str(v[i]);
    }
    out += ']';
  }

 private:
  void newline() {
    out += '\n';
    out.append(static_cast<std::size_t>(depth_) * 2, ' ');
  }
  bool first_ = true;
  int depth_ = 0;
};

/// Reads members of one JSON object into fields, naming the path in its errors.
class spec_reader {
 public:
  std::string why;  ///< the first error; empty while all is well
  bool fail(const std::string& path, const std::string& msg) {
    if (why.empty()) why = path.empty() ? msg : path + ": " + msg;
    return false;
  }
  static std::string join(const std::string& path, std::string_view k) {
    return path.empty() ? std::string(k) : path + "." + std::string(k);
  }
  bool get(simdjson::dom::element v, const std::string& path, std::string& out) {
    std::string_view s;
    if (v.get_string().get(s)) return fail(path, "must be a string");
    out.assign(s.data(), s.size());
    return true;
  }
  bool get(simdjson::dom::element v, const std::string& path, bool& out) {
    if (v.get_bool().get(out)) return fail(path, "must be true or false");
    return true;
  }
  bool get(simdjson::dom::element v, const std::string& path, int& out) {
    std::int64_t i = 0;
    if (v.get_int64().get(i) || i < -1000000 || i > 1000000) return fail(path, "must be an integer");
    out = static_cast<int>(i);
    return true;
  }
  bool get(simdjson::dom::element v, const std::string& path, std::vector<std::string>& out) {
    simdjson::dom::array a;
    if (v.get_array().get(a)) return fail(path, "must be an array of strings");
    out.clear();
    std::size_t i = 0;
    for (simdjson::dom::element x : a) {
      std::string s;
      if (!get(x, path + "[" + std::to_string(i++) + "]", s)) return false;
      out.push_back(std::move(s));
    }
    return true;
  }
  template <class E, std::size_t N>
  bool get_enum(simdjson::dom::element v, const std::string& path, E& out, const E (&vals)[N],
                const char* (*name)(E)) {
    std::string s;
    if (!get(v, path, s)) return false;
    std::string allowed;
    for (E e : vals) {
      if (s == name(e)) {
        out = e;
        return true;
      }
      allowed += allowed.empty() ? "" : ", ";
      allowed += name(e);
    }
    return fail(path, "unknown value \"" + s + "\" (one of " + allowed + ")");
  }
  bool object(simdjson::dom::element v, const std::string& path, simdjson::dom::object& o) {
    if (v.get_object().get(o)) return fail(path, "must be an object");
    return true;
  }
};

inline bool spec_read_xml(spec_reader& r, simdjson::dom::element v, const std::string& path, xml_tags& x) {
  simdjson::dom::object o;
  if (!r.object(v, path, o)) return false;
  static const xml_name_style names[] = {xml_name_style::to_gt, xml_name_style::quoted, xml_name_style::to_tag,
                                         xml_name_style::to_line, xml_name_style::element};
  static const xml_value_trim trims[] = {xml_value_trim::none, xml_value_trim::one_newline, xml_value_trim::whitespace};
  static const xml_repeated_key repeats[] = {xml_repeated_key::last, xml_repeated_key::first, xml_repeated_key::drop};
  for (simdjson::dom::key_value_pair kv : o) {
    const std::string k(kv.key);
    const std::string p = spec_reader::join(path, k);
    bool ok = true;
    if (k == "call_prefix") ok = r.get(kv.value, p, x.call_prefix);
    else if (k == "call_prefix_optional") ok = r.get(kv.value, p, x.call_prefix_optional);
    else if (k == "name_after_prefix") ok = r.get(kv.value, p, x.name_after_prefix);
    else if (k == "function_open") ok = r.get(kv.value, p, x.function_open);
    else if (k == "function_name") ok = r.get_enum(kv.value, p, x.function_name, names, spec_name_style);
    else if (k == "function_close") ok = r.get(kv.value, p, x.function_close);
    else if (k == "parameter_open") ok = r.get(kv.value, p, x.parameter_open);
    else if (k == "parameter_name") ok = r.get_enum(kv.value, p, x.parameter_name, names, spec_name_style);
    else if (k == "parameter_name_end") ok = r.get(kv.value, p, x.parameter_name_end);
    else if (k == "value_open") ok = r.get(kv.value, p, x.value_open);
    else if (k == "parameter_close") ok = r.get(kv.value, p, x.parameter_close);
    else if (k == "trim") ok = r.get_enum(kv.value, p, x.trim, trims, spec_trim_name);
    else if (k == "multi") ok = r.get(kv.value, p, x.multi);
    else if (k == "type_attribute") ok = r.get(kv.value, p, x.type_attribute);
    else if (k == "invoke_lead") ok = r.get(kv.value, p, x.invoke_lead);
    else if (k == "close_at_end") ok = r.get(kv.value, p, x.close_at_end);
    else if (k == "untyped_json") ok = r.get(kv.value, p, x.untyped_json);
    else if (k == "verbatim_strings") ok = r.get(kv.value, p, x.verbatim_strings);
    else if (k == "verbatim_text") ok = r.get(kv.value, p, x.verbatim_text);
    else if (k == "null_word") ok = r.get(kv.value, p, x.null_word);
    else if (k == "schema_tags") ok = r.get(kv.value, p, x.schema_tags);
    else if (k == "name_separator") ok = r.get(kv.value, p, x.name_separator);
    else if (k == "tag_end") ok = r.get(kv.value, p, x.tag_end);
    else if (k == "type_names") ok = r.get(kv.value, p, x.type_names);
    else if (k == "tag_prefix") ok = r.get(kv.value, p, x.tag_prefix);
    else if (k == "cdata") ok = r.get(kv.value, p, x.cdata);
    else if (k == "tokenizer_spaces") ok = r.get(kv.value, p, x.tokenizer_spaces);
    else if (k == "repeated_key") ok = r.get_enum(kv.value, p, x.repeated_key, repeats, spec_repeat_name);
    else return r.fail(p, "unknown key");
    if (!ok) return false;
  }
  return true;
}

inline bool spec_read_json_options(spec_reader& r, simdjson::dom::element v, const std::string& path, json_options& j) {
  simdjson::dom::object o;
  if (!r.object(v, path, o)) return false;
  for (simdjson::dom::key_value_pair kv : o) {
    const std::string k(kv.key);
    const std::string p = spec_reader::join(path, k);
    bool ok = true;
    if (k == "allow_list") ok = r.get(kv.value, p, j.allow_list);
    else if (k == "several") ok = r.get(kv.value, p, j.several);
    else if (k == "lead") ok = r.get(kv.value, p, j.lead);
    else if (k == "inject") ok = r.get(kv.value, p, j.inject);
    else if (k == "name_as_key") ok = r.get(kv.value, p, j.name_as_key);
    else if (k == "skip_bad") ok = r.get(kv.value, p, j.skip_bad);
    else if (k == "require_arguments") ok = r.get(kv.value, p, j.require_arguments);
    else return r.fail(p, "unknown key");
    if (!ok) return false;
  }
  return true;
}

inline bool spec_read_pythonic_options(spec_reader& r, simdjson::dom::element v, const std::string& path,
                                      pythonic_options& o) {
  simdjson::dom::object obj;
  if (!r.object(v, path, obj)) return false;
  for (simdjson::dom::key_value_pair kv : obj) {
    const std::string k(kv.key), p = spec_reader::join(path, k);
    const bool ok = k == "list"    ? r.get(kv.value, p, o.list)
                    : k == "lines" ? r.get(kv.value, p, o.lines)
                                   : r.fail(p, "unknown key");
    if (!ok) return false;
  }
  return true;
}

template <class T, class F>
bool spec_read_list(spec_reader& r, simdjson::dom::element v, const std::string& path, std::vector<T>& out, F each) {
  simdjson::dom::array a;
  if (v.get_array().get(a)) return r.fail(path, "must be an array");
  out.clear();
  std::size_t i = 0;
  for (simdjson::dom::element x : a) {
    const std::string p = path + "[" + std::to_string(i++) + "]";
    simdjson::dom::object o;
    if (!r.object(x, p, o)) return false;
    T t;
    for (simdjson::dom::key_value_pair kv : o) {
      const std::string k(kv.key);
      if (!each(t, k, kv.value, spec_reader::join(p, k))) return false;
    }
    out.push_back(std::move(t));
  }
  return true;
}

/// Parses `json` with simdjson into `root`; false with `why` set on a syntax error.
inline bool spec_parse(simdjson::dom::parser& parser, std::string_view json, simdjson::dom::element& root,
                       std::string& why) {
  if (json.size() > (std::size_t{64} << 20)) {
    why = "the file is larger than 64 MB";
    return false;
  }
  if (const auto err = parser.parse(json.data(), json.size(), true).get(root)) {
    why = std::string("not JSON: ") + simdjson::error_message(err);
    return false;
  }
  return true;
}

inline result<format_spec> spec_from_json(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  std::string why;
  if (!spec_parse(parser, json, root, why)) return error{errc::invalid_input, 0, why};
  spec_reader r;
  simdjson::dom::object o;
  if (!r.object(root, "", o)) return error{errc::invalid_input, 0, "a format spec must be a JSON object"};
  format_spec s;
  static const payload_kind payloads[] = {payload_kind::json_object,    payload_kind::json_array,
                                          payload_kind::pythonic,       payload_kind::regex,
                                          payload_kind::xml_parameters, payload_kind::name_json,
                                          payload_kind::key_value,      payload_kind::xml_elements};
  static const trigger_position positions[] = {trigger_position::anywhere, trigger_position::start,
                                               trigger_position::line_start};
  bool has_name = false;
  for (simdjson::dom::key_value_pair kv : o) {
    const std::string k(kv.key);
    bool ok = true;
    if (k == "$schema" || k == "comment") {
      std::string ignored;
      ok = r.get(kv.value, k, ignored);
    } else if (k == "name") {
      ok = r.get(kv.value, k, s.name);
      has_name = true;
    } else if (k == "description") ok = r.get(kv.value, k, s.description);
    else if (k == "call_begin") ok = r.get(kv.value, k, s.call_begin);
    else if (k == "call_end") ok = r.get(kv.value, k, s.call_end);
    else if (k == "call_begin_position") ok = r.get_enum(kv.value, k, s.call_begin_position, positions, spec_position_name);
    else if (k == "triggers") {
      ok = spec_read_list(r, kv.value, k, s.triggers,
                          [&](trigger_spec& t, const std::string& key, simdjson::dom::element v, const std::string& p) {
                            if (key == "open") return r.get(v, p, t.open);
                            if (key == "close") return r.get(v, p, t.close);
                            if (key == "position") return r.get_enum(v, p, t.position, positions, spec_position_name);
                            return r.fail(p, "unknown key");
                          });
    } else if (k == "payload") ok = r.get_enum(kv.value, k, s.payload, payloads, spec_payload_name);
    else if (k == "name_key") ok = r.get(kv.value, k, s.name_key);
    else if (k == "arguments_key") ok = r.get(kv.value, k, s.arguments_key);
    else if (k == "json") ok = spec_read_json_options(r, kv.value, k, s.json);
    else if (k == "name_end") ok = r.get(kv.value, k, s.name_end);
    else if (k == "id_end") ok = r.get(kv.value, k, s.id_end);
    else if (k == "arguments_lead") ok = r.get(kv.value, k, s.arguments_lead);
    else if (k == "prompt_opens_call") ok = r.get(kv.value, k, s.prompt_opens_call);
    else if (k == "name_prefix") ok = r.get(kv.value, k, s.name_prefix);
    else if (k == "name_index") ok = r.get(kv.value, k, s.name_index);
    else if (k == "tool_name_triggers") ok = r.get(kv.value, k, s.tool_name_triggers);
    else if (k == "pythonic") ok = spec_read_pythonic_options(r, kv.value, k, s.pythonic);
    else if (k == "string_delimiter") ok = r.get(kv.value, k, s.string_delimiter);
    else if (k == "recipients") {
      simdjson::dom::object ro;
      ok = r.object(kv.value, k, ro);
      for (simdjson::dom::key_value_pair rk : ro) {
        if (!ok) break;
        const std::string key(rk.key);
        const std::string p = spec_reader::join(k, key);
        if (key == "message") ok = r.get(rk.value, p, s.recipients.message);
        else if (key == "start") ok = r.get(rk.value, p, s.recipients.start);
        else if (key == "reasoning") ok = r.get(rk.value, p, s.recipients.reasoning);
        else if (key == "content") ok = r.get(rk.value, p, s.recipients.content);
        else if (key == "ends") ok = r.get(rk.value, p, s.recipients.ends);
        else ok = r.fail(p, "unknown key");
      }
    }
    else if (k == "bare_json") {
      simdjson::dom::object bo;
      ok = r.object(kv.value, k, bo);
      bare_json_spec& b = s.bare_json;
      for (simdjson::dom::key_value_pair bk : bo) {
        if (!ok) break;
        const std::string key(bk.key);
        const std::string p = spec_reader::join(k, key);
        bool* f = key == "name_key" ? &b.name_key : key == "function_string" ? &b.function_string
                  : key == "envelope" ? &b.envelope : key == "semicolons" ? &b.semicolons
                  : key == "call_array" ? &b.call_array : key == "pythonic_list" ? &b.pythonic_list
                  : key == "fallback" ? &b.fallback : nullptr;
        ok = f ? r.get(bk.value, p, *f) : r.fail(p, "unknown key");
      }
    }
    else if (k == "pattern") ok = r.get(kv.value, k, s.pattern);
    else if (k == "xml") ok = spec_read_xml(r, kv.value, k, s.xml);
    else if (k == "markers" || k == "section_openers") ok = r.get(kv.value, k, k == "markers" ? s.markers : s.section_openers);
    else if (k == "reasoning") {
      ok = spec_read_list(r, kv.value, k, s.reasoning,
                          [&](reasoning_pair& t, const std::string& key, simdjson::dom::element v, const std::string& p) {
                            if (key == "open") return r.get(v, p, t.open);
                            if (key == "close") return r.get(v, p, t.close);
                            return r.fail(p, "unknown key");
                          });
    } else if (k == "template_markers") ok = r.get(kv.value, k, s.template_markers);
    else if (k == "presets") {
      ok = spec_read_list(r, kv.value, k, s.presets,
                          [&](preset_spec& t, const std::string& key, simdjson::dom::element v, const std::string& p) {
                            if (key == "pattern") return r.get(v, p, t.pattern);
                            if (key == "formats") return r.get(v, p, t.formats);
                            if (key == "rank") return r.get(v, p, t.rank);
                            if (key == "prompt_opens_reasoning") return r.get(v, p, t.prompt_opens_reasoning);
                            return r.fail(p, "unknown key");
                          });
    } else if (k == "token_suffix") ok = r.get(kv.value, k, s.token_suffix);
    else if (k == "model_ids") ok = r.get(kv.value, k, s.model_ids);
    else if (k == "unknown_tools_as_text") ok = r.get(kv.value, k, s.unknown_tools_as_text);
    else if (k == "priority") ok = r.get(kv.value, k, s.priority);
    else ok = r.fail(k, "unknown key");
    if (!ok) return error{errc::invalid_input, 0, r.why};
  }
  if (!has_name || s.name.empty()) return error{errc::invalid_input, 0, "name: required"};
  return s;
}

inline std::string spec_to_json(const format_spec& s) {
  spec_writer w;
  w.open('{');
  w.kv("name", s.name);
  if (!s.description.empty()) w.kv("description", s.description);
  w.kv("call_begin", s.call_begin);
  w.kv("call_end", s.call_end);
  if (s.call_begin_position != trigger_position::anywhere)
    w.kv("call_begin_position", spec_position_name(s.call_begin_position));
  if (!s.triggers.empty()) {
    w.key("triggers");
    w.open('[');
    for (const auto& t : s.triggers) {
      w.item();
      w.open('{');
      w.kv("open", t.open);
      w.kv("close", t.close);
      w.kv("position", spec_position_name(t.position));
      w.close('}');
    }
    w.close(']');
  }
  w.kv("payload", spec_payload_name(s.payload));
  switch (s.payload) {
    case payload_kind::json_object:
    case payload_kind::json_array:
      w.kv("name_key", s.name_key);
      w.kv("arguments_key", s.arguments_key);
      w.key("json");
      w.open('{');
      w.kv("allow_list", s.json.allow_list);
      w.kv("several", s.json.several);
      w.kv("lead", s.json.lead);
      w.kv("inject", s.json.inject);
      w.kv("name_as_key", s.json.name_as_key);
      w.kv("skip_bad", s.json.skip_bad);
      w.kv("require_arguments", s.json.require_arguments);
      w.close('}');
      break;
    case payload_kind::name_json:
      w.kv("name_end", s.name_end);
      w.kv("id_end", s.id_end);
      w.strings("arguments_lead", s.arguments_lead);
      w.kv("prompt_opens_call", s.prompt_opens_call);
      w.kv("name_prefix", s.name_prefix);
      w.kv("name_index", s.name_index);
      break;
    case payload_kind::regex: w.kv("pattern", s.pattern); break;
    case payload_kind::xml_parameters: {
      const xml_tags& x = s.xml;
      w.key("xml");
      w.open('{');
      w.kv("call_prefix", x.call_prefix);
      w.kv("call_prefix_optional", x.call_prefix_optional);
      w.kv("name_after_prefix", x.name_after_prefix);
      w.kv("function_open", x.function_open);
      w.kv("function_name", spec_name_style(x.function_name));
      w.kv("function_close", x.function_close);
      w.kv("parameter_open", x.parameter_open);
      w.kv("parameter_name", spec_name_style(x.parameter_name));
      w.kv("parameter_name_end", x.parameter_name_end);
      w.kv("value_open", x.value_open);
      w.kv("parameter_close", x.parameter_close);
      w.kv("trim", spec_trim_name(x.trim));
      w.kv("multi", x.multi);
      w.kv("type_attribute", x.type_attribute);
      w.kv("invoke_lead", x.invoke_lead);
      w.kv("close_at_end", x.close_at_end);
      w.kv("untyped_json", x.untyped_json);
      w.kv("verbatim_strings", x.verbatim_strings);
      w.kv("verbatim_text", x.verbatim_text);
      w.kv("null_word", x.null_word);
      w.kv("schema_tags", x.schema_tags);
      w.kv("name_separator", x.name_separator);
      w.kv("tag_end", x.tag_end);
      w.kv("type_names", x.type_names);
      w.kv("tag_prefix", x.tag_prefix);
      w.kv("repeated_key", spec_repeat_name(x.repeated_key));
      w.kv("cdata", x.cdata);
      w.kv("tokenizer_spaces", x.tokenizer_spaces);
      w.close('}');
      break;
    }
    case payload_kind::pythonic:
      w.kv("tool_name_triggers", s.tool_name_triggers);
      w.key("pythonic");
      w.open('{');
      w.kv("list", s.pythonic.list);
      w.kv("lines", s.pythonic.lines);
      w.close('}');
      break;
    case payload_kind::key_value: w.kv("string_delimiter", s.string_delimiter); break;
    case payload_kind::xml_elements: break;
  }
  if (!s.recipients.message.empty()) {
    w.key("recipients");
    w.open('{');
    w.kv("message", s.recipients.message);
    w.kv("start", s.recipients.start);
    w.strings("reasoning", s.recipients.reasoning);
    w.strings("content", s.recipients.content);
    w.strings("ends", s.recipients.ends);
    w.close('}');
  }
  if (s.bare_json.any() || s.bare_json.fallback) {
    const bare_json_spec& b = s.bare_json;
    w.key("bare_json");
    w.open('{');
    w.kv("name_key", b.name_key);
    w.kv("function_string", b.function_string);
    w.kv("envelope", b.envelope);
    w.kv("semicolons", b.semicolons);
    w.kv("call_array", b.call_array);
    w.kv("pythonic_list", b.pythonic_list);
    w.kv("fallback", b.fallback);
    w.close('}');
  }
  w.strings("markers", s.markers);
  w.strings("section_openers", s.section_openers);
  w.key("reasoning");
  w.open('[');
  for (const auto& p : s.reasoning) {
    w.item();
    w.open('{');
    w.kv("open", p.open);
    w.kv("close", p.close);
    w.close('}');
  }
  w.close(']');
  w.strings("template_markers", s.template_markers);
  w.key("presets");
  w.open('[');
  for (const auto& p : s.presets) {
    w.item();
    w.open('{');
    w.kv("pattern", p.pattern);
    w.strings("formats", p.formats);
    w.kv("rank", p.rank);
    w.kv("prompt_opens_reasoning", p.prompt_opens_reasoning);
    w.close('}');
  }
  w.close(']');
  if (!s.token_suffix.empty()) w.kv("token_suffix", s.token_suffix);
  w.kv("model_ids", s.model_ids);
  w.kv("unknown_tools_as_text", s.unknown_tools_as_text);
  w.kv("priority", s.priority);
  w.close('}');
  w.out += '\n';
  return std::move(w.out);
}

}  // namespace detail

TOOLCALL_INLINE result<format_spec> format_spec::from_json(std::string_view json) { return detail::spec_from_json(json); }
TOOLCALL_INLINE std::string format_spec::to_json() const { return detail::spec_to_json(*this); }

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SPEC_JSON_HPP
