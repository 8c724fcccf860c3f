// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_TOOLCALL_HPP
#define TOOLCALL_TOOLCALL_HPP

// The umbrella header: the only one most users include.
#include "config.hpp"
#include "error.hpp"
#include "format.hpp"
#include "json_writer.hpp"
#include "options.hpp"
#include "openai.hpp"
#include "parser.hpp"
#include "stream_parser.hpp"
#include "types.hpp"
#include "version.hpp"

#endif  // TOOLCALL_TOOLCALL_HPP
