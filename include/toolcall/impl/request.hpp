// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_REQUEST_HPP
#define TOOLCALL_IMPL_REQUEST_HPP

// Definitions of request.hpp (docs/building.md, "Compile cost"): inline in header-only mode,
// compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <string>
#include <string_view>
#include <utility>

#include "../detail/json.hpp"
#include "../request.hpp"

TOOLCALL_NAMESPACE_BEGIN

TOOLCALL_INLINE result<request> request::create(std::string_view request_json, normalizer_options opt) {
  const auto bad = [](std::string why) { return error{errc::invalid_input, 0, std::move(why)}; };
  simdjson::dom::parser parser;
  simdjson::padded_string padded(request_json.data(), request_json.size());
  simdjson::dom::element doc;
  simdjson::dom::object body;
  if (parser.parse(padded).get(doc) || doc.get_object().get(body))
    return bad("the request is not a JSON object");
  request r;
  simdjson::dom::element tools;
  std::size_t tool_count = 0;
  if (!body["tools"].get(tools) && tools.type() != simdjson::dom::element_type::NULL_VALUE) {
    simdjson::dom::array arr;
    if (tools.get_array().get(arr)) return bad("tools is not an array");
    tool_count = arr.size();
    r.tools_json_ = simdjson::minify(tools);
    if (tool_count > 0) {
      result<normalizer> n = normalizer::create(r.tools_json_, std::move(opt));
      if (!n) return n.error();
      r.tools_ = std::move(*n);
    }
  }
  simdjson::dom::element par;
  if (!body["parallel_tool_calls"].get(par) && par.type() != simdjson::dom::element_type::NULL_VALUE) {
    bool b = true;
    if (par.get_bool().get(b)) return bad("parallel_tool_calls is not a boolean");
    r.choice_.parallel_tool_calls = b;
  }
  simdjson::dom::element tc;
  if (!body["tool_choice"].get(tc) && tc.type() != simdjson::dom::element_type::NULL_VALUE) {
    std::string_view s;
    simdjson::dom::object o;
    if (!tc.get_string().get(s)) {
      if (s == "auto") r.choice_.mode = tool_choice_mode::automatic;
      else if (s == "none") r.choice_.mode = tool_choice_mode::none;
      else if (s == "required" || s == "any") r.choice_.mode = tool_choice_mode::required;
      else return bad("tool_choice \"" + std::string(s) + "\" is not auto, none, required or a function");
    } else if (!tc.get_object().get(o)) {
      std::string_view type, name;
      if (o["type"].get_string().get(type)) type = {};
      simdjson::dom::element fn;
      if (!o["function"].get(fn) && fn["name"].get_string().get(name)) name = {};  // Chat Completions
      if (name.empty() && o["name"].get_string().get(name)) name = {};             // Responses, Anthropic
      bool no_parallel = false;
      if (!o["disable_parallel_tool_use"].get_bool().get(no_parallel) && no_parallel)
        r.choice_.parallel_tool_calls = false;  // Anthropic
      if (type == "function" || type == "tool") {
        if (name.empty()) return bad("tool_choice names no function");
        r.choice_.mode = tool_choice_mode::function;
        r.choice_.function = std::string(name);
      } else if (type == "auto") {
        r.choice_.mode = tool_choice_mode::automatic;
      } else if (type == "none") {
        r.choice_.mode = tool_choice_mode::none;
      } else if (type == "any" || type == "required") {
        r.choice_.mode = tool_choice_mode::required;
      } else {
        return bad("tool_choice has an unknown type \"" + std::string(type) + "\"");
      }
    } else {
      return bad("tool_choice is neither a string nor an object");
    }
  }
  if (r.choice_.mode == tool_choice_mode::function && tool_count > 0 && !r.tools_.has_tool(r.choice_.function))
    return bad("tool_choice names " + r.choice_.function + ", which the tools do not declare");
  return r;
}

TOOLCALL_INLINE void request::attach(stream_parser& sp) const {
  tools_.attach(sp);
  sp.set_choice(choice_);
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_REQUEST_HPP
