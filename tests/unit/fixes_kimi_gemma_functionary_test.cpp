// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Three fixes against the vendors' reference parsers: Kimi-K3 keeps the complete calls before a
// cut one (vLLM's kimi_k3), FunctionGemma's closer written twice is a marker (vLLM's
// functiongemma), Functionary v3.2's `python` recipient takes a JSON object as its arguments
// (llama.cpp's parse_json_tool_calls with allow_raw_python). Each case runs one-shot and at
// every split (tc_test::expect_message).
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "test_support.hpp"

namespace {
const toolcall::parser_registry& only(const char* family) {
  static std::map<std::string, toolcall::parser_registry> regs;
  auto it = regs.find(family);
  if (it == regs.end()) it = regs.emplace(family, toolcall::parser_registry::only(family).value()).first;
  return it->second;
}
}  // namespace

TEST_SUITE("toolcall/fixes_kimi_gemma_functionary") {
  TEST_CASE("kimi_k3: a complete call is kept when the next call is cut off") {
    const std::string t =
        "<|open|>tools<|sep|><|open|>call tool=\"f\" index=\"1\"<|sep|><|open|>argument key=\"a\" type=\"string\"<|sep|>x"
        "<|close|>argument<|sep|><|close|>call<|sep|><|open|>call tool=\"g\" index=\"2\"<|sep|><|open|>argument key=\"b\"";
    const toolcall::message m = tc_test::expect_message(
        only("kimi_k3"), t, {{"f", R"j({"a":"x"})j"}},
        {"<|open|>call tool=\"g\" index=\"2\"<|sep|><|open|>argument key=\"b\""});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
  }
  TEST_CASE("kimi_k3: a cut json-block call goes back as written, its markers included") {
    const std::string t =
        "<|open|>tools<|sep|>\n<|open|>call tool=\"f\" index=\"1\"<|sep|><|open|>json type=\"object\"<|sep|>{\"a\": 1}"
        "<|close|>json<|sep|><|close|>call<|sep|>\n<|open|>call tool=\"g\" index=\"2\"<|sep|><|open|>json type=\"object\"<|sep|>{\"b\": 2}<|close|>json<|sep|>";
    const toolcall::message m = tc_test::expect_message(
        only("kimi_k3"), t, {{"f", R"j({"a":1})j"}},
        {"<|open|>call tool=\"g\" index=\"2\"<|sep|><|open|>json type=\"object\"<|sep|>{\"b\": 2}<|close|>json<|sep|>"});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
  }
  TEST_CASE("kimi_k3: a call cut with no complete call before it still fails whole") {
    const std::string t = "<|open|>tools<|sep|><|open|>call tool=\"g\" index=\"1\"<|sep|><|open|>argument key=\"b\"";
    const toolcall::message m = tc_test::expect_message(only("kimi_k3"), t, {}, {t.c_str()});
    CHECK(m.has_error());
  }

  TEST_CASE("functionary_v32: a JSON object after python is its arguments") {
    tc_test::expect_message(only("functionary_v32"), "python\n{\"code\": \"print(1)\"}", {{"python", R"j({"code":"print(1)"})j"}},
                            {""});
    tc_test::expect_message(only("functionary_v32"), ">>>python\n{\"code\": \"print(1)\"}>>>all\nDone",
                            {{"python", R"j({"code":"print(1)"})j"}}, {"Done"});
    tc_test::expect_message(only("functionary_v32"), "python\n{\"code\": \"x = 1\"}<|eot_id|>", {{"python", R"j({"code":"x = 1"})j"}},
                            {""});
  }
  TEST_CASE("functionary_v32: raw code, and code that starts with a brace but is not JSON, is wrapped") {
    tc_test::expect_message(only("functionary_v32"), "python\nprint(1)", {{"python", R"j({"code":"print(1)"})j"}}, {""});
    tc_test::expect_message(only("functionary_v32"), "python\n{1: 2}", {{"python", R"j({"code":"{1: 2}"})j"}}, {""});
    tc_test::expect_message(only("functionary_v32"), "python\n{1, 2}\nprint(3)", {{"python", R"j({"code":"{1, 2}\nprint(3)"})j"}},
                            {""});
    tc_test::expect_message(only("functionary_v32"), "python\n{'code': 'x'}", {{"python", R"j({"code":"{'code': 'x'}"})j"}}, {""});
  }
  TEST_CASE("functionary_v32: JSON arguments of python cut off are an error") {
    const std::string t = "python\n{\"code\": \"pri";
    const toolcall::message m = tc_test::expect_message(only("functionary_v32"), t, {}, {t.c_str()});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
  }
}
