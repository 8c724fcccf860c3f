// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The JSON families added in 0.2 (granite, internlm2, jamba, functools, apertus, cohere,
// gigachat3, xlam): presets by hub name, detection from chat templates, and behaviour the
// corpus does not pin down (streaming at every split, markers in prose, shared openers).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

toolcall::options seeded() {
  toolcall::options o;
  o.seed = 7;
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

toolcall::message parse_with(const toolcall::parser_registry& r, const std::string& text) {
  toolcall::parser p{r, seeded()};
  return p.parse(text);
}

toolcall::message parse_all(const std::string& text) { return parse_with(toolcall::parser_registry::builtin(), text); }

bool has_error(const toolcall::message& m) {
  for (const auto& d : m.diagnostics)
    if (d.level == toolcall::severity::error) return true;
  return false;
}

/// Streams `text` cut at every split point (and byte by byte) and checks the result, the
/// folded events and the argument deltas against the one-shot parse. Returns "" or the problem.
std::string stream_matches_one_shot(const toolcall::parser_registry& r, const std::string& text) {
  toolcall::parser p{r, seeded()};
  const toolcall::message one = p.parse(text);
  toolcall::stream_parser sp{r, seeded()};
  std::vector<std::vector<std::size_t>> plans;
  for (std::size_t k = 1; k < text.size(); ++k) plans.push_back({k});
  std::vector<std::size_t> bytes;
  for (std::size_t k = 1; k < text.size(); ++k) bytes.push_back(k);
  plans.push_back(bytes);
  for (const auto& cuts : plans) {
    tc_test::folder f;
    sp.reset(seeded());
    std::size_t pos = 0;
    for (std::size_t c : cuts) {
      sp.write(std::string_view(text).substr(pos, c - pos), f);
      pos = c;
    }
    sp.write(std::string_view(text).substr(pos), f);
    const toolcall::message fin = sp.finish(f);
    const std::string e = tc_test::same_message(fin, one) + tc_test::same_message(f.m, one);
    if (!e.empty()) return "cut at " + std::to_string(cuts[0]) + " (" + std::to_string(cuts.size()) + " cuts): " + e;
    if (!f.violations.empty()) return "event order: " + f.violations[0];
  }
  return "";
}

struct hub_case {
  const char* model;
  const char* format;  // the registry must contain it
};

}  // namespace

TEST_SUITE("toolcall/families/json") {
  TEST_CASE("for_model resolves every hub name of the json families to a registry with its format") {
    const hub_case cases[] = {
        {"ibm-granite/granite-3.0-8b-instruct", "granite"},
        {"ibm-granite/granite-3.1-2b-instruct", "granite"},
        {"ibm-granite/granite-3.2-8b-instruct", "granite"},
        {"ibm-granite/granite-3.3-8b-instruct", "granite"},
        {"ibm-granite/granite-20b-functioncalling", "granite"},
        {"ibm-granite/granite-4.0-h-small", "hermes"},
        {"internlm/internlm2-chat-7b", "internlm2"},
        {"internlm/internlm2_5-7b-chat-1m", "internlm2"},
        {"internlm/internlm3-8b-instruct", "internlm2"},
        {"internlm/Intern-S1-mini", "internlm2"},
        {"ai21labs/AI21-Jamba-1.5-Mini", "jamba"},
        {"ai21labs/AI21-Jamba-Large-1.7", "jamba"},
        {"tencent/Hunyuan-A13B-Instruct-FP8", "jamba"},
        {"ai21labs/AI21-Jamba-Reasoning-3B", "hermes"},
        {"microsoft/Phi-4-mini-instruct", "functools"},
        {"fireworks-ai/llama-3-firefunction-v2", "functools"},
        {"swiss-ai/Apertus-8B-Instruct-2509", "apertus"},
        {"swiss-ai/Apertus-70B-Instruct-2509", "apertus"},
        {"CohereLabs/c4ai-command-r7b-12-2024", "cohere"},
        {"CohereForAI/c4ai-command-r7b-arabic-02-2025", "cohere"},
        {"CohereLabs/c4ai-command-a-03-2025", "cohere"},
        {"CohereLabs/command-a-reasoning-08-2025", "cohere"},
        {"CohereLabs/command-a-vision-07-2025", "cohere"},
        {"ai-sage/GigaChat3-10B-A1.8B", "gigachat3"},
        {"ai-sage/GigaChat3-702B-A36B-preview-bf16", "gigachat3"},
        {"ai-sage/GigaChat3.1-10B-A1.8B", "gigachat3"},
        {"Salesforce/Llama-xLAM-2-8b-fc-r", "xlam"},
        {"Salesforce/xLAM-2-32b-fc-r", "xlam"},
        {"Salesforce/xLAM-7b-fc-r", "xlam"},
    };
    for (const auto& c : cases) {
      const auto r = toolcall::parser_registry::for_model(c.model);
      CHECK_MESSAGE(r.model_known(), c.model);
      CHECK_MESSAGE(r.contains(c.format), c.model << " -> " << r.preset());
    }
    // the most specific name wins, and neighbours of a family do not get its preset (an unknown
    // name gives builtin(), which holds every format, with model_known() false)
    const std::pair<const char*, const char*> not_theirs[] = {
        {"Salesforce/Llama-xLAM-2-70b-fc-r", "llama3_json"},
        {"fireworks-ai/llama-3-firefunction-v2", "llama3_json"},
        {"ibm-granite/granite-4.0-micro", "granite"},
        {"ai21labs/AI21-Jamba-Reasoning-3B", "jamba"},
        {"CohereForAI/c4ai-command-r-v01", "cohere"},
        {"CohereForAI/c4ai-command-r-plus-08-2024", "cohere"},
        {"microsoft/Phi-4-mini-flash-reasoning", "functools"},
        {"tencent/Hunyuan-7B-Instruct", "jamba"},
    };
    for (const auto& c : not_theirs) {
      const auto r = toolcall::parser_registry::for_model(c.first);
      CHECK_FALSE_MESSAGE((r.model_known() && r.contains(c.second)), c.first << " -> " << r.preset());
    }
  }

  TEST_CASE("for_template finds each family in its chat template") {
    for (const char* f : {"granite", "internlm2", "jamba", "functools", "apertus", "cohere", "gigachat3", "xlam"}) {
      const std::string t = tc_test::read_file(std::string(TOOLCALL_TEST_DATA_DIR) + "/templates/" + f + ".jinja");
      REQUIRE_MESSAGE(!t.empty(), f);
      const auto r = toolcall::parser_registry::for_template(t);
      CHECK_MESSAGE(r.model_known(), f);
      CHECK_MESSAGE(r.contains(f), f);
    }
    // the older Command R template has the turn tokens but no action section
    const auto r = toolcall::parser_registry::for_template(
        "{{ '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>' + message.content + '<|END_OF_TURN_TOKEN|>' }}");
    CHECK_FALSE((r.model_known() && r.contains("cohere")));
  }

  TEST_CASE("streaming equals one-shot at every split point") {
    struct sample {
      const char* format;
      std::string text;
      std::size_t calls;
    };
    const sample samples[] = {
        {"granite",
         "<think>Two cities.</think><response>Checking both.</response><|tool_call|>[{\"name\": \"weather\", "
         "\"arguments\": {\"city\": \"Zürich\"}}, {\"name\": \"weather\", \"arguments\": {\"city\": \"Genève\"}}]"
         "<|end_of_text|>",
         2},
        {"granite",
         "<function_call> {\"name\": \"a\", \"arguments\": {\"q\": \"x]}\"}}\n<function_call> {\"name\": \"b\", "
         "\"arguments\": {}}<|endoftext|>",
         2},
        {"internlm2",
         "好的。<|action_start|> <|plugin|>\n{\"name\": \"search\", \"parameters\": {\"q\": \"<|action_end|>\"}}"
         "<|action_end|>\n<|action_start|><|plugin|>\n{\"name\": \"noop\"}<|action_end|><|im_end|>",
         2},
        {"jamba",
         "<think>\nweather\n</think>\n<answer>\n<tool_calls>[{\"name\": \"w\", \"arguments\": {\"c\": \"深圳\"}}]"
         "</tool_calls>\n</answer><|eos|>",
         1},
        {"functools",
         "Sure. functools[{\"name\": \"sql\", \"arguments\": {\"q\": \"SELECT a[1] FROM t WHERE s = ']'\"}}] Done."
         "<|end|>",
         1},
        {"apertus",
         "<|inner_prefix|>plan<|inner_suffix|>Ok.<|tools_prefix|>[{\"get\": {\"k\": [1, {\"x\": \"}\"}]}}, "
         "{\"name\": \"put\", \"arguments\": {\"v\": null}}]<|tools_suffix|><|assistant_end|>",
         2},
        {"cohere",
         "<|START_THINKING|>plan<|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": "
         "\"run\", \"parameters\": {\"code\": \"print('[]')\"}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>",
         1},
        {"gigachat3",
         "Смотрю.<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"w\", \"arguments\": {\"city\": "
         "\"Москва\"}}</s>",
         1},
        {"xlam", "```json\n[{\"name\": \"a\", \"arguments\": {\"x\": 1}}, {\"name\": \"b\", \"arguments\": {}}]\n```",
         2},
    };
    for (const auto& s : samples) {
      auto only = toolcall::parser_registry::only(s.format);
      REQUIRE(only);
      for (const auto& r : {*only, toolcall::parser_registry::builtin()}) {
        const auto m = parse_with(r, s.text);
        CHECK_MESSAGE(m.calls.size() == s.calls, s.format << ": " << s.text);
        for (const auto& c : m.calls) CHECK_MESSAGE(c.format == s.format, s.format << " got " << c.format);
        CHECK_MESSAGE(!has_error(m), s.format);
        const std::string e = stream_matches_one_shot(r, s.text);
        CHECK_MESSAGE(e.empty(), s.format << ": " << e);
      }
    }
  }

  TEST_CASE("a marker named in prose is not a call, and the text is kept") {
    const std::string prose[] = {
        "Granite writes <|tool_call|> before its list.",
        "Tag the reply with <response> and close it with </response> when done.",
        "Use <|action_start|><|interpreter|>\n```python\nprint(1)\n```<|action_end|> for code.",
        "In Hunyuan the reply sits in <answer> and </answer> tags.",
        "import functools\nx = functools.reduce(f, xs)\ny = functools[0]",
        "Apertus puts calls after <|tools_prefix|> and ends with <|tools_suffix|>.",
        "Command A writes <|START_ACTION|> then a list.",
        "Это function call, а не ответ.",
        "Here are the users: [{\"name\": \"Alice\", \"role\": \"admin\"}]",
    };
    for (const auto& t : prose) {
      const auto m = parse_all(t);
      CHECK_MESSAGE(m.calls.empty(), t);
      CHECK_MESSAGE(m.content == t, t << " -> " << m.content);
      CHECK_MESSAGE(!has_error(m), t);
      CHECK_MESSAGE(stream_matches_one_shot(toolcall::parser_registry::builtin(), t).empty(), t);
    }
  }

  TEST_CASE("granite shares hermes' openers: a list is granite, an object is hermes") {
    const auto list = parse_all("<tool_call>[{\"name\": \"f\", \"arguments\": {\"a\": 1}}]");
    REQUIRE(list.calls.size() == 1);
    CHECK(list.calls[0].format == "granite");
    const auto obj = parse_all("<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n</tool_call>");
    REQUIRE(obj.calls.size() == 1);
    CHECK(obj.calls[0].format == "hermes");
    CHECK(obj.content.empty());
    // a list that closes the hermes way keeps its closer out of the content
    const auto both = parse_all("<tool_call>[{\"name\": \"f\", \"arguments\": {}}]</tool_call> ok");
    REQUIRE(both.calls.size() == 1);
    CHECK(both.content == "ok");
    // hermes' drift wrapper at the start of the reply still makes a call
    const auto drift = parse_all("<response>{\"name\": \"f\", \"arguments\": {\"a\": 1}}</response>");
    REQUIRE(drift.calls.size() == 1);
    CHECK(drift.calls[0].arguments == "{\"a\":1}");
    CHECK(drift.content.empty());
    // the reply wrapper's opener is markup only at the start of the reply, its closer only where
    // the reply ends (or a call follows)
    const auto mid = parse_all("Say hi.<response>hi</response> Bye.");
    CHECK(mid.content == "Say hi.<response>hi</response> Bye.");
  }

  TEST_CASE("apertus: the only key is the name; the common shape in either order") {
    auto r = *toolcall::parser_registry::only("apertus");
    const auto named_args = parse_with(r, "<|tools_prefix|>[{\"arguments\": {\"x\": 1}}]<|tools_suffix|>");
    REQUIRE(named_args.calls.size() == 1);
    CHECK(named_args.calls[0].name == "arguments");
    CHECK(named_args.calls[0].arguments == "{\"x\":1}");
    const auto reversed =
        parse_with(r, "<|tools_prefix|>[{\"arguments\": {\"x\": 1}, \"name\": \"f\"}]<|tools_suffix|>");
    REQUIRE(reversed.calls.size() == 1);
    CHECK(reversed.calls[0].name == "f");
    CHECK(reversed.calls[0].arguments == "{\"x\":1}");
    CHECK(stream_matches_one_shot(r, "<|tools_prefix|>[{\"arguments\": {\"x\": 1}, \"name\": \"f\"}]").empty());
    const std::string two_tools = "<|tools_prefix|>[{\"f\": {}, \"g\": {}}]<|tools_suffix|>";
    const auto bad = parse_with(r, two_tools);
    CHECK(bad.calls.empty());
    CHECK(has_error(bad));
    CHECK(bad.content == two_tools);
  }

  TEST_CASE("cohere: tool_call_id is an index, never an argument nor the call id") {
    const auto m = parse_all(
        "<|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"a\", \"parameters\": {\"k\": 1}},\n"
        "    {\"tool_call_id\": \"0\", \"tool_name\": \"b\", \"parameters\": {}}\n]<|END_ACTION|>");
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].arguments == "{\"k\":1}");
    CHECK(m.calls[0].id != "0");
    CHECK(m.calls[0].id != m.calls[1].id);
  }

  TEST_CASE("each family parses with only its own format") {
    const std::pair<const char*, const char*> cases[] = {
        {"granite", "<tool_call>[{\"name\": \"f\", \"arguments\": {}}]"},
        {"granite", "<function_call> {\"name\": \"f\", \"arguments\": {}}"},
        {"internlm2", "<|action_start|><|plugin|>\n{\"name\": \"f\", \"parameters\": {}}<|action_end|>"},
        {"jamba", "<tool_calls>[{\"name\": \"f\", \"arguments\": {}}]</tool_calls>"},
        {"functools", "functools[{\"name\": \"f\", \"arguments\": {}}]"},
        {"apertus", "<|tools_prefix|>[{\"f\": {}}]<|tools_suffix|>"},
        {"cohere", "<|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": \"f\", \"parameters\": {}}]<|END_ACTION|>"},
        {"gigachat3", "<|function_call|>{\"name\": \"f\", \"arguments\": {}}"},
        {"xlam", "{\"tool_calls\": [{\"name\": \"f\", \"arguments\": {}}]}"},
        {"xlam", "[{\"name\": \"f\", \"arguments\": {}}]"},
    };
    for (const auto& c : cases) {
      const auto m = parse_with(*toolcall::parser_registry::only(c.first), c.second);
      REQUIRE_MESSAGE(m.calls.size() == 1, std::string(c.first) << ": " << c.second);
      CHECK(m.calls[0].name == "f");
      CHECK(m.calls[0].format == c.first);
      CHECK(m.content.empty());
    }
  }

  TEST_CASE("xlam: a list counts only at the start, and only when every element is a call") {
    auto r = *toolcall::parser_registry::only("xlam");
    const std::string after = "The result: [{\"name\": \"f\", \"arguments\": {}}]";
    CHECK(parse_with(r, after).calls.empty());
    CHECK(parse_with(r, after).content == after);
    const std::string mixed = "[{\"name\": \"f\", \"arguments\": {}}, {\"name\": \"Bob\", \"age\": 3}]";
    CHECK(parse_with(r, mixed).calls.empty());
    CHECK(parse_with(r, mixed).content == mixed);
  }
}
