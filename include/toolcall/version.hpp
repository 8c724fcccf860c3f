// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_VERSION_HPP
#define TOOLCALL_VERSION_HPP

#define TOOLCALL_VERSION_MAJOR 0
#define TOOLCALL_VERSION_MINOR 2
#define TOOLCALL_VERSION_PATCH 0
#define TOOLCALL_VERSION (TOOLCALL_VERSION_MAJOR * 10000 + TOOLCALL_VERSION_MINOR * 100 + TOOLCALL_VERSION_PATCH)
#define TOOLCALL_VERSION_STRING "0.2.0"

/// Opens the versioned inline namespace: an ABI change renames it (v0_1 to v0_2 in 0.2.0: the
/// options, message and format layouts changed), so objects built against two versions fail to
/// link instead of mixing layouts.
#define TOOLCALL_NAMESPACE_BEGIN \
  namespace toolcall {           \
  inline namespace v0_2 {
#define TOOLCALL_NAMESPACE_END \
  }                            \
  }

#endif  // TOOLCALL_VERSION_HPP
