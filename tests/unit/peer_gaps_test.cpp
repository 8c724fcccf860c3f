// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The peers' sweep (issue 20), the gaps left after it: names with spaces in a Qwen3-Coder
// wrapper, GLM's zero-argument call at the start of the output, numbers no double holds in the
// bare pythonic list, FunctionGemma's missing commas and typed `<escape>` values, the `[THINK]`
// reasoning of every Mistral preset, Kimi-K2 ids without a counter, LFM2's nested quotes, a
// repeated parameter per vendor, and Apertus's list cut off after a whole call. Each case runs
// one-shot and streamed at every split and in 1-byte writes, and both must agree.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using calls_t = std::vector<tc_test::want_call>;

toolcall::message check(const toolcall::parser_registry& reg, const std::string& text, const calls_t& want,
                        const char* content = nullptr, const std::string& tools = {}, const char* reasoning = nullptr) {
  tc_test::want_more more;
  more.content = content;
  more.reasoning = reasoning;
  more.tools = tools;
  more.seed = 5;
  return tc_test::expect_message(reg, text, want, more);
}

const std::string weather_tool =
    R"([{"type":"function","function":{"name":"get_weather","parameters":{"type":"object",)"
    R"("properties":{"city":{"type":"string"},"unit":{"type":"string"}}}}}])";

}  // namespace

TEST_SUITE("toolcall/peer gaps") {
  TEST_CASE("qwen3_coder: names with spaces inside a <tool_call> wrapper, prose <function= stays prose") {
    const toolcall::parser_registry reg = tc_test::only_format("qwen3_coder");
    // vLLM's qwen3coder regex takes any text up to `>` for the function and parameter names
    check(reg,
          "<tool_call>\n<function=get current temperature>\n<parameter=location with spaces>\nSan Francisco\n"
          "</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>",
          {{"get current temperature", R"({"location with spaces":"San Francisco","unit":"celsius"})"}}, "");
    check(reg,
          "Checking.\n<tool_call>\n<function=look up>\n<parameter=q>\nrust\n</parameter>\n</function>\n</tool_call>",
          {{"look up", R"({"q":"rust"})"}}, "Checking.");
    // a bare function tag in prose keeps the strict name rule: its text stays content
    const std::string prose =
        "Write <function=get current temperature>\n<parameter=x>\n1\n</parameter>\n</function> in the template.";
    const toolcall::message m = check(reg, prose, {}, prose.c_str());
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
  }

  TEST_CASE("glm: a zero-argument call at the start needs no declared name; in running text it does") {
    const toolcall::parser_registry reg = tc_test::only_format("glm");
    // vLLM's glm4_moe gives the call; the normalizer says the tool is unknown
    toolcall::message m = check(reg, "<tool_call>get_time\n</tool_call>", {{"get_time", "{}"}}, "", weather_tool);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unknown_tool));
    check(reg, "<think>The user wants the time.</think>\n<tool_call>get_time</tool_call>", {{"get_time", "{}"}}, "",
          weather_tool, "The user wants the time.");
    // right after another call is the start too
    check(reg,
          "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>\n"
          "<tool_call>get_time\n</tool_call>",
          {{"get_weather", R"({"city":"Paris"})"}, {"get_time", "{}"}}, "", weather_tool);
    // without tools any name is a call there
    check(reg, "<tool_call>get_time</tool_call>", {{"get_time", "{}"}}, "");
    // prose before it: an undeclared name is a word of prose
    const std::string prose = "I could use <tool_call>get_time</tool_call> here, but the answer is 3 pm.";
    m = check(reg, prose, {}, prose.c_str(), weather_tool);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::marker_in_text));
    // a declared one is a call even there
    check(reg, "Let me look. <tool_call>get_weather</tool_call>", {{"get_weather", "{}"}}, "Let me look.", weather_tool);
    // spaces around the name stay prose at the start too
    const std::string spaced = "<tool_call> search </tool_call> is how a call is wrapped.";
    check(reg, spaced, {}, spaced.c_str());
  }

  TEST_CASE("glm: the start rule holds next to the other <tool_call> families") {
    // every family enabled: at the start the Hermes and Qwen3-Coder bodies are still tried first
    const toolcall::parser_registry all = toolcall::parser_registry::builtin();
    check(all, "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n</tool_call>",
          {{"get_weather", R"({"city":"Oslo"})"}}, "");
    check(all, "<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>",
          {{"get_weather", R"({"city":"Oslo"})"}}, "");
    check(all, "<tool_call>get_time\n</tool_call>", {{"get_time", "{}"}}, "", weather_tool);
  }

  TEST_CASE("pythonic: the bare list drops a call holding a number no double holds, its siblings stay") {
    const toolcall::parser_registry reg = tc_test::only_format("pythonic");
    toolcall::message m =
        check(reg, "[calc(x=1e999), get_weather(city='SF')]", {{"get_weather", R"({"city":"SF"})"}}, "");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_arguments));
    // alone, the list is no call: its text stays content, with an error
    m = check(reg, "[calc(x=-2.5e400)]", {}, "[calc(x=-2.5e400)]");
    CHECK(m.has_error());
    // a number a double holds is kept as written
    check(reg, "[calc(x=1.5e300, y=123456789012345678901234567890)]",
          {{"calc", R"({"x":1.5e300,"y":123456789012345678901234567890})"}}, "");
    // bare JSON calls through the same claimant are not watched (their readers keep them)
    check(tc_test::only_format("llama3_json"), R"({"name": "calc", "parameters": {"x": 1e999}})",
          {{"calc", R"({"x":1e999})"}}, "");
  }

  TEST_CASE("function_gemma: a missing comma between <escape> values, typed values under a schema") {
    const toolcall::parser_registry reg = tc_test::only_format("function_gemma");
    check(reg, "<start_function_call>call:get_weather{city:<escape>NYC<escape>unit:<escape>celsius<escape>}<end_function_call>",
          {{"get_weather", R"({"city":"NYC","unit":"celsius"})"}}, "");
    check(reg,
          "<start_function_call>call:search{query:<escape>python<escape>limit:<escape>10<escape>"
          "sort:<escape>relevance<escape>}<end_function_call>",
          {{"search", R"({"query":"python","limit":10,"sort":"relevance"})"}}, "");
    const std::string tools =
        R"([{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":)"
        R"({"count":{"type":"integer"},"enabled":{"type":"boolean"},"label":{"type":"string"}}}}}])";
    check(reg, "<start_function_call>call:f{count:<escape>42<escape>,enabled:<escape>true<escape>,label:<escape>42<escape>}"
               "<end_function_call>",
          {{"f", R"({"count":42,"enabled":true,"label":"42"})"}}, "", tools);
    // a bare value after a value without a comma is still an error
    const std::string bad = "<start_function_call>call:f{count:3 enabled:true}<end_function_call>";
    const toolcall::message m = check(reg, bad, {}, bad.c_str());
    CHECK(m.has_error());
  }

  TEST_CASE("mistral presets: [THINK] blocks and a lone [/THINK] are reasoning in every Mistral preset") {
    for (const char* model : {"mistralai/Devstral-Small-2507", "mistralai/Mistral-Small-3.2-24B-Instruct-2506",
                              "mistralai/Ministral-8B-Instruct-2410", "mistralai/Magistral-Small-2509"}) {
      CAPTURE(model);
      const toolcall::parser_registry reg = toolcall::parser_registry::for_model(model);
      check(reg, "[THINK]The user wants a file listing.[/THINK][TOOL_CALLS]bash[ARGS]{\"cmd\": \"ls\"}",
            {{"bash", R"({"cmd":"ls"})"}}, "", {}, "The user wants a file listing.");
      // the prompt opened the block: the lone closer ends it (a whole text, read one-shot)
      toolcall::parser p{reg};
      const toolcall::message m = p.parse("let me think[/THINK][TOOL_CALLS]test[ARGS]{}");
      CHECK(m.reasoning == "let me think");
      CHECK(m.content.empty());
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "test");
      // streamed with the prompt's reasoning open, every chunking agrees (Magistral's preset
      // also reads <think>, which an open block would be)
      if (std::string(model).find("Magistral") != std::string::npos) continue;
      toolcall::options o;
      o.seed = 5;
      o.reasoning = toolcall::reasoning_start::open;
      const tc_test::split_result r = tc_test::split_compare(reg, o, "let me think[/THINK][TOOL_CALLS]test[ARGS]{}");
      CHECK_MESSAGE(r.err.empty(), r.err);
      CHECK(r.one.reasoning == "let me think");
    }
  }

  TEST_CASE("kimi_k2: an id without its :N counter, or a bare counter, gives no call and an error") {
    const toolcall::parser_registry reg = tc_test::only_format("kimi_k2");
    const std::string bad_call =
        "<|tool_call_begin|>functions.invalid.0 <|tool_call_argument_begin|>{\"city\": \"Beijing\"}<|tool_call_end|>";
    toolcall::message m = check(reg,
                                "Help. <|tool_calls_section_begin|>" + bad_call +
                                    "<|tool_call_begin|>functions.valid:1 <|tool_call_argument_begin|>{\"city\": "
                                    "\"Shanghai\"}<|tool_call_end|><|tool_calls_section_end|>",
                                {{"valid", R"({"city":"Shanghai"})"}}, ("Help. " + bad_call).c_str());
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    CHECK(m.has_error());
    // a bare counter names no tool: never a call named "0"; the request's one tool is the call's
    // (vLLM's kimi_k2 infers it, tests/unit/peer_gaps2_test.cpp), without tools no call
    const std::string counter =
        "<|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>{\"city\": \"Tokyo\"}"
        "<|tool_call_end|><|tool_calls_section_end|>";
    check(reg, counter, {{"get_weather", R"({"city":"Tokyo"})"}}, "", weather_tool);
    m = check(reg, counter, {}, nullptr);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::missing_name));
    // ids as the template writes them are unchanged
    check(reg,
          "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
          "{\"city\": \"Paris\"}<|tool_call_end|><|tool_calls_section_end|>",
          {{"get_weather", R"({"city":"Paris"})"}}, "");
  }

  TEST_CASE("lfm2: a shell command quoting Python that quotes again is read as written (repair)") {
    const toolcall::parser_registry reg = tc_test::only_format("lfm2");
    const std::string cmd = "cd /testbed && python3 -c \"from sympy import latex, symbols\nx = symbols('x')\n"
                            "print(latex(3*x, mul_symbol='\\,'))\"";
    std::string args = R"({"command":"cd /testbed && python3 -c \"from sympy import latex, symbols\nx = symbols('x')\n)";
    args += R"x(print(latex(3*x, mul_symbol='\\,'))\""})x";
    toolcall::message m = check(reg, "<|tool_call_start|>[bash(command='" + cmd + "')]<|tool_call_end|>",
                                {{"bash", args}}, "");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::normalized));
    // the closer missing at the end of the text
    m = check(reg, "Running it.<|tool_call_start|>[bash(command='" + cmd + "')]", {{"bash", args}}, "Running it.");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::normalized));
    // double quotes around the command
    check(reg, "<|tool_call_start|>[run(code=\"print(\"hi\")\")]<|tool_call_end|>",
          {{"run", R"x({"code":"print(\"hi\")"})x"}}, "");
    // a valid call is read by the normal reader, untouched
    check(reg, "<|tool_call_start|>[bash(command='ls -la')]<|tool_call_end|>", {{"bash", R"({"command":"ls -la"})"}},
          "");
    // no closing quote and `)`: no repair, the region stays content with an error
    const std::string bad = "<|tool_call_start|>[bash(command='echo 'a' b]<|tool_call_end|>";
    m = check(reg, bad, {}, bad.c_str());
    CHECK(m.has_error());
  }

  TEST_CASE("lfm2: the block ends at the first <|tool_call_end|>, inside a string too") {
    // vLLM's and SGLang's LFM2 readers cut the block at the first closer (a special token the
    // model cannot write inside a value); a value that would run across it is no call
    const toolcall::parser_registry reg = tc_test::only_format("lfm2");
    const std::string bad = "<|tool_call_start|>[get_weather(city=\"Oslo\"(]<|tool_call_end|>";
    toolcall::message m = check(reg, bad + " Then: <|tool_call_start|>[get_time(tz=\"UTC\")]<|tool_call_end|>",
                                {{"get_time", R"({"tz":"UTC"})"}}, (bad + " Then:").c_str());
    REQUIRE(!m.diagnostics.empty());
    CHECK(m.diagnostics[0].code == toolcall::errc::invalid_call);
    CHECK(m.diagnostics[0].offset == bad.find("<|tool_call_end|>"));  // where the block was cut
    // a string holding the closer: the call is cut there, the rest stays content
    m = check(reg, "<|tool_call_start|>[f(a=\"x<|tool_call_end|>y\")]<|tool_call_end|>", {},
              "<|tool_call_start|>[f(a=\"x<|tool_call_end|>y\")]<|tool_call_end|>");
    CHECK(m.has_error());
    // a part of the closer inside a string is text
    check(reg, "<|tool_call_start|>[f(a=\"x<|tool_call_en\")]<|tool_call_end|>",
          {{"f", R"({"a":"x<|tool_call_en"})"}}, "");
    // the nested-quote repair still ends at the first closer
    const std::string cmd = "python3 -c \"print('a')\"";
    m = check(reg,
              "<|tool_call_start|>[bash(command='" + cmd + "')]<|tool_call_end|> and "
              "<|tool_call_start|>[ls()]<|tool_call_end|>",
              {{"bash", R"x({"command":"python3 -c \"print('a')\""})x"}, {"ls", "{}"}}, "and");
  }

  TEST_CASE("repeated parameter: Solar Open 2 keeps the first value, the XML families the later one") {
    toolcall::message m = check(tc_test::only_format("solar_open2"),
                                "<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Paris"
                                "<|tool_arg:end|>\n<|tool_arg:start|>city<|tool_arg:value|>London<|tool_arg:end|>\n"
                                "<|tool_arg:start|>unit<|tool_arg:value|>celsius<|tool_arg:end|>\n<|tool_call:end|>",
                                {{"get_weather", R"({"city":"Paris","unit":"celsius"})"}}, "");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_arguments));
    // GLM (vLLM's glm4_moe and Ollama: a dict, the later wins): both are written, the later wins
    m = check(tc_test::only_format("glm"),
              "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n"
              "<arg_key>city</arg_key>\n<arg_value>London</arg_value>\n</tool_call>",
              {{"get_weather", R"({"city":"Paris","city":"London"})"}}, "");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_arguments));
  }

  TEST_CASE("repeated parameter: MiniCPM drops the call, as vLLM's minicpm5xml parser does") {
    const std::string text =
        "<function name=\"get_weather\"><param name=\"city\">北京</param><param name=\"city\">上海</param></function>";
    const toolcall::message m = check(tc_test::only_format("minicpm"), text, {}, text.c_str(), weather_tool);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_arguments));
    CHECK(m.has_error());
    // Qwen3-Coder keeps both, a JSON reader takes the later (vLLM's qwen3coder builds a dict)
    check(tc_test::only_format("qwen3_coder"),
          "<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n<parameter=a>\n2\n</parameter>\n</function>\n"
          "</tool_call>",
          {{"f", R"({"a":"1","a":"2"})"}}, "");
  }

  TEST_CASE("apertus: a list cut off after a whole call keeps it, a cut call drops alone") {
    const toolcall::parser_registry reg = tc_test::only_format("apertus");
    toolcall::message m = check(reg, R"(<|tools_prefix|>[{"get_weather": {"location": "London"}})",
                                {{"get_weather", R"({"location":"London"})"}}, "");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
    CHECK_FALSE(m.has_error());
    check(reg, R"(Checking. <|tools_prefix|>[{"get_weather": {"location": "London"}}, )",
          {{"get_weather", R"({"location":"London"})"}}, "Checking.");
    m = check(reg, R"(<|tools_prefix|>[{"get_weather": {"location": "London"}}, {"get_time": {"tz": "Europe/Lon)",
              {{"get_weather", R"({"location":"London"})"}}, "");
    CHECK(m.has_error());
    // cut inside the only call's arguments: no call, the text stays content
    const std::string cut = R"(<|tools_prefix|>[{"get_weather": {"location": "Lon)";
    m = check(reg, cut, {}, cut.c_str());
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
  }

  TEST_CASE("apertus: an end-of-turn token where the list's ] should be keeps the complete calls") {
    const toolcall::parser_registry reg = tc_test::only_format("apertus");
    // <|assistant_end|> (or <|tools_suffix|>) right after a complete call cuts the list there,
    // as the end of the text does: the calls stay, with a warning at the token
    toolcall::message m = check(reg, R"(<|tools_prefix|>[{"f": {"a": 1}}, {"g": {"b": 2}}<|assistant_end|>)",
                                {{"f", R"({"a":1})"}, {"g", R"({"b":2})"}}, "");
    REQUIRE(m.diagnostics.size() == 1);
    CHECK(m.diagnostics[0].code == toolcall::errc::unterminated_call);
    CHECK(m.diagnostics[0].offset == 49);
    CHECK(m.diagnostics[0].level == toolcall::severity::warning);
    check(reg, "<|tools_prefix|>[{\"f\": {\"a\": 1}}, {\"g\": {\"b\": 2}}\n<|tools_suffix|>",
          {{"f", R"({"a":1})"}, {"g", R"({"b":2})"}}, "");
    check(reg, R"(<|tools_prefix|>[{"f": {"a": 1}}, {"g": {"b": 2}<|assistant_end|>)",
          {{"f", R"({"a":1})"}, {"g", R"({"b":2})"}}, "");
    // a later call cut inside its arguments drops alone (an error)
    m = check(reg, R"(<|tools_prefix|>[{"f": {"a": 1}}, {"g": {"b": 2<|assistant_end|>)", {{"f", R"({"a":1})"}}, "");
    CHECK(m.has_error());
    // any other `<` there is the list's syntax error, reported at the `<` whatever the chunking
    const std::string bad = R"(<|tools_prefix|>[{"f": {"a": 1}}, {"g": {"b": 2}}<|assistant_x|>)";
    m = check(reg, bad, {}, bad.c_str());
    REQUIRE(m.diagnostics.size() == 1);
    CHECK(m.diagnostics[0].code == toolcall::errc::invalid_json);
    CHECK(m.diagnostics[0].offset == 49);
  }

  TEST_CASE("hy3: a turn token in a later call's name slot keeps the complete calls") {
    const toolcall::parser_registry reg = tc_test::only_format("hy3");
    const std::string head =
        "<tool_calls><tool_call>get_time<tool_sep><arg_key>zone</arg_key><arg_value>UTC</arg_value></tool_call>";
    toolcall::message m = check(reg, head + "<tool_call><\xEF\xBD\x9Chy_eos:opensource\xEF\xBD\x9C>",
                                {{"get_time", R"({"zone":"UTC"})"}}, "<tool_call>");
    REQUIRE(m.diagnostics.size() == 1);
    CHECK(m.diagnostics[0].code == toolcall::errc::unterminated_call);
    CHECK(m.diagnostics[0].offset == head.size() + 11);
    check(reg, head + "\n<tool_call>\n<|im_end|>", {{"get_time", R"({"zone":"UTC"})"}}, "<tool_call>\n<|im_end|>");
    // any other tag there fails the block
    const std::string bad = head + "<tool_call><foo>";
    m = check(reg, bad, {}, bad.c_str());
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
  }

  TEST_CASE("call syntax inside a reasoning block never closed: no call, a call_in_reasoning warning") {
    // vLLM's and SGLang's reasoning parsers take everything after <think> when </think> never
    // comes, so their tool parsers see no content: no call; never silent, a warning at the opener
    const std::string thought = "let me call <tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
    toolcall::message m = check(tc_test::only_format("hermes"), "<think>" + thought, {}, "", {}, thought.c_str());
    REQUIRE(m.diagnostics.size() == 1);
    CHECK(m.diagnostics[0].code == toolcall::errc::call_in_reasoning);
    CHECK(m.diagnostics[0].level == toolcall::severity::warning);
    CHECK(m.diagnostics[0].offset == 7 + 12);
    CHECK(std::string(toolcall::to_string(toolcall::errc::call_in_reasoning)) == "call_in_reasoning");
    // the block closed: call syntax in reasoning is never a call, and nothing is reported
    m = check(tc_test::only_format("hermes"), "<think>" + thought + "</think>Done.", {}, "Done.", {}, thought.c_str());
    CHECK(m.diagnostics.empty());
    // the prompt opened the block (reasoning open) and the output never closes it
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start::open;
    o.seed = 5;
    const tc_test::split_result r = tc_test::split_compare(tc_test::only_format("hermes"), o, thought);
    CHECK_MESSAGE(r.err.empty(), r.err);
    CHECK(r.one.calls.empty());
    CHECK(tc_test::has_diagnostic(r.one, toolcall::errc::call_in_reasoning));
  }
}
