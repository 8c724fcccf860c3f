// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MINIMAX_M3_HPP
#define TOOLCALL_FORMATS_MINIMAX_M3_HPP

// MiniMax-M3 (docs/formats/minimax_m3.md): every structural tag is written after the namespace
// token `]<]minimax[>[` (NS below):
//
//   NS<tool_call>
//   NS<invoke name="create_order">
//   NS<user_id>42NS</user_id>
//   NS<items>NS<item>NS<sku>book-001NS</sku>NS</item>NS</items>
//   NS</invoke>
//   NS</tool_call>
//
// A parameter is an element named after it (the tag is the key); elements nest. As vLLM's
// MinimaxM3 parsers read it (the reference):
// - a leaf's value is its text exactly as written (no trim, no entity decoding), a string
//   without a schema; an element holding elements is an object whose repeated names collect
//   into an array, in order; non-blank text beside child elements is kept under "$text" ("$"
//   prefixed until no child has that name). With the request's tools the normalizer types the
//   result by the schema: an object of repeated `<item>` elements where the schema wants an array
//   becomes that array (normalize.hpp), leaves become numbers, booleans, ...
// - one block holds several invokes, each its own call; the arguments of an invoke are written
//   when its `</invoke>` is read (the vendor emits them once per invoke too).
//
// Rules (they hold for every chunking; nothing depends on where a chunk ends):
// - The trigger is NS itself; whitespace (at most 64 bytes) may stand between NS and its tag and
//   between tags. NS not followed by `<tool_call>` is no call: the region fails with a
//   diagnostic and its text stays content.
// - Between parameters only whitespace may stand; other text fails the block (the vendor drops
//   the rest of the invoke silently). A closer that names an enclosing element closes the
//   elements left open (repaired); one that names no open element fails the block.
// - `NS</invoke>` closes the elements still open (repaired); `NS</tool_call>` inside an invoke
//   ends it too (repaired). After at least one call, a block whose `NS</tool_call>` is missing
//   ends at the first byte that is not whitespace or NS (a stop sequence ate the closer).
// - The text ending inside the first invoke, or before it, fails the block (unterminated_call).
//   Ending inside a later invoke keeps the complete invokes before it (vLLM keeps them): the
//   cut one is dropped with an unterminated_call error.
// - Limits: tag names up to 256 bytes, invoke attributes up to 512; nesting deeper than
//   options::max_depth fails the block (limit_depth). The work is linear: NS is found with a
//   KMP automaton (no byte is read twice), the element tree is written out once.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/format_def.hpp"
#include "../detail/json.hpp"
#include "../detail/json_call.hpp"
#include "../detail/json_lexer.hpp"
#include "../detail/utf8.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The handler of the MiniMax-M3 namespace token (see the rules at the top of this file).
class minimax_m3_handler final : public handler {
 public:
  static constexpr std::string_view ns = "]<]minimax[>[";
  static constexpr std::string_view format = "minimax_m3";

  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_lead;
    k_ = 0;
    ws_ = 0;
    calls_ = 0;
    repaired_ = false;
    bad_utf8_ = utf8_noted_ = false;
    text_ok_ = true;
    tag_.clear();
    pend_.clear();
    back_.clear();
    nodes_.clear();
    stack_.clear();
  }

  step feed(const region_ctx& e, std::string_view in) override {
    const std::size_t n = in.size();
    std::size_t i = 0;
    while (i < n) {
      if (st_ == s_body && k_ == 0 && !stack_.empty()) {
        // a run of value text up to the next `]` is taken at once
        std::size_t j = in.find(']', i);
        if (j == std::string_view::npos) j = n;
        if (j > i) {
          nodes_[stack_.back()].text.append(in.data() + i, j - i);
          i = j;
          continue;
        }
      }
      abs_ = e.place.chunk_abs() + i;
      const act a = byte(e, static_cast<unsigned char>(in[i]));
      if (a == a_next) {
        ++i;
        continue;
      }
      if (a == a_fail) return step::failed(i, std::move(why_));
      if (a == a_done) return step::done_with(i + 1, take_bytes(back_));
      // a_done_here: the byte is not the region's
      return step::done_with(i, take_bytes(back_));
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    abs_ = e.place.chunk_abs();
    if (st_ == s_between && calls_ > 0) {
      return step::done_with(0, take_bytes(pend_));
    }
    if (st_ == s_lead || (st_ == s_between && calls_ == 0))
      return fail_step(errc::unterminated_call, "the text ends before the first invoke");
    if (calls_ > 0) {
      // the text ends inside a later invoke: the complete invokes before it stay (vLLM keeps
      // them), the cut one is dropped with an error
      if (e.calls.call_open() && !e.calls.abandon_call())
        return fail_step(errc::unterminated_call, "the text ends inside an invoke");
      e.text.diag(errc::unterminated_call, abs_,
                  "the output ended inside an invoke after " + std::to_string(calls_) +
                      " complete call(s): they are kept, the cut invoke is dropped",
                  severity::error);
      pend_.clear();
      return {step::done, 0};
    }
    return fail_step(errc::unterminated_call, "the text ends inside an invoke");
  }

 private:
  enum state : std::uint8_t {
    s_lead,     // after the trigger: whitespace, then `<tool_call>`
    s_between,  // between invokes: whitespace, then NS
    s_btag,     // after NS between invokes: whitespace, then `<invoke` or `</tool_call>`
    s_attrs,    // the invoke's attributes, up to `>`
    s_body,     // an invoke's body (text, NS)
    s_tag_ws,   // after NS in a body: whitespace, then `<`
    s_tag,      // a tag in a body, up to `>`
  };
  enum act : std::uint8_t { a_next, a_done, a_done_here, a_fail };
  static constexpr std::size_t max_ws = 64, max_name = 256, max_attrs = 512;

  struct node {
    std::string name, text;
    std::size_t first = npos, last = npos, next = npos;
  };
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// KMP failure function of NS: the longest proper prefix of NS[0, k) that is also its suffix.
  static std::size_t fallback(std::size_t k) noexcept {
    // NS = `]<]minimax[>[`: only `]` repeats at its start (`]<]`), so a held `]<]` falls back to `]`
    return k == 3 ? 1 : 0;
  }

  /// Feeds `c` to the NS automaton; bytes it lets go are text (`drop`). True when NS is complete.
  template <class F>
  bool ns_step(unsigned char c, F&& drop) {
    while (k_ > 0 && static_cast<unsigned char>(ns[k_]) != c) {
      const std::size_t f = fallback(k_);
      drop(ns.substr(0, k_ - f));
      k_ = f;
    }
    if (static_cast<unsigned char>(ns[k_]) == c) {
      if (++k_ == ns.size()) {
        k_ = 0;
        return true;
      }
      return false;
    }
    const char ch = static_cast<char>(c);
    drop(std::string_view(&ch, 1));
    return false;
  }

  act byte(const region_ctx& e, unsigned char c) {
    switch (st_) {
      case s_lead: {
        if (tag_.empty() && is_json_ws(c)) return ++ws_ > max_ws ? fail(e, errc::invalid_call, not_call) : a_next;
        tag_ += static_cast<char>(c);
        const pm m = prefix_match(tag_, "<tool_call>");
        if (m == pm::no) return fail(e, errc::invalid_call, not_call);
        if (m == pm::full) to_between();
        return a_next;
      }
      case s_between: {
        if (k_ == 0 && is_json_ws(c)) {
          pend_ += static_cast<char>(c);
          if (pend_.size() <= max_ws) return a_next;
          return end_block(e, true);
        }
        bool bad = false;
        const bool full = ns_step(c, [&](std::string_view) { bad = true; });
        if (bad) return end_block(e, false);
        pend_ += static_cast<char>(c);
        if (full) {
          st_ = s_btag;
          tag_.clear();
          ws_ = 0;
        }
        return a_next;
      }
      case s_btag: {
        if (tag_.empty() && is_json_ws(c)) {
          pend_ += static_cast<char>(c);
          return ++ws_ > max_ws ? end_block(e, true) : a_next;
        }
        tag_ += static_cast<char>(c);
        pend_ += static_cast<char>(c);
        const pm a = prefix_match(tag_, "<invoke");
        const pm b = prefix_match(tag_, "</tool_call>");
        if (a == pm::full) {
          inv_abs_ = abs_ + 1 - tag_.size();
          st_ = s_attrs;
          tag_.clear();
          pend_.clear();
          return a_next;
        }
        if (b == pm::full) {
          if (calls_ == 0) return fail(e, errc::invalid_call, "the block holds no invoke");
          return a_done;
        }
        if (a == pm::partial || b == pm::partial) return a_next;
        pend_.pop_back();
        return end_block(e, false);
      }
      case s_attrs: {
        if (c != '>') {
          if (c == '<' || tag_.size() >= max_attrs)
            return fail(e, errc::invalid_call, "an invoke tag without a usable function name");
          tag_ += static_cast<char>(c);
          return a_next;
        }
        return open_invoke(e, tag_);
      }
      case s_body: {
        const bool full = ns_step(c, [&](std::string_view t) { body_text(t); });
        if (!text_ok_) return fail(e, errc::invalid_call, "text between the parameters of an invoke");
        if (full) {
          st_ = s_tag_ws;
          ws_ = 0;
          tag_.clear();
        }
        return a_next;
      }
      case s_tag_ws:
        if (is_json_ws(c)) return ++ws_ > max_ws ? fail(e, errc::invalid_call, no_tag) : a_next;
        if (c != '<') return fail(e, errc::invalid_call, no_tag);
        st_ = s_tag;
        return a_next;
      case s_tag: {
        if (c != '>') {
          if (c == '<' || c == '\n' || tag_.size() >= max_name + 1) return fail(e, errc::invalid_call, "a bad tag");
          tag_ += static_cast<char>(c);
          return a_next;
        }
        return tag(e);
      }
    }
    return fail(e, errc::invalid_call, "internal state");
  }

  static constexpr const char* not_call = "the MiniMax namespace token is not followed by <tool_call>";
  static constexpr const char* no_tag = "the MiniMax namespace token is not followed by a tag";

  void to_between() {
    st_ = s_between;
    pend_.clear();
    tag_.clear();
    k_ = 0;
  }

  /// The block ended without its closer: after a call, the region ends before the held bytes
  /// (`used`: the current byte is one of them); before any, it is no call.
  act end_block(const region_ctx& e, bool used) {
    if (calls_ == 0) return fail(e, errc::invalid_call, "the block opener is not followed by an invoke");
    back_ = take_bytes(pend_);
    if (used) return a_done;
    return a_done_here;
  }

  /// Text inside the body: an open element's, or whitespace between parameters.
  void body_text(std::string_view t) {
    if (!stack_.empty()) {
      nodes_[stack_.back()].text.append(t.data(), t.size());
      return;
    }
    for (char ch : t)
      if (!is_json_ws(static_cast<unsigned char>(ch))) text_ok_ = false;
  }

  static std::string_view trim(std::string_view s) {
    while (!s.empty() && is_json_ws(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    s = rtrim_ws(s);
    return s;
  }

  /// ` name="f" other='x'` after `<invoke`: the name (quoted with " or ', or bare), trimmed.
  static bool invoke_name(std::string_view a, std::string& out) {
    if (a.empty() || !is_json_ws(static_cast<unsigned char>(a[0]))) return false;
    a = trim(a);
    if (a.size() < 4 || a.substr(0, 4) != "name") return false;
    a = trim(a.substr(4));
    if (a.empty() || a[0] != '=') return false;
    a = trim(a.substr(1));
    if (a.empty()) return false;
    if (a[0] == '"' || a[0] == '\'') {
      const std::size_t end = a.find(a[0], 1);
      if (end == std::string_view::npos) return false;
      out.assign(trim(a.substr(1, end - 1)));
    } else {
      std::size_t end = 0;
      while (end < a.size() && !is_json_ws(static_cast<unsigned char>(a[end]))) ++end;
      out.assign(a.substr(0, end));
    }
    return !out.empty();
  }

  /// `<invoke ATTRS>` is complete: the call opens.
  act open_invoke(const region_ctx& e, std::string_view attrs) {
    std::string name;
    if (!invoke_name(attrs, name) || !valid_call_name(name))
      return fail(e, errc::invalid_call, "an invoke tag without a usable function name");
    e.calls.begin_call(name, "", format, inv_abs_);
    repaired_ = false;
    nodes_.clear();
    stack_.clear();
    nodes_.emplace_back();  // the root: the invoke's parameters
    st_ = s_body;
    k_ = 0;
    return a_next;
  }

  /// A complete tag in a body (`tag_` holds what stood between `<` and `>`).
  act tag(const region_ctx& e) {
    const bool closing = !tag_.empty() && tag_[0] == '/';
    if (!closing && tag_.size() > 6 && tag_.compare(0, 6, "invoke") == 0 && is_json_ws(static_cast<unsigned char>(tag_[6]))) {
      // the next invoke while this one is open: its `</invoke>` is missing
      repaired_ = true;
      stack_.clear();
      end_invoke(e);
      inv_abs_ = abs_;
      const std::string attrs = tag_.substr(6);
      return open_invoke(e, attrs);
    }
    const std::string_view name = trim(std::string_view(tag_).substr(closing ? 1 : 0));
    if (name.empty() || name.size() > max_name) return fail(e, errc::invalid_call, "a bad tag");
    for (char ch : name)
      if (is_json_ws(static_cast<unsigned char>(ch)) || ch == '"' || ch == '\'' || ch == '/' || ch == '=')
        return fail(e, errc::invalid_call, "a bad tag");
    st_ = s_body;
    if (!closing) {
      if (stack_.size() + 1 > e.request.max_depth()) {
        why_ = failure{errc::limit_depth, "parameters nested deeper than max_depth", severity::error};
        return a_fail;
      }
      const std::size_t parent = stack_.empty() ? 0 : stack_.back();
      const std::size_t id = nodes_.size();
      nodes_.emplace_back();
      nodes_.back().name.assign(name);
      node& p = nodes_[parent];
      if (p.last == npos) p.first = id;
      else nodes_[p.last].next = id;
      p.last = id;
      stack_.push_back(id);
      return a_next;
    }
    if (name == "invoke" || name == "tool_call") {
      // elements left open, or `</invoke>` missing before `</tool_call>`
      if (!stack_.empty() || name == "tool_call") repaired_ = true;
      stack_.clear();
      end_invoke(e);
      if (name == "tool_call") return a_done;
      to_between();
      return a_next;
    }
    std::size_t k = stack_.size();
    while (k > 0 && nodes_[stack_[k - 1]].name != name) --k;
    if (k == 0) return fail(e, errc::invalid_call, "a closing tag that closes no open element");
    if (k != stack_.size()) repaired_ = true;
    stack_.resize(k - 1);
    return a_next;
  }

  /// `</invoke>`: the arguments are written, the call ends.
  void end_invoke(const region_ctx& e) {
    out_.clear();
    write_members(e, 0, true);
    e.calls.call_args(out_);
    if (bad_utf8_ && !utf8_noted_) {
      utf8_noted_ = true;
      e.text.diag(errc::invalid_utf8, e.place.region_abs(), "invalid UTF-8 in the arguments was written as U+FFFD",
                  severity::note);
    }
    e.calls.end_call(abs_ + 1, repaired_);
    ++calls_;
  }

  /// The children of node `n` as an object: repeated names collect into an array at the first
  /// one's place; non-blank text beside them goes under "$text".
  void write_members(const region_ctx& e, std::size_t n, bool top) {
    std::vector<std::string_view> order;
    std::map<std::string_view, std::vector<std::size_t>> groups;
    for (std::size_t c = nodes_[n].first; c != npos; c = nodes_[c].next) {
      auto& g = groups[nodes_[c].name];
      if (g.empty()) order.push_back(nodes_[c].name);
      g.push_back(c);
    }
    out_ += '{';
    bool first = true;
    for (std::string_view key : order) {
      if (!first) out_ += ',';
      first = false;
      key_json(key);
      const value_kind kind = top ? e.request.param_kind(key) : value_kind::unknown;
      const std::vector<std::size_t>& g = groups[key];
      if (g.size() > 1) out_ += '[';
      for (std::size_t k = 0; k < g.size(); ++k) {
        if (k) out_ += ',';
        write_value(e, g[k], kind, key);
      }
      if (g.size() > 1) out_ += ']';
    }
    if (!top && trim(nodes_[n].text).size()) {
      std::string field = "$text";
      while (groups.count(field)) field.insert(0, 1, '$');
      if (!first) out_ += ',';
      key_json(field);
      string_json(nodes_[n].text);
    }
    out_ += '}';
  }

  void key_json(std::string_view key) {
    string_json(key);
    out_ += ':';
  }

  void string_json(std::string_view s) {
    out_ += '"';
    if (!utf8_valid(s)) bad_utf8_ = true;
    utf8_append_replacing(out_, s, json_escape_append);
    out_ += '"';
  }

  void write_value(const region_ctx& e, std::size_t n, value_kind kind, std::string_view key) {
    if (nodes_[n].first != npos) {
      write_members(e, n, false);
      return;
    }
    const std::string& t = nodes_[n].text;
    if (kind == value_kind::string || (kind == value_kind::unknown && !e.request.guess_json_values())) {
      string_json(t);
      return;
    }
    // typed (or guessed): one JSON value or Python literal
    const std::string_view v = trim(t);
    if (!v.empty()) {
      const json_validator::kind jk = val_.check_allow_big_numbers(v);
      const bool guess_ok = jk != json_validator::kind::invalid && jk != json_validator::kind::string;
      if (kind == value_kind::typed || guess_ok) {
        lx_.reset(nullptr, e.request.max_depth());
        e.place.examined(v.size());
        lex_step s = lx_.feed(v);
        std::size_t used = s.consumed;
        if (s.st == lex_step::more) {
          s = lx_.finish();
          used = v.size();
        }
        bool ok = s.st == lex_step::done && !lx_.out().empty() && lx_.out()[0] != '"';
        for (char ch : v.substr(std::min(used, v.size())))
          if (!is_json_ws(static_cast<unsigned char>(ch))) ok = false;
        if (ok) {
          out_ += lx_.out();
          if (lx_.replaced_utf8()) bad_utf8_ = true;
          if (lx_.repaired())
            e.text.diag(errc::normalized, abs_,
                        "parameter \"" + std::string(key) + "\" read as a Python literal or repaired JSON",
                        severity::note);
          return;
        }
      }
    }
    string_json(t);
    if (kind == value_kind::typed && !v.empty())  // an empty element: the normalizer decides ([] or {})
      e.text.diag(errc::normalized, abs_,
                  "parameter \"" + std::string(key) + "\" is not JSON or a Python literal; kept as a string",
                  severity::warning);
  }

  act fail(const region_ctx& e, errc code, const char* msg) {
    why_ = failure{code, msg, e.calls.call_open() || calls_ ? severity::error : severity::warning};
    return a_fail;
  }

  step fail_step(errc code, const char* msg) { return step::failed(0, code, msg, severity::error); }

  state st_ = s_lead;
  failure why_;        // why byte() failed (fail())
  std::size_t k_ = 0;  // NS bytes matched (KMP state)
  std::size_t ws_ = 0, calls_ = 0, abs_ = 0, inv_abs_ = 0;
  bool repaired_ = false, bad_utf8_ = false, utf8_noted_ = false, text_ok_ = true;
  std::string tag_;   // a tag or the invoke's attributes being read
  std::string pend_;  // bytes between invokes, given back if the block ends without its closer
  std::string back_;  // the bytes the block gives back when it ends (end_block)
  std::string out_;   // the arguments of the invoke being written
  std::vector<node> nodes_;          // the invoke's element tree; 0 is the root
  std::vector<std::size_t> stack_;   // open elements
  json_validator val_;
  json_lexer lx_;
};

}  // namespace detail

namespace formats {

struct minimax_m3 {
  static constexpr std::string_view name = "minimax_m3";
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 36;
    d.description = "MiniMax-M3 ]<]minimax[>[<tool_call>]<]minimax[>[<invoke name=...>]<]minimax[>[<KEY>V...";
    d.triggers = {{std::string(detail::minimax_m3_handler::ns), detail::trig_cond::anywhere, 0}};
    d.markers = {"[e~[", "]<]minimax[>[</tool_call>"};
    d.reasoning = {{"<mm:think>", "</mm:think>"}};
    d.template_markers = {"]<]minimax[>[", "<mm:think>"};
    d.traits.values_as_text = true;
    // MiniMaxAI/MiniMax-M3 and its re-uploads (mlx-community/MiniMax-M3-4bit, unsloth/MiniMax-M3-GGUF);
    // not MiniMax-M1/M2/M2.5/Text-01, which have their own rooms
    d.presets = {{"(^|/)minimax-m3([-_.].*)?$", {"minimax_m3"}, 20, false}};
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::minimax_m3_handler()); };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MINIMAX_M3_HPP
