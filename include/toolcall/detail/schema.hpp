// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SCHEMA_HPP
#define TOOLCALL_DETAIL_SCHEMA_HPP

// The request's tools, compiled for the normalizer.
//
// The OpenAI `tools` array is parsed once with simdjson's DOM (through json.hpp, the only file
// that includes <simdjson.h>) into a flat, immutable vector of schema nodes. The normalizer
// shares it read-only between threads and filters, so nothing here is mutable after build.
// Only what the normalizer acts on is kept: types, properties, items, anyOf/oneOf/allOf, $ref,
// required, enum/const and default. Everything else (pattern, format, minimum, ...) is ignored
// on purpose: the normalizer repairs types and names, it is not a validator.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../error.hpp"
#include "json.hpp"
#include "json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// JSON Schema primitive types as bits; 0 means "any".
enum : std::uint8_t {
  ty_string = 1,
  ty_integer = 2,
  ty_number = 4,
  ty_boolean = 8,
  ty_object = 16,
  ty_array = 32,
  ty_null = 64,
};

/// One `enum`/`const` member: decoded text for strings, compact JSON for anything else.
struct schema_enum_value {
  bool is_string = false;
  std::string text;
};

/// One schema object. Children are indices into schema_set::nodes (-1: none).
struct schema_node {
  std::uint8_t types = 0;  ///< declared (or inferred) types; 0 = any
  std::vector<std::pair<std::string, int>> props;
  int additional = -1;        ///< additionalProperties as a schema
  bool no_additional = false;  ///< additionalProperties: false
  int items = -1;
  std::vector<int> prefix_items;  ///< prefixItems, or the array form of items
  std::vector<int> any_of;        ///< anyOf and oneOf branches, in order
  std::vector<int> all_of;
  int ref = -1;  ///< resolved $ref target
  std::vector<std::string> required;
  bool has_enum = false;
  std::vector<schema_enum_value> enums;
  bool has_default = false;
  std::string default_json;  ///< compact JSON of `default`
};

/// A declared tool: its name and the root node of its parameters (-1: no schema).
struct tool_def {
  std::string name;
  int root = -1;
};

/// Bound on schema nesting and on reference chains: a hostile or cyclic schema stays finite.
inline constexpr int k_schema_max_depth = 64;

/// All declared tools and their schema nodes. Immutable once built.
struct schema_set {
  std::vector<schema_node> nodes;
  std::vector<tool_def> tools;

  int find_tool(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < tools.size(); ++i)
      if (tools[i].name == name) return static_cast<int>(i);
    return -1;
  }

  /// Follows $ref chains and single-branch allOf wrappers (pydantic's `allOf: [{$ref}]`).
  int resolve(int n) const noexcept {
    for (int hop = 0; n >= 0 && hop < k_schema_max_depth; ++hop) {
      const schema_node& s = nodes[static_cast<std::size_t>(n)];
      if (s.ref >= 0) {
        n = s.ref;
        continue;
      }
      if (s.all_of.size() == 1 && s.types == 0 && s.props.empty() && s.items < 0 && !s.has_enum &&
          s.any_of.empty()) {
        n = s.all_of[0];
        continue;
      }
      return n;
    }
    return -1;  // a reference cycle: treat as "any"
  }

  const schema_node* get(int n) const noexcept { return n >= 0 ? &nodes[static_cast<std::size_t>(n)] : nullptr; }

  /// Declared types, intersected with those of allOf branches; 0 = any.
  std::uint8_t types(int n, int depth = 0) const noexcept {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return 0;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    std::uint8_t t = s.types;
    for (int b : s.all_of) {
      const std::uint8_t tb = types(b, depth + 1);
      if (tb == 0) continue;
      t = t == 0 ? tb : static_cast<std::uint8_t>(t & widen_integer(tb));
    }
    return t;
  }

  bool is_union(int n) const noexcept {
    n = resolve(n);
    return n >= 0 && !nodes[static_cast<std::size_t>(n)].any_of.empty();
  }

  /// The schema of member `key` of an object schema (properties, then allOf, then
  /// additionalProperties); -1 when the schema says nothing about it.
  int property(int n, std::string_view key, int depth = 0) const noexcept {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return -1;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    for (const auto& p : s.props)
      if (p.first == key) return p.second;
    for (int b : s.all_of) {
      const int r = property(b, key, depth + 1);
      if (r >= 0) return r;
    }
    if (s.additional >= 0) return s.additional;
    return -1;
  }

  /// Is `key` declared (properties of the node or of its allOf branches)?
  bool declares(int n, std::string_view key, int depth = 0) const noexcept {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return false;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    for (const auto& p : s.props)
      if (p.first == key) return true;
    for (int b : s.all_of)
      if (declares(b, key, depth + 1)) return true;
    return false;
  }

  /// The object schema names its keys (properties, or additionalProperties false), here or in
  /// an allOf branch; `{"type": "object"}` alone takes any key.
  bool lists_properties(int n, int depth = 0) const noexcept {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return false;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    if (!s.props.empty() || s.no_additional) return true;
    for (int b : s.all_of)
      if (lists_properties(b, depth + 1)) return true;
    return false;
  }

  bool closed(int n) const noexcept {
    n = resolve(n);
    return n >= 0 && nodes[static_cast<std::size_t>(n)].no_additional;
  }

  /// The schema of element `i` of an array schema.
  int item(int n, std::size_t i, int depth = 0) const noexcept {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return -1;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    if (i < s.prefix_items.size()) return s.prefix_items[i];
    if (s.items >= 0) return s.items;
    for (int b : s.all_of) {
      const int r = item(b, i, depth + 1);
      if (r >= 0) return r;
    }
    return -1;
  }

  /// Required member names (the node's and its allOf branches').
  void required(int n, std::vector<std::string>& out, int depth = 0) const {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    for (const auto& r : s.required)
      if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    for (int b : s.all_of) required(b, out, depth + 1);
  }

  /// The enum of a node (or of its first allOf branch that has one); null when none.
  const std::vector<schema_enum_value>* enum_values(int n, int depth = 0) const noexcept {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return nullptr;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    if (s.has_enum) return &s.enums;
    for (int b : s.all_of) {
      const auto* e = enum_values(b, depth + 1);
      if (e) return e;
    }
    return nullptr;
  }

  /// The default of a node, as compact JSON; null when none.
  const std::string* default_value(int n) const noexcept {
    for (int hop = 0; n >= 0 && hop < k_schema_max_depth; ++hop) {
      const schema_node& s = nodes[static_cast<std::size_t>(n)];
      if (s.has_default) return &s.default_json;
      if (s.ref >= 0) n = s.ref;
      else if (s.all_of.size() == 1) n = s.all_of[0];
      else return nullptr;
    }
    return nullptr;
  }

  /// Does every string satisfy this schema unchanged (so a string can stream as it arrives)?
  bool accepts_any_string(int n, int depth = 0) const noexcept {
    if (depth > k_schema_max_depth) return false;  // a reference cycle: hold (always correct)
    n = resolve(n);
    if (n < 0) return true;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    if (!s.any_of.empty()) {
      for (int b : s.any_of)
        if (accepts_any_string(b, depth + 1)) return true;
      return false;
    }
    const std::uint8_t t = types(n);
    if (t != 0 && !(t & ty_string)) return false;
    return enum_values(n) == nullptr;
  }

  /// Could a value of JSON kind `bit` (ty_object or ty_array) satisfy this schema?
  bool accepts_kind(int n, std::uint8_t bit, int depth = 0) const noexcept {
    n = resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return true;
    const schema_node& s = nodes[static_cast<std::size_t>(n)];
    if (!s.any_of.empty()) {
      for (int b : s.any_of)
        if (accepts_kind(b, bit, depth + 1)) return true;
      return false;
    }
    const std::uint8_t t = types(n);
    return t == 0 || (t & bit) != 0;
  }

 private:
  static std::uint8_t widen_integer(std::uint8_t t) noexcept {
    // `number` admits integers: intersecting {integer} with {number} keeps integer
    return (t & ty_number) ? static_cast<std::uint8_t>(t | ty_integer) : t;
  }
};

/// Builds a schema_set from the tools JSON (simdjson DOM).
class schema_builder {
 public:
  /// Parses `tools_json`: an array of tools, or an object with a "tools" array. Each tool is
  /// `{"type": "function", "function": {"name", "parameters"}}` or the flat
  /// `{"name", "parameters" | "input_schema"}`. Entries whose type is not "function" and that
  /// have no name (built-in tools such as web_search) are skipped.
  result<schema_set> build(std::string_view tools_json) {
    set_ = schema_set{};
    simdjson::dom::parser parser;
    simdjson::padded_string padded(tools_json.data(), tools_json.size());
    simdjson::dom::element doc;
    if (parser.parse(padded).get(doc)) return fail("the tools are not valid JSON");
    simdjson::dom::array arr;
    if (doc.type() == simdjson::dom::element_type::OBJECT) {
      simdjson::dom::element t;
      if (doc["tools"].get(t) || t.get_array().get(arr))
        return fail("expected a tools array, or an object with a \"tools\" array");
    } else if (doc.get_array().get(arr)) {
      return fail("expected a tools array, or an object with a \"tools\" array");
    }
    std::size_t index = 0;
    for (simdjson::dom::element tool : arr) {
      const std::string where = "tools[" + std::to_string(index++) + "]";
      if (tool.type() != simdjson::dom::element_type::OBJECT) return fail(where + " is not an object");
      simdjson::dom::element fn = tool;
      simdjson::dom::element inner;
      if (!tool["function"].get(inner) && inner.type() == simdjson::dom::element_type::OBJECT) fn = inner;
      std::string_view name;
      simdjson::dom::element name_el;
      if (fn["name"].get(name_el)) {
        std::string_view type;
        if (!tool["type"].get_string().get(type) && type != "function") continue;  // built-in tool
        return fail(where + " has no name");
      }
      if (name_el.get_string().get(name) || name.empty()) return fail(where + ": the name is not a non-empty string");
      if (set_.find_tool(name) >= 0) continue;  // a duplicate: the first declaration wins
      tool_def td;
      td.name = std::string(name);
      simdjson::dom::element params;
      bool have = !fn["parameters"].get(params);
      if (!have) have = !fn["input_schema"].get(params);
      if (have && params.type() != simdjson::dom::element_type::NULL_VALUE) {
        if (params.type() != simdjson::dom::element_type::OBJECT)
          return fail(where + ": parameters is not an object");
        root_ = params;
        refs_.clear();
        td.root = node(params, 0);
      }
      set_.tools.push_back(std::move(td));
    }
    return std::move(set_);
  }

 private:
  static error fail(std::string msg) { return error{errc::invalid_input, 0, std::move(msg)}; }

  int add() {
    set_.nodes.emplace_back();
    return static_cast<int>(set_.nodes.size() - 1);
  }
  schema_node& at(int i) { return set_.nodes[static_cast<std::size_t>(i)]; }

  /// A type name, with the spellings the vendors' XML parsers read (vLLM's Qwen3-Coder,
  /// Seed-OSS and MiniMax-M2 parsers, case-insensitive): `str`/`text`/`varchar`/`char`/`enum`
  /// are strings, `int*`/`uint*`/`long*`/`short*`/`unsigned*` integers, `num*`/`float*`/
  /// `double*` numbers, `bool`/`binary` booleans, `dict*`/`map` objects, `list*`/`arr`/`tuple`
  /// arrays, `none` null. Any other name (`other_type`, `any`) is every type: those parsers read
  /// its text with `ast.literal_eval` (JSON or a Python literal, else the text as written).
  static std::uint8_t type_bit(std::string_view t) noexcept {
    constexpr auto every =
        static_cast<std::uint8_t>(ty_string | ty_integer | ty_number | ty_boolean | ty_object | ty_array | ty_null);
    char b[16];
    if (t.size() >= sizeof b) return every;
    for (std::size_t i = 0; i < t.size(); ++i)
      b[i] = (t[i] >= 'A' && t[i] <= 'Z') ? static_cast<char>(t[i] - 'A' + 'a') : t[i];
    const std::string_view l(b, t.size());
    auto starts = [&](std::string_view p) { return l.size() >= p.size() && l.compare(0, p.size(), p) == 0; };
    if (l == "string" || l == "str" || l == "text" || l == "varchar" || l == "char" || l == "enum") return ty_string;
    if (starts("int") || starts("uint") || starts("long") || starts("short") || starts("unsigned")) return ty_integer;
    if (starts("num") || starts("float") || starts("double")) return ty_number;
    if (l == "boolean" || l == "bool" || l == "binary") return ty_boolean;
    if (l == "object" || starts("dict") || l == "map") return ty_object;
    if (l == "array" || l == "arr" || starts("list") || l == "tuple") return ty_array;
    if (l == "null" || l == "none") return ty_null;
    return every;
  }

  /// A `$ref`: local JSON pointers ("#", "#/$defs/X", "#/definitions/X", ...) only; anything
  /// else (a remote reference) is "any".
  int reference(std::string_view ref, int depth) {
    if (ref.empty() || ref[0] != '#') return -1;
    const std::string ptr(ref.substr(1));
    for (const auto& r : refs_)
      if (r.first == ptr) return r.second;
    simdjson::dom::element target;
    if (ptr.empty()) {
      target = root_;
    } else if (root_.at_pointer(ptr).get(target)) {
      return -1;
    }
    // reserve the slot first: a recursive schema refers back to it
    const int slot = add();
    refs_.emplace_back(ptr, slot);
    const int built = node(target, depth + 1);
    at(slot).ref = built;
    return slot;
  }

  int node(simdjson::dom::element e, int depth) {
    const int idx = add();
    if (depth > k_schema_max_depth) return idx;  // too deep: "any"
    if (e.type() == simdjson::dom::element_type::BOOL) return idx;  // `true` / `false` schemas: "any"
    if (e.type() != simdjson::dom::element_type::OBJECT) return idx;
    simdjson::dom::object obj = e.get_object().value_unsafe();
    std::uint8_t types = 0;
    bool nullable = false;
    for (auto field : obj) {
      const std::string_view k = field.key;
      const simdjson::dom::element v = field.value;
      if (k == "type") {
        std::string_view t;
        simdjson::dom::array ta;
        if (!v.get_string().get(t)) {
          types |= type_bit(t);
        } else if (!v.get_array().get(ta)) {
          for (simdjson::dom::element x : ta)
            if (!x.get_string().get(t)) types |= type_bit(t);
        }
      } else if (k == "nullable") {
        bool b = false;
        if (!v.get_bool().get(b)) nullable = b;
      } else if (k == "properties") {
        simdjson::dom::object po;
        if (v.get_object().get(po)) continue;
        for (auto p : po) {
          const int child = node(p.value, depth + 1);
          at(idx).props.emplace_back(std::string(p.key), child);
        }
      } else if (k == "additionalProperties") {
        bool b = true;
        if (!v.get_bool().get(b)) {
          at(idx).no_additional = !b;
        } else if (v.type() == simdjson::dom::element_type::OBJECT) {
          const int child = node(v, depth + 1);
          at(idx).additional = child;
        }
      } else if (k == "items") {
        simdjson::dom::array ia;
        if (!v.get_array().get(ia)) {
          for (simdjson::dom::element x : ia) {
            const int child = node(x, depth + 1);
            at(idx).prefix_items.push_back(child);
          }
        } else {
          const int child = node(v, depth + 1);
          at(idx).items = child;
        }
      } else if (k == "prefixItems") {
        simdjson::dom::array ia;
        if (v.get_array().get(ia)) continue;
        std::vector<int> kids;
        for (simdjson::dom::element x : ia) kids.push_back(node(x, depth + 1));
        at(idx).prefix_items = std::move(kids);
      } else if (k == "anyOf" || k == "oneOf" || k == "allOf") {
        simdjson::dom::array ba;
        if (v.get_array().get(ba)) continue;
        for (simdjson::dom::element x : ba) {
          const int child = node(x, depth + 1);
          if (k == "allOf") at(idx).all_of.push_back(child);
          else at(idx).any_of.push_back(child);
        }
      } else if (k == "$ref") {
        std::string_view r;
        if (!v.get_string().get(r)) {
          const int target = reference(r, depth);
          at(idx).ref = target;
        }
      } else if (k == "required") {
        simdjson::dom::array ra;
        if (v.get_array().get(ra)) continue;
        for (simdjson::dom::element x : ra) {
          std::string_view s;
          if (!x.get_string().get(s)) at(idx).required.emplace_back(s);
        }
      } else if (k == "enum" || k == "const") {
        std::vector<schema_enum_value> vals;
        simdjson::dom::array ea;
        if (k == "enum") {
          if (v.get_array().get(ea)) continue;
          for (simdjson::dom::element x : ea) vals.push_back(enum_value(x));
        } else {
          vals.push_back(enum_value(v));
        }
        at(idx).has_enum = true;
        at(idx).enums = std::move(vals);
      } else if (k == "default") {
        at(idx).has_default = true;
        at(idx).default_json = simdjson::minify(v);
      }
    }
    schema_node& s = at(idx);
    if (types == 0) {
      // infer what the keywords imply: properties -> object, items -> array, enum -> its kinds
      if (!s.props.empty() || s.additional >= 0) types |= ty_object;
      if (s.items >= 0 || !s.prefix_items.empty()) types |= ty_array;
      if (s.has_enum && types == 0) {
        for (const auto& ev : s.enums) types |= ev.is_string ? std::uint8_t{ty_string} : enum_kind(ev.text);
      }
    }
    if (types != 0 && nullable) types |= ty_null;
    s.types = types;
    return idx;
  }

  static std::uint8_t enum_kind(const std::string& json) noexcept {
    if (json == "true" || json == "false") return ty_boolean;
    if (json == "null") return ty_null;
    if (!json.empty() && json[0] == '{') return ty_object;
    if (!json.empty() && json[0] == '[') return ty_array;
    return ty_number;
  }

  static schema_enum_value enum_value(simdjson::dom::element x) {
    schema_enum_value ev;
    std::string_view s;
    if (!x.get_string().get(s)) {
      ev.is_string = true;
      ev.text = std::string(s);
    } else {
      ev.text = simdjson::minify(x);
    }
    return ev;
  }

  schema_set set_;
  simdjson::dom::element root_;
  std::vector<std::pair<std::string, int>> refs_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SCHEMA_HPP
