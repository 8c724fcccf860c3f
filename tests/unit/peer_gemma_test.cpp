// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The peers' sweep (issue 20), Gemma 4: the bare `call:NAME{...}` a model writes when it drops
// the `<|tool_call>` token (right after the thought channel, at the start of the output, as a
// `<call>` fragment, at the start of a line for a declared tool), the stray colon after the
// token, keys written as strings, and Python floats with no digit after the point (vLLM's
// gemma4 parsers accept all of them). Prose that mentions `call:` stays prose. Each case runs
// one-shot and streamed at every split and in 1-byte writes, and both must agree.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace {

using calls_t = std::vector<tc_test::want_call>;

/// One-shot gives `want` (and `content`, `reasoning` when given); every chunking gives the
/// one-shot message.
toolcall::message gemma_check(const toolcall::parser_registry& reg, const std::string& text, const calls_t& want,
                              const char* content = nullptr, const std::string& tools = {},
                              const char* reasoning = nullptr) {
  tc_test::want_more more;
  more.content = content;
  more.reasoning = reasoning;
  more.tools = tools;
  return tc_test::expect_message(reg, text, want, more);
}

const char* const agent_tools = R"([
  {"type": "function", "function": {"name": "run_shell", "parameters": {"type": "object",
    "properties": {"cmd": {"type": "string"}, "timeout": {"type": "number"}}}}},
  {"type": "function", "function": {"name": "repo.search", "parameters": {"type": "object",
    "properties": {"pattern": {"type": "string"}}}}},
  {"type": "function", "function": {"name": "open-url", "parameters": {"type": "object",
    "properties": {"url": {"type": "string"}}}}}
])";

}  // namespace

TEST_SUITE("toolcall/peer gemma") {
  TEST_CASE("gemma4: a bare call right after the thought channel is a call") {
    const auto reg = tc_test::only_format("gemma4");
    const std::string q = "<|\"|>";
    // the regression vLLM's fallback exists for: the model closes its thought and writes the
    // call without the <|tool_call> token
    gemma_check(reg,
                "<|channel>thought\nThe tests failed; rerun the one that broke.\n<channel|>call:run_shell{cmd:" + q +
                    "pytest -x tests/test_io.py" + q + ",timeout:120}",
                {{"run_shell", R"({"cmd":"pytest -x tests/test_io.py","timeout":120})"}}, "", {},
                "The tests failed; rerun the one that broke.");
    // with the request's tools, and an end-of-turn token after it
    gemma_check(reg,
                "<|channel>thought\nSearch first.<channel|>\ncall:repo.search{pattern:" + q + "TODO\\(" + q +
                    "}<turn|>",
                {{"repo.search", R"({"pattern":"TODO\\("})"}}, "", agent_tools, "Search first.");
    // an empty channel (26B/31B with thinking off), then the bare call with a hyphenated name
    gemma_check(reg, "<|channel>thought\n<channel|>call:open-url{url:" + q + "https://example.org/a?b=1" + q + "}",
                {{"open-url", R"({"url":"https://example.org/a?b=1"})"}}, "");
  }

  TEST_CASE("gemma4 and FunctionGemma: several calls in one block; a broken later one drops alone") {
    const std::string q = "<|\"|>";
    for (const char* fam : {"gemma4", "function_gemma"}) {
      CAPTURE(fam);
      const bool g4 = std::string(fam) == "gemma4";
      const auto reg = tc_test::only_format(fam);
      const std::string open = g4 ? "<|tool_call>" : "<start_function_call>";
      const std::string close = g4 ? "<tool_call|>" : "<end_function_call>";
      const std::string d = g4 ? q : "<escape>";
      // two calls, then a third the model breaks (a `]` where a value belongs): the first two
      // stay, the third's text is content, and an error says so at the second call's brace
      const std::string two = open + "call:run_shell{cmd:" + d + "make" + d + "}call:run_shell{cmd:" + d + "make test" + d + "}";
      const toolcall::message m = gemma_check(
          reg, two + "call:run_shell{cmd:]}" + close,
          {{"run_shell", R"({"cmd":"make"})"}, {"run_shell", R"({"cmd":"make test"})"}});
      CHECK(m.content.find("call:run_shell{cmd:]}") != std::string::npos);
      REQUIRE_FALSE(m.diagnostics.empty());
      CHECK(m.diagnostics[0].code == toolcall::errc::invalid_call);
      CHECK(m.diagnostics[0].offset == two.size());
      // cut inside the third: the same, with unterminated_call
      const toolcall::message cut = gemma_check(
          reg, two + "call:run_shell{cmd:" + d + "make ins",
          {{"run_shell", R"({"cmd":"make"})"}, {"run_shell", R"({"cmd":"make test"})"}});
      REQUIRE_FALSE(cut.diagnostics.empty());
      CHECK(cut.diagnostics[0].code == toolcall::errc::unterminated_call);
      // a `call:` that opens no call is text after the block's calls
      gemma_check(reg, two + "call: me when done" + close,
                  {{"run_shell", R"({"cmd":"make"})"}, {"run_shell", R"({"cmd":"make test"})"}});
    }
  }

  TEST_CASE("gemma4: a bare call at the start of the output, and the <call> fragment") {
    const auto reg = tc_test::only_format("gemma4");
    const std::string q = "<|\"|>";
    gemma_check(reg, "call:repo.search{pattern:" + q + "fn main" + q + "}", {{"repo.search", R"({"pattern":"fn main"})"}},
                "");
    gemma_check(reg, "\n call: run_shell {cmd:" + q + "ls -la" + q + "}<eos>", {{"run_shell", R"({"cmd":"ls -la"})"}},
                "");
    gemma_check(reg, "<call>run_shell{cmd:" + q + "df -h" + q + "}", {{"run_shell", R"({"cmd":"df -h"})"}}, "");
    // a bare call then a tokened one
    gemma_check(reg,
                "call:run_shell{cmd:" + q + "make" + q + "}\n<|tool_call>call:run_shell{cmd:" + q + "make test" + q +
                    "}<tool_call|>",
                {{"run_shell", R"({"cmd":"make"})"}, {"run_shell", R"({"cmd":"make test"})"}}, "");
    // a bare call whose body breaks is reported, not silently content
    const toolcall::message m = gemma_check(reg, "call:run_shell{cmd:" + q + "make", {}, nullptr);
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
  }

  TEST_CASE("gemma4: a bare call after prose needs a declared tool at the start of a line") {
    const auto reg = tc_test::only_format("gemma4");
    const std::string q = "<|\"|>";
    const std::string line = "I'll check the disk.\ncall:run_shell{cmd:" + q + "du -sh ." + q + "}";
    // declared: a call (vLLM's fallback reads `call:` after whitespace)
    gemma_check(reg, line, {{"run_shell", R"({"cmd":"du -sh ."})"}}, "I'll check the disk.", agent_tools);
    // without the request's tools it is prose: nothing says it is a tool
    gemma_check(reg, line, {}, line.c_str());
    // inside a line it is prose even when declared
    const std::string mid = "Run call:run_shell{cmd:" + q + "ls" + q + "} yourself.";
    gemma_check(reg, mid, {}, mid.c_str(), agent_tools);
    // an undeclared name at the start of a line stays prose
    const std::string other = "Note:\ncall:delete_all{really:true}";
    gemma_check(reg, other, {}, other.c_str(), agent_tools);
    // a declared name that only starts the word is not the tool
    const std::string longer = "Note:\ncall:run_shell_v2{cmd:" + q + "ls" + q + "}";
    gemma_check(reg, longer, {}, longer.c_str(), agent_tools);
  }

  TEST_CASE("gemma4: prose that starts with call: is prose") {
    const auto reg = tc_test::only_format("gemma4");
    for (const char* s : {"call: me when the build is done, please.", "call:me maybe",
                          "call:\n- the vendor\n- the landlord", "call: 555-0142"}) {
      const toolcall::message m = gemma_check(reg, s, {}, s);
      CHECK_FALSE(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
      CHECK_FALSE(tc_test::has_diagnostic(m, toolcall::errc::unterminated_call));
    }
    // an undeclared tool at the start, when the tools are known
    const std::string q = "<|\"|>";
    const std::string s = "call:format_disk{dev:" + q + "/dev/sda" + q + "}";
    gemma_check(reg, s, {}, s.c_str(), agent_tools);
  }

  TEST_CASE("gemma4: the stray colon after the call token") {
    const auto reg = tc_test::only_format("gemma4");
    const std::string q = "<|\"|>";
    gemma_check(reg, "<|tool_call>:call:run_shell{cmd:" + q + "git status" + q + "}<tool_call|>",
                {{"run_shell", R"({"cmd":"git status"})"}}, "");
    gemma_check(reg, "Checking.<|tool_call>:call:run_shell{cmd:" + q + "uptime" + q + "}",
                {{"run_shell", R"({"cmd":"uptime"})"}}, "Checking.");
    // two colons are not the drift
    const toolcall::message m = gemma_check(reg, "<|tool_call>::call:run_shell{}<tool_call|>", {});
    CHECK_FALSE(m.diagnostics.empty());
  }

  TEST_CASE("gemma4: keys written as strings") {
    const auto reg = tc_test::only_format("gemma4");
    const std::string q = "<|\"|>";
    // numeric and spaced keys of a map argument
    gemma_check(reg,
                "<|tool_call>call:update_rows{rows:{" + q + "12" + q + ":" + q + "shipped" + q + "," + q + "40" + q +
                    ":" + q + "on hold" + q + "}}<tool_call|>",
                {{"update_rows", R"({"rows":{"12":"shipped","40":"on hold"}})"}}, "");
    gemma_check(reg,
                "<|tool_call>call:set_headers{headers:{" + q + "Content-Type" + q + ":" + q + "text/csv" + q + ", " +
                    q + "X-Trace Id" + q + " : " + q + "a:b,c" + q + "}}<tool_call|>",
                {{"set_headers", R"({"headers":{"Content-Type":"text/csv","X-Trace Id":"a:b,c"}})"}}, "");
    // deeper, and at the top level, mixed with bare keys and typed values
    gemma_check(reg,
                "<|tool_call>call:patch{doc:{meta:{" + q + "2024" + q + ":{n:3}}}," + q + "dry run" + q +
                    ":true}<tool_call|>",
                {{"patch", R"({"doc":{"meta":{"2024":{"n":3}}},"dry run":true})"}}, "");
    // a key string the call ends inside fails the block, and the next block stands
    const toolcall::message m =
        gemma_check(reg,
                    "<|tool_call>call:patch{doc:{" + q + "7<tool_call|><|tool_call>call:run_shell{cmd:" + q + "ls" +
                        q + "}<tool_call|>",
                    {{"run_shell", R"({"cmd":"ls"})"}});
    CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
  }

  TEST_CASE("gemma4: a float with no digit after the point") {
    const auto reg = tc_test::only_format("gemma4");
    const std::string q = "<|\"|>";
    gemma_check(reg, "<|tool_call>call:resize{width:1920.,height:1080.5,scale:-2.}<tool_call|>",
                {{"resize", R"({"width":1920.0,"height":1080.5,"scale":-2.0})"}}, "");
    gemma_check(reg, "<|tool_call>call:plot{xs:[0.,1.,2.5],label:" + q + "v." + q + "}<tool_call|>",
                {{"plot", R"({"xs":[0.0,1.0,2.5],"label":"v."})"}}, "");
    // still not a number: an exponent then a point, a lone point
    for (const char* s : {"<|tool_call>call:f{x:1e3.}<tool_call|>", "<|tool_call>call:f{x:-.}<tool_call|>"}) {
      const toolcall::message m = gemma_check(reg, s, {});
      CHECK(tc_test::has_diagnostic(m, toolcall::errc::invalid_call));
    }
  }

  TEST_CASE("gemma4: the bare forms through the preset and the full registry") {
    const std::string q = "<|\"|>";
    const std::string text =
        "<|channel>thought\nList it.\n<channel|>call:run_shell{cmd:" + q + "ls /srv" + q + "}<turn|>";
    const toolcall::parser_registry preset = toolcall::parser_registry::for_model("google/gemma-4-26B-A4B-it");
    REQUIRE(preset.model_known());
    gemma_check(preset, text, {{"run_shell", R"({"cmd":"ls /srv"})"}}, "", agent_tools, "List it.");
    gemma_check(toolcall::parser_registry::builtin(), text, {{"run_shell", R"({"cmd":"ls /srv"})"}}, "", agent_tools);
  }
}
