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
#include "../detail/format_def.hpp"
#include "../detail/regex.hpp"
#include "../format.hpp"
#include "../formats/builtin.hpp"

TOOLCALL_NAMESPACE_BEGIN

TOOLCALL_INLINE result<format> format::builtin(std::string_view name) {
  for (auto& d : formats::builtin_defs()) {
    if (d.name == name) return format(std::make_shared<const detail::format_def>(std::move(d)), true);
  }
  return error{errc::unknown_format, 0, "unknown format: " + std::string(name)};
}

TOOLCALL_INLINE result<format> format::from_spec(const format_spec& spec) {
  if (spec.name.empty() || spec.call_begin.empty())
    return error{errc::invalid_pattern, 0, "a custom format needs a name and a call_begin marker"};
  auto c = std::make_shared<detail::custom_def>();
  c->name = spec.name;
  c->begin = spec.call_begin;
  c->end = spec.call_end;
  c->payload = static_cast<int>(spec.payload);
  c->name_key = spec.name_key;
  c->args_key = spec.arguments_key;
  if (spec.payload == payload_kind::regex) {
    c->pattern = detail::regex(spec.pattern);
    if (!c->pattern.ok()) return error{errc::invalid_pattern, 0, c->pattern.error()};
    if (!c->pattern.has_group("name"))
      return error{errc::invalid_pattern, 0, "the pattern needs a named group (?P<name>...)"};
  }
  if (spec.payload == payload_kind::xml_parameters) {
    const xml_tags& x = spec.xml;
    c->call_prefix = x.call_prefix;
    c->fn_open = x.function_open;
    c->fn_close = x.function_close;
    c->param_open = x.parameter_open;
    c->param_name_end = x.parameter_name_end;
    c->value_open = x.value_open;
    c->param_close = x.parameter_close;
    c->type_attr = x.type_attribute;
    auto name_syntax = [](xml_name_style n) {
      switch (n) {
        case xml_name_style::quoted: return detail::xml_name::quoted;
        case xml_name_style::to_tag: return detail::xml_name::to_tag;
        case xml_name_style::to_line: return detail::xml_name::to_line;
        case xml_name_style::to_gt: break;
      }
      return detail::xml_name::to_gt;
    };
    const detail::xml_trim trim = x.trim == xml_value_trim::one_newline  ? detail::xml_trim::one_newline
                                  : x.trim == xml_value_trim::whitespace ? detail::xml_trim::whitespace
                                                                         : detail::xml_trim::none;
    c->bind_xml(name_syntax(x.function_name), name_syntax(x.parameter_name), trim, x.multi);
    if (const char* why = detail::xml_spec_problem(c->xml)) return error{errc::invalid_pattern, 0, why};
  }
  detail::format_def d;
  d.name = spec.name;
  d.priority = spec.priority;
  d.description = "custom: " + spec.call_begin + " ... " + spec.call_end;
  d.triggers = {{spec.call_begin, detail::trig_cond::anywhere, 0}};
  d.traits.values_as_text = spec.payload == payload_kind::xml_parameters;
  d.make = [c] { return std::unique_ptr<detail::handler>(new detail::custom_handler(c)); };
  format f(std::make_shared<const detail::format_def>(std::move(d)), false);
  f.priority_ = spec.priority;
  return f;
}

TOOLCALL_INLINE parser_registry parser_registry::builtin() {
  parser_registry r;
  for (auto& d : formats::builtin_defs()) r.add(format(std::make_shared<const detail::format_def>(std::move(d)), true));
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
  const std::vector<detail::format_def> defs = formats::builtin_defs();
  const detail::preset_def* best = nullptr;
  for (const auto& d : defs) {
    for (const auto& p : d.presets) {
      if (best && best->rank <= p.rank) continue;
      detail::regex re(p.pattern, true);
      if (re.search(model)) best = &p;
    }
  }
  if (!best) {
    parser_registry r = builtin();
    r.model_known_ = false;
    return r;
  }
  parser_registry r;
  for (const auto& name : best->formats) {
    for (const auto& d : defs)
      if (d.name == name) r.add(format(std::make_shared<const detail::format_def>(d), true));
  }
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
    return b;
  }
  // a generation prompt that ends with an opener: `add_generation_prompt` followed by
  // `<think>` before the end of the block
  const std::size_t g = template_text.rfind("add_generation_prompt");
  if (g != std::string_view::npos) {
    const std::string_view tail = template_text.substr(g, 400);
    r.prompt_opens_reasoning_ =
        tail.find("<think>") != std::string_view::npos && tail.find("</think>") == std::string_view::npos;
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

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_FORMAT_HPP
