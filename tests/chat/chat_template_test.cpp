// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: toolcall authors
// SPDX-License-Identifier: MIT
//
// Tests of examples/chat/chat_template.hpp against the real Qwen3 Jinja template from
// tokenizer_config.json, rendered by Python jinja2 the way Hugging Face does it
// (tests/chat/oracle_chat_template.py, run with /usr/bin/python3).
#include "chat_template.hpp"

#include <doctest/doctest.h>
#include <simdjson.h>

#include <optional>
#include <string>
#include <vector>

#include "chat_test_support.hpp"

namespace {

struct template_case {
  const char* name;
  std::string messages;
  std::string tools;
  bool add_generation_prompt = true;
  std::optional<bool> enable_thinking;
  bool expect_error = false;  // both renderers must refuse it
};

const char* const weather_tools = R"([
 {"type": "function", "function": {"name": "get_weather", "description": "Current weather for a city — «quoted», 中文, emoji 🌦",
  "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name, e.g. \"Paris\"\n(second line)\ttab"},
   "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"}}, "required": ["city"], "additionalProperties": false}}},
 {"type": "function", "function": {"name": "calculator", "description": "Evaluate an arithmetic expression.",
  "parameters": {"type": "object", "properties": {"expression": {"type": "string"}, "precision": {"type": "integer", "minimum": 0, "maximum": 1e3, "default": 2},
   "scale": {"type": "number", "default": 1.0, "examples": [0.1, 1e-7, 1e16, 1.5e16, 123456789.125, -0.0, 0, -0, 12345678901234567890, 1E2, 3.141592653589793]},
   "flags": {"type": "array", "items": {"type": ["string", "null"]}, "default": [true, false, null, "", "\u0001\u001f\u007f\\/"]}},
   "required": ["expression"]}}}
])";

std::vector<template_case> cases() {
  std::vector<template_case> c;
  c.push_back({"system + user", R"([{"role": "system", "content": "You are a helpful assistant."},
                                    {"role": "user", "content": "Hello!"}])", "", true, {}, false});
  c.push_back({"system + user, no generation prompt",
               R"([{"role": "system", "content": "You are a helpful assistant."},
                   {"role": "user", "content": "Hello!"}])", "", false, {}, false});
  c.push_back({"user only, enable_thinking=false", R"([{"role": "user", "content": "Hi"}])", "", true,
               false, false});
  c.push_back({"user only, enable_thinking=true", R"([{"role": "user", "content": "Hi"}])", "", true,
               true, false});
  c.push_back({"tools without a system message",
               R"([{"role": "user", "content": "What's the weather in Paris?"}])", weather_tools,
               true, {}, false});
  c.push_back({"tools with a system message",
               R"([{"role": "system", "content": "You are Qwen.\nBe brief."},
                   {"role": "user", "content": "What's 12*(3+4)?"}])", weather_tools, true, {},
               false});
  c.push_back({"tool calls, two tool results, final answer (no generation prompt)",
               R"([{"role": "system", "content": "You are a helpful assistant."},
                   {"role": "user", "content": "Weather in Paris and Tokyo?"},
                   {"role": "assistant", "content": "", "tool_calls": [
                      {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}},
                      {"id": "call_2", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Tokyo\"}"}}]},
                   {"role": "tool", "tool_call_id": "call_1", "content": "{\"temp\": 21, \"sky\": \"clear\"}"},
                   {"role": "tool", "tool_call_id": "call_2", "content": "{\"temp\": 17.5, \"sky\": \"rain\"}"},
                   {"role": "assistant", "content": "Paris: 21 °C and clear. Tokyo: 17.5 °C with rain."}])",
               weather_tools, false, {}, false});
  c.push_back({"tool calls, tool results, then the generation prompt",
               R"json([{"role": "user", "content": "Compute 12*(3+4) then 2**10."},
                   {"role": "assistant", "content": "I'll compute both.", "tool_calls": [
                      {"type": "function", "function": {"name": "calculator", "arguments": {"expression": "12*(3+4)"}}},
                      {"type": "function", "function": {"name": "calculator", "arguments": {"expression": "2**10", "precision": 0, "scale": 1.0}}}]},
                   {"role": "tool", "content": "84"},
                   {"role": "tool", "content": "1024"}])json",
               weather_tools, true, {}, false});
  c.push_back({"reasoning: reasoning_content field and <think> in content, multi-step",
               R"([{"role": "user", "content": "First question"},
                   {"role": "assistant", "content": "<think>\nold thoughts\n</think>\n\nOld answer."},
                   {"role": "user", "content": "Second question"},
                   {"role": "assistant", "reasoning_content": "\nI should call the tool.\n", "content": "\nLet me check.", "tool_calls": [
                      {"function": {"name": "get_weather", "arguments": {"city": "Zürich"}}}]},
                   {"role": "tool", "content": "{\"temp\": -3}"},
                   {"role": "assistant", "content": "<think>\n\nIt is cold.\n\n</think>\n\n\nIt's -3 °C in Zürich."}])",
               weather_tools, false, {}, false});
  c.push_back({"reasoning: last assistant message without reasoning gets an empty think block",
               R"([{"role": "user", "content": "Hi"},
                   {"role": "assistant", "content": "Hello there."}])", "", false, {}, false});
  c.push_back({"a user message that is a wrapped tool response is not the last query",
               R"([{"role": "user", "content": "Do it"},
                   {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "calculator", "arguments": {"expression": "1+1"}}}]},
                   {"role": "user", "content": "<tool_response>\n2\n</tool_response>"},
                   {"role": "assistant", "content": "<think>because</think>The answer is 2."}])",
               weather_tools, true, {}, false});
  c.push_back({"flat tool calls (no function wrapper), string arguments, empty function",
               R"([{"role": "user", "content": "go"},
                   {"role": "assistant", "content": "", "tool_calls": [
                      {"name": "calculator", "arguments": "{\"expression\":\"1+2\"}"},
                      {"name": "get_weather", "arguments": {}, "function": {}},
                      {"function": {"name": "get_weather", "arguments": {"city": "Paris", "nested": {"a": [1, 2.5, "x"], "b": null}}}}]},
                   {"role": "tool", "content": "3"},
                   {"role": "user", "content": "thanks"}])",
               "", true, {}, false});
  c.push_back({"system message in the middle, unknown roles dropped, unicode",
               R"([{"role": "user", "content": "你好 👋 — «bonjour»"},
                   {"role": "system", "content": "Mid-conversation system note."},
                   {"role": "developer", "content": "dropped"},
                   {"role": "assistant", "content": "Привет!"},
                   {"role": "user", "content": "tab\there\nnewline \"quotes\" \\ backslash"}])",
               "", true, {}, false});
  c.push_back({"tools given but empty list means no tools",
               R"([{"role": "system", "content": "sys"}, {"role": "user", "content": "u"}])", "[]",
               true, {}, false});
  c.push_back({"a single tool result ends the conversation",
               R"([{"role": "user", "content": "q"},
                   {"role": "assistant", "content": "calling", "tool_calls": [{"function": {"name": "f", "arguments": {"x": 1}}}]},
                   {"role": "tool", "content": "only result"}])", weather_tools, false, {}, false});
  c.push_back({"duplicate keys keep the first position and the last value (json.loads)",
               R"([{"role": "user", "content": "first", "content": "second"},
                   {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "f", "arguments": {"a": 1, "b": 2, "a": 3}}}]}])",
               R"([{"type": "function", "function": {"name": "f", "parameters": {"z": 1, "y": 2, "z": 3}}}])",
               false, {}, false});
  c.push_back({"empty message list is an error", "[]", "", true, {}, true});
  c.push_back({"tool call without arguments is an error",
               R"([{"role": "user", "content": "x"},
                   {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "f"}}]}])",
               "", true, {}, true});
  return c;
}

struct oracle_output {
  std::string prompt;
  std::string error;
};

std::optional<std::vector<oracle_output>> run_oracle(const std::string& config_path,
                                                     const std::vector<template_case>& cs,
                                                     std::string& why) {
  std::string input = "[";
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (i != 0) input += ",\n";
    input += "{\"messages\": " + chat_test::json_quote(cs[i].messages) +
             ", \"tools\": " + chat_test::json_quote(cs[i].tools) + ", \"add_generation_prompt\": " +
             (cs[i].add_generation_prompt ? "true" : "false");
    if (cs[i].enable_thinking) input += std::string(", \"enable_thinking\": ") + (*cs[i].enable_thinking ? "true" : "false");
    input += "}";
  }
  input += "]\n";
  chat_test::temp_file f(input);
  if (!f.ok()) {
    why = "cannot write a temporary file";
    return std::nullopt;
  }
  const std::string script = std::string(TOOLCALL_CHAT_TESTS_DIR) + "/oracle_chat_template.py";
  const chat_test::command_result r = chat_test::run_command(
      "/usr/bin/python3 " + chat_test::shell_quote(script) + " " +
      chat_test::shell_quote(config_path) + " " + chat_test::shell_quote(f.path()));
  if (r.exit_code != 0) {
    why = "oracle_chat_template.py exited with " + std::to_string(r.exit_code);
    return std::nullopt;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array arr;
  if (parser.parse(r.output).get(arr)) {
    why = "oracle output is not a JSON array";
    return std::nullopt;
  }
  std::vector<oracle_output> out;
  for (const simdjson::dom::element e : arr) {
    oracle_output o;
    std::string_view s;
    if (!e["prompt"].get(s)) o.prompt = std::string(s);
    else if (!e["error"].get(s)) o.error = std::string(s);
    else o.error = "(malformed oracle entry)";
    out.push_back(std::move(o));
  }
  if (out.size() != cs.size()) {
    why = "oracle returned " + std::to_string(out.size()) + " results for " + std::to_string(cs.size()) + " cases";
    return std::nullopt;
  }
  return out;
}

std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const std::size_t from = i > 40 ? i - 40 : 0;
  return "at byte " + std::to_string(i) + "\n  ours:   ..." +
         chat_test::printable(a.substr(from, 120)) + "\n  oracle: ..." +
         chat_test::printable(b.substr(from, 120));
}

std::string dumps(std::string_view json) {
  const toolcall_chat::render_result r = toolcall_chat::python_json_dumps(json);
  return r.ok() ? r.prompt : "ERROR: " + r.error;
}

}  // namespace

TEST_SUITE("chat.template") {

TEST_CASE("chat.template: tojson writes floats like Python's repr") {
  // Expected values printed by /usr/bin/python3: json.dumps(json.loads(text)).
  const std::vector<std::pair<const char*, const char*>> floats = {
      {"0.0", "0.0"}, {"-0.0", "-0.0"}, {"1.0", "1.0"}, {"0.1", "0.1"}, {"1e-4", "0.0001"},
      {"1e-5", "1e-05"}, {"0.00012345", "0.00012345"}, {"1.5e-7", "1.5e-07"},
      {"123.456", "123.456"}, {"1e15", "1000000000000000.0"}, {"1e16", "1e+16"},
      {"1.5e16", "1.5e+16"}, {"12345678901234567.0", "1.2345678901234568e+16"},
      {"1e22", "1e+22"}, {"1e100", "1e+100"}, {"2.5e-300", "2.5e-300"}, {"5e-324", "5e-324"},
      {"1.7976931348623157e308", "1.7976931348623157e+308"},
      {"3.141592653589793", "3.141592653589793"}, {"100.0", "100.0"}, {"1E2", "100.0"},
      {"0.30000000000000004", "0.30000000000000004"}, {"-2.5", "-2.5"},
      {"123456789.125", "123456789.125"}, {"9007199254740993.0", "9007199254740992.0"},
      {"1.2345e+15", "1234500000000000.0"}};
  for (const auto& f : floats) CHECK_MESSAGE(dumps(f.first) == f.second, f.first);
  CHECK(dumps("-0") == "0");
  CHECK(dumps("12345678901234567890") == "12345678901234567890");
  CHECK(dumps("-9223372036854775808") == "-9223372036854775808");
  CHECK(dumps(R"({"b":[1,{"c":null}],"a":"x\"\\\n\u0001\u00e9\ud83d\ude00"})") ==
        "{\"b\": [1, {\"c\": null}], \"a\": \"x\\\"\\\\\\n\\u0001\xc3\xa9\xf0\x9f\x98\x80\"}");
  CHECK(dumps(R"({"a":1,"b":2,"a":3})") == "{\"a\": 3, \"b\": 2}");
  CHECK(dumps("[]") == "[]");
  CHECK(dumps("{}") == "{}");
  CHECK(dumps("[true,false]") == "[true, false]");
}

TEST_CASE("chat.template: renders Qwen3's template without the oracle (spot checks)") {
  toolcall_chat::qwen3_chat_template tmpl;
  auto r = tmpl.render(R"([{"role":"user","content":"Hi"}])");
  REQUIRE(r.ok());
  CHECK(r.prompt == "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n");
  toolcall_chat::chat_template_options no_think;
  no_think.enable_thinking = false;
  r = tmpl.render(R"({"messages":[{"role":"user","content":"Hi"}]})", "", no_think);
  REQUIRE(r.ok());
  CHECK(r.prompt == "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n");
  r = tmpl.render(R"([{"role":"user","content":"x"},{"role":"assistant","content":null,
                      "tool_calls":[{"function":{"name":"f","arguments":{"k":"v"}}}]}])",
                  "", toolcall_chat::chat_template_options{false, {}});
  REQUIRE(r.ok());
  CHECK(r.prompt ==
        "<|im_start|>user\nx<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n"
        "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"k\": \"v\"}}\n</tool_call><|im_end|>\n");
  CHECK_FALSE(tmpl.render("not json").ok());
  CHECK_FALSE(tmpl.render("[]").ok());
  CHECK_FALSE(tmpl.render(R"([{"role":"user","content":["parts"]}])").ok());
  CHECK_FALSE(tmpl.render(R"([{"role":"user","content":"x"}])", R"({"not":"a list"})").ok());
}

TEST_CASE("chat.template: byte for byte equal to HF-style jinja2 on Qwen3's template") {
  const chat_test::assets a = chat_test::find_assets();
  if (!a.tokenizer_ok()) {
    chat_test::oracle_unavailable(a.problem.empty() ? "tokenizer_config.json missing" : a.problem);
    return;
  }
  if (!chat_test::have_command("/usr/bin/python3 -c 'import jinja2.sandbox'")) {
    chat_test::oracle_unavailable("/usr/bin/python3 with jinja2 is missing (apt-get install python3-jinja2)");
    return;
  }
  const std::vector<template_case> cs = cases();
  std::string why;
  const auto expected = run_oracle(a.tokenizer_dir + "/tokenizer_config.json", cs, why);
  if (!expected) {
    chat_test::oracle_unavailable(why);
    return;
  }
  toolcall_chat::qwen3_chat_template tmpl;
  std::size_t matched = 0;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    CAPTURE(cs[i].name);
    toolcall_chat::chat_template_options o;
    o.add_generation_prompt = cs[i].add_generation_prompt;
    o.enable_thinking = cs[i].enable_thinking;
    const toolcall_chat::render_result r = tmpl.render(cs[i].messages, cs[i].tools, o);
    const oracle_output& want = (*expected)[i];
    if (cs[i].expect_error) {
      CHECK_MESSAGE(!r.ok(), "expected an error, rendered: " << chat_test::printable(r.prompt));
      CHECK_MESSAGE(!want.error.empty(), "the oracle rendered it: " << chat_test::printable(want.prompt));
      if (!r.ok() && !want.error.empty()) ++matched;
      continue;
    }
    REQUIRE_MESSAGE(want.error.empty(), "oracle error: " << want.error);
    REQUIRE_MESSAGE(r.ok(), "render error: " << r.error);
    if (r.prompt == want.prompt) {
      ++matched;
    } else {
      FAIL_CHECK("prompt differs " << first_difference(r.prompt, want.prompt));
    }
  }
  MESSAGE("template oracle: " << matched << "/" << cs.size() << " cases identical");
  CHECK(matched == cs.size());
}

}  // TEST_SUITE
