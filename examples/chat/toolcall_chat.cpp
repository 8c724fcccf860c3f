// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// toolcall-chat: the reference inference loop of issue #8, in one readable program. It shows where
// toolcall sits in a real token loop:
//
//   messages + tools ──► Qwen3 ChatML prompt (chat_template.hpp) ──► token ids (tokenizer.hpp)
//        ▲                                                                  │
//        │                                   engine (model.hpp; CPU or Metal backend) / replay
//        │                                                                  │ one token at a time
//        │                                                                  ▼
//   tool results ◄── run the calls ◄── toolcall::stream_parser ◄── token_to_piece(id) bytes
//   (tool messages)   (calculator,          │      + toolcall::normalizer (the tools' schemas)
//                      clock, read_file)    ├──► live transcript (content, reasoning, calls)
//                                           └──► toolcall::openai::sse_writer (--sse)
//
// After every step the history is checked with toolcall::conversation::check, tool cycles are
// capped with toolcall::conversation::loop_guard, and each generation's SSE stream is folded back
// with toolcall::openai::delta_accumulator and compared with the message the loop recorded.
//
// The model: a GGUF file (--model). The tokenizer and the chat template come from its metadata
// (tokenizer.ggml.tokens / merges / token_type / eos_token_id, tokenizer.chat_template), under the
// key names llama.cpp's converter writes. The program does not run Jinja: it renders Qwen3-style
// ChatML with its own C++ renderer (chat_template.hpp, checked byte for byte against Qwen3's real
// template), and only inspects the GGUF's template (ChatML? <tool_call>? enable_thinking? Qwen2.5's
// default system prompt?). So a real Qwen2.5 or Qwen3 GGUF (f32, f16 or q8_0 tensors) runs
// unchanged: `toolcall-chat --model Qwen3-0.6B-Q8_0.gguf --prompt "What is 12*(3+4)?"`.
// --make-tiny-model writes a GGUF of the same shape with random weights and the real Qwen3
// tokenizer, for tests; --script then forces its output, token by token, through the masked sampler.
//
// Only the public toolcall API is used (no toolcall/detail/ headers).

#include <fcntl.h>
#include <simdjson.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <toolcall/conversation.hpp>
#include <toolcall/normalizer.hpp>
#include <toolcall/openai.hpp>
#include <toolcall/toolcall.hpp>
#include <utility>
#include <vector>

#include "backend.hpp"
#include "backend_cpu.hpp"
#include "chat_template.hpp"
#include "gguf.hpp"
#include "model.hpp"
#include "tiny_model.hpp"
#include "tokenizer.hpp"

namespace {

namespace tc = toolcall;
namespace tchat = toolcall_chat;

/// The `created` of every SSE chunk and the clock tool's answer when the run must be deterministic
/// (--script, --replay or --fixed-clock): 2026-01-01T12:00:00Z.
constexpr std::int64_t k_fixed_time = 1767268800;
constexpr const char* k_fixed_time_iso = "2026-01-01T12:00:00Z";
/// Qwen2.5's template adds this system prompt when the conversation has none; Qwen3's does not.
constexpr std::string_view k_qwen25_default_system =
    "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.";
/// Exit codes.
constexpr int k_exit_usage = 1;    // bad options, missing or unreadable files
constexpr int k_exit_runtime = 2;  // the engine, the script or a tool setup failed
constexpr int k_exit_checks = 3;   // a history, SSE, forced-decoding, replay or --verify check failed

// ------------------------------------------------------------------------------------------------
// Small helpers
// ------------------------------------------------------------------------------------------------

bool read_text_file(const std::string& path, std::string& out, std::string& err) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    err = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

bool write_text_file(const std::string& path, std::string_view text, std::string& err) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!f) {
    err = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

/// A JSON string literal that is always valid UTF-8 (model output may not be).
std::string json_str(std::string_view s) {
  std::string o;
  tc::openai::append_json_string_utf8(o, s);
  return o;
}

/// The text a JSON reader gets back from json_str(s): bytes outside well-formed UTF-8 as U+FFFD.
std::string utf8_sanitized(std::string_view s) {
  simdjson::dom::parser p;
  std::string_view v;
  const std::string j = json_str(s);
  if (p.parse(j).get_string().get(v)) return std::string(s);
  return std::string(v);
}

std::string join_array(const std::vector<std::string>& items, std::string_view sep = ",") {
  std::string o = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) o += sep;
    o += items[i];
  }
  o += ']';
  return o;
}

/// One line of JSON Lines text at a time (blank lines skipped).
std::vector<std::string> non_blank_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") != std::string::npos) out.push_back(std::move(line));
  }
  return out;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string_view rstrip(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

/// splitmix64, to derive per-generation seeds from --seed (no global state).
std::uint64_t mix_seed(std::uint64_t base, std::uint64_t n) {
  if (base == 0) return 0;  // 0: "pick a random one" for the parser and the SSE writer
  std::uint64_t z = base + 0x9E3779B97F4A7C15ull * (n + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z ? z : 1;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// ------------------------------------------------------------------------------------------------
// Command line
// ------------------------------------------------------------------------------------------------

struct cli_options {
  // modes
  std::string make_tiny_model;  ///< --make-tiny-model OUT.gguf
  bool verify = false;
  std::string token_stats;  ///< --token-stats FILE.jsonl
  bool help = false;
  // model, tokenizer
  std::string model_path;
  std::string tokenizer_dir;
  std::string arch = "qwen3";
  std::string backend = "cpu";
  int threads = 0;
  int n_ctx = 4096;
  // conversation
  std::vector<std::string> prompts;
  std::string system;
  bool think = true;  ///< Qwen3's default: thinking on (enable_thinking not passed)
  bool no_tools = false;
  std::size_t max_tool_cycles = 4;
  std::size_t max_tokens = 512;
  std::string files_dir;
  bool fixed_clock = false;
  // decoding
  std::string script_path;
  std::string replay_path;
  float temperature = 0.7f;  // Qwen3's recommendation for non-thinking mode (0 = greedy)
  float top_p = 0.8f;
  int top_k = 20;
  std::uint64_t seed = 0;
  bool seed_given = false;
  // output
  bool sse = false;
  std::string transcript_path;
  std::string trace_path;
  bool quiet = false;
};

constexpr const char* k_usage = R"(toolcall-chat: the reference inference loop of toolcall (a Qwen2/Qwen3 GGUF engine,
the stream parser, OpenAI SSE, tool execution and history checks, in one program).

Usage:
  toolcall-chat --make-tiny-model OUT.gguf --tokenizer DIR [--arch qwen2|qwen3] [--seed N]
  toolcall-chat --model FILE.gguf [--prompt TEXT]... [options]      (prompts: stdin lines if none)
  toolcall-chat --model FILE.gguf --script FILE.jsonl --prompt TEXT [options]
  toolcall-chat --replay FILE (--model FILE.gguf | --tokenizer DIR) [--prompt TEXT]... [options]
  toolcall-chat --verify --model FILE.gguf [--threads N]
  toolcall-chat --token-stats FILE.jsonl (--model FILE.gguf | --tokenizer DIR)

Model and tokenizer:
  --model FILE.gguf         Qwen2/Qwen3 GGUF (f32, f16, q8_0); tokenizer and chat template from
                            its metadata
  --tokenizer DIR           tokenizer.json + tokenizer_config.json (examples/chat/fetch_tokenizer.sh
                            prints it); used by --make-tiny-model, and when no model is given
  --arch qwen2|qwen3        architecture of --make-tiny-model (default qwen3)
  --backend cpu|metal       compute backend (default cpu; metal on Apple builds only)
  --threads N               CPU backend threads (default: all cores)
  --ctx N                   KV cache positions (default 4096)

Conversation:
  --prompt TEXT             one user turn (repeatable); without it, each stdin line is one
  --system TEXT             a system message
  --no-think                Qwen3 enable_thinking=false (an empty think block ends the prompt)
  --no-tools                do not offer the demo tools
  --files-dir DIR           offer read_file, confined to DIR (read-only)
  --max-tool-cycles N       loop guard: tool cycles per user turn, then one answer without
                            tools (default 4; 0 = no cap)
  --max-tokens N            tokens per generation (default 512)
  --fixed-clock             the clock tool answers 2026-01-01T12:00:00Z (implied by --script
                            and --replay)

Decoding:
  --script FILE             forced decoding: JSON Lines, one {"response": "..."} per generation;
                            each response is tokenized with the real tokenizer and the logits are
                            masked so the sampler can only pick the next scripted id; <|im_end|>
                            ends the generation
  --replay FILE             no engine: replays recorded generations token by token. FILE is a
                            transcript (the JSON array --transcript writes; its user turns are
                            replayed too, and the result is compared with it), or JSON Lines of
                            {"response": "..."} or {"ids": [...]} (a --trace file works)
  --temperature T --top-p P --top-k K   sampling (defaults 0.7, 0.8, 20; T=0: greedy)
  --seed N                  sampler, call-id and SSE-id seed (deterministic runs)

Output:
  --sse                     print the OpenAI SSE chunks of every generation on stdout (instead
                            of the live transcript)
  --transcript FILE         write the final OpenAI messages array
  --trace FILE              JSON Lines, one per generation: token ids, the deltas the stream
                            parser received, the SSE text and the message
  --quiet                   no progress notes on stderr
  --verify                  one forward step on two backends, logits compared (Metal vs CPU on
                            Apple; elsewhere CPU 1 thread vs N threads)
  --token-stats FILE        bytes per token of the "input" fields of a JSON Lines file
  --help

Exit status: 0 ok, 1 usage, 2 runtime failure, 3 a check failed (history, SSE, forced decoding,
replay, verify).
)";

bool parse_number(std::string_view s, long long lo, long long hi, long long& out) {
  long long v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

bool parse_float(std::string_view s, float& out) {
  const std::string copy(s);
  char* end = nullptr;
  const float v = std::strtof(copy.c_str(), &end);
  if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

/// Parses argv; false with `err` on a bad option. `--name value` and `--name=value` both work.
bool parse_cli(int argc, char** argv, cli_options& o, std::string& err) {
  struct text_option {
    const char* name;
    std::string cli_options::*field;
  };
  struct flag_option {
    const char* name;
    bool cli_options::*field;
    bool value;
  };
  const text_option texts[] = {
      {"--make-tiny-model", &cli_options::make_tiny_model},
      {"--tokenizer", &cli_options::tokenizer_dir},
      {"--arch", &cli_options::arch},
      {"--model", &cli_options::model_path},
      {"--system", &cli_options::system},
      {"--script", &cli_options::script_path},
      {"--replay", &cli_options::replay_path},
      {"--transcript", &cli_options::transcript_path},
      {"--trace", &cli_options::trace_path},
      {"--backend", &cli_options::backend},
      {"--files-dir", &cli_options::files_dir},
      {"--token-stats", &cli_options::token_stats},
  };
  const flag_option flags[] = {
      {"--help", &cli_options::help, true},
      {"-h", &cli_options::help, true},
      {"--sse", &cli_options::sse, true},
      {"--verify", &cli_options::verify, true},
      {"--fixed-clock", &cli_options::fixed_clock, true},
      {"--think", &cli_options::think, true},
      {"--no-think", &cli_options::think, false},
      {"--no-tools", &cli_options::no_tools, true},
      {"--quiet", &cli_options::quiet, true},
  };
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i];
    std::optional<std::string> inline_value;
    if (const std::size_t eq = name.find('='); name.rfind("--", 0) == 0 && eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    const auto value = [&](std::string& out) {
      if (inline_value) {
        out = *inline_value;
      } else if (i + 1 < args.size()) {
        out = args[++i];
      } else {
        err = name + " needs a value";
        return false;
      }
      return true;
    };
    const auto number = [&](long long lo, long long hi, long long& out) {
      std::string v;
      if (!value(v)) return false;
      if (parse_number(v, lo, hi, out)) return true;
      err = name + ": not a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]: " + v;
      return false;
    };
    const auto real = [&](float& out) {
      std::string v;
      if (!value(v)) return false;
      if (parse_float(v, out)) return true;
      err = name + ": not a number: " + v;
      return false;
    };
    bool known = false, ok = true;
    for (const text_option& t : texts) {
      if (name == t.name) {
        known = true;
        ok = value(o.*t.field);
      }
    }
    for (const flag_option& f : flags) {
      if (name == f.name) {
        known = true;
        ok = !inline_value;
        if (!ok) err = name + " takes no value";
        o.*f.field = f.value;
      }
    }
    long long n = 0;
    if (known) {
      // done above
    } else if (name == "--prompt") {
      std::string v;
      ok = value(v);
      o.prompts.push_back(std::move(v));
    } else if (name == "--max-tool-cycles") {
      ok = number(0, 1000000, n);
      o.max_tool_cycles = static_cast<std::size_t>(n);
    } else if (name == "--max-tokens") {
      ok = number(1, 1 << 24, n);
      o.max_tokens = static_cast<std::size_t>(n);
    } else if (name == "--threads") {
      ok = number(0, 1024, n);
      o.threads = static_cast<int>(n);
    } else if (name == "--ctx") {
      ok = number(16, 1 << 20, n);
      o.n_ctx = static_cast<int>(n);
    } else if (name == "--top-k") {
      ok = number(0, 1 << 24, n);
      o.top_k = static_cast<int>(n);
    } else if (name == "--temperature") {
      ok = real(o.temperature);
    } else if (name == "--top-p") {
      ok = real(o.top_p);
    } else if (name == "--seed") {
      std::string v;
      unsigned long long u = 0;
      ok = value(v);
      const auto r = std::from_chars(v.data(), v.data() + v.size(), u);
      if (ok && (v.empty() || r.ec != std::errc() || r.ptr != v.data() + v.size())) {
        err = "--seed: not an unsigned number: " + v;
        ok = false;
      }
      o.seed = u;
      o.seed_given = true;
    } else {
      err = "unknown option: " + args[i] + " (see --help)";
      ok = false;
    }
    if (!ok) return false;
  }
  if (o.arch != "qwen2" && o.arch != "qwen3") {
    err = "--arch: qwen2 or qwen3";
    return false;
  }
  if (o.backend != "cpu" && o.backend != "metal") {
    err = "--backend: cpu or metal";
    return false;
  }
  if (!o.script_path.empty() && !o.replay_path.empty()) {
    err = "--script and --replay exclude each other";
    return false;
  }
  return true;
}

#if defined(__GNUC__) || defined(__clang__)
#define TOOLCALL_CHAT_PRINTF_LIKE(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define TOOLCALL_CHAT_PRINTF_LIKE(fmt, args)
#endif

/// Progress notes and diagnostics: stderr, unless --quiet (errors are always printed).
class logger {
 public:
  explicit logger(bool quiet) : quiet_(quiet) {}
  TOOLCALL_CHAT_PRINTF_LIKE(2, 3) void note(const char* fmt, ...) const {
    if (quiet_) return;
    std::va_list ap;
    va_start(ap, fmt);
    std::fputs("toolcall-chat: ", stderr);
    std::vfprintf(stderr, fmt, ap);
    std::fputc('\n', stderr);
    va_end(ap);
  }
  void note(const std::string& s) const { note("%s", s.c_str()); }
  void error(const std::string& s) const { std::fprintf(stderr, "toolcall-chat: error: %s\n", s.c_str()); }
  void warn(const std::string& s) const { std::fprintf(stderr, "toolcall-chat: warning: %s\n", s.c_str()); }

 private:
  bool quiet_;
};

// ------------------------------------------------------------------------------------------------
// Tokenizer and chat template: from GGUF metadata or from tokenizer.json
// ------------------------------------------------------------------------------------------------

/// What the loop needs to know about the model's text side.
struct text_model {
  std::optional<tchat::tokenizer> tok;
  std::string name;           ///< general.name (or "Qwen3"): picks the parser formats, SSE `model`
  std::string chat_template;  ///< the model's Jinja template: inspected, never run
};

/// The chat template in a tokenizer_config.json (a string; or the "default" of a named list).
std::string chat_template_from_config(const std::string& dir) {
  std::string text, err;
  if (!read_text_file(dir + "/tokenizer_config.json", text, err)) return {};
  simdjson::dom::parser p;
  simdjson::dom::element doc;
  if (p.parse(text).get(doc)) return {};
  std::string_view t;
  if (!doc["chat_template"].get(t)) return std::string(t);
  simdjson::dom::array list;
  if (!doc["chat_template"].get(list)) {
    for (const simdjson::dom::element e : list) {
      std::string_view name, tmpl;
      if (!e["name"].get(name) && name == "default" && !e["template"].get(tmpl)) return std::string(tmpl);
    }
  }
  return {};
}

bool load_text_from_directory(const std::string& dir, text_model& tm, std::string& err) {
  tm.tok = tchat::tokenizer::from_directory(dir, err);
  if (!tm.tok) {
    err = "tokenizer in '" + dir + "': " + err;
    return false;
  }
  tm.chat_template = chat_template_from_config(dir);
  tm.name = "Qwen3";
  return true;
}

bool load_text_from_gguf(const tchat::gguf_file& file, text_model& tm, std::string& err) {
  tchat::engine_result<tchat::tokenizer_metadata> md = tchat::read_tokenizer_metadata(file);
  if (!md) {
    err = md.error;
    return false;
  }
  if (!md.value.model.empty() && md.value.model != "gpt2") {
    err = "tokenizer.ggml.model is '" + md.value.model + "'; only byte-level BPE ('gpt2', as Qwen) is supported";
    return false;
  }
  // GGUF does not store the pre-tokenizer regex, only its name: Qwen2/2.5/3 are all "qwen2".
  std::string_view pattern = tchat::qwen2_pretokenizer_pattern;
  if (!md.value.pre.empty() && md.value.pre != "qwen2") {
    std::fprintf(stderr, "toolcall-chat: warning: tokenizer.ggml.pre is '%s'; using Qwen2's pre-tokenizer\n",
                 md.value.pre.c_str());
  }
  tm.tok = tchat::tokenizer::from_gguf_arrays(md.value.tokens, md.value.merges, md.value.token_types, err, pattern);
  if (!tm.tok) {
    err = "tokenizer from GGUF metadata: " + err;
    return false;
  }
  if (md.value.eos_token_id >= 0) tm.tok->set_eos_id(md.value.eos_token_id);
  tm.chat_template = md.value.chat_template;
  tm.name = file.get_string("general.name");
  const std::string arch = file.get_string("general.architecture");
  if (tm.name.empty()) tm.name = arch == "qwen2" ? "Qwen2.5" : "Qwen3";
  return true;
}

/// What the loop takes from the model's own template (it renders Qwen3 ChatML itself).
struct template_traits {
  bool knows_enable_thinking = true;  ///< Qwen3: the model thinks; enable_thinking=false adds an empty block
  std::string default_system;         ///< Qwen2.5: the system prompt the template adds
};

template_traits inspect_template(const std::string& tmpl, const logger& log) {
  template_traits t;
  if (tmpl.empty()) return t;  // no template in the metadata: Qwen3's behaviour
  if (tmpl.find("<|im_start|>") == std::string::npos)
    log.warn("the model's chat template is not ChatML; the prompt is rendered as Qwen3 ChatML anyway");
  if (tmpl.find("<tool_call>") == std::string::npos)
    log.warn("the model's chat template does not mention <tool_call>; its tool calls may use another format");
  t.knows_enable_thinking = tmpl.find("enable_thinking") != std::string::npos;
  if (tmpl.find(k_qwen25_default_system) != std::string::npos) t.default_system = std::string(k_qwen25_default_system);
  return t;
}

/// Where the model's output starts, given the prompt it continues (the engine knows its prompt):
/// - the prompt ends inside an open <think> block (a template that opens it, as DeepSeek-R1's
///   and Qwen3-Thinking-2507's do): the output is reasoning from its first byte (`open`);
/// - the prompt ends with a closed, empty block (Qwen3 with enable_thinking=false): no reasoning
///   follows, `<think>` would be plain text (`none`);
/// - otherwise a thinking model (Qwen3 with thinking on) writes <think> itself as its first
///   token (`detect`); a model whose template has no thinking at all (Qwen2.5) writes none
///   (`none`, which also spares the stream the hold-back of the lone-</think> rule).
tc::reasoning_start reasoning_for_prompt(std::string_view prompt, bool model_thinks) {
  const std::string_view p = rstrip(prompt);
  if (ends_with(p, "<think>")) return tc::reasoning_start::open;
  if (ends_with(p, "</think>")) return tc::reasoning_start::none;
  return model_thinks ? tc::reasoning_start::detect : tc::reasoning_start::none;
}

const char* to_string(tc::reasoning_start r) {
  switch (r) {
    case tc::reasoning_start::open: return "open";
    case tc::reasoning_start::none: return "none";
    case tc::reasoning_start::detect: return "detect";
  }
  return "detect";
}

// ------------------------------------------------------------------------------------------------
// --make-tiny-model: random weights, the real Qwen3 vocabulary, merges and chat template
// ------------------------------------------------------------------------------------------------

int make_tiny_model(const cli_options& o, const logger& log) {
  if (o.tokenizer_dir.empty()) {
    log.error("--make-tiny-model needs --tokenizer DIR (examples/chat/fetch_tokenizer.sh prints it)");
    return k_exit_usage;
  }
  const auto t0 = std::chrono::steady_clock::now();
  simdjson::padded_string json;
  const std::string tj = o.tokenizer_dir + "/tokenizer.json";
  if (simdjson::padded_string::load(tj).get(json)) {
    log.error("cannot read " + tj);
    return k_exit_usage;
  }
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  simdjson::dom::object vocab;
  simdjson::dom::array merges_json, added;
  if (parser.parse(json).get(doc) || doc["model"]["vocab"].get(vocab) || doc["model"]["merges"].get(merges_json)) {
    log.error(tj + ": not a BPE tokenizer.json (model.vocab, model.merges)");
    return k_exit_usage;
  }
  // tokenizer.ggml.tokens as llama.cpp's converter writes them: byte-level text for vocabulary
  // tokens, raw text for added tokens (control when special, user-defined otherwise).
  std::vector<std::pair<std::int64_t, std::string>> entries;
  std::vector<std::pair<std::int64_t, std::int32_t>> kinds;
  std::int64_t max_id = -1;
  for (const simdjson::dom::key_value_pair kv : vocab) {
    std::int64_t id = 0;
    if (kv.value.get_int64().get(id) || id < 0 || id > (1 << 24)) {
      log.error(tj + ": bad id for token " + std::string(kv.key));
      return k_exit_usage;
    }
    entries.emplace_back(id, std::string(kv.key));
    kinds.emplace_back(id, static_cast<std::int32_t>(tchat::gguf_token_type::normal));
    max_id = std::max(max_id, id);
  }
  if (!doc["added_tokens"].get(added)) {
    for (const simdjson::dom::element x : added) {
      std::int64_t id = 0;
      std::string_view content;
      bool special = false;
      if (x["id"].get_int64().get(id) || x["content"].get(content) || id < 0 || id > (1 << 24)) continue;
      if (x["special"].get(special)) special = false;
      entries.emplace_back(id, std::string(content));
      kinds.emplace_back(id, static_cast<std::int32_t>(special ? tchat::gguf_token_type::control
                                                               : tchat::gguf_token_type::user_defined));
      max_id = std::max(max_id, id);
    }
  }
  const auto n_vocab = static_cast<std::size_t>(max_id + 1);
  std::vector<std::string> tokens(n_vocab);
  std::vector<std::int32_t> types(n_vocab, static_cast<std::int32_t>(tchat::gguf_token_type::unused));
  for (std::size_t i = 0; i < n_vocab; ++i) tokens[i] = "[PAD" + std::to_string(i) + "]";
  for (auto& [id, text] : entries) tokens[static_cast<std::size_t>(id)] = std::move(text);
  for (const auto& [id, kind] : kinds) types[static_cast<std::size_t>(id)] = kind;
  std::vector<std::string> merges;
  merges.reserve(merges_json.size());
  for (const simdjson::dom::element m : merges_json) {
    std::string_view one, l, r;
    simdjson::dom::array pair;
    if (!m.get(one)) {
      merges.emplace_back(one);  // older tokenizer.json: "left right"
    } else if (!m.get(pair) && !pair.at(0).get(l) && !pair.at(1).get(r)) {
      merges.push_back(std::string(l) + " " + std::string(r));
    } else {
      log.error(tj + ": a merge is neither \"a b\" nor [\"a\", \"b\"]");
      return k_exit_usage;
    }
  }
  tchat::tiny_model_options to;
  to.arch = o.arch;
  to.tokens = std::move(tokens);
  to.merges = std::move(merges);
  to.token_types = std::move(types);
  to.chat_template = chat_template_from_config(o.tokenizer_dir);
  to.seed = o.seed_given ? o.seed : 1;
  if (to.chat_template.empty()) log.warn("no chat_template in " + o.tokenizer_dir + "/tokenizer_config.json");
  if (const tchat::engine_status s = tchat::write_tiny_model(o.make_tiny_model, to); !s) {
    log.error(o.make_tiny_model + ": " + s.error);
    return k_exit_runtime;
  }
  log.note("wrote %s: %s, %zu tokens, %zu merges, chat template %zu bytes, seed %" PRIu64 " (%.2f s)",
           o.make_tiny_model.c_str(), o.arch.c_str(), to.tokens.size(), to.merges.size(), to.chat_template.size(),
           to.seed, seconds_since(t0));
  return 0;
}

// ------------------------------------------------------------------------------------------------
// The demo tools
// ------------------------------------------------------------------------------------------------

/**
 * calculator: + - * / and parentheses over decimal numbers, unary minus and plus. A plain
 * recursive-descent evaluator over the string (no eval, no locale): bounded length and depth, and
 * every error is a message (it becomes the tool's result text).
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := ('+' | '-') unary | primary
 *   primary := number | '(' expr ')'        number := digits ['.' digits] | '.' digits
 */
class expression_evaluator {
 public:
  static constexpr std::size_t max_length = 4096;
  static constexpr int max_depth = 64;

  explicit expression_evaluator(std::string_view text) : s_(text) {}

  bool evaluate(double& out, std::string& err) {
    if (s_.size() > max_length) {
      err = "the expression is longer than " + std::to_string(max_length) + " characters";
      return false;
    }
    skip_space();
    if (pos_ == s_.size()) {
      err = "empty expression";
      return false;
    }
    double v = 0;
    if (!expr(v, 0)) {
      err = err_;
      return false;
    }
    skip_space();
    if (pos_ != s_.size()) {
      err = "unexpected '" + std::string(1, s_[pos_]) + "' at position " + std::to_string(pos_ + 1);
      return false;
    }
    if (!std::isfinite(v)) {
      err = "the result is not a finite number";
      return false;
    }
    out = v;
    return true;
  }

 private:
  void skip_space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  bool fail(std::string m) {
    err_ = std::move(m);
    return false;
  }
  bool expr(double& v, int depth) {
    if (!term(v, depth)) return false;
    for (;;) {
      skip_space();
      if (pos_ >= s_.size() || (s_[pos_] != '+' && s_[pos_] != '-')) return true;
      const char op = s_[pos_++];
      double r = 0;
      if (!term(r, depth)) return false;
      v = op == '+' ? v + r : v - r;
    }
  }
  bool term(double& v, int depth) {
    if (!unary(v, depth)) return false;
    for (;;) {
      skip_space();
      if (pos_ >= s_.size() || (s_[pos_] != '*' && s_[pos_] != '/')) return true;
      const char op = s_[pos_++];
      double r = 0;
      if (!unary(r, depth)) return false;
      if (op == '/' && r == 0) return fail("division by zero");
      v = op == '*' ? v * r : v / r;
    }
  }
  bool unary(double& v, int depth) {
    if (depth > max_depth) return fail("the expression is nested too deeply");
    skip_space();
    if (pos_ < s_.size() && (s_[pos_] == '-' || s_[pos_] == '+')) {
      const char op = s_[pos_++];
      if (!unary(v, depth + 1)) return false;
      if (op == '-') v = -v;
      return true;
    }
    return primary(v, depth);
  }
  bool primary(double& v, int depth) {
    skip_space();
    if (pos_ >= s_.size()) return fail("the expression ends too early");
    if (s_[pos_] == '(') {
      ++pos_;
      if (!expr(v, depth + 1)) return false;
      skip_space();
      if (pos_ >= s_.size() || s_[pos_] != ')') return fail("missing ')' at position " + std::to_string(pos_ + 1));
      ++pos_;
      return true;
    }
    const std::size_t start = pos_;
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
    const std::size_t int_digits = pos_ - start;
    std::size_t frac_digits = 0;
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      const std::size_t f0 = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      frac_digits = pos_ - f0;
    }
    if (int_digits == 0 && frac_digits == 0) {
      pos_ = start;
      return fail("expected a number or '(' at position " + std::to_string(start + 1));
    }
    // from_chars is locale-independent; the scan above admits digits and one '.' only.
    std::string number(s_.substr(start, pos_ - start));
    if (number.front() == '.') number.insert(number.begin(), '0');
    if (number.back() == '.') number.push_back('0');
    const auto r = std::from_chars(number.data(), number.data() + number.size(), v);
    if (r.ec != std::errc()) return fail("number out of range at position " + std::to_string(start + 1));
    return true;
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  std::string err_;
};

/// 84, -2.5, 0.333333333333333: integers without a fraction, others with 15 significant digits.
std::string format_number(double v) {
  if (v == 0) return "0";  // also -0
  char buf[64];
  if (std::fabs(v) < 1e15 && std::floor(v) == v) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.15g", v);
  }
  return buf;
}

std::string utc_now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

/// The built-in tools, their OpenAI schemas, and how to run them.
class tool_box {
 public:
  /// Largest file read_file returns; the rest is cut with a note.
  static constexpr std::size_t max_file_bytes = 64 * 1024;

  tool_box(std::string files_dir, bool fixed_clock) : fixed_clock_(fixed_clock) {
    if (!files_dir.empty()) {
      char* real = ::realpath(files_dir.c_str(), nullptr);
      if (real) {
        files_root_ = real;
        std::free(real);
      } else {
        setup_error_ = "--files-dir '" + files_dir + "': " + std::strerror(errno);
      }
    }
  }

  const std::string& setup_error() const noexcept { return setup_error_; }
  const std::string& files_root() const noexcept { return files_root_; }

  /// The OpenAI `tools` array (read_file only with --files-dir).
  std::string tools_json() const {
    std::string t =
        R"json([{"type": "function", "function": {"name": "calculator", "description": "Evaluate an arithmetic expression with + - * / and parentheses over decimal numbers.", "parameters": {"type": "object", "properties": {"expression": {"type": "string", "description": "The expression, e.g. 12*(3+4)"}}, "required": ["expression"]}}})json";
    t +=
        R"json(, {"type": "function", "function": {"name": "clock", "description": "The current date and time in UTC, as ISO 8601.", "parameters": {"type": "object", "properties": {}}}})json";
    if (!files_root_.empty()) {
      t +=
          R"json(, {"type": "function", "function": {"name": "read_file", "description": "Read a text file from the user's shared folder (read-only).", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "A path relative to the shared folder"}}, "required": ["path"]}}})json";
    }
    t += ']';
    return t;
  }

  /// Runs one call; the text of its tool message (errors too: the model should read them).
  std::string run(const tc::call& c) const {
    simdjson::dom::parser p;
    simdjson::dom::element args;
    if (p.parse(c.arguments).get(args) || !args.is_object()) return "error: the arguments are not a JSON object";
    if (c.name == "calculator") {
      std::string_view expression;
      if (args["expression"].get(expression)) return "error: calculator needs a string argument \"expression\"";
      double v = 0;
      std::string err;
      expression_evaluator ev(expression);
      if (!ev.evaluate(v, err)) return "error: " + err;
      return format_number(v);
    }
    if (c.name == "clock") return fixed_clock_ ? std::string(k_fixed_time_iso) : utc_now_iso8601();
    if (c.name == "read_file") {
      std::string_view path;
      if (args["path"].get(path)) return "error: read_file needs a string argument \"path\"";
      return read_file(path);
    }
    return "error: unknown tool \"" + c.name + "\"";
  }

 private:
  /// Read-only and confined to files_root_: no absolute paths, no `..`, and the resolved path
  /// (symlinks followed by realpath) must still lie inside the root, so a symlink cannot escape.
  std::string read_file(std::string_view rel) const {
    if (files_root_.empty()) return "error: read_file is not available (start toolcall-chat with --files-dir DIR)";
    if (rel.empty()) return "error: empty path";
    if (rel.find('\0') != std::string_view::npos) return "error: the path contains a NUL byte";
    if (rel.front() == '/') return "error: absolute paths are not allowed; give a path relative to the shared folder";
    for (std::size_t start = 0; start <= rel.size();) {
      std::size_t end = rel.find('/', start);
      if (end == std::string_view::npos) end = rel.size();
      if (rel.substr(start, end - start) == "..") return "error: '..' is not allowed in paths";
      start = end + 1;
    }
    const std::string joined = files_root_ + "/" + std::string(rel);
    char* real = ::realpath(joined.c_str(), nullptr);
    if (!real) return "error: " + std::string(rel) + ": " + std::strerror(errno);
    const std::string resolved = real;
    std::free(real);
    if (resolved != files_root_ && resolved.compare(0, files_root_.size() + 1, files_root_ + "/") != 0)
      return "error: " + std::string(rel) + " resolves outside the shared folder";
    const int fd = ::open(resolved.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return "error: " + std::string(rel) + ": " + std::strerror(errno);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      ::close(fd);
      return "error: " + std::string(rel) + " is not a regular file";
    }
    std::string data(max_file_bytes + 1, '\0');
    std::size_t got = 0;
    while (got < data.size()) {
      const ssize_t n = ::read(fd, &data[got], data.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    const bool cut = got > max_file_bytes;
    data.resize(std::min(got, max_file_bytes));
    if (cut) data += "\n[truncated at " + std::to_string(max_file_bytes) + " bytes]";
    return data;
  }

  std::string files_root_;
  std::string setup_error_;
  bool fixed_clock_;
};

// ------------------------------------------------------------------------------------------------
// Token sources: the engine (free or forced decoding), or a replay of recorded ids
// ------------------------------------------------------------------------------------------------

/// Produces the tokens of one generation at a time.
class token_source {
 public:
  virtual ~token_source() = default;
  /// Starts a generation that continues `prompt`. `forced`: the ids it must produce (may be null).
  virtual bool start(const std::vector<std::int32_t>& prompt, const std::vector<std::int32_t>* forced,
                     std::string& err) = 0;
  /// The next token id.
  virtual bool next(std::int32_t& id, std::string& err) = 0;
};

/// The engine: a session (KV cache) over a backend, and a sampler. A new prompt reuses the cache
/// for its longest common prefix with what the cache holds (the history up to the last turn).
class engine_source : public token_source {
 public:
  engine_source(tchat::session& s, tchat::sampling_params sp) : s_(s), sampler_(sp) {}

  bool start(const std::vector<std::int32_t>& prompt, const std::vector<std::int32_t>* forced,
             std::string& err) override {
    forced_ = forced;
    forced_pos_ = 0;
    pending_ = -1;
    if (prompt.empty()) {
      err = "empty prompt";
      return false;
    }
    std::size_t common = 0;
    while (common < cached_.size() && common < prompt.size() && cached_[common] == prompt[common]) ++common;
    if (common == prompt.size()) --common;  // eval needs at least one token (for the logits)
    s_.rewind(static_cast<int>(common));
    cached_.resize(common);
    const auto t0 = std::chrono::steady_clock::now();
    if (const tchat::engine_status st = s_.eval(prompt.data() + common, prompt.size() - common); !st) {
      err = st.error;
      cached_.clear();
      s_.rewind(0);
      return false;
    }
    prefill_seconds_ += seconds_since(t0);
    prefill_tokens_ += prompt.size() - common;
    reused_tokens_ += common;
    cached_.insert(cached_.end(), prompt.begin() + static_cast<std::ptrdiff_t>(common), prompt.end());
    return true;
  }

  bool next(std::int32_t& id, std::string& err) override {
    const auto t0 = std::chrono::steady_clock::now();
    if (pending_ >= 0) {  // the token sampled last time goes into the cache first
      if (const tchat::engine_status st = s_.eval(&pending_, 1); !st) {
        err = st.error;
        return false;
      }
      cached_.push_back(pending_);
      pending_ = -1;
    }
    tchat::logit_mask mask;
    if (forced_) {
      if (forced_pos_ >= forced_->size()) {
        err = "forced decoding: the scripted ids are used up";
        return false;
      }
      mask = tchat::allow_only((*forced_)[forced_pos_]);  // every other logit becomes -inf
    }
    id = sampler_.sample(s_.logits(), static_cast<std::size_t>(s_.n_vocab()), mask);
    if (forced_) {
      const std::int32_t want = (*forced_)[forced_pos_++];
      if (id != want) {
        err = "forced decoding: the sampler produced id " + std::to_string(id) + " where the script has " +
              std::to_string(want) + (want >= s_.n_vocab() ? " (outside the model's vocabulary)" : "");
        return false;
      }
    }
    if (id < 0) {
      err = "the sampler found no token to pick";
      return false;
    }
    pending_ = id;
    decode_seconds_ += seconds_since(t0);
    ++decode_tokens_;
    return true;
  }

  double prefill_seconds_ = 0, decode_seconds_ = 0;
  std::size_t prefill_tokens_ = 0, decode_tokens_ = 0, reused_tokens_ = 0;

 private:
  tchat::session& s_;
  tchat::sampler sampler_;
  std::vector<std::int32_t> cached_;  ///< the ids whose keys and values the session holds
  std::int32_t pending_ = -1;
  const std::vector<std::int32_t>* forced_ = nullptr;
  std::size_t forced_pos_ = 0;
};

/// --replay: recorded ids, token by token, no engine.
class replay_source : public token_source {
 public:
  bool start(const std::vector<std::int32_t>&, const std::vector<std::int32_t>* forced, std::string& err) override {
    if (!forced) {
      err = "replay: no recorded generation";
      return false;
    }
    ids_ = forced;
    pos_ = 0;
    return true;
  }
  bool next(std::int32_t& id, std::string& err) override {
    if (pos_ >= ids_->size()) {
      err = "replay: the recorded generation ended without an end-of-turn token";
      return false;
    }
    id = (*ids_)[pos_++];
    return true;
  }

 private:
  const std::vector<std::int32_t>* ids_ = nullptr;
  std::size_t pos_ = 0;
};

/// One scripted or recorded generation.
struct recorded_generation {
  std::vector<std::int32_t> ids;  ///< what the source must produce, the end-of-turn id last
  std::string text;               ///< the scripted text (empty for recorded ids)
};

/// `text` tokenized with the real tokenizer, ending with <|im_end|> (the model's end of turn).
recorded_generation script_generation(const tchat::tokenizer& tok, std::string text) {
  recorded_generation g;
  g.ids = tok.encode(text);
  if (g.ids.empty() || !tok.is_end_of_generation(g.ids.back()))
    g.ids.push_back(tok.im_end_id() >= 0 ? tok.im_end_id() : tok.eos_id());
  g.text = std::move(text);
  return g;
}

/// The Qwen text of an assistant message of a transcript, as the model wrote it: reasoning in a
/// think block, the content, then each call the way Qwen's template renders it.
bool assistant_text(simdjson::dom::element m, std::string& out, std::string& err) {
  out.clear();
  std::string_view reasoning, content;
  if (!m["reasoning_content"].get(reasoning) && !reasoning.empty()) {
    out += "<think>\n";
    out += reasoning;
    out += "\n</think>\n\n";
  }
  if (!m["content"].get(content)) out += content;
  simdjson::dom::array calls;
  if (m["tool_calls"].get(calls)) return true;
  bool first = true;
  for (const simdjson::dom::element c : calls) {
    std::string_view name, args_text;
    simdjson::dom::element fn;
    if (c["function"].get(fn) || fn["name"].get(name)) {
      err = "a tool call without function.name";
      return false;
    }
    std::string args;
    if (!fn["arguments"].get(args_text))
      args = std::string(args_text);
    else if (simdjson::dom::element a; !fn["arguments"].get(a))
      args = simdjson::minify(a);
    else
      args = "{}";
    if (!first || !content.empty()) out += '\n';
    first = false;
    out += "<tool_call>\n{\"name\": \"";
    out += name;
    out += "\", \"arguments\": ";
    out += args;
    out += "}\n</tool_call>";
  }
  return true;
}

/// A recorded transcript for --replay: its turns and generations.
struct replay_plan {
  std::deque<recorded_generation> generations;
  std::vector<std::string> prompts;             ///< its user turns (a transcript only)
  std::string system;                           ///< its first system message (a transcript only)
  std::vector<std::string> recorded_assistant;  ///< its assistant messages (JSON), to compare
  bool is_transcript = false;
};

bool load_replay(const std::string& path, const tchat::tokenizer& tok, replay_plan& plan, std::string& err) {
  std::string text;
  if (!read_text_file(path, text, err)) return false;
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  simdjson::dom::parser p;
  if (first != std::string::npos && text[first] == '[') {
    plan.is_transcript = true;
    simdjson::dom::array msgs;
    if (p.parse(text).get(msgs)) {
      err = path + ": not a JSON messages array";
      return false;
    }
    for (const simdjson::dom::element m : msgs) {
      std::string_view role, content;
      if (m["role"].get(role)) continue;
      if (role == "user" && !m["content"].get(content)) {
        plan.prompts.emplace_back(content);
      } else if (role == "system" && plan.prompts.empty() && !m["content"].get(content)) {
        plan.system = std::string(content);
      } else if (role == "assistant") {
        std::string t;
        if (!assistant_text(m, t, err)) {
          err = path + ": " + err;
          return false;
        }
        plan.generations.push_back(script_generation(tok, t));
        plan.recorded_assistant.push_back(simdjson::minify(m));
      }
    }
    return true;
  }
  std::size_t n = 0;
  for (const std::string& line : non_blank_lines(text)) {
    ++n;
    simdjson::dom::element doc;
    std::string_view response;
    simdjson::dom::array ids;
    if (p.parse(line).get(doc)) {
      err = path + ":" + std::to_string(n) + ": not JSON";
      return false;
    }
    if (!doc["response"].get(response)) {
      plan.generations.push_back(script_generation(tok, std::string(response)));
    } else if (!doc["ids"].get(ids) || !doc["tokens"].get(ids)) {
      recorded_generation g;
      for (const simdjson::dom::element e : ids) {
        std::int64_t id = 0;
        if (e.get_int64().get(id) || id < 0 || id > INT32_MAX) {
          err = path + ":" + std::to_string(n) + ": a token id is not a non-negative integer";
          return false;
        }
        g.ids.push_back(static_cast<std::int32_t>(id));
      }
      plan.generations.push_back(std::move(g));
    } else {
      err = path + ":" + std::to_string(n) + ": expected {\"response\": ...} or {\"ids\": [...]}";
      return false;
    }
  }
  return true;
}

bool load_script(const std::string& path, const tchat::tokenizer& tok, std::deque<recorded_generation>& out,
                 std::string& err) {
  std::string text;
  if (!read_text_file(path, text, err)) return false;
  simdjson::dom::parser p;
  std::size_t n = 0;
  for (const std::string& line : non_blank_lines(text)) {
    ++n;
    simdjson::dom::element doc;
    std::string_view response;
    if (p.parse(line).get(doc) || doc["response"].get(response)) {
      err = path + ":" + std::to_string(n) + ": expected {\"response\": \"...\"}";
      return false;
    }
    out.push_back(script_generation(tok, std::string(response)));
  }
  if (out.empty()) {
    err = path + ": no responses";
    return false;
  }
  return true;
}

// ------------------------------------------------------------------------------------------------
// The live transcript (default output)
// ------------------------------------------------------------------------------------------------

/// Prints a generation as it streams: reasoning and content as they arrive, each call when it ends.
class live_view {
 public:
  explicit live_view(bool enabled) : on_(enabled) {}

  void begin() {
    section_ = section::none;
    calls_.clear();
  }
  void on_event(const tc::event& ev) {
    if (!on_) return;
    switch (ev.kind) {
      case tc::event_kind::reasoning:
        if (ev.text.empty()) return;
        enter(section::reasoning);
        std::fwrite(ev.text.data(), 1, ev.text.size(), stdout);
        break;
      case tc::event_kind::content:
        if (ev.text.empty()) return;
        enter(section::content);
        std::fwrite(ev.text.data(), 1, ev.text.size(), stdout);
        break;
      case tc::event_kind::call_begin: calls_.push_back({ev.index, std::string(ev.name), std::string()}); break;
      case tc::event_kind::arguments_delta:
        for (auto& c : calls_)
          if (c.index == ev.index) c.arguments.append(ev.text.data(), ev.text.size());
        break;
      case tc::event_kind::call_end:
        for (auto& c : calls_) {
          if (c.index != ev.index) continue;
          enter(section::calls);
          std::printf(
              "  -> %s(%s)%s\n", c.name.c_str(), c.arguments.c_str(),
              ev.status == tc::call_status::ok ? "" : (std::string("  [") + tc::to_string(ev.status) + "]").c_str());
        }
        break;
      case tc::event_kind::diagnostic: break;
    }
    std::fflush(stdout);
  }
  void end() {
    if (!on_) return;
    if (section_ == section::reasoning || section_ == section::content) std::fputc('\n', stdout);
    if (section_ == section::none) std::printf("assistant: (nothing)\n");
    std::fflush(stdout);
  }
  void user(const std::string& text) const {
    if (on_) std::printf("user: %s\n", text.c_str());
  }
  void tool(const std::string& name, const std::string& id, const std::string& result) const {
    if (!on_) return;
    std::string shown = result.size() > 300 ? result.substr(0, 300) + "..." : result;
    std::printf("tool %s [%s]: %s\n", name.c_str(), id.c_str(), shown.c_str());
  }
  void line(const std::string& text) const {
    if (on_) std::printf("%s\n", text.c_str());
  }

 private:
  enum class section { none, reasoning, content, calls };
  void enter(section s) {
    if (s == section_) return;
    if (section_ == section::reasoning || section_ == section::content) std::fputc('\n', stdout);
    if (s == section::reasoning)
      std::printf("assistant (thinking): ");
    else if (s == section::content)
      std::printf("assistant: ");
    else if (s == section::calls && section_ != section::calls)
      std::printf("assistant calls:\n");
    section_ = s;
  }
  struct shown_call {
    std::size_t index;
    std::string name, arguments;
  };
  bool on_;
  section section_ = section::none;
  std::vector<shown_call> calls_;
};

// ------------------------------------------------------------------------------------------------
// The loop
// ------------------------------------------------------------------------------------------------

/// The OpenAI assistant message of a parsed response, always valid JSON (model text may hold
/// broken UTF-8: it is written as U+FFFD; openai::message_json keeps bytes as they are).
std::string assistant_message_json(const tc::message& m) {
  std::string o = "{\"role\":\"assistant\",\"content\":";
  o += m.content.empty() ? std::string("null") : json_str(m.content);
  if (m.has_reasoning) o += ",\"reasoning_content\":" + json_str(m.reasoning);
  if (!m.calls.empty()) {
    o += ",\"tool_calls\":[";
    for (std::size_t i = 0; i < m.calls.size(); ++i) {
      const tc::call& c = m.calls[i];
      if (i) o += ',';
      o += "{\"id\":" + json_str(c.id) + ",\"type\":\"function\",\"function\":{\"name\":" + json_str(c.name) +
           ",\"arguments\":" + json_str(c.arguments) + "}}";
    }
    o += ']';
  }
  o += '}';
  return o;
}

/// Differences between the message the loop recorded and the one rebuilt from its SSE stream.
std::string sse_round_trip_diff(const tc::message& want, const tc::message& got) {
  std::string d;
  if (utf8_sanitized(want.content) != got.content) d += "content differs; ";
  if (utf8_sanitized(want.reasoning) != got.reasoning) d += "reasoning differs; ";
  if (want.has_reasoning != got.has_reasoning) d += "has_reasoning differs; ";
  if (want.calls.size() != got.calls.size()) {
    d += std::to_string(got.calls.size()) + " calls, want " + std::to_string(want.calls.size()) + "; ";
  } else {
    for (std::size_t k = 0; k < want.calls.size(); ++k) {
      if (want.calls[k].id != got.calls[k].id) d += "call " + std::to_string(k) + " id differs; ";
      if (want.calls[k].name != got.calls[k].name) d += "call " + std::to_string(k) + " name differs; ";
      if (want.calls[k].arguments != got.calls[k].arguments) d += "call " + std::to_string(k) + " arguments differ; ";
    }
  }
  if (want.finish != got.finish)
    d += std::string("finish_reason ") + tc::to_string(got.finish) + ", want " + tc::to_string(want.finish) + "; ";
  return d;
}

struct chat_setup {
  const cli_options& opt;
  const logger& log;
  const tchat::tokenizer& tok;
  const template_traits& traits;
  const tool_box& tools;
  const tc::normalizer* norm;  ///< null: none
  const tc::parser_registry& registry;
  std::string model_name;
  std::string tools_json;
  bool deterministic = false;
};

/// The state of one conversation.
class chat_loop {
 public:
  chat_loop(const chat_setup& s, token_source& src, std::deque<recorded_generation>* script)
      : s_(s),
        src_(src),
        script_(script),
        guard_(s.opt.max_tool_cycles),
        sp_(s.registry),
        plain_sp_(tc::parser_registry::only("reasoning")),
        writer_([this](std::string_view chunk) { on_sse(chunk); }),
        view_(!s.opt.sse) {}
  chat_loop(const chat_loop&) = delete;  // the SSE writer's callback holds `this`
  chat_loop& operator=(const chat_loop&) = delete;

  std::size_t check_failures() const noexcept { return check_failures_; }
  std::size_t generations() const noexcept { return generation_; }
  const std::vector<std::string>& messages() const noexcept { return messages_; }
  std::string messages_json() const { return join_array(messages_); }

  void add_system(const std::string& text) {
    messages_.push_back("{\"role\":\"system\",\"content\":" + json_str(text) + "}");
  }

  /// One user turn: generate, run tools, generate again, until a text answer or the loop guard.
  bool user_turn(const std::string& text, std::string& err) {
    messages_.push_back("{\"role\":\"user\",\"content\":" + json_str(text) + "}");
    ++turn_;
    view_.user(text);
    guard_.user_turn();
    check_history(false, "after the user message");
    for (;;) {
      const bool tools_on = !s_.opt.no_tools && guard_.tools_allowed();
      tc::message m;
      if (!generate(tools_on, m, err)) return false;
      messages_.push_back(assistant_message_json(m));
      check_history(!m.calls.empty(), "after the assistant message");
      if (m.calls.empty()) {
        if (!tools_on && m.content.find("<tool_call>") != std::string::npos)
          s_.log.warn("the model wrote tool-call markup although no tools were offered; it stays text");
        return true;
      }
      guard_.add_cycle();
      if (const auto cycles = tc::conversation::tool_cycles(messages_json(), guard_.max_cycles());
          !cycles || cycles->cycles != guard_.cycles()) {
        report("loop guard: the history holds " + (cycles ? std::to_string(cycles->cycles) : std::string("?")) +
               " tool cycles, the guard counted " + std::to_string(guard_.cycles()));
      }
      for (const tc::call& c : m.calls) {
        const std::string result = s_.tools.run(c);
        view_.tool(c.name, c.id, result);
        if (s_.opt.sse) s_.log.note("tool %s [%s] -> %s", c.name.c_str(), c.id.c_str(), result.c_str());
        messages_.push_back("{\"role\":\"tool\",\"tool_call_id\":" + json_str(c.id) +
                            ",\"content\":" + json_str(result) + "}");
      }
      check_history(false, "after the tool results");
      if (guard_.cap_reached()) {
        const std::string note = "loop guard: " + std::to_string(guard_.cycles()) +
                                 " tool cycles this turn (--max-tool-cycles " + std::to_string(guard_.max_cycles()) +
                                 "); asking for an answer without tools";
        s_.log.note(note);
        view_.line("[" + note + "]");
      }
    }
  }

  /// Lines of the --trace file.
  const std::string& trace() const noexcept { return trace_; }

 private:
  void report(const std::string& what) {
    ++check_failures_;
    std::fprintf(stderr, "toolcall-chat: check failed: %s\n", what.c_str());
  }

  void check_history(bool pending, const char* when) {
    tc::conversation::check_options co;
    co.allow_pending = pending;
    co.strict_order = true;  // the loop answers every call right after the message that made it
    for (const tc::diagnostic& d : tc::conversation::check(messages_json(), co))
      report(std::string("history ") + when + ": message " + std::to_string(d.offset) + ": " + d.message);
  }

  void on_sse(std::string_view chunk) {
    sse_.append(chunk.data(), chunk.size());
    if (s_.opt.sse) {
      std::fwrite(chunk.data(), 1, chunk.size(), stdout);
      std::fflush(stdout);
    }
  }

  bool generate(bool tools_on, tc::message& m, std::string& err) {
    ++generation_;
    tchat::chat_template_options co;
    co.add_generation_prompt = true;
    if (!s_.opt.think && s_.traits.knows_enable_thinking) co.enable_thinking = false;
    const tchat::render_result prompt =
        renderer_.render(messages_json(), tools_on ? std::string_view(s_.tools_json) : std::string_view(), co);
    if (!prompt) {
      err = "rendering the prompt: " + prompt.error;
      return false;
    }
    const std::vector<std::int32_t> prompt_ids = s_.tok.encode(prompt.prompt);

    const recorded_generation* forced = nullptr;
    recorded_generation current;
    if (script_) {
      if (script_->empty()) {
        err = "generation " + std::to_string(generation_) + ": the script has no response left";
        return false;
      }
      current = std::move(script_->front());
      script_->pop_front();
      forced = &current;
    }
    if (!src_.start(prompt_ids, forced ? &forced->ids : nullptr, err)) {
      err = "generation " + std::to_string(generation_) + ": " + err;
      return false;
    }

    // The parser for this response: the model's formats and the tools' schemas when tools are
    // offered; reasoning only when not (call markup is then plain text, as the client expects).
    tc::options po;
    po.reasoning = reasoning_for_prompt(prompt.prompt, s_.traits.knows_enable_thinking);
    po.seed = mix_seed(s_.opt.seed, generation_);
    tc::stream_parser& sp = tools_on ? sp_ : plain_sp_;
    sp.reset(po);
    if (tools_on && s_.norm)
      s_.norm->attach(sp);
    else
      sp.set_filter(nullptr);
    tc::openai::sse_options so;
    so.model = s_.model_name;
    so.seed = mix_seed(s_.opt.seed ^ 0x55AA55AA55AA55AAull, generation_);
    so.created = s_.deterministic ? k_fixed_time : 0;
    writer_.reset(so);
    sse_.clear();
    view_.begin();
    auto sink = [this](const tc::event& ev) {
      writer_.on_event(ev);
      view_.on_event(ev);
    };

    std::vector<std::int32_t> ids;
    std::vector<std::string> deltas;
    std::string raw;
    bool hit_limit = false;
    for (std::size_t n = 0;; ++n) {
      if (n == s_.opt.max_tokens) {
        hit_limit = true;
        break;
      }
      std::int32_t id = -1;
      if (!src_.next(id, err)) {
        err = "generation " + std::to_string(generation_) + ": " + err;
        return false;
      }
      ids.push_back(id);
      if (s_.tok.is_end_of_generation(id)) break;
      // The token's bytes, as they are: a piece may end inside a UTF-8 sequence, and the stream
      // parser keeps such bytes until the sequence completes.
      const std::string piece = s_.tok.token_to_piece(id);
      deltas.push_back(piece);
      raw += piece;
      sp.write(piece, sink);
    }
    m = sp.finish(sink);
    if (hit_limit && m.finish == tc::finish_reason::stop) m.finish = tc::finish_reason::length;
    writer_.finish(m.finish);
    view_.end();
    for (const tc::diagnostic& d : m.diagnostics)
      if (d.level != tc::severity::note)
        s_.log.note("parser %s at byte %zu: %s", tc::to_string(d.code), d.offset, d.message.c_str());
    if (hit_limit) s_.log.warn("generation " + std::to_string(generation_) + " stopped at --max-tokens");

    // Forced decoding must have produced exactly the script (the ids are the tokenizer's).
    if (forced && !forced->text.empty()) {
      if (ids != forced->ids)
        report("generation " + std::to_string(generation_) + ": the ids differ from the script's");
      if (raw != forced->text && !hit_limit)
        report("generation " + std::to_string(generation_) + ": the text differs from the script's");
    }
    // The SSE stream, folded back as a client would, must give the message the loop recorded.
    tc::openai::accumulator_options ao;
    ao.fallback = false;
    tc::openai::delta_accumulator acc(ao);
    acc.feed_sse(sse_);
    const tc::message folded = acc.finish();
    if (const std::string d = sse_round_trip_diff(m, folded); !d.empty())
      report("generation " + std::to_string(generation_) + ": SSE round trip: " + d);

    // --trace
    std::string line = "{\"generation\":" + std::to_string(generation_) + ",\"turn\":" + std::to_string(turn_) +
                       ",\"tools_offered\":" + (tools_on ? "true" : "false") + ",\"reasoning_start\":\"" +
                       to_string(po.reasoning) + "\",\"prompt_tokens\":" + std::to_string(prompt_ids.size()) +
                       ",\"ids\":[";
    for (std::size_t i = 0; i < ids.size(); ++i) line += (i ? "," : "") + std::to_string(ids[i]);
    line += "],\"deltas\":[";
    for (std::size_t i = 0; i < deltas.size(); ++i) line += (i ? "," : "") + json_str(deltas[i]);
    line += "],\"message\":" + assistant_message_json(m) + ",\"finish_reason\":\"" + tc::to_string(m.finish) +
            "\",\"sse\":" + json_str(sse_) + "}\n";
    trace_ += line;
    return true;
  }

  const chat_setup& s_;
  token_source& src_;
  std::deque<recorded_generation>* script_;
  tc::conversation::loop_guard guard_;
  tc::stream_parser sp_;
  tc::stream_parser plain_sp_;
  tc::openai::sse_writer writer_;
  live_view view_;
  tchat::qwen3_chat_template renderer_;
  std::vector<std::string> messages_;
  std::string sse_;
  std::string trace_;
  std::size_t generation_ = 0, turn_ = 0, check_failures_ = 0;
};

/// Compares the replayed assistant messages with the transcript's (call ids aside: Qwen's format
/// has none, so the parser makes new ones).
std::size_t compare_replay(const std::vector<std::string>& recorded, const std::vector<std::string>& messages,
                           const logger& log) {
  std::vector<std::string> replayed;
  simdjson::dom::parser p;
  for (const std::string& m : messages) {
    simdjson::dom::element e;
    std::string_view role;
    if (!p.parse(m).get(e) && !e["role"].get(role) && role == "assistant") replayed.push_back(m);
  }
  std::size_t failures = 0;
  if (replayed.size() != recorded.size()) {
    log.error("replay: " + std::to_string(replayed.size()) + " assistant messages, the transcript has " +
              std::to_string(recorded.size()));
    ++failures;
  }
  const auto shape = [](const std::string& json) {
    simdjson::dom::parser q;
    simdjson::dom::element e;
    std::string out;
    if (q.parse(json).get(e)) return out;
    std::string_view s;
    out += "content=" + std::string(!e["content"].get(s) ? s : std::string_view()) + "\n";
    simdjson::dom::array calls;
    if (!e["tool_calls"].get(calls)) {
      for (const simdjson::dom::element c : calls) {
        std::string_view name, args;
        if (c["function"]["name"].get(name)) name = {};
        if (c["function"]["arguments"].get(args)) args = {};
        std::string compact;
        simdjson::dom::parser r;
        simdjson::dom::element a;
        compact = !r.parse(args.data(), args.size()).get(a) ? simdjson::minify(a) : std::string(args);
        out += "call " + std::string(name) + " " + compact + "\n";
      }
    }
    return out;
  };
  for (std::size_t i = 0; i < std::min(replayed.size(), recorded.size()); ++i) {
    if (shape(replayed[i]) != shape(recorded[i])) {
      log.error("replay: assistant message " + std::to_string(i + 1) + " differs from the transcript's");
      ++failures;
    }
  }
  if (failures == 0) log.note("replay: %zu assistant messages reproduced (call ids aside)", replayed.size());
  return failures;
}

// ------------------------------------------------------------------------------------------------
// main
// ------------------------------------------------------------------------------------------------

int token_stats(const cli_options& o, const tchat::tokenizer& tok, const logger& log) {
  std::string text, err;
  if (!read_text_file(o.token_stats, text, err)) {
    log.error(err);
    return k_exit_usage;
  }
  simdjson::dom::parser p;
  std::size_t texts = 0, bytes = 0, tokens = 0;
  for (const std::string& line : non_blank_lines(text)) {
    simdjson::dom::element doc;
    std::string_view input;
    std::string sample = line;
    if (!p.parse(line).get(doc) && (!doc["input"].get(input) || !doc["response"].get(input) || !doc["text"].get(input)))
      sample = std::string(input);
    ++texts;
    bytes += sample.size();
    tokens += tok.encode(sample).size();
  }
  std::printf("%s: %zu texts, %zu bytes, %zu tokens, %.3f bytes per token\n", o.token_stats.c_str(), texts, bytes,
              tokens, tokens ? static_cast<double>(bytes) / static_cast<double>(tokens) : 0.0);
  return 0;
}

std::unique_ptr<tchat::backend> make_backend(const cli_options& o, std::string& err) {
  if (o.backend == "metal") {
#if defined(TOOLCALL_CHAT_METAL)
    tchat::engine_result<std::unique_ptr<tchat::backend>> m = tchat::make_metal_backend();
    if (!m) {
      err = "Metal backend: " + m.error;
      return nullptr;
    }
    return std::move(m.value);
#else
    err = "the Metal backend is not in this build (it is built on Apple only); use --backend cpu";
    return nullptr;
#endif
  }
  return std::make_unique<tchat::cpu_backend>(o.threads);
}

int run_verify(const cli_options& o, const tchat::model& m, const tchat::tokenizer& tok, const tool_box& tools,
               const logger& log) {
  const tchat::render_result r = tchat::render_qwen3_chat(
      R"([{"role": "user", "content": "What is 12*(3+4)? Use the calculator."}])", tools.tools_json());
  if (!r) {
    log.error(r.error);
    return k_exit_runtime;
  }
  const std::vector<std::int32_t> ids = tok.encode(r.prompt);
  tchat::verify_report rep;
  std::string compared;
#if defined(TOOLCALL_CHAT_METAL)
  (void)o;
  rep = tchat::verify(m, ids);  // Metal against the CPU backend with one thread
  compared = "Metal vs CPU (1 thread)";
#else
  if (o.backend == "metal") {
    log.error("--verify --backend metal: the Metal backend is not in this build (it is built on Apple only)");
    return k_exit_usage;
  }
  std::printf(
      "Metal: not available in this build (the Metal backend is built on Apple only); comparing the CPU "
      "backend with 1 thread against the CPU backend with N threads\n");
  tchat::cpu_backend reference(1);
  tchat::cpu_backend candidate(o.threads);
  rep = tchat::verify(m, reference, candidate, ids);
  compared = std::string(reference.name()) + " vs " + candidate.name();
#endif
  if (!rep.error.empty()) {
    log.error("verify: " + rep.error);
    return k_exit_runtime;
  }
  std::printf(
      "verify: %s, one forward step over %zu prompt tokens: max |diff| %.3g, max |logit| %.3g, argmax %d vs "
      "%d: %s\n",
      compared.c_str(), ids.size(), static_cast<double>(rep.max_abs_diff), static_cast<double>(rep.max_abs_logit),
      rep.argmax_reference, rep.argmax_candidate, rep.ok ? "OK" : "MISMATCH");
  return rep.ok ? 0 : k_exit_checks;
}

int run(int argc, char** argv) {
  cli_options o;
  std::string err;
  if (!parse_cli(argc, argv, o, err)) {
    std::fprintf(stderr, "toolcall-chat: %s\n", err.c_str());
    return k_exit_usage;
  }
  if (o.help) {
    std::fputs(k_usage, stdout);
    return 0;
  }
  const logger log(o.quiet);
  if (!o.make_tiny_model.empty()) return make_tiny_model(o, log);

  // The model (weights, tokenizer, template) or, without one, a tokenizer folder.
  text_model tm;
  std::optional<tchat::model> model;
  if (!o.model_path.empty()) {
    const auto t0 = std::chrono::steady_clock::now();
    tchat::engine_result<tchat::gguf_file> file = tchat::read_gguf(o.model_path);
    if (!file) {
      log.error(file.error);
      return k_exit_usage;
    }
    if (file.value.find("tokenizer.ggml.tokens")) {
      if (!load_text_from_gguf(file.value, tm, err)) {
        log.error(o.model_path + ": " + err);
        return k_exit_usage;
      }
    } else if (o.tokenizer_dir.empty() || !load_text_from_directory(o.tokenizer_dir, tm, err)) {
      log.error(o.model_path + ": no tokenizer in the GGUF metadata" +
                (err.empty() ? "; give --tokenizer DIR" : ": " + err));
      return k_exit_usage;
    }
    const bool need_weights = o.verify || (o.replay_path.empty() && o.token_stats.empty());
    if (need_weights) {
      tchat::engine_result<tchat::model> m = tchat::load_model(file.value);
      if (!m) {
        log.error(o.model_path + ": " + m.error);
        return k_exit_usage;
      }
      model = std::move(m.value);
    }
    log.note("loaded %s (%s%s) in %.2f s", o.model_path.c_str(), tm.name.c_str(),
             need_weights ? "" : "; tokenizer and template only", seconds_since(t0));
  } else if (!o.tokenizer_dir.empty()) {
    if (!load_text_from_directory(o.tokenizer_dir, tm, err)) {
      log.error(err);
      return k_exit_usage;
    }
  } else {
    log.error("give --model FILE.gguf (or --tokenizer DIR with --replay or --token-stats); see --help");
    return k_exit_usage;
  }
  const tchat::tokenizer& tok = *tm.tok;

  if (!o.token_stats.empty()) return token_stats(o, tok, log);

  const bool deterministic = o.fixed_clock || !o.script_path.empty() || !o.replay_path.empty();
  const tool_box tools(o.files_dir, deterministic);
  if (!tools.setup_error().empty()) {
    log.error(tools.setup_error());
    return k_exit_usage;
  }

  if (o.verify) {
    if (!model) {
      log.error("--verify needs --model");
      return k_exit_usage;
    }
    return run_verify(o, *model, tok, tools, log);
  }

  // The decoding plan: scripted, replayed, or free.
  std::deque<recorded_generation> script;
  replay_plan plan;
  if (!o.script_path.empty() && !load_script(o.script_path, tok, script, err)) {
    log.error(err);
    return k_exit_usage;
  }
  if (!o.replay_path.empty()) {
    if (!load_replay(o.replay_path, tok, plan, err)) {
      log.error(err);
      return k_exit_usage;
    }
    script = std::move(plan.generations);
  }
  if (o.replay_path.empty() && !model) {
    log.error("generation needs --model FILE.gguf");
    return k_exit_usage;
  }

  // The engine.
  std::unique_ptr<tchat::backend> backend;
  std::unique_ptr<tchat::session> session;
  std::unique_ptr<token_source> source;
  engine_source* engine = nullptr;
  if (o.replay_path.empty()) {
    backend = make_backend(o, err);
    if (!backend) {
      log.error(err);
      return k_exit_usage;
    }
    tchat::session_options so;
    so.n_ctx = o.n_ctx;
    session = std::make_unique<tchat::session>(*model, *backend, so);
    tchat::sampling_params sp;
    sp.temperature = o.temperature;
    sp.top_p = o.top_p;
    sp.top_k = o.top_k;
    sp.seed =
        o.seed_given ? o.seed : static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    auto e = std::make_unique<engine_source>(*session, sp);
    engine = e.get();
    source = std::move(e);
    log.note("engine: %s, %s, %d layers, hidden %d, vocabulary %d, context %d", backend->name(),
             model->config.arch == tchat::model_arch::qwen2 ? "qwen2" : "qwen3", model->config.n_layer,
             model->config.n_embd, model->config.n_vocab, session->n_ctx());
  } else {
    source = std::make_unique<replay_source>();
  }

  // Tools, their schemas for the normalizer, and the parser formats of the model family.
  const template_traits traits = inspect_template(tm.chat_template, log);
  const std::string tools_json = tools.tools_json();
  std::optional<tc::normalizer> norm;
  if (tc::result<tc::normalizer> n = tc::normalizer::create(tools_json); n)
    norm = std::move(*n);
  else
    log.warn("normalizer: " + n.error().message());
  // The formats of the model's family, by its name; a template that can make the model think
  // (Qwen3's) also brings reasoning blocks (the tiny qwen2 model carries Qwen3's template).
  tc::parser_registry registry = tc::parser_registry::for_model(tm.name);
  if (traits.knows_enable_thinking && !registry.contains("reasoning")) registry.add(*tc::format::builtin("reasoning"));
  const chat_setup setup{o,        log,     tok,        traits,       tools, norm ? &*norm : nullptr,
                         registry, tm.name, tools_json, deterministic};
  chat_loop loop(setup, *source, (o.script_path.empty() && o.replay_path.empty()) ? nullptr : &script);

  std::string system = o.system;
  if (system.empty()) system = plan.system;
  if (system.empty()) system = traits.default_system;
  if (!system.empty()) loop.add_system(system);

  // The user turns: --prompt, the replayed transcript's, or stdin lines.
  std::vector<std::string> prompts = o.prompts;
  if (prompts.empty()) prompts = plan.prompts;
  const bool from_stdin = prompts.empty();
  const bool tty = ::isatty(STDIN_FILENO) != 0;
  int status = 0;
  for (std::size_t i = 0;; ++i) {
    std::string prompt;
    if (from_stdin) {
      if (tty) std::fprintf(stderr, "> ");
      if (!std::getline(std::cin, prompt)) break;
      if (rstrip(prompt).empty()) continue;
    } else {
      if (i >= prompts.size()) break;
      prompt = prompts[i];
    }
    if (!loop.user_turn(prompt, err)) {
      log.error(err);
      status = k_exit_runtime;
      break;
    }
  }
  if (!script.empty() && status == 0)
    log.warn(std::to_string(script.size()) + " scripted/recorded generations were not used");

  std::size_t failures = loop.check_failures();
  if (plan.is_transcript && status == 0) failures += compare_replay(plan.recorded_assistant, loop.messages(), log);

  if (!o.transcript_path.empty()) {
    const std::string t = join_array(loop.messages(), ",\n  ");
    const std::string pretty = "[\n  " + t.substr(1, t.size() - 2) + (loop.messages().empty() ? "]\n" : "\n]\n");
    if (!write_text_file(o.transcript_path, pretty, err)) {
      log.error(err);
      return k_exit_usage;
    }
  }
  if (!o.trace_path.empty() && !write_text_file(o.trace_path, loop.trace(), err)) {
    log.error(err);
    return k_exit_usage;
  }
  if (engine) {
    const auto rate = [](std::size_t n, double s) { return s > 0 ? static_cast<double>(n) / s : 0.0; };
    log.note(
        "%zu generations; prompt: %zu tokens evaluated in %.3f s (%.1f tok/s), %zu reused from the cache; "
        "generated: %zu tokens in %.3f s (%.1f tok/s)",
        loop.generations(), engine->prefill_tokens_, engine->prefill_seconds_,
        rate(engine->prefill_tokens_, engine->prefill_seconds_), engine->reused_tokens_, engine->decode_tokens_,
        engine->decode_seconds_, rate(engine->decode_tokens_, engine->decode_seconds_));
  }
  if (status != 0) return status;
  if (failures) {
    log.error(std::to_string(failures) + " check(s) failed");
    return k_exit_checks;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return run(argc, argv);
}
