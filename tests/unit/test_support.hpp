// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// Shared test helpers: the corpus reader, the judging rules of tests/data/corpus/README.md, and
// an event folder that rebuilds a message from stream events as a client would.
#ifndef TOOLCALL_TESTS_TEST_SUPPORT_HPP
#define TOOLCALL_TESTS_TEST_SUPPORT_HPP

#include <simdjson.h>

#include <cmath>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <toolcall/message_builder.hpp>
#include <toolcall/toolcall.hpp>

#ifndef TOOLCALL_TEST_DATA_DIR
#define TOOLCALL_TEST_DATA_DIR "tests/data"
#endif

namespace tc_test {

/// Options whose result is a function of the text alone: a fixed seed (the same call ids
/// whatever the chunking) and no deadline. The time budget is a wall-clock deadline; on a loaded
/// machine (the sanitizer step runs two shards and node on two cores) one parse of thousands can
/// pass the default 100 ms and turn its calls into content, which says nothing about the text.
/// The budget's own tests set theirs.
inline toolcall::options deterministic(std::uint64_t seed) {
  toolcall::options o;
  o.seed = seed;
  o.time_budget = std::chrono::microseconds(0);
  return o;
}

/// `opt` for a chunking comparison: the default deadline lifted (see deterministic()), a budget
/// the caller chose kept.
inline toolcall::options compared(toolcall::options opt) {
  if (opt.time_budget == toolcall::options{}.time_budget) opt.time_budget = std::chrono::microseconds(0);
  return opt;
}

struct expected_call {
  std::string name;
  std::string arguments;  // JSON text
};

struct corpus_case {
  std::string id, family, input;
  std::vector<expected_call> calls;
  bool has_content = false;
  std::string content;
  bool has_reasoning = false;
  std::string reasoning;
  bool error = false;
  std::string content_contains;
  std::vector<std::string> tools;  ///< the request's tool names, for formats that need them
  /// The request's OpenAI `tools` array (JSON text) when the case has a "tools" field: a name
  /// gives `{"type": "object"}` parameters, an object is taken as the tool's definition.
  std::string tools_json;
};

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// The public corpus: public.jsonl, then every file in corpus/new/ (the families added later,
/// one file per group), in name order.
inline std::vector<std::string> corpus_files(bool public_only = false) {
  const std::string dir = std::string(TOOLCALL_TEST_DATA_DIR) + "/corpus";
  std::vector<std::string> files;
  std::error_code ec;
  if (!public_only)
    for (const auto& e : std::filesystem::directory_iterator(dir + "/new", ec))
    if (e.path().extension() == ".jsonl") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  files.insert(files.begin(), dir + "/public.jsonl");
  return files;
}

inline std::vector<corpus_case> load_corpus(bool public_only = false) {
  std::vector<corpus_case> out;
  std::string text;
  for (const auto& f : corpus_files(public_only)) text += read_file(f) + "\n";
  simdjson::dom::parser p;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    simdjson::dom::element d;
    if (p.parse(line).get(d)) continue;
    corpus_case c;
    c.id = std::string(d["id"].get_string().value_unsafe());
    c.family = std::string(d["family"].get_string().value_unsafe());
    c.input = std::string(d["input"].get_string().value_unsafe());
    simdjson::dom::array tools;
    if (!d["tools"].get_array().get(tools)) {
      c.tools_json = "[";
      for (simdjson::dom::element t : tools) {
        if (c.tools_json.size() > 1) c.tools_json += ',';
        std::string_view tn;
        if (!t.get_string().get(tn)) {
          c.tools.emplace_back(tn);
          c.tools_json += R"({"type":"function","function":{"name":)" + simdjson::minify(t) +
                          R"(,"parameters":{"type":"object"}}})";
          continue;
        }
        // a whole definition: {"type": "function", "function": {...}} or flat {"name", ...}
        simdjson::dom::element fn = t;
        simdjson::dom::element inner;
        if (!t["function"].get(inner) && inner.is_object()) fn = inner;
        if (!fn["name"].get_string().get(tn)) c.tools.emplace_back(tn);
        c.tools_json += simdjson::minify(t);
      }
      c.tools_json += ']';
    }
    simdjson::dom::element e = d["expect"].value_unsafe();
    simdjson::dom::array calls;
    if (!e["tool_calls"].get_array().get(calls)) {
      for (simdjson::dom::element x : calls) {
        expected_call ec;
        ec.name = std::string(x["name"].get_string().value_unsafe());
        ec.arguments = simdjson::minify(x["arguments"].value_unsafe());
        c.calls.push_back(ec);
      }
    }
    std::string_view sv;
    if (!e["content"].get_string().get(sv)) {
      c.has_content = true;
      c.content = std::string(sv);
    }
    if (!e["reasoning"].get_string().get(sv)) {
      c.has_reasoning = true;
      c.reasoning = std::string(sv);
    }
    bool b = false;
    if (!e["error"].get_bool().get(b)) c.error = b;
    if (!e["content_contains"].get_string().get(sv)) c.content_contains = std::string(sv);
    out.push_back(std::move(c));
  }
  return out;
}

/// The case's tools as a normalizer attached to `p` (a parser or a stream_parser); a case
/// without tools gets none (any previous filter is removed). False if the tools do not compile.
template <typename Parser>
inline bool attach_tools(const corpus_case& c, Parser& p) {
  if (c.tools_json.empty()) {
    toolcall::normalizer{}.attach(p);
    return true;
  }
  toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(c.tools_json);
  if (!n) return false;
  n->attach(p);
  return true;
}

inline std::string trim(std::string_view s) {
  auto ws = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return std::string(s);
}

/// Deep JSON equality with the corpus rules: key order ignored, numbers by value.
inline bool json_equal(simdjson::dom::element a, simdjson::dom::element b) {
  using T = simdjson::dom::element_type;
  auto num = [](simdjson::dom::element e, double& d) {
    switch (e.type()) {
      case T::INT64: d = static_cast<double>(int64_t(e)); return true;
      case T::UINT64: d = static_cast<double>(uint64_t(e)); return true;
      case T::DOUBLE: d = double(e); return true;
      default: return false;
    }
  };
  double x = 0, y = 0;
  if (num(a, x) && num(b, y)) return x == y;
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case T::STRING: return std::string_view(a) == std::string_view(b);
    case T::BOOL: return bool(a) == bool(b);
    case T::NULL_VALUE: return true;
    case T::ARRAY: {
      simdjson::dom::array aa = a, bb = b;
      if (aa.size() != bb.size()) return false;
      auto it = bb.begin();
      for (simdjson::dom::element v : aa) {
        if (!json_equal(v, *it)) return false;
        ++it;
      }
      return true;
    }
    case T::OBJECT: {
      simdjson::dom::object oa = a, ob = b;
      if (oa.size() != ob.size()) return false;
      for (auto kv : oa) {
        simdjson::dom::element other;
        if (ob[kv.key].get(other)) return false;
        if (!json_equal(kv.value, other)) return false;
      }
      return true;
    }
    default: return false;
  }
}

inline bool json_text_equal(const std::string& a, const std::string& b) {
  simdjson::dom::parser pa, pb;
  simdjson::dom::element ea, eb;
  if (pa.parse(a).get(ea) || pb.parse(b).get(eb)) return false;
  return json_equal(ea, eb);
}

/// Returns "" when the message satisfies the case, else what differs.
inline std::string judge(const corpus_case& c, const toolcall::message& m) {
  std::string err;
  if (m.calls.size() != c.calls.size()) {
    err += "calls " + std::to_string(m.calls.size()) + " != " + std::to_string(c.calls.size()) + "; ";
  } else {
    for (std::size_t k = 0; k < c.calls.size(); ++k) {
      if (m.calls[k].name != c.calls[k].name) err += "name " + m.calls[k].name + " != " + c.calls[k].name + "; ";
      if (!json_text_equal(m.calls[k].arguments, c.calls[k].arguments))
        err += "arguments " + m.calls[k].arguments + " != " + c.calls[k].arguments + "; ";
    }
  }
  if (c.has_content && trim(m.content) != trim(c.content)) err += "content [" + m.content + "]; ";
  if (c.has_reasoning && trim(m.reasoning) != trim(c.reasoning)) err += "reasoning [" + m.reasoning + "]; ";
  if (c.error) {
    if (m.diagnostics.empty()) err += "no diagnostic; ";
    if (m.content.find(c.content_contains) == std::string::npos) err += "content lacks the expected text; ";
  }
  return err;
}

/// Folds events into a message as a client would, and checks the stream invariants.
/// The library's message_builder, with the names the tests use: `m`, the folded message, and
/// `violations`, the event-order problems it saw.
struct folder : toolcall::message_builder {
  toolcall::message& m = msg();
  std::vector<std::string>& violations = problems();
  folder() = default;
  folder(const folder& o) : toolcall::message_builder(o), m(msg()), violations(problems()) {}
  folder& operator=(const folder& o) {
    toolcall::message_builder::operator=(o);
    return *this;
  }
};

/// "" when two messages are the same (content, reasoning, calls with ids, diagnostics codes).
inline std::string same_message(const toolcall::message& a, const toolcall::message& b) {
  std::string err;
  if (a.content != b.content) err += "content [" + a.content + "] vs [" + b.content + "]; ";
  if (a.reasoning != b.reasoning) err += "reasoning differs; ";
  if (a.has_reasoning != b.has_reasoning) err += "has_reasoning differs; ";
  if (a.calls.size() != b.calls.size()) {
    err += "call count differs; ";
  } else {
    for (std::size_t k = 0; k < a.calls.size(); ++k) {
      if (a.calls[k].name != b.calls[k].name) err += "name differs; ";
      if (a.calls[k].arguments != b.calls[k].arguments)
        err += "arguments [" + a.calls[k].arguments + "] vs [" + b.calls[k].arguments + "]; ";
      if (a.calls[k].id != b.calls[k].id) err += "id differs; ";
      if (a.calls[k].status != b.calls[k].status) err += "status differs; ";
    }
  }
  if (a.diagnostics.size() != b.diagnostics.size()) {
    err += "diagnostic count differs; ";
  } else {
    for (std::size_t k = 0; k < a.diagnostics.size(); ++k)
      if (a.diagnostics[k].code != b.diagnostics[k].code || a.diagnostics[k].offset != b.diagnostics[k].offset)
        err += "diagnostic differs; ";
  }
  return err;
}

// ---------------------------------------------------------------------------------------------
// The split-and-compare harness: a text streamed under many chunkings must give, every time,
// the one-shot message, both as finish() returns it and as a client folds it from the events.

/// Where a streamed text is cut: the offset at which each write but the last ends.
using cut_plan = std::vector<std::size_t>;

/// The chunkings the harness streams a text under.
struct chunkings {
  bool two_pieces = true;                    ///< two writes split at every offset 0..n
  std::vector<std::size_t> sizes = {1};      ///< fixed-size writes of each of these sizes
  int random = 0;                            ///< random writes of 1..16 bytes, seeded by n
};

inline std::vector<cut_plan> plans_of(std::size_t n, const chunkings& how = {}) {
  std::vector<cut_plan> plans;
  if (how.two_pieces)
    for (std::size_t k = 0; k <= n; ++k) plans.push_back({k});
  for (std::size_t size : how.sizes) {
    cut_plan cuts;
    for (std::size_t k = size; k < n; k += size) cuts.push_back(k);
    plans.push_back(cuts);
  }
  std::mt19937 rng(static_cast<unsigned>(n));
  for (int r = 0; r < how.random; ++r) {
    cut_plan cuts;
    for (std::size_t k = 1 + rng() % 16; k < n; k += 1 + rng() % 16) cuts.push_back(k);
    plans.push_back(cuts);
  }
  return plans;
}

inline std::string describe(const cut_plan& cuts) {
  std::string s = std::to_string(cuts.size() + 1) + " writes, cut at ";
  for (std::size_t k = 0; k < cuts.size() && s.size() < 100; ++k) s += std::to_string(cuts[k]) + ",";
  return s;
}

/// Writes `text` to `sp` in the pieces `cuts` gives, then finishes; every event goes to `sink`.
/// The caller resets `sp` before.
template <typename Sink>
inline toolcall::message write_cut(toolcall::stream_parser& sp, std::string_view text, const cut_plan& cuts, Sink&& sink) {
  std::size_t pos = 0;
  for (std::size_t c : cuts) {
    sp.write(text.substr(pos, c - pos), sink);
    pos = c;
  }
  sp.write(text.substr(pos), sink);
  return sp.finish(sink);
}

/// More checks on one streamed run (its finished message and its folder): "" or the problem.
using run_check = std::function<std::string(const toolcall::message& fin, const folder& f)>;

/// Streams `text` through `sp` under every chunking of `how` (resetting it with `opt` before
/// each, so the request's tools attached once stay) and compares with `one`, the one-shot
/// message: "" when every run matches, else the first run that did not and how.
inline std::string stream_matches(toolcall::stream_parser& sp, const toolcall::options& opt, const std::string& text,
                                  const toolcall::message& one, const chunkings& how = {},
                                  const run_check& extra = {}) {
  for (const cut_plan& cuts : plans_of(text.size(), how)) {
    sp.reset(compared(opt), toolcall::keep_request);
    folder f;
    const toolcall::message fin = write_cut(sp, text, cuts, f);
    std::string err;
    const std::string a = same_message(one, fin), b = same_message(one, f.m);
    if (!a.empty()) err += "finish: " + a;
    if (!b.empty()) err += "folded: " + b;
    if (!f.violations.empty()) err += "events: " + f.violations.front();
    if (err.empty() && extra) err = extra(fin, f);
    if (!err.empty()) return describe(cuts) + ": " + err;
  }
  return "";
}

/// Attaches nothing (see split_compare).
struct no_tools {
  template <typename P>
  void operator()(P&) const {}
};

struct split_result {
  toolcall::message one;  ///< the one-shot message
  std::string err;        ///< "" or the first chunking whose stream differs from it
};

/// The harness for a registry: one-shot with a parser, then streamed with a stream_parser, both
/// made from `reg` and `opt` and given the request by `attach` (a callable taking either).
template <typename Attach = no_tools>
inline split_result split_compare(const toolcall::parser_registry& reg, const toolcall::options& opt,
                                  const std::string& text, const chunkings& how = {}, Attach attach = {},
                                  const run_check& extra = {}) {
  const toolcall::options o = compared(opt);
  toolcall::parser p{reg, o};
  attach(p);
  split_result r{p.parse(text), ""};
  toolcall::stream_parser sp{reg, o};
  attach(sp);
  r.err = stream_matches(sp, o, text, r.one, how, extra);
  return r;
}

/// The request's tools as an OpenAI `tools` JSON array (empty: none), attached to a parser and a
/// stream parser alike (an `Attach` for split_compare).
struct with_tools {
  std::string json;
  template <typename P>
  void operator()(P& p) const {
    if (json.empty()) return;
    toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(json);
    REQUIRE(n);
    n->attach(p);
  }
};

/// A call a case expects: its name, its arguments as JSON text (compared as JSON values, or as
/// the same text when a number no double holds is in them) and, when given, its format.
struct want_call {
  std::string name;
  std::string arguments;
  const char* format = nullptr;
};

/// What else a case checks (nullptr: not checked), and how it runs.
struct want_more {
  const char* content = nullptr;
  const char* reasoning = nullptr;
  std::string tools{};  ///< the request's tools (with_tools)
  unsigned seed = 11;
};

/// The peer-fixture harness, written once: one-shot with `reg`, then streamed at every split
/// point and in 1-byte writes (split_compare); every chunking gives the one-shot message, and
/// that message holds the calls `want` (and the content and reasoning `more` names). Returns it.
inline toolcall::message expect_message(const toolcall::parser_registry& reg, const std::string& text,
                                        const std::vector<want_call>& want, const want_more& more = {}) {
  toolcall::options o;
  o.seed = more.seed;
  const split_result r = split_compare(reg, o, text, {}, with_tools{more.tools});
  CHECK_MESSAGE(r.err.empty(), text << ": " << r.err);
  const toolcall::message& m = r.one;
  CHECK_MESSAGE(m.calls.size() == want.size(), text << " -> content [" << m.content << "]");
  if (m.calls.size() == want.size())
    for (std::size_t k = 0; k < want.size(); ++k) {
      CHECK_MESSAGE(m.calls[k].name == want[k].name, text);
      CHECK_MESSAGE((m.calls[k].arguments == want[k].arguments || json_text_equal(m.calls[k].arguments, want[k].arguments)),
                    text << ": " << m.calls[k].arguments);
      if (want[k].format) CHECK_MESSAGE(m.calls[k].format == want[k].format, text << ": " << m.calls[k].format);
    }
  if (more.content) CHECK_MESSAGE(m.content == more.content, text << " -> [" << m.content << "]");
  if (more.reasoning) CHECK_MESSAGE(m.reasoning == more.reasoning, text << " -> reasoning [" << m.reasoning << "]");
  return r.one;
}

/// Whether the message carries a diagnostic with this code.
inline bool has_diagnostic(const toolcall::message& m, toolcall::errc code) {
  for (const auto& d : m.diagnostics)
    if (d.code == code) return true;
  return false;
}

/// A registry of one built-in format.
inline toolcall::parser_registry only_format(const char* name) {
  toolcall::result<toolcall::parser_registry> r = toolcall::parser_registry::only(name);
  REQUIRE(r);
  return *r;
}

// ---------------------------------------------------------------------------------------------
// The built-in families, as the registry holds them. Tests that go over every family take the
// names from parser_registry::builtin(); what a test needs to know per family is here, once,
// and registry_test checks this table against the registry both ways.

struct family_row {
  const char* format;  ///< a built-in format's name
  /// A hub model whose for_model() preset enables the format; nullptr when no preset does.
  const char* model;
  /// A corpus case (tests/data/corpus) the format alone parses, its calls attributed to it;
  /// for `reasoning`, a case whose reasoning it separates.
  const char* corpus_id;
};

inline const std::vector<family_row>& families() {
  static const std::vector<family_row> rows = {
      {"reasoning", "Qwen/Qwen3-8B", "reasoning-p02"},
      {"hy3", "tencent/Hy3-preview", "hy3-p05"},
      {"k2_horizon", "LLM360/K2-Horizon", "k2h-p01"},
      {"minimax_m1", "MiniMaxAI/MiniMax-M1-80k", "mm1-p09"},
      {"minicpm", "openbmb/MiniCPM4.1-8B", "minicpm-p09"},
      {"granite", "ibm-granite/granite-3.3-8b-instruct", "granite-p09"},
      {"hermes", "NousResearch/Hermes-3-Llama-3.1-8B", "qwen-tag-p11"},
      {"qwen3_coder", "Qwen/Qwen3-Coder-30B-A3B-Instruct", "qwen3-coder-p05"},
      {"qwen_tools", "Qwen/Qwen2.5-7B-Instruct", "qwen-tools-p08"},
      {"qwen_function", "Qwen/Qwen2.5-7B-Instruct", "qwen-func-p10"},
      {"named_function", "Qwen/Qwen2.5-Coder-7B-Instruct", "qwen-func-p09"},
      {"qwen_bracket", "Qwen/Qwen2.5-7B-Instruct", "qwen-bracket-p07"},
      {"glm", "zai-org/GLM-4.6", "glm-p01"},
      {"internlm2", "internlm/internlm2_5-7b-chat", "internlm2-p08"},
      {"seed_oss", "ByteDance-Seed/Seed-OSS-36B-Instruct", "seed-oss-p06"},
      {"jamba", "ai21labs/AI21-Jamba-1.5-Mini", "jamba-p10"},
      {"minimax_m2", "MiniMaxAI/MiniMax-M2", "minimax-m2-p06"},
      {"xlam", "Salesforce/xLAM-2-32b-fc-r", "xlam-p01"},
      {"deepseek_dsml", "deepseek-ai/DeepSeek-V3.2", "deepseek-dsml-p06"},
      {"apertus", "swiss-ai/Apertus-8B-Instruct-2509", "apertus-p08"},
      {"openai", nullptr, "openai-json-p04"},
      {"cohere", "CohereLabs/c4ai-command-a-03-2025", "cohere-p10"},
      {"gigachat3", "ai-sage/GigaChat3-10B-A1.8B", "gigachat3-p05"},
      {"functools", "microsoft/Phi-4-mini-instruct", "functools-p06"},
      {"dots", "rednote-hilab/dots.llm1.inst", "dots-p03"},
      {"command_r", "CohereForAI/c4ai-command-r-plus-08-2024", "command-r-p05"},
      {"inkling", "thinkingmachines/Inkling", "inkling-p04"},
      {"plamo3", "pfnet/plamo-3-nict-31b-chat", "plamo3-p09"},
      {"solar_open", "upstage/Solar-Open-100B", "solar-open-p09"},
      {"sarashina", "sbintuitions/sarashina2.2-3b-instruct-v0.1", "sarashina-p09"},
      {"llama3_json", "meta-llama/Llama-3.1-8B-Instruct", "llama3-json-p06"},
      {"nemotron_json", "nvidia/Llama-3_3-Nemotron-Super-49B-v1_5", "nemotron-p10"},
      {"longcat", "meituan-longcat/LongCat-Flash-Chat", "longcat-p09"},
      {"hyperclovax", "naver-hyperclovax/HyperCLOVAX-SEED-Think-14B", "hcx-p06"},
      {"solar_open2", "upstage/Solar-Open2-250B", "solar-open2-p06"},
      {"function_key", "meta-llama/Llama-3.1-8B-Instruct", "petals-p05"},
      {"minimax_m3", "MiniMaxAI/MiniMax-M3", "minimax-m3-p09"},
      {"pythonic", "meta-llama/Llama-4-Scout-17B-16E-Instruct", "pythonic-p03"},
      {"lfm2", "LiquidAI/LFM2-1.2B", "lfm2-p11"},
      {"olmo3", "allenai/Olmo-3-7B-Instruct", "olmo3-p10"},
      {"granite_pythonic", "ibm-granite/granite-3.3-8b-instruct", "granite-py-p12"},
      {"mistral", "mistralai/Mistral-Small-3.2-24B-Instruct-2506", "mistral-v11-p07"},
      {"step3", "stepfun-ai/step3", "step3-p06"},
      {"deepseek", "deepseek-ai/DeepSeek-V3-0324", "deepseek-p10"},
      {"kimi_k2", "moonshotai/Kimi-K2-Instruct", "kimi-k2-p09"},
      {"harmony", "openai/gpt-oss-20b", "harmony-p04"},
      {"gemma4", "google/gemma-4-31B-it", "gemma4-p12"},
      {"function_gemma", "google/functiongemma-270m-it", "function-gemma-p12"},
      {"functionary_v32", "meetkai/functionary-small-v3.2", "functionary-v32-p07"},
      {"fenced", "Qwen/Qwen2.5-7B-Instruct", "fenced-p02"},
      {"morph_xml", nullptr, "morph-xml-p06"},
      {"gigachat35", "ai-sage/GigaChat3.5-Lightning", "gc35-p05"},
      {"kimi_k3", "moonshotai/Kimi-K3", "k3-p05"},
      {"muse_glimmer", "muse/Muse-Glimmer-27B", "muse-p01"},
  };
  return rows;
}

inline const family_row* family(std::string_view format) {
  for (const auto& r : families())
    if (format == r.format) return &r;
  return nullptr;
}

/// The names of the built-in formats, by priority.
inline std::vector<std::string> builtin_names() {
  std::vector<std::string> v;
  const toolcall::parser_registry r = toolcall::parser_registry::builtin();
  for (const auto& f : r.formats()) v.push_back(f.name());
  return v;
}

/// Every literal a built-in format declares: its triggers, markers and reasoning pairs (what the
/// engine scans for), by format name. The one place the tests read a format's definition.
inline std::map<std::string, std::set<std::string>> builtin_literals() {
  std::map<std::string, std::set<std::string>> out;
  const toolcall::parser_registry r = toolcall::parser_registry::builtin();
  for (const auto& f : r.formats()) {
    auto& s = out[f.name()];
    for (const auto& t : toolcall::detail::def_of(f).triggers) s.insert(t.text);
    for (const auto& m : toolcall::detail::def_of(f).markers) s.insert(m);
    for (const auto& m : toolcall::detail::def_of(f).section_openers) s.insert(m);
    for (const auto& p : toolcall::detail::def_of(f).reasoning) {
      s.insert(p.open);
      s.insert(p.close);
    }
  }
  return out;
}

/// Does some built-in for_model() preset enable `format`?
inline bool preset_enables(std::string_view format) {
  const toolcall::parser_registry r = toolcall::parser_registry::builtin();
  for (const auto& f : r.formats())
    for (const auto& p : toolcall::detail::def_of(f).presets)
      for (const auto& n : p.formats)
        if (n == format) return true;
  return false;
}

/// The corpus case with this id, or nullptr.
inline const corpus_case* find_case(const std::vector<corpus_case>& cases, std::string_view id) {
  for (const auto& c : cases)
    if (c.id == id) return &c;
  return nullptr;
}

}  // namespace tc_test

#endif  // TOOLCALL_TESTS_TEST_SUPPORT_HPP
