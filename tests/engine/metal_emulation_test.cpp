// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// Runs examples/chat/kernels.metal on the CPU, so the Metal kernels and the Metal backend's
// dispatch geometry (metal_dispatch.hpp) are tested on machines without Metal.
//
// kernels.metal compiles as C++ against a stand-in <metal_stdlib> (tests/engine/metal_shim). Each
// threadgroup's threads run as cooperative fibers (ucontext) on one OS thread: a thread runs until
// it reaches a barrier or a simdgroup reduction, then the next one runs, so simd_sum, simd_max and
// threadgroup_barrier behave as on a GPU. A barrier that not every thread reaches is reported.
//
// What this cannot check: that the source is valid Metal Shading Language (address spaces,
// attribute types); a Mac does that when newLibraryWithSource: compiles it, and on Apple the test
// below runs the real backend instead.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "backend_cpu.hpp"
#include "metal_dispatch.hpp"
#include "model.hpp"
#include "reference_model.hpp"
#include "test_util.hpp"

#if defined(TOOLCALL_CHAT_METAL)

// On Apple: the real Metal backend against the CPU backend.
TEST_SUITE("engine.metal") {
  TEST_CASE("the Metal backend matches the CPU backend on tiny models") {
    using namespace toolcall_chat;
    engine_result<std::unique_ptr<backend>> metal = make_metal_backend();
    REQUIRE_MESSAGE(metal.ok(), metal.error);
    for (const char* arch : {"qwen2", "qwen3"}) {
      CAPTURE(arch);
      const model m = engine_test::make_tiny_model(engine_test::tiny_options(arch, 301, 4));
      cpu_backend cpu(1);
      const verify_report r = verify(m, cpu, *metal.value, {3, 141, 59, 26, 5, 35, 89, 7, 93, 238}, 1e-4f);
      CHECK_MESSAGE(r.ok, r.error, " max diff ", r.max_abs_diff);
      CHECK(r.argmax_reference == r.argmax_candidate);
      CHECK(verify(m, {1, 2, 3}).ok);
    }
  }
}

#elif defined(__linux__)

#include <ucontext.h>

#include <metal_stdlib>  // the stand-in, before kernels.metal opens its namespace

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif
namespace metal_kernels {
#include "kernels.metal"
}  // namespace metal_kernels
#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#undef kernel
#undef device
#undef constant
#undef threadgroup

namespace {

using toolcall_chat::metal::dispatch;

/// Runs the threads of one threadgroup as fibers on the calling thread.
class threadgroup_emulator final : public metal_emulation::lanes {
 public:
  threadgroup_emulator() = default;
  threadgroup_emulator(const threadgroup_emulator&) = delete;
  threadgroup_emulator& operator=(const threadgroup_emulator&) = delete;
  ~threadgroup_emulator() = default;

  /// Runs body(thread index) for each of the n threads of one threadgroup, one after the other:
  /// for kernels without barriers or reductions (calling one here aborts).
  void run_sequential(unsigned n, const std::function<void(unsigned)>& body) {
    metal_emulation::lanes* const outer = metal_emulation::current;
    metal_emulation::current = this;
    sequential_ = true;
    for (unsigned i = 0; i < n; ++i) body(i);
    sequential_ = false;
    metal_emulation::current = outer;
  }

  /// Runs body(thread index in threadgroup) for each of the n threads of one threadgroup, as fibers.
  void run(unsigned n, unsigned simd_width, const std::function<void(unsigned)>& body) {
    n_ = n;
    width_ = simd_width;
    body_ = &body;
    for (std::vector<float>& s : slots_) s.assign(n, 0.0f);
    simd_barriers_.assign((n + simd_width - 1) / simd_width, barrier{});
    group_barrier_ = barrier{};
    while (fibers_.size() < n) fibers_.push_back(std::make_unique<fiber>());
    for (unsigned i = 0; i < n; ++i) {
      fiber& f = *fibers_[i];
      f.done = false;
      f.context.uc_stack.ss_sp = f.stack.data();
      f.context.uc_stack.ss_size = f.stack.size();
      f.context.uc_link = &scheduler_;
      makecontext(&f.context, &fiber_main, 0);
    }

    metal_emulation::lanes* const outer = metal_emulation::current;
    metal_emulation::current = this;
    active() = this;
    unsigned remaining = n;
    while (remaining > 0) {
      const std::uint64_t before = progress_;
      for (unsigned i = 0; i < n; ++i) {
        if (fibers_[i]->done) continue;
        current_ = i;
        swapcontext(&scheduler_, &fibers_[i]->context);
        if (fibers_[i]->done) --remaining;
      }
      if (remaining > 0 && progress_ == before) {
        std::fprintf(stderr, "emulated threadgroup deadlock: a barrier or reduction not every thread reaches\n");
        std::abort();
      }
    }
    metal_emulation::current = outer;
  }

  float simd_sum(float x) override { return reduce(x, false); }
  float simd_max(float x) override { return reduce(x, true); }
  void threadgroup_barrier() override {
    check_cooperative();
    wait(group_barrier_, n_);
  }

 private:
  struct fiber {
    fiber() { getcontext(&context); }  // once: later runs only makecontext again
    ucontext_t context{};
    std::vector<char> stack = std::vector<char>(256 * 1024);
    bool done = false;
  };

  void check_cooperative() const {
    if (sequential_) {
      std::fprintf(stderr, "emulated kernel uses a barrier or reduction but was run sequentially\n");
      std::abort();
    }
  }
  struct barrier {
    unsigned arrived = 0;
    unsigned generation = 0;
  };

  static threadgroup_emulator*& active() {
    static thread_local threadgroup_emulator* emulator = nullptr;  // makecontext passes no pointer
    return emulator;
  }

  static void fiber_main() {
    threadgroup_emulator* self = active();
    const unsigned me = self->current_;
    (*self->body_)(me);
    self->fibers_[me]->done = true;
    ++self->progress_;
  }  // returning resumes the scheduler (uc_link)

  void yield() {
    const unsigned me = current_;
    swapcontext(&fibers_[me]->context, &scheduler_);
    current_ = me;
  }

  void wait(barrier& b, unsigned participants) {
    const unsigned generation = b.generation;
    if (++b.arrived == participants) {
      b.arrived = 0;
      ++b.generation;
      ++progress_;
      return;
    }
    while (b.generation == generation) yield();
  }

  /// simd_sum / simd_max: every lane posts its value, waits for its simdgroup, and reads them all.
  /// Slots alternate between two banks by barrier generation: a lane can write the same bank again
  /// only two reductions later, after every lane has passed the barrier of the one in between,
  /// that is, after every lane has read this one.
  float reduce(float x, bool take_max) {
    check_cooperative();
    const unsigned simd = current_ / width_;
    const unsigned first = simd * width_;
    const unsigned n_lanes = std::min(width_, n_ - first);
    std::vector<float>& bank = slots_[simd_barriers_[simd].generation % 2];
    bank[current_] = x;
    wait(simd_barriers_[simd], n_lanes);
    float r = bank[first];
    for (unsigned i = 1; i < n_lanes; ++i) r = take_max ? std::max(r, bank[first + i]) : r + bank[first + i];
    return r;
  }

  unsigned n_ = 0;
  unsigned width_ = 32;
  const std::function<void(unsigned)>* body_ = nullptr;
  std::vector<std::unique_ptr<fiber>> fibers_;
  ucontext_t scheduler_{};
  unsigned current_ = 0;
  std::uint64_t progress_ = 0;
  std::vector<float> slots_[2];
  std::vector<barrier> simd_barriers_;
  barrier group_barrier_;
  bool sequential_ = false;
};

/// The attribute values of one GPU thread.
struct thread_ids {
  metal::uint3 position_in_grid;  // [[thread_position_in_grid]]
  metal::uint3 group;             // [[threadgroup_position_in_grid]]
  unsigned index_in_group;        // [[thread_index_in_threadgroup]]
  unsigned threads_per_group;     // [[threads_per_threadgroup]] (1-D groups)
  unsigned simd_index;            // [[simdgroup_index_in_threadgroup]]
  unsigned simds;                 // [[simdgroups_per_threadgroup]]
  unsigned lane;                  // [[thread_index_in_simdgroup]]
  unsigned simd_width;            // [[threads_per_simdgroup]]
};

/// A kernel's argument block from the backend's (metal_dispatch.hpp): same size, copied bytewise.
template <class Kernel, class Host>
Kernel kernel_args(const Host& host) {
  static_assert(sizeof(Kernel) == sizeof(Host), "kernels.metal and metal_dispatch.hpp disagree");
  Kernel k;
  std::memcpy(&k, &host, sizeof k);
  return k;
}

/**
 * A backend that runs kernels.metal through the emulator with the Metal backend's dispatch plans.
 * Memory is the CPU backend's (inherited); every kernel is overridden. Apple GPU limits: simdgroups
 * of 32, up to 1024 threads per threadgroup.
 */
class emulated_metal_backend final : public toolcall_chat::cpu_backend {
 public:
  explicit emulated_metal_backend(toolcall_chat::metal::pipeline_limits limits = {})
      : cpu_backend(1), limits_(limits) {}

  const char* name() const noexcept override { return "emulated metal"; }

  void get_rows(const float* table, const std::int32_t* ids, int n_ids, int cols, float* out) override {
    namespace m = toolcall_chat::metal;
    const auto args = kernel_args<metal_kernels::get_rows_args>(m::get_rows_args{n_ids, cols});
    grid(m::plan_get_rows(n_ids, cols), [&](const thread_ids& t) {
      metal_kernels::get_rows(table, ids, out, args, {t.position_in_grid.x, t.position_in_grid.y});
    });
  }

  void matmul(const float* w, const float* x, float* y, int n_tokens, int rows, int cols) override {
    namespace m = toolcall_chat::metal;
    const auto args = kernel_args<metal_kernels::matmul_args>(m::matmul_args{n_tokens, rows, cols});
    grid(
        m::plan_matmul(limits_, n_tokens, rows),
        [&](const thread_ids& t) {
          metal_kernels::matmul(w, x, y, args, {t.group.x, t.group.y}, t.simd_index, t.simds, t.lane, t.simd_width);
        },
        /*cooperative=*/true);
  }

  void add_bias(float* y, const float* b, int n_tokens, int n) override {
    namespace m = toolcall_chat::metal;
    const auto args = kernel_args<metal_kernels::add_bias_args>(m::add_bias_args{n_tokens, n});
    grid(m::plan_add_bias(n_tokens, n), [&](const thread_ids& t) {
      metal_kernels::add_bias(y, b, args, {t.position_in_grid.x, t.position_in_grid.y});
    });
  }

  void add(float* y, const float* x, int n) override {
    namespace m = toolcall_chat::metal;
    const auto args = kernel_args<metal_kernels::count_args>(m::count_args{n});
    grid(m::plan_linear(n), [&](const thread_ids& t) { metal_kernels::add(y, x, args, t.position_in_grid.x); });
  }

  void rmsnorm(const float* x, const float* w, float* out, int n_rows, int n, float eps) override {
    namespace m = toolcall_chat::metal;
    const auto args = kernel_args<metal_kernels::rmsnorm_args>(m::rmsnorm_args{n_rows, n, eps});
    grid(
        m::plan_rmsnorm(limits_, n_rows, n),
        [&](const thread_ids& t) {
          metal_kernels::rmsnorm(x, w, out, args, t.group.x, t.index_in_group, t.threads_per_group, t.simd_index,
                                 t.simds, t.lane);
        },
        /*cooperative=*/true);
  }

  void rope(float* x, int n_tokens, int n_heads, int head_dim, int pos0, float base) override {
    namespace m = toolcall_chat::metal;
    const auto args = kernel_args<metal_kernels::rope_args>(m::rope_args{n_tokens, n_heads, head_dim, pos0, base});
    grid(m::plan_rope(n_tokens, n_heads, head_dim),
         [&](const thread_ids& t) { metal_kernels::rope(x, args, t.position_in_grid); });
  }

  void attention(const float* q, const float* k_cache, const float* v_cache, float* out, float* scores, int n_tokens,
                 int pos0, int n_head, int n_head_kv, int head_dim) override {
    namespace m = toolcall_chat::metal;
    const auto args =
        kernel_args<metal_kernels::attention_args>(m::attention_args{n_tokens, pos0, n_head, n_head_kv, head_dim});
    grid(
        m::plan_attention(limits_, n_tokens, n_head),
        [&](const thread_ids& t) {
          metal_kernels::attention(q, k_cache, v_cache, out, scores, args, {t.group.x, t.group.y}, t.lane,
                                   t.simd_width);
        },
        /*cooperative=*/true);
  }

  void silu_mul(const float* gate, const float* up, float* out, int n) override {
    namespace m = toolcall_chat::metal;
    const auto args = kernel_args<metal_kernels::count_args>(m::count_args{n});
    grid(m::plan_linear(n),
         [&](const thread_ids& t) { metal_kernels::silu_mul(gate, up, out, args, t.position_in_grid.x); });
  }

  std::uint64_t threadgroups_run() const noexcept { return threadgroups_; }

 private:
  /// Runs `kernel` for every thread of the dispatch, threadgroup after threadgroup. Only kernels
  /// with barriers or reductions need their threads to run as fibers (`cooperative`).
  void grid(const dispatch& d, const std::function<void(const thread_ids&)>& kernel, bool cooperative = false) {
    REQUIRE(d.threads.x * d.threads.y * d.threads.z <= limits_.max_threads);
    const auto tx = static_cast<unsigned>(d.threads.x), ty = static_cast<unsigned>(d.threads.y),
               tz = static_cast<unsigned>(d.threads.z);
    const unsigned n = tx * ty * tz;
    const auto width = static_cast<unsigned>(limits_.simd_width);
    for (unsigned gz = 0; gz < d.groups.z; ++gz) {
      for (unsigned gy = 0; gy < d.groups.y; ++gy) {
        for (unsigned gx = 0; gx < d.groups.x; ++gx) {
          ++threadgroups_;
          const auto thread = [&](unsigned tid) {
            const metal::uint3 local{tid % tx, (tid / tx) % ty, tid / (tx * ty)};
            thread_ids t;
            t.group = {gx, gy, gz};
            t.position_in_grid = {gx * tx + local.x, gy * ty + local.y, gz * tz + local.z};
            t.index_in_group = tid;
            t.threads_per_group = n;
            t.simd_index = tid / width;
            t.simds = (n + width - 1) / width;
            t.lane = tid % width;
            t.simd_width = width;
            kernel(t);
          };
          if (cooperative) {
            emulator_.run(n, width, thread);
          } else {
            emulator_.run_sequential(n, thread);
          }
        }
      }
    }
  }

  toolcall_chat::metal::pipeline_limits limits_;
  threadgroup_emulator emulator_;
  std::uint64_t threadgroups_ = 0;
};

std::vector<float> random_floats(std::size_t n, std::uint64_t seed, float scale = 1.0f) {
  toolcall_chat::splitmix64 rng(seed);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>((2.0 * rng.uniform() - 1.0) * scale);
  return v;
}

float max_diff(const std::vector<float>& a, const std::vector<float>& b) {
  float worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

}  // namespace

TEST_SUITE("engine.metal_emulation") {
  TEST_CASE("each kernel of kernels.metal matches the CPU backend") {
    toolcall_chat::cpu_backend cpu(1);
    emulated_metal_backend gpu;

    SUBCASE("get_rows") {
      const std::vector<float> table = random_floats(7 * 300, 1);
      const std::vector<std::int32_t> ids = {6, 0, 3, 3};
      std::vector<float> a(4 * 300), b(4 * 300, 9.0f);
      cpu.get_rows(table.data(), ids.data(), 4, 300, a.data());
      gpu.get_rows(table.data(), ids.data(), 4, 300, b.data());
      CHECK(a == b);
    }
    SUBCASE("matmul: rows not a multiple of the rows per group, cols not of the simd width") {
      for (int rows : {1, 5, 64, 301}) {
        CAPTURE(rows);
        const int cols = 75, n_tokens = 3;
        const std::vector<float> w = random_floats(static_cast<std::size_t>(rows * cols), 2);
        const std::vector<float> x = random_floats(static_cast<std::size_t>(n_tokens * cols), 3);
        std::vector<float> a(static_cast<std::size_t>(n_tokens * rows)), b(a.size(), 9.0f);
        cpu.matmul(w.data(), x.data(), a.data(), n_tokens, rows, cols);
        gpu.matmul(w.data(), x.data(), b.data(), n_tokens, rows, cols);
        CHECK(max_diff(a, b) < 1e-5f);
      }
    }
    SUBCASE("add_bias, add, silu_mul") {
      const std::vector<float> bias = random_floats(300, 4);
      std::vector<float> a = random_floats(2 * 300, 5), b = a;
      cpu.add_bias(a.data(), bias.data(), 2, 300);
      gpu.add_bias(b.data(), bias.data(), 2, 300);
      CHECK(a == b);
      const std::vector<float> x = random_floats(600, 6);
      cpu.add(a.data(), x.data(), 600);
      gpu.add(b.data(), x.data(), 600);
      CHECK(a == b);
      const std::vector<float> up = random_floats(600, 7, 3.0f);
      cpu.silu_mul(a.data(), up.data(), a.data(), 600);  // in place, as the session uses it
      gpu.silu_mul(b.data(), up.data(), b.data(), 600);
      CHECK(max_diff(a, b) < 1e-6f);
    }
    SUBCASE("rmsnorm: short rows, several simdgroups, rows longer than the threadgroup, in place") {
      for (int n : {16, 64, 100, 1000}) {
        CAPTURE(n);
        const int rows = 3;
        const std::vector<float> w = random_floats(static_cast<std::size_t>(n), 8);
        std::vector<float> a = random_floats(static_cast<std::size_t>(rows * n), 9, 4.0f), b = a;
        cpu.rmsnorm(a.data(), w.data(), a.data(), rows, n, 1e-6f);
        gpu.rmsnorm(b.data(), w.data(), b.data(), rows, n, 1e-6f);
        CHECK(max_diff(a, b) < 1e-5f);
      }
    }
    SUBCASE("rope") {
      for (int head_dim : {16, 128}) {
        CAPTURE(head_dim);
        std::vector<float> a = random_floats(static_cast<std::size_t>(3 * 4 * head_dim), 10), b = a;
        cpu.rope(a.data(), 3, 4, head_dim, 1000, 1000000.0f);
        gpu.rope(b.data(), 3, 4, head_dim, 1000, 1000000.0f);
        CHECK(max_diff(a, b) < 1e-5f);
      }
    }
    SUBCASE("attention: sequences longer than a simdgroup, head_dim above it, grouped heads") {
      const int n_head = 8, n_head_kv = 2, head_dim = 64, pos0 = 40, n_tokens = 5, seq = pos0 + n_tokens;
      const std::vector<float> q = random_floats(static_cast<std::size_t>(n_tokens * n_head * head_dim), 11);
      const std::vector<float> k = random_floats(static_cast<std::size_t>(seq * n_head_kv * head_dim), 12);
      const std::vector<float> v = random_floats(static_cast<std::size_t>(seq * n_head_kv * head_dim), 13);
      std::vector<float> a(q.size()), b(q.size(), 9.0f);
      std::vector<float> scores_a(static_cast<std::size_t>(n_tokens * n_head * seq)), scores_b(scores_a.size());
      cpu.attention(q.data(), k.data(), v.data(), a.data(), scores_a.data(), n_tokens, pos0, n_head, n_head_kv,
                    head_dim);
      gpu.attention(q.data(), k.data(), v.data(), b.data(), scores_b.data(), n_tokens, pos0, n_head, n_head_kv,
                    head_dim);
      CHECK(max_diff(a, b) < 1e-5f);
    }
    CHECK(gpu.threadgroups_run() > 0);
  }

  TEST_CASE("tiny models: the emulated Metal backend matches the CPU backend and the reference") {
    // Every emulated token costs tens of thousands of fibers: a short prompt, in chunks of 2 (so
    // batches and the KV cache at pos0 > 0 are both exercised), then two decode steps.
    for (const char* arch : {"qwen2", "qwen3"}) {
      CAPTURE(arch);
      const toolcall_chat::model m = engine_test::make_tiny_model(engine_test::tiny_options(arch, 301, 4));
      toolcall_chat::cpu_backend cpu(1);
      emulated_metal_backend gpu;
      toolcall_chat::session_options o;
      o.max_batch = 2;
      toolcall_chat::session on_cpu(m, cpu, o);
      toolcall_chat::session on_gpu(m, gpu, o);
      std::vector<std::int32_t> tokens = {3, 141, 59, 26, 5};
      REQUIRE(on_cpu.eval(tokens).ok());
      REQUIRE(on_gpu.eval(tokens).ok());
      for (int step = 0;; ++step) {
        CAPTURE(step);
        const float* a = on_cpu.logits();
        const float* b = on_gpu.logits();
        const std::vector<double> expected = engine_test::reference_logits(m, tokens);
        double to_cpu = 0, to_reference = 0;
        for (std::size_t i = 0; i < expected.size(); ++i) {
          to_cpu = std::max<double>(to_cpu, std::fabs(a[i] - b[i]));
          to_reference = std::max(to_reference, std::fabs(b[i] - expected[i]));
        }
        CHECK(to_cpu < 1e-5);
        CHECK(to_reference < 1e-4);
        if (step == 2) break;
        const auto next = static_cast<std::int32_t>(std::max_element(b, b + on_gpu.n_vocab()) - b);
        tokens.push_back(next);
        REQUIRE(on_cpu.eval(&next, 1).ok());
        REQUIRE(on_gpu.eval(&next, 1).ok());
      }
    }
  }
}

#endif
