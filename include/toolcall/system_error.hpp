// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_SYSTEM_ERROR_HPP
#define TOOLCALL_SYSTEM_ERROR_HPP

// Opt-in std::error_code bridge (after glaze core/std_error_code.hpp).
#include <string>
#include <system_error>

#include "error.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace detail {
class errc_category final : public std::error_category {
 public:
  const char* name() const noexcept override { return "toolcall"; }
  std::string message(int ev) const override { return to_string(static_cast<errc>(ev)); }
};
}  // namespace detail

/// The toolcall error category (a function-local constant; no mutable state).
inline const std::error_category& error_category() noexcept {
  static const detail::errc_category cat;
  return cat;
}

inline std::error_code make_error_code(errc e) noexcept {
  return {static_cast<int>(e), error_category()};
}

TOOLCALL_NAMESPACE_END

template <>
struct std::is_error_code_enum<toolcall::errc> : std::true_type {};

#endif  // TOOLCALL_SYSTEM_ERROR_HPP
