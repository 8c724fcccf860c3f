// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The `toolcall` command-line tool, also the conformance runner (issues #2, #3, #4, #13, #15).
// Input is read in large blocks and output written in large blocks: the
// tool should cost little more than the library itself.
#include <simdjson.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <toolcall/anthropic.hpp>
#include <toolcall/json_writer.hpp>
#include <toolcall/openai.hpp>
#include <toolcall/toolcall.hpp>
#include <toolcall/version.hpp>

#include "cli_history.hpp"
#include "cli_spec.hpp"

namespace {

// ---- help texts -----------------------------------------------------------------------------

const char* k_usage = R"(toolcall - turn LLM output into OpenAI tool calls

usage:
  toolcall parse [options]        raw model output on stdin -> one JSON object on stdout
  toolcall parse --jsonl [opts]   each stdin line {"id": ..., "input": "..."} -> one line out
  toolcall stream [options]       raw model output on stdin, fed to the stream parser in pieces
                                  -> the parser's events, one JSON line each
  toolcall stream --sse [opts]    the same -> server-sent events (--wire chat|responses|anthropic)
  toolcall accumulate [options]   SSE on stdin (--wire ...) -> the message, in parse's output shape
  toolcall history --check FILE   check an OpenAI messages array (FILE or - for stdin)
  toolcall history --llama31 FILE rewrite it for single-call templates (Llama 3.1)
  toolcall formats [--model NAME] the formats, their priorities and what each one matches
  toolcall learn SAMPLES.json     rendered assistant turns -> a format spec file (JSON)
  toolcall --version              the version
  toolcall --help                 this text
  toolcall COMMAND --help         a command's options (toolcall parse --help, ...)

common options of parse, stream and accumulate (details in each command's --help):
  --format NAME, --format-file SPEC.json, --model NAME, --seed N, --chunk N, --chunk-seed S, --reasoning MODE,
  --max-input-bytes N, --max-call-bytes N, --max-calls N, --max-depth N, --time-budget-ms N

exit status: 0 done (bad model output is not an error: it is reported in "diagnostics"),
  1 history --check found violations, 2 bad usage or unreadable input.
)";

const char* k_output_shape = R"(
output:
  {"message": {"role": "assistant", "content": <string|null>,
               "reasoning_content": <string, only with reasoning>,
               "tool_calls": [{"id", "type": "function", "function": {"name", "arguments"}}]},
   "finish_reason": "tool_calls"|"stop"|"length",
   "diagnostics": [{"code", "offset", "message", "severity"}]}
)";

const char* k_common_options = R"(  --format NAME     only this format (plus reasoning blocks); see `toolcall formats`
  --format-file SPEC.json
                    only the format of a spec file (plus reasoning blocks); see
                    docs/format_spec.md and `toolcall learn`
  --model NAME      the formats of a model family (e.g. Qwen/Qwen2.5-Coder-7B-Instruct);
                    see `toolcall formats --model NAME`
  --seed N          deterministic call ids: N is a whole number, 1 to 18446744073709551615
                    (0, the default, picks random ids)
  --max-input-bytes N, --max-call-bytes N, --max-calls N, --max-depth N
                    the parser's limits (whole numbers, 0 or more); past one, a limit_*
                    diagnostic and the text stays content
  --time-budget-ms N  parsing time allowed per response, in ms (0: no limit; default: none
                    for parse, so a whole file always gives the same answer; 100 otherwise)
)";

/// The --reasoning modes, as toolcall::reasoning_start names them.
struct reasoning_mode {
  const char* name;
  toolcall::reasoning_start value;
};
constexpr reasoning_mode k_reasoning_modes[] = {
    {"preset", toolcall::reasoning_start::preset}, {"closed", toolcall::reasoning_start::closed},
    {"open", toolcall::reasoning_start::open},     {"detect", toolcall::reasoning_start::detect},
    {"none", toolcall::reasoning_start::none},
};
const char* k_reasoning_accepted = "preset, closed, open, detect or none";

/// The library's default mode (toolcall::options{}.reasoning), by name.
const char* default_reasoning() {
  for (const reasoning_mode& m : k_reasoning_modes)
    if (m.value == toolcall::options{}.reasoning) return m.name;
  return "the library's default";
}

std::string reasoning_help(const char* default_text) {
  std::string s = "  --reasoning MODE  preset | closed | open | detect | none; default: ";
  s += default_text;
  s += R"(
                      preset  open when --model names a family whose chat template opens
                              <think> in the prompt, else closed
                      closed  the output starts outside reasoning; <think> at the start opens
                              a block; text streams as content at once
                      open    the prompt ended inside <think>: the output starts as reasoning
                      detect  a lone </think> makes all the text before it reasoning, so text
                              is held back until a closer or the end decides (whole texts)
                      none    no reasoning expected: <think> is plain text
)";
  return s;
}

std::string help_parse() {
  std::string s = R"(usage: toolcall parse [options] < model_output
       toolcall parse --jsonl [options] < cases.jsonl

Parses all of stdin, the raw text a model wrote, and prints one JSON object.
)";
  s += k_output_shape;
  s += R"(
options:
  --jsonl           each stdin line is {"id": ..., "input": "..."}; each output line is the
                    object above with "id" copied from the input line (a line that is not
                    such an object gives an invalid_input diagnostic, not an exit)
  --tools FILE      normalize calls against an OpenAI tools array, or an object with a "tools"
                    key (a whole request body works): type coercion, name repair, required
                    fields
  --request FILE    an OpenAI request body: its "tools" as --tools, and its "tool_choice"
                    (auto, none, required, a function) and "parallel_tool_calls" (each
                    --jsonl line is a response to it)
  --chunk N         feed the stream parser N-byte pieces (N: a whole number, 1 or more) and
                    print the message folded from its events, as a streaming client sees it
  --chunk-seed S    the same with random pieces of 1..16 bytes drawn from seed S
)";
  s += k_common_options;
  s += reasoning_help("detect");
  s += R"(                    parse has the whole text before it answers, so it defaults to detect:
                    a lone </think> anywhere still makes the text before it reasoning, and
                    holding text back costs nothing here (--chunk N too, so its folded
                    message is the whole-text one). `stream` and the library default to
                    preset, which streams live.
)";
  return s;
}

std::string help_stream() {
  std::string s = R"(usage: toolcall stream [options] < model_output
       toolcall stream --sse [options] < model_output

Feeds stdin to the stream parser in pieces, as an engine feeds tokens, and writes what a
streaming client receives as it happens (from a pipe, output follows input):
  without --sse  one JSON line per parser event:
                   {"event": "content"|"reasoning", "text"}
                   {"event": "call_begin", "index", "id", "name", "format"}
                   {"event": "arguments_delta", "index", "text"}
                   {"event": "call_end", "index", "status"}
                   {"event": "diagnostic", "code", "offset", "message", "severity"}
                 and last {"event": "finish", "finish_reason"}
  with --sse     server-sent events on the --wire:
                   chat       OpenAI chat.completion.chunk events, ending with data: [DONE]
                   responses  OpenAI Responses API events (response.created ...
                              response.completed, or response.incomplete at a token limit)
                   anthropic  Anthropic Messages events (message_start, content_block_*,
                              message_delta with stop_reason, message_stop)

options:
  --sse             write server-sent events
  --wire W          chat (default), responses or anthropic
  --id ID           the chunks' "id" (default: chatcmpl- and 24 random characters)
  --created T       the chunks' "created", Unix seconds (a whole number; default: now)
  --hold-calls      send each call whole when it ends ok, never one that failed
  --token-limit-hit the engine stopped at its token limit: finish_reason "length" unless
                    calls were made
  --tools FILE      normalize calls against an OpenAI tools array (see toolcall parse --help)
  --request FILE    an OpenAI request body: tools, tool_choice, parallel_tool_calls
  --chunk N         pieces of N bytes (N: a whole number, 1 or more; default 4, about a token)
  --chunk-seed S    random pieces of 1..16 bytes drawn from seed S
)";
  s += k_common_options;
  s += reasoning_help(default_reasoning());
  s += "                    with --sse, --model is also the chunks' \"model\"\n";
  return s;
}

std::string help_accumulate() {
  std::string s = R"(usage: toolcall accumulate [options] < sse_stream

Reads a stream of server-sent events on the --wire (chat: OpenAI chat.completion.chunk;
responses: OpenAI Responses API events; anthropic: Anthropic Messages events) and prints the
message it adds up to, in the shape of toolcall parse. When no tool_calls arrived, the content is parsed
for tool-call markup (a server that streamed calls as text).
)";
  s += k_output_shape;
  s += R"(
options:
  --wire W          chat (default), responses or anthropic
  --chunks          stdin holds one chunk (or event) JSON per line instead of SSE
  --no-fallback     do not parse the content for tool-call markup when no calls arrived
  --choice N        follow choice N (a whole number; default 0)
  --chunk N         read stdin N bytes at a time (N: a whole number, 1 or more; default 4096)
  --chunk-seed S    read random pieces of 1..16 bytes drawn from seed S
the options below apply to the fallback parse of the content:
)";
  s += k_common_options;
  s += reasoning_help(default_reasoning());
  return s;
}

const char* k_help_formats = R"(usage: toolcall formats [--model NAME]

Lists the built-in formats, one line each: name, priority (lower is tried first) and what
the format matches. With --model NAME, only the formats of that model family (what
--model NAME selects in parse, stream and accumulate).
)";

// ---- options --------------------------------------------------------------------------------

struct cli_opts {
  std::string cmd;
  std::string tools;
  std::string request;          // --request FILE
  toolcall::tool_choice req_choice;  // the request's, given again for each --jsonl line
  std::string format, model;
  std::string format_file;  // --format-file
  bool jsonl = false;
  std::size_t chunk = 0;  // 0: the command's default
  bool chunk_random = false;
  std::uint64_t chunk_seed = 0;
  bool reasoning_set = false;
  bool time_budget_set = false;  // --time-budget-ms given (parse has none by default)
  toolcall::options opt;
  // stream
  bool sse = false, hold_calls = false;
  std::string wire = "chat";  // --wire: chat, responses or anthropic
  std::string id;
  std::int64_t created = 0;
  // accumulate
  bool chunks = false, fallback = true;
  std::size_t choice = 0;
};

/// A whole number in [min, max], decimal digits only (no sign, no space); false otherwise.
bool parse_number(const char* s, std::uint64_t min, std::uint64_t max, std::uint64_t& out) {
  if (!*s) return false;
  std::uint64_t v = 0;
  for (const char* p = s; *p; ++p) {
    if (*p < '0' || *p > '9') return false;
    const unsigned d = static_cast<unsigned>(*p - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10) return false;
    v = v * 10 + d;
  }
  if (v < min || v > max) return false;
  out = v;
  return true;
}

/// "a whole number from 1 to 18446744073709551615", for the messages.
std::string number_range(std::uint64_t min, std::uint64_t max) {
  return "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

/// Parses the option at argv[i] (advancing i past its value). Returns false, after a message on
/// stderr that names the option and what it accepts, on an unknown option or a bad value.
bool parse_option(int argc, char** argv, int& i, cli_opts& o) {
  const std::string a = argv[i];
  auto only = [&](std::initializer_list<const char*> cmds) {
    for (const char* c : cmds)
      if (o.cmd == c) return true;
    return false;
  };
  // the value of an option that takes one; nullptr (after a message) when it is missing
  auto value = [&](const char* accepted) -> const char* {
    if (i + 1 >= argc) {
      std::fprintf(stderr, "toolcall %s: %s needs a value (%s)\n", o.cmd.c_str(), a.c_str(), accepted);
      return nullptr;
    }
    return argv[++i];
  };
  // reads a whole number in [min, max] into `field`
  auto number = [&](auto& field, std::uint64_t min, std::uint64_t max) {
    const std::string accepted = number_range(min, max);
    const char* v = value(accepted.c_str());
    if (!v) return false;
    std::uint64_t n = 0;
    if (!parse_number(v, min, max, n)) {
      std::fprintf(stderr, "toolcall %s: %s '%s': expected %s\n", o.cmd.c_str(), a.c_str(), v, accepted.c_str());
      return false;
    }
    field = static_cast<std::remove_reference_t<decltype(field)>>(n);
    return true;
  };
  auto text = [&](std::string& field, const char* accepted) {
    const char* v = value(accepted);
    if (!v) return false;
    field = v;
    return true;
  };
  constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();
  constexpr std::uint64_t size_max = std::numeric_limits<std::size_t>::max();
  // options of parse, stream and accumulate
  if (a == "--format") return text(o.format, "a format name, see toolcall formats");
  if (a == "--format-file") return text(o.format_file, "a format spec file (docs/format_spec.md)");
  if (a == "--model") return text(o.model, "a model name, e.g. Qwen/Qwen3-8B");
  if (a == "--seed") return number(o.opt.seed, 0, u64_max);
  if (a == "--chunk") return number(o.chunk, 1, size_max);
  if (a == "--chunk-seed") return number(o.chunk_seed, 0, u64_max) && (o.chunk_random = true);
  if (a == "--max-input-bytes") return number(o.opt.max_input_bytes, 0, size_max);
  if (a == "--max-call-bytes") return number(o.opt.max_call_bytes, 0, size_max);
  if (a == "--max-calls") return number(o.opt.max_calls, 0, size_max);
  if (a == "--max-depth") return number(o.opt.max_depth, 0, size_max);
  if (a == "--time-budget-ms") {
    std::uint64_t ms = 0;
    // std::chrono::microseconds holds at least 2^54 us; keep ms * 1000 well inside it
    if (!number(ms, 0, std::uint64_t{1} << 40)) return false;
    o.opt.time_budget = std::chrono::milliseconds(static_cast<std::int64_t>(ms));
    o.time_budget_set = true;
    return true;
  }
  if (a == "--reasoning") {
    const char* v = value(k_reasoning_accepted);
    if (!v) return false;
    for (const reasoning_mode& m : k_reasoning_modes) {
      if (!std::strcmp(v, m.name)) {
        o.opt.reasoning = m.value;
        o.reasoning_set = true;
        return true;
      }
    }
    std::fprintf(stderr, "toolcall %s: --reasoning '%s': expected %s\n", o.cmd.c_str(), v, k_reasoning_accepted);
    return false;
  }
  // parse
  if (a == "--jsonl" && only({"parse"})) return o.jsonl = true;
  if (a == "--tools" && only({"parse", "stream"})) return text(o.tools, "a file with an OpenAI tools array");
  if (a == "--request" && only({"parse", "stream"})) return text(o.request, "a file with an OpenAI request body");
  // stream
  if (a == "--sse" && only({"stream"})) return o.sse = true;
  if (a == "--id" && only({"stream"})) return text(o.id, "the chunks' id");
  if (a == "--created" && only({"stream"}))
    return number(o.created, 0, static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  if (a == "--hold-calls" && only({"stream"})) return o.hold_calls = true;
  if (a == "--wire" && only({"stream", "accumulate"})) {
    if (!text(o.wire, "chat, responses or anthropic")) return false;
    if (o.wire == "chat" || o.wire == "responses" || o.wire == "anthropic") return true;
    std::fprintf(stderr, "toolcall %s: --wire '%s': expected chat, responses or anthropic\n", o.cmd.c_str(),
                 o.wire.c_str());
    return false;
  }
  if (a == "--token-limit-hit" && only({"stream"})) return o.opt.token_limit_hit = true;
  // accumulate
  if (a == "--chunks" && only({"accumulate"})) return o.chunks = true;
  if (a == "--no-fallback" && only({"accumulate"})) {
    o.fallback = false;
    return true;
  }
  if (a == "--choice" && only({"accumulate"})) return number(o.choice, 0, size_max);
  std::fprintf(stderr, "toolcall %s: unknown option %s (see toolcall %s --help)\n", o.cmd.c_str(), a.c_str(),
               o.cmd.c_str());
  return false;
}

// ---- input and output in large blocks -------------------------------------------------------

/// Output gathered in one buffer and written with fwrite in large blocks.
class out_buffer {
 public:
  std::string buf;
  /// Writes the buffer when it holds a block's worth.
  void maybe_write() {
    if (buf.size() >= k_block) write();
  }
  /// Writes the buffer and flushes stdout (so a pipe reader sees it now).
  void flush() {
    write();
    std::fflush(stdout);
  }

 private:
  static constexpr std::size_t k_block = std::size_t{1} << 16;
  void write() {
    if (!buf.empty()) std::fwrite(buf.data(), 1, buf.size(), stdout);
    buf.clear();
  }
};

/// Pieces of stdin of the sizes `next()` returns, sliced from large blocks.
class piece_reader {
 public:
  explicit piece_reader(std::size_t block = std::size_t{1} << 18) : buf_(block) {}

  /**
   * Calls f(piece) for each piece, in order, with the sizes `next()` gives (the last piece may
   * be shorter), and before_wait() each time the pieces at hand are used up and more input
   * must be read (so output can be flushed before blocking on a pipe). False on a read error
   * (errno kept).
   */
  template <typename Next, typename F, typename W>
  bool for_each(Next&& next, F&& f, W&& before_wait) {
    std::size_t begin = 0, end = 0;
    bool eof = false;
    for (;;) {
      const std::size_t want = next();
      while (end - begin < want && !eof) {
        // move the tail of the block to the front, then read as much as there is room for
        if (begin > 0) {
          std::memmove(buf_.data(), buf_.data() + begin, end - begin);
          end -= begin;
          begin = 0;
        }
        // a piece larger than the block: grow with the data, not to `want` at once
        if (end == buf_.size()) buf_.resize(buf_.size() < want / 2 ? buf_.size() * 2 : want);
        before_wait();
        const std::ptrdiff_t got = toolcall_cli_read_some(stdin, buf_.data() + end, buf_.size() - end);
        if (got < 0) return false;
        if (got == 0) eof = true;
        end += static_cast<std::size_t>(got);
      }
      const std::size_t n = want < end - begin ? want : end - begin;
      if (n == 0) return true;
      f(std::string_view(buf_.data() + begin, n));
      begin += n;
    }
  }
  /// Calls f(line) for each line of stdin (without its '\n'); false on a read error.
  template <typename F, typename W>
  bool for_each_line(F&& f, W&& before_wait) {
    std::size_t begin = 0, end = 0;
    for (;;) {
      const void* nl = std::memchr(buf_.data() + begin, '\n', end - begin);
      if (nl) {
        const std::size_t stop = static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data());
        f(std::string_view(buf_.data() + begin, stop - begin));
        begin = stop + 1;
        continue;
      }
      if (begin > 0) {
        std::memmove(buf_.data(), buf_.data() + begin, end - begin);
        end -= begin;
        begin = 0;
      }
      if (end == buf_.size()) buf_.resize(buf_.size() * 2);  // a line longer than the block
      before_wait();
      const std::ptrdiff_t got = toolcall_cli_read_some(stdin, buf_.data() + end, buf_.size() - end);
      if (got < 0) return false;
      if (got == 0) {
        if (end > 0) f(std::string_view(buf_.data(), end));
        return true;
      }
      end += static_cast<std::size_t>(got);
    }
  }

 private:
  std::vector<char> buf_;
};

/// Sizes of the pieces stdin is fed in: fixed, or 1..16 bytes from a seed.
class piece_sizes {
 public:
  piece_sizes(const cli_opts& o, std::size_t fixed_default)
      : fixed_(o.chunk ? o.chunk : fixed_default), random_(o.chunk_random), rng_(o.chunk_seed) {}
  std::size_t operator()() { return random_ ? 1 + static_cast<std::size_t>(rng_() % 16) : fixed_; }

 private:
  std::size_t fixed_;
  bool random_;
  std::mt19937_64 rng_;
};

int read_error(const cli_opts& o) {
  std::fprintf(stderr, "toolcall %s: reading stdin: %s\n", o.cmd.c_str(), std::strerror(errno));
  return 2;
}

// ---- the commands ---------------------------------------------------------------------------

/// --tools FILE: the normalizer plugs into the stream parser.
bool attach_tools(toolcall::stream_parser& sp, cli_opts& o) {
  if (!o.request.empty()) {
    // --request FILE: the request's tools, tool_choice and parallel_tool_calls
    std::string body, why;
    toolcall::result<toolcall::request> r = toolcall::error{toolcall::errc::invalid_input, 0, ""};
    if (!o.tools.empty()) why = "give --tools or --request, not both";
    else if (!toolcall_cli_read_file(o.request, body, why)) why = "cannot read the file: " + why;
    else if (!(r = toolcall::request::create(body))) why = r.error().detail;
    if (!why.empty()) {
      std::fprintf(stderr, "toolcall %s: --request %s: %s\n", o.cmd.c_str(), o.request.c_str(), why.c_str());
      return false;
    }
    r->attach(sp);
    o.req_choice = r->choice();
    return true;
  }
  if (o.tools.empty()) return true;
  toolcall::result<toolcall::normalizer> n = toolcall_cli_load_tools(o.tools);
  if (!n) {
    std::fprintf(stderr, "toolcall %s: --tools %s: %s\n", o.cmd.c_str(), o.tools.c_str(), n.error().detail.c_str());
    return false;
  }
  n->attach(sp);
  return true;
}

/// The registry --format or --model asks for (main() has checked that --format exists).
toolcall::parser_registry make_registry(const cli_opts& o) {
  if (!o.format_file.empty()) {
    toolcall::result<toolcall::parser_registry> r = toolcall_cli_spec_registry(o.format_file);
    if (r) return *r;  // main() has checked the file
  }
  if (!o.format.empty()) {
    toolcall::result<toolcall::parser_registry> r = toolcall::parser_registry::only(o.format);
    if (r) return *r;
  }
  if (!o.model.empty()) {
    toolcall::parser_registry reg = toolcall::parser_registry::for_model(o.model);
    if (!reg.model_known())  // a note, not an error: the output is still parsed, with every format
      std::fprintf(stderr, "toolcall %s: note: no preset for model '%s', so every format is tried (--format NAME picks one)\n",
                   o.cmd.c_str(), o.model.c_str());
    return reg;
  }
  return toolcall::parser_registry::builtin();
}

toolcall::message run_one(toolcall::stream_parser& sp, std::string_view text, const cli_opts& o) {
  sp.reset(o.opt, toolcall::keep_request);  // every input answers the same --tools / --request
  if (o.chunk == 0 && !o.chunk_random) {
    sp.write(text);
    return sp.finish();
  }
  // fold the events as a client would (toolcall::message_builder), and return that message
  toolcall::message_builder sink;
  // slices of the text, as the pieces of a stream
  std::mt19937_64 rng(o.chunk_seed);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t n = o.chunk_random ? 1 + static_cast<std::size_t>(rng() % 16) : o.chunk;
    if (n > text.size() - pos) n = text.size() - pos;
    sp.write(text.substr(pos, n), sink);
    pos += n;
  }
  const toolcall::message m = sp.finish(sink);
  // the builder checks the events' order; a violation is a bug of the library: say so
  for (const std::string& p : sink.problems())
    std::fprintf(stderr, "toolcall %s: event order: %s\n", o.cmd.c_str(), p.c_str());
  toolcall::message folded = std::move(sink.msg());
  folded.finish = m.finish;
  return folded;
}

int cmd_parse(cli_opts o) {
  // parse has the whole text: detect can decide a lone </think> without holding a stream back
  if (!o.reasoning_set) o.opt.reasoning = toolcall::reasoning_start::detect;
  // and is deterministic: no time budget (which depends on the machine's load) unless asked
  if (!o.time_budget_set) o.opt.time_budget = std::chrono::microseconds::zero();
  toolcall::stream_parser sp{make_registry(o), o.opt};
  if (!attach_tools(sp, o)) return 2;
  if (!o.jsonl) {
    toolcall_cli_bytes text;
    if (!toolcall_cli_read_all(stdin, text)) return read_error(o);
    std::string out = toolcall::openai::result_json(run_one(sp, text.view(), o));
    out += '\n';
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  }
  simdjson::dom::parser jp;
  out_buffer out;
  std::size_t lineno = 0;
  piece_reader reader;
  const bool ok = reader.for_each_line(
      [&](std::string_view line) {
        ++lineno;
        if (line.empty()) return;
        simdjson::dom::element doc;
        std::string id_json = "null";
        std::string_view input;
        bool good = false;
        if (!jp.parse(line.data(), line.size()).get(doc)) {
          simdjson::dom::element idv;
          if (!doc["id"].get(idv)) id_json = simdjson::minify(idv);
          good = !doc["input"].get_string().get(input);
        }
        std::string r;
        if (!good) {
          toolcall::message m;
          m.diagnostics.push_back({toolcall::errc::invalid_input, 0,
                                   "line " + std::to_string(lineno) + " is not {\"id\": ..., \"input\": \"...\"}",
                                   toolcall::severity::error});
          r = toolcall::openai::result_json(m);
        } else {
          sp.set_choice(o.req_choice);  // each line answers the request (the choice lasts one response)
          r = toolcall::openai::result_json(run_one(sp, input, o));
        }
        // splice "id" in front
        out.buf += "{\"id\":";
        out.buf += id_json;
        out.buf += ',';
        out.buf.append(r, 1, std::string::npos);
        out.buf += '\n';
        out.maybe_write();
      },
      [&] { out.flush(); });
  out.flush();
  return ok ? 0 : read_error(o);
}

/// One JSON line per parser event (`toolcall stream` without --sse), appended to `o`.
void append_event(std::string& o, const toolcall::event& ev) {
  o += "{\"event\":";
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
}

int cmd_stream(cli_opts o) {
  toolcall::stream_parser sp{make_registry(o), o.opt};
  if (!attach_tools(sp, o)) return 2;
  out_buffer out;
  piece_reader reader;
  toolcall::message m;
  bool ok = false;
  if (o.sse) {
    const auto run = [&](auto& w) {
      ok = reader.for_each(
          piece_sizes(o, 4),
          [&](std::string_view piece) {
            sp.write(piece, w);
            out.maybe_write();
          },
          [&] { out.flush(); });
      m = sp.finish(w);
      w.finish(m.finish);
    };
    if (o.wire == "responses") {
      toolcall::openai::responses_options ro;
      ro.id = o.id;
      ro.model = o.model;
      ro.created = o.created;
      ro.seed = o.opt.seed;
      ro.hold_calls = o.hold_calls;
      toolcall::openai::responses_writer w{out.buf, ro};
      run(w);
    } else if (o.wire == "anthropic") {
      toolcall::anthropic::sse_options ao;
      ao.id = o.id;
      ao.model = o.model;
      ao.seed = o.opt.seed;
      ao.hold_calls = o.hold_calls;
      toolcall::anthropic::sse_writer w{out.buf, ao};
      run(w);
    } else {
      toolcall::openai::sse_options so;
      so.id = o.id;
      so.model = o.model;
      so.created = o.created;
      so.seed = o.opt.seed;
      so.hold_calls = o.hold_calls;
      toolcall::openai::sse_writer w{out.buf, so};
      run(w);
    }
  } else {
    auto sink = [&](const toolcall::event& ev) { append_event(out.buf, ev); };
    ok = reader.for_each(
        piece_sizes(o, 4),
        [&](std::string_view piece) {
          sp.write(piece, sink);
          out.maybe_write();
        },
        [&] { out.flush(); });
    m = sp.finish(sink);
    out.buf += "{\"event\":\"finish\",\"finish_reason\":\"";
    out.buf += toolcall::to_string(m.finish);
    out.buf += "\"}\n";
  }
  out.flush();
  return ok ? 0 : read_error(o);
}

/// Feeds stdin to an accumulator of any wire; `feed_json` takes one chunk or event JSON.
template <typename Acc, typename FeedJson>
bool accumulate_stdin(const cli_opts& o, Acc& acc, FeedJson feed_json) {
  piece_reader reader;
  if (o.chunks)
    return reader.for_each_line(
        [&](std::string_view line) {
          if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
          if (!line.empty()) feed_json(line);
        },
        [] {});
  return reader.for_each(
      piece_sizes(o, 4096), [&](std::string_view piece) { acc.feed_sse(piece); }, [] {});
}

int cmd_accumulate(const cli_opts& o) {
  toolcall::openai::accumulator_options ao;
  ao.parse = o.opt;
  ao.fallback = o.fallback;
  ao.choice = o.choice;
  toolcall::message m;
  bool ok = false;
  if (o.wire == "responses") {
    toolcall::openai::responses_accumulator acc{ao};
    ok = accumulate_stdin(o, acc, [&](std::string_view j) { acc.feed_event(j); });
    if (ok) m = acc.finish(make_registry(o));
  } else if (o.wire == "anthropic") {
    toolcall::anthropic::accumulator acc{ao};
    ok = accumulate_stdin(o, acc, [&](std::string_view j) { acc.feed_event(j); });
    if (ok) m = acc.finish(make_registry(o));
  } else {
    toolcall::openai::delta_accumulator acc{ao};
    ok = accumulate_stdin(o, acc, [&](std::string_view j) { acc.feed_chunk(j); });
    if (ok) m = acc.finish(make_registry(o));
  }
  if (!ok) return read_error(o);
  std::string out = toolcall::openai::result_json(m);
  out += '\n';
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

int cmd_formats(int argc, char** argv) {
  std::string model;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(k_help_formats, stdout);
      return 0;
    }
    if (a == "--model" && i + 1 < argc) {
      model = argv[++i];
      continue;
    }
    if (a == "--model") std::fprintf(stderr, "toolcall formats: --model needs a value (a model name)\n");
    else std::fprintf(stderr, "toolcall formats: unknown option %s (see toolcall formats --help)\n", a.c_str());
    return 2;
  }
  const toolcall::parser_registry reg =
      model.empty() ? toolcall::parser_registry::builtin() : toolcall::parser_registry::for_model(model);
  if (!model.empty() && !reg.model_known())
    std::fprintf(stderr, "toolcall formats: note: no preset for model '%s', so these are every format\n", model.c_str());
  std::string out;
  for (const auto& f : reg.formats()) {
    char line[64];
    std::snprintf(line, sizeof line, "%-15s %3d  ", f.name().c_str(), f.priority());
    out += line;
    out += f.description();
    out += '\n';
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

bool is_help(const char* a) { return !std::strcmp(a, "--help") || !std::strcmp(a, "-h") || !std::strcmp(a, "help"); }

std::string command_help(const std::string& cmd) {
  if (cmd == "parse") return help_parse();
  if (cmd == "stream") return help_stream();
  if (cmd == "accumulate") return help_accumulate();
  if (cmd == "history") return toolcall_cli_history_help();
  if (cmd == "formats") return k_help_formats;
  if (cmd == "learn") return toolcall_cli_learn_help();
  return std::string();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(k_usage, stderr);
    return 2;
  }
  const std::string cmd = argv[1];
  if (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "-V") || !std::strcmp(argv[1], "version")) {
    if (argc > 2) {
      std::fprintf(stderr, "toolcall %s takes no argument (got %s)\n", argv[1], argv[2]);
      return 2;
    }
    std::puts("toolcall " TOOLCALL_VERSION_STRING);
    return 0;
  }
  if (is_help(argv[1])) {
    // toolcall help parse: the command's help
    const std::string h = argc > 2 ? command_help(argv[2]) : std::string(k_usage);
    if (h.empty()) {
      std::fprintf(stderr, "toolcall: no command %s (see toolcall --help)\n", argv[2]);
      return 2;
    }
    std::fputs(h.c_str(), stdout);
    return 0;
  }
  if (cmd == "history") return toolcall_cli_history(argc, argv);
  if (cmd == "formats") return cmd_formats(argc, argv);
  if (cmd == "learn") return toolcall_cli_learn(argc, argv);
  if (cmd != "parse" && cmd != "stream" && cmd != "accumulate") {
    std::fprintf(stderr, "toolcall: unknown command %s (see toolcall --help)\n", cmd.c_str());
    return 2;
  }
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::fputs(command_help(cmd).c_str(), stdout);
      return 0;
    }
  }
  cli_opts o;
  o.cmd = cmd;
  for (int i = 2; i < argc; ++i)
    if (!parse_option(argc, argv, i, o)) return 2;
  if (!o.format_file.empty()) {
    if (!o.format.empty() || !o.model.empty()) {
      std::fprintf(stderr, "toolcall %s: --format-file replaces --format and --model\n", cmd.c_str());
      return 2;
    }
    toolcall::result<toolcall::parser_registry> r = toolcall_cli_spec_registry(o.format_file);
    if (!r) {
      std::fprintf(stderr, "toolcall %s: --format-file %s: %s\n", cmd.c_str(), o.format_file.c_str(), r.error().detail.c_str());
      return 2;
    }
  }
  if (!o.format.empty() && !toolcall::parser_registry::only(o.format)) {
    std::fprintf(stderr, "toolcall %s: --format '%s': unknown format; expected one of:", cmd.c_str(), o.format.c_str());
    const toolcall::parser_registry all = toolcall::parser_registry::builtin();
    for (const auto& f : all.formats()) std::fprintf(stderr, " %s", f.name().c_str());
    std::fputc('\n', stderr);
    return 2;
  }
  if (cmd == "parse") return cmd_parse(o);
  if (cmd == "stream") return cmd_stream(o);
  return cmd_accumulate(o);
}
