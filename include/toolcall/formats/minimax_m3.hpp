// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MINIMAX_M3_HPP
#define TOOLCALL_FORMATS_MINIMAX_M3_HPP

// MiniMax-M3 (docs/formats/minimax_m3.md): every structural tag is written after the namespace
// token `]<]minimax[>[` (NS below):
//
//   NS<tool_call>
//   NS<invoke name="create_order">
//   NS<user_id>42NS</user_id>
//   NS<items>NS<item>NS<sku>book-001NS</sku>NS</item>NS</items>
//   NS</invoke>
//   NS</tool_call>
//
// A parameter is an element named after it (the tag is the key); elements nest. As vLLM's
// MinimaxM3 parsers read it (the reference):
// - a leaf's value is its text exactly as written (no trim, no entity decoding), a string
//   without a schema; an element holding elements is an object whose repeated names collect
//   into an array, in order; non-blank text beside child elements is kept under "$text" ("$"
//   prefixed until no child has that name). With the request's tools the normalizer types the
//   result by the schema: an object of repeated `<item>` elements where the schema wants an array
//   becomes that array (normalize.hpp), leaves become numbers, booleans, ...
// - one block holds several invokes, each its own call; the arguments of an invoke are written
//   when its `</invoke>` is read (the vendor emits them once per invoke too).
//
// Rules (they hold for every chunking; nothing depends on where a chunk ends):
// - The trigger is NS itself; whitespace (at most 64 bytes) may stand between NS and its tag and
//   between tags. NS not followed by `<tool_call>` is no call: the region fails with a
//   diagnostic and its text stays content.
// - Between parameters only whitespace may stand; other text fails the block (the vendor drops
//   the rest of the invoke silently). A closer that names an enclosing element closes the
//   elements left open (repaired); one that names no open element fails the block.
// - `NS</invoke>` closes the elements still open (repaired); `NS</tool_call>` inside an invoke
//   ends it too (repaired). After at least one call, a block whose `NS</tool_call>` is missing
//   ends at the first byte that is not whitespace or NS (a stop sequence ate the closer).
// - The text ending inside the first invoke, or before it, fails the block (unterminated_call).
//   Ending inside a later invoke keeps the complete invokes before it (vLLM keeps them): the
//   cut one is no call (an unterminated_call error) and its text stays content, as vLLM's
//   streaming parser returns it.
// - Limits: tag names up to 256 bytes, invoke attributes up to 512; nesting deeper than
//   options::max_depth fails the block (limit_depth). The work is linear: NS is found with a
//   KMP automaton (no byte is read twice), the element tree is written out once.
//
// The room is data (docs/format_spec.md): xml.parameter_name `element` behind xml.tag_prefix
// NS, read by the one handler of that slot (detail/learn_element_handler.hpp), the handler a
// spec file or a format learned from this template gets too.

#include <string>
#include <string_view>

#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct minimax_m3 {
  static constexpr std::string_view name = "minimax_m3";
  static constexpr std::string_view ns = "]<]minimax[>[";  // the namespace token before every tag
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 36;
    s.description = "MiniMax-M3 ]<]minimax[>[<tool_call>]<]minimax[>[<invoke name=...>]<]minimax[>[<KEY>V...";
    s.call_begin = std::string(ns) + "<tool_call>";
    s.call_end = std::string(ns) + "</tool_call>";
    s.payload = payload_kind::xml_parameters;
    s.xml.function_open = "<invoke name=";
    s.xml.function_name = xml_name_style::quoted;
    s.xml.function_close = "</invoke>";
    s.xml.parameter_name = xml_name_style::element;
    s.xml.tag_prefix = std::string(ns);
    s.xml.multi = true;
    s.markers = {"[e~[", std::string(ns) + "</tool_call>"};
    s.reasoning = {{"<mm:think>", "</mm:think>"}};
    s.template_markers = {std::string(ns), "<mm:think>"};
    // MiniMaxAI/MiniMax-M3 and its re-uploads (mlx-community/MiniMax-M3-4bit, unsloth/MiniMax-M3-GGUF);
    // not MiniMax-M1/M2/M2.5/Text-01, which have their own rooms
    s.presets = {{"(^|/)minimax-m3([-_.].*)?$", {"minimax_m3"}, 20, false}};
    return s;
  }
  static detail::format_def def() { return detail::spec_def(to_spec()); }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MINIMAX_M3_HPP
