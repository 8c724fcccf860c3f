// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_BENCH_BENCH_COMMON_HPP
#define TOOLCALL_BENCH_BENCH_COMMON_HPP

// Shared by bench_parse.cpp and bench_stream.cpp: the transcripts of bench/data/
// (written by bench/make_data.py), the corpus family -> format map, and the synthetic streamed
// responses of N 4-byte tokens.

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#ifndef TOOLCALL_BENCH_DATA_DIR
#define TOOLCALL_BENCH_DATA_DIR "bench/data"
#endif

namespace toolcall_bench {

struct transcript {
  std::string name;   ///< file name without .txt
  std::string text;
  std::size_t calls;  ///< calls the builtin registry must find (checked before timing)
};

inline std::string data_dir() {
  const char* env = std::getenv("TOOLCALL_BENCH_DATA");
  return env && *env ? env : TOOLCALL_BENCH_DATA_DIR;
}

inline std::string read_data(const std::string& file) {
  const std::string path = data_dir() + "/" + file;
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "bench: cannot read %s (run bench/make_data.py, or set TOOLCALL_BENCH_DATA)\n",
                 path.c_str());
    std::exit(2);
  }
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// The five realistic transcripts.
inline std::vector<transcript> main_transcripts() {
  return {{"chat_prose", read_data("chat_prose.txt"), 0},
          {"content_one_call", read_data("content_one_call.txt"), 1},
          {"parallel_10", read_data("parallel_10.txt"), 10},
          {"big_arg_100k", read_data("big_arg_100k.txt"), 1},
          {"qwen3_coder_50k", read_data("qwen3_coder_50k.txt"), 1},
          {"gen_file_256k", read_data("gen_file_256k.txt"), 1}};
}

/// Corpus family -> the built-in format that parses it (parser_registry::only).
inline const std::vector<std::pair<std::string, std::string>>& family_formats() {
  static const std::vector<std::pair<std::string, std::string>> m = {
      {"qwen_tool_call", "hermes"},        {"qwen3_coder_xml", "qwen3_coder"},
      {"qwen_tools_array", "qwen_tools"},  {"qwen_function_tag", "qwen_function"},
      {"qwen_json_bracket", "qwen_bracket"}, {"openai_json", "openai"},
      {"llama3_python_tag", "llama3_json"}, {"llama3_raw_json", "llama3_json"},
      {"petals_function_key", "function_key"}, {"pythonic", "pythonic"},
      {"mistral_v3", "mistral"},          {"mistral_v11", "mistral"},
      {"deepseek_v3", "deepseek"},        {"gpt_oss_harmony", "harmony"},
      {"markdown_fenced", "fenced"},      {"reasoning", "hermes"},
      {"hard", "hermes"}};
  return m;
}

/// JSON string body escaping for the synthetic call argument.
inline void append_escaped(std::string& out, std::string_view s) {
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
}

/// A streamed response of exactly `tokens` * 4 bytes: prose for the first half, then one
/// Hermes call whose "content" argument fills the rest (a model writing a file), so both the
/// text scanner and the JSON path are on the clock. prose_only: no call at all.
inline std::string make_response(const std::string& prose, std::size_t tokens, bool prose_only = false) {
  const std::size_t total = tokens * 4;
  std::string out;
  out.reserve(total);
  const std::size_t prose_bytes = prose_only ? total : total / 2;
  while (out.size() < prose_bytes) out.append(prose, 0, std::min(prose.size(), prose_bytes - out.size()));
  if (prose_only) return out;
  out += "\n<tool_call>\n{\"name\": \"write_file\", \"arguments\": {\"path\": \"notes.md\", \"content\": \"";
  const std::string tail = "\"}}\n</tool_call>";
  std::size_t k = 0;
  while (out.size() + tail.size() < total) {
    // escape one prose byte at a time so the escaped text never overshoots
    const std::size_t before = out.size();
    append_escaped(out, std::string_view(prose).substr(k % prose.size(), 1));
    if (out.size() + tail.size() > total) {
      out.resize(before);
      out.append(total - tail.size() - before, ' ');
    }
    ++k;
  }
  out += tail;
  return out;
}

}  // namespace toolcall_bench

#endif  // TOOLCALL_BENCH_BENCH_COMMON_HPP
