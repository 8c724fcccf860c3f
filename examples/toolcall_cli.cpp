// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The `toolcall` command-line tool, also the conformance runner (issues #2, #3, #4).
#include <simdjson.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <toolcall/json_writer.hpp>
#include <toolcall/toolcall.hpp>

namespace {

const char* k_help = R"(toolcall - turn LLM output into OpenAI tool calls

usage:
  toolcall parse [options]        raw model output on stdin -> one JSON object on stdout
  toolcall parse --jsonl [opts]   each stdin line {"id": ..., "input": "..."} -> one line out
  toolcall formats                list the built-in formats and their priorities
  toolcall --help                 this text

output of parse:
  {"message": {"role": "assistant", "content": <string|null>,
               "reasoning_content": <string, only with reasoning>,
               "tool_calls": [{"id", "type": "function", "function": {"name", "arguments"}}]},
   "finish_reason": "tool_calls"|"stop"|"length",
   "diagnostics": [{"code", "offset", "message", "severity"}]}
  with --jsonl each line also carries "id" (copied from the input line).

options:
  --format NAME     only this format (plus reasoning blocks); see `toolcall formats`
  --model NAME      the formats of a model family (e.g. Qwen/Qwen2.5-Coder-7B-Instruct)
  --seed N          deterministic call ids
  --chunk N         feed the stream parser N-byte pieces (prints the folded message)
  --chunk-seed S    feed random pieces of 1..16 bytes drawn from seed S
  --reasoning MODE  detect (default) | open (the prompt opened <think>) | none
  --max-input-bytes N, --max-call-bytes N, --max-calls N, --max-depth N, --time-budget-ms N
)";

struct cli_opts {
  std::string format, model;
  bool jsonl = false;
  std::size_t chunk = 0;
  bool chunk_random = false;
  std::uint64_t chunk_seed = 0;
  toolcall::options opt;
};

toolcall::parser_registry make_registry(const cli_opts& o) {
  if (!o.format.empty()) return toolcall::parser_registry::only(o.format);
  if (!o.model.empty()) return toolcall::parser_registry::for_model(o.model);
  return toolcall::parser_registry::builtin();
}

toolcall::message run_one(toolcall::stream_parser& sp, const std::string& text, const cli_opts& o) {
  sp.reset(o.opt);
  if (o.chunk == 0 && !o.chunk_random) {
    sp.write(text);
    return sp.finish();
  }
  // fold the events ourselves, as a client would, and return that message
  toolcall::message folded;
  std::vector<toolcall::call> open;
  auto sink = [&](const toolcall::event& ev) {
    switch (ev.kind) {
      case toolcall::event_kind::content: folded.content.append(ev.text); break;
      case toolcall::event_kind::reasoning:
        folded.has_reasoning = true;
        folded.reasoning.append(ev.text);
        break;
      case toolcall::event_kind::call_begin: {
        if (open.size() <= ev.index) open.resize(ev.index + 1);
        open[ev.index].id = std::string(ev.id);
        open[ev.index].name = std::string(ev.name);
        break;
      }
      case toolcall::event_kind::arguments_delta: open[ev.index].arguments.append(ev.text); break;
      case toolcall::event_kind::call_end:
        if (ev.status == toolcall::call_status::ok || ev.status == toolcall::call_status::repaired ||
            ev.status == toolcall::call_status::normalized || ev.status == toolcall::call_status::unknown_tool)
          folded.calls.push_back(open[ev.index]);
        break;
      case toolcall::event_kind::diagnostic: folded.diagnostics.push_back(*ev.diag); break;
    }
  };
  std::mt19937_64 rng(o.chunk_seed);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t n = o.chunk_random ? 1 + static_cast<std::size_t>(rng() % 16) : o.chunk;
    if (n > text.size() - pos) n = text.size() - pos;
    sp.write(std::string_view(text).substr(pos, n), sink);
    pos += n;
  }
  toolcall::message m = sp.finish(sink);
  folded.finish = m.finish;
  return folded;
}

bool parse_size(const char* s, std::size_t& out) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s, &end, 10);
  if (!end || *end) return false;
  out = static_cast<std::size_t>(v);
  return true;
}

int cmd_parse(const cli_opts& o) {
  toolcall::stream_parser sp{make_registry(o), o.opt};
  if (!o.jsonl) {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    std::cout << toolcall::openai::result_json(run_one(sp, text, o)) << '\n';
    return 0;
  }
  simdjson::dom::parser jp;
  std::string line;
  std::size_t lineno = 0;
  while (std::getline(std::cin, line)) {
    ++lineno;
    if (line.empty()) continue;
    simdjson::dom::element doc;
    std::string out;
    std::string id_json = "null";
    std::string_view input;
    bool ok = false;
    if (!jp.parse(line).get(doc)) {
      simdjson::dom::element idv;
      if (!doc["id"].get(idv)) id_json = simdjson::minify(idv);
      ok = !doc["input"].get_string().get(input);
    }
    if (!ok) {
      toolcall::message m;
      m.diagnostics.push_back({toolcall::errc::invalid_input, 0,
                               "line " + std::to_string(lineno) + " is not {\"id\": ..., \"input\": \"...\"}",
                               toolcall::severity::error});
      out = toolcall::openai::result_json(m);
    } else {
      out = toolcall::openai::result_json(run_one(sp, std::string(input), o));
    }
    // splice "id" in front
    std::cout << "{\"id\":" << id_json << ',' << out.substr(1) << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
    std::fputs(k_help, stdout);
    return argc < 2 ? 2 : 0;
  }
  const std::string cmd = argv[1];
  if (cmd == "formats") {
    const toolcall::parser_registry reg = toolcall::parser_registry::builtin();
    for (const auto& f : reg.formats())
      std::printf("%3d  %s\n", f.priority(), f.name().c_str());
    return 0;
  }
  cli_opts o;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto need = [&](const char* what) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "toolcall: %s needs a value\n", what);
        std::exit(2);
      }
      return argv[++i];
    };
    std::size_t v = 0;
    if (a == "--jsonl") o.jsonl = true;
    else if (a == "--format") o.format = need("--format");
    else if (a == "--model") o.model = need("--model");
    else if (a == "--seed" && parse_size(need("--seed"), v)) o.opt.seed = v;
    else if (a == "--chunk" && parse_size(need("--chunk"), v) && v > 0) o.chunk = v;
    else if (a == "--chunk-seed" && parse_size(need("--chunk-seed"), v)) { o.chunk_random = true; o.chunk_seed = v; }
    else if (a == "--max-input-bytes" && parse_size(need(a.c_str()), v)) o.opt.max_input_bytes = v;
    else if (a == "--max-call-bytes" && parse_size(need(a.c_str()), v)) o.opt.max_call_bytes = v;
    else if (a == "--max-calls" && parse_size(need(a.c_str()), v)) o.opt.max_calls = v;
    else if (a == "--max-depth" && parse_size(need(a.c_str()), v)) o.opt.max_depth = v;
    else if (a == "--time-budget-ms" && parse_size(need(a.c_str()), v)) o.opt.time_budget = std::chrono::milliseconds(v);
    else if (a == "--reasoning") {
      const std::string m = need("--reasoning");
      if (m == "open") o.opt.reasoning = toolcall::reasoning_start::open;
      else if (m == "none") o.opt.reasoning = toolcall::reasoning_start::none;
      else o.opt.reasoning = toolcall::reasoning_start::detect;
    } else {
      std::fprintf(stderr, "toolcall: unknown or bad option %s (see --help)\n", a.c_str());
      return 2;
    }
  }
  if (!o.format.empty() && !toolcall::format::builtin(o.format)) {
    std::fprintf(stderr, "toolcall: unknown format %s (see `toolcall formats`)\n", o.format.c_str());
    return 2;
  }
  if (cmd == "parse") return cmd_parse(o);
  std::fprintf(stderr, "toolcall: unknown command %s (see --help)\n", cmd.c_str());
  return 2;
}
