// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_NORMALIZE_HPP
#define TOOLCALL_DETAIL_NORMALIZE_HPP

// The normalizer's machinery: tool-name repair (normalize_names.hpp), schema-driven value
// rewriting (normalize_values.hpp), and here the per-stream call_filter the engine drives
// (normalize_filter).
//
// Streaming design. The engine hands the filter each call's arguments as compact JSON, in
// pieces of any size. The filter runs a json_lexer over them (identity on compact JSON) and
// copies the lexer's output to the arguments deltas as soon as it is final. A value is held
// back only while its final form depends on the schema and is not known yet:
//   - a scalar (number, true, false, null) is atomic anyway: it is rewritten at its end;
//   - a string is held only when some string would be rewritten under its schema (a string
//     under a boolean/number/object/enum-typed property); under a string-typed (or untyped)
//     property it streams byte by byte, so long file contents are never buffered;
//   - an object or array is held only under an anyOf/oneOf with two or more branches that
//     admit it (the branch is chosen from the whole value); otherwise it streams and each of
//     its members follows these rules with the member's schema.
// Held values are rewritten from a small DOM over their compact text (jdom), by the same
// rules. Missing required fields (schema default) and user rules are appended before the
// closing brace of their object. Every decision depends only on the bytes, never on where the
// pieces were cut, so every chunking yields the same arguments.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "json_lexer.hpp"
#include "normalize_names.hpp"
#include "normalize_values.hpp"
#include "schema.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

// ---------------------------------------------------------------------------------------------
// The per-stream filter

class normalize_filter final : public call_filter, public json_listener {
 public:
  explicit normalize_filter(std::shared_ptr<const norm_data> d) : d_(std::move(d)) {}

  value_kind param_kind(std::string_view key) const override {
    if (root_ < 0) return value_kind::unknown;
    const schema_set& s = d_->set;
    const int p = s.property(root_, key);
    // a key no property names is undeclared only where the schema names its keys: a tool
    // whose parameters are `{"type": "object"}` takes any key
    if (p < 0) return s.declares(root_, key) || !s.lists_properties(root_) ? value_kind::unknown : value_kind::undeclared;
    const std::uint8_t t = accepted_types(p, 0);
    if (t == 0) return value_kind::unknown;  // declared with no type at all
    if (!(t & ty_string)) return value_kind::typed;
    // a string keeps the exact text; a union with a string branch tries its other types first
    std::uint8_t other = 0;
    if (t & (ty_integer | ty_number)) other |= vk_number;
    if (t & ty_boolean) other |= vk_boolean;
    if (t & ty_null) other |= vk_null;
    if (t & ty_object) other |= vk_object;
    if (t & ty_array) other |= vk_array;
    return other ? union_kind(other) : value_kind::string;
  }

  /// The JSON types a value of schema `n` may have (its own, or its anyOf branches'); 0: any.
  std::uint8_t accepted_types(int n, int depth) const {
    const schema_set& s = d_->set;
    n = s.resolve(n);
    if (n < 0 || depth > k_schema_max_depth) return 0;
    const schema_node& sn = s.nodes[static_cast<std::size_t>(n)];
    std::uint8_t own = s.types(n);
    if (sn.any_of.empty()) return own;
    std::uint8_t any = 0;
    for (int b : sn.any_of) {
      const std::uint8_t tb = accepted_types(b, depth + 1);
      if (tb == 0) return own;  // a branch admits anything
      any |= tb;
    }
    return own ? static_cast<std::uint8_t>(own & any) : any;
  }

  std::vector<std::string> tool_names() const override {
    std::vector<std::string> v;
    for (const auto& t : d_->set.tools) v.push_back(t.name);
    return v;
  }
  /// The only tool, else the one tool whose parameters declare every key (vLLM's kimi_k2
  /// parser infers a counter-only call's name so); empty when none or several fit.
  std::string tool_for_keys(const std::vector<std::string>& keys) const override {
    const schema_set& s = d_->set;
    if (s.tools.size() == 1) return s.tools[0].name;
    std::size_t found = s.tools.size();
    for (std::size_t t = 0; t < s.tools.size(); ++t) {
      const int r = object_root(s.tools[t].root);
      bool all = true;
      for (const auto& k : keys) all = all && r >= 0 && s.declares(r, k);
      if (!all) continue;
      if (found != s.tools.size()) return {};  // several fit: no guess
      found = t;
    }
    return found == s.tools.size() ? std::string() : s.tools[found].name;
  }

  filter_verdict begin(std::string& name, std::string_view, const format_traits& traits) override {
    notes_.clear();
    changed_ = false;
    mode_ = m_pass;
    tool_ = -1;
    root_ = -1;
    text_body_ = traits.values_as_text;
    null_kept_ = traits.null_word;
    elements_ = traits.child_elements;
    const schema_set& s = d_->set;
    int idx = s.find_tool(name);
    if (idx < 0 && d_->repair_names) {
      const name_match m = match_tool_name(s, name, d_->max_distance);
      if (m.index >= 0) {
        idx = m.index;
        const std::string& to = s.tools[static_cast<std::size_t>(idx)].name;
        add(errc::normalized, "tool name \"" + excerpt(name) + "\" repaired to \"" + to + "\" (" + m.how + ")",
            severity::note);
        name = to;
        changed_ = true;
      }
    }
    if (idx < 0) {
      switch (d_->unknown) {
        case 1:
          add(errc::unknown_tool, "unknown tool \"" + excerpt(name) + "\": call dropped", severity::warning);
          return filter_verdict::drop;
        case 2: return filter_verdict::reject;  // the engine reports the error
        case 3:
          if (traits.unknown_tools_as_text) return filter_verdict::reject;
          [[fallthrough]];
        default:
          add(errc::unknown_tool, "unknown tool \"" + excerpt(name) + "\": forwarded unchanged", severity::warning);
          return filter_verdict::unknown_forward;
      }
    }
    tool_ = idx;
    root_ = object_root(s.tools[static_cast<std::size_t>(idx)].root);
    const bool has_rules = !d_->rules[static_cast<std::size_t>(idx)].empty();
    if (root_ < 0 && !has_rules) return filter_verdict::keep;  // nothing to do: pass through
    mode_ = m_active;
    lx_.reset(this, std::size_t{1} << 20);
    copied_ = 0;
    holding_ = false;
    frames_used_ = 0;
    path_.clear();
    capture_ = -1;
    captured_.clear();
    for (const auto& k : d_->captures[static_cast<std::size_t>(idx)]) captured_.emplace_back(k, std::string());
    have_.assign(captured_.size(), false);
    return filter_verdict::keep;
  }

  void feed(std::string_view in, std::string& out) override {
    if (mode_ != m_active) {
      out.append(in.data(), in.size());
      return;
    }
    out_ = &out;
    const lex_step st = lx_.feed(in);
    if (st.st == lex_step::fail) {
      // not the compact JSON the engine promises: stop normalizing, keep every byte
      to_raw();
      out.append(in.data() + st.consumed, in.size() - st.consumed);
    } else if (st.st == lex_step::done && st.consumed < in.size()) {
      to_raw();
      out.append(in.data() + st.consumed, in.size() - st.consumed);
    } else if (!holding_) {
      flush(lx_.out().size());
    }
    if (copied_ > 0) {  // drop what is out: memory stays O(held value)
      lx_.drop_front(copied_);
      if (holding_) hold_start_ -= copied_;
      copied_ = 0;
    }
    out_ = nullptr;
  }

  void finish(std::string& out) override {
    if (mode_ == m_active) {
      out_ = &out;
      if (!lx_.finished()) (void)lx_.finish();
      if (holding_ || !lx_.finished()) to_raw();
      else flush(lx_.out().size());
      out_ = nullptr;
    }
    mode_ = m_pass;
  }

  bool changed() const override { return changed_; }

  std::vector<note> take_notes() override {
    std::vector<note> r;
    r.swap(notes_);
    return r;
  }

  // --- json_listener ---
  void value_begin(jkind kind, std::size_t depth, std::size_t pos) override {
    if (holding_ || mode_ != m_active) return;
    flush(pos);
    int node = -1;
    if (depth == 0) {
      path_.clear();
      node = kind == jkind::object ? root_ : -1;
    } else {
      if (depth > frames_used_) return;  // cannot happen: a streamed container is open
      frame& f = frames_[depth - 1];
      path_.resize(f.path_len);
      if (f.kind == jkind::array) {
        path_ += '/';
        path_ += std::to_string(f.count);
        node = d_->set.item(f.node, f.count);
      } else {
        pointer_append(path_, f.key);
        node = f.node >= 0 ? d_->set.property(f.node, f.key) : -1;
        f.keys.push_back(f.key);
        if (depth == 1) start_capture(f.key);
      }
      ++f.count;
    }
    switch (kind) {
      case jkind::object:
      case jkind::array: {
        int use = node;
        if (depth > 0) {
          const plan p = container_plan(node, kind == jkind::object ? ty_object : ty_array, 0);
          if (p.hold) return start_hold(depth, pos, node);
          use = p.node;
        }
        push_frame(kind, use);
        return;
      }
      case jkind::string:
        if (d_->coerce && node >= 0 && !d_->set.accepts_any_string(node)) start_hold(depth, pos, node);
        return;
      case jkind::scalar:
        if (d_->coerce && node >= 0) start_hold(depth, pos, node);
        return;
    }
  }

  void value_end(jkind kind, std::size_t depth, std::size_t pos) override {
    if (mode_ != m_active) return;
    if (holding_) {
      if (depth != hold_depth_) return;
      holding_ = false;
      const std::string_view held(lx_.out().data() + hold_start_, pos - hold_start_);
      tmp_.clear();
      value_rewriter rw(*d_, notes_, text_body_, null_kept_, elements_);
      if (rw.rewrite_text(held, hold_node_, path_, tmp_)) changed_ = true;
      emit(tmp_);
      copied_ = pos;
    } else if ((kind == jkind::object || kind == jkind::array) && frames_used_ > 0) {
      frame& f = frames_[frames_used_ - 1];
      if (kind == jkind::object) {
        flush(pos - 1);  // everything before the closing brace
        path_.resize(f.path_len);
        close_object(f, depth == 0);
      }
      --frames_used_;
    }
    if (depth == 1 && capture_ >= 0) {
      flush(pos);
      have_[static_cast<std::size_t>(capture_)] = true;
      capture_ = -1;
    }
  }

  void key(std::string_view decoded, std::size_t depth) override {
    if (holding_ || mode_ != m_active || depth == 0 || depth > frames_used_) return;
    frames_[depth - 1].key.assign(decoded.data(), decoded.size());
  }

 private:
  enum mode_t : std::uint8_t { m_pass, m_active };
  struct frame {
    jkind kind = jkind::object;
    int node = -1;
    std::size_t count = 0;
    std::size_t path_len = 0;
    std::string key;
    std::vector<std::string> keys;
  };
  struct plan {
    bool hold = false;
    int node = -1;
  };

  void add(errc code, std::string msg, severity level) { notes_.push_back(note{code, std::move(msg), level}); }

  /// The tool's parameters as the object schema to stream under: a union picks its first
  /// branch that admits an object (the arguments are never held back as a whole).
  int object_root(int r) const {
    const schema_set& s = d_->set;
    for (int guard = 0; guard < k_schema_max_depth; ++guard) {
      r = s.resolve(r);
      if (r < 0 || !s.is_union(r)) return r;
      int next = -1;
      for (int b : s.nodes[static_cast<std::size_t>(r)].any_of)
        if (s.accepts_kind(b, ty_object)) {
          next = b;
          break;
        }
      r = next;
    }
    return -1;
  }

  /// Stream a container under one schema, or hold it (a union with several candidates).
  plan container_plan(int node, std::uint8_t bit, int depth) const {
    const schema_set& s = d_->set;
    const int n = s.resolve(node);
    if (n < 0 || depth > k_schema_max_depth) return {false, -1};
    if (s.is_union(n)) {
      int found = -1, count = 0;
      for (int b : s.nodes[static_cast<std::size_t>(n)].any_of)
        if (s.accepts_kind(b, bit)) {
          if (!count) found = b;
          ++count;
        }
      if (count == 0) return elements_as_array(n, bit) ? plan{true, node} : plan{false, -1};
      if (count == 1) return container_plan(found, bit, depth + 1);
      if (d_->coerce) return {true, node};
      return {false, -1};
    }
    const std::uint8_t t = s.types(n);
    if (t != 0 && !(t & bit))  // refuse: a container is never turned into a scalar
      return elements_as_array(n, bit) ? plan{true, node} : plan{false, -1};
    return {false, n};
  }

  /// An object of XML child elements where the schema wants an array only (text bodies): held
  /// and rewritten whole, as that array (value_rewriter).
  bool elements_as_array(int n, std::uint8_t bit) const {
    return elements_ && d_->coerce && bit == ty_object && d_->set.accepts_kind(n, ty_array) &&
           !d_->set.accepts_kind(n, ty_object);
  }

  void push_frame(jkind kind, int node) {
    if (frames_used_ == frames_.size()) frames_.emplace_back();
    frame& f = frames_[frames_used_++];
    f.kind = kind;
    f.node = node;
    f.count = 0;
    f.path_len = path_.size();
    f.key.clear();
    f.keys.clear();
  }

  void start_hold(std::size_t depth, std::size_t pos, int node) {
    holding_ = true;
    hold_depth_ = depth;
    hold_start_ = pos;
    hold_node_ = node;
  }

  void start_capture(const std::string& key) {
    for (std::size_t i = 0; i < captured_.size(); ++i)
      if (captured_[i].first == key) {
        capture_ = static_cast<int>(i);
        captured_[i].second.clear();
        return;
      }
  }

  void emit(std::string_view s) {
    if (s.empty()) return;
    out_->append(s.data(), s.size());
    if (capture_ >= 0) captured_[static_cast<std::size_t>(capture_)].second.append(s.data(), s.size());
  }

  void flush(std::size_t pos) {
    if (pos > copied_) {
      emit(std::string_view(lx_.out()).substr(copied_, pos - copied_));
      copied_ = pos;
    }
  }

  /// Gives up on the current call: what the lexer wrote and is not out yet goes out as is.
  void to_raw() {
    if (copied_ < lx_.out().size()) emit(std::string_view(lx_.out()).substr(copied_));
    copied_ = lx_.out().size();
    holding_ = false;
    capture_ = -1;
    mode_ = m_pass;
  }

  const std::string* captured(const std::string& key) const {
    for (std::size_t i = 0; i < captured_.size(); ++i)
      if (captured_[i].first == key && have_[i]) return &captured_[i].second;
    return nullptr;
  }

  /// Adds one member before the closing brace of the object of frame f.
  void add_member(frame& f, const std::string& key, std::string_view value_json) {
    std::string m;
    if (f.count++) m += ',';
    m += '"';
    json_escape_append(m, key);
    m += "\":";
    m += value_json;
    emit(m);
    f.keys.push_back(key);
    changed_ = true;
  }

  bool has_key(const frame& f, const std::string& k) const {
    return std::find(f.keys.begin(), f.keys.end(), k) != f.keys.end();
  }

  bool is_required(const std::string& field) const {
    std::vector<std::string> req;
    d_->set.required(root_, req);
    return std::find(req.begin(), req.end(), field) != req.end();
  }

  /// End of a streamed object: user rules (top level), then required fields.
  void close_object(frame& f, bool top) {
    value_rewriter rw(*d_, notes_, text_body_, null_kept_, elements_);
    if (top && tool_ >= 0) {
      for (const norm_rule& r : d_->rules[static_cast<std::size_t>(tool_)]) {
        if (has_key(f, r.field)) continue;
        std::string value;
        const char* what = "";
        if (r.k == norm_rule::alias) {
          const std::string* src = has_key(f, r.value) ? captured(r.value) : nullptr;
          if (!src) continue;
          value = *src;
          what = "alias";
        } else if (r.k == norm_rule::fill_value) {
          value = r.value;
          what = "constant";
        } else {
          std::string text;
          bool ok = true;
          for (const auto& part : r.parts) {
            if (!part.first) {
              text += part.second;
              continue;
            }
            const std::string* v = has_key(f, part.second) ? captured(part.second) : nullptr;
            if (!v) {
              ok = false;
              break;
            }
            if (!v->empty() && (*v)[0] == '"') text += json_unescape(std::string_view(*v).substr(1, v->size() - 2));
            else text += *v;
          }
          if (!ok) continue;
          value = "\"";
          json_escape_append(value, text);
          value += '"';
          what = "template";
        }
        const std::size_t base = path_.size();
        pointer_append(path_, r.field);
        const std::string at = path_;
        std::string coerced;
        rw.rewrite_text(value, root_ >= 0 ? d_->set.property(root_, r.field) : -1, path_, coerced);
        path_.resize(base);
        add_member(f, r.field, coerced);
        if (r.k == norm_rule::alias)
          add(errc::normalized, at + ": added as an alias of /" + r.value + " (user rule)", severity::note);
        else if (root_ >= 0 && is_required(r.field))
          add(errc::missing_required, at + ": missing required field filled by a user rule (" + what + ")",
              severity::note);
        else
          add(errc::normalized, at + ": missing field filled by a user rule (" + what + ")", severity::note);
      }
    }
    if (f.node >= 0) {
      std::string extra;
      std::size_t count = f.count;
      if (rw.fill_required(f.node, f.keys, path_, extra, count)) {
        changed_ = true;
        f.count = count;
        emit(extra);
      }
    }
  }

  std::shared_ptr<const norm_data> d_;
  mode_t mode_ = m_pass;
  int tool_ = -1, root_ = -1;
  bool changed_ = false;
  bool text_body_ = false;
  bool null_kept_ = false;
  bool elements_ = false;
  json_lexer lx_;
  std::string* out_ = nullptr;
  std::size_t copied_ = 0;
  bool holding_ = false;
  std::size_t hold_depth_ = 0, hold_start_ = 0;
  int hold_node_ = -1;
  std::vector<frame> frames_;
  std::size_t frames_used_ = 0;
  std::string path_;
  int capture_ = -1;
  std::vector<std::pair<std::string, std::string>> captured_;
  std::vector<bool> have_;
  std::vector<note> notes_;
  std::string tmp_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_NORMALIZE_HPP
