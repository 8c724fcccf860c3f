// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GROUP_XML_B_HPP
#define TOOLCALL_FORMATS_GROUP_XML_B_HPP

// Families added in 0.3 (one room each), collected for formats/builtin.hpp.

#include <vector>

#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

inline std::vector<detail::format_def> group_xml_b_defs() { return {}; }

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GROUP_XML_B_HPP
