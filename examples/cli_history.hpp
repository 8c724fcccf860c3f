// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The normalizer and conversation pieces of the `toolcall` command-line tool (issue #4), as
// free functions for examples/toolcall_cli.cpp to call:
//   if (cmd == "history") return toolcall_cli_history(argc, argv);
//   parse --tools FILE:  auto n = toolcall_cli_load_tools(path); n->attach(stream_parser);
#ifndef TOOLCALL_EXAMPLES_CLI_HISTORY_HPP
#define TOOLCALL_EXAMPLES_CLI_HISTORY_HPP

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <toolcall/conversation.hpp>
#include <toolcall/json_writer.hpp>
#include <toolcall/normalizer.hpp>

inline const char* toolcall_cli_history_help() {
  return R"(usage:
  toolcall history --check FILE [--allow-pending] [--strict] [--loop-cap N]
      checks the tool-call protocol of an OpenAI messages array (or a request object with
      "messages"); prints {"valid": bool, "diagnostics": [...]} (each diagnostic's offset is
      the index of the message at fault), plus "tool_cycles" and "cap_reached" with
      --loop-cap. Exit status: 0 valid, 1 violations, 2 bad usage or unreadable input.
      --allow-pending  unanswered calls at the end of the history are fine
      --strict         results must directly follow the assistant message that made the calls
  toolcall history --llama31 FILE [--notes]
      rewrites the history for single-call templates (Llama 3.1): keeps the first of parallel
      calls, drops the other calls' results, merges consecutive tool results into one user
      message; prints the JSON (--notes: the changes as JSON diagnostics on stderr)
  FILE may be - for stdin.
)";
}

/// Reads a whole file ("-": stdin). False when it cannot be read.
inline bool toolcall_cli_read_file(const std::string& path, std::string& out) {
  if (path == "-") {
    out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

/**
 * Loads the normalizer of `toolcall parse --tools FILE`: FILE holds an OpenAI tools array, or
 * an object with a "tools" key (a whole request body works).
 * @return errc::invalid_input when the file cannot be read or its tools are malformed.
 */
inline toolcall::result<toolcall::normalizer> toolcall_cli_load_tools(const std::string& path,
                                                                      toolcall::normalizer_options opt = {}) {
  std::string text;
  if (!toolcall_cli_read_file(path, text))
    return toolcall::error{toolcall::errc::invalid_input, 0, "cannot read " + path};
  return toolcall::normalizer::create(text, std::move(opt));
}

/**
 * `toolcall history ...`. Takes argv as main() received it (argv[1] == "history"); a call
 * with argv starting at the subcommand's options also works.
 */
inline int toolcall_cli_history(int argc, char** argv) {
  int i = 1;
  if (i < argc && std::string(argv[i]) == "history") ++i;
  std::string mode, file;
  bool allow_pending = false, strict = false, notes = false, have_cap = false;
  std::size_t cap = 0;
  for (; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--check" || a == "--llama31") {
      if (!mode.empty() || i + 1 >= argc) {
        std::fputs(toolcall_cli_history_help(), stderr);
        return 2;
      }
      mode = a;
      file = argv[++i];
    } else if (a == "--allow-pending") {
      allow_pending = true;
    } else if (a == "--strict") {
      strict = true;
    } else if (a == "--notes") {
      notes = true;
    } else if (a == "--loop-cap" && i + 1 < argc) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(argv[++i], &end, 10);
      if (!end || *end) {
        std::fputs(toolcall_cli_history_help(), stderr);
        return 2;
      }
      cap = static_cast<std::size_t>(v);
      have_cap = true;
    } else if (a == "--help" || a == "-h") {
      std::fputs(toolcall_cli_history_help(), stdout);
      return 0;
    } else {
      std::fprintf(stderr, "toolcall history: unknown or bad option %s (see toolcall history --help)\n", a.c_str());
      return 2;
    }
  }
  if (mode.empty()) {
    std::fputs(toolcall_cli_history_help(), stderr);
    return 2;
  }
  std::string text;
  if (!toolcall_cli_read_file(file, text)) {
    std::fprintf(stderr, "toolcall history: cannot read %s\n", file.c_str());
    return 2;
  }
  if (mode == "--llama31") {
    std::vector<toolcall::diagnostic> ns;
    toolcall::result<std::string> r = toolcall::conversation::rewrite_llama31(text, &ns);
    if (!r) {
      std::fprintf(stderr, "toolcall history: %s\n", r.error().message().c_str());
      return 2;
    }
    std::fwrite(r->data(), 1, r->size(), stdout);
    std::fputc('\n', stdout);
    if (notes) std::fprintf(stderr, "%s\n", toolcall::openai::diagnostics_json(ns).c_str());
    return 0;
  }
  toolcall::conversation::check_options co;
  co.allow_pending = allow_pending;
  co.strict_order = strict;
  const std::vector<toolcall::diagnostic> ds = toolcall::conversation::check(text, co);
  if (ds.size() == 1 && ds[0].code == toolcall::errc::invalid_input) {
    std::fprintf(stderr, "toolcall history: %s\n", ds[0].message.c_str());
    return 2;
  }
  std::string out = "{\"valid\":";
  out += ds.empty() ? "true" : "false";
  out += ",\"diagnostics\":";
  out += toolcall::openai::diagnostics_json(ds);
  if (have_cap) {
    const toolcall::result<toolcall::conversation::loop_status> ls = toolcall::conversation::tool_cycles(text, cap);
    out += ",\"tool_cycles\":";
    out += std::to_string(ls ? ls->cycles : 0);
    out += ",\"cap_reached\":";
    out += ls && ls->cap_reached ? "true" : "false";
  }
  out += '}';
  std::puts(out.c_str());
  return ds.empty() ? 0 : 1;
}

#endif  // TOOLCALL_EXAMPLES_CLI_HISTORY_HPP
