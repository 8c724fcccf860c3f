// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_GRANITE_PYTHONIC_HPP
#define TOOLCALL_FORMATS_GRANITE_PYTHONIC_HPP

// Granite pythonic (docs/formats/granite_pythonic.md): Granite 3.3 and Granite 4.0 H-Small
// served with vLLM's `granite_pythonic` parser write each call as a bare Python call on a line of
// its own, `get_weather(city="Paris")`, no brackets, no marker. A bare call has no marker to
// find, so its openers are made from the request's tool names (format_def::tool_triggers):
// `NAME(` at the start of a line, for declared tools only. Without tools nothing is a call, and
// `print(x)` in an answer stays text. The line must hold the call alone (the vendor's parser
// matches `^NAME(...)\s*$`): a call followed by prose on its line goes back to content with a
// diagnostic. Arguments are keywords with Python literal values (pythonic_body).

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/bodies.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A region opened by `NAME(` or `NAME (`: the arguments, `)`, then only spaces up to the end of
/// the line or of the text.
class bare_line_call_handler final : public handler {
 public:
  explicit bare_line_call_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx& e, std::string_view trigger, int) override {
    std::string_view n = trigger.substr(0, trigger.size() - 1);  // the `(`
    while (!n.empty() && n.back() == ' ') n.remove_suffix(1);
    name_.assign(n.data(), n.size());
    pythonic_body::config c;
    c.list = false;
    c.format = fmt_;
    py_.begin_args(e, c, name_);
  }
  step feed(const region_ctx& e, std::string_view in) override { return check(py_.feed(e, in), in); }
  step finish(const region_ctx& e) override { return check(py_.finish(e), {}); }

 private:
  /// The body ends at the first byte that is not whitespace after `)`; whitespace it read is in
  /// its tail. Without a newline there, that byte is on the call's line: prose, not a call,
  /// unless it opens a token (`<|end_of_text|>`, as the template writes it right after the
  /// call; the scanner reads what it is).
  step check(step s, std::string_view in) {
    if (s.st != step::done) return s;
    const bool at_end = s.consumed >= in.size();  // finish(), or the chunk ended: the text ended there
    if (!at_end && in[s.consumed] != '<' && s.tail().find('\n') == std::string_view::npos) {
      return step::failed(s.consumed, errc::invalid_call, "text follows the call on its line", severity::warning);
    }
    return s;
  }
  std::string_view fmt_;
  std::string name_;
  pythonic_body py_;
};

}  // namespace detail

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
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 43;
    d.description = "Granite 3.3 / 4.0 H-Small bare get_weather(city=\"Paris\") lines (declared tools only)";
    d.markers = {"<|end_of_text|>"};
    d.reasoning = {{"<think>", "</think>"}};
    // Granite 3.3 also writes <|tool_call|>[...] (granite), Granite 4.0 H-Small <tool_call>
    // (hermes); both stay enabled beside the bare lines
    d.presets = {{"(^|/)granite-?3\\.3([-_:]|$)", {"granite", "granite_pythonic"}, 14, false},
                 {"(^|/)granite-?4\\.0-h-small([-_:]|$)|(^|/)granite4:small-h", {"hermes", "granite_pythonic"}, 14, false}};
    d.tool_triggers = &tool_triggers;
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::bare_line_call_handler(name)); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_GRANITE_PYTHONIC_HPP
