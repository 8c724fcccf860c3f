// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_OPTIONS_HPP
#define TOOLCALL_OPTIONS_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config.hpp"

TOOLCALL_NAMESPACE_BEGIN

/// Where the output starts with respect to a reasoning block (docs/architecture.md, "Reasoning").
enum class reasoning_start {
  preset,  ///< the default: `open` when the registry says the model's template opens a reasoning
           ///< block in the prompt (for_model presets, for_template), else `closed` for a
           ///< stream_parser and `detect` for one-shot parsing (parser, toolcall::parse()),
           ///< which has the whole text
  closed,  ///< live: the output starts outside reasoning; `<think>` at the start opens a block;
           ///< a lone closer is dropped as a marker (the text before it is already content)
  open,    ///< the prompt ended inside a reasoning block: the output begins inside reasoning,
           ///< which any declared pair's closer ends (see reasoning_start_for_prompt())
  detect,  ///< holds text back: a lone `</think>` makes everything before it reasoning (a call
           ///< before it too), so text is released only when a closer or the end decides, or at
           ///< max_holdback (whole texts)
  none,    ///< no reasoning expected: `<think>` is plain text
};
/// What to do with call markup inside reasoning.
enum class reasoning_calls {
  ignore,  ///< it stays reasoning text (the corpus rule)
  end_reasoning,  ///< a call marker ends the reasoning block implicitly
};

/// The enumerator's name ("preset", "closed", "open", "detect", "none"), as the CLI's
/// `--reasoning` and the Python binding spell it.
inline const char* to_string(reasoning_start r) noexcept {
  switch (r) {
    case reasoning_start::preset: return "preset";
    case reasoning_start::closed: return "closed";
    case reasoning_start::open: return "open";
    case reasoning_start::detect: return "detect";
    case reasoning_start::none: return "none";
  }
  return "unknown";
}

/// The enumerator's name ("ignore", "end_reasoning").
inline const char* to_string(reasoning_calls c) noexcept {
  switch (c) {
    case reasoning_calls::ignore: return "ignore";
    case reasoning_calls::end_reasoning: return "end_reasoning";
  }
  return "unknown";
}

/**
 * Options for parser and stream_parser; a plain aggregate with a default for every field.
 * Every limit, when reached, gives a `limit_*` diagnostic; the text stays content and the
 * parser stays usable.
 */
struct options {
  std::size_t max_input_bytes = std::size_t{64} << 20;  ///< beyond it: passthrough as content
  std::size_t max_call_bytes = std::size_t{1} << 20;    ///< one call region (1 MiB)
  std::size_t max_calls = 256;                          ///< calls per response
  std::size_t max_depth = 128;                          ///< JSON/Python nesting, as written (docs/architecture.md)
  std::size_t max_holdback = std::size_t{256} << 10;    ///< undecided text (lone `</think>`)
  std::chrono::microseconds time_budget{100000};        ///< 100 ms of parsing per response (sink time apart); 0 = none
  std::size_t max_diagnostics = 256;                    ///< later ones are dropped (one note says so)
  reasoning_start reasoning = reasoning_start::preset;
  reasoning_calls calls_in_reasoning = reasoning_calls::ignore;
  std::uint64_t seed = 0;       ///< id generation seed; 0 picks a random one per response
  bool keep_truncated = false;  ///< also list truncated calls in message::calls
  bool token_limit_hit = false; ///< set by the engine: finish_reason becomes `length` if cut
  /// XML-parameter values with no schema (no normalizer, or a key the schema does not declare):
  /// false keeps them strings, as the models' own parsers do; true decodes a value that is
  /// entirely a JSON number, true/false/null, array or object.
  bool xml_values_as_json = false;
  /// For engines that only forward events: finish() returns the calls (without their
  /// arguments), the diagnostics and the finish reason, but no content or reasoning, and a
  /// call's arguments are released once its events are out. The stream then holds memory in
  /// O(largest call + longest marker), not O(response). The events are the same either way.
  bool events_only = false;
};

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_OPTIONS_HPP
