// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_FORMAT_HPP
#define TOOLCALL_IMPL_FORMAT_HPP

// Definitions of format.hpp (docs/building.md, "Compile cost"): inline in header-only mode,
// compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/custom.hpp"
#include "../detail/spec_compile.hpp"
#include "../detail/spec_json.hpp"
#include "../detail/sample_json.hpp"
#include "../detail/format_def.hpp"
#include "../detail/presets.hpp"
#include "../detail/regex.hpp"
#include "../format.hpp"
#include "../formats/builtin.hpp"

TOOLCALL_NAMESPACE_BEGIN

namespace detail {

/// The built-in rooms and their presets, built and compiled once per process (the first use
/// builds it; C++11 makes that initialisation thread-safe) and immutable afterwards: builtin(),
/// format::builtin() and for_model() share the rooms' definitions instead of rebuilding them,
/// and for_model() matches precompiled presets (detail/presets.hpp has the matching rule).
struct preset_table {
  struct entry {
    const preset_def* preset = nullptr;
    std::shared_ptr<const RE2> re;  ///< compiled as detail::regex does, case-insensitive
  };
  std::vector<std::shared_ptr<const format_def>> defs;  ///< builtin order
  std::vector<entry> presets;                          ///< by rank, then builtin order

  preset_table() {
    for (auto& d : formats::builtin_defs()) defs.push_back(std::make_shared<const format_def>(std::move(d)));
    for (const auto& d : defs)
      for (const auto& p : d->presets) {
        auto re = compile_preset(p.pattern);
        if (re->ok()) presets.push_back(entry{&p, std::move(re)});
      }
    std::stable_sort(presets.begin(), presets.end(),
                     [](const entry& a, const entry& b) { return a.preset->rank < b.preset->rank; });
  }

  /// The preset for_model() picks for the name, or nullptr.
  const preset_def* find(std::string_view model) const {
    for (const auto& e : presets)
      if (preset_matches(*e.re, model)) return e.preset;
    return nullptr;
  }
  /// A room by name, or nullptr.
  const std::shared_ptr<const format_def>* def(std::string_view name) const {
    for (const auto& d : defs)
      if (d->name == name) return &d;
    return nullptr;
  }
};

inline const preset_table& builtin_presets() {
  static const preset_table t;
  return t;
}

}  // namespace detail

TOOLCALL_INLINE result<format> format::builtin(std::string_view name) {
  if (const auto* d = detail::builtin_presets().def(name)) return format(*d, true);
  return error{errc::unknown_format, 0, "unknown format: " + std::string(name)};
}

TOOLCALL_INLINE result<format> format::from_spec(const format_spec& spec) {
  detail::format_def d;
  std::string why = detail::compile_spec(spec, d);
  if (!why.empty()) return error{errc::invalid_pattern, 0, std::move(why)};
  format f(std::make_shared<const detail::format_def>(std::move(d)), false);
  f.priority_ = spec.priority;
  return f;
}

TOOLCALL_INLINE result<format_spec> format::to_spec() const {
  if (!def_->spec)
    return error{errc::unknown_format, 0,
                 "format " + def_->name + " has a handler of its own: it cannot be written as a spec"};
  format_spec s = *def_->spec;
  s.priority = priority_;
  return s;
}

TOOLCALL_INLINE parser_registry parser_registry::builtin() {
  parser_registry r;
  for (const auto& d : detail::builtin_presets().defs) r.add(format(d, true));  // built once per process
  return r;
}

TOOLCALL_INLINE result<parser_registry> parser_registry::only(std::string_view name) {
  auto f = format::builtin(name);
  if (!f) return f.error();
  parser_registry r;
  r.add(*f);
  if (name != "reasoning") r.add(*format::builtin("reasoning"));
  return r;
}

TOOLCALL_INLINE parser_registry parser_registry::for_model(std::string_view model) {
  // the presets are compiled once per process (detail/presets.hpp has the matching rule)
  const detail::preset_table& t = detail::builtin_presets();
  const detail::preset_def* best = t.find(model);
  if (!best) {
    parser_registry r = builtin();
    r.model_known_ = false;
    r.reason_ = "no for_model preset matches the name";
    return r;
  }
  parser_registry r;
  for (const auto& name : best->formats)
    if (const auto* d = t.def(name)) r.add(format(*d, true));
  r.preset_ = best->pattern;
  r.prompt_opens_reasoning_ = best->prompt_opens_reasoning;
  return r;
}

TOOLCALL_INLINE parser_registry parser_registry::for_template(std::string_view template_text) {
  parser_registry r;
  for (auto& d : formats::builtin_defs()) {
    bool hit = false;
    for (const auto& m : d.template_markers) hit |= template_text.find(m) != std::string_view::npos;
    if (hit) r.add(format(std::make_shared<const detail::format_def>(std::move(d)), true));
  }
  if (r.formats_.empty() || (r.formats_.size() == 1 && r.formats_[0].name() == "reasoning")) {
    parser_registry b = builtin();
    b.model_known_ = false;
    b.reason_ =
        "no built-in family's markers appear in the template; learning a format needs the template "
        "rendered (Python toolcall.learn_template, or format::learn on rendered samples: docs/learning.md)";
    return b;
  }
  // a generation prompt that ends with an opener: `add_generation_prompt` followed by
  // `<think>` before the end of the block
  const std::size_t g = template_text.rfind("add_generation_prompt");
  if (g != std::string_view::npos) {
    const std::string_view tail = template_text.substr(g, 400);
    r.prompt_opens_reasoning_ = reasoning_start_for_prompt(tail) == reasoning_start::open;
  }
  return r;
}

TOOLCALL_INLINE void parser_registry::add(format f) {
  remove(f.name());
  formats_.push_back(std::move(f));
  sort();
}

TOOLCALL_INLINE bool parser_registry::remove(std::string_view name) {
  const auto it = std::find_if(formats_.begin(), formats_.end(), [&](const format& f) { return f.name() == name; });
  if (it == formats_.end()) return false;
  formats_.erase(it);
  return true;
}

TOOLCALL_INLINE bool parser_registry::set_priority(std::string_view name, int priority) {
  for (auto& f : formats_) {
    if (f.name() != name) continue;
    f = f.with_priority(priority);
    sort();
    return true;
  }
  return false;
}

TOOLCALL_INLINE bool parser_registry::contains(std::string_view name) const {
  return std::any_of(formats_.begin(), formats_.end(), [&](const format& f) { return f.name() == name; });
}

TOOLCALL_INLINE void parser_registry::sort() {
  std::stable_sort(formats_.begin(), formats_.end(),
                   [](const format& a, const format& b) { return a.priority() < b.priority(); });
}

TOOLCALL_INLINE reasoning_start reasoning_start_for_prompt(std::string_view prompt, const parser_registry& reg) {
  for (const format& f : reg.formats())
    for (const detail::reasoning_def& p : detail::def_of(f).reasoning) {
      const std::size_t o = prompt.rfind(p.open);
      if (o == std::string_view::npos) continue;
      const std::size_t c = prompt.rfind(p.close);
      if (c == std::string_view::npos || c < o) return reasoning_start::open;
    }
  return reasoning_start::closed;
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_FORMAT_HPP
