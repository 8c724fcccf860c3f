// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The README's examples compile (they are built with the tests), run, and print exactly their
// examples/<name>.expected (nlohmann docs/examples/*.output); every C++ block of the README is a
// verbatim excerpt of one of them.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "test_support.hpp"

namespace {
/// The examples the tests build and run (examples/CMakeLists.txt and meson.build list them too).
constexpr const char* run_examples[] = {"parse_string",  "stream_deltas",  "custom_format",
                                        "sse_roundtrip", "normalize_args", "conversation",
                                        "wires"};

/// The fenced blocks of a Markdown text whose info string is cpp or c++, each with its final
/// newline.
std::vector<std::string> cpp_blocks(const std::string& md) {
  std::vector<std::string> out;
  std::string* cur = nullptr;
  bool in_other = false;
  std::size_t p = 0;
  while (p < md.size()) {
    std::size_t e = md.find('\n', p);
    if (e == std::string::npos) e = md.size();
    const std::string_view line = std::string_view(md).substr(p, e - p);
    p = e + 1;
    if (cur || in_other) {
      if (line == "```") {
        cur = nullptr;
        in_other = false;
      } else if (cur) {
        cur->append(line.data(), line.size());
        *cur += '\n';
      }
    } else if (line == "```cpp" || line == "```c++") {
      out.emplace_back();
      cur = &out.back();
    } else if (line.substr(0, 3) == "```") {
      in_other = true;
    }
  }
  return out;
}
}  // namespace

TEST_SUITE("toolcall/examples") {
  TEST_CASE("every C++ block of the README is a verbatim excerpt of an example the tests run") {
    const std::string root = std::string(TOOLCALL_TEST_DATA_DIR) + "/../../";
    const std::string readme = tc_test::read_file(root + "README.md");
    REQUIRE_FALSE(readme.empty());
    const std::vector<std::string> blocks = cpp_blocks(readme);
    CHECK(blocks.size() >= 5);  // parse, stream, SSE, normalizer, custom format, conversation
    std::vector<std::string> sources;
    for (const char* ex : run_examples) sources.push_back(tc_test::read_file(root + "examples/" + ex + ".cpp"));
    for (const std::string& b : blocks) {
      bool found = false;
      for (const std::string& src : sources) found = found || src.find(b) != std::string::npos;
      CHECK_MESSAGE(found, "this README block is not a verbatim excerpt of an example the tests run:\n" << b);
    }
    // the example programs the README cites are among those run (the CLI and the chat loop
    // have tests of their own)
    for (std::size_t at = readme.find("examples/"); at != std::string::npos; at = readme.find("examples/", at + 1)) {
      const std::size_t end = readme.find_first_of(")`] \n", at);
      const std::string name = readme.substr(at + 9, end - at - 9);
      if (name.size() < 5 || name.compare(name.size() - 4, 4, ".cpp") != 0 || name.find('/') != std::string::npos ||
          name == "toolcall_cli.cpp")
        continue;
      bool run = false;
      for (const char* ex : run_examples) run = run || name == std::string(ex) + ".cpp";
      CHECK_MESSAGE(run, "the README cites examples/" << name << ", which the tests do not run");
    }
  }
}

#ifdef TOOLCALL_EXAMPLES_BIN_DIR
namespace {
std::string run(const std::string& cmd, int& rc) {
  std::string out;
  FILE* f = popen(cmd.c_str(), "r");
  if (!f) {
    rc = -1;
    return out;
  }
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  rc = pclose(f);
  return out;
}
}  // namespace

TEST_SUITE("toolcall/examples") {
  TEST_CASE("README examples print their expected output") {
    for (const char* ex : run_examples) {
      int rc = 0;
      const std::string out = run(std::string(TOOLCALL_EXAMPLES_BIN_DIR) + "/example_" + ex, rc);
      CHECK_MESSAGE(rc == 0, ex);
      const std::string expected =
          tc_test::read_file(std::string(TOOLCALL_EXAMPLES_SRC_DIR) + "/" + ex + ".expected");
      CHECK_MESSAGE(out == expected, ex << " printed:\n" << out);
    }
  }

  TEST_CASE("the CLI documents itself and rejects bad options without crashing") {
    int rc = 0;
    const std::string help = run(std::string(TOOLCALL_CLI_PATH) + " --help", rc);
    CHECK(rc == 0);
    CHECK(help.find("--jsonl") != std::string::npos);
    CHECK(help.find("--format") != std::string::npos);
    run(std::string(TOOLCALL_CLI_PATH) + " parse --format nosuch </dev/null 2>/dev/null", rc);
    CHECK(rc != 0);
    const std::string out = run("printf 'not json\\n{\"id\": 1, \"input\": \"hi\"}\\n' | " +
                                    std::string(TOOLCALL_CLI_PATH) + " parse --jsonl", rc);
    CHECK(rc == 0);
    CHECK(out.find("invalid_input") != std::string::npos);
    CHECK(out.find("{\"id\":1,") != std::string::npos);
  }

  TEST_CASE("the CLI normalizes with --tools, one-shot and streamed, and checks histories") {
    const std::string dir = std::string(TOOLCALL_EXAMPLES_SRC_DIR) + "/../tests/data/cli/";
    for (const char* extra : {"", " --chunk 3"}) {
      int rc = 0;
      const std::string out = run("printf '%s' '<tool_call>{\"name\": \"functions.Edit\", \"arguments\": "
                                  "{\"path\": \"a.c\", \"replaceAll\": \"true\"}}</tool_call>' | " +
                                      std::string(TOOLCALL_CLI_PATH) + " parse --seed 1 --tools " + dir + "tools.json" + extra,
                                  rc);
      CHECK(rc == 0);
      CHECK_MESSAGE(out.find("\"name\":\"edit\"") != std::string::npos, out);
      CHECK_MESSAGE(out.find("\\\"replaceAll\\\":true") != std::string::npos, out);
    }
    int rc = 0;
    const std::string bad = run(std::string(TOOLCALL_CLI_PATH) + " history --check " + dir + "orphan_history.json", rc);
    CHECK(rc != 0);
    CHECK(bad.find("invalid_history") != std::string::npos);
    const std::string rew = run(std::string(TOOLCALL_CLI_PATH) + " history --llama31 " + dir + "parallel_history.json", rc);
    CHECK(rc == 0);
    CHECK(rew.find("\"c1\"") != std::string::npos);
    CHECK_MESSAGE(rew.find("\"c2\"") != std::string::npos, rew);  // the parallel call is kept, in its own message
    CHECK_MESSAGE(rew.find("25C") != std::string::npos, rew);       // and so is its result
  }
}
#endif
