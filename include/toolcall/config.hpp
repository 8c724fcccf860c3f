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

// Header-only (the default) or compiled mode, as {fmt} does it (docs/building.md, "Compile cost").
// Each public header declares its API with the standard library alone; the definitions live in
// include/toolcall/impl/*.hpp, the only headers that pull in simdjson and RE2.
// - TOOLCALL_HEADER_ONLY=1 (default): each public header includes its implementation header and
//   the definitions are inline. Nothing to link but simdjson and RE2.
// - TOOLCALL_HEADER_ONLY=0: the public headers declare only; src/toolcall.cpp (CMake target
//   toolcall::compiled, meson toolcall_compiled_dep) compiles every definition once. Define it
//   the same way in every TU of a program (the CMake and meson targets do), and link that one
//   library.
#ifndef TOOLCALL_HEADER_ONLY
#define TOOLCALL_HEADER_ONLY 1
#endif
// The specifier of a definition in include/toolcall/impl/: inline in header-only mode, none
// (external linkage, one definition in src/toolcall.cpp) in compiled mode.
#if TOOLCALL_HEADER_ONLY
#define TOOLCALL_INLINE inline
#else
#define TOOLCALL_INLINE
#endif

#ifndef TOOLCALL_ASSERT
#define TOOLCALL_ASSERT(cond) ((cond) ? (void)0 : std::abort())
#endif

#endif  // TOOLCALL_CONFIG_HPP
