// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The compute interface of the reference engine: the few kernels a Qwen2/Qwen3 forward pass needs.
//
// Every kernel works on float arrays that the backend owns (from `upload` or `alloc`), so a GPU
// backend never copies per call. Arrays of several tokens are row-major: token t's vector of n
// floats starts at t * n. Weight matrices are row-major with one row per output, as GGUF stores
// them: W[r][c] at r * cols + c.
//
// A backend may queue kernels and run them later (the Metal backend does); the host may read or
// write backend memory only after `synchronize()`. The kernels are listed once here, and
// backend_cpu.hpp and kernels.metal implement each with the same name and the same math.

#ifndef TOOLCALL_CHAT_BACKEND_HPP
#define TOOLCALL_CHAT_BACKEND_HPP

#include <cstddef>
#include <cstdint>
#include <memory>

#include "gguf.hpp"  // engine_status, engine_result

namespace toolcall_chat {

/**
 * A compute backend. Not thread-safe: one thread drives it.
 *
 * @par Lifetime
 * Pointers returned by `upload` and `alloc` stay valid until they are passed to `release` or the
 * backend is destroyed. The CPU backend's `upload` returns the caller's pointer itself (no copy),
 * so that memory must outlive the backend's use of it.
 */
class backend {
 public:
  virtual ~backend() = default;

  /// A short name for logs ("cpu x4", "metal: Apple M2").
  virtual const char* name() const noexcept = 0;

  /// Makes `n` read-only floats (weights) visible to the kernels; returns the pointer to pass them by.
  virtual const float* upload(const float* data, std::size_t n) = 0;

  /// `n` zeroed floats of scratch that kernels may write and the host may read after synchronize().
  virtual float* alloc(std::size_t n) = 0;

  /// Gives back memory from `upload` or `alloc` (nullptr is ignored). Queued kernels that use it
  /// still complete.
  virtual void release(const float* p) = 0;

  /// Runs everything queued and waits for it. Fails if the device reported an error.
  virtual engine_status synchronize() = 0;

  // ---- kernels ----------------------------------------------------------------------------------

  /// out[t] = table[ids[t]] for t < n_ids; rows of `cols` floats. `ids` is host memory.
  virtual void get_rows(const float* table, const std::int32_t* ids, int n_ids, int cols, float* out) = 0;

  /// y[t][r] = sum_c w[r][c] * x[t][c]: for n_tokens inputs of `cols`, `rows` outputs each.
  virtual void matmul(const float* w, const float* x, float* y, int n_tokens, int rows, int cols) = 0;

  /// y[t][i] += b[i] for n_tokens rows of n.
  virtual void add_bias(float* y, const float* b, int n_tokens, int n) = 0;

  /// y[i] += x[i] for i < n (the residual connection).
  virtual void add(float* y, const float* x, int n) = 0;

  /// out[r] = x[r] / sqrt(mean(x[r]^2) + eps) * w, for n_rows rows of n. `out` may equal `x`.
  virtual void rmsnorm(const float* x, const float* w, float* out, int n_rows, int n, float eps) = 0;

  /**
   * Rotary position embedding, NEOX layout (Qwen's "rotate half"), in place. x holds n_tokens
   * tokens of n_heads heads of head_dim; token t is at position pos0 + t. For i < head_dim / 2,
   * the pair (x[i], x[i + head_dim/2]) is rotated by angle pos * base^(-2i / head_dim).
   */
  virtual void rope(float* x, int n_tokens, int n_heads, int head_dim, int pos0, float base) = 0;

  /**
   * Causal grouped-query attention for n_tokens new tokens at positions pos0 .. pos0+n_tokens-1,
   * whose keys and values are already in the caches.
   *
   * q:   [n_tokens][n_head][head_dim]
   * k_cache, v_cache: [position][n_head_kv][head_dim], positions 0 .. pos0+n_tokens-1 filled
   * out: [n_tokens][n_head][head_dim]
   * scores: scratch of n_tokens * n_head * (pos0 + n_tokens) floats
   *
   * Query head h reads kv head h / (n_head / n_head_kv). Token t attends to positions 0 .. pos0+t:
   * s_j = q.k_j / sqrt(head_dim), p = softmax(s), out = sum_j p_j v_j.
   */
  virtual void attention(const float* q, const float* k_cache, const float* v_cache, float* out, float* scores,
                         int n_tokens, int pos0, int n_head, int n_head_kv, int head_dim) = 0;

  /// out[i] = silu(gate[i]) * up[i] with silu(x) = x / (1 + exp(-x)). `out` may equal `gate`.
  virtual void silu_mul(const float* gate, const float* up, float* out, int n) = 0;

  /// matmul for one input vector.
  void matvec(const float* w, const float* x, float* y, int rows, int cols) { matmul(w, x, y, 1, rows, cols); }
};

#if defined(TOOLCALL_CHAT_METAL)
/// Creates the Metal backend (backend_metal.mm; Apple only, built when TOOLCALL_CHAT_METAL is set).
/// Fails when no Metal device exists or the kernels do not compile.
engine_result<std::unique_ptr<backend>> make_metal_backend();
#endif

}  // namespace toolcall_chat

#endif  // TOOLCALL_CHAT_BACKEND_HPP
