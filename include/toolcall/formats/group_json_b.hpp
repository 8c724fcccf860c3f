// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GROUP_JSON_B_HPP
#define TOOLCALL_FORMATS_GROUP_JSON_B_HPP

// Families added in 0.3 (one room each), collected for formats/builtin.hpp.

#include <vector>

#include "../detail/format_def.hpp"
#include "inkling.hpp"
#include "longcat.hpp"
#include "nemotron.hpp"
#include "plamo3.hpp"
#include "sarashina.hpp"
#include "solar_open.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

inline std::vector<detail::format_def> group_json_b_defs() {
  return {nemotron_json::def(), longcat::def(), inkling::def(), plamo3::def(), solar_open::def(), sarashina::def()};
}

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GROUP_JSON_B_HPP
