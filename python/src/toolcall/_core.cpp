// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// toolcall._core: the Python binding of the public C++ API. The package's
// __init__.py re-exports it; _core.pyi holds the types.
//
// Rules kept here:
// - model output never raises: the C++ API never fails on it, and every string that goes back
//   to Python is made valid UTF-8 (a byte outside a well-formed sequence becomes U+FFFD, one per
//   byte, as the SSE writer does);
// - caller errors the C++ API reports (tools JSON, a bad regex, a history that is not JSON)
//   raise toolcall.Error with the library's code; wrong Python types raise TypeError;
// - the GIL is released around engine work (parse, write, finish, feed_sse). Events are
//   collected into a C++ vector meanwhile and become Python objects once the GIL is back;
// - objects that release the GIL hold a mutex, always taken after the GIL is released (never
//   the other way round), so a parser used from two threads serializes instead of racing.
#include <pybind11/pybind11.h>

#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <toolcall/conversation.hpp>
#include <toolcall/detail/utf8.hpp>
#include <toolcall/normalizer.hpp>
#include <toolcall/toolcall.hpp>

namespace py = pybind11;
namespace tc = toolcall;
using namespace pybind11::literals;

namespace {

// ---------------------------------------------------------------------------------------------
// Text in and out

/// A Python str from bytes that may not be UTF-8: each stray byte becomes U+FFFD (the library's
/// UTF-8 module, as the JSON writer does).
py::str to_py(std::string_view s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), nullptr);
  if (!o) {
    PyErr_Clear();
    std::string fixed;
    fixed.reserve(s.size() + 16);
    tc::detail::utf8_append_replacing(fixed, s);
    o = PyUnicode_DecodeUTF8(fixed.data(), static_cast<Py_ssize_t>(fixed.size()), nullptr);
    if (!o) throw py::error_already_set();
  }
  return py::reinterpret_steal<py::str>(o);
}

/**
 * The bytes of a str, bytes, bytearray or memoryview argument, borrowed for the duration of the
 * call (a str gives its UTF-8 form; lone surrogates are encoded as they stand, and the engine
 * treats those bytes as it treats any invalid UTF-8). Destroy it with the GIL held.
 */
class text_arg {
 public:
  text_arg(py::handle h, const char* what) {
    PyObject* o = h.ptr();
    if (PyUnicode_Check(o)) {
      Py_ssize_t n = 0;
      const char* p = PyUnicode_AsUTF8AndSize(o, &n);
      if (!p) {
        PyErr_Clear();
        PyObject* b = PyUnicode_AsEncodedString(o, "utf-8", "surrogatepass");
        if (!b) throw py::error_already_set();
        keep_ = py::reinterpret_steal<py::object>(b);
        sv_ = std::string_view(PyBytes_AS_STRING(b), static_cast<std::size_t>(PyBytes_GET_SIZE(b)));
        return;
      }
      sv_ = std::string_view(p, static_cast<std::size_t>(n));
    } else if (PyBytes_Check(o)) {
      sv_ = std::string_view(PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o)));
    } else if (PyObject_CheckBuffer(o)) {
      if (PyObject_GetBuffer(o, &buf_, PyBUF_SIMPLE) != 0) throw py::error_already_set();
      has_buf_ = true;
      sv_ = std::string_view(static_cast<const char*>(buf_.buf), static_cast<std::size_t>(buf_.len));
    } else {
      throw py::type_error(std::string(what) + " must be str or bytes, not " + Py_TYPE(o)->tp_name);
    }
  }
  ~text_arg() {
    if (has_buf_) PyBuffer_Release(&buf_);
  }
  text_arg(const text_arg&) = delete;
  text_arg& operator=(const text_arg&) = delete;

  std::string_view view() const noexcept { return sv_; }

 private:
  std::string_view sv_;
  py::object keep_;
  Py_buffer buf_{};
  bool has_buf_ = false;
};

/// JSON text from a str/bytes argument, or json.dumps() of any other Python value.
std::string json_text(py::handle h, const char* what) {
  if (PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr()) || PyByteArray_Check(h.ptr()) ||
      PyMemoryView_Check(h.ptr())) {
    text_arg t(h, what);
    return std::string(t.view());
  }
  py::object s = py::module_::import("json").attr("dumps")(h, "ensure_ascii"_a = false);
  text_arg t(s, what);
  return std::string(t.view());
}

/// json.loads() of text the library produced.
py::object json_loads(std::string_view s) { return py::module_::import("json").attr("loads")(to_py(s)); }

// ---------------------------------------------------------------------------------------------
// Errors

/// Raises toolcall.Error (a ValueError) carrying the library's error.
[[noreturn]] void raise_error(const tc::error& e) {
  py::object cls = py::module_::import("toolcall._core").attr("Error");
  py::str msg = to_py(e.message());
  py::object exc = cls(msg);
  exc.attr("code") = tc::to_string(e.code);
  exc.attr("message") = msg;
  exc.attr("offset") = e.offset;
  exc.attr("detail") = to_py(e.detail);
  PyErr_SetObject(cls.ptr(), exc.ptr());
  throw py::error_already_set();
}

template <typename T>
T take(tc::result<T>&& r) {
  if (!r) raise_error(r.error());
  return std::move(*r);
}

// ---------------------------------------------------------------------------------------------
// Names of enum values (the C++ to_string() spellings, and the same style where there is none)

const char* kind_name(tc::event_kind k) noexcept {
  switch (k) {
    case tc::event_kind::content: return "content";
    case tc::event_kind::reasoning: return "reasoning";
    case tc::event_kind::call_begin: return "call_begin";
    case tc::event_kind::arguments_delta: return "arguments_delta";
    case tc::event_kind::call_end: return "call_end";
    case tc::event_kind::diagnostic: return "diagnostic";
  }
  return "content";
}

template <typename E>
struct enum_name {
  const char* name;
  E value;
};

template <typename E, std::size_t N>
E enum_from(py::handle v, const char* what, const enum_name<E> (&names)[N]) {
  std::string all;
  for (const auto& n : names) all += std::string(all.empty() ? "" : ", ") + "'" + n.name + "'";
  if (!PyUnicode_Check(v.ptr())) throw py::type_error(std::string(what) + " must be one of " + all);
  const std::string s = v.cast<std::string>();
  for (const auto& n : names)
    if (s == n.name) return n.value;
  throw py::value_error(std::string(what) + " must be one of " + all + ", not '" + s + "'");
}

template <typename E, std::size_t N>
const char* enum_to(E v, const enum_name<E> (&names)[N]) {
  for (const auto& n : names)
    if (n.value == v) return n.name;
  return names[0].name;
}

constexpr enum_name<tc::reasoning_start> k_reasoning_start[] = {{"preset", tc::reasoning_start::preset},
                                                                {"closed", tc::reasoning_start::closed},
                                                                {"open", tc::reasoning_start::open},
                                                                {"detect", tc::reasoning_start::detect},
                                                                {"none", tc::reasoning_start::none}};
constexpr enum_name<tc::reasoning_calls> k_reasoning_calls[] = {{"ignore", tc::reasoning_calls::ignore},
                                                                {"end_reasoning", tc::reasoning_calls::end_reasoning}};
constexpr enum_name<tc::call_status> k_call_status[] = {
    {"ok", tc::call_status::ok},           {"repaired", tc::call_status::repaired},
    {"normalized", tc::call_status::normalized}, {"truncated", tc::call_status::truncated},
    {"invalid", tc::call_status::invalid}, {"unknown_tool", tc::call_status::unknown_tool}};
constexpr enum_name<tc::finish_reason> k_finish_reason[] = {
    {"stop", tc::finish_reason::stop}, {"tool_calls", tc::finish_reason::tool_calls}, {"length", tc::finish_reason::length}};
constexpr enum_name<tc::payload_kind> k_payload[] = {{"json_object", tc::payload_kind::json_object},
                                                     {"json_array", tc::payload_kind::json_array},
                                                     {"pythonic", tc::payload_kind::pythonic},
                                                     {"regex", tc::payload_kind::regex}};
constexpr enum_name<tc::unknown_tool_policy> k_unknown_policy[] = {{"forward", tc::unknown_tool_policy::forward},
                                                                  {"drop", tc::unknown_tool_policy::drop},
                                                                  {"error", tc::unknown_tool_policy::error},
                                                                  {"vendor", tc::unknown_tool_policy::vendor}};

// ---------------------------------------------------------------------------------------------
// Plain values from Python

std::uint64_t as_u64(py::handle v, const char* what) {
  if (!PyLong_Check(v.ptr()) || PyBool_Check(v.ptr())) throw py::type_error(std::string(what) + " must be an int");
  const unsigned long long x = PyLong_AsUnsignedLongLong(v.ptr());
  if (x == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error(std::string(what) + " must be an int in [0, 2**64)");
  }
  return static_cast<std::uint64_t>(x);
}

std::size_t as_size(py::handle v, const char* what) {
  const std::uint64_t x = as_u64(v, what);
  if (x > SIZE_MAX) throw py::value_error(std::string(what) + " is too large");
  return static_cast<std::size_t>(x);
}

bool as_bool(py::handle v, const char* what) {
  if (!PyBool_Check(v.ptr())) throw py::type_error(std::string(what) + " must be a bool");
  return v.ptr() == Py_True;
}

std::string as_string(py::handle v, const char* what) {
  if (!PyUnicode_Check(v.ptr())) throw py::type_error(std::string(what) + " must be a str");
  text_arg t(v, what);
  return std::string(t.view());
}

/// Seconds (int or float) or a datetime.timedelta.
std::chrono::microseconds as_duration(py::handle v, const char* what) {
  double secs = 0;
  if ((PyLong_Check(v.ptr()) && !PyBool_Check(v.ptr())) || PyFloat_Check(v.ptr())) {
    secs = PyFloat_AsDouble(v.ptr());
    if (secs == -1.0 && PyErr_Occurred()) throw py::error_already_set();
  } else if (!PyBool_Check(v.ptr()) && py::hasattr(v, "total_seconds")) {
    secs = v.attr("total_seconds")().cast<double>();
  } else {
    throw py::type_error(std::string(what) + " must be seconds (a float) or a datetime.timedelta");
  }
  if (!(secs >= 0) || secs > 1e9) throw py::value_error(std::string(what) + " must be between 0 and 1e9 seconds");
  return std::chrono::microseconds(static_cast<std::int64_t>(std::llround(secs * 1e6)));
}

// ---------------------------------------------------------------------------------------------
// toolcall::options as keyword arguments: one table serves parse(), Parser, StreamParser and
// Options, so the names and defaults are those of the C++ struct.

struct option_field {
  const char* name;
  py::object (*get)(const tc::options&);
  void (*set)(tc::options&, py::handle, const char*);
};

template <std::size_t tc::options::*F>
py::object get_size(const tc::options& o) {
  return py::int_(o.*F);
}
template <std::size_t tc::options::*F>
void set_size(tc::options& o, py::handle v, const char* n) {
  o.*F = as_size(v, n);
}
template <bool tc::options::*F>
py::object get_bool(const tc::options& o) {
  return py::bool_(o.*F);
}
template <bool tc::options::*F>
void set_bool(tc::options& o, py::handle v, const char* n) {
  o.*F = as_bool(v, n);
}

const option_field k_option_fields[] = {
    {"max_input_bytes", &get_size<&tc::options::max_input_bytes>, &set_size<&tc::options::max_input_bytes>},
    {"max_call_bytes", &get_size<&tc::options::max_call_bytes>, &set_size<&tc::options::max_call_bytes>},
    {"max_calls", &get_size<&tc::options::max_calls>, &set_size<&tc::options::max_calls>},
    {"max_depth", &get_size<&tc::options::max_depth>, &set_size<&tc::options::max_depth>},
    {"max_holdback", &get_size<&tc::options::max_holdback>, &set_size<&tc::options::max_holdback>},
    {"time_budget",
     [](const tc::options& o) -> py::object { return py::float_(static_cast<double>(o.time_budget.count()) / 1e6); },
     [](tc::options& o, py::handle v, const char* n) { o.time_budget = as_duration(v, n); }},
    {"max_diagnostics", &get_size<&tc::options::max_diagnostics>, &set_size<&tc::options::max_diagnostics>},
    {"reasoning", [](const tc::options& o) -> py::object { return py::str(enum_to(o.reasoning, k_reasoning_start)); },
     [](tc::options& o, py::handle v, const char* n) { o.reasoning = enum_from(v, n, k_reasoning_start); }},
    {"calls_in_reasoning",
     [](const tc::options& o) -> py::object { return py::str(enum_to(o.calls_in_reasoning, k_reasoning_calls)); },
     [](tc::options& o, py::handle v, const char* n) { o.calls_in_reasoning = enum_from(v, n, k_reasoning_calls); }},
    {"seed", [](const tc::options& o) -> py::object { return py::int_(o.seed); },
     [](tc::options& o, py::handle v, const char* n) { o.seed = as_u64(v, n); }},
    {"keep_truncated", &get_bool<&tc::options::keep_truncated>, &set_bool<&tc::options::keep_truncated>},
    {"token_limit_hit", &get_bool<&tc::options::token_limit_hit>, &set_bool<&tc::options::token_limit_hit>},
    {"xml_values_as_json", &get_bool<&tc::options::xml_values_as_json>, &set_bool<&tc::options::xml_values_as_json>},
    {"events_only", &get_bool<&tc::options::events_only>, &set_bool<&tc::options::events_only>},
};

const option_field* find_option(std::string_view name) {
  for (const auto& f : k_option_fields)
    if (name == f.name) return &f;
  return nullptr;
}

/// Applies keyword arguments to `o`; an unknown name is a TypeError, as in Python.
void apply_options(tc::options& o, const py::dict& kw, const char* fn) {
  for (auto item : kw) {
    const std::string key = py::str(item.first);
    const option_field* f = find_option(key);
    if (!f) throw py::type_error(std::string(fn) + "() got an unexpected keyword argument '" + key + "'");
    f->set(o, item.second, f->name);
  }
}

tc::options options_from(py::handle h, const char* what) {
  if (h.is_none()) return {};
  if (py::isinstance<tc::options>(h)) return h.cast<tc::options>();
  if (PyDict_Check(h.ptr())) {
    tc::options o;
    apply_options(o, py::reinterpret_borrow<py::dict>(h), what);
    return o;
  }
  throw py::type_error(std::string(what) + " must be an Options or a dict");
}

// ---------------------------------------------------------------------------------------------
// Formats, registries, normalizers

/// A spec file's dict or JSON text (docs/format_spec.md) as a format_spec.
tc::format_spec spec_from_json_value(py::handle spec) {
  return take(tc::format_spec::from_json(json_text(spec, "format_spec")));
}

tc::format format_from_spec(py::handle spec) {
  if (!PyDict_Check(spec.ptr())) throw py::type_error("a format spec must be a dict");
  // a dict with any key beyond the 0.2 ones, or a payload 0.2 did not know, is a spec file's
  // object: read it as JSON (docs/format_spec.md), which names a key it does not know
  static const char* const legacy_keys[] = {"name", "call_begin", "call_end", "payload",
                                            "name_key", "arguments_key", "pattern", "priority"};
  bool legacy = true;
  for (auto item : py::reinterpret_borrow<py::dict>(spec)) {
    const std::string key = py::str(item.first);
    bool known = false;
    for (const char* k : legacy_keys) known |= key == k;
    if (known && key == "payload" && PyUnicode_Check(item.second.ptr())) {
      const std::string p = item.second.cast<std::string>();
      known = false;
      for (const auto& k : k_payload) known |= p == k.name;
    }
    legacy &= known;
  }
  if (!legacy) return take(tc::format::from_spec(spec_from_json_value(spec)));
  tc::format_spec s;
  for (auto item : py::reinterpret_borrow<py::dict>(spec)) {
    const std::string key = py::str(item.first);
    py::handle v = item.second;
    if (key == "name") s.name = as_string(v, "name");
    else if (key == "call_begin") s.call_begin = as_string(v, "call_begin");
    else if (key == "call_end") s.call_end = as_string(v, "call_end");
    else if (key == "payload") s.payload = enum_from(v, "payload", k_payload);
    else if (key == "name_key") s.name_key = as_string(v, "name_key");
    else if (key == "arguments_key") s.arguments_key = as_string(v, "arguments_key");
    else if (key == "pattern") s.pattern = as_string(v, "pattern");
    else if (key == "priority") {
      if (!PyLong_Check(v.ptr()) || PyBool_Check(v.ptr())) throw py::type_error("priority must be an int");
      s.priority = v.cast<int>();
    } else {
      throw py::value_error("unknown format spec key '" + key +
                            "' (known: name, call_begin, call_end, payload, name_key, arguments_key, pattern, priority)");
    }
  }
  return take(tc::format::from_spec(s));
}

/// A format from a built-in name, a Format, or a spec dict.
tc::format format_from(py::handle h) {
  if (py::isinstance<tc::format>(h)) return h.cast<tc::format>();
  if (PyUnicode_Check(h.ptr())) return take(tc::format::builtin(h.cast<std::string>()));
  if (PyDict_Check(h.ptr())) return format_from_spec(h);
  throw py::type_error(std::string("a format must be a built-in name, a Format or a spec dict, not ") +
                       Py_TYPE(h.ptr())->tp_name);
}


/// The registry for model= / formats= (both None: every built-in format).
tc::parser_registry registry_from(py::handle model, py::handle formats) {
  if (!model.is_none() && !formats.is_none()) throw py::type_error("give model= or formats=, not both");
  if (!model.is_none()) return tc::parser_registry::for_model(as_string(model, "model"));
  if (formats.is_none()) return tc::parser_registry::builtin();
  if (py::isinstance<tc::parser_registry>(formats)) return formats.cast<tc::parser_registry>();
  tc::parser_registry r;
  if (PyUnicode_Check(formats.ptr()) || PyDict_Check(formats.ptr()) || py::isinstance<tc::format>(formats)) {
    r.add(format_from(formats));
    return r;
  }
  if (!py::isinstance<py::iterable>(formats))
    throw py::type_error("formats must be a Registry, or format names, Formats or spec dicts");
  for (py::handle f : py::reinterpret_borrow<py::iterable>(formats)) r.add(format_from(f));
  return r;
}

/// The keyword arguments without format_file= / format_spec= (given to apply_options).
py::dict without_spec_kwargs(const py::kwargs& kw) {
  py::dict d;
  for (auto item : kw) {
    const std::string key = py::str(item.first);
    if (key != "format_file" && key != "format_spec") d[item.first] = item.second;
  }
  return d;
}

/// registry_from(), or with format_file= (a path to a spec file) or format_spec= (a spec dict,
/// its JSON text, or a Format): that format alone plus reasoning blocks, as --format-file.
tc::parser_registry registry_from(py::handle model, py::handle formats, const py::kwargs& kw) {
  py::handle file = kw.contains("format_file") ? py::handle(kw["format_file"]) : py::handle(py::none());
  py::handle spec = kw.contains("format_spec") ? py::handle(kw["format_spec"]) : py::handle(py::none());
  if (file.is_none() && spec.is_none()) return registry_from(model, formats);
  if (!file.is_none() && !spec.is_none()) throw py::type_error("give format_file= or format_spec=, not both");
  if (!model.is_none() || !formats.is_none())
    throw py::type_error("format_file= / format_spec= replace model= and formats=");
  const auto read = [&]() -> tc::format {
    if (!file.is_none()) {
      py::object text = py::module_::import("pathlib").attr("Path")(file).attr("read_text")("encoding"_a = "utf-8");
      return take(tc::format::from_spec(spec_from_json_value(text)));
    }
    if (py::isinstance<tc::format>(spec)) return spec.cast<tc::format>();
    return take(tc::format::from_spec(spec_from_json_value(spec)));
  };
  const tc::format f = read();
  tc::parser_registry r;
  r.add(f);
  if (f.name() != "reasoning") r.add(take(tc::format::builtin("reasoning")));
  return r;
}

tc::normalizer_options normalizer_options_from(const py::dict& kw) {
  tc::normalizer_options o;
  for (auto item : kw) {
    const std::string key = py::str(item.first);
    py::handle v = item.second;
    if (key == "enabled") o.enabled = as_bool(v, "enabled");
    else if (key == "coerce_types") o.coerce_types = as_bool(v, "coerce_types");
    else if (key == "repair_names") o.repair_names = as_bool(v, "repair_names");
    else if (key == "check_required") o.check_required = as_bool(v, "check_required");
    else if (key == "fill_defaults") o.fill_defaults = as_bool(v, "fill_defaults");
    else if (key == "unknown_tools") o.unknown_tools = enum_from(v, "unknown_tools", k_unknown_policy);
    else if (key == "max_name_distance") o.max_name_distance = as_size(v, "max_name_distance");
    else throw py::type_error("Normalizer() got an unexpected keyword argument '" + key + "'");
  }
  return o;
}

tc::normalizer make_normalizer(py::handle tools, py::handle rules, const py::dict& kw) {
  tc::normalizer_options o = normalizer_options_from(kw);
  if (!rules.is_none()) {
    for (py::handle r : py::reinterpret_borrow<py::iterable>(rules)) {
      if (!py::isinstance<tc::normalizer_rule>(r))
        throw py::type_error("rules must hold NormalizerRule objects (NormalizerRule.fill, .fill_template, .alias)");
      o.rules.push_back(r.cast<tc::normalizer_rule>());
    }
  }
  const std::string json = json_text(tools, "tools");
  return take(tc::normalizer::create(json, o));
}

/// tools=: a Normalizer, or the OpenAI tools (a list, or its JSON text) for a default one.
std::optional<tc::normalizer> normalizer_from(py::handle tools) {
  if (tools.is_none()) return std::nullopt;
  if (py::isinstance<tc::normalizer>(tools)) return tools.cast<tc::normalizer>();
  return make_normalizer(tools, py::none(), py::dict());
}

/// request=: an OpenAI request body (a dict, or its JSON text): its tools, tool_choice and
/// parallel_tool_calls. Raises toolcall.Error for a malformed one.
std::optional<tc::request> request_from(py::handle req) {
  if (req.is_none()) return std::nullopt;
  return take(tc::request::create(json_text(req, "request")));
}

// ---------------------------------------------------------------------------------------------
// Events

/// An event with its strings owned: the Python Event.
struct owned_event {
  tc::event_kind kind = tc::event_kind::content;
  std::size_t index = 0;
  std::string text, id, name, format;
  tc::call_status status = tc::call_status::ok;
  bool has_diag = false;
  tc::diagnostic diag;

  explicit owned_event(const tc::event& e)
      : kind(e.kind), index(e.index), text(e.text), id(e.id), name(e.name), format(e.format), status(e.status) {
    if (e.diag) {
      has_diag = true;
      diag = *e.diag;
    }
  }
  /// The borrowed view the C++ sinks take.
  tc::event view() const {
    tc::event e;
    e.kind = kind;
    e.index = index;
    e.text = text;
    e.id = id;
    e.name = name;
    e.format = format;
    e.status = status;
    e.diag = has_diag ? &diag : nullptr;
    return e;
  }
  bool operator==(const owned_event& o) const {
    return kind == o.kind && index == o.index && text == o.text && id == o.id && name == o.name &&
           format == o.format && status == o.status && has_diag == o.has_diag &&
           (!has_diag || (diag.code == o.diag.code && diag.offset == o.diag.offset && diag.message == o.diag.message &&
                          diag.level == o.diag.level));
  }
};

struct event_collector {
  std::vector<owned_event>* out;
  void operator()(const tc::event& e) const { out->emplace_back(e); }
};

py::list to_list(std::vector<owned_event>& evs) {
  py::list l(evs.size());
  for (std::size_t i = 0; i < evs.size(); ++i) l[i] = py::cast(std::move(evs[i]));
  return l;
}

// ---------------------------------------------------------------------------------------------
// Python-side objects

py::dict call_to_openai(const tc::call& c) {
  return py::dict("id"_a = to_py(c.id), "type"_a = "function",
                  "function"_a = py::dict("name"_a = to_py(c.name), "arguments"_a = to_py(c.arguments)));
}

py::dict message_to_openai(const tc::message& m) {
  py::dict d("role"_a = "assistant");
  d["content"] = m.content.empty() ? py::object(py::none()) : py::object(to_py(m.content));
  if (m.has_reasoning) d["reasoning_content"] = to_py(m.reasoning);
  if (!m.calls.empty()) {
    py::list calls;
    for (const auto& c : m.calls) calls.append(call_to_openai(c));
    d["tool_calls"] = calls;
  }
  return d;
}

py::list diagnostics_list(const std::vector<tc::diagnostic>& ds) {
  py::list l(ds.size());
  for (std::size_t i = 0; i < ds.size(); ++i) l[i] = py::cast(ds[i]);
  return l;
}

std::string repr_of(py::handle h) { return py::repr(h).cast<std::string>(); }

bool same_diag(const tc::diagnostic& a, const tc::diagnostic& b) {
  return a.code == b.code && a.offset == b.offset && a.message == b.message && a.level == b.level;
}
bool same_call(const tc::call& a, const tc::call& b) {
  return a.id == b.id && a.name == b.name && a.arguments == b.arguments && a.status == b.status &&
         a.format == b.format && a.begin == b.begin && a.end == b.end;
}
bool same_message(const tc::message& a, const tc::message& b) {
  if (a.content != b.content || a.reasoning != b.reasoning || a.has_reasoning != b.has_reasoning ||
      a.finish != b.finish || a.calls.size() != b.calls.size() || a.diagnostics.size() != b.diagnostics.size())
    return false;
  for (std::size_t i = 0; i < a.calls.size(); ++i)
    if (!same_call(a.calls[i], b.calls[i])) return false;
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i)
    if (!same_diag(a.diagnostics[i], b.diagnostics[i])) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Parsers

struct py_parser {
  py_parser(const tc::parser_registry& reg, const tc::options& o, const std::optional<tc::normalizer>& n)
      : opt(o), p(reg, o), norm(n) {
    if (n) n->attach(p);
  }
  tc::options opt;
  tc::parser p;
  std::optional<tc::normalizer> norm;  // tools=: the Parser's own, attached for every parse
  bool attached = false;               // Normalizer.attach() since the last parse: for the next one
  std::mutex mu;
};

struct py_stream {
  py_stream(const tc::parser_registry& reg, const tc::options& o, const std::optional<tc::normalizer>& n)
      : opt(o), sp(reg, o), norm(n) {
    if (n) n->attach(sp);
  }
  tc::options opt;
  tc::stream_parser sp;
  std::optional<tc::normalizer> norm;  // tools=: the StreamParser's own, for every response
  bool attached = false;               // Normalizer.attach(): for the current or next response
  bool used = false;                   // a write() or finish() since the last reset()
  std::mutex mu;
};

tc::message parse_text(py_parser& self, py::handle text, const tc::options& o,
                       const std::optional<tc::request>& req = std::nullopt) {
  text_arg t(text, "text");
  tc::message m;
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(self.mu);
    // a parse drops what the previous one was given (stream_parser::reset()): the Parser's own
    // tools are attached again for each parse, a request's for this parse only
    if (req) req->attach(self.p);
    else if (!self.attached && self.norm) self.norm->attach(self.p);
    self.attached = false;
    m = self.p.parse(t.view(), o);
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// The wires: OpenAI chat completions (SSEWriter, DeltaAccumulator), the OpenAI Responses API
// (ResponsesWriter, ResponsesAccumulator) and Anthropic Messages (anthropic.SSEWriter,
// anthropic.Accumulator): one writer template and one accumulator template serve all three.

/// A writer of any wire with the SSE events it wrote since they were last taken.
template <typename Writer, typename Opt>
struct py_wire_writer {
  explicit py_wire_writer(Opt o) : opt(o), w([this](std::string_view s) { lines.emplace_back(s); }, std::move(o)) {}
  py::list take_lines() {
    py::list l(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) l[i] = to_py(lines[i]);
    lines.clear();
    return l;
  }
  Opt opt;
  std::vector<std::string> lines;
  Writer w;
};

/// A writer's options from keyword arguments: id, model, seed and hold_calls for every wire;
/// `created` for the OpenAI ones (chat, Responses: openai::sse_options), `input_tokens` for
/// Anthropic's.
template <typename Opt>
Opt wire_options_from(const py::dict& kw, const char* cls, Opt o) {
  for (auto item : kw) {
    const std::string key = py::str(item.first);
    py::handle v = item.second;
    if (key == "id") o.id = as_string(v, "id");
    else if (key == "model") o.model = as_string(v, "model");
    else if (key == "seed") o.seed = as_u64(v, "seed");
    else if (key == "hold_calls") o.hold_calls = as_bool(v, "hold_calls");
    else if constexpr (std::is_same_v<Opt, tc::openai::sse_options>) {
      if (key != "created") throw py::type_error(std::string(cls) + "() got an unexpected keyword argument '" + key + "'");
      if (!PyLong_Check(v.ptr()) || PyBool_Check(v.ptr())) throw py::type_error("created must be an int");
      o.created = v.cast<std::int64_t>();
    } else {
      if (key != "input_tokens") throw py::type_error(std::string(cls) + "() got an unexpected keyword argument '" + key + "'");
      o.input_tokens = as_u64(v, "input_tokens");
    }
  }
  return o;
}

/// An OpenAI token_usage from a dict (prompt_tokens, completion_tokens, optional total_tokens).
tc::openai::token_usage usage_from(py::handle h, tc::openai::token_usage u) {
  if (!PyDict_Check(h.ptr())) throw py::type_error("usage must be a dict");
  bool has_total = false;
  for (auto item : py::reinterpret_borrow<py::dict>(h)) {
    const std::string key = py::str(item.first);
    if (key == "prompt_tokens") u.prompt_tokens = as_u64(item.second, "prompt_tokens");
    else if (key == "completion_tokens") u.completion_tokens = as_u64(item.second, "completion_tokens");
    else if (key == "total_tokens") {
      u.total_tokens = as_u64(item.second, "total_tokens");
      has_total = true;
    } else throw py::value_error("unknown usage key '" + key + "' (prompt_tokens, completion_tokens, total_tokens)");
  }
  if (!has_total) u.total_tokens = u.prompt_tokens + u.completion_tokens;
  return u;
}

/// An Anthropic token_usage from a dict (input_tokens, output_tokens).
tc::anthropic::token_usage usage_from(py::handle h, tc::anthropic::token_usage u) {
  if (!PyDict_Check(h.ptr())) throw py::type_error("usage must be a dict");
  for (auto item : py::reinterpret_borrow<py::dict>(h)) {
    const std::string key = py::str(item.first);
    if (key == "input_tokens") u.input_tokens = as_u64(item.second, "input_tokens");
    else if (key == "output_tokens") u.output_tokens = as_u64(item.second, "output_tokens");
    else throw py::value_error("unknown usage key '" + key + "' (input_tokens, output_tokens)");
  }
  return u;
}

/// A usage as the dict usage_from() reads.
py::dict usage_dict(const tc::openai::token_usage& u) {
  return py::dict("prompt_tokens"_a = u.prompt_tokens, "completion_tokens"_a = u.completion_tokens,
                  "total_tokens"_a = u.total_tokens);
}
py::dict usage_dict(const tc::anthropic::token_usage& u) {
  return py::dict("input_tokens"_a = u.input_tokens, "output_tokens"_a = u.output_tokens);
}

/// The docstrings a wire's writer methods have of their own.
struct writer_docs {
  const char* write;
  const char* finish;
};

/// Binds a writer of any wire: write(), finish(reason, usage), reset(**options), finished,
/// calls_sent. `Usage` is the type its finish() takes.
template <typename Writer, typename Opt, typename Usage>
void bind_wire_writer(py::module_& m, const char* name, const char* doc, writer_docs docs) {
  using W = py_wire_writer<Writer, Opt>;
  py::class_<W>(m, name, doc)
      .def(py::init([name](const py::kwargs& kw) { return std::make_unique<W>(wire_options_from(kw, name, Opt{})); }))
      .def("write", [name](W& self, py::handle events) {
        if (py::isinstance<owned_event>(events)) {
          self.w.on_event(events.cast<const owned_event&>().view());
        } else {
          for (py::handle h : py::reinterpret_borrow<py::iterable>(events)) {
            if (!py::isinstance<owned_event>(h)) throw py::type_error(std::string(name) + ".write() takes Events");
            self.w.on_event(h.cast<const owned_event&>().view());
          }
        }
        return self.take_lines();
      }, "events"_a, docs.write)
      .def("finish", [](W& self, py::handle reason, py::handle usage) {
        if (!usage.is_none()) {
          if (reason.is_none()) throw py::type_error("finish(usage=...) needs the finish_reason too");
          self.w.finish(enum_from(reason, "finish_reason", k_finish_reason), usage_from(usage, Usage{}));
        } else if (reason.is_none()) {
          self.w.finish();
        } else {
          self.w.finish(enum_from(reason, "finish_reason", k_finish_reason));
        }
        return self.take_lines();
      }, "finish_reason"_a = py::none(), "usage"_a = py::none(), docs.finish)
      .def("reset", [name](W& self, const py::kwargs& kw) {
        if (kw.empty()) {
          self.w.reset();
        } else {
          self.opt = wire_options_from(kw, name, self.opt);
          self.w.reset(self.opt);
        }
        self.lines.clear();
      }, "Starts a new response (a new generated id when id is empty); keyword arguments change options.")
      .def_property_readonly("finished", [](const W& self) { return self.w.finished(); })
      .def_property_readonly("calls_sent", [](const W& self) { return self.w.calls_sent(); });
}

/// An accumulator of any wire, with the registry of its fallback parse.
template <typename Acc>
struct py_wire_acc {
  py_wire_acc(tc::parser_registry r, tc::openai::accumulator_options o) : reg(std::move(r)), acc(std::move(o)) {}
  tc::parser_registry reg;
  Acc acc;
  std::mutex mu;
};

/// The names and docstrings an accumulator has of its own: its feed method (feed_chunk for
/// chat, feed_event for the typed-event wires) and its argument.
struct acc_docs {
  const char* feed;
  const char* feed_arg;
  const char* feed_doc;
  const char* finish;
  const char* done;
  const char* usage;
};

/// Binds an accumulator of any wire: the constructor (with `choice` for chat), its feed method,
/// feed_sse(), finish(), reset(), done, diagnostics, usage. Returns the class for a wire's extras.
template <typename Acc>
py::class_<py_wire_acc<Acc>> bind_wire_acc(py::module_& m, const char* name, const char* doc, acc_docs docs) {
  using A = py_wire_acc<Acc>;
  constexpr bool chat = std::is_same_v<Acc, tc::openai::delta_accumulator>;
  auto make = [](py::handle model, py::handle formats, py::handle parse, py::handle fallback, py::handle choice,
                 py::handle max_event_bytes, py::handle max_diagnostics) {
    tc::openai::accumulator_options o;
    o.parse = options_from(parse, "parse");
    o.fallback = as_bool(fallback, "fallback");
    o.choice = as_size(choice, "choice");
    if (!max_event_bytes.is_none()) o.max_event_bytes = as_size(max_event_bytes, "max_event_bytes");
    o.max_diagnostics = as_size(max_diagnostics, "max_diagnostics");
    return std::make_unique<A>(registry_from(model, formats), std::move(o));
  };
  py::class_<A> cls(m, name, doc);
  if constexpr (chat)
    cls.def(py::init(make), py::kw_only(), "model"_a = py::none(), "formats"_a = py::none(), "parse"_a = py::none(),
            "fallback"_a = true, "choice"_a = 0, "max_event_bytes"_a = py::none(), "max_diagnostics"_a = 64);
  else
    cls.def(py::init([make](py::handle model, py::handle formats, py::handle parse, py::handle fallback,
                            py::handle max_event_bytes, py::handle max_diagnostics) {
              return make(model, formats, parse, fallback, py::int_(0), max_event_bytes, max_diagnostics);
            }),
            py::kw_only(), "model"_a = py::none(), "formats"_a = py::none(), "parse"_a = py::none(),
            "fallback"_a = true, "max_event_bytes"_a = py::none(), "max_diagnostics"_a = 64);
  cls.def(docs.feed, [arg = docs.feed_arg](A& self, py::handle ev) {
        const std::string json = json_text(ev, arg);
        py::gil_scoped_release nogil;
        std::lock_guard<std::mutex> lock(self.mu);
        if constexpr (chat)
          return self.acc.feed_chunk(json);
        else
          return self.acc.feed_event(json);
      }, py::arg(docs.feed_arg), docs.feed_doc)
      .def("feed_sse", [](A& self, py::handle data) {
        text_arg t(data, "data");
        py::gil_scoped_release nogil;
        std::lock_guard<std::mutex> lock(self.mu);
        self.acc.feed_sse(t.view());
      }, "data"_a, "Adds raw SSE text (str or bytes), in pieces of any size.")
      .def("finish", [](A& self) {
        tc::message msg;
        {
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(self.mu);
          msg = self.acc.finish(self.reg);
        }
        return msg;
      }, docs.finish)
      .def("reset", [](A& self) {
        py::gil_scoped_release nogil;
        std::lock_guard<std::mutex> lock(self.mu);
        self.acc.reset();
      }, "Forgets everything, for the next stream.")
      .def_property_readonly("done", [](A& self) {
        py::gil_scoped_release nogil;
        std::lock_guard<std::mutex> lock(self.mu);
        return self.acc.done();
      }, docs.done)
      .def_property_readonly("diagnostics", [](A& self) {
        std::vector<tc::diagnostic> d;
        {
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(self.mu);
          d = self.acc.diagnostics();
        }
        return diagnostics_list(d);
      }, "The diagnostics recorded so far.")
      .def_property_readonly("usage", [](A& self) -> py::object {
        bool has = false;
        std::decay_t<decltype(self.acc.usage())> u;
        {
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(self.mu);
          has = self.acc.has_usage();
          u = self.acc.usage();
        }
        if (!has) return py::none();
        return usage_dict(u);
      }, docs.usage);
  return cls;
}

// ---------------------------------------------------------------------------------------------

const char* const k_options_doc = R"doc(
Options of a parse (the C++ ``toolcall::options``): every keyword argument of ``parse()``,
``Parser``, ``StreamParser`` and ``StreamParser.reset()`` is one of these fields, with the same
name and default.

- ``max_input_bytes`` (64 MiB): beyond it, the rest of the text is content;
- ``max_call_bytes`` (1 MiB): one call region;
- ``max_calls`` (256): calls per response;
- ``max_depth`` (128): JSON / Python nesting;
- ``max_holdback`` (256 KiB): text held back while undecided (a lone ``</think>``);
- ``time_budget`` (0.1): seconds of parsing per response, a float or a ``datetime.timedelta``;
  0 means none. Read back as float seconds;
- ``max_diagnostics`` (256): later diagnostics are dropped (one note says so);
- ``reasoning`` ('preset'): where the output starts with respect to a reasoning block:
  'preset' ('open' when the registry says the model's template opens one in the prompt, else
  'closed' for a StreamParser and 'detect' for ``parse()`` and ``Parser``, which have the whole
  text: a lone ``</think>`` ends reasoning the prompt opened), 'closed' (outside; a ``<think>`` at the start opens a block), 'open' (the prompt
  ended inside ``<think>``; see ``reasoning_start_for_prompt()``), 'detect' (text is held back
  until a lone ``</think>`` or the end decides) or 'none' (``<think>`` is plain text);
- ``calls_in_reasoning`` ('ignore'): 'ignore' or 'end_reasoning';
- ``seed`` (0): seed of generated call ids; 0 picks a random one per response;
- ``keep_truncated`` (False): also list truncated calls in ``Message.tool_calls``;
- ``token_limit_hit`` (False): the engine hit its token limit: finish_reason becomes 'length';
- ``xml_values_as_json`` (False): XML-parameter values with no schema stay strings; True decodes
  a value that is entirely a JSON number, true/false/null, array or object;
- ``events_only`` (False): for servers that only forward the events: ``finish()`` returns the
  calls (without their arguments), the diagnostics and the finish reason, but no content or
  reasoning, and a stream holds memory in O(largest call). The events are the same.

Reaching a limit gives a ``limit_*`` diagnostic; the text stays content.
)doc";

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "toolcall._core: the C++ engine (use the package `toolcall`, which re-exports it).";
  m.attr("__version__") = TOOLCALL_VERSION_STRING;

  {
    PyObject* err = PyErr_NewExceptionWithDoc(
        "toolcall.Error",
        "A caller-side error the library reports (bad tools JSON, a bad custom-format pattern, an\n"
        "unknown format name, a history that is not JSON). Model output never raises.\n\n"
        "Attributes: code (the library's errc name, e.g. 'invalid_input'), message (the full\n"
        "text), offset (a byte offset, or a message index for histories), detail.",
        PyExc_ValueError, nullptr);
    if (!err) throw py::error_already_set();
    py::object cls = py::reinterpret_steal<py::object>(err);
    cls.attr("code") = "";
    cls.attr("message") = "";
    cls.attr("offset") = 0;
    cls.attr("detail") = "";
    m.add_object("Error", cls);
  }

  // --- Options --------------------------------------------------------------------------------
  auto opts = py::class_<tc::options>(m, "Options", k_options_doc);
  opts.def(py::init([](const py::kwargs& kw) {
             tc::options o;
             apply_options(o, kw, "Options");
             return o;
           }),
           "Options(**fields): the defaults, with the given fields changed.");
  for (const auto& f : k_option_fields) {
    const option_field* fp = &f;
    opts.def_property(
        f.name, [fp](const tc::options& o) { return fp->get(o); },
        [fp](tc::options& o, py::handle v) { fp->set(o, v, fp->name); });
  }
  opts.def("to_dict", [](const tc::options& o) {
    py::dict d;
    for (const auto& f : k_option_fields) d[f.name] = f.get(o);
    return d;
  }, "The fields as a dict (keyword arguments for parse(), StreamParser, ...).");
  opts.def("__eq__", [](const tc::options& a, py::handle b) -> py::object {
    if (!py::isinstance<tc::options>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    const tc::options& o = b.cast<const tc::options&>();
    for (const auto& f : k_option_fields)
      if (!f.get(a).equal(f.get(o))) return py::bool_(false);
    return py::bool_(true);
  });
  opts.attr("__hash__") = py::none();
  opts.def("__repr__", [](const tc::options& o) {
    std::string s = "Options(";
    bool first = true;
    for (const auto& f : k_option_fields) {
      s += first ? "" : ", ";
      first = false;
      s += std::string(f.name) + "=" + repr_of(f.get(o));
    }
    return s + ")";
  });

  // --- Diagnostic, ToolCall, Message ----------------------------------------------------------
  py::class_<tc::diagnostic>(m, "Diagnostic",
                             "One finding while parsing: code (e.g. 'invalid_json'), offset (a byte offset "
                             "into the model output's UTF-8), message, severity ('note', 'warning', 'error').")
      .def_property_readonly("code", [](const tc::diagnostic& d) { return tc::to_string(d.code); })
      .def_property_readonly("offset", [](const tc::diagnostic& d) { return d.offset; })
      .def_property_readonly("message", [](const tc::diagnostic& d) { return to_py(d.message); })
      .def_property_readonly("severity", [](const tc::diagnostic& d) { return tc::to_string(d.level); })
      .def("__eq__", [](const tc::diagnostic& a, py::handle b) -> py::object {
        if (!py::isinstance<tc::diagnostic>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return py::bool_(same_diag(a, b.cast<const tc::diagnostic&>()));
      })
      .def("__repr__", [](const tc::diagnostic& d) {
        return "Diagnostic(code='" + std::string(tc::to_string(d.code)) + "', offset=" + std::to_string(d.offset) +
               ", severity='" + tc::to_string(d.level) + "', message=" + repr_of(to_py(d.message)) + ")";
      });
  m.attr("Diagnostic").attr("__hash__") = py::none();

  py::class_<tc::call>(m, "ToolCall",
                       "A parsed tool call: id, name, arguments (compact JSON object text), status ('ok', "
                       "'repaired', 'normalized', 'unknown_tool'; 'truncated' with keep_truncated), format "
                       "(the format's name), span (byte offsets of its payload in the model output).")
      .def(py::init([](py::handle name, py::handle arguments, py::handle id, py::handle format, py::handle status) {
             tc::call c;
             c.name = as_string(name, "name");
             if (PyUnicode_Check(arguments.ptr())) {
               c.arguments = as_string(arguments, "arguments");
             } else {
               py::object s = py::module_::import("json").attr("dumps")(arguments, "ensure_ascii"_a = false,
                                                                         "separators"_a = py::make_tuple(",", ":"));
               c.arguments = as_string(s, "arguments");
             }
             c.id = as_string(id, "id");
             c.format = as_string(format, "format");
             c.status = enum_from(status, "status", k_call_status);
             return c;
           }),
           "name"_a, "arguments"_a = "{}", py::kw_only(), "id"_a = "", "format"_a = "", "status"_a = "ok",
           "A call built by hand (for Normalizer.apply): arguments is JSON text or a JSON-serializable value.")
      .def_property_readonly("id", [](const tc::call& c) { return to_py(c.id); })
      .def_property_readonly("name", [](const tc::call& c) { return to_py(c.name); })
      .def_property_readonly("arguments", [](const tc::call& c) { return to_py(c.arguments); },
                             "The arguments as compact JSON object text (json.loads() it).")
      .def_property_readonly("status", [](const tc::call& c) { return tc::to_string(c.status); })
      .def_property_readonly("format", [](const tc::call& c) { return to_py(c.format); })
      .def_property_readonly("span", [](const tc::call& c) { return py::make_tuple(c.begin, c.end); },
                             "(begin, end) byte offsets of the call's payload in the model output.")
      .def("to_openai", &call_to_openai,
           "The OpenAI tool call: {'id', 'type': 'function', 'function': {'name', 'arguments'}}.")
      .def("__eq__", [](const tc::call& a, py::handle b) -> py::object {
        if (!py::isinstance<tc::call>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return py::bool_(same_call(a, b.cast<const tc::call&>()));
      })
      .def("__repr__", [](const tc::call& c) {
        return "ToolCall(name=" + repr_of(to_py(c.name)) + ", arguments=" + repr_of(to_py(c.arguments)) +
               ", id=" + repr_of(to_py(c.id)) + ", status='" + tc::to_string(c.status) + "', format=" +
               repr_of(to_py(c.format)) + ")";
      });
  m.attr("ToolCall").attr("__hash__") = py::none();

  py::class_<tc::message>(m, "Message",
                          "The assistant message recovered from one model output. Text fields are str; a "
                          "byte that is not UTF-8 (only possible with bytes input) reads as U+FFFD.")
      .def_property_readonly("content", [](const tc::message& x) { return to_py(x.content); },
                             "Text outside calls, reasoning and markers, trimmed.")
      .def_property_readonly("reasoning", [](const tc::message& x) { return to_py(x.reasoning); },
                             "Reasoning text (think blocks, harmony analysis), trimmed; '' when none.")
      .def_property_readonly("has_reasoning", [](const tc::message& x) { return x.has_reasoning; },
                             "A reasoning block was present (it may be empty).")
      .def_property_readonly("tool_calls", [](const tc::message& x) {
        py::list l(x.calls.size());
        for (std::size_t i = 0; i < x.calls.size(); ++i) l[i] = py::cast(x.calls[i]);
        return l;
      }, "The calls (status ok, repaired, normalized or unknown_tool), in order.")
      .def_property_readonly("diagnostics", [](const tc::message& x) { return diagnostics_list(x.diagnostics); })
      .def_property_readonly("finish_reason", [](const tc::message& x) { return tc::to_string(x.finish); },
                             "'stop', 'tool_calls' or 'length', as OpenAI reports it.")
      .def_property_readonly("has_error", [](const tc::message& x) { return x.has_error(); },
                             "A region that looked like a call was rejected (its text is in content).")
      .def("to_openai", &message_to_openai,
           "The OpenAI assistant message as a dict: role, content (None when empty), reasoning_content "
           "(only when a reasoning block was present), tool_calls (only when there are calls).")
      .def("__eq__", [](const tc::message& a, py::handle b) -> py::object {
        if (!py::isinstance<tc::message>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return py::bool_(same_message(a, b.cast<const tc::message&>()));
      })
      .def("__repr__", [](const tc::message& x) {
        std::string s = "Message(content=" + repr_of(to_py(x.content));
        if (x.has_reasoning) s += ", reasoning=" + repr_of(to_py(x.reasoning));
        s += ", tool_calls=[";
        for (std::size_t i = 0; i < x.calls.size(); ++i) s += (i ? ", " : "") + repr_of(py::cast(x.calls[i]));
        s += "], finish_reason='" + std::string(tc::to_string(x.finish)) + "'";
        if (!x.diagnostics.empty()) s += ", diagnostics=" + std::to_string(x.diagnostics.size());
        return s + ")";
      });
  m.attr("Message").attr("__hash__") = py::none();

  // --- Event ----------------------------------------------------------------------------------
  py::class_<owned_event>(m, "Event",
                          "One streaming event. kind is 'content', 'reasoning', 'call_begin', 'arguments_delta', "
                          "'call_end' or 'diagnostic'. text: content, reasoning or arguments text; index: the "
                          "call (call_*, arguments_delta); id, name, format: call_begin; status: call_end "
                          "(else None); diagnostic: the Diagnostic of a 'diagnostic' event (else None).")
      .def_property_readonly("kind", [](const owned_event& e) { return kind_name(e.kind); })
      .def_property_readonly("index", [](const owned_event& e) { return e.index; })
      .def_property_readonly("text", [](const owned_event& e) { return to_py(e.text); })
      .def_property_readonly("id", [](const owned_event& e) { return to_py(e.id); })
      .def_property_readonly("name", [](const owned_event& e) { return to_py(e.name); })
      .def_property_readonly("format", [](const owned_event& e) { return to_py(e.format); })
      .def_property_readonly("status", [](const owned_event& e) -> py::object {
        if (e.kind != tc::event_kind::call_end) return py::none();
        return py::str(tc::to_string(e.status));
      })
      .def_property_readonly("diagnostic", [](const owned_event& e) -> py::object {
        if (!e.has_diag) return py::none();
        return py::cast(e.diag);
      })
      .def("__eq__", [](const owned_event& a, py::handle b) -> py::object {
        if (!py::isinstance<owned_event>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return py::bool_(a == b.cast<const owned_event&>());
      })
      .def("__repr__", [](const owned_event& e) {
        std::string s = std::string("Event('") + kind_name(e.kind) + "'";
        switch (e.kind) {
          case tc::event_kind::content:
          case tc::event_kind::reasoning: s += ", text=" + repr_of(to_py(e.text)); break;
          case tc::event_kind::call_begin:
            s += ", index=" + std::to_string(e.index) + ", id=" + repr_of(to_py(e.id)) + ", name=" +
                 repr_of(to_py(e.name)) + ", format=" + repr_of(to_py(e.format));
            break;
          case tc::event_kind::arguments_delta:
            s += ", index=" + std::to_string(e.index) + ", text=" + repr_of(to_py(e.text));
            break;
          case tc::event_kind::call_end:
            s += ", index=" + std::to_string(e.index) + ", status='" + tc::to_string(e.status) + "'";
            break;
          case tc::event_kind::diagnostic:
            if (e.has_diag) s += ", diagnostic=" + repr_of(py::cast(e.diag));
            break;
        }
        return s + ")";
      });
  m.attr("Event").attr("__hash__") = py::none();

  // --- Format, Registry -----------------------------------------------------------------------
  py::class_<tc::format>(m, "Format",
                         "A format a registry holds: a built-in one (Format.builtin(name)) or a custom one "
                         "(Format.from_spec(dict)).")
      .def_static("builtin", [](const std::string& name) { return take(tc::format::builtin(name)); }, "name"_a,
                  "A built-in format by name. Raises toolcall.Error (unknown_format) for an unknown name.")
      .def_static("from_spec", &format_from_spec, "spec"_a,
                  R"doc(A custom format from a dict with the keys of the C++ format_spec:
name, call_begin (required), call_end, payload ('json_object' (default), 'json_array',
'pythonic', 'regex'), name_key ('name'), arguments_key ('arguments'), pattern (RE2, with named
groups 'name' and 'args', for payload 'regex'), priority (45; lower is tried first).
Raises toolcall.Error (invalid_pattern) for a bad pattern or a missing name or call_begin.)doc")
      .def_property_readonly("name", [](const tc::format& f) { return f.name(); })
      .def_property_readonly("priority", [](const tc::format& f) { return f.priority(); })
      .def_property_readonly("is_builtin", [](const tc::format& f) { return f.is_builtin(); })
      .def_property_readonly("description", [](const tc::format& f) { return to_py(f.description()); },
                             "One line saying what the format parses.")
      .def("with_priority", &tc::format::with_priority, "priority"_a,
           "The same format at another priority (lower is tried first where several claim one opener).")
      .def("__repr__", [](const tc::format& f) {
        return "Format(" + repr_of(py::str(f.name())) + ", priority=" + std::to_string(f.priority()) +
               (f.is_builtin() ? ")" : ", custom)");
      });

  py::class_<tc::parser_registry>(m, "Registry",
                                  "The formats a parser detects, with priorities (lower is tried first). A value: "
                                  "parsers copy what they need, so one registry may serve parsers on many threads. "
                                  "Registry() is empty (plain text only).")
      .def(py::init<>())
      .def_static("builtin", &tc::parser_registry::builtin, "Every built-in format.")
      .def_static("for_model", [](const std::string& model) { return tc::parser_registry::for_model(model); },
                  "model"_a,
                  "The formats a model family writes, from its name (Hugging Face id, GGUF name, ...), and "
                  "whether its template opens a reasoning block in the prompt; every built-in format, with "
                  "model_known False, when the family is unknown.")
      .def_static("for_template", [](py::handle text) {
        text_arg t(text, "template");
        return tc::parser_registry::for_template(t.view());
      }, "template"_a,
      "The formats a chat template uses (a GGUF's tokenizer.chat_template, a tokenizer_config's "
      "chat_template): every built-in format whose markers the template contains; builtin(), with "
      "model_known False, for a template with no known marker.")
      .def_static("only", [](const std::string& name) { return take(tc::parser_registry::only(name)); }, "name"_a,
                  "One built-in format, plus reasoning blocks. Raises toolcall.Error (unknown_format) for an "
                  "unknown name.")
      .def("set_priority", [](tc::parser_registry& r, const std::string& name, int priority) {
        return r.set_priority(name, priority);
      }, "name"_a, "priority"_a, "Changes a format's priority; False if absent.")
      .def_property_readonly("model_known", &tc::parser_registry::model_known,
                             "False when for_model()/for_template() did not recognise the model.")
      .def_property_readonly("preset", [](const tc::parser_registry& r) { return to_py(r.preset()); },
                             "The for_model() preset that matched (its pattern), or ''.")
      .def_property("prompt_opens_reasoning", &tc::parser_registry::prompt_opens_reasoning,
                    [](tc::parser_registry& r, py::handle v) {
                      r.set_prompt_opens_reasoning(as_bool(v, "prompt_opens_reasoning"));
                    },
                    "Does the model's template open a reasoning block in the prompt? Read by the "
                    "reasoning='preset' option (the default).")
      .def("add", [](tc::parser_registry& r, py::handle f) { r.add(format_from(f)); }, "format"_a,
           "Adds (or replaces, by name) a format: a built-in name, a Format or a spec dict (see "
           "Format.from_spec).")
      .def("remove", [](tc::parser_registry& r, const std::string& name) { return r.remove(name); }, "name"_a,
           "Removes a format by name; False if absent.")
      .def("__contains__", [](const tc::parser_registry& r, const std::string& name) { return r.contains(name); })
      .def("__len__", [](const tc::parser_registry& r) { return r.formats().size(); })
      .def_property_readonly("names", [](const tc::parser_registry& r) {
        py::list l;
        for (const auto& f : r.formats()) l.append(py::str(f.name()));
        return l;
      }, "The format names, by priority.")
      .def_property_readonly("formats", [](const tc::parser_registry& r) {
        py::list l;
        for (const auto& f : r.formats()) l.append(py::cast(f));
        return l;
      }, "The formats, by priority.")
      .def("copy", [](const tc::parser_registry& r) { return r; })
      .def("__copy__", [](const tc::parser_registry& r) { return r; })
      .def("__repr__", [](const tc::parser_registry& r) {
        std::string s = "Registry([";
        bool first = true;
        for (const auto& f : r.formats()) {
          s += (first ? "'" : ", '") + f.name() + "'";
          first = false;
        }
        return s + "])";
      });

  // --- Normalizer -----------------------------------------------------------------------------
  py::class_<tc::normalizer_rule>(m, "NormalizerRule",
                                  "A user rule for one tool's top-level arguments; build it with fill(), "
                                  "fill_template() or alias().")
      .def_static("fill", [](std::string tool, std::string field, py::handle value) {
        return tc::normalizer_rule::fill(std::move(tool), std::move(field), json_text(py::module_::import("json").attr("dumps")(value), "value"));
      }, "tool"_a, "field"_a, "value"_a,
      "When `field` is missing, add it with `value` (any JSON-serializable Python value).")
      .def_static("fill_template", &tc::normalizer_rule::fill_template, "tool"_a, "field"_a, "text"_a,
                  "When `field` is missing, add the string `text` with each {name} replaced by the top-level "
                  "field `name` ({{ and }} stand for braces); not applied if a placeholder's field is missing.")
      .def_static("alias", [](std::string tool, std::string source, std::string field) {
        return tc::normalizer_rule::alias(std::move(tool), std::move(source), std::move(field));
      }, "tool"_a, "source"_a, "field"_a,
      "When `source` is present and `field` is missing, add `field` with the value of `source` (kept).")
      .def_property_readonly("kind", [](const tc::normalizer_rule& r) {
        return r.type == tc::normalizer_rule::kind::fill ? "fill"
               : r.type == tc::normalizer_rule::kind::fill_template ? "fill_template" : "alias";
      })
      .def_property_readonly("tool", [](const tc::normalizer_rule& r) { return r.tool; })
      .def_property_readonly("field", [](const tc::normalizer_rule& r) { return r.field; })
      .def_property_readonly("value", [](const tc::normalizer_rule& r) { return r.value; },
                             "fill: the JSON text; fill_template: the template; alias: the source field.")
      .def("__repr__", [](const tc::normalizer_rule& r) {
        const char* k = r.type == tc::normalizer_rule::kind::fill ? "fill"
                        : r.type == tc::normalizer_rule::kind::fill_template ? "fill_template" : "alias";
        if (r.type == tc::normalizer_rule::kind::alias)
          return std::string("NormalizerRule.alias(") + repr_of(py::str(r.tool)) + ", " + repr_of(py::str(r.value)) +
                 ", " + repr_of(py::str(r.field)) + ")";
        return std::string("NormalizerRule.") + k + "(" + repr_of(py::str(r.tool)) + ", " + repr_of(py::str(r.field)) +
               ", " + repr_of(py::str(r.value)) + ")";
      });

  py::class_<tc::normalizer>(m, "Normalizer",
                             R"doc(Schema-aware repair of tool calls, from the request's OpenAI `tools`.

Normalizer(tools, *, rules=None, enabled=True, coerce_types=True, repair_names=True,
check_required=True, fill_defaults=True, unknown_tools='vendor', max_name_distance=2)

tools: the OpenAI tools list (or a dict with a "tools" list), or its JSON text. It coerces values
by the schema ("130" -> 130 for an integer, "true" -> true, a JSON string -> an object, enum case),
repairs names ("functions.read", "Read", "raed" -> "read"), reports missing required fields and
fills them from a schema default or a rule. Each change is a 'normalized' note with a JSON pointer
and the call's status becomes 'normalized'. unknown_tools: 'vendor' (the default: 'error' for the
families whose vendor parser leaves a call to an undeclared tool as text, dots, MiniCPM and
InternLM2, 'forward' for the others), 'forward' (status 'unknown_tool'), 'drop' or 'error'. Immutable: share it between threads. Raises toolcall.Error (invalid_input)
for malformed tools.)doc")
      .def(py::init([](py::handle tools, py::handle rules, const py::kwargs& kw) {
             return make_normalizer(tools, rules, kw);
           }),
           "tools"_a, py::kw_only(), "rules"_a = py::none())
      .def("attach", [](const tc::normalizer& n, py::handle target) {
        if (py::isinstance<py_parser>(target)) {
          py_parser& p = target.cast<py_parser&>();
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(p.mu);
          p.attached = true;  // for the next parse only (the Parser's tools= come back after it)
          n.attach(p.p.stream());
        } else if (py::isinstance<py_stream>(target)) {
          py_stream& s = target.cast<py_stream&>();
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(s.mu);
          n.attach(s.sp);
          s.attached = true;  // for the response being parsed or the next one
        } else {
          throw py::type_error("attach() takes a Parser or a StreamParser");
        }
      }, "target"_a, "Installs this normalizer on a Parser or StreamParser (replacing any other) for the next parse or "
      "response only: a StreamParser's reset() after that response drops it, and the parser's own tools= "
      "come back.")
      .def("apply", [](const tc::normalizer& n, const tc::call& c) {
        tc::call out = c;
        std::vector<tc::diagnostic> diags;
        const bool keep = n.apply(out, diags);
        return py::make_tuple(keep ? py::cast(out) : py::object(py::none()), diagnostics_list(diags));
      }, "call"_a,
      "Normalizes one complete call (e.g. from DeltaAccumulator): returns (call, diagnostics); call is None "
      "when the unknown-tool policy drops or rejects it.")
      .def_property_readonly("enabled", &tc::normalizer::enabled)
      .def_property_readonly("tool_count", &tc::normalizer::tool_count)
      .def("has_tool", [](const tc::normalizer& n, const std::string& name) { return n.has_tool(name); }, "name"_a,
           "Is `name` declared exactly?")
      .def("resolve_name", [](const tc::normalizer& n, const std::string& name) -> py::object {
        const std::string r = n.resolve_name(name);
        if (r.empty()) return py::none();
        return py::str(r);
      }, "name"_a, "The declared name a model's tool name stands for (exact or repaired), or None.");

  // --- Parser, StreamParser, parse() ----------------------------------------------------------
  py::class_<py_parser>(m, "Parser",
                        R"doc(A reusable one-shot parser (construct once, reuse; one per thread is fastest).

Parser(*, model=None, formats=None, tools=None, **options)

model: a model name for Registry.for_model(); formats: a Registry, or format names / Formats /
spec dicts (exactly those); neither: every built-in format. tools: a Normalizer, or the OpenAI
tools (list or JSON text). options: see Options.)doc")
      .def(py::init([](py::handle model, py::handle formats, py::handle tools, const py::kwargs& kw) {
             tc::options o;
             apply_options(o, without_spec_kwargs(kw), "Parser");
             const tc::parser_registry reg = registry_from(model, formats, kw);
             return std::make_unique<py_parser>(reg, o, normalizer_from(tools));
           }),
           py::kw_only(), "model"_a = py::none(), "formats"_a = py::none(), "tools"_a = py::none())
      .def("parse", [](py_parser& self, py::handle text, py::handle request, const py::kwargs& kw) {
        tc::options o = self.opt;
        apply_options(o, kw, "parse");
        return parse_text(self, text, o, request_from(request));
      }, "text"_a, py::kw_only(), "request"_a = py::none(),
      "Parses a whole model output (str or bytes). request: an OpenAI request body (dict or JSON "
      "text) whose tools, tool_choice and parallel_tool_calls apply to this parse only. Keyword "
      "arguments override options for this call. Never raises on model output. Releases the GIL.")
      .def_property_readonly("options", [](const py_parser& self) { return self.opt; });

  m.def("parse", [](py::handle text, py::handle model, py::handle formats, py::handle tools, py::handle request,
                    const py::kwargs& kw) {
    tc::options o;
    apply_options(o, without_spec_kwargs(kw), "parse");
    py_parser p(registry_from(model, formats, kw), o, normalizer_from(tools));
    return parse_text(p, text, o, request_from(request));
  }, "text"_a, py::kw_only(), "model"_a = py::none(), "formats"_a = py::none(), "tools"_a = py::none(),
  "request"_a = py::none(),
  R"doc(Parses a whole model output (str or bytes) into a Message.

model / formats / tools as for Parser; request: an OpenAI request body (dict or JSON text): its
tools, tool_choice and parallel_tool_calls; **options are the fields of Options. Never raises on
model output: malformed calls stay content with diagnostics. Releases the GIL while parsing.)doc");

  py::class_<py_stream>(m, "StreamParser",
                        R"doc(Incremental parser for one streamed response.

StreamParser(*, model=None, formats=None, tools=None, request=None, **options)

write(delta) returns the events the delta releases; finish() returns the Message, which equals
parse() of the whole text for any way of cutting it into deltas (with the same reasoning start:
the default 'preset' is 'closed' here and 'detect' for parse(), which has the whole text). One
StreamParser per stream; reset() starts the next response. tools (a Normalizer or the OpenAI
tools) are the StreamParser's own, for every response. request (an OpenAI request body, dict or
JSON text: its tools, tool_choice and parallel_tool_calls) serves the first response only:
reset(request=...) or reset(tools=...) give the next response's, Normalizer.attach() the current
or next one's; a reset() after that response drops them (a reused parser never normalizes
against the previous request's tools), and reset(keep_request=True) keeps them. Releases the GIL
while parsing.)doc")
      .def(py::init([](py::handle model, py::handle formats, py::handle tools, py::handle request,
                       const py::kwargs& kw) {
             tc::options o;
             apply_options(o, without_spec_kwargs(kw), "StreamParser");
             const tc::parser_registry reg = registry_from(model, formats, kw);
             auto s = std::make_unique<py_stream>(reg, o, normalizer_from(tools));
             if (const std::optional<tc::request> r = request_from(request)) r->attach(s->sp);
             return s;
           }),
           py::kw_only(), "model"_a = py::none(), "formats"_a = py::none(), "tools"_a = py::none(),
           "request"_a = py::none())
      .def("write", [](py_stream& self, py::handle delta) {
        text_arg t(delta, "delta");
        std::vector<owned_event> evs;
        {
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(self.mu);
          self.sp.write(t.view(), event_collector{&evs});
          self.used = true;
        }
        return to_list(evs);
      }, "delta"_a, "Feeds one delta (str or bytes, any size); returns the list of Events it releases.")
      .def("finish", [](py_stream& self, py::handle on_event) {
        std::vector<owned_event> evs;
        tc::message msg;
        {
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(self.mu);
          msg = self.sp.finish(event_collector{&evs});
          self.used = true;
        }
        if (!on_event.is_none())
          for (auto& e : evs) on_event(py::cast(std::move(e)));
        return msg;
      }, "on_event"_a = py::none(),
      "Ends the text and returns the Message. The events finishing releases (held-back text, the end of an "
      "open call) go to on_event(event) when given. Later writes are ignored until reset().")
      .def("reset", [](py_stream& self, py::handle request, py::handle tools, bool keep_request,
                       const py::kwargs& kw) {
        tc::options o = self.opt;
        apply_options(o, kw, "reset");
        self.opt = o;
        const std::optional<tc::request> r = request_from(request);
        const std::optional<tc::normalizer> n = normalizer_from(tools);
        py::gil_scoped_release nogil;
        std::lock_guard<std::mutex> lock(self.mu);
        // an attach() since the last response serves the next one; else the StreamParser's own
        // tools= come back (stream_parser::reset() dropped the previous request's)
        const bool fresh = self.attached && !self.used;
        if (keep_request) {
          self.sp.reset(o, tc::keep_request);
        } else {
          self.sp.reset(o);
          if (!fresh && self.norm && !n && !r) self.norm->attach(self.sp);
          self.attached = fresh;
        }
        self.used = false;
        if (n) n->attach(self.sp);
        if (r) r->attach(self.sp);
        if (n || r) self.attached = true;
      }, py::kw_only(), "request"_a = py::none(), "tools"_a = py::none(), "keep_request"_a = false,
      "Starts a new response, keeping buffers. The previous request's tools and tool_choice (request=, "
      "Normalizer.attach()) are dropped, so a parser reused for the next request never normalizes against "
      "the old tools; the StreamParser's own tools= stay. request: the next request's body (its tools, "
      "tool_choice and parallel_tool_calls); tools: the next response's tools (a Normalizer or the OpenAI "
      "tools); keep_request=True keeps the current ones. Keyword arguments change options (the others stay).")
      .def_property_readonly("bytes_examined", [](py_stream& self) {
        py::gil_scoped_release nogil;
        std::lock_guard<std::mutex> lock(self.mu);
        return self.sp.stats().bytes_examined;
      }, "Bytes the engine examined so far (linear in the input, whatever the chunking).")
      .def_property_readonly("options", [](const py_stream& self) { return self.opt; });

  // --- the wires: chat completions, Responses API (toolcall.openai), Messages (toolcall.anthropic)
  const char* const wire_finish_doc =
      "Ends the stream for the finish_reason ('length' is a token-limit stop) with the usage dict when given; "
      "returns the last SSE events. Idempotent.";
  const char* const wire_write_doc =
      "Writes the events for one Event or an iterable of Events; returns the SSE events (strings).";
  const char* const event_feed_doc =
      "Adds one event: a dict, or its JSON text (what follows 'data: '). False if it was malformed "
      "or an error (recorded as a diagnostic).";
  const acc_docs event_acc_docs{"feed_event", "event", event_feed_doc, "Ends the stream and returns the Message.",
                                "True once the stream's terminal event was seen.",
                                "The usage the stream reported, as a dict, or None."};
  bind_wire_writer<tc::openai::sse_writer, tc::openai::sse_options, tc::openai::token_usage>(m, "SSEWriter",
      R"doc(Turns StreamParser events into OpenAI chat.completion.chunk server-sent events.

SSEWriter(*, id='', model='', created=0, seed=0, hold_calls=False)

write(events) and finish() return lists of 'data: {...}\n\n' strings (the last one is
'data: [DONE]\n\n'). The first chunk carries the role; content and reasoning_content stream; a
call's first chunk has index, id, type and function.name, later ones function.arguments
fragments. id: the chunks' id (generated from seed when empty); created: Unix seconds (0: now);
hold_calls: send each call whole at its end, and never a call that failed.)doc",
      {"Writes the chunks for one Event or an iterable of Events; returns the SSE lines.",
       "Ends the stream: a chunk with finish_reason (given, e.g. the Message's; else 'tool_calls' if a call "
       "ended ok, 'stop' otherwise), then [DONE]. usage (a dict with prompt_tokens, completion_tokens and "
       "optionally total_tokens) adds OpenAI's usage chunk before [DONE], for a request that asked for "
       "stream_options.include_usage; it needs finish_reason. Idempotent."});
  bind_wire_acc<tc::openai::delta_accumulator>(m, "DeltaAccumulator",
      R"doc(Rebuilds the assistant message from an OpenAI chat-completions stream (client side).

DeltaAccumulator(*, model=None, formats=None, parse=None, fallback=True, choice=0,
                 max_event_bytes=16 MiB, max_diagnostics=64)

Feed chunk objects (feed_chunk) or raw SSE bytes in pieces of any size (feed_sse), then finish().
When no structured call arrived and fallback is on, the content is parsed with the registry of
model= / formats= and the options parse= (an Options or a dict): a server that streamed raw
<tool_call> text still gives calls. Malformed input never raises: it gives diagnostics.)doc",
      {"feed_chunk", "chunk",
       "Adds one chunk: a dict, or its JSON text (what follows 'data: '). False if it was malformed or an "
       "error object (recorded as a diagnostic).",
       "Ends the stream and returns the Message (calls in index order; finish_reason the server's).",
       "True once 'data: [DONE]' was seen.",
       "The token counts of the last chunk that carried a usage object (prompt_tokens, completion_tokens, "
       "total_tokens), or None."})
      .def_property_readonly("usage_json", [](py_wire_acc<tc::openai::delta_accumulator>& self) {
        std::string j;
        {
          py::gil_scoped_release nogil;
          std::lock_guard<std::mutex> lock(self.mu);
          j = self.acc.usage_json();
        }
        return to_py(j);
      }, "That usage object as the server sent it (compact JSON text, with any details), or ''.");
  bind_wire_writer<tc::openai::responses_writer, tc::openai::responses_options, tc::openai::token_usage>(
      m, "ResponsesWriter",
      R"doc(Turns StreamParser events into OpenAI Responses API server-sent events.

ResponsesWriter(*, id='', model='', created=0, seed=0, hold_calls=False)

write(events) and finish() return lists of 'event: <type>\ndata: {...}\n\n' strings with a
sequence_number: response.created, response.in_progress; a reasoning item (reasoning_text), a
message item (output_text) and a function_call item per call (call_id, name, arguments), each
with its added / delta / done events; then response.completed with the whole response (usage
when finish() is given one: prompt_tokens, completion_tokens), or response.incomplete when
finish_reason is 'length'.)doc",
      {wire_write_doc, wire_finish_doc});
  bind_wire_acc<tc::openai::responses_accumulator>(m, "ResponsesAccumulator",
      R"doc(Rebuilds the assistant message from an OpenAI Responses API stream (client side).

ResponsesAccumulator(*, model=None, formats=None, parse=None, fallback=True,
                     max_event_bytes=16 MiB, max_diagnostics=64)

Feed event objects (feed_event) or raw SSE in pieces of any size (feed_sse), then finish().)doc",
      event_acc_docs);
  bind_wire_writer<tc::anthropic::sse_writer, tc::anthropic::sse_options, tc::anthropic::token_usage>(
      m, "AnthropicSSEWriter",
      R"doc(Turns StreamParser events into Anthropic Messages API server-sent events.

anthropic.SSEWriter(*, id='', model='', input_tokens=0, seed=0, hold_calls=False)

write(events) and finish() return lists of 'event: <type>\ndata: {...}\n\n' strings:
message_start; content_block_start / _delta / _stop for thinking (thinking_delta), text
(text_delta) and tool_use (toolu_ id, input_json_delta) blocks, indexed in text order; then
message_delta with stop_reason (end_turn, tool_use, max_tokens) and usage (a dict with
input_tokens, output_tokens given to finish()), and message_stop.)doc",
      {wire_write_doc, wire_finish_doc});
  bind_wire_acc<tc::anthropic::accumulator>(m, "AnthropicAccumulator",
      R"doc(Rebuilds the assistant message from an Anthropic Messages API stream (client side).

anthropic.Accumulator(*, model=None, formats=None, parse=None, fallback=True,
                      max_event_bytes=16 MiB, max_diagnostics=64)

Feed event objects (feed_event) or raw SSE in pieces of any size (feed_sse), then finish().)doc",
      event_acc_docs);
  m.def("anthropic_tool_use_id", [](const std::string& id) { return tc::anthropic::tool_use_id(id); }, "call_id"_a,
        "The tool_use id (toolu_...) that anthropic.SSEWriter sends for a call id.");

  // --- conversation -----------------------------------------------------------------------------
  m.def("_spec_json", [](py::handle spec) { return spec_from_json_value(spec).to_json(); }, "spec"_a,
        "A spec file's dict or JSON text, checked and written back as the library's JSON (docs/format_spec.md).");
  m.def("_format_spec_json", [](const tc::format& f) { return take(f.to_spec()).to_json(); }, "format"_a,
        "A data-only format (custom, or a built-in room written as a spec) as spec-file JSON.");
  m.def("_learn", [](py::handle samples) {
    const std::vector<tc::learn_sample> v = take(tc::learn_sample::from_json(json_text(samples, "samples")));
    return take(tc::format::learn(v)).to_json();
  }, "samples"_a, "format::learn on rendered samples (a list of dicts or its JSON text); the spec as JSON text.");
  m.def("_template_reason", [](const std::string& t) { return tc::parser_registry::for_template(t).reason(); },
        "template"_a, "Why Registry.for_template() did not know the template (empty when it did).");

  m.def("check_history", [](py::handle messages, bool allow_pending, bool strict_order) {
    const std::string json = json_text(messages, "messages");
    tc::conversation::check_options o;
    o.allow_pending = allow_pending;
    o.strict_order = strict_order;
    std::vector<tc::diagnostic> d;
    {
      py::gil_scoped_release nogil;
      d = tc::conversation::check(json, o);
    }
    return diagnostics_list(d);
  }, "messages"_a, py::kw_only(), "allow_pending"_a = false, "strict_order"_a = false,
  R"doc(Checks the tool-call protocol of an OpenAI messages history (a list, a request dict with
"messages", or its JSON text). Returns the violations as Diagnostics (code 'invalid_history',
offset = the index of the message at fault); an empty list when the history is valid; one
'invalid_input' diagnostic when the text is not a messages array.
allow_pending: the last assistant message's calls may still be unanswered. strict_order:
OpenAI's rule that results come right after the call's assistant message.)doc");

  m.def("rewrite_llama31", [](py::handle messages, py::handle notes) -> py::object {
    const std::string json = json_text(messages, "messages");
    std::vector<tc::diagnostic> d;
    tc::result<std::string> r = tc::conversation::rewrite_llama31(json, &d);
    if (!r) raise_error(r.error());
    if (!notes.is_none()) {
      py::list l = notes.cast<py::list>();
      for (const auto& x : d) l.append(py::cast(x));
    }
    if (PyUnicode_Check(messages.ptr())) return to_py(*r);
    if (PyBytes_Check(messages.ptr())) return py::bytes(*r);
    return json_loads(*r);
  }, "messages"_a, py::kw_only(), "notes"_a = py::none(),
  R"doc(Rewrites a history for single-call templates such as Llama 3.1's: an assistant message with
several tool_calls keeps the first, the results of the dropped calls are removed, and runs of two
or more tool messages become one user message (contents joined by a blank line). Returns the same
kind of value it was given (list/dict, or JSON text). Each change is appended to `notes` (a list)
as a Diagnostic when given. Raises toolcall.Error (invalid_input) when it is not a messages array.)doc");

  py::class_<tc::conversation::loop_status>(m, "LoopStatus",
                                            "tool_cycles() result: cycles, cap, cap_reached, repeats, max_repeats, "
                                            "repeat_reached, repeated_call, tools_allowed.")
      .def_readonly("cycles", &tc::conversation::loop_status::cycles,
                    "Assistant messages with tool calls since the last user message.")
      .def_readonly("cap", &tc::conversation::loop_status::cap)
      .def_readonly("cap_reached", &tc::conversation::loop_status::cap_reached)
      .def_readonly("repeats", &tc::conversation::loop_status::repeats,
                    "The most cycles of this turn that made one same call (name and arguments).")
      .def_readonly("max_repeats", &tc::conversation::loop_status::max_repeats)
      .def_readonly("repeat_reached", &tc::conversation::loop_status::repeat_reached)
      .def_property_readonly("repeated_call",
                             [](const tc::conversation::loop_status& s) { return to_py(s.repeated_call); })
      .def("tools_allowed", &tc::conversation::loop_status::tools_allowed,
           "May the next model call offer tools? (a method, as in C++)")
      .def("__repr__", [](const tc::conversation::loop_status& s) {
        return "LoopStatus(cycles=" + std::to_string(s.cycles) + ", cap=" + std::to_string(s.cap) +
               ", repeats=" + std::to_string(s.repeats) + ", max_repeats=" + std::to_string(s.max_repeats) +
               ", tools_allowed=" + (s.tools_allowed() ? "True" : "False") + ")";
      });

  m.def("tool_cycles", [](py::handle messages, std::size_t cap, std::size_t max_repeats) {
    const std::string json = json_text(messages, "messages");
    return take(tc::conversation::tool_cycles(json, cap, max_repeats));
  }, "messages"_a, "cap"_a = 0, "max_repeats"_a = tc::conversation::default_max_repeats,
  "Where the current user turn of a history stands: its tool cycles (assistant messages with calls "
  "since the last user message) against `cap`, and the same call (name, and arguments as JSON values) "
  "made in several cycles against `max_repeats` (0 turns a check off). Raises toolcall.Error "
  "(invalid_input) when it is not a messages array.");

  py::class_<tc::conversation::loop_guard>(m, "LoopGuard",
                                           R"doc(The loop guard of an inference loop.

LoopGuard(max_cycles=8, max_repeats=3) stops the tools of a user turn once the turn made
max_cycles tool cycles, or once one same call (name, and arguments compared as JSON values) was
made in max_repeats cycles; then call the model once more without tools. 0 turns a check off.
user_turn() starts both counts again. Ask tools_allowed() before each model call.)doc")
      .def(py::init<std::size_t, std::size_t>(), "max_cycles"_a = 8,
           "max_repeats"_a = tc::conversation::default_max_repeats)
      .def("user_turn", &tc::conversation::loop_guard::user_turn, "A new user message: the counts start again.")
      .def("add_cycle", [](tc::conversation::loop_guard& g, py::handle calls) {
        if (calls.is_none()) {
          g.add_cycle();
          return;
        }
        std::vector<tc::call> v;
        if (py::isinstance<tc::message>(calls)) {
          v = calls.cast<const tc::message&>().calls;
        } else {
          for (py::handle c : py::reinterpret_borrow<py::iterable>(calls)) {
            if (!py::isinstance<tc::call>(c)) throw py::type_error("add_cycle() takes a Message or ToolCalls");
            v.push_back(c.cast<const tc::call&>());
          }
        }
        g.add_cycle(v);
      }, "calls"_a = py::none(),
      "One model response that made tool calls: pass its Message (or its tool_calls) to count repeated "
      "calls too; without it, the cycle counts toward max_cycles only.")
      .def("tools_allowed", &tc::conversation::loop_guard::tools_allowed,
           "May the next model call offer tools? False once a limit is reached (a method, as in C++).")
      .def_property_readonly("cap_reached", &tc::conversation::loop_guard::cap_reached)
      .def_property_readonly("repeat_reached", &tc::conversation::loop_guard::repeat_reached)
      .def_property_readonly("cycles", &tc::conversation::loop_guard::cycles)
      .def_property_readonly("repeats", &tc::conversation::loop_guard::repeats,
                             "The most cycles of this turn that made one same call.")
      .def_property_readonly("repeated_call",
                             [](const tc::conversation::loop_guard& g) { return to_py(g.repeated_call()); })
      .def_property_readonly("max_cycles", &tc::conversation::loop_guard::max_cycles)
      .def_property_readonly("max_repeats", &tc::conversation::loop_guard::max_repeats)
      .def("__repr__", [](const tc::conversation::loop_guard& g) {
        return "LoopGuard(max_cycles=" + std::to_string(g.max_cycles()) + ", max_repeats=" +
               std::to_string(g.max_repeats()) + ", cycles=" + std::to_string(g.cycles()) + ", repeats=" +
               std::to_string(g.repeats()) + ")";
      });

  m.def("reasoning_start_for_prompt", [](py::handle prompt) {
    text_arg t(prompt, "prompt");
    return enum_to(tc::reasoning_start_for_prompt(t.view()), k_reasoning_start);
  }, "prompt"_a,
  "The reasoning= option that fits a rendered prompt: 'open' when it ends inside an open reasoning block "
  "(<think>, <seed:think>, [THINK], ...), else 'closed'.");
}
