// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MINICPM_HPP
#define TOOLCALL_FORMATS_MINICPM_HPP

// MiniCPM4 / MiniCPM4.1 / MiniCPM5 (docs/formats/minicpm.md): one bare call per tag,
// `<function name="NAME"><param name="K">V</param>...</function>`, no wrapper, calls back to
// back. Values are trimmed; without a schema a value that is one JSON value is decoded (the
// vendor's parser json-decodes every value not typed as a string).
//
// The opener `<function name="` is Qwen3-Coder's bare quoted opener too (formats/qwen3_coder.hpp).
// MiniCPM comes first (priority 8) and opens its call only at the first tag after the name
// (xml_spec::defer_open): a Qwen3-Coder `<parameter=` body fails here before any event and goes
// to qwen3_coder. `<function=` (named_function, Qwen3-Coder) and `<function>` (qwen_function)
// are other openers.
//
// As vLLM's minicpm5xml parser normalises the text first, a call region reads `Ġ` (U+0120, a
// byte-level tokenizer's space) as a space, `Ċ` (U+010A) as a newline, the collapsed
// `<functionname=`/`<paramname=` as `<function name=`/`<param name=`, and a value's
// `<![CDATA[...]]>` as its text (region_filters.hpp).

#include <memory>
#include <utility>
#include <vector>

#include "end_tokens.hpp"
#include "region_filters.hpp"
#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct minicpm {
  static constexpr std::string_view name = "minicpm";
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = "<function name=";
    s.fn_name = detail::xml_name::quoted;
    s.fn_close = "</function>";
    s.param_open = "<param name=";
    s.param_name = detail::xml_name::quoted;
    s.param_close = "</param>";
    s.trim = detail::xml_trim::whitespace;
    s.defer_open = true;
    s.repeated_key = detail::xml_repeat::drop_call;  // vLLM's minicpm5xml drops such a call
    s.guess_values = true;
    // `<param name="arguments">{...}</param>` holding the declared parameters (vLLM unwraps it)
    s.unwrap_wrapper = true;
    s.unwrap_properties = true;  // and `<param name="properties">{...}</param>` (vLLM's minicpm5xml)
    // vLLM reads the call with an XML parser: every `<param name=...>` is a parameter, declared
    // or not (it then drops undeclared ones), never text of the value before it
    s.schema_tags = false;
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 8;
    d.description = "MiniCPM4/5 <function name=\"NAME\"><param name=\"K\">V</param></function>";
    // the trigger holds the name's opening quote; vLLM also repairs the collapsed `<functionname=`
    // and the byte-level space `Ġ` (U+0120) a tokenizer leaves in the decoded text
    d.triggers = {{"<function name=\"", detail::trig_cond::anywhere, 0},
                  {"<function name='", detail::trig_cond::anywhere, 1},
                  {"<functionname=\"", detail::trig_cond::anywhere, 2},
                  {"<function\xC4\xA0name=\"", detail::trig_cond::anywhere, 3},
                  {"<function\xC4\xA0name='", detail::trig_cond::anywhere, 4}};
    d.reasoning = {{"<think>", "</think>"}};
    d.template_markers = {"<param name="};
    d.traits.values_as_text = true;
    d.traits.unknown_tools_as_text = true;  // MiniCPM's parser: a call to an undeclared tool is text
    d.presets = {{"(^|/)minicpm-?[45]([._-]|$)", {"reasoning", "minicpm"}, 20, false}};
    d.make = [] {
      using h = detail::xml_region_handler;
      std::unique_ptr<detail::handler> xml(new h({spec(), spec(), spec(), spec(), spec()}, false,
                                                 {h::entry{true, "\""}, h::entry{true, "'"}, h::entry{true, "\""},
                                                  h::entry{true, "\""}, h::entry{true, "'"}}));
      // vLLM's _normalize_model_output, inside a call; CDATA around a value is its text
      std::vector<detail::rewrite_rule> rules = {{"\xC4\xA0", " "},
                                                 {"\xC4\x8A", "\n"},
                                                 {"<paramname=", "<param name="},
                                                 {"<functionname=", "<function name="},
                                                 {"<![CDATA[", "", 1},
                                                 {"]]>", "", -1}};
      return std::unique_ptr<detail::handler>(new detail::rewrite_handler(std::move(xml), std::move(rules)));
    };
    end_tokens::add(d.markers, end_tokens::chatml());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MINICPM_HPP
