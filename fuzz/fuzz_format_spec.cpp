// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// fuzz_format_spec: a random custom format_spec (markers, payload
// kind, keys, an RE2 pattern) built from the input, then random text parsed with it. Checks:
// format::from_spec never crashes; it fails only with errc::invalid_pattern, and fails exactly
// when the spec is unusable (no name or call_begin, a regex payload whose pattern RE2 rejects
// or that lacks the `name` group); a usable spec parses the text one-shot and streamed with the
// same differential checks as fuzz_stream.
//
// Input layout (fuzz/make_seeds.py writes seeds in it):
//   byte 0  payload kind (0 json object, 1 json array, 2 pythonic, 3 regex) in bits 0-1;
//           bit 2: add the built-in formats too; bit 3: priority 0 (before every built-in)
//   then length-prefixed strings (one length byte each): name, call_begin, call_end, name_key,
//   arguments_key, pattern; then byte: largest chunk; then the model output.
#include <re2/re2.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_common.hpp"

namespace {

/// Does RE2 itself accept the pattern with the options the library uses, and name a group?
bool re2_usable(const std::string& pattern) {
  RE2::Options o;
  o.set_log_errors(false);
  o.set_max_mem(std::int64_t{8} << 20);
  const RE2 re(pattern, o);
  return re.ok() && re.NamedCapturingGroups().count("name") > 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  toolcall_fuzz::byte_reader in(data, size);
  const std::uint8_t flags = in.byte();
  toolcall::format_spec spec;
  spec.payload = static_cast<toolcall::payload_kind>(flags & 3u);
  spec.priority = (flags & 8u) ? 0 : 45;
  spec.name = in.str(32);
  spec.call_begin = in.str(32);
  spec.call_end = in.str(32);
  spec.name_key = in.str(16);
  spec.arguments_key = in.str(16);
  spec.pattern = in.str(255);
  const std::size_t max_chunk = 1 + in.byte();
  const std::string_view text = in.rest();

  const toolcall::result<toolcall::format> f = toolcall::format::from_spec(spec);
  const bool usable = !spec.name.empty() && !spec.call_begin.empty() &&
                      (spec.payload != toolcall::payload_kind::regex || re2_usable(spec.pattern));
  if (!f) {
    toolcall_fuzz::require(f.error().code == toolcall::errc::invalid_pattern,
                           "from_spec failed with a code other than invalid_pattern", f.error().message());
    toolcall_fuzz::require(!usable, "from_spec rejected a usable spec", f.error().message());
    return 0;
  }
  toolcall_fuzz::require(usable, "from_spec accepted an unusable spec", spec.pattern);

  toolcall::parser_registry reg = (flags & 4u) ? toolcall::parser_registry::builtin() : toolcall::parser_registry{};
  reg.add(*f);
  toolcall::options opt;
  opt.seed = 0x5eed;
  opt.time_budget = std::chrono::microseconds(0);
  opt.reasoning = toolcall::reasoning_start::detect;  // one start for one-shot and streamed (preset differs by design)
  simdjson::dom::parser jp;
  toolcall::parser p{reg, opt};
  const toolcall::message one = p.parse(text);
  toolcall_fuzz::check_message(jp, one, text.size());
  toolcall::stream_parser sp{reg, opt};
  toolcall_fuzz::check_stream(sp, jp, text, opt, one, toolcall_fuzz::chunker(flags, max_chunk));
  return 0;
}
