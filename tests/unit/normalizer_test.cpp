// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The normalizer: every coercion and repair, positive and negative, on the tool
// schemas of coding agents; streaming equality with normalization on.
#include <doctest/doctest.h>

#include <toolcall/message_builder.hpp>
#include <simdjson.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <toolcall/normalizer.hpp>

#include "test_support.hpp"
#include <toolcall/toolcall.hpp>

namespace {

// The tools of a coding agent (opencode / Claude Code shapes), plus a few schemas that use
// nesting, $ref, anyOf and nullable types.
const char* const k_tools = R"JSON([
 {"type": "function", "function": {"name": "read", "description": "Read a file",
  "parameters": {"type": "object", "properties": {
    "filePath": {"type": "string", "description": "absolute path"},
    "offset": {"type": "integer", "description": "line to start at"},
    "limit": {"type": "integer"}},
   "required": ["filePath"], "additionalProperties": false}}},
 {"type": "function", "function": {"name": "write", "parameters": {"type": "object", "properties": {
    "filePath": {"type": "string"}, "content": {"type": "string"}}, "required": ["filePath", "content"]}}},
 {"type": "function", "function": {"name": "edit", "parameters": {"type": "object", "properties": {
    "filePath": {"type": "string"}, "oldString": {"type": "string"}, "newString": {"type": "string"},
    "replaceAll": {"type": "boolean", "default": false}},
   "required": ["filePath", "oldString", "newString"]}}},
 {"type": "function", "function": {"name": "bash", "parameters": {"type": "object", "properties": {
    "command": {"type": "string"}, "description": {"type": "string"},
    "timeout": {"type": "number", "description": "milliseconds"}},
   "required": ["command", "description"]}}},
 {"type": "function", "function": {"name": "grep", "parameters": {"type": "object", "properties": {
    "pattern": {"type": "string"}, "path": {"type": "string", "default": "."},
    "output_mode": {"type": "string", "enum": ["content", "files_with_matches", "count"]},
    "-i": {"type": "boolean"}, "head_limit": {"type": "number"}, "multiline": {"type": "boolean"}},
   "required": ["pattern", "path"]}}},
 {"type": "function", "function": {"name": "todowrite", "parameters": {"type": "object", "properties": {
    "todos": {"type": "array", "items": {"type": "object", "properties": {
      "content": {"type": "string"},
      "status": {"type": "string", "enum": ["pending", "in_progress", "completed"]},
      "priority": {"type": "string", "enum": ["high", "medium", "low"], "default": "medium"},
      "id": {"type": "string"}}, "required": ["content", "status", "priority", "id"]}}},
   "required": ["todos"]}}},
 {"type": "function", "function": {"name": "create_issue", "parameters": {"type": "object",
   "$defs": {"Label": {"type": "object", "properties": {"name": {"type": "string"}, "weight": {"type": "integer"}},
                       "required": ["name"]},
             "Node": {"type": "object", "properties": {"value": {"type": "integer"},
                      "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
   "definitions": {"Priority": {"type": "integer", "enum": [1, 2, 3]}},
   "properties": {
     "title": {"type": "string"},
     "labels": {"type": "array", "items": {"$ref": "#/$defs/Label"}},
     "priority": {"$ref": "#/definitions/Priority"},
     "tree": {"$ref": "#/$defs/Node"},
     "assignee": {"type": ["string", "null"]},
     "milestone": {"type": "integer", "nullable": true},
     "due": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
     "estimate": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
     "flag": {"oneOf": [{"type": "integer"}, {"type": "boolean"}]},
     "target": {"anyOf": [
        {"type": "object", "properties": {"line": {"type": "integer"}}, "required": ["line"]},
        {"type": "object", "properties": {"symbol": {"type": "string"}, "exact": {"type": "boolean"}}, "required": ["symbol"]}]},
     "meta": {"type": "object", "properties": {"draft": {"type": "boolean"}, "points": {"type": "number"},
              "owner": {"allOf": [{"$ref": "#/$defs/Label"}]}}},
     "mode": {"enum": ["Fast", "slow"]},
     "case": {"type": "string", "enum": ["Yes", "YES"]}},
   "required": ["title"]}}},
 {"type": "function", "function": {"name": "ls", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}},
 {"type": "function", "function": {"name": "exit", "parameters": {"type": "object", "properties": {}}}},
 {"type": "function", "function": {"name": "noschema"}}
])JSON";

toolcall::normalizer make(toolcall::normalizer_options opt = {}) {
  toolcall::result<toolcall::normalizer> r = toolcall::normalizer::create(k_tools, std::move(opt));
  REQUIRE(r.has_value());
  return *r;
}

toolcall::options fixed_seed() {
  toolcall::options o = tc_test::deterministic(7);
  // one start for one-shot and streamed runs (one-shot reads the default as detect)
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

toolcall::message parse_with(const toolcall::normalizer& n, std::string_view text) {
  toolcall::parser p{toolcall::parser_registry::builtin(), fixed_seed()};
  n.attach(p);
  return p.parse(text);
}

/// Parses one hermes call and returns its arguments (empty when no call came out).
std::string args_of(const toolcall::normalizer& n, std::string_view name, std::string_view args_json,
                    toolcall::call_status* status = nullptr, toolcall::message* msg = nullptr) {
  std::string text = "<tool_call>{\"name\": \"";
  text += name;
  text += "\", \"arguments\": ";
  text += args_json;
  text += "}</tool_call>";
  toolcall::message m = parse_with(n, text);
  if (msg) *msg = m;
  if (m.calls.size() != 1) return {};
  if (status) *status = m.calls[0].status;
  return m.calls[0].arguments;
}

bool has_note(const toolcall::message& m, toolcall::errc code, std::string_view needle) {
  for (const auto& d : m.diagnostics)
    if (d.code == code && d.message.find(needle) != std::string::npos) return true;
  return false;
}

bool valid_json_object(const std::string& s) {
  simdjson::dom::parser p;
  simdjson::padded_string ps(s);
  simdjson::dom::element e;
  if (p.parse(ps).get(e)) return false;
  return e.type() == simdjson::dom::element_type::OBJECT;
}

/// Streams `text` in pieces of `chunk` bytes through a stream parser with the normalizer, and
/// folds the events into a message the way a client would.
struct streamed {
  toolcall::message finished;  // what finish() returned
  toolcall::message folded;    // rebuilt from events
  std::vector<std::string> deltas;  // per call index: concatenated arguments_delta
  std::vector<std::size_t> delta_events;
};

streamed stream_with(const toolcall::normalizer& n, std::string_view text, std::size_t chunk) {
  toolcall::stream_parser sp{toolcall::parser_registry::builtin(), fixed_seed()};
  n.attach(sp);
  streamed s;
  std::vector<toolcall::call> open;
  auto sink = [&](const toolcall::event& ev) {
    switch (ev.kind) {
      case toolcall::event_kind::content: s.folded.content.append(ev.text); break;
      case toolcall::event_kind::reasoning: s.folded.reasoning.append(ev.text); break;
      case toolcall::event_kind::call_begin:
        if (open.size() <= ev.index) open.resize(ev.index + 1);
        if (s.deltas.size() <= ev.index) {
          s.deltas.resize(ev.index + 1);
          s.delta_events.resize(ev.index + 1);
        }
        open[ev.index].id = std::string(ev.id);
        open[ev.index].name = std::string(ev.name);
        break;
      case toolcall::event_kind::arguments_delta:
        open[ev.index].arguments.append(ev.text);
        s.deltas[ev.index].append(ev.text);
        ++s.delta_events[ev.index];
        break;
      case toolcall::event_kind::call_end:
        if (ev.status == toolcall::call_status::ok || ev.status == toolcall::call_status::repaired ||
            ev.status == toolcall::call_status::normalized || ev.status == toolcall::call_status::unknown_tool) {
          open[ev.index].status = ev.status;
          s.folded.calls.push_back(open[ev.index]);
        }
        break;
      case toolcall::event_kind::diagnostic: s.folded.diagnostics.push_back(*ev.diag); break;
    }
  };
  for (std::size_t pos = 0; pos < text.size(); pos += chunk) sp.write(text.substr(pos, chunk), sink);
  s.finished = sp.finish(sink);
  return s;
}

void require_same_calls(const std::vector<toolcall::call>& a, const std::vector<toolcall::call>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].id == b[i].id);
    CHECK(a[i].name == b[i].name);
    CHECK(a[i].arguments == b[i].arguments);
    CHECK(a[i].status == b[i].status);
  }
}

void require_same_diagnostics(const std::vector<toolcall::diagnostic>& a, const std::vector<toolcall::diagnostic>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].code == b[i].code);
    CHECK(a[i].offset == b[i].offset);
    CHECK(a[i].message == b[i].message);
    CHECK(a[i].level == b[i].level);
  }
}

#ifndef TOOLCALL_TEST_DATA_DIR
#define TOOLCALL_TEST_DATA_DIR "tests/data"
#endif

/// An adversarial schema for a value the corpus expects: every type flipped, so that values
/// are held back, coerced, refused, or chosen among union branches (variant 0..2).
std::string flipped_schema(simdjson::dom::element v, int variant, int depth = 0) {
  using T = simdjson::dom::element_type;
  auto q = [](std::string_view x) {
    std::string o = "\"";
    for (char c : x) {
      if (c == '"' || c == '\\') o += '\\';
      if (static_cast<unsigned char>(c) >= 0x20) o += c;
    }
    return o + "\"";
  };
  switch (v.type()) {
    case T::STRING: {
      if (variant == 0) return R"({"type": "integer"})";
      if (variant == 1) return R"({"type": "object"})";
      std::string up(std::string_view(v.get_string().value_unsafe()));
      for (char& c : up) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
      return "{\"enum\": [" + q(up) + ", \"other\"]}";
    }
    case T::INT64:
    case T::UINT64:
    case T::DOUBLE:
      if (variant == 0) return R"({"type": "string"})";
      if (variant == 1) return R"({"anyOf": [{"type": "boolean"}, {"type": "string"}]})";
      return R"({"type": "integer"})";
    case T::BOOL: return variant == 2 ? R"({"type": "boolean"})" : R"({"type": "string"})";
    case T::NULL_VALUE: return R"({"type": ["string", "null"]})";
    case T::ARRAY: {
      if (variant == 2 || depth > 8) return R"({"type": "string"})";
      simdjson::dom::array a = v.get_array().value_unsafe();
      std::string items = a.size() ? flipped_schema(a.at(0).value_unsafe(), variant, depth + 1) : "{}";
      return "{\"type\": \"array\", \"items\": " + items + "}";
    }
    case T::OBJECT: {
      if (depth > 8) return "{}";
      std::string props, req;
      const simdjson::dom::object obj = v.get_object().value_unsafe();
      for (auto kv : obj) {
        if (!props.empty()) props += ",";
        props += q(kv.key) + ": " + flipped_schema(kv.value, variant, depth + 1);
        req += q(kv.key) + ",";
      }
      std::string body = "\"type\": \"object\", \"properties\": {" + props + (props.empty() ? "" : ",") +
                         "\"zz_default\": {\"type\": \"integer\", \"default\": 1}}, \"required\": [" + req + "\"zz_default\"]";
      if (variant == 1 && depth > 0)
        return "{\"anyOf\": [{" + body + "}, {\"type\": \"object\", \"properties\": {\"none\": {\"type\": \"integer\"}}}]}";
      return "{" + body + "}";
    }
  }
  return "{}";
}

}  // namespace

TEST_SUITE("toolcall/normalizer") {

TEST_CASE("toolcall/normalizer: construction") {
  SUBCASE("an array of tools, an object with tools, flat tools") {
    CHECK(toolcall::normalizer::create(k_tools)->tool_count() == 10);
    auto wrapped = toolcall::normalizer::create(R"({"model": "x", "tools": [{"type": "function", "function": {"name": "a"}}]})");
    REQUIRE(wrapped);
    CHECK(wrapped->has_tool("a"));
    auto flat = toolcall::normalizer::create(R"([{"type": "function", "name": "b", "parameters": {"type": "object"}},
                                                 {"name": "c", "input_schema": {"type": "object"}}, {"type": "web_search"}])");
    REQUIRE(flat);
    CHECK(flat->tool_count() == 2);
    CHECK(flat->has_tool("b"));
    CHECK(flat->has_tool("c"));
  }
  SUBCASE("malformed tools are invalid_input") {
    for (const char* bad : {"", "[", "{\"a\": 1}", "[1]", "[{\"type\": \"function\", \"function\": {}}]",
                            "[{\"function\": {\"name\": 5}}]", "[{\"function\": {\"name\": \"\"}}]",
                            "[{\"function\": {\"name\": \"f\", \"parameters\": []}}]", "\"tools\""}) {
      CAPTURE(bad);
      auto r = toolcall::normalizer::create(bad);
      REQUIRE_FALSE(r);
      CHECK(r.error().code == toolcall::errc::invalid_input);
    }
  }
  SUBCASE("a fill rule's value must be JSON; a template must close its braces") {
    toolcall::normalizer_options o;
    o.rules.push_back(toolcall::normalizer_rule::fill("bash", "timeout", "not json"));
    CHECK(toolcall::normalizer::create(k_tools, o).error().code == toolcall::errc::invalid_input);
    o.rules = {toolcall::normalizer_rule::fill_template("bash", "description", "Run {command")};
    CHECK(toolcall::normalizer::create(k_tools, o).error().code == toolcall::errc::invalid_input);
    o.rules = {toolcall::normalizer_rule::fill("bash", "timeout", " 120000 ")};
    CHECK(toolcall::normalizer::create(k_tools, o).has_value());
  }
  SUBCASE("a default-constructed or disabled normalizer installs nothing") {
    toolcall::normalizer none;
    CHECK_FALSE(none.enabled());
    toolcall::normalizer_options o;
    o.enabled = false;
    const toolcall::normalizer off = make(o);
    CHECK_FALSE(off.enabled());
    toolcall::call_status st{};
    CHECK(args_of(off, "edit", R"({"filePath": "a", "oldString": "x", "newString": "y", "replaceAll": "true"})", &st) ==
          R"({"filePath":"a","oldString":"x","newString":"y","replaceAll":"true"})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(args_of(none, "Edit", R"({"replaceAll": "true"})") == R"({"replaceAll":"true"})");
  }
}

TEST_CASE("toolcall/normalizer: booleans") {
  const toolcall::normalizer n = make();
  toolcall::message m;
  toolcall::call_status st{};
  CHECK(args_of(n, "edit", R"({"filePath": "/a.ts", "oldString": "x", "newString": "y", "replaceAll": "true"})", &st, &m) ==
        R"({"filePath":"/a.ts","oldString":"x","newString":"y","replaceAll":true})");
  CHECK(st == toolcall::call_status::normalized);
  CHECK(has_note(m, toolcall::errc::normalized, "/replaceAll"));
  CHECK(args_of(n, "edit", R"({"filePath": "a", "oldString": "x", "newString": "y", "replaceAll": "false"})") ==
        R"({"filePath":"a","oldString":"x","newString":"y","replaceAll":false})");
  CHECK(args_of(n, "grep", R"({"pattern": "x", "path": ".", "-i": "True"})") == R"({"pattern":"x","path":".","-i":true})");
  SUBCASE("not changed") {
    for (const char* v : {"\"yes\"", "\"1\"", "\"TRUE\"", "\" true\"", "\"\"", "1", "0", "null"}) {
      CAPTURE(v);
      const std::string a = std::string(R"({"filePath": "a", "oldString": "x", "newString": "y", "replaceAll": )") + v + "}";
      const std::string out = args_of(n, "edit", a, &st);
      CHECK(out == std::string(R"({"filePath":"a","oldString":"x","newString":"y","replaceAll":)") + v + "}");
      CHECK(st == toolcall::call_status::ok);
    }
    // already a boolean: untouched, status ok, no note
    CHECK(args_of(n, "edit", R"({"filePath": "a", "oldString": "x", "newString": "y", "replaceAll": true})", &st, &m) ==
          R"({"filePath":"a","oldString":"x","newString":"y","replaceAll":true})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(m.diagnostics.empty());
    // a string parameter holding "true" stays a string
    CHECK(args_of(n, "write", R"({"filePath": "a", "content": "true"})", &st) == R"({"filePath":"a","content":"true"})");
    CHECK(st == toolcall::call_status::ok);
  }
}

TEST_CASE("toolcall/normalizer: integers and numbers") {
  const toolcall::normalizer n = make();
  toolcall::message m;
  toolcall::call_status st{};
  CHECK(args_of(n, "read", R"({"filePath": "/src/main.ts", "offset": "130", "limit": "50"})", &st, &m) ==
        R"({"filePath":"/src/main.ts","offset":130,"limit":50})");
  CHECK(st == toolcall::call_status::normalized);
  CHECK(has_note(m, toolcall::errc::normalized, "/offset"));
  CHECK(has_note(m, toolcall::errc::normalized, "/limit"));
  CHECK(args_of(n, "read", R"({"filePath": "a", "offset": "-3"})") == R"({"filePath":"a","offset":-3})");
  CHECK(args_of(n, "read", R"({"filePath": "a", "offset": "0"})") == R"({"filePath":"a","offset":0})");
  CHECK(args_of(n, "read", R"({"filePath": "a", "offset": "123456789012345678901234567890"})") ==
        R"({"filePath":"a","offset":123456789012345678901234567890})");
  CHECK(args_of(n, "bash", R"({"command": "ls", "description": "d", "timeout": "1.5"})") ==
        R"({"command":"ls","description":"d","timeout":1.5})");
  CHECK(args_of(n, "bash", R"({"command": "ls", "description": "d", "timeout": "120000"})") ==
        R"({"command":"ls","description":"d","timeout":120000})");
  CHECK(args_of(n, "bash", R"({"command": "ls", "description": "d", "timeout": "1e3"})") ==
        R"({"command":"ls","description":"d","timeout":1e3})");
  SUBCASE("not exact: left alone") {
    for (const char* v : {"\"1.5\"", "\"007\"", "\"00\"", "\" 130\"", "\"130 \"", "\"1e3\"", "\"+5\"", "\"\"", "\"ten\"",
                          "\"0x10\"", "\"-\"", "\"1,000\"", "true", "1.5"}) {
      CAPTURE(v);
      const std::string out = args_of(n, "read", std::string(R"({"filePath": "a", "offset": )") + v + "}", &st);
      CHECK(out == std::string(R"({"filePath":"a","offset":)") + v + "}");
      CHECK(st == toolcall::call_status::ok);
    }
    for (const char* v : {"\"007\"", "\".5\"", "\"5.\"", "\"NaN\"", "\"Infinity\"", "\"1_000\"", "\"\\u0031\\u0032 \""}) {
      CAPTURE(v);
      const std::string out =
          args_of(n, "bash", std::string(R"({"command": "x", "description": "d", "timeout": )") + v + "}", &st);
      CHECK(out == std::string(R"({"command":"x","description":"d","timeout":)") + v + "}");
      CHECK(st == toolcall::call_status::ok);
    }
  }
  SUBCASE("numbers keep their text; 3.0 is an integer as JSON Schema counts") {
    CHECK(args_of(n, "read", R"({"filePath": "a", "offset": 3.0})", &st) == R"({"filePath":"a","offset":3.0})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(args_of(n, "bash", R"({"command": "x", "description": "d", "timeout": 1.50})", &st) ==
          R"({"command":"x","description":"d","timeout":1.50})");
    CHECK(st == toolcall::call_status::ok);
  }
}

TEST_CASE("toolcall/normalizer: strings stay strings; numbers and booleans become strings") {
  const toolcall::normalizer n = make();
  toolcall::message m;
  toolcall::call_status st{};
  // a string parameter keeps a numeric-looking string exactly
  CHECK(args_of(n, "write", R"({"filePath": "007", "content": "130"})", &st) == R"({"filePath":"007","content":"130"})");
  CHECK(st == toolcall::call_status::ok);
  CHECK(args_of(n, "bash", R"({"command": "1.5", "description": "1e3"})", &st) == R"({"command":"1.5","description":"1e3"})");
  CHECK(st == toolcall::call_status::ok);
  // a number for a string parameter becomes its exact text
  CHECK(args_of(n, "write", R"({"filePath": 42, "content": 1.50})", &st, &m) == R"({"filePath":"42","content":"1.50"})");
  CHECK(st == toolcall::call_status::normalized);
  CHECK(has_note(m, toolcall::errc::normalized, "/filePath: number 42 coerced to string"));
  CHECK(has_note(m, toolcall::errc::normalized, "/content"));
  CHECK(args_of(n, "write", R"({"filePath": "a", "content": -1e-7})") == R"({"filePath":"a","content":"-1e-7"})");
  CHECK(args_of(n, "bash", R"({"command": "ls", "description": false})") == R"({"command":"ls","description":"false"})");
  SUBCASE("not changed: null, objects and arrays under a string parameter") {
    CHECK(args_of(n, "write", R"({"filePath": "a", "content": null})", &st) == R"({"filePath":"a","content":null})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(args_of(n, "write", R"({"filePath": "a", "content": {"k": 1}})", &st) == R"({"filePath":"a","content":{"k":1}})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(args_of(n, "write", R"({"filePath": "a", "content": [1, "2"]})", &st) == R"({"filePath":"a","content":[1,"2"]})");
    CHECK(st == toolcall::call_status::ok);
  }
  SUBCASE("escapes in strings are kept as written") {
    CHECK(args_of(n, "write", R"({"filePath": "a\u00e9\n", "content": "x\"y\\z\/"})", &st) ==
          R"({"filePath":"a\u00e9\n","content":"x\"y\\z\/"})");
    CHECK(st == toolcall::call_status::ok);
  }
}

TEST_CASE("toolcall/normalizer: JSON strings holding an object or array") {
  const toolcall::normalizer n = make();
  toolcall::message m;
  toolcall::call_status st{};
  const std::string out = args_of(
      n, "todowrite",
      R"({"todos": "[{\"content\": \"write tests\", \"status\": \"In_Progress\", \"priority\": \"high\", \"id\": \"1\"}]"})", &st, &m);
  CHECK(out == R"({"todos":[{"content":"write tests","status":"in_progress","priority":"high","id":"1"}]})");
  CHECK(st == toolcall::call_status::normalized);
  CHECK(has_note(m, toolcall::errc::normalized, "/todos: string holding a JSON array decoded"));
  CHECK(has_note(m, toolcall::errc::normalized, "/todos/0/status: enum value \"In_Progress\" corrected to \"in_progress\""));
  // an object parameter: nested values are normalized too
  CHECK(args_of(n, "create_issue", R"({"title": "t", "meta": "{\"draft\": \"true\", \"points\": \"2.5\"}"})") ==
        R"({"title":"t","meta":{"draft":true,"points":2.5}})");
  SUBCASE("not changed") {
    for (const char* v : {R"("not json")", R"("[1, 2")", R"("[1] tail")", R"("{\"content\": \"x\"}")", R"("")", R"("null")"}) {
      CAPTURE(v);
      const std::string o = args_of(n, "todowrite", std::string(R"({"todos": )") + v + "}", &st);
      std::string expect = std::string(R"({"todos":)") + v + "}";
      CHECK(o == expect);
      CHECK(st == toolcall::call_status::ok);
    }
    // an array for an object parameter is not forced
    CHECK(args_of(n, "create_issue", R"({"title": "t", "meta": "[1]"})", &st) == R"({"title":"t","meta":"[1]"})");
    CHECK(st == toolcall::call_status::ok);
  }
}

TEST_CASE("toolcall/normalizer: enum case") {
  const toolcall::normalizer n = make();
  toolcall::message m;
  toolcall::call_status st{};
  CHECK(args_of(n, "grep", R"({"pattern": "x", "path": ".", "output_mode": "Content"})", &st, &m) ==
        R"({"pattern":"x","path":".","output_mode":"content"})");
  CHECK(st == toolcall::call_status::normalized);
  CHECK(has_note(m, toolcall::errc::normalized, "/output_mode: enum value \"Content\" corrected to \"content\""));
  CHECK(args_of(n, "grep", R"({"pattern": "x", "path": ".", "output_mode": "FILES_WITH_MATCHES"})") ==
        R"({"pattern":"x","path":".","output_mode":"files_with_matches"})");
  CHECK(args_of(n, "create_issue", R"({"title": "t", "mode": "fast"})") == R"({"title":"t","mode":"Fast"})");
  SUBCASE("not changed: exact members, no match, ambiguous matches") {
    for (const char* v : {"\"content\"", "\"contents\"", "\"\"", "\"c0ntent\""}) {
      CAPTURE(v);
      CHECK(args_of(n, "grep", std::string(R"({"pattern": "x", "path": ".", "output_mode": )") + v + "}", &st) ==
            std::string(R"({"pattern":"x","path":".","output_mode":)") + v + "}");
      CHECK(st == toolcall::call_status::ok);
    }
    CHECK(args_of(n, "create_issue", R"({"title": "t", "case": "yes"})", &st) == R"({"title":"t","case":"yes"})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(args_of(n, "create_issue", R"({"title": "t", "case": "YES"})", &st) == R"({"title":"t","case":"YES"})");
    CHECK(st == toolcall::call_status::ok);
  }
}

TEST_CASE("toolcall/normalizer: nested properties, items, $ref, $defs, definitions, allOf") {
  const toolcall::normalizer n = make();
  toolcall::call_status st{};
  CHECK(args_of(n, "create_issue",
                R"({"title": "t", "labels": [{"name": 5, "weight": "3"}, {"name": "bug"}], "priority": "2",
                    "meta": {"draft": "false", "points": "3", "owner": {"name": "ann", "weight": "1"}}})", &st) ==
        R"({"title":"t","labels":[{"name":"5","weight":3},{"name":"bug"}],"priority":2,"meta":{"draft":false,"points":3,"owner":{"name":"ann","weight":1}}})");
  CHECK(st == toolcall::call_status::normalized);
  // a recursive $ref
  CHECK(args_of(n, "create_issue", R"({"title": "t", "tree": {"value": "1", "children": [{"value": "2", "children": [{"value": "3"}]}]}})") ==
        R"({"title":"t","tree":{"value":1,"children":[{"value":2,"children":[{"value":3}]}]}})");
  SUBCASE("not changed: members the schema does not declare") {
    CHECK(args_of(n, "create_issue", R"({"title": "t", "extra": "1", "meta": {"other": "true"}})", &st) ==
          R"({"title":"t","extra":"1","meta":{"other":"true"}})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(args_of(n, "read", R"({"filePath": "a", "unknown": "12"})", &st) == R"({"filePath":"a","unknown":"12"})");
    CHECK(st == toolcall::call_status::ok);
  }
}

TEST_CASE("toolcall/normalizer: nullable types, anyOf, oneOf") {
  const toolcall::normalizer n = make();
  toolcall::call_status st{};
  toolcall::message m;
  // ["string", "null"]: any string and null are fine as they are
  CHECK(args_of(n, "create_issue", R"({"title": "t", "assignee": "12"})", &st) == R"({"title":"t","assignee":"12"})");
  CHECK(st == toolcall::call_status::ok);
  CHECK(args_of(n, "create_issue", R"({"title": "t", "assignee": null})", &st) == R"({"title":"t","assignee":null})");
  CHECK(st == toolcall::call_status::ok);
  // nullable: true
  CHECK(args_of(n, "create_issue", R"({"title": "t", "milestone": "4"})") == R"({"title":"t","milestone":4})");
  CHECK(args_of(n, "create_issue", R"({"title": "t", "milestone": "null"})") == R"({"title":"t","milestone":null})");
  CHECK(args_of(n, "create_issue", R"({"title": "t", "milestone": null})", &st) == R"({"title":"t","milestone":null})");
  CHECK(st == toolcall::call_status::ok);
  // anyOf [integer, null]
  CHECK(args_of(n, "create_issue", R"({"title": "t", "due": "17"})") == R"({"title":"t","due":17})");
  CHECK(args_of(n, "create_issue", R"({"title": "t", "due": "null"})") == R"({"title":"t","due":null})");
  // anyOf [integer, string]: a string satisfies the string branch as it is
  CHECK(args_of(n, "create_issue", R"({"title": "t", "estimate": "5"})", &st) == R"({"title":"t","estimate":"5"})");
  CHECK(st == toolcall::call_status::ok);
  CHECK(args_of(n, "create_issue", R"({"title": "t", "estimate": 5})", &st) == R"({"title":"t","estimate":5})");
  CHECK(st == toolcall::call_status::ok);
  // oneOf [integer, boolean]: the first branch that coercion satisfies
  CHECK(args_of(n, "create_issue", R"({"title": "t", "flag": "5"})") == R"({"title":"t","flag":5})");
  CHECK(args_of(n, "create_issue", R"({"title": "t", "flag": "true"})") == R"({"title":"t","flag":true})");
  CHECK(args_of(n, "create_issue", R"({"title": "t", "flag": "maybe"})", &st) == R"({"title":"t","flag":"maybe"})");
  CHECK(st == toolcall::call_status::ok);
  // anyOf of two object shapes: the branch is chosen from the whole value
  CHECK(args_of(n, "create_issue", R"({"title": "t", "target": {"line": "12"}})", &st, &m) == R"({"title":"t","target":{"line":12}})");
  CHECK(st == toolcall::call_status::normalized);
  CHECK(has_note(m, toolcall::errc::normalized, "/target/line"));
  CHECK(args_of(n, "create_issue", R"({"title": "t", "target": {"symbol": "main", "exact": "true"}})") ==
        R"({"title":"t","target":{"symbol":"main","exact":true}})");
  CHECK(args_of(n, "create_issue", R"({"title": "t", "target": {"symbol": "main"}})", &st) ==
        R"({"title":"t","target":{"symbol":"main"}})");
  CHECK(st == toolcall::call_status::ok);
  // neither shape: unchanged
  CHECK(args_of(n, "create_issue", R"({"title": "t", "target": {"col": "1"}})", &st) == R"({"title":"t","target":{"col":"1"}})");
  CHECK(st == toolcall::call_status::ok);
}

TEST_CASE("toolcall/normalizer: tool-name repair") {
  const toolcall::normalizer n = make();
  auto name_of = [&](std::string_view model_name, toolcall::message* out = nullptr) {
    const std::string text = "<tool_call>{\"name\": \"" + std::string(model_name) + "\", \"arguments\": {\"filePath\": \"a\"}}</tool_call>";
    toolcall::message m = parse_with(n, text);
    if (out) *out = m;
    REQUIRE(m.calls.size() == 1);
    return m.calls[0].name;
  };
  toolcall::message m;
  CHECK(name_of("read", &m) == "read");
  CHECK(m.calls[0].status == toolcall::call_status::ok);
  CHECK(name_of("default_api.read", &m) == "read");
  CHECK(m.calls[0].status == toolcall::call_status::normalized);
  CHECK(has_note(m, toolcall::errc::normalized, "tool name \"default_api.read\" repaired to \"read\""));
  CHECK(name_of("tools.read") == "read");
  CHECK(name_of("functions.tools.read") == "read");
  CHECK(name_of("mcp.files.read") == "read");
  CHECK(name_of("Read") == "read");
  CHECK(name_of("READ") == "read");
  CHECK(name_of("functions.Read") == "read");
  CHECK(name_of("raed") == "read");   // a transposition
  CHECK(name_of("reads") == "read");  // one insertion
  CHECK(name_of("rea") == "read");    // one deletion (the declared name has 4 bytes)
  CHECK(name_of("todo_writes") == "todowrite");  // two edits on a name of 8 bytes or more
  CHECK(name_of("todo_write") == "todowrite");
  CHECK(name_of("create-issues") == "create_issue");  // two edits on a long name
  SUBCASE("not repaired") {
    for (std::string s : {"lx", "l", "ezit", "re", "reaaad", "todo__writes", "deploy", "functions.deploy"}) {
      CAPTURE(s);
      const std::string expect = s.rfind("functions.", 0) == 0 ? s.substr(10) : s;  // the engine strips functions.
      CHECK(name_of(s, &m) == expect);
      CHECK(m.calls[0].status == toolcall::call_status::unknown_tool);
      CHECK(has_note(m, toolcall::errc::unknown_tool, "unknown tool"));
    }
  }
  SUBCASE("repair turned off, distance turned off") {
    toolcall::normalizer_options o;
    o.repair_names = false;
    const toolcall::normalizer off = make(o);
    toolcall::message mm = parse_with(off, R"(<tool_call>{"name": "Read", "arguments": {}}</tool_call>)");
    REQUIRE(mm.calls.size() == 1);
    CHECK(mm.calls[0].name == "Read");
    CHECK(mm.calls[0].status == toolcall::call_status::unknown_tool);
    toolcall::normalizer_options o2;
    o2.max_name_distance = 0;
    const toolcall::normalizer nodist = make(o2);
    mm = parse_with(nodist, R"(<tool_call>{"name": "raed", "arguments": {}}</tool_call>)");
    CHECK(mm.calls[0].name == "raed");
    mm = parse_with(nodist, R"(<tool_call>{"name": "READ", "arguments": {}}</tool_call>)");
    CHECK(mm.calls[0].name == "read");
  }
  SUBCASE("resolve_name") {
    CHECK(n.resolve_name("functions.edit") == "edit");
    CHECK(n.resolve_name("nope").empty());
  }
}

TEST_CASE("toolcall/normalizer: unknown tools follow the policy") {
  const char* text = R"(Let me check.<tool_call>{"name": "deploy", "arguments": {"env": "prod"}}</tool_call>)";
  SUBCASE("forward (the default for Hermes)") {
    const toolcall::message m = parse_with(make(), text);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "deploy");
    CHECK(m.calls[0].arguments == R"({"env":"prod"})");
    CHECK(m.calls[0].status == toolcall::call_status::unknown_tool);
    CHECK(has_note(m, toolcall::errc::unknown_tool, "deploy"));
    CHECK(m.finish == toolcall::finish_reason::tool_calls);
  }
  SUBCASE("drop") {
    toolcall::normalizer_options o;
    o.unknown_tools = toolcall::unknown_tool_policy::drop;
    const toolcall::message m = parse_with(make(o), text);
    CHECK(m.calls.empty());
    CHECK(m.content == "Let me check.");
    CHECK(has_note(m, toolcall::errc::unknown_tool, "dropped"));
  }
  SUBCASE("error") {
    toolcall::normalizer_options o;
    o.unknown_tools = toolcall::unknown_tool_policy::error;
    const toolcall::message m = parse_with(make(o), text);
    CHECK(m.calls.empty());
    CHECK(m.has_error());
    CHECK(has_note(m, toolcall::errc::unknown_tool, "deploy"));
    CHECK(m.content.find("deploy") != std::string::npos);  // the region went back to content
  }
  SUBCASE("a declared tool without parameters passes through unchanged") {
    toolcall::call_status st{};
    CHECK(args_of(make(), "noschema", R"({"a": "1", "b": [true]})", &st) == R"({"a":"1","b":[true]})");
    CHECK(st == toolcall::call_status::ok);
  }
}

TEST_CASE("toolcall/normalizer: by default an unknown tool follows the family's vendor parser") {
  // dots, MiniCPM and InternLM2's parsers leave a call to an undeclared tool as text: with the
  // request's tools known it is rejected (unknown_tool error, text content), one-shot and at
  // every split point; a declared tool in the same shape is a call; Hermes forwards it
  const toolcall::parser_registry& reg = toolcall::parser_registry::builtin();
  const std::string tools =
      R"([{"type": "function", "function": {"name": "search", "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}}}])";
  const std::string dots_ghost =
      R"(<dots_function_call><invoke name="shred_files"><parameter name="query">all</parameter></invoke></dots_function_call>)";
  const std::string minicpm_ghost = R"(<function name="format_disk"><param name="query">C:</param></function>)";
  const std::string internlm_ghost =
      R"(<|action_start|><|plugin|>{"name": "wipe_backups", "parameters": {"query": "all"}}<|action_end|>)";
  for (const std::string& ghost : {dots_ghost, minicpm_ghost, internlm_ghost}) {
    const std::string text = "On it. " + ghost;
    const toolcall::message m = tc_test::expect_message(reg, text, {}, {text.c_str(), nullptr, tools});
    CHECK_MESSAGE(tc_test::has_diagnostic(m, toolcall::errc::unknown_tool), text);
    CHECK(m.has_error());
    // without the request's tools nothing is known to be undeclared: the call stands
    const tc_test::split_result bare = tc_test::split_compare(reg, fixed_seed(), text);
    CHECK_MESSAGE(bare.err.empty(), bare.err);
    CHECK_MESSAGE(bare.one.calls.size() == 1, text);
  }
  tc_test::expect_message(
      reg, R"(<dots_function_call><invoke name="search"><parameter name="query">lamps</parameter></invoke></dots_function_call>)",
      {{"search", R"({"query":"lamps"})"}}, {"", nullptr, tools});
  tc_test::expect_message(reg, R"(<function name="search"><param name="query">lamps</param></function>)",
                          {{"search", R"({"query":"lamps"})"}}, {"", nullptr, tools});
  const toolcall::message h = tc_test::expect_message(
      reg, R"(<tool_call>{"name": "shred_files", "arguments": {"query": "all"}}</tool_call>)",
      {{"shred_files", R"({"query":"all"})"}}, {"", nullptr, tools});
  CHECK(h.calls[0].status == toolcall::call_status::unknown_tool);
  // an explicit policy wins over the family's
  toolcall::normalizer_options o;
  o.unknown_tools = toolcall::unknown_tool_policy::forward;
  toolcall::result<toolcall::normalizer> fwd = toolcall::normalizer::create(tools, o);
  REQUIRE(fwd);
  toolcall::parser p{reg, fixed_seed()};
  fwd->attach(p);
  const toolcall::message f = p.parse(dots_ghost);
  REQUIRE(f.calls.size() == 1);
  CHECK(f.calls[0].name == "shred_files");
  CHECK(f.calls[0].status == toolcall::call_status::unknown_tool);
}

TEST_CASE("toolcall/normalizer: required fields, defaults and user rules") {
  toolcall::message m;
  toolcall::call_status st{};
  SUBCASE("a missing required field is reported, not invented") {
    const toolcall::normalizer n = make();
    CHECK(args_of(n, "bash", R"({"command": "ls -la"})", &st, &m) == R"({"command":"ls -la"})");
    CHECK(st == toolcall::call_status::ok);
    CHECK(has_note(m, toolcall::errc::missing_required, "/description: missing required field"));
    bool warned = false;
    for (const auto& d : m.diagnostics)
      if (d.code == toolcall::errc::missing_required) warned = d.level == toolcall::severity::warning;
    CHECK(warned);
    // nested: todos[0] misses status (no default) and priority (default "medium")
    CHECK(args_of(n, "todowrite", R"({"todos": [{"content": "x", "status": "pending", "id": "1"}, {"content": "y", "id": "2"}]})", &st, &m) ==
          R"({"todos":[{"content":"x","status":"pending","id":"1","priority":"medium"},{"content":"y","id":"2","priority":"medium"}]})");
    CHECK(st == toolcall::call_status::normalized);
    CHECK(has_note(m, toolcall::errc::missing_required, "/todos/0/priority: missing required field filled from the schema default"));
    CHECK(has_note(m, toolcall::errc::missing_required, "/todos/1/status: missing required field"));
  }
  SUBCASE("filled from the schema default") {
    const toolcall::normalizer n = make();
    CHECK(args_of(n, "grep", R"({"pattern": "TODO"})", &st, &m) == R"({"pattern":"TODO","path":"."})");
    CHECK(st == toolcall::call_status::normalized);
    CHECK(has_note(m, toolcall::errc::missing_required, "/path"));
    // an optional field with a default is not added
    CHECK(args_of(n, "edit", R"({"filePath": "a", "oldString": "x", "newString": "y"})", &st) ==
          R"({"filePath":"a","oldString":"x","newString":"y"})");
    CHECK(st == toolcall::call_status::ok);
    // an empty object
    CHECK(args_of(n, "grep", R"({})") == R"({"path":"."})");
  }
  SUBCASE("fill_defaults and check_required off") {
    toolcall::normalizer_options o;
    o.fill_defaults = false;
    CHECK(args_of(make(o), "grep", R"({"pattern": "TODO"})", &st, &m) == R"({"pattern":"TODO"})");
    CHECK(has_note(m, toolcall::errc::missing_required, "/path"));
    o.check_required = false;
    CHECK(args_of(make(o), "grep", R"({"pattern": "TODO"})", &st, &m) == R"({"pattern":"TODO"})");
    CHECK(m.diagnostics.empty());
  }
  SUBCASE("template rule: bash.description from the command") {
    toolcall::normalizer_options o;
    o.rules.push_back(toolcall::normalizer_rule::fill_template("bash", "description", "Execute: {command}"));
    const toolcall::normalizer n = make(o);
    CHECK(args_of(n, "bash", R"({"command": "ls \"my dir\"\n", "timeout": 5})", &st, &m) ==
          R"({"command":"ls \"my dir\"\n","timeout":5,"description":"Execute: ls \"my dir\"\n"})");
    CHECK(st == toolcall::call_status::normalized);
    CHECK(has_note(m, toolcall::errc::missing_required, "/description: missing required field filled by a user rule"));
    // present: not touched
    CHECK(args_of(n, "bash", R"({"command": "ls", "description": "List"})", &st) == R"({"command":"ls","description":"List"})");
    CHECK(st == toolcall::call_status::ok);
    // the placeholder's field is missing: the rule does not apply
    CHECK(args_of(n, "bash", R"({"timeout": 5})", &st, &m) == R"({"timeout":5})");
    CHECK(has_note(m, toolcall::errc::missing_required, "/description: missing required field"));
  }
  SUBCASE("template with non-string fields, braces, and schema coercion of the result") {
    toolcall::normalizer_options o;
    o.rules.push_back(toolcall::normalizer_rule::fill_template("read", "limit", "{offset}"));
    o.rules.push_back(toolcall::normalizer_rule::fill_template("bash", "description", "{{{timeout}}} {command}"));
    const toolcall::normalizer n = make(o);
    CHECK(args_of(n, "read", R"({"filePath": "a", "offset": 7})") == R"({"filePath":"a","offset":7,"limit":7})");
    CHECK(args_of(n, "bash", R"({"command": "ls", "timeout": 5})") == R"({"command":"ls","timeout":5,"description":"{5} ls"})");
  }
  SUBCASE("constant rule") {
    toolcall::normalizer_options o;
    o.rules.push_back(toolcall::normalizer_rule::fill("bash", "description", R"("Run a shell command")"));
    o.rules.push_back(toolcall::normalizer_rule::fill("bash", "timeout", "120000"));
    CHECK(args_of(make(o), "bash", R"({"command": "make"})", &st) ==
          R"({"command":"make","description":"Run a shell command","timeout":120000})");
    CHECK(st == toolcall::call_status::normalized);
  }
  SUBCASE("alias rule keeps the original") {
    toolcall::normalizer_options o;
    o.rules.push_back(toolcall::normalizer_rule::alias("read", "file", "filePath"));
    o.rules.push_back(toolcall::normalizer_rule::alias("read", "start", "offset"));
    const toolcall::normalizer n = make(o);
    CHECK(args_of(n, "read", R"({"file": "/etc/hosts", "start": "10"})", &st, &m) ==
          R"({"file":"/etc/hosts","start":"10","filePath":"/etc/hosts","offset":10})");
    CHECK(st == toolcall::call_status::normalized);
    CHECK(has_note(m, toolcall::errc::normalized, "/filePath: added as an alias of /file"));
    CHECK_FALSE(has_note(m, toolcall::errc::missing_required, "/filePath"));
    // target present: nothing added
    CHECK(args_of(n, "read", R"({"file": "x", "filePath": "y"})", &st) == R"({"file":"x","filePath":"y"})");
    CHECK(st == toolcall::call_status::ok);
    // a nested value as the source
    toolcall::normalizer_options o2;
    o2.rules.push_back(toolcall::normalizer_rule::alias("todowrite", "items", "todos"));
    CHECK(args_of(make(o2), "todowrite", R"({"items": [{"content": "c", "status": "Pending", "priority": "low", "id": "1"}]})") ==
          R"({"items":[{"content":"c","status":"Pending","priority":"low","id":"1"}],"todos":[{"content":"c","status":"pending","priority":"low","id":"1"}]})");
  }
  SUBCASE("rules for undeclared tools are ignored") {
    toolcall::normalizer_options o;
    o.rules.push_back(toolcall::normalizer_rule::fill("nope", "x", "1"));
    CHECK(toolcall::normalizer::create(k_tools, o).has_value());
  }
}

TEST_CASE("toolcall/normalizer: coercion can be turned off alone") {
  toolcall::normalizer_options o;
  o.coerce_types = false;
  const toolcall::normalizer n = make(o);
  toolcall::call_status st{};
  CHECK(args_of(n, "read", R"({"filePath": 5, "offset": "130"})", &st) == R"({"filePath":5,"offset":"130"})");
  CHECK(st == toolcall::call_status::ok);
  toolcall::message m = parse_with(n, R"(<tool_call>{"name": "Read", "arguments": {}}</tool_call>)");
  CHECK(m.calls[0].name == "read");
}

TEST_CASE("toolcall/normalizer: other formats, Qwen3-Coder XML typed by the schema") {
  const toolcall::normalizer n = make();
  SUBCASE("qwen3_coder") {
    const toolcall::message m = parse_with(n,
        "<tool_call>\n<function=read>\n<parameter=filePath>\n123\n</parameter>\n<parameter=offset>\n130\n</parameter>\n"
        "<parameter=limit>\n\"5\"\n</parameter>\n</function>\n</tool_call>\n"
        "<tool_call>\n<function=write>\n<parameter=filePath>\nnull\n</parameter>\n<parameter=content>\ntrue\n</parameter>\n"
        "</function>\n</tool_call>\n"
        "<tool_call>\n<function=edit>\n<parameter=filePath>\na\n</parameter>\n<parameter=oldString>\n007\n</parameter>\n"
        "<parameter=newString>\n1e5\n</parameter>\n<parameter=replaceAll>\ntrue\n</parameter>\n</function>\n</tool_call>");
    REQUIRE(m.calls.size() == 3);
    // `"5"` with its quotes is the text "5" quoted: not an exact number, left alone
    CHECK(m.calls[0].arguments == R"({"filePath":"123","offset":130,"limit":"\"5\""})");
    // the word null is null for a string parameter too, as Qwen's parser reads it (xml.null_word)
    CHECK(m.calls[1].arguments == R"({"filePath":null,"content":"true"})");
    CHECK(m.calls[2].arguments == R"({"filePath":"a","oldString":"007","newString":"1e5","replaceAll":true})");
  }
  SUBCASE("pythonic, mistral, double-encoded arguments") {
    toolcall::message m = parse_with(n, R"([read(filePath="a.txt", offset="3"), Edit(filePath='b', oldString='x', newString='y', replaceAll='True')])");
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].arguments == R"({"filePath":"a.txt","offset":3})");
    CHECK(m.calls[1].name == "edit");
    CHECK(m.calls[1].arguments == R"({"filePath":"b","oldString":"x","newString":"y","replaceAll":true})");
    m = parse_with(n, R"([TOOL_CALLS]functions.read[ARGS]{"filePath": "a", "limit": "9"})");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "read");
    CHECK(m.calls[0].arguments == R"({"filePath":"a","limit":9})");
    m = parse_with(n, R"(<tool_call>{"name": "read", "arguments": "{\"filePath\": \"a\", \"offset\": \"4\"}"}</tool_call>)");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == R"({"filePath":"a","offset":4})");
  }
}

TEST_CASE("toolcall/normalizer: apply() on a complete call") {
  const toolcall::normalizer n = make();
  toolcall::call c;
  c.name = "functions.edit";
  c.arguments = R"({"filePath": "a", "oldString": "x", "newString": "y", "replaceAll": "true"})";
  c.begin = 12;
  std::vector<toolcall::diagnostic> ds;
  CHECK(n.apply(c, ds));
  CHECK(c.name == "edit");
  CHECK(c.arguments == R"({"filePath":"a","oldString":"x","newString":"y","replaceAll":true})");
  CHECK(c.status == toolcall::call_status::normalized);
  REQUIRE(ds.size() == 2);
  CHECK(ds[0].offset == 12);
  toolcall::call same;
  same.name = "read";
  same.arguments = R"({"filePath": "a"})";
  ds.clear();
  CHECK(n.apply(same, ds));
  CHECK(same.arguments == R"({"filePath": "a"})");  // untouched text
  CHECK(same.status == toolcall::call_status::ok);
  CHECK(ds.empty());
  toolcall::normalizer_options o;
  o.unknown_tools = toolcall::unknown_tool_policy::drop;
  toolcall::call unk;
  unk.name = "deploy";
  unk.arguments = "{}";
  CHECK_FALSE(make(o).apply(unk, ds));
}

TEST_CASE("toolcall/normalizer: streaming equals one-shot, deltas concatenate to the arguments") {
  toolcall::normalizer_options o;
  o.rules.push_back(toolcall::normalizer_rule::fill_template("bash", "description", "Execute: {command}"));
  o.rules.push_back(toolcall::normalizer_rule::alias("read", "file", "filePath"));
  const toolcall::normalizer n = make(o);
  const std::vector<std::string> outputs = {
      R"X(I'll edit it.<tool_call>{"name": "edit", "arguments": {"filePath": "/src/a.ts", "oldString": "foo()", "newString": "bar()", "replaceAll": "true"}}</tool_call>)X",
      "<tool_call>\n{\"name\": \"read\", \"arguments\": {\"file\": \"/tmp/x\", \"offset\": \"130\", \"limit\": \"50\"}}\n</tool_call>\n"
      "<tool_call>\n{\"name\": \"Bash\", \"arguments\": {\"command\": \"npm test -- --grep \\\"a b\\\"\", \"timeout\": \"60000\"}}\n</tool_call>",
      R"(<tool_call>{"name": "todowrite", "arguments": {"todos": "[{\"content\": \"a\", \"status\": \"Completed\", \"id\": \"1\"}]"}}</tool_call>)",
      R"(<tool_call>{"name": "create_issue", "arguments": {"title": "\u00e9t\u00e9 \u2713 ok", "labels": [{"name": 1, "weight": "2"}], "priority": "3", "target": {"symbol": "main", "exact": "false"}, "estimate": "5", "flag": "true", "tree": {"value": "1", "children": [{"value": "2"}]}, "due": "null", "meta": {"owner": {"name": "x"}}}}</tool_call>)",
      "<tool_call>\n<function=write>\n<parameter=filePath>\n/src/long.txt\n</parameter>\n<parameter=content>\nline one\nline two 123 \"quoted\" </param> <b>x</b> {\"a\": 1}\n</parameter>\n</function>\n</tool_call>",
      R"([TOOL_CALLS]grep[ARGS]{"pattern": "TODO", "output_mode": "COUNT", "-i": "false", "head_limit": "10"})",
      R"(<tool_call>{"name": "deploy", "arguments": {"x": "1"}}</tool_call> then <tool_call>{"name": "grep", "arguments": {"pattern": "x"}}</tool_call>)",
      R"(<think>plan: read file</think><tool_call>{"name": "read", "arguments": "{\"filePath\": \"é.txt\", \"offset\": \"1\"}"}</tool_call>)",
      R"(<tool_call>{"name": "read", "arguments": {"filePath": "a", "offset": "1"</tool_call>)",  // truncated
      R"([read(filePath="a.txt", offset="3"), edit(filePath='b', oldString='x', newString='y', replaceAll='True')])",
  };
  for (const std::string& text : outputs) {
    CAPTURE(text);
    toolcall::parser p{toolcall::parser_registry::builtin(), fixed_seed()};
    n.attach(p);
    const toolcall::message one = p.parse(text);
    for (const auto& c : one.calls) CHECK(valid_json_object(c.arguments));
    for (std::size_t chunk = 1; chunk <= 16; ++chunk) {
      CAPTURE(chunk);
      const streamed s = stream_with(n, text, chunk);
      require_same_calls(s.finished.calls, one.calls);
      require_same_calls(s.folded.calls, one.calls);
      require_same_diagnostics(s.finished.diagnostics, one.diagnostics);
      require_same_diagnostics(s.folded.diagnostics, one.diagnostics);
      CHECK(s.finished.content == one.content);
      CHECK(s.folded.content == one.content);
      CHECK(s.finished.reasoning == one.reasoning);
      for (const auto& c : s.folded.calls) {
        bool found = false;
        for (std::size_t i = 0; i < s.deltas.size(); ++i)
          if (s.deltas[i] == c.arguments) found = true;
        CHECK(found);
        CHECK(valid_json_object(c.arguments));
      }
    }
  }
}

TEST_CASE("toolcall/normalizer: long string values stream as they arrive; held values do not leak") {
  const toolcall::normalizer n = make();
  std::string content(4000, 'x');
  const std::string text = "<tool_call>{\"name\": \"write\", \"arguments\": {\"filePath\": \"a\", \"content\": \"" + content +
                           "\"}}</tool_call>";
  toolcall::options live = fixed_seed();
  live.reasoning = toolcall::reasoning_start::closed;  // detect holds a call until the end
  toolcall::stream_parser sp{toolcall::parser_registry::builtin(), live};
  n.attach(sp);
  std::size_t deltas = 0, max_delta = 0;
  std::string args;
  bool grew_before_end = false;
  auto sink = [&](const toolcall::event& ev) {
    if (ev.kind != toolcall::event_kind::arguments_delta) return;
    ++deltas;
    max_delta = (std::max)(max_delta, ev.text.size());
    args.append(ev.text);
    if (args.size() > 2000 && args.size() < 4000) grew_before_end = true;
  };
  for (std::size_t i = 0; i < text.size(); i += 4) sp.write(std::string_view(text).substr(i, 4), sink);
  const toolcall::message m = sp.finish(sink);
  REQUIRE(m.calls.size() == 1);
  CHECK(args == m.calls[0].arguments);
  CHECK(grew_before_end);
  CHECK(deltas > 900);
  CHECK(max_delta < 64);

  // a boolean held back is never emitted half-way as a string
  toolcall::stream_parser sp2{toolcall::parser_registry::builtin(), fixed_seed()};
  n.attach(sp2);
  std::vector<std::string> seen;
  auto sink2 = [&](const toolcall::event& ev) {
    if (ev.kind == toolcall::event_kind::arguments_delta) seen.emplace_back(ev.text);
  };
  const std::string t2 = R"(<tool_call>{"name": "edit", "arguments": {"filePath": "a", "oldString": "x", "newString": "y", "replaceAll": "true"}}</tool_call>)";
  for (std::size_t i = 0; i < t2.size(); ++i) sp2.write(std::string_view(t2).substr(i, 1), sink2);
  (void)sp2.finish(sink2);
  std::string all;
  for (const auto& s : seen) {
    CHECK(s.find("\"tr") == std::string::npos);
    all += s;
  }
  CHECK(all == R"({"filePath":"a","oldString":"x","newString":"y","replaceAll":true})");
}

TEST_CASE("toolcall/normalizer: one normalizer, many parsers; a filter outlives its normalizer") {
  toolcall::parser a{toolcall::parser_registry::builtin(), fixed_seed()};
  toolcall::parser b{toolcall::parser_registry::builtin(), fixed_seed()};
  {
    const toolcall::normalizer n = make();
    n.attach(a);
    n.attach(b);
  }
  const char* text = R"(<tool_call>{"name": "read", "arguments": {"filePath": "a", "offset": "2"}}</tool_call>)";
  CHECK(a.parse(text).calls[0].arguments == R"({"filePath":"a","offset":2})");
  CHECK(b.parse(text).calls[0].arguments == R"({"filePath":"a","offset":2})");
  // reused for the next request: the filter served its response and is dropped (the tools of
  // one request never normalize the next one's answer)
  CHECK(a.parse(text).calls[0].arguments == R"({"filePath":"a","offset":"2"})");
  // detaching: a disabled normalizer removes the filter
  toolcall::normalizer_options o;
  o.enabled = false;
  make(o).attach(a);
  CHECK(a.parse(text).calls[0].arguments == R"({"filePath":"a","offset":"2"})");
}

TEST_CASE("toolcall/normalizer: hostile schemas and values stay bounded") {
  SUBCASE("a $ref cycle and a remote $ref are 'any'") {
    auto n = toolcall::normalizer::create(R"([{"function": {"name": "f", "parameters": {"type": "object",
      "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}},
      "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "https://example.com/s.json"}, "c": {"$ref": "#/nope"}}}}}])");
    REQUIRE(n);
    toolcall::call_status st{};
    CHECK(args_of(*n, "f", R"({"a": "1", "b": "2", "c": "3"})", &st) == R"({"a":"1","b":"2","c":"3"})");
    CHECK(st == toolcall::call_status::ok);
  }
  SUBCASE("a union that refers to itself terminates") {
    auto n = toolcall::normalizer::create(R"([{"function": {"name": "f", "parameters": {"type": "object",
      "$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "array", "items": {"$ref": "#/$defs/A"}}, {"type": "integer"}]}},
      "properties": {"a": {"$ref": "#/$defs/A"}}}}}])");
    REQUIRE(n);
    CHECK(args_of(*n, "f", R"({"a": "1"})") == R"({"a":1})");
    CHECK(args_of(*n, "f", R"({"a": [[["2"]], "x"]})") == R"({"a":[[["2"]],"x"]})");
  }
  SUBCASE("nested unions over a large value finish in linear work") {
    auto n = toolcall::normalizer::create(R"([{"function": {"name": "f", "parameters": {"type": "object",
      "$defs": {"U": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/U"}}, {"type": "array", "items": {"$ref": "#/$defs/U"}},
                                 {"type": "object", "additionalProperties": {"$ref": "#/$defs/U"}}, {"type": "boolean"}]}},
      "properties": {"u": {"$ref": "#/$defs/U"}}}}}])");
    REQUIRE(n);
    std::string v = "[";
    for (int i = 0; i < 2000; ++i) v += (i ? "," : "") + std::string("[[\"true\", [\"x\"]]]");
    v += "]";
    std::string expect = v;
    const std::string out = args_of(*n, "f", "{\"u\": " + v + "}");
    CHECK(valid_json_object(out));
  }
  SUBCASE("deep values under a union are left as they are") {
    auto n = toolcall::normalizer::create(R"([{"function": {"name": "f", "parameters": {"type": "object",
      "properties": {"u": {"anyOf": [{"type": "array"}, {"type": "array", "items": {"type": "integer"}}]}}}}}])");
    REQUIRE(n);
    std::string deep(100, '[');
    deep += std::string(100, ']');
    const std::string out = args_of(*n, "f", "{\"u\": " + deep + "}");
    CHECK(out == "{\"u\":" + deep + "}");
  }
  SUBCASE("strings that decode to deeply nested JSON") {
    std::string v = "\"";
    for (int i = 0; i < 300; ++i) v += "[";
    for (int i = 0; i < 300; ++i) v += "]";
    v += "\"";
    toolcall::call_status st{};
    const std::string out = args_of(make(), "todowrite", "{\"todos\": " + v + "}", &st);
    CHECK(out == "{\"todos\":" + v + "}");
  }
}

TEST_CASE("toolcall/normalizer: the corpus under adversarial schemas, every chunking") {
  std::ifstream f(std::string(TOOLCALL_TEST_DATA_DIR) + "/corpus/public.jsonl", std::ios::binary);
  if (!f) {
    MESSAGE("corpus not found; skipped");
    return;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string all = ss.str();
  simdjson::dom::parser jp;
  std::size_t cases = 0, normalized = 0;
  std::istringstream lines(all);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    simdjson::dom::element d;
    if (jp.parse(line).get(d)) continue;
    const std::string input(std::string_view(d["input"].get_string().value_unsafe()));
    simdjson::dom::array calls;
    if (d["expect"]["tool_calls"].get_array().get(calls) || calls.size() == 0) continue;
    for (int variant = 0; variant < 3; ++variant) {
      std::string tools = "[";
      std::vector<std::string> names;
      for (simdjson::dom::element c : calls) {
        std::string name(std::string_view(c["name"].get_string().value_unsafe()));
        if (std::find(names.begin(), names.end(), name) != names.end()) continue;
        names.push_back(name);
        if (variant == 1 && !name.empty()) name[0] = static_cast<char>(name[0] == 'X' ? 'Y' : 'X');  // edit distance 1
        if (variant == 2)
          for (char& ch : name) ch = (ch >= 'a' && ch <= 'z') ? static_cast<char>(ch - 32) : ch;  // case
        if (tools.size() > 1) tools += ",";
        tools += "{\"type\": \"function\", \"function\": {\"name\": \"" + name +
                 "\", \"parameters\": " + flipped_schema(c["arguments"].value_unsafe(), variant) + "}}";
      }
      tools += "]";
      toolcall::normalizer_options o;
      o.rules.push_back(toolcall::normalizer_rule::fill_template(names[0], "zz_rule", "{location} {zz_default}"));
      auto n = toolcall::normalizer::create(tools, o);
      REQUIRE_MESSAGE(n.has_value(), tools);
      CAPTURE(input);
      CAPTURE(tools);
      toolcall::parser p{toolcall::parser_registry::builtin(), fixed_seed()};
      n->attach(p);
      const toolcall::message one = p.parse(input);
      ++cases;
      for (const auto& c : one.calls) {
        CHECK(valid_json_object(c.arguments));
        if (c.status == toolcall::call_status::normalized) ++normalized;
      }
      for (std::size_t chunk = 1; chunk <= 16; ++chunk) {
        CAPTURE(chunk);
        const streamed st = stream_with(*n, input, chunk);
        require_same_calls(st.finished.calls, one.calls);
        require_same_calls(st.folded.calls, one.calls);
        require_same_diagnostics(st.finished.diagnostics, one.diagnostics);
        CHECK(st.folded.content == one.content);
        for (const auto& c : st.folded.calls) {
          bool found = false;
          for (const auto& dl : st.deltas) found |= dl == c.arguments;
          CHECK(found);
        }
      }
    }
  }
  CHECK(cases > 100);
  CHECK(normalized > cases / 2);
}

}  // TEST_SUITE

TEST_CASE("toolcall/normalizer: XML parameter values typed by the schema in the body, streamed and one-shot") {
  // a coding agent writing a JSON file through a string parameter gets the file's text
  const char* tools = R"JSON([{"type": "function", "function": {"name": "Write", "parameters": {"type": "object",
      "properties": {"content": {"type": "string"}, "count": {"type": "integer"},
                     "note": {"type": ["string", "null"]}, "maybe": {"type": ["integer", "null"]},
                     "flags": {"type": "array", "items": {"type": "boolean"}}}}}}])JSON";
  const auto n = toolcall::normalizer::create(tools);
  REQUIRE(n.has_value());
  const std::string text =
      "Writing it.\n<tool_call>\n<function=Write>\n<parameter=content>\n[1, 2, 3]\n</parameter>\n"
      "<parameter=count>\n5\n</parameter>\n<parameter=note>\nNone\n</parameter>\n<parameter=maybe>\nNone\n"
      "</parameter>\n<parameter=flags>\n[True, false]\n</parameter>\n</function>\n</tool_call>";
  // `note` is string-or-null: `None` is null there, as the vendors' parsers read a nullable value
  const std::string want = R"({"content":"[1, 2, 3]","count":5,"note":null,"maybe":null,"flags":[true,false]})";
  toolcall::parser p{toolcall::parser_registry::builtin(), fixed_seed()};
  n->attach(p);
  const toolcall::message one = p.parse(text);
  REQUIRE(one.calls.size() == 1);
  CHECK(one.calls[0].arguments == want);
  CHECK(one.content == "Writing it.");
  for (std::size_t chunk : {1u, 2u, 5u, 13u}) {
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), fixed_seed()};
    n->attach(sp);
    toolcall::message_builder f;
    for (std::size_t i = 0; i < text.size(); i += chunk) sp.write(std::string_view(text).substr(i, chunk), f);
    const toolcall::message m = sp.finish(f);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == want);
    REQUIRE(f.msg().calls.size() == 1);
    CHECK(f.msg().calls[0].arguments == want);  // the deltas concatenate to the final arguments
    CHECK(f.problems().empty());
  }
  // without a schema every value is a string, as Qwen's own parser does
  toolcall::parser plain{toolcall::parser_registry::builtin(), fixed_seed()};
  const auto m = plain.parse(text);
  REQUIRE(m.calls.size() == 1);
  CHECK(m.calls[0].arguments ==
        R"({"content":"[1, 2, 3]","count":"5","note":"None","maybe":"None","flags":"[True, false]"})");
}
