// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Conversation helpers: history checks, the Llama 3.1 rewrite, the loop guard, and
// the CLI pieces of examples/cli_history.hpp.
#include <doctest/doctest.h>

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <toolcall/conversation.hpp>
#include <toolcall/normalizer.hpp>
#include <toolcall/parser.hpp>

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
  SUBCASE("parallel calls: one assistant message per call, each followed by its result") {
    // results arrive in completion order (b first), not call order
    const std::string h = history({user("u"), assistant({call_json("a", "read"), call_json("b", "ls"), call_json("c", "grep")}, "x"),
                                   tool("b", "B"), tool("a", "A"), tool("c", "C"), assistant({}, "ok")});
    std::vector<toolcall::diagnostic> notes;
    const auto r = toolcall::conversation::rewrite_llama31(h, &notes);
    REQUIRE(r);
    CHECK(*r == history({user("u"), assistant({call_json("a", "read")}, "x"), tool("a", "A"), assistant({call_json("b", "ls")}),
                         tool("b", "B"), assistant({call_json("c", "grep")}), tool("c", "C"), assistant({}, "ok")}));
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].offset == 1);
    CHECK(notes[0].message.find("3 parallel tool calls split") != std::string::npos);
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
    CHECK(notes[0].message.find("messages 2, 3, 4, 5: 4 consecutive tool results merged") != std::string::npos);
  }
  SUBCASE("a result that answers none of the calls follows them, and is merged with the last result") {
    const std::string h = history({user("u"), assistant({call_json("a", "read"), call_json("b", "ls")}), tool("b", "B"),
                                   tool("zz", "stray"), tool("a", "A")});
    std::vector<toolcall::diagnostic> notes;
    const auto r = toolcall::conversation::rewrite_llama31(h, &notes);
    REQUIRE(r);
    CHECK(*r == history({user("u"), assistant({call_json("a", "read")}), tool("a", "A"), assistant({call_json("b", "ls")}),
                         "{\"role\":\"user\",\"content\":\"B\\n\\nstray\"}"}));
    REQUIRE(notes.size() == 2);
    CHECK(notes[1].offset == 2);
    CHECK(notes[1].message.find("messages 2, 3: 2 consecutive") != std::string::npos);
  }
  SUBCASE("pending calls, calls without ids, results after another message") {
    const std::string pending = history({user("u"), assistant({call_json("a", "f"), call_json("b", "g")})});
    const auto r1 = toolcall::conversation::rewrite_llama31(pending);
    REQUIRE(r1);
    CHECK(*r1 == history({user("u"), assistant({call_json("a", "f")}), assistant({call_json("b", "g")})}));
    toolcall::conversation::check_options o;
    o.allow_pending = true;
    CHECK(toolcall::conversation::check(*r1, o).empty());

    const std::string no_ids = R"([{"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"f","arguments":"{}"}},{"type":"function","function":{"name":"g","arguments":"{}"}}]},{"role":"tool","content":"R"}])";
    const auto r2 = toolcall::conversation::rewrite_llama31(no_ids);
    REQUIRE(r2);
    CHECK(*r2 == R"([{"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"g","arguments":"{}"}}]},{"role":"tool","content":"R"}])");

    // a result after an intervening assistant message stays where it is
    const std::string late = history({assistant({call_json("a", "f"), call_json("b", "g")}), tool("a", "A"), assistant({}, "hm"), tool("b", "B")});
    CHECK(*toolcall::conversation::rewrite_llama31(late) ==
          history({assistant({call_json("a", "f")}), tool("a", "A"), assistant({call_json("b", "g")}), assistant({}, "hm"), tool("b", "B")}));
  }
  SUBCASE("unchanged history, request objects, other fields kept") {
    const std::string h = history({user("u"), assistant({call_json("a", "read")}), tool("a", "A")});
    std::vector<toolcall::diagnostic> notes;
    CHECK(*toolcall::conversation::rewrite_llama31(h, &notes) == h);
    CHECK(notes.empty());
    const std::string req = "{\"model\":\"llama\",\"messages\":" +
                            history({assistant({call_json("a", "f"), call_json("b", "g")}, "two"), tool("b", "B")}) +
                            ",\"temperature\":0.5}";
    CHECK(*toolcall::conversation::rewrite_llama31(req) ==
          "{\"model\":\"llama\",\"messages\":" +
              history({assistant({call_json("a", "f")}, "two"), assistant({call_json("b", "g")}), tool("b", "B")}) +
              ",\"temperature\":0.5}");
    // the first piece keeps every other field, in its place
    const std::string extra = R"([{"role":"assistant","name":"bot","tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{}"}},{"id":"b","type":"function","function":{"name":"g","arguments":"{}"}}],"reasoning_content":"think"}])";
    CHECK(*toolcall::conversation::rewrite_llama31(extra) ==
          R"([{"role":"assistant","name":"bot","tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{}"}}],"reasoning_content":"think"},{"role":"assistant","content":null,"tool_calls":[{"id":"b","type":"function","function":{"name":"g","arguments":"{}"}}]}])");
    CHECK(toolcall::conversation::rewrite_llama31("nope").error().code == toolcall::errc::invalid_input);
  }
}

namespace {
/// What a history holds, for the nothing-dropped property: each assistant message's calls (as
/// JSON text), each tool result's content, and each other message's content.
struct history_parts {
  std::vector<std::string> calls, results, contents;
  std::size_t max_calls_per_message = 0;
  std::vector<std::string> user_contents;
};
history_parts parts_of(const std::string& json) {
  history_parts p;
  simdjson::dom::parser parser;
  simdjson::dom::array ms;
  REQUIRE_FALSE(parser.parse(json).get_array().get(ms));
  for (simdjson::dom::element m : ms) {
    std::string_view role, content;
    REQUIRE_FALSE(m["role"].get_string().get(role));
    const bool has_content = !m["content"].get_string().get(content);
    simdjson::dom::array calls;
    if (!m["tool_calls"].get_array().get(calls)) {
      p.max_calls_per_message = std::max(p.max_calls_per_message, calls.size());
      for (simdjson::dom::element c : calls) p.calls.push_back(simdjson::minify(c));
    }
    if (!has_content) continue;
    if (role == "tool") p.results.emplace_back(content);
    else if (role == "user") p.user_contents.emplace_back(content);
    else p.contents.emplace_back(content);
  }
  return p;
}
}  // namespace

TEST_CASE("toolcall/conversation: the Llama 3.1 rewrite drops nothing (agent histories)") {
  // an opencode-like coding session: a system prompt, parallel reads and greps with their
  // results in completion order, a follow-up single call, a second user turn with six calls
  const std::vector<std::string> histories = {
      history({"{\"role\":\"system\",\"content\":\"You are a coding agent.\"}", user("why does make fail?"),
               assistant({call_json("call_1", "read"), call_json("call_2", "grep")}, "Reading the Makefile and the log."),
               tool("call_2", "main.c:3: error: missing ;"), tool("call_1", "all: main.o"), assistant({call_json("call_3", "edit")}),
               tool("call_3", "ok"), assistant({}, "Fixed the missing semicolon."), user("run the tests, lint, and format"),
               assistant({call_json("t1", "bash"), call_json("t2", "bash"), call_json("t3", "bash"), call_json("t4", "read"),
                          call_json("t5", "glob"), call_json("t6", "todo")}),
               tool("t4", "r4"), tool("t1", "r1"), tool("t6", "r6"), tool("t2", "r2"), tool("t5", "r5"), tool("t3", "r3"),
               assistant({}, "All green.")}),
      history({user("weather in Paris and Rome"), assistant({call_json("p", "get_weather"), call_json("r", "get_weather")}),
               tool("p", "21C"), tool("r", "25C")}),
  };
  for (const std::string& h : histories) {
    CAPTURE(h);
    REQUIRE(toolcall::conversation::check(h).empty());
    const auto r = toolcall::conversation::rewrite_llama31(h);
    REQUIRE(r);
    const history_parts in = parts_of(h), out = parts_of(*r);
    CHECK(out.max_calls_per_message == 1);  // what the Llama 3.1 template accepts
    auto sorted = [](std::vector<std::string> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    CHECK(sorted(out.calls) == sorted(in.calls));
    CHECK(sorted(out.results) == sorted(in.results));  // each result stays a tool message, answering its call
    CHECK(out.contents == in.contents);
    CHECK(out.user_contents == in.user_contents);
    CHECK(toolcall::conversation::check(*r).empty());
    CHECK(*toolcall::conversation::rewrite_llama31(*r) == *r);  // a second pass changes nothing
  }
}

TEST_CASE("toolcall/conversation: mangled histories never crash; the rewrite stays valid and stable") {
  const std::string base = history(
      {"{\"role\":\"system\",\"content\":\"s\"}", user("u"),
       assistant({call_json("a", "read"), call_json("b", "ls"), call_json("c", "grep")}, "x"), tool("c", "C"), tool("a", "A"),
       tool("zz", "stray"), tool("b", "B"), assistant({call_json("d", "edit")}), tool("d", "D"), tool("d", "again"),
       "{\"role\":\"tool\",\"tool_call_id\":\"e\",\"content\":[{\"type\":\"text\",\"text\":\"t\"},{\"k\":1}]}",
       assistant({}, "done"), user("v")});
  std::mt19937_64 rng(15);
  simdjson::dom::parser p;
  std::size_t rewritten = 0;
  for (int it = 0; it < 3000; ++it) {
    std::string h = base;
    for (int e = static_cast<int>(rng() % 4); e > 0; --e) {
      const std::size_t at = rng() % h.size();
      switch (rng() % 3) {
        case 0: h[at] = "{}[]\",:0an \\"[rng() % 12]; break;
        case 1: h.erase(at, 1 + rng() % 8); break;
        default: h.insert(at, h.substr(rng() % h.size(), 1 + rng() % 40)); break;
      }
    }
    CAPTURE(h);
    (void)toolcall::conversation::check(h);
    (void)toolcall::conversation::tool_cycles(h, 3);
    const auto r = toolcall::conversation::rewrite_llama31(h);
    if (!r) continue;
    ++rewritten;
    simdjson::dom::element root;
    REQUIRE_FALSE(p.parse(*r).get(root));
    simdjson::dom::array ms;
    if (!root.get_array().get(ms))
      for (simdjson::dom::element m : ms) {
        simdjson::dom::array calls;
        std::string_view role;
        if (!m["role"].get_string().get(role) && role == "assistant" && !m["tool_calls"].get_array().get(calls))
          CHECK(calls.size() <= 1);
      }
    CHECK(*toolcall::conversation::rewrite_llama31(*r) == *r);
  }
  CHECK(rewritten > 300);
  // call identities of any text: not JSON, deep, huge numbers, invalid UTF-8
  toolcall::conversation::loop_guard g{0, 2};
  std::vector<toolcall::call> calls(1);
  calls[0].name = "f";
  for (const std::string& args : {std::string("not json {"), std::string(900, '[') + std::string(900, ']'),
                                  std::string("{\"n\": 123456789012345678901234567890}"), std::string("{\"s\": \"\xFF\"}"),
                                  std::string()}) {
    calls[0].arguments = args;
    g.user_turn();
    g.add_cycle(calls);
    g.add_cycle(calls);
    CHECK(g.repeat_reached());
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
  CHECK_FALSE(s->repeat_reached);
  CHECK(s->repeats == 1);
  CHECK_FALSE(s->tools_allowed());
  CHECK_FALSE(toolcall::conversation::tool_cycles(h, 4)->cap_reached);
  CHECK(toolcall::conversation::tool_cycles(h, 4)->tools_allowed());
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
  CHECK_FALSE(g.repeat_reached());
  CHECK(g.cycles() == 2);
  g.user_turn();
  CHECK(g.tools_allowed());
  toolcall::conversation::loop_guard unlimited{0};
  for (int i = 0; i < 100; ++i) unlimited.add_cycle();
  CHECK(unlimited.tools_allowed());
}

TEST_CASE("toolcall/conversation: loop guard stops a call the model repeats") {
  // what a looping model writes: the same read, cycle after cycle, its JSON spelled differently
  const char* outputs[] = {
      R"(<tool_call>{"name": "read", "arguments": {"path": "src/main.c", "limit": 200}}</tool_call>)",
      R"(Let me look again.<tool_call>{"name": "read", "arguments": {"limit": 2e2, "path": "src/main.c"}}</tool_call>)",
      R"(<tool_call>{'name': 'read', 'arguments': {'path': 'src/main.c', 'limit': 200.0,}}</tool_call>)",
  };
  toolcall::parser p;
  SUBCASE("the third identical call stops the tools; the cycle cap is not reached") {
    toolcall::conversation::loop_guard g{8, 3};
    g.user_turn();
    for (std::size_t k = 0; k < 3; ++k) {
      CHECK(g.tools_allowed());
      const toolcall::message m = p.parse(outputs[k]);
      REQUIRE(m.calls.size() == 1);
      g.add_cycle(m.calls);
      CHECK(g.repeats() == k + 1);
    }
    CHECK_FALSE(g.tools_allowed());
    CHECK(g.repeat_reached());
    CHECK_FALSE(g.cap_reached());
    CHECK(g.repeated_call() == "read");
    g.user_turn();
    CHECK(g.tools_allowed());
    CHECK(g.repeats() == 0);
  }
  SUBCASE("different arguments, and one call twice in one response, are no repeat") {
    toolcall::conversation::loop_guard g{8, 2};
    g.add_cycle(p.parse(R"(<tool_call>{"name": "read", "arguments": {"path": "a.c"}}</tool_call>)"
                        R"(<tool_call>{"name": "read", "arguments": {"path": "a.c"}}</tool_call>)").calls);
    CHECK(g.repeats() == 1);
    g.add_cycle(p.parse(R"(<tool_call>{"name": "read", "arguments": {"path": "b.c"}}</tool_call>)").calls);
    g.add_cycle(p.parse(R"(<tool_call>{"name": "grep", "arguments": {"path": "a.c"}}</tool_call>)").calls);
    g.add_cycle(p.parse(R"(<tool_call>{"name": "read", "arguments": {"path": "a.c", "offset": 10}}</tool_call>)").calls);
    CHECK(g.repeats() == 1);
    CHECK(g.tools_allowed());
    g.add_cycle(p.parse(R"(<tool_call>{"name": "read", "arguments": {"path": "b.c"}}</tool_call>)").calls);
    CHECK(g.repeats() == 2);
    CHECK_FALSE(g.tools_allowed());
  }
  SUBCASE("max_repeats 0 turns the check off; the default is 3") {
    toolcall::conversation::loop_guard off{0, 0};
    for (int i = 0; i < 20; ++i) off.add_cycle(p.parse(outputs[0]).calls);
    CHECK(off.tools_allowed());
    CHECK(off.repeats() == 20);
    toolcall::conversation::loop_guard def;
    CHECK(def.max_repeats() == toolcall::conversation::default_max_repeats);
    CHECK(def.max_repeats() == 3);
  }
  SUBCASE("tool_cycles finds the repeat in a history; arguments are compared as JSON") {
    auto read_call = [](const char* id, const char* args) {
      std::string a;  // the arguments as a JSON string: only quotes to escape here
      for (const char* c = args; *c; ++c) a += *c == '"' ? std::string("\\\"") : std::string(1, *c);
      return std::string("{\"id\":\"") + id + "\",\"type\":\"function\",\"function\":{\"name\":\"read\",\"arguments\":\"" + a + "\"}}";
    };
    const std::string h = history({user("u"), assistant({read_call("1", R"({"path": "a.c", "n": 1})")}), tool("1", "x"),
                                   assistant({read_call("2", R"({"n":1.0,"path":"a.c"})")}), tool("2", "x"),
                                   assistant({read_call("3", R"({"n": 10e-1, "path": "a.c"})"), read_call("4", R"({"path":"b.c"})")}),
                                   tool("3", "x"), tool("4", "y")});
    auto s = toolcall::conversation::tool_cycles(h, 8);
    REQUIRE(s);
    CHECK(s->cycles == 3);
    CHECK(s->repeats == 3);
    CHECK(s->max_repeats == 3);
    CHECK(s->repeat_reached);
    CHECK(s->repeated_call == "read");
    CHECK_FALSE(s->cap_reached);
    CHECK_FALSE(s->tools_allowed());
    CHECK_FALSE(toolcall::conversation::tool_cycles(h, 8, 4)->repeat_reached);
    CHECK_FALSE(toolcall::conversation::tool_cycles(h, 8, 0)->repeat_reached);
    // a user message starts the count again
    CHECK(toolcall::conversation::tool_cycles(h.substr(0, h.size() - 1) + "," + user("stop") + "]", 8)->repeats == 0);
  }
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
