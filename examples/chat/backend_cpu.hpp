// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The portable backend: plain C++ kernels, with the big ones (matmul, attention) split over a
// small pool of threads by output rows.
//
// Determinism: each output element is computed by exactly one thread with the same sequential
// loop, whatever the number of threads, so 1 thread and N threads give bit-identical results.

#ifndef TOOLCALL_CHAT_BACKEND_CPU_HPP
#define TOOLCALL_CHAT_BACKEND_CPU_HPP

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "backend.hpp"

namespace toolcall_chat {

namespace detail {

/**
 * A fixed set of threads that run one job at a time over an index range [0, n). The range is cut
 * into one contiguous slice per thread, so which thread handles an index never depends on timing.
 * The calling thread takes slice 0, so a pool of size 1 starts no thread at all.
 */
class thread_pool {
 public:
  explicit thread_pool(int n_threads) : size_(std::max(1, n_threads)) {
    for (int i = 1; i < size_; ++i) workers_.emplace_back([this, i] { work(i); });
  }
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  int size() const noexcept { return size_; }

  /// Calls fn(begin, end) on every non-empty slice of [0, n) and returns when all are done.
  void run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& fn) {
    if (size_ == 1 || n < 2) {
      if (n) fn(0, n);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &fn;
      count_ = n;
      pending_ = size_ - 1;
      ++generation_;
    }
    wake_.notify_all();
    run_slice(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
  }

 private:
  void run_slice(int index) const {
    const std::size_t per = (count_ + static_cast<std::size_t>(size_) - 1) / static_cast<std::size_t>(size_);
    const std::size_t begin = std::min(count_, per * static_cast<std::size_t>(index));
    const std::size_t end = std::min(count_, begin + per);
    if (begin < end) (*job_)(begin, end);
  }

  void work(int index) {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
      }
      run_slice(index);  // job_ and count_ were published under the mutex before generation_
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  int size_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(std::size_t, std::size_t)>* job_ = nullptr;
  std::size_t count_ = 0;
  int pending_ = 0;
  std::uint64_t generation_ = 0;
  bool stop_ = false;
};

/// A kernel dimension (an int, non-negative by contract) as an index type.
inline std::size_t size(int n) noexcept { return static_cast<std::size_t>(n); }

/**
 * sum_i a[i] * b[i] in a fixed order: two 4-wide running sums over blocks of 8 (lo takes
 * a[i..i+3], hi takes a[i+4..i+7]), folded as lo + hi, then (0 + 2) + (1 + 3), then the tail.
 * GCC and Clang get explicit 4-wide vectors (Clang does not vectorize the plain loop well); other
 * compilers run the same operations one float at a time, with the same result.
 */
inline float dot(const float* a, const float* b, int n) noexcept {
  int i = 0;
#if defined(__GNUC__)
  typedef float float4 __attribute__((vector_size(16)));
  float4 lo = {0, 0, 0, 0}, hi = {0, 0, 0, 0};
  for (; i + 8 <= n; i += 8) {
    float4 a0, a1, b0, b1;  // memcpy: the rows need not be 16-byte aligned
    std::memcpy(&a0, a + i, sizeof a0);
    std::memcpy(&a1, a + i + 4, sizeof a1);
    std::memcpy(&b0, b + i, sizeof b0);
    std::memcpy(&b1, b + i + 4, sizeof b1);
    lo += a0 * b0;
    hi += a1 * b1;
  }
  lo += hi;
#else
  float lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
  for (; i + 8 <= n; i += 8) {
    for (int j = 0; j < 4; ++j) lo[j] += a[i + j] * b[i + j];
    for (int j = 0; j < 4; ++j) hi[j] += a[i + 4 + j] * b[i + 4 + j];
  }
  for (int j = 0; j < 4; ++j) lo[j] += hi[j];
#endif
  float sum = (lo[0] + lo[2]) + (lo[1] + lo[3]);
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

}  // namespace detail

/**
 * The plain C++ backend. Kernels run at once (synchronize() has nothing to wait for).
 *
 * @par Thread safety
 * One thread drives a cpu_backend; it uses its own worker threads inside kernels.
 */
class cpu_backend : public backend {
 public:
  /// @param n_threads threads used inside kernels; 0 means std::thread::hardware_concurrency().
  explicit cpu_backend(int n_threads = 0)
      : pool_(n_threads > 0 ? n_threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
        name_("cpu x" + std::to_string(pool_.size())) {}

  int threads() const noexcept { return pool_.size(); }

  const char* name() const noexcept override { return name_.c_str(); }

  const float* upload(const float* data, std::size_t) override { return data; }

  float* alloc(std::size_t n) override {
    buffers_.push_back(std::make_unique<float[]>(n));  // value-initialized: zeros
    return buffers_.back().get();
  }

  void release(const float* p) override {  // uploads are the caller's memory: nothing to do
    buffers_.erase(std::remove_if(buffers_.begin(), buffers_.end(),
                                  [p](const std::unique_ptr<float[]>& b) { return b.get() == p; }),
                   buffers_.end());
  }

  engine_status synchronize() override { return {}; }

  void get_rows(const float* table, const std::int32_t* ids, int n_ids, int cols, float* out) override {
    const auto n = detail::size(cols);
    for (int t = 0; t < n_ids; ++t) {
      const float* row = table + detail::size(ids[t]) * n;
      std::copy(row, row + n, out + detail::size(t) * n);
    }
  }

  void matmul(const float* w, const float* x, float* y, int n_tokens, int rows, int cols) override {
    const auto n_rows = detail::size(rows);
    const auto n_cols = detail::size(cols);
    // Row-outer: a weight row stays in cache while it meets every token.
    parallel(n_rows, detail::size(n_tokens) * n_cols, [&](std::size_t begin, std::size_t end) {
      for (std::size_t r = begin; r < end; ++r) {
        for (int t = 0; t < n_tokens; ++t) {
          y[detail::size(t) * n_rows + r] = detail::dot(w + r * n_cols, x + detail::size(t) * n_cols, cols);
        }
      }
    });
  }

  void add_bias(float* y, const float* b, int n_tokens, int n) override {
    for (int t = 0; t < n_tokens; ++t) {
      float* yt = y + detail::size(t) * detail::size(n);
      for (int i = 0; i < n; ++i) yt[i] += b[i];
    }
  }

  void add(float* y, const float* x, int n) override {
    for (int i = 0; i < n; ++i) y[i] += x[i];
  }

  void rmsnorm(const float* x, const float* w, float* out, int n_rows, int n, float eps) override {
    for (int r = 0; r < n_rows; ++r) {
      const float* xr = x + detail::size(r) * detail::size(n);
      float* yr = out + detail::size(r) * detail::size(n);
      float sum = 0;
      for (int i = 0; i < n; ++i) sum += xr[i] * xr[i];
      const float scale = 1.0f / std::sqrt(sum / static_cast<float>(n) + eps);
      for (int i = 0; i < n; ++i) yr[i] = xr[i] * scale * w[i];
    }
  }

  void rope(float* x, int n_tokens, int n_heads, int head_dim, int pos0, float base) override {
    const int half = head_dim / 2;
    for (int t = 0; t < n_tokens; ++t) {
      const auto pos = static_cast<float>(pos0 + t);
      for (int h = 0; h < n_heads; ++h) {
        float* v = x + (detail::size(t) * detail::size(n_heads) + detail::size(h)) * detail::size(head_dim);
        for (int i = 0; i < half; ++i) {
          const float inv_freq = std::pow(base, -2.0f * static_cast<float>(i) / static_cast<float>(head_dim));
          const float angle = pos * inv_freq;
          const float c = std::cos(angle);
          const float s = std::sin(angle);
          const float a = v[i];
          const float b = v[i + half];
          v[i] = a * c - b * s;
          v[i + half] = a * s + b * c;
        }
      }
    }
  }

  void attention(const float* q, const float* k_cache, const float* v_cache, float* out, float* scores, int n_tokens,
                 int pos0, int n_head, int n_head_kv, int head_dim) override {
    const int group = n_head / n_head_kv;  // query heads per kv head
    const auto dim = detail::size(head_dim);
    const auto kv_dim = detail::size(n_head_kv) * dim;
    const auto stride = detail::size(pos0 + n_tokens);  // scores per (token, head)
    const float scale = 1.0f / std::sqrt(static_cast<float>(head_dim));
    const auto pairs = detail::size(n_tokens) * detail::size(n_head);

    parallel(pairs, stride * dim * 2, [&](std::size_t begin, std::size_t end) {
      for (std::size_t pair = begin; pair < end; ++pair) {  // pair = t * n_head + h
        const int t = static_cast<int>(pair / detail::size(n_head));
        const int h = static_cast<int>(pair % detail::size(n_head));
        const int seq = pos0 + t + 1;  // causal: positions 0 .. pos0 + t
        const std::size_t kv_offset = detail::size(h / group) * dim;
        const float* qh = q + pair * dim;
        float* s = scores + pair * stride;

        float max_score = -INFINITY;
        for (int j = 0; j < seq; ++j) {
          s[j] = detail::dot(qh, k_cache + detail::size(j) * kv_dim + kv_offset, head_dim) * scale;
          max_score = std::max(max_score, s[j]);
        }
        float sum = 0;
        for (int j = 0; j < seq; ++j) {
          s[j] = std::exp(s[j] - max_score);
          sum += s[j];
        }
        // out[d] = sum_j p_j v_j[d], summed in order of j (walking the cache row by row).
        float* o = out + pair * dim;
        std::fill(o, o + head_dim, 0.0f);
        for (int j = 0; j < seq; ++j) {
          const float* vj = v_cache + detail::size(j) * kv_dim + kv_offset;
          for (int d = 0; d < head_dim; ++d) o[d] += s[j] * vj[d];
        }
        for (int d = 0; d < head_dim; ++d) o[d] /= sum;
      }
    });
  }

  void silu_mul(const float* gate, const float* up, float* out, int n) override {
    for (int i = 0; i < n; ++i) out[i] = gate[i] / (1.0f + std::exp(-gate[i])) * up[i];
  }

 private:
  /// Runs fn over slices of [0, n) on the pool when the work (n * work_per_item multiply-adds) is
  /// worth waking threads for; inline otherwise.
  template <class F>
  void parallel(std::size_t n, std::size_t work_per_item, F&& fn) {
    constexpr std::size_t min_parallel_work = std::size_t{1} << 16;
    if (pool_.size() == 1 || n * work_per_item < min_parallel_work) {
      fn(std::size_t{0}, n);
      return;
    }
    pool_.run(n, fn);
  }

  detail::thread_pool pool_;
  std::string name_;
  std::vector<std::unique_ptr<float[]>> buffers_;
};

}  // namespace toolcall_chat

#endif  // TOOLCALL_CHAT_BACKEND_CPU_HPP
