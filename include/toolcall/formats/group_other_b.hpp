// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GROUP_OTHER_B_HPP
#define TOOLCALL_FORMATS_GROUP_OTHER_B_HPP

// Families added in 0.3 (one room each), collected for formats/builtin.hpp.

#include <vector>

#include "../detail/format_def.hpp"
#include "command_r.hpp"
#include "dots.hpp"
#include "granite_pythonic.hpp"
#include "hyperclovax.hpp"
#include "minicpm.hpp"
#include "solar_open2.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

inline std::vector<detail::format_def> group_other_b_defs() {
  return {granite_pythonic::def(), command_r::def(), minicpm::def(), dots::def(), hyperclovax::def(),
          solar_open2::def()};
}

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GROUP_OTHER_B_HPP
