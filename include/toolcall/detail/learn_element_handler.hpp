// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_LEARN_ELEMENT_HANDLER_HPP
#define TOOLCALL_DETAIL_LEARN_ELEMENT_HANDLER_HPP

// The handler of the `element` parameter slot (format_spec xml.parameter_name "element" with
// xml.tag_prefix; docs/format_spec.md): a block of invokes whose parameters are elements named
// after their keys, every structural tag written after a prefix token P (MiniMax-M3's
// `]<]minimax[>[`: the minimax_m3 room is written with this slot, and a format learned from its
// template gets it too):
//
//   P<tool_call>  P<invoke name="f">  P<city>ParisP</city>  P<a>P<b>1P</b>P</a>  P</invoke>  P</tool_call>
//
// Values: a leaf is its text as written, a string unless the request's schema types it (then
// one JSON value or Python literal, as typed XML values are); an element holding elements is
// an object whose repeated names collect into an array, in order; non-blank text beside child
// elements is kept under "$text". Rules (every chunking gives the same result):
// - the trigger is P when call_begin starts with it (whitespace, at most 64 bytes, may then stand
//   before the rest of call_begin), else call_begin; P not followed by the block's tag is no call
//   (the region fails with a diagnostic, its text stays content);
// - whitespace may stand around P and between parameters; other text between parameters fails
//   the block; a closer naming an enclosing element closes the ones left open (repaired), one
//   naming none fails the block; the function closer closes what is still open (repaired), the
//   block closer inside an invoke ends it (repaired), a new invoke ends the one open (repaired);
// - after a call, a block whose closer is missing ends before the first byte that is neither
//   whitespace nor P (a stop sequence ate it); the text ending inside a later invoke keeps the
//   complete invokes before it, the cut one is no call (an unterminated_call error) and its text
//   is content; ending before the first invoke is complete fails the block;
// - limits: tag names up to 256 bytes, invoke attributes up to 512, nesting up to max_depth; P
//   is found with a KMP automaton, so no byte is read twice.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "json.hpp"
#include "json_call.hpp"
#include "utf8.hpp"
#include "xml_values.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The spellings of an element-parameter block; the views must outlive the handler.
struct element_block_config {
  std::string_view format;        ///< reported with each call
  std::string_view ns;            ///< the prefix before every tag (non-empty)
  bool trigger_is_ns = true;      ///< the trigger is ns (else call_begin, which holds no ns)
  std::string_view lead;          ///< the rest of call_begin after ns (`<tool_call>`); may be empty
  std::string_view close;         ///< the block's closing tag after ns (`</tool_call>`); may be empty
  std::string_view invoke;        ///< `<invoke`: the function tag's start
  std::string_view attr = "name"; ///< the attribute holding the function name
  std::string_view invoke_close;  ///< `</invoke>`
};

/// A block of invokes with element parameters behind a tag prefix (see the top of this file).
class element_block_handler final : public handler {
 public:
  explicit element_block_handler(element_block_config c) : c_(c) {
    fail_.assign(c_.ns.size() + 1, 0);
    for (std::size_t k = 2; k <= c_.ns.size(); ++k) {  // KMP failure of ns[0, k)
      std::size_t f = fail_[k - 1];
      while (f > 0 && c_.ns[f] != c_.ns[k - 1]) f = fail_[f];
      if (c_.ns[f] == c_.ns[k - 1]) ++f;
      fail_[k] = f;
    }
    inv_name_ = tag_word(c_.invoke_close);
    close_name_ = tag_word(c_.close);
  }

  void begin(const region_ctx&, std::string_view, int) override {
    back_.clear();
    raw_.clear();
    raw_on_ = false;
    st_ = !c_.trigger_is_ns ? s_between : c_.lead.empty() ? s_btag : s_lead;
    k_ = ws_ = calls_ = 0;
    repaired_ = bad_utf8_ = utf8_noted_ = false;
    text_ok_ = true;
    tag_.clear();
    pend_.clear();
    nodes_.clear();
    stack_.clear();
  }

  step feed(const region_ctx& e, std::string_view in) override {
    const std::size_t n = in.size();
    std::size_t i = 0;
    while (i < n) {
      if (st_ == s_body && k_ == 0 && !stack_.empty()) {
        // a run of value text up to the next byte that may start the prefix is taken at once
        std::size_t j = in.find(c_.ns[0], i);
        if (j == std::string_view::npos) j = n;
        if (j > i) {
          nodes_[stack_.back()].text.append(in.data() + i, j - i);
          if (raw_on_) raw_.append(in.data() + i, j - i);
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
      return step::done_with(i, take_bytes(back_));  // a_done_here: the byte is not the region's
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    abs_ = e.place.chunk_abs();
    if (st_ == s_between && calls_ > 0) return step::done_with(0, take_bytes(pend_));
    if (calls_ > 0) {
      if (e.calls.call_open() && !e.calls.abandon_call()) return fail_step("the text ends inside an invoke");
      e.text.diag(errc::unterminated_call, abs_,
                  "the output ended inside an invoke after " + std::to_string(calls_) +
                      " complete call(s): they are kept, the cut invoke is dropped (its text is content)",
                  severity::error);
      // the cut invoke's text goes back to the text scanner (content, its markers dropped)
      std::string cut = raw_on_ ? take_bytes(raw_) : take_bytes(pend_);
      raw_on_ = false;
      pend_.clear();
      return step::done_with(0, std::move(cut));
    }
    return fail_step(st_ == s_lead || st_ == s_between ? "the text ends before the first invoke"
                                                       : "the text ends inside an invoke");
  }

 private:
  enum state : std::uint8_t { s_lead, s_between, s_btag, s_attrs, s_body, s_tag_ws, s_tag };
  enum act : std::uint8_t { a_next, a_done, a_done_here, a_fail };
  static constexpr std::size_t max_ws = 64, max_name = 256, max_attrs = 512;
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  struct node {
    std::string name, text;
    std::size_t first = npos, last = npos, next = npos;
  };

  /// `</invoke>` -> `invoke`.
  static std::string tag_word(std::string_view t) {
    if (t.size() >= 3 && t.substr(0, 2) == "</") t.remove_prefix(2);
    if (!t.empty() && t.back() == '>') t.remove_suffix(1);
    return std::string(t);
  }

  /// Feeds `c` to the prefix automaton; bytes it lets go are text (`drop`). True when complete.
  template <class F>
  bool ns_step(unsigned char c, F&& drop) {
    const std::string_view ns = c_.ns;
    while (k_ > 0 && static_cast<unsigned char>(ns[k_]) != c) {
      const std::size_t f = fail_[k_];
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
    if (raw_on_) raw_ += static_cast<char>(c);
    switch (st_) {
      case s_lead: {
        if (tag_.empty() && is_json_ws(c)) return ++ws_ > max_ws ? fail(e, not_call) : a_next;
        tag_ += static_cast<char>(c);
        const pm m = prefix_match(tag_, c_.lead);
        if (m == pm::no) return fail(e, not_call);
        if (m == pm::full) to_between();
        return a_next;
      }
      case s_between: {
        if (k_ == 0 && is_json_ws(c)) {
          pend_ += static_cast<char>(c);
          return pend_.size() <= max_ws ? a_next : end_block(e, true);
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
        const pm a = prefix_match(tag_, c_.invoke);
        const pm b = c_.close.empty() ? pm::no : prefix_match(tag_, c_.close);
        if (a == pm::full) {
          inv_abs_ = abs_ + 1 - tag_.size();
          raw_ = pend_;
          raw_on_ = true;
          st_ = s_attrs;
          tag_.clear();
          pend_.clear();
          return a_next;
        }
        if (b == pm::full) return calls_ == 0 ? fail(e, "the block holds no invoke") : a_done;
        if (a == pm::partial || b == pm::partial) return a_next;
        pend_.pop_back();
        return end_block(e, false);
      }
      case s_attrs:
        if (c != '>') {
          if (c == '<' || tag_.size() >= max_attrs) return fail(e, no_name);
          tag_ += static_cast<char>(c);
          return a_next;
        }
        return open_invoke(e, tag_);
      case s_body: {
        const bool full = ns_step(c, [&](std::string_view t) { body_text(t); });
        if (!text_ok_) return fail(e, "text between the parameters of an invoke");
        if (full) {
          st_ = s_tag_ws;
          ws_ = 0;
          tag_.clear();
        }
        return a_next;
      }
      case s_tag_ws:
        if (is_json_ws(c)) return ++ws_ > max_ws ? fail(e, no_tag) : a_next;
        if (c != '<') return fail(e, no_tag);
        st_ = s_tag;
        return a_next;
      case s_tag:
        if (c != '>') {
          if (c == '<' || c == '\n' || tag_.size() >= max_name + 1) return fail(e, "a bad tag");
          tag_ += static_cast<char>(c);
          return a_next;
        }
        return tag(e);
    }
    return fail(e, "internal state");
  }

  static constexpr const char* not_call = "the tag prefix is not followed by the block's opening tag";
  static constexpr const char* no_tag = "the tag prefix is not followed by a tag";
  static constexpr const char* no_name = "an invoke tag without a usable function name";

  void to_between() {
    st_ = s_between;
    pend_.clear();
    tag_.clear();
    k_ = 0;
  }

  act end_block(const region_ctx& e, bool used) {
    if (calls_ == 0) return fail(e, "the block opener is not followed by an invoke");
    back_ = take_bytes(pend_);
    return used ? a_done : a_done_here;
  }

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
    return rtrim_ws(s);
  }

  /// ` name="f" other='x'` after the invoke tag: the name (quoted or bare), trimmed.
  bool invoke_name(std::string_view a, std::string& out) const {
    if (a.empty() || !is_json_ws(static_cast<unsigned char>(a[0]))) return false;
    a = trim(a);
    if (a.size() < c_.attr.size() || a.substr(0, c_.attr.size()) != c_.attr) return false;
    a = trim(a.substr(c_.attr.size()));
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

  act open_invoke(const region_ctx& e, std::string_view attrs) {
    std::string name;
    if (!invoke_name(attrs, name) || !valid_call_name(name)) return fail(e, no_name);
    e.calls.begin_call(name, "", c_.format, inv_abs_);
    repaired_ = false;
    nodes_.clear();
    stack_.clear();
    nodes_.emplace_back();  // the root: the invoke's parameters
    st_ = s_body;
    k_ = 0;
    return a_next;
  }

  act tag(const region_ctx& e) {
    const bool closing = !tag_.empty() && tag_[0] == '/';
    const std::string_view iw = std::string_view(c_.invoke).substr(1);  // `invoke`
    if (!closing && tag_.size() > iw.size() && tag_.compare(0, iw.size(), iw) == 0 &&
        is_json_ws(static_cast<unsigned char>(tag_[iw.size()]))) {
      // the next invoke while this one is open: its closer is missing
      repaired_ = true;
      stack_.clear();
      std::size_t at = raw_.rfind(c_.ns);  // the next invoke's text: its prefix and the whitespace before it
      if (at == std::string::npos) at = raw_.size();
      while (at > 0 && is_json_ws(static_cast<unsigned char>(raw_[at - 1]))) --at;
      std::string next_raw = raw_.substr(at);
      end_invoke(e);
      raw_ = std::move(next_raw);
      raw_on_ = true;
      inv_abs_ = abs_;
      const std::string attrs = tag_.substr(iw.size());
      return open_invoke(e, attrs);
    }
    const std::string_view name = trim(std::string_view(tag_).substr(closing ? 1 : 0));
    if (name.empty() || name.size() > max_name) return fail(e, "a bad tag");
    for (char ch : name)
      if (is_json_ws(static_cast<unsigned char>(ch)) || ch == '"' || ch == '\'' || ch == '/' || ch == '=')
        return fail(e, "a bad tag");
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
    const bool ends_block = !close_name_.empty() && name == close_name_;
    if (name == inv_name_ || ends_block) {
      if (!stack_.empty() || ends_block) repaired_ = true;
      stack_.clear();
      end_invoke(e);
      if (ends_block) return a_done;
      to_between();
      return a_next;
    }
    std::size_t k = stack_.size();
    while (k > 0 && nodes_[stack_[k - 1]].name != name) --k;
    if (k == 0) return fail(e, "a closing tag that closes no open element");
    if (k != stack_.size()) repaired_ = true;
    stack_.resize(k - 1);
    return a_next;
  }

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
    raw_.clear();
    raw_on_ = false;
  }

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
      string_json(key);
      out_ += ':';
      const value_kind kind = top ? e.request.param_kind(key) : value_kind::unknown;
      const std::vector<std::size_t>& g = groups[key];
      if (g.size() > 1) out_ += '[';
      for (std::size_t k = 0; k < g.size(); ++k) {
        if (k) out_ += ',';
        write_value(e, g[k], kind, key);
      }
      if (g.size() > 1) out_ += ']';
    }
    if (!top && !trim(nodes_[n].text).empty()) {
      std::string field = "$text";
      while (groups.count(field)) field.insert(0, 1, '$');
      if (!first) out_ += ',';
      string_json(field);
      out_ += ':';
      string_json(nodes_[n].text);
    }
    out_ += '}';
  }

  void string_json(std::string_view s) {
    out_ += '"';
    if (xml_string_writer::write(out_, s)) bad_utf8_ = true;
    out_ += '"';
  }

  /// A leaf's value: a string, or (typed by the schema, or guessed) one JSON value or Python
  /// literal read by xml_values.hpp's decoder, as every XML reader types its values.
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
    const std::string_view v = trim(t);
    if (!v.empty() && (kind == value_kind::typed ? dec_.typed(e, v) == nullptr : dec_.strict_json(e, v))) {
      out_ += dec_.out();
      if (dec_.replaced_utf8()) bad_utf8_ = true;
      if (dec_.repaired())
        e.text.diag(errc::normalized, abs_,
                    "parameter \"" + std::string(key) + "\" read as a Python literal or repaired JSON", severity::note);
      return;
    }
    string_json(t);
    if (kind == value_kind::typed && !v.empty())  // an empty element: the normalizer decides ([] or {})
      e.text.diag(errc::normalized, abs_,
                  "parameter \"" + std::string(key) + "\" is not JSON or a Python literal; kept as a string",
                  severity::warning);
  }

  act fail(const region_ctx& e, const char* msg) {
    why_ = failure{errc::invalid_call, msg, e.calls.call_open() || calls_ ? severity::error : severity::warning};
    return a_fail;
  }

  static step fail_step(const char* msg) { return step::failed(0, errc::unterminated_call, msg, severity::error); }

  element_block_config c_;
  std::vector<std::size_t> fail_;  // KMP failure function of ns
  std::string inv_name_, close_name_;
  state st_ = s_lead;
  std::size_t k_ = 0, ws_ = 0, calls_ = 0, abs_ = 0, inv_abs_ = 0;
  bool repaired_ = false, bad_utf8_ = false, utf8_noted_ = false, text_ok_ = true;
  std::string tag_, pend_, out_;
  std::string back_;  // the bytes the block gives back when it ends (end_block)
  // The text of the invoke being read, from the whitespace before its prefix token: content when
  // the output ends inside it after complete invokes (the cut invoke is no call, its text stays).
  std::string raw_;
  bool raw_on_ = false;
  failure why_;       // why byte() failed (fail())
  std::vector<node> nodes_;
  std::vector<std::size_t> stack_;
  xml_value_decoder dec_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_LEARN_ELEMENT_HANDLER_HPP
