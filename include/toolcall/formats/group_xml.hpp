// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GROUP_XML_HPP
#define TOOLCALL_FORMATS_GROUP_XML_HPP

// The xml families added in 0.2 (one room each), collected for formats/builtin.hpp. morph_xml
// (tag-per-tool XML) claims nothing until a normalizer supplies the request's tool names.

#include <vector>

#include "../detail/format_def.hpp"
#include "deepseek_dsml.hpp"
#include "glm.hpp"
#include "minimax_m2.hpp"
#include "morph_xml.hpp"
#include "seed_oss.hpp"
#include "step3.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

inline std::vector<detail::format_def> group_xml_defs() {
  return {glm::def(), seed_oss::def(), minimax_m2::def(), deepseek_dsml::def(), step3::def(),
          morph_xml::def()};
}

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GROUP_XML_HPP
