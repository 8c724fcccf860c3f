// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_CONFIG_HPP
#define TOOLCALL_CONFIG_HPP

#include <cstdlib>

#include "version.hpp"

#if !defined(_MSVC_LANG) && __cplusplus < 201703L
#error "toolcall needs C++17 or newer"
#endif

// fmt's idiom: use the user's definition, else detect, else default.
#ifndef TOOLCALL_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define TOOLCALL_EXCEPTIONS 1
#else
#define TOOLCALL_EXCEPTIONS 0
#endif
#endif

#ifndef TOOLCALL_ASSERT
#define TOOLCALL_ASSERT(cond) ((cond) ? (void)0 : std::abort())
#endif

#endif  // TOOLCALL_CONFIG_HPP
