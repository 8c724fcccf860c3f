// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_REQUEST_HPP
#define TOOLCALL_REQUEST_HPP

// Declarations only, with the standard library (docs/building.md, "Compile cost"): the
// definitions are in impl/request.hpp, included below in header-only mode.
#include <string>
#include <string_view>

#include "choice.hpp"
#include "config.hpp"
#include "error.hpp"
#include "normalizer.hpp"
#include "parser.hpp"
#include "stream_parser.hpp"

TOOLCALL_NAMESPACE_BEGIN

/**
 * What one request tells the parser: its `tools` (a normalizer), its `tool_choice`
 * and its `parallel_tool_calls`, read from the request body an engine received. attach()
 * installs them on a parser for the response to that request; the parser's next reset() after
 * the response drops both (stream_parser::reset(); reset(keep_request) keeps them), so a parser
 * reused for the next request carries none of this one over.
 *
 * Read from the body: `tools` (OpenAI Chat Completions `{"type": "function", "function": {...}}`,
 * Responses API and Anthropic flat tools with `parameters` or `input_schema`); `tool_choice`
 * as `"auto"`, `"none"`, `"required"`, `{"type": "function", "function": {"name": N}}`,
 * `{"type": "function", "name": N}` (Responses API) or Anthropic's `{"type": "auto" | "any" |
 * "none" | "tool", "name": N, "disable_parallel_tool_use": B}`; `parallel_tool_calls` as a
 * boolean. Other fields are ignored.
 *
 * **Example**:
 * @code
 * auto req = toolcall::request::create(R"({"tools": [{"type": "function", "function": {"name": "get_weather",
 *   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
 *   "tool_choice": {"type": "function", "function": {"name": "get_weather"}}})");
 * toolcall::parser p;
 * req->attach(p);
 * toolcall::message m = p.parse(R"({"city": "Paris"})");  // one call to get_weather
 * @endcode
 */
class request {
 public:
  /// No tools, tool_choice auto: attach() removes a filter and a choice.
  request() = default;

  /**
   * Reads a request body.
   * @return errc::invalid_input when the body is not a JSON object, a tool is malformed (see
   * normalizer::create), tool_choice has an unknown value, or it names a function the tools
   * do not declare.
   */
  static result<request> create(std::string_view request_json, normalizer_options opt = {});

  /// Installs the tools' normalizer (or removes any) and the choice, for the next response.
  void attach(stream_parser& sp) const;
  void attach(parser& p) const { attach(p.stream()); }

  const tool_choice& choice() const noexcept { return choice_; }
  void set_choice(tool_choice c) { choice_ = std::move(c); }
  const normalizer& tools() const noexcept { return tools_; }
  /// The request's `tools` array as JSON text ("[]" when it has none): what
  /// parser_registry::structural_tags() takes.
  const std::string& tools_json() const noexcept { return tools_json_; }

 private:
  normalizer tools_;
  tool_choice choice_;
  std::string tools_json_ = "[]";
};

TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/request.hpp"
#endif

#endif  // TOOLCALL_REQUEST_HPP
