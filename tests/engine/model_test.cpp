// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT

#include "model.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "backend_cpu.hpp"
#include "reference_model.hpp"
#include "test_util.hpp"
#include "tiny_model.hpp"

using namespace toolcall_chat;

namespace {

std::int32_t argmax(const float* x, int n) { return static_cast<std::int32_t>(std::max_element(x, x + n) - x); }

double max_abs_diff(const float* a, const std::vector<double>& b) {
  double worst = 0;
  for (std::size_t i = 0; i < b.size(); ++i) worst = std::max(worst, std::fabs(static_cast<double>(a[i]) - b[i]));
  return worst;
}

float max_abs_diff(const float* a, const float* b, int n) {
  float worst = 0;
  for (int i = 0; i < n; ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

const std::vector<std::int32_t> prompt = {3, 141, 59, 26, 5, 35, 89, 7, 93, 238};

/// Runs `prompt`, then `steps` greedy tokens; checks every step's logits against the reference.
void check_against_reference(const model& m, backend& b, int steps) {
  session s(m, b);
  std::vector<std::int32_t> tokens = prompt;
  REQUIRE(s.eval(tokens).ok());
  for (int step = 0;; ++step) {
    CAPTURE(step);
    const std::vector<double> expected = engine_test::reference_logits(m, tokens);
    REQUIRE(expected.size() == static_cast<std::size_t>(m.config.n_vocab));
    CHECK(max_abs_diff(s.logits(), expected) < 1e-4);
    if (step == steps) break;
    const std::int32_t next = argmax(s.logits(), s.n_vocab());
    tokens.push_back(next);
    REQUIRE(s.eval(&next, 1).ok());
  }
  CHECK(s.n_past() == static_cast<int>(tokens.size()));
}

}  // namespace

TEST_SUITE("engine.model") {
  TEST_CASE("load_model reads the tiny model's shape") {
    const model m = engine_test::make_tiny_model(engine_test::tiny_options("qwen3", 300, 1));
    const model_config& c = m.config;
    CHECK(c.arch == model_arch::qwen3);
    CHECK(c.n_vocab == 300);
    CHECK(c.n_embd == 64);
    CHECK(c.n_layer == 2);
    CHECK(c.n_head == 4);
    CHECK(c.n_head_kv == 2);
    CHECK(c.head_dim == 16);
    CHECK(c.n_ff == 128);
    CHECK(c.n_ctx_train == 4096);
    CHECK(c.rope_base == 1000000.0f);
    CHECK(c.rms_eps == 1e-6f);
    CHECK(m.output.empty());
    CHECK(&m.output_weights() == &m.token_embd);
    REQUIRE(m.layers.size() == 2);
    CHECK(m.layers[0].q_norm.size() == 16);
    CHECK(m.layers[0].bq.empty());
    CHECK(m.layers[1].ffn_down.size() == 64 * 128);

    const model q2 = engine_test::make_tiny_model(engine_test::tiny_options("qwen2", 300, 1));
    CHECK(q2.config.arch == model_arch::qwen2);
    CHECK(q2.config.head_dim == 16);  // n_embd / n_head: qwen2 files have no key_length
    CHECK(q2.layers[0].bq.size() == 64);
    CHECK(q2.layers[0].bk.size() == 32);
    CHECK(q2.layers[0].q_norm.empty());
  }

  TEST_CASE("forward pass matches the naive reference for several steps") {
    for (const char* arch : {"qwen2", "qwen3"}) {
      CAPTURE(arch);
      SUBCASE("f32, tied embeddings") {
        const model m = engine_test::make_tiny_model(engine_test::tiny_options(arch, 300, 11));
        REQUIRE(m.config.n_vocab == 300);
        cpu_backend cpu(2);
        check_against_reference(m, cpu, 6);
      }
      SUBCASE("f16 and q8_0 matrices, untied output") {
        tiny_model_options o = engine_test::tiny_options(arch, 300, 12);
        o.tied_embeddings = false;
        o.matrix_type = ggml_type::q8_0;
        o.embedding_type = ggml_type::f16;
        const model m = engine_test::make_tiny_model(o);
        REQUIRE(!m.output.empty());
        cpu_backend cpu(1);
        check_against_reference(m, cpu, 4);
      }
    }
  }

  TEST_CASE("the reference is not trivially satisfied") {
    // Sanity of the test itself: a model with other weights gives clearly different logits.
    const model a = engine_test::make_tiny_model(engine_test::tiny_options("qwen3", 300, 1));
    const model b = engine_test::make_tiny_model(engine_test::tiny_options("qwen3", 300, 2));
    cpu_backend cpu(1);
    session s(a, cpu);
    REQUIRE(s.eval(prompt).ok());
    CHECK(max_abs_diff(s.logits(), engine_test::reference_logits(b, prompt)) > 0.1);
  }

  TEST_CASE("KV cache: incremental, chunked and whole-prompt evaluation agree") {
    const model m = engine_test::make_tiny_model(engine_test::tiny_options("qwen2", 300, 5));
    cpu_backend cpu(1);

    session whole(m, cpu);
    REQUIRE(whole.eval(prompt).ok());

    session one_by_one(m, cpu);
    for (std::int32_t t : prompt) REQUIRE(one_by_one.eval(&t, 1).ok());

    session_options small;
    small.max_batch = 3;  // the prompt is split into 3 + 3 + 3 + 1
    session chunked(m, cpu, small);
    REQUIRE(chunked.eval(prompt).ok());

    CHECK(max_abs_diff(whole.logits(), one_by_one.logits(), m.config.n_vocab) < 1e-5f);
    CHECK(max_abs_diff(whole.logits(), chunked.logits(), m.config.n_vocab) < 1e-5f);

    // Rewinding to a prefix and evaluating the rest again reproduces the logits exactly.
    std::vector<float> before(whole.logits(), whole.logits() + m.config.n_vocab);
    whole.rewind(4);
    CHECK(whole.n_past() == 4);
    CHECK(whole.logits() == nullptr);
    REQUIRE(whole.eval(prompt.data() + 4, prompt.size() - 4).ok());
    CHECK(std::memcmp(before.data(), whole.logits(), before.size() * sizeof(float)) == 0);

    // A different continuation after a rewind does not see the forgotten tokens.
    whole.rewind(5);
    const std::int32_t other = 17;
    REQUIRE(whole.eval(&other, 1).ok());
    std::vector<std::int32_t> branched(prompt.begin(), prompt.begin() + 5);
    branched.push_back(other);
    CHECK(max_abs_diff(whole.logits(), engine_test::reference_logits(m, branched)) < 1e-4);
  }

  TEST_CASE("a session gives its backend memory back") {
    const model m = engine_test::make_tiny_model(engine_test::tiny_options("qwen3", 300, 3));
    struct counting_backend final : cpu_backend {
      counting_backend() : cpu_backend(1) {}
      const float* upload(const float* data, std::size_t n) override {
        ++live;
        return cpu_backend::upload(data, n);
      }
      float* alloc(std::size_t n) override {
        ++live;
        return cpu_backend::alloc(n);
      }
      void release(const float* p) override {
        live -= p != nullptr;
        cpu_backend::release(p);
      }
      int live = 0;
    };
    counting_backend b;
    {
      session s(m, b);
      CHECK(b.live > 0);
      REQUIRE(s.eval(prompt).ok());
    }
    CHECK(b.live == 0);
    for (int i = 0; i < 3; ++i) CHECK(verify(m, b, b, prompt).ok);
    CHECK(b.live == 0);
  }

  TEST_CASE("eval rejects bad input and leaves the session usable") {
    const model m = engine_test::make_tiny_model(engine_test::tiny_options("qwen3", 300, 3));
    cpu_backend cpu(1);
    session_options o;
    o.n_ctx = 8;
    session s(m, cpu, o);
    CHECK(s.n_ctx() == 8);
    CHECK(s.logits() == nullptr);
    CHECK(s.eval(nullptr, 0).error.find("at least one") != std::string::npos);
    const std::int32_t bad[] = {1, 300};
    CHECK(s.eval(bad, 2).error.find("outside the vocabulary") != std::string::npos);
    const std::int32_t negative = -1;
    CHECK_FALSE(s.eval(&negative, 1).ok());
    CHECK(s.n_past() == 0);
    CHECK(s.eval(std::vector<std::int32_t>(9, 1)).error.find("context full") != std::string::npos);
    REQUIRE(s.eval(std::vector<std::int32_t>(8, 1)).ok());
    const std::int32_t one = 1;
    CHECK_FALSE(s.eval(&one, 1).ok());
    CHECK(s.n_past() == 8);
  }

  TEST_CASE("load_model reports what is wrong") {
    CHECK(load_model("/nonexistent/model.gguf").error.find("cannot open") != std::string::npos);

    gguf_writer w;
    w.set_string("general.architecture", "llama");
    engine_result<gguf_file> f = parse_gguf(w.bytes());
    REQUIRE(f.ok());
    CHECK(load_model(f.value).error.find("unsupported architecture") != std::string::npos);

    gguf_writer q;
    q.set_string("general.architecture", "qwen3");
    f = parse_gguf(q.bytes());
    REQUIRE(f.ok());
    CHECK(load_model(f.value).error.find("hyperparameters") != std::string::npos);

    // Copies of a good file with one tensor transposed, or one missing.
    engine_test::temp_file file("badshape");
    REQUIRE(write_tiny_model(file.path(), engine_test::tiny_options("qwen3", 300, 1)).ok());
    engine_result<gguf_file> good = read_gguf(file.path());
    REQUIRE(good.ok());
    const auto altered = [&good](const std::string& transpose, const std::string& drop) {
      gguf_writer copy;
      for (const gguf_kv& kv : good.value.metadata()) copy.set(kv.key, kv.value);
      for (const gguf_tensor_info& t : good.value.tensors()) {
        std::vector<float> data;
        REQUIRE(good.value.read_f32(t, data).ok());
        std::vector<std::uint64_t> dims = t.dims;
        if (t.name == transpose) std::swap(dims[0], dims[1]);
        if (t.name != drop) REQUIRE(copy.add_tensor(t.name, dims, t.type, data.data()).ok());
      }
      engine_result<gguf_file> parsed = parse_gguf(copy.bytes());
      REQUIRE(parsed.ok());
      return load_model(parsed.value).error;
    };
    CHECK(altered("", "").empty());
    CHECK(altered("blk.1.ffn_up.weight", "") == "tensor 'blk.1.ffn_up.weight' has dims 128 x 64, expected 64 x 128");
    CHECK(altered("", "blk.0.attn_k_norm.weight") == "missing tensor 'blk.0.attn_k_norm.weight'");
    CHECK(altered("", "output_norm.weight") == "missing tensor 'output_norm.weight'");
  }

  TEST_CASE("the CPU backend gives identical logits with 1 and N threads") {
    // A vocabulary big enough that the output matmul and the prompt's attention run on the pool.
    const model m = engine_test::make_tiny_model(engine_test::tiny_options("qwen3", 5000, 9));
    std::vector<std::int32_t> tokens;
    for (int i = 0; i < 48; ++i) tokens.push_back((i * 97 + 13) % 5000);
    std::vector<std::vector<float>> results;
    for (int threads : {1, 2, 3, 4, 7}) {
      cpu_backend cpu(threads);
      CHECK(cpu.threads() == threads);
      session s(m, cpu);
      REQUIRE(s.eval(tokens).ok());
      const std::int32_t next = 4242;
      REQUIRE(s.eval(&next, 1).ok());
      results.emplace_back(s.logits(), s.logits() + s.n_vocab());
    }
    for (std::size_t i = 1; i < results.size(); ++i) {
      CAPTURE(i);
      CHECK(std::memcmp(results[0].data(), results[i].data(), results[0].size() * sizeof(float)) == 0);
    }

    const verify_report report = verify(m, tokens);
    CHECK_MESSAGE(report.ok, report.error);
    CHECK(report.max_abs_diff == 0.0f);
    CHECK(report.argmax_reference == report.argmax_candidate);
    CHECK(report.max_abs_logit > 0.0f);
  }

  TEST_CASE("the thread pool covers every index exactly once") {
    for (int threads : {1, 2, 5}) {
      detail::thread_pool pool(threads);
      for (std::size_t n : {0u, 1u, 2u, 3u, 17u, 1000u}) {
        std::vector<std::atomic<int>> hits(n);
        for (int round = 0; round < 3; ++round) {
          pool.run(n, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) hits[i].fetch_add(1);
          });
        }
        for (std::size_t i = 0; i < n; ++i) CHECK(hits[i].load() == 3);
      }
    }
  }
}

TEST_SUITE("engine.sampling") {
  TEST_CASE("greedy picks the highest logit, lowest id on ties") {
    sampler s;
    const std::vector<float> logits = {0.5f, 2.0f, -1.0f, 2.0f};
    CHECK(s.sample(logits.data(), logits.size()) == 1);
    const std::vector<float> masked = {-INFINITY, -INFINITY};
    CHECK(s.sample(masked.data(), masked.size()) == -1);
  }

  TEST_CASE("a seed gives the same tokens; another seed other tokens") {
    const model m = engine_test::make_tiny_model(engine_test::tiny_options("qwen3", 300, 21));
    cpu_backend cpu(2);
    const auto generate = [&](std::uint64_t seed) {
      sampling_params p;
      p.temperature = 1.5f;
      p.top_p = 0.95f;
      p.seed = seed;
      sampler pick(p);
      session s(m, cpu);
      REQUIRE(s.eval(prompt).ok());
      std::vector<std::int32_t> out;
      for (int i = 0; i < 24; ++i) {
        const std::int32_t next = pick.sample(s.logits(), static_cast<std::size_t>(s.n_vocab()));
        REQUIRE(next >= 0);
        out.push_back(next);
        REQUIRE(s.eval(&next, 1).ok());
      }
      return out;
    };
    const std::vector<std::int32_t> a = generate(1234);
    CHECK(a == generate(1234));
    CHECK(a != generate(1235));
    CHECK(std::set<std::int32_t>(a.begin(), a.end()).size() > 3);  // it really samples
  }

  TEST_CASE("temperature sampling follows the softmax") {
    // Logits ln(1), ln(2), ln(3), ln(4): probabilities 0.1, 0.2, 0.3, 0.4 at temperature 1.
    const std::vector<float> logits = {0.0f, std::log(2.0f), std::log(3.0f), std::log(4.0f)};
    sampling_params p;
    p.temperature = 1.0f;
    p.seed = 99;
    sampler s(p);
    std::map<std::int32_t, int> counts;
    const int draws = 40000;
    for (int i = 0; i < draws; ++i) ++counts[s.sample(logits.data(), logits.size())];
    for (int id = 0; id < 4; ++id) {
      CAPTURE(id);
      CHECK(static_cast<double>(counts[id]) / draws == doctest::Approx(0.1 * (id + 1)).epsilon(0.05));
    }

    // top_p = 0.5 keeps {3, 2} (0.4 + 0.3 >= 0.5), renormalized to 4/7 and 3/7.
    p.top_p = 0.5f;
    sampler nucleus(p);
    counts.clear();
    for (int i = 0; i < draws; ++i) ++counts[nucleus.sample(logits.data(), logits.size())];
    CHECK(counts[0] + counts[1] == 0);
    CHECK(static_cast<double>(counts[3]) / draws == doctest::Approx(4.0 / 7).epsilon(0.05));

    // top_k = 1 is greedy; a tiny top_p keeps only the best token.
    p.top_p = 1.0f;
    p.top_k = 1;
    sampler top1(p);
    p.top_k = 0;
    p.top_p = 1e-6f;
    sampler tiny_p(p);
    for (int i = 0; i < 100; ++i) {
      CHECK(top1.sample(logits.data(), logits.size()) == 3);
      CHECK(tiny_p.sample(logits.data(), logits.size()) == 3);
    }
  }

  TEST_CASE("top-p over a large vocabulary sorts only what it needs, and still matches a full sort") {
    splitmix64 rng(5);
    std::vector<float> logits(151669);
    for (float& l : logits) l = static_cast<float>(rng.uniform() * 20.0);
    sampling_params p;
    p.temperature = 0.7f;
    p.top_p = 0.9f;
    p.top_k = 40;
    p.seed = 3;
    sampler s(p);
    // The 40 best ids by a full sort.
    std::vector<std::int32_t> ids(logits.size());
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<std::int32_t>(i);
    std::sort(ids.begin(), ids.end(), [&](std::int32_t a, std::int32_t b) {
      return logits[static_cast<std::size_t>(a)] > logits[static_cast<std::size_t>(b)];
    });
    const std::set<std::int32_t> top40(ids.begin(), ids.begin() + 40);
    for (int i = 0; i < 200; ++i) CHECK(top40.count(s.sample(logits.data(), logits.size())) == 1);
  }

  TEST_CASE("forced decoding through the mask produces exactly the given ids") {
    const model m = engine_test::make_tiny_model(engine_test::tiny_options("qwen2", 300, 8));
    cpu_backend cpu(1);
    const std::vector<std::int32_t> forced = {42, 0, 299, 7, 7, 150, 298, 1};
    for (float temperature : {0.0f, 1.0f}) {
      CAPTURE(temperature);
      sampling_params p;
      p.temperature = temperature;
      p.top_p = 0.9f;
      p.seed = 77;
      sampler pick(p);
      session s(m, cpu);
      REQUIRE(s.eval(prompt).ok());
      std::vector<std::int32_t> out;
      for (std::int32_t id : forced) {
        const std::vector<float> before(s.logits(), s.logits() + s.n_vocab());
        const std::int32_t next = pick.sample(s.logits(), static_cast<std::size_t>(s.n_vocab()), allow_only(id));
        CHECK(std::memcmp(before.data(), s.logits(), before.size() * sizeof(float)) == 0);  // untouched
        out.push_back(next);
        REQUIRE(s.eval(&next, 1).ok());
      }
      CHECK(out == forced);
    }

    // allow_ids restricts to a set.
    sampling_params p;
    p.temperature = 2.0f;
    sampler pick(p);
    std::vector<float> logits(300, 0.0f);
    logits[5] = 10.0f;
    const logit_mask mask = allow_ids({3, 4, 1000, -2});
    for (int i = 0; i < 50; ++i) {
      const std::int32_t id = pick.sample(logits.data(), logits.size(), mask);
      CHECK((id == 3 || id == 4));
    }
  }
}
