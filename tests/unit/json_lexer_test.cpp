// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The lenient transcoder: valid JSON unchanged but for whitespace; each
// repair; each unrepairable input; chunking never changes the output.
#include <doctest/doctest.h>

#include <toolcall/detail/json.hpp>
#include <toolcall/detail/json_lexer.hpp>

#include <cstdio>
#include <string>

namespace {
struct lexed {
  bool ok = false;
  bool repaired = false;
  std::string out;
  toolcall::errc err = toolcall::errc::ok;
};
lexed lex(const std::string& in, std::size_t chunk = 0) {
  toolcall::detail::json_lexer lx;
  lx.reset(nullptr, 64);
  lexed r;
  toolcall::detail::lex_step s;
  if (chunk == 0) {
    s = lx.feed(in);
  } else {
    for (std::size_t p = 0; p < in.size(); p += chunk) {
      s = lx.feed(std::string_view(in).substr(p, chunk));
      if (s.st != toolcall::detail::lex_step::more) break;
    }
  }
  if (s.st == toolcall::detail::lex_step::more) s = lx.finish();
  r.ok = s.st == toolcall::detail::lex_step::done;
  r.repaired = lx.repaired();
  r.out = lx.out();
  r.err = lx.error_code();
  return r;
}
}  // namespace

TEST_SUITE("toolcall/json") {
  TEST_CASE("valid JSON is kept byte for byte except insignificant whitespace") {
    const auto r = lex("{ \"a\" : [1, 2.50, -0.0e+3, 12345678901234567890123456789],\n \"s\": \"caf\\u00e9 \\/ \\\"q\\\" \\ud83d\\ude80\", \"t\": true, \"n\": null }");
    CHECK(r.ok);
    CHECK_FALSE(r.repaired);
    CHECK(r.out == "{\"a\":[1,2.50,-0.0e+3,12345678901234567890123456789],\"s\":\"caf\\u00e9 \\/ \\\"q\\\" \\ud83d\\ude80\",\"t\":true,\"n\":null}");
    toolcall::detail::json_validator v;
    CHECK(v.check_allow_big_numbers(r.out) == toolcall::detail::json_validator::kind::object);
  }
  TEST_CASE("repairs: trailing commas, single quotes, Python literals, raw control characters") {
    CHECK(lex("{\"a\": [1, 2,], \"b\": {\"c\": 1,},}").out == "{\"a\":[1,2],\"b\":{\"c\":1}}");
    CHECK(lex("{'name': 'O\\'Brien', 'q': \"it's\", 'd': 'say \"hi\"'}").out ==
          "{\"name\":\"O'Brien\",\"q\":\"it's\",\"d\":\"say \\\"hi\\\"\"}");
    CHECK(lex("{\"x\": True, \"y\": False, \"z\": None, \"s\": \"True story\"}").out ==
          "{\"x\":true,\"y\":false,\"z\":null,\"s\":\"True story\"}");
    CHECK(lex("{\"code\": \"line1\nline2\ttab\"}").out == "{\"code\":\"line1\\nline2\\ttab\"}");
    CHECK(lex("{key: 1, other_key: 'v'}").out == "{\"key\":1,\"other_key\":\"v\"}");
    CHECK(lex("{\"path\": \"C:\\dir\\x\"}").out == "{\"path\":\"C:\\\\dir\\\\x\"}");
    CHECK(lex("[1, 2,]").repaired);
  }
  TEST_CASE("lone surrogates and invalid UTF-8 become U+FFFD, so the output stays valid") {
    const auto r = lex("{\"a\": \"x\\ud800y\", \"b\": \"\\udc00\", \"c\": \"\xff\xc3(\"}");
    CHECK(r.ok);
    CHECK(r.repaired);
    toolcall::detail::json_validator v;
    CHECK(v.check(r.out) == toolcall::detail::json_validator::kind::object);
  }
  TEST_CASE("not repairable: missing value, missing colon, missing comma, bare identifier, truncation") {
    CHECK_FALSE(lex("{\"a\": }").ok);
    CHECK_FALSE(lex("{\"a\" \"b\"}").ok);
    CHECK_FALSE(lex("{\"a\": 1 \"b\": 2}").ok);
    CHECK_FALSE(lex("{\"a\": user_city}").ok);
    CHECK_FALSE(lex("{\"a\": \"unterminated").ok);
    CHECK(lex("{\"a\": \"unterminated").err == toolcall::errc::unterminated_call);
    CHECK_FALSE(lex("{\"a\": 007}").ok);
    CHECK_FALSE(lex("{\"a\": NaN}").ok);
    CHECK_FALSE(lex("{\"a\": [1, 2}").ok);
  }
  TEST_CASE("depth limit") {
    std::string deep(100, '[');
    const auto r = lex(deep);
    CHECK_FALSE(r.ok);
    CHECK(r.err == toolcall::errc::limit_depth);
  }
  TEST_CASE("any chunking gives the same output") {
    const std::string in = "{'a': [1, 2,], \"s\": \"\\u00e9\\ud83d\\ude80 caf\xc3\xa9\", 'b': None, c: -1.5e3,}";
    const auto whole = lex(in);
    REQUIRE(whole.ok);
    for (std::size_t c = 1; c <= 9; ++c) CHECK(lex(in, c).out == whole.out);
  }
  TEST_CASE("the JSON string writer escapes exactly what JSON requires, at every position") {
    // a file an agent writes: quotes, backslashes, tabs, CRLF, a form feed, an escape byte,
    // non-ASCII text, and runs longer than a vector step
    const std::string file =
        "#include <stdio.h>\r\nint main(void) {\n\tprintf(\"caf\xc3\xa9 \\\"%s\\\"\\n\", \"\xe2\x9c\x93\");"
        "\n\t/* \x1b[1mbold\x1b[0m \x0c page */\n\treturn 0;\n}\n" + std::string(40, 'x') + "\"\x7f\x01";
    const auto slow = [](std::string_view s) {  // byte by byte, as RFC 8259 section 7 reads
      std::string o;
      for (unsigned char c : s) {
        if (c == '"') o += "\\\"";
        else if (c == '\\') o += "\\\\";
        else if (c == '\n') o += "\\n";
        else if (c == '\r') o += "\\r";
        else if (c == '\t') o += "\\t";
        else if (c == '\b') o += "\\b";
        else if (c == '\f') o += "\\f";
        else if (c < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", c);
          o += b;
        } else o += static_cast<char>(c);
      }
      return o;
    };
    for (std::size_t from = 0; from < file.size(); ++from) {
      std::string out = "prefix:";
      toolcall::detail::json_escape_append(out, std::string_view(file).substr(from));
      REQUIRE(out == "prefix:" + slow(std::string_view(file).substr(from)));
    }
    std::string out;
    toolcall::detail::json_escape_append(out, "tab\there");
    CHECK(out == "tab\\there");
  }
  TEST_CASE("a string or key whole in one write tells the listener what byte-by-byte feeding does") {
    // one write takes plain strings and keys whole; one byte at a time takes every byte: the
    // listener's events, the output and where a halt stops must be the same
    struct recorder final : toolcall::detail::json_listener {
      toolcall::detail::json_lexer* lx = nullptr;
      int n = 0, halt_at = -1;
      std::string log;
      void note(const std::string& e) {
        log += e + ";";
        if (++n == halt_at) lx->halt();
      }
      void value_begin(toolcall::detail::jkind k, std::size_t d, std::size_t p) override {
        note("b" + std::to_string(static_cast<int>(k)) + "/" + std::to_string(d) + "@" + std::to_string(p));
      }
      void value_end(toolcall::detail::jkind k, std::size_t d, std::size_t p) override {
        note("e" + std::to_string(static_cast<int>(k)) + "/" + std::to_string(d) + "@" + std::to_string(p));
      }
      void key(std::string_view k, std::size_t d) override { note("k" + std::string(k) + "/" + std::to_string(d)); }
    };
    const std::string in =
        "{\"name\": \"get_weather\", \"arguments\" :{\"city\":\"Paris\",\"tags\": [\"a\", \"\", 'b', \"it's\"],"
        " \"q\\\"k\": \"caf\xc3\xa9\", \"x\": \"line\\nnext\", \"n\": 1}} tail";
    for (int halt_at = -1; halt_at <= 30; ++halt_at) {
      std::string logs[2], outs[2];
      std::size_t stops[2] = {0, 0};
      for (int by_byte = 0; by_byte < 2; ++by_byte) {
        toolcall::detail::json_lexer lx;
        recorder r;
        r.lx = &lx;
        r.halt_at = halt_at;
        lx.reset(&r, 8);
        std::size_t at = 0;
        toolcall::detail::lex_step s;
        do {
          s = lx.feed(std::string_view(in).substr(at, by_byte ? 1 : std::string::npos));
          at += s.consumed;
        } while (s.st == toolcall::detail::lex_step::more && at < in.size());
        logs[by_byte] = r.log;
        outs[by_byte] = lx.out();
        stops[by_byte] = at;
      }
      CAPTURE(halt_at);
      CHECK(logs[0] == logs[1]);
      CHECK(outs[0] == outs[1]);
      CHECK(stops[0] == stops[1]);
      if (halt_at == -1) {
        CHECK(stops[0] == in.size() - 5);
        CHECK(outs[0] ==
              "{\"name\":\"get_weather\",\"arguments\":{\"city\":\"Paris\",\"tags\":[\"a\",\"\",\"b\",\"it's\"],"
              "\"q\\\"k\":\"caf\xc3\xa9\",\"x\":\"line\\nnext\",\"n\":1}}");
      }
    }
  }
  TEST_CASE("a listener told only to a depth hears nothing inside that value, and the output is the same") {
    // the call extractor's use: the arguments object's members are not told (json_lexer::
    // tell_to_depth), and are copied in runs where they need no repair; repairs, escapes and
    // tokens cut by a write still take the byte path
    struct recorder final : toolcall::detail::json_listener {
      toolcall::detail::json_lexer* lx = nullptr;
      bool quiet = false, last_args = false;
      std::string log;
      void value_begin(toolcall::detail::jkind k, std::size_t d, std::size_t p) override {
        log += "b" + std::to_string(static_cast<int>(k)) + "/" + std::to_string(d) + "@" + std::to_string(p) + ";";
        if (quiet && last_args && d == 1 && k == toolcall::detail::jkind::object) lx->tell_to_depth(1);
      }
      void value_end(toolcall::detail::jkind k, std::size_t d, std::size_t p) override {
        log += "e" + std::to_string(static_cast<int>(k)) + "/" + std::to_string(d) + "@" + std::to_string(p) + ";";
        if (quiet && d == 1) lx->tell_to_depth(static_cast<std::size_t>(-1));
      }
      void key(std::string_view k, std::size_t d) override {
        log += "k" + std::string(k) + "/" + std::to_string(d) + ";";
        last_args = k == "arguments";
      }
    };
    const std::string in =
        "{\"name\": \"f\", \"arguments\": {\"a\": [1, -2.5e3, true, null, {}, [], {\"b\": \"x y\"}],"
        " 'c': True, d: \"caf\xc3\xa9\", \"e\": \"q\\\"t\", \"f\": [\"g\",], \"h\": {\"i\": 12345678901234567890}},"
        " \"id\": \"7\"} tail";
    std::string plain_log, plain_out;
    for (std::size_t chunk : {std::string::npos, std::size_t(1), std::size_t(3), std::size_t(7)}) {
      for (int quiet = 0; quiet < 2; ++quiet) {
        toolcall::detail::json_lexer lx;
        recorder r;
        r.lx = &lx;
        r.quiet = quiet == 1;
        lx.reset(&r, 8);
        std::size_t at = 0;
        toolcall::detail::lex_step s;
        do {
          s = lx.feed(std::string_view(in).substr(at, chunk));
          at += s.consumed;
        } while (s.st == toolcall::detail::lex_step::more && at < in.size());
        CAPTURE(chunk);
        CAPTURE(quiet);
        CHECK(s.st == toolcall::detail::lex_step::done);
        CHECK(at == in.size() - 5);
        CHECK(lx.repaired());
        if (plain_log.empty()) {
          plain_log = r.log;
          plain_out = lx.out();
          continue;
        }
        CHECK(lx.out() == plain_out);
        std::string want;  // the plain log without what lies below depth 1
        for (std::size_t b = 0, e; b < plain_log.size(); b = e + 1) {
          e = plain_log.find(';', b);
          const std::string ev = plain_log.substr(b, e - b);
          const std::size_t sl = ev.rfind('/');
          const int depth = std::stoi(ev.substr(sl + 1));
          if (!quiet || depth <= 1) want += ev + ";";
        }
        CHECK(r.log == want);
      }
    }
    CHECK(plain_out ==
          "{\"name\":\"f\",\"arguments\":{\"a\":[1,-2.5e3,true,null,{},[],{\"b\":\"x y\"}],\"c\":true,"
          "\"d\":\"caf\xc3\xa9\",\"e\":\"q\\\"t\",\"f\":[\"g\"],\"h\":{\"i\":12345678901234567890}},\"id\":\"7\"}");
    CHECK(plain_log.find("/2") != std::string::npos);  // the plain listener does hear the members
  }
  TEST_CASE("a top-level scalar ends at its delimiter") {
    toolcall::detail::json_lexer lx;
    lx.reset(nullptr, 8);
    const auto s = lx.feed("123, rest");
    CHECK(s.st == toolcall::detail::lex_step::done);
    CHECK(s.consumed == 3);
    CHECK(lx.out() == "123");
  }
}
