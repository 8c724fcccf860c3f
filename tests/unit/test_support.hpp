// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Shared test helpers: the corpus reader, the judging rules of tests/data/corpus/README.md, and
// an event folder that rebuilds a message from stream events as a client would.
#ifndef TOOLCALL_TESTS_TEST_SUPPORT_HPP
#define TOOLCALL_TESTS_TEST_SUPPORT_HPP

#include <simdjson.h>

#include <cmath>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <toolcall/message_builder.hpp>
#include <toolcall/toolcall.hpp>

#ifndef TOOLCALL_TEST_DATA_DIR
#define TOOLCALL_TEST_DATA_DIR "tests/data"
#endif

namespace tc_test {

struct expected_call {
  std::string name;
  std::string arguments;  // JSON text
};

struct corpus_case {
  std::string id, family, input;
  std::vector<expected_call> calls;
  bool has_content = false;
  std::string content;
  bool has_reasoning = false;
  std::string reasoning;
  bool error = false;
  std::string content_contains;
  std::vector<std::string> tools;  ///< the request's tool names, for formats that need them
  /// The request's OpenAI `tools` array (JSON text) when the case has a "tools" field: a name
  /// gives `{"type": "object"}` parameters, an object is taken as the tool's definition.
  std::string tools_json;
};

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// The public corpus: public.jsonl, then every file in corpus/new/ (the families added later,
/// one file per group), in name order.
inline std::vector<std::string> corpus_files(bool public_only = false) {
  const std::string dir = std::string(TOOLCALL_TEST_DATA_DIR) + "/corpus";
  std::vector<std::string> files;
  std::error_code ec;
  if (!public_only)
    for (const auto& e : std::filesystem::directory_iterator(dir + "/new", ec))
    if (e.path().extension() == ".jsonl") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  files.insert(files.begin(), dir + "/public.jsonl");
  return files;
}

inline std::vector<corpus_case> load_corpus(bool public_only = false) {
  std::vector<corpus_case> out;
  std::string text;
  for (const auto& f : corpus_files(public_only)) text += read_file(f) + "\n";
  simdjson::dom::parser p;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    simdjson::dom::element d;
    if (p.parse(line).get(d)) continue;
    corpus_case c;
    c.id = std::string(d["id"].get_string().value_unsafe());
    c.family = std::string(d["family"].get_string().value_unsafe());
    c.input = std::string(d["input"].get_string().value_unsafe());
    simdjson::dom::array tools;
    if (!d["tools"].get_array().get(tools)) {
      c.tools_json = "[";
      for (simdjson::dom::element t : tools) {
        if (c.tools_json.size() > 1) c.tools_json += ',';
        std::string_view tn;
        if (!t.get_string().get(tn)) {
          c.tools.emplace_back(tn);
          c.tools_json += R"({"type":"function","function":{"name":)" + simdjson::minify(t) +
                          R"(,"parameters":{"type":"object"}}})";
          continue;
        }
        // a whole definition: {"type": "function", "function": {...}} or flat {"name", ...}
        simdjson::dom::element fn = t;
        simdjson::dom::element inner;
        if (!t["function"].get(inner) && inner.is_object()) fn = inner;
        if (!fn["name"].get_string().get(tn)) c.tools.emplace_back(tn);
        c.tools_json += simdjson::minify(t);
      }
      c.tools_json += ']';
    }
    simdjson::dom::element e = d["expect"].value_unsafe();
    simdjson::dom::array calls;
    if (!e["tool_calls"].get_array().get(calls)) {
      for (simdjson::dom::element x : calls) {
        expected_call ec;
        ec.name = std::string(x["name"].get_string().value_unsafe());
        ec.arguments = simdjson::minify(x["arguments"].value_unsafe());
        c.calls.push_back(ec);
      }
    }
    std::string_view sv;
    if (!e["content"].get_string().get(sv)) {
      c.has_content = true;
      c.content = std::string(sv);
    }
    if (!e["reasoning"].get_string().get(sv)) {
      c.has_reasoning = true;
      c.reasoning = std::string(sv);
    }
    bool b = false;
    if (!e["error"].get_bool().get(b)) c.error = b;
    if (!e["content_contains"].get_string().get(sv)) c.content_contains = std::string(sv);
    out.push_back(std::move(c));
  }
  return out;
}

/// The case's tools as a normalizer attached to `p` (a parser or a stream_parser); a case
/// without tools gets none (any previous filter is removed). False if the tools do not compile.
template <typename Parser>
inline bool attach_tools(const corpus_case& c, Parser& p) {
  if (c.tools_json.empty()) {
    toolcall::normalizer{}.attach(p);
    return true;
  }
  toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(c.tools_json);
  if (!n) return false;
  n->attach(p);
  return true;
}

inline std::string trim(std::string_view s) {
  auto ws = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return std::string(s);
}

/// Deep JSON equality with the corpus rules: key order ignored, numbers by value.
inline bool json_equal(simdjson::dom::element a, simdjson::dom::element b) {
  using T = simdjson::dom::element_type;
  auto num = [](simdjson::dom::element e, double& d) {
    switch (e.type()) {
      case T::INT64: d = static_cast<double>(int64_t(e)); return true;
      case T::UINT64: d = static_cast<double>(uint64_t(e)); return true;
      case T::DOUBLE: d = double(e); return true;
      default: return false;
    }
  };
  double x = 0, y = 0;
  if (num(a, x) && num(b, y)) return x == y;
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case T::STRING: return std::string_view(a) == std::string_view(b);
    case T::BOOL: return bool(a) == bool(b);
    case T::NULL_VALUE: return true;
    case T::ARRAY: {
      simdjson::dom::array aa = a, bb = b;
      if (aa.size() != bb.size()) return false;
      auto it = bb.begin();
      for (simdjson::dom::element v : aa) {
        if (!json_equal(v, *it)) return false;
        ++it;
      }
      return true;
    }
    case T::OBJECT: {
      simdjson::dom::object oa = a, ob = b;
      if (oa.size() != ob.size()) return false;
      for (auto kv : oa) {
        simdjson::dom::element other;
        if (ob[kv.key].get(other)) return false;
        if (!json_equal(kv.value, other)) return false;
      }
      return true;
    }
    default: return false;
  }
}

inline bool json_text_equal(const std::string& a, const std::string& b) {
  simdjson::dom::parser pa, pb;
  simdjson::dom::element ea, eb;
  if (pa.parse(a).get(ea) || pb.parse(b).get(eb)) return false;
  return json_equal(ea, eb);
}

/// Returns "" when the message satisfies the case, else what differs.
inline std::string judge(const corpus_case& c, const toolcall::message& m) {
  std::string err;
  if (m.calls.size() != c.calls.size()) {
    err += "calls " + std::to_string(m.calls.size()) + " != " + std::to_string(c.calls.size()) + "; ";
  } else {
    for (std::size_t k = 0; k < c.calls.size(); ++k) {
      if (m.calls[k].name != c.calls[k].name) err += "name " + m.calls[k].name + " != " + c.calls[k].name + "; ";
      if (!json_text_equal(m.calls[k].arguments, c.calls[k].arguments))
        err += "arguments " + m.calls[k].arguments + " != " + c.calls[k].arguments + "; ";
    }
  }
  if (c.has_content && trim(m.content) != trim(c.content)) err += "content [" + m.content + "]; ";
  if (c.has_reasoning && trim(m.reasoning) != trim(c.reasoning)) err += "reasoning [" + m.reasoning + "]; ";
  if (c.error) {
    if (m.diagnostics.empty()) err += "no diagnostic; ";
    if (m.content.find(c.content_contains) == std::string::npos) err += "content lacks the expected text; ";
  }
  return err;
}

/// Folds events into a message as a client would, and checks the stream invariants.
/// The library's message_builder, with the names the tests use: `m`, the folded message, and
/// `violations`, the event-order problems it saw.
struct folder : toolcall::message_builder {
  toolcall::message& m = msg();
  std::vector<std::string>& violations = problems();
  folder() = default;
  folder(const folder& o) : toolcall::message_builder(o), m(msg()), violations(problems()) {}
  folder& operator=(const folder& o) {
    toolcall::message_builder::operator=(o);
    return *this;
  }
};

/// "" when two messages are the same (content, reasoning, calls with ids, diagnostics codes).
inline std::string same_message(const toolcall::message& a, const toolcall::message& b) {
  std::string err;
  if (a.content != b.content) err += "content [" + a.content + "] vs [" + b.content + "]; ";
  if (a.reasoning != b.reasoning) err += "reasoning differs; ";
  if (a.has_reasoning != b.has_reasoning) err += "has_reasoning differs; ";
  if (a.calls.size() != b.calls.size()) {
    err += "call count differs; ";
  } else {
    for (std::size_t k = 0; k < a.calls.size(); ++k) {
      if (a.calls[k].name != b.calls[k].name) err += "name differs; ";
      if (a.calls[k].arguments != b.calls[k].arguments)
        err += "arguments [" + a.calls[k].arguments + "] vs [" + b.calls[k].arguments + "]; ";
      if (a.calls[k].id != b.calls[k].id) err += "id differs; ";
      if (a.calls[k].status != b.calls[k].status) err += "status differs; ";
    }
  }
  if (a.diagnostics.size() != b.diagnostics.size()) {
    err += "diagnostic count differs; ";
  } else {
    for (std::size_t k = 0; k < a.diagnostics.size(); ++k)
      if (a.diagnostics[k].code != b.diagnostics[k].code || a.diagnostics[k].offset != b.diagnostics[k].offset)
        err += "diagnostic differs; ";
  }
  return err;
}

}  // namespace tc_test

#endif  // TOOLCALL_TESTS_TEST_SUPPORT_HPP
