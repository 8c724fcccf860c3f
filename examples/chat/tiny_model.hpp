// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Writes a tiny Qwen2/Qwen3 model with random weights and a real tokenizer: small enough for
// tests and CI, shaped exactly like the real thing (same GGUF keys and tensor names), so the whole
// chat loop (template, tokenizer, engine, parser) runs end to end without a download. Its output is
// gibberish, but deterministic for a seed, and forced decoding can make it say anything.
//
// Shape: hidden 64, 2 layers, 4 heads, 2 KV heads, head_dim 16, feed-forward 128.

#ifndef TOOLCALL_CHAT_TINY_MODEL_HPP
#define TOOLCALL_CHAT_TINY_MODEL_HPP

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gguf.hpp"
#include "model.hpp"  // splitmix64

namespace toolcall_chat {

/// The shape of the tiny model.
struct tiny_model_shape {
  static constexpr int n_embd = 64;
  static constexpr int n_layer = 2;
  static constexpr int n_head = 4;
  static constexpr int n_head_kv = 2;
  static constexpr int head_dim = 16;
  static constexpr int n_ff = 128;
  static constexpr int n_ctx = 4096;
};

struct tiny_model_options {
  std::string arch = "qwen3";                 ///< "qwen2" (QKV biases) or "qwen3" (q/k norms)
  std::vector<std::string> tokens;            ///< the vocabulary, by id (its size is n_vocab)
  std::vector<std::string> merges;            ///< BPE merges "left right", by rank
  std::vector<std::int32_t> token_types;      ///< per token; empty: all normal (1)
  std::string chat_template;                  ///< tokenizer.chat_template (Jinja source)
  std::uint64_t seed = 0;                     ///< the weights are a function of the seed
  ggml_type matrix_type = ggml_type::f32;     ///< storage of the layer matrices (f16, q8_0 test the loaders)
  ggml_type embedding_type = ggml_type::f32;  ///< storage of token_embd and output
  bool tied_embeddings = true;                ///< no output.weight (as Qwen3-0.6B and Qwen2.5-0.5B)
  std::int32_t eos_token_id = -1;             ///< -1: "<|im_end|>" if present, else the last token
  std::int32_t padding_token_id = -1;         ///< -1: "<|endoftext|>" if present, else eos
};

namespace detail {

/// Random weights: uniform in [-scale, scale], or 1 +- scale for norm weights.
class tiny_weights {
 public:
  explicit tiny_weights(std::uint64_t seed) : rng_(seed) {}

  std::vector<float> uniform(std::size_t n, float scale) {
    std::vector<float> v(n);
    for (float& x : v) x = static_cast<float>((2.0 * rng_.uniform() - 1.0) * scale);
    return v;
  }
  /// A matrix of `rows` outputs by `cols` inputs, variance 1 / cols (keeps activations near 1).
  std::vector<float> matrix(int rows, int cols) {
    return uniform(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols),
                   std::sqrt(3.0f / static_cast<float>(cols)));
  }
  std::vector<float> norm(int n) {
    std::vector<float> v = uniform(static_cast<std::size_t>(n), 0.1f);
    for (float& x : v) x += 1.0f;
    return v;
  }

 private:
  splitmix64 rng_;
};

inline std::int32_t find_token(const std::vector<std::string>& tokens, const char* text) {
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i] == text) return static_cast<std::int32_t>(i);
  return -1;
}

}  // namespace detail

/**
 * Writes a tiny random-weight model to `path`.
 * @return an error for an unknown architecture, an empty vocabulary, token types that do not match
 *         the tokens, or a file that cannot be written.
 */
inline engine_status write_tiny_model(const std::string& path, const tiny_model_options& o) {
  using shape = tiny_model_shape;
  if (o.arch != "qwen2" && o.arch != "qwen3") return {"unknown architecture '" + o.arch + "'"};
  if (o.tokens.empty()) return {"the vocabulary is empty"};
  if (!o.token_types.empty() && o.token_types.size() != o.tokens.size()) {
    return {"token_types has " + std::to_string(o.token_types.size()) + " entries for " +
            std::to_string(o.tokens.size()) + " tokens"};
  }
  const int n_vocab = static_cast<int>(o.tokens.size());
  std::int32_t eos = o.eos_token_id;
  if (eos < 0) eos = detail::find_token(o.tokens, "<|im_end|>");
  if (eos < 0) eos = n_vocab - 1;
  std::int32_t pad = o.padding_token_id;
  if (pad < 0) pad = detail::find_token(o.tokens, "<|endoftext|>");
  if (pad < 0) pad = eos;

  gguf_writer w;
  const std::string& a = o.arch;
  w.set_string("general.architecture", a);
  w.set_string("general.name", "toolcall tiny random " + a);
  w.set_uint32(a + ".block_count", shape::n_layer);
  w.set_uint32(a + ".context_length", shape::n_ctx);
  w.set_uint32(a + ".embedding_length", shape::n_embd);
  w.set_uint32(a + ".feed_forward_length", shape::n_ff);
  w.set_uint32(a + ".attention.head_count", shape::n_head);
  w.set_uint32(a + ".attention.head_count_kv", shape::n_head_kv);
  if (a == "qwen3") {
    w.set_uint32(a + ".attention.key_length", shape::head_dim);
    w.set_uint32(a + ".attention.value_length", shape::head_dim);
  }
  w.set_float32(a + ".rope.freq_base", 1000000.0f);
  w.set_float32(a + ".attention.layer_norm_rms_epsilon", 1e-6f);

  w.set_string("tokenizer.ggml.model", "gpt2");
  w.set_string("tokenizer.ggml.pre", "qwen2");
  w.set_strings("tokenizer.ggml.tokens", o.tokens);
  w.set_int32s("tokenizer.ggml.token_type",
               o.token_types.empty() ? std::vector<std::int32_t>(o.tokens.size(), 1) : o.token_types);
  w.set_strings("tokenizer.ggml.merges", o.merges);
  w.set_uint32("tokenizer.ggml.eos_token_id", static_cast<std::uint32_t>(eos));
  w.set_uint32("tokenizer.ggml.padding_token_id", static_cast<std::uint32_t>(pad));
  w.set_uint32("tokenizer.ggml.bos_token_id", static_cast<std::uint32_t>(pad));
  w.set_bool("tokenizer.ggml.add_bos_token", false);
  if (!o.chat_template.empty()) w.set_string("tokenizer.chat_template", o.chat_template);

  // Tensors, in a fixed order so the weights are a function of the seed alone.
  detail::tiny_weights init(o.seed);
  const auto dim = [](int n) { return static_cast<std::uint64_t>(n); };
  const int E = shape::n_embd, Q = shape::n_head * shape::head_dim, KV = shape::n_head_kv * shape::head_dim,
            F = shape::n_ff, D = shape::head_dim;
  engine_status s;
  const auto add = [&](const std::string& name, std::vector<std::uint64_t> dims, ggml_type type,
                       const std::vector<float>& data) {
    if (s.ok()) s = w.add_tensor(name, std::move(dims), type, data.data());
  };
  const auto add_matrix = [&](const std::string& name, int rows, int cols) {
    add(name, {dim(cols), dim(rows)}, o.matrix_type, init.matrix(rows, cols));
  };
  const auto add_vector = [&](const std::string& name, std::vector<float> data) {
    add(name, {dim(static_cast<int>(data.size()))}, ggml_type::f32, data);  // 1-D tensors stay f32
  };

  add("token_embd.weight", {dim(E), dim(n_vocab)}, o.embedding_type,
      init.uniform(static_cast<std::size_t>(n_vocab) * static_cast<std::size_t>(E), 0.5f));
  add_vector("output_norm.weight", init.norm(E));
  if (!o.tied_embeddings) {
    add("output.weight", {dim(E), dim(n_vocab)}, o.embedding_type,
        init.uniform(static_cast<std::size_t>(n_vocab) * static_cast<std::size_t>(E), 0.5f));
  }
  for (int i = 0; i < shape::n_layer; ++i) {
    const std::string p = "blk." + std::to_string(i) + ".";
    add_vector(p + "attn_norm.weight", init.norm(E));
    add_matrix(p + "attn_q.weight", Q, E);
    add_matrix(p + "attn_k.weight", KV, E);
    add_matrix(p + "attn_v.weight", KV, E);
    if (a == "qwen2") {
      add_vector(p + "attn_q.bias", init.uniform(static_cast<std::size_t>(Q), 0.1f));
      add_vector(p + "attn_k.bias", init.uniform(static_cast<std::size_t>(KV), 0.1f));
      add_vector(p + "attn_v.bias", init.uniform(static_cast<std::size_t>(KV), 0.1f));
    } else {
      add_vector(p + "attn_q_norm.weight", init.norm(D));
      add_vector(p + "attn_k_norm.weight", init.norm(D));
    }
    add_matrix(p + "attn_output.weight", E, Q);
    add_vector(p + "ffn_norm.weight", init.norm(E));
    add_matrix(p + "ffn_gate.weight", F, E);
    add_matrix(p + "ffn_up.weight", F, E);
    add_matrix(p + "ffn_down.weight", E, F);
  }
  if (!s.ok()) return s;
  return w.write(path);
}

/// The same, with the arguments spelled out (all tensors f32, tied embeddings).
inline engine_status write_tiny_model(const std::string& path, const std::string& arch,
                                      const std::vector<std::string>& tokens, const std::vector<std::string>& merges,
                                      const std::vector<std::int32_t>& token_types, const std::string& chat_template,
                                      std::uint64_t seed) {
  tiny_model_options o;
  o.arch = arch;
  o.tokens = tokens;
  o.merges = merges;
  o.token_types = token_types;
  o.chat_template = chat_template;
  o.seed = seed;
  return write_tiny_model(path, o);
}

}  // namespace toolcall_chat

#endif  // TOOLCALL_CHAT_TINY_MODEL_HPP
