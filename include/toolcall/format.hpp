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

#include "config.hpp"
#include "detail/format_def.hpp"
#include "error.hpp"

TOOLCALL_NAMESPACE_BEGIN

/// Payload of a custom format.
enum class payload_kind { json_object, json_array, pythonic, regex, xml_parameters };

/// How a function or parameter name is written after its tag (payload_kind::xml_parameters).
enum class xml_name_style {
  to_gt,    ///< `<function=NAME>`: the name runs to `>`
  quoted,   ///< `<invoke name="NAME" attr="v">`: a quoted (or bare) name, then attributes, then `>`
  to_tag,   ///< `<arg_key>NAME</arg_key>`: the name runs to `parameter_name_end` (parameters only)
  to_line,  ///< the name follows the call opener on its own line (functions only, no function_open)
};

/// Which whitespace around an XML parameter value is markup.
enum class xml_value_trim {
  none,         ///< the value is the text as written
  one_newline,  ///< one leading and one trailing newline
  whitespace,   ///< all leading and trailing whitespace
};

/**
 * The tag spellings of an XML-parameter payload (payload_kind::xml_parameters): what follows
 * `call_begin` is `call_prefix`, then one function (several with `multi`) written
 * `function_open NAME ... function_close`, holding parameters written
 * `parameter_open KEY [parameter_name_end] [value_open] VALUE parameter_close`; `call_end`
 * closes the region. A value ends at `parameter_close` only when the next parameter, the
 * function's closer or the call's closer follows, so values may hold the format's own tags.
 * Without the request's tools a value is a string; with them each is typed by its schema.
 * Every tag found inside a value (parameter_open, parameter_close, function_close, call_end)
 * starts with `<`.
 *
 * **Example** (MiniMax-M2): call_begin `<minimax:tool_call>`, call_end
 * `</minimax:tool_call>`, function_open `<invoke name=` (quoted), function_close `</invoke>`,
 * parameter_open `<parameter name=` (quoted), parameter_close `</parameter>`, trim whitespace,
 * multi.
 */
struct xml_tags {
  std::string call_prefix;         ///< bytes right after call_begin (Step-3: `function<|tool_sep|>`)
  std::string function_open;       ///< `<function=`, `<invoke name=`; empty with to_line names
  xml_name_style function_name = xml_name_style::to_gt;
  std::string function_close;      ///< `</function>`; empty: call_end ends the call
  std::string parameter_open;      ///< `<parameter=`, `<parameter name=`, `<arg_key>`
  xml_name_style parameter_name = xml_name_style::to_gt;
  std::string parameter_name_end;  ///< `</arg_key>` (to_tag names only)
  std::string value_open;          ///< `<arg_value>`; usually empty
  std::string parameter_close;     ///< `</parameter>`
  xml_value_trim trim = xml_value_trim::none;
  bool multi = false;              ///< several functions in one region
  std::string type_attribute;      ///< DSML `string`: "true" keeps the text, "false" reads JSON
};

/**
 * A custom format as data: `call_begin` marker, optional `call_end` marker, and a payload.
 * For `regex`, `pattern` is an RE2 pattern matched against the whole text between the markers,
 * with named groups `name` and `args` (the arguments, lenient JSON). For `xml_parameters`,
 * `xml` holds the tag spellings.
 */
struct format_spec {
  std::string name;
  std::string call_begin;
  std::string call_end;
  payload_kind payload = payload_kind::json_object;
  std::string name_key = "name";
  std::string arguments_key = "arguments";
  std::string pattern;
  xml_tags xml;
  int priority = 45;
};

/// A registered format: a built-in one (by name) or a custom one, with its priority. Cheap to
/// copy: the definition is shared and immutable.
class format {
 public:
  /// An empty format (no name, no triggers): what a failed result<format> holds.
  format() : def_(std::make_shared<const detail::format_def>()) {}
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

  /// The format's definition (markers, traits, presets): what the engine is built from.
  const detail::format_def& def() const noexcept { return *def_; }

 private:
  friend class parser_registry;
  format(std::shared_ptr<const detail::format_def> d, bool builtin)
      : def_(std::move(d)), priority_(def_->priority), builtin_(builtin) {}
  std::shared_ptr<const detail::format_def> def_;
  int priority_ = 0;
  bool builtin_ = false;
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
  /// The for_model() preset that matched (its pattern), or empty.
  const std::string& preset() const noexcept { return preset_; }
  /// Does the model's chat template open a reasoning block in the prompt? Read by
  /// reasoning_start::preset (the default). Set it when you know better.
  bool prompt_opens_reasoning() const noexcept { return prompt_opens_reasoning_; }
  void set_prompt_opens_reasoning(bool v) noexcept { prompt_opens_reasoning_ = v; }

 private:
  void sort();
  std::vector<format> formats_;
  std::string preset_;
  bool model_known_ = true;
  bool prompt_opens_reasoning_ = false;
};

TOOLCALL_NAMESPACE_END

#if TOOLCALL_HEADER_ONLY
#include "impl/format.hpp"
#endif

#endif  // TOOLCALL_FORMAT_HPP
