// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Behaviours the vendors' parsers have and the fixture sweep found missing (issue 20): gpt-oss
// output that starts inside its role header (llama.cpp's and Ollama's gpt-oss readers), Kimi-K3's
// think and response channels and its json block (vLLM's kimi_k3 parser), MiniCPM5's
// tokenizer-mangled tags, CDATA values and `arguments` wrapper (vLLM's minicpm5xml parser), and
// MiniMax-M1's line-by-line reading (vLLM's minimax parser). Each case runs one-shot and
// streamed at every split point and in 1-byte writes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using tc_test::want_call;

/// One-shot and every chunking agree; the calls, content and reasoning are `want`.
toolcall::message expect(const toolcall::parser_registry& reg, const std::string& text, const std::vector<want_call>& want,
                         const std::string& content, const std::string& reasoning = "", const std::string& tools = {}) {
  tc_test::want_more more;
  more.content = content.c_str();
  more.reasoning = reasoning.c_str();
  more.tools = tools;
  more.seed = 17;
  return tc_test::expect_message(reg, text, want, more);
}

const char* const cpm_tools = R"([
  {"type": "function", "function": {"name": "search_flights", "parameters": {"type": "object",
    "properties": {"origin": {"type": "string"}, "destination": {"type": "string"}, "passengers": {"type": "integer"}},
    "required": ["origin", "destination"]}}},
  {"type": "function", "function": {"name": "run_python", "parameters": {"type": "object",
    "properties": {"code": {"type": "string"}}, "required": ["code"]}}}
])";

// U+0120 and U+010A, the byte-level tokenizer's space and newline, in UTF-8
const std::string sp = "\xC4\xA0", nl = "\xC4\x8A";

}  // namespace

TEST_SUITE("toolcall/peer rooms") {
  TEST_CASE("harmony: the output starts inside a role header the prompt opened") {
    const auto h = *toolcall::parser_registry::only("harmony");
    // the prompt ended with `<|start|>assistant`: the recipient is the first thing written
    expect(h, " to=functions.lookup_order<|channel|>commentary <|constrain|>json<|message|>{\"order_id\": \"A-1042\"}<|call|>",
           {{"lookup_order", R"({"order_id":"A-1042"})", "harmony"}}, "");
    expect(h, " to=functions.lookup_order<|channel|>commentary<|message|>{\"order_id\": \"A-1042\"}",
           {{"lookup_order", R"({"order_id":"A-1042"})", "harmony"}}, "");
    // the role written again (Ollama's header reader)
    expect(h, "assistant to=functions.get_time<|channel|>commentary json<|message|>{\"tz\": \"Asia/Tokyo\"}<|call|>",
           {{"get_time", R"({"tz":"Asia/Tokyo"})", "harmony"}}, "");
    // then a second call in a message of its own
    expect(h,
           " to=functions.get_time<|channel|>commentary<|message|>{\"tz\": \"UTC\"}<|call|>"
           "<|start|>assistant to=functions.convert_currency<|channel|>commentary <|constrain|>json<|message|>"
           "{\"amount\": 20, \"to\": \"EUR\"}<|call|>",
           {{"get_time", R"({"tz":"UTC"})", "harmony"}, {"convert_currency", R"({"amount":20,"to":"EUR"})", "harmony"}}, "");
    // an ordinary reply still starts at its channel
    expect(h, "<|channel|>final<|message|>It is 9 pm in Tokyo.", {}, "It is 9 pm in Tokyo.");
  }

  TEST_CASE("harmony: `to=` that is not a role header stays prose") {
    const auto h = *toolcall::parser_registry::only("harmony");
    expect(h, "to=do list for today:\n- water the plants", {}, "to=do list for today:\n- water the plants");
    // only at the start: later in the text it is a word
    expect(h, "Send it to=me later.", {}, "Send it to=me later.");
    const auto all = toolcall::parser_registry::builtin();
    expect(all, "The setting is spelled to=auto in the file.", {}, "The setting is spelled to=auto in the file.");
  }

  TEST_CASE("kimi_k3: the think and response channels are reasoning and content") {
    const auto k3 = *toolcall::parser_registry::only("kimi_k3");
    const std::string call =
        "<|open|>tools<|sep|><|open|>call tool=\"get_stock_price\" index=\"1\"<|sep|>"
        "<|open|>argument key=\"ticker\" type=\"string\"<|sep|>NVDA<|close|>argument<|sep|>"
        "<|close|>call<|sep|><|close|>tools<|sep|>";
    expect(k3,
           "<|open|>think<|sep|>The user wants the NVDA quote.<|close|>think<|sep|>"
           "<|open|>response<|sep|>Let me fetch it.<|close|>response<|sep|>" + call,
           {{"get_stock_price", R"({"ticker":"NVDA"})", "kimi_k3"}}, "Let me fetch it.", "The user wants the NVDA quote.");
    // a reply with no call: only its text is content
    expect(k3, "<|open|>response<|sep|>Markets are closed today.<|close|>response<|sep|><|close|>message<|sep|>", {},
           "Markets are closed today.");
    // the prompt opened the response channel: its closer alone is markup (as before)
    expect(k3, "Fetching it now.<|close|>response<|sep|>" + call, {{"get_stock_price", R"({"ticker":"NVDA"})", "kimi_k3"}},
           "Fetching it now.");
  }

  TEST_CASE("kimi_k3: a call's json block holds its arguments") {
    const auto k3 = *toolcall::parser_registry::only("kimi_k3");
    expect(k3,
           "<|close|>response<|sep|><|open|>tools<|sep|>\n<|open|>call tool=\"book_table\" index=\"1\"<|sep|>\n"
           "<|open|>json type=\"object\"<|sep|>{\"restaurant\": \"Noma\", \"party\": 4, \"tags\": [\"window\"]}"
           "<|close|>json<|sep|>\n<|close|>call<|sep|>\n"
           "<|open|>call tool=\"send_sms\" index=\"2\"<|sep|>"
           "<|open|>argument key=\"text\" type=\"string\"<|sep|>Booked <|close|>json for 4<|close|>argument<|sep|>"
           "<|close|>call<|sep|>\n<|close|>tools<|sep|>",
           {{"book_table", R"({"restaurant":"Noma","party":4,"tags":["window"]})", "kimi_k3"},
            {"send_sms", R"({"text":"Booked <|close|>json for 4"})", "kimi_k3"}},
           "");
    // the tools channel's closer left out before the message's
    expect(k3,
           "<|open|>tools<|sep|><|open|>call tool=\"set_alarm\" index=\"1\"<|sep|><|open|>json type=\"object\"<|sep|>"
           "{\"time\": \"06:30\"}<|close|>json<|sep|><|close|>call<|sep|><|close|>message<|sep|>",
           {{"set_alarm", R"({"time":"06:30"})", "kimi_k3"}}, "");
    // a block cut off: no call, and it says so
    const toolcall::message m = expect(
        k3, "<|open|>tools<|sep|><|open|>call tool=\"book_table\" index=\"1\"<|sep|><|open|>json type=\"object\"<|sep|>{\"restaurant\": \"No",
        {}, "<|open|>tools<|sep|><|open|>call tool=\"book_table\" index=\"1\"<|sep|><|open|>json type=\"object\"<|sep|>{\"restaurant\": \"No");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
  }

  TEST_CASE("minicpm: tags as a byte-level tokenizer decodes them") {
    const auto cpm = *toolcall::parser_registry::only("minicpm");
    expect(cpm,
           "<function" + sp + "name=\"search_flights\"><param" + sp + "name=\"origin\">SFO</param><param" + sp +
               "name=\"destination\">San" + sp + "Jose" + sp + "del" + sp + "Cabo</param></function>",
           {{"search_flights", R"({"origin":"SFO","destination":"San Jose del Cabo"})", "minicpm"}}, "");
    expect(cpm,
           "I'll search now.\n<functionname=\"search_flights\"><paramname=\"origin\">OSL</param>"
           "<paramname=\"destination\">BGO</param><paramname=\"passengers\">2</param></function>",
           {{"search_flights", R"({"origin":"OSL","destination":"BGO","passengers":2})", "minicpm"}}, "I'll search now.");
    // mixed: the function tag with `Ġ`, the parameters collapsed, a newline token in a value
    expect(cpm,
           "<function" + sp + "name=\"run_python\"><paramname=\"code\">" + nl + "print(1)" + nl + "print(2)" + nl +
               "</param></function>",
           {{"run_python", R"J({"code":"print(1)\nprint(2)"})J", "minicpm"}}, "");
  }

  TEST_CASE("minicpm: a CDATA value is its text") {
    const auto cpm = *toolcall::parser_registry::only("minicpm");
    expect(cpm,
           "<function name=\"run_python\"><param name=\"code\"><![CDATA[if a < b and c > d:\n    print(\"x & y\")]]></param>"
           "</function>",
           {{"run_python", R"J({"code":"if a < b and c > d:\n    print(\"x & y\")"})J", "minicpm"}}, "");
    // `]]>` with no CDATA open is text of the value
    expect(cpm, "<function name=\"run_python\"><param name=\"code\">print(m[v[0]]>1)</param></function>",
           {{"run_python", R"J({"code":"print(m[v[0]]>1)"})J", "minicpm"}}, "");
    // with the schema too
    expect(cpm, "<function name=\"search_flights\"><param name=\"origin\"><![CDATA[ CDG ]]></param><param name=\"destination\">NRT</param></function>",
           {{"search_flights", R"({"origin":"CDG","destination":"NRT"})", "minicpm"}}, "", "", cpm_tools);
  }

  TEST_CASE("minicpm: the parameters written inside one `arguments` parameter") {
    const auto cpm = *toolcall::parser_registry::only("minicpm");
    const toolcall::message m =
        expect(cpm,
               "<function name=\"search_flights\"><param name=\"arguments\">{\"origin\": \"LIS\", \"destination\": \"FNC\", "
               "\"passengers\": 3}</param></function>",
               {{"search_flights", R"({"origin":"LIS","destination":"FNC","passengers":3})", "minicpm"}}, "", "",
               cpm_tools);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::normalized));
    // without the request's tools nothing says it is a wrapper: the parameter is kept
    expect(cpm, "<function name=\"search_flights\"><param name=\"arguments\">{\"origin\": \"LIS\"}</param></function>",
           {{"search_flights", R"({"arguments":{"origin":"LIS"}})", "minicpm"}}, "");
  }

  TEST_CASE("minimax_m1: a line that is not a call drops only itself") {
    const auto m1 = *toolcall::parser_registry::only("minimax_m1");
    toolcall::message m = expect(m1,
                                 "Checking both.\n<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lima\"}}\n"
                                 "{get_weather(city=\"Quito\")}\n"
                                 "{\"name\": \"get_time\", \"arguments\": {\"city\": \"Lima\"}}\n</tool_calls>",
                                 {{"get_weather", R"({"city":"Lima"})", "minimax_m1"}, {"get_time", R"({"city":"Lima"})", "minimax_m1"}},
                                 "Checking both.\n{get_weather(city=\"Quito\")}");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    // arguments that break after their call opened fail the block, as any broken call does
    const std::string broken = "<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lima\"}}\n"
                               "{\"name\": \"get_weather\", \"arguments\": {city: Quito}}\n</tool_calls>";
    m = expect(m1, broken, {}, broken);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_json));
    // a line with no arguments, one with no name, a line of prose
    m = expect(m1,
               "<tool_calls>\n{\"name\": \"list_files\"}\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"a.txt\"}}\n"
               "{\"arguments\": {\"path\": \"b.txt\"}}\nnow the second one\n"
               "{\"name\": \"read_file\", \"arguments\": {\"path\": \"c.txt\"}}\n</tool_calls>",
               {{"read_file", R"({"path":"a.txt"})", "minimax_m1"}, {"read_file", R"({"path":"c.txt"})", "minimax_m1"}},
               "{\"name\": \"list_files\"}\n{\"arguments\": {\"path\": \"b.txt\"}}\nnow the second one");
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
  }

  TEST_CASE("minimax_m1: a block with no call fails with a diagnostic") {
    const auto m1 = *toolcall::parser_registry::only("minimax_m1");
    const std::string text = "<tool_calls>\n{\"tool\": \"get_weather\", \"city\": \"Lima\"}\n</tool_calls>\nDone.";
    const toolcall::message m = expect(m1, text, {}, text);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    // the good lines stream as they come; an end-of-turn token ends the block
    expect(m1, "<tool_calls>\n{\"name\": \"ping\", \"arguments\": {}}\n<end_of_sentence>", {{"ping", "{}", "minimax_m1"}}, "");
  }

  TEST_CASE("minimax_m1 and jamba still share `<tool_calls>`") {
    const auto all = toolcall::parser_registry::builtin();
    expect(all, "<tool_calls>[{\"name\": \"ping\", \"arguments\": {\"host\": \"a\"}}]</tool_calls>", {{"ping", R"({"host":"a"})", "jamba"}},
           "");
    expect(all, "<tool_calls>\n{\"name\": \"ping\", \"arguments\": {\"host\": \"a\"}}\n{oops}\n</tool_calls>",
           {{"ping", R"({"host":"a"})", "minimax_m1"}}, "{oops}");
  }
}
