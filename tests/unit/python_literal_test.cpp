// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Python literals in pythonic calls (detail/python_literals.hpp): what Python's `ast` reads, as
// the vendors' parsers read the call list with it (vLLM's lfm2, olmo3 and pythonic parsers,
// SGLang's lfm2 detector). Each case runs one-shot, at every split point and in 1-byte writes.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace {

using tc_test::expect_message;
using tc_test::want_call;

const toolcall::parser_registry& reg() {
  static const toolcall::parser_registry r = toolcall::parser_registry::builtin();
  return r;
}

/// `[f(v=VALUE)]` in LFM2's tokens: one call whose arguments are `want`.
void lfm2_value(const std::string& value, const std::string& want) {
  const std::string t = "<|tool_call_start|>[f(v=" + value + ")]<|tool_call_end|>";
  expect_message(reg(), t, {{"f", want}});
}

/// `f(v=VALUE)` in Olmo 3's block.
void olmo3_value(const std::string& value, const std::string& want) {
  const std::string t = "<function_calls>f(v=" + value + ")</function_calls>";
  expect_message(reg(), t, {{"f", want}});
}

/// A value no vendor reads: the call is not made, the text stays.
void olmo3_rejects(const std::string& value) {
  const std::string t = "<function_calls>f(v=" + value + ")</function_calls>";
  const toolcall::message m = expect_message(reg(), t, {});
  CHECK_MESSAGE(m.content == t, t);
}

}  // namespace

TEST_SUITE("toolcall/python_literals") {
  TEST_CASE("triple-quoted strings") {
    expect_message(reg(), R"x(<|tool_call_start|>[run(code="""print('hi')""", lang="py")]<|tool_call_end|>)x",
                   {{"run", R"x({"code":"print('hi')","lang":"py"})x"}});
    expect_message(reg(), "<|tool_call_start|>[write(path='f.py', content='''def f():\n    return 1\n''')]<|tool_call_end|>",
                   {{"write", R"({"path":"f.py","content":"def f():\n    return 1\n"})"}});
    expect_message(reg(), R"x(<function_calls>run(code="""print('hi')""")</function_calls>)x",
                   {{"run", R"x({"code":"print('hi')"})x"}});
    expect_message(reg(), "<|python_start|>[run(code=\"\"\"x = '''a'''\ny = \"q\" \"\"\")]<|python_end|>",
                   {{"run", R"({"code":"x = '''a'''\ny = \"q\" "})"}});
    // one or two quotes inside are text; the first three in a row close; CRLF is one line break
    lfm2_value(R"("""a"b""c""")", R"({"v":"a\"b\"\"c"})");
    lfm2_value("'''x\r\ny'''", R"({"v":"x\ny"})");
    lfm2_value(R"("""""")", R"({"v":""})");
    lfm2_value(R"('''it's''')", R"({"v":"it's"})");
  }

  TEST_CASE("escapes") {
    lfm2_value(R"('\x41')", R"({"v":"A"})");
    lfm2_value(std::string("'a\\0b'"), R"({"v":"a\u0000b"})");
    lfm2_value(R"('\101\1012')", R"({"v":"AA2"})");
    lfm2_value(R"('\u00e9\U0001F600')", R"({"v":"é😀"})");
    lfm2_value(R"('\t\a\v\\')", R"({"v":"\t\u0007\u000b\\"})");
    lfm2_value(R"('\'\"' "\'")", R"({"v":"'\"'"})");
    lfm2_value("'a\\\nb'", R"({"v":"ab"})");       // a backslash-newline is nothing
    lfm2_value("'''a\\\r\nb'''", R"({"v":"ab"})");
    // no name table: `\N{...}` stays as written; so does an escape Python does not know
    lfm2_value(R"("\N{BULLET}")", R"({"v":"\\N{BULLET}"})");
    lfm2_value(R"('\d+')", R"({"v":"\\d+"})");
    lfm2_value(R"('\x4')", R"({"v":"\\x4"})");
  }

  TEST_CASE("string prefixes and adjacent strings") {
    lfm2_value(R"(u'x')", R"({"v":"x"})");
    lfm2_value(R"(r'\d+\.py')", R"({"v":"\\d+\\.py"})");
    lfm2_value(R"(R"a\"b")", R"({"v":"a\\\"b"})");
    lfm2_value(R"("a" "b")", R"({"v":"ab"})");
    lfm2_value(R"('a' "b'c"  r'\n')", R"({"v":"ab'c\\n"})");
    lfm2_value("('line one '\n 'line two')", R"({"v":"line one line two"})");
    olmo3_value(R"("a" 'b')", R"({"v":"ab"})");
    // `'it''s'` is two strings to Python
    lfm2_value(R"('it''s')", R"({"v":"its"})");
    // bytes are no JSON value (json.dumps refuses them)
    olmo3_rejects("b'x'");
  }

  TEST_CASE("numbers") {
    for (const auto& c : std::vector<std::pair<std::string, std::string>>{
             {"1.", "1.0"}, {".5", "0.5"}, {"0x10", "16"}, {"0X1f", "31"}, {"0o17", "15"}, {"0b101", "5"},
             {"1_000", "1000"}, {"0x_ff", "255"}, {"-0x10", "-16"}, {"1.5e-3", "1.5e-3"}, {"1_0.2_5", "10.25"},
             {"00", "0"}, {"07.5", "7.5"}, {"1.e2", "1.0e2"}, {"0xFFFFFFFFFFFFFFFFFFFF", "1208925819614629174706175"}}) {
      lfm2_value(c.first, R"({"v":)" + c.second + "}");
      olmo3_value(c.first, R"({"v":)" + c.second + "}");
    }
    // what LFM2's reader repairs, and Python 3 does not read
    lfm2_value("07", R"({"v":7})");
    lfm2_value("+5", R"({"v":5})");
    olmo3_rejects("07");
    for (const char* bad : {"1j", "0x", "1__0", "1_", "0b2", "1.2.3"}) olmo3_rejects(bad);
  }

  TEST_CASE("parentheses, tuples, sets and dict keys") {
    lfm2_value("(1)", R"({"v":1})");
    lfm2_value("((1))", R"({"v":1})");
    lfm2_value("(1,)", R"({"v":[1]})");
    lfm2_value("()", R"({"v":[]})");
    lfm2_value("(('a'), (\"\"\"b\"\"\",), {3, 4})", R"({"v":["a",["b"],[3,4]]})");
    lfm2_value("{1: 'a'}", R"({"v":{"1":"a"}})");
    lfm2_value("{True: 1, None: 2, 1.5: 3, 0x10: 4}", R"({"v":{"true":1,"null":2,"1.5":3,"16":4}})");
    lfm2_value("{1: ({2}, ), 'k' : [(3)]}", R"({"v":{"1":[[2]],"k":[3]}})");
    olmo3_value("(1)", R"({"v":1})");
    olmo3_value("{1: 'a', 2 : [True]}", R"({"v":{"1":"a","2":[true]}})");
    olmo3_value("('x')", R"({"v":"x"})");
    // vLLM's pythonic parser reads no tuple and no set
    olmo3_rejects("(1,)");
    olmo3_rejects("{1, 2}");
    olmo3_rejects("(1]");
    // a tuple deep in a sibling's value drops that call only
    expect_message(reg(), "[f(a=[1, (2,)], c='x]y)'), g()]", {{"g", "{}"}});
  }

  TEST_CASE("what already worked stays") {
    lfm2_value("{1, 2}", R"({"v":[1,2]})");
    lfm2_value("(1, 2)", R"({"v":[1,2]})");
    lfm2_value("{}", R"({"v":{}})");
    lfm2_value("-07", R"({"v":-7})");
    lfm2_value("[True, False, None]", R"({"v":[true,false,null]})");
    lfm2_value("'sed -n '1,5p' f.py'", R"({"v":"sed -n '1,5p' f.py"})");
    lfm2_value("'echo 'hi''", R"({"v":"echo 'hi'"})");
    lfm2_value(R"('say "hi"')", R"({"v":"say \"hi\""})");
    lfm2_value(R"("it's")", R"({"v":"it's"})");
    // a number no double holds drops its call, whatever its base
    for (const std::string& big : {std::string("1e999"), "0x1" + std::string(256, '0')}) {
      const std::string t = "<|tool_call_start|>[f(v=" + big + ")]<|tool_call_end|>";
      const toolcall::message m = expect_message(reg(), t, {});
      CHECK_MESSAGE(m.content == t, t);
    }
  }

  TEST_CASE("streams, and holds only what it must") {
    // a long triple-quoted string reaches the sink before its end
    std::string body(4000, 'x');
    const std::string t = "<|tool_call_start|>[write(content='''" + body + "\n" + body + "''')]<|tool_call_end|>";
    toolcall::stream_parser sp{reg(), tc_test::deterministic(1)};
    std::size_t sent = 0;
    const auto sink = [&](const toolcall::event& ev) {
      if (ev.kind == toolcall::event_kind::arguments_delta) sent += ev.text.size();
    };
    sp.write(std::string_view(t).substr(0, t.size() / 2), sink);
    CHECK(sent > 2000);
    sp.write(std::string_view(t).substr(t.size() / 2), sink);
    const toolcall::message m = sp.finish();
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].arguments == R"({"content":")" + body + "\\n" + body + "\"}");
  }

  TEST_CASE("hostile values end, in linear time, with valid JSON") {
    for (const std::string& v : std::vector<std::string>{std::string(200, '('), std::string(100000, '(') + "1", std::string(3000, '{') + "1: 2",
          "'''" + std::string(50000, '\'') + "'''", "\"\\" + std::string(20000, 'x'),
          "'\\U0011ffff'", "'\\ud83d'", "0x" + std::string(5000, 'f'), std::string(20000, '"'),
          "u" + std::string(10000, 'r'), "'a' " + std::string(10000, 'r')}) {
      for (const char* open : {"<|tool_call_start|>[f(v=", "<function_calls>f(v=", "<|python_start|>[f(v="}) {
        const std::string t = open + v + ")]";
        toolcall::parser p{reg(), tc_test::deterministic(1)};
        const toolcall::message m = p.parse(t);
        for (const auto& c : m.calls) CHECK(tc_test::json_text_equal(c.arguments, c.arguments));
      }
    }
  }
}
