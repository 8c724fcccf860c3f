// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMAT_SPEC_HPP
#define TOOLCALL_FORMAT_SPEC_HPP

// A format as data (docs/format_spec.md): what a custom format declares, what a spec file
// holds, what format::learn infers, and what the data-only built-in rooms are written as.
// Declarations only, with the standard library; format::from_spec (format.hpp) compiles it,
// format_spec::from_json / to_json (detail/spec_json.hpp) read and write its JSON file.

#include <string>
#include <string_view>
#include <vector>

#include "config.hpp"
#include "error.hpp"

TOOLCALL_NAMESPACE_BEGIN

/// Payload of a format: what follows a call opener.
enum class payload_kind {
  json_object,     ///< one call object `{"name": ..., "arguments": {...}}` (a list too with json.allow_list)
  json_array,      ///< a JSON list of call objects (several values with json.several)
  pythonic,        ///< `f(a=1, b="x")` calls, comma-separated
  regex,           ///< an RE2 `pattern` with named groups `name` and `args`, matched on the whole body
  xml_parameters,  ///< a function with XML parameters, described by `xml`
  name_json,       ///< `NAME` up to `name_end`, then the arguments as one JSON object (or a JSON string)
  key_value,       ///< `call:NAME{key:value,...}`: bare keys, strings between `string_delimiter` tokens (Gemma)
  xml_elements,    ///< `<NAME><KEY>V</KEY></NAME>`: the tool's name is the tag, each argument an element
};

/// How a function or parameter name is written after its tag (payload_kind::xml_parameters).
enum class xml_name_style {
  to_gt,    ///< `<function=NAME>`: the name runs to `>`
  quoted,   ///< `<invoke name="NAME" attr="v">`: a quoted (or bare) name, then attributes, then `>`
  to_tag,   ///< `<arg_key>NAME</arg_key>`: the name runs to `parameter_name_end` (parameters only)
  to_line,  ///< the name follows the call opener on its own line (functions only, no function_open)
  /// `<KEY>V</KEY>`: the parameter is an element named after its key; elements nest (objects),
  /// repeated names collect into arrays (parameters only; needs `tag_prefix`: MiniMax-M3)
  element,
};

/// Which whitespace around an XML parameter value is markup.
enum class xml_value_trim {
  none,         ///< the value is the text as written
  one_newline,  ///< one leading and one trailing newline
  whitespace,   ///< all leading and trailing whitespace
};

/// A parameter given twice in one call (payload_kind::xml_parameters), as the family's vendor
/// parser reads it; a warning (or, for drop, the call's failure) says so every time.
enum class xml_repeated_key {
  last,   ///< the arguments hold both, a JSON reader keeps the later (vLLM's Qwen3-Coder, GLM: a dict)
  first,  ///< the later values are read and dropped (vLLM's solar_open2)
  drop,   ///< the call fails (vLLM's minicpm5xml)
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
 * multi, invoke_lead `<invoke`.
 */
struct xml_tags {
  std::string call_prefix;         ///< bytes right after call_begin (Step-3: `function<|tool_sep|>`)
  /// `call_prefix` may be missing: the function tag may follow call_begin at once (vLLM's Step-3
  /// reader skips the prefix).
  bool call_prefix_optional = false;
  /// After `call_prefix`, a bare name may stand before `function_open` (Step-3 written as DeepSeek
  /// writes it: `function<|tool_sep|>get_weather` then the invoke); the invoke's own name wins,
  /// and without an invoke the bare name is the function's (vLLM's step3 reader).
  bool name_after_prefix = false;
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
  /// Non-empty: the region is a block of invokes, each starting with this prefix of
  /// function_open and closed by function_close; a bad invoke fails alone and goes back to
  /// content while the others parse (MiniMax-M2 `<invoke`, DSML).
  std::string invoke_lead;
  /// The text may end right after a value's closer: the call is accepted without its call_end
  /// (a stop sequence ate it; GLM), marked repaired, with an unterminated_call warning.
  bool close_at_end = false;
  /// A value the schema does not type (no tools, or a key the tool does not declare) is decoded
  /// when it is entirely one JSON value or Python literal, else kept as a string (GLM: vLLM's
  /// glm4_moe parser json-decodes such values). Off: such values are strings (Qwen3-Coder).
  bool untyped_json = false;
  /// A value the schema types as a string keeps its whitespace; `trim` applies to the others
  /// (GLM keeps a string `<arg_value>` verbatim).
  bool verbatim_strings = false;
  /// Every value read as a string (typed `string`, or not typed: no tools, an undeclared key)
  /// keeps its whitespace; `trim` applies to the values read as JSON (Step-3: vLLM's step3
  /// parser keeps the text between the tags as written).
  bool verbatim_text = false;
  /// A value that is the word `null` (any case) is JSON null whatever its schema type, a string
  /// included, and the normalizer keeps it null (vLLM's Qwen3-Coder and Seed-OSS parsers). `None`
  /// stays text where the schema wants a string. Off: a string-typed `null` is the text "null".
  bool null_word = false;
  /// With the request's tools, `parameter_open` inside a value ends it only when it names a
  /// declared parameter not given yet (code holding a call stays in the value). Off: any name.
  bool schema_tags = true;
  /// A tag that may stand once between the function name and its parameters (Hy3's
  /// `NAME<tool_sep>`); empty: none. Starts with `<`.
  std::string name_separator;
  /// What ends an opening tag after its quoted name and attributes (Kimi-K3's `<|sep|>` in
  /// `<|open|>argument key="k" type="string"<|sep|>`); empty: `>`.
  std::string tag_end;
  /// The type_attribute holds a type name (Kimi-K3 `type="integer"`): `string` keeps the text,
  /// any other name reads it as JSON. Off: DSML's "true"/"false".
  bool type_names = false;
  /// A token written before every tag of the block (MiniMax-M3's `]<]minimax[>[` in
  /// `]<]minimax[>[<city>Paris]<]minimax[>[</city>`); whitespace may stand around it. Only with
  /// `parameter_name` element, which it makes safe: a `<` in a value is text.
  std::string tag_prefix;
  /// A parameter given twice in one call: `last` (the default), `first` or `drop`. Not with
  /// `parameter_name` element, where repeated elements collect into an array.
  xml_repeated_key repeated_key = xml_repeated_key::last;
  /// A value written `<![CDATA[...]]>` is the text inside (an XML reader's reading: MiniCPM5).
  bool cdata = false;
  /// A space inside `function_open` or `parameter_open` may come as `Ġ` (U+0120, the space a
  /// byte-level tokenizer leaves undecoded) or not at all (`<paramname=` for `<param name=`);
  /// a `function_open` after its opener (`<function` then `name=`) may follow a `Ġ`.
  bool tokenizer_spaces = false;
};

/// Options of the JSON payloads (json_object, json_array, name_json).
struct json_options {
  bool allow_list = false;  ///< json_object: a JSON list of call objects is accepted too
  bool several = false;     ///< several values may follow each other (whitespace, `,` or `;` between)
  std::string lead;         ///< a token that must follow the opener after whitespace (`<|plugin|>`)
  std::string inject;       ///< the opener's last bytes that belong to the JSON (`functools[` -> `[`)
  /// Each call object is `{"NAME": {arguments}}`, the tool's name its only key (Apertus); the
  /// list (or one object) is read whole, then the optional closer. name_key/arguments_key unused.
  bool name_as_key = false;
  /// A list item that breaks (bad JSON, no usable name) drops alone, with a warning, and the
  /// other items stay calls (Cohere's action list, as Ollama's parser reads it); off: the list fails.
  bool skip_bad = false;
  /// A call object must hold its arguments key (`arguments`, `parameters` or arguments_key): a
  /// list of objects with names only is data, not calls (bare JSON with no token before it:
  /// xLAM's structured output). Off: a name alone makes a call with `{}` arguments.
  bool require_arguments = false;
};

/// Options of the pythonic payload.
struct pythonic_options {
  /// The calls are a Python list after the opener, `[f(a=1), g()]` (LFM2); off: bare calls.
  bool list = false;
  /// Several bare calls may follow each other, each on its own line (Olmo 3's
  /// `<function_calls>f(a=1)\ng(b=2)</function_calls>`); off: one call per opener.
  bool lines = false;
};

/// Where a call opener may match.
enum class trigger_position {
  anywhere,    ///< at any byte
  start,       ///< at the start of the output (after whitespace, a reasoning block or a call)
  line_start,  ///< at the start of the output or of a line
};

/// A further call opener, with its own closer (empty: none; the payload ends the region).
struct trigger_spec {
  std::string open;
  std::string close;
  trigger_position position = trigger_position::anywhere;
};

/**
 * Messages addressed by a recipient header: an assistant turn is a series of messages
 * `[start assistant] to=RECIPIENT message BODY`, a text body ending at one of `ends` or at the
 * next `start`. A `reasoning` recipient's body is reasoning, a `content` one's (or a header
 * without `to=`) content, any other recipient's body is a tool message: a block of XML invokes
 * opened by call_begin and closed by call_end (payload xml_parameters with xml.invoke_lead).
 * An invoke in a reasoning or content message is text (Muse Glimmer's ATEM).
 */
struct recipient_spec {
  std::string message;                 ///< what ends a header (`<|message|>`); empty: no recipient headers
  std::string start;                   ///< a new message's opener (`<|start|>`), then the role `assistant`
  std::vector<std::string> reasoning;  ///< recipients whose body is reasoning (`self`)
  std::vector<std::string> content;    ///< recipients whose body is content (`user`)
  std::vector<std::string> ends;       ///< a text message's end tokens (`<|eom|>`, `<|eot|>`)
};

/**
 * Bare JSON at the start of the output, with no marker: the call shapes the format accepts
 * there. The engine reads every enabled format's shapes with one bare-JSON claimant and names
 * each call after the format whose shape it has (Sarashina's list once a server stripped
 * `<|tool_calls|>`, xLAM's bare list).
 */
struct bare_json_spec {
  bool name_key = false;         ///< `{"name": ..., "arguments"|"parameters": ...}`
  bool function_string = false;  ///< `{"function": "NAME", "parameters": ...}`
  bool envelope = false;         ///< `{"tool_calls": [...]}`, `{"function": {...}}`
  bool semicolons = false;       ///< `;`-separated calls
  bool call_array = false;       ///< a top-level `[` holding call objects
  bool pythonic_list = false;    ///< `[f(a=1), g()]`
  /// The shapes are the family's fallback form (HyperCLOVAX under tool_choice=required): the
  /// family names a bare call only when no other enabled format declares the same shape.
  bool fallback = false;
  bool any() const noexcept {
    return name_key || function_string || envelope || semicolons || call_array || pythonic_list;
  }
};

/// A reasoning block's markers (`<think>` / `</think>`).
struct reasoning_pair {
  std::string open, close;
};

/// A for_model preset: a case-insensitive RE2 pattern over the model name, the formats it
/// enables (by name; this format's own name usually) and whether the family's template opens
/// a reasoning block in the prompt. Lower ranks are tried first.
struct preset_spec {
  std::string pattern;
  std::vector<std::string> formats;
  int rank = 50;
  bool prompt_opens_reasoning = false;
};

/**
 * A format as data: call openers (`call_begin` with `call_end`, and further `triggers` with
 * their own closers and positions), a payload and its options, the family's markers (end of
 * turn, section tokens: dropped from content), reasoning blocks, the strings that identify it
 * in a chat template, and for_model presets. For `regex`, `pattern` is an RE2 pattern matched
 * against the whole text between the markers, with named groups `name` and `args` (the
 * arguments, lenient JSON). For `xml_parameters`, `xml` holds the tag spellings. For
 * `name_json`, the name runs from the opener to `name_end` (empty: to the first `{`,
 * whitespace or `"`), then one JSON arguments object follows.
 *
 * The file form (format_spec::from_json / to_json) is documented in docs/format_spec.md and
 * docs/format_spec.schema.json.
 */
struct format_spec {
  std::string name;
  std::string description;  ///< one line; empty: made from the markers
  std::string call_begin;
  std::string call_end;
  trigger_position call_begin_position = trigger_position::anywhere;
  std::vector<trigger_spec> triggers;  ///< further openers (variant 1, 2, ... after call_begin)
  payload_kind payload = payload_kind::json_object;
  std::string name_key = "name";
  std::string arguments_key = "arguments";
  json_options json;
  std::string name_end;  ///< name_json: what ends the name (`<|tool_sep|>`, `\n`, `[ARGS]`); at most 256 bytes
  /// name_json: a call id stands before the name and ends at this token (Solar Open's
  /// `<|tool_call:begin|>ID<|tool_call:name|>NAME`); empty: no id slot.
  std::string id_end;
  /// name_json: tokens that may stand between name_end and the JSON arguments, in this order,
  /// each optional, whitespace around them (PLaMo 3's `<|plamo:begin_tool_arguments:plamo|>`,
  /// `<|plamo:constrain|>json`, `<|plamo:msg|>`).
  std::vector<std::string> arguments_lead;
  /// name_json: the generation prompt writes call_begin (Functionary v3.2's `>>>`), so at the
  /// start of the output (after whitespace, reasoning or a call) a name may open a call without it.
  bool prompt_opens_call = false;
  /// name_json: the text before name_end is a call id that holds the name (Kimi-K2's
  /// `functions.get_weather:0`): this prefix, when written, is not part of the name; empty: none.
  std::string name_prefix;
  /// name_json: a separator after the name, then the call's index in digits (`:` in
  /// `get_weather:0`), not part of the name; an id without it is no call (an error, the text
  /// stays content). With it or name_prefix the text is kept as the id.
  std::string name_index;
  /// pythonic: a call is a line that starts with a declared tool's name and `(` (Granite's bare
  /// `get_weather(city="Paris")` lines); the request's tools give the openers, and call_begin
  /// and triggers, when given, are further `NAME(` openers. Without the request's tools, a line
  /// `NAME(...)` with any identifier NAME is a call at the start of the output or right after
  /// a call (after prose it needs a declared tool).
  bool tool_name_triggers = false;
  pythonic_options pythonic;  ///< pythonic: a list after the opener, several calls on their own lines
  /// key_value: the token on both sides of a string value (Gemma 4's `<|"|>`, FunctionGemma's
  /// `<escape>`); the text between two of them is the string, raw.
  std::string string_delimiter;
  /// Recipient headers before each message (recipient_spec); `call_begin` is then the tool
  /// message's block opener and `call_end` its closer.
  recipient_spec recipients;
  /// The bare JSON shapes the format accepts at the start of the output (none by default).
  bare_json_spec bare_json;
  std::string pattern;
  xml_tags xml;
  std::vector<std::string> markers;           ///< recognised tokens dropped from content
  /// Markers that open a section of calls (Step-3's `<｜tool_calls_begin｜>`): dropped like
  /// markers; an output that ends after one with no call gives errc::unterminated_call.
  std::vector<std::string> section_openers;
  std::vector<reasoning_pair> reasoning;      ///< reasoning blocks the family writes
  std::vector<std::string> template_markers;  ///< strings that identify it in a chat template
  /// A suffix the tokenizer writes inside every special token (Hy3's `:opensource` in
  /// `<tool_call:opensource>`): the tokens are read with it and without it (a checkpoint whose
  /// tokenizer has no suffix writes `<tool_call>`). Every opener, closer, tag, marker and
  /// reasoning token that holds it gets its bare twin. Empty: none.
  std::string token_suffix;
  std::vector<preset_spec> presets;
  bool model_ids = false;  ///< the model writes call ids
  /// The vendor's parser leaves a call to a tool the request does not declare as text: under
  /// unknown_tool_policy::vendor (the default) such a call is rejected, its text content.
  bool unknown_tools_as_text = false;
  int priority = 45;

  /// Reads a spec file's JSON text. Unknown keys, wrong types and bad enum values are errors
  /// (errc::invalid_input) whose message names the key; never throws.
  static result<format_spec> from_json(std::string_view json);
  /// The spec as JSON (every field; pretty-printed, valid UTF-8).
  std::string to_json() const;
};

/**
 * One rendered assistant turn for format::learn: the text a chat template wrote for it, and
 * what the turn holds.
 */
struct learn_sample {
  struct call {
    std::string name;
    std::string arguments;  ///< a JSON object's text
  };
  std::string rendered;
  std::string content;
  std::string reasoning;
  std::vector<call> tool_calls;
  /// Reads `{"rendered", "content", "reasoning", "tool_calls": [{"name", "arguments"}]}` or an
  /// array of them (arguments as an object or as a JSON string).
  static result<std::vector<learn_sample>> from_json(std::string_view json);
};

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMAT_SPEC_HPP
