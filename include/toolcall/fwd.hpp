// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FWD_HPP
#define TOOLCALL_FWD_HPP

// Forward declarations only: include this in your own headers.
#include "version.hpp"

TOOLCALL_NAMESPACE_BEGIN
enum class errc;
enum class severity;
enum class call_status;
enum class finish_reason;
enum class event_kind;
enum class payload_kind;
struct error;
struct diagnostic;
struct call;
struct message;
struct event;
struct options;
struct format_spec;
class format;
class parser_registry;
class parser;
class stream_parser;
template <typename T>
class result;
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FWD_HPP
