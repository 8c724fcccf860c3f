// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_NORMALIZER_HPP
#define TOOLCALL_IMPL_NORMALIZER_HPP

// Definitions of normalizer.hpp (docs/building.md, "Compile cost"): inline in header-only mode,
// compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/normalize.hpp"
#include "../normalizer.hpp"
#include "format.hpp"

TOOLCALL_NAMESPACE_BEGIN

TOOLCALL_INLINE result<normalizer> normalizer::create(std::string_view tools_json, normalizer_options opt) {
  detail::schema_builder b;
  result<detail::schema_set> set = b.build(tools_json);
  if (!set) return set.error();
  auto d = std::make_shared<detail::norm_data>();
  d->set = std::move(*set);
  d->coerce = opt.coerce_types;
  d->repair_names = opt.repair_names;
  d->fill_defaults = opt.fill_defaults;
  d->check_required = opt.check_required;
  d->unknown = static_cast<std::uint8_t>(opt.unknown_tools == unknown_tool_policy::drop     ? 1
                                         : opt.unknown_tools == unknown_tool_policy::error  ? 2
                                         : opt.unknown_tools == unknown_tool_policy::vendor ? 3
                                                                                            : 0);
  d->max_distance = opt.max_name_distance;
  d->rules.resize(d->set.tools.size());
  d->captures.resize(d->set.tools.size());
  for (const normalizer_rule& r : opt.rules) {
    if (r.field.empty()) return error{errc::invalid_input, 0, "a rule for " + r.tool + " has no field"};
    detail::norm_rule nr;
    nr.field = r.field;
    std::vector<std::string> reads;
    switch (r.type) {
      case normalizer_rule::kind::fill: {
        detail::json_lexer lx;
        lx.reset(nullptr, 256);
        const detail::lex_step s = lx.feed(r.value);
        bool ok = s.st == detail::lex_step::done ||
                  (s.st == detail::lex_step::more && lx.finish().st == detail::lex_step::done);
        for (std::size_t i = s.consumed; ok && i < r.value.size(); ++i)
          if (!detail::is_json_ws(static_cast<unsigned char>(r.value[i]))) ok = false;
        if (!ok || lx.repaired())
          return error{errc::invalid_input, 0, "rule " + r.tool + "." + r.field + ": the value is not JSON"};
        nr.k = detail::norm_rule::fill_value;
        nr.value = lx.out();
        break;
      }
      case normalizer_rule::kind::fill_template: {
        nr.k = detail::norm_rule::fill_template;
        const std::string& t = r.value;
        std::string lit;
        for (std::size_t i = 0; i < t.size(); ++i) {
          if ((t[i] == '{' || t[i] == '}') && i + 1 < t.size() && t[i + 1] == t[i]) {
            lit += t[i++];
            continue;
          }
          if (t[i] == '{') {
            const std::size_t close = t.find('}', i + 1);
            if (close == std::string::npos)
              return error{errc::invalid_input, 0, "rule " + r.tool + "." + r.field + ": unclosed {"};
            if (!lit.empty()) nr.parts.emplace_back(false, std::move(lit));
            lit.clear();
            nr.parts.emplace_back(true, t.substr(i + 1, close - i - 1));
            reads.push_back(t.substr(i + 1, close - i - 1));
            i = close;
            continue;
          }
          lit += t[i];
        }
        if (!lit.empty()) nr.parts.emplace_back(false, std::move(lit));
        break;
      }
      case normalizer_rule::kind::alias:
        if (r.value.empty()) return error{errc::invalid_input, 0, "alias rule for " + r.tool + " has no source"};
        nr.k = detail::norm_rule::alias;
        nr.value = r.value;
        reads.push_back(r.value);
        break;
    }
    const int t = d->set.find_tool(r.tool);
    if (t < 0) continue;  // a rule for a tool this request does not declare
    auto& caps = d->captures[static_cast<std::size_t>(t)];
    for (auto& k : reads)
      if (std::find(caps.begin(), caps.end(), k) == caps.end()) caps.push_back(std::move(k));
    d->rules[static_cast<std::size_t>(t)].push_back(std::move(nr));
  }
  normalizer n;
  n.enabled_ = opt.enabled;
  n.d_ = std::move(d);
  return n;
}

TOOLCALL_INLINE std::unique_ptr<detail::call_filter> normalizer::make_filter() const {
  if (!enabled_ || !d_) return nullptr;
  return std::make_unique<detail::normalize_filter>(d_);
}

TOOLCALL_INLINE std::size_t normalizer::tool_count() const noexcept {
  return d_ ? d_->set.tools.size() : 0;
}

TOOLCALL_INLINE bool normalizer::has_tool(std::string_view name) const noexcept {
  return d_ && d_->set.find_tool(name) >= 0;
}

TOOLCALL_INLINE std::string normalizer::resolve_name(std::string_view name) const {
  if (!d_) return {};
  int i = d_->set.find_tool(name);
  if (i < 0 && d_->repair_names) i = detail::match_tool_name(d_->set, name, d_->max_distance).index;
  return i < 0 ? std::string() : d_->set.tools[static_cast<std::size_t>(i)].name;
}

TOOLCALL_INLINE bool normalizer::apply(call& c, std::vector<diagnostic>& diags) const {
  auto f = make_filter();
  if (!f) return true;
  // the call's format says whether its values arrived as text (XML parameters)
  const auto fmt = format::builtin(c.format);
  const detail::filter_verdict v = f->begin(c.name, c.format, fmt ? detail::def_of(*fmt).traits : detail::format_traits{});
  std::string out;
  f->feed(c.arguments, out);
  f->finish(out);
  for (auto& n : f->take_notes()) diags.push_back(diagnostic{n.code, c.begin, std::move(n.message), n.level});
  if (v == detail::filter_verdict::reject)
    diags.push_back(diagnostic{errc::unknown_tool, c.begin, "unknown tool: " + c.name, severity::error});
  if (v == detail::filter_verdict::drop || v == detail::filter_verdict::reject) return false;
  if (v == detail::filter_verdict::unknown_forward) {
    c.status = call_status::unknown_tool;
  } else if (f->changed()) {
    c.arguments = std::move(out);  // compact, like every parsed call
    c.status = call_status::normalized;
  }
  return true;
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_NORMALIZER_HPP
