// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// tool_choice and parallel_tool_calls given per request (one-shot and
// streamed at every chunking), and what an engine needs to constrain decoding: the registry's
// triggers and its xgrammar structural tag, whose begin + arguments + end parse back.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using toolcall::message;
using toolcall::parser_registry;
using toolcall::request;
using toolcall::tool_choice;

const char* const k_tools = R"([
 {"type": "function", "function": {"name": "get_weather", "description": "Weather in a city",
  "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
                 "required": ["city"]}}},
 {"type": "function", "function": {"name": "get_time",
  "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}}])";

std::string body(const std::string& extra) { return std::string(R"({"tools": )") + k_tools + (extra.empty() ? "" : ", " + extra) + "}"; }

request make_request(const std::string& extra) {
  toolcall::result<request> r = request::create(body(extra));
  REQUIRE_MESSAGE(r.has_value(), (r.has_value() ? std::string() : r.error().detail));
  return *r;
}

toolcall::options seeded() {
  toolcall::options o = tc_test::deterministic(23);
  return o;
}

/// The one-shot message for `text` under `req`, checked against the stream at every split
/// point, one byte at a time and three bytes at a time: the finished message and the events
/// folded as a client would must both equal it.
message parse_everywhere(const parser_registry& reg, const request& req, const std::string& text) {
  const tc_test::split_result r =
      tc_test::split_compare(reg, seeded(), text, {true, {1, 3}, 0}, [&](auto& p) { req.attach(p); });
  CHECK_MESSAGE(r.err.empty(), r.err);
  return r.one;
}

std::size_t count_code(const message& m, toolcall::errc code) {
  std::size_t n = 0;
  for (const auto& d : m.diagnostics) n += d.code == code;
  return n;
}

const std::string k_two = "I'll check both.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n"
                          "<tool_call>\n{\"name\": \"get_time\", \"arguments\": {\"zone\": \"CET\"}}\n</tool_call>";

}  // namespace

TEST_SUITE("toolcall/choice") {
  TEST_CASE("auto is today's behaviour, with or without the request") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");
    const message a = parse_everywhere(reg, make_request(R"("tool_choice": "auto")"), k_two);
    const message b = parse_everywhere(reg, request{}, k_two);
    REQUIRE(a.calls.size() == 2);
    CHECK(a.content == "I'll check both.");
    CHECK(b.calls.size() == 2);
    CHECK(count_code(a, toolcall::errc::tool_choice) == 0);
  }

  TEST_CASE("none: no call is detected, the markup is content with a note per region") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");
    const message m = parse_everywhere(reg, make_request(R"("tool_choice": "none")"), k_two);
    CHECK(m.calls.empty());
    CHECK(m.content == k_two);
    CHECK(count_code(m, toolcall::errc::tool_choice) == 2);
    CHECK(m.finish == toolcall::finish_reason::stop);
    // no call event is ever sent
    toolcall::stream_parser sp{reg};
    make_request(R"("tool_choice": "none")").attach(sp);
    std::size_t begins = 0;
    sp.write(k_two, [&](const toolcall::event& e) { begins += e.kind == toolcall::event_kind::call_begin; });
    (void)sp.finish([&](const toolcall::event& e) { begins += e.kind == toolcall::event_kind::call_begin; });
    CHECK(begins == 0);
  }

  TEST_CASE("required: a bare JSON call at the start is a call without a marker") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");  // no bare JSON in auto
    const request req = make_request(R"("tool_choice": "required")");
    // the shape vLLM and SGLang constrain a required answer to: a list of {name, parameters}
    const std::string list = R"([{"name": "get_weather", "parameters": {"city": "Paris", "days": 2}}, {"name": "get_time", "parameters": {}}])";
    const message m = parse_everywhere(reg, req, list);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.calls[0].arguments == R"({"city":"Paris","days":2})");
    CHECK(m.content.empty());
    const message o = parse_everywhere(reg, req, "  {\"name\": \"get_time\", \"arguments\": {\"zone\": \"UTC\"}}");
    REQUIRE(o.calls.size() == 1);
    CHECK(o.calls[0].arguments == R"({"zone":"UTC"})");
    // without the request the same text is content
    CHECK(parse_everywhere(reg, request{}, list).calls.empty());
    // markers still work after prose
    CHECK(parse_everywhere(reg, req, k_two).calls.size() == 2);
  }

  TEST_CASE("required: bare JSON after prose stays content, and an answer without a call is flagged") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");
    const request req = make_request(R"("tool_choice": "required")");
    const message m = parse_everywhere(reg, req, "Sure: {\"name\": \"get_time\", \"arguments\": {}}");
    CHECK(m.calls.empty());
    CHECK(m.content == "Sure: {\"name\": \"get_time\", \"arguments\": {}}");
    CHECK(count_code(m, toolcall::errc::tool_choice) == 1);
    const message n = parse_everywhere(reg, req, "The weather in Paris is mild today.");
    CHECK(n.calls.empty());
    REQUIRE(count_code(n, toolcall::errc::tool_choice) == 1);
    CHECK(n.diagnostics.back().level == toolcall::severity::warning);
    // a bare object that is not a call has no function to go to under required
    const message o = parse_everywhere(reg, req, R"({"city": "Paris"})");
    CHECK(o.calls.empty());
    CHECK(o.content == R"({"city": "Paris"})");
  }

  TEST_CASE("a named function: a bare arguments object is a call to it") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");
    const request req = make_request(R"("tool_choice": {"type": "function", "function": {"name": "get_weather"}})");
    CHECK(req.choice().mode == toolcall::tool_choice_mode::function);
    const message m = parse_everywhere(reg, req, "{\"city\": \"Paris\", \"days\": \"3\"}");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.calls[0].arguments == R"({"city":"Paris","days":3})");  // the request's tools normalize it
    CHECK(m.finish == toolcall::finish_reason::tool_calls);
    // the bare call shape naming it is a call too
    const message n = parse_everywhere(reg, req, R"({"name": "get_weather", "arguments": {"city": "Oslo"}})");
    REQUIRE(n.calls.size() == 1);
    CHECK(n.calls[0].arguments == R"({"city":"Oslo"})");
  }

  TEST_CASE("a named function: other names stay content with a warning") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");
    const request req = make_request(R"("tool_choice": {"type": "function", "function": {"name": "get_time"}})");
    const message m = parse_everywhere(reg, req, k_two);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_time");
    CHECK(m.content ==
          "I'll check both.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>");
    CHECK(count_code(m, toolcall::errc::tool_choice) == 1);
    // the name the normalizer repairs is the one compared
    const message n = parse_everywhere(reg, req, "<tool_call>{\"name\": \"functions.get_time\", \"arguments\": {}}</tool_call>");
    REQUIRE(n.calls.size() == 1);
    CHECK(n.calls[0].name == "get_time");
    // no call to it at all
    const message o = parse_everywhere(reg, req, "It is noon.");
    CHECK(count_code(o, toolcall::errc::tool_choice) == 1);
  }

  TEST_CASE("parallel_tool_calls false: the first call only; the rest is content") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");
    const message m = parse_everywhere(reg, make_request(R"("parallel_tool_calls": false)"), k_two);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_weather");
    // the prose, then the second region's text as written
    CHECK(m.content.rfind("I'll check both.", 0) == 0);
    CHECK(m.content.find("<tool_call>\n{\"name\": \"get_time\", \"arguments\": {\"zone\": \"CET\"}}\n</tool_call>") !=
          std::string::npos);
    CHECK(m.content.find("get_weather") == std::string::npos);
    CHECK(count_code(m, toolcall::errc::tool_choice) == 1);
    // two calls in one region: the second is left out, with a warning
    const std::string one_tag = "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n"
                                "{\"name\": \"get_time\", \"arguments\": {}}\n</tool_call>";
    const message n = parse_everywhere(reg, make_request(R"("parallel_tool_calls": false)"), one_tag);
    REQUIRE(n.calls.size() == 1);
    CHECK(n.calls[0].name == "get_weather");
    CHECK(count_code(n, toolcall::errc::tool_choice) == 1);
    // the caller may keep them
    request keep = make_request(R"("parallel_tool_calls": false)");
    tool_choice c = keep.choice();
    c.keep_extra_calls = true;
    keep.set_choice(c);
    const message k = parse_everywhere(reg, keep, k_two);
    CHECK(k.calls.size() == 2);
    CHECK(count_code(k, toolcall::errc::tool_choice) == 1);
    // Anthropic's spelling
    const request anth = make_request(R"("tool_choice": {"type": "auto", "disable_parallel_tool_use": true})");
    CHECK_FALSE(anth.choice().parallel_tool_calls);
    CHECK(parse_everywhere(reg, anth, k_two).calls.size() == 1);
  }

  TEST_CASE("the choice lasts one response: reset() drops it unless it is given again") {
    const parser_registry reg = parser_registry::for_model("Qwen/Qwen3-8B");
    toolcall::parser p{reg};
    make_request(R"("tool_choice": "none")").attach(p);
    CHECK(p.parse(k_two).calls.empty());
    CHECK(p.parse(k_two).calls.size() == 2);  // the next request gave none
    p.stream().set_choice(tool_choice::required());
    CHECK(p.parse(R"({"name": "get_time", "arguments": {}})").calls.size() == 1);
    CHECK(p.parse(R"({"name": "get_time", "arguments": {}})").calls.empty());  // auto again: no bare JSON for Qwen3
    // with other options for one call too
    p.stream().set_choice(tool_choice::none());
    CHECK(p.parse(k_two, seeded()).calls.empty());
    CHECK(p.parse(k_two).calls.size() == 2);
    // a stream parser: set before the response, dropped by the reset after it
    toolcall::stream_parser sp{reg};
    sp.set_choice(tool_choice::none());
    sp.reset();  // not used yet: kept
    sp.write(k_two);
    CHECK(sp.finish().calls.empty());
    sp.reset();
    sp.write(k_two);
    CHECK(sp.finish().calls.size() == 2);
  }

  TEST_CASE("request::create reads the OpenAI, Responses and Anthropic spellings") {
    CHECK(make_request("").choice().is_default());
    CHECK(make_request(R"("tool_choice": "required")").choice().mode == toolcall::tool_choice_mode::required);
    const request r = make_request(R"("tool_choice": {"type": "function", "name": "get_time"}, "parallel_tool_calls": false)");
    CHECK(r.choice().function == "get_time");
    CHECK_FALSE(r.choice().parallel_tool_calls);
    CHECK(make_request(R"("tool_choice": {"type": "tool", "name": "get_time"})").choice().function == "get_time");
    CHECK(make_request(R"("tool_choice": {"type": "any"})").choice().mode == toolcall::tool_choice_mode::required);
    CHECK(r.tools().tool_count() == 2);
    CHECK_FALSE(request::create(body(R"("tool_choice": "sometimes")")).has_value());
    CHECK_FALSE(request::create(body(R"("tool_choice": {"type": "function", "function": {"name": "nope"}})")).has_value());
    CHECK_FALSE(request::create(body(R"("parallel_tool_calls": "no")")).has_value());
    CHECK_FALSE(request::create("[1, 2]").has_value());
    const toolcall::result<request> bare = request::create(R"({"model": "m", "messages": []})");
    REQUIRE(bare.has_value());
    CHECK(bare->tools_json() == "[]");
    CHECK(bare->tools().tool_count() == 0);
  }

  TEST_CASE("triggers: call openers, not reasoning openers; bare JSON only at the start") {
    const std::vector<toolcall::call_trigger> q = parser_registry::for_model("Qwen/Qwen3-8B").triggers();
    bool tool_call = false;
    for (const auto& t : q) {
      CHECK(t.text != "<think>");
      CHECK(t.text != "</think>");
      if (t.text == "<tool_call>") {
        tool_call = true;
        CHECK_FALSE(t.start_only);
        CHECK(t.formats.front() == "hermes");
      }
    }
    CHECK(tool_call);
    const auto l = parser_registry::for_model("meta-llama/Llama-3.1-8B-Instruct").triggers();
    bool python_tag = false, brace = false;
    for (const auto& t : l) {
      python_tag |= t.text == "<|python_tag|>";
      if (t.text == "{") {
        brace = true;
        CHECK(t.start_only);
        CHECK(t.bare_json);
      }
    }
    CHECK(python_tag);
    CHECK(brace);
  }

  TEST_CASE("structural tags: the xgrammar document, and the choice in it") {
    const parser_registry reg = *parser_registry::only("hermes");
    toolcall::result<std::string> doc = reg.structural_tags(k_tools);
    REQUIRE(doc.has_value());
    simdjson::dom::parser jp;
    simdjson::dom::element d = jp.parse(*doc);
    CHECK(std::string_view(d["type"]) == "structural_tag");
    simdjson::dom::element f = d["format"];
    CHECK(std::string_view(f["type"]) == "triggered_tags");
    CHECK(std::string_view(f["triggers"].at(0)) == "<tool_call>");
    simdjson::dom::array tags = f["tags"];
    REQUIRE(tags.size() == 2);
    CHECK(std::string_view(tags.at(0)["begin"]) == "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": ");
    CHECK(std::string_view(tags.at(0)["end"]) == "}\n</tool_call>");
    CHECK(std::string_view(tags.at(0)["content"]["json_schema"]["required"].at(0)) == "city");
    CHECK_FALSE(bool(f["at_least_one"]));
    CHECK_FALSE(bool(f["stop_after_first"]));

    tool_choice named = tool_choice::named("get_time");
    named.parallel_tool_calls = false;
    doc = reg.structural_tags(body(""), named);
    REQUIRE(doc.has_value());
    simdjson::dom::element n = jp.parse(*doc);
    CHECK(n["format"]["tags"].get_array().size() == 1);
    CHECK(bool(n["format"]["at_least_one"]));
    CHECK(bool(n["format"]["stop_after_first"]));
    doc = reg.structural_tags(k_tools, tool_choice::none());
    REQUIRE(doc.has_value());
    simdjson::dom::element z = jp.parse(*doc);
    CHECK(std::string_view(z["format"]["type"]) == "any_text");
    CHECK(std::string_view(z["format"]["excludes"].at(0)) == "<tool_call>");
    CHECK_FALSE(reg.structural_tags(k_tools, tool_choice::named("nope")).has_value());
    CHECK_FALSE(reg.structural_tags("not json").has_value());

    // families that cannot be written as begin + arguments + end are named
    doc = parser_registry::builtin().structural_tags(k_tools);
    REQUIRE(doc.has_value());
    simdjson::dom::element b = jp.parse(*doc);
    bool pythonic = false;
    for (simdjson::dom::element u : b["unsupported"].get_array())
      pythonic |= std::string_view(u["format"]) == "pythonic";
    CHECK(pythonic);
  }

  TEST_CASE("structural tags: begin + arguments + end parses back, for every family that has a template") {
    const std::string args = R"({"city":"Paris","days":3})";
    std::size_t families = 0;
    const parser_registry all = parser_registry::builtin();
    for (const toolcall::format& f : all.formats()) {
      const auto& ct = toolcall::detail::def_of(f).call_template;
      if (ct.begin.empty()) continue;
      ++families;
      toolcall::result<parser_registry> reg = parser_registry::only(f.name());
      REQUIRE(reg.has_value());
      toolcall::result<std::string> doc = reg->structural_tags(k_tools);
      REQUIRE(doc.has_value());
      simdjson::dom::parser jp;
      simdjson::dom::element d = jp.parse(*doc);
      simdjson::dom::element tag = d["format"]["tags"].at(0);
      const std::string begin{std::string_view(tag["begin"])}, end{std::string_view(tag["end"])};
      std::string_view style = "json";
      if (tag["content"]["style"].get_string().get(style)) style = "json";
      // the arguments as xgrammar's style writes them
      std::string a;
      if (style == "json") a = args;
      else if (style == "qwen_xml") a = "<parameter=city>Paris</parameter>\n<parameter=days>3</parameter>";
      else if (style == "minimax_xml") a = "<parameter name=\"city\">Paris</parameter>\n<parameter name=\"days\">3</parameter>";
      else if (style == "glm_xml") a = "<arg_key>city</arg_key><arg_value>Paris</arg_value>\n<arg_key>days</arg_key><arg_value>3</arg_value>";
      else FAIL("a style the test does not write: " << style);
      INFO("format " << f.name() << ": " << begin + a + end);
      const message m = parse_everywhere(*reg, make_request(""), "Let me look.\n" + begin + a + end);
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "get_weather");
      CHECK(tc_test::json_text_equal(m.calls[0].arguments, args));
      CHECK(m.content == "Let me look.");
    }
    CHECK(families >= 8);
  }
}
