// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// XML families read as their vendors' parsers read them (issue 20): GLM and Hy3 output cut short
// after a closed value (the call keeps the pairs read so far, and says so), a Hy3 or MiniMax-M3
// block cut inside a later call (the complete calls before it stay), a missing `<arg_value>`
// (repaired), Hy3 pairing `<arg_key>`/`<arg_value>` by position as vLLM's hy parsers do (an
// undeclared or repeated key is a parameter, never text of the value before it), MiniCPM5's
// `properties` wrapper and its undeclared parameters, and Step-3's `<|tool_sep|>` between calls.
// Each case runs one-shot and streamed at every split point and in 1-byte writes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using tc_test::want_call;

/// One-shot and every chunking agree; the calls and the content are `want`.
toolcall::message expect(const toolcall::parser_registry& reg, const std::string& text, const std::vector<want_call>& want,
                         const char* content, const std::string& tools = {}) {
  tc_test::want_more more;
  more.content = content;
  more.tools = tools;
  more.seed = 23;
  return tc_test::expect_message(reg, text, want, more);
}

bool has(const toolcall::message& m, toolcall::errc code, toolcall::severity level) {
  for (const auto& d : m.diagnostics)
    if (d.code == code && d.level == level) return true;
  return false;
}

const char* const travel_tools = R"([
  {"type": "function", "function": {"name": "find_hotel", "parameters": {"type": "object",
    "properties": {"city": {"type": "string"}, "nights": {"type": "integer"}, "budget": {"type": "string"}},
    "required": ["city"]}}},
  {"type": "function", "function": {"name": "convert_currency", "parameters": {"type": "object",
    "properties": {"amount": {"type": "number"}, "to": {"type": "string"}}, "required": ["amount", "to"]}}}
])";

const std::string sep_tok = "<\xEF\xBD\x9Ctool_sep\xEF\xBD\x9C>";
const std::string call_begin = "<\xEF\xBD\x9Ctool_call_begin\xEF\xBD\x9C>";
const std::string call_end = "<\xEF\xBD\x9Ctool_call_end\xEF\xBD\x9C>";
const std::string calls_begin = "<\xEF\xBD\x9Ctool_calls_begin\xEF\xBD\x9C>";
const std::string calls_end = "<\xEF\xBD\x9Ctool_calls_end\xEF\xBD\x9C>";
const std::string mm = "]<]minimax[>[";

}  // namespace

TEST_SUITE("toolcall/peer xml") {
  TEST_CASE("glm: the output ends after a closed value, before </tool_call>") {
    const auto glm = *toolcall::parser_registry::only("glm");
    // the call keeps its pairs (the corpus truncation rule) and says the closer is missing
    toolcall::message m = expect(glm,
                                 "I'll look for a hotel.\n<tool_call>find_hotel\n<arg_key>city</arg_key>\n<arg_value>Lisbon"
                                 "</arg_value>\n<arg_key>nights</arg_key>\n<arg_value>3</arg_value>\n",
                                 {{"find_hotel", R"({"city":"Lisbon","nights":3})", "glm"}}, "I'll look for a hotel.");
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::warning));
    CHECK_FALSE(m.has_error());
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].status == toolcall::call_status::repaired);
    // the compact GLM-4.7 layout, cut inside the closer itself
    m = expect(glm, "<tool_call>find_hotel<arg_key>city</arg_key><arg_value>Porto</arg_value></tool_",
               {{"find_hotel", R"({"city":"Porto"})", "glm"}}, "");
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::warning));
    // cut inside a value: no call, an error, the text stays content
    const std::string cut = "<tool_call>find_hotel\n<arg_key>city</arg_key>\n<arg_value>Lis";
    m = expect(glm, cut, {}, cut.c_str());
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::error));
    // a complete call is not noted
    m = expect(glm, "<tool_call>find_hotel\n<arg_key>city</arg_key>\n<arg_value>Lisbon</arg_value>\n</tool_call>",
               {{"find_hotel", R"({"city":"Lisbon"})", "glm"}}, "");
    CHECK(m.diagnostics.empty());
  }

  TEST_CASE("glm: a value written without <arg_value> fails the call, never silently") {
    const auto glm = *toolcall::parser_registry::only("glm");
    const std::string text =
        "<tool_call>convert_currency\n<arg_key>amount</arg_key>\n120.5</arg_value>\n<arg_key>to</arg_key>\n"
        "<arg_value>EUR</arg_value>\n</tool_call>";
    toolcall::message m = expect(glm, text, {}, text.c_str());
    CHECK(m.has_error());
  }

  TEST_CASE("hy3: a value written without <arg_value> is repaired") {
    const auto hy = *toolcall::parser_registry::only("hy3");
    toolcall::message m = expect(hy,
                                 "<tool_calls>\n<tool_call>convert_currency<tool_sep>\n<arg_key>amount</arg_key>\n120.5</arg_value>\n"
                                 "<arg_key>to</arg_key>\n<arg_value>EUR</arg_value>\n</tool_call>\n</tool_calls>",
                                 {{"convert_currency", R"({"amount":120.5,"to":"EUR"})", "hy3"}}, "", travel_tools);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].status != toolcall::call_status::ok);
    // a key followed by another key has no value: the call fails, never silently
    const std::string bad =
        "<tool_calls><tool_call>find_hotel<tool_sep><arg_key>city</arg_key><arg_key>nights</arg_key><arg_value>2</arg_value>"
        "</tool_call></tool_calls>";
    m = expect(hy, bad, {}, bad.c_str());
    CHECK(m.has_error());
  }

  TEST_CASE("hy3: the output ends after a closed value") {
    const auto hy = *toolcall::parser_registry::only("hy3");
    toolcall::message m = expect(hy,
                                 "<tool_calls:opensource>\n<tool_call:opensource>find_hotel<tool_sep:opensource>\n"
                                 "<arg_key:opensource>city</arg_key:opensource>\n<arg_value:opensource>Kyoto</arg_value:opensource>\n",
                                 {{"find_hotel", R"({"city":"Kyoto"})", "hy3"}}, "");
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::warning));
    CHECK_FALSE(m.has_error());
    // HY-v4 (no <tool_sep>), bare tokens
    m = expect(hy, "<tool_calls><tool_call>find_hotel<arg_key>city</arg_key><arg_value>Nara</arg_value>",
               {{"find_hotel", R"({"city":"Nara"})", "hy3"}}, "");
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::warning));
  }

  TEST_CASE("hy3: a block cut inside its second call keeps the first") {
    const auto hy = *toolcall::parser_registry::only("hy3");
    const std::string first =
        "<tool_calls>\n<tool_call>find_hotel<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Kyoto</arg_value>\n</tool_call>\n";
    // the cut call is no call; its text stays content
    const std::string cut2 = "<tool_call>convert_currency<tool_sep>\n<arg_key>amount</arg_key>\n<arg_value>30";
    toolcall::message m = expect(hy, first + cut2, {{"find_hotel", R"({"city":"Kyoto"})", "hy3"}}, cut2.c_str());
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::error));
    // cut inside the second function's name
    m = expect(hy, first + "<tool_call>conv", {{"find_hotel", R"({"city":"Kyoto"})", "hy3"}}, "<tool_call>conv");
    CHECK(m.has_error());
    // the first call itself cut: no call at all, the text is content
    const std::string cut = "<tool_calls>\n<tool_call>find_hotel<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Kyo";
    m = expect(hy, cut, {}, cut.c_str());
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::error));
  }

  TEST_CASE("hy3: pairs by position, as vLLM's hy parsers read them") {
    const auto hy = *toolcall::parser_registry::only("hy3");
    // an undeclared parameter after a declared one is a parameter, not text of the value
    expect(hy,
           "<tool_calls><tool_call>find_hotel<tool_sep><arg_key>city</arg_key><arg_value>Osaka</arg_value>"
           "<arg_key>stars</arg_key><arg_value>4</arg_value></tool_call></tool_calls>",
           {{"find_hotel", R"({"city":"Osaka","stars":"4"})", "hy3"}}, "", travel_tools);
    // a repeated key: both are written, a JSON reader keeps the later (vLLM: the later wins), and it is said
    toolcall::message m = expect(hy,
                                 "<tool_calls><tool_call>find_hotel<tool_sep><arg_key>city</arg_key><arg_value>Osaka</arg_value>"
                                 "<arg_key>city</arg_key><arg_value>Kobe</arg_value></tool_call></tool_calls>",
                                 {{"find_hotel", R"({"city":"Osaka","city":"Kobe"})", "hy3"}}, "");
    CHECK(has(m, toolcall::errc::invalid_arguments, toolcall::severity::warning));
  }

  TEST_CASE("minimax_m3: a block cut inside its second invoke keeps the first") {
    const auto m3 = *toolcall::parser_registry::only("minimax_m3");
    const std::string first = "Checking both.\n" + mm + "<tool_call>\n" + mm + "<invoke name=\"find_hotel\">\n" + mm + "<city>Oslo" +
                              mm + "</city>\n" + mm + "</invoke>\n";
    // the cut invoke is no call, and its text (from the whitespace before its prefix) stays
    // content, as vLLM's streaming parser returns it
    const std::string cut2 = "\n" + mm + "<invoke name=\"convert_currency\">\n" + mm + "<amount>4";
    toolcall::message m = expect(m3, first + cut2.substr(1), {{"find_hotel", R"({"city":"Oslo"})", "minimax_m3"}},
                                 ("Checking both.\n" + cut2).c_str());
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::error));
    // cut inside the second invoke's tag
    m = expect(m3, first + mm + "<invoke name=\"conv", {{"find_hotel", R"({"city":"Oslo"})", "minimax_m3"}},
               ("Checking both.\n\n" + mm + "<invoke name=\"conv").c_str());
    CHECK(m.has_error());
    // the next invoke opened before this one closed (a repaired closer), then cut: its text is
    // content too
    m = expect(m3, "Checking.\n" + mm + "<tool_call>\n" + mm + "<invoke name=\"find_hotel\">" + mm + "<city>Oslo" + mm +
                       "</city>\n" + mm + "<invoke name=\"convert_currency\">" + mm + "<amount>4",
               {{"find_hotel", R"({"city":"Oslo"})", "minimax_m3"}},
               ("Checking.\n\n" + mm + "<invoke name=\"convert_currency\">" + mm + "<amount>4").c_str());
    CHECK(m.has_error());
    // the only invoke cut: no call
    m = expect(m3, "Checking.\n" + mm + "<tool_call>\n" + mm + "<invoke name=\"find_hotel\">\n" + mm + "<city>Os", {}, nullptr);
    CHECK(has(m, toolcall::errc::unterminated_call, toolcall::severity::error));
  }

  TEST_CASE("minicpm: the properties wrapper and undeclared parameters") {
    const auto cpm = *toolcall::parser_registry::only("minicpm");
    // `properties` holding the declared parameters, as a Python dict
    expect(cpm, "<function name=\"find_hotel\"><param name=\"properties\">{'city': 'Graz', 'nights': 2}</param></function>",
           {{"find_hotel", R"({"city":"Graz","nights":2})", "minicpm"}}, "", travel_tools);
    // without the tools it is an ordinary parameter
    expect(cpm, "<function name=\"find_hotel\"><param name=\"properties\">{\"city\": \"Graz\"}</param></function>",
           {{"find_hotel", R"({"properties":{"city":"Graz"}})", "minicpm"}}, "");
    // an undeclared parameter is a parameter of its own, never text of the value before it
    expect(cpm, "<function name=\"find_hotel\"><param name=\"city\">Graz</param><param name=\"pool\">yes</param></function>",
           {{"find_hotel", R"({"city":"Graz","pool":"yes"})", "minicpm"}}, "", travel_tools);
  }

  TEST_CASE("step3: <|tool_sep|> between calls is markup, in prose it is text") {
    const auto s3 = *toolcall::parser_registry::only("step3");
    const std::string a = call_begin + "function" + sep_tok +
                          "<steptml:invoke name=\"find_hotel\"><steptml:parameter name=\"city\">Bern</steptml:parameter>"
                          "</steptml:invoke>" + call_end;
    const std::string b = call_begin + "function" + sep_tok +
                          "<steptml:invoke name=\"convert_currency\"><steptml:parameter name=\"to\">CHF</steptml:parameter>"
                          "</steptml:invoke>" + call_end;
    expect(s3, calls_begin + a + sep_tok + b + calls_end,
           {{"find_hotel", R"({"city":"Bern"})", "step3"}, {"convert_currency", R"({"to":"CHF"})", "step3"}}, "");
    const std::string prose = "Step-3 writes " + sep_tok + " between the call type and the invoke.";
    expect(s3, prose, {}, prose.c_str());
  }
}

TEST_SUITE("toolcall/peer xml") {
  TEST_CASE("qwen3_coder and seed_oss: a CRLF line end is one newline of markup around a value") {
    // a Windows-trained model or a CRLF-normalising pipe writes the template's newlines as CRLF:
    // the newline the template puts after `<parameter=...>` and before `</parameter>` is markup
    // whole; a CRLF inside a value is the value's own
    const std::string q =
        "<tool_call>\r\n<function=write_note>\r\n<parameter=title>\r\nGroceries\r\n</parameter>\r\n"
        "<parameter=body>\r\nmilk\r\neggs\r\n</parameter>\r\n</function>\r\n</tool_call>";
    expect(tc_test::only_format("qwen3_coder"), q, {{"write_note", R"({"title":"Groceries","body":"milk\r\neggs"})", "qwen3_coder"}}, "");
    const std::string s =
        "<seed:tool_call>\r\n<function=write_note>\r\n<parameter=title>\r\nGroceries\r\n</parameter>\r\n</function>\r\n"
        "</seed:tool_call>";
    expect(tc_test::only_format("seed_oss"), s, {{"write_note", R"({"title":"Groceries"})", "seed_oss"}}, "");
    // a lone CR inside a value is text; a value typed by the schema reads through the CRLF
    expect(tc_test::only_format("qwen3_coder"),
           "<tool_call>\r\n<function=set_timer>\r\n<parameter=label>\r\ntea\rtime\r\n</parameter>\r\n<parameter=minutes>\r\n3\r\n"
           "</parameter>\r\n</function>\r\n</tool_call>",
           {{"set_timer", R"({"label":"tea\rtime","minutes":3})", "qwen3_coder"}}, "",
           R"([{"type":"function","function":{"name":"set_timer","parameters":{"type":"object","properties":{"label":{"type":"string"},"minutes":{"type":"integer"}}}}}])");
  }
}

TEST_SUITE("toolcall/peer xml") {
  TEST_CASE("k2_horizon: the three bodies of the IFM group, whatever the request chose") {
    const auto k2 = tc_test::only_format("k2_horizon");
    const std::string g = "<ifm|tool_calls>", ge = "</ifm|tool_calls>", c = "<ifm|tool_call>", ce = "</ifm|tool_call>";
    // json: two elements in one group, prose around it
    expect(k2,
           "On it." + g + c + R"({"name": "find_hotel", "arguments": {"city": "Oslo", "nights": 2}})" + ce + "\n" + c +
               R"({"name": "convert_currency", "arguments": {"to": "NOK"}})" + ce + ge,
           {{"find_hotel", R"({"city":"Oslo","nights":2})", "k2_horizon"}, {"convert_currency", R"({"to":"NOK"})", "k2_horizon"}},
           "On it.");
    // xml_typed without the request's tools: the type tag types; `any` keeps the text as written
    expect(k2,
           g + c + "find_hotel<ifm|arg_key>nights</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type><ifm|arg_value> 3 </ifm|arg_value>"
               "<ifm|arg_key>note</ifm|arg_key><ifm|arg_type>any</ifm|arg_type><ifm|arg_value> late check-in </ifm|arg_value>" + ce + ge,
           {{"find_hotel", R"({"nights":3,"note":" late check-in "})", "k2_horizon"}}, "");
    // the schema wins over the type tag, and types the untyped xml body
    expect(k2, g + c + "find_hotel<ifm|arg_key>nights</ifm|arg_key><ifm|arg_value>4</ifm|arg_value>" + ce + ge,
           {{"find_hotel", R"({"nights":4})", "k2_horizon"}}, "", travel_tools);
    // a group cut inside its call is said, and its text stays content
    const toolcall::message cut = expect(k2, "Sure." + g + c + "find_hotel<ifm|arg_key>city", {}, nullptr);
    CHECK(!cut.diagnostics.empty());
    CHECK(cut.content.find("<ifm|tool_call>find_hotel") != std::string::npos);
    // an element outside a group is not a call (vLLM reads only groups); prose naming it stays
    const std::string lone = "Write <ifm|tool_call>NAME</ifm|tool_call> inside the group.";
    expect(k2, lone, {}, lone.c_str());
  }
}

TEST_SUITE("toolcall/peer xml") {
  TEST_CASE("minicpm: a region that fails inside a held rewrite prefix gives the prefix back to be read again") {
    // MiniCPM's room rewrites tokenizer spellings (`<functionname=`, CDATA) and so holds a `<`
    // across chunks; a name that fails on that `<` fails there in every chunking, and what
    // follows it (an end-of-turn token) is read as one-shot reads it
    const auto cpm = tc_test::only_format("minicpm");
    const toolcall::message m = expect(cpm, "<function name=\"abl>x<|im_end|>", {}, "<function name=\"abl>x");
    REQUIRE(!m.diagnostics.empty());
    CHECK(m.diagnostics[0].offset == 21);
    expect(cpm, "<function name=\"abl>x<y", {}, "<function name=\"abl>x<y");
  }
}
