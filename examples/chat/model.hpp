// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The Qwen2 / Qwen3 decoder of the reference chat example: weights loaded from GGUF, a forward
// pass with a KV cache over any `backend`, a seeded sampler with a logit-mask hook, and a check
// that two backends agree.
//
// One decoder layer, for a batch of tokens x (pre-norm residual blocks):
//
//   h = rmsnorm(x) * attn_norm
//   q = Wq h (+ bq)   k = Wk h (+ bk)   v = Wv h (+ bv)        biases: Qwen2
//   q, k = rmsnorm per head (* q_norm, k_norm)                 Qwen3 only
//   q, k = rope(q, k)                                          NEOX layout (rotate half)
//   x += Wo attention(q, k_cache, v_cache)                     grouped-query, causal
//   h = rmsnorm(x) * ffn_norm
//   x += Wdown (silu(Wgate h) * Wup h)                         SwiGLU
//
// then logits = Woutput rmsnorm(x_last) * output_norm, where Woutput is token_embd when the
// file has no output.weight (tied embeddings).

#ifndef TOOLCALL_CHAT_MODEL_HPP
#define TOOLCALL_CHAT_MODEL_HPP

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "backend.hpp"
#include "backend_cpu.hpp"
#include "gguf.hpp"

namespace toolcall_chat {

// ------------------------------------------------------------------------------------------------
// Model
// ------------------------------------------------------------------------------------------------

enum class model_arch { qwen2, qwen3 };

/// Hyperparameters, from the `{arch}.*` GGUF keys.
struct model_config {
  model_arch arch = model_arch::qwen3;
  int n_vocab = 0;             ///< rows of token_embd
  int n_embd = 0;              ///< {arch}.embedding_length
  int n_layer = 0;             ///< {arch}.block_count
  int n_head = 0;              ///< {arch}.attention.head_count
  int n_head_kv = 0;           ///< {arch}.attention.head_count_kv (default: n_head)
  int head_dim = 0;            ///< {arch}.attention.key_length (default: n_embd / n_head)
  int n_ff = 0;                ///< {arch}.feed_forward_length
  int n_ctx_train = 0;         ///< {arch}.context_length
  float rope_base = 10000.0f;  ///< {arch}.rope.freq_base
  float rms_eps = 1e-6f;       ///< {arch}.attention.layer_norm_rms_epsilon

  int q_dim() const noexcept { return n_head * head_dim; }
  int kv_dim() const noexcept { return n_head_kv * head_dim; }
};

/// One decoder layer. Matrices are row-major, one row per output: W[out][in].
struct layer_weights {
  std::vector<float> attn_norm;         ///< [n_embd]
  std::vector<float> wq, wk, wv;        ///< [q_dim][n_embd], [kv_dim][n_embd], [kv_dim][n_embd]
  std::vector<float> bq, bk, bv;        ///< [q_dim], [kv_dim], [kv_dim]; empty when absent (Qwen3)
  std::vector<float> q_norm, k_norm;    ///< [head_dim]; Qwen3 only
  std::vector<float> wo;                ///< [n_embd][q_dim]
  std::vector<float> ffn_norm;          ///< [n_embd]
  std::vector<float> ffn_gate, ffn_up;  ///< [n_ff][n_embd]
  std::vector<float> ffn_down;          ///< [n_embd][n_ff]
};

/// A whole model in host memory, every tensor converted to f32.
struct model {
  model_config config;
  std::vector<float> token_embd;   ///< [n_vocab][n_embd]
  std::vector<float> output_norm;  ///< [n_embd]
  std::vector<float> output;       ///< [n_vocab][n_embd]; empty when tied to token_embd
  std::vector<layer_weights> layers;

  /// The output projection: `output`, or `token_embd` when the embeddings are tied.
  const std::vector<float>& output_weights() const noexcept { return output.empty() ? token_embd : output; }
};

namespace detail {

/// Loads tensor `name` into `out` after checking its dims (GGUF order: row length first).
/// An absent optional tensor leaves `out` empty.
inline engine_status load_tensor(const gguf_file& file, const std::string& name, std::vector<std::uint64_t> dims,
                                 std::vector<float>& out, bool required = true) {
  const gguf_tensor_info* t = file.find_tensor(name);
  if (!t) return required ? engine_status{"missing tensor '" + name + "'"} : engine_status{};
  if (t->dims != dims) {
    std::string want, have;
    for (std::uint64_t d : dims) want += (want.empty() ? "" : " x ") + std::to_string(d);
    for (std::uint64_t d : t->dims) have += (have.empty() ? "" : " x ") + std::to_string(d);
    return {"tensor '" + name + "' has dims " + have + ", expected " + want};
  }
  return file.read_f32(*t, out);
}

inline std::uint64_t dim(int n) noexcept { return static_cast<std::uint64_t>(n); }

}  // namespace detail

/**
 * Reads the hyperparameters and weights of a Qwen2 or Qwen3 GGUF file, converting every tensor to
 * f32 (the file may be closed afterwards).
 * @return the model, or an error: unsupported architecture, missing key or tensor, wrong tensor
 *         shape, unsupported tensor type.
 */
inline engine_result<model> load_model(const gguf_file& file) {
  engine_result<model> r;
  model& m = r.value;
  model_config& c = m.config;

  const std::string arch = file.get_string("general.architecture");
  if (arch == "qwen2") {
    c.arch = model_arch::qwen2;
  } else if (arch == "qwen3") {
    c.arch = model_arch::qwen3;
  } else {
    r.error = "unsupported architecture '" + arch + "' (qwen2 or qwen3)";
    return r;
  }
  const auto key = [&arch](const char* suffix) { return arch + "." + suffix; };
  c.n_layer = static_cast<int>(file.get_int(key("block_count")));
  c.n_embd = static_cast<int>(file.get_int(key("embedding_length")));
  c.n_ff = static_cast<int>(file.get_int(key("feed_forward_length")));
  c.n_head = static_cast<int>(file.get_int(key("attention.head_count")));
  c.n_head_kv = static_cast<int>(file.get_int(key("attention.head_count_kv"), c.n_head));
  c.n_ctx_train = static_cast<int>(file.get_int(key("context_length")));
  c.rope_base = static_cast<float>(file.get_float(key("rope.freq_base"), 10000.0));
  c.rms_eps = static_cast<float>(file.get_float(key("attention.layer_norm_rms_epsilon"), 1e-6));
  if (c.n_layer <= 0 || c.n_embd <= 0 || c.n_ff <= 0 || c.n_head <= 0 || c.n_head_kv <= 0 ||
      c.n_head % c.n_head_kv != 0) {
    r.error = "missing or inconsistent " + arch + ".* hyperparameters";
    return r;
  }
  c.head_dim = static_cast<int>(file.get_int(key("attention.key_length"), c.n_embd / c.n_head));
  if (c.head_dim <= 0 || c.head_dim % 2 != 0) {
    r.error = "head dimension must be a positive even number";
    return r;
  }

  const gguf_tensor_info* embd = file.find_tensor("token_embd.weight");
  if (!embd || embd->dims.size() != 2) {
    r.error = "missing 2-D tensor 'token_embd.weight'";
    return r;
  }
  c.n_vocab = static_cast<int>(embd->dims[1]);

  using detail::dim;
  const std::uint64_t E = dim(c.n_embd), Q = dim(c.q_dim()), KV = dim(c.kv_dim()), F = dim(c.n_ff), V = dim(c.n_vocab),
                      D = dim(c.head_dim);
  // Loads one tensor unless an earlier one failed; the first failure is the error.
  const auto load = [&](const std::string& name, std::vector<std::uint64_t> dims, std::vector<float>& out,
                        bool required = true) {
    if (r.ok()) r.error = detail::load_tensor(file, name, std::move(dims), out, required).error;
  };
  load("token_embd.weight", {E, V}, m.token_embd);
  load("output_norm.weight", {E}, m.output_norm);
  load("output.weight", {E, V}, m.output, /*required=*/false);  // absent: tied to token_embd

  const bool qk_norm = c.arch == model_arch::qwen3;
  m.layers.resize(static_cast<std::size_t>(c.n_layer));
  for (int i = 0; i < c.n_layer; ++i) {
    layer_weights& l = m.layers[static_cast<std::size_t>(i)];
    const std::string p = "blk." + std::to_string(i) + ".";
    load(p + "attn_norm.weight", {E}, l.attn_norm);
    load(p + "attn_q.weight", {E, Q}, l.wq);
    load(p + "attn_k.weight", {E, KV}, l.wk);
    load(p + "attn_v.weight", {E, KV}, l.wv);
    load(p + "attn_q.bias", {Q}, l.bq, false);  // Qwen2 has them, Qwen3 not
    load(p + "attn_k.bias", {KV}, l.bk, false);
    load(p + "attn_v.bias", {KV}, l.bv, false);
    if (qk_norm) {
      load(p + "attn_q_norm.weight", {D}, l.q_norm);
      load(p + "attn_k_norm.weight", {D}, l.k_norm);
    }
    load(p + "attn_output.weight", {Q, E}, l.wo);
    load(p + "ffn_norm.weight", {E}, l.ffn_norm);
    load(p + "ffn_gate.weight", {E, F}, l.ffn_gate);
    load(p + "ffn_up.weight", {E, F}, l.ffn_up);
    load(p + "ffn_down.weight", {F, E}, l.ffn_down);
  }
  if (!r.ok()) r.value = model{};
  return r;
}

/// Opens `path` and loads the model from it.
inline engine_result<model> load_model(const std::string& path) {
  engine_result<gguf_file> file = read_gguf(path);
  if (!file) return {model{}, file.error};
  engine_result<model> m = load_model(file.value);
  if (!m) m.error = path + ": " + m.error;
  return m;
}

/// The tokenizer part of a GGUF file, as llama.cpp's converter writes it.
struct tokenizer_metadata {
  std::string model;                      ///< tokenizer.ggml.model ("gpt2" for Qwen)
  std::string pre;                        ///< tokenizer.ggml.pre ("qwen2")
  std::vector<std::string> tokens;        ///< tokenizer.ggml.tokens, by id
  std::vector<std::int32_t> token_types;  ///< tokenizer.ggml.token_type (1 normal, 3 control, 4 user-defined)
  std::vector<std::string> merges;        ///< tokenizer.ggml.merges, "left right", by rank
  std::int32_t eos_token_id = -1;         ///< tokenizer.ggml.eos_token_id
  std::int32_t padding_token_id = -1;     ///< tokenizer.ggml.padding_token_id
  std::string chat_template;              ///< tokenizer.chat_template
};

/// Reads the tokenizer metadata. Fails when the token list is missing.
inline engine_result<tokenizer_metadata> read_tokenizer_metadata(const gguf_file& file) {
  engine_result<tokenizer_metadata> r;
  tokenizer_metadata& t = r.value;
  t.model = file.get_string("tokenizer.ggml.model");
  t.pre = file.get_string("tokenizer.ggml.pre");
  t.chat_template = file.get_string("tokenizer.chat_template");
  t.eos_token_id = static_cast<std::int32_t>(file.get_int("tokenizer.ggml.eos_token_id", -1));
  t.padding_token_id = static_cast<std::int32_t>(file.get_int("tokenizer.ggml.padding_token_id", -1));
  const gguf_value* tokens = file.find("tokenizer.ggml.tokens");
  if (!tokens || !tokens->is_array() || tokens->element_type != gguf_type::string) {
    r.error = "missing string array 'tokenizer.ggml.tokens'";
    return r;
  }
  t.tokens = tokens->strings;
  if (const gguf_value* merges = file.find("tokenizer.ggml.merges");
      merges && merges->element_type == gguf_type::string) {
    t.merges = merges->strings;
  }
  if (const gguf_value* types = file.find("tokenizer.ggml.token_type"); types && types->is_number()) {
    for (std::size_t i = 0; i < types->size(); ++i)
      t.token_types.push_back(static_cast<std::int32_t>(types->integer(i)));
  }
  return r;
}

// ------------------------------------------------------------------------------------------------
// Session: the forward pass with a KV cache
// ------------------------------------------------------------------------------------------------

struct session_options {
  int n_ctx = 4096;    ///< KV cache positions (clamped to the training context when known)
  int max_batch = 64;  ///< tokens per forward step; longer inputs are split
};

/**
 * Runs a model on a backend, keeping the keys and values of every position seen so far.
 *
 * **Example**:
 * @code
 *   toolcall_chat::cpu_backend cpu;
 *   toolcall_chat::session s(m, cpu);
 *   if (auto st = s.eval(prompt_ids); !st) return fail(st.error);
 *   int next = sampler.sample(s.logits(), s.n_vocab());
 * @endcode
 *
 * @par Lifetime
 * The model and the backend must outlive the session (the CPU backend reads the model's vectors
 * in place).
 */
class session {
 public:
  session(const model& m, backend& b, session_options options = {}) : model_(m), backend_(b), options_(options) {
    const model_config& c = m.config;
    if (c.n_ctx_train > 0) options_.n_ctx = std::min(options_.n_ctx, c.n_ctx_train);
    options_.n_ctx = std::max(options_.n_ctx, 1);
    options_.max_batch = std::max(1, std::min(options_.max_batch, options_.n_ctx));

    const auto up = [this](const std::vector<float>& v) -> const float* {
      return v.empty() ? nullptr : hold(backend_.upload(v.data(), v.size()));
    };
    const auto scratch = [this](std::size_t n) {
      float* p = backend_.alloc(n);
      hold(p);
      return p;
    };
    token_embd_ = up(m.token_embd);
    output_norm_ = up(m.output_norm);
    output_ = m.output.empty() ? token_embd_ : up(m.output);
    const auto kv_cache = static_cast<std::size_t>(options_.n_ctx) * static_cast<std::size_t>(c.kv_dim());
    for (const layer_weights& l : m.layers) {
      layer dl;
      dl.attn_norm = up(l.attn_norm);
      dl.wq = up(l.wq);
      dl.wk = up(l.wk);
      dl.wv = up(l.wv);
      dl.bq = up(l.bq);
      dl.bk = up(l.bk);
      dl.bv = up(l.bv);
      dl.q_norm = up(l.q_norm);
      dl.k_norm = up(l.k_norm);
      dl.wo = up(l.wo);
      dl.ffn_norm = up(l.ffn_norm);
      dl.ffn_gate = up(l.ffn_gate);
      dl.ffn_up = up(l.ffn_up);
      dl.ffn_down = up(l.ffn_down);
      dl.k_cache = scratch(kv_cache);
      dl.v_cache = scratch(kv_cache);
      layers_.push_back(dl);
    }
    const auto B = static_cast<std::size_t>(options_.max_batch);
    x_ = scratch(B * static_cast<std::size_t>(c.n_embd));
    h_ = scratch(B * static_cast<std::size_t>(c.n_embd));
    q_ = scratch(B * static_cast<std::size_t>(c.q_dim()));
    attn_ = scratch(B * static_cast<std::size_t>(c.q_dim()));
    gate_ = scratch(B * static_cast<std::size_t>(c.n_ff));
    up_ = scratch(B * static_cast<std::size_t>(c.n_ff));
    scores_ = scratch(B * static_cast<std::size_t>(c.n_head) * static_cast<std::size_t>(options_.n_ctx));
    logits_ = scratch(static_cast<std::size_t>(c.n_vocab));
  }

  session(const session&) = delete;
  session& operator=(const session&) = delete;
  ~session() {
    for (const float* p : held_) backend_.release(p);
  }

  /**
   * Appends `tokens` at position n_past() and computes the logits of the last one.
   * @return an error for an empty input, an id outside the vocabulary, a full context, or a
   *         device failure; n_past() is then unchanged.
   */
  engine_status eval(const std::int32_t* tokens, std::size_t n) {
    if (n == 0) return {"eval needs at least one token"};
    if (n > static_cast<std::size_t>(options_.n_ctx - n_past_)) {
      return {"context full: " + std::to_string(n_past_) + " + " + std::to_string(n) + " tokens > n_ctx " +
              std::to_string(options_.n_ctx)};
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (tokens[i] < 0 || tokens[i] >= model_.config.n_vocab) {
        return {"token id " + std::to_string(tokens[i]) + " outside the vocabulary"};
      }
    }
    const int start = n_past_;
    for (std::size_t done = 0; done < n;) {
      const int batch = static_cast<int>(std::min(n - done, static_cast<std::size_t>(options_.max_batch)));
      forward(tokens + done, batch, /*want_logits=*/done + static_cast<std::size_t>(batch) == n);
      done += static_cast<std::size_t>(batch);
    }
    engine_status s = backend_.synchronize();
    if (!s.ok()) {
      n_past_ = start;
      has_logits_ = false;
      return s;
    }
    has_logits_ = true;
    return s;
  }
  engine_status eval(const std::vector<std::int32_t>& tokens) { return eval(tokens.data(), tokens.size()); }

  /// The n_vocab() logits of the last evaluated token, or nullptr before the first eval().
  const float* logits() const noexcept { return has_logits_ ? logits_ : nullptr; }

  int n_vocab() const noexcept { return model_.config.n_vocab; }
  int n_past() const noexcept { return n_past_; }
  int n_ctx() const noexcept { return options_.n_ctx; }

  /// Forgets every position from `n` on (keeps a shared prompt prefix). Logits become unavailable.
  void rewind(int n) noexcept {
    n_past_ = std::max(0, std::min(n, n_past_));
    has_logits_ = false;
  }

  const model& get_model() const noexcept { return model_; }
  backend& get_backend() noexcept { return backend_; }

 private:
  /// Remembers backend memory to release with the session.
  const float* hold(const float* p) {
    if (p) held_.push_back(p);
    return p;
  }

  /// Weights and caches of one layer, as the backend sees them (nullptr: absent).
  struct layer {
    const float *attn_norm, *wq, *wk, *wv, *bq, *bk, *bv, *q_norm, *k_norm, *wo;
    const float *ffn_norm, *ffn_gate, *ffn_up, *ffn_down;
    float *k_cache, *v_cache;
  };

  /// Queues one forward step of n tokens at positions n_past_ .. n_past_+n-1.
  void forward(const std::int32_t* tokens, int n, bool want_logits) {
    const model_config& c = model_.config;
    backend& b = backend_;
    const int E = c.n_embd, QD = c.q_dim(), KVD = c.kv_dim(), F = c.n_ff, H = c.n_head, HKV = c.n_head_kv,
              D = c.head_dim;
    const int pos0 = n_past_;

    b.get_rows(token_embd_, tokens, n, E, x_);
    for (const layer& l : layers_) {
      // Attention block. New keys and values go straight into the caches at their positions.
      float* k = l.k_cache + static_cast<std::size_t>(pos0) * static_cast<std::size_t>(KVD);
      float* v = l.v_cache + static_cast<std::size_t>(pos0) * static_cast<std::size_t>(KVD);
      b.rmsnorm(x_, l.attn_norm, h_, n, E, c.rms_eps);
      b.matmul(l.wq, h_, q_, n, QD, E);
      b.matmul(l.wk, h_, k, n, KVD, E);
      b.matmul(l.wv, h_, v, n, KVD, E);
      if (l.bq) b.add_bias(q_, l.bq, n, QD);
      if (l.bk) b.add_bias(k, l.bk, n, KVD);
      if (l.bv) b.add_bias(v, l.bv, n, KVD);
      if (l.q_norm) b.rmsnorm(q_, l.q_norm, q_, n * H, D, c.rms_eps);
      if (l.k_norm) b.rmsnorm(k, l.k_norm, k, n * HKV, D, c.rms_eps);
      b.rope(q_, n, H, D, pos0, c.rope_base);
      b.rope(k, n, HKV, D, pos0, c.rope_base);
      b.attention(q_, l.k_cache, l.v_cache, attn_, scores_, n, pos0, H, HKV, D);
      b.matmul(l.wo, attn_, h_, n, E, QD);
      b.add(x_, h_, n * E);

      // Feed-forward block (SwiGLU).
      b.rmsnorm(x_, l.ffn_norm, h_, n, E, c.rms_eps);
      b.matmul(l.ffn_gate, h_, gate_, n, F, E);
      b.matmul(l.ffn_up, h_, up_, n, F, E);
      b.silu_mul(gate_, up_, gate_, n * F);
      b.matmul(l.ffn_down, gate_, h_, n, E, F);
      b.add(x_, h_, n * E);
    }
    n_past_ += n;
    if (!want_logits) return;  // a prompt's earlier chunks need only their keys and values
    const float* last = x_ + static_cast<std::size_t>(n - 1) * static_cast<std::size_t>(E);
    b.rmsnorm(last, output_norm_, h_, 1, E, c.rms_eps);
    b.matvec(output_, h_, logits_, c.n_vocab, E);
  }

  const model& model_;
  backend& backend_;
  session_options options_;
  std::vector<const float*> held_;  // everything uploaded or allocated, released by ~session
  const float* token_embd_ = nullptr;
  const float* output_norm_ = nullptr;
  const float* output_ = nullptr;
  std::vector<layer> layers_;
  float* x_ = nullptr;       // [batch][n_embd] the residual stream
  float* h_ = nullptr;       // [batch][n_embd] normed input of a block, then its output
  float* q_ = nullptr;       // [batch][q_dim]
  float* attn_ = nullptr;    // [batch][q_dim] attention output
  float* gate_ = nullptr;    // [batch][n_ff]
  float* up_ = nullptr;      // [batch][n_ff]
  float* scores_ = nullptr;  // [batch][n_head][n_ctx]
  float* logits_ = nullptr;  // [n_vocab]
  int n_past_ = 0;
  bool has_logits_ = false;
};

// ------------------------------------------------------------------------------------------------
// Sampling
// ------------------------------------------------------------------------------------------------

/// splitmix64: a tiny, fast, well-mixed 64-bit generator; the same seed gives the same stream on
/// every platform (unlike std:: distributions).
class splitmix64 {
 public:
  explicit splitmix64(std::uint64_t seed = 0) noexcept : state_(seed) {}
  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1), 53 random bits.
  double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

struct sampling_params {
  float temperature = 0.0f;  ///< 0 (or less): greedy, the highest logit, lowest id on ties
  float top_p = 1.0f;        ///< keep the smallest set of most likely tokens whose mass reaches top_p
  int top_k = 0;             ///< keep the k most likely tokens first; 0 keeps all
  std::uint64_t seed = 0;
};

/// Edits a copy of the logits before sampling: set a logit to -infinity to forbid its token.
using logit_mask = std::function<void(float* logits, std::size_t n_vocab)>;

/// A mask that allows exactly one token: forced decoding.
inline logit_mask allow_only(std::int32_t id) {
  return [id](float* logits, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
      if (static_cast<std::int64_t>(i) != id) logits[i] = -INFINITY;
  };
}

/// A mask that allows only the ids in `allowed` (e.g. the tokens that can continue a grammar).
inline logit_mask allow_ids(std::vector<std::int32_t> allowed) {
  return [allowed = std::move(allowed)](float* logits, std::size_t n) {
    std::vector<float> kept(allowed.size(), -INFINITY);
    for (std::size_t i = 0; i < allowed.size(); ++i)
      if (allowed[i] >= 0 && static_cast<std::size_t>(allowed[i]) < n) kept[i] = logits[allowed[i]];
    std::fill(logits, logits + n, -INFINITY);
    for (std::size_t i = 0; i < allowed.size(); ++i)
      if (allowed[i] >= 0 && static_cast<std::size_t>(allowed[i]) < n) logits[allowed[i]] = kept[i];
  };
}

/**
 * Picks the next token: greedy, or temperature + top-k + top-p with its own seeded generator, so a
 * seed gives the same tokens on every run and platform (given the same logits).
 *
 * Order of operations (as llama.cpp's default chain): mask, top-k, softmax(logits / temperature),
 * top-p, draw.
 */
class sampler {
 public:
  explicit sampler(sampling_params params = {}) : params_(params), rng_(params.seed) {}

  const sampling_params& params() const noexcept { return params_; }

  /// Restarts the random stream.
  void reseed(std::uint64_t seed) noexcept {
    params_.seed = seed;
    rng_ = splitmix64(seed);
  }

  /**
   * Samples from `n` logits (not modified; the mask edits a copy).
   * @return a token id, or -1 when the mask forbade every token.
   */
  std::int32_t sample(const float* logits, std::size_t n, const logit_mask& mask = {}) {
    work_.assign(logits, logits + n);
    if (mask) mask(work_.data(), n);

    if (params_.temperature <= 0.0f) {
      std::int32_t best = -1;
      for (std::size_t i = 0; i < n; ++i)
        if (work_[i] > -INFINITY && (best < 0 || work_[i] > work_[static_cast<std::size_t>(best)]))
          best = static_cast<std::int32_t>(i);
      return best;
    }

    // Candidates: every allowed id, ordered by (logit desc, id asc) only as far as needed.
    ids_.clear();
    for (std::size_t i = 0; i < n; ++i)
      if (work_[i] > -INFINITY) ids_.push_back(static_cast<std::int32_t>(i));
    if (ids_.empty()) return -1;
    const auto before = [this](std::int32_t a, std::int32_t b) {
      const float la = work_[static_cast<std::size_t>(a)], lb = work_[static_cast<std::size_t>(b)];
      return la > lb || (la == lb && a < b);
    };
    std::size_t sorted = 0;  // ids_[0, sorted) are the top ones, in order
    const auto sort_top = [&](std::size_t k) {
      k = std::min(k, ids_.size());
      if (k > sorted) {
        std::partial_sort(ids_.begin(), ids_.begin() + static_cast<std::ptrdiff_t>(k), ids_.end(), before);
        sorted = k;
      }
    };
    if (params_.top_k > 0 && static_cast<std::size_t>(params_.top_k) < ids_.size()) {
      sort_top(static_cast<std::size_t>(params_.top_k));
      ids_.resize(static_cast<std::size_t>(params_.top_k));
    }

    // Softmax with temperature over the candidates (max first, for stability).
    float max_logit = -INFINITY;
    for (std::int32_t id : ids_) max_logit = std::max(max_logit, work_[static_cast<std::size_t>(id)]);
    double total = 0;
    for (std::int32_t id : ids_) {
      float& l = work_[static_cast<std::size_t>(id)];
      l = std::exp((l - max_logit) / params_.temperature);  // work_ now holds weights
      total += l;
    }

    // Top-p: the shortest prefix of the sorted candidates whose mass reaches top_p. Sorting grows
    // in doubling steps, since the prefix is usually short next to a 150k vocabulary.
    std::size_t kept = ids_.size();
    double kept_mass = total;
    if (params_.top_p < 1.0f) {
      const double target = static_cast<double>(params_.top_p) * total;
      double mass = 0;
      std::size_t i = 0;
      for (std::size_t k = 64;; k *= 2) {
        sort_top(k);
        for (; i < sorted; ++i) {
          mass += work_[static_cast<std::size_t>(ids_[i])];
          if (mass >= target) break;
        }
        if (i < sorted || sorted == ids_.size()) break;
      }
      kept = std::min(i + 1, ids_.size());
      kept_mass = mass;
    }

    // Draw.
    const double r = rng_.uniform() * kept_mass;
    double acc = 0;
    for (std::size_t i = 0; i < kept; ++i) {
      acc += work_[static_cast<std::size_t>(ids_[i])];
      if (r < acc) return ids_[i];
    }
    return ids_[kept - 1];  // rounding left r at the very top
  }

 private:
  sampling_params params_;
  splitmix64 rng_;
  std::vector<float> work_;
  std::vector<std::int32_t> ids_;
};

// ------------------------------------------------------------------------------------------------
// Backend check
// ------------------------------------------------------------------------------------------------

struct verify_report {
  bool ok = false;
  float max_abs_diff = 0;   ///< largest |reference - candidate| over the logits
  float max_abs_logit = 0;  ///< largest |reference| (the scale of the tolerance)
  std::int32_t argmax_reference = -1;
  std::int32_t argmax_candidate = -1;
  std::string error;  ///< set when a backend failed to run
};

/**
 * Runs `tokens` as one forward step on two backends and compares the logits of the last token:
 * ok when max |a - b| <= tolerance * max(1, max |a|).
 */
inline verify_report verify(const model& m, backend& reference, backend& candidate,
                            const std::vector<std::int32_t>& tokens, float tolerance = 1e-3f) {
  verify_report report;
  session_options options;
  options.n_ctx = std::max<int>(1, static_cast<int>(tokens.size()));
  options.max_batch = options.n_ctx;
  session a(m, reference, options);
  session b(m, candidate, options);
  if (engine_status s = a.eval(tokens); !s) {
    report.error = std::string(reference.name()) + ": " + s.error;
    return report;
  }
  if (engine_status s = b.eval(tokens); !s) {
    report.error = std::string(candidate.name()) + ": " + s.error;
    return report;
  }
  const float* la = a.logits();
  const float* lb = b.logits();
  for (int i = 0; i < m.config.n_vocab; ++i) {
    report.max_abs_diff = std::max(report.max_abs_diff, std::fabs(la[i] - lb[i]));
    report.max_abs_logit = std::max(report.max_abs_logit, std::fabs(la[i]));
    if (report.argmax_reference < 0 || la[i] > la[report.argmax_reference]) report.argmax_reference = i;
    if (report.argmax_candidate < 0 || lb[i] > lb[report.argmax_candidate]) report.argmax_candidate = i;
  }
  report.ok = report.max_abs_diff <= tolerance * std::max(1.0f, report.max_abs_logit);
  return report;
}

/**
 * Checks the fastest backend of this build against the single-threaded CPU backend: Metal when
 * built with TOOLCALL_CHAT_METAL, otherwise the multi-threaded CPU backend.
 */
inline verify_report verify(const model& m, const std::vector<std::int32_t>& tokens, float tolerance = 1e-3f) {
  cpu_backend reference(1);
#if defined(TOOLCALL_CHAT_METAL)
  engine_result<std::unique_ptr<backend>> metal = make_metal_backend();
  if (!metal) {
    verify_report report;
    report.error = metal.error;
    return report;
  }
  return verify(m, reference, *metal.value, tokens, tolerance);
#else
  cpu_backend candidate(0);
  return verify(m, reference, candidate, tokens, tolerance);
#endif
}

}  // namespace toolcall_chat

#endif  // TOOLCALL_CHAT_MODEL_HPP
