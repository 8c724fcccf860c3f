// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MORPH_XML_HPP
#define TOOLCALL_FORMATS_MORPH_XML_HPP

// Tag-per-tool XML, the AI SDK "morph-XML" shape (docs/formats/morph_xml.md):
// `<get_weather>\n<location>Paris</location>\n</get_weather>`. The element is a tool of the
// request, each child element an argument. Its openers are made from the request's tool names
// (format_def::tool_triggers), so the format is active only when a normalizer supplies them:
// `<b>` or `<location>` in prose is never a trigger, and without tools nothing changes.
//
// Rules (they hold for every chunking; nothing depends on where a chunk ends):
// - Inside the tool element only whitespace and tags may stand: an argument `<KEY>`, an empty
//   argument `<KEY/>`, or the tool's closer `</NAME>`. Any other text fails the region before
//   any event (prose that names a tool: `the <get_weather> tool needs a city`). The call opens
//   (call_begin) at the first argument tag or at the closer.
// - Values. Whitespace around a value is markup. A key the schema types as a string (the
//   normalizer's param_kind) keeps its exact inner text, tags included, up to `</KEY>`, and
//   streams as it arrives. Every other value is read as XML and held until the next argument's
//   name is known (it may still become an array): a value with child elements is an object
//   (repeated children are arrays, in order), a value with text and child elements mixed (or
//   with a child whose closer is missing) is its raw inner text, a leaf is typed by the schema
//   (`typed`: JSON or a Python literal, with a note; kept as a string with a warning when it is
//   neither) or, without a schema, decoded when it is entirely a JSON number, true, false, null,
//   array or object (the AI SDK parser does so) and a string otherwise. Leaves nested inside an
//   object value are read the same way as leaves without a schema.
// - An argument repeated right after itself is an array. An argument repeated after another one
//   was already written: the repeat is dropped with a warning (the AI SDK deduplicates repeated
//   string tags with a schema; the arguments stream, so what was written stays).
// - `</NAME>` inside a value ends the value and the call (the value's closer is missing: the
//   call is repaired). The text ending inside the element fails it (unterminated_call).
// - Invalid UTF-8 in names and values becomes U+FFFD, one per byte, as in the JSON lexer (a
//   sequence cut by a chunk boundary is held until it is complete or proven bad).
// - Limits: tag names up to 256 bytes (a longer one is text inside a value, a failure between
//   arguments); nesting deeper than options::max_depth fails the region (limit_depth).

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/json.hpp"
#include "../detail/json_lexer.hpp"
#include "../detail/utf8.hpp"
#include "../detail/xml_values.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Reads one tag after its `<`, byte by byte: `<NAME>`, `</NAME>` or `<NAME/>`. No attributes,
/// no whitespace: `<a href="x">`, `< b`, `<!--` and `<?xml` are not tags.
class morph_tag_reader {
 public:
  enum result : std::uint8_t { more, done, bad };
  enum tag_kind : std::uint8_t { open, close, empty };
  static constexpr std::size_t max_name = 256;

  static bool name_byte(unsigned char c) noexcept {
    if (c <= 0x20 || c == 0x7F) return false;
    switch (c) {
      case '<': case '>': case '/': case '"': case '\'': case '=': case '&': case '!': case '?': return false;
      default: return true;
    }
  }
  /// A tool name that can be a tag (the openers are built only for those).
  static bool valid_name(std::string_view n) noexcept {
    if (n.empty() || n.size() > max_name) return false;
    for (char c : n)
      if (!name_byte(static_cast<unsigned char>(c))) return false;
    return true;
  }

  void reset() {
    text_.assign(1, '<');
    name_.clear();
    kind_ = open;
    slash_end_ = false;
  }
  /// The bytes read so far, from the `<`.
  const std::string& text() const noexcept { return text_; }
  const std::string& name() const noexcept { return name_; }
  tag_kind kind() const noexcept { return kind_; }

  /// `bad`: `c` cannot continue the tag (it is not kept).
  result push(unsigned char c) {
    if (slash_end_) {
      if (c != '>') return bad;
      text_ += '>';
      return done;
    }
    if (c == '/') {
      if (text_.size() == 1) {
        kind_ = close;
      } else if (kind_ == open && !name_.empty()) {
        kind_ = empty;
        slash_end_ = true;
      } else {
        return bad;
      }
      text_ += '/';
      return more;
    }
    if (c == '>') {
      if (name_.empty()) return bad;
      text_ += '>';
      return done;
    }
    if (!name_byte(c) || name_.size() >= max_name) return bad;
    name_ += static_cast<char>(c);
    text_ += static_cast<char>(c);
    return more;
  }

 private:
  std::string text_, name_;
  tag_kind kind_ = open;
  bool slash_end_ = false;
};

/// The handler of every tool-name opener (`<NAME>` or `<NAME/>`, the name taken from the
/// trigger text). One region is one tool element; see the rules at the top of this file.
class morph_xml_handler final : public handler {
 public:
  explicit morph_xml_handler(std::string_view format) : fmt_(format) {}

  void begin(const region_ctx&, std::string_view trigger, int) override {
    self_close_ = trigger.size() >= 4 && trigger.substr(trigger.size() - 2) == "/>";
    const std::size_t cut = self_close_ ? 3 : 2;
    name_.assign(trigger.size() > cut ? trigger.substr(1, trigger.size() - cut) : std::string_view{});
    st_ = s_between;
    seen_ = in_call_ = repaired_ = dup_ = lead_ = false;
    count_ = frames_used_ = 0;
    args_.clear();
    raw_.clear();
    wsh_.clear();
    sw_.reset();
    key_.clear();
    pending_key_.clear();
    pending_.clear();
    written_.clear();
    kind_ = value_kind::unknown;
  }

  step feed(const region_ctx& e, std::string_view in) override {
    if (self_close_) return empty_call(e);
    const std::size_t n = in.size();
    std::size_t i = 0;
    while (i < n) {
      if (st_ == s_svalue || st_ == s_hvalue) {
        // a run of value text up to the next `<` is taken at once
        std::size_t j = in.find('<', i);
        if (j == std::string_view::npos) j = n;
        if (j > i) {
          if (st_ == s_svalue) string_run(in.substr(i, j - i));
          else held_text(in.substr(i, j - i));
          i = j;
          continue;
        }
      }
      abs_ = e.place.chunk_abs() + i;
      switch (byte(e, static_cast<unsigned char>(in[i]))) {
        case a_next: ++i; break;
        case a_again: break;  // the state changed: the byte is read again
        case a_done: flush(e); return {step::done, i + 1};
        case a_fail: flush(e); return step::failed(i, std::move(why_));
      }
    }
    flush(e);
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    if (self_close_) return empty_call(e);
    abs_ = e.place.chunk_abs();
    flush(e);
    if (!seen_)
      return step::failed(0, errc::invalid_call, "the tool tag is not followed by arguments", severity::warning);
    return step::failed(0, errc::unterminated_call, "the text ends inside the tool element", severity::error);
  }

 private:
  enum state : std::uint8_t {
    s_between,  // inside the tool element, between arguments
    s_tag,      // a tag between arguments
    s_svalue,   // a string value, streamed
    s_stag,     // a tag inside a string value (its closer, or text)
    s_hvalue,   // a held value
    s_htag,     // a tag inside a held value
  };
  enum act : std::uint8_t { a_next, a_again, a_done, a_fail };

  struct frame {
    std::string name;
    std::size_t start = 0;  // where its inner text starts in raw_
    bool text = false;      // text (not whitespace) directly inside it
    bool broken = false;    // a child's closer was missing
    std::vector<std::pair<std::string, std::size_t>> kids;  // (name, node)
  };
  /// A held value's parts, written out once the argument is complete: nested values are not
  /// copied level by level (the work stays linear however deep the elements nest).
  enum node_kind : std::uint8_t { nk_json, nk_span, nk_object };
  struct node {
    node_kind kind = nk_json;
    std::string json;            // nk_json: the value's JSON text
    std::size_t a = 0, b = 0;    // nk_span: raw_[a, b) as a JSON string
    std::vector<std::pair<std::string, std::vector<std::size_t>>> members;  // nk_object, in order
  };
  struct cursor {
    std::size_t node, member, item;
  };

  act byte(const region_ctx& e, unsigned char c) {
    switch (st_) {
      case s_between:
        if (is_json_ws(c)) return a_next;
        if (c != '<') return fail(e, errc::invalid_call, "text directly inside the tool element: not a call");
        seen_ = true;
        tag_.reset();
        st_ = s_tag;
        return a_next;
      case s_tag: {
        const morph_tag_reader::result r = tag_.push(c);
        if (r == morph_tag_reader::more) return a_next;
        if (r == morph_tag_reader::bad)
          return fail(e, errc::invalid_call, "expected an argument tag or the tool's closing tag");
        if (tag_.kind() == morph_tag_reader::close) {
          if (tag_.name() == name_) return end_tool(e, false);
          return fail(e, errc::invalid_call, "a closing tag that closes nothing");
        }
        return open_key(e);
      }
      case s_svalue:  // only `<` reaches here
        tag_.reset();
        st_ = s_stag;
        return a_next;
      case s_stag: {
        const morph_tag_reader::result r = tag_.push(c);
        if (r == morph_tag_reader::more) return a_next;
        if (r == morph_tag_reader::done && tag_.kind() == morph_tag_reader::close) {
          if (tag_.name() == key_) {
            sw_.end(args_);
            args_ += '"';  // held whitespace is trailing: markup
            wsh_.clear();
            st_ = s_between;
            return a_next;
          }
          if (tag_.name() == name_) {
            sw_.end(args_);
            args_ += '"';
            wsh_.clear();
            repaired_ = true;
            return end_tool(e, true);
          }
        }
        string_run(tag_.text());  // a tag inside the text, or not a tag at all
        st_ = s_svalue;
        return r == morph_tag_reader::bad ? a_again : a_next;
      }
      case s_hvalue:  // only `<` reaches here
        tag_.reset();
        st_ = s_htag;
        return a_next;
      case s_htag: return held_tag(e, c);
    }
    return fail(e, errc::invalid_call, "internal state");
  }

  // ---- arguments -------------------------------------------------------------------------------

  /// An argument tag (`<KEY>` or `<KEY/>`) between arguments.
  act open_key(const region_ctx& e) {
    if (!in_call_) open_call(e);
    const std::string& k = tag_.name();
    const bool repeat = !pending_.empty() && k == pending_key_;  // an array goes on
    if (!repeat) {
      flush_pending();
      dup_ = written_.count(k) != 0;
      kind_ = e.request.param_kind(k);
      // the AI SDK parser decodes undeclared keys as it does without a schema, and keeps the
      // text of a key whose schema admits a string
      if (kind_ == value_kind::undeclared) kind_ = value_kind::unknown;
      else if (is_union_kind(kind_)) kind_ = value_kind::string;
    }
    key_ = k;
    if (tag_.kind() == morph_tag_reader::empty) {
      raw_.clear();
      nodes_used_ = 0;
      value_done(e, leaf(e, 0, 0, kind_));
      st_ = s_between;
      return a_next;
    }
    if (kind_ == value_kind::string && !dup_ && !repeat) {
      // the schema says string: the exact text streams (it can never become an array)
      if (count_++) args_ += ',';
      args_ += '"';
      escape(args_, key_);
      args_ += "\":\"";
      written_.insert(key_);
      lead_ = true;
      wsh_.clear();
      sw_.reset();
      st_ = s_svalue;
      return a_next;
    }
    raw_.clear();
    nodes_used_ = frames_used_ = 0;
    if (!push_frame(e, key_)) return a_fail;
    st_ = s_hvalue;
    return a_next;
  }

  /// A held argument's value is complete: it waits for the next argument's name (a repeat
  /// makes an array).
  void value_done(const region_ctx& e, std::size_t value) {
    if (dup_) {
      repaired_ = true;
      note(e, "is repeated after other arguments; the repeat is dropped", severity::warning);
      return;
    }
    pending_key_ = key_;
    pending_.emplace_back();
    emit(value, pending_.back());
  }

  void flush_pending() {
    if (pending_.empty()) return;
    if (count_++) args_ += ',';
    args_ += '"';
    escape(args_, pending_key_);
    args_ += "\":";
    if (pending_.size() == 1) {
      args_ += pending_[0];
    } else {
      args_ += '[';
      for (std::size_t k = 0; k < pending_.size(); ++k) {
        if (k) args_ += ',';
        args_ += pending_[k];
      }
      args_ += ']';
    }
    written_.insert(pending_key_);
    pending_.clear();
    pending_key_.clear();
  }

  // ---- string values -------------------------------------------------------------------------

  /// Text of a string value: leading whitespace is markup, trailing whitespace is held until
  /// text follows it.
  void string_run(std::string_view run) {
    if (lead_) {
      std::size_t k = 0;
      while (k < run.size() && is_json_ws(static_cast<unsigned char>(run[k]))) ++k;
      run.remove_prefix(k);
      if (run.empty()) return;
      lead_ = false;
    }
    std::size_t k = run.size();
    while (k > 0 && is_json_ws(static_cast<unsigned char>(run[k - 1]))) --k;
    if (k == 0) {
      sw_.end(args_);  // a held partial sequence is text before this whitespace
      wsh_ += run;
      return;
    }
    if (!wsh_.empty()) {
      json_escape_append(args_, wsh_);
      wsh_.clear();
    }
    sw_.append(args_, run.substr(0, k));
    if (k < run.size()) sw_.end(args_);  // whitespace follows: a held partial sequence is bad
    wsh_.assign(run.substr(k));
  }

  /// A name or held text as the inside of a JSON string, invalid UTF-8 replaced.
  static void escape(std::string& out, std::string_view s) { xml_string_writer::write(out, s); }

  // ---- held values ---------------------------------------------------------------------------

  void held_text(std::string_view run) {
    raw_ += run;
    frame& f = frames_[frames_used_ - 1];
    if (!f.text)
      for (char ch : run)
        if (!is_json_ws(static_cast<unsigned char>(ch))) {
          f.text = true;
          break;
        }
  }

  bool push_frame(const region_ctx& e, const std::string& name) {
    if (frames_used_ + 1 >= e.request.max_depth()) {
      fail(e, errc::limit_depth, "arguments nested deeper than max_depth");
      return false;
    }
    if (frames_used_ == frames_.size()) frames_.emplace_back();
    frame& f = frames_[frames_used_++];
    f.name = name;
    f.start = raw_.size();
    f.text = f.broken = false;
    f.kids.clear();
    return true;
  }

  act held_tag(const region_ctx& e, unsigned char c) {
    const morph_tag_reader::result r = tag_.push(c);
    if (r == morph_tag_reader::more) return a_next;
    if (r == morph_tag_reader::bad) {
      held_text(tag_.text());  // not a tag: text, and the byte is read again
      st_ = s_hvalue;
      return a_again;
    }
    st_ = s_hvalue;
    switch (tag_.kind()) {
      case morph_tag_reader::open:
        raw_ += tag_.text();
        return push_frame(e, tag_.name()) ? a_next : a_fail;
      case morph_tag_reader::empty:
        raw_ += tag_.text();
        frames_[frames_used_ - 1].kids.emplace_back(tag_.name(), leaf(e, 0, 0, value_kind::unknown));
        return a_next;
      case morph_tag_reader::close: break;
    }
    // a closer: of the innermost open element, or of an outer one (the inner closers are
    // missing), or of the tool (the argument's closer is missing), or text
    std::size_t k = frames_used_;
    while (k > 0 && frames_[k - 1].name != tag_.name()) --k;
    if (k == 0) {
      if (tag_.name() != name_) {
        held_text(tag_.text());
        return a_next;
      }
      close_frames(e, 1);
      repaired_ = true;
      return end_tool(e, true);
    }
    close_frames(e, k);
    if (frames_used_ == 0) st_ = s_between;
    else raw_ += tag_.text();
    return a_next;
  }

  /// Closes the frames from the innermost down to the `depth`-th (1 = the argument itself). The
  /// frames above it were left open: it is broken (its value is its raw text).
  void close_frames(const region_ctx& e, std::size_t depth) {
    const std::size_t end = raw_.size();
    frame& f = frames_[depth - 1];
    if (frames_used_ > depth) {
      f.broken = true;
      repaired_ = true;
    }
    frames_used_ = depth - 1;
    const std::size_t value = frame_node(e, f, end, depth == 1);
    if (depth == 1) {
      value_done(e, value);
      raw_.clear();
      nodes_used_ = 0;
      return;
    }
    frames_[depth - 2].kids.emplace_back(std::move(f.name), value);
  }

  std::size_t frame_node(const region_ctx& e, frame& f, std::size_t end, bool top) {
    std::size_t a = f.start, b = end;
    while (a < b && is_json_ws(static_cast<unsigned char>(raw_[a]))) ++a;
    while (b > a && is_json_ws(static_cast<unsigned char>(raw_[b - 1]))) --b;
    if (f.broken || (f.text && !f.kids.empty())) return span_node(a, b);
    if (f.kids.empty()) return leaf(e, a, b, top ? kind_ : value_kind::unknown);
    // an object: repeated children are arrays, in the order of their first appearance
    const std::size_t id = new_node(nk_object);
    std::map<std::string_view, std::size_t> member_of;
    auto& members = nodes_[id].members;
    for (const auto& kid : f.kids) {  // the keys view f.kids' names, which stay put
      const auto it = member_of.find(kid.first);
      if (it != member_of.end()) {
        members[it->second].second.push_back(kid.second);
        continue;
      }
      member_of.emplace(kid.first, members.size());
      members.emplace_back(kid.first, std::vector<std::size_t>{kid.second});
    }
    return id;
  }

  std::size_t new_node(node_kind kind) {
    if (nodes_used_ == nodes_.size()) nodes_.emplace_back();
    node& n = nodes_[nodes_used_];
    n.kind = kind;
    n.json.clear();
    n.members.clear();
    return nodes_used_++;
  }

  std::size_t span_node(std::size_t a, std::size_t b) {
    const std::size_t id = new_node(nk_span);
    nodes_[id].a = a;
    nodes_[id].b = b;
    return id;
  }

  std::size_t json_node(std::string_view json) {
    const std::size_t id = new_node(nk_json);
    nodes_[id].json.assign(json.data(), json.size());
    return id;
  }

  /// A leaf, the text raw_[a, b), typed by `kind` (see the rules at the top of this file).
  std::size_t leaf(const region_ctx& e, std::size_t a, std::size_t b, value_kind kind) {
    const std::string_view text = std::string_view(raw_).substr(a, b - a);
    if (kind == value_kind::typed) {
      const char* why = dec_.typed(e, text);
      if (!why) {
        if (dec_.repaired()) note(e, "read as a Python literal or repaired JSON", severity::note);
        return json_node(dec_.out());
      }
      note(e, std::string("is not JSON or a Python literal (") + why + "); kept as a string", severity::warning);
      return span_node(a, b);
    }
    if (kind == value_kind::unknown && dec_.strict_json(e, text)) return json_node(dec_.out());
    return span_node(a, b);
  }

  /// Writes node `root` as JSON (no recursion: the nesting depth is the user's max_depth).
  void emit(std::size_t root, std::string& out) {
    const auto start = [&](std::size_t id) {  // a scalar is written whole; true: an object opens
      const node& n = nodes_[id];
      switch (n.kind) {
        case nk_json: out += n.json; return false;
        case nk_span:
          out += '"';
          escape(out, std::string_view(raw_).substr(n.a, n.b - n.a));
          out += '"';
          return false;
        case nk_object: out += '{'; return true;
      }
      return false;
    };
    emit_.clear();
    if (start(root)) emit_.push_back({root, 0, 0});
    while (!emit_.empty()) {
      cursor& c = emit_.back();
      const node& n = nodes_[c.node];
      if (c.member == n.members.size()) {
        out += '}';
        emit_.pop_back();
        continue;
      }
      const auto& m = n.members[c.member];
      if (c.item == m.second.size()) {
        if (m.second.size() > 1) out += ']';
        ++c.member;
        c.item = 0;
        continue;
      }
      if (c.item == 0) {
        if (c.member) out += ',';
        out += '"';
        escape(out, m.first);
        out += "\":";
        if (m.second.size() > 1) out += '[';
      } else {
        out += ',';
      }
      const std::size_t child = m.second[c.item++];
      if (start(child)) emit_.push_back({child, 0, 0});  // `c` is not used after this
    }
  }

  // ---- the call ------------------------------------------------------------------------------

  void open_call(const region_ctx& e) {
    e.calls.begin_call(name_, "", fmt_, e.place.region_abs());
    in_call_ = true;
    args_.assign(1, '{');
  }

  act end_tool(const region_ctx& e, bool repaired) {
    if (!in_call_) open_call(e);
    flush_pending();
    args_ += '}';
    flush(e);
    e.calls.end_call(abs_ + 1, repaired_ || repaired);
    in_call_ = false;
    return a_done;
  }

  step empty_call(const region_ctx& e) {
    self_close_ = false;
    abs_ = e.place.chunk_abs();
    open_call(e);
    args_ += '}';
    flush(e);
    e.calls.end_call(abs_, false);
    in_call_ = false;
    return {step::done, 0};
  }

  void note(const region_ctx& e, const std::string& what, severity level) {
    flush(e);
    std::string m = "argument \"";
    m += key_;
    m += "\" ";
    m += what;
    e.text.diag(errc::normalized, abs_, std::move(m), level);
  }

  void flush(const region_ctx& e) {
    if (!in_call_ || args_.empty()) return;
    e.calls.call_args(args_);
    args_.clear();
  }

  act fail(const region_ctx& e, errc code, const char* msg) {
    flush(e);
    why_ = failure{code, msg, in_call_ ? severity::error : severity::warning};
    return a_fail;
  }

  std::string_view fmt_;
  failure why_;       // why byte() failed (fail())
  std::string name_;  // the tool's name, from the trigger
  state st_ = s_between;
  bool self_close_ = false, seen_ = false, in_call_ = false, repaired_ = false, dup_ = false, lead_ = false;
  value_kind kind_ = value_kind::unknown;  // the schema's verdict for key_
  std::size_t count_ = 0, frames_used_ = 0, abs_ = 0;
  std::string args_;                  // arguments not yet passed to call_args
  std::string key_;                   // the argument being read
  std::string wsh_;                   // whitespace in a string value that may be trailing
  xml_string_writer sw_;              // string values (UTF-8 sequences cut by a chunk wait)
  std::string raw_;                   // a held argument's raw inner text
  std::string pending_key_;           // the held argument waiting for the next name
  std::vector<std::string> pending_;  // its values (several: an array)
  std::set<std::string> written_;     // arguments already written
  std::vector<frame> frames_;         // open elements of a held value (frames_used_ of them)
  std::vector<node> nodes_;           // the held value's parts (nodes_used_ of them)
  std::vector<cursor> emit_;
  std::size_t nodes_used_ = 0;
  morph_tag_reader tag_;
  xml_value_decoder dec_;             // leaves: typed, or decoded when strict JSON
};

}  // namespace detail

namespace formats {

struct morph_xml {
  static constexpr std::string_view name = "morph_xml";
  /// `<NAME>` and `<NAME/>` for each tool whose name can be a tag; the variant is its index.
  static std::vector<detail::trigger_def> tool_triggers(const std::vector<std::string>& names) {
    std::vector<detail::trigger_def> v;
    std::set<std::string> seen;
    for (std::size_t k = 0; k < names.size(); ++k) {
      if (!detail::morph_tag_reader::valid_name(names[k]) || !seen.insert(names[k]).second) continue;
      v.push_back({"<" + names[k] + ">", detail::trig_cond::anywhere, static_cast<int>(k)});
      v.push_back({"<" + names[k] + "/>", detail::trig_cond::anywhere, static_cast<int>(k)});
    }
    return v;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    // after every family with a fixed opener: a tool named like another family's tag
    // (`tool_call`) is read by that family first
    d.priority = 95;
    d.description = "tag-per-tool XML <NAME><KEY>V</KEY></NAME> (AI SDK morph-XML; needs the request's tools)";
    d.traits.values_as_text = true;
    d.traits.child_elements = true;
    d.tool_triggers = &tool_triggers;
    d.make = [] { return std::unique_ptr<detail::handler>(new detail::morph_xml_handler(name)); };
    end_tokens::add(d.markers, end_tokens::generic());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MORPH_XML_HPP
