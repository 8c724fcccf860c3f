// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// A GGUF v3 reader and writer for the reference chat example.
//
// GGUF (the llama.cpp model file) is, in order:
//
//   magic "GGUF" | u32 version (3) | u64 tensor count | u64 key/value count
//   key/value pairs:  string key | u32 value type | value
//                     (an array is: u32 element type | u64 count | elements)
//   tensor infos:     string name | u32 n_dims | u64 dims[n_dims] | u32 ggml type | u64 offset
//   padding to `general.alignment` (default 32)
//   tensor data:      each tensor at `offset` bytes from here, offsets aligned too
//
// Strings are a u64 byte count then the bytes (no terminator); bools are one byte; everything
// is little-endian. Dims are stored fastest-varying first: dims[0] is the length of a row, so a
// PyTorch weight of shape [out, in] is stored with dims {in, out} and the same bytes.
//
// Tensor types understood here: f32, f16 and q8_0 (blocks of 32 values: an f16 scale then 32
// int8). Other types are listed in the tensor table but cannot be converted to f32.

#ifndef TOOLCALL_CHAT_GGUF_HPP
#define TOOLCALL_CHAT_GGUF_HPP

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define TOOLCALL_CHAT_GGUF_HAS_MMAP 1
#else
#define TOOLCALL_CHAT_GGUF_HAS_MMAP 0
#endif

namespace toolcall_chat {

// ------------------------------------------------------------------------------------------------
// Outcomes
// ------------------------------------------------------------------------------------------------

/// The outcome of an operation that can fail on its input (a file, a shape): empty `error` is success.
struct [[nodiscard]] engine_status {
  std::string error;
  bool ok() const noexcept { return error.empty(); }
  explicit operator bool() const noexcept { return ok(); }
};

/// A value, or an error message. `value` is default-constructed when `error` is set.
template <class T>
struct [[nodiscard]] engine_result {
  T value{};
  std::string error;
  bool ok() const noexcept { return error.empty(); }
  explicit operator bool() const noexcept { return ok(); }
};

// ------------------------------------------------------------------------------------------------
// Types
// ------------------------------------------------------------------------------------------------

/// The type of a metadata value, as numbered by the GGUF spec.
enum class gguf_type : std::uint32_t {
  uint8 = 0,
  int8 = 1,
  uint16 = 2,
  int16 = 3,
  uint32 = 4,
  int32 = 5,
  float32 = 6,
  boolean = 7,
  string = 8,
  array = 9,
  uint64 = 10,
  int64 = 11,
  float64 = 12,
};

/// The element type of a tensor, as numbered by ggml. Only these three can be read or written here;
/// a file may hold others (the enum then holds their raw number).
enum class ggml_type : std::uint32_t {
  f32 = 0,
  f16 = 1,
  q8_0 = 8,
};

/// Values per q8_0 block, and bytes per block (f16 scale + 32 int8).
inline constexpr std::size_t q8_0_block_values = 32;
inline constexpr std::size_t q8_0_block_bytes = 2 + q8_0_block_values;

/// The default alignment of tensor data when `general.alignment` is absent.
inline constexpr std::size_t gguf_default_alignment = 32;

/// The spelling of a gguf_type, for messages.
inline const char* to_string(gguf_type t) noexcept {
  switch (t) {
    case gguf_type::uint8:
      return "uint8";
    case gguf_type::int8:
      return "int8";
    case gguf_type::uint16:
      return "uint16";
    case gguf_type::int16:
      return "int16";
    case gguf_type::uint32:
      return "uint32";
    case gguf_type::int32:
      return "int32";
    case gguf_type::float32:
      return "float32";
    case gguf_type::boolean:
      return "bool";
    case gguf_type::string:
      return "string";
    case gguf_type::array:
      return "array";
    case gguf_type::uint64:
      return "uint64";
    case gguf_type::int64:
      return "int64";
    case gguf_type::float64:
      return "float64";
  }
  return "unknown";
}

/// The spelling of a ggml_type, for messages.
inline const char* to_string(ggml_type t) noexcept {
  switch (t) {
    case ggml_type::f32:
      return "f32";
    case ggml_type::f16:
      return "f16";
    case ggml_type::q8_0:
      return "q8_0";
  }
  return "unsupported";
}

namespace detail {

inline bool is_unsigned(gguf_type t) noexcept {
  return t == gguf_type::uint8 || t == gguf_type::uint16 || t == gguf_type::uint32 || t == gguf_type::uint64 ||
         t == gguf_type::boolean;
}
inline bool is_signed(gguf_type t) noexcept {
  return t == gguf_type::int8 || t == gguf_type::int16 || t == gguf_type::int32 || t == gguf_type::int64;
}
inline bool is_float(gguf_type t) noexcept { return t == gguf_type::float32 || t == gguf_type::float64; }
inline bool is_known(gguf_type t) noexcept {
  return static_cast<std::uint32_t>(t) <= static_cast<std::uint32_t>(gguf_type::float64);
}

/// Bytes of one scalar of type t (strings and arrays have no fixed size: 0).
inline std::size_t scalar_size(gguf_type t) noexcept {
  switch (t) {
    case gguf_type::uint8:
    case gguf_type::int8:
    case gguf_type::boolean:
      return 1;
    case gguf_type::uint16:
    case gguf_type::int16:
      return 2;
    case gguf_type::uint32:
    case gguf_type::int32:
    case gguf_type::float32:
      return 4;
    case gguf_type::uint64:
    case gguf_type::int64:
    case gguf_type::float64:
      return 8;
    case gguf_type::string:
    case gguf_type::array:
      return 0;
  }
  return 0;
}

}  // namespace detail

// ------------------------------------------------------------------------------------------------
// Half precision and q8_0
// ------------------------------------------------------------------------------------------------

/// IEEE 754 binary16 to binary32, exactly (every half is a float).
inline float f16_to_f32(std::uint16_t h) noexcept {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1fu;
  const std::uint32_t mantissa = h & 0x3ffu;
  std::uint32_t bits = 0;
  if (exponent == 0) {
    // Zero or subnormal: mantissa * 2^-24, exact in a float.
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  if (exponent == 31) {
    bits = sign | 0x7f800000u | (mantissa << 13);  // infinity or NaN
  } else {
    bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);  // rebias 15 -> 127
  }
  float f = 0;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

/// IEEE 754 binary32 to binary16, rounding to nearest even; overflow gives infinity.
inline std::uint16_t f32_to_f16(float f) noexcept {
  std::uint32_t x = 0;
  std::memcpy(&x, &f, sizeof x);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t exponent = (x >> 23) & 0xffu;
  std::uint32_t mantissa = x & 0x7fffffu;

  if (exponent == 0xff) {  // infinity, or NaN (kept quiet and non-zero)
    return static_cast<std::uint16_t>(sign | 0x7c00u | (mantissa ? 0x200u | (mantissa >> 13) : 0u));
  }
  const int half_exponent = static_cast<int>(exponent) - 127 + 15;
  if (half_exponent >= 31) return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (half_exponent <= 0) {
    // Subnormal half: value = m * 2^-24 with m = (1.mantissa) >> shift.
    if (half_exponent < -10) return static_cast<std::uint16_t>(sign);  // rounds to zero
    mantissa |= 0x800000u;
    const int shift = 14 - half_exponent;
    std::uint32_t result = mantissa >> shift;
    const std::uint32_t rest = mantissa & ((1u << shift) - 1u);
    const std::uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (result & 1u))) ++result;  // may become the smallest normal
    return static_cast<std::uint16_t>(sign | result);
  }
  std::uint32_t result = (static_cast<std::uint32_t>(half_exponent) << 10) | (mantissa >> 13);
  const std::uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (result & 1u))) ++result;  // a carry may reach infinity
  return static_cast<std::uint16_t>(sign | result);
}

/// Bytes that `count` values of a tensor type take, or 0 if the type is not supported here or
/// `count` is not a whole number of q8_0 blocks.
inline std::uint64_t tensor_byte_size(ggml_type type, std::uint64_t count) noexcept {
  switch (type) {
    case ggml_type::f32:
      return count * 4;
    case ggml_type::f16:
      return count * 2;
    case ggml_type::q8_0:
      return count % q8_0_block_values ? 0 : count / q8_0_block_values * q8_0_block_bytes;
  }
  return 0;
}

/// Converts `count` values stored as `type` at `src` to floats. Returns false for an unsupported
/// type. For q8_0, `count` must be a multiple of 32.
inline bool dequantize(ggml_type type, const void* src, float* dst, std::size_t count) noexcept {
  const auto* bytes = static_cast<const unsigned char*>(src);
  switch (type) {
    case ggml_type::f32:
      std::memcpy(dst, bytes, count * sizeof(float));
      return true;
    case ggml_type::f16:
      for (std::size_t i = 0; i < count; ++i) {
        std::uint16_t h = 0;
        std::memcpy(&h, bytes + 2 * i, 2);
        dst[i] = f16_to_f32(h);
      }
      return true;
    case ggml_type::q8_0:
      if (count % q8_0_block_values) return false;
      for (std::size_t b = 0; b < count / q8_0_block_values; ++b) {
        const unsigned char* block = bytes + b * q8_0_block_bytes;
        std::uint16_t h = 0;
        std::memcpy(&h, block, 2);
        const float scale = f16_to_f32(h);
        for (std::size_t j = 0; j < q8_0_block_values; ++j) {
          const auto q = static_cast<std::int8_t>(block[2 + j]);
          dst[b * q8_0_block_values + j] = scale * static_cast<float>(q);
        }
      }
      return true;
  }
  return false;
}

/// Converts floats to `type`, appending the bytes to `out`. q8_0 uses llama.cpp's reference scheme:
/// per block, scale = max|x| / 127 and q = round(x / scale). Returns false for an unsupported type or
/// a count that is not a multiple of 32 for q8_0.
inline bool quantize(ggml_type type, const float* src, std::size_t count, std::vector<unsigned char>& out) {
  const std::uint64_t bytes = tensor_byte_size(type, count);
  if (bytes == 0 && count != 0) return false;
  const std::size_t start = out.size();
  out.resize(start + static_cast<std::size_t>(bytes));
  unsigned char* dst = out.data() + start;
  switch (type) {
    case ggml_type::f32:
      std::memcpy(dst, src, count * sizeof(float));
      return true;
    case ggml_type::f16:
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint16_t h = f32_to_f16(src[i]);
        std::memcpy(dst + 2 * i, &h, 2);
      }
      return true;
    case ggml_type::q8_0:
      for (std::size_t b = 0; b < count / q8_0_block_values; ++b) {
        const float* x = src + b * q8_0_block_values;
        float max_abs = 0;
        for (std::size_t j = 0; j < q8_0_block_values; ++j) max_abs = std::max(max_abs, std::fabs(x[j]));
        const float scale = max_abs / 127.0f;
        const float inverse = scale != 0 ? 1.0f / scale : 0.0f;
        unsigned char* block = dst + b * q8_0_block_bytes;
        const std::uint16_t h = f32_to_f16(scale);
        std::memcpy(block, &h, 2);
        for (std::size_t j = 0; j < q8_0_block_values; ++j) {
          const auto q = static_cast<std::int8_t>(std::lround(x[j] * inverse));
          std::memcpy(block + 2 + j, &q, 1);
        }
      }
      return true;
  }
  return false;
}

// ------------------------------------------------------------------------------------------------
// Metadata values
// ------------------------------------------------------------------------------------------------

/**
 * One metadata value: a scalar, or an array of scalars (arrays of arrays are rejected, as in
 * llama.cpp). A scalar is stored as a one-element list, so scalars and arrays share the accessors.
 *
 * Storage by kind: unsigned integers and bools in `uints`, signed integers in `ints`, float32 and
 * float64 in `floats`, strings in `strings`. The writer narrows each element to its declared type.
 */
struct gguf_value {
  gguf_type type = gguf_type::uint32;          ///< the scalar type, or gguf_type::array
  gguf_type element_type = gguf_type::uint32;  ///< the element type (same as `type` for a scalar)
  std::vector<std::uint64_t> uints;
  std::vector<std::int64_t> ints;
  std::vector<double> floats;
  std::vector<std::string> strings;

  bool is_array() const noexcept { return type == gguf_type::array; }

  /// Number of elements (1 for a scalar).
  std::size_t size() const noexcept {
    if (detail::is_unsigned(element_type)) return uints.size();
    if (detail::is_signed(element_type)) return ints.size();
    if (detail::is_float(element_type)) return floats.size();
    return strings.size();
  }

  /// Element i as a signed integer (any integer or bool type; floats are truncated).
  std::int64_t integer(std::size_t i = 0) const {
    if (detail::is_unsigned(element_type)) return static_cast<std::int64_t>(uints.at(i));
    if (detail::is_signed(element_type)) return ints.at(i);
    if (detail::is_float(element_type)) return static_cast<std::int64_t>(floats.at(i));
    return 0;
  }

  /// Element i as a double (any numeric type).
  double number(std::size_t i = 0) const {
    if (detail::is_unsigned(element_type)) return static_cast<double>(uints.at(i));
    if (detail::is_signed(element_type)) return static_cast<double>(ints.at(i));
    if (detail::is_float(element_type)) return floats.at(i);
    return 0;
  }

  bool is_number() const noexcept {
    return detail::is_unsigned(element_type) || detail::is_signed(element_type) || detail::is_float(element_type);
  }

  // Constructors for the writer and for tests. `t` must be of the matching kind.
  static gguf_value of_uint(gguf_type t, std::uint64_t v) { return make(t, t, {v}, {}, {}, {}); }
  static gguf_value of_int(gguf_type t, std::int64_t v) { return make(t, t, {}, {v}, {}, {}); }
  static gguf_value of_float(gguf_type t, double v) { return make(t, t, {}, {}, {v}, {}); }
  static gguf_value of_bool(bool v) { return of_uint(gguf_type::boolean, v ? 1 : 0); }
  static gguf_value of_string(std::string v) {
    return make(gguf_type::string, gguf_type::string, {}, {}, {}, {std::move(v)});
  }
  static gguf_value array_of_uint(gguf_type t, std::vector<std::uint64_t> v) {
    return make(gguf_type::array, t, std::move(v), {}, {}, {});
  }
  static gguf_value array_of_int(gguf_type t, std::vector<std::int64_t> v) {
    return make(gguf_type::array, t, {}, std::move(v), {}, {});
  }
  static gguf_value array_of_float(gguf_type t, std::vector<double> v) {
    return make(gguf_type::array, t, {}, {}, std::move(v), {});
  }
  static gguf_value array_of_string(std::vector<std::string> v) {
    return make(gguf_type::array, gguf_type::string, {}, {}, {}, std::move(v));
  }

  friend bool operator==(const gguf_value& a, const gguf_value& b) {
    return a.type == b.type && a.element_type == b.element_type && a.uints == b.uints && a.ints == b.ints &&
           a.floats == b.floats && a.strings == b.strings;
  }
  friend bool operator!=(const gguf_value& a, const gguf_value& b) { return !(a == b); }

 private:
  static gguf_value make(gguf_type t, gguf_type e, std::vector<std::uint64_t> u, std::vector<std::int64_t> i,
                         std::vector<double> f, std::vector<std::string> s) {
    gguf_value v;
    v.type = t;
    v.element_type = e;
    v.uints = std::move(u);
    v.ints = std::move(i);
    v.floats = std::move(f);
    v.strings = std::move(s);
    return v;
  }
};

/// One metadata entry.
struct gguf_kv {
  std::string key;
  gguf_value value;
};

/// One entry of the tensor table.
struct gguf_tensor_info {
  std::string name;
  std::vector<std::uint64_t> dims;  ///< fastest-varying first: dims[0] is the row length
  ggml_type type = ggml_type::f32;
  std::uint64_t offset = 0;  ///< from the start of the data section

  std::uint64_t element_count() const noexcept {
    std::uint64_t n = 1;
    for (std::uint64_t d : dims) n *= d;
    return n;
  }
};

// ------------------------------------------------------------------------------------------------
// Reader
// ------------------------------------------------------------------------------------------------

namespace detail {

/// Bounds-checked little-endian reads over a byte range. The first failure sets `error`; later
/// reads then fail too, so callers may check once after a group of reads.
class gguf_cursor {
 public:
  gguf_cursor(const unsigned char* data, std::size_t size) : data_(data), size_(size) {}

  std::size_t position() const noexcept { return pos_; }
  std::size_t remaining() const noexcept { return size_ - pos_; }
  const std::string& error() const noexcept { return error_; }
  bool failed() const noexcept { return !error_.empty(); }

  void fail(std::string message) {
    if (error_.empty()) error_ = std::move(message) + " (at byte " + std::to_string(pos_) + ")";
  }

  bool read_bytes(void* out, std::size_t n) {
    if (failed()) return false;
    if (n > remaining()) {
      fail("unexpected end of file");
      return false;
    }
    std::memcpy(out, data_ + pos_, n);
    pos_ += n;
    return true;
  }

  template <class T>
  T read() {
    T v{};
    read_bytes(&v, sizeof v);
    return v;
  }

  std::string read_string() {
    const auto n = read<std::uint64_t>();
    if (failed()) return {};
    if (n > remaining()) {
      fail("string length " + std::to_string(n) + " runs past the end of the file");
      return {};
    }
    std::string s(reinterpret_cast<const char*>(data_ + pos_), static_cast<std::size_t>(n));
    pos_ += static_cast<std::size_t>(n);
    return s;
  }

 private:
  const unsigned char* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
  std::string error_;
};

/// Reads n values stored as T, appending them to `out` as Stored.
template <class T, class Stored>
void read_n(gguf_cursor& in, std::size_t n, std::vector<Stored>& out) {
  out.reserve(out.size() + n);
  for (std::size_t i = 0; i < n && !in.failed(); ++i) out.push_back(static_cast<Stored>(in.read<T>()));
}

/// Reads `count` elements of scalar type `t` into the matching list of `v`.
inline void read_elements(gguf_cursor& in, gguf_type t, std::uint64_t count, gguf_value& v) {
  // Every element takes at least one byte (a string at least eight): refuse counts the file
  // cannot hold before reserving memory for them.
  const std::size_t min_size = t == gguf_type::string ? 8 : scalar_size(t);
  if (min_size == 0 || count > in.remaining() / min_size) {
    in.fail(t == gguf_type::array ? "arrays of arrays are not supported"
                                  : "array of " + std::to_string(count) + " elements runs past the end of the file");
    return;
  }
  const auto n = static_cast<std::size_t>(count);
  switch (t) {
    case gguf_type::uint8:
      read_n<std::uint8_t>(in, n, v.uints);
      break;
    case gguf_type::uint16:
      read_n<std::uint16_t>(in, n, v.uints);
      break;
    case gguf_type::uint32:
      read_n<std::uint32_t>(in, n, v.uints);
      break;
    case gguf_type::uint64:
      read_n<std::uint64_t>(in, n, v.uints);
      break;
    case gguf_type::boolean:
      read_n<std::uint8_t>(in, n, v.uints);
      for (std::uint64_t& b : v.uints) b = b != 0;
      break;
    case gguf_type::int8:
      read_n<std::int8_t>(in, n, v.ints);
      break;
    case gguf_type::int16:
      read_n<std::int16_t>(in, n, v.ints);
      break;
    case gguf_type::int32:
      read_n<std::int32_t>(in, n, v.ints);
      break;
    case gguf_type::int64:
      read_n<std::int64_t>(in, n, v.ints);
      break;
    case gguf_type::float32:
      read_n<float>(in, n, v.floats);
      break;
    case gguf_type::float64:
      read_n<double>(in, n, v.floats);
      break;
    case gguf_type::string:
      v.strings.reserve(n);
      for (std::size_t i = 0; i < n && !in.failed(); ++i) v.strings.push_back(in.read_string());
      break;
    case gguf_type::array:
      break;  // rejected above
  }
}

inline gguf_value read_value(gguf_cursor& in, gguf_type t) {
  gguf_value v;
  v.type = t;
  if (!is_known(t)) {
    in.fail("unknown value type " + std::to_string(static_cast<std::uint32_t>(t)));
    return v;
  }
  if (t == gguf_type::array) {
    v.element_type = static_cast<gguf_type>(in.read<std::uint32_t>());
    const auto count = in.read<std::uint64_t>();
    if (!in.failed() && !is_known(v.element_type)) {
      in.fail("unknown array element type " + std::to_string(static_cast<std::uint32_t>(v.element_type)));
    }
    if (!in.failed()) read_elements(in, v.element_type, count, v);
  } else {
    v.element_type = t;
    read_elements(in, t, 1, v);
  }
  return v;
}

}  // namespace detail

/**
 * An opened GGUF file: its metadata, its tensor table, and a view of its bytes (memory-mapped on
 * POSIX systems, read into memory elsewhere). Move-only; tensor data stays valid while it lives.
 *
 * **Example**:
 * @code
 *   auto file = toolcall_chat::read_gguf("model.gguf");
 *   if (!file) { std::fprintf(stderr, "%s\n", file.error.c_str()); return 1; }
 *   std::string arch = file.value.get_string("general.architecture");
 * @endcode
 */
class gguf_file {
 public:
  gguf_file() = default;
  gguf_file(const gguf_file&) = delete;
  gguf_file& operator=(const gguf_file&) = delete;
  gguf_file(gguf_file&& other) noexcept { swap(other); }
  gguf_file& operator=(gguf_file&& other) noexcept {
    if (this != &other) {
      gguf_file gone(std::move(*this));
      swap(other);
    }
    return *this;
  }
  ~gguf_file() { release(); }

  std::uint32_t version() const noexcept { return version_; }
  std::size_t alignment() const noexcept { return alignment_; }
  const std::vector<gguf_kv>& metadata() const noexcept { return kv_; }
  const std::vector<gguf_tensor_info>& tensors() const noexcept { return tensors_; }

  /// The value of `key`, or nullptr.
  const gguf_value* find(std::string_view key) const noexcept {
    for (const gguf_kv& kv : kv_)
      if (kv.key == key) return &kv.value;
    return nullptr;
  }

  /// The tensor named `name`, or nullptr.
  const gguf_tensor_info* find_tensor(std::string_view name) const noexcept {
    for (const gguf_tensor_info& t : tensors_)
      if (t.name == name) return &t;
    return nullptr;
  }

  /// A numeric scalar as an integer, or `fallback` when absent or not a number.
  std::int64_t get_int(std::string_view key, std::int64_t fallback = 0) const {
    const gguf_value* v = find(key);
    return v && !v->is_array() && v->is_number() ? v->integer() : fallback;
  }
  /// A numeric scalar as a double, or `fallback`.
  double get_float(std::string_view key, double fallback = 0) const {
    const gguf_value* v = find(key);
    return v && !v->is_array() && v->is_number() ? v->number() : fallback;
  }
  /// A string scalar, or `fallback`.
  std::string get_string(std::string_view key, std::string fallback = {}) const {
    const gguf_value* v = find(key);
    return v && v->type == gguf_type::string ? v->strings.front() : fallback;
  }

  /// The raw bytes of a tensor (bounds were checked when the file was read).
  const unsigned char* tensor_data(const gguf_tensor_info& t) const noexcept {
    return bytes_ + data_offset_ + t.offset;
  }

  /// Converts a tensor to floats (row-major, dims[0] fastest). Fails for unsupported types.
  engine_status read_f32(const gguf_tensor_info& t, std::vector<float>& out) const {
    if (tensor_byte_size(t.type, t.element_count()) == 0 && t.element_count() != 0) {
      return {"tensor '" + t.name + "' has type " + std::to_string(static_cast<std::uint32_t>(t.type)) +
              ", which this reader cannot convert (f32, f16 and q8_0 only)"};
    }
    out.resize(static_cast<std::size_t>(t.element_count()));
    dequantize(t.type, tensor_data(t), out.data(), out.size());
    return {};
  }

  friend engine_result<gguf_file> parse_gguf(std::vector<unsigned char> bytes);
  friend engine_result<gguf_file> read_gguf(const std::string& path);

 private:
  void swap(gguf_file& o) noexcept {
    std::swap(version_, o.version_);
    std::swap(alignment_, o.alignment_);
    std::swap(kv_, o.kv_);
    std::swap(tensors_, o.tensors_);
    std::swap(bytes_, o.bytes_);
    std::swap(size_, o.size_);
    std::swap(data_offset_, o.data_offset_);
    std::swap(owned_, o.owned_);
    std::swap(mapped_, o.mapped_);
  }

  void release() noexcept {
#if TOOLCALL_CHAT_GGUF_HAS_MMAP
    if (mapped_) munmap(const_cast<unsigned char*>(bytes_), size_);
#endif
    mapped_ = false;
    bytes_ = nullptr;
    size_ = 0;
    owned_.clear();
  }

  /// Parses the header, metadata and tensor table of bytes_[0, size_).
  std::string parse() {
    detail::gguf_cursor in(bytes_, size_);
    char magic[4] = {};
    in.read_bytes(magic, 4);
    if (!in.failed() && std::memcmp(magic, "GGUF", 4) != 0) return "not a GGUF file (bad magic)";
    version_ = in.read<std::uint32_t>();
    if (in.failed()) return in.error();
    if (version_ != 3) {
      if (version_ == 0x03000000u) return "big-endian GGUF files are not supported";
      return "unsupported GGUF version " + std::to_string(version_) + " (only 3)";
    }
    const auto n_tensors = in.read<std::uint64_t>();
    const auto n_kv = in.read<std::uint64_t>();
    if (in.failed()) return in.error();
    // A key/value takes at least 13 bytes and a tensor info at least 24: reject absurd counts early.
    if (n_kv > in.remaining() / 13 || n_tensors > in.remaining() / 24) {
      return "header counts (" + std::to_string(n_tensors) + " tensors, " + std::to_string(n_kv) +
             " values) do not fit in the file";
    }

    kv_.reserve(static_cast<std::size_t>(n_kv));
    for (std::uint64_t i = 0; i < n_kv && !in.failed(); ++i) {
      gguf_kv kv;
      kv.key = in.read_string();
      const auto type = static_cast<gguf_type>(in.read<std::uint32_t>());
      if (in.failed()) break;
      kv.value = detail::read_value(in, type);
      if (in.failed()) return in.error() + " in value of '" + kv.key + "'";
      if (find(kv.key)) return "duplicate key '" + kv.key + "'";
      kv_.push_back(std::move(kv));
    }
    if (in.failed()) return in.error();

    alignment_ = gguf_default_alignment;
    if (const gguf_value* a = find("general.alignment")) {
      if (a->type != gguf_type::uint32) return "general.alignment must be a uint32";
      const std::uint64_t value = a->uints.front();
      if (value == 0 || (value & (value - 1)) != 0) {
        return "general.alignment " + std::to_string(value) + " is not a power of two";
      }
      alignment_ = static_cast<std::size_t>(value);
    }

    tensors_.reserve(static_cast<std::size_t>(n_tensors));
    for (std::uint64_t i = 0; i < n_tensors && !in.failed(); ++i) {
      gguf_tensor_info t;
      t.name = in.read_string();
      const auto n_dims = in.read<std::uint32_t>();
      if (in.failed()) break;
      if (n_dims == 0 || n_dims > 4) {
        return "tensor '" + t.name + "' has " + std::to_string(n_dims) + " dimensions (1 to 4)";
      }
      std::uint64_t count = 1;
      for (std::uint32_t d = 0; d < n_dims; ++d) {
        const auto dim = in.read<std::uint64_t>();
        if (dim != 0 && count > std::numeric_limits<std::uint64_t>::max() / 64 / dim) {
          return "tensor '" + t.name + "' is too large";
        }
        count *= dim;
        t.dims.push_back(dim);
      }
      t.type = static_cast<ggml_type>(in.read<std::uint32_t>());
      t.offset = in.read<std::uint64_t>();
      if (in.failed()) break;
      if (t.offset % alignment_ != 0) return "tensor '" + t.name + "' is not aligned";
      if (t.type == ggml_type::q8_0 && t.dims[0] % q8_0_block_values != 0) {
        return "q8_0 tensor '" + t.name + "' has rows that are not a multiple of 32";
      }
      if (find_tensor(t.name)) return "duplicate tensor '" + t.name + "'";
      tensors_.push_back(std::move(t));
    }
    if (in.failed()) return in.error();

    // The data section starts at the next multiple of the alignment.
    data_offset_ = (in.position() + alignment_ - 1) / alignment_ * alignment_;
    if (data_offset_ > size_) data_offset_ = size_;
    const std::uint64_t data_size = size_ - data_offset_;
    for (const gguf_tensor_info& t : tensors_) {
      // Sizes of unsupported types are unknown (0): only their start is checked.
      const std::uint64_t bytes = tensor_byte_size(t.type, t.element_count());
      if (t.offset > data_size || bytes > data_size - t.offset) {
        return "data of tensor '" + t.name + "' runs past the end of the file";
      }
    }
    return {};
  }

  std::uint32_t version_ = 0;
  std::size_t alignment_ = gguf_default_alignment;
  std::vector<gguf_kv> kv_;
  std::vector<gguf_tensor_info> tensors_;
  const unsigned char* bytes_ = nullptr;
  std::size_t size_ = 0;
  std::size_t data_offset_ = 0;
  std::vector<unsigned char> owned_;  // the bytes, when not memory-mapped
  bool mapped_ = false;
};

/// Parses a GGUF image held in memory (takes ownership of the bytes).
inline engine_result<gguf_file> parse_gguf(std::vector<unsigned char> bytes) {
  engine_result<gguf_file> r;
  r.value.owned_ = std::move(bytes);
  r.value.bytes_ = r.value.owned_.data();
  r.value.size_ = r.value.owned_.size();
  r.error = r.value.parse();
  if (!r.ok()) r.value = gguf_file{};
  return r;
}

/**
 * Opens and parses a GGUF file. Never throws for a bad file: the error says what is wrong.
 * @return the file, or an error: cannot open / read / map, bad magic, unsupported version,
 *         truncated or inconsistent header, tensor data outside the file.
 */
inline engine_result<gguf_file> read_gguf(const std::string& path) {
  engine_result<gguf_file> r;
#if TOOLCALL_CHAT_GGUF_HAS_MMAP
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    r.error = "cannot open '" + path + "': " + std::strerror(errno);
    return r;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size <= 0) {
    ::close(fd);
    r.error = "cannot read '" + path + "' (empty or unreadable)";
    return r;
  }
  const auto size = static_cast<std::size_t>(st.st_size);
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);  // the mapping keeps the file alive
  if (map == MAP_FAILED) {
    r.error = "cannot map '" + path + "': " + std::strerror(errno);
    return r;
  }
  r.value.bytes_ = static_cast<const unsigned char*>(map);
  r.value.size_ = size;
  r.value.mapped_ = true;
  r.error = r.value.parse();
  if (!r.ok()) {
    r.error = path + ": " + r.error;
    r.value = gguf_file{};
  }
  return r;
#else
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    r.error = "cannot open '" + path + "'";
    return r;
  }
  std::vector<unsigned char> bytes;
  unsigned char chunk[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) bytes.insert(bytes.end(), chunk, chunk + n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) {
    r.error = "cannot read '" + path + "'";
    return r;
  }
  r = parse_gguf(std::move(bytes));
  if (!r.ok()) r.error = path + ": " + r.error;
  return r;
#endif
}

// ------------------------------------------------------------------------------------------------
// Writer
// ------------------------------------------------------------------------------------------------

/**
 * Builds a GGUF file in memory, then writes it. Tensors are given as floats and converted to their
 * storage type when added.
 *
 * **Example**:
 * @code
 *   toolcall_chat::gguf_writer w;
 *   w.set_string("general.architecture", "qwen3");
 *   w.add_tensor("output_norm.weight", {64}, toolcall_chat::ggml_type::f32, norm.data());
 *   if (auto s = w.write("tiny.gguf"); !s) report(s.error);
 * @endcode
 */
class gguf_writer {
 public:
  /// Sets `key` (replacing an earlier value of the same key, keeping its place).
  void set(std::string key, gguf_value value) {
    for (gguf_kv& kv : kv_) {
      if (kv.key == key) {
        kv.value = std::move(value);
        return;
      }
    }
    kv_.push_back({std::move(key), std::move(value)});
  }

  void set_uint32(std::string key, std::uint32_t v) { set(std::move(key), gguf_value::of_uint(gguf_type::uint32, v)); }
  void set_int32(std::string key, std::int32_t v) { set(std::move(key), gguf_value::of_int(gguf_type::int32, v)); }
  void set_float32(std::string key, float v) { set(std::move(key), gguf_value::of_float(gguf_type::float32, v)); }
  void set_bool(std::string key, bool v) { set(std::move(key), gguf_value::of_bool(v)); }
  void set_string(std::string key, std::string v) { set(std::move(key), gguf_value::of_string(std::move(v))); }
  void set_strings(std::string key, std::vector<std::string> v) {
    set(std::move(key), gguf_value::array_of_string(std::move(v)));
  }
  void set_int32s(std::string key, const std::vector<std::int32_t>& v) {
    set(std::move(key), gguf_value::array_of_int(gguf_type::int32, {v.begin(), v.end()}));
  }

  /**
   * Adds a tensor of `dims` (fastest first, as GGUF stores them) from row-major floats, converted
   * to `type`. Fails for an unsupported type, a q8_0 row length that is not a multiple of 32, or a
   * duplicate name.
   */
  engine_status add_tensor(std::string name, std::vector<std::uint64_t> dims, ggml_type type, const float* data) {
    for (const tensor& t : tensors_)
      if (t.info.name == name) return {"duplicate tensor '" + name + "'"};
    if (dims.empty() || dims.size() > 4) return {"tensor '" + name + "' needs 1 to 4 dimensions"};
    if (type == ggml_type::q8_0 && dims[0] % q8_0_block_values != 0) {
      return {"q8_0 tensor '" + name + "' needs rows that are a multiple of 32"};
    }
    tensor t;
    t.info.name = std::move(name);
    t.info.dims = std::move(dims);
    t.info.type = type;
    if (!quantize(type, data, static_cast<std::size_t>(t.info.element_count()), t.bytes)) {
      return {"cannot store tensor '" + t.info.name + "' as " + to_string(type)};
    }
    tensors_.push_back(std::move(t));
    return {};
  }

  /// The whole file image (for tests and in-memory use).
  std::vector<unsigned char> bytes() const {
    std::vector<unsigned char> out;
    emit([&out](const void* p, std::size_t n) {
      const auto* b = static_cast<const unsigned char*>(p);
      out.insert(out.end(), b, b + n);
      return true;
    });
    return out;
  }

  /// Writes the file. Fails when the file cannot be created or written.
  engine_status write(const std::string& path) const {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return {"cannot create '" + path + "': " + std::strerror(errno)};
    const bool written = emit([f](const void* p, std::size_t n) { return std::fwrite(p, 1, n, f) == n; });
    const bool closed = std::fclose(f) == 0;
    if (!written || !closed) return {"cannot write '" + path + "'"};
    return {};
  }

 private:
  struct tensor {
    gguf_tensor_info info;
    std::vector<unsigned char> bytes;
  };

  std::size_t alignment() const {
    for (const gguf_kv& kv : kv_) {
      if (kv.key == "general.alignment" && kv.value.type == gguf_type::uint32) {
        const std::uint64_t a = kv.value.uints.front();
        if (a != 0 && (a & (a - 1)) == 0) return static_cast<std::size_t>(a);
      }
    }
    return gguf_default_alignment;
  }

  /// Serializes the file through `put(const void*, size_t) -> bool`; stops at the first failure.
  template <class Put>
  bool emit(Put&& put) const {
    const std::size_t alignment = this->alignment();
    std::uint64_t written = 0;
    bool ok = true;
    const auto bytes = [&](const void* p, std::size_t n) {
      if (ok && n) ok = put(p, n);
      written += n;
    };
    const auto u32 = [&](std::uint32_t v) { bytes(&v, 4); };
    const auto u64 = [&](std::uint64_t v) { bytes(&v, 8); };
    const auto string = [&](const std::string& s) {
      u64(s.size());
      bytes(s.data(), s.size());
    };
    const auto pad = [&]() {
      static constexpr unsigned char zeros[256] = {};  // alignments above 256 pad in several steps
      while (written % alignment) bytes(zeros, std::min<std::size_t>(sizeof zeros, alignment - written % alignment));
    };

    bytes("GGUF", 4);
    u32(3);
    u64(tensors_.size());
    u64(kv_.size());
    for (const gguf_kv& kv : kv_) {
      string(kv.key);
      u32(static_cast<std::uint32_t>(kv.value.type));
      if (kv.value.is_array()) {
        u32(static_cast<std::uint32_t>(kv.value.element_type));
        u64(kv.value.size());
      }
      put_elements(bytes, kv.value);
    }
    std::uint64_t offset = 0;
    for (const tensor& t : tensors_) {
      string(t.info.name);
      u32(static_cast<std::uint32_t>(t.info.dims.size()));
      for (std::uint64_t d : t.info.dims) u64(d);
      u32(static_cast<std::uint32_t>(t.info.type));
      u64(offset);
      offset += (t.bytes.size() + alignment - 1) / alignment * alignment;
    }
    pad();
    for (const tensor& t : tensors_) {
      bytes(t.bytes.data(), t.bytes.size());
      pad();
    }
    return ok;
  }

  /// Writes each element of `v` narrowed to T.
  template <class T, class Bytes, class Stored>
  static void put_n(Bytes& bytes, const std::vector<Stored>& values) {
    for (const Stored& x : values) {
      const auto v = static_cast<T>(x);
      bytes(&v, sizeof v);
    }
  }

  template <class Bytes>
  static void put_elements(Bytes& bytes, const gguf_value& v) {
    switch (v.element_type) {
      case gguf_type::uint8:
        put_n<std::uint8_t>(bytes, v.uints);
        break;
      case gguf_type::uint16:
        put_n<std::uint16_t>(bytes, v.uints);
        break;
      case gguf_type::uint32:
        put_n<std::uint32_t>(bytes, v.uints);
        break;
      case gguf_type::uint64:
        put_n<std::uint64_t>(bytes, v.uints);
        break;
      case gguf_type::boolean:
        for (std::uint64_t x : v.uints) {
          const std::uint8_t b = x != 0;  // one byte, 0 or 1
          bytes(&b, 1);
        }
        break;
      case gguf_type::int8:
        put_n<std::int8_t>(bytes, v.ints);
        break;
      case gguf_type::int16:
        put_n<std::int16_t>(bytes, v.ints);
        break;
      case gguf_type::int32:
        put_n<std::int32_t>(bytes, v.ints);
        break;
      case gguf_type::int64:
        put_n<std::int64_t>(bytes, v.ints);
        break;
      case gguf_type::float32:
        put_n<float>(bytes, v.floats);
        break;
      case gguf_type::float64:
        put_n<double>(bytes, v.floats);
        break;
      case gguf_type::string:
        for (const std::string& s : v.strings) {
          const auto n = static_cast<std::uint64_t>(s.size());
          bytes(&n, 8);
          bytes(s.data(), s.size());
        }
        break;
      case gguf_type::array:
        break;  // nested arrays are not representable in gguf_value
    }
  }

  std::vector<gguf_kv> kv_;
  std::vector<tensor> tensors_;
};

}  // namespace toolcall_chat

#endif  // TOOLCALL_CHAT_GGUF_HPP
