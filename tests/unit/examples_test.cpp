// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The README's examples compile (they are built with the tests), run, and print exactly their
// examples/<name>.expected (nlohmann docs/examples/*.output).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "test_support.hpp"

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
    for (const char* ex : {"parse_string", "stream_deltas", "custom_format", "sse_roundtrip", "normalize_args"}) {
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
    CHECK_MESSAGE(rew.find("\"c2\"") == std::string::npos, rew);  // the parallel call and its result are dropped
  }
}
#endif
