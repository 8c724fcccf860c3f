// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// A naive, obviously-correct Qwen2/Qwen3 forward pass for the engine tests: double precision, plain
// loops, no KV cache (every call recomputes the whole sequence), and RoPE written the way Hugging
// Face's modeling code writes it (q * cos + rotate_half(q) * sin), independently of the engine's
// kernels. It shares only the loaded weights (model) with the code under test.

#ifndef TOOLCALL_TESTS_ENGINE_REFERENCE_MODEL_HPP
#define TOOLCALL_TESTS_ENGINE_REFERENCE_MODEL_HPP

#include <cmath>
#include <cstdint>
#include <vector>

#include "model.hpp"

namespace engine_test {

using vec = std::vector<double>;

/// y = W x (+ b), W row-major [rows][cols] as stored in the model.
inline vec linear(const std::vector<float>& w, const std::vector<float>& b, const vec& x, int rows) {
  const std::size_t cols = x.size();
  vec y(static_cast<std::size_t>(rows), 0.0);
  for (std::size_t r = 0; r < y.size(); ++r) {
    double sum = b.empty() ? 0.0 : b[r];
    for (std::size_t c = 0; c < cols; ++c) sum += static_cast<double>(w[r * cols + c]) * x[c];
    y[r] = sum;
  }
  return y;
}

/// RMSNorm of x[offset, offset + n) with weight w.
inline void rms_norm_inplace(vec& x, std::size_t offset, std::size_t n, const std::vector<float>& w, double eps) {
  double mean_square = 0;
  for (std::size_t i = 0; i < n; ++i) mean_square += x[offset + i] * x[offset + i];
  mean_square /= static_cast<double>(n);
  const double inv = 1.0 / std::sqrt(mean_square + eps);
  for (std::size_t i = 0; i < n; ++i) x[offset + i] = x[offset + i] * inv * w[i];
}

inline vec rms_norm(vec x, const std::vector<float>& w, double eps) {
  rms_norm_inplace(x, 0, x.size(), w, eps);
  return x;
}

/// Hugging Face's apply_rotary_pos_emb for one head at `pos`: x * cos + rotate_half(x) * sin, with
/// cos/sin of (pos * inv_freq) repeated over both halves and rotate_half(x) = [-x2, x1].
inline void rotary(vec& x, std::size_t offset, int head_dim, int pos, double base) {
  const int half = head_dim / 2;
  vec rotated(static_cast<std::size_t>(head_dim)), out(static_cast<std::size_t>(head_dim));
  for (int i = 0; i < half; ++i) {
    rotated[static_cast<std::size_t>(i)] = -x[offset + static_cast<std::size_t>(i + half)];
    rotated[static_cast<std::size_t>(i + half)] = x[offset + static_cast<std::size_t>(i)];
  }
  for (int i = 0; i < head_dim; ++i) {
    const double inv_freq = 1.0 / std::pow(base, 2.0 * (i % half) / head_dim);
    const double angle = pos * inv_freq;
    out[static_cast<std::size_t>(i)] = x[offset + static_cast<std::size_t>(i)] * std::cos(angle) +
                                       rotated[static_cast<std::size_t>(i)] * std::sin(angle);
  }
  for (int i = 0; i < head_dim; ++i) x[offset + static_cast<std::size_t>(i)] = out[static_cast<std::size_t>(i)];
}

/// The logits of the last token of `tokens`, computed from scratch.
inline vec reference_logits(const toolcall_chat::model& m, const std::vector<std::int32_t>& tokens) {
  const toolcall_chat::model_config& c = m.config;
  const std::size_t T = tokens.size(), E = static_cast<std::size_t>(c.n_embd), D = static_cast<std::size_t>(c.head_dim);
  const int H = c.n_head, HKV = c.n_head_kv;
  const double eps = c.rms_eps;

  std::vector<vec> x(T, vec(E));
  for (std::size_t t = 0; t < T; ++t)
    for (std::size_t i = 0; i < E; ++i) x[t][i] = m.token_embd[static_cast<std::size_t>(tokens[t]) * E + i];

  for (const toolcall_chat::layer_weights& l : m.layers) {
    std::vector<vec> q(T), k(T), v(T);
    for (std::size_t t = 0; t < T; ++t) {
      const vec h = rms_norm(x[t], l.attn_norm, eps);
      q[t] = linear(l.wq, l.bq, h, c.q_dim());
      k[t] = linear(l.wk, l.bk, h, c.kv_dim());
      v[t] = linear(l.wv, l.bv, h, c.kv_dim());
      for (int head = 0; head < H; ++head) {
        if (!l.q_norm.empty()) rms_norm_inplace(q[t], static_cast<std::size_t>(head) * D, D, l.q_norm, eps);
        rotary(q[t], static_cast<std::size_t>(head) * D, c.head_dim, static_cast<int>(t), c.rope_base);
      }
      for (int head = 0; head < HKV; ++head) {
        if (!l.k_norm.empty()) rms_norm_inplace(k[t], static_cast<std::size_t>(head) * D, D, l.k_norm, eps);
        rotary(k[t], static_cast<std::size_t>(head) * D, c.head_dim, static_cast<int>(t), c.rope_base);
      }
    }
    for (std::size_t t = 0; t < T; ++t) {
      vec attended(static_cast<std::size_t>(c.q_dim()), 0.0);
      for (int head = 0; head < H; ++head) {
        const std::size_t qo = static_cast<std::size_t>(head) * D;
        const std::size_t ko = static_cast<std::size_t>(head / (H / HKV)) * D;  // repeat_kv
        vec scores(t + 1);
        double max_score = -1e300;
        for (std::size_t j = 0; j <= t; ++j) {
          double s = 0;
          for (std::size_t d = 0; d < D; ++d) s += q[t][qo + d] * k[j][ko + d];
          scores[j] = s / std::sqrt(static_cast<double>(D));
          max_score = std::max(max_score, scores[j]);
        }
        double total = 0;
        for (double& s : scores) total += (s = std::exp(s - max_score));
        for (std::size_t j = 0; j <= t; ++j)
          for (std::size_t d = 0; d < D; ++d) attended[qo + d] += scores[j] / total * v[j][ko + d];
      }
      const vec o = linear(l.wo, {}, attended, c.n_embd);
      for (std::size_t i = 0; i < E; ++i) x[t][i] += o[i];

      const vec h = rms_norm(x[t], l.ffn_norm, eps);
      const vec gate = linear(l.ffn_gate, {}, h, c.n_ff);
      const vec up = linear(l.ffn_up, {}, h, c.n_ff);
      vec act(gate.size());
      for (std::size_t i = 0; i < act.size(); ++i) act[i] = gate[i] / (1.0 + std::exp(-gate[i])) * up[i];
      const vec down = linear(l.ffn_down, {}, act, c.n_embd);
      for (std::size_t i = 0; i < E; ++i) x[t][i] += down[i];
    }
  }
  const vec h = rms_norm(x[T - 1], m.output_norm, eps);
  return linear(m.output_weights(), {}, h, c.n_vocab);
}

}  // namespace engine_test

#endif  // TOOLCALL_TESTS_ENGINE_REFERENCE_MODEL_HPP
