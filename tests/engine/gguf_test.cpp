// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT

#include "gguf.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "model.hpp"
#include "test_util.hpp"

using namespace toolcall_chat;

namespace {

const std::string odd_string("h\xc3\xa9llo\n\"world\"\0x", 16);  // UTF-8, quotes, an embedded NUL

/// Every scalar and array type, with values at the edges of their ranges.
std::vector<gguf_kv> all_metadata_types() {
  std::vector<gguf_kv> kv;
  const auto add = [&kv](std::string key, gguf_value v) { kv.push_back({std::move(key), std::move(v)}); };
  add("s.uint8", gguf_value::of_uint(gguf_type::uint8, 255));
  add("s.int8", gguf_value::of_int(gguf_type::int8, -128));
  add("s.uint16", gguf_value::of_uint(gguf_type::uint16, 65535));
  add("s.int16", gguf_value::of_int(gguf_type::int16, -32768));
  add("s.uint32", gguf_value::of_uint(gguf_type::uint32, 4294967295u));
  add("s.int32", gguf_value::of_int(gguf_type::int32, std::numeric_limits<std::int32_t>::min()));
  add("s.float32", gguf_value::of_float(gguf_type::float32, 0.15625));  // exact in float
  add("s.bool", gguf_value::of_bool(true));
  add("s.string", gguf_value::of_string(odd_string));
  add("s.empty_string", gguf_value::of_string(""));
  add("s.uint64", gguf_value::of_uint(gguf_type::uint64, std::numeric_limits<std::uint64_t>::max()));
  add("s.int64", gguf_value::of_int(gguf_type::int64, std::numeric_limits<std::int64_t>::min()));
  add("s.float64", gguf_value::of_float(gguf_type::float64, 3.141592653589793));
  add("a.uint8", gguf_value::array_of_uint(gguf_type::uint8, {0, 1, 255}));
  add("a.int8", gguf_value::array_of_int(gguf_type::int8, {-128, 0, 127}));
  add("a.uint16", gguf_value::array_of_uint(gguf_type::uint16, {0, 65535}));
  add("a.int16", gguf_value::array_of_int(gguf_type::int16, {-32768, 32767}));
  add("a.uint32", gguf_value::array_of_uint(gguf_type::uint32, {7, 4294967295u}));
  add("a.int32", gguf_value::array_of_int(gguf_type::int32, {1, 3, 4, -1}));
  add("a.float32", gguf_value::array_of_float(gguf_type::float32, {0.5, -2.25, 1e-3f}));
  add("a.bool", gguf_value::array_of_uint(gguf_type::boolean, {1, 0, 1}));
  add("a.string", gguf_value::array_of_string({"Ġthe", "<|im_end|>", "", "a b"}));
  add("a.uint64", gguf_value::array_of_uint(gguf_type::uint64, {0, std::numeric_limits<std::uint64_t>::max()}));
  add("a.int64", gguf_value::array_of_int(gguf_type::int64, {std::numeric_limits<std::int64_t>::min(), 5}));
  add("a.float64", gguf_value::array_of_float(gguf_type::float64, {1e300, -0.0}));
  add("a.empty", gguf_value::array_of_int(gguf_type::int32, {}));
  add("a.empty_strings", gguf_value::array_of_string({}));
  return kv;
}

std::vector<float> ramp(std::size_t n, float scale) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = scale * std::sin(0.37f * static_cast<float>(i) + 0.1f);
  return v;
}

}  // namespace

TEST_SUITE("engine.gguf") {
  TEST_CASE("f16 conversion: exact values, rounding, subnormals, specials") {
    CHECK(f32_to_f16(0.0f) == 0x0000);
    CHECK(f32_to_f16(-0.0f) == 0x8000);
    CHECK(f32_to_f16(1.0f) == 0x3c00);
    CHECK(f32_to_f16(-2.0f) == 0xc000);
    CHECK(f32_to_f16(65504.0f) == 0x7bff);  // largest half
    CHECK(f32_to_f16(65520.0f) == 0x7c00);  // rounds up to infinity
    CHECK(f32_to_f16(1e10f) == 0x7c00);
    CHECK(f32_to_f16(std::ldexp(1.0f, -14)) == 0x0400);         // smallest normal
    CHECK(f32_to_f16(std::ldexp(1.0f, -24)) == 0x0001);         // smallest subnormal
    CHECK(f32_to_f16(std::ldexp(1.0f, -25)) == 0x0000);         // halfway to 0: ties to even (0)
    CHECK(f32_to_f16(std::ldexp(3.0f, -25)) == 0x0002);         // 1.5 ulp: ties to even (2)
    CHECK(f32_to_f16(1.0f + std::ldexp(1.0f, -11)) == 0x3c00);  // halfway: ties to even
    CHECK(f32_to_f16(1.0f + std::ldexp(3.0f, -11)) == 0x3c02);
    CHECK(f32_to_f16(INFINITY) == 0x7c00);
    CHECK(f32_to_f16(-INFINITY) == 0xfc00);
    CHECK((f32_to_f16(NAN) & 0x7c00) == 0x7c00);
    CHECK((f32_to_f16(NAN) & 0x03ff) != 0);

    // Every finite half converts to float and back unchanged.
    for (std::uint32_t h = 0; h < 0x10000; ++h) {
      const auto half = static_cast<std::uint16_t>(h);
      const float f = f16_to_f32(half);
      if (std::isnan(f)) continue;
      REQUIRE(f32_to_f16(f) == half);
    }
    CHECK(f16_to_f32(0x3555) == 0.333251953125f);  // 1365 / 4096
    CHECK(std::isinf(f16_to_f32(0x7c00)));
    CHECK(std::isnan(f16_to_f32(0x7e00)));
  }

  TEST_CASE("q8_0 quantization: block layout and error bound") {
    std::vector<float> x = ramp(64, 3.0f);
    x[5] = -3.5f;  // block 0's largest magnitude
    std::vector<unsigned char> bytes;
    REQUIRE(quantize(ggml_type::q8_0, x.data(), x.size(), bytes));
    REQUIRE(bytes.size() == 2 * q8_0_block_bytes);
    std::uint16_t h = 0;
    std::memcpy(&h, bytes.data(), 2);
    CHECK(f16_to_f32(h) == doctest::Approx(3.5 / 127).epsilon(1e-3));
    CHECK(static_cast<std::int8_t>(bytes[2 + 5]) == -127);

    std::vector<float> back(x.size());
    REQUIRE(dequantize(ggml_type::q8_0, bytes.data(), back.data(), back.size()));
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(std::fabs(back[i] - x[i]) <= 3.5f / 127 * 0.5f + 1e-3f);

    std::vector<float> zeros(32, 0.0f), zback(32, 1.0f);
    bytes.clear();
    REQUIRE(quantize(ggml_type::q8_0, zeros.data(), 32, bytes));
    REQUIRE(dequantize(ggml_type::q8_0, bytes.data(), zback.data(), 32));
    CHECK(zback == zeros);
    CHECK_FALSE(quantize(ggml_type::q8_0, zeros.data(), 31, bytes));
  }

  TEST_CASE("round trip of every metadata type and of f32, f16, q8_0 tensors") {
    const std::vector<gguf_kv> kv = all_metadata_types();
    const std::vector<float> a = ramp(3 * 5, 1.0f);       // f32 [3][5], dims {5, 3}
    const std::vector<float> b = ramp(7, 100.0f);         // f16 1-D
    const std::vector<float> c = ramp(2 * 64, 0.02f);     // q8_0 [2][64], dims {64, 2}
    const std::vector<float> d = ramp(2 * 3 * 4 * 5, 1);  // f32 4-D

    for (const std::uint32_t alignment : {0u, 64u, 1u}) {  // 0: default (key absent)
      CAPTURE(alignment);
      gguf_writer w;
      for (const gguf_kv& e : kv) w.set(e.key, e.value);
      if (alignment) w.set_uint32("general.alignment", alignment);
      REQUIRE(w.add_tensor("a", {5, 3}, ggml_type::f32, a.data()).ok());
      REQUIRE(w.add_tensor("b", {7}, ggml_type::f16, b.data()).ok());
      REQUIRE(w.add_tensor("c", {64, 2}, ggml_type::q8_0, c.data()).ok());
      REQUIRE(w.add_tensor("d", {5, 4, 3, 2}, ggml_type::f32, d.data()).ok());

      engine_result<gguf_file> r = parse_gguf(w.bytes());
      REQUIRE_MESSAGE(r.ok(), r.error);
      const gguf_file& f = r.value;
      CHECK(f.version() == 3);
      CHECK(f.alignment() == (alignment ? alignment : 32u));
      REQUIRE(f.metadata().size() == kv.size() + (alignment ? 1 : 0));
      for (std::size_t i = 0; i < kv.size(); ++i) {
        CAPTURE(kv[i].key);
        CHECK(f.metadata()[i].key == kv[i].key);
        const gguf_value* v = f.find(kv[i].key);
        REQUIRE(v != nullptr);
        CHECK(*v == kv[i].value);
      }
      CHECK(f.get_int("s.int8") == -128);
      CHECK(f.get_int("s.uint32") == 4294967295);
      CHECK(f.get_float("s.float32") == 0.15625);
      CHECK(f.get_string("s.string") == odd_string);
      CHECK(f.get_string("s.string").size() == 16);
      CHECK(f.get_int("missing", 42) == 42);
      CHECK(f.get_string("a.string", "fallback") == "fallback");  // not a scalar

      REQUIRE(f.tensors().size() == 4);
      for (const gguf_tensor_info& t : f.tensors()) CHECK(t.offset % f.alignment() == 0);
      std::vector<float> out;
      const gguf_tensor_info* ta = f.find_tensor("a");
      REQUIRE(ta != nullptr);
      CHECK(ta->dims == std::vector<std::uint64_t>{5, 3});
      CHECK(ta->type == ggml_type::f32);
      REQUIRE(f.read_f32(*ta, out).ok());
      CHECK(out == a);

      const gguf_tensor_info* tb = f.find_tensor("b");
      REQUIRE(tb != nullptr);
      CHECK(tb->type == ggml_type::f16);
      REQUIRE(f.read_f32(*tb, out).ok());
      REQUIRE(out.size() == b.size());
      for (std::size_t i = 0; i < b.size(); ++i) CHECK(out[i] == f16_to_f32(f32_to_f16(b[i])));

      const gguf_tensor_info* tc = f.find_tensor("c");
      REQUIRE(tc != nullptr);
      CHECK(tc->type == ggml_type::q8_0);
      CHECK(tc->dims == std::vector<std::uint64_t>{64, 2});
      REQUIRE(f.read_f32(*tc, out).ok());
      REQUIRE(out.size() == c.size());
      for (std::size_t i = 0; i < c.size(); ++i) CHECK(std::fabs(out[i] - c[i]) <= 0.02f / 127);

      const gguf_tensor_info* td = f.find_tensor("d");
      REQUIRE(td != nullptr);
      CHECK(td->dims == std::vector<std::uint64_t>{5, 4, 3, 2});
      REQUIRE(f.read_f32(*td, out).ok());
      CHECK(out == d);
      CHECK(f.find_tensor("e") == nullptr);
    }
  }

  TEST_CASE("writing to disk and memory-mapping back") {
    engine_test::temp_file file("roundtrip");
    gguf_writer w;
    w.set_string("general.architecture", "qwen3");
    w.set_strings("tokenizer.ggml.tokens", {"a", "b"});
    const std::vector<float> x = ramp(32, 1.0f);
    REQUIRE(w.add_tensor("x", {32}, ggml_type::f16, x.data()).ok());
    REQUIRE(w.write(file.path()).ok());

    engine_result<gguf_file> r = read_gguf(file.path());
    REQUIRE_MESSAGE(r.ok(), r.error);
    gguf_file moved = std::move(r.value);  // the mapping moves with the file
    CHECK(moved.get_string("general.architecture") == "qwen3");
    std::vector<float> out;
    REQUIRE(moved.read_f32(*moved.find_tensor("x"), out).ok());
    CHECK(out[3] == f16_to_f32(f32_to_f16(x[3])));
  }

  TEST_CASE("the writer rejects what GGUF cannot hold") {
    gguf_writer w;
    const std::vector<float> x(64, 1.0f);
    CHECK(w.add_tensor("x", {16, 4}, ggml_type::q8_0, x.data()).error.find("multiple of 32") != std::string::npos);
    CHECK(w.add_tensor("y", {}, ggml_type::f32, x.data()).error.find("dimensions") != std::string::npos);
    CHECK(w.add_tensor("z", {64}, static_cast<ggml_type>(2), x.data()).error.find("cannot store") != std::string::npos);
    REQUIRE(w.add_tensor("x", {64}, ggml_type::f32, x.data()).ok());
    CHECK(w.add_tensor("x", {64}, ggml_type::f32, x.data()).error.find("duplicate") != std::string::npos);
    w.set_uint32("k", 1);
    w.set_uint32("k", 2);  // replaces
    engine_result<gguf_file> r = parse_gguf(w.bytes());
    REQUIRE(r.ok());
    CHECK(r.value.metadata().size() == 1);
    CHECK(r.value.get_int("k") == 2);
  }

  TEST_CASE("malformed files give errors, never crashes") {
    gguf_writer w;
    for (const gguf_kv& e : all_metadata_types()) w.set(e.key, e.value);
    const std::vector<float> x = ramp(64, 1.0f);
    REQUIRE(w.add_tensor("x", {64}, ggml_type::q8_0, x.data()).ok());
    const std::vector<unsigned char> good = w.bytes();
    REQUIRE(parse_gguf(good).ok());

    SUBCASE("every truncation") {
      // The file ends with the q8_0 tensor's 68 bytes and 28 bytes of padding to 32: cutting into
      // the padding loses nothing, cutting anywhere before it must fail.
      const std::size_t data_end = good.size() - (96 - 2 * q8_0_block_bytes);
      for (std::size_t n = 0; n < good.size(); ++n) {
        engine_result<gguf_file> r =
            parse_gguf(std::vector<unsigned char>(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n)));
        CAPTURE(n);
        CHECK(r.ok() == (n >= data_end));
      }
    }
    SUBCASE("bad magic") {
      std::vector<unsigned char> bad = good;
      bad[0] = 'X';
      CHECK(parse_gguf(bad).error.find("magic") != std::string::npos);
    }
    SUBCASE("other versions") {
      std::vector<unsigned char> bad = good;
      bad[4] = 2;
      CHECK(parse_gguf(bad).error.find("version") != std::string::npos);
      bad[4] = 0;
      bad[7] = 3;
      CHECK(parse_gguf(bad).error.find("big-endian") != std::string::npos);
    }
    SUBCASE("huge counts") {
      std::vector<unsigned char> bad = good;
      for (int i = 16; i < 24; ++i) bad[static_cast<std::size_t>(i)] = 0xff;  // kv count
      CHECK_FALSE(parse_gguf(bad).ok());
    }
    SUBCASE("random byte flips") {
      splitmix64 rng(7);
      for (int round = 0; round < 2000; ++round) {
        std::vector<unsigned char> bad = good;
        for (int k = 0; k < 3; ++k) bad[rng.next() % bad.size()] = static_cast<unsigned char>(rng.next());
        engine_result<gguf_file> r = parse_gguf(bad);  // may parse or not; must not crash
        if (r.ok()) {
          std::vector<float> out;
          for (const gguf_tensor_info& t : r.value.tensors()) (void)r.value.read_f32(t, out);
        }
      }
    }
    CHECK(read_gguf("/nonexistent/dir/model.gguf").error.find("cannot open") != std::string::npos);
  }

  TEST_CASE("unsupported tensor types are listed but not converted") {
    // Hand-build a file with one q4_0 tensor (type 2): 32 values = 18 bytes.
    gguf_writer w;
    const std::vector<float> x(32, 0.5f);
    REQUIRE(w.add_tensor("t", {32}, ggml_type::f32, x.data()).ok());
    std::vector<unsigned char> bytes = w.bytes();
    // The tensor info's type field follows name (8 + 1), n_dims (4) and one dim (8) after the header (24).
    const std::size_t type_at = 24 + 8 + 1 + 4 + 8;
    REQUIRE(bytes[type_at] == 0);
    bytes[type_at] = 2;
    engine_result<gguf_file> r = parse_gguf(bytes);
    REQUIRE_MESSAGE(r.ok(), r.error);
    std::vector<float> out;
    CHECK(r.value.read_f32(r.value.tensors()[0], out).error.find("cannot convert") != std::string::npos);
  }

  TEST_CASE("tiny model files carry llama.cpp's keys and tensor names") {
    engine_test::temp_file file("keys");
    tiny_model_options o = engine_test::tiny_options("qwen3", 300, 1);
    o.token_types.assign(300, 1);
    o.token_types[298] = 3;
    o.token_types[299] = 3;
    REQUIRE(write_tiny_model(file.path(), o).ok());
    engine_result<gguf_file> r = read_gguf(file.path());
    REQUIRE_MESSAGE(r.ok(), r.error);
    const gguf_file& f = r.value;
    CHECK(f.get_string("general.architecture") == "qwen3");
    CHECK(f.get_int("qwen3.block_count") == 2);
    CHECK(f.get_int("qwen3.context_length") == 4096);
    CHECK(f.get_int("qwen3.embedding_length") == 64);
    CHECK(f.get_int("qwen3.feed_forward_length") == 128);
    CHECK(f.get_int("qwen3.attention.head_count") == 4);
    CHECK(f.get_int("qwen3.attention.head_count_kv") == 2);
    CHECK(f.get_int("qwen3.attention.key_length") == 16);
    CHECK(f.get_float("qwen3.rope.freq_base") == 1000000.0);
    CHECK(f.get_float("qwen3.attention.layer_norm_rms_epsilon") == doctest::Approx(1e-6));
    CHECK(f.find("qwen3.attention.layer_norm_rms_epsilon")->type == gguf_type::float32);
    CHECK(f.find("qwen3.block_count")->type == gguf_type::uint32);
    CHECK(f.get_string("tokenizer.ggml.model") == "gpt2");
    CHECK(f.get_string("tokenizer.ggml.pre") == "qwen2");
    CHECK(f.find("tokenizer.ggml.token_type")->element_type == gguf_type::int32);
    CHECK(f.get_int("tokenizer.ggml.eos_token_id") == 299);      // <|im_end|>
    CHECK(f.get_int("tokenizer.ggml.padding_token_id") == 298);  // <|endoftext|>

    engine_result<tokenizer_metadata> t = read_tokenizer_metadata(f);
    REQUIRE(t.ok());
    CHECK(t.value.model == "gpt2");
    CHECK(t.value.pre == "qwen2");
    CHECK(t.value.tokens == o.tokens);
    CHECK(t.value.token_types == o.token_types);
    CHECK(t.value.merges == o.merges);
    CHECK(t.value.eos_token_id == 299);
    CHECK(t.value.padding_token_id == 298);
    CHECK(t.value.chat_template == o.chat_template);

    const gguf_tensor_info* embd = f.find_tensor("token_embd.weight");
    REQUIRE(embd != nullptr);
    CHECK(embd->dims == std::vector<std::uint64_t>{64, 300});  // ne[0] = n_embd, ne[1] = n_vocab
    CHECK(f.find_tensor("output.weight") == nullptr);          // tied
    CHECK(f.find_tensor("blk.1.attn_q.weight")->dims == std::vector<std::uint64_t>{64, 64});
    CHECK(f.find_tensor("blk.1.attn_k.weight")->dims == std::vector<std::uint64_t>{64, 32});
    CHECK(f.find_tensor("blk.1.attn_output.weight")->dims == std::vector<std::uint64_t>{64, 64});
    CHECK(f.find_tensor("blk.1.ffn_gate.weight")->dims == std::vector<std::uint64_t>{64, 128});
    CHECK(f.find_tensor("blk.1.ffn_down.weight")->dims == std::vector<std::uint64_t>{128, 64});
    CHECK(f.find_tensor("blk.0.attn_q_norm.weight")->dims == std::vector<std::uint64_t>{16});
    CHECK(f.find_tensor("blk.0.attn_k_norm.weight") != nullptr);
    CHECK(f.find_tensor("blk.0.attn_q.bias") == nullptr);
  }
}
