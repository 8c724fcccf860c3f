// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_CLOSER_INDEX_HPP
#define TOOLCALL_DETAIL_CLOSER_INDEX_HPP

// Does a reasoning closer stand anywhere in a text? One-shot parsing in detect mode asks it
// before it holds a call back (scan_driver::closer_after): with no closer after the call,
// holding it and reading it at the end gives what reading it at once gives.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "engine_core.hpp"
#include "format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The first tokens of the reasoning closers (whitespace may stand at a closer's joints, never
/// inside its first token), hashed by their first 4 bytes; a search is one memchr pass per
/// distinct first byte and one probe per hit.
class closer_index {
 public:
  /// From the pairs the claims hold; the strings must outlive the index.
  void build(const std::vector<reasoning_def>& pairs) {
    toks_.clear();
    slots_.fill(0);
    firsts_.fill(0);
    ok_ = pairs.size() <= 32;
    std::size_t nf = 0;
    for (const auto& p : pairs) {
      const std::string_view c = std::string_view(p.close).substr(0, first_joint(p.close));
      ok_ &= c.size() >= 4 && c[0] != 0;
      bool dup = false;
      for (const auto& x : toks_) dup |= x.t == c;
      if (dup || !ok_) continue;
      tok x{c, 0};
      std::memcpy(&x.key, c.data(), 4);
      toks_.push_back(x);
      std::size_t h = hash(x.key);
      while (slots_[h]) h = (h + 1) & 63u;
      slots_[h] = static_cast<std::uint8_t>(toks_.size());
      const auto b = static_cast<unsigned char>(c[0]);
      bool known = false;
      for (std::size_t k = 0; k < nf; ++k) known |= firsts_[k] == b;
      if (known) continue;
      if (nf == firsts_.size()) ok_ = false;
      else firsts_[nf++] = b;
    }
  }

  /// Does a closer's first token stand in `s`? True when the index cannot tell (a closer too
  /// short to hash, too many of them).
  bool any_in(std::string_view s) const {
    if (!ok_) return true;
    const char* const e = s.data() + s.size();
    for (const unsigned char b : firsts_) {
      if (!b) break;
      for (const char* q = s.data(); (q = static_cast<const char*>(std::memchr(q, b, static_cast<std::size_t>(e - q))));
           ++q) {
        const auto left = static_cast<std::size_t>(e - q);
        if (left < 4) break;
        std::uint32_t w;
        std::memcpy(&w, q, 4);
        for (std::size_t h = hash(w); slots_[h]; h = (h + 1) & 63u) {
          const tok& t = toks_[slots_[h] - 1u];
          if (t.key == w && left >= t.t.size() && std::memcmp(q, t.t.data(), t.t.size()) == 0) return true;
        }
      }
    }
    return false;
  }

 private:
  struct tok {
    std::string_view t;
    std::uint32_t key;  ///< t's first 4 bytes
  };
  static std::size_t hash(std::uint32_t w) noexcept { return (w * 2654435761u) >> 26; }
  std::vector<tok> toks_;
  std::array<std::uint8_t, 64> slots_{};    ///< index + 1 in toks_, by hash()
  std::array<unsigned char, 4> firsts_{};   ///< the tokens' first bytes (0: none more)
  bool ok_ = false;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_CLOSER_INDEX_HPP
