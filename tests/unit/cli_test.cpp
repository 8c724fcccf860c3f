// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The `toolcall` command (examples/toolcall_cli.cpp) as a user meets it: version,
// help for every command, clear messages for bad options and bad files, `formats`, and the
// block reader and writer: large inputs, pipes, lines longer than a block,
// and output that follows a live pipe.
#include <doctest/doctest.h>

#if defined(TOOLCALL_CLI_PATH) && __has_include(<sys/wait.h>) && __has_include(<unistd.h>)
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <toolcall/toolcall.hpp>

#include "test_support.hpp"

namespace {

struct run_result {
  int status = -1;  // exit status, or -1 when the command did not exit normally
  std::string out, err;
};

/// A scratch directory for one test run, removed at the end.
struct scratch {
  std::filesystem::path dir;
  scratch() {
    dir = std::filesystem::temp_directory_path() / ("toolcall_cli_test." + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
  }
  ~scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }
};

std::string slurp(const std::string& path) { return tc_test::read_file(path); }

/// Runs `sh -c "<cli> args"`, with stdout and stderr captured apart.
run_result run_cli(const scratch& s, const std::string& args, const std::string& prefix = "") {
  const std::string out = s.path("stdout"), err = s.path("stderr");
  const std::string cmd = prefix + "'" + std::string(TOOLCALL_CLI_PATH) + "' " + args + " >'" + out + "' 2>'" + err + "'";
  run_result r;
  const int st = std::system(cmd.c_str());
  if (st != -1 && WIFEXITED(st)) r.status = WEXITSTATUS(st);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The "message" object of a parse result line.
struct parsed {
  bool ok = false;
  std::string content;
  bool has_reasoning = false;
  std::string reasoning;
  std::vector<std::pair<std::string, std::string>> calls;  // name, arguments
};

parsed parse_result(const std::string& json) {
  parsed p;
  simdjson::dom::parser jp;
  simdjson::dom::element doc;
  if (jp.parse(json).get(doc)) return p;
  simdjson::dom::element m;
  if (doc["message"].get(m)) return p;
  std::string_view sv;
  if (!m["content"].get_string().get(sv)) p.content = std::string(sv);
  if (!m["reasoning_content"].get_string().get(sv)) {
    p.has_reasoning = true;
    p.reasoning = std::string(sv);
  }
  simdjson::dom::array calls;
  if (!m["tool_calls"].get_array().get(calls)) {
    for (simdjson::dom::element c : calls) {
      std::string_view name, args;
      if (c["function"]["name"].get_string().get(name) || c["function"]["arguments"].get_string().get(args)) return p;
      p.calls.emplace_back(std::string(name), std::string(args));
    }
  }
  p.ok = true;
  return p;
}

/// The content and reasoning texts of `toolcall stream` event lines, added up; false when a
/// complete line is not JSON.
bool fold_events(const std::string& lines, std::string& content, std::size_t& call_begins) {
  simdjson::dom::parser jp;
  std::size_t pos = 0;
  while (pos < lines.size()) {
    const std::size_t nl = lines.find('\n', pos);
    if (nl == std::string::npos) break;  // an incomplete line
    simdjson::dom::element ev;
    std::string_view kind, text;
    if (jp.parse(lines.data() + pos, nl - pos).get(ev) || ev["event"].get_string().get(kind)) return false;
    if (kind == "content" && !ev["text"].get_string().get(text)) content += std::string(text);
    if (kind == "call_begin") ++call_begins;
    pos = nl + 1;
  }
  return true;
}

/// One event of a typed-event SSE stream (Responses, Anthropic): the `event:` name, the
/// `data:` JSON text. `ok` is false when a block is not exactly those two lines.
struct typed_event {
  std::string type, data;
};

bool split_typed_events(const std::string& sse, std::vector<typed_event>& out) {
  std::size_t pos = 0;
  while (pos < sse.size()) {
    const std::size_t end = sse.find("\n\n", pos);
    if (end == std::string::npos) return false;
    const std::string block = sse.substr(pos, end - pos);
    const std::size_t nl = block.find('\n');
    if (nl == std::string::npos || block.compare(0, 7, "event: ") != 0 || block.compare(nl + 1, 6, "data: ") != 0 ||
        block.find('\n', nl + 1) != std::string::npos)
      return false;
    out.push_back(typed_event{block.substr(7, nl - 7), block.substr(nl + 7)});
    pos = end + 2;
  }
  return true;
}

/// The ids of a parse result's calls, in order.
std::vector<std::string> call_ids(const std::string& json) {
  std::vector<std::string> ids;
  simdjson::dom::parser jp;
  simdjson::dom::element doc;
  simdjson::dom::array calls;
  if (jp.parse(json).get(doc) || doc["message"]["tool_calls"].get_array().get(calls)) return ids;
  for (simdjson::dom::element c : calls) {
    std::string_view id;
    ids.emplace_back(c["id"].get_string().get(id) ? "" : std::string(id));
  }
  return ids;
}

/// A model output streamed on a typed-event wire by the CLI, beside its one-shot parse (same seed).
struct wire_stream {
  run_result one;                  // parse
  parsed direct;                   // parse's message
  run_result sse;                  // stream --sse --wire W
  std::vector<typed_event> events;  // its events
  bool ok = false;                 // the SSE splits into events; parse gave one call (required)
};

wire_stream stream_on_wire(const scratch& s, const std::string& wire, const std::string& text, int seed, int chunk) {
  wire_stream w;
  const std::string in = s.write("call.txt", text);
  w.one = run_cli(s, "parse --seed " + std::to_string(seed) + " < '" + in + "'");
  w.direct = parse_result(w.one.out);
  w.sse = run_cli(s, "stream --sse --wire " + wire + " --seed " + std::to_string(seed) + " --chunk " +
                         std::to_string(chunk) + " < '" + in + "'");
  w.ok = w.direct.ok && w.direct.calls.size() == 1 && split_typed_events(w.sse.out, w.events);
  CHECK(w.sse.status == 0);
  CHECK_MESSAGE(w.sse.err.empty(), w.sse.err);
  REQUIRE_MESSAGE(w.ok, w.one.out << w.sse.out);
  return w;
}

/// `accumulate --wire W`, whole and in 5-byte pieces, reads the stream back to the one-shot
/// message, the call's id being `id`.
void check_accumulated(const scratch& s, const std::string& wire, const wire_stream& w, const std::string& id) {
  const std::string sse = s.write(wire + ".sse", w.sse.out);
  for (const std::string& acc : {"accumulate --wire " + wire, "accumulate --wire " + wire + " --chunk 5"}) {
    const run_result a = run_cli(s, acc + " < '" + sse + "'");
    CHECK(a.status == 0);
    const parsed p = parse_result(a.out);
    REQUIRE_MESSAGE(p.ok, a.out);
    CHECK(tc_test::trim(p.content) == tc_test::trim(w.direct.content));
    REQUIRE(p.calls.size() == 1);
    CHECK(p.calls[0].first == w.direct.calls[0].first);
    CHECK(tc_test::json_text_equal(p.calls[0].second, w.direct.calls[0].second));
    CHECK(call_ids(a.out) == std::vector<std::string>{id});
    CHECK(has(a.out, "\"finish_reason\":\"tool_calls\""));
  }
}

/// Prose of about `n` bytes with two- to four-byte UTF-8 characters everywhere, so block and
/// piece boundaries fall inside characters.
std::string prose(std::size_t n) {
  const char* sentences[] = {
      "The file has 3 functions; I will read main() first. ",
      "Die Größe der Datei ist unverändert. ",
      "配置文件已经更新。",
      "Build passed \xF0\x9F\x8E\x89 and the tests are green.\n",
      "A backslash \\ and a \"quote\" stay as they are.\t",
  };
  std::string s;
  std::size_t k = 0;
  while (s.size() < n) s += sentences[k++ % 5];
  return s;
}

}  // namespace

TEST_SUITE("toolcall/cli") {
  TEST_CASE("cli: --version prints the library version") {
    scratch s;
    const run_result r = run_cli(s, "--version");
    CHECK(r.status == 0);
    CHECK(r.out == std::string("toolcall ") + TOOLCALL_VERSION_STRING + "\n");
    CHECK(r.err.empty());
    // an argument after it is a mistake, not ignored
    const run_result x = run_cli(s, "--version extra");
    CHECK(x.status == 2);
    CHECK(x.out.empty());
    CHECK_MESSAGE(has(x.err, "--version takes no argument (got extra)"), x.err);
  }

  TEST_CASE("cli: no arguments prints the usage on stderr and exits 2") {
    scratch s;
    const run_result r = run_cli(s, "");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(has(r.err, "usage:"));
    CHECK(has(r.err, "toolcall parse"));
    const run_result h = run_cli(s, "--help");
    CHECK(h.status == 0);
    CHECK(has(h.out, "usage:"));
    CHECK(h.err.empty());
  }

  TEST_CASE("cli: every command has its own --help") {
    scratch s;
    struct want {
      const char* cmd;
      std::vector<const char*> mentions;
    };
    const want cases[] = {
        {"parse", {"--jsonl", "--tools", "--chunk", "--reasoning", "detect", "finish_reason"}},
        {"stream", {"--sse", "--hold-calls", "--chunk", "call_begin", "preset", "--wire", "anthropic"}},
        {"accumulate", {"--chunks", "--no-fallback", "--choice", "--wire", "responses"}},
        {"history", {"--check", "--llama31", "--loop-cap"}},
        {"formats", {"--model"}},
    };
    for (const want& w : cases) {
      for (const std::string& form : {std::string(w.cmd) + " --help", std::string(w.cmd) + " -h", "help " + std::string(w.cmd)}) {
        const run_result r = run_cli(s, form + " </dev/null");
        CHECK_MESSAGE(r.status == 0, form);
        CHECK_MESSAGE(r.err.empty(), form << ": " << r.err);
        for (const char* m : w.mentions) CHECK_MESSAGE(has(r.out, m), form << " does not mention " << m);
      }
    }
    // parse's help says why parse holds text back with detect
    const run_result p = run_cli(s, "parse --help");
    CHECK(has(p.out, "defaults to detect"));
  }

  TEST_CASE("cli: a bad number is refused with the option and the accepted values") {
    scratch s;
    struct bad {
      const char* args;
      const char* option;
      const char* accepted;
    };
    const bad cases[] = {
        {"parse --chunk abc", "--chunk", "a whole number from 1 to"},
        {"parse --chunk 0", "--chunk", "a whole number from 1 to"},
        {"parse --chunk -3", "--chunk", "a whole number from 1 to"},
        {"parse --chunk ''", "--chunk", "a whole number from 1 to"},
        {"parse --chunk ' 4'", "--chunk", "a whole number from 1 to"},
        {"stream --chunk 4k", "--chunk", "a whole number from 1 to"},
        {"parse --seed -1", "--seed", "a whole number from 0 to 18446744073709551615"},
        {"parse --seed 18446744073709551616", "--seed", "a whole number from 0 to 18446744073709551615"},
        {"stream --seed 1.5", "--seed", "a whole number from 0 to"},
        {"parse --max-calls many", "--max-calls", "a whole number from 0 to"},
        {"parse --time-budget-ms -100", "--time-budget-ms", "a whole number from 0 to"},
        {"accumulate --choice x", "--choice", "a whole number from 0 to"},
        {"stream --created yesterday", "--created", "a whole number from 0 to"},
        {"parse --chunk", "--chunk", "needs a value (a whole number from 1 to"},
        {"history --check - --loop-cap -2", "--loop-cap", "a whole number, 0 or more"},
    };
    for (const bad& b : cases) {
      const run_result r = run_cli(s, std::string(b.args) + " </dev/null");
      CHECK_MESSAGE(r.status == 2, b.args);
      CHECK_MESSAGE(r.out.empty(), b.args);
      CHECK_MESSAGE(has(r.err, b.option), b.args << ": " << r.err);
      CHECK_MESSAGE(has(r.err, b.accepted), b.args << ": " << r.err);
    }
  }

  TEST_CASE("cli: an unknown --reasoning mode is refused with the modes it accepts") {
    scratch s;
    for (const char* cmd : {"parse", "stream", "accumulate"}) {
      const run_result r = run_cli(s, std::string(cmd) + " --reasoning maybe </dev/null");
      CHECK(r.status == 2);
      CHECK_MESSAGE(has(r.err, "--reasoning 'maybe'"), r.err);
      CHECK_MESSAGE(has(r.err, "preset, closed, open, detect or none"), r.err);
    }
  }

  TEST_CASE("cli: the --reasoning modes reach the parser") {
    scratch s;
    // the prompt opened <think>; the model closes it and answers
    const std::string in = s.write("lone.txt", "The user wants the sum; 2 + 2 is 4.</think>The sum is 4.");
    const parsed detect = parse_result(run_cli(s, "parse < '" + in + "'").out);  // parse's default
    REQUIRE(detect.ok);
    CHECK(detect.has_reasoning);
    CHECK(tc_test::trim(detect.reasoning) == "The user wants the sum; 2 + 2 is 4.");
    CHECK(tc_test::trim(detect.content) == "The sum is 4.");
    const parsed open = parse_result(run_cli(s, "parse --reasoning open < '" + in + "'").out);
    REQUIRE(open.ok);
    CHECK(tc_test::trim(open.reasoning) == "The user wants the sum; 2 + 2 is 4.");
    const parsed none = parse_result(run_cli(s, "parse --reasoning none < '" + in + "'").out);
    REQUIRE(none.ok);
    CHECK_FALSE(none.has_reasoning);  // no reasoning expected: all of it is content
    CHECK(has(none.content, "The user wants the sum; 2 + 2 is 4."));
    CHECK(has(none.content, "The sum is 4."));
    // every name to_string(reasoning_start) gives is a mode --reasoning accepts
    for (toolcall::reasoning_start m : {toolcall::reasoning_start::preset, toolcall::reasoning_start::closed,
                                        toolcall::reasoning_start::open, toolcall::reasoning_start::detect,
                                        toolcall::reasoning_start::none}) {
      const run_result r = run_cli(s, std::string("parse --reasoning ") + toolcall::to_string(m) + " < '" + in + "'");
      CHECK_MESSAGE(r.status == 0, (std::string(toolcall::to_string(m)) + ": " + r.err));
    }
  }

  TEST_CASE("cli: a --model with no preset says on stderr that every format is tried") {
    scratch s;
    const std::string in = s.write("call.txt", "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>");
    for (const char* cmd : {"parse", "stream"}) {
      const run_result r = run_cli(s, std::string(cmd) + " --model gibberish --seed 1 < '" + in + "'");
      CHECK(r.status == 0);
      CHECK_MESSAGE(has(r.err, "no preset for model 'gibberish'"), r.err);
      CHECK_MESSAGE(has(r.err, "every format"), r.err);
      CHECK(has(r.out, "get_weather"));  // still parsed, with every format
    }
    // a known model: no note
    const run_result k = run_cli(s, "parse --model Qwen/Qwen3-8B --seed 1 < '" + in + "'");
    CHECK(k.status == 0);
    CHECK_MESSAGE(k.err.empty(), k.err);
    // formats --model: the same note, and the list is every format
    const run_result f = run_cli(s, "formats --model NoSuch/Model");
    CHECK(f.status == 0);
    CHECK_MESSAGE(has(f.err, "no preset for model 'NoSuch/Model'"), f.err);
    CHECK(f.out == run_cli(s, "formats").out);
    const run_result q = run_cli(s, "formats --model Qwen/Qwen3-8B");
    CHECK(q.status == 0);
    CHECK_MESSAGE(q.err.empty(), q.err);
  }

  TEST_CASE("cli: options of another command and unknown commands are refused") {
    scratch s;
    run_result r = run_cli(s, "parse --sse </dev/null");
    CHECK(r.status == 2);
    CHECK(has(r.err, "unknown option --sse"));
    CHECK(has(r.err, "toolcall parse --help"));
    r = run_cli(s, "parse --format nosuch </dev/null");
    CHECK(r.status == 2);
    CHECK(has(r.err, "--format 'nosuch'"));
    CHECK(has(r.err, "hermes"));  // the formats it accepts
    r = run_cli(s, "frobnicate");
    CHECK(r.status == 2);
    CHECK(has(r.err, "unknown command frobnicate"));
  }

  TEST_CASE("cli: a --tools file that cannot be read says why") {
    scratch s;
    const std::string missing = s.path("no_such_tools.json");
    const run_result r = run_cli(s, "parse --tools '" + missing + "' </dev/null");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_MESSAGE(has(r.err, missing), r.err);
    CHECK_MESSAGE(has(r.err, std::strerror(ENOENT)), r.err);
    // a directory is not a file either
    const run_result d = run_cli(s, "stream --tools '" + s.dir.string() + "' </dev/null");
    CHECK(d.status == 2);
    CHECK_MESSAGE(has(d.err, std::strerror(EISDIR)), d.err);
  }

  TEST_CASE("cli: invalid tools JSON says where") {
    scratch s;
    // a trailing comma in "parameters", on the second line
    const std::string text =
        "[\n"
        "  {\"type\": \"function\", \"function\": {\"name\": \"read_file\", \"parameters\": {\"type\": \"object\",}}}\n"
        "]\n";
    const std::size_t at = text.find(",}");
    const std::size_t line_start = text.find('\n') + 1;
    const run_result r = run_cli(s, "parse --tools '" + s.write("trailing.json", text) + "' </dev/null");
    CHECK(r.status == 2);
    CHECK_MESSAGE(has(r.err, "not valid JSON"), r.err);
    CHECK_MESSAGE(has(r.err, "line 2, column " + std::to_string(at + 1 - line_start + 1)), r.err);
    CHECK_MESSAGE(has(r.err, "(byte " + std::to_string(at + 1) + ")"), r.err);
    // a string that never closes: where it was opened
    const std::string open_string = R"({"tools": [{"type": "function", "function": {"name": "f", "description": "reads)";
    const run_result u = run_cli(s, "parse --tools '" + s.write("open.json", open_string) + "' </dev/null");
    CHECK(u.status == 2);
    CHECK_MESSAGE(has(u.err, "opened at byte " + std::to_string(open_string.rfind('"'))), u.err);
    // valid JSON but not tools: the library's message names the tool
    const run_result n = run_cli(s, "parse --tools '" + s.write("noname.json", R"([{"type": "function", "function": {}}])") +
                                        "' </dev/null");
    CHECK(n.status == 2);
    CHECK_MESSAGE(has(n.err, "tools[0]"), n.err);
  }

  TEST_CASE("cli: history names the file and the OS error, and where its JSON breaks") {
    scratch s;
    const std::string missing = s.path("no_history.json");
    run_result r = run_cli(s, "history --check '" + missing + "'");
    CHECK(r.status == 2);
    CHECK(has(r.err, std::strerror(ENOENT)));
    // [{"role": "user", "content": "x"},] : the ] at byte 34 is not a value
    r = run_cli(s, "history --check -", "printf '[{\"role\": \"user\", \"content\": \"x\"},]' | ");
    CHECK(r.status == 2);
    CHECK_MESSAGE(has(r.err, "line 1, column 35 (byte 34): expected a value"), r.err);
    // a file without --check or --llama31: what can be done with it, not "unknown option"
    const std::string hist = s.write("hist.json", R"([{"role": "user", "content": "hi"}])");
    r = run_cli(s, "history '" + hist + "'");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_MESSAGE(has(r.err, "--check " + hist + " checks it"), r.err);
    CHECK_MESSAGE(has(r.err, "--llama31 " + hist + " rewrites it"), r.err);
    CHECK_FALSE(has(r.err, "unknown option"));
    r = run_cli(s, "history --check '" + hist + "'");
    CHECK_MESSAGE(r.status == 0, r.err);
  }

  TEST_CASE("cli: formats lists every built-in format with a description") {
    scratch s;
    const run_result r = run_cli(s, "formats");
    CHECK(r.status == 0);
    // one line per format: name, priority, description
    std::vector<std::string> lines;
    for (std::size_t pos = 0; pos < r.out.size();) {
      const std::size_t nl = r.out.find('\n', pos);
      lines.push_back(r.out.substr(pos, nl - pos));
      pos = nl == std::string::npos ? r.out.size() : nl + 1;
    }
    const toolcall::parser_registry reg = toolcall::parser_registry::builtin();
    REQUIRE(lines.size() == reg.formats().size());
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const toolcall::format& f = reg.formats()[k];
      const std::string& line = lines[k];
      CHECK_MESSAGE(line.rfind(f.name() + " ", 0) == 0, line);
      CHECK_MESSAGE(has(line, " " + std::to_string(f.priority()) + "  "), line);
      CHECK_MESSAGE(!f.description().empty(), f.name());
      CHECK_MESSAGE(line.size() > f.description().size(), line);
      CHECK_MESSAGE(line.compare(line.size() - f.description().size(), std::string::npos, f.description()) == 0, line);
    }
    // a model's formats: what --model selects
    const run_result q = run_cli(s, "formats --model Qwen/Qwen2.5-Coder-7B-Instruct");
    CHECK(q.status == 0);
    const toolcall::parser_registry qwen = toolcall::parser_registry::for_model("Qwen/Qwen2.5-Coder-7B-Instruct");
    for (const auto& f : qwen.formats()) CHECK(has(q.out, f.name() + " "));
    CHECK_FALSE(has(q.out, "harmony"));
  }

  TEST_CASE("cli: large inputs pass through the block reader whole, from files and pipes") {
    scratch s;
    // about 1.3 MB: several read blocks, with a call at the end
    const std::string text = prose(1300000) +
                             "\n<tool_call>\n{\"name\": \"write_file\", \"arguments\": {\"path\": \"notes.md\", "
                             "\"content\": \"Größe: 4\"}}\n</tool_call>";
    const std::string in = s.write("big.txt", text);
    const std::string expected = text.substr(0, text.find("\n<tool_call>"));
    // (no time budget: many small writes under a sanitizer may take longer than the default's)
    for (const char* how : {"parse --seed 3", "parse --seed 3 --chunk 4093 --time-budget-ms 0",
                            "parse --seed 3 --chunk-seed 5 --time-budget-ms 0"}) {
      const run_result r = run_cli(s, std::string(how) + " < '" + in + "'");
      CHECK(r.status == 0);
      const parsed p = parse_result(r.out);
      REQUIRE_MESSAGE(p.ok, how);
      CHECK_MESSAGE(tc_test::trim(p.content) == tc_test::trim(expected), how);
      REQUIRE(p.calls.size() == 1);
      CHECK(p.calls[0].first == "write_file");
      CHECK(tc_test::json_text_equal(p.calls[0].second, R"({"path": "notes.md", "content": "Größe: 4"})"));
    }
    // from a pipe, whose reads return less than a block
    const run_result piped = run_cli(s, "parse --seed 3", "cat '" + in + "' | ");
    CHECK(piped.status == 0);
    CHECK(piped.out == run_cli(s, "parse --seed 3 < '" + in + "'").out);
    // stream: the content events add up to the text before the call, whatever the pieces (an
    // odd size and random sizes put pieces across the reader's block boundaries)
    for (const char* pieces : {"--chunk 4", "--chunk 4093", "--chunk-seed 11"}) {
      for (const char* from : {"cat '%s' | ", "< '%s' "}) {
        char redirect[512];
        std::snprintf(redirect, sizeof redirect, from, in.c_str());
        const bool piped = redirect[0] == 'c';
        const run_result st = run_cli(s, std::string("stream --seed 3 --reasoning closed --time-budget-ms 0 ") + pieces +
                                             (piped ? "" : std::string(" ") + redirect),
                                      piped ? redirect : "");
        CHECK(st.status == 0);
        std::string folded;
        std::size_t begins = 0;
        CHECK(fold_events(st.out, folded, begins));
        CHECK_MESSAGE(tc_test::trim(folded) == tc_test::trim(expected), pieces << " " << redirect);
        CHECK(begins == 1);
        CHECK(has(st.out, "{\"event\":\"finish\",\"finish_reason\":\"tool_calls\"}\n"));
      }
    }
  }

  TEST_CASE("cli: --jsonl reads lines longer than a block, and lines without a final newline") {
    scratch s;
    const std::string long_input = prose(700000);
    std::string escaped;
    toolcall::openai::append_json_string_utf8(escaped, long_input);
    const std::string lines = "{\"id\": \"a\", \"input\": " + escaped +
                              "}\n{\"id\": 2, \"input\": \"<tool_call>{\\\"name\\\": \\\"ls\\\", \\\"arguments\\\": {}}</tool_call>\"}";
    const run_result r = run_cli(s, "parse --jsonl --seed 1 < '" + s.write("cases.jsonl", lines) + "'");
    CHECK(r.status == 0);
    const std::size_t nl = r.out.find('\n');
    REQUIRE(nl != std::string::npos);
    const std::string first = r.out.substr(0, nl), second = r.out.substr(nl + 1);
    CHECK(first.rfind("{\"id\":\"a\",", 0) == 0);
    const parsed p1 = parse_result(first);
    REQUIRE(p1.ok);
    CHECK(tc_test::trim(p1.content) == tc_test::trim(long_input));
    CHECK(second.rfind("{\"id\":2,", 0) == 0);
    const parsed p2 = parse_result(second);
    REQUIRE(p2.ok);
    REQUIRE(p2.calls.size() == 1);
    CHECK(p2.calls[0].first == "ls");
  }

  TEST_CASE("cli: parse of a whole file is deterministic: no time budget unless asked") {
    // about 24 MB, 240 calls with escaped 100 KB values: more than a time budget of 100 ms of
    // parsing on a loaded machine, so a default budget would cut it at a varying call
    scratch s;
    std::string value;
    while (value.size() < 100000) value += "line \\\"quoted\\\" \\u00e9t\\u00e9 \\\\ tab\\t end\\n";
    std::string text = "I will write the files now.\n";
    for (int i = 0; i < 240; ++i)
      text += "<tool_call>\n{\"name\": \"write_file\", \"arguments\": {\"path\": \"f" + std::to_string(i) +
              ".txt\", \"content\": \"" + value + "\"}}\n</tool_call>\n";
    const std::string in = s.write("many.txt", text);
    const run_result a = run_cli(s, "parse --seed 1 < '" + in + "'");
    CHECK(a.status == 0);
    CHECK_FALSE(has(a.out, "limit_time"));
    const parsed p = parse_result(a.out);
    REQUIRE(p.ok);
    CHECK(p.calls.size() == 240);
    CHECK(run_cli(s, "parse --seed 1 < '" + in + "'").out == a.out);
    CHECK(run_cli(s, "parse --seed 1 --time-budget-ms 0 < '" + in + "'").out == a.out);
  }

  TEST_CASE("cli: parse --jsonl --tools normalizes every line against the tools") {
    // each line answers the same request: the tools stay from one line to the next
    scratch s;
    const std::string tools = s.write("tools.json", R"([{"type": "function", "function": {"name": "get_forecast",
      "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}}}])");
    const std::string line =
        R"({"id": 1, "input": "<tool_call>{\"name\": \"get_forecast\", \"arguments\": {\"city\": \"Lyon\", \"days\": \"3\"}}</tool_call>"})";
    const run_result r = run_cli(s, "parse --jsonl --seed 1 --tools '" + tools + "' < '" +
                                        s.write("lines.jsonl", line + "\n" + line + "\n" + line + "\n") + "'");
    CHECK(r.status == 0);
    std::size_t pos = 0, n = 0;
    while (pos < r.out.size()) {
      const std::size_t nl = r.out.find('\n', pos);
      REQUIRE(nl != std::string::npos);
      const parsed p = parse_result(r.out.substr(pos, nl - pos));
      REQUIRE(p.ok);
      REQUIRE(p.calls.size() == 1);
      CHECK_MESSAGE(p.calls[0].second == R"({"city":"Lyon","days":3})", "line " << n);
      pos = nl + 1;
      ++n;
    }
    CHECK(n == 3);
  }

  TEST_CASE("cli: stream --sse | accumulate gives parse's message") {
    scratch s;
    const std::string in = s.write("call.txt",
                                   "Let me look at the directory first.\n<tool_call>\n{\"name\": \"list_dir\", \"arguments\": "
                                   "{\"path\": \"src\", \"depth\": 2}}\n</tool_call>");
    const parsed direct = parse_result(run_cli(s, "parse --seed 9 < '" + in + "'").out);
    REQUIRE(direct.ok);
    for (const char* acc : {"accumulate", "accumulate --chunk 7"}) {
      const run_result r = run_cli(s, acc, "'" + std::string(TOOLCALL_CLI_PATH) + "' stream --sse --seed 9 --chunk 3 < '" + in + "' | ");
      CHECK(r.status == 0);
      const parsed p = parse_result(r.out);
      REQUIRE_MESSAGE(p.ok, r.out);
      CHECK(tc_test::trim(p.content) == tc_test::trim(direct.content));
      REQUIRE(p.calls.size() == 1);
      CHECK(p.calls[0].first == "list_dir");
      CHECK(tc_test::json_text_equal(p.calls[0].second, direct.calls[0].second));
    }
  }

  TEST_CASE("cli: stream --sse --wire responses writes the Responses events a client reads") {
    scratch s;
    const wire_stream w = stream_on_wire(s, "responses",
                                         "Let me look at the directory first.\n<tool_call>\n{\"name\": \"list_dir\", "
                                         "\"arguments\": {\"path\": \"src\", \"depth\": 2}}\n</tool_call>",
                                         9, 3);
    const std::vector<typed_event>& evs = w.events;
    const parsed& direct = w.direct;
    REQUIRE(evs.size() >= 12);
    CHECK(evs.front().type == "response.created");
    CHECK(evs.back().type == "response.completed");
    simdjson::dom::parser jp;
    std::string text, deltas, done_args, call_id, order;
    std::int64_t call_output = -1;
    for (std::size_t k = 0; k < evs.size(); ++k) {
      simdjson::dom::element ev;
      REQUIRE_MESSAGE(!jp.parse(evs[k].data).get(ev), evs[k].data);
      std::string_view type;
      std::uint64_t seq = 0;
      REQUIRE(!ev["type"].get_string().get(type));
      CHECK(type == evs[k].type);  // the data names the event it is in
      CHECK(!ev["sequence_number"].get_uint64().get(seq));
      CHECK(seq == k);  // counted from 0, in order
      std::string_view v;
      if (type == "response.output_item.added") {
        std::string_view item_type;
        REQUIRE(!ev["item"]["type"].get_string().get(item_type));
        order += std::string(item_type) + " ";
        if (item_type == "function_call") {
          REQUIRE(!ev["item"]["call_id"].get_string().get(v));
          call_id = std::string(v);
          REQUIRE(!ev["item"]["name"].get_string().get(v));
          CHECK(v == "list_dir");
          REQUIRE(!ev["output_index"].get_int64().get(call_output));
        }
      } else if (type == "response.output_text.delta" && !ev["delta"].get_string().get(v)) {
        text += std::string(v);
      } else if (type == "response.function_call_arguments.delta" && !ev["delta"].get_string().get(v)) {
        std::int64_t at = -2;
        CHECK((!ev["output_index"].get_int64().get(at) && at == call_output));
        deltas += std::string(v);
      } else if (type == "response.function_call_arguments.done" && !ev["arguments"].get_string().get(v)) {
        done_args = std::string(v);
      } else if (type == "response.completed") {
        simdjson::dom::array output;
        REQUIRE(!ev["response"]["output"].get_array().get(output));
        CHECK(output.size() == 2);  // the message, then the call
        std::string_view st;
        CHECK((!ev["response"]["status"].get_string().get(st) && st == "completed"));
      }
    }
    CHECK(order == "message function_call ");
    CHECK(call_output == 1);
    CHECK(tc_test::trim(text) == tc_test::trim(direct.content));
    CHECK(deltas == done_args);  // the fragments add up to the done event's arguments
    CHECK(tc_test::json_text_equal(done_args, direct.calls[0].second));
    CHECK(call_id == call_ids(w.one.out).at(0));  // the one-shot id, under the same seed
    check_accumulated(s, "responses", w, call_id);  // the client side reads it back, in any piece size
  }

  TEST_CASE("cli: stream --sse --wire anthropic writes the Messages events a client reads") {
    scratch s;
    const wire_stream w = stream_on_wire(s, "anthropic",
                                         "I will read the config before I change it.\n<tool_call>\n{\"name\": \"read_file\", "
                                         "\"arguments\": {\"path\": \"config/app.yaml\", \"max_lines\": 200}}\n</tool_call>",
                                         4, 5);
    const parsed& direct = w.direct;
    REQUIRE(w.events.size() >= 9);
    simdjson::dom::parser jp;
    std::string order, text, partial, tool_id, stop_reason;
    std::vector<std::string> starts;  // block types, by index
    for (const typed_event& e : w.events) {
      simdjson::dom::element ev;
      REQUIRE_MESSAGE(!jp.parse(e.data).get(ev), e.data);
      std::string_view type, v;
      REQUIRE(!ev["type"].get_string().get(type));
      CHECK(type == e.type);
      std::uint64_t index = 0;
      if (ev["index"].get_uint64().get(index)) index = 99;  // message events have none
      if (type == "content_block_start") {
        std::string_view bt;
        REQUIRE(!ev["content_block"]["type"].get_string().get(bt));
        CHECK(index == starts.size());  // blocks count 0, 1, ... in the order of the text
        starts.emplace_back(bt);
        order += "start:" + std::string(bt) + " ";
        if (bt == "tool_use") {
          REQUIRE(!ev["content_block"]["id"].get_string().get(v));
          tool_id = std::string(v);
          REQUIRE(!ev["content_block"]["name"].get_string().get(v));
          CHECK(v == "read_file");
        }
      } else if (type == "content_block_delta") {
        std::string_view dt;
        REQUIRE(!ev["delta"]["type"].get_string().get(dt));
        REQUIRE(index < starts.size());
        if (dt == "text_delta" && !ev["delta"]["text"].get_string().get(v)) {
          CHECK(starts[index] == "text");
          text += std::string(v);
        } else if (dt == "input_json_delta" && !ev["delta"]["partial_json"].get_string().get(v)) {
          CHECK(starts[index] == "tool_use");
          partial += std::string(v);
        }
        if (order.size() < 6 || order.compare(order.size() - 6, 6, "delta ") != 0) order += "delta ";
      } else if (type == "content_block_stop") {
        order += "stop:" + std::to_string(index) + " ";
      } else if (type == "message_delta") {
        REQUIRE(!ev["delta"]["stop_reason"].get_string().get(v));
        stop_reason = std::string(v);
        order += "message_delta ";
      } else {
        order += std::string(type) + " ";
      }
    }
    CHECK(order ==
          "message_start start:text delta stop:0 start:tool_use delta stop:1 message_delta message_stop ");
    CHECK(stop_reason == "tool_use");
    CHECK(tc_test::trim(text) == tc_test::trim(direct.content));
    CHECK(tc_test::json_text_equal(partial, direct.calls[0].second));  // the fragments join to the arguments
    CHECK(tool_id.rfind("toolu_", 0) == 0);
    CHECK(tool_id == toolcall::anthropic::tool_use_id(call_ids(w.one.out).at(0)));
    check_accumulated(s, "anthropic", w, tool_id);  // the id as sent

    // the chat wire's accumulator does not read this wire: no call comes of it by accident
    const run_result chat = run_cli(s, "accumulate --no-fallback < '" + s.path("anthropic.sse") + "'");
    CHECK(parse_result(chat.out).calls.empty());
  }

  TEST_CASE("cli: an unknown --wire is refused with the wires it accepts") {
    scratch s;
    for (const char* cmd : {"stream --sse", "accumulate"}) {
      const run_result r = run_cli(s, std::string(cmd) + " --wire foo </dev/null");
      CHECK(r.status == 2);
      CHECK(r.out.empty());
      CHECK_MESSAGE(has(r.err, "--wire 'foo'"), r.err);
      CHECK_MESSAGE(has(r.err, "chat, responses or anthropic"), r.err);
      const run_result none = run_cli(s, std::string(cmd) + " --wire </dev/null");
      CHECK(none.status == 2);
      CHECK_MESSAGE(has(none.err, "--wire"), none.err);
    }
    // parse has no wire
    const run_result p = run_cli(s, "parse --wire chat </dev/null");
    CHECK(p.status == 2);
    CHECK(has(p.err, "unknown option --wire"));
  }

  TEST_CASE("cli: stream writes each piece's events before it waits for more input") {
    // The CLI reads stdin in large blocks, but a pipe's reads return what is there: the events of
    // the text written so far must come out while the writer still holds the pipe open. The
    // sentence is 44 bytes, eleven whole 4-byte pieces (a piece waits until it is whole).
    int to_child[2], from_child[2];
    REQUIRE(::pipe(to_child) == 0);
    REQUIRE(::pipe(from_child) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
      ::close(to_child[0]);
      ::close(to_child[1]);
      ::close(from_child[0]);
      ::close(from_child[1]);
      ::execl(TOOLCALL_CLI_PATH, TOOLCALL_CLI_PATH, "stream", "--reasoning", "none", "--chunk", "4", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    const std::string first = "I will check the weather in Paris for you.  ";
    REQUIRE(::write(to_child[1], first.data(), first.size()) == static_cast<ssize_t>(first.size()));
    // read until the first sentence has come back as content (a generous guard against a hang,
    // not a speed check: the CLI has nothing else to do)
    std::string got, content;
    std::size_t begins = 0;
    while (!has(content, "for you.")) {
      pollfd p{from_child[0], POLLIN, 0};
      if (::poll(&p, 1, 30000) <= 0) break;
      char buf[4096];
      const ssize_t n = ::read(from_child[0], buf, sizeof buf);
      if (n <= 0) break;
      got.append(buf, static_cast<std::size_t>(n));
      content.clear();
      if (!fold_events(got, content, begins)) break;
    }
    CHECK_MESSAGE(has(content, "I will check the weather in Paris for you."), got);
    CHECK_FALSE(has(got, "\"finish\""));  // the input is still open
    ::close(to_child[1]);
    char buf[4096];
    while (::read(from_child[0], buf, sizeof buf) > 0) {
    }
    ::close(from_child[0]);
    int st = 0;
    ::waitpid(pid, &st, 0);
    CHECK(WIFEXITED(st));
    CHECK(WEXITSTATUS(st) == 0);
  }
}
#endif
