// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Metal kernels of the reference engine: one per kernel of backend.hpp, with the same name and the
// same math as backend_cpu.hpp (only the order of additions inside a reduction differs). The source
// is compiled at run time by backend_metal.mm (newLibraryWithSource:), with fast math off.
//
// Layouts are those of backend.hpp: row-major, token-major, weights [rows][cols]. Every kernel
// checks its bounds, so the host may round grids up to whole threadgroups.
//
// Reductions use simd_sum / simd_max over a simdgroup (32 threads on Apple GPUs). A kernel that
// reduces calls them from every thread of the simdgroup (no divergent early exits before them).

#include <metal_stdlib>
using namespace metal;

// Argument blocks, bound with setBytes. metal_dispatch.hpp declares the same structs, field for field.
struct get_rows_args { int n_ids; int cols; };
struct matmul_args { int n_tokens; int rows; int cols; };
struct add_bias_args { int n_tokens; int n; };
struct count_args { int n; };
struct rmsnorm_args { int n_rows; int n; float eps; };
struct rope_args { int n_tokens; int n_heads; int head_dim; int pos0; float base; };
struct attention_args { int n_tokens; int pos0; int n_head; int n_head_kv; int head_dim; };

// out[t] = table[ids[t]]. Grid: x over cols, y over tokens; one thread per float.
kernel void get_rows(device const float* table [[buffer(0)]],
                     constant int* ids [[buffer(1)]],
                     device float* out [[buffer(2)]],
                     constant get_rows_args& args [[buffer(3)]],
                     uint2 gid [[thread_position_in_grid]]) {
  if (gid.x >= uint(args.cols) || gid.y >= uint(args.n_ids)) return;
  const ulong cols = ulong(args.cols);
  out[ulong(gid.y) * cols + gid.x] = table[ulong(ids[gid.y]) * cols + gid.x];
}

// y[t][r] = sum_c w[r][c] * x[t][c]. One simdgroup per output row: its lanes walk the row with a
// stride of the simdgroup width (adjacent lanes read adjacent floats), then simd_sum adds the
// partial sums. Threadgroups hold several simdgroups (rows); grid: x over row groups, y over tokens.
kernel void matmul(device const float* w [[buffer(0)]],
                   device const float* x [[buffer(1)]],
                   device float* y [[buffer(2)]],
                   constant matmul_args& args [[buffer(3)]],
                   uint2 group [[threadgroup_position_in_grid]],
                   uint simd_index [[simdgroup_index_in_threadgroup]],
                   uint simds [[simdgroups_per_threadgroup]],
                   uint lane [[thread_index_in_simdgroup]],
                   uint width [[threads_per_simdgroup]]) {
  const uint row = group.x * simds + simd_index;
  const uint t = group.y;
  if (row >= uint(args.rows) || t >= uint(args.n_tokens)) return;  // whole simdgroups only
  const ulong cols = ulong(args.cols);
  device const float* wr = w + ulong(row) * cols;
  device const float* xt = x + ulong(t) * cols;
  float sum = 0.0f;
  for (ulong c = lane; c < cols; c += width) sum += wr[c] * xt[c];
  sum = simd_sum(sum);
  if (lane == 0) y[ulong(t) * ulong(args.rows) + row] = sum;
}

// y[t][i] += b[i]. Grid: x over i, y over tokens.
kernel void add_bias(device float* y [[buffer(0)]],
                     device const float* b [[buffer(1)]],
                     constant add_bias_args& args [[buffer(2)]],
                     uint2 gid [[thread_position_in_grid]]) {
  if (gid.x >= uint(args.n) || gid.y >= uint(args.n_tokens)) return;
  y[ulong(gid.y) * ulong(args.n) + gid.x] += b[gid.x];
}

// y[i] += x[i].
kernel void add(device float* y [[buffer(0)]],
                device const float* x [[buffer(1)]],
                constant count_args& args [[buffer(2)]],
                uint gid [[thread_position_in_grid]]) {
  if (gid >= uint(args.n)) return;
  y[gid] += x[gid];
}

// out[r] = x[r] / sqrt(mean(x[r]^2) + eps) * w. One threadgroup per row: each thread sums the
// squares of its strided elements, simd_sum reduces each simdgroup, the simdgroup sums meet in
// threadgroup memory, and every thread adds them up in the same order. out may alias x: a thread
// writes only the elements it read itself, after the barrier.
kernel void rmsnorm(device const float* x [[buffer(0)]],
                    device const float* w [[buffer(1)]],
                    device float* out [[buffer(2)]],
                    constant rmsnorm_args& args [[buffer(3)]],
                    uint row [[threadgroup_position_in_grid]],
                    uint tid [[thread_index_in_threadgroup]],
                    uint threads [[threads_per_threadgroup]],
                    uint simd_index [[simdgroup_index_in_threadgroup]],
                    uint simds [[simdgroups_per_threadgroup]],
                    uint lane [[thread_index_in_simdgroup]]) {
  threadgroup float partial[32];  // one per simdgroup: up to 1024 threads of 32
  if (row >= uint(args.n_rows)) return;  // the whole threadgroup
  const uint n = uint(args.n);
  device const float* xr = x + ulong(row) * ulong(n);
  device float* yr = out + ulong(row) * ulong(n);

  float sum = 0.0f;
  for (uint i = tid; i < n; i += threads) sum += xr[i] * xr[i];
  sum = simd_sum(sum);
  if (lane == 0) partial[simd_index] = sum;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float total = 0.0f;
  for (uint s = 0; s < simds; ++s) total += partial[s];

  const float scale = 1.0f / sqrt(total / float(n) + args.eps);
  for (uint i = tid; i < n; i += threads) yr[i] = xr[i] * scale * w[i];
}

// NEOX rotary embedding in place: the pair (v[i], v[i + head_dim/2]) of each head turns by
// pos * base^(-2i / head_dim). Grid: x over i < head_dim/2, y over heads, z over tokens.
kernel void rope(device float* x [[buffer(0)]],
                 constant rope_args& args [[buffer(1)]],
                 uint3 gid [[thread_position_in_grid]]) {
  const int half_dim = args.head_dim / 2;
  if (gid.x >= uint(half_dim) || gid.y >= uint(args.n_heads) || gid.z >= uint(args.n_tokens)) return;
  const int i = int(gid.x);
  const float pos = float(args.pos0 + int(gid.z));
  const float inv_freq = pow(args.base, -2.0f * float(i) / float(args.head_dim));
  const float angle = pos * inv_freq;
  const float c = cos(angle);
  const float s = sin(angle);
  device float* v = x + (ulong(gid.z) * ulong(args.n_heads) + ulong(gid.y)) * ulong(args.head_dim);
  const float a = v[i];
  const float b = v[i + half_dim];
  v[i] = a * c - b * s;
  v[i + half_dim] = a * s + b * c;
}

// Causal grouped-query attention. One threadgroup of exactly one simdgroup per (query head h,
// token t); grid: x over heads, y over tokens. Three passes, as on the CPU:
//   1. s_j = q.k_j / sqrt(head_dim) for j <= pos0 + t (lanes take every width-th key), and the max;
//   2. s_j = exp(s_j - max), and their sum;
//   3. out[d] = sum_j s_j v_j[d] / sum (lanes take every width-th dimension).
// The scores live in device scratch (one row of pos0 + n_tokens floats per (t, h)), so any context
// length fits; the barrier makes pass 2's writes visible to every lane before pass 3 reads them.
kernel void attention(device const float* q [[buffer(0)]],
                      device const float* k_cache [[buffer(1)]],
                      device const float* v_cache [[buffer(2)]],
                      device float* out [[buffer(3)]],
                      device float* scores [[buffer(4)]],
                      constant attention_args& args [[buffer(5)]],
                      uint2 group [[threadgroup_position_in_grid]],
                      uint lane [[thread_index_in_simdgroup]],
                      uint width [[threads_per_simdgroup]]) {
  const int h = int(group.x);
  const int t = int(group.y);
  if (h >= args.n_head || t >= args.n_tokens) return;  // the whole threadgroup
  const int head_dim = args.head_dim;
  const int seq = args.pos0 + t + 1;
  const ulong dim = ulong(head_dim);
  const ulong kv_dim = ulong(args.n_head_kv) * dim;
  const ulong kv_offset = ulong(h / (args.n_head / args.n_head_kv)) * dim;
  const ulong pair = ulong(t) * ulong(args.n_head) + ulong(h);
  device const float* qh = q + pair * dim;
  device float* s = scores + pair * ulong(args.pos0 + args.n_tokens);
  const float scale = 1.0f / sqrt(float(head_dim));

  float max_score = -INFINITY;
  for (int j = int(lane); j < seq; j += int(width)) {
    device const float* kj = k_cache + ulong(j) * kv_dim + kv_offset;
    float dot = 0.0f;
    for (int d = 0; d < head_dim; ++d) dot += qh[d] * kj[d];
    const float score = dot * scale;
    s[j] = score;
    max_score = max(max_score, score);
  }
  max_score = simd_max(max_score);

  float sum = 0.0f;
  for (int j = int(lane); j < seq; j += int(width)) {
    const float e = exp(s[j] - max_score);
    s[j] = e;
    sum += e;
  }
  sum = simd_sum(sum);
  threadgroup_barrier(mem_flags::mem_device);

  device float* o = out + pair * dim;
  for (int d = int(lane); d < head_dim; d += int(width)) {
    float acc = 0.0f;
    for (int j = 0; j < seq; ++j) acc += s[j] * v_cache[ulong(j) * kv_dim + kv_offset + ulong(d)];
    o[d] = acc / sum;
  }
}

// out[i] = silu(gate[i]) * up[i]; out may alias gate.
kernel void silu_mul(device const float* gate [[buffer(0)]],
                     device const float* up [[buffer(1)]],
                     device float* out [[buffer(2)]],
                     constant count_args& args [[buffer(3)]],
                     uint gid [[thread_position_in_grid]]) {
  if (gid >= uint(args.n)) return;
  const float g = gate[gid];
  out[gid] = g / (1.0f + exp(-g)) * up[gid];
}
