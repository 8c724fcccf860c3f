// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Compiled mode (docs/building.md, "Compile cost"): this TU is built with TOOLCALL_HEADER_ONLY=0
// and linked with the library compiled from src/toolcall.cpp (CMake toolcall::compiled, meson
// toolcall_compiled_dep), never with a header-only TU. It calls every function that the public
// headers declare and impl/ defines, so a definition missing from the library fails the link,
// and checks what the calls return.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <toolcall/conversation.hpp>
#include <toolcall/format.hpp>
#include <toolcall/message_builder.hpp>
#include <toolcall/normalizer.hpp>
#include <toolcall/openai.hpp>
#include <toolcall/parser.hpp>
#include <toolcall/stream_parser.hpp>
#include <toolcall/system_error.hpp>
#include <utility>
#include <vector>

#if TOOLCALL_HEADER_ONLY
#error "this test is the compiled mode: build it with TOOLCALL_HEADER_ONLY=0 (toolcall::compiled)"
#endif
// The declaration headers are std-only: the heavy parts stay in the library.
#if defined(SIMDJSON_H) || defined(RE2_RE2_H_)
#error "a public header pulled in simdjson or RE2 in compiled mode"
#endif

namespace {

// Qwen3 in thinking mode: reasoning, prose, then a Hermes call with a trailing comma.
const std::string k_qwen =
    "<think>\nThe user wants the weather.\n</think>\n\nLet me check.\n<tool_call>\n{\"name\": \"get_weather\", "
    "\"arguments\": {\"city\": \"Paris\", \"days\": 3,}}\n</tool_call><|im_end|>";

toolcall::options seeded() {
  toolcall::options o;
  o.seed = 42;
  return o;
}

}  // namespace

TEST_SUITE("toolcall/compiled") {
  TEST_CASE("parser and parse(): a Qwen3 response with a repaired Hermes call") {
    toolcall::parser p{toolcall::parser_registry::for_model("Qwen/Qwen3-8B"), seeded()};
    const toolcall::message m = p.parse(k_qwen);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.calls[0].arguments == R"({"city":"Paris","days":3})");
    CHECK(m.calls[0].status == toolcall::call_status::repaired);
    CHECK(m.calls[0].id.size() == 5 + 24);
    CHECK(m.content == "Let me check.");
    CHECK(m.has_reasoning);
    CHECK(m.reasoning == "The user wants the weather.");
    CHECK(m.finish == toolcall::finish_reason::tool_calls);

    // parse(text, options): other options for one call only
    toolcall::options none;
    none.reasoning = toolcall::reasoning_start::none;
    const toolcall::message plain = p.parse(k_qwen, none);
    CHECK(plain.content.find("<think>") != std::string::npos);
    CHECK(p.parse(k_qwen).content == "Let me check.");

    const toolcall::message free = toolcall::parse("[TOOL_CALLS]get_time[ARGS]{\"tz\": \"UTC\"}");
    REQUIRE(free.calls.size() == 1);
    CHECK(free.calls[0].format == "mistral");
    CHECK(free.calls[0].arguments == R"({"tz":"UTC"})");
  }

  TEST_CASE("stream_parser: every chunking gives the one-shot message, events through a lambda and a builder") {
    toolcall::parser one{toolcall::parser_registry::for_model("Qwen/Qwen3-8B"), seeded()};
    const toolcall::message whole = one.parse(k_qwen);
    for (std::size_t chunk : {1, 2, 3, 7, 64}) {
      toolcall::stream_parser sp{toolcall::parser_registry::for_model("Qwen/Qwen3-8B"), seeded()};
      toolcall::message_builder b;
      std::string content;
      std::size_t begins = 0;
      auto sink = [&](const toolcall::event& ev) {
        b(ev);
        if (ev.kind == toolcall::event_kind::content) content.append(ev.text.data(), ev.text.size());
        if (ev.kind == toolcall::event_kind::call_begin) ++begins;
      };
      for (std::size_t i = 0; i < k_qwen.size(); i += chunk) sp.write(std::string_view(k_qwen).substr(i, chunk), sink);
      const toolcall::message m = sp.finish(sink);
      CHECK(sp.stats().bytes_accounted == k_qwen.size());
      CHECK(sp.stats().bytes_examined >= k_qwen.size());
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].arguments == whole.calls[0].arguments);
      CHECK(m.calls[0].id == whole.calls[0].id);
      CHECK(m.content == whole.content);
      CHECK(content == whole.content);
      CHECK(begins == 1);
      CHECK(b.problems().empty());
      CHECK(b.msg().calls.size() == 1);
    }
    // write() without a sink, reset(), reserve(), and a moved parser
    toolcall::stream_parser a{toolcall::parser_registry::builtin(), seeded()};
    a.write("<tool_call>{\"name\": \"f\", ");
    a.reset();
    a.reserve(k_qwen.size());
    a.write("<tool_call>{\"name\": \"g\", \"arguments\": {}}</tool_call>");
    toolcall::stream_parser b = std::move(a);
    const toolcall::message m = b.finish();
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "g");
    toolcall::options o = seeded();
    o.token_limit_hit = true;
    b.reset(o);
    b.write("The answer is");
    CHECK(b.finish().finish == toolcall::finish_reason::length);
  }

  TEST_CASE("registry: builtin, only, for_model, for_template, add, remove, priorities") {
    const auto all = toolcall::parser_registry::builtin();
    CHECK(all.contains("hermes"));
    CHECK(all.contains("mistral"));
    CHECK(all.model_known());
    const auto only = toolcall::parser_registry::only("hermes");
    REQUIRE(only);
    CHECK(only->contains("hermes"));
    CHECK(only->contains("reasoning"));
    CHECK_FALSE(only->contains("mistral"));
    const auto none = toolcall::parser_registry::only("no_such_format");
    REQUIRE_FALSE(none);
    CHECK(none.error().code == toolcall::errc::unknown_format);
    const auto unknown = toolcall::parser_registry::for_model("my-own-model");
    CHECK_FALSE(unknown.model_known());
    const auto qwen3 = toolcall::parser_registry::for_model("Qwen/Qwen3-8B");
    CHECK(qwen3.model_known());
    CHECK_FALSE(qwen3.prompt_opens_reasoning());  // Qwen3 writes its own <think>
    CHECK(toolcall::parser_registry::for_model("Qwen/QwQ-32B").prompt_opens_reasoning());
    CHECK_FALSE(qwen3.preset().empty());
    const auto tpl = toolcall::parser_registry::for_template(
        "{%- for message in messages %}<|im_start|>{{ message.role }}\n{{ message.content }}<|im_end|>\n"
        "{%- if message.tool_calls %}<tool_call>\n{{ tool_call | tojson }}\n</tool_call>{%- endif %}{%- endfor %}"
        "{%- if add_generation_prompt %}<|im_start|>assistant\n<think>\n{%- endif %}");
    CHECK(tpl.model_known());
    CHECK(tpl.contains("hermes"));
    CHECK(tpl.prompt_opens_reasoning());

    auto r = toolcall::parser_registry::builtin();
    CHECK(r.remove("mistral"));
    CHECK_FALSE(r.remove("mistral"));
    CHECK_FALSE(r.contains("mistral"));
    toolcall::parser p{r};
    CHECK(p.parse("[TOOL_CALLS]f[ARGS]{}").calls.empty());
    const auto f = toolcall::format::builtin("mistral");
    REQUIRE(f);
    CHECK(f->is_builtin());
    CHECK_FALSE(f->description().empty());
    r.add(*f);
    CHECK(r.set_priority("mistral", 1));
    CHECK_FALSE(r.set_priority("nope", 1));
    CHECK(r.formats().front().name() == "mistral");
    CHECK_FALSE(toolcall::format::builtin("nope"));
  }

  TEST_CASE("custom formats: a regex format (RE2 lives in the library) and its errors") {
    toolcall::format_spec rx;
    rx.name = "bang";
    rx.call_begin = "!!";
    rx.call_end = "!!";
    rx.payload = toolcall::payload_kind::regex;
    rx.pattern = R"((?P<name>[a-z_]+)\s+(?P<args>\{.*\}))";
    const auto bang = toolcall::format::from_spec(rx);
    REQUIRE(bang);
    CHECK_FALSE(bang->is_builtin());
    auto reg = toolcall::parser_registry::builtin();
    reg.add(*bang);
    toolcall::parser p{reg};
    const toolcall::message m = p.parse("Pinging. !!ping {\"host\": 'a'}!! done");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "bang");
    CHECK(m.calls[0].name == "ping");
    CHECK(m.calls[0].arguments == R"({"host":"a"})");
    CHECK(m.content == "Pinging.  done");

    rx.pattern = "(unclosed";
    const auto bad = toolcall::format::from_spec(rx);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == toolcall::errc::invalid_pattern);
    CHECK(make_error_code(bad.error().code).message() == "invalid_pattern");
  }

  TEST_CASE("normalizer: create, attach, apply, resolve_name") {
    const char* tools = R"([{"type": "function", "function": {"name": "read", "parameters": {"type": "object",
      "properties": {"path": {"type": "string"}, "offset": {"type": "integer"}}, "required": ["path"]}}}])";
    const auto n = toolcall::normalizer::create(tools);
    REQUIRE(n);
    CHECK(n->enabled());
    CHECK(n->tool_count() == 1);
    CHECK(n->has_tool("read"));
    CHECK_FALSE(n->has_tool("Read"));
    CHECK(n->resolve_name("functions.read") == "read");
    CHECK(n->resolve_name("write").empty());

    toolcall::parser p;
    n->attach(p);
    const toolcall::message m = p.parse(
        R"(<tool_call>{"name": "functions.read", "arguments": {"path": "a.txt", "offset": "130"}}</tool_call>)");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "read");
    CHECK(m.calls[0].arguments == R"({"path":"a.txt","offset":130})");
    CHECK(m.calls[0].status == toolcall::call_status::normalized);

    toolcall::call c;
    c.name = "Read";
    c.arguments = R"({"path":"b.txt","offset":"7"})";
    c.format = "hermes";
    std::vector<toolcall::diagnostic> diags;
    CHECK(n->apply(c, diags));
    CHECK(c.name == "read");
    CHECK(c.arguments == R"({"path":"b.txt","offset":7})");
    CHECK(c.status == toolcall::call_status::normalized);
    CHECK_FALSE(diags.empty());

    const auto bad = toolcall::normalizer::create("[{\"type\": \"function\", \"function\": {}}");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == toolcall::errc::invalid_input);
    const toolcall::normalizer off;
    CHECK_FALSE(off.enabled());
    CHECK(off.tool_count() == 0);
  }

  TEST_CASE("conversation: check, rewrite_llama31, tool_cycles, loop_guard") {
    const std::string h =
        R"([{"role":"user","content":"weather in Paris and Rome?"},)"
        R"({"role":"assistant","content":null,"tool_calls":[)"
        R"({"id":"a","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}},)"
        R"({"id":"b","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Rome\"}"}}]},)"
        R"({"role":"tool","tool_call_id":"a","content":"18C"},{"role":"tool","tool_call_id":"b","content":"24C"}])";
    CHECK(toolcall::conversation::check(h).empty());
    const auto broken = toolcall::conversation::check(R"([{"role":"user","content":"x"},)"
                                                      R"({"role":"tool","tool_call_id":"zz","content":"?"}])");
    REQUIRE(broken.size() == 1);
    CHECK(broken[0].code == toolcall::errc::invalid_history);
    CHECK(broken[0].offset == 1);
    CHECK(toolcall::conversation::check("not json")[0].code == toolcall::errc::invalid_input);

    std::vector<toolcall::diagnostic> notes;
    const auto r = toolcall::conversation::rewrite_llama31(h, &notes);
    REQUIRE(r);
    CHECK(r->find(R"({"role":"tool","tool_call_id":"a","content":"18C"},{"role":"assistant","content":null)") !=
          std::string::npos);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].message.find("2 parallel tool calls split") != std::string::npos);
    CHECK(toolcall::conversation::check(*r).empty());

    const auto cycles = toolcall::conversation::tool_cycles(h, 1);
    REQUIRE(cycles);
    CHECK(cycles->cycles == 1);
    CHECK(cycles->cap_reached);
    CHECK_FALSE(cycles->tools_allowed());

    toolcall::conversation::loop_guard g{8, 2};
    g.user_turn();
    toolcall::call call;
    call.name = "get_weather";
    call.arguments = R"({"city":"Paris"})";
    g.add_cycle({call});
    CHECK(g.tools_allowed());
    toolcall::conversation::loop_guard copy = g;  // a guard is a value
    call.arguments = R"({ "city" : "Paris" })";   // the same call, spelled differently
    g.add_cycle({call});
    CHECK(g.repeat_reached());
    CHECK(g.repeats() == 2);
    CHECK(g.repeated_call() == "get_weather");
    CHECK_FALSE(copy.repeat_reached());
    CHECK(copy.repeats() == 1);
    copy = g;
    CHECK(copy.repeat_reached());
    g.user_turn();
    CHECK(g.tools_allowed());
    CHECK(g.repeats() == 0);
    CHECK(copy.repeats() == 2);
  }

  TEST_CASE("openai: sse_writer to delta_accumulator gives the message back") {
    std::string sse;
    toolcall::openai::sse_writer w{sse, {"chatcmpl-1", "Qwen3-8B", 1700000000}};
    toolcall::stream_parser sp{toolcall::parser_registry::for_model("Qwen/Qwen3-8B"), seeded()};
    for (std::size_t i = 0; i < k_qwen.size(); i += 5) sp.write(std::string_view(k_qwen).substr(i, 5), w);
    const toolcall::message m = sp.finish(w);
    toolcall::openai::token_usage u;
    u.prompt_tokens = 10;
    u.completion_tokens = 20;
    u.total_tokens = 30;
    w.finish(m.finish, u);
    CHECK(w.finished());
    CHECK(w.calls_sent() == 1);
    CHECK(sse.find("\"finish_reason\":\"tool_calls\"") != std::string::npos);
    CHECK(sse.compare(sse.size() - 14, 14, "data: [DONE]\n\n") == 0);

    toolcall::openai::delta_accumulator first;
    for (std::size_t i = 0; i < sse.size(); i += 9) first.feed_sse(std::string_view(sse).substr(i, 9));
    toolcall::openai::delta_accumulator acc = std::move(first);
    CHECK(acc.done());
    CHECK(acc.has_usage());
    CHECK(acc.usage().total_tokens == 30);
    CHECK(acc.usage_json() == R"({"prompt_tokens":10,"completion_tokens":20,"total_tokens":30})");
    CHECK(acc.diagnostics().empty());
    const toolcall::message back = acc.finish();
    REQUIRE(back.calls.size() == 1);
    CHECK(back.calls[0].id == m.calls[0].id);
    CHECK(back.calls[0].name == "get_weather");
    CHECK(back.calls[0].arguments == m.calls[0].arguments);
    CHECK(back.content == m.content);
    CHECK(back.reasoning == m.reasoning);
    CHECK(back.finish == toolcall::finish_reason::tool_calls);

    acc.reset();
    CHECK_FALSE(acc.feed_chunk("{not json"));
    CHECK(acc.feed_chunk(R"({"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]})"));
    const toolcall::message hi = acc.finish();
    CHECK(hi.content == "hi");
    CHECK(hi.finish == toolcall::finish_reason::stop);
    REQUIRE_FALSE(hi.diagnostics.empty());
    CHECK(hi.diagnostics[0].code == toolcall::errc::invalid_input);

    std::vector<std::string> events;
    toolcall::openai::sse_writer to_fn{[&](std::string_view e) { events.emplace_back(e); }};
    to_fn.finish();
    REQUIRE(events.size() == 3);  // role, finish_reason, [DONE]
    CHECK(events[1].find("\"finish_reason\":\"stop\"") != std::string::npos);
    to_fn.reset(toolcall::openai::sse_options{});
    CHECK_FALSE(to_fn.finished());
  }
}
