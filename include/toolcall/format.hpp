// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMAT_HPP
#define TOOLCALL_FORMAT_HPP

// Declarations only, with the standard library (docs/building.md, "Compile cost"): the
// definitions are in impl/format.hpp, included below in header-only mode.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "choice.hpp"
#include "config.hpp"
#include "detail/format_def.hpp"
#include "error.hpp"
#include "format_spec.hpp"
#include "options.hpp"

TOOLCALL_NAMESPACE_BEGIN

class format;
namespace detail {
/// The format's definition (markers, traits, presets): what the engine is built from.
inline const format_def& def_of(const format& f) noexcept;
}  // namespace detail

/// A registered format: a built-in one (by name) or a custom one, with its priority. Cheap to
/// copy: the definition is shared and immutable.
class format {
 public:
  const std::string& name() const noexcept { return def_->name; }
  /// Lower is tried first where several formats claim the same opener.
  int priority() const noexcept { return priority_; }
  bool is_builtin() const noexcept { return builtin_; }
  /// One line saying what the format parses.
  const std::string& description() const noexcept { return def_->description; }
  /// The same format at another priority.
  format with_priority(int priority) const {
    format f = *this;
    f.priority_ = priority;
    return f;
  }

  /// A built-in format by name (see parser_registry::builtin()); errc::unknown_format if none.
  static result<format> builtin(std::string_view name);

  /**
   * Validates and compiles a custom format.
   * @return errc::invalid_pattern for a bad regex, a missing marker or XML tags that cannot
   * describe a call (a missing parameter tag, a tag longer than 64 bytes, ...).
   */
  static result<format> from_spec(const format_spec& spec);

  /**
   * The format as a spec, for a format that is data only: every custom format, and the
   * built-in rooms whose handler is a configured generic body (format::spec_of lists them).
   * errc::unknown_format for a built-in with a handler of its own.
   */
  result<format_spec> to_spec() const;

  /**
   * Infers a format from rendered assistant turns (docs/learning.md): the call opener and
   * closer, the section wrapper, the separator between calls, the name slot, the arguments
   * encoding, end-of-turn tokens and reasoning markers. errc::invalid_input with a message
   * saying what could not be inferred. Defined with parser.hpp (it parses the samples back).
   */
  static result<format_spec> learn(const std::vector<learn_sample>& samples);

 private:
  friend class parser_registry;
  friend const detail::format_def& detail::def_of(const format& f) noexcept;
  format(std::shared_ptr<const detail::format_def> d, bool builtin)
      : def_(std::move(d)), priority_(def_->priority), builtin_(builtin) {}
  std::shared_ptr<const detail::format_def> def_;
  int priority_ = 0;
  bool builtin_ = false;
};

namespace detail {
inline const format_def& def_of(const format& f) noexcept { return *f.def_; }
}  // namespace detail

/// A string whose appearance in the output starts a call (parser_registry::triggers()): what a
/// llama.cpp-style lazy grammar waits for (docs/constrained_decoding.md).
struct call_trigger {
  std::string text;                  ///< the opener (a special token's text, a tag, `{` for bare JSON)
  std::vector<std::string> formats;  ///< the enabled formats it opens, by priority
  bool start_only = false;           ///< only at the start of the output (after whitespace or reasoning)
  bool line_start = false;           ///< only at the start of the output or of a line
  bool bare_json = false;            ///< `{` or `[`: a bare JSON call, no marker
};

/**
 * The design card's ParserRegistry: formats with priorities (lower is tried first where several
 * claim the same opener; a region one cannot parse is offered to the next). A value, never a
 * global; copy it, change it, hand it to parsers.
 * @par Thread safety: a registry is immutable once built; parsers copy what they need, so one
 * registry may serve parsers on many threads.
 *
 * **Example**:
 * @code
 * auto reg = toolcall::parser_registry::for_model("Qwen/Qwen2.5-Coder-7B-Instruct");
 * toolcall::parser p{reg};
 * toolcall::message m = p.parse(text);
 * @endcode
 */
class parser_registry {
 public:
  /// Every built-in format; plain text is the implicit fallback.
  static parser_registry builtin();

  /// One built-in format (plus reasoning blocks, which every family may write);
  /// errc::unknown_format for a name no built-in format has.
  static result<parser_registry> only(std::string_view name);

  /**
   * The formats a model family writes, from its name (Hugging Face id, GGUF name, ...): the
   * presets of every room, most specific first (`DeepSeek-R1-Distill-Qwen` is an R1 model).
   * An unknown name gives builtin() with model_known() false. Fewer formats, fewer false
   * positives; the preset also says whether the family's template opens a reasoning block.
   */
  static parser_registry for_model(std::string_view model);

  /**
   * The formats a chat template uses (a GGUF's `tokenizer.chat_template`, a tokenizer_config's
   * `chat_template`): every built-in format whose markers the template text contains, plus
   * reasoning blocks when it writes one, as llama.cpp does. A template with no known marker
   * gives builtin() with model_known() false. The registry also records whether the template's
   * generation prompt opens a reasoning block.
   */
  static parser_registry for_template(std::string_view template_text);

  /// Adds (or replaces, by name) a format.
  void add(format f);
  /// Removes a format by name; false if absent.
  bool remove(std::string_view name);
  /// Changes a format's priority; false if absent.
  bool set_priority(std::string_view name, int priority);
  bool contains(std::string_view name) const;
  /// The formats, by priority.
  const std::vector<format>& formats() const noexcept { return formats_; }

  /// False when for_model()/for_template() did not recognise the model (the registry is then
  /// builtin()).
  bool model_known() const noexcept { return model_known_; }
  /// Why model_known() is false (for_template: no built-in family's markers, and learning
  /// needs a renderer), or empty.
  const std::string& reason() const noexcept { return reason_; }
  /// The for_model() preset that matched (its pattern), or empty.
  const std::string& preset() const noexcept { return preset_; }
  /// Does the model's chat template open a reasoning block in the prompt? Read by
  /// reasoning_start::preset (the default). Set it when you know better.
  bool prompt_opens_reasoning() const noexcept { return prompt_opens_reasoning_; }
  void set_prompt_opens_reasoning(bool v) noexcept { prompt_opens_reasoning_ = v; }

  /**
   * What a lazy grammar waits for (llama.cpp's grammar triggers): the call openers of the
   * enabled formats, one entry per text, without reasoning openers or markers that start no
   * call. Openers made from the request's tool names (morph_xml) are not listed.
   */
  std::vector<call_trigger> triggers() const;

  /**
   * An xgrammar structural tag (`{"type": "structural_tag", "format": {"type":
   * "triggered_tags", "triggers", "tags", "at_least_one", "stop_after_first"}}`) for the
   * request's tools: for each enabled format that declares a call template and each tool, a
   * tag `begin` (the format's opener and the tool's name), `content` (the tool's parameters
   * schema, in JSON or in the XML style the family writes) and `end`. `choice` maps to the
   * document: required or a named function set `at_least_one` (a named function keeps its own
   * tags only), parallel_tool_calls false sets `stop_after_first`, none gives `any_text`
   * excluding the triggers. The document's `unsupported` array names each enabled format that
   * cannot be written as begin + arguments + end, and each tool that was left out, with why.
   * @param tools_json an OpenAI tools array, or an object with a "tools" array (a request body)
   * @return errc::invalid_input when the tools are not JSON or a tool has no name.
   * See docs/constrained_decoding.md.
   */
  result<std::string> structural_tags(std::string_view tools_json, const tool_choice& choice = {}) const;

 private:
  void sort();
  std::vector<format> formats_;
  std::string preset_;
  std::string reason_;
  bool model_known_ = true;
  bool prompt_opens_reasoning_ = false;
};

/**
 * The reasoning start that fits a rendered prompt: `open` when the prompt ends inside an open
 * reasoning block of one of the registry's formats (`<think>`, `<seed:think>`, `[THINK]`,
 * `◁think▷`, ... after the last closer: chat templates of thinking models end the generation
 * prompt with one), else `closed`.
 */
reasoning_start reasoning_start_for_prompt(std::string_view prompt,
                                           const parser_registry& reg = parser_registry::builtin());

TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/format.hpp"
#include "impl/constrain.hpp"
#endif

#endif  // TOOLCALL_FORMAT_HPP
