// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_END_TOKENS_HPP
#define TOOLCALL_FORMATS_END_TOKENS_HPP

// End-of-turn and stop tokens several rooms share, by chat-template family. A room adds the
// ones its models write to its format_def's markers (docs/conventions.md, "Markers"): at the
// end of the output, around calls and between them they are recognised markers; in code or
// prose they stay as written. A token no enabled format declares is plain text.

#include <string>
#include <string_view>
#include <vector>

#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {
namespace end_tokens {

/// ChatML (Qwen, Hermes, InternLM, MiniCPM, ...).
inline std::vector<std::string> chatml() { return {"<|im_end|>", "<|endoftext|>"}; }
/// Llama 3.x.
inline std::vector<std::string> llama3() { return {"<|eot_id|>", "<|eom_id|>", "<|end_of_text|>"}; }
/// Llama 4.
inline std::vector<std::string> llama4() { return {"<|eot|>", "<|eom|>", "<|python_end|>"}; }
/// Mistral and other SentencePiece models' end of sequence.
inline std::vector<std::string> eos_s() { return {"</s>"}; }
/// DeepSeek V3 and later: `<｜end▁of▁sentence｜>`.
inline std::vector<std::string> deepseek() { return {"<\xEF\xBD\x9C" "end\xE2\x96\x81of\xE2\x96\x81sentence\xEF\xBD\x9C>"}; }
/// OpenAI harmony (gpt-oss).
inline std::vector<std::string> harmony() { return {"<|end|>", "<|return|>", "<|call|>"}; }

/// The end tokens of the model-agnostic rooms (OpenAI envelopes, fenced calls, morph-XML): the
/// ChatML, Llama 3 and SentencePiece ends, whichever model writes the room's syntax.
inline std::vector<std::string> generic() {
  std::vector<std::string> v = chatml();
  for (auto* more : {llama3, eos_s})
    for (std::string& t : more()) v.push_back(std::move(t));
  return v;
}

/// Every token above: what may follow a JSON region's closer in the rooms that read one.
inline constexpr std::string_view any[] = {
    "<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|eom_id|>", "<|end_of_text|>", "<|eot|>", "<|eom|>", "<|python_end|>",
    "</s>", "<\xEF\xBD\x9C" "end\xE2\x96\x81of\xE2\x96\x81sentence\xEF\xBD\x9C>", "<|end|>", "<|return|>", "<|call|>"};

/// Appends `more` to a room's markers (each once).
inline void add(std::vector<std::string>& markers, const std::vector<std::string>& more) {
  for (const std::string& m : more) {
    bool dup = false;
    for (const std::string& x : markers) dup |= x == m;
    if (!dup) markers.push_back(m);
  }
}

}  // namespace end_tokens
}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_END_TOKENS_HPP
