// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The input, normalizer and conversation pieces of the `toolcall` command-line tool (issues #4,
// #13, #15), as free functions for examples/toolcall_cli.cpp to call:
//   if (cmd == "history") return toolcall_cli_history(argc, argv);
//   parse --tools FILE:  auto n = toolcall_cli_load_tools(path); n->attach(stream_parser);
//   toolcall_cli_read_all(stdin, text), toolcall_cli_read_some(stdin, buf, size)
#ifndef TOOLCALL_EXAMPLES_CLI_HISTORY_HPP
#define TOOLCALL_EXAMPLES_CLI_HISTORY_HPP

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/stat.h>
#include <unistd.h>
#define TOOLCALL_CLI_POSIX_READ 1
#else
#define TOOLCALL_CLI_POSIX_READ 0
#endif

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
      --loop-cap N     count the tool cycles (N: a whole number, 0 or more)
  toolcall history --llama31 FILE [--notes]
      rewrites the history for single-call templates (Llama 3.1): an assistant message with
      parallel calls becomes one message per call, each followed by its result; the runs of
      consecutive tool results that remain become one user message each. Every call and every
      result is kept. Prints the JSON (--notes: the changes as JSON diagnostics on stderr)
  FILE may be - for stdin.
)";
}

/**
 * Reads up to `n` bytes of `f` into `dst`: what is there, without waiting for all `n` (on POSIX
 * through read(2), so a pipe's data is used as it arrives). Bypasses stdio's buffer: use it
 * alone on a stream.
 * @return the byte count, 0 at the end, -1 on a read error (errno says which).
 */
inline std::ptrdiff_t toolcall_cli_read_some(std::FILE* f, char* dst, std::size_t n) {
#if TOOLCALL_CLI_POSIX_READ
  const int fd = fileno(f);
  for (;;) {
    const ssize_t r = ::read(fd, dst, n);
    if (r >= 0) return static_cast<std::ptrdiff_t>(r);
    if (errno != EINTR) return -1;
  }
#else
  const std::size_t r = std::fread(dst, 1, n, f);
  if (r == 0 && std::ferror(f)) return -1;
  return static_cast<std::ptrdiff_t>(r);
#endif
}

/// A byte buffer that grows without zero-filling (std::string::resize writes every byte).
class toolcall_cli_bytes {
 public:
  std::string_view view() const noexcept { return {data_.get(), size_}; }
  std::string str() const { return std::string(view()); }
  /// Room for at least `n` more bytes after the current ones.
  char* reserve_more(std::size_t n) {
    if (cap_ - size_ < n) {
      std::size_t cap = cap_ ? cap_ : n;
      while (cap - size_ < n) cap *= 2;
      std::unique_ptr<char[]> d(new char[cap]);
      if (size_) std::memcpy(d.get(), data_.get(), size_);
      data_ = std::move(d);
      cap_ = cap;
    }
    return data_.get() + size_;
  }
  std::size_t spare() const noexcept { return cap_ - size_; }
  void grow(std::size_t n) noexcept { size_ += n; }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0, cap_ = 0;
};

/**
 * Reads all of `f` into `out` in large blocks, sized from the file's size when it has one (a
 * regular file is read into one allocation). False on a read error (errno says which).
 */
inline bool toolcall_cli_read_all(std::FILE* f, toolcall_cli_bytes& out) {
  std::size_t hint = std::size_t{1} << 20;
#if TOOLCALL_CLI_POSIX_READ
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    hint = static_cast<std::size_t>(st.st_size) + 1;  // +1: the read that sees the end
#endif
  out.reserve_more(hint);
  for (;;) {
    if (out.spare() == 0) out.reserve_more(out.view().size());  // double
    char* dst = out.reserve_more(1);
    const std::ptrdiff_t got = toolcall_cli_read_some(f, dst, out.spare());
    if (got < 0) return false;
    if (got == 0) return true;
    out.grow(static_cast<std::size_t>(got));
  }
}

/// The same into a std::string.
inline bool toolcall_cli_read_all(std::FILE* f, std::string& out) {
  toolcall_cli_bytes b;
  if (!toolcall_cli_read_all(f, b)) return false;
  out.assign(b.view());
  return true;
}

/// Reads a whole file ("-": stdin). False, with the OS's reason in `why`, when it cannot.
inline bool toolcall_cli_read_file(const std::string& path, std::string& out, std::string& why) {
  if (path == "-") {
    if (toolcall_cli_read_all(stdin, out)) return true;
    why = std::strerror(errno);
    return false;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    why = std::strerror(errno);
    return false;
  }
  const bool ok = toolcall_cli_read_all(f, out);
  if (!ok) why = std::strerror(errno);
  std::fclose(f);
  return ok;
}

/// Where a text stops being one strict JSON value: the byte offset and what was expected there.
struct toolcall_cli_json_fault {
  bool found = false;
  std::size_t offset = 0;
  std::string expected;
};

/**
 * Finds the first byte at which `s` stops being one JSON value (RFC 8259, UTF-8), so a message
 * can say where a file goes wrong. Iterative: any input, any depth, no recursion.
 */
inline toolcall_cli_json_fault toolcall_cli_find_json_fault(std::string_view s) {
  enum class st { value, array_first, object_first, key, colon, after_value, end };
  std::string stack;  // '{' or '['
  std::size_t i = 0;
  const std::size_t n = s.size();
  const std::size_t max_depth = 1024;  // simdjson's default
  auto fault = [&](std::size_t at, std::string what) { return toolcall_cli_json_fault{true, at, std::move(what)}; };
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  // a string starting at s[i] == '"'; on success i is past the closing quote
  auto string = [&](toolcall_cli_json_fault& f) {
    const std::size_t start = i++;
    while (i < n) {
      const unsigned char c = byte(i);
      if (c == '"') {
        ++i;
        return true;
      }
      if (c < 0x20) {
        f = fault(i, "an escaped control character (\\n, \\t, \\u00XX) in the string");
        return false;
      }
      if (c == '\\') {
        if (i + 1 >= n) break;
        const char e = s[i + 1];
        if (e == 'u') {
          for (std::size_t k = 2; k < 6; ++k) {
            if (i + k >= n) {
              f = fault(n, "4 hex digits after \\u");
              return false;
            }
            const char h = s[i + k];
            if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) {
              f = fault(i + k, "4 hex digits after \\u");
              return false;
            }
          }
          i += 6;
        } else if (std::strchr("\"\\/bfnrt", e) && e != '\0') {
          i += 2;
        } else {
          f = fault(i + 1, "an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX");
          return false;
        }
        continue;
      }
      if (c < 0x80) {
        ++i;
        continue;
      }
      // UTF-8: the length from the lead byte, then continuation bytes, no overlong forms,
      // no surrogates, nothing past U+10FFFF
      std::size_t len = 0;
      unsigned lo = 0x80, hi = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) len = 2;
      else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
      } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
      }
      bool ok = len > 0 && i + len <= n;
      for (std::size_t k = 1; ok && k < len; ++k) {
        const unsigned b = byte(i + k);
        ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
      }
      if (!ok) {
        f = fault(i, "valid UTF-8");
        return false;
      }
      i += len;
    }
    f = fault(n, "the \" that closes the string opened at byte " + std::to_string(start));
    return false;
  };
  auto digits = [&]() {
    const std::size_t from = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
    return i > from;
  };
  st state = st::value;
  toolcall_cli_json_fault f;
  for (;;) {
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    if (state == st::end) {
      if (i < n) return fault(i, "the end of the text (one JSON value only)");
      return f;
    }
    if (state == st::after_value && stack.empty()) {
      state = st::end;
      continue;
    }
    if (i >= n) {
      switch (state) {
        case st::value: return fault(n, "a value");
        case st::array_first: return fault(n, "a value or ]");
        case st::object_first: return fault(n, "a \"key\" or }");
        case st::key: return fault(n, "a \"key\"");
        case st::colon: return fault(n, ":");
        default: return fault(n, stack.back() == '{' ? ", or }" : ", or ]");
      }
    }
    const char c = s[i];
    switch (state) {
      case st::array_first:
        if (c == ']') {
          stack.pop_back();
          ++i;
          state = st::after_value;
          break;
        }
        [[fallthrough]];
      case st::value:
        if (c == '{' || c == '[') {
          if (stack.size() >= max_depth) return fault(i, "nesting no deeper than 1024");
          stack += c;
          ++i;
          state = c == '{' ? st::object_first : st::array_first;
        } else if (c == '"') {
          if (!string(f)) return f;
          state = st::after_value;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
          if (c == '-') ++i;
          if (i < n && s[i] == '0') ++i;
          else if (!digits()) return fault(i, "a digit");
          if (i < n && s[i] == '.') {
            ++i;
            if (!digits()) return fault(i, "a digit after the decimal point");
          }
          if (i < n && (s[i] == 'e' || s[i] == 'E')) {
            ++i;
            if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
            if (!digits()) return fault(i, "a digit in the exponent");
          }
          state = st::after_value;
        } else if (c == 't' || c == 'f' || c == 'n') {
          const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
          for (std::size_t k = 0; k < word.size(); ++k)
            if (i + k >= n || s[i + k] != word[k]) return fault(i + k, std::string(word));
          i += word.size();
          state = st::after_value;
        } else {
          return fault(i, state == st::array_first ? "a value or ]" : "a value");
        }
        break;
      case st::object_first:
        if (c == '}') {
          stack.pop_back();
          ++i;
          state = st::after_value;
          break;
        }
        if (c != '"') return fault(i, "a \"key\" or }");
        if (!string(f)) return f;
        state = st::colon;
        break;
      case st::key:
        if (c != '"') return fault(i, "a \"key\"");
        if (!string(f)) return f;
        state = st::colon;
        break;
      case st::colon:
        if (c != ':') return fault(i, ":");
        ++i;
        state = st::value;
        break;
      case st::after_value: {
        const char close = stack.back() == '{' ? '}' : ']';
        if (c == ',') {
          ++i;
          state = stack.back() == '{' ? st::key : st::value;
        } else if (c == close) {
          stack.pop_back();
          ++i;
        } else {
          return fault(i, close == '}' ? ", or }" : ", or ]");
        }
        break;
      }
      case st::end: break;
    }
  }
}

/// "not valid JSON at line L, column C (byte B): expected X", or "" when `s` is valid JSON.
inline std::string toolcall_cli_json_error(std::string_view s) {
  const toolcall_cli_json_fault f = toolcall_cli_find_json_fault(s);
  if (!f.found) return std::string();
  std::size_t line = 1, line_start = 0;
  for (std::size_t k = 0; k < f.offset && k < s.size(); ++k)
    if (s[k] == '\n') {
      ++line;
      line_start = k + 1;
    }
  return "not valid JSON at line " + std::to_string(line) + ", column " + std::to_string(f.offset - line_start + 1) +
         " (byte " + std::to_string(f.offset) + "): expected " + f.expected;
}

/**
 * Loads the normalizer of `toolcall parse --tools FILE`: FILE holds an OpenAI tools array, or
 * an object with a "tools" key (a whole request body works).
 * @return errc::invalid_input when the file cannot be read (detail: the OS's reason), is not
 * JSON (detail: where, offset: the byte) or its tools are malformed (detail: which tool).
 */
inline toolcall::result<toolcall::normalizer> toolcall_cli_load_tools(const std::string& path,
                                                                      toolcall::normalizer_options opt = {}) {
  std::string text, why;
  if (!toolcall_cli_read_file(path, text, why))
    return toolcall::error{toolcall::errc::invalid_input, 0, "cannot read the file: " + why};
  toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(text, std::move(opt));
  if (n) return n;
  // The library says what is wrong; for a syntax error, say where as well.
  const toolcall_cli_json_fault f = toolcall_cli_find_json_fault(text);
  if (f.found) return toolcall::error{toolcall::errc::invalid_input, f.offset, toolcall_cli_json_error(text)};
  toolcall::error e = n.error();
  if (e.offset > 0) e.detail += " (at byte " + std::to_string(e.offset) + ")";
  return e;
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
      if (!mode.empty()) {
        std::fprintf(stderr, "toolcall history: %s: one of --check FILE or --llama31 FILE, once\n", a.c_str());
        return 2;
      }
      if (i + 1 >= argc) {
        std::fprintf(stderr, "toolcall history: %s needs a value (a file, or - for stdin)\n", a.c_str());
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
    } else if (a == "--loop-cap") {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "toolcall history: --loop-cap needs a value (a whole number, 0 or more)\n");
        return 2;
      }
      const char* v = argv[++i];
      bool ok = *v != '\0';
      std::size_t c = 0;
      for (const char* p = v; ok && *p; ++p) {
        ok = *p >= '0' && *p <= '9' && c <= (static_cast<std::size_t>(-1) - 9) / 10;
        c = c * 10 + static_cast<std::size_t>(*p - '0');
      }
      if (!ok) {
        std::fprintf(stderr, "toolcall history: --loop-cap '%s': expected a whole number, 0 or more\n", v);
        return 2;
      }
      cap = c;
      have_cap = true;
    } else if (a == "--help" || a == "-h") {
      std::fputs(toolcall_cli_history_help(), stdout);
      return 0;
    } else if (mode.empty() && !a.empty() && a[0] != '-') {
      // a file with no mode: say what can be done with it
      std::fprintf(stderr,
                   "toolcall history: what to do with %s? --check %s checks it, --llama31 %s rewrites it "
                   "(see toolcall history --help)\n",
                   a.c_str(), a.c_str(), a.c_str());
      return 2;
    } else {
      std::fprintf(stderr, "toolcall history: unknown option %s (see toolcall history --help)\n", a.c_str());
      return 2;
    }
  }
  if (mode.empty()) {
    std::fputs(toolcall_cli_history_help(), stderr);
    return 2;
  }
  std::string text, why;
  if (!toolcall_cli_read_file(file, text, why)) {
    std::fprintf(stderr, "toolcall history: cannot read %s: %s\n", file.c_str(), why.c_str());
    return 2;
  }
  const std::string json_error = toolcall_cli_json_error(text);
  if (!json_error.empty()) {
    std::fprintf(stderr, "toolcall history: %s: %s\n", file.c_str(), json_error.c_str());
    return 2;
  }
  if (mode == "--llama31") {
    std::vector<toolcall::diagnostic> ns;
    toolcall::result<std::string> r = toolcall::conversation::rewrite_llama31(text, &ns);
    if (!r) {
      std::fprintf(stderr, "toolcall history: %s: %s\n", file.c_str(), r.error().message().c_str());
      return 2;
    }
    r->push_back('\n');
    std::fwrite(r->data(), 1, r->size(), stdout);
    if (notes) std::fprintf(stderr, "%s\n", toolcall::openai::diagnostics_json(ns).c_str());
    return 0;
  }
  toolcall::conversation::check_options co;
  co.allow_pending = allow_pending;
  co.strict_order = strict;
  const std::vector<toolcall::diagnostic> ds = toolcall::conversation::check(text, co);
  if (ds.size() == 1 && ds[0].code == toolcall::errc::invalid_input) {
    std::fprintf(stderr, "toolcall history: %s: %s\n", file.c_str(), ds[0].message.c_str());
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
  out += "}\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
  return ds.empty() ? 0 : 1;
}

#endif  // TOOLCALL_EXAMPLES_CLI_HISTORY_HPP
