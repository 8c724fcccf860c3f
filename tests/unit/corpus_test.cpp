// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The public corpus (tests/data/corpus), one-shot and streamed under every chunking
// (issues #2 and #3).
#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <random>

#include "test_support.hpp"
#include <toolcall/detail/json.hpp>  // json_validator, in both modes

namespace {

// The corpus is judged as whole texts by its own conventions: a lone `</think>` makes the text
// before it reasoning, which is reasoning_start::detect.
toolcall::options seeded() {
  toolcall::options o = tc_test::deterministic(42);
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

}  // namespace

TEST_SUITE("toolcall/corpus") {
  TEST_CASE("every public case passes one-shot, reported per family") {
    const auto cases = tc_test::load_corpus();
    REQUIRE(cases.size() >= 209);
    toolcall::parser p{toolcall::parser_registry::builtin(), seeded()};
    std::map<std::string, std::pair<int, int>> fam;
    for (const auto& c : cases) {
      // a case with a "tools" field is parsed with the request's tools attached (a normalizer)
      CHECK_MESSAGE(tc_test::attach_tools(c, p), c.id);
      const toolcall::message m = p.parse(c.input);
      const std::string err = tc_test::judge(c, m);
      auto& f = fam[c.family];
      ++f.second;
      if (err.empty()) ++f.first;
      CHECK_MESSAGE(err.empty(), c.id << ": " << err);
    }
    for (const auto& kv : fam) MESSAGE(kv.first << ": " << kv.second.first << "/" << kv.second.second);
  }

  TEST_CASE("every public case passes with its family's model preset") {
    // a corpus family named after a format is judged with the model of that format's row in
    // tc_test::families(); the others (0.1's corpus names, shapes judged with a model that
    // writes them, a family whose cases another of its models wrote) are mapped here
    std::map<std::string, std::string> model = {
        {"qwen_tool_call", "Qwen/Qwen2.5-7B-Instruct"},  {"qwen_tools_array", "Qwen/Qwen2.5-Coder-7B-Instruct"},
        {"qwen_function_tag", "Qwen/Qwen2.5-Coder-32B-Instruct"},  {"qwen_json_bracket", "Qwen/Qwen2.5-Coder-7B-Instruct"},
        {"qwen3_coder_xml", "Qwen/Qwen3-Coder-30B-A3B-Instruct"},  {"llama3_python_tag", "meta-llama/Llama-3.1-8B-Instruct"},
        {"llama3_raw_json", "meta-llama/Llama-3.2-3B-Instruct"},  {"pythonic", "meta-llama/Llama-3.2-1B-Instruct"},
        {"mistral_v3", "mistralai/Mistral-7B-Instruct-v0.3"},  {"mistral_v11", "mistralai/Magistral-Small-2506"},
        {"deepseek_v3", "deepseek-ai/DeepSeek-R1-0528"},  {"gpt_oss_harmony", "openai/gpt-oss-20b"},
        {"petals_function_key", "meta-llama/Llama-3.1-8B-Instruct"},  {"jamba", "tencent/Hunyuan-A13B-Instruct"},
        {"muse_glimmer", "MuseGlimmer"},  {"hard", "Qwen/Qwen2.5-7B-Instruct"},
        {"plain_text", "meta-llama/Llama-3.1-8B-Instruct"},  {"markdown_fenced", "Qwen/Qwen2.5-7B-Instruct"},
        {"openai_json", "Salesforce/xLAM-7b-fc-r"},
    };
    for (const auto& f : tc_test::families())
      if (f.model) model.emplace(f.format, f.model);  // the entries above win
    // corpus families no model preset writes -> their format, which must declare no preset
    // (judged with that format alone)
    const std::map<std::string, std::string> no_preset = {{"morph_xml", "morph_xml"}};
    const auto cases = tc_test::load_corpus();
    for (const auto& c : cases) {
      const auto it = model.find(c.family);
      const auto np = no_preset.find(c.family);
      if (np != no_preset.end()) {
        REQUIRE_MESSAGE(toolcall::format::builtin(np->second), "corpus family " << c.family << ": no format " << np->second);
        REQUIRE_MESSAGE(!tc_test::preset_enables(np->second),
                        "corpus family " << c.family << ": a preset enables " << np->second << " now: map a model");
        toolcall::parser p{*toolcall::parser_registry::only(np->second), seeded()};
        CHECK_MESSAGE(tc_test::attach_tools(c, p), c.id);
        const std::string err = tc_test::judge(c, p.parse(c.input));
        CHECK_MESSAGE(err.empty(), c.id << " with only " << np->second << ": " << err);
        continue;
      }
      REQUIRE_MESSAGE(it != model.end(), "corpus family " << c.family << " has no model preset mapping here");
      const auto reg = toolcall::parser_registry::for_model(it->second);
      REQUIRE_MESSAGE(reg.model_known(), "corpus family " << c.family << ": no preset matches " << it->second);
      toolcall::parser p{reg, seeded()};
      CHECK_MESSAGE(tc_test::attach_tools(c, p), c.id);
      const std::string err = tc_test::judge(c, p.parse(c.input));
      CHECK_MESSAGE(err.empty(), c.id << " with " << it->second << ": " << err);
    }
  }

  TEST_CASE("streaming equals one-shot at every split point, every chunk size 1..16, random splits") {
    const auto cases = tc_test::load_corpus();
    toolcall::parser p{toolcall::parser_registry::builtin(), seeded()};
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    std::size_t runs = 0;
    for (const auto& c : cases) {
      CHECK_MESSAGE(tc_test::attach_tools(c, p), c.id);
      CHECK_MESSAGE(tc_test::attach_tools(c, sp), c.id);
      const toolcall::message one = p.parse(c.input, seeded());
      const tc_test::chunkings how{true, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, 8};
      runs += tc_test::plans_of(c.input.size(), how).size();
      // the argument invariant: each call's deltas concatenate to valid JSON
      const auto args_valid = [](const toolcall::message&, const tc_test::folder& f) -> std::string {
        for (const auto& call : f.m.calls) {
          toolcall::detail::json_validator v;
          if (v.check_allow_big_numbers(call.arguments) != toolcall::detail::json_validator::kind::object)
            return "arguments deltas are not a JSON object: " + call.arguments;
        }
        return "";
      };
      const std::string err = tc_test::stream_matches(sp, seeded(), c.input, one, how, args_valid);
      CHECK_MESSAGE(err.empty(), c.id << ": " << err);
    }
    MESSAGE("streamed runs compared with one-shot: " << runs);
  }

  TEST_CASE("nothing is dropped: every input byte is content, reasoning, a call or a marker") {
    // the engine accounts for each byte it releases as text, recognises as a marker, or folds
    // into a call; after finish() the count is the input's size, one-shot and in 1- and 7-byte
    // writes, over the corpus and the fuzzers' seeds
    // (corpus cases with a "tools" field are run with and without their tools)
    std::vector<std::pair<std::string, const tc_test::corpus_case*>> texts;
    const auto cases = tc_test::load_corpus();
    for (const auto& c : cases) {
      texts.emplace_back(c.input, nullptr);
      if (!c.tools_json.empty()) texts.emplace_back(c.input, &c);
    }
    const std::string seeds = std::string(TOOLCALL_TEST_DATA_DIR) + "/../../fuzz/corpus";
    std::error_code ec;
    for (const char* target : {"fuzz_parse", "fuzz_stream"})
      for (const auto& e : std::filesystem::directory_iterator(seeds + "/" + target, ec))
        texts.emplace_back(tc_test::read_file(e.path().string()), nullptr);
    REQUIRE(texts.size() > 300);
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    const tc_test::corpus_case no_tools;
    for (const auto& tc : texts) {
      const std::string& t = tc.first;
      tc_test::attach_tools(tc.second ? *tc.second : no_tools, sp);
      for (std::size_t chunk : {t.size() + 1, std::size_t{1}, std::size_t{7}}) {
        sp.reset(seeded(), toolcall::keep_request);
        for (std::size_t i = 0; i < t.size(); i += chunk) sp.write(std::string_view(t).substr(i, chunk));
        (void)sp.finish();
        CHECK_MESSAGE(sp.stats().bytes_accounted == t.size(), "chunk " << chunk << ": " << t.substr(0, 80));
      }
    }
  }

  TEST_CASE("no marker, and no prefix of one, reaches content while streaming") {
    // with 1-byte deltas, every content event is checked against the markers the input holds
    const auto cases = tc_test::load_corpus();
    toolcall::stream_parser sp{toolcall::parser_registry::builtin(), seeded()};
    const std::vector<std::string> markers = {"<tool_call>", "</tool_call>", "[TOOL_CALLS]", "<|python_tag|>",
                                              "<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|channel|>",
                                              "<|message|>", "<|call|>", "</think>", "<think>", "[ARGS]"};
    for (const auto& c : cases) {
      if (c.error) continue;
      CHECK_MESSAGE(tc_test::attach_tools(c, sp), c.id);
      std::string streamed;
      sp.reset(seeded(), toolcall::keep_request);
      auto sink = [&](const toolcall::event& ev) {
        if (ev.kind == toolcall::event_kind::content) streamed.append(ev.text);
      };
      for (char ch : c.input) sp.write(std::string_view(&ch, 1), sink);
      const toolcall::message m = sp.finish(sink);
      CHECK_MESSAGE(streamed == m.content, c.id);
      std::vector<std::string> all = markers;
      for (const auto& t : c.tools) {  // tag-per-tool XML: the tool names are the markers
        all.push_back("<" + t + ">");
        all.push_back("</" + t + ">");
      }
      for (const auto& mk : all) {
        const bool in_expected = c.has_content && c.content.find(mk) != std::string::npos;
        if (!in_expected) CHECK_MESSAGE(streamed.find(mk) == std::string::npos, c.id << " leaked " << mk);
      }
    }
  }

  TEST_CASE("a case that needs the request's tools has no call without them") {
    // tag-per-tool XML is recognised only against the request's tool names: with no tools
    // attached, each of its cases is text (reasoning aside), and its calls' tags stay in it
    toolcall::parser p{toolcall::parser_registry::builtin(), seeded()};
    int n = 0;
    for (const auto& c : tc_test::load_corpus()) {
      if (c.tools.empty() || c.family != "morph_xml") continue;
      ++n;
      const toolcall::message m = p.parse(c.input);
      CHECK_MESSAGE(m.calls.empty(), c.id);
      for (const auto& d : m.diagnostics) CHECK_MESSAGE(d.level != toolcall::severity::error, c.id);
      for (const auto& ec : c.calls) CHECK_MESSAGE(m.content.find("<" + ec.name) != std::string::npos, c.id);
    }
    CHECK(n >= 12);
  }

#ifdef TOOLCALL_CLI_PATH
  TEST_CASE("the CLI's parse --jsonl passes the corpus, one-shot and chunked") {
    const auto cases = tc_test::load_corpus(true);
    for (const char* extra : {"", " --chunk 1", " --chunk 5", " --chunk-seed 9"}) {
      const std::string cmd = std::string(TOOLCALL_CLI_PATH) + " parse --jsonl --seed 1" + extra + " < " +
                              TOOLCALL_TEST_DATA_DIR + "/corpus/public.jsonl";
      FILE* f = popen(cmd.c_str(), "r");
      REQUIRE(f != nullptr);
      std::string out;
      char buf[65536];
      std::size_t n;
      while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
      REQUIRE(pclose(f) == 0);
      simdjson::dom::parser jp;
      std::istringstream lines(out);
      std::string line;
      std::size_t k = 0;
      while (std::getline(lines, line)) {
        REQUIRE(k < cases.size());
        simdjson::dom::element d;
        REQUIRE(!jp.parse(line).get(d));
        CHECK(std::string_view(d["id"].get_string().value_unsafe()) == cases[k].id);
        toolcall::message m;
        simdjson::dom::element msg = d["message"].value_unsafe();
        std::string_view s;
        if (!msg["content"].get_string().get(s)) m.content = std::string(s);
        if (!msg["reasoning_content"].get_string().get(s)) {
          m.reasoning = std::string(s);
          m.has_reasoning = true;
        }
        simdjson::dom::array calls;
        if (!msg["tool_calls"].get_array().get(calls)) {
          for (simdjson::dom::element c : calls) {
            toolcall::call tc;
            tc.name = std::string(c["function"]["name"].get_string().value_unsafe());
            tc.arguments = std::string(c["function"]["arguments"].get_string().value_unsafe());
            tc.id = std::string(c["id"].get_string().value_unsafe());
            CHECK(std::string_view(c["type"].get_string().value_unsafe()) == "function");
            m.calls.push_back(tc);
          }
        }
        simdjson::dom::array diags;
        if (!d["diagnostics"].get_array().get(diags))
          for (auto x : diags) {
            (void)x;
            m.diagnostics.push_back({});
          }
        const std::string_view fr = d["finish_reason"].get_string().value_unsafe();
        CHECK(fr == (m.calls.empty() ? "stop" : "tool_calls"));
        const std::string err = tc_test::judge(cases[k], m);
        CHECK_MESSAGE(err.empty(), "cli" << extra << " " << cases[k].id << ": " << err);
        ++k;
      }
      CHECK(k == cases.size());
    }
  }
#endif
}
