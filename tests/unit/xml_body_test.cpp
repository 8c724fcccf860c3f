// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The generic XML-parameter body (docs/formats/README.md), driven directly through a recording
// engine_services: the six families' spellings, markup inside values, missing closers, typing by
// the schema's verdict, limits, and the same result for every chunking of each input.

#include <doctest/doctest.h>
#include <simdjson.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <toolcall/detail/xml_body.hpp>

#include "test_support.hpp"

namespace {

namespace td = toolcall::detail;
using toolcall::errc;
using toolcall::severity;

// ---- the six families' spellings (what the format rooms hold) -------------------------------

// U+FF5C FULLWIDTH VERTICAL LINE, as DeepSeek and Step write it in their markers
constexpr std::string_view k_dsml_invoke = "<\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "invoke name=";
constexpr std::string_view k_dsml_invoke_end = "</\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "invoke>";
constexpr std::string_view k_dsml_param = "<\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "parameter name=";
constexpr std::string_view k_dsml_param_end = "</\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "parameter>";
constexpr std::string_view k_dsml_calls_end = "</\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "function_calls>";
constexpr std::string_view k_step_prefix = "function<\xEF\xBD\x9C" "tool_sep\xEF\xBD\x9C>";
constexpr std::string_view k_step_call_end = "<\xEF\xBD\x9C" "tool_call_end\xEF\xBD\x9C>";

td::xml_spec qwen3_coder() {
  td::xml_spec s;
  s.format = "qwen3_coder";
  s.fn_open = "<function=";
  s.fn_name = td::xml_name::to_gt;
  s.fn_close = "</function>";
  s.param_open = "<parameter=";
  s.param_name = td::xml_name::to_gt;
  s.param_close = "</parameter>";
  s.call_close = "</tool_call>";
  s.trim = td::xml_trim::one_newline;
  s.multi = true;
  return s;
}

td::xml_spec seed_oss() {
  td::xml_spec s = qwen3_coder();
  s.format = "seed_oss";
  s.call_close = "</seed:tool_call>";
  return s;
}

td::xml_spec minimax_m2() {
  td::xml_spec s;
  s.format = "minimax_m2";
  s.fn_open = "<invoke name=";
  s.fn_name = td::xml_name::quoted;
  s.fn_close = "</invoke>";
  s.param_open = "<parameter name=";
  s.param_name = td::xml_name::quoted;
  s.param_close = "</parameter>";
  s.call_close = "</minimax:tool_call>";
  s.trim = td::xml_trim::whitespace;
  s.multi = true;
  return s;
}

td::xml_spec dsml() {
  td::xml_spec s;
  s.format = "deepseek_v32_dsml";
  s.fn_open = k_dsml_invoke;
  s.fn_name = td::xml_name::quoted;
  s.fn_close = k_dsml_invoke_end;
  s.param_open = k_dsml_param;
  s.param_name = td::xml_name::quoted;
  s.param_close = k_dsml_param_end;
  s.call_close = k_dsml_calls_end;
  s.trim = td::xml_trim::none;
  s.multi = true;
  s.type_attr = "string";
  return s;
}

td::xml_spec step3() {
  td::xml_spec s;
  s.format = "step3";
  s.call_prefix = k_step_prefix;
  s.fn_open = "<steptml:invoke name=";
  s.fn_name = td::xml_name::quoted;
  s.fn_close = "</steptml:invoke>";
  s.param_open = "<steptml:parameter name=";
  s.param_name = td::xml_name::quoted;
  s.param_close = "</steptml:parameter>";
  s.call_close = k_step_call_end;
  s.trim = td::xml_trim::whitespace;
  return s;
}

td::xml_spec glm45() {
  td::xml_spec s;
  s.format = "glm45";
  s.fn_name = td::xml_name::to_line;
  s.param_open = "<arg_key>";
  s.param_name = td::xml_name::to_tag;
  s.param_name_end = "</arg_key>";
  s.value_open = "<arg_value>";
  s.param_close = "</arg_value>";
  s.call_close = "</tool_call>";
  s.trim = td::xml_trim::whitespace;
  return s;
}

/// `{|}` stands for the full-width bar in test inputs (readable sources, exact bytes).
std::string fw(std::string s) {
  for (std::size_t p = s.find("{|}"); p != std::string::npos; p = s.find("{|}", p + 3)) s.replace(p, 3, "\xEF\xBD\x9C");
  return s;
}

// ---- a recording engine ----------------------------------------------------------------------

struct rec_call {
  std::string name, format, args;
  bool ended = false, repaired = false;
};
struct rec_diag {
  errc code;
  std::string msg;
  severity level;
};

class fake_engine final : public td::call_sink,
                          public td::request_view,
                          public td::region_text,
                          public td::region_place {
 public:
  /// What a body sees of this engine.
  td::region_ctx ctx() { return {*this, *this, *this, *this}; }
  std::map<std::string, td::value_kind> kinds;
  bool guess = false;
  std::size_t depth = 64;
  std::size_t abs = 0;
  std::vector<rec_call> calls;
  std::vector<rec_diag> diags;
  errc fail_code = errc::ok;
  severity fail_level = severity::note;
  std::string fail_msg;
  std::size_t arg_deltas = 0;

  std::string tail;

  /// The step that ended the region: its tail, or its failure as the engine reports it.
  void took(const td::step& s) {
    if (s.st == td::step::done) tail = std::string(s.tail());
    if (s.st != td::step::fail) return;
    const td::failure f = s.why() ? *s.why() : td::failure{};
    fail_code = f.code;
    fail_msg = f.msg;
    fail_level = f.level;
  }
  mutable std::vector<std::string> asked;

  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t) override {
    CHECK_FALSE(call_open());
    CHECK(id.empty());
    rec_call c;
    c.name = std::string(name);
    c.format = std::string(format);
    calls.push_back(std::move(c));
  }
  bool call_open() const override { return !calls.empty() && !calls.back().ended; }
  void call_args(std::string_view text) override {
    CHECK(call_open());
    CHECK_FALSE(text.empty());
    if (calls.empty()) return;
    calls.back().args += text;
    ++arg_deltas;
  }
  void end_call(std::size_t, bool repaired) override {
    CHECK(call_open());
    if (calls.empty()) return;
    calls.back().ended = true;
    calls.back().repaired = repaired;
  }
  void region_content(std::string_view) override { FAIL("an XML body never writes content"); }
  void region_reasoning(std::string_view) override { FAIL("an XML body never writes reasoning"); }
  void commit() override {}
  void diag(errc code, std::size_t, std::string msg, severity level) override {
    diags.push_back(rec_diag{code, std::move(msg), level});
  }
  std::size_t chunk_abs() const override { return abs; }
  std::size_t max_depth() const override { return depth; }
  td::value_kind param_kind(std::string_view key) const override {
    asked.emplace_back(key);
    const auto it = kinds.find(std::string(key));
    return it == kinds.end() ? td::value_kind::unknown : it->second;
  }
  bool guess_json_values() const override { return guess; }
};

struct setup {
  std::map<std::string, td::value_kind> kinds;
  bool guess = false;
  std::size_t depth = 64;
};

struct outcome {
  int status = -1;  // td::step::status
  errc fail_code = errc::ok;
  severity fail_level = severity::note;
  std::string rest;  // what goes back to the text scanner: the tail, then the input after the region
  std::vector<rec_call> calls;
  std::vector<rec_diag> diags;
  std::vector<std::string> asked;
  std::size_t arg_deltas = 0;

  bool done() const { return status == td::step::done; }
  bool failed() const { return status == td::step::fail; }
};

/// Feeds `in` cut at `cuts` (increasing offsets), then finish() if the region is still open.
outcome run(const td::xml_spec& sp, std::string_view in, const std::vector<std::size_t>& cuts, const setup& su) {
  fake_engine e;
  e.kinds = su.kinds;
  e.guess = su.guess;
  e.depth = su.depth;
  td::xml_call_body b;
  b.begin(e.ctx(), sp);
  outcome o;
  std::size_t pos = 0, region_end = in.size();
  bool ended = false;
  for (std::size_t k = 0; k <= cuts.size() && !ended; ++k) {
    const std::size_t end = k < cuts.size() ? cuts[k] : in.size();
    e.abs = pos;
    const td::step s = b.feed(e.ctx(), in.substr(pos, end - pos));
    CHECK(s.consumed <= end - pos);
    if (s.st != td::step::more) {
      o.status = s.st;
      e.took(s);
      region_end = pos + s.consumed;
      ended = true;
    } else {
      CHECK(s.consumed == end - pos);
    }
    pos = end;
  }
  if (!ended) {
    e.abs = in.size();
    const td::step s = b.finish(e.ctx());
    CHECK(s.st != td::step::more);
    CHECK(s.consumed == 0);
    o.status = s.st;
    e.took(s);
  }
  if (o.status == td::step::done)
    o.rest = e.tail;
  else CHECK(e.fail_code != errc::ok);
  o.rest += std::string(in.substr(region_end));
  o.fail_code = e.fail_code;
  o.fail_level = e.fail_level;
  o.calls = e.calls;
  o.diags = e.diags;
  o.asked = e.asked;
  o.arg_deltas = e.arg_deltas;
  return o;
}

std::string describe(const outcome& o) {
  std::string s = "status " + std::to_string(o.status);
  s += " fail " + std::string(toolcall::to_string(o.fail_code));
  if (o.failed()) s += std::string("/") + toolcall::to_string(o.fail_level);
  s += "\nrest [" + o.rest + "]";
  for (const rec_call& c : o.calls)
    s += "\ncall " + c.name + " " + c.format + " " + c.args + (c.ended ? " ended" : " open") +
         (c.repaired ? " repaired" : "");
  for (const rec_diag& d : o.diags)
    s += std::string("\ndiag ") + toolcall::to_string(d.code) + "/" + toolcall::to_string(d.level) + " " + d.msg;
  for (const std::string& k : o.asked) s += "\nasked " + k;
  return s;
}

bool is_json_object(const std::string& text) {
  simdjson::dom::parser p;
  simdjson::dom::element el;
  if (p.parse(text).get(el)) return false;
  return el.type() == simdjson::dom::element_type::OBJECT;
}

/// The one-shot outcome, after checking that every split into two chunks, 1-byte chunks and
/// 3- and 7-byte chunks give the same calls, diagnostics, end and rest.
outcome parse(const td::xml_spec& sp, std::string_view in, const setup& su = {}) {
  REQUIRE(td::xml_spec_problem(sp) == nullptr);
  const outcome ref = run(sp, in, {}, su);
  const std::string want = describe(ref);
  for (const rec_call& c : ref.calls)
    if (c.ended) CHECK_MESSAGE(is_json_object(c.args), c.args);
  for (std::size_t k = 0; k <= in.size(); ++k) {
    const std::string got = describe(run(sp, in, {k}, su));
    if (got != want) {
      INFO("split at " << k);
      CHECK(got == want);
      break;
    }
  }
  for (std::size_t step : {1, 3, 7}) {
    std::vector<std::size_t> cuts;
    for (std::size_t k = step; k < in.size(); k += step) cuts.push_back(k);
    INFO(step << "-byte chunks");
    CHECK(describe(run(sp, in, cuts, su)) == want);
  }
  return ref;
}

const td::value_kind k_string = td::value_kind::string;
const td::value_kind k_typed = td::value_kind::typed;

}  // namespace

TEST_SUITE("xml_body") {

TEST_CASE("the six families' specs are valid, and bad specs are named") {
  for (const td::xml_spec& s : {qwen3_coder(), seed_oss(), minimax_m2(), dsml(), step3(), glm45()})
    CHECK(td::xml_spec_problem(s) == nullptr);
  td::xml_spec s = qwen3_coder();
  s.param_close = "";
  CHECK(td::xml_spec_problem(s) != nullptr);
  s = glm45();
  s.call_close = "";
  CHECK(td::xml_spec_problem(s) != nullptr);  // nothing would end a GLM call
  s = qwen3_coder();
  s.param_name = td::xml_name::to_tag;
  CHECK(td::xml_spec_problem(s) != nullptr);  // to_tag needs param_name_end
  s = qwen3_coder();
  s.param_close = "[/param]";
  CHECK(td::xml_spec_problem(s) != nullptr);  // in-value tags start with '<'
}

// ---- Qwen3-Coder -----------------------------------------------------------------------------

TEST_CASE("qwen3-coder: output cut inside a wrapped value says so once") {
  // the failed <tool_call> region is short, so the bare <function= after its marker is read
  // again and fails at the same byte for the same reason: one diagnostic, not two
  const std::string text = "<tool_call>\n<function=b>\n<parameter=x>\nv";
  for (const char* fmt : {"qwen3_coder", ""}) {
    const toolcall::parser_registry reg = *fmt ? tc_test::only_format(fmt) : toolcall::parser_registry::builtin();
    const tc_test::split_result r = tc_test::split_compare(reg, toolcall::options{}, text);
    CHECK_MESSAGE(r.err.empty(), r.err);
    CHECK(r.one.calls.empty());
    CHECK(r.one.content == text);
    REQUIRE(r.one.diagnostics.size() == 1);
    CHECK(r.one.diagnostics[0].code == toolcall::errc::unterminated_call);
    CHECK(r.one.diagnostics[0].offset == text.size());
  }
}

TEST_CASE("qwen3-coder: a file write with code, quotes, backslashes and Unicode") {
  const std::string in = "\n<function=write_file>\n<parameter=path>\nsrc/app.py\n</parameter>\n<parameter=content>\n"
                         "import re\n\nPAT = re.compile(r\"\\d+\\s*\")\n\n\ndef greet():\n"
                         "    print(\"h\xC3\xA9llo \xE2\x80\x94 \xF0\x9F\x99\x82\", '\\n')\n"
                         "</parameter>\n</function>\n</tool_call>\nDone.";
  const outcome o = parse(qwen3_coder(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].name == "write_file");
  CHECK(o.calls[0].format == "qwen3_coder");
  CHECK(o.calls[0].args ==
        R"({"path":"src/app.py","content":"import re\n\nPAT = re.compile(r\"\\d+\\s*\")\n\n\ndef greet():\n    print(\"h)"
        "\xC3\xA9llo \xE2\x80\x94 \xF0\x9F\x99\x82"
        R"x(\", '\\n')"})x");
  CHECK(o.calls[0].ended);
  CHECK_FALSE(o.calls[0].repaired);
  CHECK(o.rest == "\nDone.");
  CHECK(o.diags.empty());
}

TEST_CASE("qwen3-coder: the format's own tags inside a value stay in the value") {
  const std::string in =
      "\n<function=write_file>\n<parameter=path>\ndocs/qwen.md\n</parameter>\n<parameter=content>\n"
      "A value ends with </parameter> and a new one opens with <parameter=x>.\n"
      "Wrap calls in <tool_call> ... </tool_call>; end the function with </function> first.\n"
      "</parameter>\nis text here, and so is </function> followed by prose.\n"
      "</parameter>\n</function>\n</tool_call>";
  const outcome o = parse(qwen3_coder(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].args ==
        R"({"path":"docs/qwen.md","content":"A value ends with </parameter> and a new one opens with <parameter=x>.\n)"
        R"(Wrap calls in <tool_call> ... </tool_call>; end the function with </function> first.\n)"
        R"(</parameter>\nis text here, and so is </function> followed by prose."})");
  CHECK_FALSE(o.calls[0].repaired);
  CHECK(o.rest.empty());
}

TEST_CASE("qwen3-coder: HTML values; only the closer before the next tag ends a value") {
  const std::string in = "<function=replace_in_file>\n<parameter=path>\nindex.html\n</parameter>\n"
                         "<parameter=old>\n<p class=\"note\">Draft</p>\n</parameter>\n"
                         "<parameter=new>\n<p class=\"note\">Final <b>v2</b></p>\n</parameter>\n</function>\n</tool_call>";
  const outcome o = parse(qwen3_coder(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].args ==
        R"({"path":"index.html","old":"<p class=\"note\">Draft</p>","new":"<p class=\"note\">Final <b>v2</b></p>"})");
}

TEST_CASE("qwen3-coder: a missing value closer ends at the next parameter at a line start (repaired)") {
  const std::string in = "\n<function=edit_file>\n<parameter=path>\nsrc/a.py\n<parameter=old>\nx = 1\n</parameter>\n"
                         "<parameter=new>\nx = 2\n</parameter>\n</function>\n</tool_call>";
  const outcome o = parse(qwen3_coder(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].args == R"({"path":"src/a.py","old":"x = 1","new":"x = 2"})");
  CHECK(o.calls[0].repaired);
}

TEST_CASE("qwen3-coder: a parameter tag inside a line, or without its name's end, is text") {
  // not at a line start: text; at a line start but the name never ends: text
  const std::string in = "<function=run>\n<parameter=cmd>\necho '<parameter=x>'\n<parameter=broken\nls\n"
                         "</parameter>\n</function>\n</tool_call>";
  const outcome o = parse(qwen3_coder(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].args == R"({"cmd":"echo '<parameter=x>'\n<parameter=broken\nls"})");
  CHECK_FALSE(o.calls[0].repaired);
}

TEST_CASE("qwen3-coder: a missing value closer before </function> and </tool_call> (repaired)") {
  const outcome a = parse(qwen3_coder(), "\n<function=run>\n<parameter=cmd>\nls -la\n</function>\n</tool_call>");
  REQUIRE(a.done());
  REQUIRE(a.calls.size() == 1);
  CHECK(a.calls[0].args == R"({"cmd":"ls -la"})");
  CHECK(a.calls[0].repaired);
  CHECK(a.rest.empty());
  // ... or before </function> at the end of the text
  const outcome b = parse(qwen3_coder(), "\n<function=run>\n<parameter=cmd>\nls -la\n</function>\n");
  REQUIRE(b.done());
  REQUIRE(b.calls.size() == 1);
  CHECK(b.calls[0].args == R"({"cmd":"ls -la"})");
  CHECK(b.calls[0].repaired);
  CHECK(b.rest == "\n");
}

TEST_CASE("qwen3-coder: more than 64 bytes of whitespace after a closer make it text") {
  const std::string pad(100, ' ');
  const std::string in = "<function=f>\n<parameter=a>\nx</parameter>" + pad + "</function>\n</tool_call>";
  const outcome o = parse(qwen3_coder(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  // the closer is text; the value then ends by rule (b): </function>, then </tool_call>
  CHECK(o.calls[0].args == R"({"a":"x</parameter>)" + pad + R"("})");
  CHECK(o.calls[0].repaired);
  // at 64 bytes the closer still counts
  const std::string in64 = "<function=f>\n<parameter=a>\nx</parameter>" + std::string(64, ' ') + "</function>\n</tool_call>";
  const outcome p = parse(qwen3_coder(), in64);
  REQUIRE(p.done());
  CHECK(p.calls[0].args == R"({"a":"x"})");
  CHECK_FALSE(p.calls[0].repaired);
}

TEST_CASE("qwen3-coder: no arguments, several functions in one tag, and a missing </tool_call>") {
  const outcome a = parse(qwen3_coder(), "\n<function=get_git_status>\n</function>\n</tool_call>");
  REQUIRE(a.done());
  REQUIRE(a.calls.size() == 1);
  CHECK(a.calls[0].args == "{}");

  const outcome b = parse(qwen3_coder(),
                          "\n<function=read_file>\n<parameter=path>\nREADME.md\n</parameter>\n</function>\n"
                          "<function=read_file>\n<parameter=path>\npyproject.toml\n</parameter>\n</function>\n</tool_call>");
  REQUIRE(b.done());
  REQUIRE(b.calls.size() == 2);
  CHECK(b.calls[0].args == R"({"path":"README.md"})");
  CHECK(b.calls[1].args == R"({"path":"pyproject.toml"})");

  // the stop sequence ate </tool_call>: the call is complete, what follows goes back as text
  const outcome c = parse(qwen3_coder(), "\n<function=get_weather>\n<parameter=location>\nSeoul\n</parameter>\n</function>\nThanks!");
  REQUIRE(c.done());
  REQUIRE(c.calls.size() == 1);
  CHECK(c.calls[0].args == R"({"location":"Seoul"})");
  CHECK_FALSE(c.calls[0].repaired);
  CHECK(c.rest == "\nThanks!");

  const outcome d = parse(qwen3_coder(), "\n<function=get_weather>\n<parameter=location>\nSeoul\n</parameter>\n</function>");
  REQUIRE(d.done());
  CHECK(d.rest.empty());
}

TEST_CASE("qwen3-coder: more than 64 bytes of whitespace after </function> end the region") {
  const std::string pad(65, '\n');
  const outcome o = parse(qwen3_coder(), "\n<function=f>\n</function>" + pad + "</tool_call>");
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.rest == pad + "</tool_call>");
  const outcome p = parse(qwen3_coder(), "\n<function=f>\n</function>" + pad.substr(1) + "</tool_call>");
  REQUIRE(p.done());
  CHECK(p.rest.empty());
}

TEST_CASE("qwen3-coder: the value's closer, then the call closer without </function> (repaired)") {
  const outcome o = parse(qwen3_coder(), "\n<function=f>\n<parameter=a>\n1\n</parameter>\n</tool_call>tail");
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].args == R"({"a":"1"})");
  CHECK(o.calls[0].repaired);
  CHECK(o.rest == "tail");
}

TEST_CASE("qwen3-coder: truncation inside a value, a name, or between parameters fails") {
  const outcome a = parse(qwen3_coder(), "\n<function=write_file>\n<parameter=path>\nnotes.txt\n</parameter>\n"
                                         "<parameter=content>\nFirst line of the");
  CHECK(a.failed());
  CHECK(a.fail_code == errc::unterminated_call);
  CHECK(a.fail_level == severity::error);
  const outcome b = parse(qwen3_coder(), "\n<function=write_fi");
  CHECK(b.failed());
  CHECK(b.fail_code == errc::unterminated_call);
  const outcome c = parse(qwen3_coder(), "\n<function=f>\n<parameter=a>\n1\n</parameter>\n");
  CHECK(c.failed());
  CHECK(c.fail_code == errc::unterminated_call);
  // a closer then a partial next parameter: still inside the call
  const outcome d = parse(qwen3_coder(), "\n<function=f>\n<parameter=a>\n1\n</parameter>\n<param");
  CHECK(d.failed());
  CHECK(d.fail_code == errc::unterminated_call);
  // a second function cut in its tag
  const outcome e = parse(qwen3_coder(), "\n<function=f>\n</function>\n<function");
  CHECK(e.failed());
  CHECK(e.fail_code == errc::unterminated_call);
}

TEST_CASE("qwen3-coder: prose after the opener is not a call (warning), bad syntax inside a call is an error") {
  const outcome a = parse(qwen3_coder(), " is the tag Qwen uses for calls.");
  CHECK(a.failed());
  CHECK(a.fail_code == errc::invalid_call);
  CHECK(a.fail_level == severity::warning);
  CHECK(a.calls.empty());
  const outcome b = parse(qwen3_coder(), "\n<function=f>\nhello\n</function>\n</tool_call>");
  CHECK(b.failed());
  CHECK(b.fail_code == errc::invalid_call);
  CHECK(b.fail_level == severity::error);
  // a name with spaces is read inside the wrapper (vLLM's qwen3coder reads up to `>`); one
  // holding markup is not a name
  const outcome c = parse(qwen3_coder(), "\n<function=bad<name>\n</function>\n</tool_call>");
  CHECK(c.failed());
  CHECK(c.fail_code == errc::invalid_call);
  CHECK(c.calls.empty());
}

TEST_CASE("qwen3-coder: names and keys longer than 256 bytes fail") {
  const std::string ok(256, 'a'), tool_long(257, 'a');
  CHECK(parse(qwen3_coder(), "<function=" + ok + ">\n</function>\n</tool_call>").done());
  const outcome a = parse(qwen3_coder(), "<function=" + tool_long + ">\n</function>\n</tool_call>");
  CHECK(a.failed());
  CHECK(a.fail_code == errc::invalid_call);
  CHECK(parse(qwen3_coder(), "<function=f>\n<parameter=" + ok + ">\n1\n</parameter>\n</function>\n</tool_call>").done());
  const outcome b = parse(qwen3_coder(), "<function=f>\n<parameter=" + tool_long + ">\n1\n</parameter>\n</function>\n</tool_call>");
  CHECK(b.failed());
  CHECK(b.fail_code == errc::invalid_call);
}

TEST_CASE("qwen3-coder: values are typed by the schema's verdict") {
  const std::string in = "\n<function=write_json>\n<parameter=content>\n[1, 2, 3]\n</parameter>\n"
                         "<parameter=count>\n5\n</parameter>\n<parameter=parent>\nNone\n</parameter>\n"
                         "<parameter=zip>\n007\n</parameter>\n<parameter=flags>\n{'dry': True, 'n': [1, 2,],}\n</parameter>\n"
                         "<parameter=limit>\nten\n</parameter>\n<parameter=note>\n20\n</parameter>\n</function>\n</tool_call>";
  setup su;
  su.kinds = {{"content", k_string}, {"count", k_typed}, {"parent", k_typed}, {"zip", k_string},
              {"flags", k_typed},    {"limit", k_typed}};
  const outcome o = parse(qwen3_coder(), in, su);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].args ==
        R"({"content":"[1, 2, 3]","count":5,"parent":null,"zip":"007","flags":{"dry":true,"n":[1,2]},"limit":"ten","note":"20"})");
  // each parameter is asked about once, after its key is complete; first, when the call opens,
  // a key no schema declares, to learn whether the request's tools are known
  CHECK(o.asked == std::vector<std::string>{std::string("\x01"), "content", "count", "parent", "zip", "flags", "limit", "note"});
  // None is null for a non-string type (as the vendors read it); the Python dict was repaired
  // (note); "ten" is not an integer (warning); 5 is plain JSON
  REQUIRE(o.diags.size() == 2);
  CHECK(o.diags[0].code == errc::normalized);
  CHECK(o.diags[0].level == severity::note);
  CHECK(o.diags[0].msg.find("flags") != std::string::npos);
  CHECK(o.diags[1].code == errc::normalized);
  CHECK(o.diags[1].level == severity::warning);
  CHECK(o.diags[1].msg.find("limit") != std::string::npos);
}

TEST_CASE("qwen3-coder: without a schema values are strings; guess_json_values decodes JSON-looking ones") {
  const std::string in = "\n<function=run_command>\n<parameter=argv>\n[\"git\", \"log\", \"-n\", \"5\"]\n</parameter>\n"
                         "<parameter=capture_output>\ntrue\n</parameter>\n<parameter=recipient>\n+44 20 7946 0958\n</parameter>\n"
                         "<parameter=zip>\n007\n</parameter>\n<parameter=empty>\n</parameter>\n</function>\n</tool_call>";
  const outcome plain = parse(qwen3_coder(), in);
  REQUIRE(plain.done());
  CHECK(plain.calls[0].args ==
        R"({"argv":"[\"git\", \"log\", \"-n\", \"5\"]","capture_output":"true","recipient":"+44 20 7946 0958","zip":"007","empty":""})");
  setup su;
  su.guess = true;
  const outcome guessed = parse(qwen3_coder(), in, su);
  REQUIRE(guessed.done());
  CHECK(guessed.calls[0].args ==
        R"({"argv":["git","log","-n","5"],"capture_output":true,"recipient":"+44 20 7946 0958","zip":"007","empty":""})");
  CHECK(guessed.diags.empty());
  // a schema verdict wins over the guess
  su.kinds = {{"argv", k_string}};
  const outcome schema = parse(qwen3_coder(), in, su);
  CHECK(schema.calls[0].args.rfind(R"({"argv":"[\"git\")", 0) == 0);
}

TEST_CASE("qwen3-coder: a typed value that is not one literal stays a string, the warning says why") {
  setup su;
  su.kinds = {{"n", k_typed}, {"m", k_typed}, {"e", k_typed}, {"s", k_typed}};
  const outcome o = parse(qwen3_coder(), "<function=f>\n<parameter=n>\n5 apples\n</parameter>\n"
                                         "<parameter=m>\n[1, 2\n</parameter>\n<parameter=e>\n</parameter>\n"
                                         "<parameter=s>\n'it''s'\n</parameter>\n</function>\n</tool_call>", su);
  REQUIRE(o.done());
  CHECK(o.calls[0].args == R"({"n":"5 apples","m":"[1, 2","e":"","s":"'it''s'"})");
  REQUIRE(o.diags.size() == 4);
  for (const rec_diag& d : o.diags) {
    CHECK(d.code == errc::normalized);
    CHECK(d.level == severity::warning);
  }
  CHECK(o.diags[0].msg.find("text after the value") != std::string::npos);
  CHECK(o.diags[2].msg.find("empty value") != std::string::npos);
}

TEST_CASE("qwen3-coder: a typed value nested deeper than max_depth fails the call with limit_depth") {
  // issue 20 item 8: the limit holds for typed XML values as for JSON bodies
  setup su;
  su.kinds = {{"tree", k_typed}};
  su.depth = 3;
  const outcome o = parse(qwen3_coder(), "<function=f>\n<parameter=tree>\n[[[[1]]]]\n</parameter>\n</function>\n</tool_call>", su);
  REQUIRE(o.failed());
  CHECK(o.fail_code == errc::limit_depth);
  su.depth = 4;
  const outcome p = parse(qwen3_coder(), "<function=f>\n<parameter=tree>\n[[[[1]]]]\n</parameter>\n</function>\n</tool_call>", su);
  CHECK(p.calls[0].args == R"({"tree":[[[[1]]]]})");
}

TEST_CASE("qwen3-coder: a plain run of value bytes goes out in one delta") {
  std::string big;
  for (int k = 0; k < 400; ++k) big += "lorem ipsum dolor sit amet ";
  const std::string in = "<function=f>\n<parameter=text>\n" + big + "\n</parameter>\n</function>\n</tool_call>";
  const outcome o = run(qwen3_coder(), in, {}, {});
  REQUIRE(o.done());
  CHECK(o.calls[0].args == R"({"text":")" + big + R"("})");
  CHECK(o.arg_deltas <= 3);  // `{`, the value, the end
  // streamed in 100-byte chunks: at most one delta per chunk
  std::vector<std::size_t> cuts;
  for (std::size_t k = 100; k < in.size(); k += 100) cuts.push_back(k);
  const outcome s = run(qwen3_coder(), in, cuts, {});
  CHECK(s.calls[0].args == o.calls[0].args);
  CHECK(s.arg_deltas <= cuts.size() + 2);
}

// ---- Seed-OSS --------------------------------------------------------------------------------

TEST_CASE("seed-oss: compact and newline layouts, code with the tags inside") {
  const outcome a = parse(seed_oss(), "<function=get_weather><parameter=city>Paris</parameter>"
                                      "<parameter=days>3</parameter></function></seed:tool_call>");
  REQUIRE(a.done());
  REQUIRE(a.calls.size() == 1);
  CHECK(a.calls[0].format == "seed_oss");
  CHECK(a.calls[0].args == R"({"city":"Paris","days":"3"})");

  const std::string in = "\n<function=write_file>\n<parameter=path>\nparse.py\n</parameter>\n<parameter=content>\n"
                         "END = \"</parameter>\"\nif s.endswith('</seed:tool_call>'):\n    pass\n"
                         "</parameter>\n</function>\n</seed:tool_call>";
  const outcome b = parse(seed_oss(), in);
  REQUIRE(b.done());
  CHECK(b.calls[0].args ==
        R"({"path":"parse.py","content":"END = \"</parameter>\"\nif s.endswith('</seed:tool_call>'):\n    pass"})");
  // Qwen's call closer does not close a Seed-OSS call
  const outcome c = parse(seed_oss(), "<function=f><parameter=a>1</parameter></function></tool_call>");
  REQUIRE(c.done());
  CHECK(c.rest == "</tool_call>");
  // typed
  setup su;
  su.kinds = {{"days", k_typed}};
  const outcome d = parse(seed_oss(), "<function=get_weather><parameter=city>Paris</parameter>"
                                      "<parameter=days>3</parameter></function></seed:tool_call>", su);
  CHECK(d.calls[0].args == R"({"city":"Paris","days":3})");
}

// ---- MiniMax-M2 ------------------------------------------------------------------------------

TEST_CASE("minimax-m2: several invokes in one wrapper, whitespace around values is markup") {
  const std::string in = "\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Paris</parameter>\n"
                         "<parameter name=\"unit\"> celsius\n</parameter>\n</invoke>\n<invoke name='get_time'>\n"
                         "<parameter name='tz'>CET</parameter>\n</invoke>\n</minimax:tool_call>\n";
  const outcome o = parse(minimax_m2(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 2);
  CHECK(o.calls[0].name == "get_weather");
  CHECK(o.calls[0].args == R"({"city":"Paris","unit":"celsius"})");
  CHECK(o.calls[1].name == "get_time");
  CHECK(o.calls[1].args == R"({"tz":"CET"})");
  CHECK(o.rest == "\n");
}

TEST_CASE("minimax-m2: code with the family's tags, a missing closer, a no-argument invoke") {
  const std::string in = "<invoke name=\"write_file\">\n<parameter name=\"content\">\n"
                         "xml = '<invoke name=\"x\"></invoke>'\nend = \"</parameter>\"\n  \n</parameter>\n"
                         "<parameter name=\"mode\">w\n<parameter name=\"path\">out.py</parameter>\n</invoke>\n"
                         "<invoke name=\"list_files\">\n</invoke>\n</minimax:tool_call>";
  const outcome o = parse(minimax_m2(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 2);
  CHECK(o.calls[0].args == R"({"content":"xml = '<invoke name=\"x\"></invoke>'\nend = \"</parameter>\"","mode":"w","path":"out.py"})");
  CHECK(o.calls[0].repaired);
  CHECK(o.calls[1].args == "{}");
  CHECK_FALSE(o.calls[1].repaired);
}

TEST_CASE("minimax-m2: a missing </invoke> before the next invoke, and truncation") {
  const outcome a = parse(minimax_m2(), "<invoke name=\"a\"><parameter name=\"x\">1</parameter>\n"
                                        "<invoke name=\"b\"><parameter name=\"y\">2</parameter></invoke></minimax:tool_call>");
  REQUIRE(a.done());
  REQUIRE(a.calls.size() == 2);
  CHECK(a.calls[0].args == R"({"x":"1"})");
  CHECK(a.calls[0].repaired);
  CHECK(a.calls[1].args == R"({"y":"2"})");
  CHECK_FALSE(a.calls[1].repaired);
  // no </parameter> and no </invoke>: </invoke> then the next invoke ends the value (rule b)
  const outcome c = parse(minimax_m2(), "<invoke name=\"a\"><parameter name=\"x\">ls\n</invoke>\n"
                                        "<invoke name=\"b\"></invoke></minimax:tool_call>");
  REQUIRE(c.done());
  REQUIRE(c.calls.size() == 2);
  CHECK(c.calls[0].args == R"({"x":"ls"})");
  CHECK(c.calls[0].repaired);
  CHECK(c.calls[1].args == "{}");
  // </invoke> followed by anything else is text of the value
  const outcome d = parse(minimax_m2(), "<invoke name=\"a\"><parameter name=\"x\">a</invoke>b</parameter></invoke></minimax:tool_call>");
  REQUIRE(d.done());
  CHECK(d.calls[0].args == R"({"x":"a</invoke>b"})");
  CHECK_FALSE(d.calls[0].repaired);
  const outcome b = parse(minimax_m2(), "<invoke name=\"a\"><parameter name=\"x\">1</para");
  CHECK(b.failed());
  CHECK(b.fail_code == errc::unterminated_call);
}

// ---- DeepSeek V3.2 DSML ----------------------------------------------------------------------

TEST_CASE("dsml: string=\"true\" keeps text, string=\"false\" parses JSON, the schema wins") {
  const std::string in = fw("\n<{|}DSML{|}invoke name=\"search\">\n"
                            "<{|}DSML{|}parameter name=\"query\" string=\"true\">[1, 2, 3]</{|}DSML{|}parameter>\n"
                            "<{|}DSML{|}parameter name=\"limit\" string=\"false\">5</{|}DSML{|}parameter>\n"
                            "<{|}DSML{|}parameter name=\"filters\" string=\"false\">{\"lang\": [\"en\", \"fr\"]}</{|}DSML{|}parameter>\n"
                            "<{|}DSML{|}parameter name=\"bad\" string=\"false\">not json</{|}DSML{|}parameter>\n"
                            "<{|}DSML{|}parameter name=\"zip\" string=\"false\">007</{|}DSML{|}parameter>\n"
                            "<{|}DSML{|}parameter name=\"page\" string=\"true\">2</{|}DSML{|}parameter>\n"
                            "</{|}DSML{|}invoke>\n</{|}DSML{|}function_calls>");
  const outcome a = parse(dsml(), in);
  REQUIRE(a.done());
  REQUIRE(a.calls.size() == 1);
  CHECK(a.calls[0].format == "deepseek_v32_dsml");
  CHECK(a.calls[0].args ==
        R"({"query":"[1, 2, 3]","limit":5,"filters":{"lang":["en","fr"]},"bad":"not json","zip":"007","page":"2"})");
  REQUIRE(a.diags.size() == 2);  // "not json" and "007" are not JSON literals
  CHECK(a.diags[0].level == severity::warning);
  CHECK(a.diags[1].level == severity::warning);
  // a schema kind wins over the attribute
  setup su;
  su.kinds = {{"limit", k_string}, {"page", k_typed}};
  const outcome b = parse(dsml(), in, su);
  CHECK(b.calls[0].args ==
        R"({"query":"[1, 2, 3]","limit":"5","filters":{"lang":["en","fr"]},"bad":"not json","zip":"007","page":2})");
}

TEST_CASE("dsml: several invokes, values kept as written, the family's tags inside a value") {
  const std::string in = fw("<{|}DSML{|}invoke name=\"get_weather\">"
                            "<{|}DSML{|}parameter name=\"location\" string=\"true\">\xE6\x9D\xAD\xE5\xB7\x9E</{|}DSML{|}parameter>"
                            "</{|}DSML{|}invoke>\n<{|}DSML{|}invoke name=\"write\">"
                            "<{|}DSML{|}parameter name=\"text\" string=\"true\"> a </{|}DSML{|}parameter> b\n</{|}DSML{|}parameter>"
                            "</{|}DSML{|}invoke></{|}DSML{|}function_calls>");
  const outcome o = parse(dsml(), in);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 2);
  CHECK(o.calls[0].args == "{\"location\":\"\xE6\x9D\xAD\xE5\xB7\x9E\"}");
  CHECK(o.calls[1].args == fw(R"({"text":" a </{|}DSML{|}parameter> b\n"})"));
}

// ---- Step-3 ----------------------------------------------------------------------------------

TEST_CASE("step-3: the fixed prefix, then one invoke per call") {
  const std::string in = fw("function<{|}tool_sep{|}><steptml:invoke name=\"get_weather\">"
                            "<steptml:parameter name=\"city\">Paris</steptml:parameter>"
                            "<steptml:parameter name=\"days\">\n3\n</steptml:parameter>"
                            "</steptml:invoke><{|}tool_call_end{|}><{|}tool_calls_end{|}>");
  setup su;
  su.kinds = {{"days", k_typed}};
  const outcome o = parse(step3(), in, su);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].format == "step3");
  CHECK(o.calls[0].args == R"({"city":"Paris","days":3})");
  CHECK(o.rest == fw("<{|}tool_calls_end{|}>"));
  // without the prefix it is not a Step-3 call
  const outcome bad = parse(step3(), "<steptml:invoke name=\"f\"></steptml:invoke>");
  CHECK(bad.failed());
  CHECK(bad.fail_code == errc::invalid_call);
  CHECK(bad.fail_level == severity::warning);
}

// ---- GLM-4.5 / 4.6 / 4.7 ---------------------------------------------------------------------

TEST_CASE("glm: the name after the opener, arg_key/arg_value pairs, 4.5 and 4.7 layouts") {
  const outcome a = parse(glm45(), "get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n"
                                   "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>\nok");
  REQUIRE(a.done());
  REQUIRE(a.calls.size() == 1);
  CHECK(a.calls[0].name == "get_weather");
  CHECK(a.calls[0].format == "glm45");
  CHECK(a.calls[0].args == R"({"city":"Paris","days":"3"})");
  CHECK(a.rest == "\nok");
  const outcome b = parse(glm45(), "get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>");
  REQUIRE(b.done());
  CHECK(b.calls[0].args == R"({"city":"Paris"})");
  // no arguments: the name is ended by the call closer, or by a newline
  const outcome c = parse(glm45(), "get_time</tool_call>");
  REQUIRE(c.done());
  CHECK(c.calls[0].name == "get_time");
  CHECK(c.calls[0].args == "{}");
  const outcome d = parse(glm45(), "get_time\n</tool_call>");
  REQUIRE(d.done());
  CHECK(d.calls[0].args == "{}");
}

TEST_CASE("glm: code values with the tags inside, typing, a missing closer") {
  const std::string in = "apply_patch\n<arg_key>patch</arg_key>\n<arg_value>\n"
                         "-  return \"</arg_value>\"\n+  return '<arg_key>k</arg_key>' </tool_call> x\n</arg_value>\n"
                         "<arg_key>dry_run</arg_key>\n<arg_value>True</arg_value>\n"
                         "<arg_key>paths</arg_key>\n<arg_value>[\"a.py\", \"b.py\"]\n"
                         "<arg_key>note</arg_key>\n<arg_value>x</arg_value>\n</tool_call>";
  setup su;
  su.kinds = {{"dry_run", k_typed}, {"paths", k_typed}};
  const outcome o = parse(glm45(), in, su);
  REQUIRE(o.done());
  REQUIRE(o.calls.size() == 1);
  CHECK(o.calls[0].args ==
        R"({"patch":"-  return \"</arg_value>\"\n+  return '<arg_key>k</arg_key>' </tool_call> x","dry_run":true,"paths":["a.py","b.py"],"note":"x"})");
  CHECK(o.calls[0].repaired);
  REQUIRE(o.diags.size() == 1);  // True -> true
  CHECK(o.diags[0].level == severity::note);
}

TEST_CASE("glm: the call closer then the end of the text ends a value whose closer is missing") {
  const outcome a = parse(glm45(), "get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris\n</tool_call>\n");
  REQUIRE(a.done());
  REQUIRE(a.calls.size() == 1);
  CHECK(a.calls[0].args == R"({"city":"Paris"})");
  CHECK(a.calls[0].repaired);
  // followed by more text, the call closer is text of the value, and the text ends inside it
  const outcome b = parse(glm45(), "get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</tool_call> more");
  CHECK(b.failed());
  CHECK(b.fail_code == errc::unterminated_call);
}

TEST_CASE("glm: Hermes JSON or prose after <tool_call> is not a GLM call (warning)") {
  const outcome a = parse(glm45(), "\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>");
  CHECK(a.failed());
  CHECK(a.fail_code == errc::invalid_call);
  CHECK(a.fail_level == severity::warning);
  CHECK(a.calls.empty());
  const outcome b = parse(glm45(), " tags wrap calls in this format.");
  CHECK(b.failed());
  CHECK(b.fail_level == severity::warning);
  CHECK(b.calls.empty());
  // a word alone on the line after the opener opens no call until a tag follows
  const outcome d = parse(glm45(), "Note:\nthe model writes its calls inside these tags.");
  CHECK(d.failed());
  CHECK(d.fail_code == errc::invalid_call);
  CHECK(d.fail_level == severity::warning);
  CHECK(d.calls.empty());
  // a value tag is required after the key
  const outcome c = parse(glm45(), "f\n<arg_key>a</arg_key>\n1\n</tool_call>");
  CHECK(c.failed());
  CHECK(c.fail_code == errc::invalid_call);
  CHECK(c.fail_level == severity::error);
}

TEST_CASE("bare <function=NAME>: the caller consumed the function opener") {
  fake_engine e;
  td::xml_call_body b;
  const td::xml_spec sp = qwen3_coder();
  b.begin(e.ctx(), sp, true);
  const td::step s = b.feed(e.ctx(), "get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\nText");
  REQUIRE(s.st == td::step::done);
  REQUIRE(e.calls.size() == 1);
  CHECK(e.calls[0].args == R"({"city":"Paris"})");
  CHECK(std::string(s.tail()) +
            std::string("get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\nText").substr(s.consumed) ==
        "\nText");
}

// ---- fenced `<tool_call>` XML: the same reader, through the fence handler --------------------

TEST_CASE("fenced: Qwen3-Coder XML in a ```xml fence is read by the one XML reader, every chunking") {
  const toolcall::parser_registry reg = *toolcall::parser_registry::only("fenced");
  toolcall::options o;
  o.seed = 7;  // call ids the same in every run
  // a value holding its own closer (not followed by a tag) stays whole; strings without a schema
  const std::string text =
      "I'll write the file.\n```xml\n<tool_call>\n<function=write_file>\n<parameter=path>\nsrc/a.py\n</parameter>\n"
      "<parameter=content>\nif a < b:\n    print(\"</parameter>\")\n</parameter>\n<parameter=mode>\n644\n</parameter>\n"
      "</function>\n</tool_call>\n```\nDone.";
  const tc_test::split_result r = tc_test::split_compare(reg, o, text);
  REQUIRE_MESSAGE(r.err.empty(), r.err);
  REQUIRE(r.one.calls.size() == 1);
  CHECK(r.one.calls[0].name == "write_file");
  CHECK(r.one.calls[0].format == "fenced");
  CHECK(tc_test::json_text_equal(r.one.calls[0].arguments,
                                 R"j({"path":"src/a.py","content":"if a < b:\n    print(\"</parameter>\")","mode":"644"})j"));
  CHECK(r.one.content == "I'll write the file.\n\nDone.");
}

TEST_CASE("fenced: XML values are typed by the request's schema; two functions in one tag") {
  const toolcall::parser_registry reg = *toolcall::parser_registry::only("fenced");
  toolcall::options o;
  o.seed = 7;  // call ids the same in every run
  toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(R"([
    {"type": "function", "function": {"name": "search", "parameters": {"type": "object",
      "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}, "exact": {"type": "boolean"}}}}},
    {"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}}])");
  REQUIRE(n);
  const std::string text =
      "```\n<tool_call>\n<function=search>\n<parameter=query>\n42\n</parameter>\n<parameter=limit>\n5\n</parameter>\n"
      "<parameter=exact>\nTrue\n</parameter>\n</function>\n<function=get_time>\n</function>\n</tool_call>\n```";
  const auto attach = [&](auto& p) { n->attach(p); };
  const tc_test::split_result r = tc_test::split_compare(reg, o, text, {}, attach);
  REQUIRE_MESSAGE(r.err.empty(), r.err);
  REQUIRE(r.one.calls.size() == 2);
  CHECK(tc_test::json_text_equal(r.one.calls[0].arguments, R"({"query":"42","limit":5,"exact":true})"));
  CHECK(r.one.calls[1].name == "get_time");
  CHECK(r.one.calls[1].arguments == "{}");
  CHECK(r.one.content.empty());
  // without the schema the same values stay strings, as vLLM's qwen3coder parser keeps them
  toolcall::parser plain{reg, o};
  const toolcall::message m = plain.parse(text);
  REQUIRE(m.calls.size() == 2);
  CHECK(tc_test::json_text_equal(m.calls[0].arguments, R"({"query":"42","limit":"5","exact":"True"})"));
}

TEST_CASE("fenced: JSON in the tag still works; prose or a cut-off body in the tag is not a call") {
  const toolcall::parser_registry reg = *toolcall::parser_registry::only("fenced");
  toolcall::options o;
  o.seed = 7;  // call ids the same in every run
  const std::string json = "```xml\n<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n</tool_call>\n```";
  const tc_test::split_result j = tc_test::split_compare(reg, o, json);
  REQUIRE_MESSAGE(j.err.empty(), j.err);
  REQUIRE(j.one.calls.size() == 1);
  CHECK(j.one.calls[0].arguments == R"({"a":1})");

  const std::string prose = "```xml\n<tool_call>call the weather tool</tool_call>\n```";
  const tc_test::split_result p = tc_test::split_compare(reg, o, prose);
  REQUIRE_MESSAGE(p.err.empty(), p.err);
  CHECK(p.one.calls.empty());
  CHECK(p.one.content == prose);
  REQUIRE_FALSE(p.one.diagnostics.empty());
  CHECK(p.one.diagnostics[0].level == severity::error);

  const std::string cut = "```xml\n<tool_call>\n<function=search>\n<parameter=query>\ncafes";
  const tc_test::split_result c = tc_test::split_compare(reg, o, cut);
  REQUIRE_MESSAGE(c.err.empty(), c.err);
  CHECK(c.one.calls.empty());
  CHECK(c.one.content == cut);
  bool unterminated = false;
  for (const auto& d : c.one.diagnostics) unterminated |= d.code == errc::unterminated_call;
  CHECK(unterminated);
}

TEST_CASE("the step a body returns carries its reason and its tail to the reader that wraps it") {
  // a call cut by the end of the text fails the region: the reason rides in the step, through
  // after() and at()
  fake_engine e;
  td::xml_call_body b;
  b.begin(e.ctx(), qwen3_coder(), true);
  REQUIRE(b.feed(e.ctx(), "get_weather>\n<parameter=days>\n3\n</parameter>\n<para").st == td::step::more);
  const td::step bad = b.finish(e.ctx());
  REQUIRE(bad.st == td::step::fail);
  REQUIRE(bad.why() != nullptr);
  CHECK(bad.why()->code == errc::unterminated_call);
  const td::step moved = bad.after(7).at(2);
  CHECK(moved.st == td::step::fail);
  CHECK(moved.consumed == 2);
  REQUIRE(moved.why() != nullptr);
  CHECK(moved.why()->code == bad.why()->code);
  CHECK(moved.why()->msg == bad.why()->msg);
  const td::step given = moved.with_tail("<|im_end|>");  // a reason stays when a tail is added
  REQUIRE(given.why() != nullptr);
  CHECK(given.why()->code == bad.why()->code);
  CHECK(given.tail() == "<|im_end|>");

  // a finished call gives back what it read past its end, and only that
  fake_engine e2;
  td::xml_call_body b2;
  b2.begin(e2.ctx(), qwen3_coder(), true);
  const td::step ok = b2.feed(e2.ctx(), "get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\nText");
  REQUIRE(ok.st == td::step::done);
  CHECK(ok.why() == nullptr);
  CHECK(ok.after(5).tail() == ok.tail());
  CHECK(ok.after(5).consumed == ok.consumed + 5);
  CHECK(td::step::done_with(3, "").back == nullptr);  // nothing to give back: no allocation
  const td::step plain{td::step::fail, 4};            // a failure with no reason: the engine's default
  CHECK(plain.why() == nullptr);
  CHECK(td::failure{}.msg == "invalid call");
}

}  // TEST_SUITE
