// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The Metal backend's plain C++ half: the argument blocks of kernels.metal and the dispatch
// geometry (threadgroups x threads per threadgroup) of each kernel. backend_metal.mm uses these to
// encode kernels; tests/engine/metal_emulation_test.cpp uses the same ones to run kernels.metal
// on the CPU, so the geometry is tested on machines without Metal.

#ifndef TOOLCALL_CHAT_METAL_DISPATCH_HPP
#define TOOLCALL_CHAT_METAL_DISPATCH_HPP

#include <algorithm>
#include <cstdint>

namespace toolcall_chat {
namespace metal {

// Argument blocks, bound with setBytes: the same structs as kernels.metal declares, field for field
// (all fields 4 bytes, so the layouts agree between the C++ and Metal compilers).
struct get_rows_args {
  std::int32_t n_ids, cols;
};
struct matmul_args {
  std::int32_t n_tokens, rows, cols;
};
struct add_bias_args {
  std::int32_t n_tokens, n;
};
struct count_args {
  std::int32_t n;
};
struct rmsnorm_args {
  std::int32_t n_rows, n;
  float eps;
};
struct rope_args {
  std::int32_t n_tokens, n_heads, head_dim, pos0;
  float base;
};
struct attention_args {
  std::int32_t n_tokens, pos0, n_head, n_head_kv, head_dim;
};

/// A 3-D size, as MTLSize.
struct size3 {
  std::uint64_t x = 1, y = 1, z = 1;
};

/// What dispatchThreadgroups:threadsPerThreadgroup: takes.
struct dispatch {
  size3 groups;
  size3 threads;
};

/// What a pipeline allows (MTLComputePipelineState threadExecutionWidth and
/// maxTotalThreadsPerThreadgroup).
struct pipeline_limits {
  std::uint64_t simd_width = 32;
  std::uint64_t max_threads = 1024;
};

/// Threads per threadgroup of the element-wise kernels.
inline constexpr std::uint64_t elementwise_threads = 256;

/// Rows (one simdgroup each) per matmul threadgroup.
inline constexpr std::uint64_t matmul_rows_per_group = 4;

/// Threadgroups needed to cover n items with groups of `size`.
inline std::uint64_t groups_for(std::uint64_t n, std::uint64_t size) { return (n + size - 1) / size; }

inline std::uint64_t u64(int n) { return static_cast<std::uint64_t>(std::max(n, 0)); }

/// get_rows: one thread per float; x over columns, y over tokens.
inline dispatch plan_get_rows(int n_ids, int cols) {
  return {{groups_for(u64(cols), elementwise_threads), u64(n_ids), 1}, {elementwise_threads, 1, 1}};
}

/// matmul: one simdgroup per output row, several rows per threadgroup; y over tokens.
inline dispatch plan_matmul(const pipeline_limits& p, int n_tokens, int rows) {
  const std::uint64_t per_group =
      std::max<std::uint64_t>(1, std::min(matmul_rows_per_group, p.max_threads / p.simd_width));
  return {{groups_for(u64(rows), per_group), u64(n_tokens), 1}, {p.simd_width * per_group, 1, 1}};
}

/// add_bias: one thread per float; x over the vector, y over tokens.
inline dispatch plan_add_bias(int n_tokens, int n) {
  return {{groups_for(u64(n), elementwise_threads), u64(n_tokens), 1}, {elementwise_threads, 1, 1}};
}

/// add, silu_mul: one thread per float.
inline dispatch plan_linear(int n) {
  return {{groups_for(u64(n), elementwise_threads), 1, 1}, {elementwise_threads, 1, 1}};
}

/// rmsnorm: one threadgroup per row, of whole simdgroups, enough to cover the row (at most 256
/// threads and 32 simdgroups, the size of the kernel's partial-sum array).
inline dispatch plan_rmsnorm(const pipeline_limits& p, int n_rows, int n) {
  const std::uint64_t limit = std::min<std::uint64_t>({256, p.max_threads, 32 * p.simd_width});
  const std::uint64_t threads = std::max(
      p.simd_width, std::min(groups_for(u64(n), p.simd_width) * p.simd_width, limit / p.simd_width * p.simd_width));
  return {{u64(n_rows), 1, 1}, {threads, 1, 1}};
}

/// rope: one thread per rotated pair; x over pairs, y over heads, z over tokens.
inline dispatch plan_rope(int n_tokens, int n_heads, int head_dim) {
  const std::uint64_t pairs = u64(head_dim / 2);
  const std::uint64_t threads = std::min<std::uint64_t>(elementwise_threads, std::max<std::uint64_t>(1, pairs));
  return {{groups_for(pairs, threads), u64(n_heads), u64(n_tokens)}, {threads, 1, 1}};
}

/// attention: one threadgroup of exactly one simdgroup per (head, token).
inline dispatch plan_attention(const pipeline_limits& p, int n_tokens, int n_head) {
  return {{u64(n_head), u64(n_tokens), 1}, {p.simd_width, 1, 1}};
}

}  // namespace metal
}  // namespace toolcall_chat

#endif  // TOOLCALL_CHAT_METAL_DISPATCH_HPP
