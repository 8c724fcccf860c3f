// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_CLAIMS_HPP
#define TOOLCALL_DETAIL_CLAIMS_HPP

// The claim chain of the region runner (docs/architecture.md): each format's handler, the
// openers each claims (its triggers, openers made from the request's tool names, the shared
// bare-JSON claimant, tool_choice's claimants), and the reasoning pairs of the formats. The
// scanner builds its tables from what this collects.

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "../choice.hpp"
#include "../format.hpp"
#include "choice.hpp"
#include "format_def.hpp"
#include "handlers.hpp"
#include "pythonic_numbers.hpp"
#include "scanner.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class claim_set {
 public:
  /// One handler per format that has one (made once: formats never change in an engine).
  void make_handlers(const std::vector<format>& formats) {
    handlers_.clear();
    fmt_handler_.clear();
    for (const auto& f : formats) {
      const format_def& d = detail::def_of(f);
      fmt_handler_.push_back(nullptr);
      if (d.make) {
        handlers_.push_back(d.make());
        fmt_handler_.back() = handlers_.back().get();
      }
    }
  }

  /// The openers each format claims, plus those made from the request's tool names and its
  /// tool_choice; the formats' reasoning pairs; their end-of-turn markers.
  void build(const std::vector<format>& formats, const std::vector<std::string>& tool_names, const tool_choice& choice) {
    claims_.clear();
    tool_openers_.clear();
    bare_start_handler::config bc;
    bc.shape.name_key = false;
    bc.shape.function_object = false;
    bool bare_obj = false, bare_arr = false;
    int bare_prio = 1 << 30;
    std::string_view fallback_name;  // a fallback-shape format's name (bare_json_def::fallback)
    for (std::size_t fi = 0; fi < formats.size(); ++fi) {
      const auto& f = formats[fi];
      const format_def& d = detail::def_of(f);
      handler* hp = fmt_handler_[fi];
      if (hp)
        for (const auto& t : d.triggers) claims_.push_back({t.text, t.cond, claimant{hp, t.variant, f.priority()}});
      if (hp && d.tool_triggers && !tool_names.empty())
        for (const auto& t : d.tool_triggers(tool_names)) {
          if (t.text.empty()) continue;
          tool_openers_.push_back(std::make_unique<std::string>(t.text));  // stable text for the views
          claims_.push_back({*tool_openers_.back(), t.cond, claimant{hp, t.variant, f.priority()}});
        }
      const bare_json_def& b = d.bare;
      if (b.fallback) {  // names a bare call only when no other format declares the shape
        bc.shape.name_key |= b.name_key;
        bc.call_array |= b.call_array;
        bare_obj |= b.name_key;
        bare_arr |= b.call_array;
        fallback_name = f.name();
        bare_prio = std::min(bare_prio, f.priority());
        continue;
      }
      if (b.name_key) bc.shape.name_key = true, bc.shape.fmt_name_key = f.name();
      if (b.function_string) bc.shape.function_string = true, bc.shape.fmt_function_string = f.name();
      if (b.envelope) {
        bc.shape.function_object = bc.shape.tool_calls = true;
        bc.shape.fmt_envelope = f.name();
      }
      if (b.semicolons) bc.semicolons = true;
      if (b.call_array) bc.call_array = true;
      if (b.pythonic_list) bc.pythonic = f.name();
      if (b.name_key || b.function_string || b.envelope) bare_obj = true;
      if (b.call_array || b.pythonic_list) bare_arr = true;
      if (b.name_key || b.function_string || b.envelope || b.call_array || b.pythonic_list)
        bare_prio = std::min(bare_prio, f.priority());
    }
    if (bc.shape.fmt_name_key.empty() && bc.shape.fmt_envelope.empty()) bc.shape.fmt_name_key = fallback_name;
    // a call array or a nested call is reported as the envelope's format when that is enabled
    for (std::string_view* n : {&bc.shape.fmt_envelope, &bc.shape.fmt_name_key, &bc.shape.fmt_function_string})
      if (n->empty()) *n = !bc.shape.fmt_name_key.empty() ? bc.shape.fmt_name_key
                           : !bc.shape.fmt_envelope.empty() ? bc.shape.fmt_envelope
                                                            : bc.shape.fmt_function_string;
    if (bare_obj || bare_arr) {
      if (!bare_handler_) {  // the formats never change
        std::unique_ptr<handler> b(new bare_start_handler(bc));
        // its pythonic calls drop a number no double holds, as the wrapped pythonic rooms do
        if (!bc.pythonic.empty()) b.reset(new finite_numbers_handler(std::move(b), bc.pythonic));
        bare_handler_ = std::move(b);
      }
      handler* hp = bare_handler_.get();
      if (bare_obj) claims_.push_back({"{", trig_cond::start, claimant{hp, 0, bare_prio}});
      if (bare_arr) claims_.push_back({"[", trig_cond::start, claimant{hp, 0, bare_prio}});
    }
    if (choice.expects_call()) add_choice_claims(choice);
    pairs_.clear();
    markers_.clear();
    openers_.clear();
    for (const auto& f : formats) {
      for (const auto& r : detail::def_of(f).reasoning) {
        bool dup = false;
        for (const auto& x : pairs_) dup |= x.open == r.open;
        if (!dup) pairs_.push_back(r);
      }
      for (std::string_view m : detail::def_of(f).markers)
        if (std::find(markers_.begin(), markers_.end(), m) == markers_.end()) markers_.push_back(m);
      for (std::string_view m : detail::def_of(f).section_openers)
        if (std::find(openers_.begin(), openers_.end(), m) == openers_.end()) openers_.push_back(m);
    }
  }

  const std::vector<claim>& claims() const noexcept { return claims_; }
  const std::vector<reasoning_def>& pairs() const noexcept { return pairs_; }
  /// The formats' end-of-turn and stop markers (each once).
  const std::vector<std::string_view>& markers() const noexcept { return markers_; }
  /// The formats' section openers (format_def::section_openers, each once).
  const std::vector<std::string_view>& section_openers() const noexcept { return openers_; }

 private:
  /// tool_choice required or a named function: a bare JSON call (an object or a list of them)
  /// at the start of the output is a call without a marker, as vLLM and SGLang read a response
  /// constrained to the call shape; under a named function, a bare object that is not a call is
  /// that function's arguments. Tried after the formats' own bare shapes.
  void add_choice_claims(const tool_choice& choice) {
    bare_start_handler::config cc;
    cc.shape.name_key = cc.shape.function_object = cc.shape.tool_calls = true;
    cc.shape.fmt_name_key = cc.shape.fmt_envelope = cc.shape.fmt_function_string = "openai";
    cc.call_array = true;
    choice_bare_.reset(new bare_start_handler(cc));
    const int last = 1 << 30;
    claims_.push_back({"{", trig_cond::start, claimant{choice_bare_.get(), 0, last}});
    claims_.push_back({"[", trig_cond::start, claimant{choice_bare_.get(), 0, last}});
    if (choice.mode != tool_choice_mode::function) return;
    choice_args_.reset(new choice_args_handler(choice.function));
    claims_.push_back({"{", trig_cond::start, claimant{choice_args_.get(), 0, last + 1}});
  }

  std::vector<std::unique_ptr<handler>> handlers_;
  std::vector<handler*> fmt_handler_;                       ///< each format's handler, or null
  std::unique_ptr<handler> bare_handler_;                   ///< the shared bare-JSON claimant
  std::unique_ptr<handler> choice_bare_, choice_args_;      ///< tool_choice's (required, named)
  std::vector<std::unique_ptr<std::string>> tool_openers_;  ///< texts of tool-name openers
  std::vector<claim> claims_;
  std::vector<reasoning_def> pairs_;
  std::vector<std::string_view> markers_;
  std::vector<std::string_view> openers_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_CLAIMS_HPP
