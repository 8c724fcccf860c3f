// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_EXAMPLES_CLI_SPEC_HPP
#define TOOLCALL_EXAMPLES_CLI_SPEC_HPP

// The CLI's spec files and learning (docs/format_spec.md, docs/learning.md):
//   parse/stream --format-file SPEC.json: toolcall_cli_spec_registry(path)
//   toolcall learn SAMPLES.json:            toolcall_cli_learn(argc, argv)

#include <cstdio>
#include <cstring>
#include <string>

#include "cli_history.hpp"
#include "toolcall/toolcall.hpp"

inline bool toolcall_cli_read_path(const std::string& path, std::string& out) {
  if (path == "-") return toolcall_cli_read_all(stdin, out);
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  const bool ok = toolcall_cli_read_all(f, out);
  std::fclose(f);
  return ok;
}

/// The format of a spec file alone, plus reasoning blocks (as --format NAME for a built-in).
inline toolcall::result<toolcall::parser_registry> toolcall_cli_spec_registry(const std::string& path) {
  std::string text;
  if (!toolcall_cli_read_path(path, text)) return toolcall::error{toolcall::errc::invalid_input, 0, "cannot read the file"};
  toolcall::result<toolcall::format_spec> spec = toolcall::format_spec::from_json(text);
  if (!spec) return spec.error();
  toolcall::result<toolcall::format> f = toolcall::format::from_spec(*spec);
  if (!f) return f.error();
  toolcall::parser_registry r;
  r.add(*f);
  if (f->name() != "reasoning") r.add(*toolcall::format::builtin("reasoning"));
  return r;
}

inline const char* toolcall_cli_learn_help() {
  return R"(usage: toolcall learn SAMPLES.json        (- reads stdin)

Infers a format from rendered assistant turns and prints its spec file (docs/format_spec.md),
for parse/stream --format-file. SAMPLES.json is a JSON array (or one object) of
  {"rendered": "<the text a chat template wrote for one assistant turn>",
   "content": "...", "reasoning": "...",
   "tool_calls": [{"name": "...", "arguments": {...}}]}
Two calls per sample, with string, number and object arguments, and content before them make
every slot identifiable (docs/learning.md). Python's toolcall.learn_template renders them from
a chat template.

exit status: 0 the spec is on stdout; 1 the format could not be inferred (the reason on
  stderr); 2 bad usage or an unreadable file.
)";
}

inline int toolcall_cli_learn(int argc, char** argv) {
  if (argc != 3) {
    std::fputs(toolcall_cli_learn_help(), stderr);
    return 2;
  }
  if (!std::strcmp(argv[2], "--help") || !std::strcmp(argv[2], "-h")) {
    std::fputs(toolcall_cli_learn_help(), stdout);
    return 0;
  }
  std::string text;
  if (!toolcall_cli_read_path(argv[2], text)) {
    std::fprintf(stderr, "toolcall learn: cannot read %s\n", argv[2]);
    return 2;
  }
  toolcall::result<std::vector<toolcall::learn_sample>> samples = toolcall::learn_sample::from_json(text);
  if (!samples) {
    std::fprintf(stderr, "toolcall learn: %s: %s\n", argv[2], samples.error().detail.c_str());
    return 2;
  }
  toolcall::result<toolcall::format_spec> spec = toolcall::format::learn(*samples);
  if (!spec) {
    std::fprintf(stderr, "toolcall learn: %s\n", spec.error().detail.c_str());
    return 1;
  }
  std::fputs(spec->to_json().c_str(), stdout);
  return 0;
}

#endif  // TOOLCALL_EXAMPLES_CLI_SPEC_HPP
