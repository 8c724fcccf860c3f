// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMAT_HPP
#define TOOLCALL_FORMAT_HPP

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "detail/custom.hpp"
#include "detail/regex.hpp"
#include "error.hpp"

TOOLCALL_NAMESPACE_BEGIN

/// Payload of a custom format.
enum class payload_kind { json_object, json_array, pythonic, regex };

/**
 * A custom format as data: `call_begin` marker, optional `call_end` marker, and a payload.
 * For `regex`, `pattern` is an RE2 pattern matched against the whole text between the markers,
 * with named groups `name` and `args` (the arguments, lenient JSON).
 */
struct format_spec {
  std::string name;
  std::string call_begin;
  std::string call_end;
  payload_kind payload = payload_kind::json_object;
  std::string name_key = "name";
  std::string arguments_key = "arguments";
  std::string pattern;
  int priority = 45;
};

/// A registered format: a built-in one (by name) or a custom one. Cheap to copy.
class format {
 public:
  const std::string& name() const noexcept { return name_; }
  int priority() const noexcept { return priority_; }
  bool is_builtin() const noexcept { return !custom_; }

  /// A built-in format by name (see parser_registry::builtin()); invalid_input if unknown.
  static result<format> builtin(std::string_view name);

  /**
   * Validates and compiles a custom format.
   * @return errc::invalid_pattern for a bad regex or a missing marker.
   */
  static result<format> from_spec(const format_spec& spec) {
    if (spec.name.empty() || spec.call_begin.empty())
      return error{errc::invalid_pattern, 0, "a custom format needs a name and a call_begin marker"};
    auto d = std::make_shared<detail::custom_def>();
    d->name = spec.name;
    d->begin = spec.call_begin;
    d->end = spec.call_end;
    d->payload = static_cast<int>(spec.payload);
    d->name_key = spec.name_key;
    d->args_key = spec.arguments_key;
    if (spec.payload == payload_kind::regex) {
      d->pattern = detail::regex(spec.pattern);
      if (!d->pattern.ok()) return error{errc::invalid_pattern, 0, d->pattern.error()};
      if (!d->pattern.has_group("name"))
        return error{errc::invalid_pattern, 0, "the pattern needs a named group (?P<name>...)"};
    }
    format f;
    f.name_ = spec.name;
    f.priority_ = spec.priority;
    f.custom_ = std::move(d);
    return f;
  }

  const std::shared_ptr<const detail::custom_def>& custom_def() const noexcept { return custom_; }

 private:
  std::string name_;
  int priority_ = 0;
  std::shared_ptr<const detail::custom_def> custom_;
};

namespace detail {
struct builtin_format_info {
  const char* name;
  int priority;
  const char* description;
};
// The built-in formats and their default priorities (lower is tried first).
inline constexpr builtin_format_info k_builtin_formats[] = {
    {"reasoning", 5, "<think>...</think>, a lone </think>, [THINK]...[/THINK]"},
    {"hermes", 10, "Hermes/Qwen <tool_call>{json}</tool_call>"},
    {"qwen3_coder", 11, "Qwen3-Coder <tool_call><function=NAME><parameter=K>V</parameter>..."},
    {"qwen_tools", 12, "Qwen <tools>[{json}, ...]</tools>"},
    {"qwen_function", 13, "Qwen <function>{json}</function>"},
    {"named_function", 14, "<function=NAME>{args}</function> (Llama 3.1 custom tools, Functionary)"},
    {"qwen_bracket", 15, "Qwen <{json}>"},
    {"openai", 20, "OpenAI {\"tool_calls\": [...]} envelopes"},
    {"llama3_json", 30, "Llama 3.x <|python_tag|>, raw JSON, ;-separated, NAME.call(...)"},
    {"function_key", 35, "{\"function\": NAME, \"parameters\": {...}}"},
    {"pythonic", 40, "[f(a=1), g()] and Llama 4 <|python_start|>"},
    {"mistral", 50, "Mistral [TOOL_CALLS] v3 and v11 (with [CALL_ID])"},
    {"deepseek", 60, "DeepSeek V3/R1 and V3.1 tool-call tokens"},
    {"harmony", 70, "gpt-oss harmony channels"},
    {"fenced", 90, "markdown-fenced JSON calls"},
};
}  // namespace detail

inline result<format> format::builtin(std::string_view name) {
  for (const auto& b : detail::k_builtin_formats) {
    if (name == b.name) {
      format f;
      f.name_ = b.name;
      f.priority_ = b.priority;
      return f;
    }
  }
  return error{errc::invalid_input, 0, "unknown format: " + std::string(name)};
}

/**
 * The design card's ParserRegistry: formats with priorities (lower is tried first). A value,
 * never a global; copy it, change it, hand it to parsers.
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
  static parser_registry builtin() {
    parser_registry r;
    for (const auto& b : detail::k_builtin_formats) r.add(*format::builtin(b.name));
    return r;
  }

  /// One built-in format (plus reasoning blocks, which every family may write).
  static parser_registry only(std::string_view name) {
    parser_registry r;
    auto f = format::builtin(name);
    if (f) r.add(*f);
    if (name != "reasoning") r.add(*format::builtin("reasoning"));
    return r;
  }

  /**
   * The formats a model family writes, from its name (Hugging Face id, GGUF name, ...);
   * `builtin()` when the family is unknown. Fewer formats, fewer false positives.
   */
  static parser_registry for_model(std::string_view model) {
    struct preset {
      const char* pattern;
      std::vector<const char*> formats;
    };
    // Checked in order; the first match wins. Case-insensitive RE2 patterns.
    static const preset* const presets = nullptr;  // (no static state; the table is below)
    (void)presets;
    const std::vector<preset> table = {
        {"hermes", {"hermes", "reasoning"}},
        {"qwen3.*coder|qwen3\\.5", {"reasoning", "qwen3_coder", "hermes"}},
        {"qwen3|qwq", {"reasoning", "hermes", "qwen3_coder"}},
        {"qwen2\\.5.*coder|qwen2\\.5-coder",
         {"hermes", "qwen_tools", "qwen_function", "qwen_bracket", "named_function", "fenced"}},
        {"qwen", {"hermes", "qwen_tools", "qwen_function", "qwen_bracket", "fenced"}},
        {"llama.?4", {"pythonic", "llama3_json"}},
        {"llama", {"llama3_json", "function_key", "pythonic", "named_function"}},
        {"magistral", {"reasoning", "mistral"}},
        {"mistral|mixtral|ministral|devstral|codestral|nemo", {"mistral"}},
        {"deepseek.*(r1|reasoner)", {"reasoning", "deepseek"}},
        {"deepseek", {"deepseek"}},
        {"gpt-oss|gpt_oss|gptoss", {"harmony"}},
        {"functionary", {"named_function", "llama3_json"}},
    };
    for (const auto& p : table) {
      detail::regex re(p.pattern, true);
      if (re.search(model)) {
        parser_registry r;
        for (const char* f : p.formats) r.add(*format::builtin(f));
        return r;
      }
    }
    return builtin();
  }

  /// Adds (or replaces, by name) a format.
  void add(format f) {
    remove(f.name());
    formats_.push_back(std::move(f));
    std::stable_sort(formats_.begin(), formats_.end(),
                     [](const format& a, const format& b) { return a.priority() < b.priority(); });
  }
  /// Removes a format by name; false if absent.
  bool remove(std::string_view name) {
    const auto it = std::find_if(formats_.begin(), formats_.end(), [&](const format& f) { return f.name() == name; });
    if (it == formats_.end()) return false;
    formats_.erase(it);
    return true;
  }
  bool contains(std::string_view name) const {
    return std::any_of(formats_.begin(), formats_.end(), [&](const format& f) { return f.name() == name; });
  }
  /// The formats, by priority.
  const std::vector<format>& formats() const noexcept { return formats_; }

  /// Names of the built-in formats enabled here (for the engine).
  std::vector<std::string> builtin_names() const {
    std::vector<std::string> v;
    for (const auto& f : formats_)
      if (f.is_builtin()) v.push_back(f.name());
    return v;
  }
  std::vector<std::shared_ptr<const detail::custom_def>> customs() const {
    std::vector<std::shared_ptr<const detail::custom_def>> v;
    for (const auto& f : formats_)
      if (!f.is_builtin()) v.push_back(f.custom_def());
    return v;
  }

 private:
  std::vector<format> formats_;
};

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMAT_HPP
