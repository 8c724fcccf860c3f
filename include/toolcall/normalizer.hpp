// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_NORMALIZER_HPP
#define TOOLCALL_NORMALIZER_HPP

// Declarations only, with the standard library (docs/building.md, "Compile cost"): the
// definitions are in impl/normalizer.hpp, included below in header-only mode.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config.hpp"
#include "detail/event_sink.hpp"
#include "error.hpp"
#include "parser.hpp"
#include "stream_parser.hpp"
#include "types.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace detail {
struct norm_data;
}  // namespace detail

/// What happens to a call whose name matches no declared tool, even after name repair.
enum class unknown_tool_policy {
  forward,  ///< keep it, status unknown_tool, plus an unknown_tool warning
  drop,     ///< leave it out of the message (its call_end says invalid), plus a warning
  error,    ///< reject its region: the text goes back to content with an unknown_tool error
  /// As the family's vendor parser does (the default): `error` for the families whose parser
  /// leaves such a call as text (dots, MiniCPM, InternLM2: format_spec::unknown_tools_as_text),
  /// `forward` for the others.
  vendor,
};

/**
 * A user rule for one tool's top-level arguments. Build one with the named constructors:
 * - fill(tool, field, json): when `field` is missing, add it with the constant JSON value;
 * - fill_template(tool, field, text): when `field` is missing, add the string `text` with
 *   each `{name}` replaced by the value of the top-level field `name` (a string's text, any
 *   other value's JSON); `{{` and `}}` stand for braces. Not applied if a placeholder's
 *   field is missing;
 * - alias(tool, from, to): when `from` is present and `to` is missing, add `to` with the
 *   value of `from`, keeping `from`.
 * The value added is then coerced by the schema of `field` / `to` like any other value.
 *
 * **Example**:
 * @code
 * auto r1 = toolcall::normalizer_rule::fill_template("bash", "description", "Execute: {command}");
 * auto r2 = toolcall::normalizer_rule::alias("read", "file", "filePath");
 * @endcode
 */
struct normalizer_rule {
  enum class kind { fill, fill_template, alias };
  kind type = kind::fill;
  std::string tool;   ///< the declared tool name it applies to
  std::string field;  ///< the field it adds
  std::string value;  ///< fill: JSON text; fill_template: the template; alias: the source field

  static normalizer_rule fill(std::string tool, std::string field, std::string json_value) {
    return normalizer_rule{kind::fill, std::move(tool), std::move(field), std::move(json_value)};
  }
  static normalizer_rule fill_template(std::string tool, std::string field, std::string text) {
    return normalizer_rule{kind::fill_template, std::move(tool), std::move(field), std::move(text)};
  }
  static normalizer_rule alias(std::string tool, std::string from, std::string to) {
    return normalizer_rule{kind::alias, std::move(tool), std::move(to), std::move(from)};
  }
};

/// Options of a normalizer; a plain aggregate with a default for every field.
struct normalizer_options {
  bool enabled = true;         ///< false: attach() installs nothing
  bool coerce_types = true;    ///< schema type coercion and enum case fixes
  bool repair_names = true;    ///< namespace, case and edit-distance repair of tool names
  bool check_required = true;  ///< report missing required fields (errc::missing_required)
  bool fill_defaults = true;   ///< fill a missing required field from its schema `default`
  unknown_tool_policy unknown_tools = unknown_tool_policy::vendor;
  std::size_t max_name_distance = 2;  ///< 0 turns the edit-distance step off
  std::vector<normalizer_rule> rules;
};

/**
 * Schema-aware repair of tool calls, built from the request's OpenAI `tools` array.
 * It plugs into parser and stream_parser and works on every format, streamed or not: what the
 * arguments_delta events carry is the normalized text, so the concatenated deltas still equal
 * the final arguments, for any chunking.
 *
 * What it changes (each change is a note-level diagnostic naming the JSON pointer, e.g.
 * `/offset`, and the call's status becomes `normalized`):
 * - tool names: `functions.read` -> `read`, `Read` -> `read`, `raed` -> `read` (see
 *   normalizer_options; unknown names follow unknown_tool_policy);
 * - values, by the declared schema (nested properties, items, anyOf/oneOf, $ref/$defs,
 *   nullable types): `"true"`/`"false"` -> booleans; `"130"` -> 130 for integer and `"1.5"` ->
 *   1.5 for number parameters, only when the text is exactly a JSON number (no `"007"`, no
 *   `"1.5"` for an integer, no spaces); a number or boolean -> its text for string parameters;
 *   a string holding a JSON object or array -> that object or array; an enum member's case;
 * - missing required fields: filled from the schema's `default` or a user rule, otherwise a
 *   missing_required warning; user alias rules add a field and keep the original.
 * A string parameter stays a string even when it looks like a number; a tool that is not
 * declared, and any value without a schema, pass through unchanged.
 *
 * @par Thread safety: a normalizer is immutable; share it between threads and parsers. Each
 * attach() creates the per-stream state.
 * @par Lifetime: filters share the compiled tools; the normalizer may die before them.
 *
 * **Example**:
 * @code
 * auto n = toolcall::normalizer::create(R"([{"type": "function", "function": {"name": "read",
 *   "parameters": {"type": "object", "properties": {"offset": {"type": "integer"}}}}}])");
 * toolcall::parser p;
 * n->attach(p);
 * toolcall::message m = p.parse(R"(<tool_call>{"name": "functions.read", "arguments": {"offset": "130"}}</tool_call>)");
 * // m.calls[0].name == "read", m.calls[0].arguments == R"({"offset":130})", status normalized
 * @endcode
 */
class normalizer {
 public:
  /// A normalizer with no tools that does nothing (attach() removes any filter).
  normalizer() = default;

  /**
   * Compiles the tools.
   * @param tools_json an OpenAI `tools` array, or an object with a "tools" array. Entries are
   * `{"type": "function", "function": {"name", "parameters"}}` or flat `{"name", "parameters"}`.
   * @return errc::invalid_input when the JSON is malformed, a tool has no name or its
   * parameters are not an object, or a fill rule's value is not JSON.
   */
  static result<normalizer> create(std::string_view tools_json, normalizer_options opt = {});

  /// Installs a fresh filter on the stream parser (or removes it when disabled/empty), for the
  /// response being parsed or the next one: the first reset() after it served a response drops
  /// it (stream_parser::reset(); reset(keep_request) keeps it), so attach each request's tools.
  void attach(stream_parser& sp) const { sp.set_filter(make_filter()); }
  /// Installs a fresh filter on the parser's stream parser.
  void attach(parser& p) const { attach(p.stream()); }

  bool enabled() const noexcept { return enabled_ && d_; }
  /// Number of declared tools.
  std::size_t tool_count() const noexcept;
  /// Is `name` declared exactly?
  bool has_tool(std::string_view name) const noexcept;

  /**
   * The declared name a model's tool name stands for (exact, or repaired by the rules of
   * normalizer_options), or an empty string when none.
   */
  std::string resolve_name(std::string_view name) const;

  /**
   * Normalizes one complete call outside a parser (e.g. calls rebuilt from a server's
   * stream). Rewrites c.name, c.arguments and c.status (normalized / unknown_tool) and appends
   * the diagnostics, at offset c.begin.
   * @return false when the unknown-tool policy drops or rejects the call.
   */
  bool apply(call& c, std::vector<diagnostic>& diags) const;

 private:
  /// A new per-stream filter; null when the normalizer is disabled or default-constructed.
  std::unique_ptr<detail::call_filter> make_filter() const;
  std::shared_ptr<const detail::norm_data> d_;
  bool enabled_ = true;
};

TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/normalizer.hpp"
#endif

#endif  // TOOLCALL_NORMALIZER_HPP
