// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// format::learn (docs/learning.md). tests/data/learn/<family>.json holds
// the probe turns python/src/toolcall/learn.py rendered from tests/data/templates/<family>.jinja
// with jinja2 (python/tests/test_learn.py renders them afresh and checks they are the same). A
// spec learned from them alone must parse the family's corpus cases as the built-in room does.

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "toolcall/toolcall.hpp"

namespace {

std::vector<toolcall::learn_sample> samples_of(const std::string& family) {
  const std::string text = tc_test::read_file(std::string(TOOLCALL_TEST_DATA_DIR) + "/learn/" + family + ".json");
  auto s = toolcall::learn_sample::from_json(text);
  REQUIRE_MESSAGE(s, family << ": " << s.error().detail);
  return *s;
}

// the spec learned from a family's samples (the test stops when learning fails)
toolcall::format_spec learned(const std::string& family) {
  auto spec = toolcall::format::learn(samples_of(family));
  REQUIRE_MESSAGE(spec, family << ": " << spec.error().detail);
  return *spec;
}

// a registry holding that spec alone
toolcall::parser_registry registry_of(const toolcall::format_spec& spec) {
  auto f = toolcall::format::from_spec(spec);
  REQUIRE_MESSAGE(f, f.error().detail);
  toolcall::parser_registry reg;
  reg.add(std::move(*f));
  return reg;
}

}  // namespace

TEST_SUITE("toolcall/learn") {
  TEST_CASE("a spec learned from a family's rendered template parses its corpus as the room does") {
    const auto corpus = tc_test::load_corpus();
    // the built-in families with a template excerpt (docs/learning.md records the outcome),
    // compared on every corpus case of the family (the case's tools attached when it has some):
    // `enough`: the learned spec alone reads >= 90 % of the corpus calls as the room does;
    // `partial`: at least half (the room knows more than the template shows: GLM decodes JSON
    // values, drift spellings); `fails`: learning stops with an error naming the slot
    enum outcome { enough, partial, fails };
    struct fam_case {
      const char* fam;
      outcome out;
      const char* why;
    };
    const fam_case table[] = {
        {"glm", partial, ""},          {"seed_oss", enough, ""},       {"step3", enough, ""},
        {"internlm2", enough, ""},     {"functools", enough, ""},
        {"jamba", enough, ""},         {"minimax_m2", enough, ""},     {"deepseek_dsml", partial, ""},
        {"granite", partial, ""},
        // a bare list at the start (json.require_arguments: a list of names alone is data), also
        // inside a ```json fence; the room also reads xLAM-1's {"tool_calls": [...]} object
        {"xlam", enough, ""},
        // the room keeps the good items of an action list with a bad one; the template shows none
        {"cohere", partial, ""},
        // key_value: `call:NAME{key:<D>text<D>}` with the string delimiter learned
        {"function_gemma", enough, ""}, {"gemma4", enough, ""},
        // the template renders the first call of a turn only; the room also reads 3.1's
        // `<|function_call|>`, which this template never writes
        {"gigachat3", partial, ""},
        // name_prefix and name_index: the name inside the call id (`functions.get_weather:0`)
        {"kimi_k2", enough, ""},
        // pythonic.list (a list after one opener) and pythonic.lines (one call per line)
        {"lfm2", enough, ""},          {"olmo3", enough, ""},
        // json.name_as_key: calls written `{"NAME": {arguments}}`, the name the only key
        {"apertus", enough, ""},
        // prompt_opens_call: the first call has no `>>>` (the generation prompt wrote it)
        {"functionary_v32", enough, ""},
        // xml_elements: tag-per-tool XML, the tool's name is the tag (the request's tools open it)
        {"morph_xml", enough, ""},
    };
    for (const fam_case& fc : table) {
      const char* fam = fc.fam;
      INFO(std::string(fam));
      auto spec = toolcall::format::learn(samples_of(fam));
      if (fc.out == fails) {
        REQUIRE_FALSE(spec);
        CHECK(spec.error().code == toolcall::errc::invalid_input);
        CHECK_MESSAGE(spec.error().detail.find(fc.why) != std::string::npos, spec.error().detail);
        MESSAGE(std::string(fam) << ": " << spec.error().detail);
        continue;
      }
      REQUIRE_MESSAGE(spec, spec.error().detail);
      spec->name = fam;  // the calls report the family, as the room's do
      auto f = toolcall::format::from_spec(*spec);
      REQUIRE_MESSAGE(f, f.error().detail);
      toolcall::parser_registry learned;
      learned.add(*f);
      learned.add(*toolcall::format::builtin("reasoning"));
      toolcall::parser_registry room = *toolcall::parser_registry::only(fam);
      std::size_t calls = 0, same = 0, cases = 0;
      for (const auto& c : corpus) {
        if (c.family != fam) continue;
        ++cases;
        toolcall::parser pr(room), pl(learned);
        if (!c.tools_json.empty()) {  // the request's tools, attached to both
          REQUIRE(tc_test::attach_tools(c, pr));
          REQUIRE(tc_test::attach_tools(c, pl));
        }
        const toolcall::message a = pr.parse(c.input), b = pl.parse(c.input);
        for (std::size_t k = 0; k < a.calls.size(); ++k) {
          ++calls;
          if (k < b.calls.size() && a.calls[k].name == b.calls[k].name && a.calls[k].arguments == b.calls[k].arguments)
            ++same;
          else
            MESSAGE(c.id << " call " << k << " differs: " << (k < b.calls.size() ? b.calls[k].arguments : "(none)"));
        }
        if (b.calls.size() > a.calls.size()) {  // extra calls count against
          calls += b.calls.size() - a.calls.size();
          MESSAGE(c.id << ": " << b.calls.size() - a.calls.size() << " call(s) the room does not read");
        }
      }
      MESSAGE(std::string(fam) << ": " << same << "/" << calls << " calls of " << cases << " cases as the room reads them");
      CHECK(cases >= 8);
      CHECK(calls > 0);
      // the issue's bar for a built-in family learned afresh; where the room knows more than the
      // template shows (GLM decodes JSON values, value trim, drift spellings), at least half
      if (fc.out == enough) CHECK(same * 10 >= calls * 9);
      else CHECK(same * 2 >= calls);
    }
  }

  TEST_CASE("the families added in 0.3, learned from their template excerpts") {
    // tests/data/templates/<family>.jinja, rendered by learn.py's probes into tests/data/learn;
    // the calls are compared with the room's on every corpus case of the family, the request's
    // tools attached to both (docs/learning.md records the outcome and the reasons)
    const auto corpus = tc_test::load_corpus();
    enum outcome { enough, partial, fails };
    struct fam_case {
      const char* fam;
      outcome out;
      const char* why;  // fails: the slot the error names
    };
    const fam_case table[] = {
        {"nemotron_json", enough, ""},  {"minimax_m1", enough, ""},     {"longcat", enough, ""},
        {"inkling", enough, ""},        {"gigachat35", enough, ""},     {"hyperclovax", enough, ""},
        {"solar_open2", enough, ""},    {"minicpm", partial, ""},       {"dots", partial, ""},
        {"command_r", partial, ""},
        // bare_json.call_array: servers strip the special-token opener, the bare list is the call
        {"sarashina", enough, ""},
        // xml.name_separator (Hy3 `NAME<tool_sep>`); the tags' shared `:opensource` is the
        // tokenizer's suffix (token_suffix): the spelling without it is read too, as the room reads it
        {"hy3", enough, ""},
        // a name_end then optional arguments_lead tokens
        {"plamo3", enough, ""},
        // tool_name_triggers: bare `NAME(...)` lines opened by the declared tools
        {"granite_pythonic", enough, ""},
        // xml.tag_end and xml.type_names (`<|sep|>`-ended XTML tags)
        {"kimi_k3", enough, ""},
        // id_end: an id slot before the name
        {"solar_open", enough, ""},
        // xml.parameter_name element behind xml.tag_prefix (`]<]minimax[>[<city>Paris]<]minimax[>[</city>`)
        {"minimax_m3", enough, ""},
        // recipients: `to=NAME<|message|>` headers; the vendor json-decodes untyped values, the
        // template does not show it
        {"muse_glimmer", partial, ""},
    };
    for (const fam_case& fc : table) {
      INFO(std::string(fc.fam));
      auto spec = toolcall::format::learn(samples_of(fc.fam));
      if (fc.out == fails) {
        REQUIRE_FALSE(spec);
        CHECK(spec.error().code == toolcall::errc::invalid_input);
        CHECK_MESSAGE(spec.error().detail.find(fc.why) != std::string::npos, spec.error().detail);
        continue;
      }
      REQUIRE_MESSAGE(spec, spec.error().detail);
      spec->name = fc.fam;
      auto f = toolcall::format::from_spec(*spec);
      REQUIRE_MESSAGE(f, f.error().detail);
      toolcall::parser_registry learned;
      learned.add(*f);
      learned.add(*toolcall::format::builtin("reasoning"));
      toolcall::parser_registry room = *toolcall::parser_registry::only(fc.fam);
      std::size_t calls = 0, same = 0, cases = 0;
      for (const auto& c : corpus) {
        if (c.family != fc.fam) continue;
        ++cases;
        toolcall::parser pr(room), pl(learned);
        REQUIRE(tc_test::attach_tools(c, pr));
        REQUIRE(tc_test::attach_tools(c, pl));
        const toolcall::message a = pr.parse(c.input), b = pl.parse(c.input);
        for (std::size_t k = 0; k < a.calls.size(); ++k) {
          ++calls;
          if (k < b.calls.size() && a.calls[k].name == b.calls[k].name && a.calls[k].arguments == b.calls[k].arguments)
            ++same;
          else
            MESSAGE(c.id << " call " << k << " differs: " << (k < b.calls.size() ? b.calls[k].arguments : "(none)"));
        }
        if (b.calls.size() > a.calls.size()) {
          calls += b.calls.size() - a.calls.size();
          MESSAGE(c.id << ": " << b.calls.size() - a.calls.size() << " call(s) the room does not read");
        }
      }
      MESSAGE(std::string(fc.fam) << ": " << same << "/" << calls << " calls of " << cases << " cases as the room reads them");
      CHECK(cases >= 8);
      CHECK(calls > 0);
      if (fc.out == enough) CHECK(same * 10 >= calls * 9);
      else CHECK(same * 2 >= calls);
    }
  }

  TEST_CASE("learning pythonic calls, and XML calls whose function tag opens them") {
    // an invented family: each pythonic call in its own <call> ... </call>
    toolcall::learn_sample a;
    a.rendered = "Checking.<call>get_weather(city=\"Paris\", days=3)</call><call>set_alarm(time='07:30', "
                 "options={'repeat': 'daily', 'loud': True})</call><eot>";
    a.content = "Checking.";
    a.tool_calls = {{"get_weather", R"({"city": "Paris", "days": 3})"},
                    {"set_alarm", R"({"time": "07:30", "options": {"repeat": "daily", "loud": true}})"}};
    auto spec = toolcall::format::learn({a});
    REQUIRE_MESSAGE(spec, spec.error().detail);
    CHECK(spec->payload == toolcall::payload_kind::pythonic);
    CHECK(spec->call_begin == "<call>");
    CHECK(spec->call_end == "</call>");
    toolcall::parser_registry reg = registry_of(*spec);
    toolcall::parser p(reg);
    const toolcall::message m = p.parse("Sure.<call>lookup(q=\"toolcall\", n=2)</call><eot>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "lookup");
    CHECK(m.calls[0].arguments == R"({"q":"toolcall","n":2})");
    CHECK(m.content == "Sure.");

    // bare pythonic lines: each call opens at a declared tool's name at a line start
    toolcall::learn_sample b;
    b.rendered = "get_weather(city=\"Paris\")\nset_alarm(time=\"07:30\")<eot>";
    b.tool_calls = {{"get_weather", R"({"city": "Paris"})"}, {"set_alarm", R"({"time": "07:30"})"}};
    auto bare = toolcall::format::learn({b});
    REQUIRE_MESSAGE(bare, bare.error().detail);
    CHECK(bare->tool_name_triggers);
    CHECK(bare->call_begin.empty());
    {
      toolcall::parser_registry lines = registry_of(*bare);
      toolcall::parser lp(lines);
      auto n = toolcall::normalizer::create(
          R"([{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}}])");
      REQUIRE(n);
      n->attach(lp);
      const toolcall::message lm = lp.parse("Looking.\nlookup(q=\"toolcall\")<eot>");
      REQUIRE(lm.calls.size() == 1);
      CHECK(lm.calls[0].arguments == R"({"q":"toolcall"})");
      CHECK(lm.content.find("lookup(") == std::string::npos);
    }
    // bare calls in the middle of a line: no opener to learn, and the error says so
    b.rendered = "Sure: get_weather(city=\"Paris\"), set_alarm(time=\"07:30\")";
    b.content = "Sure:";
    auto mid = toolcall::format::learn({b});
    REQUIRE_FALSE(mid);
    CHECK_MESSAGE(mid.error().detail.find("call opener") != std::string::npos, mid.error().detail);

    // no wrapper: the function tag opens each call (its name the opener, the attribute the
    // function_open)
    toolcall::learn_sample c;
    c.rendered = "<fn name=\"get_weather\"><arg name=\"city\">Paris</arg></fn>\n<fn name=\"set_alarm\"><arg "
                 "name=\"time\">07:30</arg></fn><eot>";
    c.tool_calls = {{"get_weather", R"({"city": "Paris"})"}, {"set_alarm", R"({"time": "07:30"})"}};
    auto xml = toolcall::format::learn({c});
    REQUIRE_MESSAGE(xml, xml.error().detail);
    CHECK(xml->payload == toolcall::payload_kind::xml_parameters);
    CHECK(xml->call_begin == "<fn");
    CHECK(xml->xml.function_open == "name=");
  }

  TEST_CASE("learning parameters written as elements behind a token before every tag") {
    // an invented family: `@ns@` before each tag, `<fn id="NAME">` functions, parameters
    // named by their tags (MiniMax-M3's shape with other spellings)
    toolcall::learn_sample a;
    a.rendered = "Checking.\n@ns@<calls>\n@ns@<fn id=\"get_weather\">\n@ns@<city>Paris@ns@</city>\n@ns@<days>3@ns@</days>\n"
                 "@ns@</fn>\n@ns@<fn id=\"set_alarm\">\n@ns@<time>07:30@ns@</time>\n@ns@<options>{\"repeat\": \"daily\"}"
                 "@ns@</options>\n@ns@</fn>\n@ns@</calls>\n<end>";
    a.content = "Checking.";
    a.tool_calls = {{"get_weather", R"({"city": "Paris", "days": 3})"},
                    {"set_alarm", R"({"time": "07:30", "options": {"repeat": "daily"}})"}};
    auto spec = toolcall::format::learn({a});
    REQUIRE_MESSAGE(spec, spec.error().detail);
    CHECK(spec->payload == toolcall::payload_kind::xml_parameters);
    CHECK(spec->xml.parameter_name == toolcall::xml_name_style::element);
    CHECK(spec->xml.tag_prefix == "@ns@");
    CHECK(spec->xml.function_open == "<fn id=");
    CHECK(spec->call_begin == "@ns@<calls>");
    CHECK(spec->call_end == "@ns@</calls>");
    auto back = toolcall::format_spec::from_json(spec->to_json());
    REQUIRE(back);
    toolcall::parser_registry reg = registry_of(*back);
    toolcall::parser p(reg);
    // nested elements are objects, repeated ones arrays; an `@` in a value is text
    const toolcall::message m = p.parse(
        "Ok.\n@ns@<calls>@ns@<fn id=\"lookup\">@ns@<q>a@b.c@ns@</q>@ns@<opts>@ns@<tag>x@ns@</tag>@ns@<tag>y@ns@</tag>"
        "@ns@</opts>@ns@</fn>@ns@</calls><end>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "lookup");
    CHECK(m.calls[0].arguments == R"({"q":"a@b.c","opts":{"tag":["x","y"]}})");
    CHECK(m.content == "Ok.");
  }

  TEST_CASE("learned pythonic calls read Python as the pythonic rooms do") {
    // LFM2's template: `<|tool_call_start|>[f(a=1), g()]<|tool_call_end|>` (pythonic.list)
    const toolcall::format_spec lfm = learned("lfm2");
    REQUIRE(lfm.pythonic.list);
    toolcall::parser_registry lr = registry_of(lfm);
    // a set is a list, `07` is 7, a quote that cannot close its string is text of it
    tc_test::expect_message(lr, "Labelling it.<|tool_call_start|>[label(tags={'urgent', 'bug'})]<|tool_call_end|>",
                            {{"label", R"({"tags":["urgent","bug"]})"}}, {"Labelling it."});
    tc_test::expect_message(lr, "<|tool_call_start|>[set_date(month=07, day=05)]<|tool_call_end|><|im_end|>",
                            {{"set_date", R"({"month":7,"day":5})"}});
    tc_test::expect_message(lr,
                            "<|tool_call_start|>[bash(command='sed -n '120,180p' src/parser.py')]<|tool_call_end|>",
                            {{"bash", R"({"command":"sed -n '120,180p' src/parser.py"})"}});

    // Olmo 3's template: one call a line in `<function_calls>` (pythonic.lines)
    const toolcall::format_spec olmo = learned("olmo3");
    REQUIRE(olmo.pythonic.lines);
    toolcall::parser_registry orr = registry_of(olmo);
    // a line whose call breaks is dropped alone, before or after the good ones
    const toolcall::message bad = tc_test::expect_message(
        orr, "<function_calls>fetch(url=b'http://x')\nget_weather(city=\"Lyon\", days=2)</function_calls>",
        {{"get_weather", R"({"city":"Lyon","days":2})"}});
    CHECK(tc_test::has_diagnostic(bad, toolcall::errc::invalid_call));
    tc_test::expect_message(
        orr, "<function_calls>get_weather(city=\"Lyon\")\nfetch(url=b'http://x')\nget_time(tz=\"CET\")</function_calls>",
        {{"get_weather", R"({"city":"Lyon"})"}, {"get_time", R"({"tz":"CET"})"}});
    // the closer on the broken line ends the block
    tc_test::expect_message(orr, "<function_calls>get_weather(city=\"Lyon\")\nfetch(url=b'x')</function_calls> Done.",
                            {{"get_weather", R"({"city":"Lyon"})"}});
    // a number no double holds drops its call, the sibling stays
    const toolcall::message inf = tc_test::expect_message(
        orr, "<function_calls>calc(x=1e999)\nget_weather(city=\"Lyon\")</function_calls>",
        {{"get_weather", R"({"city":"Lyon"})"}});
    CHECK(tc_test::has_diagnostic(inf, toolcall::errc::invalid_arguments));
    // no good line: no call, the text stays content
    const toolcall::message none = tc_test::expect_message(orr, "<function_calls>fetch(url=b'x')</function_calls>", {});
    CHECK(none.content.find("fetch(") != std::string::npos);
  }

  TEST_CASE("a learned block of JSON calls with a closer drops a line that is not a call alone") {
    // MiniMax-M1's template: `<tool_calls>` then one call object a line, then `</tool_calls>`
    const toolcall::format_spec spec = learned("minimax_m1");
    REQUIRE(spec.json.several);
    toolcall::parser_registry reg = registry_of(spec);
    const toolcall::message m = tc_test::expect_message(
        reg,
        "Let me look.\n<tool_calls>\n{\"name\": \"search_web\", \"arguments\": {\"query\": \"Lyon weather\"}}\n"
        "{\"name\": \"get_time\" \"arguments\": {\"tz\": \"CET\"}}\n"
        "{\"name\": \"open_page\"}\n"
        "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lyon\"}}\n</tool_calls>",
        {{"search_web", R"({"query":"Lyon weather"})"}, {"get_weather", R"({"city":"Lyon"})"}});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    // no line is a call: the block fails, its text stays content
    const toolcall::message none =
        tc_test::expect_message(reg, "<tool_calls>\n{\"name\": \"open_page\"}\n</tool_calls>", {});
    CHECK(none.content.find("open_page") != std::string::npos);
  }

  TEST_CASE("learned XML values in CDATA are their text, and tags a tokenizer left `Ġ` in or joined are the tags") {
    // MiniCPM's template: `<function name="NAME"><param name="K">V</param></function>`
    const toolcall::format_spec spec = learned("minicpm");
    CHECK(spec.xml.cdata);
    CHECK(spec.xml.tokenizer_spaces);
    toolcall::parser_registry reg = registry_of(spec);
    tc_test::expect_message(reg,
                            "<function name=\"write_file\"><param name=\"path\">notes.md</param><param "
                            "name=\"text\"><![CDATA[# Plan\n- a < b & c]]></param></function>",
                            {{"write_file", R"({"path":"notes.md","text":"# Plan\n- a < b & c"})"}});
    tc_test::expect_message(reg,
                            "<functionname=\"get_weather\"><paramname=\"city\">Dallas</param><paramname=\"unit\">"
                            "fahrenheit</param></function>",
                            {{"get_weather", R"({"city":"Dallas","unit":"fahrenheit"})"}});
    tc_test::expect_message(reg,
                            "<function\xC4\xA0name=\"get_weather\"><param\xC4\xA0name=\"city\">Dallas</param></function>",
                            {{"get_weather", R"({"city":"Dallas"})"}});
  }

  TEST_CASE("a learned key-value body reads a key right after a delimited value, its comma missing") {
    // FunctionGemma's template: `call:NAME{key:<escape>text<escape>,n:3}` (key_value)
    const toolcall::format_spec spec = learned("function_gemma");
    REQUIRE(spec.payload == toolcall::payload_kind::key_value);
    toolcall::parser_registry reg = registry_of(spec);
    const toolcall::message m = tc_test::expect_message(
        reg,
        "<start_function_call>call:get_weather{city:<escape>Nairobi<escape>unit:<escape>celsius<escape>}"
        "<end_function_call>",
        {{"get_weather", R"({"city":"Nairobi","unit":"celsius"})"}});
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].status == toolcall::call_status::repaired);
    // a bare word after a value is no key: the call fails, its text stays content
    const toolcall::message bad = tc_test::expect_message(
        reg, "<start_function_call>call:get_weather{city:<escape>Nairobi<escape> now}<end_function_call>", {});
    CHECK(bad.content.find("Nairobi") != std::string::npos);
  }

  TEST_CASE("a learned key-value block holds several calls, each after the last one's brace") {
    // Gemma 4 writes `<|tool_call>call:a{...}call:b{...}<tool_call|>` for two calls at once; the
    // room reads both, and so does the spec learned from its template (one call per block there)
    const toolcall::format_spec spec = learned("gemma4");
    REQUIRE(spec.payload == toolcall::payload_kind::key_value);
    toolcall::parser_registry reg = registry_of(spec);
    tc_test::want_more more;
    more.content = "Both at once.";
    tc_test::expect_message(reg,
                            "Both at once.<|tool_call>call:get_weather{city:<|\"|>Lyon<|\"|>}call:get_time{tz:<|\"|>CET<|\"|>,"
                            "precise:true}<tool_call|>",
                            {{"get_weather", R"({"city":"Lyon"})"}, {"get_time", R"({"tz":"CET","precise":true})"}}, more);
    // `call:` in prose after the block is prose
    more.content = "Then I will call: the office.";
    tc_test::expect_message(reg, "<|tool_call>call:ping{}<tool_call|>Then I will call: the office.", {{"ping", "{}"}}, more);
  }

  TEST_CASE("a learned XML format whose functions have no closer keeps a call whose closer a stop sequence ate") {
    // GLM's template: `<tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n</tool_call>`
    const toolcall::format_spec spec = learned("glm");
    CHECK(spec.xml.function_close.empty());
    CHECK(spec.xml.close_at_end);
    toolcall::parser_registry reg = registry_of(spec);
    toolcall::parser p(reg);
    const toolcall::message m = p.parse("Looking.\n<tool_call>lookup\n<arg_key>q</arg_key>\n<arg_value>toolcall</arg_value>\n");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == R"({"q":"toolcall"})");
    CHECK(m.calls[0].status == toolcall::call_status::repaired);
    // key and value tags are paired by position: a key the tools do not declare is a key too
    CHECK_FALSE(spec.xml.schema_tags);
    tc_test::want_more tools;
    tools.tools = R"([{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
        "properties": {"city": {"type": "string"}}}}}])";
    tc_test::expect_message(reg,
                            "I will check.<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n"
                            "<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>",
                            {{"get_weather", R"({"city":"Beijing","date":"2025-08-01"})"}}, tools);
    // cut inside a value: no call, the text stays content
    const toolcall::message cut = p.parse("Looking.\n<tool_call>lookup\n<arg_key>q</arg_key>\n<arg_value>tool");
    CHECK(cut.calls.empty());
    CHECK(cut.content.find("tool") != std::string::npos);
  }

  TEST_CASE("a learned opener of two tokens matches with whitespace where they join") {
    // InternLM2's `<|action_start|><|plugin|>`: a detokenizer that puts spaces around special
    // tokens writes a newline between them as ` \n `, and a space on each side as two; any
    // whitespace up to 8 bytes stands at a joint
    const toolcall::format_spec spec = learned("internlm2");
    CHECK(spec.call_begin == "<|action_start|><|plugin|>");
    toolcall::parser_registry reg = registry_of(spec);
    for (const char* joint : {"", " ", "\n", "\r\n", " \n ", "  ", "\n\n", " \n", "\t", "        "}) {
      const std::string text = std::string("Checking.<|action_start|>") + joint +
                               "<|plugin|>\n{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}<|action_end|>";
      tc_test::want_more more;
      more.content = "Checking.";
      tc_test::expect_message(reg, text, {{"get_weather", R"({"city":"Paris"})"}}, more);
    }
  }

  TEST_CASE("the tokens a template writes before a learned opener are section openers") {
    // Step-3's template opens the calls with `<｜tool_calls_begin｜>`: the learned spec drops it
    // like a marker, and an output cut right after it says so instead of returning nothing
    const toolcall::format_spec spec = learned("step3");
    const std::string opener = "<\xEF\xBD\x9Ctool_calls_begin\xEF\xBD\x9C>";
    REQUIRE(spec.section_openers == std::vector<std::string>{opener});
    toolcall::parser_registry reg = registry_of(spec);
    for (const std::string& text : {opener, "Let me check." + opener + "\n"}) {
      toolcall::stream_parser sp{reg, toolcall::options{}};
      sp.write(text);
      const toolcall::message m = sp.finish();
      CHECK(m.calls.empty());
      CHECK(m.content.find(opener) == std::string::npos);
      REQUIRE(m.diagnostics.size() == 1);
      CHECK(m.diagnostics[0].code == toolcall::errc::unterminated_call);
      CHECK(m.diagnostics[0].offset == text.find(opener));
    }
  }

  TEST_CASE("a learned opener of a special token then text keeps the text as an optional call prefix") {
    // Step-3's template writes `<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke ...`;
    // vLLM's step3 reader also reads the invoke right after the token, or after a bare name
    const toolcall::format_spec spec = learned("step3");
    const std::string bar = "\xEF\xBD\x9C";
    CHECK(spec.call_begin == "<" + bar + "tool_call_begin" + bar + ">");
    CHECK(spec.xml.call_prefix == "function<" + bar + "tool_sep" + bar + ">");
    CHECK(spec.xml.call_prefix_optional);
    CHECK(spec.xml.name_after_prefix);
    auto back = toolcall::format_spec::from_json(spec.to_json());
    REQUIRE(back);
    CHECK(back->xml.call_prefix_optional);
    toolcall::parser_registry reg = registry_of(*back);
    const std::string invoke = "<steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Tokyo</steptml:parameter></steptml:invoke>";
    for (const std::string& prefix : {std::string(), spec.xml.call_prefix, spec.xml.call_prefix + "get_weather\n"}) {
      tc_test::want_more more;
      more.content = "Checking.";
      tc_test::expect_message(reg,
                              "Checking.<" + bar + "tool_calls_begin" + bar + "><" + bar + "tool_call_begin" + bar + ">" +
                                  prefix + invoke + "<" + bar + "tool_call_end" + bar + "><" + bar + "tool_calls_end" + bar + ">",
                              {{"get_weather", R"({"city":"Tokyo"})"}}, more);
    }
  }

  TEST_CASE("learning says which slot it could not infer") {
    std::vector<toolcall::learn_sample> none;
    auto e = toolcall::format::learn(none);
    REQUIRE_FALSE(e);
    CHECK(e.error().code == toolcall::errc::invalid_input);

    toolcall::learn_sample s;
    s.rendered = "Sure.<call>lookup(q='x')</call>";
    s.content = "Sure.";
    s.tool_calls.push_back({"get_weather", R"({"city": "Paris"})"});
    auto name = toolcall::format::learn({s});
    REQUIRE_FALSE(name);
    CHECK(name.error().detail.find("name slot") != std::string::npos);

    s.rendered = "<call>get_weather with Paris</call>";
    auto args = toolcall::format::learn({s});
    REQUIRE_FALSE(args);
    CHECK(args.error().detail.find("arguments encoding") != std::string::npos);

    s.rendered = "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}";
    s.content.clear();
    auto bare = toolcall::format::learn({s});  // bare JSON: the brace opens the call, at the start
    REQUIRE_MESSAGE(bare, bare.error().detail);
    CHECK(bare->call_begin == "{");
    // with no token to mark a call, an object without the arguments key is data; a ```json
    // fence around the call is the call's
    CHECK(bare->json.require_arguments);
    toolcall::parser_registry breg = registry_of(*bare);
    toolcall::parser bp(breg);
    CHECK(bp.parse(R"({"name": "Alice", "role": "admin"})").calls.empty());
    const toolcall::message fenced = bp.parse("```json\n{\"name\": \"lookup\", \"arguments\": {\"q\": \"x\"}}\n```");
    REQUIRE(fenced.calls.size() == 1);
    CHECK(fenced.calls[0].arguments == R"({"q":"x"})");
    CHECK(tc_test::trim(fenced.content).empty());
    // the fence on a line after prose opens the call too; mid-line it does not
    const toolcall::message after = tc_test::expect_message(
        breg, "I'll look that up.\n```json\n{\"name\": \"lookup\", \"arguments\": {\"q\": \"x\"}}\n```",
        {{"lookup", R"({"q":"x"})"}});
    CHECK(tc_test::trim(after.content) == "I'll look that up.");
    CHECK(bp.parse("See ```json\n{\"name\": \"lookup\", \"arguments\": {}}\n```").calls.empty());
    // and in xLAM's learned spec: a fenced list after prose
    const toolcall::format_spec xlam = learned("xlam");
    toolcall::parser_registry xr = registry_of(xlam);
    tc_test::expect_message(xr,
                            "Sure, checking both.\n```json\n[{\"name\": \"get_weather\", \"arguments\": {\"city\": "
                            "\"Oslo\"}}, {\"name\": \"get_time\", \"arguments\": {\"tz\": \"CET\"}}]\n```",
                            {{"get_weather", R"({"city":"Oslo"})"}, {"get_time", R"({"tz":"CET"})"}});
  }

  TEST_CASE("learning a family it has never seen: a name then JSON arguments, a section wrapper, a separator") {
    // an invented family: <calls> wraps <c>NAME<sep>{json}</c> items separated by <next>
    toolcall::learn_sample a;
    a.rendered =
        "<r>plan it</r>Checking.<calls><c>get_weather<sep>{\"city\": \"Paris\", \"days\": 3}</c><next>"
        "<c>set_alarm<sep>{\"time\": \"07:30\", \"options\": {\"repeat\": \"daily\"}}</c></calls><eot>";
    a.content = "Checking.";
    a.reasoning = "plan it";
    a.tool_calls = {{"get_weather", R"({"city": "Paris", "days": 3})"},
                    {"set_alarm", R"({"time": "07:30", "options": {"repeat": "daily"}})"}};
    auto spec = toolcall::format::learn({a});
    REQUIRE_MESSAGE(spec, spec.error().detail);
    CHECK(spec->payload == toolcall::payload_kind::name_json);
    CHECK(spec->call_begin == "<c>");
    CHECK(spec->call_end == "</c>");
    CHECK(spec->name_end == "<sep>");
    REQUIRE(spec->reasoning.size() == 1);
    CHECK(spec->reasoning[0].open == "<r>");
    CHECK(spec->reasoning[0].close == "</r>");
    for (const char* m : {"</calls>", "<next>", "<eot>"})
      CHECK_MESSAGE(std::find(spec->markers.begin(), spec->markers.end(), m) != spec->markers.end(), m);
    // the wrapper's opener, right before the first call, opens the section of calls
    CHECK(spec->section_openers == std::vector<std::string>{"<calls>"});
    // the JSON file of a learned spec reads back and parses new output, streamed too
    auto back = toolcall::format_spec::from_json(spec->to_json());
    REQUIRE(back);
    toolcall::parser_registry reg = registry_of(*back);
    toolcall::parser p(reg);
    const std::string out = "<r>hm</r>Ok.<calls><c>lookup<sep>{\"q\": \"toolcall\"}</c></calls><eot>";
    const toolcall::message m = p.parse(out);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "lookup");
    CHECK(m.calls[0].arguments == R"({"q":"toolcall"})");
    CHECK(m.content == "Ok.");
    CHECK(m.reasoning == "hm");
  }

  TEST_CASE("a suffix every learned tag shares is the tokenizer's: the bare tokens are read too") {
    // Hy3's template spells every tag `<name:opensource>`; vLLM's hy_v3 parser takes the suffix
    // from the tokenizer, and a checkpoint without it writes `<tool_call>` (its own tests do)
    const toolcall::format_spec spec = learned("hy3");
    CHECK(spec.token_suffix == ":opensource");
    auto back = toolcall::format_spec::from_json(spec.to_json());
    REQUIRE(back);
    CHECK(back->token_suffix == ":opensource");
    toolcall::parser_registry reg = registry_of(spec);
    const std::vector<tc_test::want_call> want = {{"get_weather", R"({"city":"Beijing","date":"2026-03-30"})"}};
    tc_test::expect_message(reg,
                            "Checking.<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n"
                            "<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n"
                            "</tool_call>\n</tool_calls>",
                            want, {"Checking."});
    tc_test::expect_message(reg,
                            "<tool_calls:opensource><tool_call:opensource>get_weather<tool_sep:opensource><arg_key:opensource>"
                            "city</arg_key:opensource><arg_value:opensource>Beijing</arg_value:opensource><arg_key:opensource>"
                            "date</arg_key:opensource><arg_value:opensource>2026-03-30</arg_value:opensource>"
                            "</tool_call:opensource></tool_calls:opensource><\xEF\xBD\x9Chy_eos:opensource\xEF\xBD\x9C>",
                            want);
    tc_test::expect_message(reg, "<tool_calls><tool_call>get_current_date<tool_sep></tool_call></tool_calls>",
                            {{"get_current_date", "{}"}});
    // tags with no suffix, or with two different ones: nothing to twin
    CHECK(learned("glm").token_suffix.empty());
    toolcall::learn_sample two;
    two.rendered = "<call:a>f<sep:b>{\"x\": 1}</call:a>";
    two.tool_calls = {{"f", R"({"x": 1})"}};
    if (auto s = toolcall::format::learn({two})) CHECK(s->token_suffix.empty());
  }

  TEST_CASE("a bare JSON call from a template that writes one call a turn reads later calls after `;`") {
    // Llama 3.1's template raises on two calls in a turn: the samples show one, and the learned
    // spec reads the calls a model writes after it, `;` or whitespace between (vLLM's llama3_json)
    toolcall::learn_sample a;
    a.rendered = "{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}<|eot_id|>";
    a.tool_calls = {{"get_weather", R"({"city": "Paris"})"}};
    auto spec = toolcall::format::learn({a});
    REQUIRE_MESSAGE(spec, spec.error().detail);
    CHECK(spec->payload == toolcall::payload_kind::json_object);
    CHECK(spec->json.several);
    toolcall::parser_registry reg = registry_of(*spec);
    for (const char* sep : {"; ", ";", ";\n", " ; "})
      tc_test::expect_message(reg,
                              std::string("{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}") + sep +
                                  "{\"name\": \"get_time\", \"parameters\": {}}<|eot_id|>",
                              {{"get_weather", R"({"city":"Paris"})"}, {"get_time", "{}"}});
    // two calls in a sample: the template's own separator is learned, not this default
    toolcall::learn_sample b;
    b.rendered = "<tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call>\n<tool_call>{\"name\": \"b\", \"arguments\": {}}</tool_call>";
    b.tool_calls = {{"a", "{}"}, {"b", "{}"}};
    auto two = toolcall::format::learn({b});
    REQUIRE_MESSAGE(two, two.error().detail);
    CHECK_FALSE(two->json.several);
  }

  TEST_CASE("for_template without a known marker says learning needs a renderer") {
    const toolcall::parser_registry r =
        toolcall::parser_registry::for_template("{% for m in messages %}<<{{ m.role }}>> {{ m.content }}{% endfor %}");
    CHECK_FALSE(r.model_known());
    CHECK(r.reason().find("render") != std::string::npos);
    CHECK(toolcall::parser_registry::for_template("{{ '<seed:tool_call>' }}").reason().empty());
  }
  TEST_CASE("a closing fence answers a ```json opener (Command R+'s Action: ```json ... ```)") {
    const toolcall::format_spec spec = learned("command_r");
    CHECK(spec.call_begin == "```json");
    CHECK(spec.call_end == "```");
    toolcall::parser_registry reg = registry_of(spec);
    const std::string out =
        "Plan: First the weather in Rome.\nAction: ```json\n[\n    {\n        \"tool_name\": \"get_weather\",\n"
        "        \"parameters\": {\"city\": \"Rome\"}\n    }\n]\n```<|END_OF_TURN_TOKEN|>";
    toolcall::options o;
    o.seed = 7;  // the same call ids one-shot and streamed
    toolcall::parser p(reg, o);
    const toolcall::message m = p.parse(out);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.calls[0].arguments == R"({"city":"Rome"})");
    CHECK(m.content.find("```") == std::string::npos);  // the fence is the call's, not content
    CHECK(m.content.find("Plan: First the weather in Rome.") == 0);
    for (std::size_t step = 1; step < 10; ++step) {
      toolcall::stream_parser sp(reg, o);
      tc_test::folder f;
      for (std::size_t i = 0; i < out.size(); i += step) sp.write(std::string_view(out).substr(i, step), f);
      sp.finish(f);
      CHECK_MESSAGE(tc_test::same_message(f.m, m).empty(), "step " << step << ": " << tc_test::same_message(f.m, m));
    }
  }

}
