// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// What real model output looks like around the markers (docs/conventions.md, "Tolerance"):
// whitespace a detokenizer or the model puts between special tokens, CRLF line ends, end-of-turn
// tokens where the turn ends and where they are only quoted, markers quoted in markdown code,
// prose that names the markers, a closer written twice, output cut right after an opener. Each
// case runs one-shot and streamed in 1-byte writes, whole text and live.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace {

struct outcome {
  std::vector<std::pair<std::string, std::string>> calls;  // name, arguments
  std::string content;
  std::vector<toolcall::errc> codes;
};

outcome run(const std::string& text, toolcall::reasoning_start rs, std::size_t chunk,
            const toolcall::parser_registry& reg = toolcall::parser_registry::builtin()) {
  toolcall::options o;
  o.seed = 3;
  o.reasoning = rs;
  toolcall::stream_parser sp{reg, o};
  for (std::size_t i = 0; i < text.size(); i += chunk) sp.write(std::string_view(text).substr(i, chunk));
  const toolcall::message m = sp.finish();
  outcome r;
  for (const auto& c : m.calls) r.calls.emplace_back(c.name, c.arguments);
  r.content = m.content;
  for (const auto& d : m.diagnostics) r.codes.push_back(d.code);
  return r;
}

/// Every mode and chunking gives `want` calls and, when given, `content`.
void expect(const std::string& text, std::vector<std::pair<std::string, std::string>> want,
            const char* content = nullptr,
            const toolcall::parser_registry& reg = toolcall::parser_registry::builtin()) {
  for (auto rs : {toolcall::reasoning_start::detect, toolcall::reasoning_start::none})
    for (std::size_t chunk : {text.size() + 1, std::size_t{1}, std::size_t{3}}) {
      const outcome r = run(text, rs, chunk, reg);
      CHECK_MESSAGE(r.calls.size() == want.size(), text << " (chunk " << chunk << ") content [" << r.content << "]");
      if (r.calls.size() == want.size())
        for (std::size_t k = 0; k < want.size(); ++k) {
          CHECK_MESSAGE(r.calls[k].first == want[k].first, text);
          CHECK_MESSAGE(tc_test::json_text_equal(r.calls[k].second, want[k].second),
                        text << ": " << r.calls[k].second);
        }
      if (content) CHECK_MESSAGE(r.content == content, text << " -> [" << r.content << "]");
    }
}

bool has(const std::vector<toolcall::errc>& v, toolcall::errc e) {
  for (auto x : v)
    if (x == e) return true;
  return false;
}

const std::pair<std::string, std::string> paris{"get_weather", R"({"city":"Paris"})"};

}  // namespace

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("whitespace between structural tokens is allowed") {
    expect("<|tool_calls_section_begin|> <|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|> "
           "{\"city\": \"Paris\"} <|tool_call_end|> <|tool_calls_section_end|>",
           {paris}, "");
    expect("<|tool_call>call: get_weather {city:<|\"|>Paris<|\"|>}<tool_call|>", {paris}, "");
    expect("<|start|>assistant<|channel|>commentary to=functions. get_weather <|constrain|>json<|message|>"
           "{\"city\": \"Paris\"}<|call|>",
           {paris}, "");
    expect("function call <|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}", {paris}, "");
    // a newline between two tokens, spaced by the detokenizer
    expect("function call \n <|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}", {paris},
           "");
    expect("```json \n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n```", {paris}, "");
    expect("functools [{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]", {paris}, "");
    expect("functools{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}", {paris}, "");
    expect("<tool_call>\n<function=\nget_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>",
           {paris}, "");
    expect("<minimax:tool_call>\n<invoke name=\"\nget_weather\">\n<parameter name=\"city\">Paris</parameter>\n"
           "</invoke>\n</minimax:tool_call>",
           {paris}, "");
    expect("[TOOL_CALLS]get_weather [ARGS] {\"city\": \"Paris\"}", {paris}, "");
    expect("<\xEF\xBD\x9Ctool\xE2\x96\x81""calls\xE2\x96\x81""begin\xEF\xBD\x9C> <\xEF\xBD\x9Ctool\xE2\x96\x81""call"
           "\xE2\x96\x81""begin\xEF\xBD\x9C>get_weather <\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C> {\"city\": \"Paris\"}"
           " <\xEF\xBD\x9Ctool\xE2\x96\x81""call\xE2\x96\x81""end\xEF\xBD\x9C>",
           {paris}, "");
  }

  TEST_CASE("a trigger of several tokens takes any whitespace at each joint, up to 8 bytes") {
    // The scanner matches the format's marker with the tolerance rule the handlers use
    // (docs/conventions.md, "Tolerance"): a detokenizer's space before and after each special
    // token gives two runs at one joint, a model's blank line gives `\n\n`, a tab or CRLF others.
    const std::string args = "\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}";
    for (const char* joint : {"", " ", "  ", "\n", " \n", "\n ", "\n\n", "\t", "\r\n", " \r\n ", "        "}) {
      expect(std::string("function call") + joint + "<|role_sep|>" + args, {paris}, "");
      // Kimi-K3: `<|open|>tools<|sep|>` and the call's own tokens
      expect(std::string("<|open|>tools") + joint + "<|sep|><|open|>call tool=\"get_weather\" index=\"1\"" + joint +
                 "<|sep|><|open|>argument key=\"city\" type=\"string\"<|sep|>Paris<|close|>argument<|sep|>"
                 "<|close|>call<|sep|><|close|>tools<|sep|>",
             {paris}, "");
    }
    // more than 8 bytes between the tokens: not the marker; the text stays as written
    const std::string far = std::string("function call") + std::string(9, ' ') + "<|role_sep|>" + args;
    expect(far, {}, far.c_str());
  }

  TEST_CASE("a no-argument call after a special-token opener may have the detokenizer's spaces") {
    // `<|tool_call:start|>` is a token no prose holds: a space around the bare name is the
    // detokenizer's, not a sign of prose (as it is after `<tool_call>`)
    for (const char* text : {"<|tool_call:start|>list_files\n<|tool_call:end|>",
                             "<|tool_call:start|> list_files\n<|tool_call:end|>",
                             "<|tool_call:start|> list_files <|tool_call:end|>",
                             "<|tool_call:start|>list_files <|tool_call:end|> "})
      expect(text, {{"list_files", "{}"}}, "");
    // after a plain tag it stays prose
    expect("instead of <tool_call> search </tool_call> I'll answer", {},
           "instead of <tool_call> search </tool_call> I'll answer");
  }

  TEST_CASE("CRLF line ends") {
    expect("I'll check.\r\n<tool_call>\r\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\r\n</tool_call>",
           {paris}, "I'll check.");
    expect("get_weather\r\n{\"city\": \"Paris\"}", {paris}, "",
           *toolcall::parser_registry::only("functionary_v32"));
    expect("<\xEF\xBD\x9Ctool\xE2\x96\x81""calls\xE2\x96\x81""begin\xEF\xBD\x9C><\xEF\xBD\x9Ctool\xE2\x96\x81""call"
           "\xE2\x96\x81""begin\xEF\xBD\x9C>function<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>get_weather\r\n"
           "```json\r\n{\"city\": \"Paris\"}\r\n```<\xEF\xBD\x9Ctool\xE2\x96\x81""call\xE2\x96\x81""end\xEF\xBD\x9C>",
           {paris}, "");
  }

  TEST_CASE("end-of-turn tokens are markers where the turn ends, text where they are quoted") {
    expect("Hello.<|im_end|>", {}, "Hello.");
    expect("Hello.\n<|eot_id|>\n", {}, "Hello.");
    expect("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call><|im_end|>", {paris},
           "");
    expect("<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>\n<|im_end|>\n"
           "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>",
           {paris, paris}, "");
    expect("Stop tokens:\n```python\nSTOP = [\"<|im_end|>\", \"<|eot_id|>\"]\n```\nDone.", {},
           "Stop tokens:\n```python\nSTOP = [\"<|im_end|>\", \"<|eot_id|>\"]\n```\nDone.");
    expect("Qwen ends a turn with <|im_end|> and Llama with <|eot_id|> tokens.", {},
           "Qwen ends a turn with <|im_end|> and Llama with <|eot_id|> tokens.");
  }

  TEST_CASE("a closer written twice, and a family's trailers, are markers") {
    expect("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n</tool_call>",
           {paris}, "");
    expect("<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>"
           "</tool_call><|im_end|>",
           {paris}, "");
    expect("<answer><tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]</tool_calls></answer>"
           "</answer><|eos|>",
           {paris}, "");
  }

  TEST_CASE("prose and code that mention a call syntax are content") {
    for (const char* s : {
             "Please wrap each call in <tool_call> and </tool_call> tags.",
             "Instead of <tool_call> search </tool_call> I'll answer directly: it is sunny.",
             "The format is `<function=example_function_name>{\"example_name\": \"example_value\"}</function>` as in "
             "the system prompt.",
             "Example:\n```\n<function=example_function_name>{\"example_name\": \"example_value\"}</function>\n```\n",
             "Write `[TOOL_CALLS]` before the list, or `<|python_tag|>` for Llama.",
         })
      expect(s, {}, tc_test::trim(s).c_str());
    // the same opener outside code still makes its call
    expect("`code` then <function=get_weather>{\"city\": \"Paris\"}</function>", {paris}, "`code` then");
    // a name written as the template writes it (no spaces) is a call with no arguments
    expect("<tool_call>get_time</tool_call>", {{"get_time", "{}"}}, "");
  }

  TEST_CASE("an opener that matched gives a call or a diagnostic, never nothing") {
    for (const char* s : {"<tool_call>", "Let me check.\n<tool_call>", "[TOOL_CALLS]", "<|python_tag|>",
                          "<|tool_calls_section_begin|>", "<minimax:tool_call>", "<|tool_call>",
                          // DeepSeek's section opener (a marker that opens a section of calls)
                          "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C>",
                          "Let me check.<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C>\n"}) {
      for (std::size_t chunk : {std::size_t{100}, std::size_t{1}}) {
        const outcome r = run(s, toolcall::reasoning_start::none, chunk);
        CHECK_MESSAGE(r.calls.empty(), s);
        CHECK_MESSAGE(has(r.codes, toolcall::errc::unterminated_call), s);
      }
    }
    // a call fence (fenced, xLAM) that ends the output: a warning, the text kept; a bare fence
    // is markdown
    for (const char* s : {"```json", "```json\n", "Sure:\n```JSON\n  "}) {
      for (std::size_t chunk : {std::size_t{100}, std::size_t{1}}) {
        const outcome r = run(s, toolcall::reasoning_start::none, chunk);
        CHECK_MESSAGE(r.calls.empty(), s);
        CHECK_MESSAGE(has(r.codes, toolcall::errc::unterminated_call), s);
        CHECK(r.content == tc_test::trim(s));
      }
    }
    CHECK(run("```", toolcall::reasoning_start::none, 1).codes.empty());
    // prose with an opener mid-text: a note, the text unchanged
    const outcome r = run("Use <tool_call> tags for calls, then answer.", toolcall::reasoning_start::none, 100);
    CHECK(r.calls.empty());
    CHECK(r.content == "Use <tool_call> tags for calls, then answer.");
    CHECK(!r.codes.empty());
    // a section opener followed by text and no call: the text stays, a note says so
    for (std::size_t chunk : {std::size_t{100}, std::size_t{1}}) {
      const outcome t = run("<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C>I cannot call it.",
                            toolcall::reasoning_start::none, chunk);
      CHECK(t.calls.empty());
      CHECK(t.content == "I cannot call it.");
      CHECK(has(t.codes, toolcall::errc::marker_in_text));
    }
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("max_calls holds inside list-shaped formats") {
    // 40 calls in one region of each list-shaped format; max_calls = 5 keeps the first five
    auto list = [](const char* open, const char* item, const char* sep, const char* close) {
      std::string s = open;
      for (int k = 0; k < 40; ++k) {
        if (k) s += sep;
        std::string it = item;
        const std::size_t at = it.find('#');
        it.replace(at, 1, std::to_string(k));
        s += it;
      }
      return s + close;
    };
    const std::string json_item = R"({"name": "f", "arguments": {"k": #}})";
    const std::vector<std::string> texts = {
        list("[", "f(k=#)", ", ", "]"),                                       // pythonic
        list("<tools>[", json_item.c_str(), ", ", "]</tools>"),               // qwen <tools>
        list("[TOOL_CALLS][", json_item.c_str(), ", ", "]"),                  // mistral v3
        list("<tool_calls>[", json_item.c_str(), ", ", "]</tool_calls>"),     // jamba
        list("functools[", json_item.c_str(), ", ", "]"),                     // functools
        list("<|tool_call|>[", json_item.c_str(), ", ", "]"),                 // granite
        list("<|python_tag|>", R"({"name": "f", "parameters": {"k": #}})", "; ", ""),  // llama ;
        list("<minimax:tool_call>\n", "<invoke name=\"f\">\n<parameter name=\"k\">#</parameter>\n</invoke>\n", "",
             "</minimax:tool_call>"),
        list("<tool_call>\n", json_item.c_str(), "\n", "\n</tool_call>"),     // hermes, several objects
    };
    for (const std::string& t : texts) {
      for (std::size_t chunk : {t.size(), std::size_t{1}, std::size_t{7}}) {
        toolcall::options o;
        o.max_calls = 5;
        toolcall::stream_parser sp{toolcall::parser_registry::builtin(), o};
        tc_test::folder f;
        for (std::size_t i = 0; i < t.size(); i += chunk) sp.write(std::string_view(t).substr(i, chunk), f);
        const toolcall::message m = sp.finish(f);
        CHECK_MESSAGE(m.calls.size() == 5, t.substr(0, 40) << " chunk " << chunk << ": " << m.calls.size());
        CHECK_MESSAGE(f.m.calls.size() == m.calls.size(), t.substr(0, 40));
        CHECK_MESSAGE(has([&] {
                        std::vector<toolcall::errc> v;
                        for (const auto& d : m.diagnostics) v.push_back(d.code);
                        return v;
                      }(), toolcall::errc::limit_calls),
                      t.substr(0, 40));
        for (std::size_t k = 0; k < m.calls.size(); ++k)
          CHECK((tc_test::json_text_equal(m.calls[k].arguments, "{\"k\":" + std::to_string(k) + "}") ||
                 // XML values are strings without a schema
                 tc_test::json_text_equal(m.calls[k].arguments, "{\"k\":\"" + std::to_string(k) + "\"}")));
      }
    }
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("a full diagnostics list says so under its own code") {
    toolcall::options o;
    o.max_diagnostics = 3;
    std::string t;
    for (int k = 0; k < 10; ++k) t += "Use <tool_call> tags, then <|python_tag|> please.\n";
    const toolcall::message m = toolcall::parse(t, toolcall::parser_registry::builtin(), o);
    REQUIRE(m.diagnostics.size() == 4);
    CHECK(m.diagnostics.back().code == toolcall::errc::limit_diagnostics);
    for (std::size_t k = 0; k < 3; ++k) CHECK(m.diagnostics[k].code != toolcall::errc::limit_calls);
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("a family's own trailers and lead-ins are markers") {
    expect("Sure.<|python_tag|><function=get_weather>{\"city\": \"Paris\"}</function><|eom_id|>", {paris}, "Sure.");
    expect("<|python_start|>[get_weather(city=\"Paris\")]<|python_end|><|eot|>", {paris}, "");
    expect("[get_weather(city=\"Paris\")]<|eom|>", {paris}, "");
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("DeepSeek V3.1, V3.1-Terminus and V3.2-Exp presets read their reasoning") {
    const std::string text =
        "The user wants the weather.</think>Checking.<\xEF\xBD\x9Ctool\xE2\x96\x81""calls\xE2\x96\x81""begin\xEF\xBD\x9C>"
        "<\xEF\xBD\x9Ctool\xE2\x96\x81""call\xE2\x96\x81""begin\xEF\xBD\x9C>get_weather<\xEF\xBD\x9Ctool\xE2\x96\x81sep"
        "\xEF\xBD\x9C>{\"city\": \"Paris\"}<\xEF\xBD\x9Ctool\xE2\x96\x81""call\xE2\x96\x81""end\xEF\xBD\x9C>"
        "<\xEF\xBD\x9Ctool\xE2\x96\x81""calls\xE2\x96\x81""end\xEF\xBD\x9C>";
    for (const char* model : {"deepseek-ai/DeepSeek-V3.1", "deepseek-ai/DeepSeek-V3.1-Terminus",
                              "deepseek-ai/DeepSeek-V3.2-Exp", "unsloth/DeepSeek-V3.1-GGUF"}) {
      const auto reg = toolcall::parser_registry::for_model(model);
      CHECK_MESSAGE(reg.model_known(), model);
      toolcall::options o;
      o.reasoning = toolcall::reasoning_start::detect;
      const toolcall::message m = toolcall::parse(text, reg, o);
      REQUIRE_MESSAGE(m.calls.size() == 1, model);
      CHECK(m.reasoning == "The user wants the weather.");
      CHECK(m.content == "Checking.");
    }
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("with the request's tools known, a no-argument call in running text needs a declared name") {
    auto n = toolcall::normalizer::create(R"([{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}}])");
    REQUIRE(n);
    for (std::size_t chunk : {std::size_t{200}, std::size_t{1}}) {
      toolcall::stream_parser sp{toolcall::parser_registry::builtin()};
      n->attach(sp);
      auto run1 = [&](const std::string& t) {
        sp.reset();
        n->attach(sp);
        for (std::size_t i = 0; i < t.size(); i += chunk) sp.write(std::string_view(t).substr(i, chunk));
        return sp.finish();
      };
      const toolcall::message a = run1("Wrap the answer in <tool_call>search</tool_call> tags.");
      CHECK(a.calls.empty());
      CHECK(a.content == "Wrap the answer in <tool_call>search</tool_call> tags.");
      const toolcall::message b = run1("<tool_call>get_time</tool_call>");
      REQUIRE(b.calls.size() == 1);
      CHECK(b.calls[0].name == "get_time");
    }
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("variants the vendors' parsers accept") {
    // a self-closing function tag is a call with no arguments
    expect("<function=get_time/>", {{"get_time", "{}"}}, "");
    expect("<tool_call>\n<function=get_time/>\n</tool_call>", {{"get_time", "{}"}}, "");
    // MCP tool names have dashes
    expect("[resolve-library-id(libraryName=\"react\")]", {{"resolve-library-id", R"({"libraryName":"react"})"}}, "");
    // whitespace around a named function's name
    expect("Now <function= get_weather >{\"city\": \"Paris\"}</function>", {paris}, "Now");
  }
}

// ---------------------------------------------------------------------------------------------
// Item 7 variants, item 3 trailers, item 8 depth and the call templates, each against the
// vendor's reference parser (docs/formats/<family>.md says which and why). Every text is
// parsed one-shot and streamed at every two-piece split and byte by byte (split_compare): the
// streamed message must be the one-shot one.
namespace {

const char* const k_gt_tools = R"([
 {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
   "properties": {"city": {"type": "string"}, "days": {"type": "integer"}, "opts": {"type": "object"}}}}},
 {"type": "function", "function": {"name": "write", "parameters": {"type": "object",
   "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]}}},
 {"type": "function", "function": {"name": "resolve-library-id", "parameters": {"type": "object",
   "properties": {"libraryName": {"type": "string"}}}}}])";

/// One-shot and every streamed chunking agree; returns the one-shot message. `tools`: the
/// request's tools, attached through a normalizer.
toolcall::message gt(const std::string& text, const toolcall::parser_registry& reg = toolcall::parser_registry::builtin(),
                     const char* tools = nullptr, std::size_t max_depth = 0) {
  toolcall::options o;
  o.seed = 7;
  o.reasoning = toolcall::reasoning_start::none;
  if (max_depth) o.max_depth = max_depth;
  std::unique_ptr<toolcall::normalizer> n;
  if (tools) {
    auto r = toolcall::normalizer::create(tools);
    REQUIRE(r);
    n.reset(new toolcall::normalizer(std::move(*r)));
  }
  const tc_test::split_result r = tc_test::split_compare(reg, o, text, {}, [&](auto& p) {
    if (n) n->attach(p);
  });
  CHECK_MESSAGE(r.err.empty(), text << ": " << r.err);
  return r.one;
}

void want_calls(const toolcall::message& m, const std::vector<std::pair<std::string, std::string>>& want,
                const std::string& text) {
  REQUIRE_MESSAGE(m.calls.size() == want.size(), text << " content [" << m.content << "]");
  for (std::size_t k = 0; k < want.size(); ++k) {
    CHECK_MESSAGE(m.calls[k].name == want[k].first, text);
    CHECK_MESSAGE(tc_test::json_text_equal(m.calls[k].arguments, want[k].second), text << ": " << m.calls[k].arguments);
  }
}

bool has_code(const toolcall::message& m, toolcall::errc e) {
  for (const auto& d : m.diagnostics)
    if (d.code == e) return true;
  return false;
}

const toolcall::parser_registry& only(const char* name) {
  static std::map<std::string, toolcall::parser_registry> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, *toolcall::parser_registry::only(name)).first;
  return it->second;
}

// U+FF5C FULLWIDTH VERTICAL LINE and U+2581 LOWER ONE EIGHTH BLOCK, as the DeepSeek and Step
// tokens spell them
#define GT_B "\xEF\xBD\x9C"
#define GT_U "\xE2\x96\x81"

}  // namespace

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("Step-3: a name after <|tool_sep|>") {
    const std::string open = "<" GT_B "tool_calls_begin" GT_B "><" GT_B "tool_call_begin" GT_B ">function<" GT_B "tool_sep" GT_B ">";
    const std::string close = "<" GT_B "tool_call_end" GT_B "><" GT_B "tool_calls_end" GT_B ">";
    // DeepSeek's habit: the name, then the invoke (whose name wins, as vLLM reads the invoke)
    std::string t = open + "get_weather\n<steptml:invoke name=\"get_weather\">\n<steptml:parameter name=\"city\">Paris"
                           "</steptml:parameter>\n</steptml:invoke>" + close;
    want_calls(gt(t, only("step3")), {paris}, t);
    want_calls(gt(t), {paris}, t);
    // the name and the parameters with no invoke around them
    t = open + "get_weather\n<steptml:parameter name=\"city\">Paris</steptml:parameter>\n" + close;
    want_calls(gt(t), {paris}, t);
    // the canonical call still parses, and the DeepSeek R1-distill body after the same tokens
    t = open + "<steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Paris</steptml:parameter>"
               "</steptml:invoke>" + close;
    want_calls(gt(t), {paris}, t);
    t = open + "get_weather\n```json\n{\"city\": \"Paris\"}\n```" + close;
    want_calls(gt(t), {paris}, t);
    // vLLM's step3 parser also reads the invoke right after the opener, without
    // `function<|tool_sep|>`; two such calls, and whitespace between the tokens
    const std::string bare_open = "<" GT_B "tool_calls_begin" GT_B "><" GT_B "tool_call_begin" GT_B ">";
    t = bare_open + "<steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Paris</steptml:parameter>"
                    "</steptml:invoke><" GT_B "tool_call_end" GT_B ">\n<" GT_B "tool_call_begin" GT_B "> "
                    "<steptml:invoke name=\"refresh\"></steptml:invoke>" + close;
    want_calls(gt(t, only("step3")), {paris, {"refresh", "{}"}}, t);
    // a word of prose after the separator: no call, a diagnostic
    t = open + "I will not call anything." + close;
    const toolcall::message m = gt(t);
    CHECK(m.calls.empty());
    CHECK(!m.diagnostics.empty());
  }

  TEST_CASE("DSML: a bare JSON object inside an invoke, and a lone arguments/input wrapper") {
    const std::string open = "<" GT_B "DSML" GT_B "function_calls>\n<" GT_B "DSML" GT_B "invoke name=\"";
    const std::string close = "</" GT_B "DSML" GT_B "invoke>\n</" GT_B "DSML" GT_B "function_calls>";
    const std::string pstart = "<" GT_B "DSML" GT_B "parameter name=\"";
    const std::string pend = "</" GT_B "DSML" GT_B "parameter>\n";
    // SGLang's DeepSeek V3.2 reader: the invoke holds the arguments as one JSON object
    std::string t = "Checking.\n" + open + "get_weather\">\n{\"city\": \"Paris\", \"days\": 3}\n" + close;
    toolcall::message m = gt(t);
    want_calls(m, {{"get_weather", R"({"city":"Paris","days":3})"}}, t);
    CHECK(m.content == "Checking.");
    t = open + "get_weather\">{}" + close;
    want_calls(gt(t), {{"get_weather", "{}"}}, t);
    // vLLM's DSML parser: a lone undeclared `arguments` (or `input`) parameter holding the
    // declared ones is unwrapped, with a note; only with the request's tools
    t = open + "write\">\n" + pstart + "arguments\" string=\"false\">{\"path\": \"a.txt\", \"content\": \"hi\"}" + pend + close;
    m = gt(t, toolcall::parser_registry::builtin(), k_gt_tools);
    want_calls(m, {{"write", R"({"path":"a.txt","content":"hi"})"}}, t);
    CHECK(has_code(m, toolcall::errc::normalized));
    t = open + "write\">\n" + pstart + "input\" string=\"false\">{\"path\": \"a.txt\", \"content\": \"hi\"}" + pend + close;
    want_calls(gt(t, toolcall::parser_registry::builtin(), k_gt_tools), {{"write", R"({"path":"a.txt","content":"hi"})"}}, t);
    t = open + "write\">\n" + pstart + "arguments\" string=\"false\">{\"path\": \"a.txt\", \"content\": \"hi\"}" + pend + close;
    want_calls(gt(t), {{"write", R"({"arguments":{"path":"a.txt","content":"hi"}})"}}, t);  // no tools: as written
    // an object whose keys the schema does not declare stays wrapped
    t = open + "write\">\n" + pstart + "arguments\" string=\"false\">{\"file\": \"a.txt\"}" + pend + close;
    m = gt(t, toolcall::parser_registry::builtin(), k_gt_tools);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments.find("\"arguments\"") != std::string::npos);
  }

  TEST_CASE("LFM2: Python sets and tuples, zero-padded integers, nested quotes in shell commands") {
    const auto lfm = [](const std::string& inner) { return "<|tool_call_start|>[" + inner + "]<|tool_call_end|>"; };
    std::string t = lfm(R"(tag(names={"urgent", "home"}, none={}, nested={"k": {1, 2}}))");
    want_calls(gt(t), {{"tag", R"({"names":["urgent","home"],"none":{},"nested":{"k":[1,2]}})"}}, t);
    t = lfm("set_alarm(hour=07, minute=05, zero=0, neg=-08, ratio=0.5, sign=+3)");
    want_calls(gt(t), {{"set_alarm", R"({"hour":7,"minute":5,"zero":0,"neg":-8,"ratio":0.5,"sign":3})"}}, t);
    t = lfm("move(to=(3, 4))");
    want_calls(gt(t), {{"move", R"({"to":[3,4]})"}}, t);
    t = lfm("bash(command='sed -n '360,450p' src/main.py')");
    want_calls(gt(t), {{"bash", R"({"command":"sed -n '360,450p' src/main.py"})"}}, t);
    t = lfm(R"x(bash(command="python3 -c "print('hi')" && echo "done""))x");
    want_calls(gt(t), {{"bash", R"({"command":"python3 -c \"print('hi')\" && echo \"done\""})"}}, t);
    // the corpus shapes are unchanged: code with escapes, ')' and ']' inside strings
    t = lfm(R"(write_file(path="a.py", content="def f(x):\n    return [x, (1)]\n"))");
    want_calls(gt(t), {{"write_file", R"({"path":"a.py","content":"def f(x):\n    return [x, (1)]\n"})"}}, t);
  }

  TEST_CASE("one bad sibling in a list drops only itself, with a diagnostic") {
    // SGLang's LFM2 and pythonic detectors keep the calls that parse
    std::string t = "<|tool_call_start|>[get_weather(city=\"Paris\"), lookup(42), get_time(tz=\"UTC\")]<|tool_call_end|>";
    toolcall::message m = gt(t);
    want_calls(m, {paris, {"get_time", R"({"tz":"UTC"})"}}, t);
    CHECK(has_code(m, toolcall::errc::invalid_call));
    t = "[get_weather(city=\"Paris\"), \"oops\", get_time(tz=\"UTC\")]";
    m = gt(t);
    want_calls(m, {paris, {"get_time", R"({"tz":"UTC"})"}}, t);
    CHECK(has_code(m, toolcall::errc::invalid_call));
    // Olmo 3: one call per line
    t = "<function_calls>get_weather(city=\"Paris\")\nI am not sure about this one\nget_time(tz=\"UTC\")\n</function_calls>";
    m = gt(t);
    want_calls(m, {paris, {"get_time", R"({"tz":"UTC"})"}}, t);
    CHECK(has_code(m, toolcall::errc::invalid_call));
    CHECK(m.content.empty());
    // a line whose call breaks after its name was read is dropped (an error), the others stay
    t = "<function_calls>lookup(q=b'raw')\nget_weather(city=\"Paris\")\nget_time(tz=\"UTC\")</function_calls>";
    m = gt(t);
    want_calls(m, {paris, {"get_time", R"({"tz":"UTC"})"}}, t);
    bool dropped = false;
    for (const auto& d : m.diagnostics) dropped |= d.code == toolcall::errc::invalid_call && d.level == toolcall::severity::error;
    CHECK(dropped);
    CHECK(m.content.empty());
    // a sibling whose arguments break after its name was read (a bytes literal, a bare word):
    // it ends invalid and the list goes on, as vLLM's pythonic and Llama 4 parsers keep the others
    for (const std::string& w :
         {std::string("[lookup(q=b'raw'), get_weather(city=\"Paris\"), get_time(tz=\"UTC\")]"),
          std::string("<|python_start|>[get_weather(city=\"Paris\"), lookup(q=b'raw'), get_time(tz=\"UTC\")]<|python_end|>"),
          std::string("<|tool_call_start|>[get_weather(city=\"Paris\"), lookup(q=raw words), get_time(tz=\"UTC\")]"
                      "<|tool_call_end|>")}) {
      m = gt(w);
      want_calls(m, {paris, {"get_time", R"({"tz":"UTC"})"}}, w);
      CHECK_MESSAGE(has_code(m, toolcall::errc::invalid_call), w);
      CHECK_MESSAGE(m.content.empty(), w << " -> " << m.content);
    }
    // a list with no call at all is text, with a diagnostic
    for (const char* s : {"<|tool_call_start|>[1, 2, 3]<|tool_call_end|>", "<function_calls>not a call\n</function_calls>"}) {
      m = gt(s);
      CHECK_MESSAGE(m.calls.empty(), s);
      CHECK_MESSAGE(m.content == s, s);
      CHECK_MESSAGE(!m.diagnostics.empty(), s);
    }
    // prose with a list of numbers stays prose
    m = gt("[1, 2, 3] are the first numbers.");
    CHECK(m.calls.empty());
    CHECK(m.content == "[1, 2, 3] are the first numbers.");
  }

  TEST_CASE("pythonic: a list after prose, when the tools are known and the name is declared") {
    std::string t = "Let me check the weather for you. [get_weather(city=\"Paris\", days=3)]";
    toolcall::message m = gt(t, toolcall::parser_registry::builtin(), k_gt_tools);
    want_calls(m, {{"get_weather", R"({"city":"Paris","days":3})"}}, t);
    CHECK(m.content == "Let me check the weather for you.");
    t = "Looking it up: [resolve-library-id(libraryName=\"react\"), get_weather(city=\"Paris\")] now.";
    m = gt(t, toolcall::parser_registry::builtin(), k_gt_tools);
    want_calls(m, {{"resolve-library-id", R"({"libraryName":"react"})"}, paris}, t);
    // without the tools, or for a name the tools do not declare, it stays prose
    t = "Let me check the weather for you. [get_weather(city=\"Paris\")]";
    m = gt(t);
    CHECK(m.calls.empty());
    CHECK(m.content == t);
    t = "You could call [delete_everything(now=True)] but I won't.";
    m = gt(t, toolcall::parser_registry::builtin(), k_gt_tools);
    CHECK(m.calls.empty());
    CHECK(m.content == t);
  }

  TEST_CASE("fenced pythonic: ```tool_code (a list or one call) and ```python (a list)") {
    std::string t = "```tool_code\nget_weather(city=\"Paris\")\n```";
    want_calls(gt(t), {paris}, t);
    t = "I'll look both up.\n```tool_code\n[get_weather(city=\"Paris\"), get_weather(city=\"Rome\")]\n```\nDone.";
    toolcall::message m = gt(t);
    want_calls(m, {paris, {"get_weather", R"({"city":"Rome"})"}}, t);
    CHECK(m.content == "I'll look both up.\n\nDone.");
    t = "Here:\n```python\n[get_weather(city=\"Paris\")]\n```";
    m = gt(t);
    want_calls(m, {paris}, t);
    CHECK(m.content == "Here:");
    // JSON in a python fence is still read as the fenced format reads it
    t = "```python\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n```";
    want_calls(gt(t), {paris}, t);
    // Python code is content
    for (const char* s : {"Use it like this:\n```python\nprint(get_weather(city=\"Paris\"))\n```",
                          "```python\nx = [get_weather(city=\"Paris\")]\n```", "```python3\n[get_weather(city=\"Paris\")]\n```"}) {
      m = gt(s);
      CHECK_MESSAGE(m.calls.empty(), s);
      CHECK_MESSAGE(m.content == s, s);
    }
  }

  TEST_CASE("trailers: Gemma 4's empty thought, Cohere citations, Command R+ and Hunyuan tokens") {
    const std::string call = "<|tool_call>call:get_weather{city:<|\"|>Paris<|\"|>}<tool_call|>";
    for (const std::string& t : {call + "<|channel>thought", call + "\n<|channel>thought<channel|>", call + "<|channel>thought\n"}) {
      const toolcall::message m = gt(t);
      want_calls(m, {paris}, t);
      CHECK_MESSAGE(m.content.empty(), t << " -> [" << m.content << "]");
    }
    // a thought with text after the call is not a trailer: its text stays
    toolcall::message m = gt(call + "<|channel>thought\nNow wait.");
    CHECK(m.content.find("Now wait.") != std::string::npos);
    // Cohere's citation tags (Command R: `<co: 0>`, Command A: `<co>` ... `</co: 0:[0]>`) are
    // markup: the API returns the text without them (the melody filter vLLM runs)
    m = gt("<|START_RESPONSE|>Paris is <co: 0,1>sunny and 21 degrees</co: 0,1> today.<|END_RESPONSE|>");
    CHECK(m.content == "Paris is sunny and 21 degrees today.");
    m = gt("<|START_RESPONSE|>Paris is <co>sunny</co: 0:[0,1]> today.<|END_RESPONSE|>",
           toolcall::parser_registry::for_model("CohereLabs/c4ai-command-a-03-2025"));
    CHECK(m.content == "Paris is sunny today.");
    m = gt("In HTML, <co: x> is not a tag.");
    CHECK(m.content == "In HTML, <co: x> is not a tag.");
    // a bare `<co>` needs its closer on its line: prose that names it stays prose, and a call
    // after it is still a call
    m = gt("To cite, wrap the text in <co> tags, then list the sources.");
    CHECK(m.content == "To cite, wrap the text in <co> tags, then list the sources.");
    m = gt("Use <co> then <tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>");
    want_calls(m, {paris}, "co then call");
    CHECK(m.content == "Use <co> then");
    // Command R+'s turn tokens, in its own registry and in Command A's
    for (const char* model : {"CohereForAI/c4ai-command-r-plus", "CohereLabs/c4ai-command-a-03-2025"}) {
      m = gt("The answer is 4.<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>",
             toolcall::parser_registry::for_model(model));
      CHECK_MESSAGE(m.content == "The answer is 4.", model << " -> [" << m.content << "]");
    }
    m = gt("<|CHATBOT_TOKEN|>Action: ```json\n[{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}]\n```");
    want_calls(m, {paris}, "command r");
    // Hunyuan A13B's answer wrapper
    m = gt("<answer>\nIt is sunny in Paris.\n</answer>");
    CHECK(m.content == "It is sunny in Paris.");
    m = gt("<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]</tool_calls>\n</answer>");
    want_calls(m, {paris}, "hunyuan");
    CHECK(m.content.empty());
  }

  TEST_CASE("ERNIE 4.5 as vLLM's ernie45 parser reads it: a lone </think>, hermes calls, a <response> reply") {
    // the Thinking template opens the reasoning block in the prompt: the output starts inside it
    const toolcall::parser_registry thinking = toolcall::parser_registry::for_model("baidu/ERNIE-4.5-21B-A3B-Thinking");
    CHECK(thinking.model_known());
    CHECK(thinking.prompt_opens_reasoning());
    CHECK_FALSE(toolcall::parser_registry::for_model("baidu/ERNIE-4.5-0.3B-PT").prompt_opens_reasoning());
    const std::string two =
        "I need to call two tools to handle these two issues separately.\n</think>\n\n<tool_call>\n"
        "{\"name\": \"get_current_temperature\", \"arguments\": {\"location\": \"Beijing\"}}\n</tool_call>\n"
        "<tool_call>\n{\"name\": \"get_temperature_unit\", \"arguments\": {\"location\": \"Guangzhou\", "
        "\"unit\": \"c\"}}\n</tool_call>\n";
    const std::vector<std::pair<std::string, std::string>> want = {
        {"get_current_temperature", R"({"location":"Beijing"})"},
        {"get_temperature_unit", R"({"location":"Guangzhou","unit":"c"})"}};
    for (std::size_t chunk : {two.size(), std::size_t{1}, std::size_t{5}}) {
      toolcall::stream_parser sp{thinking};  // reasoning_start::preset: open, from the preset
      for (std::size_t i = 0; i < two.size(); i += chunk) sp.write(std::string_view(two).substr(i, chunk));
      const toolcall::message m = sp.finish();
      REQUIRE(m.calls.size() == 2);
      CHECK(m.calls[0].name == want[0].first);
      CHECK(tc_test::json_text_equal(m.calls[1].arguments, want[1].second));
      CHECK(m.reasoning == "I need to call two tools to handle these two issues separately.");
      CHECK(m.content.empty());
    }
    const toolcall::message whole = toolcall::parser(thinking).parse(two);  // one-shot: the lone </think> too
    REQUIRE(whole.calls.size() == 2);
    CHECK(whole.calls[0].name == want[0].first);
    CHECK(whole.reasoning == "I need to call two tools to handle these two issues separately.");
    // a reply: `<response>` and `</response>` are markup, the reasoning before them is reasoning
    const toolcall::message r =
        toolcall::parser(thinking).parse("Beijing is sunny.\n</think>\n\n<response>\nIt is sunny in Beijing.\n</response>\n");
    CHECK(r.calls.empty());
    CHECK(r.content == "It is sunny in Beijing.");
    CHECK(r.reasoning == "Beijing is sunny.");
  }

  TEST_CASE("Hermes and Qwen presets read the Hermes 2 Pro drift llama.cpp reads") {
    // a function tag with a JSON body, either spelling, and a fenced JSON call; the Qwen3 XML body
    // in the same tag stays Qwen3-Coder's
    const std::pair<std::string, std::string> area{"calculate_area", R"({"shape":"circle","radius":2})"};
    for (const char* model : {"Qwen/Qwen3-8B", "Qwen/Qwen2.5-7B-Instruct", "NousResearch/Hermes-2-Pro-Llama-3-8B"}) {
      INFO(model);
      const toolcall::parser_registry reg = toolcall::parser_registry::for_model(model);
      expect("<function=calculate_area>{\"shape\": \"circle\", \"radius\": 2}</function>", {area}, "", reg);
      expect("I'll compute it.\n<function name=\"calculate_area\">\n{\"shape\": \"circle\", \"radius\": 2}\n</function>",
             {area}, "I'll compute it.", reg);
      expect("```json\n{\"name\": \"calculate_area\", \"arguments\": {\"shape\": \"circle\", \"radius\": 2}}\n```",
             {area}, "", reg);
    }
    expect("<tool_call>\n<function=calculate_area>\n<parameter=shape>\ncircle\n</parameter>\n</function>\n</tool_call>",
           {{"calculate_area", R"({"shape":"circle"})"}}, "", toolcall::parser_registry::for_model("Qwen/Qwen3-8B"));
  }

  TEST_CASE("max_depth holds for typed XML values, in every XML family") {
    const std::string deep = "[[[[[[1]]]]]]", shallow = "[[1]]";
    const auto texts = [](const std::string& v) {
      return std::vector<std::string>{
          "<tool_call>\n<function=get_weather>\n<parameter=opts>\n" + v + "\n</parameter>\n</function>\n</tool_call>",
          "<seed:tool_call>\n<function=get_weather>\n<parameter=opts>\n" + v + "\n</parameter>\n</function>\n</seed:tool_call>",
          "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"opts\">" + v +
              "</parameter>\n</invoke>\n</minimax:tool_call>",
          "<tool_call>get_weather\n<arg_key>opts</arg_key>\n<arg_value>" + v + "</arg_value>\n</tool_call>",
          "<" GT_B "tool_calls_begin" GT_B "><" GT_B "tool_call_begin" GT_B ">function<" GT_B "tool_sep" GT_B
          "><steptml:invoke name=\"get_weather\"><steptml:parameter name=\"opts\">" + v +
              "</steptml:parameter></steptml:invoke><" GT_B "tool_call_end" GT_B ">",
          "<" GT_B "DSML" GT_B "function_calls>\n<" GT_B "DSML" GT_B "invoke name=\"get_weather\">\n<" GT_B "DSML" GT_B
          "parameter name=\"opts\" string=\"false\">" + v + "</" GT_B "DSML" GT_B "parameter>\n</" GT_B "DSML" GT_B
          "invoke>\n</" GT_B "DSML" GT_B "function_calls>",
      };
    };
    for (const std::string& t : texts(deep)) {
      const toolcall::message m = gt(t, toolcall::parser_registry::builtin(), k_gt_tools, 4);
      CHECK_MESSAGE(m.calls.empty(), t);
      CHECK_MESSAGE(has_code(m, toolcall::errc::limit_depth), t);
      CHECK_MESSAGE(m.content.find(deep) != std::string::npos, t);  // the text stays (section markers aside)
    }
    // DSML's string="false" types the value without the tools too
    const std::string dsml = texts(deep).back();
    CHECK(has_code(gt(dsml, toolcall::parser_registry::builtin(), nullptr, 4), toolcall::errc::limit_depth));
    for (const std::string& t : texts(shallow)) {
      const toolcall::message m = gt(t, toolcall::parser_registry::builtin(), k_gt_tools, 4);
      want_calls(m, {{"get_weather", R"({"opts":[[1]]})"}}, t);
    }
  }

  TEST_CASE("call templates of DeepSeek, DSML, Seed-OSS, Step-3 and Functionary v3.2 parse back") {
    const char* tools = R"([{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
      "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}}}])";
    const std::string args = R"({"city":"Paris","days":3})";
    for (const char* fam : {"deepseek", "deepseek_dsml", "seed_oss", "step3", "functionary_v32"}) {
      const toolcall::parser_registry& reg = only(fam);
      toolcall::result<std::string> doc = reg.structural_tags(tools);
      REQUIRE_MESSAGE(doc.has_value(), fam);
      CHECK_MESSAGE(doc->find("\"unsupported\":[]") != std::string::npos, fam << ": " << *doc);
      simdjson::dom::parser jp;
      simdjson::dom::element d = jp.parse(*doc);
      simdjson::dom::element tag = d["format"]["tags"].at(0);
      const std::string begin{std::string_view(tag["begin"])}, end{std::string_view(tag["end"])};
      std::string_view style = "json";
      if (tag["content"]["style"].get_string().get(style)) style = "json";
      const std::string a = style == "qwen_xml" ? "<parameter=city>Paris</parameter>\n<parameter=days>3</parameter>" : args;
      const std::string t = "Let me look.\n" + begin + a + end;
      const toolcall::message m = gt(t, reg, tools);
      want_calls(m, {{"get_weather", args}}, t);
      CHECK_MESSAGE(m.content == "Let me look.", fam << " -> [" << m.content << "]");
    }
  }

  TEST_CASE("a function closer left out before the block's closer or the next call: closed there, with a note") {
    // vLLM's hy_v4 rejects `...</arg_value></tool_calls>` (no `</tool_call>`); toolcall keeps the
    // call as the end of the output would, and says so instead of mending it silently
    struct row {
      const char* fam;
      const char* text;
      std::vector<tc_test::want_call> want;
    };
    const row rows[] = {
        {"hy3", "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_calls>",
         {{"get_weather", R"({"city":"Oslo"})"}}},
        {"hy3",
         "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value>"
         "<tool_call>get_time<tool_sep></tool_call></tool_calls>",
         {{"get_weather", R"({"city":"Oslo"})"}, {"get_time", "{}"}}},
        {"qwen3_coder", "<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</tool_call>",
         {{"get_weather", R"({"city":"Oslo"})"}}},
    };
    for (const row& r : rows) {
      const toolcall::message m = tc_test::expect_message(only(r.fam), r.text, r.want);
      CHECK_MESSAGE(has_code(m, toolcall::errc::repaired), r.text);
    }
    // written whole: no note
    const toolcall::message clean = tc_test::expect_message(
        only("hy3"),
        "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value></tool_call></tool_calls>",
        {{"get_weather", R"({"city":"Oslo"})"}});
    CHECK(clean.diagnostics.empty());
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("a call the output ends inside is announced once; its text is content, its end-of-turn a marker") {
    // Qwen3-Coder's `<function=` also opens a call alone: the bytes of a call cut at the end are
    // not read again for it, so a stream never announces the same call twice
    const std::string texts[] = {
        "<tool_call>\n<function=test>\n<parameter=arg1>value1",
        "<tool_call>\n<function=test>\n<parameter=arg1>value1\n</parameter>\n",
        "<tool_call>\n<function=test>\n<parameter=arg1>value1<|im_end|>",
        "Sure.\n<tool_call>\n<function=f>\n<parameter=a>1\n</parameter>\n</function>\n</tool_call>\n"
        "<tool_call>\n<function=test>\n<parameter=arg1>value1",
    };
    for (const std::string& text : texts)
      for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, text.size()}) {
        toolcall::stream_parser sp{toolcall::parser_registry::builtin(), {}};
        std::vector<std::string> begun;
        const auto sink = [&](const toolcall::event& ev) {
          if (ev.kind == toolcall::event_kind::call_begin) begun.emplace_back(ev.name);
        };
        for (std::size_t i = 0; i < text.size(); i += chunk) sp.write(std::string_view(text).substr(i, chunk), sink);
        const toolcall::message m = sp.finish(sink);
        const bool first_done = text.rfind("Sure.", 0) == 0;
        if (chunk == 1) {
          // streamed byte by byte, each call is announced as it starts, once
          CHECK_MESSAGE(begun.size() == (first_done ? 2u : 1u), text);
          CHECK_MESSAGE(begun.back() == "test", text);
        } else {
          CHECK_MESSAGE(begun.size() <= (first_done ? 2u : 1u), text);
        }
        CHECK_MESSAGE(m.calls.size() == (first_done ? 1u : 0u), text);
        CHECK_MESSAGE(has_code(m, toolcall::errc::unterminated_call), text);
        const std::string cut = "<tool_call>\n<function=test>\n<parameter=arg1>value1";
        CHECK_MESSAGE(m.content.find(cut) != std::string::npos, text << " -> [" << m.content << "]");
        CHECK_MESSAGE(m.content.find("<|im_end|>") == std::string::npos, m.content);
      }
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("detect: a lone closer after a call makes the call reasoning, as the vendors' reasoning parsers split") {
    // vLLM and SGLang split the text at `</think>` before the tool parser sees it: a call the
    // model drafted while thinking is reasoning text, never a call
    const std::string drafted =
        "I might call <tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>"
        " but I know it.</think>\n\nIt is sunny in Paris.";
    for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, drafted.size()}) {
      const outcome r = run(drafted, toolcall::reasoning_start::detect, chunk);
      CHECK(r.calls.empty());
      CHECK(r.content == "It is sunny in Paris.");
    }
    const toolcall::message m = toolcall::parse(drafted);  // one-shot's default reads as detect
    CHECK(m.calls.empty());
    CHECK(m.reasoning.find("<tool_call>") != std::string::npos);
    // the other GLM-4.7-style spelling, and a DeepSeek-R1 section
    const std::string glm =
        "Checking <tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call> no.</think>Done.";
    // with no closer the held text is read where it stood: calls, content before them
    const std::string plain =
        "Let me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
    // a closer first, then the call: reasoning, then the call
    const std::string first =
        "I should look it up.</think>\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
    for (std::size_t chunk : {std::size_t{1}, std::size_t{5}, std::size_t{1000}}) {
      const outcome g = run(glm, toolcall::reasoning_start::detect, chunk);
      CHECK(g.calls.empty());
      CHECK(g.content == "Done.");
      const outcome p = run(plain, toolcall::reasoning_start::detect, chunk);
      CHECK(p.calls.size() == 1);
      CHECK(p.content == "Let me check.");
      const outcome f = run(first, toolcall::reasoning_start::detect, chunk);
      CHECK(f.calls.size() == 1);
      CHECK(f.content.empty());
    }
    // with calls_in_reasoning = end_reasoning a call decides, as before
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start::detect;
    o.calls_in_reasoning = toolcall::reasoning_calls::end_reasoning;
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    CHECK(p.parse(drafted).calls.size() == 1);
  }

  TEST_CASE("detect: held text past max_holdback is read as text, the calls in it kept") {
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start::detect;
    o.max_holdback = 64;
    o.seed = 3;
    std::string text = "Hi.<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
    text += std::string(100, 'x') + "</think>tail";
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    const toolcall::message one = p.parse(text);
    REQUIRE(one.calls.size() == 1);
    CHECK(has_code(one, toolcall::errc::limit_holdback));
    for (std::size_t chunk : {std::size_t{1}, std::size_t{7}}) {
      toolcall::stream_parser sp{toolcall::parser_registry::builtin(), o};
      for (std::size_t i = 0; i < text.size(); i += chunk) sp.write(std::string_view(text).substr(i, chunk));
      const toolcall::message m = sp.finish();
      CHECK(tc_test::same_message(m, one).empty());
    }
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("an opener in prose that runs to the end: a note, not an error; Kimi-K2's section opener written twice") {
    const toolcall::parser_registry& k2 = only("kimi_k2");
    for (std::size_t chunk : {std::size_t{1}, std::size_t{200}}) {
      const outcome r = run("Kimi uses <|tool_calls_section_begin|> to start a section.", toolcall::reasoning_start::none,
                            chunk, k2);
      CHECK(r.calls.empty());
      CHECK(r.content == "Kimi uses <|tool_calls_section_begin|> to start a section.");
      CHECK(has(r.codes, toolcall::errc::marker_in_text));
      CHECK_FALSE(has(r.codes, toolcall::errc::unterminated_call));
      // cut right after the opener: still an error
      CHECK(has(run("Let me look.<|tool_calls_section_begin|>\n", toolcall::reasoning_start::none, chunk, k2).codes,
                toolcall::errc::unterminated_call));
    }
    // vLLM's kimi_k2 parser: content is the text before the first section opener
    for (const char* sep : {"", "\n", "  "}) {
      const std::string text = std::string("Checking.<|tool_calls_section_begin|>") + sep +
                               "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0"
                               "<|tool_call_argument_begin|>{\"city\": \"Paris\"}<|tool_call_end|><|tool_calls_section_end|>";
      expect(text, {paris}, "Checking.", k2);
    }
  }
}

TEST_SUITE("toolcall/ground truth") {
  TEST_CASE("FunctionGemma: <end_function_call> written twice is a marker, as vLLM keeps only the text before the call") {
    const toolcall::parser_registry& fg = only("function_gemma");
    for (const char* sep : {"", "\n"}) {
      const std::string text = std::string("<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>") +
                               sep + "<end_function_call>";
      expect(text, {paris}, "", fg);
    }
  }
}
