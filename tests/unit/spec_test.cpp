// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Format specs as files (docs/format_spec.md): every data-only built-in room
// written as a spec, to JSON and back, parses its family's corpus cases as the room does, one
// shot and streamed; spec files are read strictly; a spec-only format is a peer of the built-in
// ones in a registry.

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "toolcall/toolcall.hpp"

namespace {

std::string calls_diff(const toolcall::message& a, const toolcall::message& b) {
  std::string err;
  if (a.content != b.content) err += "content [" + a.content + "] vs [" + b.content + "]; ";
  if (a.reasoning != b.reasoning) err += "reasoning differs; ";
  if (a.calls.size() != b.calls.size()) return err + "call count differs; ";
  for (std::size_t k = 0; k < a.calls.size(); ++k) {
    if (a.calls[k].name != b.calls[k].name) err += "name differs; ";
    if (a.calls[k].arguments != b.calls[k].arguments) err += "arguments differ; ";
    if (a.calls[k].status != b.calls[k].status) err += "status differs; ";
    if (a.calls[k].format != b.calls[k].format) err += "format differs; ";
  }
  if (a.diagnostics.size() != b.diagnostics.size()) err += "diagnostic count differs; ";
  return err;
}

toolcall::message stream(toolcall::stream_parser& sp, const std::string& text, std::size_t step) {
  tc_test::folder f;
  sp.reset();
  for (std::size_t i = 0; i < text.size(); i += step) sp.write(std::string_view(text).substr(i, step), f);
  sp.finish(f);
  return f.m;
}

}  // namespace

TEST_SUITE("toolcall/spec") {
  TEST_CASE("every data-only built-in room round-trips through its JSON file and parses its corpus as the room does") {
    const auto corpus = tc_test::load_corpus();
    std::map<std::string, std::vector<const tc_test::corpus_case*>> by_family;
    for (const auto& c : corpus) by_family[c.family].push_back(&c);
    std::set<std::string> data_only;
    const toolcall::parser_registry all = toolcall::parser_registry::builtin();
    for (const toolcall::format& f : all.formats()) {
      auto spec = f.to_spec();
      if (!spec) {
        CHECK(spec.error().code == toolcall::errc::unknown_format);
        continue;
      }
      data_only.insert(f.name());
      const std::string json = spec->to_json();
      auto back = toolcall::format_spec::from_json(json);
      REQUIRE_MESSAGE(back, f.name() << ": " << back.error().detail);
      CHECK_MESSAGE(back->to_json() == json, f.name() << ": the JSON file does not round-trip");
      auto g = toolcall::format::from_spec(*back);
      REQUIRE_MESSAGE(g, f.name() << ": " << g.error().detail);
      CHECK(g->name() == f.name());
      CHECK(g->priority() == f.priority());
      CHECK(toolcall::detail::def_of(*g).presets.size() == toolcall::detail::def_of(f).presets.size());
      CHECK(toolcall::detail::def_of(*g).markers == toolcall::detail::def_of(f).markers);
      CHECK(toolcall::detail::def_of(*g).template_markers == toolcall::detail::def_of(f).template_markers);

      toolcall::parser_registry room = *toolcall::parser_registry::only(f.name());
      toolcall::parser_registry file;
      file.add(*g);
      file.add(*toolcall::format::builtin("reasoning"));
      const auto& cases = by_family[f.name()];
      CHECK_MESSAGE(cases.size() >= 8, f.name() << " has " << cases.size() << " corpus cases");
      toolcall::parser pr(room), pf(file);
      toolcall::stream_parser sr(room), sf(file);
      for (const auto* c : cases) {
        INFO(c->id);
        toolcall::parser pr2(room), pf2(file);
        REQUIRE(tc_test::attach_tools(*c, pr2));
        REQUIRE(tc_test::attach_tools(*c, pf2));
        const toolcall::message a = pr2.parse(c->input), b = pf2.parse(c->input);
        CHECK_MESSAGE(calls_diff(a, b).empty(), calls_diff(a, b));
        // the spec-file format meets the corpus where the room does (some cases need a preset)
        CHECK(tc_test::judge(*c, a).empty() == tc_test::judge(*c, b).empty());
        for (std::size_t step : {1u, 3u, 7u}) {
          const toolcall::message sa = stream(sr, c->input, step), sb = stream(sf, c->input, step);
          CHECK_MESSAGE(calls_diff(sa, sb).empty(), "step " << step << ": " << calls_diff(sa, sb));
        }
      }
    }
    // the rooms written as specs (docs/format_spec.md lists them)
    for (const char* n : {"seed_oss", "glm", "minimax_m2", "step3", "deepseek_dsml", "internlm2", "cohere", "gigachat3",
                          "functools"})
      CHECK_MESSAGE(data_only.count(n) == 1, n << " is not data-only");
    CHECK(data_only.count("hermes") == 0);  // a handler of its own
  }

  TEST_CASE("from_json reads strictly and names the key") {
    auto bad = toolcall::format_spec::from_json(R"({"name": "x", "call_begin": "<c>", "colour": 1})");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == toolcall::errc::invalid_input);
    CHECK(bad.error().detail.find("colour") != std::string::npos);
    auto nested = toolcall::format_spec::from_json(R"({"name": "x", "xml": {"trim": "sometimes"}})");
    REQUIRE_FALSE(nested);
    CHECK(nested.error().detail.find("xml.trim") != std::string::npos);
    CHECK(nested.error().detail.find("one_newline") != std::string::npos);
    auto type = toolcall::format_spec::from_json(R"({"name": "x", "triggers": [{"open": 3}]})");
    REQUIRE_FALSE(type);
    CHECK(type.error().detail.find("triggers[0].open") != std::string::npos);
    CHECK_FALSE(toolcall::format_spec::from_json("{\"name\": "));
    CHECK_FALSE(toolcall::format_spec::from_json("[]"));
    CHECK_FALSE(toolcall::format_spec::from_json(R"({"call_begin": "<c>"})"));  // no name
    // a spec that reads but does not compile is from_spec's error
    auto nocall = toolcall::format_spec::from_json(R"({"name": "x"})");
    REQUIRE(nocall);
    CHECK_FALSE(toolcall::format::from_spec(*nocall));
  }

  TEST_CASE("a spec file with every kind of slot is a registry's peer") {
    // name then JSON, two openers (one only at a line start), an end-of-turn marker, reasoning
    const char* file = R"({
      "name": "acme",
      "call_begin": "<|call|>",
      "call_end": "<|end_call|>",
      "triggers": [{"open": "CALL ", "close": "", "position": "line_start"}],
      "payload": "name_json",
      "name_end": "<|args|>",
      "markers": ["<|eot|>"],
      "reasoning": [{"open": "<|reason|>", "close": "<|/reason|>"}],
      "presets": [{"pattern": "acme-7b", "formats": ["acme"], "rank": 10, "prompt_opens_reasoning": false}]
    })";
    auto spec = toolcall::format_spec::from_json(file);
    REQUIRE_MESSAGE(spec, spec.error().detail);
    auto f = toolcall::format::from_spec(*spec);
    REQUIRE_MESSAGE(f, f.error().detail);
    toolcall::parser_registry reg = toolcall::parser_registry::builtin();
    reg.add(*f);
    toolcall::parser p(reg);
    const std::string text =
        "<|reason|>Weather first.<|/reason|>Checking.<|call|>get_weather<|args|>{\"city\": \"Paris\"}<|end_call|>"
        "\nCALL set_alarm<|args|>{\"time\": \"07:30\"}<|eot|>";
    const toolcall::message m = p.parse(text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.calls[0].arguments == R"({"city":"Paris"})");
    CHECK(m.calls[0].format == "acme");
    CHECK(m.calls[1].name == "set_alarm");
    CHECK(m.content == "Checking.");
    CHECK(m.reasoning == "Weather first.");
    // every chunking gives the same message
    toolcall::stream_parser sp(reg);
    for (std::size_t step = 1; step < 9; ++step) CHECK(calls_diff(stream(sp, text, step), m).empty());
    // "CALL " in the middle of a line is prose
    const toolcall::message prose = p.parse("I will CALL x<|args|>{}");
    CHECK(prose.calls.empty());
    // a name that never ends is a diagnostic, never a call
    const toolcall::message cut = p.parse("<|call|>get_weather");
    CHECK(cut.calls.empty());
    CHECK_FALSE(cut.diagnostics.empty());
    // the spec is what the format gives back
    auto again = f->to_spec();
    REQUIRE(again);
    CHECK(again->to_json() == spec->to_json());
  }

  TEST_CASE("to_spec of a format with its own handler says so") {
    auto h = toolcall::format::builtin("hermes");
    REQUIRE(h);
    auto s = h->to_spec();
    REQUIRE_FALSE(s);
    CHECK(s.error().code == toolcall::errc::unknown_format);
  }
}
