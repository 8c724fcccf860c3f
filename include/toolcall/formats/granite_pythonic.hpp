// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GRANITE_PYTHONIC_HPP
#define TOOLCALL_FORMATS_GRANITE_PYTHONIC_HPP

// Granite pythonic (docs/formats/granite_pythonic.md): Granite 3.3 and Granite 4.0 H-Small
// served with vLLM's `granite_pythonic` parser write each call as a bare Python call on a line of
// its own, `get_weather(city="Paris")`, no brackets, no marker. With the request's tools, the
// openers are made from their names (format_def::tool_triggers): `NAME(` at the start of a line,
// declared tools only. Without them, any identifier followed by `(` opens a call at the start of
// the output or right after a call (bare_triggers), as the vendor's parser reads such lines;
// after prose a call needs a declared tool, so `print(x)` in an answer stays text. The line
// must hold the call alone (the vendor's parser matches `^NAME(...)\s*$`): a call followed by
// prose on its line goes back to content with a diagnostic. Arguments are keywords with Python
// literal values (pythonic_body).

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct granite_pythonic {
  static constexpr std::string_view name = "granite_pythonic";
  /// A Python identifier, or an MCP name with dashes (`resolve-library-id`).
  static bool plain_name(std::string_view n) {
    if (n.empty() || n.size() > 256) return false;
    const auto letter = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; };
    if (!letter(n[0])) return false;
    for (char ch : n)
      if (!(letter(ch) || (ch >= '0' && ch <= '9') || ch == '-' || ch == '.')) return false;
    return true;
  }
  static std::vector<detail::trigger_def> tool_triggers(const std::vector<std::string>& names) {
    std::vector<detail::trigger_def> v;
    std::set<std::string> seen;
    for (std::size_t k = 0; k < names.size(); ++k) {
      if (!plain_name(names[k]) || !seen.insert(names[k]).second) continue;
      v.push_back({names[k] + "(", detail::trig_cond::line_start, static_cast<int>(k)});
      v.push_back({names[k] + " (", detail::trig_cond::line_start, static_cast<int>(k)});
    }
    return v;
  }
  /// Without the request's tools, any identifier opens a call at the start of the output (or
  /// right after a call), as the vendor's parser reads every line `^NAME(...)\s*$`: the trigger
  /// is the name's first byte (tool_line_handler::k_bare_variant).
  static std::vector<detail::trigger_def> bare_triggers() {
    return detail::name_start_triggers(detail::tool_line_handler::k_bare_variant);
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 43;
    d.description = "Granite 3.3 / 4.0 H-Small bare get_weather(city=\"Paris\") lines";
    d.markers = {"<|end_of_text|>"};
    d.reasoning = {{"<think>", "</think>"}};
    // Granite 3.3 also writes <|tool_call|>[...] (granite), Granite 4.0 H-Small <tool_call>
    // (hermes); both stay enabled beside the bare lines
    d.presets = {{"(^|/)granite-?3\\.3([-_:]|$)", {"granite", "granite_pythonic"}, 14, false},
                 {"(^|/)granite-?4\\.0-h-small([-_:]|$)|(^|/)granite4:small-h", {"hermes", "granite_pythonic"}, 14, false}};
    d.tool_triggers = &tool_triggers;
    d.triggers = bare_triggers();
    // the arguments, `)`, then only spaces up to the end of the line or of the text, or a `<`
    // that opens a token (`<|end_of_text|>`, as the template writes it right after the call;
    // the scanner reads what it is): anything else on the line is prose
    d.make = [] {
      return std::unique_ptr<detail::handler>(new detail::tool_line_handler(name, std::vector<std::string_view>{"<"}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GRANITE_PYTHONIC_HPP
