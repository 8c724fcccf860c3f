// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Streaming invariants (docs/architecture.md "Events"), on outputs beyond the corpus.
#include <doctest/doctest.h>

#include <random>

#include "test_support.hpp"

namespace {
toolcall::options seeded() {
  toolcall::options o = tc_test::deterministic(11);
  return o;
}
struct run_result {
  toolcall::message fin;
  tc_test::folder f;
  std::vector<std::string> arg_events;  // every arguments_delta text, in order
  std::size_t content_events = 0;
};
run_result stream(const std::string& text, std::size_t chunk, const toolcall::parser_registry& reg = toolcall::parser_registry::builtin()) {
  toolcall::stream_parser sp{reg, seeded()};
  run_result r;
  auto sink = [&](const toolcall::event& ev) {
    r.f(ev);
    if (ev.kind == toolcall::event_kind::arguments_delta) r.arg_events.emplace_back(ev.text);
    if (ev.kind == toolcall::event_kind::content) ++r.content_events;
  };
  for (std::size_t p = 0; p < text.size(); p += chunk) sp.write(std::string_view(text).substr(p, chunk), sink);
  r.fin = sp.finish(sink);
  return r;
}
bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}
}  // namespace

TEST_SUITE("toolcall/stream") {
  TEST_CASE("JSON arguments stream as they arrive, not when the call ends") {
    std::string text = "<tool_call>{\"name\": \"write\", \"arguments\": {\"content\": \"";
    text += std::string(4000, 'x');
    text += "\"}}</tool_call>";
    const auto r = stream(text, 16);
    REQUIRE(r.fin.calls.size() == 1);
    CHECK(r.arg_events.size() > 100);  // many deltas, one per chunk
  }
  TEST_CASE("XML and pythonic string values stream while they arrive") {
    std::string xml = "<tool_call>\n<function=write_file>\n<parameter=content>\n";
    for (int i = 0; i < 200; ++i) xml += "line " + std::to_string(i) + "\n";
    xml += "</parameter>\n</function>\n</tool_call>";
    auto r = stream(xml, 8);
    REQUIRE(r.fin.calls.size() == 1);
    CHECK(r.arg_events.size() > 100);
    std::string py = "[save(text='" + std::string(3000, 'y') + "')]";
    r = stream(py, 8);
    REQUIRE(r.fin.calls.size() == 1);
    CHECK(r.arg_events.size() > 100);
  }
  TEST_CASE("multi-token deltas holding several whole calls lose nothing") {
    const std::string text =
        "A<tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call><tool_call>{\"name\": \"b\", \"arguments\": {\"x\": 1}}</tool_call>B";
    for (std::size_t chunk : {text.size(), std::size_t{40}, std::size_t{3}}) {
      const auto r = stream(text, chunk);
      REQUIRE(r.fin.calls.size() == 2);
      CHECK(tc_test::same_message(r.f.m, r.fin).empty());
      CHECK(r.fin.content == "AB");
    }
  }
  TEST_CASE("deltas never split a UTF-8 sequence, in content or arguments") {
    const std::string text = "Déjà vu — 東京 🙂 <tool_call>{\"name\": \"t\", \"arguments\": {\"s\": \"Zürich 🚀 東京\"}}</tool_call> après 🙂";
    for (std::size_t chunk = 1; chunk <= 5; ++chunk) {
      toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
      bool ok = true;
      auto sink = [&](const toolcall::event& ev) {
        if (ev.kind == toolcall::event_kind::content || ev.kind == toolcall::event_kind::arguments_delta)
          ok = ok && valid_utf8(ev.text);
      };
      for (std::size_t p = 0; p < text.size(); p += chunk) sp.write(std::string_view(text).substr(p, chunk), sink);
      const auto m = sp.finish(sink);
      CHECK(ok);
      CHECK(m.calls.size() == 1);
    }
  }
  TEST_CASE("content is released as soon as it cannot be part of a marker") {
    toolcall::stream_parser sp{toolcall::parser_registry::for_model("Mistral-7B-Instruct-v0.3")};
    std::string seen;
    auto sink = [&](const toolcall::event& ev) {
      if (ev.kind == toolcall::event_kind::content) seen.append(ev.text);
    };
    sp.write("Hello there, friend", sink);
    CHECK(seen == "Hello there, friend");
    sp.write(" [TOOL_CA", sink);
    CHECK(seen == "Hello there, friend");  // " [TOOL_CA" may become a marker; the space waits too
    sp.write("RDS]", sink);
    CHECK(seen == "Hello there, friend [TOOL_CARDS]");
    (void)sp.finish(sink);
  }
  TEST_CASE("a call that fails after call_begin ends invalid and its text returns as content") {
    const std::string text = "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1, \"b\": }}</tool_call> tail";
    const auto r = stream(text, 4);
    CHECK(r.fin.calls.empty());
    CHECK(r.fin.content.find("\"b\": }") != std::string::npos);
    CHECK(r.fin.content.find("tail") != std::string::npos);
    CHECK(tc_test::same_message(r.f.m, r.fin).empty());
  }
  TEST_CASE("a response cut inside a call ends truncated; keep_truncated lists it") {
    const std::string text = "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"cut";
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    toolcall::call_status st = toolcall::call_status::ok;
    auto sink = [&](const toolcall::event& ev) {
      if (ev.kind == toolcall::event_kind::call_end) st = ev.status;
    };
    sp.write(text, sink);
    auto m = sp.finish(sink);
    CHECK(st == toolcall::call_status::truncated);
    CHECK(m.calls.empty());
    CHECK(m.content == text);
    toolcall::options o = seeded();
    o.keep_truncated = true;
    o.token_limit_hit = true;
    sp.reset(o);
    sp.write(text);
    m = sp.finish();
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].status == toolcall::call_status::truncated);
    CHECK(m.finish == toolcall::finish_reason::length);
  }
  TEST_CASE("linear work: bytes examined grow linearly from 4 KiB to 1 MiB, any chunking") {
    std::string unit =
        "Some prose with <angle> brackets and [links](x). <tool_call>{\"name\": \"f\", \"arguments\": {\"s\": \"<tool_call> inside\", \"n\": [1, 2, {\"k\": null}]}}</tool_call>\n";
    for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, std::size_t{4096}}) {
      double per_byte_small = 0;
      for (std::size_t size : {std::size_t{4096}, std::size_t{1} << 20}) {
        std::string text;
        while (text.size() < size) text += unit;
        toolcall::options o = seeded();
        o.max_calls = 1u << 20;
        o.time_budget = std::chrono::microseconds(0);
        toolcall::stream_parser sp{toolcall::parser_registry::builtin(), o};
        for (std::size_t p = 0; p < text.size(); p += chunk) sp.write(std::string_view(text).substr(p, chunk));
        const auto m = sp.finish();
        CHECK(m.calls.size() == text.size() / unit.size());
        const double per_byte = double(sp.stats().bytes_examined) / double(text.size());
        // every pass is counted: the scan, bytes carried over 1-byte writes, and for the third
        // of the text that is arguments their copy into the call's buffer and the final check
        CHECK(per_byte <= 3.0);
        if (size == 4096) per_byte_small = per_byte;
        else CHECK(per_byte <= per_byte_small * 1.1 + 0.01);
      }
    }
  }
  TEST_CASE("a JSON call's arguments are written once, by the transcoder, into the call's buffer") {
    // streams `text` in 4-byte writes; returns the message, the calls begun, the deltas joined
    // and the bytes examined per input byte
    struct run {
      toolcall::message m;
      std::size_t begun = 0;
      std::string deltas;
      double per_byte = 0;
    };
    const auto stream4 = [](toolcall::stream_parser& sp, const std::string& text) {
      run r;
      for (std::size_t p = 0; p < text.size(); p += 4)
        sp.write(std::string_view(text).substr(p, 4), [&](const toolcall::event& ev) {
          if (ev.kind == toolcall::event_kind::arguments_delta) r.deltas += ev.text;
          if (ev.kind == toolcall::event_kind::call_begin) ++r.begun;
        });
      r.m = sp.finish();
      r.per_byte = double(sp.stats().bytes_examined) / double(text.size());
      return r;
    };
    const auto arg = [](const std::string& args, const char* key) {
      simdjson::dom::parser jp;
      std::string_view v;
      return jp.parse(args)[key].get_string().get(v) ? std::string("(none)") : std::string(v);
    };
    // a Qwen-style call writing a 200 KB file: the scan reads each byte once and the final
    // check of the arguments once more; there is no copy from the lexer into the call
    std::string file;
    while (file.size() < 200000) file += R"(    for (int i = 0; i < n; ++i) { sum += \"a\\tb\"[i % 3]; }\n)";
    const std::string text = "I will write the file.\n<tool_call>\n{\"name\": \"write_file\", \"arguments\": "
                             "{\"path\": \"src/sum.cpp\", \"content\": \"" + file + "\"}}\n</tool_call>";
    const std::string tools = R"([{"type": "function", "function": {"name": "write_file", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}}])";
    for (bool with_normalizer : {false, true}) {
      CAPTURE(with_normalizer);
      toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
      toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(tools);
      REQUIRE(n);
      if (with_normalizer) n->attach(sp);
      const run r = stream4(sp, text);
      REQUIRE(r.m.calls.size() == 1);
      CHECK(r.begun == 1);
      CHECK(r.deltas == r.m.calls[0].arguments);
      CHECK(r.m.calls[0].arguments.size() > 200000);
      // with a normalizer the lexer writes into the normalizer's input instead, and the
      // normalizer's pass and its copy into the call's buffer are two more
      CHECK(r.per_byte <= (with_normalizer ? 4.05 : 2.05));
      CHECK(r.per_byte >= (with_normalizer ? 3.0 : 1.95));
    }
    {
      // arguments as a JSON string (OpenAI's wire form, echoed by some models): the decoded text
      // is lexed once more, and its lexer too writes into the call's buffer
      std::string enc;
      toolcall::detail::json_escape_append(enc, R"({"path": "src/sum.cpp", "content": ")" + file + "\"}");
      toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
      const run r = stream4(sp, "<tool_call>\n{\"name\": \"write_file\", \"arguments\": \"" + enc + "\"}\n</tool_call>");
      REQUIRE(r.m.calls.size() == 1);
      CHECK(r.deltas == r.m.calls[0].arguments);
      CHECK(arg(r.m.calls[0].arguments, "path") == "src/sum.cpp");
      // the scan, the decoded text's lexer (about 4/5 of the bytes: the escapes shrink) and
      // the final check
      CHECK(r.per_byte <= 2.95);
    }
    {
      // the same file written by Qwen3-Coder's XML call: one body for every XML family, the
      // same one write
      std::string raw_file;
      while (raw_file.size() < 200000) raw_file += "    for (int i = 0; i < n; ++i) { sum += \"a\\tb\"[i % 3]; }\n";
      toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
      const run r = stream4(sp, "I will write the file.\n<tool_call>\n<function=write_file>\n<parameter=path>\n"
                                "src/sum.cpp\n</parameter>\n<parameter=content>\n" + raw_file +
                                "</parameter>\n</function>\n</tool_call>");
      REQUIRE(r.m.calls.size() == 1);
      CHECK(r.m.calls[0].format == "qwen3_coder");
      CHECK(r.deltas == r.m.calls[0].arguments);
      CHECK(arg(r.m.calls[0].arguments, "content") == raw_file.substr(0, raw_file.size() - 1));
      CHECK(r.per_byte <= 2.1);
    }
  }
  TEST_CASE("recycle(): a message given back lends its buffers, never its text, to the next responses") {
    const std::string a = "<think>Which file?</think>Writing it now.\n<tool_call>\n{\"name\": \"write_file\", "
                          "\"arguments\": {\"path\": \"a.txt\", \"content\": \"" + std::string(5000, 'a') +
                          "\"}}\n</tool_call>\n<tool_call>\n{\"name\": \"ls\", \"arguments\": {\"dir\": \"/tmp\"}}\n</tool_call>";
    const std::string b = "Done.\n<tool_call>\n{\"name\": \"cat\", \"arguments\": {\"path\": \"a.txt\"}}\n</tool_call>";
    for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, std::size_t{4096}}) {
      CAPTURE(chunk);
      toolcall::stream_parser fresh{toolcall::parser_registry::builtin(), seeded()};
      toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
      const auto feed = [&](toolcall::stream_parser& p, const std::string& text) {
        for (std::size_t i = 0; i < text.size(); i += chunk) p.write(std::string_view(text).substr(i, chunk));
        return p.finish();
      };
      for (const std::string* text : {&a, &b, &a, &b}) {
        const toolcall::message want = feed(fresh, *text);
        toolcall::message got = feed(sp, *text);
        CHECK(want.calls.size() == (text == &a ? 2u : 1u));
        CHECK_MESSAGE(tc_test::same_message(got, want).empty(), tc_test::same_message(got, want));
        fresh.reset();
        sp.recycle(std::move(got));
        sp.reset();
      }
    }
  }
  TEST_CASE("string arguments in small writes (the engine appends a plain token itself) give the one-shot message") {
    // escapes whole in a write and cut by one, a single quote, 2- to 4-byte UTF-8, \u escapes
    // and a surrogate pair, a key after the string, two calls, prose around them
    const std::string text =
        "Sure.\n<tool_call>{\"name\": \"write\", \"arguments\": {\"path\": \"a.py\", \"text\": \"def f(x):\\n"
        "    return 'a\\\"b' + \\\"\\\\t\\\" # caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \\u00e9\\ud83d\\ude00 "
        "and a longer run of plain words to stream\", \"mode\": \"w\"}}</tool_call>\n"
        "<tool_call>{\"name\": \"ls\", \"arguments\": {\"dir\": \"src/\\\"x\\\"\"}}</tool_call> done";
    const tc_test::chunkings how{true, {1, 2, 3, 4, 5, 7, 8, 13, 16}, 24};
    toolcall::options o = seeded();
    const auto all = tc_test::split_compare(toolcall::parser_registry::builtin(), o, text, how);
    CHECK_MESSAGE(all.err.empty(), all.err);
    REQUIRE(all.one.calls.size() == 2);
    CHECK(all.one.calls[0].arguments.find("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 ") != std::string::npos);
    CHECK(all.one.calls[0].arguments.find("a longer run of plain words to stream\",\"mode\":\"w\"}") != std::string::npos);
    CHECK(all.one.calls[1].arguments == "{\"dir\":\"src/\\\"x\\\"\"}");
    // a limit that trips inside the first call's string, whichever write it falls in
    for (const std::size_t limit : {std::size_t{80}, std::size_t{120}, std::size_t{150}}) {
      CAPTURE(limit);
      toolcall::options c = seeded();
      c.max_call_bytes = limit;
      const auto r = tc_test::split_compare(toolcall::parser_registry::builtin(), c, text, how);
      CHECK_MESSAGE(r.err.empty(), r.err);
      CHECK(r.one.calls.size() == 1);  // the first call is over the limit: its text is content
      toolcall::options in = seeded();
      in.max_input_bytes = limit;
      const auto s = tc_test::split_compare(toolcall::parser_registry::builtin(), in, text, how);
      CHECK_MESSAGE(s.err.empty(), s.err);
      CHECK(tc_test::has_diagnostic(s.one, toolcall::errc::limit_input_bytes));
    }
    // a response abandoned inside the string: the next one is whole, its deltas its arguments
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    for (std::size_t i = 0; i < 120; i += 4) sp.write(std::string_view(text).substr(i, 4));
    sp.reset();
    const run_result again = [&] {
      run_result r;
      auto sink = [&](const toolcall::event& ev) { r.f(ev); };
      for (std::size_t i = 0; i < text.size(); i += 3) sp.write(std::string_view(text).substr(i, 3), sink);
      r.fin = sp.finish(sink);
      return r;
    }();
    for (const toolcall::message* m : std::initializer_list<const toolcall::message*>{&again.fin, &again.f.m}) {  // the ids differ: a new response
      CHECK(m->content == all.one.content);
      REQUIRE(m->calls.size() == 2);
      for (std::size_t k = 0; k < 2; ++k) {
        CHECK(m->calls[k].name == all.one.calls[k].name);
        CHECK(m->calls[k].arguments == all.one.calls[k].arguments);
        CHECK(m->calls[k].status == all.one.calls[k].status);
      }
    }
  }

  TEST_CASE("reset() reuses the parser for the next response") {
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    sp.write("<tool_call>{\"name\": \"a\", \"arguments\": {\"x\": ");
    (void)sp.finish();
    sp.reset();
    sp.write("<tool_call>{\"name\": \"b\", \"arguments\": {}}</tool_call>");
    const auto m = sp.finish();
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "b");
    CHECK(m.diagnostics.empty());
  }
}

TEST_SUITE("toolcall/stream live") {
  TEST_CASE("default options stream live: prose comes out in the write that completes it, before the call") {
    for (const char* model : {"", "Qwen/Qwen3-8B", "Qwen/Qwen2.5-7B-Instruct"}) {
      CAPTURE(model);
      const auto reg = *model ? toolcall::parser_registry::for_model(model) : toolcall::parser_registry::builtin();
      toolcall::stream_parser sp{reg};
      std::vector<std::pair<std::size_t, toolcall::event_kind>> seen;
      std::size_t k = 0;
      auto sink = [&](const toolcall::event& ev) { seen.emplace_back(k, ev.kind); };
      const std::vector<std::string> tokens = {"Let", " me", " check", ".", "\n", "<tool", "_call>", "{\"name\": \"f\", ",
                                               "\"arguments\": {}}", "</tool_call>"};
      for (const auto& t : tokens) {
        sp.write(t, sink);
        ++k;
      }
      const auto m = sp.finish(sink);
      REQUIRE(m.calls.size() == 1);
      CHECK(m.content == "Let me check.");
      REQUIRE(!seen.empty());
      CHECK(seen.front().second == toolcall::event_kind::content);
      CHECK(seen.front().first <= 1);  // "Let" is out by the second write at the latest
      std::size_t last_content = 0, first_call = 1000;
      for (const auto& e : seen) {
        if (e.second == toolcall::event_kind::content) last_content = e.first;
        if (e.second == toolcall::event_kind::call_begin) first_call = std::min(first_call, e.first);
      }
      CHECK(last_content <= 3);  // "Let me check." before the call starts (write 7)
      CHECK(first_call >= 7);
      // the event order: every content event before call_begin
      bool call_seen = false;
      for (const auto& e : seen) {
        if (e.second == toolcall::event_kind::call_begin) call_seen = true;
        if (call_seen) CHECK(e.second != toolcall::event_kind::content);
      }
    }
  }
  TEST_CASE("detect mode: text before a call comes out before the call, not after it") {
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start::detect;
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), o};
    tc_test::folder f;
    sp.write("Let me check.\n<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1}}</tool_call>", f);
    const auto m = sp.finish(f);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.content == "Let me check.");
    CHECK(f.violations.empty());
  }
  TEST_CASE("reasoning_start_for_prompt") {
    CHECK(toolcall::reasoning_start_for_prompt("<|im_start|>assistant\n<think>\n") == toolcall::reasoning_start::open);
    CHECK(toolcall::reasoning_start_for_prompt("<|im_start|>assistant\n<think>\n\n</think>\n\n") ==
          toolcall::reasoning_start::closed);
    CHECK(toolcall::reasoning_start_for_prompt("<|im_start|>assistant\n") == toolcall::reasoning_start::closed);
    toolcall::options o;
    o.reasoning = toolcall::reasoning_start_for_prompt("<|im_start|>assistant\n<think>\n");
    toolcall::parser p{toolcall::parser_registry::builtin(), o};
    const auto m = p.parse("plan it</think>done");
    CHECK(m.reasoning == "plan it");
    CHECK(m.content == "done");
  }
  TEST_CASE("to_string(reasoning_start) and to_string(reasoning_calls) name each enumerator") {
    using toolcall::reasoning_start;
    CHECK(std::string(toolcall::to_string(reasoning_start::preset)) == "preset");
    CHECK(std::string(toolcall::to_string(reasoning_start::closed)) == "closed");
    CHECK(std::string(toolcall::to_string(reasoning_start::open)) == "open");
    CHECK(std::string(toolcall::to_string(reasoning_start::detect)) == "detect");
    CHECK(std::string(toolcall::to_string(reasoning_start::none)) == "none");
    CHECK(std::string(toolcall::to_string(toolcall::reasoning_calls::ignore)) == "ignore");
    CHECK(std::string(toolcall::to_string(toolcall::reasoning_calls::end_reasoning)) == "end_reasoning");
    // what an engine logs for a thinking model's prompt, and for the default options
    CHECK(std::string(toolcall::to_string(toolcall::reasoning_start_for_prompt("<|im_start|>assistant\n<think>\n"))) ==
          "open");
    CHECK(std::string(toolcall::to_string(toolcall::options{}.reasoning)) == "preset");
  }
  TEST_CASE("the time budget counts every write of a response: 4-byte writes stop at limit_time") {
    toolcall::options o;
    o.time_budget = std::chrono::microseconds(2000);
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), o};
    std::string text;
    while (text.size() < (std::size_t{8} << 20))
      text += "<tool_call>{\"name\": \"write\", \"arguments\": {\"text\": \"0123456789 abcdefghij\"}}</tool_call>\n";
    for (std::size_t i = 0; i < text.size(); i += 4) sp.write(std::string_view(text).substr(i, 4));
    const auto m = sp.finish();
    bool limited = false;
    for (const auto& d : m.diagnostics) limited |= d.code == toolcall::errc::limit_time;
    CHECK(limited);
    CHECK(m.calls.size() < 80000);  // parsing stopped: the rest is content
    CHECK(sp.stats().bytes_accounted == text.size());
  }
  TEST_CASE("parse(text, opt) applies opt to that call only") {
    toolcall::options base;
    base.seed = 5;
    toolcall::parser p{toolcall::parser_registry::builtin(), base};
    const std::string t = "<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>";
    const std::string a = p.parse(t, base).calls.at(0).id;
    toolcall::options other = base;
    other.seed = 99;
    const std::string b = p.parse(t, other).calls.at(0).id;
    CHECK(a != b);
    CHECK(p.parse(t, base).calls.at(0).id == a);  // the same options give the same ids again
    // seeded ids differ from one response to the next when the parser is reused
    const std::string c1 = p.parse(t).calls.at(0).id;
    const std::string c2 = p.parse(t).calls.at(0).id;
    CHECK(c1 != c2);
  }
  TEST_CASE("a closing marker after a stray bracket is still a marker") {
    toolcall::parser p;
    for (std::size_t chunk : {1000u, 1u, 3u}) {
      toolcall::stream_parser sp;
      tc_test::folder f;
      const std::string t = "<tool_call>{\"name\": \"f\", \"arguments\": {}}}</tool_call> done";
      for (std::size_t i = 0; i < t.size(); i += chunk) sp.write(std::string_view(t).substr(i, chunk), f);
      const auto m = sp.finish(f);
      REQUIRE(m.calls.size() == 1);
      CHECK(m.content.find("</tool_call>") == std::string::npos);
      CHECK(m.content == "} done");
      CHECK(f.violations.empty());
    }
  }
  TEST_CASE("events_only: the same events, a message without text, arguments released") {
    const std::string t =
        "<think>Which file?</think>I'll write it.\n<tool_call>\n{\"name\": \"write_file\", \"arguments\": "
        "{\"path\": \"a.md\", \"content\": \"# Title\\n\\nBody \u00e9\"}}\n</tool_call>\n"
        "<tool_call>{\"name\": \"ls\", \"arguments\": {}}</tool_call>";
    for (std::size_t chunk : {1u, 4u, 4096u}) {
      toolcall::options full = seeded(), lean = seeded();
      lean.events_only = true;
      toolcall::stream_parser a{toolcall::parser_registry::for_model("Qwen/Qwen3-8B"), full};
      toolcall::stream_parser b{toolcall::parser_registry::for_model("Qwen/Qwen3-8B"), lean};
      tc_test::folder fa, fb;
      for (std::size_t i = 0; i < t.size(); i += chunk) {
        a.write(std::string_view(t).substr(i, chunk), fa);
        b.write(std::string_view(t).substr(i, chunk), fb);
      }
      const toolcall::message ma = a.finish(fa), mb = b.finish(fb);
      // the events rebuild the full message in both modes
      CHECK(tc_test::same_message(ma, fa.m).empty());
      CHECK(tc_test::same_message(ma, fb.m).empty());
      CHECK(fb.violations.empty());
      // the lean message keeps calls, ids, statuses and the finish reason, not the text
      CHECK(ma.content == "I'll write it.");
      CHECK(mb.content.empty());
      CHECK(mb.reasoning.empty());
      REQUIRE(mb.calls.size() == 2);
      CHECK(mb.calls[0].name == "write_file");
      CHECK(mb.calls[0].id == ma.calls[0].id);
      CHECK(mb.calls[0].arguments.empty());
      CHECK(mb.finish == toolcall::finish_reason::tool_calls);
    }
  }
}
