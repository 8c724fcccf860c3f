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
#include <initializer_list>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <toolcall/json_writer.hpp>
#include <toolcall/openai.hpp>
#include <toolcall/toolcall.hpp>

#include "cli_history.hpp"

namespace {

const char* k_help = R"(toolcall - turn LLM output into OpenAI tool calls

usage:
  toolcall parse [options]        raw model output on stdin -> one JSON object on stdout
  toolcall parse --jsonl [opts]   each stdin line {"id": ..., "input": "..."} -> one line out
  toolcall stream --sse [opts]    raw model output on stdin, fed to the stream parser in pieces
                                  -> OpenAI chat.completion.chunk server-sent events on stdout
  toolcall stream [options]       the same, but the parser's events, one JSON line each
  toolcall accumulate [options]   OpenAI SSE on stdin -> the message, in parse's output shape
  toolcall history --check FILE   check an OpenAI messages array (FILE or - for stdin)
  toolcall history --llama31 FILE rewrite it for single-call templates (Llama 3.1)
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
  --model NAME      the formats of a model family (e.g. Qwen/Qwen2.5-Coder-7B-Instruct);
                    stream --sse also writes it as the chunks' "model"
  --seed N          deterministic call ids (and, for stream --sse, chunk id)
  --chunk N         feed the stream parser N-byte pieces (parse prints the folded message;
                    stream reads stdin N bytes at a time, default 4; accumulate reads N bytes
                    at a time, default 4096)
  --chunk-seed S    feed random pieces of 1..16 bytes drawn from seed S
  --reasoning MODE  detect (default) | open (the prompt opened <think>) | none
                    (with detect, text before the first marker stays undecided until the end,
                    as a lone </think> would make it reasoning: stream it live with open or none)
  --max-input-bytes N, --max-call-bytes N, --max-calls N, --max-depth N, --time-budget-ms N
  --tools FILE      (parse, stream) normalize calls against an OpenAI tools array (or an
                    object with a "tools" key): schema coercion, name repair, required fields

options of stream:
  --sse             write server-sent events (without it: one JSON line per event)
  --id ID           the chunks' "id" (default: chatcmpl- and 24 random characters)
  --created T       the chunks' "created", Unix seconds (default: now)
  --hold-calls      send each call whole when it ends ok, never one that failed
  --token-limit-hit the engine stopped at its token limit: finish_reason "length" unless
                    calls were made

options of accumulate:
  --chunks          stdin holds one chunk JSON per line instead of SSE
  --no-fallback     do not parse the content for tool-call markup when no calls arrived
  --choice N        follow choice N (default 0)
  --format, --model, --seed and the limits apply to the fallback parse of the content
)";

struct cli_opts {
  std::string cmd;
  std::string tools;
  std::string format, model;
  bool jsonl = false;
  std::size_t chunk = 0;  // 0: the command's default
  bool chunk_random = false;
  std::uint64_t chunk_seed = 0;
  toolcall::options opt;
  // stream
  bool sse = false, hold_calls = false;
  std::string id;
  std::int64_t created = 0;
  // accumulate
  bool chunks = false, fallback = true;
  std::size_t choice = 0;
};

/// --tools FILE: the normalizer plugs into the stream parser (issue #4).
bool attach_tools(toolcall::stream_parser& sp, const cli_opts& o) {
  if (o.tools.empty()) return true;
  toolcall::result<toolcall::normalizer> n = toolcall_cli_load_tools(o.tools);
  if (!n) {
    std::fprintf(stderr, "toolcall: --tools %s: %s\n", o.tools.c_str(), n.error().message().c_str());
    return false;
  }
  n->attach(sp);
  return true;
}

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
  if (!attach_tools(sp, o)) return 2;
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

/// Sizes of the pieces stdin is read in: fixed, or 1..16 bytes from a seed.
class piece_sizes {
 public:
  piece_sizes(const cli_opts& o, std::size_t fixed_default)
      : fixed_(o.chunk ? o.chunk : fixed_default), random_(o.chunk_random), rng_(o.chunk_seed) {}
  std::size_t next() { return random_ ? 1 + static_cast<std::size_t>(rng_() % 16) : fixed_; }

 private:
  std::size_t fixed_;
  bool random_;
  std::mt19937_64 rng_;
};

/// Reads stdin piece by piece (so a pipe streams), calling f(piece) for each.
template <typename F>
void for_each_stdin_piece(piece_sizes sizes, F&& f) {
  std::vector<char> buf;
  for (;;) {
    const std::size_t want = sizes.next();
    if (buf.size() < want) buf.resize(want);
    const std::size_t got = std::fread(buf.data(), 1, want, stdin);
    if (got > 0) f(std::string_view(buf.data(), got));
    if (got < want) break;
  }
}

void write_out(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }

/// One JSON line per parser event (`toolcall stream` without --sse).
void print_event(const toolcall::event& ev) {
  std::string o = "{\"event\":";
  switch (ev.kind) {
    case toolcall::event_kind::content:
    case toolcall::event_kind::reasoning:
      o += ev.kind == toolcall::event_kind::content ? "\"content\",\"text\":" : "\"reasoning\",\"text\":";
      toolcall::openai::append_json_string_utf8(o, ev.text);
      break;
    case toolcall::event_kind::call_begin:
      o += "\"call_begin\",\"index\":" + std::to_string(ev.index) + ",\"id\":";
      toolcall::openai::append_json_string_utf8(o, ev.id);
      o += ",\"name\":";
      toolcall::openai::append_json_string_utf8(o, ev.name);
      o += ",\"format\":";
      toolcall::openai::append_json_string_utf8(o, ev.format);
      break;
    case toolcall::event_kind::arguments_delta:
      o += "\"arguments_delta\",\"index\":" + std::to_string(ev.index) + ",\"text\":";
      toolcall::openai::append_json_string_utf8(o, ev.text);
      break;
    case toolcall::event_kind::call_end:
      o += "\"call_end\",\"index\":" + std::to_string(ev.index) + ",\"status\":\"";
      o += toolcall::to_string(ev.status);
      o += '"';
      break;
    case toolcall::event_kind::diagnostic: {
      const std::string d = toolcall::openai::diagnostics_json({*ev.diag});
      o += "\"diagnostic\",";
      o.append(d, 2, d.size() - 4);  // the object's members, without [{ and }]
      break;
    }
  }
  o += "}\n";
  write_out(o);
}

int cmd_stream(const cli_opts& o) {
  toolcall::stream_parser sp{make_registry(o), o.opt};
  if (!attach_tools(sp, o)) return 2;
  toolcall::message m;
  if (o.sse) {
    toolcall::openai::sse_options so;
    so.id = o.id;
    so.model = o.model;
    so.created = o.created;
    so.seed = o.opt.seed;
    so.hold_calls = o.hold_calls;
    toolcall::openai::sse_writer w{write_out, so};
    for_each_stdin_piece(piece_sizes(o, 4), [&](std::string_view piece) {
      sp.write(piece, w);
      std::fflush(stdout);
    });
    m = sp.finish(w);
    w.finish(m.finish);
  } else {
    auto sink = [](const toolcall::event& ev) { print_event(ev); };
    for_each_stdin_piece(piece_sizes(o, 4), [&](std::string_view piece) {
      sp.write(piece, sink);
      std::fflush(stdout);
    });
    m = sp.finish(sink);
    write_out(std::string("{\"event\":\"finish\",\"finish_reason\":\"") + toolcall::to_string(m.finish) + "\"}\n");
  }
  std::fflush(stdout);
  return 0;
}

int cmd_accumulate(const cli_opts& o) {
  toolcall::openai::accumulator_options ao;
  ao.parse = o.opt;
  ao.fallback = o.fallback;
  ao.choice = o.choice;
  toolcall::openai::delta_accumulator acc{ao};
  if (o.chunks) {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) acc.feed_chunk(line);
    }
  } else {
    for_each_stdin_piece(piece_sizes(o, 4096), [&](std::string_view piece) { acc.feed_sse(piece); });
  }
  std::cout << toolcall::openai::result_json(acc.finish(make_registry(o))) << '\n';
  return 0;
}

/// Parses the option at argv[i] (advancing i past its value). Returns false, after a message on
/// stderr, on an unknown option, a bad value, or an option of another command.
bool parse_option(int argc, char** argv, int& i, cli_opts& o) {
  const std::string a = argv[i];
  bool missing = false;
  auto value = [&]() -> const char* {
    if (i + 1 >= argc) {
      missing = true;
      return "";
    }
    return argv[++i];
  };
  // reads a number into `field`; false on a bad value
  auto number = [&](auto& field, std::size_t min = 0) {
    std::size_t v = 0;
    if (!parse_size(value(), v) || v < min) return false;
    field = static_cast<std::remove_reference_t<decltype(field)>>(v);
    return true;
  };
  auto only = [&](std::initializer_list<const char*> cmds) {
    for (const char* c : cmds)
      if (o.cmd == c) return true;
    return false;
  };
  std::size_t ms = 0;
  bool ok = true;
  // options of every command
  if (a == "--format") o.format = value();
  else if (a == "--model") o.model = value();
  else if (a == "--seed") ok = number(o.opt.seed);
  else if (a == "--chunk") ok = number(o.chunk, 1);
  else if (a == "--chunk-seed") ok = number(o.chunk_seed) && (o.chunk_random = true);
  else if (a == "--max-input-bytes") ok = number(o.opt.max_input_bytes);
  else if (a == "--max-call-bytes") ok = number(o.opt.max_call_bytes);
  else if (a == "--max-calls") ok = number(o.opt.max_calls);
  else if (a == "--max-depth") ok = number(o.opt.max_depth);
  else if (a == "--time-budget-ms") {
    ok = number(ms);
    o.opt.time_budget = std::chrono::milliseconds(ms);
  } else if (a == "--reasoning") {
    const std::string m = value();
    if (m == "open") o.opt.reasoning = toolcall::reasoning_start::open;
    else if (m == "none") o.opt.reasoning = toolcall::reasoning_start::none;
    else o.opt.reasoning = toolcall::reasoning_start::detect;
  }
  // parse
  else if (a == "--jsonl" && only({"parse"})) o.jsonl = true;
  else if (a == "--tools" && only({"parse", "stream"})) o.tools = value();
  // stream
  else if (a == "--sse" && only({"stream"})) o.sse = true;
  else if (a == "--id" && only({"stream"})) o.id = value();
  else if (a == "--created" && only({"stream"})) ok = number(o.created);
  else if (a == "--hold-calls" && only({"stream"})) o.hold_calls = true;
  else if (a == "--token-limit-hit" && only({"stream"})) o.opt.token_limit_hit = true;
  // accumulate
  else if (a == "--chunks" && only({"accumulate"})) o.chunks = true;
  else if (a == "--no-fallback" && only({"accumulate"})) o.fallback = false;
  else if (a == "--choice" && only({"accumulate"})) ok = number(o.choice);
  else ok = false;
  if (missing) {
    std::fprintf(stderr, "toolcall: %s needs a value\n", a.c_str());
    std::exit(2);
  }
  if (!ok) std::fprintf(stderr, "toolcall: unknown or bad option %s (see --help)\n", a.c_str());
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
    std::fputs(k_help, stdout);
    return argc < 2 ? 2 : 0;
  }
  const std::string cmd = argv[1];
  if (cmd == "history") return toolcall_cli_history(argc, argv);
  if (cmd == "formats") {
    const toolcall::parser_registry reg = toolcall::parser_registry::builtin();
    for (const auto& f : reg.formats())
      std::printf("%3d  %s\n", f.priority(), f.name().c_str());
    return 0;
  }
  cli_opts o;
  o.cmd = cmd;
  if (cmd != "parse" && cmd != "stream" && cmd != "accumulate") {
    std::fprintf(stderr, "toolcall: unknown command %s (see --help)\n", cmd.c_str());
    return 2;
  }
  for (int i = 2; i < argc; ++i)
    if (!parse_option(argc, argv, i, o)) return 2;
  if (!o.format.empty() && !toolcall::format::builtin(o.format)) {
    std::fprintf(stderr, "toolcall: unknown format %s (see `toolcall formats`)\n", o.format.c_str());
    return 2;
  }
  if (cmd == "parse") return cmd_parse(o);
  if (cmd == "stream") return cmd_stream(o);
  return cmd_accumulate(o);
}
