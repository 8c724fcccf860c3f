// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The JSON families added in 0.2 (granite, internlm2, jamba, functools, apertus, cohere,
// gigachat3, xlam): presets by hub name, detection from chat templates, and behaviour the
// corpus does not pin down (streaming at every split, markers in prose, shared openers).
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include <toolcall/formats/group_json.hpp>

#include "test_support.hpp"

namespace {

toolcall::options seeded() {
  toolcall::options o = tc_test::deterministic(7);
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
  return tc_test::split_compare(r, seeded(), text).err;
}

struct sample {
  std::string text;
  std::size_t calls;
  bool same_in_builtin;  ///< builtin() attributes the calls to this family too
};

/// What these tests know of each JSON family of 0.2 (the rooms of formats/group_json.hpp): hub
/// names its preset takes and neighbours' names it must not, outputs (streamed at every split),
/// and prose that names its markers without calling.
struct json_family {
  const char* format;
  std::vector<const char*> hub;
  std::vector<const char*> not_hub;
  std::vector<sample> samples;
  std::vector<std::string> prose;
};

const std::vector<json_family>& json_families() {
  static const std::vector<json_family> rows = {
      {"granite",
       {"ibm-granite/granite-3.0-8b-instruct", "ibm-granite/granite-3.1-2b-instruct", "ibm-granite/granite-3.2-8b-instruct",
        "ibm-granite/granite-3.3-8b-instruct", "ibm-granite/granite-20b-functioncalling"},
       {"ibm-granite/granite-4.0-micro"},
       {{"<think>Two cities.</think><response>Checking both.</response><|tool_call|>[{\"name\": \"weather\", "
         "\"arguments\": {\"city\": \"Zürich\"}}, {\"name\": \"weather\", \"arguments\": {\"city\": \"Genève\"}}]"
         "<|end_of_text|>",
         2, true},
        {"<function_call> {\"name\": \"a\", \"arguments\": {\"q\": \"x]}\"}}\n<function_call> {\"name\": \"b\", "
         "\"arguments\": {}}<|endoftext|>",
         2, true},
        {"<tool_call>[{\"name\": \"f\", \"arguments\": {}}]", 1, true},
        {"<function_call> {\"name\": \"f\", \"arguments\": {}}", 1, true}},
       {"Granite writes <|tool_call|> before its list.",
        "Tag the reply with <response> and close it with </response> when done."}},
      {"internlm2",
       {"internlm/internlm2-chat-7b", "internlm/internlm2_5-7b-chat-1m", "internlm/internlm3-8b-instruct",
        "internlm/Intern-S1-mini"},
       {},
       {{"好的。<|action_start|> <|plugin|>\n{\"name\": \"search\", \"parameters\": {\"q\": \"<|action_end|>\"}}"
         "<|action_end|>\n<|action_start|><|plugin|>\n{\"name\": \"noop\"}<|action_end|><|im_end|>",
         2, true},
        {"<|action_start|><|plugin|>\n{\"name\": \"f\", \"parameters\": {}}<|action_end|>", 1, true}},
       {"Use <|action_start|><|interpreter|>\n```python\nprint(1)\n```<|action_end|> for code."}},
      {"jamba",
       {"ai21labs/AI21-Jamba-1.5-Mini", "ai21labs/AI21-Jamba-Large-1.7", "tencent/Hunyuan-A13B-Instruct-FP8"},
       {"ai21labs/AI21-Jamba-Reasoning-3B", "tencent/Hunyuan-7B-Instruct"},
       {{"<think>\nweather\n</think>\n<answer>\n<tool_calls>[{\"name\": \"w\", \"arguments\": {\"c\": \"深圳\"}}]"
         "</tool_calls>\n</answer><|eos|>",
         1, true},
        {"<tool_calls>[{\"name\": \"f\", \"arguments\": {}}]</tool_calls>", 1, true}},
       {"In Hunyuan the reply sits in <answer> and </answer> tags."}},
      {"functools",
       {"microsoft/Phi-4-mini-instruct", "fireworks-ai/llama-3-firefunction-v2"},
       {"microsoft/Phi-4-mini-flash-reasoning"},
       {{"Sure. functools[{\"name\": \"sql\", \"arguments\": {\"q\": \"SELECT a[1] FROM t WHERE s = ']'\"}}] Done."
         "<|end|>",
         1, true},
        {"functools[{\"name\": \"f\", \"arguments\": {}}]", 1, true}},
       {"import functools\nx = functools.reduce(f, xs)\ny = functools[0]"}},
      {"apertus",
       {"swiss-ai/Apertus-8B-Instruct-2509", "swiss-ai/Apertus-70B-Instruct-2509"},
       {},
       {{"<|inner_prefix|>plan<|inner_suffix|>Ok.<|tools_prefix|>[{\"get\": {\"k\": [1, {\"x\": \"}\"}]}}, "
         "{\"name\": \"put\", \"arguments\": {\"v\": null}}]<|tools_suffix|><|assistant_end|>",
         2, true},
        {"<|tools_prefix|>[{\"f\": {}}]<|tools_suffix|>", 1, true}},
       {"Apertus puts calls after <|tools_prefix|> and ends with <|tools_suffix|>."}},
      {"cohere",
       {"CohereLabs/c4ai-command-r7b-12-2024", "CohereForAI/c4ai-command-r7b-arabic-02-2025",
        "CohereLabs/c4ai-command-a-03-2025", "CohereLabs/command-a-reasoning-08-2025",
        "CohereLabs/command-a-vision-07-2025"},
       {"CohereForAI/c4ai-command-r-v01", "CohereForAI/c4ai-command-r-plus-08-2024"},
       {{"<|START_THINKING|>plan<|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": "
         "\"run\", \"parameters\": {\"code\": \"print('[]')\"}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>",
         1, true},
        {"<|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": \"f\", \"parameters\": {}}]<|END_ACTION|>", 1, true}},
       {"Command A writes <|START_ACTION|> then a list."}},
      {"gigachat3",
       {"ai-sage/GigaChat3-10B-A1.8B", "ai-sage/GigaChat3-702B-A36B-preview-bf16", "ai-sage/GigaChat3.1-10B-A1.8B"},
       {},
       {{"Смотрю.<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"w\", \"arguments\": {\"city\": "
         "\"Москва\"}}</s>",
         1, true},
        {"<|function_call|>{\"name\": \"f\", \"arguments\": {}}", 1, true}},
       {"Это function call, а не ответ."}},
      {"xlam",
       {"Salesforce/Llama-xLAM-2-8b-fc-r", "Salesforce/xLAM-2-32b-fc-r", "Salesforce/xLAM-7b-fc-r"},
       {"fireworks-ai/llama-3-firefunction-v2"},
       {{"```json\n[{\"name\": \"a\", \"arguments\": {\"x\": 1}}, {\"name\": \"b\", \"arguments\": {}}]\n```", 2, true},
        {"{\"tool_calls\": [{\"name\": \"f\", \"arguments\": {}}]}", 1, false},
        {"[{\"name\": \"f\", \"arguments\": {}}]", 1, false}},
       {"Here are the users: [{\"name\": \"Alice\", \"role\": \"admin\"}]"}},
  };
  return rows;
}

}  // namespace

TEST_SUITE("toolcall/families/json") {
  TEST_CASE("the json family table holds every json room, and only built-in formats") {
    const auto reg = toolcall::parser_registry::builtin();
    std::set<std::string> rows;
    for (const auto& f : json_families()) {
      CHECK_MESSAGE(reg.contains(f.format), "row " << f.format << " is no built-in format");
      rows.insert(f.format);
    }
    for (const auto& d : toolcall::formats::group_json_defs())
      CHECK_MESSAGE(rows.count(d.name) == 1, "json room " << d.name << " has no row in json_families()");
  }

  TEST_CASE("for_model resolves every hub name of the json families to a registry with its format") {
    for (const auto& f : json_families()) {
      for (const char* model : f.hub) {
        const auto r = toolcall::parser_registry::for_model(model);
        CHECK_MESSAGE(r.model_known(), model);
        CHECK_MESSAGE(r.contains(f.format), model << " -> " << r.preset());
      }
      // the most specific name wins, and neighbours of a family do not get its preset (an
      // unknown name gives builtin(), which holds every format, with model_known() false)
      for (const char* model : f.not_hub) {
        const auto r = toolcall::parser_registry::for_model(model);
        CHECK_FALSE_MESSAGE((r.model_known() && r.contains(f.format)), model << " -> " << r.preset());
      }
    }
    CHECK_FALSE(toolcall::parser_registry::for_model("Salesforce/Llama-xLAM-2-70b-fc-r").contains("llama3_json"));
    CHECK_FALSE(toolcall::parser_registry::for_model("fireworks-ai/llama-3-firefunction-v2").contains("llama3_json"));
    CHECK(toolcall::parser_registry::for_model("ibm-granite/granite-4.0-h-small").contains("hermes"));
    CHECK(toolcall::parser_registry::for_model("ai21labs/AI21-Jamba-Reasoning-3B").contains("hermes"));
  }

  TEST_CASE("for_template: the older Command R template is not cohere") {
    // the json rooms' own templates are checked with every family's in registry_test
    const auto r = toolcall::parser_registry::for_template(
        "{{ '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>' + message.content + '<|END_OF_TURN_TOKEN|>' }}");
    CHECK_FALSE((r.model_known() && r.contains("cohere")));
  }

  TEST_CASE("streaming equals one-shot at every split point, alone and in builtin()") {
    for (const auto& f : json_families()) {
      auto only = toolcall::parser_registry::only(f.format);
      REQUIRE(only);
      for (const auto& s : f.samples) {
        for (const bool alone : {true, false}) {
          const auto r = alone ? *only : toolcall::parser_registry::builtin();
          const tc_test::split_result res = tc_test::split_compare(r, seeded(), s.text);
          const toolcall::message& m = res.one;
          CHECK_MESSAGE(m.calls.size() == s.calls, f.format << ": " << s.text);
          if (alone || s.same_in_builtin)
            for (const auto& c : m.calls) CHECK_MESSAGE(c.format == f.format, f.format << " got " << c.format);
          CHECK_MESSAGE(!has_error(m), f.format);
          CHECK_MESSAGE(res.err.empty(), f.format << (alone ? " alone: " : " in builtin(): ") << res.err);
        }
      }
    }
  }

  TEST_CASE("every family parses its corpus sample alone, streamed as one-shot") {
    // the families come from the registry; tests/unit/test_support.hpp names each one's sample
    const auto cases = tc_test::load_corpus();
    for (const std::string& name : tc_test::builtin_names()) {
      const tc_test::family_row* row = tc_test::family(name);
      REQUIRE_MESSAGE(row, name << " has no row in tc_test::families()");
      const tc_test::corpus_case* c = tc_test::find_case(cases, row->corpus_id);
      REQUIRE_MESSAGE(c, name << ": no corpus case " << row->corpus_id);
      const auto only = *toolcall::parser_registry::only(name);
      const auto attach = [&](auto& p) { tc_test::attach_tools(*c, p); };
      const tc_test::split_result res = tc_test::split_compare(only, seeded(), c->input, {}, attach);
      CHECK_MESSAGE(tc_test::judge(*c, res.one).empty(), name << " alone on " << c->id << ": " << tc_test::judge(*c, res.one));
      CHECK_MESSAGE(res.err.empty(), name << " on " << c->id << ": " << res.err);
      if (c->calls.empty()) {
        CHECK_MESSAGE(res.one.has_reasoning, name << ": " << c->id << " shows nothing of the format");
        continue;
      }
      for (const auto& call : res.one.calls) CHECK_MESSAGE(call.format == name, name << " on " << c->id << " gave " << call.format);
    }
  }

  TEST_CASE("a marker named in prose is not a call, and the text is kept") {
    for (const auto& f : json_families())
      for (const auto& t : f.prose) {
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
