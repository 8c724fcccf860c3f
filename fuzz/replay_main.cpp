// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// A main for the fuzz targets without libFuzzer (fuzz/README.md): it runs
// LLVMFuzzerTestOneInput over every file named on the command line, and over every regular file
// inside each directory named there, so the targets build with g++ and replay their corpora as
// ordinary tests. Each input is copied into a buffer of exactly its size, so a sanitizer sees
// any read past the end. An invariant violation aborts, which fails the test.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

bool run_file(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.string().c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  // An exact-size heap copy (new[] of 0 bytes is still a valid, unreadable pointer).
  const std::unique_ptr<std::uint8_t[]> buf(new std::uint8_t[bytes.size()]);
  std::copy(bytes.begin(), bytes.end(), buf.get());
  LLVMFuzzerTestOneInput(buf.get(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_DIR...\n  runs the fuzz target over each input\n", argv[0]);
    return 2;
  }
  std::size_t runs = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      std::vector<std::filesystem::path> files;
      for (const auto& e : std::filesystem::recursive_directory_iterator(arg, ec))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      for (const auto& p : files) {
        ok = run_file(p) && ok;
        ++runs;
      }
    } else {
      ok = run_file(arg) && ok;
      ++runs;
    }
  }
  std::printf("replay: %zu inputs, %s\n", runs, ok ? "all passed" : "some could not be read");
  return ok && runs > 0 ? 0 : 1;
}
