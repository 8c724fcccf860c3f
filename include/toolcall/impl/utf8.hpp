// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_UTF8_HPP
#define TOOLCALL_IMPL_UTF8_HPP

// The definition behind detail/utf8.hpp that needs simdjson: inline when header-only,
// compiled once in src/toolcall.cpp otherwise.

#include <string_view>

#include "../detail/json.hpp"
#include "../detail/utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

TOOLCALL_INLINE bool utf8_valid(std::string_view s) noexcept { return simdjson_utf8_valid(s); }

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_UTF8_HPP
