// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The compiled mode's one translation unit (docs/building.md, "Compile cost"): every definition
// of include/toolcall/impl/, compiled once with external linkage, so that the programs linking
// it (CMake toolcall::compiled, meson toolcall_compiled_dep) include only the std-only
// declarations and pay for simdjson and RE2 here alone. Build every TU of the program with
// TOOLCALL_HEADER_ONLY=0, as those targets do.

#ifndef TOOLCALL_HEADER_ONLY
#define TOOLCALL_HEADER_ONLY 0
#endif
#if TOOLCALL_HEADER_ONLY
#error "src/toolcall.cpp is the compiled mode: build it with TOOLCALL_HEADER_ONLY=0"
#endif

#include "toolcall/toolcall.hpp"

#include "toolcall/impl/anthropic.hpp"
#include "toolcall/impl/constrain.hpp"
#include "toolcall/impl/conversation.hpp"
#include "toolcall/impl/format.hpp"
#include "toolcall/impl/learn.hpp"
#include "toolcall/impl/normalizer.hpp"
#include "toolcall/impl/openai.hpp"
#include "toolcall/impl/parser.hpp"
#include "toolcall/impl/responses.hpp"
#include "toolcall/impl/request.hpp"
#include "toolcall/impl/stream_parser.hpp"
#include "toolcall/impl/utf8.hpp"
