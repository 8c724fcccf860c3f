// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SCAN_HPP
#define TOOLCALL_DETAIL_SCAN_HPP

// Finding the next byte of a small set: the scanner's inner loop over prose. Each trigger is
// looked for by its rarest byte (its anchor: `[` in `functools[`, `<` in `<tool_call>`), so
// prose stops only where a marker may be. Up to 8 anchor bytes are compared 64 at a time with
// AVX2 where the CPU has it (asked at run time; TOOLCALL_NO_AVX2 turns it off), else 16 at a
// time (SSE2 on x86-64, NEON on AArch64); other targets and larger sets use a table.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../config.hpp"

// A rare path kept out of line, so that the common path around it stays small enough to inline.
#ifndef TOOLCALL_NOINLINE
#if defined(__GNUC__) || defined(__clang__)
#define TOOLCALL_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define TOOLCALL_NOINLINE __declspec(noinline)
#else
#define TOOLCALL_NOINLINE
#endif
#endif
// A few instructions that must inline wherever they are used (a token's copy).
#ifndef TOOLCALL_ALWAYS_INLINE
#if defined(__GNUC__) || defined(__clang__)
#define TOOLCALL_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define TOOLCALL_ALWAYS_INLINE __forceinline
#else
#define TOOLCALL_ALWAYS_INLINE inline
#endif
#endif

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define TOOLCALL_SCAN_SSE2 1
#if defined(__x86_64__) && !defined(TOOLCALL_NO_AVX2)
// AVX2, chosen at run time (the CPU is asked once, when a set is built): 64 bytes a step
#include <immintrin.h>
#define TOOLCALL_SCAN_AVX2 1
#endif
#elif defined(__aarch64__) && defined(__ARM_NEON) && (defined(__GNUC__) || defined(__clang__))
#include <arm_neon.h>
#define TOOLCALL_SCAN_NEON 1
#endif

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// How often a byte occurs in model prose, roughly (lower is rarer): the anchor of a marker is
/// its cheapest byte, ties going to the earliest.
inline int byte_cost(unsigned char c) noexcept {
  if (c >= 'a' && c <= 'z') return 20;
  if (c >= 'A' && c <= 'Z') return 15;
  if (c >= '0' && c <= '9') return 12;
  switch (c) {
    case ' ': case '\n': case '\t': case '\r': return 25;
    case '.': case ',': case '\'': case '"': case '-': case ':': case '(': case ')': case '*': return 10;
    default: break;
  }
  if (c >= 0x80 && c < 0xC0) return c == 0x80 ? 10 : 4;  // U+2018..U+201D are E2 80 xx
  if (c >= 0xC0) return c == 0xE2 ? 9 : 6;
  return 1;  // < > [ ] { } | ` # and the like
}

/// A set of bytes to stop at.
class byte_set {
 public:
  byte_set() noexcept {
#if defined(TOOLCALL_SCAN_AVX2)
    avx2_ = __builtin_cpu_supports("avx2") != 0;
#endif
  }
  void clear() noexcept {
    tab_.fill(false);
    n_ = 0;
  }
  void add(unsigned char c) noexcept {
    if (tab_[c]) return;
    tab_[c] = true;
    if (n_ < 8) bytes_[n_] = c;
    ++n_;
    // each of the 8 compare operands, its byte repeated 32 times, made once here and not at
    // every find() (unused slots repeat the first byte)
    for (int k = 0; k < 8; ++k)
      for (int b = 0; b < 32; ++b) splat_[k][b] = bytes_[k < n_ ? k : 0];
  }
  bool has(unsigned char c) const noexcept { return tab_[c]; }

  /// Position of the first byte of the set in [p, e), or e.
  const char* find(const char* p, const char* e) const noexcept {
#if defined(TOOLCALL_SCAN_AVX2)
    if (avx2_ && n_ > 0 && n_ <= 8 && e - p >= 64) {
      p = find_avx2(p, e);
      if (e - p >= 64) return p;  // a hit (it stops early only there)
    }
#endif
#if defined(TOOLCALL_SCAN_SSE2)
    if (n_ > 0 && n_ <= 8 && e - p >= 16) {
      __m128i v[8];
      for (int k = 0; k < 8; ++k) v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(splat_[k]));
      while (e - p >= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        __m128i m = _mm_or_si128(_mm_cmpeq_epi8(x, v[0]), _mm_cmpeq_epi8(x, v[1]));
        m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(x, v[2]), _mm_cmpeq_epi8(x, v[3])));
        if (n_ > 4) {
          m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(x, v[4]), _mm_cmpeq_epi8(x, v[5])));
          m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(x, v[6]), _mm_cmpeq_epi8(x, v[7])));
        }
        const int mask = _mm_movemask_epi8(m);
        if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
      }
    }
#elif defined(TOOLCALL_SCAN_NEON)
    if (n_ > 0 && n_ <= 8 && e - p >= 16) {
      uint8x16_t v[8];
      for (int k = 0; k < 8; ++k) v[k] = vld1q_u8(splat_[k]);
      while (e - p >= 16) {
        const uint8x16_t x = vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
        uint8x16_t m = vorrq_u8(vceqq_u8(x, v[0]), vceqq_u8(x, v[1]));
        m = vorrq_u8(m, vorrq_u8(vceqq_u8(x, v[2]), vceqq_u8(x, v[3])));
        if (n_ > 4) {
          m = vorrq_u8(m, vorrq_u8(vceqq_u8(x, v[4]), vceqq_u8(x, v[5])));
          m = vorrq_u8(m, vorrq_u8(vceqq_u8(x, v[6]), vceqq_u8(x, v[7])));
        }
        if (vmaxvq_u8(m) != 0) break;  // the table finds the byte within these 16
        p += 16;
      }
    }
#endif
    while (p < e && !tab_[static_cast<unsigned char>(*p)]) ++p;
    return p;
  }

 private:
#if defined(TOOLCALL_SCAN_AVX2)
  __attribute__((target("avx2"))) static __m256i hits_avx2(__m256i x, const __m256i* v, bool wide) noexcept {
    __m256i m = _mm256_or_si256(_mm256_cmpeq_epi8(x, v[0]), _mm256_cmpeq_epi8(x, v[1]));
    m = _mm256_or_si256(m, _mm256_or_si256(_mm256_cmpeq_epi8(x, v[2]), _mm256_cmpeq_epi8(x, v[3])));
    if (wide) {
      m = _mm256_or_si256(m, _mm256_or_si256(_mm256_cmpeq_epi8(x, v[4]), _mm256_cmpeq_epi8(x, v[5])));
      m = _mm256_or_si256(m, _mm256_or_si256(_mm256_cmpeq_epi8(x, v[6]), _mm256_cmpeq_epi8(x, v[7])));
    }
    return m;
  }
  /// The first byte of the set in [p, e), or where fewer than 64 bytes are left (the caller
  /// goes on from there).
  __attribute__((target("avx2"))) const char* find_avx2(const char* p, const char* e) const noexcept {
    __m256i v[8];
    for (int k = 0; k < 8; ++k) v[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(splat_[k]));
    const bool wide = n_ > 4;
    while (e - p >= 64) {
      const __m256i a = hits_avx2(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), v, wide);
      const __m256i b = hits_avx2(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)), v, wide);
      if (!_mm256_testz_si256(_mm256_or_si256(a, b), _mm256_or_si256(a, b))) {
        const unsigned ma = static_cast<unsigned>(_mm256_movemask_epi8(a));
        if (ma != 0) return p + __builtin_ctz(ma);
        return p + 32 + __builtin_ctz(static_cast<unsigned>(_mm256_movemask_epi8(b)));
      }
      p += 64;
    }
    return p;
  }
#endif

  std::array<bool, 256> tab_{};
  unsigned char bytes_[8] = {};
  unsigned char splat_[8][32] = {};
  int n_ = 0;
#if defined(TOOLCALL_SCAN_AVX2)
  bool avx2_ = false;
#endif
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SCAN_HPP
