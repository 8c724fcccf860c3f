// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_COHERE_HPP
#define TOOLCALL_FORMATS_COHERE_HPP

// Cohere Command R7B and Command A (docs/formats/cohere.md): `<|START_ACTION|>[{"tool_call_id":
// "0", "tool_name": ..., "parameters": {...}}, ...]<|END_ACTION|>`. `tool_call_id` is an index,
// not an id: the OpenAI ids are generated. `<|START_THINKING|>...<|END_THINKING|>` is reasoning;
// the reply wrappers `<|START_RESPONSE|>`/`<|END_RESPONSE|>` and `<|START_TEXT|>`/`<|END_TEXT|>`
// are markers around content, and so are the citation tags around grounded text (`<co>` ...
// `</co: 0:[0]>`); the cited text is content.

#include "../detail/format_def.hpp"
#include "../detail/spec_compile.hpp"
#include "../format_spec.hpp"
#include "command_r.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

struct cohere {
  static constexpr std::string_view name = "cohere";
  /// The room as data (docs/format_spec.md): def() is compiled from it.
  static format_spec to_spec() {
    format_spec s;
    s.name = std::string(name);
    s.priority = 21;
    s.description = "Cohere Command R7B / A <|START_ACTION|>[...]<|END_ACTION|>";
    s.call_begin = "<|START_ACTION|>";
    s.call_end = "<|END_ACTION|>";
    s.payload = payload_kind::json_object;
    s.name_key = "tool_name";
    s.json.allow_list = true;
    // one bad item of the action list drops only itself (Ollama's cohere parser keeps the good
    // siblings; vLLM's json.loads loses the list)
    s.json.skip_bad = true;
    // the turn's own header tokens too (`<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>`), which a
    // model echoing the template writes
    s.markers = {"<|START_RESPONSE|>", "<|END_RESPONSE|>", "<|START_TEXT|>",        "<|END_TEXT|>",
                 "<|END_OF_TURN_TOKEN|>", "<|START_OF_TURN_TOKEN|>", "<|CHATBOT_TOKEN|>"};
    s.reasoning = {{"<|START_THINKING|>", "<|END_THINKING|>"}};
    s.template_markers = {"<|START_ACTION|>"};
    s.presets = {{"command-?r7b|command-a", {"cohere"}, 20, false}};
    return s;
  }
  static detail::format_def def() {
    detail::format_def d = detail::spec_def(to_spec());
    // citation tags around grounded text are markup (command_r.hpp, cite_tag_handler)
    for (const auto& t : detail::with_cites_handler::cite_triggers()) d.triggers.push_back(t);
    auto inner = d.make;
    d.make = [inner] { return std::unique_ptr<detail::handler>(new detail::with_cites_handler(inner())); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_COHERE_HPP
