// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Typing of XML-parameter values as the vendors' parsers type them:
// vendor type names (`int`, `float`, `bool`, `dict`, `list`), nullable parameters, unions that
// try their non-string types first, Python literals, undeclared keys per family (GLM decodes,
// Qwen3-Coder keeps strings), GLM's verbatim string values, entities kept as written, and markup
// inside values decided by the schema. Every case is checked one-shot, split in two at every
// byte and in 1-byte chunks; the folded arguments deltas must equal the final arguments.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

/// `{|}` stands for U+FF5C FULLWIDTH VERTICAL LINE (DeepSeek's and Step's bars).
std::string fw(std::string s) {
  for (std::size_t p = s.find("{|}"); p != std::string::npos; p = s.find("{|}", p + 3)) s.replace(p, 3, "\xEF\xBD\x9C");
  return s;
}

/// The tools of every case: one function with vendor type names, nullable and union
/// parameters, and a code string.
const char* const k_tools = R"([{"type": "function", "function": {"name": "edit", "parameters": {"type": "object",
  "properties": {
    "count": {"type": "int"},
    "ratio": {"type": "float"},
    "dry_run": {"type": "bool"},
    "options": {"type": "dict"},
    "paths": {"type": "list"},
    "note": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    "limit": {"type": ["integer", "null"]},
    "tag": {"type": ["string", "integer"]},
    "title": {"type": "string"},
    "code": {"type": "string"}},
  "required": ["title"]}}}])";

/// `s` as a JSON string.
std::string jq(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (c == '\n') {
      o += "\\n";
      continue;
    }
    o += c;
  }
  return o + "\"";
}

struct run_result {
  toolcall::message msg;
  std::string err;  // "" when every chunking agreed with one-shot parsing
};

toolcall::options opts() {
  toolcall::options o = tc_test::deterministic(7);
  return o;
}

toolcall::parser_registry reg_of(const char* format) {
  auto r = toolcall::parser_registry::only(format);
  REQUIRE(r);
  return *r;
}

/// One-shot, then streamed split in two at every byte and in 1-byte chunks: each must give the
/// one-shot message, and the folded events (arguments deltas concatenated) must equal it.
run_result parse_all_ways(const char* format, const std::string& text, bool tools = true) {
  const auto attach = [&](auto& p) {
    if (tools) toolcall::normalizer::create(k_tools)->attach(p);
  };
  tc_test::split_result r = tc_test::split_compare(reg_of(format), opts(), text, {}, attach);
  return {std::move(r.one), std::move(r.err)};
}

/// The single call's arguments equal `json` (as JSON), whatever the chunking.
void check_args(const char* format, const std::string& text, const std::string& json, bool tools = true) {
  const run_result r = parse_all_ways(format, text, tools);
  INFO(format << ": " << text);
  CHECK_MESSAGE(r.err.empty(), r.err);
  REQUIRE(r.msg.calls.size() == 1);
  CHECK(r.msg.calls[0].name == "edit");
  CHECK_MESSAGE(tc_test::json_text_equal(r.msg.calls[0].arguments, json), r.msg.calls[0].arguments);
}

// Each family's call with the given `{name, value}` pairs, as its template writes it.
using params = std::vector<std::pair<std::string, std::string>>;

std::string qwen(const params& ps) {
  std::string s = "I'll make the change.\n<tool_call>\n<function=edit>\n";
  for (const auto& p : ps) s += "<parameter=" + p.first + ">\n" + p.second + "\n</parameter>\n";
  return s + "</function>\n</tool_call>";
}
std::string seed(const params& ps) {
  std::string s = "<seed:think>The user wants an edit.</seed:think><seed:tool_call>\n<function=edit>\n";
  for (const auto& p : ps) s += "<parameter=" + p.first + ">" + p.second + "</parameter>\n";
  return s + "</function>\n</seed:tool_call>";
}
std::string minimax(const params& ps) {
  std::string s = "<minimax:tool_call>\n<invoke name=\"edit\">\n";
  for (const auto& p : ps) s += "<parameter name=\"" + p.first + "\">" + p.second + "</parameter>\n";
  return s + "</invoke>\n</minimax:tool_call>";
}
std::string glm(const params& ps) {
  std::string s = "<tool_call>edit\n";
  for (const auto& p : ps) s += "<arg_key>" + p.first + "</arg_key>\n<arg_value>" + p.second + "</arg_value>\n";
  return s + "</tool_call>";
}
std::string dsml(const params& ps, const std::vector<bool>& is_string) {
  std::string s = fw("<{|}DSML{|}function_calls>\n<{|}DSML{|}invoke name=\"edit\">\n");
  for (std::size_t k = 0; k < ps.size(); ++k)
    s += fw("<{|}DSML{|}parameter name=\"") + ps[k].first + "\" string=\"" + (is_string[k] ? "true" : "false") +
         "\">" + ps[k].second + fw("</{|}DSML{|}parameter>\n");
  return s + fw("</{|}DSML{|}invoke>\n</{|}DSML{|}function_calls>");
}
std::string step3(const params& ps) {
  std::string s = fw("<{|}tool_calls_begin{|}><{|}tool_call_begin{|}>function<{|}tool_sep{|}><steptml:invoke name=\"edit\">");
  for (const auto& p : ps) s += "<steptml:parameter name=\"" + p.first + "\">" + p.second + "</steptml:parameter>";
  return s + fw("</steptml:invoke><{|}tool_call_end{|}><{|}tool_calls_end{|}>");
}

/// The vendor-typed parameters every family is checked with, and what they become.
const params k_typed = {{"count", "3"},
                        {"ratio", "0.25"},
                        {"dry_run", "True"},
                        {"options", "{'indent': 4, 'tabs': False}"},
                        {"paths", "['src/a.py', 'src/b.py']"},
                        {"note", "None"},
                        {"limit", "null"},
                        {"tag", "42"},
                        {"title", "Fix the loop"}};
const char* const k_typed_json = R"({"count": 3, "ratio": 0.25, "dry_run": true,
  "options": {"indent": 4, "tabs": false}, "paths": ["src/a.py", "src/b.py"], "note": null,
  "limit": null, "tag": 42, "title": "Fix the loop"})";

/// Streams `text` in two writes, cut before `cut_at`: the arguments deltas of the first write
/// must already hold `streamed`, and all of them must fold to the final arguments.
toolcall::message check_streams_before(const char* format, const std::string& text, const char* cut_at,
                                       const char* streamed) {
  const toolcall::parser_registry reg = reg_of(format);
  toolcall::stream_parser sp{reg, opts()};
  toolcall::normalizer::create(k_tools)->attach(sp);
  std::string args;
  auto sink = [&](const toolcall::event& ev) {
    if (ev.kind == toolcall::event_kind::arguments_delta) args.append(ev.text.data(), ev.text.size());
  };
  const std::size_t cut = text.find(cut_at);
  sp.write(std::string_view(text).substr(0, cut), sink);
  CHECK_MESSAGE(args.find(streamed) != std::string::npos, args);
  sp.write(std::string_view(text).substr(cut), sink);
  toolcall::message m = sp.finish(sink);
  REQUIRE(m.calls.size() == 1);
  CHECK(args == m.calls[0].arguments);
  return m;
}

}  // namespace

TEST_SUITE("toolcall/typing") {
  TEST_CASE("vendor type names, nullable parameters, unions and Python literals, in every XML family") {
    check_args("qwen3_coder", qwen(k_typed), k_typed_json);
    check_args("seed_oss", seed(k_typed), k_typed_json);
    check_args("minimax_m2", minimax(k_typed), k_typed_json);
    check_args("glm", glm(k_typed), k_typed_json);
    check_args("step3", step3(k_typed), k_typed_json);
    // DSML: the template writes string="false" for everything that is not a string
    std::vector<bool> str(k_typed.size(), false);
    str.back() = true;
    check_args("deepseek_dsml", dsml(k_typed, str), k_typed_json);
  }

  TEST_CASE("a union tries its other types first and keeps the text as a string otherwise") {
    // `tag` is [string, integer]; `note` is string-or-null; `limit` is integer-or-null
    check_args("qwen3_coder", qwen({{"tag", "v2 release"}, {"note", "None of the tests fail"}, {"limit", "7"}}),
               R"({"tag": "v2 release", "note": "None of the tests fail", "limit": 7})");
    check_args("minimax_m2", minimax({{"tag", "-12"}, {"note", "NULL"}, {"title", "nullable"}}),
               R"({"tag": -12, "note": null, "title": "nullable"})");
    // an array is not one of the union's kinds: the text stays
    check_args("seed_oss", seed({{"tag", "[1, 2]"}, {"note", "nothing"}}), R"({"tag": "[1, 2]", "note": "nothing"})");
    // a string-typed parameter keeps `007` and `None` as written
    check_args("step3", step3({{"title", "007"}, {"code", "None"}}), R"({"title": "007", "code": "None"})");
  }

  TEST_CASE("the word null is null whatever the type where the vendor says so; the other families keep the text") {
    // vLLM's qwen3coder, seed_oss and minimax_m2 parsers test value.lower() == "null" before the schema:
    // `title` and `code` are strings, `tag` a [string, integer] union; `None` is not the word
    const char* const want = R"({"title": null, "code": "None", "tag": null, "note": "nullable"})";
    const params ps = {{"title", "null"}, {"code", "None"}, {"tag", "NULL"}, {"note", "nullable"}};
    check_args("qwen3_coder", qwen(ps), want);
    check_args("seed_oss", seed(ps), want);
    check_args("minimax_m2", minimax(ps), want);
    // without the tools too (the vendor's check comes before it looks for a schema)
    check_args("qwen3_coder", qwen({{"title", "Null"}, {"code", "null pointer"}}),
               R"({"title": null, "code": "null pointer"})", false);
    // dots and Solar Open 2 (their vendors' parsers), with and without the tools
    for (bool tools : {true, false}) {
      check_args("dots", "<dots_function_call>\n<invoke name=\"edit\">\n<parameter name=\"title\">null</parameter>\n"
                 "</invoke>\n</dots_function_call>", R"({"title": null})", tools);
      check_args("solar_open2", "<|tool_call:start|>edit\n<|tool_arg:start|>title<|tool_arg:value|>NULL<|tool_arg:end|>\n"
                 "<|tool_call:end|>", R"({"title": null})", tools);
    }
    // GLM, Step-3: a string-typed `null` is the text
    check_args("glm", glm({{"title", "null"}}), R"({"title": "null"})");
    check_args("step3", step3({{"title", "null"}}), R"({"title": "null"})");
  }

  TEST_CASE("numbers and booleans as Python reads them, and JSON encoded twice, in every XML family") {
    // vLLM's qwen3coder, glm4_moe and minimax_m2 parsers: int("007"), float("-00.50"),
    // "FALSE".lower() == "true"; an object- or array-typed value written as a JSON string
    // holding the object is the object
    const params loose = {{"count", "007"},
                          {"ratio", "-00.50"},
                          {"dry_run", "FALSE"},
                          {"limit", "+0012"},
                          {"options", R"("{\"indent\": 2, \"tabs\": true}")"},
                          {"paths", R"("[\"lib/x.c\", \"lib/y.c\"]")"},
                          {"title", "Bump 007"}};
    const char* const want = R"({"count": 7, "ratio": -0.5, "dry_run": false, "limit": 12,
      "options": {"indent": 2, "tabs": true}, "paths": ["lib/x.c", "lib/y.c"], "title": "Bump 007"})";
    check_args("qwen3_coder", qwen(loose), want);
    check_args("seed_oss", seed(loose), want);
    check_args("minimax_m2", minimax(loose), want);
    check_args("glm", glm(loose), want);
    check_args("step3", step3(loose), want);
    std::vector<bool> str(loose.size(), false);
    str.back() = true;
    check_args("deepseek_dsml", dsml(loose, str), want);
    check_args("qwen3_coder", qwen({{"dry_run", "True"}, {"count", "-0"}}), R"({"dry_run": true, "count": 0})");
  }

  TEST_CASE("loose reading never turns a string into something else, and says when the type does not fit") {
    // a union with a string branch keeps `007` (a code, a zip); string parameters keep theirs
    check_args("qwen3_coder", qwen({{"tag", "007"}, {"title", "FALSE"}, {"code", "\"{\\\"a\\\": 1}\""}}),
               R"({"tag": "007", "title": "FALSE", "code": "\"{\\\"a\\\": 1}\""})");
    // `yes` is no boolean to Python's lower() == "true" either: kept, with a warning
    const run_result r = parse_all_ways("minimax_m2", minimax({{"dry_run", "yes"}, {"count", "0x1F"}}));
    CHECK_MESSAGE(r.err.empty(), r.err);
    REQUIRE(r.msg.calls.size() == 1);
    CHECK(tc_test::json_text_equal(r.msg.calls[0].arguments, R"({"dry_run": "yes", "count": "0x1F"})"));
    bool warned = false;
    for (const auto& d : r.msg.diagnostics) warned |= d.level == toolcall::severity::warning;
    CHECK(warned);
    // a JSON string holding a scalar is no object
    check_args("glm", glm({{"options", "\"plain\""}, {"paths", "\"[oops\""}}),
               R"({"options": "\"plain\"", "paths": "\"[oops\""})");
  }

  TEST_CASE("an undeclared parameter: Qwen3-Coder keeps the string, GLM decodes it (vLLM)") {
    check_args("qwen3_coder", qwen({{"extra", "{\"k\": 1}"}, {"title", "t"}}), R"({"extra": "{\"k\": 1}", "title": "t"})");
    check_args("seed_oss", seed({{"depth", "2"}, {"title", "t"}}), R"({"depth": "2", "title": "t"})");
    check_args("minimax_m2", minimax({{"depth", "2"}, {"title", "t"}}), R"({"depth": "2", "title": "t"})");
    check_args("glm", glm({{"depth", "2"}, {"filters", "{'lang': 'py'}"}, {"title", "t"}}),
               R"({"depth": 2, "filters": {"lang": "py"}, "title": "t"})");
    // with no tools at all GLM decodes too; Qwen3-Coder keeps strings
    check_args("glm", glm({{"count", " 20 "}, {"paths", "[\"a\", \"b\"]"}, {"title", "20 apples"}}),
               R"({"count": 20, "paths": ["a", "b"], "title": "20 apples"})", false);
    check_args("qwen3_coder", qwen({{"count", "20"}, {"title", "x"}}), R"({"count": "20", "title": "x"})", false);
  }

  TEST_CASE("whitespace: GLM keeps a string value verbatim and strips the others; the templates' newlines are markup") {
    check_args("glm", glm({{"code", "  indented();\n"}, {"count", " 5 "}, {"title", "\nT\n"}}),
               R"({"code": "  indented();\n", "count": 5, "title": "\nT\n"})");
    check_args("qwen3_coder", qwen({{"code", "  indented();"}, {"count", "5"}}),
               R"({"code": "  indented();", "count": 5})");
    check_args("minimax_m2", minimax({{"title", "\n  spaced  \n"}, {"count", " 5\n"}}),
               R"({"title": "spaced", "count": 5})");
  }

  TEST_CASE("XML entities stay as written (no vendor parser of these families decodes them)") {
    check_args("minimax_m2", minimax({{"code", "if a &lt; b &amp;&amp; c: pass"}}),
               R"({"code": "if a &lt; b &amp;&amp; c: pass"})");
    check_args("qwen3_coder", qwen({{"title", "Tom &amp; Jerry"}}), R"({"title": "Tom &amp; Jerry"})");
  }

  TEST_CASE("markup inside a value: with the tools, only a declared parameter not given yet ends it") {
    // a code string holding a whole Qwen3-Coder call: its tags stay in the value
    const std::string code = "CALL = \"\"\"\n<tool_call>\n<function=run>\n<parameter=cmd>\nls\n</parameter>\n"
                             "</function>\n</tool_call>\n\"\"\"";
    check_args("qwen3_coder", qwen({{"code", code}, {"count", "1"}}),
               std::string(R"({"code": )") + jq(code) + R"(, "count": 1})");
    // `<parameter=title>` after a closer, inside a value, where `title` was given already
    const std::string twice = "a\n</parameter>\n<parameter=title>\nb";
    check_args("qwen3_coder", qwen({{"title", "T"}, {"code", twice}}),
               std::string(R"({"title": "T", "code": )") + jq(twice) + "}");
    // an undeclared name after a closer stays text; a declared one not given yet starts
    const std::string undeclared = "x\n</parameter>\n<parameter=cmd>\ny";
    check_args("seed_oss", seed({{"code", undeclared}, {"count", "2"}}),
               std::string(R"({"code": )") + jq(undeclared) + R"(, "count": 2})");
    const std::string mm = "<parameter name=\"cmd\">ls</parameter>";
    check_args("minimax_m2", minimax({{"code", mm}, {"title", "t"}}),
               std::string(R"({"code": )") + jq(mm) + R"(, "title": "t"})");
    // never silent: a model that adds a parameter the tool does not declare, after a closed
    // value, gets that value with the tags in it and a warning that says so
    {
      const run_result r = parse_all_ways("seed_oss", seed({{"title", "T"}, {"units", "metric"}}), true);
      CHECK_MESSAGE(r.err.empty(), r.err);
      REQUIRE(r.msg.calls.size() == 1);
      bool warned = false;
      for (const auto& d : r.msg.diagnostics)
        warned |= d.code == toolcall::errc::marker_in_text && d.level == toolcall::severity::warning &&
                  d.message.find("units") != std::string::npos;
      CHECK(warned);
    }
    // a tool whose parameters are `{"type": "object"}` names no keys: every tag is structural
    {
      const char* free_tools = R"([{"type": "function", "function": {"name": "edit", "parameters": {"type": "object"}}}])";
      toolcall::parser p{reg_of("seed_oss"), opts()};
      toolcall::normalizer::create(free_tools)->attach(p);
      const toolcall::message m = p.parse(seed({{"title", "T"}, {"count", "2"}}));
      REQUIRE(m.calls.size() == 1);
      CHECK_MESSAGE(tc_test::json_text_equal(m.calls[0].arguments, R"({"title": "T", "count": "2"})"), m.calls[0].arguments);
    }
    // a missing value closer before a declared parameter is still repaired (rule a)
    check_args("qwen3_coder",
               "<tool_call>\n<function=edit>\n<parameter=title>\nT\n<parameter=count>\n4\n</parameter>\n</function>\n</tool_call>",
               R"({"title": "T", "count": 4})");
  }

  TEST_CASE("without the tools any parameter name after a closer ends the value, as before") {
    check_args("qwen3_coder", qwen({{"code", "x"}, {"cmd", "y"}}), R"({"code": "x", "cmd": "y"})", false);
    // a function opener inside a value stays text whatever the tools
    const std::string code = "s = '<function=f>'\nt = '</function>'";
    check_args("qwen3_coder", qwen({{"code", code}}), std::string(R"({"code": )") + jq(code) + "}",
               false);
  }

  TEST_CASE("values are held only while their type is open: a string under a union streams") {
    // the union `tag` with a text value: its first word decides, the rest streams as it comes
    check_streams_before("minimax_m2", minimax({{"tag", "release notes for the next version of the library"}}),
                         "library", "next version");
  }

  TEST_CASE("a string that may be the word null is held only while it may be") {
    // Qwen3-Coder's `title` (a string): `nobody` streams once `no` cannot be `null`
    const toolcall::message m =
        check_streams_before("qwen3_coder", qwen({{"title", "nobody_wrote_this_one_yet"}}), "_one", "nobody_wrote");
    CHECK(tc_test::json_text_equal(m.calls[0].arguments, R"({"title": "nobody_wrote_this_one_yet"})"));
  }
}
