// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_OPTIONS_HPP
#define TOOLCALL_OPTIONS_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>

#include "config.hpp"

TOOLCALL_NAMESPACE_BEGIN

/// Where the output starts with respect to a reasoning block (DESIGN.md, "Reasoning").
enum class reasoning_start {
  detect,  ///< `<think>`/`[THINK]` at the start opens one; a lone `</think>` means the prompt did
  open,    ///< the prompt ended with `<think>`: the output begins inside reasoning
  none,    ///< no reasoning expected: `<think>` is plain text (no hold-back for a lone `</think>`)
};

/// What to do with call markup inside reasoning.
enum class reasoning_calls {
  ignore,  ///< it stays reasoning text (the corpus rule)
  end_reasoning,  ///< a call marker ends the reasoning block implicitly
};

/**
 * Options for parser and stream_parser; a plain aggregate with a default for every field.
 * Every limit, when reached, gives a `limit_*` diagnostic; the text stays content and the
 * parser stays usable.
 */
struct options {
  std::size_t max_input_bytes = std::size_t{64} << 20;  ///< beyond it: passthrough as content
  std::size_t max_call_bytes = std::size_t{1} << 20;    ///< one call region (1 MiB)
  std::size_t max_calls = 256;                          ///< calls per response
  std::size_t max_depth = 128;                          ///< JSON/Python nesting
  std::size_t max_holdback = std::size_t{256} << 10;    ///< undecided text (lone `</think>`)
  std::chrono::microseconds time_budget{100000};        ///< 100 ms of parsing per response; 0 = none
  std::size_t max_diagnostics = 256;                    ///< later ones are dropped (one note says so)
  reasoning_start reasoning = reasoning_start::detect;
  reasoning_calls calls_in_reasoning = reasoning_calls::ignore;
  std::uint64_t seed = 0;       ///< id generation seed; 0 picks a random one per response
  bool keep_truncated = false;  ///< also list truncated calls in message::calls
  bool token_limit_hit = false; ///< set by the engine: finish_reason becomes `length` if cut
};

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_OPTIONS_HPP
