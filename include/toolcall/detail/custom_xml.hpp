// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_CUSTOM_XML_HPP
#define TOOLCALL_DETAIL_CUSTOM_XML_HPP

// The two spec-driven XML handlers, shared by custom formats (detail/custom.hpp,
// detail/spec_compile.hpp) and the built-in XML rooms (formats/glm.hpp, minimax_m2.hpp, ...):
// - xml_region_handler: one region is one xml_call_body (Seed-OSS, Step-3, GLM, custom specs);
// - xml_block_handler: a block holding several invokes, each its own call, where a bad invoke
//   fails alone and goes back to content while the others parse (MiniMax-M2, DeepSeek DSML).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "json_call.hpp"
#include "xml_body.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// One region is one xml_call_body: the trigger is the region opener (`<seed:tool_call>`,
/// `<tool_call>` for GLM, Step-3's `<|tool_call_begin|>`). `specs[variant]` is the spelling of
/// the trigger that matched; the specs' strings must outlive the handler.
///
/// `close_at_end` (families without a function closer, GLM): when the text ends right after a
/// value's closer (and at most 64 bytes of whitespace), the call is complete and only the call
/// closer is missing (a stop sequence ate it): the call is accepted, as a family with a function
/// closer accepts `</function>` at the end of the text.
class xml_region_handler final : public handler {
 public:
  /// A trigger that ends inside the function tag (MiniCPM's `<function name="`): the body
  /// starts at the function name, and reads `reread` first (the name's opening quote, which the
  /// trigger holds). One per trigger variant; none: every trigger is the region opener.
  struct entry {
    bool at_name = false;
    std::string_view reread;
  };
  explicit xml_region_handler(std::vector<xml_spec> specs, bool close_at_end = false, std::vector<entry> entries = {})
      : specs_(std::move(specs)), close_at_end_(close_at_end), entries_(std::move(entries)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    last_.clear();
    const std::size_t v = variant >= 0 && static_cast<std::size_t>(variant) < specs_.size() ? static_cast<std::size_t>(variant) : 0;
    cur_ = &specs_[v];
    const std::size_t k = variant >= 0 ? static_cast<std::size_t>(variant) : 0;
    const entry en = k < entries_.size() ? entries_[k] : entry{};
    body_.begin(e, *cur_, en.at_name);
    body_.opened_by(trigger);
    if (!en.reread.empty()) {
      fixed_place sub_at(e.place, e.place.chunk_abs() - en.reread.size());
      const region_ctx sub = e.with_place(sub_at);
      (void)body_.feed(sub, en.reread);
    }
  }
  step feed(const region_ctx& e, std::string_view in) override {
    const step s = body_.feed(e, in);
    if (close_at_end_ && s.st == step::more) {
      last_.append(in.data(), s.consumed);
      if (last_.size() > keep) last_.erase(0, last_.size() - keep);
    }
    return s;
  }
  step finish(const region_ctx& e) override {
    if (close_at_end_ && !cur_->call_close.empty()) {
      std::string_view t = last_;
      std::size_t ws = 0;
      while (!t.empty() && is_json_ws(static_cast<unsigned char>(t.back()))) t.remove_suffix(1), ++ws;
      const std::string_view pc = cur_->param_close;
      if (ws <= 64 && t.size() >= pc.size() && t.substr(t.size() - pc.size()) == pc) {
        fixed_place sub_at(e.place, e.place.chunk_abs());
        const region_ctx sub = e.with_place(sub_at);
        const step s = body_.feed(sub, cur_->call_close);
        if (s.st == step::done) {
          return {step::done, 0};
        }
        if (s.st == step::fail) return s.at(0);
      }
    }
    return body_.finish(e);
  }

 private:
  static constexpr std::size_t keep = 128;
  std::vector<xml_spec> specs_;
  const xml_spec* cur_ = nullptr;
  bool close_at_end_ = false;
  std::vector<entry> entries_;
  std::string last_;  // the region's last bytes (close_at_end)
  xml_call_body body_;
};

/**
 * A block of invokes (`<minimax:tool_call>` ... `</minimax:tool_call>`, DSML's
 * `<|DSML|function_calls>` ... ): the trigger is the block opener, `variant` picks the block
 * closer. Between invokes only whitespace may stand (at most 64 bytes). Each invoke is read by
 * an xml_call_body whose call closer is the block closer, so a value or a function whose closer
 * is missing is repaired as in the other families.
 *
 * Each invoke is its own call: an invoke that fails before its call opens (no usable name, an
 * invoke without `name=`) is skipped up to its closer and its text goes back to content, with a
 * warning; the other invokes still parse. A block with no good invoke fails whole (all its text
 * is content), so prose that mentions the opener is left alone. A failure inside an open call
 * (a cut-off value, a bad parameter) fails the whole block, as in every family.
 */
class xml_block_handler final : public handler {
 public:
  struct config {
    xml_spec spec;                            ///< the invoke's body (its call_close is set per variant)
    std::string_view invoke_lead;             ///< `<invoke`: where an invoke starts, good or bad
    std::string_view invoke_close;            ///< `</invoke>`: where a bad invoke's text ends
    std::vector<std::string_view> closers;    ///< block closer per trigger variant
  };
  explicit xml_block_handler(config c) : cfg_(std::move(c)) {}

  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    spec_ = cfg_.spec;
    const std::size_t v = variant >= 0 && static_cast<std::size_t>(variant) < cfg_.closers.size() ? static_cast<std::size_t>(variant) : 0;
    closer_ = cfg_.closers.empty() ? std::string_view{} : cfg_.closers[v];
    spec_.call_close = closer_;
    spec_.multi = false;
    st_ = w_between;
    calls_ = 0;
    pend_.clear();
    raw_.clear();
    held_.clear();
    skip_m_.clear();
    inv_abs_ = 0;
    region_start_ = e.place.region_abs() + trigger.size();
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t used = 0;
    const step s = run(e, in, e.place.chunk_abs(), used);
    if (s.st == step::more) return {step::more, in.size()};
    return s.at(used);
  }

  step finish(const region_ctx& e) override {
    switch (st_) {
      case w_between: {
        if (calls_ == 0) return none(errc::invalid_call, "the block holds no call");
        return step::done_with(0, take_bytes(pend_));
      }
      case w_invoke: {
        fixed_place sub_at(e.place, e.place.chunk_abs());
        const region_ctx sub = e.with_place(sub_at);
        const step s = body_.finish(sub);
        if (s.st != step::done) return s.st == step::fail ? s.at(0) : step{step::fail, 0};
        ++calls_;
        flush_held(e);
        return s.at(0);
      }
      case w_skip:
        raw_ += skip_m_;
        skip_m_.clear();
        if (calls_ == 0) return none(errc::unterminated_call, "the text ends inside an invoke");
        skipped(e);
        return {step::done, 0};
    }
    return {step::fail, 0};
  }

 private:
  enum state : std::uint8_t { w_between, w_invoke, w_skip };
  static constexpr std::size_t max_ws = 64;

  step none(errc code, const char* msg) { return step::failed(0, code, msg, severity::warning); }

  /// Runs `s` (whose byte 0 is at `abs`) through the states; `used` is where done/fail happened.
  step run(const region_ctx& e, std::string_view s, std::size_t abs, std::size_t& used) {
    std::size_t i = 0;
    const std::size_t n = s.size();
    while (i < n) {
      switch (st_) {
        case w_between: {
          const unsigned char c = static_cast<unsigned char>(s[i]);
          const bool lead_ws = pend_.find_first_not_of(" \t\r\n") == std::string::npos;
          if (lead_ws && is_json_ws(c)) {
            pend_ += static_cast<char>(c);
            ++i;
            if (pend_.size() <= max_ws) continue;
            if (calls_ == 0) {
              used = i;
              return none(errc::invalid_call, "the block opener is not followed by an invoke");
            }
            used = i;
            return step::done_with(used, take_bytes(pend_));
          }
          std::string_view m = std::string_view(pend_);
          const std::size_t ws = m.find_first_not_of(" \t\r\n") == std::string_view::npos ? m.size() : m.find_first_not_of(" \t\r\n");
          std::string tag(m.substr(ws));
          tag += static_cast<char>(c);
          const pm a = prefix_match(tag, cfg_.invoke_lead);
          const pm b = closer_.empty() ? pm::no : prefix_match(tag, closer_);
          if (a == pm::full) {
            ++i;
            inv_abs_ = abs + i - tag.size();
            pend_.clear();
            start_invoke(e);
            continue;
          }
          if (b == pm::full) {
            ++i;
            used = i;
            if (calls_ == 0) return none(errc::invalid_call, "the block holds no call");
            return {step::done, used};
          }
          if (a == pm::partial || b == pm::partial) {
            pend_ += static_cast<char>(c);
            ++i;
            continue;
          }
          // neither an invoke nor the closer: the block ended without its closer
          used = i;
          if (calls_ == 0) return none(errc::invalid_call, "the block opener is not followed by an invoke");
          return step::done_with(used, take_bytes(pend_));
        }
        case w_invoke: {
          fixed_place sub_at(e.place, abs + i);
          const region_ctx sub = e.with_place(sub_at);
          const step r = body_.feed(sub, s.substr(i));
          raw_.append(s.data() + i, r.consumed);
          i += r.consumed;
          if (r.st == step::more) continue;
          if (r.st == step::fail) {
            if (e.calls.call_open()) {  // a failure inside the call fails the block
              used = i;
              return r.at(used);
            }
            st_ = w_skip;
            skip_m_.clear();
            continue;
          }
          // the invoke is a call
          ++calls_;
          flush_held(e);
          std::string back(r.tail());
          const std::string_view eff = std::string_view(raw_).substr(0, raw_.size() - std::min(raw_.size(), back.size()));
          raw_.clear();
          if (!closer_.empty() && eff.size() >= closer_.size() && eff.substr(eff.size() - closer_.size()) == closer_) {
            // the body read the block closer: the region ends here
            used = i;
            return step::done_with(used, std::move(back));
          }
          st_ = w_between;
          pend_.clear();
          if (!back.empty()) {
            // bytes read past the invoke: read them again before the rest of `s`
            const std::size_t back_abs = abs + i - back.size();
            std::size_t u = 0;
            const step t = run(e, back, back_abs, u);
            if (t.st == step::fail) {
              used = i;
              return t;
            }
            if (t.st == step::done) {
              used = i;
              return step::done_with(used, back.substr(u) + std::string(t.tail()));
            }
          }
          continue;
        }
        case w_skip: {
          const unsigned char c = static_cast<unsigned char>(s[i]);
          ++i;
          skip_m_ += static_cast<char>(c);
          const pm a = prefix_match(skip_m_, cfg_.invoke_close);
          const pm b = closer_.empty() ? pm::no : prefix_match(skip_m_, closer_);
          if (a == pm::full) {
            raw_ += skip_m_;
            skip_m_.clear();
            skipped(e);
            st_ = w_between;
            pend_.clear();
            continue;
          }
          if (b == pm::full) {
            skip_m_.clear();
            used = i;
            if (calls_ == 0) return none(errc::invalid_call, "the block holds no call");
            skipped(e);
            return {step::done, used};
          }
          if (a == pm::partial || b == pm::partial) continue;
          // not a closer: its bytes are the invoke's text; a `<` may start one
          const bool restart = c == '<';
          if (restart) skip_m_.pop_back();
          raw_ += skip_m_;
          skip_m_.clear();
          if (restart) skip_m_ += '<';
          continue;
        }
      }
    }
    used = n;
    return {step::more, n};
  }

  void start_invoke(const region_ctx& e) {
    st_ = w_invoke;
    raw_.assign(cfg_.invoke_lead.data(), cfg_.invoke_lead.size());
    fixed_place sub_at(e.place, inv_abs_);
    const region_ctx sub = e.with_place(sub_at);
    body_.begin(sub, spec_);
    body_.feed(sub, cfg_.invoke_lead);  // a prefix of fn_open: the body keeps reading
  }

  /// A bad invoke's text (raw_) goes back to content: after the block's calls, or held until
  /// the first good call (a block with none fails whole).
  void skipped(const region_ctx& e) {
    e.text.diag(errc::invalid_call, inv_abs_, "an invoke without a usable function name is kept as text",
                severity::warning);
    held_ += raw_;
    raw_.clear();
    flush_held(e);
  }

  void flush_held(const region_ctx& e) {
    if (calls_ == 0 || held_.empty()) return;
    e.text.region_content(held_);
    held_.clear();
  }

  config cfg_;
  xml_spec spec_;
  std::string_view closer_;
  state st_ = w_between;
  std::size_t calls_ = 0, inv_abs_ = 0, region_start_ = 0;
  std::string pend_;    // whitespace and a partial tag between invokes
  std::string raw_;     // the current invoke's text, from its lead
  std::string held_;    // bad invokes' text waiting for the first good call
  std::string skip_m_;  // a partial closer while skipping a bad invoke
  xml_call_body body_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_CUSTOM_XML_HPP
