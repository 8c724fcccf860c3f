// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_BUILTIN_HPP
#define TOOLCALL_FORMATS_BUILTIN_HPP

// The one list of built-in formats: the 0.1 rooms below, and the group files that register the
// rooms added since (CONTRIBUTING.md, "Adding a model family": a new room goes in a group file).
//
// Priorities (format_def::priority; lower is tried first where formats claim the same opener,
// and tests/unit/layout_test.cpp fails when two formats sharing an opener tie):
//   5         reasoning blocks
//   6 - 19    tag families that share `<tool_call>`, `<tool_calls>`, `<function...>`: the most
//             specific body first (hy3, minimax_m1, minicpm, granite, hermes, qwen3_coder, the
//             Qwen drift shapes, named_function, glm, ...), so a body one cannot read falls
//             through to the next
//   20        bare JSON at the start of the output (openai)
//   21 - 49   families with special tokens of their own (cohere ... olmo3, granite_pythonic)
//   50 - 85   openers another family may also write: `[TOOL_CALLS]`, the DeepSeek / Step-3 /
//             Kimi `tool_call_begin` tokens, harmony's channels, Gemma, Functionary's names
//   90 - 95   fallbacks: code fences, tool-named XML tags (morph_xml)
//   130 -     families whose opener is also another's marker (gigachat35, kimi_k3, muse_glimmer
//             after harmony's `<|start|>`)

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
