// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_CUSTOM_HPP
#define TOOLCALL_DETAIL_CUSTOM_HPP

// Custom formats from data (format_spec in format.hpp): a begin marker,
// an end marker and a payload kind, or an RE2 pattern with named groups `name` and `args`, or
// XML parameters described by their tag spellings (an xml_spec).
//
// The two spec-driven XML handlers (xml_region_handler, xml_block_handler) are in
// custom_xml.hpp, included here; tool_line_handler reads pythonic calls opened by a declared
// tool's name (format_spec::tool_name_triggers).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bodies.hpp"
#include "engine_core.hpp"
#include "json_call.hpp"
#include "custom_xml.hpp"
#include "regex.hpp"
#include "xml_body.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * A pythonic call on a line of its own (format_spec's tool_name_triggers), opened two ways:
 * - by a declared tool's name at a line start: the trigger is `NAME(` or `NAME (`;
 * - by any identifier at the start of the output or right after a call, when the request's
 *   tools are not known (variant k_bare_variant: the trigger is the name's first byte). The
 *   name is read up to `(`; anything else first, or a name the request does not declare, is no
 *   call and no diagnostic (a word of prose).
 * Then the arguments up to `)`, and the line must end, or one of the format's markers start (an
 * end-of-turn token written right after the call, as chat templates render it). The decision
 * is taken at the first byte after `)` that is not a space or a tab, so it does not depend on
 * the chunking. Anything else on the line makes the call prose (a warning, the text stays
 * content). The call is only certain then: its events are held until that byte (held_call), so
 * a client that streams calls live never sees one the line turns into prose.
 */
class tool_line_handler final : public handler {
 public:
  static constexpr int k_bare_variant = 1 << 21;
  tool_line_handler(std::string_view format, std::vector<std::string_view> markers)
      : fmt_(format), markers_(std::move(markers)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    held_.clear();
    naming_ = variant == k_bare_variant;
    if (naming_) {
      name_.assign(trigger.data(), trigger.size());
      return;
    }
    std::string_view n = trigger.substr(0, trigger.empty() ? 0 : trigger.size() - 1);  // the `(`
    while (!n.empty() && n.back() == ' ') n.remove_suffix(1);
    name_.assign(n.data(), n.size());
    begin_args(e);
  }
  step feed(const region_ctx& e, std::string_view in) override {
    if (!naming_) return check(py_.feed(held_.point(e), in), in);
    for (std::size_t i = 0; i < in.size(); ++i) {
      const char c = in[i];
      // the vendor's `[A-Za-z_][A-Za-z0-9_]*` (is_ident_char also takes `$`)
      if (is_ident_char(static_cast<unsigned char>(c)) && c != '$' && name_.size() < 256) {
        name_ += c;
        continue;
      }
      if (c != '(' || !e.request.tool_declared(name_)) return step::failed(i, errc::ok, "", severity::note);
      naming_ = false;
      begin_args(e);
      const std::string_view rest = in.substr(i + 1);
      return check(py_.feed(held_.point(e), rest), rest).after(i + 1);
    }
    return {step::more, in.size()};
  }
  step finish(const region_ctx& e) override {
    if (naming_) return step::failed(0, errc::ok, "", severity::note);
    return check(py_.finish(held_.point(e)), {});
  }

 private:
  /// The line's call, held until the line is known to hold it alone (check): then sent whole.
  class held_call final : public forwarding_calls {
   public:
    region_ctx point(const region_ctx& e) {
      forward_to(e.calls);
      return e.with_calls(*this);
    }
    void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t begin_abs) override {
      begun_ = open_ = true;
      ended_ = false;
      name_.assign(name.data(), name.size());
      id_.assign(id.data(), id.size());
      fmt_ = format;  // a format's name: it outlives the region
      begin_abs_ = begin_abs;
      args_.clear();
    }
    bool call_open() const override { return open_; }
    void call_args(std::string_view text) override { args_.append(text.data(), text.size()); }
    void end_call(std::size_t end_abs, bool repaired) override {
      open_ = false;
      ended_ = true;
      end_abs_ = end_abs;
      repaired_ = repaired;
    }
    bool abandon_call() override {
      if (!open_) return false;
      clear();
      return true;
    }
    std::string* args_buffer(bool) override { return nullptr; }
    void args_appended() override {}
    /// Sends the held call to the region's sink.
    void release() {
      if (!begun_) return;
      c_->begin_call(name_, id_, fmt_, begin_abs_);
      if (!args_.empty()) c_->call_args(args_);
      if (ended_) c_->end_call(end_abs_, repaired_);
      clear();
    }
    void clear() noexcept { begun_ = open_ = ended_ = false; }

   private:
    bool begun_ = false, open_ = false, ended_ = false, repaired_ = false;
    std::string name_, id_, args_;
    std::string_view fmt_;
    std::size_t begin_abs_ = 0, end_abs_ = 0;
  };

  void begin_args(const region_ctx& e) {
    pythonic_body::config c;
    c.list = false;
    c.format = fmt_;
    py_.begin_args(held_.point(e), c, name_);
  }
  /// The body ends at the first byte after `)` that is not whitespace (`in[consumed]`); the
  /// whitespace it read is in its tail. A line that holds the call alone sends it (to the sink
  /// held_ was pointed at by the feed or finish that gave `s`).
  step check(step s, std::string_view in) {
    if (s.st == step::fail) held_.clear();
    if (s.st != step::done) return s;
    const bool at_end = s.consumed >= in.size();
    bool ok = at_end || s.tail().find('\n') != std::string_view::npos;
    if (!ok) {
      // a marker's first byte ends the line too (`)<|end_of_text|>`)
      const char c = in[s.consumed];
      for (std::string_view m : markers_)
        if (!m.empty() && m[0] == c) ok = true;
    }
    if (!ok) {
      held_.clear();
      return step::failed(s.consumed, errc::invalid_call, "text follows the call on its line", severity::warning);
    }
    held_.release();
    return s;
  }
  std::string_view fmt_;
  std::vector<std::string_view> markers_;
  std::string name_;
  bool naming_ = false;
  held_call held_;
  pythonic_body py_;
};

struct custom_def {
  /// The variant of the triggers prompt_opens_call adds: the trigger is the name's first byte.
  static constexpr int k_prompt_variant = 1 << 20;
  std::string name;
  std::string begin, end;
  int payload = 0;  // 0 json object, 1 json array, 2 pythonic, 3 regex, 4 xml parameters, 5 name then JSON
  std::string name_key, args_key;
  std::vector<std::string> ends;  // the closer of each trigger variant (empty: `end` for all)
  std::string name_end;           // payload 5: what ends the name
  std::string name_prefix, name_index;  // payload 5: the name is inside a call id
  bool py_list = false;           // payload 2: a list `[f(), g()]` after the opener
  bool py_lines = false;          // payload 2: several calls, each on its own line
  regex pattern;
  struct rewrite {  // payload 4: a spelling rewritten before the reader (spec_xml_rewrites)
    std::string from, to;
    int pair = 0;
  };
  std::vector<rewrite> rewrites;
  // payload 4: the tag spellings, owned here; `xml` views them (set by bind_xml, never copied)
  std::string call_prefix, fn_open, fn_close, param_open, param_name_end, value_open, param_close, type_attr;
  xml_spec xml;
  void bind_xml(xml_name fn_name, xml_name param_name, xml_trim trim, bool multi) {
    xml = xml_spec{};
    xml.format = name;
    xml.call_prefix = call_prefix;
    xml.fn_open = fn_open;
    xml.fn_name = fn_name;
    xml.fn_close = fn_close;
    xml.param_open = param_open;
    xml.param_name = param_name;
    xml.param_name_end = param_name_end;
    xml.value_open = value_open;
    xml.param_close = param_close;
    xml.call_close = end;
    xml.trim = trim;
    xml.multi = multi;
    xml.type_attr = type_attr;
  }
};

class custom_handler final : public handler {
 public:
  explicit custom_handler(std::shared_ptr<const custom_def> d) : keep_(std::move(d)), d_(*keep_) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    body_text_.clear();
    m_.clear();
    end_ = d_.end;
    if (variant >= 0 && static_cast<std::size_t>(variant) < d_.ends.size()) end_ = d_.ends[static_cast<std::size_t>(variant)];
    if (d_.payload == 5) {
      naming_ = true;
      name_.clear();
      if (variant == custom_def::k_prompt_variant) name_.assign(trigger.data(), trigger.size());
      return;
    }
    if (d_.payload == 4) {
      xml_.begin(e, d_.xml);
      xml_.opened_by(trigger);
      return;
    }
    if (d_.payload == 2) {
      bracket_ = d_.py_list;  // the list's `[` comes first
      peeking_ = false;
      peek_.clear();
      skipping_ = false;
      lines_good_ = 0;
      begin_py(e);
      return;
    }
    if (d_.payload == 3) return;
    json_body::config c;
    c.shape.name_key = true;
    c.shape.function_object = true;
    c.shape.name_alias = d_.name_key;
    c.shape.args_alias = d_.args_key;
    c.shape.allow_array = d_.payload == 1;
    c.closer = end_;
    c.format = d_.name;
    c.multi = d_.payload == 1;
    json_.begin(e, c);
  }
  step feed(const region_ctx& e, std::string_view in) override {
    if (d_.payload == 5) return feed_named(e, in);
    if (d_.payload == 4) return xml_.feed(e, in);
    if (d_.payload == 2) return feed_py(e, in);
    if (d_.payload != 3) return json_.feed(e, in);
    // regex: collect the body up to the end marker, then match it whole
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (end_.empty()) {
        body_text_ += in[i];
        continue;
      }
      m_ += in[i];
      const pm r = prefix_match(m_, end_);
      if (r == pm::full) return match(e, i + 1);
      if (r == pm::partial) continue;
      body_text_ += m_[0];
      std::string rest = m_.substr(1);
      m_.clear();
      for (char c : rest) {
        m_ += c;
        if (prefix_match(m_, end_) == pm::no) {
          body_text_ += m_[0];
          m_.erase(0, 1);
        }
      }
    }
    return {step::more, in.size()};
  }
  step finish(const region_ctx& e) override {
    if (d_.payload == 5) {
      if (naming_) {
        return step::failed(0, errc::unterminated_call, "the text ends inside the function name", severity::error);
      }
      return json_.finish(e);
    }
    if (d_.payload == 4) return xml_.finish(e);
    if (d_.payload == 2) {
      if (bracket_) {
        return step::failed(0, errc::unterminated_call, "the text ends before the call list", severity::error);
      }
      if (skipping_) {  // the text ends on a skipped line
        skipping_ = false;
        return lines_good_ ? step{step::done, 0} : no_line_left(0);
      }
      if (peeking_) {  // the text ends on a line that is no call: it is content
        peeking_ = false;
        if (!lines_good_) return no_line_left(0);
        return step::done_with(0, take_bytes(peek_));
      }
      return py_.finish(e);
    }
    if (d_.payload != 3) return json_.finish(e);
    body_text_ += m_;
    return match(e, 0);
  }

 private:
  void begin_py(const region_ctx& e) {
    pythonic_body::config c;
    c.list = d_.py_list;
    c.closer = end_;
    c.format = d_.name;
    // sets, tuples, `07`, inner quotes: read, not failed (no vendor makes another call of them)
    c.python_repairs = true;
    py_.begin(e, c);
  }
  /// payload 2: with py_list, whitespace then `[` first; with py_lines, a call that ends at a
  /// line break followed by `NAME(` is followed by another call, read afresh; a line that is
  /// not `NAME(` ends the region there and goes back to content. Each decision is taken at one
  /// byte, whatever the chunking. With py_lines, a line whose call began and broke (or any
  /// failed line after a good call) drops that call alone: the line is skipped to its end (or
  /// to the closer), as the pythonic-lines readers keep the lines they can parse; a block with
  /// no good call fails.
  step feed_py(const region_ctx& e, std::string_view in) {
    std::size_t off = 0;
    while (bracket_ && off < in.size()) {
      const unsigned char c = static_cast<unsigned char>(in[off]);
      if (is_json_ws(c)) {
        ++off;
        continue;
      }
      if (c != '[') {
        return step::failed(off, errc::invalid_call, "expected '[' opening the call list", severity::warning);
      }
      bracket_ = false;
      ++off;
    }
    for (;;) {
      if (skipping_) {
        for (; skipping_ && off < in.size(); ++off) {
          const char c = in[off];
          if (!end_.empty()) {
            skip_m_ += c;
            const pm r = prefix_match(skip_m_, end_);
            if (r == pm::full) {
              skipping_ = false;
              return lines_good_ ? step{step::done, off + 1} : no_line_left(off + 1);
            }
            if (r == pm::partial) continue;
            skip_m_.clear();
            if (c == end_[0]) {
              skip_m_ += c;
              continue;
            }
          }
          if (c == '\n') {
            skipping_ = false;
            peek_.assign(1, '\n');
            peek_name_ = 0;
            peeking_ = true;
          }
        }
        if (skipping_) return {step::more, in.size()};
      }
      if (peeking_) {
        // the next line after a call: `NAME(` starts another call, anything else ends the region
        for (; off < in.size(); ++off) {
          const char c = in[off];
          const bool ident = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                             c == '.' || c == '-';
          if (ident && peek_name_ < 256) {
            peek_ += c;
            ++peek_name_;
            continue;
          }
          if (c != '(') {
            peeking_ = false;
            if (!lines_good_) return no_line_left(off);
            return step::done_with(off, take_bytes(peek_));
          }
          peeking_ = false;
          begin_py(e);
          const std::size_t name_at = peek_.find_first_not_of(" \t\r\n");
          std::string head = peek_.substr(name_at);
          head += '(';
          (void)py_.feed(e, head);
          peek_.clear();
          ++off;
          break;
        }
        if (peeking_) return {step::more, in.size()};
      }
      const bool began = py_.began();
      step s = py_.feed(e, in.substr(off));
      s.consumed += off;
      if (s.st == step::fail && d_.py_lines && (lines_good_ || began || py_.began()) &&
          !(s.why() && is_limit(s.why()->code))) {
        if ((began || py_.began()) && !e.calls.abandon_call()) return s;
        e.text.diag(errc::invalid_call, e.place.region_abs(),
                    "a line of the call block is not a Python call: it was skipped", severity::warning);
        skipping_ = true;
        skip_m_.clear();
        off = s.consumed;
        continue;
      }
      if (s.st == step::done) ++lines_good_;
      if (s.st == step::done && d_.py_lines && s.consumed < in.size() &&
          s.tail().find('\n') != std::string_view::npos &&
          s.tail().find_first_not_of(" \t\r\n") == std::string_view::npos) {
        const unsigned char c = static_cast<unsigned char>(in[s.consumed]);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
          off = s.consumed;
          peek_ = std::string(s.tail());
          peek_name_ = 0;
          peeking_ = true;
          continue;
        }
      }
      return s;
    }
  }
  /// payload 5: the name, up to name_end (or to `{`, `"` or whitespace), then a JSON
  /// arguments object read by a json_body that knows the name.
  step feed_named(const region_ctx& e, std::string_view in) {
    std::size_t i = 0;
    while (naming_ && i < in.size()) {
      const char c = in[i];
      bool done = false;
      std::size_t keep = 0;  // bytes of `in` from i that belong to the arguments
      if (d_.name_end.empty()) {
        if (c == '{' || c == '"' || is_json_ws(static_cast<unsigned char>(c))) {
          done = !name_.empty() || c == '{' || c == '"';
          if (!done) {  // whitespace before the name
            ++i;
            continue;
          }
          keep = 1;
        } else {
          name_ += c;
        }
      } else {
        name_ += c;
        if (name_.size() >= d_.name_end.size() &&
            std::string_view(name_).substr(name_.size() - d_.name_end.size()) == d_.name_end) {
          name_.resize(name_.size() - d_.name_end.size());
          done = true;
        }
      }
      if (!done) {
        if (name_.size() > 256 + d_.name_end.size()) return bad_name(i);
        ++i;
        continue;
      }
      std::string_view n = name_;
      while (!n.empty() && is_json_ws(static_cast<unsigned char>(n.front()))) n.remove_prefix(1);
      n = rtrim_ws(n);
      id_.clear();
      if (!d_.name_prefix.empty() || !d_.name_index.empty()) {
        // a call id holding the name: `functions.NAME:0` -> NAME, the id kept
        id_ = std::string(n);
        if (!d_.name_prefix.empty() && n.substr(0, d_.name_prefix.size()) == d_.name_prefix)
          n.remove_prefix(d_.name_prefix.size());
        const std::size_t k = d_.name_index.empty() ? std::string_view::npos : n.rfind(d_.name_index);
        if (k != std::string_view::npos && k + d_.name_index.size() < n.size() &&
            n.find_first_not_of("0123456789", k + d_.name_index.size()) == std::string_view::npos) {
          n = n.substr(0, k);
        } else if (!d_.name_index.empty()) {
          // an id without its counter is no call id of the family (vLLM's kimi_k2 parser drops it)
          return step::failed(i, errc::invalid_call,
                              "the call id has no " + d_.name_index + "N counter: it is not a call id",
                              severity::error);
        }
      }
      if (!valid_call_name(n)) return bad_name(i);
      name_ = std::string(n);
      naming_ = false;
      json_body::config jc;
      jc.shape.args_only = true;
      jc.shape.allow_array = false;
      jc.name = name_;
      jc.id = id_;
      jc.closer = end_;
      jc.format = d_.name;
      json_.begin(e, jc);
      if (keep == 0) ++i;
    }
    if (naming_) return {step::more, in.size()};
    if (i == in.size()) return {step::more, in.size()};
    fixed_place sub_at(e.place, e.place.chunk_abs() + i);
    const region_ctx sub = e.with_place(sub_at);
    const step s = json_.feed(sub, in.substr(i));
    return s.after(i);
  }
  step no_line_left(std::size_t i) {
    return step::failed(i, errc::invalid_call, "no line of the call block is a call", severity::warning);
  }
  static bool is_limit(errc c) noexcept { return c == errc::limit_depth; }
  step bad_name(std::size_t i) {
    return step::failed(i, errc::missing_name, "no usable function name before the arguments", severity::warning);
  }

  step match(const region_ctx& e, std::size_t consumed) {
    std::string name, args;
    if (!d_.pattern.match_call(body_text_, name, args) || !valid_call_name(name)) {
      return step::failed(consumed, errc::invalid_call, "the body does not match the format's pattern",
                          severity::error);
    }
    std::string_view a = args;
    while (!a.empty() && is_json_ws(static_cast<unsigned char>(a.front()))) a.remove_prefix(1);
    if (a.empty()) a = "{}";
    lx_.reset(nullptr, e.request.max_depth());
    lex_step s = lx_.feed(a);
    if (s.st == lex_step::done) {
      for (char c : a.substr(s.consumed))
        if (!is_json_ws(static_cast<unsigned char>(c))) s.st = lex_step::fail;
    } else if (s.st == lex_step::more) {
      s = lx_.finish();
    }
    if (s.st != lex_step::done || lx_.out().empty() || lx_.out()[0] != '{') {
      return step::failed(consumed, errc::invalid_arguments, "arguments are not a JSON object", severity::error);
    }
    e.calls.begin_call(name, "", d_.name, 0);
    e.calls.call_args(lx_.out());
    e.calls.end_call(0, lx_.repaired());
    return {step::done, consumed};
  }

  std::shared_ptr<const custom_def> keep_;
  const custom_def& d_;
  json_body json_;
  pythonic_body py_;
  xml_call_body xml_;
  json_lexer lx_;
  std::string body_text_, m_;
  std::string_view end_;
  std::string name_, id_;
  bool naming_ = false;
  bool bracket_ = false;  // payload 2 with py_list: the `[` is still to come
  bool peeking_ = false;  // payload 2 with py_lines: reading the line after a call
  std::string peek_;      // that line's whitespace and name so far
  std::size_t peek_name_ = 0;
  bool skipping_ = false;       // payload 2 with py_lines: skipping a line that is no call
  std::string skip_m_;          // that line's bytes that may begin the closer
  std::size_t lines_good_ = 0;  // payload 2 with py_lines: the calls read
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_CUSTOM_HPP
