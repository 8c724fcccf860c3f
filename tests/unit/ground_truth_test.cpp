// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// What real model output looks like around the markers (docs/conventions.md, "Tolerance"):
// whitespace a detokenizer or the model puts between special tokens, CRLF line ends, end-of-turn
// tokens where the turn ends and where they are only quoted, markers quoted in markdown code,
// prose that names the markers, a closer written twice, output cut right after an opener. Each
// case runs one-shot and streamed in 1-byte writes, whole text and live.
#include <doctest/doctest.h>

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
                          "<|tool_calls_section_begin|>", "<minimax:tool_call>", "<|tool_call>"}) {
      for (std::size_t chunk : {std::size_t{100}, std::size_t{1}}) {
        const outcome r = run(s, toolcall::reasoning_start::none, chunk);
        CHECK_MESSAGE(r.calls.empty(), s);
        CHECK_MESSAGE(has(r.codes, toolcall::errc::unterminated_call), s);
      }
    }
    // prose with an opener mid-text: a note, the text unchanged
    const outcome r = run("Use <tool_call> tags for calls, then answer.", toolcall::reasoning_start::none, 100);
    CHECK(r.calls.empty());
    CHECK(r.content == "Use <tool_call> tags for calls, then answer.");
    CHECK(!r.codes.empty());
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
