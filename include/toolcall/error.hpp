// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_ERROR_HPP
#define TOOLCALL_ERROR_HPP

#include <cstddef>
#include <string>
#include <variant>
#include <utility>

#include "config.hpp"

#if TOOLCALL_EXCEPTIONS
#include <stdexcept>
#endif

TOOLCALL_NAMESPACE_BEGIN

/// Error and diagnostic codes. Stable names: to_string() gives the snake_case spelling.
enum class errc {
  ok = 0,
  invalid_json,        ///< a payload is not JSON, even after the lenient repairs
  unterminated_call,   ///< the text ended inside a call payload
  missing_name,        ///< a call payload has no usable function name
  invalid_arguments,   ///< arguments are not an object (or a string holding one)
  invalid_call,        ///< a claimed region is not a call (prose after a marker, bad syntax)
  marker_in_text,      ///< a marker stands in prose; the text stays content
  limit_input_bytes,   ///< options::max_input_bytes reached; the rest is content
  limit_call_bytes,    ///< one call region exceeded options::max_call_bytes
  limit_calls,         ///< options::max_calls reached; later calls stay content
  limit_depth,         ///< JSON nesting deeper than options::max_depth
  limit_time,          ///< options::time_budget spent; the rest is content
  limit_holdback,      ///< undecided text exceeded options::max_holdback
  invalid_pattern,     ///< a custom format's regex does not compile
  invalid_utf8,        ///< invalid UTF-8 from the model: U+FFFD in arguments; content keeps the bytes, JSON output shows U+FFFD
  repaired,            ///< a lenient repair was applied (note)
  unknown_tool,        ///< the normalizer did not know the tool name
  normalized,          ///< the normalizer changed a value (note)
  missing_required,    ///< the normalizer found a required field missing
  invalid_input,       ///< a caller-side input (tools JSON, chunk JSON) is malformed
  invalid_history,     ///< conversation check failed
  unknown_format,      ///< a registry was asked for a format it does not have
  tool_choice,         ///< the request's tool_choice or parallel_tool_calls refused a call, or no call came
  limit_diagnostics,   ///< options::max_diagnostics reached; later diagnostics are dropped
  call_in_reasoning,   ///< a call opener inside a reasoning block the output never closed: no call
};

/// Stable snake_case name of a code.
inline const char* to_string(errc e) noexcept {
  switch (e) {
    case errc::ok: return "ok";
    case errc::invalid_json: return "invalid_json";
    case errc::unterminated_call: return "unterminated_call";
    case errc::missing_name: return "missing_name";
    case errc::invalid_arguments: return "invalid_arguments";
    case errc::invalid_call: return "invalid_call";
    case errc::marker_in_text: return "marker_in_text";
    case errc::limit_input_bytes: return "limit_input_bytes";
    case errc::limit_call_bytes: return "limit_call_bytes";
    case errc::limit_calls: return "limit_calls";
    case errc::limit_depth: return "limit_depth";
    case errc::limit_time: return "limit_time";
    case errc::limit_holdback: return "limit_holdback";
    case errc::invalid_pattern: return "invalid_pattern";
    case errc::invalid_utf8: return "invalid_utf8";
    case errc::repaired: return "repaired";
    case errc::unknown_tool: return "unknown_tool";
    case errc::normalized: return "normalized";
    case errc::missing_required: return "missing_required";
    case errc::invalid_input: return "invalid_input";
    case errc::invalid_history: return "invalid_history";
    case errc::unknown_format: return "unknown_format";
    case errc::tool_choice: return "tool_choice";
    case errc::limit_diagnostics: return "limit_diagnostics";
    case errc::call_in_reasoning: return "call_in_reasoning";
  }
  return "unknown";
}

/// How serious a diagnostic is. `error` means a region that looked like a call was rejected.
enum class severity { note, warning, error };

inline const char* to_string(severity s) noexcept {
  switch (s) {
    case severity::note: return "note";
    case severity::warning: return "warning";
    case severity::error: return "error";
  }
  return "unknown";
}

/// An error with the byte offset (into the model output) where it was found.
struct error {
  errc code = errc::ok;
  std::size_t offset = 0;
  std::string detail;
  /// "code at offset N: detail"
  std::string message() const {
    std::string m = to_string(code);
    m += " at offset ";
    m += std::to_string(offset);
    if (!detail.empty()) {
      m += ": ";
      m += detail;
    }
    return m;
  }
};

#if TOOLCALL_EXCEPTIONS
/// Thrown only by result<T>::value() on an error, and only when exceptions are enabled.
class error_exception : public std::runtime_error {
 public:
  explicit error_exception(toolcall::error e) : std::runtime_error(e.message()), err_(std::move(e)) {}
  const toolcall::error& get() const noexcept { return err_; }

 private:
  toolcall::error err_;
};
#endif

namespace detail {
[[noreturn]] inline void throw_error(const error& e) {
#if TOOLCALL_EXCEPTIONS
  throw error_exception(e);
#else
  (void)e;
  TOOLCALL_ASSERT(false);
  std::abort();
#endif
}
}  // namespace detail

/// Reading the value of a result that holds an error is a precondition violation: checked
/// (abort) in debug builds (no NDEBUG) and with TOOLCALL_CHECKED=1, undefined otherwise.
#ifndef TOOLCALL_CHECK_RESULT
#if !defined(NDEBUG) || (defined(TOOLCALL_CHECKED) && TOOLCALL_CHECKED)
#define TOOLCALL_CHECK_RESULT 1
#else
#define TOOLCALL_CHECK_RESULT 0
#endif
#endif

/**
 * A minimal expected<T, error> for C++17 (std::expected is C++23): it holds a value or an
 * error, never both. Same shape with or without exceptions. value() on an error throws
 * error_exception (aborts under -fno-exceptions); `*r` and `r->` on an error are a checked
 * precondition (TOOLCALL_CHECK_RESULT). error() of a value is an error with errc::ok.
 */
template <typename T>
class [[nodiscard]] result {
 public:
  result(T v) : v_(std::in_place_index<0>, std::move(v)) {}  // NOLINT(google-explicit-constructor) like expected
  result(toolcall::error e) : v_(std::in_place_index<1>, std::move(e)) {}  // NOLINT(google-explicit-constructor)

  bool has_value() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }
  T& operator*() & { return *checked(); }
  const T& operator*() const& { return *checked(); }
  T* operator->() { return checked(); }
  const T* operator->() const { return checked(); }
  const toolcall::error& error() const noexcept {
    static const toolcall::error none{};
    const toolcall::error* e = std::get_if<1>(&v_);
    return e ? *e : none;
  }
  T& value() & {
    if (!has_value()) detail::throw_error(*std::get_if<1>(&v_));
    return *std::get_if<0>(&v_);
  }
  const T& value() const& {
    if (!has_value()) detail::throw_error(*std::get_if<1>(&v_));
    return *std::get_if<0>(&v_);
  }
  T value_or(T other) const& { return has_value() ? *std::get_if<0>(&v_) : std::move(other); }

 private:
  T* checked() noexcept {
#if TOOLCALL_CHECK_RESULT
    TOOLCALL_ASSERT(has_value());
#endif
    return std::get_if<0>(&v_);
  }
  const T* checked() const noexcept {
#if TOOLCALL_CHECK_RESULT
    TOOLCALL_ASSERT(has_value());
#endif
    return std::get_if<0>(&v_);
  }
  std::variant<T, toolcall::error> v_;
};

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_ERROR_HPP
