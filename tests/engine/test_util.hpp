// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Helpers shared by the engine tests: temporary files and tiny models with a synthetic vocabulary.

#ifndef TOOLCALL_TESTS_ENGINE_TEST_UTIL_HPP
#define TOOLCALL_TESTS_ENGINE_TEST_UTIL_HPP

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "model.hpp"
#include "tiny_model.hpp"

namespace engine_test {

/// A path in the temporary directory, removed when this goes out of scope.
class temp_file {
 public:
  explicit temp_file(const std::string& stem) {
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    path_ =
        (std::filesystem::temp_directory_path() / ("toolcall_engine_" + stem + "_" + std::to_string(stamp) + ".gguf"))
            .string();
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  ~temp_file() { std::remove(path_.c_str()); }
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
};

/// n tokens "<t0>".."<t(n-3)>" then the two Qwen specials, so the writer's eos/pad lookup is tested.
inline std::vector<std::string> synthetic_vocab(int n) {
  std::vector<std::string> tokens;
  for (int i = 0; i < n - 2; ++i) tokens.push_back("<t" + std::to_string(i) + ">");
  tokens.push_back("<|endoftext|>");
  tokens.push_back("<|im_end|>");
  return tokens;
}

/// Options for a tiny model over a synthetic vocabulary.
inline toolcall_chat::tiny_model_options tiny_options(const std::string& arch, int n_vocab, std::uint64_t seed) {
  toolcall_chat::tiny_model_options o;
  o.arch = arch;
  o.tokens = synthetic_vocab(n_vocab);
  o.merges = {"< t", "<t 1", "<t 2"};
  o.chat_template = "{% for m in messages %}{{ m.content }}{% endfor %}";
  o.seed = seed;
  return o;
}

/// Writes a tiny model to a temporary file and loads it back (fails the test on error).
inline toolcall_chat::model make_tiny_model(const toolcall_chat::tiny_model_options& o) {
  temp_file file("model_" + o.arch);
  const toolcall_chat::engine_status written = toolcall_chat::write_tiny_model(file.path(), o);
  if (!written) {
    std::fprintf(stderr, "write_tiny_model: %s\n", written.error.c_str());
    return {};
  }
  toolcall_chat::engine_result<toolcall_chat::model> loaded = toolcall_chat::load_model(file.path());
  if (!loaded) std::fprintf(stderr, "load_model: %s\n", loaded.error.c_str());
  return std::move(loaded.value);
}

}  // namespace engine_test

#endif  // TOOLCALL_TESTS_ENGINE_TEST_UTIL_HPP
