// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Conversation helpers (issue #4): history checks, the Llama 3.1 rewrite, the loop guard, and
// the CLI pieces of examples/cli_history.hpp.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <toolcall/conversation.hpp>
#include <toolcall/normalizer.hpp>

#include "../../examples/cli_history.hpp"

namespace {

std::string call_json(const char* id, const char* name) {
  return std::string("{\"id\":\"") + id + "\",\"type\":\"function\",\"function\":{\"name\":\"" + name +
         "\",\"arguments\":\"{}\"}}";
}
std::string user(const char* text) { return std::string("{\"role\":\"user\",\"content\":\"") + text + "\"}"; }
std::string assistant(std::vector<std::string> calls, const char* content = nullptr) {
  std::string s = "{\"role\":\"assistant\",\"content\":";
  s += content ? std::string("\"") + content + "\"" : "null";
  if (!calls.empty()) {
    s += ",\"tool_calls\":[";
    for (std::size_t i = 0; i < calls.size(); ++i) s += (i ? "," : "") + calls[i];
    s += "]";
  }
  return s + "}";
}
std::string tool(const char* id, const char* content) {
  return std::string("{\"role\":\"tool\",\"tool_call_id\":\"") + id + "\",\"content\":\"" + content + "\"}";
}
std::string history(std::vector<std::string> ms) {
  std::string s = "[";
  for (std::size_t i = 0; i < ms.size(); ++i) s += (i ? "," : "") + ms[i];
  return s + "]";
}

bool has(const std::vector<toolcall::diagnostic>& ds, std::size_t offset, std::string_view needle) {
  for (const auto& d : ds)
    if (d.code == toolcall::errc::invalid_history && d.offset == offset && d.message.find(needle) != std::string::npos &&
        d.level == toolcall::severity::error)
      return true;
  return false;
}

std::string write_temp(const std::string& name, const std::string& text) {
  std::ofstream f(name, std::ios::binary);
  f << text;
  return name;
}

}  // namespace

TEST_SUITE("toolcall/conversation") {

TEST_CASE("toolcall/conversation: a valid history has no diagnostics") {
  const std::string h = history({"{\"role\":\"system\",\"content\":\"s\"}", user("fix the bug"),
                                 assistant({call_json("c1", "read"), call_json("c2", "grep")}, "Looking."),
                                 tool("c2", "match"), tool("c1", "file"), assistant({call_json("c3", "edit")}),
                                 tool("c3", "ok"), assistant({}, "Done."), user("thanks")});
  CHECK(toolcall::conversation::check(h).empty());
  CHECK(toolcall::conversation::check("{\"model\":\"m\",\"messages\":" + h + "}").empty());
  CHECK(toolcall::conversation::check("[]").empty());
}

TEST_CASE("toolcall/conversation: each tool result answers an earlier call") {
  SUBCASE("orphan result") {
    const auto ds = toolcall::conversation::check(
        history({user("u"), assistant({call_json("a", "read")}), tool("a", "x"), tool("zz", "y")}));
    REQUIRE(ds.size() == 1);
    CHECK(has(ds, 3, "answers no assistant tool call (id zz)"));
  }
  SUBCASE("the result comes before the assistant message that makes the call") {
    const auto ds = toolcall::conversation::check(history({user("u"), tool("a", "x"), assistant({call_json("a", "read")}), tool("a", "again")}));
    CHECK(has(ds, 1, "comes before the assistant message that makes the call (message 2)"));
    CHECK(ds.size() == 1);
  }
  SUBCASE("a tool message without tool_call_id, a second result, a reused id, a call without id") {
    const auto ds = toolcall::conversation::check(history(
        {user("u"), assistant({call_json("a", "read")}), "{\"role\":\"tool\",\"content\":\"x\"}", tool("a", "1"), tool("a", "2"),
         assistant({call_json("a", "read")}), tool("a", "3"),
         "{\"role\":\"assistant\",\"tool_calls\":[{\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}",
         "{\"content\":\"no role\"}"}));
    CHECK(has(ds, 2, "without tool_call_id"));
    CHECK(has(ds, 4, "second result for tool call a (made in message 1)"));
    CHECK(has(ds, 5, "tool call id a already used in message 1"));
    CHECK(has(ds, 6, "second result"));
    CHECK(has(ds, 7, "1 tool call(s) without an id"));
    CHECK(has(ds, 8, "has no role"));
    CHECK(ds.size() == 6);
  }
}

TEST_CASE("toolcall/conversation: every call is answered before the next user turn") {
  SUBCASE("next user message") {
    const auto ds = toolcall::conversation::check(
        history({user("u"), assistant({call_json("a", "read"), call_json("b", "ls")}), tool("a", "x"), user("next"),
                 tool("b", "late")}));
    CHECK(has(ds, 1, "tool call b is not answered before the user message 3"));
    CHECK(has(ds, 4, "answers no assistant tool call") == false);  // b was made: it is not an orphan
    CHECK(ds.size() == 1);
  }
  SUBCASE("end of the history, and allow_pending") {
    const std::string h = history({user("u"), assistant({call_json("a", "read")})});
    const auto ds = toolcall::conversation::check(h);
    REQUIRE(ds.size() == 1);
    CHECK(has(ds, 1, "not answered before the end of the history"));
    toolcall::conversation::check_options o;
    o.allow_pending = true;
    CHECK(toolcall::conversation::check(h, o).empty());
  }
  SUBCASE("strict order: results right after their assistant message") {
    const std::string h = history({user("u"), assistant({call_json("a", "read")}), assistant({}, "hm"), tool("a", "x")});
    CHECK(toolcall::conversation::check(h).empty());
    toolcall::conversation::check_options o;
    o.strict_order = true;
    const auto ds = toolcall::conversation::check(h, o);
    CHECK(has(ds, 1, "tool call a is not answered before message 2 (assistant)"));
    CHECK(ds.size() == 1);
  }
  SUBCASE("not JSON, not messages") {
    for (const char* bad : {"", "[", "{\"messages\": 3}", "{\"other\": []}", "42"}) {
      CAPTURE(bad);
      const auto ds = toolcall::conversation::check(bad);
      REQUIRE(ds.size() == 1);
      CHECK(ds[0].code == toolcall::errc::invalid_input);
    }
  }
}

TEST_CASE("toolcall/conversation: the Llama 3.1 rewrite") {
  SUBCASE("parallel calls: the first stays, the others and their results go") {
    const std::string h = history({user("u"), assistant({call_json("a", "read"), call_json("b", "ls"), call_json("c", "grep")}, "x"),
                                   tool("a", "A"), tool("b", "B"), tool("c", "C"), assistant({}, "ok")});
    std::vector<toolcall::diagnostic> notes;
    const auto r = toolcall::conversation::rewrite_llama31(h, &notes);
    REQUIRE(r);
    CHECK(*r == history({user("u"), assistant({call_json("a", "read")}, "x"), tool("a", "A"), assistant({}, "ok")}));
    REQUIRE(notes.size() == 3);
    CHECK(notes[0].offset == 1);
    CHECK(notes[0].message.find("kept the first of 3 parallel tool calls") != std::string::npos);
    CHECK(notes[1].offset == 3);
    CHECK(notes[2].offset == 4);
    CHECK(notes[0].level == toolcall::severity::note);
    CHECK(toolcall::conversation::check(*r).empty());
  }
  SUBCASE("consecutive tool results become one user message") {
    const std::string h = history({user("u"), assistant({call_json("a", "read")}), tool("a", "first"), tool("x", "second"),
                                   "{\"role\":\"tool\",\"tool_call_id\":\"y\",\"content\":[{\"type\":\"text\",\"text\":\"th\"},{\"type\":\"text\",\"text\":\"ird\"}]}",
                                   "{\"role\":\"tool\",\"tool_call_id\":\"z\",\"content\":{\"k\":1}}", user("again"), tool("q", "lone")});
    std::vector<toolcall::diagnostic> notes;
    const auto r = toolcall::conversation::rewrite_llama31(h, &notes);
    REQUIRE(r);
    CHECK(*r == history({user("u"), assistant({call_json("a", "read")}),
                         "{\"role\":\"user\",\"content\":\"first\\n\\nsecond\\n\\nthird\\n\\n{\\\"k\\\":1}\"}", user("again"),
                         tool("q", "lone")}));
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].offset == 2);
    CHECK(notes[0].message.find("4 consecutive tool results merged") != std::string::npos);
  }
  SUBCASE("unchanged history, request objects, other fields kept") {
    const std::string h = history({user("u"), assistant({call_json("a", "read")}), tool("a", "A")});
    std::vector<toolcall::diagnostic> notes;
    CHECK(*toolcall::conversation::rewrite_llama31(h, &notes) == h);
    CHECK(notes.empty());
    const std::string req = "{\"model\":\"llama\",\"messages\":" +
                            history({assistant({call_json("a", "f"), call_json("b", "g")}), tool("b", "B")}) +
                            ",\"temperature\":0.5}";
    CHECK(*toolcall::conversation::rewrite_llama31(req) ==
          "{\"model\":\"llama\",\"messages\":" + history({assistant({call_json("a", "f")})}) + ",\"temperature\":0.5}");
    CHECK(toolcall::conversation::rewrite_llama31("nope").error().code == toolcall::errc::invalid_input);
  }
}

TEST_CASE("toolcall/conversation: loop guard") {
  const std::string h = history({user("u"), assistant({call_json("a", "read")}), tool("a", "A"), user("v"),
                                 assistant({call_json("b", "read")}), tool("b", "B"), assistant({call_json("c", "edit")}),
                                 tool("c", "C"), assistant({call_json("d", "bash"), call_json("e", "ls")}), tool("d", "D"),
                                 tool("e", "E")});
  auto s = toolcall::conversation::tool_cycles(h, 3);
  REQUIRE(s);
  CHECK(s->cycles == 3);
  CHECK(s->cap == 3);
  CHECK(s->cap_reached);
  CHECK_FALSE(toolcall::conversation::tool_cycles(h, 4)->cap_reached);
  CHECK_FALSE(toolcall::conversation::tool_cycles(h, 0)->cap_reached);
  CHECK(toolcall::conversation::tool_cycles(history({user("u")}), 1)->cycles == 0);
  CHECK_FALSE(toolcall::conversation::tool_cycles("{", 1));

  toolcall::conversation::loop_guard g{2};
  g.user_turn();
  CHECK(g.tools_allowed());
  g.add_cycle();
  CHECK(g.tools_allowed());
  g.add_cycle();
  CHECK_FALSE(g.tools_allowed());
  CHECK(g.cap_reached());
  CHECK(g.cycles() == 2);
  g.user_turn();
  CHECK(g.tools_allowed());
  toolcall::conversation::loop_guard unlimited{0};
  for (int i = 0; i < 100; ++i) unlimited.add_cycle();
  CHECK(unlimited.tools_allowed());
}

TEST_CASE("toolcall/conversation: CLI pieces") {
  const std::string tools = write_temp("toolcall_cli_tools_test.json",
      R"({"model": "m", "tools": [{"type": "function", "function": {"name": "read",
          "parameters": {"type": "object", "properties": {"offset": {"type": "integer"}}}}}]})");
  auto n = toolcall_cli_load_tools(tools);
  REQUIRE(n);
  toolcall::parser p;
  n->attach(p);
  const toolcall::message m = p.parse(R"(<tool_call>{"name": "Read", "arguments": {"offset": "5"}}</tool_call>)");
  REQUIRE(m.calls.size() == 1);
  CHECK(m.calls[0].name == "read");
  CHECK(m.calls[0].arguments == R"({"offset":5})");
  CHECK(toolcall_cli_load_tools("/nonexistent/tools.json").error().code == toolcall::errc::invalid_input);
  CHECK(toolcall_cli_load_tools(write_temp("toolcall_cli_bad_tools_test.json", "[{")).error().code ==
        toolcall::errc::invalid_input);

  const std::string good = write_temp("toolcall_cli_history_good.json", history({user("u"), assistant({}, "hi")}));
  const std::string bad = write_temp("toolcall_cli_history_bad.json", history({user("u"), tool("x", "y")}));
  std::string a0 = "toolcall", a1 = "history", a2 = "--check", a3 = good, a4 = bad, a5 = "--bogus";
  char* ok_args[] = {&a0[0], &a1[0], &a2[0], &a3[0]};
  char* bad_args[] = {&a0[0], &a1[0], &a2[0], &a4[0]};
  char* usage[] = {&a0[0], &a1[0], &a5[0]};
  CHECK(toolcall_cli_history(4, ok_args) == 0);
  CHECK(toolcall_cli_history(4, bad_args) == 1);
  CHECK(toolcall_cli_history(3, usage) == 2);
  for (const char* f : {"toolcall_cli_tools_test.json", "toolcall_cli_bad_tools_test.json", "toolcall_cli_history_good.json",
                        "toolcall_cli_history_bad.json"})
    std::remove(f);
}

}  // TEST_SUITE
