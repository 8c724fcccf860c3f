// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_BUILTIN_HPP
#define TOOLCALL_FORMATS_BUILTIN_HPP

// The one list of built-in formats. Adding a family: write its room (formats/<family>.hpp),
// add it here, add its corpus cases, tests and docs/formats/<family>.md. Nothing else.

#include <vector>

#include "deepseek.hpp"
#include "fenced.hpp"
#include "function_key.hpp"
#include "group_json.hpp"
#include "group_json_b.hpp"
#include "group_other.hpp"
#include "group_other_b.hpp"
#include "group_xml.hpp"
#include "group_xml_b.hpp"
#include "harmony.hpp"
#include "hermes.hpp"
#include "llama3.hpp"
#include "mistral.hpp"
#include "named_function.hpp"
#include "openai.hpp"
#include "pythonic.hpp"
#include "qwen3_coder.hpp"
#include "qwen_drift.hpp"
#include "reasoning.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

/// Every built-in format's definition, in the order `formats` lists them.
inline std::vector<detail::format_def> builtin_defs() {
  std::vector<detail::format_def> v = {reasoning::def(),    hermes::def(),      qwen3_coder::def(), qwen_tools::def(), qwen_function::def(),
          named_function::def(), qwen_bracket::def(), openai::def(),     llama3_json::def(), function_key::def(),
          pythonic::def(),     mistral::def(),     deepseek::def(),    harmony::def(),     fenced::def()};
  for (auto* group : {&group_xml_defs, &group_json_defs, &group_other_defs, &group_xml_b_defs, &group_json_b_defs, &group_other_b_defs})
    for (auto& d : (*group)()) v.push_back(std::move(d));
  return v;
}

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_BUILTIN_HPP
