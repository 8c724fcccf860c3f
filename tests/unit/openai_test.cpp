// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// openai::sse_writer and openai::delta_accumulator: the chunk shape, the SSE round
// trip over the public corpus, the raw-markup fallback, and hostile input.
#include <doctest/doctest.h>

#include <simdjson.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <toolcall/openai.hpp>
#include <toolcall/toolcall.hpp>

#include "test_support.hpp"

namespace {

namespace oa = toolcall::openai;

// Whole texts are compared with their one-shot parse, which reads a lone `</think>` as the end
// of reasoning the prompt opened (reasoning_start::detect): the stream parser is given the same.
toolcall::options seeded(std::uint64_t s = 42) {
  toolcall::options o = tc_test::deterministic(s);
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

oa::sse_options fixed(bool hold = false) {
  oa::sse_options o;
  o.id = "chatcmpl-test";
  o.model = "test-model";
  o.created = 1700000000;
  o.hold_calls = hold;
  return o;
}

/// The `data: ` payloads of an SSE text (every event must be exactly one data line + blank).
std::vector<std::string> events_of(const std::string& sse) {
  std::vector<std::string> out;
  std::size_t p = 0;
  while (p < sse.size()) {
    const std::size_t e = sse.find("\n\n", p);
    REQUIRE(e != std::string::npos);
    const std::string ev = sse.substr(p, e - p);
    REQUIRE(ev.rfind("data: ", 0) == 0);
    REQUIRE(ev.find('\n') == std::string::npos);
    out.push_back(ev.substr(6));
    p = e + 2;
  }
  return out;
}

/// Stream-parses `text` in `chunk`-byte pieces into an sse_writer; returns the SSE text and
/// the parser's message.
std::string to_sse(const std::string& text, std::size_t chunk, bool hold, toolcall::message& m,
                   const toolcall::parser_registry& reg = toolcall::parser_registry::builtin()) {
  std::string sse;
  oa::sse_writer w{sse, fixed(hold)};
  toolcall::stream_parser sp{reg, seeded()};
  for (std::size_t p = 0; p < text.size(); p += chunk) sp.write(std::string_view(text).substr(p, chunk), w);
  m = sp.finish(w);
  w.finish(m.finish);
  return sse;
}

/// Feeds `sse` to the accumulator in pieces of 1, 2, 3, 5, 8, 13, 21 bytes, in turn, from `phase`.
void feed_odd(oa::delta_accumulator& acc, std::string_view sse, std::size_t phase) {
  static constexpr std::size_t sizes[] = {1, 2, 3, 5, 8, 13, 21};
  std::size_t p = 0, k = phase;
  while (p < sse.size()) {
    const std::size_t n = std::min(sizes[k++ % 7], sse.size() - p);
    acc.feed_sse(sse.substr(p, n));
    p += n;
  }
}

/// What the writer must turn a string into: each byte outside a well-formed UTF-8 sequence
/// becomes U+FFFD (decoded from append_json_string_utf8's output).
std::string sanitized(std::string_view s) {
  std::string j;
  oa::append_json_string_utf8(j, s);
  simdjson::dom::parser p;
  std::string_view v;
  REQUIRE_FALSE(p.parse(j).get_string().get(v));
  return std::string(v);
}

std::string round_trip_diff(const toolcall::message& want, const toolcall::message& got) {
  std::string err;
  if (sanitized(want.content) != got.content) err += "content [" + got.content + "] want [" + want.content + "]; ";
  if (sanitized(want.reasoning) != got.reasoning) err += "reasoning [" + got.reasoning + "]; ";
  if (want.has_reasoning != got.has_reasoning) err += "has_reasoning; ";
  if (want.calls.size() != got.calls.size()) {
    err += "calls " + std::to_string(got.calls.size()) + " want " + std::to_string(want.calls.size()) + "; ";
  } else {
    for (std::size_t k = 0; k < want.calls.size(); ++k) {
      if (sanitized(want.calls[k].name) != got.calls[k].name) err += "name " + got.calls[k].name + "; ";
      if (want.calls[k].id != got.calls[k].id) err += "id " + got.calls[k].id + "; ";
      if (want.calls[k].arguments != got.calls[k].arguments &&
          !tc_test::json_text_equal(want.calls[k].arguments, got.calls[k].arguments))
        err += "arguments " + got.calls[k].arguments + " want " + want.calls[k].arguments + "; ";
    }
  }
  if (want.finish != got.finish) err += std::string("finish ") + toolcall::to_string(got.finish) + "; ";
  return err;
}

/// A chunk JSON with the given delta.
std::string chunk(const std::string& delta, const char* finish = nullptr) {
  std::string s = R"({"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":)";
  s += delta;
  s += ",\"finish_reason\":";
  s += finish ? std::string("\"") + finish + "\"" : std::string("null");
  s += "}]}";
  return s;
}

bool has_code(const toolcall::message& m, toolcall::errc c) {
  for (const auto& d : m.diagnostics)
    if (d.code == c) return true;
  return false;
}

}  // namespace

TEST_SUITE("toolcall/openai") {
  TEST_CASE("sse_writer: role first, call fields, arguments fragments, finish_reason, [DONE]") {
    const std::string text =
        "Let me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n"
        "<tool_call>\n{\"name\": \"get_time\", \"arguments\": {\"tz\": \"CET\"}}\n</tool_call>";
    for (bool hold : {false, true}) {
      CAPTURE(hold);
      toolcall::message m;
      const std::string sse = to_sse(text, 5, hold, m);
      REQUIRE(m.calls.size() == 2);
      const auto evs = events_of(sse);
      REQUIRE(evs.size() >= 5);
      CHECK(evs.back() == "[DONE]");
      simdjson::dom::parser p;
      std::vector<std::string> firsts;
      std::string args[2];
      std::size_t role_chunks = 0;
      for (std::size_t k = 0; k + 1 < evs.size(); ++k) {
        simdjson::dom::element d;
        REQUIRE_FALSE(p.parse(evs[k]).get(d));
        CHECK(std::string_view(d["id"]) == "chatcmpl-test");
        CHECK(std::string_view(d["object"]) == "chat.completion.chunk");
        CHECK(int64_t(d["created"]) == 1700000000);
        CHECK(std::string_view(d["model"]) == "test-model");
        simdjson::dom::array choices = d["choices"];
        REQUIRE(choices.size() == 1);
        simdjson::dom::element c = choices.at(0);
        CHECK(uint64_t(c["index"]) == 0);
        simdjson::dom::object delta = c["delta"];
        const bool last = k + 2 == evs.size();
        if (last) {
          CHECK(delta.size() == 0);
          CHECK(std::string_view(c["finish_reason"]) == "tool_calls");
        } else {
          CHECK(c["finish_reason"].is_null());
        }
        if (k == 0) {
          CHECK(std::string_view(delta["role"]) == "assistant");
          CHECK(std::string_view(delta["content"]).empty());
        }
        simdjson::dom::element role;
        if (!delta["role"].get(role)) ++role_chunks;
        simdjson::dom::array tcs;
        if (!delta["tool_calls"].get(tcs)) {
          REQUIRE(tcs.size() == 1);
          simdjson::dom::element tc = tcs.at(0);
          const uint64_t idx = tc["index"];
          REQUIRE(idx < 2);
          simdjson::dom::element id;
          if (!tc["id"].get(id)) {
            // a call's first chunk: id, type, name and an empty arguments string
            CHECK(std::string_view(id) == m.calls[idx].id);
            CHECK(std::string_view(tc["type"]) == "function");
            CHECK(std::string_view(tc["function"]["name"]) == m.calls[idx].name);
            CHECK(std::string_view(tc["function"]["arguments"]).empty());
            CHECK(args[idx].empty());
            firsts.push_back(std::string(std::string_view(tc["function"]["name"])));
          } else {
            CHECK(tc["type"].error() == simdjson::NO_SUCH_FIELD);
            CHECK(tc["function"]["name"].error() == simdjson::NO_SUCH_FIELD);
            args[idx] += std::string(std::string_view(tc["function"]["arguments"]));
          }
        }
      }
      CHECK(role_chunks == 1);
      CHECK(firsts == std::vector<std::string>{"get_weather", "get_time"});
      CHECK(args[0] == m.calls[0].arguments);
      CHECK(args[1] == m.calls[1].arguments);
    }
  }

  TEST_CASE("sse_writer: finish_reason stop, length, and an empty response") {
    std::string sse;
    oa::sse_writer w{sse, fixed()};
    w.finish();
    auto evs = events_of(sse);
    REQUIRE(evs.size() == 3);  // role, finish, [DONE]
    CHECK(evs[0].find("\"role\":\"assistant\"") != std::string::npos);
    CHECK(evs[1].find("\"delta\":{},\"finish_reason\":\"stop\"") != std::string::npos);
    CHECK(evs[2] == "[DONE]");
    w.finish();  // idempotent
    CHECK(events_of(sse).size() == 3);

    sse.clear();
    w.reset();
    // (Hermes only: in builtin() a letter at the start may open a Functionary v3.2 recipient, so
    // the first word can come as its own chunk)
    toolcall::stream_parser sp{*toolcall::parser_registry::only("hermes"), seeded()};
    sp.write("Hello there", w);
    sp.finish(w);
    w.finish(toolcall::finish_reason::length);
    evs = events_of(sse);
    REQUIRE(evs.size() == 4);
    CHECK(evs[1].find("\"delta\":{\"content\":\"Hello there\"}") != std::string::npos);
    CHECK(evs[2].find("\"finish_reason\":\"length\"") != std::string::npos);

    // the callback form, and generated ids: deterministic with a seed, chatcmpl- prefixed
    std::vector<std::string> got;
    oa::sse_options o;
    o.seed = 7;
    oa::sse_writer w2{[&](std::string_view s) { got.emplace_back(s); }, o};
    w2.finish();
    std::vector<std::string> got2;
    oa::sse_writer w3{[&](std::string_view s) { got2.emplace_back(s); }, o};
    w3.finish();
    REQUIRE(got.size() == 3);
    CHECK(got == got2);
    CHECK(got[0].find("\"id\":\"chatcmpl-") != std::string::npos);
  }

  TEST_CASE("sse_writer: an empty reasoning_content chunk only for a reasoning block that stays empty") {
    const toolcall::parser_registry qwen = toolcall::parser_registry::for_model("Qwen/Qwen3-8B");
    const std::string empty_chunk = "\"delta\":{\"reasoning_content\":\"\"}";
    for (bool hold : {false, true}) {
      for (std::size_t chunk = 1; chunk <= 9; ++chunk) {
        CAPTURE(hold);
        CAPTURE(chunk);
        // a block with text: its text only, never an empty chunk first
        toolcall::message m;
        std::vector<std::string> evs = events_of(to_sse(
            "<think>The user wants the weather in Paris.</think>Let me check.\n<tool_call>{\"name\": "
            "\"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>",
            chunk, hold, m, qwen));
        std::string reasoning;
        std::size_t reasoning_chunks = 0;
        for (const std::string& ev : evs) {
          CHECK_MESSAGE(ev.find(empty_chunk) == std::string::npos, ev);
          const std::size_t k = ev.find("\"reasoning_content\":\"");
          if (k == std::string::npos) continue;
          ++reasoning_chunks;
          const std::size_t b = k + 21, e = ev.find('"', b);
          reasoning += ev.substr(b, e - b);
        }
        CHECK(reasoning_chunks > 0);
        CHECK(reasoning == "The user wants the weather in Paris.");
        REQUIRE(m.calls.size() == 1);

        // a block that stays empty: one empty chunk, after the role and before the content
        evs = events_of(to_sse("<think></think>Sure, it is sunny.", chunk, hold, m, qwen));
        std::size_t empties = 0, at = 0, content_at = 0;
        for (std::size_t i = 0; i < evs.size(); ++i) {
          if (evs[i].find(empty_chunk) != std::string::npos) {
            ++empties;
            at = i;
          }
          if (content_at == 0 && evs[i].find("\"delta\":{\"content\":\"") != std::string::npos) content_at = i;
        }
        CHECK(empties == 1);
        CHECK(at == 1);
        CHECK(content_at > at);
        // the client sees an empty reasoning block, as the parser did
        CHECK(m.has_reasoning);
        oa::delta_accumulator acc;
        for (const std::string& ev : evs)
          if (ev != "[DONE]") acc.feed_chunk(ev);
        const toolcall::message back = acc.finish();
        CHECK(back.has_reasoning);
        CHECK(back.reasoning.empty());
        CHECK(back.content == "Sure, it is sunny.");

        // an empty block and nothing after it: the empty chunk comes before finish_reason
        evs = events_of(to_sse("<think></think>", chunk, hold, m, qwen));
        REQUIRE(evs.size() == 4);  // role, the empty block, finish, [DONE]
        CHECK(evs[1].find(empty_chunk) != std::string::npos);
        CHECK(evs[2].find("\"finish_reason\":\"stop\"") != std::string::npos);
      }
    }
  }

  TEST_CASE("sse_writer: engine indices map to dense OpenAI indices; failed calls") {
    // events straight from a fake engine: indices 5, 9, 12 (which fails after its arguments
    // began) and 20 (which fails before any argument byte)
    std::string sse;
    oa::sse_writer w{sse, fixed()};
    auto ev = [](toolcall::event_kind k, std::size_t i) {
      toolcall::event e;
      e.kind = k;
      e.index = i;
      return e;
    };
    auto begin = [&](oa::sse_writer& to, std::size_t i) {
      std::string id = "id" + std::to_string(i), name = "f" + std::to_string(i);
      toolcall::event b = ev(toolcall::event_kind::call_begin, i);
      b.id = id;
      b.name = name;
      to(b);
      id.assign("XXXX");  // the writer must have copied what it needs
      name.assign("XXXX");
    };
    auto args = [&](oa::sse_writer& to, std::size_t i) {
      std::string a = "{\"n\":" + std::to_string(i) + "}";
      toolcall::event d = ev(toolcall::event_kind::arguments_delta, i);
      d.text = a;
      to(d);
      a.assign("XXXXXXX");
    };
    toolcall::event e5 = ev(toolcall::event_kind::call_end, 5), e9 = ev(toolcall::event_kind::call_end, 9),
                    e12 = ev(toolcall::event_kind::call_end, 12), e20 = ev(toolcall::event_kind::call_end, 20);
    e12.status = toolcall::call_status::invalid;
    e20.status = toolcall::call_status::invalid;
    for (std::size_t i : {5, 9, 12}) {
      begin(w, i);
      args(w, i);
    }
    w(e5);
    w(e9);
    w(e12);
    begin(w, 20);
    w(e20);
    w.finish();
    CHECK(sse.find(R"("index":0,"id":"id5","type":"function","function":{"name":"f5","arguments":""})") != std::string::npos);
    CHECK(sse.find(R"("index":1,"id":"id9")") != std::string::npos);
    CHECK(sse.find(R"("index":2,"id":"id12")") != std::string::npos);  // live: already sent
    CHECK(sse.find("id20") == std::string::npos);  // failed before any argument: never sent
    CHECK(sse.find(R"({"index":1,"function":{"arguments":"{\"n\":9}"}})") != std::string::npos);
    CHECK(sse.find(R"({"index":0,"function":{"arguments":"{\"n\":5}"}})") != std::string::npos);
    CHECK(w.calls_sent() == 3);

    // hold mode: the failed call is never sent, the others go out in call_begin order
    std::string held;
    oa::sse_writer h{held, fixed(true)};
    for (std::size_t i : {5, 9, 12}) begin(h, i);
    for (std::size_t i : {12, 9, 5}) args(h, i);
    h(e12);
    h(e9);
    CHECK(held.empty());  // call 5 is still open: nothing may overtake it
    h(e5);
    h.finish();
    const std::size_t p5 = held.find(R"("index":0,"id":"id5")"), p9 = held.find(R"("index":1,"id":"id9")");
    CHECK(p5 != std::string::npos);
    CHECK(p9 != std::string::npos);
    CHECK(p5 < p9);
    CHECK(held.find("id12") == std::string::npos);
    CHECK(held.find(R"({"index":1,"function":{"arguments":"{\"n\":9}"}})") != std::string::npos);
    CHECK(h.calls_sent() == 2);
    CHECK(held.find("\"finish_reason\":\"tool_calls\"") != std::string::npos);

    // through the engine: an invalid call before a good one
    const std::string text =
        "<tool_call>\n{\"name\": \"broken\", \"arguments\": {\"a\": }}\n</tool_call>\n"
        "<tool_call>\n{\"name\": \"good\", \"arguments\": {\"b\": 1}}\n</tool_call>";
    toolcall::message m;
    const std::string sse2 = to_sse(text, 3, true, m);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "good");
    CHECK(sse2.find(R"("index":0,"id":")" + m.calls[0].id + R"(","type":"function","function":{"name":"good")") !=
          std::string::npos);
    CHECK(sse2.find(R"(\"name\":\"broken\")") == std::string::npos);  // not as a call
    CHECK(m.content.find("broken") != std::string::npos);            // its text is content
  }

  TEST_CASE("sse_writer: invalid UTF-8 becomes U+FFFD, so every chunk is valid JSON") {
    std::string sse;
    oa::sse_writer w{sse, fixed()};
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    sp.write("caf\xC3\xA9 \xFF\xC3 ok \xED\xA0\x80 \xF0\x9F\x98\x80", w);
    sp.finish(w);
    w.finish();
    simdjson::dom::parser p;
    for (const auto& e : events_of(sse)) {
      if (e == "[DONE]") continue;
      simdjson::dom::element d;
      CHECK_FALSE(p.parse(e).get(d));
    }
    oa::delta_accumulator acc;
    acc.feed_sse(sse);
    const toolcall::message m = acc.finish();
    CHECK(m.content == "caf\xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD ok \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD \xF0\x9F\x98\x80");
    CHECK(m.diagnostics.empty());
  }

  TEST_CASE("SSE round trip: every public corpus case, several chunkings, both call modes") {
    // parser -> sse_writer -> SSE text in odd pieces -> delta_accumulator == the parser's message
    const auto cases = tc_test::load_corpus();
    REQUIRE(cases.size() >= 200);
    toolcall::parser one{toolcall::parser_registry::builtin(), seeded()};
    std::size_t checked = 0;
    for (const auto& c : cases) {
      const toolcall::message want = one.parse(c.input, seeded());
      for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{7}, std::size_t{16},
                                std::size_t{64}, c.input.size() + 1}) {
        for (bool hold : {true, false}) {
          toolcall::message streamed;
          const std::string sse = to_sse(c.input, chunk, hold, streamed);
          // the stream parser gives the one-shot message (ids included, same seed)
          REQUIRE_MESSAGE(tc_test::same_message(want, streamed).empty(), c.id);
          oa::accumulator_options ao;
          ao.parse = seeded();
          oa::delta_accumulator acc{ao};
          feed_odd(acc, sse, chunk);
          CHECK(acc.done());
          toolcall::message got = acc.finish();
          // live mode sends a call as it streams: when a later element of the same list fails,
          // or a call is dropped after its arguments were sent (a number no double holds), the
          // client has seen a call the parser rejected (sse_options::hold_calls documents it)
          if (!hold && want.has_error() && !got.calls.empty() && want.calls.empty()) {
            ++checked;
            continue;
          }
          if (!hold && want.has_error() && got.calls.size() > want.calls.size()) {
            std::vector<toolcall::call> kept;
            for (auto& g : got.calls)
              for (const auto& w : want.calls)
                if (g.id == w.id) kept.push_back(g);
            CHECK_MESSAGE(kept.size() == want.calls.size(), c.id << ": the calls the parser kept are among those sent");
            got.calls = std::move(kept);
          }
          const std::string err = round_trip_diff(want, got);
          CHECK_MESSAGE(err.empty(), c.id << " chunk " << chunk << (hold ? " hold" : " live") << ": " << err);
          for (const auto& d : got.diagnostics)
            CHECK_MESSAGE(d.code != toolcall::errc::invalid_input, c.id << ": " << d.message);
          ++checked;
        }
      }
    }
    MESSAGE("round trips: " << checked);
  }

  TEST_CASE("delta_accumulator: raw <tool_call> text in content falls back to parsing") {
    const std::string raw =
        "Checking.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
    // a server that streams the model's raw text as content, in small pieces
    std::string sse;
    oa::sse_writer w{sse, fixed()};
    for (std::size_t p = 0; p < raw.size(); p += 4) {
      toolcall::event e;
      e.kind = toolcall::event_kind::content;
      e.text = std::string_view(raw).substr(p, 4);
      w(e);
    }
    w.finish();
    oa::accumulator_options ao;
    ao.parse = seeded();
    {
      oa::delta_accumulator acc{ao};
      feed_odd(acc, sse, 0);
      const toolcall::message m = acc.finish();
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "get_weather");
      CHECK(m.calls[0].arguments == R"({"city":"Paris"})");
      CHECK(m.calls[0].format == "hermes");
      CHECK_FALSE(m.calls[0].id.empty());
      CHECK(m.content == "Checking.");
      CHECK(m.finish == toolcall::finish_reason::tool_calls);
      // the same ids as parsing the raw text directly with the same seed
      const toolcall::message direct = toolcall::parse(raw, toolcall::parser_registry::builtin(), seeded());
      CHECK(direct.calls[0].id == m.calls[0].id);
    }
    {  // a registry without the format: the content stays as it was
      oa::delta_accumulator acc{ao};
      acc.feed_sse(sse);
      const toolcall::message m = acc.finish(*toolcall::parser_registry::only("mistral"));
      CHECK(m.calls.empty());
      CHECK(m.content == raw);
      CHECK(m.finish == toolcall::finish_reason::stop);
    }
    {  // fallback off
      oa::accumulator_options off = ao;
      off.fallback = false;
      oa::delta_accumulator acc{off};
      acc.feed_sse(sse);
      CHECK(acc.finish().calls.empty());
    }
    {  // structured calls arrived: the content is not re-parsed
      oa::delta_accumulator acc{ao};
      acc.feed_chunk(chunk(R"({"content":"<tool_call>{\"name\": \"x\", \"arguments\": {}}</tool_call>"})"));
      acc.feed_chunk(chunk(R"({"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"y","arguments":"{}"}}]})"));
      const toolcall::message m = acc.finish();
      REQUIRE(m.calls.size() == 1);
      CHECK(m.calls[0].name == "y");
      CHECK(m.content.find("<tool_call>") == 0);
    }
    {  // raw reasoning and a call in content, from a server with no parsers at all
      oa::delta_accumulator acc{ao};
      acc.feed_chunk(chunk(R"({"content":"<think>plan</think>\n<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1}}</tool_call>"})", "stop"));
      const toolcall::message m = acc.finish();
      REQUIRE(m.calls.size() == 1);
      CHECK(m.reasoning == "plan");
      CHECK(m.has_reasoning);
      CHECK(m.content.empty());
    }
  }

  TEST_CASE("delta_accumulator: multi-call interleaving by index") {
    oa::delta_accumulator acc;
    acc.feed_chunk(chunk(R"({"role":"assistant","content":""})"));
    acc.feed_chunk(chunk(R"({"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"second","arguments":""}}]})"));
    acc.feed_chunk(chunk(R"({"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"first","arguments":"{\"x\""}}]})"));
    acc.feed_chunk(chunk(R"({"tool_calls":[{"index":1,"function":{"arguments":"{\"y\": "}},{"index":0,"function":{"arguments":": 1"}}]})"));
    // a repeated name is not appended; a later id does not replace the first
    acc.feed_chunk(chunk(R"({"tool_calls":[{"index":0,"id":"other","function":{"name":"first","arguments":"}"}}]})"));
    acc.feed_chunk(chunk(R"({"tool_calls":[{"index":1,"id":null,"type":null,"function":{"name":null,"arguments":"[1, 2]}"}}]})"));
    acc.feed_chunk(chunk("{}", "tool_calls"));
    const toolcall::message m = acc.finish();
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "first");
    CHECK(m.calls[0].id == "call_a");
    CHECK(m.calls[0].arguments == R"({"x":1})");
    CHECK(m.calls[1].name == "second");
    CHECK(m.calls[1].id == "call_b");
    CHECK(m.calls[1].arguments == R"({"y":[1,2]})");  // whitespace outside strings removed
    CHECK(m.finish == toolcall::finish_reason::tool_calls);
    CHECK(m.diagnostics.empty());
    CHECK(m.content.empty());
    CHECK_FALSE(m.has_reasoning);

    // no index at all (some servers): a new id starts a new call, else the last one continues
    oa::accumulator_options ao;
    ao.parse = seeded();
    oa::delta_accumulator n{ao};
    n.feed_chunk(chunk(R"({"tool_calls":[{"id":"a","function":{"name":"f","arguments":"{\"k\":"}}]})"));
    n.feed_chunk(chunk(R"({"tool_calls":[{"function":{"arguments":"\"v\"}"}}]})"));
    n.feed_chunk(chunk(R"({"tool_calls":[{"id":"b","function":{"name":"g"}}]})"));  // no arguments: {}
    const toolcall::message nm = n.finish();
    REQUIRE(nm.calls.size() == 2);
    CHECK(nm.calls[0].arguments == R"({"k":"v"})");
    CHECK(nm.calls[1].name == "g");
    CHECK(nm.calls[1].arguments == "{}");
    CHECK(nm.finish == toolcall::finish_reason::tool_calls);

    // the legacy function_call delta, arguments given as an object, reasoning under "reasoning",
    // one field when a server sends both names
    oa::delta_accumulator l{ao};
    l.feed_chunk(chunk(R"({"reasoning":"r1","reasoning_content":"r1"})"));
    l.feed_chunk(chunk(R"({"reasoning":"r2"})"));
    l.feed_chunk(chunk(R"({"function_call":{"name":"legacy","arguments":"{\"q\": "}})"));
    l.feed_chunk(chunk(R"({"function_call":{"arguments":"true}"}})", "function_call"));
    l.feed_chunk(chunk(R"({"tool_calls":[{"index":3,"id":"o","function":{"name":"obj","arguments":{"z": [1]}}}]})"));
    const toolcall::message lm = l.finish();
    CHECK(lm.reasoning == "r1r2");
    REQUIRE(lm.calls.size() == 2);
    CHECK(lm.calls[0].name == "legacy");
    CHECK(lm.calls[0].arguments == R"({"q":true})");
    CHECK(lm.calls[1].arguments == R"({"z":[1]})");
    CHECK(lm.finish == toolcall::finish_reason::tool_calls);

    // choices other than the followed one are ignored; n > 1 can follow another
    const std::string two =
        R"({"choices":[{"index":1,"delta":{"content":"B"}},{"index":0,"delta":{"content":"A"}}]})";
    oa::delta_accumulator c0;
    c0.feed_chunk(two);
    CHECK(c0.finish().content == "A");
    oa::accumulator_options o1;
    o1.choice = 1;
    oa::delta_accumulator c1{o1};
    c1.feed_chunk(two);
    CHECK(c1.finish().content == "B");
  }

  TEST_CASE("delta_accumulator: SSE framing (CRLF, CR, comments, events, split anywhere)") {
    const std::string body = chunk(R"({"content":"Hel"})") + "|" + chunk(R"({"content":"lo"})", "stop");
    const std::string c1 = body.substr(0, body.find('|')), c2 = body.substr(body.find('|') + 1);
    const std::vector<std::string> framings = {
        ": keep-alive\r\n\r\nevent: message\r\nid: 1\r\ndata: " + c1 + "\r\n\r\ndata:" + c2 + "\r\n\r\ndata: [DONE]\r\n\r\n",
        "data: " + c1 + "\r\rretry: 100\rdata: " + c2 + "\r\r: bye\rdata: [DONE]\r\r",
        "data: " + c1 + "\ndata: " + c2 + "\ndata: [DONE]\n",  // one newline per event
        "\xEF\xBB\xBF" "data: " + c1 + "\n\n\n\ndata: " + c2 + "\n\ndata: [DONE]",  // BOM, no final newline
    };
    for (const auto& sse : framings) {
      CAPTURE(sse);
      for (std::size_t piece = 1; piece <= 9; ++piece) {
        oa::delta_accumulator acc;
        for (std::size_t p = 0; p < sse.size(); p += piece) acc.feed_sse(std::string_view(sse).substr(p, piece));
        const toolcall::message m = acc.finish();
        CHECK(m.content == "Hello");
        CHECK(m.finish == toolcall::finish_reason::stop);
        CHECK(m.diagnostics.empty());
      }
    }
    // one JSON value over several data lines (valid SSE), and a pretty-printed chunk
    oa::delta_accumulator ml;
    ml.feed_sse("data: {\"choices\": [\ndata:   {\"index\": 0, \"delta\": {\"content\": \"x\"}}\ndata: ]}\n\n");
    CHECK(ml.finish().content == "x");
    CHECK(ml.finish().diagnostics.size() == 1);  // no [DONE]: a warning, not an error
    CHECK(ml.finish().diagnostics[0].level == toolcall::severity::warning);
  }

  TEST_CASE("delta_accumulator: malformed chunks and garbage SSE give diagnostics, never a crash") {
    oa::delta_accumulator acc;
    CHECK_FALSE(acc.feed_chunk("not json"));
    CHECK_FALSE(acc.feed_chunk("[1, 2]"));
    CHECK_FALSE(acc.feed_chunk(R"({"choices": {}})"));
    CHECK_FALSE(acc.feed_chunk(R"({"choices": [{"index": 0, "delta": {"content": 5}}]})"));
    CHECK_FALSE(acc.feed_chunk(R"({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": -1}]}}]})"));
    CHECK_FALSE(acc.feed_chunk(R"({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"name": 3}}]}}]})"));
    CHECK_FALSE(acc.feed_chunk(R"({"choices": [{"index": 0, "delta": "text"}]})"));
    CHECK_FALSE(acc.feed_chunk(R"({"error": {"message": "overloaded", "type": "server_error"}})"));
    CHECK_FALSE(acc.feed_chunk(std::string("{\"choices\": [{\"delta\": {\"content\": \"\xFF\"}}]}")));  // bad UTF-8
    CHECK_FALSE(acc.feed_chunk(std::string_view("{\"a\"\0}", 6)));
    CHECK(acc.feed_chunk(R"({"choices": [], "usage": {"total_tokens": 3}})"));  // usage-only chunk
    CHECK(acc.feed_chunk(chunk(R"({"content":"kept"})")));
    // a call whose arguments never became JSON, and one with no name
    CHECK(acc.feed_chunk(chunk(R"({"tool_calls":[{"index":0,"id":"a","function":{"name":"f","arguments":"{\"x\": "}}]})")));
    CHECK(acc.feed_chunk(chunk(R"({"tool_calls":[{"index":1,"id":"b","function":{"arguments":"{}"}}]})")));
    CHECK(acc.feed_chunk(chunk(R"({"tool_calls":[{"index":2,"id":"c","function":{"name":"g","arguments":"[1]"}}]})", "tool_calls")));
    const toolcall::message m = acc.finish();
    CHECK(m.content == "kept");
    CHECK(m.calls.empty());
    CHECK(m.finish == toolcall::finish_reason::stop);  // "tool_calls" but none survived
    std::size_t invalid_input = 0;
    for (const auto& d : m.diagnostics)
      if (d.code == toolcall::errc::invalid_input) ++invalid_input;
    CHECK(invalid_input == 10);
    CHECK(has_code(m, toolcall::errc::invalid_arguments));
    CHECK(has_code(m, toolcall::errc::missing_name));
    CHECK(m.has_error());

    // garbage SSE around good events
    oa::delta_accumulator g;
    g.feed_sse("HTTP/1.1 200 OK\r\nhello \xFF\xE2\x82 world\n\ndata: {oops\n\n");
    g.feed_sse("data: " + chunk(R"({"content":"ok"})") + "\n\n");
    g.feed_sse("event: error\ndata: {\"error\": \"boom\"}\n\n");
    g.feed_sse("data: [DONE]\n\ndata: " + chunk(R"({"content":"late"})") + "\n\n");
    const toolcall::message gm = g.finish();
    CHECK(gm.content == "ok");
    CHECK(g.done());
    CHECK(gm.diagnostics.size() == 5);  // 2 lines not SSE, 1 bad JSON, 1 error event, data after [DONE]
    for (const auto& d : gm.diagnostics) {
      CHECK(d.code == toolcall::errc::invalid_input);
      CHECK(sanitized(d.message) == d.message);  // quoted garbage is made valid UTF-8
    }

    // limits: an endless line, many bad chunks
    oa::accumulator_options small;
    small.max_event_bytes = 64;
    small.max_diagnostics = 4;
    oa::delta_accumulator lim{small};
    lim.feed_sse("data: " + std::string(1000, 'x'));
    lim.feed_sse("\n\n");
    for (int k = 0; k < 20; ++k) lim.feed_sse("data: nope\n\n");
    lim.feed_sse("data: {\"choices\":[{\"delta\":{\"content\":\"fine\"}}]}\n\n");
    const toolcall::message lm = lim.finish();
    CHECK(lm.content == "fine");
    REQUIRE(lm.diagnostics.size() == 6);  // 4 kept, the suppressed count, no [DONE]
    CHECK(lm.diagnostics[4].message.find("suppressed") != std::string::npos);
  }

  TEST_CASE("delta_accumulator: random bytes and mangled streams never crash") {
    std::mt19937_64 rng(1234);
    toolcall::message m;
    const std::string good = to_sse(
        "<think>x</think>Hi <tool_call>{\"name\": \"f\", \"arguments\": {\"a\": [1, \"\\u00e9\"]}}</tool_call>", 3, false, m);
    for (int iter = 0; iter < 300; ++iter) {
      std::string s = good;
      const int edits = 1 + static_cast<int>(rng() % 8);
      for (int e = 0; e < edits; ++e) {
        const std::size_t at = rng() % s.size();
        switch (rng() % 3) {
          case 0: s[at] = static_cast<char>(rng() & 0xFF); break;
          case 1: s.erase(at, 1 + rng() % 20); break;
          default: s.insert(at, 1, "\n\r:{}\"\\[]d"[rng() % 11]); break;
        }
      }
      oa::delta_accumulator acc;
      feed_odd(acc, s, static_cast<std::size_t>(iter));
      const toolcall::message r = acc.finish();
      for (const auto& c : r.calls) CHECK_FALSE(c.arguments.empty());
      oa::delta_accumulator raw;
      for (std::size_t k = 0; k < 64; ++k) {
        std::string junk(1 + rng() % 40, '\0');
        for (char& ch : junk) ch = static_cast<char>(rng() & 0xFF);
        raw.feed_sse(junk);
        raw.feed_chunk(junk);
      }
      (void)raw.finish();
    }
  }

  TEST_CASE("delta_accumulator: reset, and finish twice gives the same message") {
    oa::accumulator_options ao;
    ao.parse = seeded();
    oa::delta_accumulator acc{ao};
    acc.feed_sse("data: " + chunk(R"({"content":"a"})") + "\n\ndata: [DO");
    const toolcall::message a = acc.finish();
    const toolcall::message b = acc.finish();
    CHECK(a.content == "a");
    CHECK(b.content == "a");
    CHECK(a.diagnostics.size() == b.diagnostics.size());
    CHECK(acc.done() == false);  // "[DO" is not [DONE]
    acc.reset();
    acc.feed_chunk(chunk(R"({"content":"b"})", "length"));
    const toolcall::message c = acc.finish();
    CHECK(c.content == "b");
    CHECK(c.finish == toolcall::finish_reason::length);
    CHECK(c.diagnostics.empty());
  }

  TEST_CASE("SSE round trip on mutated corpus text: hold mode rebuilds the streamed message exactly") {
    // differential: random edits of corpus inputs, random deltas; the reference is the message
    // the stream parser returned for the same deltas
    const auto cases = tc_test::load_corpus();
    REQUIRE_FALSE(cases.empty());
    std::mt19937_64 rng(20260);
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    for (int it = 0; it < 1500; ++it) {
      std::string s = cases[rng() % cases.size()].input;
      if (rng() % 2) s += cases[rng() % cases.size()].input;
      for (int e = static_cast<int>(rng() % 4); e > 0 && !s.empty(); --e) {
        const std::size_t at = rng() % s.size();
        switch (rng() % 3) {
          case 0: s[at] = " {}[]\"<>\n,:\\"[rng() % 12]; break;
          case 1: s.erase(at, 1 + rng() % 5); break;
          default: s.insert(at, s.substr(rng() % s.size(), 1 + rng() % 10)); break;
        }
      }
      std::string sse;
      oa::sse_writer w{sse, fixed(true)};
      sp.reset(seeded());
      for (std::size_t p = 0; p < s.size();) {
        const std::size_t n = 1 + rng() % 16;
        sp.write(std::string_view(s).substr(p, n), w);
        p += n;
      }
      const toolcall::message want = sp.finish(w);
      w.finish(want.finish);
      oa::accumulator_options ao;
      ao.fallback = false;
      oa::delta_accumulator acc{ao};
      feed_odd(acc, sse, static_cast<std::size_t>(it));
      const std::string err = round_trip_diff(want, acc.finish());
      CHECK_MESSAGE(err.empty(), "input [" << s << "]: " << err);
    }
  }

  TEST_CASE("sse_writer: a usage chunk before [DONE] (stream_options.include_usage)") {
    const std::string text =
        "Checking.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call><|im_end|>";
    for (bool hold : {false, true}) {
      CAPTURE(hold);
      std::string sse;
      oa::sse_writer w{sse, fixed(hold)};
      toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
      for (std::size_t p = 0; p < text.size(); p += 4) sp.write(std::string_view(text).substr(p, 4), w);
      const toolcall::message m = sp.finish(w);
      w.finish(m.finish, oa::token_usage{31, 17, 48});
      w.finish(m.finish, oa::token_usage{1, 1, 2});  // idempotent: nothing more is sent
      w.finish();
      const auto evs = events_of(sse);
      REQUIRE(evs.size() >= 4);
      CHECK(evs.back() == "[DONE]");
      const std::string& usage = evs[evs.size() - 2];
      CHECK(usage == R"({"id":"chatcmpl-test","object":"chat.completion.chunk","created":1700000000,"model":"test-model",)"
                     R"("choices":[],"usage":{"prompt_tokens":31,"completion_tokens":17,"total_tokens":48}})");
      CHECK(evs[evs.size() - 3].find("\"finish_reason\":\"tool_calls\"") != std::string::npos);
      for (std::size_t k = 0; k + 2 < evs.size(); ++k) CHECK(evs[k].find("usage") == std::string::npos);

      // the client keeps it; the message is the same as without it
      oa::accumulator_options ao;
      ao.fallback = false;
      oa::delta_accumulator acc{ao};
      feed_odd(acc, sse, hold ? 3 : 0);
      const toolcall::message got = acc.finish();
      CHECK(round_trip_diff(m, got).empty());
      CHECK(got.diagnostics.empty());
      REQUIRE(acc.has_usage());
      CHECK(acc.usage().prompt_tokens == 31);
      CHECK(acc.usage().completion_tokens == 17);
      CHECK(acc.usage().total_tokens == 48);
      CHECK(acc.usage_json() == R"({"prompt_tokens":31,"completion_tokens":17,"total_tokens":48})");
    }
  }

  TEST_CASE("delta_accumulator: usage as OpenAI and vLLM send it") {
    SUBCASE("OpenAI: \"usage\": null in every chunk, then the usage chunk with details") {
      const std::string head = R"({"id":"chatcmpl-B9","object":"chat.completion.chunk","created":1727,"model":"gpt-4o-mini","system_fingerprint":"fp_1",)";
      const std::string sse =
          "data: " + head + R"("choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}],"usage":null})" + "\n\n" +
          "data: " + head + R"("choices":[{"index":0,"delta":{"content":"Hello"},"logprobs":null,"finish_reason":null}],"usage":null})" + "\n\n" +
          "data: " + head + R"("choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null})" + "\n\n" +
          "data: " + head + R"("choices":[],"usage":{"prompt_tokens":19,"completion_tokens":1,"total_tokens":20,"prompt_tokens_details":{"cached_tokens":0},"completion_tokens_details":{"reasoning_tokens":0}}})" + "\n\n" +
          "data: [DONE]\n\n";
      oa::delta_accumulator acc;
      feed_odd(acc, sse, 1);
      CHECK(acc.has_usage());
      const toolcall::message m = acc.finish();
      CHECK(m.content == "Hello");
      CHECK(m.finish == toolcall::finish_reason::stop);
      CHECK(m.diagnostics.empty());
      CHECK(acc.usage().prompt_tokens == 19);
      CHECK(acc.usage().completion_tokens == 1);
      CHECK(acc.usage().total_tokens == 20);
      CHECK(acc.usage_json() ==
            R"({"prompt_tokens":19,"completion_tokens":1,"total_tokens":20,"prompt_tokens_details":{"cached_tokens":0},"completion_tokens_details":{"reasoning_tokens":0}})");
    }
    SUBCASE("vLLM continuous usage stats: a usage in every chunk, the last one kept") {
      oa::delta_accumulator acc;
      for (int k = 1; k <= 3; ++k) {
        std::string c = chunk(R"({"content":"x"})");
        c.insert(c.size() - 1, ",\"usage\":{\"prompt_tokens\":7,\"total_tokens\":" + std::to_string(7 + k) +
                                   ",\"completion_tokens\":" + std::to_string(k) + "}");
        CHECK(acc.feed_chunk(c));
        CHECK(acc.usage().completion_tokens == static_cast<std::uint64_t>(k));
      }
      CHECK(acc.finish().content == "xxx");
      CHECK(acc.usage().total_tokens == 10);
    }
    SUBCASE("a missing total is the sum; a null count is 0; no usage at all") {
      oa::delta_accumulator acc;
      CHECK_FALSE(acc.has_usage());
      CHECK(acc.usage_json().empty());
      CHECK(acc.feed_chunk(R"({"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":null}})"));
      CHECK(acc.usage().total_tokens == 5);
      CHECK(acc.usage().completion_tokens == 0);
      CHECK(acc.feed_chunk(R"({"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":6}})"));
      CHECK(acc.usage().total_tokens == 11);
      acc.reset();
      CHECK_FALSE(acc.has_usage());
      CHECK(acc.usage().total_tokens == 0);
      CHECK(acc.usage_json().empty());
      // "usage" as content is content
      CHECK(acc.feed_chunk(chunk(R"({"content":"usage"})")));
      CHECK(acc.feed_chunk(chunk(R"({"content":" \"usage\": {}"})")));
      CHECK_FALSE(acc.has_usage());
      CHECK(acc.finish().content == "usage \"usage\": {}");
    }
    SUBCASE("a malformed usage skips its chunk with a diagnostic, never a crash") {
      for (const char* bad : {R"("usage":5)", R"("usage":"many")", R"("usage":[1])", R"("usage":{"prompt_tokens":-1})",
                              R"("usage":{"completion_tokens":1.5})", R"("usage":{"total_tokens":"9"})",
                              R"("usage":{"prompt_tokens":99999999999999999999})"}) {
        CAPTURE(bad);
        oa::delta_accumulator acc;
        std::string c = chunk(R"({"content":"lost"})");
        c.insert(c.size() - 1, std::string(",") + bad);
        CHECK_FALSE(acc.feed_chunk(c));
        CHECK(acc.feed_chunk(chunk(R"({"content":"kept"})")));
        CHECK_FALSE(acc.has_usage());
        const toolcall::message m = acc.finish();
        CHECK(m.content == "kept");
        CHECK(has_code(m, toolcall::errc::invalid_input));
      }
    }
  }

  TEST_CASE("message_json and diagnostics_json write valid UTF-8 whatever the model wrote") {
    toolcall::message m = toolcall::parse("caf\xC3\xA9 \xFF\xC3 ok \xED\xA0\x80<tool_call>{\"name\": \"f\xE2\x82\", \"arguments\": {}}</tool_call>",
                                          toolcall::parser_registry::builtin(), seeded());
    m.diagnostics.push_back(toolcall::diagnostic{toolcall::errc::invalid_input, 0, "bad \xC0\xAF byte", toolcall::severity::warning});
    const std::string j = oa::result_json(m);
    simdjson::dom::parser p;
    simdjson::dom::element root;
    REQUIRE_FALSE(p.parse(j).get(root));
    std::string_view content;
    REQUIRE_FALSE(root["message"]["content"].get_string().get(content));
    CHECK(content == sanitized(m.content));
    CHECK(content.find("caf\xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD ok") == 0);
    std::string direct;
    oa::append_json_string(direct, "\xFF");
    CHECK(direct == "\"\xEF\xBF\xBD\"");
  }
}
