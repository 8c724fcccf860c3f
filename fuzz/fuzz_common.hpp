// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FUZZ_FUZZ_COMMON_HPP
#define TOOLCALL_FUZZ_FUZZ_COMMON_HPP

// Helpers shared by the fuzz targets: a byte reader (FuzzedDataProvider lives in
// clang's resource directory, which g++ does not see, and the replay build uses g++), an
// independent JSON check of call arguments, and the differential stream-vs-one-shot oracle
// (events folded by toolcall::message_builder, whose order checks abort on a violation).
// Every check that fails prints what failed and calls abort(), which libFuzzer reports as a
// crash and the replay main as a failed test. No state outlives a call: nothing is static.

#include <simdjson.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <toolcall/toolcall.hpp>

namespace toolcall_fuzz {

/// Prints the reason and aborts: libFuzzer saves the input as crash-<sha1>.
[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "toolcall fuzz invariant violated: %s\n", what);
  if (!detail.empty()) {
    std::fprintf(stderr, "  detail (%zu bytes): ", detail.size());
    for (unsigned char c : detail.substr(0, 512)) {
      if (c >= 0x20 && c < 0x7f && c != '\\') std::fputc(c, stderr);
      else std::fprintf(stderr, "\\x%02x", c);
    }
    std::fputc('\n', stderr);
  }
  std::abort();
}

inline void require(bool ok, const char* what, std::string_view detail = {}) {
  if (!ok) fail(what, detail);
}

/// Consumes bytes from the front of the input (a tiny FuzzedDataProvider).
class byte_reader {
 public:
  byte_reader(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}
  std::uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  /// A string of length given by one byte (0..max_len).
  std::string str(std::size_t max_len) {
    std::size_t len = byte();
    if (len > max_len) len %= max_len + 1;
    if (len > n_) len = n_;
    std::string s(reinterpret_cast<const char*>(p_), len);
    p_ += len;
    n_ -= len;
    return s;
  }
  std::string_view rest() const { return {reinterpret_cast<const char*>(p_), n_}; }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

/// Strict RFC 8259 check with UTF-8 validation; used only where simdjson cannot decide (a
/// number wider than 64 bits is valid JSON, but simdjson's DOM parser refuses it).
class strict_json {
 public:
  explicit strict_json(std::string_view s) : s_(s) {}
  bool object() {
    ws();
    if (i_ >= s_.size() || s_[i_] != '{') return false;
    if (!value(0)) return false;
    ws();
    return i_ == s_.size();
  }

 private:
  bool value(int depth) {
    if (depth > 100000) return false;
    ws();
    if (i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '{') {
      ++i_;
      ws();
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
      for (;;) {
        ws();
        if (!string()) return false;
        ws();
        if (i_ >= s_.size() || s_[i_] != ':') return false;
        ++i_;
        if (!value(depth + 1)) return false;
        ws();
        if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
        if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
        return false;
      }
    }
    if (c == '[') {
      ++i_;
      ws();
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
      for (;;) {
        if (!value(depth + 1)) return false;
        ws();
        if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
        if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
        return false;
      }
    }
    if (c == '"') return string();
    if (lit("true") || lit("false") || lit("null")) return true;
    return number();
  }
  bool lit(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool digits() {
    const std::size_t b = i_;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    return i_ > b;
  }
  bool number() {
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ < s_.size() && s_[i_] == '0') ++i_;
    else if (!digits()) return false;
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (!digits()) return false;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!digits()) return false;
    }
    return true;
  }
  bool string() {
    if (i_ >= s_.size() || s_[i_] != '"') return false;
    ++i_;
    while (i_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') return ++i_, true;
      if (c < 0x20) return false;
      if (c == '\\') {
        ++i_;
        if (i_ >= s_.size()) return false;
        const char e = s_[i_++];
        if (e == 'u') {
          for (int k = 0; k < 4; ++k, ++i_)
            if (i_ >= s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[i_]))) return false;
        } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
          return false;
        }
        continue;
      }
      if (c < 0x80) { ++i_; continue; }
      if (!utf8_seq()) return false;
    }
    return false;
  }
  bool utf8_seq() {
    const unsigned char c = static_cast<unsigned char>(s_[i_]);
    std::size_t need;
    std::uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) need = 1, cp = c & 0x1Fu;
    else if (c >= 0xE0 && c <= 0xEF) need = 2, cp = c & 0x0Fu;
    else if (c >= 0xF0 && c <= 0xF4) need = 3, cp = c & 0x07u;
    else return false;
    if (i_ + need >= s_.size()) return false;
    for (std::size_t k = 1; k <= need; ++k) {
      const unsigned char d = static_cast<unsigned char>(s_[i_ + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3Fu);
    }
    if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i_ += need + 1;
    return true;
  }
  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  std::string_view s_;
  std::size_t i_ = 0;
};

/// Is `text` one valid JSON object (simdjson DOM; big numbers go to the strict checker)?
inline bool valid_json_object(simdjson::dom::parser& p, std::string_view text) {
  const simdjson::padded_string padded(text.data(), text.size());
  simdjson::dom::element el;
  const auto err = p.parse(padded).get(el);
  if (!err) return el.type() == simdjson::dom::element_type::OBJECT;
  if (err == simdjson::NUMBER_ERROR || err == simdjson::NUMBER_OUT_OF_RANGE) return strict_json(text).object();
  return false;
}

/// Complete markers that must never reach content or reasoning unless the one-shot result
/// has them there too (a marker in prose that the engine gave back as text).
inline const std::vector<std::string_view>& known_markers() {
  // A function-local const table: immutable after initialisation, so no mutable global state.
  static const std::vector<std::string_view> m = {
      "<tool_call>", "</tool_call>", "[TOOL_CALLS]", "<|python_tag|>", "<|python_start|>",
      "<function=", "<|channel|>", "<|start|>", "<|im_end|>", "<|eot_id|>", "<|eom_id|>",
      "<|end|>", "<|return|>", "<|call|>",
      "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C>",
      "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "begin\xEF\xBD\x9C>",
      "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "end\xEF\xBD\x9C>"};
  return m;
}

/**
 * The event sink of the stream checks: events are folded by the library's message_builder (the
 * message a client rebuilds from the events alone), and any order violation it reports aborts;
 * content and reasoning events are checked against the one-shot result for markers.
 */
class checking_sink {
 public:
  checking_sink(toolcall::message_builder& b, const toolcall::message& oneshot) : b_(b), one_(oneshot) {}
  void operator()(const toolcall::event& ev) {
    using toolcall::event_kind;
    switch (ev.kind) {
      case event_kind::content:
        check_markers(ev.text, one_.content, "a content event holds a marker that one-shot content lacks");
        break;
      case event_kind::reasoning:
        check_markers(ev.text, one_.reasoning, "a reasoning event holds a marker that one-shot reasoning lacks");
        break;
      case event_kind::call_begin: ++begins_; break;
      case event_kind::call_end: ++ends_; break;
      case event_kind::arguments_delta: break;
      case event_kind::diagnostic: require(ev.diag != nullptr, "a diagnostic event without a diagnostic"); break;
    }
    b_(ev);
    if (!b_.problems().empty()) fail("message_builder: events out of order", b_.problems().front());
  }
  /// Every call_begin had its call_end (checked after finish()).
  bool all_ended() const noexcept { return begins_ == ends_; }

 private:
  static void check_markers(std::string_view text, const std::string& whole, const char* what) {
    for (std::string_view m : known_markers())
      if (text.find(m) != std::string_view::npos && whole.find(m) == std::string::npos) fail(what, text);
  }
  toolcall::message_builder& b_;
  const toolcall::message& one_;
  std::size_t begins_ = 0, ends_ = 0;
};

/// Every listed call of a message: usable name, arguments one valid JSON object.
inline void check_message(simdjson::dom::parser& jp, const toolcall::message& m, std::size_t input_size) {
  for (const auto& c : m.calls) {
    require(!c.name.empty(), "a call without a name");
    require(!c.id.empty(), "a call without an id");
    require(c.status == toolcall::call_status::truncated || valid_json_object(jp, c.arguments),
            "call arguments are not one valid JSON object", c.arguments);
    require(c.begin <= c.end && c.end <= input_size, "call span out of the input");
    if (c.status == toolcall::call_status::invalid) fail("an invalid call is listed");
  }
  for (std::size_t i = 0; i < m.calls.size(); ++i)
    for (std::size_t j = i + 1; j < m.calls.size(); ++j)
      require(m.calls[i].id != m.calls[j].id, "two calls share an id", m.calls[i].id);
}

inline bool same_call(const toolcall::call& a, const toolcall::call& b) {
  return a.id == b.id && a.name == b.name && a.arguments == b.arguments && a.status == b.status &&
         a.format == b.format;
}

/// Two messages from the same text and options must be equal (content, reasoning, calls).
inline void check_equal(const toolcall::message& a, const toolcall::message& b, const char* what) {
  require(a.content == b.content, what, "content differs");
  require(a.reasoning == b.reasoning, what, "reasoning differs");
  require(a.has_reasoning == b.has_reasoning, what, "has_reasoning differs");
  require(a.finish == b.finish, what, "finish_reason differs");
  require(a.calls.size() == b.calls.size(), what, "call count differs");
  for (std::size_t i = 0; i < a.calls.size(); ++i) {
    require(same_call(a.calls[i], b.calls[i]), what, a.calls[i].arguments + " vs " + b.calls[i].arguments);
    require(a.calls[i].begin == b.calls[i].begin && a.calls[i].end == b.calls[i].end, what, "call span differs");
  }
}

/// Streams `text` in the given chunks and checks it against `one` (the one-shot result):
/// the fold of the events, and the message finish() returns, both equal it; for each call the
/// concatenated arguments_delta texts are exactly its final arguments, one valid JSON object.
template <typename NextChunk>
void check_stream(toolcall::stream_parser& sp, simdjson::dom::parser& jp, std::string_view text,
                  const toolcall::options& opt, const toolcall::message& one, NextChunk&& next_chunk) {
  sp.reset(opt, toolcall::keep_request);  // the same request: its tools stay
  toolcall::message_builder b;
  checking_sink sink(b, one);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t n = next_chunk();
    if (n == 0) n = 1;
    if (n > text.size() - pos) n = text.size() - pos;
    sp.write(text.substr(pos, n), sink);
    pos += n;
  }
  const toolcall::message streamed = sp.finish(sink);
  check_equal(one, streamed, "streamed message differs from one-shot");
  require(sink.all_ended(), "a call_begin without call_end");
  const toolcall::message& f = b.msg();
  require(f.content == one.content, "folded content differs from one-shot", f.content);
  require(f.reasoning == one.reasoning, "folded reasoning differs from one-shot", f.reasoning);
  require(f.has_reasoning == one.has_reasoning, "folded has_reasoning differs from one-shot");
  require(f.diagnostics.size() == streamed.diagnostics.size(), "folded diagnostics differ from finish()'s");
  // message_builder lists the calls a client may run: truncated ones (keep_truncated) are not
  std::vector<const toolcall::call*> expect;
  for (const toolcall::call& c : one.calls)
    if (c.status != toolcall::call_status::truncated) expect.push_back(&c);
  require(f.calls.size() == expect.size(), "folded call count differs from one-shot");
  for (std::size_t i = 0; i < f.calls.size(); ++i) {
    const toolcall::call& a = f.calls[i];
    const toolcall::call& c = *expect[i];
    require(a.id == c.id && a.name == c.name && a.format == c.format && a.status == c.status,
            "folded call differs from one-shot", a.name + " vs " + c.name);
    require(a.arguments == c.arguments, "concatenated arguments_delta differ from final arguments",
            a.arguments + " vs " + c.arguments);
    require(valid_json_object(jp, a.arguments), "streamed arguments are not one valid JSON object", a.arguments);
  }
#ifdef TOOLCALL_FUZZ_STRICT
  // Exploratory (off by default, not an invariant of docs/architecture.md): the same diagnostics, at the
  // same offsets, whatever the chunking.
  require(streamed.diagnostics.size() == one.diagnostics.size(), "diagnostic count differs from one-shot");
  for (std::size_t i = 0; i < one.diagnostics.size(); ++i)
    require(streamed.diagnostics[i].code == one.diagnostics[i].code &&
                streamed.diagnostics[i].offset == one.diagnostics[i].offset,
            "a diagnostic differs from one-shot", one.diagnostics[i].message);
  // Every listed call's name is valid UTF-8 (an OpenAI message must be).
  for (const auto& c : one.calls)
    require(simdjson::validate_utf8(c.name.data(), c.name.size()), "a call name is not valid UTF-8", c.name);
#endif
}

/// A small deterministic generator for chunk sizes (splitmix64).
class chunker {
 public:
  chunker(std::uint64_t seed, std::size_t max_chunk) : s_(seed), max_(max_chunk ? max_chunk : 1) {}
  std::size_t operator()() {
    s_ += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = s_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return 1 + static_cast<std::size_t>(z % max_);
  }

 private:
  std::uint64_t s_;
  std::size_t max_;
};

}  // namespace toolcall_fuzz

#endif  // TOOLCALL_FUZZ_FUZZ_COMMON_HPP
