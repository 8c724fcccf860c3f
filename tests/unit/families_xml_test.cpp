// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The XML families added in 0.2 (GLM, MiniMax-M2, DeepSeek DSML, Seed-OSS, Step-3) and
// Qwen3-Coder on the generic XML body: presets by hub name, detection from chat templates,
// streaming at every split point, claims shared with other formats, markers in prose, and
// MiniMax-M2 / Seed-OSS defined as format_spec data alone.

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

/// `{|}` stands for U+FF5C FULLWIDTH VERTICAL LINE (DeepSeek's and Step's bars).
std::string fw(std::string s) {
  for (std::size_t p = s.find("{|}"); p != std::string::npos; p = s.find("{|}", p + 3)) s.replace(p, 3, "\xEF\xBD\x9C");
  return s;
}

toolcall::options opts() {
  toolcall::options o = tc_test::deterministic(7);
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

toolcall::message one_shot(const toolcall::parser_registry& reg, const std::string& text) {
  toolcall::parser p{reg, opts()};
  return p.parse(text);
}

/// The text streamed in two pieces at every split point, and one byte at a time: each must give
/// the one-shot message, and the folded events must agree with it.
void check_every_split(const toolcall::parser_registry& reg, const std::string& text) {
  const std::string err = tc_test::split_compare(reg, opts(), text).err;
  REQUIRE_MESSAGE(err.empty(), err);
}

std::string read_template(const std::string& name) {
  std::ifstream in(std::string(TOOLCALL_TEST_DATA_DIR) + "/templates/" + name + ".jinja", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool args_equal(const toolcall::call& c, const std::string& json) { return tc_test::json_text_equal(c.arguments, json); }

}  // namespace

TEST_SUITE("toolcall/families_xml") {
  TEST_CASE("for_model resolves each family's hub names, most specific first") {
    struct row {
      const char* model;
      const char* format;
      bool expected;
    };
    const row rows[] = {
        {"zai-org/GLM-4.5", "glm", true},
        {"zai-org/GLM-4.5-Air-FP8", "glm", true},
        {"zai-org/GLM-4.5V", "glm", true},
        {"zai-org/GLM-4.6", "glm", true},
        {"zai-org/GLM-4.7", "glm", true},
        {"zai-org/GLM-4.7-Flash", "glm", true},
        {"zai-org/GLM-5", "glm", true},
        {"THUDM/glm-4-9b-chat", "glm", false},  // name + JSON, not <arg_key>
        {"MiniMaxAI/MiniMax-M2", "minimax_m2", true},
        {"MiniMaxAI/MiniMax-M2.1", "minimax_m2", true},
        {"MiniMaxAI/MiniMax-M2.5", "minimax_m2", true},
        {"MiniMaxAI/MiniMax-M1-80k", "minimax_m2", false},
        {"deepseek-ai/DeepSeek-V3.2", "deepseek_dsml", true},
        {"deepseek-ai/DeepSeek-V3.2-Speciale", "deepseek_dsml", true},
        {"deepseek-ai/DeepSeek-V4-Flash", "deepseek_dsml", true},
        {"deepseek-ai/DeepSeek-V4.1-Flash", "deepseek_dsml", true},
        {"deepseek-ai/DeepSeek-V3.2-Exp", "deepseek_dsml", false},  // V3.1 tokens
        {"deepseek-ai/DeepSeek-V3.2-Exp", "deepseek", true},
        {"deepseek-ai/DeepSeek-V3.1", "deepseek_dsml", false},
        {"ByteDance-Seed/Seed-OSS-36B-Instruct", "seed_oss", true},
        {"ByteDance-Seed/Seed-OSS-36B-Base-woSyn", "seed_oss", true},
        {"stepfun-ai/step3", "step3", true},
        {"stepfun-ai/step3-fp8", "step3", true},
        {"stepfun-ai/Step-3.5-Flash", "step3", false},  // Qwen3-Coder XML
        {"stepfun-ai/Step-3.5-Flash", "qwen3_coder", true},
        {"Qwen/Qwen3-Coder-30B-A3B-Instruct", "qwen3_coder", true},
    };
    for (const row& r : rows) {
      const auto reg = toolcall::parser_registry::for_model(r.model);
      const std::string what = std::string(r.model) + " -> " + r.format + " (preset " + reg.preset() + ")";
      // a name no preset knows gives builtin(), which holds every format: that is not a match
      CHECK_MESSAGE((reg.model_known() && reg.contains(r.format)) == r.expected, what);
    }
    // the GLM-4.7 / GLM-5, MiniMax-M2 and Step-3 prompts open the reasoning block; GLM-4.5 does not
    CHECK(toolcall::parser_registry::for_model("zai-org/GLM-4.7").prompt_opens_reasoning());
    CHECK(toolcall::parser_registry::for_model("MiniMaxAI/MiniMax-M2").prompt_opens_reasoning());
    CHECK(toolcall::parser_registry::for_model("stepfun-ai/step3").prompt_opens_reasoning());
    CHECK_FALSE(toolcall::parser_registry::for_model("zai-org/GLM-4.5").prompt_opens_reasoning());
    CHECK_FALSE(toolcall::parser_registry::for_model("ByteDance-Seed/Seed-OSS-36B-Instruct").prompt_opens_reasoning());
  }

  TEST_CASE("for_template finds each family in its template excerpt") {
    for (const char* name : {"glm", "minimax_m2", "deepseek_dsml", "seed_oss", "step3"}) {
      const std::string t = read_template(name);
      REQUIRE_MESSAGE(!t.empty(), name);
      const auto reg = toolcall::parser_registry::for_template(t);
      CHECK_MESSAGE(reg.model_known(), name);
      CHECK_MESSAGE(reg.contains(name), name);
    }
    // Step-3's section tokens alone are DeepSeek's too: its template is found by <steptml:invoke
    CHECK_FALSE(toolcall::parser_registry::for_template(read_template("glm")).contains("step3"));
    CHECK_FALSE(toolcall::parser_registry::for_template(read_template("step3")).contains("glm"));
  }

  TEST_CASE("GLM: both layouts, streamed at every split point, next to Hermes and Qwen3-Coder") {
    const auto reg = toolcall::parser_registry::builtin();
    const std::string text =
        "I'll read both.<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>a.md</arg_value>\n</tool_call>\n"
        "<tool_call>grep<arg_key>pattern</arg_key><arg_value>x < y && </arg_value> z</arg_value></tool_call>"
        "<tool_call>{\"name\": \"ls\", \"arguments\": {}}</tool_call>"
        "<tool_call>\n<function=stat>\n<parameter=path>\n/\n</parameter>\n</function>\n</tool_call><|observation|>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 4);
    CHECK(m.calls[0].format == "glm");
    CHECK(args_equal(m.calls[0], R"({"path": "a.md"})"));
    CHECK(m.calls[1].format == "glm");
    CHECK(args_equal(m.calls[1], R"({"pattern": "x < y && </arg_value> z"})"));
    CHECK(m.calls[2].format == "hermes");
    CHECK(m.calls[3].format == "qwen3_coder");
    CHECK(m.content == "I'll read both.");
    check_every_split(reg, text);
  }

  TEST_CASE("XML values: bytes that are not UTF-8 become U+FFFD as they stream, whole characters stay whole") {
    // a Qwen3-Coder file write whose content has a stray Latin-1 byte (0xE9) and a sequence cut
    // short before the closer, beside well-formed 2-, 3- and 4-byte characters; and a GLM call
    // whose key holds a stray byte. The calls are kept, as JSON arguments would be, with a note.
    const auto reg = toolcall::parser_registry::builtin();
    const std::string text =
        "Writing it.\n<tool_call>\n<function=write_file>\n<parameter=path>\nnotes.txt\n</parameter>\n"
        "<parameter=content>\ncaf\xE9 \xC3\xA9t\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x9A\x80 end\xE2\x9C\n</parameter>\n"
        "</function>\n</tool_call>"
        "<tool_call>tag<arg_key>na\xFFme</arg_key><arg_value>x</arg_value></tool_call>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].format == "qwen3_coder");
    CHECK(args_equal(m.calls[0], "{\"path\": \"notes.txt\", \"content\": \"caf\xEF\xBF\xBD \xC3\xA9t\xC3\xA9 "
                                 "\xE2\x9C\x93 \xF0\x9F\x9A\x80 end\xEF\xBF\xBD\xEF\xBF\xBD\"}"));
    CHECK(m.calls[1].format == "glm");
    CHECK(args_equal(m.calls[1], "{\"na\xEF\xBF\xBDme\": \"x\"}"));
    CHECK(m.content == "Writing it.");
    std::size_t notes = 0;
    for (const auto& d : m.diagnostics) notes += d.code == toolcall::errc::invalid_utf8;
    CHECK(notes == 2);  // one per region
    check_every_split(reg, text);
  }
  TEST_CASE("GLM: values are decoded without a schema, as vLLM's glm4_moe parser does") {
    const std::string text = "<tool_call>f\n<arg_key>n</arg_key>\n<arg_value>20</arg_value>\n</tool_call>";
    auto reg = *toolcall::parser_registry::only("glm");
    CHECK(args_equal(one_shot(reg, text).calls.at(0), R"({"n": 20})"));
    toolcall::options o = opts();
    o.xml_values_as_json = true;
    toolcall::parser p{reg, o};
    CHECK(args_equal(p.parse(text).calls.at(0), R"({"n": 20})"));
  }

  TEST_CASE("GLM: a word after <tool_call> in prose is not a call") {
    const auto reg = *toolcall::parser_registry::only("glm");
    for (const std::string& text : {std::string("Wrap it as <tool_call>name then the pairs."),
                                   std::string("Use <tool_call>get_weather and then </tool_call> to close it.")}) {
      const auto m = one_shot(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      check_every_split(reg, text);
    }
  }

  TEST_CASE("MiniMax-M2: several invokes, a bad one alone goes back to content") {
    const auto reg = toolcall::parser_registry::for_model("MiniMaxAI/MiniMax-M2");
    const std::string text =
        "Checking.</think>\n\nOn it.\n<minimax:tool_call>\n<invoke name=\"a\">\n<parameter name=\"x\">1</parameter>\n"
        "</invoke>\n<invoke name=\"\">\n<parameter name=\"x\">2</parameter>\n</invoke>\n<invoke name=\"b\">\n"
        "</invoke>\n</minimax:tool_call>[e~[";
    toolcall::parser p{reg, opts()};
    const auto m = p.parse(text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "a");
    CHECK(args_equal(m.calls[0], R"({"x": "1"})"));
    CHECK(m.calls[1].name == "b");
    CHECK(m.reasoning == "Checking.");
    CHECK(m.content == "On it.\n<invoke name=\"\">\n<parameter name=\"x\">2</parameter>\n</invoke>");
    REQUIRE_FALSE(m.diagnostics.empty());
    CHECK(m.diagnostics[0].code == toolcall::errc::invalid_call);
    check_every_split(reg, text);
  }

  TEST_CASE("MiniMax-M2: a block with no good invoke, or prose, is text") {
    const auto reg = *toolcall::parser_registry::only("minimax_m2");
    for (const std::string& text :
         {std::string("The <minimax:tool_call> tag opens a block."),
          std::string("<minimax:tool_call>\n<invoke name=\"\">\n</invoke>\n</minimax:tool_call>"),
          std::string("Write <minimax:tool_call><invoke and stop.")}) {
      const auto m = one_shot(reg, text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
      check_every_split(reg, text);
    }
  }

  TEST_CASE("DeepSeek DSML: string attribute typing, V4 block, streamed") {
    const auto reg = toolcall::parser_registry::for_model("deepseek-ai/DeepSeek-V4-Flash");
    const std::string text = fw(
        "Sure.\n\n<{|}DSML{|}tool_calls>\n<{|}DSML{|}invoke name=\"f\">\n"
        "<{|}DSML{|}parameter name=\"s\" string=\"true\">[1, 2]</{|}DSML{|}parameter>\n"
        "<{|}DSML{|}parameter name=\"n\" string=\"false\">[1, 2]</{|}DSML{|}parameter>\n"
        "<{|}DSML{|}parameter name=\"p\">{\"k\": null}</{|}DSML{|}parameter>\n"  // no attribute: text
        "</{|}DSML{|}invoke>\n</{|}DSML{|}tool_calls><{|}end\xE2\x96\x81of\xE2\x96\x81sentence{|}>");
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 1);
    CHECK(args_equal(m.calls[0], R"({"s": "[1, 2]", "n": [1, 2], "p": "{\"k\": null}"})"));
    CHECK(m.content == "Sure.");
    check_every_split(reg, text);
  }

  TEST_CASE("DeepSeek DSML: V4.1's spaced tags, streamed; a block cut inside a value stays text") {
    // V4.1's encoder writes a space after the token in every tag; DeepSeek's reference parser
    // and vLLM read them (docs/formats/deepseek_dsml.md)
    const auto reg = toolcall::parser_registry::for_model("deepseek-ai/DeepSeek-V4.1-Flash");
    const std::string text = fw(
        "I'll look up both.\n\n<{|}DSML{|} calls>\n<{|}DSML{|} invoke name=\"get_forecast\">\n"
        "<{|}DSML{|} parameter name=\"city\" string=\"true\">Osaka</{|}DSML{|} parameter>\n"
        "<{|}DSML{|} parameter name=\"days\" string=\"false\">3</{|}DSML{|} parameter>\n</{|}DSML{|} invoke>\n"
        "<{|}DSML{|} invoke name=\"convert_currency\">\n"
        "<{|}DSML{|} parameter name=\"amount\" string=\"false\">120.5</{|}DSML{|} parameter>\n"
        "<{|}DSML{|} parameter name=\"to\" string=\"true\">JPY</{|}DSML{|} parameter>\n</{|}DSML{|} invoke>\n"
        "</{|}DSML{|} calls><{|}end\xE2\x96\x81of\xE2\x96\x81sentence{|}>");
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "get_forecast");
    CHECK(args_equal(m.calls[0], R"({"city": "Osaka", "days": 3})"));
    CHECK(args_equal(m.calls[1], R"({"amount": 120.5, "to": "JPY"})"));
    CHECK(m.content == "I'll look up both.");
    check_every_split(reg, text);
    // cut by max_tokens inside the first value: no call, the text stays content, an error says why
    const std::string cut = fw(
        "Checking the forecast.\n\n<{|}DSML{|} calls>\n<{|}DSML{|} invoke name=\"get_forecast\">\n"
        "<{|}DSML{|} parameter name=\"city\" string=\"true\">Osa");
    const auto c = one_shot(reg, cut);
    CHECK(c.calls.empty());
    CHECK(c.content == cut);
    CHECK(tc_test::has_diagnostic(c, toolcall::errc::unterminated_call));
    check_every_split(reg, cut);
  }

  TEST_CASE("Seed-OSS: <seed:think> reasoning and one block per call, streamed") {
    const auto reg = toolcall::parser_registry::for_model("ByteDance-Seed/Seed-OSS-36B-Instruct");
    const std::string text =
        "<seed:think>Two files.<seed:cot_budget_reflect>12 used</seed:cot_budget_reflect></seed:think>\n"
        "<seed:tool_call>\n<function=read>\n<parameter=path>a</parameter>\n</function>\n</seed:tool_call>\n"
        "<seed:tool_call>\n<function=read>\n<parameter=path>b</parameter>\n</function>\n</seed:tool_call><seed:eos>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(args_equal(m.calls[1], R"({"path": "b"})"));
    CHECK(m.reasoning == "Two files.<seed:cot_budget_reflect>12 used</seed:cot_budget_reflect>");
    CHECK(m.content.empty());
    check_every_split(reg, text);
  }

  TEST_CASE("Step-3 and DeepSeek share <|tool_call_begin|>: each parses its own body") {
    const auto reg = toolcall::parser_registry::builtin();
    const std::string step = fw(
        "<{|}tool_calls_begin{|}><{|}tool_call_begin{|}>function<{|}tool_sep{|}><steptml:invoke name=\"f\">"
        "<steptml:parameter name=\"q\"> a<b </steptml:parameter></steptml:invoke><{|}tool_call_end{|}>"
        "<{|}tool_calls_end{|}><|EOT|>");
    const auto m = one_shot(reg, step);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "step3");
    CHECK(args_equal(m.calls[0], R"({"q": " a<b "})"));  // a string keeps its whitespace (vLLM's step3)
    CHECK(m.content.empty());
    check_every_split(reg, step);
    // DeepSeek R1-distill writes the same ASCII-underscore opener with a name and a json fence
    const std::string ds = fw(
        "<{|}tool_calls_begin{|}><{|}tool_call_begin{|}>function<{|}tool_sep{|}>get_time\n```json\n{\"tz\": \"UTC\"}\n```"
        "<{|}tool_call_end{|}><{|}tool_calls_end{|}>");
    const auto d = one_shot(reg, ds);
    REQUIRE(d.calls.size() == 1);
    CHECK(d.calls[0].format == "deepseek");
    CHECK(args_equal(d.calls[0], R"({"tz": "UTC"})"));
    check_every_split(reg, ds);
    // the steptml tags in prose are text
    const std::string prose = "Write <steptml:invoke name=\"x\"></steptml:invoke> by hand.";
    CHECK(one_shot(reg, prose).content == prose);
  }

  TEST_CASE("Qwen3-Coder: bare function tags next to named_function's JSON body") {
    const auto reg = toolcall::parser_registry::builtin();
    const std::string text =
        "<function=edit>\n<parameter=path>\nx.json\n</parameter>\n<parameter=content>\n[1, 2, 3]\n</parameter>\n</function>\n"
        "<function=get_time>{\"tz\": \"CET\"}</function>\n"
        "<function name=\"ls\">\n<parameter=dir>\n/tmp\n</parameter>\n</function>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 3);
    CHECK(m.calls[0].format == "qwen3_coder");
    CHECK(args_equal(m.calls[0], R"({"path": "x.json", "content": "[1, 2, 3]"})"));
    CHECK(m.calls[1].format == "named_function");
    CHECK(args_equal(m.calls[1], R"({"tz": "CET"})"));
    CHECK(m.calls[2].format == "qwen3_coder");
    CHECK(args_equal(m.calls[2], R"({"dir": "/tmp"})"));
    CHECK(m.content.empty());
    check_every_split(reg, text);
  }

  TEST_CASE("MiniMax-M2 and Seed-OSS as format_spec data alone") {
    toolcall::format_spec mm;
    mm.name = "my_minimax";
    mm.call_begin = "<minimax:tool_call>";
    mm.call_end = "</minimax:tool_call>";
    mm.payload = toolcall::payload_kind::xml_parameters;
    mm.xml.function_open = "<invoke name=";
    mm.xml.function_name = toolcall::xml_name_style::quoted;
    mm.xml.function_close = "</invoke>";
    mm.xml.parameter_open = "<parameter name=";
    mm.xml.parameter_name = toolcall::xml_name_style::quoted;
    mm.xml.parameter_close = "</parameter>";
    mm.xml.trim = toolcall::xml_value_trim::whitespace;
    mm.xml.multi = true;
    toolcall::format_spec seed;
    seed.name = "my_seed";
    seed.call_begin = "<seed:tool_call>";
    seed.call_end = "</seed:tool_call>";
    seed.payload = toolcall::payload_kind::xml_parameters;
    seed.xml.function_open = "<function=";
    seed.xml.function_close = "</function>";
    seed.xml.parameter_open = "<parameter=";
    seed.xml.parameter_close = "</parameter>";
    seed.xml.trim = toolcall::xml_value_trim::one_newline;
    seed.xml.multi = true;
    auto fm = toolcall::format::from_spec(mm);
    auto fs = toolcall::format::from_spec(seed);
    REQUIRE(fm);
    REQUIRE(fs);
    toolcall::parser_registry reg;
    reg.add(*fm);
    reg.add(*fs);
    const std::string text =
        "First.\n<minimax:tool_call>\n<invoke name=\"write\">\n<parameter name=\"path\">a.xml</parameter>\n"
        "<parameter name=\"body\">\n<p>\n  <parameter name=\"x\">1</parameter>\n</p>\n</parameter>\n</invoke>\n"
        "<invoke name=\"ls\">\n</invoke>\n</minimax:tool_call>\nThen.\n"
        "<seed:tool_call>\n<function=get>\n<parameter=id>\n007\n</parameter>\n</function>\n</seed:tool_call>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 3);
    CHECK(m.calls[0].format == "my_minimax");
    CHECK(args_equal(m.calls[0], R"({"path": "a.xml", "body": "<p>\n  <parameter name=\"x\">1</parameter>\n</p>"})"));
    CHECK(m.calls[1].name == "ls");
    CHECK(args_equal(m.calls[1], "{}"));
    CHECK(m.calls[2].format == "my_seed");
    CHECK(args_equal(m.calls[2], R"({"id": "007"})"));
    CHECK(m.content == "First.\n\nThen.");
    check_every_split(reg, text);

    // tags that cannot describe a call are refused
    toolcall::format_spec bad = seed;
    bad.xml.parameter_open.clear();
    const auto r = toolcall::format::from_spec(bad);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == toolcall::errc::invalid_pattern);
  }
}

// ---- tag-per-tool XML (morph_xml, docs/formats/morph_xml.md) --------------------------------

namespace {

const char* const k_morph_tools = R"([
  {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}},
  {"type": "function", "function": {"name": "write_file", "parameters": {"type": "object",
    "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}},
  {"type": "function", "function": {"name": "search", "parameters": {"type": "object",
    "properties": {"query": {"type": "string"}, "limit": {"type": "integer"},
                   "exact": {"type": "boolean"}, "zip": {"type": "string"},
                   "filters": {"type": "object"}}}}},
  {"type": "function", "function": {"name": "tool_call", "parameters": {"type": "object"}}}
])";

toolcall::normalizer morph_tools() {
  toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(k_morph_tools);
  REQUIRE(n);
  return *n;
}

toolcall::message morph_parse(const std::string& text, const toolcall::options& o = opts()) {
  toolcall::parser p{toolcall::parser_registry::builtin(), o};
  morph_tools().attach(p);
  return p.parse(text);
}

/// With the tools attached: two pieces at every split point and 1-byte pieces each give the
/// one-shot message, and the folded events (argument deltas concatenated) agree with it.
void morph_every_split(const std::string& text) {
  const toolcall::normalizer n = morph_tools();
  const toolcall::message ref = morph_parse(text);
  toolcall::stream_parser sp{toolcall::parser_registry::builtin(), opts()};
  n.attach(sp);
  auto run = [&](const std::vector<std::size_t>& cuts) {
    sp.reset(opts(), toolcall::keep_request);
    tc_test::folder f;
    std::size_t pos = 0;
    for (std::size_t c : cuts) {
      sp.write(std::string_view(text).substr(pos, c - pos), f);
      pos = c;
    }
    sp.write(std::string_view(text).substr(pos), f);
    const toolcall::message m = sp.finish(f);
    std::string err = tc_test::same_message(ref, m);
    const std::string folded = tc_test::same_message(ref, f.m);
    if (!folded.empty()) err += "folded: " + folded;
    if (!f.violations.empty()) err += "events: " + f.violations.front();
    return err;
  };
  std::vector<std::size_t> bytes;
  for (std::size_t k = 1; k < text.size(); ++k) {
    const std::string err = run({k});
    REQUIRE_MESSAGE(err.empty(), "split at " << k << ": " << err);
    bytes.push_back(k);
  }
  const std::string err = run(bytes);
  REQUIRE_MESSAGE(err.empty(), "1-byte chunks: " << err);
}

bool has_code(const toolcall::message& m, toolcall::errc code, toolcall::severity level) {
  for (const auto& d : m.diagnostics)
    if (d.code == code && d.level == level) return true;
  return false;
}

}  // namespace

TEST_SUITE("toolcall/families_xml") {
  TEST_CASE("morph_xml: no call without the request's tools; with them, calls") {
    const std::string text =
        "Let me check.\n\n<get_weather>\n<location>Paris</location>\n</get_weather>\n\n<search>\n<query>cafes</query>\n"
        "</search>";
    // without a normalizer the tool tags are text, and no diagnostic is raised
    const auto plain = one_shot(toolcall::parser_registry::builtin(), text);
    CHECK(plain.calls.empty());
    CHECK(plain.content == text);
    CHECK(plain.diagnostics.empty());
    // a normalizer without tools changes nothing either
    toolcall::parser p0{toolcall::parser_registry::builtin(), opts()};
    toolcall::normalizer{}.attach(p0);
    CHECK(p0.parse(text).calls.empty());

    const auto m = morph_parse(text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.calls[0].format == "morph_xml");
    CHECK(args_equal(m.calls[0], R"({"location": "Paris"})"));
    CHECK(m.calls[1].name == "search");
    CHECK(args_equal(m.calls[1], R"({"query": "cafes"})"));
    CHECK(m.content == "Let me check.");  // the content's trailing whitespace is trimmed
    CHECK(m.finish == toolcall::finish_reason::tool_calls);
    morph_every_split(text);

    // the tools can be attached after construction and removed again: the openers follow
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), opts()};
    morph_tools().attach(sp);
    sp.write(text);
    CHECK(sp.finish().calls.size() == 2);
    toolcall::normalizer{}.attach(sp);
    sp.reset(opts(), toolcall::keep_request);
    sp.write(text);
    CHECK(sp.finish().calls.empty());
    // only("morph_xml") with the tools is enough
    toolcall::parser only{*toolcall::parser_registry::only("morph_xml"), opts()};
    morph_tools().attach(only);
    CHECK(only.parse(text).calls.size() == 2);
  }

  TEST_CASE("morph_xml: values typed by the schema, decoded JSON literals without one") {
    const std::string text =
        "<search>\n<query>42</query>\n<limit>10</limit>\n<exact>True</exact>\n<zip>02134</zip>\n"
        "<filters>{\"min\": 2}</filters>\n<page>3</page>\n<lang>en</lang>\n</search>";
    const auto m = morph_parse(text);
    REQUIRE(m.calls.size() == 1);
    // string properties keep the text; integer, boolean and object ones are parsed (True is a
    // Python literal: a note); keys the schema does not declare are decoded when JSON
    CHECK(args_equal(m.calls[0],
                     R"({"query": "42", "limit": 10, "exact": true, "zip": "02134", "filters": {"min": 2},)"
                     R"( "page": 3, "lang": "en"})"));
    CHECK(has_code(m, toolcall::errc::normalized, toolcall::severity::note));
    morph_every_split(text);

    // a typed value that is not JSON stays a string, with a warning
    const auto bad = morph_parse("<search>\n<limit>ten</limit>\n</search>");
    REQUIRE(bad.calls.size() == 1);
    CHECK(args_equal(bad.calls[0], R"({"limit": "ten"})"));
    CHECK(has_code(bad, toolcall::errc::normalized, toolcall::severity::warning));
  }

  TEST_CASE("morph_xml: nested elements are objects, repeated ones arrays, mixed content text") {
    const std::string text =
        "<get_weather>\n<to>a@x.org</to>\n<to>b@x.org</to>\n<place>\n  <city>Lyon</city>\n  <tag>old</tag>\n"
        "  <zip>69001</zip>\n  <tag>river</tag>\n</place>\n<html><b>bold</b> and plain</html>\n<note/>\n"
        "<code>if (a < b) { f(\"<ok>\"); }</code>\n</get_weather>";
    const auto m = morph_parse(text);
    REQUIRE(m.calls.size() == 1);
    CHECK(args_equal(m.calls[0],
                     R"({"to": ["a@x.org", "b@x.org"], "place": {"city": "Lyon", "tag": ["old", "river"], "zip": 69001},)"
                     R"( "html": "<b>bold</b> and plain", "note": "", "code": "if (a < b) { f(\"<ok>\"); }"})"));
    morph_every_split(text);
  }

  TEST_CASE("morph_xml: string values stream as they arrive; other values wait for the next name") {
    toolcall::options live = opts();
    live.reasoning = toolcall::reasoning_start::closed;  // detect holds a call until the end
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), live};
    morph_tools().attach(sp);
    std::string args;
    int begins = 0;
    auto sink = [&](const toolcall::event& ev) {
      if (ev.kind == toolcall::event_kind::call_begin) ++begins;
      if (ev.kind == toolcall::event_kind::arguments_delta) args.append(ev.text);
    };
    sp.write("<write_file>\n<pa", sink);
    CHECK(begins == 0);  // not a call until an argument tag is complete
    sp.write("th>notes.md</path>\n<content>\n# Title\n\nFirst li", sink);
    CHECK(begins == 1);
    CHECK(args == R"({"path":"notes.md","content":"# Title\n\nFirst li)");
    sp.write("ne  \n", sink);  // trailing whitespace may be markup: held
    CHECK(args == R"({"path":"notes.md","content":"# Title\n\nFirst line)");
    sp.write("more</content>\n<mode>600</mo", sink);
    CHECK(args == R"({"path":"notes.md","content":"# Title\n\nFirst line  \nmore")");
    sp.write("de>\n", sink);  // no schema for mode: it may still become an array
    CHECK(args == R"({"path":"notes.md","content":"# Title\n\nFirst line  \nmore")");
    sp.write("</write_file>", sink);
    const toolcall::message m = sp.finish(sink);
    REQUIRE(m.calls.size() == 1);
    CHECK(args == m.calls[0].arguments);
    CHECK(args_equal(m.calls[0], R"({"path": "notes.md", "content": "# Title\n\nFirst line  \nmore", "mode": 600})"));
  }

  TEST_CASE("morph_xml: prose tags and tool mentions are untouched") {
    for (const std::string& text :
         {std::string("Use <b>bold</b> and the <location> tag; the <get_weather> tool needs a city."),
          std::string("Unknown tools are text: <lookup>\n<id>7</id>\n</lookup>"),
          std::string("Call it as <get_weather>Paris</get_weather>, with the city inside."),
          std::string("Self-closing <get_weather /> with a space is not the tool's tag."),
          std::string("A closing </get_weather> alone, and <write_file>\n</path>\n stray."),
          std::string("Ends with the tag <search>")}) {
      const auto m = morph_parse(text);
      CHECK_MESSAGE(m.calls.empty(), text);
      CHECK_MESSAGE(m.content == text, text);
      // an output that ends right after a tool's tag may be a call cut off: never silent
      const bool cut = text.size() >= 8 && text.compare(text.size() - 8, 8, "<search>") == 0;
      CHECK_MESSAGE(m.has_error() == cut, text);
      morph_every_split(text);
    }
  }

  TEST_CASE("morph_xml: repairs, truncation and the tool closer inside a value") {
    // the value's closer is missing before the tool's: the call is accepted, repaired
    auto m = morph_parse("<get_weather>\n<location>Paris\n</get_weather>");
    REQUIRE(m.calls.size() == 1);
    CHECK(args_equal(m.calls[0], R"({"location": "Paris"})"));
    CHECK(m.calls[0].status == toolcall::call_status::repaired);
    m = morph_parse("<write_file>\n<path>a</path>\n<content>x\n</write_file>");
    REQUIRE(m.calls.size() == 1);
    CHECK(args_equal(m.calls[0], R"({"path": "a", "content": "x"})"));
    // an argument repeated after another one: the repeat is dropped with a warning
    m = morph_parse("<get_weather>\n<city>Rome</city>\n<unit>c</unit>\n<city>Milan</city>\n</get_weather>");
    REQUIRE(m.calls.size() == 1);
    CHECK(args_equal(m.calls[0], R"({"city": "Rome", "unit": "c"})"));
    CHECK(m.calls[0].status == toolcall::call_status::repaired);
    CHECK(has_code(m, toolcall::errc::normalized, toolcall::severity::warning));
    // a string property repeated right after itself cannot become an array either
    m = morph_parse("<write_file>\n<path>a</path>\n<path>b</path>\n</write_file>");
    REQUIRE(m.calls.size() == 1);
    CHECK(args_equal(m.calls[0], R"({"path": "a"})"));
    // cut off inside the element: an error, no call, the text is content
    for (const std::string& text : {std::string("<get_weather>\n<location>Par"),
                                    std::string("<get_weather>\n<location>Paris</location>\n"),
                                    std::string("<get_weather>\n<loc")}) {
      m = morph_parse(text);
      CHECK(m.calls.empty());
      CHECK(m.content == tc_test::trim(text));
      CHECK(has_code(m, toolcall::errc::unterminated_call, toolcall::severity::error));
      morph_every_split(text);
    }
  }

  TEST_CASE("morph_xml: invalid UTF-8 becomes U+FFFD, whatever the chunking") {
    // content is a schema string (streamed: a sequence may be cut by a chunk boundary); note is
    // not in the schema (held)
    const std::string text =
        "<write_file>\n<path>\xe2\x82\xac/\xff.md</path>\n<content>a\xe2\x82 b\xf0\x9f\x98<i>\xc3</content>\n"
        "<note>\xe2\x82\xac \xc3\xa9\xed\xa0\x80</note>\n</write_file>";
    const auto m = morph_parse(text);
    REQUIRE(m.calls.size() == 1);
    const std::string r = "\xef\xbf\xbd";  // U+FFFD
    CHECK(m.calls[0].arguments == "{\"path\":\"\xe2\x82\xac/" + r + ".md\",\"content\":\"a" + r + r + " b" + r + r + r +
                                      "<i>" + r + "\",\"note\":\"\xe2\x82\xac \xc3\xa9" + r + r + r + "\"}");
    CHECK(tc_test::json_text_equal(m.calls[0].arguments, m.calls[0].arguments));  // valid JSON
    morph_every_split(text);
  }

  TEST_CASE("morph_xml: limits, and a tool named like another family's tag") {
    toolcall::options o = opts();
    o.max_depth = 8;
    std::string deep = "<get_weather>\n<a>";
    for (int k = 0; k < 10; ++k) deep += "<a>";
    deep += "x";
    for (int k = 0; k < 10; ++k) deep += "</a>";
    deep += "</a>\n</get_weather>";
    auto m = morph_parse(deep, o);
    CHECK(m.calls.empty());
    CHECK(m.content == deep);
    CHECK(has_code(m, toolcall::errc::limit_depth, toolcall::severity::error));

    o = opts();
    o.max_call_bytes = 64;
    const std::string big = "<get_weather>\n<location>" + std::string(100, 'x') + "</location>\n</get_weather> ok";
    m = morph_parse(big, o);
    CHECK(m.calls.empty());
    CHECK(m.content == big);
    CHECK(has_code(m, toolcall::errc::limit_call_bytes, toolcall::severity::error));

    // `<tool_call>` is Hermes' opener first; when no family with a fixed opener reads it, the
    // request's tool of that name does
    m = morph_parse("<tool_call>\n<query>x</query>\n</tool_call>");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "tool_call");
    CHECK(m.calls[0].format == "morph_xml");
    m = morph_parse(R"(<tool_call>{"name": "search", "arguments": {"query": "x"}}</tool_call>)");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].format == "hermes");
  }
}
