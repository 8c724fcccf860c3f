// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_FORMAT_DEF_HPP
#define TOOLCALL_DETAIL_FORMAT_DEF_HPP

// What a format is, as data (docs/architecture.md, "Formats as rooms"). Every built-in family
// describes itself with one `format_def` in its room (include/toolcall/formats/<family>.hpp);
// custom formats get one from their `format_spec`. The engine builds its trigger table from the
// registry's format_defs alone: it never tests a format's name.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine_core.hpp"

TOOLCALL_NAMESPACE_BEGIN

class format;
struct format_spec;
namespace detail {

/// Where a trigger may match.
enum class trig_cond : std::uint8_t {
  anywhere,    ///< at any byte
  start,       ///< at the start of the output (after whitespace, a reasoning block or a call)
  line_start,  ///< at the start of the output or of a line
  reasoning_head,  ///< at the start of a reasoning block, before any reasoning text
};

/// A region opener a format claims. Several formats may claim the same opener (`<tool_call>`):
/// they are tried in priority order, and a region one cannot parse is offered to the next.
struct trigger_def {
  std::string text;
  trig_cond cond = trig_cond::anywhere;
  int variant = 0;  ///< handed to handler::begin (which spelling matched)
};

/// Openers at a name's first byte (a letter or `_`) at the start of the output, for a call that
/// opens with its name and no marker; `variant` tells the handler its trigger is that byte.
inline std::vector<trigger_def> name_start_triggers(int variant) {
  std::vector<trigger_def> v;
  for (const char* set : {"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "_"})
    for (const char* c = set; *c; ++c) v.push_back({std::string(1, *c), trig_cond::start, variant});
  return v;
}

/// A reasoning block's markers (`<think>`/`</think>`, `[THINK]`/`[/THINK]`, ...).
struct reasoning_def {
  std::string open, close;
};

/// Bare JSON at the start of the output (no marker): the call shapes a format accepts there.
/// The engine combines the shapes of every enabled format into one bare-JSON claimant, which
/// attributes each call to the format whose shape it has.
struct bare_json_def {
  bool name_key = false;         ///< {"name": ..., "arguments"|"parameters": ...}
  bool function_string = false;  ///< {"function": "NAME", "parameters": ...}
  bool envelope = false;         ///< {"tool_calls": [...]}, {"function": {...}}
  bool semicolons = false;       ///< `;`-separated calls
  bool call_array = false;       ///< a top-level `[` holding call objects
  bool pythonic_list = false;    ///< `[f(a=1), g()]`
  /// The shapes are this family's fallback form (HyperCLOVAX under tool_choice=required): the
  /// family names a bare call only when no other enabled format declares the same shape.
  bool fallback = false;
};

/// A `for_model` preset: a case-insensitive RE2 pattern over the model name, the formats it
/// enables (by name) and whether the family's template opens a reasoning block in the prompt.
/// Presets with a lower `rank` are tried first (more specific names rank lower).
struct preset_def {
  std::string pattern;
  std::vector<std::string> formats;
  int rank = 50;
  bool prompt_opens_reasoning = false;
};

/// How a call to one tool is written, for constrained decoding (parser_registry::structural_tags,
/// docs/constrained_decoding.md): `begin` (with `{NAME}` where the tool's name goes), the
/// arguments, then `end`. The arguments are a JSON object (style `json`) or XML parameters in
/// the xgrammar `json_schema` style named. `begin` starts with one of the format's triggers.
/// An empty `begin`: the family cannot be written that way (listed as unsupported).
struct call_template_def {
  std::string begin;           ///< `<tool_call>\n{"name": "{NAME}", "arguments": `
  std::string end;             ///< `}\n</tool_call>`
  std::string style = "json";  ///< json, qwen_xml, minimax_xml, glm_xml, deepseek_xml
};

/// Everything a format is.
struct format_def {
  std::string name;
  int priority = 50;
  std::string description;
  std::vector<trigger_def> triggers;       ///< region openers this format claims
  std::vector<std::string> markers;        ///< recognised markers dropped from content
  /// Markers that open a section of calls (DeepSeek's `<｜tool▁calls▁begin｜>`): dropped like
  /// markers; an output that ends after one with no call gives errc::unterminated_call.
  std::vector<std::string> section_openers;
  std::vector<reasoning_def> reasoning;    ///< reasoning blocks this family writes
  std::vector<std::string> template_markers;  ///< strings that identify it in a chat template
  bare_json_def bare;                      ///< bare JSON shapes it accepts at the start
  format_traits traits;
  std::vector<preset_def> presets;
  call_template_def call_template;  ///< one call as begin + arguments + end; empty: unsupported
  /// Openers made from the request's tool names (tag-per-tool XML: `<get_weather>`), claimed
  /// only when a normalizer attaches the tools; `variant` is the tool's index in `names`.
  std::function<std::vector<trigger_def>(const std::vector<std::string>& names)> tool_triggers;
  /// Makes the format's handler (one per stream parser); null for formats with no triggers.
  std::function<std::unique_ptr<handler>()> make;
  /// The spec this format was compiled from (custom formats, data-only rooms); null otherwise.
  std::shared_ptr<const format_spec> spec;
};

/// The format's definition (toolcall/format.hpp defines it).
inline const format_def& def_of(const format& f) noexcept;

/// What the format named `name` among `formats` says about itself (values as text, model ids);
/// the defaults when none has that name.
template <class Formats>
format_traits traits_named(const Formats& formats, std::string_view name) {
  for (const auto& f : formats)
    if (f.name() == name) return def_of(f).traits;
  return {};
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_FORMAT_DEF_HPP
