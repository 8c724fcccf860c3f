// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// fuzz_parse: one-shot parsing of arbitrary text, auto-detected across the whole
// built-in registry, and with the one built-in format that the first byte picks
// (parser_registry::only). Checks: no crash or sanitizer report; every listed call has a name,
// an id, and arguments that are one valid JSON object (simdjson); ids are unique; parsing the
// same text again with the same parser gives the same message (the parser is reusable).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  toolcall_fuzz::byte_reader in(data, size);
  const std::uint8_t pick = in.byte();
  const std::string_view text = in.rest();

  toolcall::options opt;
  opt.seed = 0x5eed;                      // deterministic ids, so two parses compare equal
  opt.time_budget = std::chrono::microseconds(0);  // no wall-clock dependence
  opt.reasoning = static_cast<toolcall::reasoning_start>((pick >> 6) % 3);

  simdjson::dom::parser jp;
  const toolcall::parser_registry all = toolcall::parser_registry::builtin();
  {
    toolcall::parser p{all, opt};
    const toolcall::message m = p.parse(text, opt);  // the same options: the same ids
    toolcall_fuzz::check_message(jp, m, text.size());
    const toolcall::message again = p.parse(text, opt);
    toolcall_fuzz::check_equal(m, again, "builtin: a second parse with the same parser differs");
  }
  {
    const auto& formats = all.formats();
    const std::string& name = formats[pick % formats.size()].name();
    toolcall::parser p{*toolcall::parser_registry::only(name), opt};
    const toolcall::message m = p.parse(text, opt);  // the same options: the same ids
    toolcall_fuzz::check_message(jp, m, text.size());
#ifdef TOOLCALL_FUZZ_STRICT
    // Exploratory (off by default): a call's format is the enabled one. Fenced blocks holding a
    // <tool_call> report "hermes", which is why this is not a default check.
    for (const auto& c : m.calls)
      toolcall_fuzz::require(c.format == name, "only(): a call from a format that is not enabled", c.format);
#endif
    const toolcall::message again = p.parse(text, opt);
    toolcall_fuzz::check_equal(m, again, "only(): a second parse with the same parser differs");
  }
  return 0;
}
