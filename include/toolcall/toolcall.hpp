// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_TOOLCALL_HPP
#define TOOLCALL_TOOLCALL_HPP

// The umbrella header: everything public. Lighter headers, each usable alone:
//   <toolcall/parser.hpp>         parser, parse(), the registry and the options (one-shot)
//   <toolcall/stream_parser.hpp>  stream_parser and its events (streaming)
//   <toolcall/openai.hpp>         sse_writer, delta_accumulator (the OpenAI wire format)
//   <toolcall/normalizer.hpp>     normalizer (arguments against the request's tools)
//   <toolcall/conversation.hpp>   history checks, rewrite_llama31, loop_guard
//   <toolcall/fwd.hpp>            forward declarations, for your own headers
#include "anthropic.hpp"
#include "choice.hpp"
#include "config.hpp"
#include "conversation.hpp"
#include "error.hpp"
#include "format.hpp"
#include "json_writer.hpp"
#include "message_builder.hpp"
#include "normalizer.hpp"
#include "openai.hpp"
#include "options.hpp"
#include "parser.hpp"
#include "responses.hpp"
#include "request.hpp"
#include "stream_parser.hpp"
#include "system_error.hpp"
#include "types.hpp"
#include "version.hpp"

#endif  // TOOLCALL_TOOLCALL_HPP
