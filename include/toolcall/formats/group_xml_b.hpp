// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GROUP_XML_B_HPP
#define TOOLCALL_FORMATS_GROUP_XML_B_HPP

// Families added in 0.3 (one room each), collected for formats/builtin.hpp. hy3 and minimax_m1
// share `<tool_calls>`: hy3 (tried first) fails at once on minimax_m1's JSON lines. k2_horizon
// (0.4) was added by following CONTRIBUTING.md.

#include <vector>

#include "../detail/format_def.hpp"
#include "gigachat35.hpp"
#include "hy3.hpp"
#include "k2_horizon.hpp"
#include "kimi_k3.hpp"
#include "minimax_m1.hpp"
#include "minimax_m3.hpp"
#include "muse_glimmer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

inline std::vector<detail::format_def> group_xml_b_defs() {
  return {hy3::def(), minimax_m1::def(), kimi_k3::def(), muse_glimmer::def(), gigachat35::def(), minimax_m3::def(),
          k2_horizon::def()};
}

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GROUP_XML_B_HPP
