// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The peers' sweep (issue 20), token-slot and pythonic families: Solar Open 2 values bounded by
// every sentinel, HyperCLOVA X SEED Think's XML calls and bare JSON, LFM2 calls without brackets,
// DeepSeek's tool-output markers, PLaMo 3's end of turn, and numbers no double holds. Each case
// runs one-shot and streamed at every split and in 1-byte writes, and both must agree.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include <toolcall/formats/pythonic.hpp>

#include "test_support.hpp"

namespace {

using calls_t = std::vector<tc_test::want_call>;

/// One-shot gives `want` (and `content` when given); every chunking gives the one-shot message.
toolcall::message check(const toolcall::parser_registry& reg, const std::string& text, const calls_t& want,
                        const char* content = nullptr, const std::string& tools = {}) {
  tc_test::want_more more;
  more.content = content;
  more.tools = tools;
  more.seed = 7;
  return tc_test::expect_message(reg, text, want, more);
}

}  // namespace

TEST_SUITE("toolcall/peer slots") {
  TEST_CASE("solar_open2: every full sentinel ends a value") {
    const toolcall::parser_registry reg = tc_test::only_format("solar_open2");
    const std::string search = "<|tool_call:start|>search_docs\n<|tool_arg:start|>query<|tool_arg:value|>refund policy";
    const std::string weather =
        "<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>";
    // the value's closer dropped, then the call's closer and the next call
    check(reg, search + "<|tool_call:end|>" + weather,
          {{"search_docs", R"({"query":"refund policy"})"}, {"get_weather", R"({"city":"Seoul"})"}}, "");
    // both closers dropped: the next call's opener ends the value and the call
    check(reg, search + "\n" + weather,
          {{"search_docs", R"({"query":"refund policy\n"})"}, {"get_weather", R"({"city":"Seoul"})"}}, "");
    check(reg, "Let me look.\n" + search + weather,
          {{"search_docs", R"({"query":"refund policy"})"}, {"get_weather", R"({"city":"Seoul"})"}}, "Let me look.");
    // the next argument's opener ends a value whose closer is missing
    check(reg,
          "<|tool_call:start|>book_table\n<|tool_arg:start|>name<|tool_arg:value|>Kim"
          "<|tool_arg:start|>party_size<|tool_arg:value|>4<|tool_arg:end|>\n<|tool_call:end|>",
          {{"book_table", R"({"name":"Kim","party_size":"4"})"}}, "");
    // with the request's tools, the same: the sentinel ends the value, then the schema types it
    check(reg,
          "<|tool_call:start|>book_table\n<|tool_arg:start|>name<|tool_arg:value|>Kim"
          "<|tool_arg:start|>party_size<|tool_arg:value|>4<|tool_arg:end|>\n<|tool_call:end|>",
          {{"book_table", R"({"name":"Kim","party_size":4})"}}, "",
          R"([{"type":"function","function":{"name":"book_table","parameters":{"type":"object","properties":{"name":{"type":"string"},"party_size":{"type":"integer"}}}}}])");
    // a value ending at the end of the text after its call closer
    check(reg, search + "<|tool_call:end|>", {{"search_docs", R"({"query":"refund policy"})"}}, "");
    // text that only starts like a sentinel stays in the value
    check(reg,
          "<|tool_call:start|>run_sql\n<|tool_arg:start|>sql<|tool_arg:value|>SELECT 1 WHERE a <|b| AND c < d<|tool_arg:end|>\n"
          "<|tool_call:end|>",
          {{"run_sql", R"({"sql":"SELECT 1 WHERE a <|b| AND c < d"})"}}, "");
    // the well-formed shape is unchanged
    check(reg, weather + "\n" + weather, {{"get_weather", R"({"city":"Seoul"})"}, {"get_weather", R"({"city":"Seoul"})"}}, "");
  }
}

TEST_SUITE("toolcall/peer slots") {
  TEST_CASE("hyperclovax: Think-32B's XML calls, values read as JSON") {
    const toolcall::parser_registry fmt = tc_test::only_format("hyperclovax");
    const toolcall::parser_registry think32 = toolcall::parser_registry::for_model("naver-hyperclovax/HyperCLOVAX-SEED-Think-32B");
    const std::string call =
        "<tool_call>search_flights\n<arg_key>origin</arg_key>\n<arg_value>\"ICN\"</arg_value>\n"
        "<arg_key>passengers</arg_key>\n<arg_value>2</arg_value>\n<arg_key>dates</arg_key>\n"
        "<arg_value>[\"2026-03-01\", \"2026-03-08\"]</arg_value>\n</tool_call>";
    const char* args = R"({"origin":"ICN","passengers":2,"dates":["2026-03-01","2026-03-08"]})";
    for (const auto* reg : {&fmt, &think32}) {
      const toolcall::message m = check(*reg, call, {{"search_flights", args}}, "");
      CHECK(m.diagnostics.empty());
      // prose before the call, two calls, a value the model did not JSON-encode (kept as text,
      // no warning: the vendor's fallback)
      const toolcall::message m2 = check(*reg,
                                         "I'll look up both cities.<tool_call>get_weather\n<arg_key>city</arg_key>\n"
                                         "<arg_value>Busan</arg_value>\n</tool_call>\n<tool_call>get_weather\n"
                                         "<arg_key>city</arg_key>\n<arg_value>\"Jeju\"</arg_value>\n</tool_call><|im_end|>",
                                         {{"get_weather", R"({"city":"Busan"})"}, {"get_weather", R"({"city":"Jeju"})"}},
                                         "I'll look up both cities.");
      CHECK(m2.diagnostics.empty());
      // the schema does not retype a JSON-encoded string, as the vendor's parser ignores it
      check(*reg, call, {{"search_flights", args}}, "",
            R"([{"type":"function","function":{"name":"search_flights","parameters":{"type":"object","properties":{"origin":{"type":"string"},"passengers":{"type":"integer"},"dates":{"type":"array"}}}}}])");
      // the role-suffix form still parses
      check(*reg, "Checking.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Seoul\"}}]<|im_end|><|stop|>",
            {{"get_weather", R"({"city":"Seoul"})"}}, "Checking.");
      // a cut-off call is not silent
      const toolcall::message cut = check(*reg, "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>\"Se", {});
      CHECK(!cut.diagnostics.empty());
    }
    // the 14B keeps its role-suffix form only: `<tool_call>` prose there is no business of the preset
    const toolcall::parser_registry think14 = toolcall::parser_registry::for_model("naver-hyperclovax/HyperCLOVAX-SEED-Think-14B");
    check(think14, "<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Seoul\"}}]<|im_end|>",
          {{"get_weather", R"({"city":"Seoul"})"}}, "");
  }
}

TEST_SUITE("toolcall/peer slots") {
  TEST_CASE("lfm2: one call without the brackets, one JSON object") {
    for (const char* model : {"LiquidAI/LFM2.5-1.2B-Instruct", "LiquidAI/LFM2-2.6B"}) {
      const toolcall::parser_registry reg = toolcall::parser_registry::for_model(model);
      check(reg, "<|tool_call_start|>run_shell(cmd='git status --short')<|tool_call_end|>",
            {{"run_shell", R"({"cmd":"git status --short"})"}}, "");
      check(reg, "<|tool_call_start|>list_alarms()<|tool_call_end|>Here are your alarms.", {{"list_alarms", "{}"}},
            "Here are your alarms.");
      check(reg, "<|tool_call_start|>set_timer(label=\"tea (green)\", minutes=3, repeat=False)<|tool_call_end|>",
            {{"set_timer", R"j({"label":"tea (green)","minutes":3,"repeat":false})j"}}, "");
      // the inner quotes of a shell command, and `(`, `,`, `=` inside strings
      check(reg, "<|tool_call_start|>run_shell(cmd=\"grep -n 'a, b=(1)' src/app.py\")<|tool_call_end|>",
            {{"run_shell", R"j({"cmd":"grep -n 'a, b=(1)' src/app.py"})j"}}, "");
      check(reg, "<|tool_call_start|>run_shell(cmd='sed -n '10,20p' notes.txt')<|tool_call_end|>",
            {{"run_shell", R"({"cmd":"sed -n '10,20p' notes.txt"})"}}, "");
      check(reg, "<|tool_call_start|> {\"name\": \"list_alarms\", \"arguments\": {}}<|tool_call_end|>", {{"list_alarms", "{}"}}, "");
      // a cut-off call is not silent
      const toolcall::message cut = check(reg, "<|tool_call_start|>run_shell(cmd='ls", {});
      CHECK(!cut.diagnostics.empty());
      // the list form is unchanged
      check(reg, "<|tool_call_start|>[list_alarms(), run_shell(cmd='ls')]<|tool_call_end|>",
            {{"list_alarms", "{}"}, {"run_shell", R"({"cmd":"ls"})"}}, "");
      // prose after the token is still no call, and says so
      const toolcall::message prose = check(reg, "The <|tool_call_start|> token opens a call.", {});
      CHECK(!prose.diagnostics.empty());
    }
  }
}

TEST_SUITE("toolcall/peer slots") {
  TEST_CASE("deepseek: tool-output tokens the model writes are markup") {
    const toolcall::parser_registry reg = toolcall::parser_registry::for_model("deepseek-ai/DeepSeek-V3.1");
    const std::string ob = "<\xEF\xBD\x9Ctool\xE2\x96\x81output\xE2\x96\x81" "begin\xEF\xBD\x9C>";
    const std::string oe = "<\xEF\xBD\x9Ctool\xE2\x96\x81output\xE2\x96\x81" "end\xEF\xBD\x9C>";
    const std::string osb = "<\xEF\xBD\x9Ctool\xE2\x96\x81outputs\xE2\x96\x81" "begin\xEF\xBD\x9C>";
    const std::string ose = "<\xEF\xBD\x9Ctool\xE2\x96\x81outputs\xE2\x96\x81" "end\xEF\xBD\x9C>";
    check(reg, "The build log says: " + ob + "2 tests failed" + oe + " so I will rerun them.", {},
          "The build log says: 2 tests failed so I will rerun them.");
    check(reg, osb + ob + "{\"status\": \"ok\"}" + oe + ose + "The service is up.", {}, "{\"status\": \"ok\"}The service is up.");
    // a call after a tool output the model echoed
    const std::string call = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C><\xEF\xBD\x9Ctool\xE2\x96\x81"
                             "call\xE2\x96\x81" "begin\xEF\xBD\x9C>get_weather<\xEF\xBD\x9Ctool\xE2\x96\x81sep\xEF\xBD\x9C>"
                             "{\"city\": \"Paris\"}<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>"
                             "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "end\xEF\xBD\x9C>";
    check(reg, ob + "cached" + oe + call, {{"get_weather", R"({"city":"Paris"})"}}, "cached");
    // a token named in prose, without its closer, stays as written; a call after it still parses
    check(reg, "Wrap a result in " + ob + " tokens, then wait.", {}, ("Wrap a result in " + ob + " tokens, then wait.").c_str());
    check(reg, "The " + oe + " token ends a result.", {}, ("The " + oe + " token ends a result.").c_str());
    check(reg, "Results go in " + ob + " tokens. " + call, {{"get_weather", R"({"city":"Paris"})"}},
          ("Results go in " + ob + " tokens.").c_str());
    // quoted in inline code, the token is an example
    check(reg, "DeepSeek wraps a result in `" + ob + "` tokens.", {}, ("DeepSeek wraps a result in `" + ob + "` tokens.").c_str());
  }

  TEST_CASE("plamo3: a tag cut off by the end of the output is dropped") {
    const toolcall::parser_registry reg = toolcall::parser_registry::for_model("pfnet/plamo-3-nict-31b-chat");
    const toolcall::message m = check(reg, "The forecast for Tokyo is sunny.<|plamo:begin_tool_req", {}, "The forecast for Tokyo is sunny.");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::marker_in_text));
    check(reg, "Done.<|plamo:", {}, "Done.");
    check(reg, "Done.<|plamo:t", {}, "Done.");
    // not a PLaMo tag: text as written
    check(reg, "Use <|plamo:custom|> in the template.", {}, "Use <|plamo:custom|> in the template.");
    // the end of turn and a whole call are unchanged
    check(reg, "Sunny.<|plamo:tag|>", {}, "Sunny.");
    check(reg,
          "<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather"
          "<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{\"city\": \"Tokyo\"}"
          "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>",
          {{"get_weather", R"({"city":"Tokyo"})"}}, "");
    // a call cut off inside a tag is still reported
    const toolcall::message cut = check(reg,
                                        "<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>"
                                        "get_weather<|plamo:end_tool_na",
                                        {});
    CHECK(!cut.diagnostics.empty());
  }
}

TEST_SUITE("toolcall/peer slots") {
  TEST_CASE("pythonic families: a call holding a number no double holds is dropped, its siblings stay") {
    CHECK(toolcall::detail::number_overflows_double("1e999"));
    CHECK(toolcall::detail::number_overflows_double("-2.5e400"));
    CHECK(toolcall::detail::number_overflows_double("1.8e308"));
    CHECK(toolcall::detail::number_overflows_double("0.00018e312"));
    CHECK_FALSE(toolcall::detail::number_overflows_double("1.7976931348623157e308"));
    CHECK_FALSE(toolcall::detail::number_overflows_double("1e308"));
    CHECK_FALSE(toolcall::detail::number_overflows_double("1e-999"));
    CHECK_FALSE(toolcall::detail::number_overflows_double("0"));
    CHECK_FALSE(toolcall::detail::number_overflows_double("123456789012345678901234567890"));
    struct row {
      const char* model;
      std::string text;
      std::string alone;  // the call alone
    };
    const std::vector<row> rows = {
        {"allenai/Olmo-3-7B-Instruct", "<function_calls>scale(factor=1e999)\nget_time(tz=\"UTC\")</function_calls>",
         "<function_calls>scale(factor=1e999)</function_calls>"},
        {"meta-llama/Llama-4-Scout-17B-16E-Instruct", "<|python_start|>[scale(factor=1e999), get_time(tz=\"UTC\")]<|python_end|>",
         "<|python_start|>[scale(factor=1e999)]<|python_end|>"},
        {"LiquidAI/LFM2-1.2B", "<|tool_call_start|>[scale(factor=1e999), get_time(tz=\"UTC\")]<|tool_call_end|>",
         "<|tool_call_start|>[scale(factor=1e999)]<|tool_call_end|>"},
    };
    for (const row& r : rows) {
      const toolcall::parser_registry reg = toolcall::parser_registry::for_model(r.model);
      // vLLM's and SGLang's pythonic readers reject that call (json.dumps refuses infinity)
      const toolcall::message m = check(reg, r.text, {{"get_time", R"({"tz":"UTC"})"}}, "");
      CHECK_MESSAGE(tc_test::has_diagnostic(m, toolcall::errc::invalid_arguments), r.model);
      bool error = false;
      for (const auto& d : m.diagnostics) error |= d.level == toolcall::severity::error;
      CHECK_MESSAGE(error, r.model);
      // the only call dropped: no call, the text is content, said
      const toolcall::message none = check(reg, r.alone, {});
      CHECK_MESSAGE(none.content.find("scale(factor=1e999)") != std::string::npos, r.model << ": " << none.content);
      CHECK_MESSAGE(tc_test::has_diagnostic(none, toolcall::errc::invalid_arguments), r.model << ": " << r.alone);
      // an ordinary number, and one inside a string, say nothing
      std::string ok = r.text;
      ok.replace(ok.find("1e999"), 5, "2.5e10, note=\"1e999\"");
      const toolcall::message m2 =
          check(reg, ok, {{"scale", R"({"factor":2.5e10,"note":"1e999"})"}, {"get_time", R"({"tz":"UTC"})"}}, "");
      CHECK_MESSAGE(m2.diagnostics.empty(), r.model);
    }
  }
}

TEST_SUITE("toolcall/peer slots") {
  TEST_CASE("hyperclovax: Think-32B's tool_choice=required JSON list and its reasoning") {
    // vLLM's structured output makes Think-32B write the list alone after its reasoning, with
    // `parameters` (the Function schema's key) or `arguments`, or one object
    const toolcall::parser_registry fmt = tc_test::only_format("hyperclovax");
    const toolcall::parser_registry think32 = toolcall::parser_registry::for_model("naver-hyperclovax/HyperCLOVAX-SEED-Think-32B");
    CHECK_FALSE(think32.prompt_opens_reasoning());  // thinking is the request's choice
    for (const auto* reg : {&fmt, &think32}) {
      const toolcall::message list =
          check(*reg, R"([{"name": "get_current_weather", "parameters": {"location": "Seoul", "unit": "celsius"}}])",
                {{"get_current_weather", R"({"location":"Seoul","unit":"celsius"})"}}, "");
      REQUIRE(list.calls.size() == 1);
      CHECK(list.calls[0].format == "hyperclovax");  // the family alone: it names the call
      check(*reg, "{\"name\": \"book_table\", \"arguments\": {\"restaurant\": \"Mingles\", \"people\": 4}}\n",
            {{"book_table", R"({"restaurant":"Mingles","people":4})"}}, "");
      check(*reg,
            "[{\"name\": \"get_current_weather\", \"parameters\": {\"location\": \"Seoul\"}},\n"
            " {\"name\": \"get_current_weather\", \"parameters\": {\"location\": \"Busan\"}}]<|im_end|>",
            {{"get_current_weather", R"({"location":"Seoul"})"}, {"get_current_weather", R"({"location":"Busan"})"}}, "");
      // a JSON list after prose is the answer's text, as vLLM reads it (the list must stand alone)
      check(*reg, "The API returns [{\"name\": \"x\", \"parameters\": {}}] on success.", {},
            "The API returns [{\"name\": \"x\", \"parameters\": {}}] on success.");
    }
    // with thinking on, the prompt opened `<think>`: the text before the lone `</think>` is
    // reasoning, in one-shot and in every chunking of a live stream told so by the server
    toolcall::options thinking;
    thinking.reasoning = toolcall::reasoning_start::open;
    const std::string out =
        "The user wants Seoul's weather, so I call the tool.</think>\n\nLet me check.<tool_call>get_current_weather\n"
        "<arg_key>location</arg_key>\n<arg_value>\"Seoul\"</arg_value>\n</tool_call><|im_end|>";
    for (std::size_t chunk : {out.size(), std::size_t{1}, std::size_t{7}}) {
      toolcall::stream_parser sp{think32, thinking};
      for (std::size_t i = 0; i < out.size(); i += chunk) sp.write(std::string_view(out).substr(i, chunk));
      const toolcall::message m = sp.finish();
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].arguments == R"({"location":"Seoul"})");
      CHECK(m.reasoning == "The user wants Seoul's weather, so I call the tool.");
      CHECK(m.content == "Let me check.");
    }
    const toolcall::message whole = toolcall::parser(think32).parse(
        "Seoul it is.</think>\n\n[{\"name\": \"get_current_weather\", \"parameters\": {\"location\": \"Seoul\"}}]");
    REQUIRE(whole.calls.size() == 1);
    CHECK(whole.reasoning == "Seoul it is.");
    CHECK(whole.content.empty());
    // thinking off: the prompt held `</think>`, the output is the answer
    check(think32, "Let me check.<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>\"Seoul\"</arg_value>\n</tool_call>",
          {{"get_current_weather", R"({"location":"Seoul"})"}}, "Let me check.");
  }

  TEST_CASE("hyperclovax's rooms leave other families' calls alone") {
    // a bare JSON call of builtin() is not named after hyperclovax, a GLM call is GLM's
    const toolcall::parser_registry all = toolcall::parser_registry::builtin();
    const toolcall::message bare = check(all, R"({"name": "get_weather", "arguments": {"city": "Paris"}})", {{"get_weather", R"({"city":"Paris"})"}}, "");
    REQUIRE(bare.calls.size() == 1);
    CHECK(bare.calls[0].format != "hyperclovax");
    const toolcall::message glm = check(toolcall::parser_registry::for_model("zai-org/GLM-4.6"),
                                        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>\"Paris\"</arg_value>\n</tool_call>",
                                        {{"get_weather", R"({"city":"Paris"})"}}, "");  // json.loads, as vLLM
    REQUIRE(glm.calls.size() == 1);
    CHECK(glm.calls[0].format == "glm");
  }
}
