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

/// Where the spec JSON `v` at `path` has a key, value or shape docs/format_spec.schema.json does
/// not describe (the schema `node` for `v`; `defs` its $defs), appended to `out`.
void schema_gaps(simdjson::dom::element v, simdjson::dom::element node, simdjson::dom::element defs,
                 const std::string& path, std::vector<std::string>& out) {
  std::string_view ref;
  if (!node["$ref"].get_string().get(ref) && ref.rfind("#/$defs/", 0) == 0)
    node = defs[ref.substr(8)].value_unsafe();
  simdjson::dom::object obj;
  simdjson::dom::array arr;
  std::string_view str;
  if (!v.get_object().get(obj)) {
    simdjson::dom::element props;
    if (node["properties"].get(props)) {
      out.push_back(path + ": an object the schema does not describe");
      return;
    }
    for (auto kv : obj) {
      simdjson::dom::element sub;
      if (props[kv.key].get(sub)) out.push_back(path + "." + std::string(kv.key) + ": not in the schema");
      else schema_gaps(kv.value, sub, defs, path + "." + std::string(kv.key), out);
    }
  } else if (!v.get_array().get(arr)) {
    simdjson::dom::element items;
    if (!node["items"].get(items))
      for (auto x : arr) schema_gaps(x, items, defs, path + "[]", out);
  } else if (!v.get_string().get(str)) {
    simdjson::dom::array values;
    if (!node["enum"].get_array().get(values)) {
      bool found = false;
      for (auto e : values) {
        std::string_view x;
        found = found || (!e.get_string().get(x) && x == str);
      }
      if (!found) out.push_back(path + ": \"" + std::string(str) + "\" is not one of the schema's values");
    }
  }
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
      CHECK(toolcall::detail::def_of(*g).section_openers == toolcall::detail::def_of(f).section_openers);
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

  TEST_CASE("the slots learned formats need: name separator, tag end, id slot, arguments lead, recipients, tool-name lines") {
    // each spec goes through its JSON file and back, then parses realistic output one-shot and
    // at every chunk size, with the request's tools attached
    struct slot_case {
      const char* file;
      std::string text;
      std::vector<std::pair<std::string, std::string>> calls;  // name, arguments
      std::string content;
    };
    const char* tools = R"([{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
      "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}}},
      {"type": "function", "function": {"name": "set_alarm", "parameters": {"type": "object",
      "properties": {"time": {"type": "string"}}}}}])";
    const slot_case cases[] = {
        // xml.name_separator: a tag between the function name and its parameters (Hy3-like)
        {R"({"name": "sep", "call_begin": "<call>", "call_end": "", "payload": "xml_parameters",
             "xml": {"function_name": "to_line", "name_separator": "<sep>", "function_close": "</call>",
                     "parameter_open": "<k>", "parameter_name": "to_tag", "parameter_name_end": "</k>",
                     "value_open": "<v>", "parameter_close": "</v>"}, "markers": ["<calls>", "</calls>"]})",
         "Checking.<calls>\n<call>get_weather<sep>\n<k>city</k>\n<v>Paris</v>\n<k>days</k>\n<v>3</v>\n</call>\n</calls>",
         {{"get_weather", R"({"city":"Paris","days":3})"}},
         "Checking."},
        // xml.tag_end and xml.type_names: tags ended by a token, a type attribute naming the type
        {R"({"name": "xtml", "call_begin": "<|o|>tools<|s|>", "call_end": "<|c|>tools<|s|>", "payload": "xml_parameters",
             "xml": {"function_open": "<|o|>call tool=", "function_name": "quoted", "function_close": "<|c|>call<|s|>",
                     "parameter_open": "<|o|>arg key=", "parameter_name": "quoted", "parameter_close": "<|c|>arg<|s|>",
                     "multi": true, "type_attribute": "type", "type_names": true, "tag_end": "<|s|>"}})",
         "<|o|>tools<|s|><|o|>call tool=\"get_weather\" index=\"1\"<|s|><|o|>arg key=\"city\" type=\"string\"<|s|>Paris"
         "<|c|>arg<|s|><|o|>arg key=\"days\" type=\"integer\"<|s|>3<|c|>arg<|s|><|c|>call<|s|><|o|>call tool=\"set_alarm\" "
         "index=\"2\"<|s|><|o|>arg key=\"time\" type=\"string\"<|s|>07:30<|c|>arg<|s|><|c|>call<|s|><|c|>tools<|s|>",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         ""},
        // id_end and arguments_lead: an id before the name, optional tokens before the JSON
        {R"({"name": "slots", "call_begin": "<|b|>", "call_end": "<|e|>", "payload": "name_json", "name_end": "<|n|>",
             "id_end": "<|id|>", "arguments_lead": ["<|a|>", "<|json|>"], "markers": ["<|calls|>"]})",
         "Sure.<|b|>call_1<|id|>get_weather<|n|><|a|><|json|>{\"city\": \"Paris\"}<|e|>\n<|b|> call_2 <|id|> set_alarm "
         "<|n|>\n<|a|>\n{\"time\": \"07:30\"}\n<|e|><|calls|>",
         {{"get_weather", R"({"city":"Paris"})"}, {"set_alarm", R"({"time":"07:30"})"}},
         "Sure."},
        // recipients: messages addressed by `to=NAME` headers; a tool message holds a block of invokes
        {R"({"name": "rcpt", "call_begin": "<calls>", "call_end": "</calls>", "payload": "xml_parameters",
             "xml": {"function_open": "<invoke name=", "function_name": "quoted", "function_close": "</invoke>",
                     "parameter_open": "<arg name=", "parameter_name": "quoted", "parameter_close": "</arg>",
                     "invoke_lead": "<invoke"},
             "recipients": {"message": "<|msg|>", "start": "<|begin|>", "reasoning": ["self"], "content": ["user"],
                            "ends": ["<|done|>"]}, "markers": ["<|done|>"]})",
         " to=self<|msg|>Weather first.<|done|><|begin|>assistant to=user<|msg|>Checking.<|done|><|begin|>assistant "
         "to=get_weather<|msg|><calls>\n<invoke name=\"get_weather\">\n<arg name=\"city\">Paris</arg>\n<arg "
         "name=\"days\">3</arg>\n</invoke>\n</calls><|done|><|begin|>assistant to=set_alarm<|msg|><calls>\n<invoke "
         "name=\"set_alarm\">\n<arg name=\"time\">07:30</arg>\n</invoke>\n</calls><|done|>",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         "Checking."},
        // tool_name_triggers: bare pythonic lines opened by the declared tools' names
        {R"({"name": "lines", "call_begin": "", "call_end": "", "payload": "pythonic", "tool_name_triggers": true,
             "markers": ["<|eot|>"]})",
         "Let me check.\nget_weather(city=\"Paris\", days=3)\nset_alarm(time=\"07:30\")<|eot|>",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         "Let me check."},
        // xml.parameter_name element behind xml.tag_prefix (MiniMax-M3-like): a value ending with
        // the prefix's first byte, a `<` in a value, the prefix's bytes repeated before it
        {R"({"name": "elems", "call_begin": "~~ns~<calls>", "call_end": "~~ns~</calls>", "payload": "xml_parameters",
             "xml": {"function_open": "<call fn=", "function_name": "quoted", "function_close": "</call>",
                     "parameter_name": "element", "tag_prefix": "~~ns~", "multi": true}, "markers": ["<eot>"]})",
         "Checking.\n~~ns~<calls>\n~~ns~<call fn=\"get_weather\">\n~~ns~<city>Paris < Lyon ~~~~ns~</city>~~ns~ "
         "<days>3~~ns~</days>\n~~ns~</call>\n~~ns~<call fn=\"set_alarm\">~~ns~<time>07:30~~ns~</time>~~ns~</call>\n"
         "~~ns~</calls><eot>",
         {{"get_weather", R"({"city":"Paris < Lyon ~~","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         "Checking."},
    };
    for (const slot_case& c : cases) {
      auto spec = toolcall::format_spec::from_json(c.file);
      REQUIRE_MESSAGE(spec, spec.error().detail);
      INFO(spec->name);
      const std::string json = spec->to_json();
      auto back = toolcall::format_spec::from_json(json);
      REQUIRE_MESSAGE(back, back.error().detail);
      CHECK(back->to_json() == json);
      auto f = toolcall::format::from_spec(*back);
      REQUIRE_MESSAGE(f, f.error().detail);
      toolcall::parser_registry reg;
      reg.add(*f);
      auto n = toolcall::normalizer::create(tools);
      REQUIRE(n);
      toolcall::parser p(reg);
      n->attach(p);
      const toolcall::message m = p.parse(c.text);
      REQUIRE(m.calls.size() == c.calls.size());
      for (std::size_t k = 0; k < m.calls.size(); ++k) {
        CHECK(m.calls[k].name == c.calls[k].first);
        CHECK(m.calls[k].arguments == c.calls[k].second);
      }
      CHECK(tc_test::trim(m.content) == c.content);
      for (std::size_t step = 1; step < 12; ++step) {
        toolcall::stream_parser sp(reg);
        n->attach(sp);
        tc_test::folder fo;
        for (std::size_t i = 0; i < c.text.size(); i += step) sp.write(std::string_view(c.text).substr(i, step), fo);
        sp.finish(fo);
        CHECK_MESSAGE(calls_diff(fo.m, m).empty(), "step " << step << ": " << calls_diff(fo.m, m));
      }
    }
    // the id slot keeps the model's id
    {
      auto spec = toolcall::format_spec::from_json(cases[2].file);
      toolcall::parser_registry reg;
      reg.add(*toolcall::format::from_spec(*spec));
      toolcall::parser p(reg);
      const toolcall::message m = p.parse(cases[2].text);
      REQUIRE(m.calls.size() == 2);
      CHECK(m.calls[0].id == "call_1");
      CHECK(m.calls[1].id == "call_2");
    }
    // recipients: the reasoning message is reasoning, an invoke in a content message is text
    {
      auto spec = toolcall::format_spec::from_json(cases[3].file);
      toolcall::parser_registry reg;
      reg.add(*toolcall::format::from_spec(*spec));
      toolcall::parser p(reg);
      CHECK(p.parse(cases[3].text).reasoning == "Weather first.");
      const toolcall::message m =
          p.parse("<|begin|>assistant to=user<|msg|>Write <calls><invoke name=\"f\"></invoke></calls> to call.<|done|>");
      CHECK(m.calls.empty());
      CHECK(m.content.find("<invoke name=") != std::string::npos);
    }
    // tool-name lines: prose after a call on its line is not a call; without tools nothing triggers
    {
      auto spec = toolcall::format_spec::from_json(cases[4].file);
      toolcall::parser_registry reg;
      reg.add(*toolcall::format::from_spec(*spec));
      toolcall::parser bare(reg);
      CHECK(bare.parse(cases[4].text).calls.empty());
      toolcall::parser p(reg);
      toolcall::normalizer::create(tools)->attach(p);
      const toolcall::message m = p.parse("get_weather(city=\"Paris\") is what I would call.\n");
      CHECK(m.calls.empty());
      CHECK(m.content.find("get_weather(") != std::string::npos);
    }
    // bad slots are from_spec's errors
    auto lines_json = toolcall::format_spec::from_json(R"({"name": "x", "payload": "json_object", "tool_name_triggers": true})");
    REQUIRE(lines_json);
    CHECK_FALSE(toolcall::format::from_spec(*lines_json));
    auto no_name_end = toolcall::format_spec::from_json(R"({"name": "x", "call_begin": "<b>", "payload": "name_json", "id_end": "<i>"})");
    REQUIRE(no_name_end);
    CHECK_FALSE(toolcall::format::from_spec(*no_name_end));
    auto rcpt_json = toolcall::format_spec::from_json(
        R"({"name": "x", "call_begin": "<c>", "payload": "json_object", "recipients": {"message": "<m>", "start": "<s>"}})");
    REQUIRE(rcpt_json);
    CHECK_FALSE(toolcall::format::from_spec(*rcpt_json));
    auto rcpt_key = toolcall::format_spec::from_json(R"({"name": "x", "recipients": {"colour": "<m>"}})");
    REQUIRE_FALSE(rcpt_key);
    CHECK(rcpt_key.error().detail.find("recipients.colour") != std::string::npos);
  }

  TEST_CASE("the slots of 0.3's learned formats: key-value bodies, pythonic lists and lines, a name inside an id, "
            "name-as-key JSON, tag-per-tool XML, an opener the prompt wrote") {
    // each spec goes through its JSON file and back, then parses realistic output one-shot and
    // at every chunk size
    struct slot_case {
      const char* file;
      std::string text;
      std::vector<std::pair<std::string, std::string>> calls;  // name, arguments
      std::string content;
    };
    const slot_case cases[] = {
        // key_value: `call:NAME{key:<D>text<D>,n:3}`, strings between delimiter tokens (Gemma-like)
        {R"({"name": "kv", "call_begin": "<fc>", "call_end": "</fc>", "payload": "key_value", "string_delimiter": "<q>",
             "markers": ["<eot>"]})",
         "Sure.<fc>call:get_weather{city:<q>Paris, \"FR\" {x}<q>,days:3,opts:{deep:true,tags:[<q>a<q>,null]}}</fc>"
         "<fc>call:set_alarm{time:<q>07:30<q>}</fc><eot>",
         {{"get_weather", R"({"city":"Paris, \"FR\" {x}","days":3,"opts":{"deep":true,"tags":["a",null]}})"},
          {"set_alarm", R"({"time":"07:30"})"}},
         "Sure."},
        // pythonic.list: a Python list of calls after the opener (LFM2-like)
        {R"({"name": "pylist", "call_begin": "<|tc|>", "call_end": "<|/tc|>", "payload": "pythonic",
             "pythonic": {"list": true}})",
         "<|tc|>[get_weather(city=\"Paris\", days=3), set_alarm(time='07:30')]<|/tc|>Checking both.",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         "Checking both."},
        // pythonic.lines: one call per line after one opener (Olmo 3-like)
        {R"({"name": "pylines", "call_begin": "<calls>", "call_end": "</calls>", "payload": "pythonic",
             "pythonic": {"lines": true}})",
         "Let me check.<calls>get_weather(city=\"Paris\", days=3)\nset_alarm(time=\"07:30\")\n</calls>",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         "Let me check."},
        // name_prefix and name_index: the name inside a call id (Kimi-K2-like)
        {R"({"name": "idname", "call_begin": "<|b|>", "call_end": "<|e|>", "payload": "name_json", "name_end": "<|a|>",
             "name_prefix": "functions.", "name_index": ":", "markers": ["<|sec|>", "<|/sec|>"]})",
         "<|sec|><|b|>functions.get_weather:0<|a|>{\"city\": \"Paris\", \"days\": 3}<|e|><|b|>set_alarm:1<|a|>"
         "{\"time\": \"07:30\"}<|e|><|/sec|>",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         ""},
        // json.name_as_key: `[{"NAME": {arguments}}, ...]`, the common shape read too (Apertus-like)
        {R"({"name": "namekey", "call_begin": "<|tools|>", "call_end": "<|/tools|>", "payload": "json_array",
             "json": {"name_as_key": true}, "markers": ["<|end|>"]})",
         "Checking.<|tools|>[{\"get_weather\": {\"city\": \"Paris ]}\", \"days\": 3}}, {\"name\": \"set_alarm\", "
         "\"arguments\": {\"time\": \"07:30\"}}]<|/tools|><|end|>",
         {{"get_weather", R"({"city":"Paris ]}","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         "Checking."},
        // prompt_opens_call: the prompt wrote the first `>>>` (Functionary v3.2-like)
        {R"({"name": "prompt", "call_begin": ">>>", "payload": "name_json", "name_end": "\n", "prompt_opens_call": true,
             "markers": ["<|eot_id|>"]})",
         "get_weather\n{\"city\": \"Paris\", \"days\": 3}>>>set_alarm\n{\"time\": \"07:30\"}<|eot_id|>",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"set_alarm", R"({"time":"07:30"})"}},
         ""},
        // xml_elements: tag-per-tool XML; `<get_weather>` is a further opener (the request's tools
        // give the others, none without tools)
        {R"({"name": "elements", "payload": "xml_elements", "triggers": [{"open": "<get_weather>"}], "markers": ["<|im_end|>"]})",
         "Checking.\n<get_weather>\n<city>Paris</city>\n<days>3</days>\n</get_weather>\n<get_weather>\n<city>Oslo</city>\n"
         "<opts>\n<deep>true</deep>\n</opts>\n</get_weather><|im_end|>",
         {{"get_weather", R"({"city":"Paris","days":3})"}, {"get_weather", R"({"city":"Oslo","opts":{"deep":true}})"}},
         "Checking."},
    };
    for (const slot_case& c : cases) {
      auto spec = toolcall::format_spec::from_json(c.file);
      REQUIRE_MESSAGE(spec, spec.error().detail);
      INFO(spec->name);
      const std::string json = spec->to_json();
      auto back = toolcall::format_spec::from_json(json);
      REQUIRE_MESSAGE(back, back.error().detail);
      CHECK(back->to_json() == json);
      auto f = toolcall::format::from_spec(*back);
      REQUIRE_MESSAGE(f, f.error().detail);
      toolcall::parser_registry reg;
      reg.add(*f);
      toolcall::parser p(reg);
      const toolcall::message m = p.parse(c.text);
      REQUIRE(m.calls.size() == c.calls.size());
      for (std::size_t k = 0; k < m.calls.size(); ++k) {
        CHECK(m.calls[k].name == c.calls[k].first);
        CHECK(m.calls[k].arguments == c.calls[k].second);
      }
      CHECK(tc_test::trim(m.content) == c.content);
      for (std::size_t step = 1; step < 12; ++step) {
        toolcall::stream_parser sp(reg);
        tc_test::folder fo;
        for (std::size_t i = 0; i < c.text.size(); i += step) sp.write(std::string_view(c.text).substr(i, step), fo);
        sp.finish(fo);
        CHECK_MESSAGE(calls_diff(fo.m, m).empty(), "step " << step << ": " << calls_diff(fo.m, m));
      }
    }
    const auto reg_of = [](const slot_case& c) {
      toolcall::parser_registry reg;
      reg.add(*toolcall::format::from_spec(*toolcall::format_spec::from_json(c.file)));
      return reg;
    };
    // the id holding the name is kept as the call's id
    {
      toolcall::parser p(reg_of(cases[3]));
      const toolcall::message m = p.parse(cases[3].text);
      REQUIRE(m.calls.size() == 2);
      CHECK(m.calls[0].id == "functions.get_weather:0");
      CHECK(m.calls[1].id == "set_alarm:1");
      // an id without its `:N` counter is no call id: an error, its text stays content, the
      // next call parses
      const toolcall::message bad = p.parse(
          "Help. <|sec|><|b|>functions.invalid.0 <|a|>{\"city\": \"Oslo\"}<|e|><|b|>functions.lookup:1 <|a|>{\"q\": \"x\"}<|e|><|/sec|>");
      REQUIRE(bad.calls.size() == 1);
      CHECK(bad.calls[0].name == "lookup");
      CHECK(bad.content.find("functions.invalid.0") != std::string::npos);
      bool err = false;
      for (const auto& d : bad.diagnostics) err |= d.level == toolcall::severity::error;
      CHECK(err);
    }
    // an unterminated key-value string stops at the next opener: that call fails, the next parses
    {
      toolcall::parser p(reg_of(cases[0]));
      const toolcall::message m = p.parse("<fc>call:get_weather{city:<q>Paris}</fc><fc>call:set_alarm{time:<q>7<q>}</fc>");
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "set_alarm");
      CHECK_FALSE(m.diagnostics.empty());
    }
    // a pythonic list opener without its `[` is a diagnostic, its text stays content
    {
      toolcall::parser p(reg_of(cases[1]));
      const toolcall::message m = p.parse("<|tc|>get_weather(city=\"Paris\")<|/tc|>");
      CHECK(m.calls.empty());
      CHECK_FALSE(m.diagnostics.empty());
      CHECK(m.content.find("get_weather(") != std::string::npos);
    }
    // pythonic lines: prose on the line after a call ends the region; the next line is content
    {
      toolcall::parser p(reg_of(cases[2]));
      const toolcall::message m = p.parse("<calls>get_weather(city=\"Paris\")\n- and that is all</calls>");
      REQUIRE(m.calls.size() == 1);
      CHECK(m.content.find("and that is all") != std::string::npos);
      // a line that starts with a word but is no `NAME(`: the calls before it stay, one shot and streamed
      const std::string text = "<calls>get_weather(city=\"Paris\")\nset_alarm(time=\"7\")\nThanks, done.";
      const toolcall::message w = p.parse(text);
      REQUIRE(w.calls.size() == 2);
      CHECK(w.content.find("Thanks, done.") != std::string::npos);
      for (std::size_t step = 1; step < 8; ++step) {
        toolcall::stream_parser sp(reg_of(cases[2]));
        tc_test::folder fo;
        for (std::size_t i = 0; i < text.size(); i += step) sp.write(std::string_view(text).substr(i, step), fo);
        sp.finish(fo);
        CHECK_MESSAGE(calls_diff(fo.m, w).empty(), "step " << step << ": " << calls_diff(fo.m, w));
      }
    }
    // name as key: one bad item fails the list, whose text stays content; no closer is needed
    {
      toolcall::parser p(reg_of(cases[4]));
      const toolcall::message m = p.parse("<|tools|>[{\"get_weather\": {\"city\": \"Oslo\"}}, {\"a\": 1, \"b\": {}}]<|/tools|>");
      CHECK(m.calls.empty());
      CHECK_FALSE(m.diagnostics.empty());
      CHECK(m.content.find("Oslo") != std::string::npos);
      const toolcall::message n = p.parse("<|tools|>[{\"get_weather\": {\"city\": \"Oslo\"}}]");
      REQUIRE(n.calls.size() == 1);
      CHECK(n.calls[0].arguments == R"({"city":"Oslo"})");
    }
    // xml_elements: the request's tools open their tags; prose naming a tag is no call
    {
      toolcall::parser p(reg_of(cases[6]));
      auto n = toolcall::normalizer::create(
          R"([{"type": "function", "function": {"name": "set_alarm", "parameters": {"type": "object",
              "properties": {"time": {"type": "string"}}}}}])");
      REQUIRE(n);
      n->attach(p);
      const toolcall::message m = p.parse("Use the <set_alarm> tool.\n<set_alarm>\n<time>07:30</time>\n</set_alarm>");
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].arguments == R"({"time":"07:30"})");
      CHECK(m.content.find("Use the <set_alarm> tool.") != std::string::npos);
    }
    // prompt_opens_call: only at the start of the output; a name later in prose is text
    {
      toolcall::parser p(reg_of(cases[5]));
      const toolcall::message m = p.parse("  lookup\n{\"q\": \"x\"}");
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "lookup");
      const toolcall::message prose = p.parse("Sure.\nlookup\n{\"q\": \"x\"}");
      CHECK(prose.calls.empty());
    }
    // json.skip_bad: a broken item of a list drops alone; without it the list fails
    for (const bool skip : {true, false}) {
      const std::string file = std::string(R"({"name": "acts", "call_begin": "<act>", "call_end": "</act>", "payload": "json_array",
          "json": {"skip_bad": )") + (skip ? "true" : "false") + "}}";
      auto spec = toolcall::format_spec::from_json(file);
      REQUIRE_MESSAGE(spec, spec.error().detail);
      CHECK(toolcall::format_spec::from_json(spec->to_json())->json.skip_bad == skip);
      toolcall::parser_registry reg;
      reg.add(*toolcall::format::from_spec(*spec));
      toolcall::parser p(reg);
      const toolcall::message m = p.parse(
          "<act>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lima\"}}, {\"name\": \"get_weather\", "
          "\"arguments\": {\"city\" \"Cusco\"}}]</act>");
      CHECK(m.calls.size() == (skip ? 1u : 0u));
      CHECK_FALSE(m.diagnostics.empty());
    }
    // bad combinations are from_spec's errors
    for (const char* bad : {R"({"name": "x", "call_begin": ">>>", "payload": "json_object", "prompt_opens_call": true})",
                            R"({"name": "x", "payload": "xml_elements", "triggers": [{"open": "get_weather("}]})",
                            R"({"name": "x", "payload": "xml_elements", "triggers": [{"open": "<a>", "close": "</a>"}]})",
                            R"({"name": "x", "call_begin": "<b>", "payload": "key_value"})",
                            R"({"name": "x", "call_begin": "<b>", "payload": "pythonic", "json": {"name_as_key": true}})",
                            R"({"name": "x", "call_begin": "<b>", "payload": "json_object", "pythonic": {"list": true}})",
                            R"({"name": "x", "call_begin": "<b>", "payload": "pythonic", "pythonic": {"list": true, "lines": true}})",
                            R"({"name": "x", "call_begin": "<b>", "payload": "json_object", "name_prefix": "functions."})",
                            R"({"name": "x", "call_begin": "<b>", "payload": "xml_parameters", "xml": {"function_open":
                                "<f name=", "function_name": "quoted", "function_close": "</f>", "parameter_name": "element"}})",
                            R"({"name": "x", "call_begin": "<b>", "payload": "xml_parameters", "xml": {"function_open":
                                "<f name=", "function_name": "quoted", "function_close": "</f>", "parameter_open": "<p name=",
                                "parameter_name": "quoted", "parameter_close": "</p>", "tag_prefix": "@@"}})"}) {
      auto s = toolcall::format_spec::from_json(bad);
      REQUIRE_MESSAGE(s, s.error().detail);
      CHECK_MESSAGE(!toolcall::format::from_spec(*s), bad);
    }
    auto key = toolcall::format_spec::from_json(R"({"name": "x", "pythonic": {"several": true}})");
    REQUIRE_FALSE(key);
    CHECK(key.error().detail.find("pythonic.several") != std::string::npos);
  }

  TEST_CASE("a spec declares the bare JSON shapes a room declares, with the fallback flag") {
    // a family whose server strips its special-token opener (Sarashina): the bare list at the
    // start of the output is its call; the opener still opens one
    auto list = toolcall::format_spec::from_json(
        R"({"name": "acme", "call_begin": "<|calls|>", "payload": "json_array",
            "bare_json": {"call_array": true, "name_key": true}, "markers": ["</s>"]})");
    REQUIRE_MESSAGE(list, list.error().detail);
    const std::string json = list->to_json();
    auto back = toolcall::format_spec::from_json(json);
    REQUIRE_MESSAGE(back, back.error().detail);
    CHECK(back->to_json() == json);
    CHECK(back->bare_json.call_array);
    CHECK(back->bare_json.name_key);
    CHECK_FALSE(back->bare_json.envelope);
    toolcall::parser_registry reg;
    reg.add(*toolcall::format::from_spec(*back));
    toolcall::parser p(reg);
    const std::string text = R"([{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "get_time", "arguments": {}}])";
    const toolcall::message m = p.parse(text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].format == "acme");
    CHECK(m.calls[1].arguments == "{}");
    for (std::size_t step = 1; step < 9; ++step) {
      toolcall::stream_parser sp(reg);
      CHECK_MESSAGE(calls_diff(stream(sp, text, step), m).empty(), "step " << step);
    }
    CHECK(p.parse("<|calls|>[{\"name\": \"get_time\", \"arguments\": {}}]</s>").calls.size() == 1);
    CHECK(p.parse("Sure: [{\"name\": \"get_time\", \"arguments\": {}}]").calls.empty());  // only at the start
    // fallback: a family that names a bare call only when no other enabled format has the shape
    auto fb = toolcall::format_spec::from_json(
        R"({"name": "fb", "call_begin": "<|fb|>", "payload": "json_object", "bare_json": {"name_key": true, "call_array": true,
            "fallback": true}})");
    REQUIRE_MESSAGE(fb, fb.error().detail);
    CHECK(toolcall::format_spec::from_json(fb->to_json())->bare_json.fallback);
    toolcall::parser_registry alone;
    alone.add(*toolcall::format::from_spec(*fb));
    toolcall::parser pa(alone);
    const toolcall::message a = pa.parse(text);
    REQUIRE(a.calls.size() == 2);
    CHECK(a.calls[0].format == "fb");
    toolcall::parser_registry both;
    both.add(*toolcall::format::from_spec(*fb));
    both.add(*toolcall::format::from_spec(*back));
    toolcall::parser pb(both);
    const toolcall::message b = pb.parse(text);
    REQUIRE(b.calls.size() == 2);
    CHECK(b.calls[0].format == "acme");
    // shapes only: no opener needed; fallback alone and unknown keys are errors
    auto only = toolcall::format_spec::from_json(R"({"name": "o", "payload": "json_array", "bare_json": {"call_array": true}})");
    REQUIRE(only);
    CHECK(toolcall::format::from_spec(*only));
    auto lone = toolcall::format_spec::from_json(R"({"name": "o", "call_begin": "<x>", "bare_json": {"fallback": true}})");
    REQUIRE(lone);
    CHECK_FALSE(toolcall::format::from_spec(*lone));
    auto bad = toolcall::format_spec::from_json(R"({"name": "o", "bare_json": {"lists": true}})");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().detail.find("bare_json.lists") != std::string::npos);
  }

  TEST_CASE("to_spec of a format with its own handler says so") {
    auto h = toolcall::format::builtin("hermes");
    REQUIRE(h);
    auto s = h->to_spec();
    REQUIRE_FALSE(s);
    CHECK(s.error().code == toolcall::errc::unknown_format);
  }
  TEST_CASE("xml.repeated_key: a parameter given twice, read as the spec says, through the JSON file") {
    // Qwen3-Coder-like tags; the model writes `city` twice in one call
    const std::string text =
        "Checking.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n"
        "<parameter=city>\nLyon\n</parameter>\n</function>\n</tool_call>";
    struct row {
      const char* value;
      toolcall::xml_repeated_key key;
      const char* arguments;  // null: the call fails
    };
    const row rows[] = {{"last", toolcall::xml_repeated_key::last, R"({"city":"Paris","city":"Lyon"})"},
                        {"first", toolcall::xml_repeated_key::first, R"({"city":"Paris"})"},
                        {"drop", toolcall::xml_repeated_key::drop, nullptr}};
    for (const row& r : rows) {
      INFO(r.value);
      const std::string file = std::string(R"({"name": "rk", "call_begin": "<tool_call>", "call_end": "</tool_call>",
          "payload": "xml_parameters", "xml": {"function_open": "<function=", "function_close": "</function>",
          "parameter_open": "<parameter=", "parameter_close": "</parameter>", "trim": "one_newline",
          "repeated_key": ")") + r.value + "\"}}";
      auto spec = toolcall::format_spec::from_json(file);
      REQUIRE_MESSAGE(spec, spec.error().detail);
      CHECK(spec->xml.repeated_key == r.key);
      const std::string json = spec->to_json();
      CHECK(json.find(std::string("\"repeated_key\": \"") + r.value + "\"") != std::string::npos);
      auto back = toolcall::format_spec::from_json(json);
      REQUIRE(back);
      CHECK(back->xml.repeated_key == r.key);
      CHECK(back->to_json() == json);
      auto f = toolcall::format::from_spec(*back);
      REQUIRE_MESSAGE(f, f.error().detail);
      toolcall::parser_registry reg;
      reg.add(*f);
      toolcall::parser p(reg);
      const toolcall::message m = p.parse(text);
      CHECK(tc_test::trim(m.content).rfind("Checking.", 0) == 0);
      if (r.arguments) {
        REQUIRE(m.calls.size() == 1);
        CHECK(m.calls[0].name == "get_weather");
        CHECK(m.calls[0].arguments == r.arguments);
      } else {
        CHECK(m.calls.empty());
      }
      bool said = false;  // never silent
      for (const auto& d : m.diagnostics) said = said || d.code == toolcall::errc::invalid_arguments || d.code == toolcall::errc::invalid_call;
      CHECK(said);
      toolcall::stream_parser sp(reg);
      for (std::size_t step = 1; step < 9; ++step) CHECK(calls_diff(stream(sp, text, step), m).empty());
    }
    // the default is last; a bad value names the key; element parameters keep last
    CHECK(toolcall::format_spec{}.xml.repeated_key == toolcall::xml_repeated_key::last);
    auto bad = toolcall::format_spec::from_json(R"({"name": "rk", "payload": "xml_parameters", "xml": {"repeated_key": "middle"}})");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().detail.find("xml.repeated_key") != std::string::npos);
    toolcall::format_spec m3 = *toolcall::format::builtin("minimax_m3")->to_spec();
    m3.xml.repeated_key = toolcall::xml_repeated_key::first;
    CHECK_FALSE(toolcall::format::from_spec(m3));
  }
  TEST_CASE("xml.cdata and xml.tokenizer_spaces: a CDATA value and tags a tokenizer left `Ġ` in or joined, through the JSON file") {
    // MiniCPM5-like tags: `<function` opens the call, `name=` its attribute
    const std::string file = R"({"name": "cd", "call_begin": "<function", "payload": "xml_parameters",
        "xml": {"function_open": "name=", "function_name": "quoted", "function_close": "</function>",
        "parameter_open": "<param name=", "parameter_name": "quoted", "parameter_close": "</param>",
        "cdata": true, "tokenizer_spaces": true}})";
    auto spec = toolcall::format_spec::from_json(file);
    REQUIRE_MESSAGE(spec, spec.error().detail);
    CHECK(spec->xml.cdata);
    CHECK(spec->xml.tokenizer_spaces);
    const std::string json = spec->to_json();
    CHECK(json.find("\"cdata\": true") != std::string::npos);
    CHECK(json.find("\"tokenizer_spaces\": true") != std::string::npos);
    auto back = toolcall::format_spec::from_json(json);
    REQUIRE(back);
    CHECK(back->to_json() == json);
    auto f = toolcall::format::from_spec(*back);
    REQUIRE_MESSAGE(f, f.error().detail);
    toolcall::parser_registry reg;
    reg.add(*f);
    const std::vector<tc_test::want_call> want = {{"run_sql", R"({"query":"SELECT *\nFROM t WHERE a < 3","db":"main"})"}};
    const toolcall::message m = tc_test::expect_message(
        reg,
        "Running it.\n<function name=\"run_sql\"><param name=\"query\"><![CDATA[SELECT *\nFROM t "
        "WHERE a < 3]]></param><param name=\"db\">main</param></function>",
        want);
    CHECK(tc_test::trim(m.content) == "Running it.");
    tc_test::expect_message(reg,
                            "<function\xC4\xA0name=\"run_sql\"><param\xC4\xA0name=\"query\"><![CDATA[SELECT *\nFROM t "
                            "WHERE a < 3]]></param><paramname=\"db\">main</param></function>",
                            want);
    tc_test::expect_message(reg,
                            "<functionname=\"run_sql\"><paramname=\"query\">SELECT *\nFROM t WHERE a < 3</param>"
                            "<paramname=\"db\">main</param></function>",
                            want);
    // off (the default): the CDATA wrapper is text of the value
    auto plain = toolcall::format_spec::from_json(file);
    REQUIRE(plain);
    plain->xml.cdata = plain->xml.tokenizer_spaces = false;
    toolcall::parser_registry pr;
    pr.add(*toolcall::format::from_spec(*plain));
    tc_test::expect_message(pr, "<function name=\"run_sql\"><param name=\"db\"><![CDATA[main]]></param></function>",
                            {{"run_sql", R"({"db":"<![CDATA[main]]>"})"}});
  }

  TEST_CASE("token_suffix: the tokens are read with the tokenizer's suffix and without it, through the JSON file") {
    // a JSON payload: the opener, the closer, a marker and a reasoning pair each get a bare twin
    const std::string file = R"({"name": "sfx", "call_begin": "<call:v2>", "call_end": "</call:v2>",
        "payload": "json_object", "markers": ["<|end:v2|>"], "reasoning": [{"open": "<think:v2>", "close": "</think:v2>"}],
        "token_suffix": ":v2"})";
    auto spec = toolcall::format_spec::from_json(file);
    REQUIRE_MESSAGE(spec, spec.error().detail);
    CHECK(spec->token_suffix == ":v2");
    const std::string json = spec->to_json();
    CHECK(json.find("\"token_suffix\": \":v2\"") != std::string::npos);
    auto back = toolcall::format_spec::from_json(json);
    REQUIRE(back);
    CHECK(back->to_json() == json);
    auto f = toolcall::format::from_spec(*back);
    REQUIRE_MESSAGE(f, f.error().detail);
    auto kept = f->to_spec();  // the format keeps the spec as written, not its twins
    REQUIRE(kept);
    CHECK(kept->triggers.empty());
    CHECK(kept->markers.size() == 1);
    toolcall::parser_registry reg;
    reg.add(*f);
    // a JSON string's text is never rewritten: a bare token inside a value stays as written
    tc_test::expect_message(reg, "<call:v2>{\"name\": \"note\", \"arguments\": {\"text\": \"<call> and </call> tags\"}}</call:v2>",
                            {{"note", R"({"text":"<call> and </call> tags"})"}});
    const std::vector<tc_test::want_call> want = {{"get_weather", R"({"city":"Paris"})"}};
    for (const char* text : {"<think:v2>plan</think:v2>Sure.<call:v2>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</call:v2><|end:v2|>",
                             "<think>plan</think>Sure.<call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</call><|end|>",
                             "<think>plan</think>Sure.\r\n<call>\r\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\r\n</call>\r\n<|end|>"}) {
      const toolcall::message m = tc_test::expect_message(reg, text, want);
      CHECK_MESSAGE(tc_test::trim(m.content) == "Sure.", text);
      CHECK_MESSAGE(m.reasoning == "plan", text);
    }
    // XML tags inside the region: a bare tag reads as the suffixed one, a cut call is not silent
    const std::string xml_file = R"({"name": "sfx_xml", "call_begin": "<tool_call:v2>", "call_end": "</tool_call:v2>",
        "payload": "xml_parameters", "token_suffix": ":v2",
        "xml": {"function_name": "to_line", "parameter_open": "<arg_key:v2>", "parameter_name": "to_tag",
                "parameter_name_end": "</arg_key:v2>", "value_open": "<arg_value:v2>", "parameter_close": "</arg_value:v2>",
                "schema_tags": false}})";
    auto xs = toolcall::format_spec::from_json(xml_file);
    REQUIRE_MESSAGE(xs, xs.error().detail);
    toolcall::parser_registry xr;
    xr.add(*toolcall::format::from_spec(*xs));
    for (const char* text : {"<tool_call:v2>get_weather\n<arg_key:v2>city</arg_key:v2>\n<arg_value:v2>Paris</arg_value:v2>\n</tool_call:v2>",
                             "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>",
                             "<tool_call>get_weather\r\n<arg_key:v2>city</arg_key>\r\n<arg_value>Paris</arg_value:v2>\r\n</tool_call>"})
      tc_test::expect_message(xr, text, want);
    toolcall::parser cut(xr);
    const toolcall::message m = cut.parse("Let me look.<tool_call>");
    CHECK(m.calls.empty());
    CHECK_FALSE(m.diagnostics.empty());
    // a suffix does not apply to recipient headers
    toolcall::format_spec bad = *xs;
    bad.recipients.message = "<|message|>";
    bad.recipients.start = "<|start|>";
    bad.xml.invoke_lead = "<invoke";
    CHECK_FALSE(toolcall::format::from_spec(bad));
  }

  TEST_CASE("docs/format_spec.schema.json describes every key and value to_json writes") {
    simdjson::dom::parser sp, dp;
    const std::string schema_text =
        tc_test::read_file(std::string(TOOLCALL_TEST_DATA_DIR) + "/../../docs/format_spec.schema.json");
    simdjson::dom::element schema;
    REQUIRE_FALSE(sp.parse(schema_text).get(schema));
    simdjson::dom::element defs = schema["$defs"].value_unsafe();
    std::vector<toolcall::format_spec> specs;
    const toolcall::parser_registry all = toolcall::parser_registry::builtin();
    for (const toolcall::format& f : all.formats())
      if (auto s = f.to_spec()) specs.push_back(*s);
    REQUIRE(specs.size() >= 10);
    // every enum value of the XML slots, and each payload's own keys
    toolcall::format_spec x = specs.front();
    x.payload = toolcall::payload_kind::xml_parameters;
    for (auto k : {toolcall::xml_repeated_key::last, toolcall::xml_repeated_key::first, toolcall::xml_repeated_key::drop}) {
      x.xml.repeated_key = k;
      specs.push_back(x);
    }
    x.token_suffix = ":v2";  // written only when set
    specs.push_back(x);
    x.token_suffix.clear();
    for (auto pk : {toolcall::payload_kind::pythonic, toolcall::payload_kind::regex, toolcall::payload_kind::name_json,
                    toolcall::payload_kind::key_value, toolcall::payload_kind::xml_elements, toolcall::payload_kind::json_array}) {
      x.payload = pk;
      specs.push_back(x);
    }
    for (const auto& s : specs) {
      const std::string json = s.to_json();
      simdjson::dom::element v;
      REQUIRE_FALSE(dp.parse(json).get(v));
      std::vector<std::string> gaps;
      schema_gaps(v, schema, defs, s.name, gaps);
      for (const auto& g : gaps) CHECK_MESSAGE(false, g);
    }
  }
}
