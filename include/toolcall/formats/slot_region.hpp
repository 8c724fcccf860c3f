// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_SLOT_REGION_HPP
#define TOOLCALL_FORMATS_SLOT_REGION_HPP

// The handler of the token-slot families added in 0.3 (plamo3, solar_open, inkling): a call
// is a fixed sequence of special tokens with slots between them, written as data:
//
//   opener [token]* [id slot] [name slot] [token]* (JSON arguments | JSON call object) [token]*
//
// - a token step is a literal (optional ones may be absent); whitespace may stand before any
//   token, as detokenizers and models put it there;
// - an id or name slot is the text up to the token that ends it (trimmed); the name must be a
//   usable function name, the id is kept when the spec's check accepts it (else generated);
// - the arguments are a JSON object read by detail::json_body (args_only, the name known),
//   or a whole call object `{"name", "args"|"arguments"}` (the slot name is then only a
//   header), up to the step's closer;
// - the tokens after the JSON are the call's closers: each may be missing (a stop sequence
//   ate it); what does not match goes back to the scanner.
//
// A trigger variant with no steps is a section opener: markup when (after whitespace) one of
// its `follow` tokens comes next, which is handed back to the scanner so the call opener opens
// its own region (a bad call fails alone). Anything else fails quietly, for the next claimant
// of the same opener (`<|tool_calls|>` is Solar Open's section and Sarashina's list marker).
// A variant with steps may list `follow` tokens too: an opener directly followed by one of
// them is markup (Inkling's `<|message_model|>` before a text block).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/handlers.hpp"
#include "../detail/json_call.hpp"
#include "json_region.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// One step of a token-slot call.
struct slot_step {
  enum kind_t : std::uint8_t {
    token,  ///< the literal `text`
    id,     ///< the call id, up to the token `text`
    name,   ///< the function name, up to the token `text`
    args,   ///< a JSON arguments object, up to the closer `text` ("" none)
    call,   ///< a JSON call object (name and arguments), up to the closer `text`
  };
  kind_t kind = token;
  std::string_view text;
  bool optional = false;  ///< token: may be absent
};

/// How the region of one trigger variant is read.
struct slot_spec {
  std::vector<slot_step> steps;            ///< empty: a section opener
  std::vector<std::string_view> follow;    ///< the opener is markup when one of these follows
  bool (*id_ok)(std::string_view) = nullptr;  ///< id slot: kept when this accepts it
  call_shape shape = wrapper_shape();      ///< call step: the shapes of call object accepted
};

class slot_handler final : public handler {
 public:
  slot_handler(std::string_view format, std::vector<slot_spec> specs) : fmt_(format), specs_(std::move(specs)) {}

  void begin(const region_ctx&, std::string_view, int variant) override {
    const std::size_t v = static_cast<std::size_t>(variant);
    spec_ = &specs_[v < specs_.size() ? v : 0];
    k_ = 0;
    st_ = s_head;
    buf_.clear();
    slot_.clear();
    held_.clear();
    id_.clear();
    name_.clear();
    lead_.clear();
    started_ = false;
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      if (st_ == s_body) {
        const step s = body_.feed(e, i, in.substr(i));
        if (s.st != step::done) return s.st == step::more ? step{step::more, n} : s.after(i);
        i += s.consumed;
        st_ = s_trail;
        ++k_;
        held_.clear();
        if (k_ >= spec_->steps.size()) {
          return s.at(i);
        }
        // the bytes the body read past its end are the start of the closers
        const std::string t(s.tail());
        for (std::size_t j = 0; j < t.size(); ++j) {
          const int r = trail_byte(static_cast<unsigned char>(t[j]));
          if (r == 1) {
            return step::done_with(i, t.substr(j + 1));
          }
          if (r == 2) {
            return step::done_with(i, held_ + t.substr(j));
          }
        }
        continue;
      }
      if (st_ == s_trail) {
        const int r = trail_byte(static_cast<unsigned char>(in[i]));
        if (r == 1) return {step::done, i + 1};
        if (r == 2) {
          return step::done_with(i, take_bytes(held_));
        }
        ++i;
        continue;
      }
      // s_head: before the JSON
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (!started_ && !spec_->follow.empty()) {
        if (lead_.empty() && is_json_ws(c)) {
          held_ += static_cast<char>(c);
          ++i;
          continue;
        }
        lead_ += static_cast<char>(c);
        bool partial = false;
        for (std::string_view f : spec_->follow) {
          const pm r = prefix_match(lead_, f);
          if (r == pm::full) {
            // markup: the token that follows is scanned again
            return step::done_with(i + 1, held_ + lead_);
          }
          partial |= r == pm::partial;
        }
        ++i;
        if (partial) continue;
        if (spec_->steps.empty()) return quiet_fail(i - 1);
        // not a follow token: the bytes are the call's (a name, or the token after it)
        started_ = true;
        const std::string replay = std::move(lead_);
        lead_.clear();
        held_.clear();
        for (std::size_t j = 0; j < replay.size(); ++j) {
          const step s = head_byte(e, static_cast<unsigned char>(replay[j]), i - 1);
          if (s.st == step::fail) return s;
          if (st_ == s_body) return bad(i - 1, "markup inside the tool-call header");
        }
        continue;
      }
      const step s = head_byte(e, c, i);
      if (s.st == step::fail) return s;
      if (st_ != s_body) ++i;  // the body reads its first byte itself
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    switch (st_) {
      case s_body: return body_.finish(e);
      case s_trail: return step::done_with(0, take_bytes(held_));
      case s_head:
        break;
    }
    if (spec_->steps.empty() || (!started_ && slot_.empty() && buf_.empty()))
      return step::failed(0, errc::unterminated_call, "the text ends after the tool-call opener", severity::warning);
    return step::failed(0, errc::unterminated_call, "the text ends inside the tool-call header", severity::error);
  }

 private:
  enum state : std::uint8_t { s_head, s_body, s_trail };

  /// One byte before the JSON, at chunk offset `at`.
  step head_byte(const region_ctx& e, unsigned char c, std::size_t at) {
    if (k_ >= spec_->steps.size()) return bad(at, "the call has no arguments");
    const slot_step& s = spec_->steps[k_];
    switch (s.kind) {
      case slot_step::token: {
        if (buf_.empty() && is_json_ws(c)) return {step::more, 0};
        buf_ += static_cast<char>(c);
        const pm r = prefix_match(buf_, s.text);
        if (r == pm::partial) return {step::more, 0};
        if (r == pm::full) {
          buf_.clear();
          started_ = true;
          ++k_;
          return {step::more, 0};
        }
        if (s.optional && buf_.size() == 1) {
          buf_.clear();
          ++k_;
          return head_byte(e, c, at);
        }
        std::string m = "expected ";
        m.append(s.text.data(), s.text.size());
        return bad(at, std::move(m));
      }
      case slot_step::id:
      case slot_step::name: {
        if (!buf_.empty() || c == static_cast<unsigned char>(s.text[0])) {
          buf_ += static_cast<char>(c);
          const pm r = prefix_match(buf_, s.text);
          if (r == pm::partial) return {step::more, 0};
          if (r == pm::no) return bad(at, "markup inside the tool-call header");
          buf_.clear();
          std::string v = trimmed(slot_);
          slot_.clear();
          (s.kind == slot_step::id ? id_ : name_) = std::move(v);
          started_ = true;
          ++k_;
          return {step::more, 0};
        }
        if (slot_.size() >= 256) return bad(at, "the tool-call header is too long");
        slot_ += static_cast<char>(c);
        if (!is_json_ws(c)) started_ = true;
        return {step::more, 0};
      }
      case slot_step::args:
      case slot_step::call: {
        if (is_json_ws(c)) return {step::more, 0};
        json_body::config cfg;
        cfg.format = fmt_;
        cfg.closer = s.text;
        if (s.kind == slot_step::args) {
          const std::string_view nm = strip_functions_ns(name_);
          if (!valid_call_name(nm)) {
            return step::failed(at, errc::missing_name, "the call has no usable function name", severity::error);
          }
          name_.assign(nm.data(), nm.size());
          cfg.shape.args_only = true;
          cfg.name = name_;
          if (spec_->id_ok && spec_->id_ok(id_)) cfg.id = id_;
        } else {
          cfg.shape = spec_->shape;
          cfg.shape.allow_array = false;
        }
        body_.begin(e, at, cfg);
        started_ = true;
        st_ = s_body;
        // the byte is the body's first: the caller feeds it from `at`
        return {step::more, 0};
      }
    }
    return {step::more, 0};
  }

  /// A closer after the JSON: 0 read, 1 every closer matched, 2 not a closer (not consumed).
  /// A closer may be missing (a stop sequence ate it): the byte is tried against the next one.
  int trail_byte(unsigned char c) {
    while (k_ < spec_->steps.size()) {
      const slot_step& s = spec_->steps[k_];
      if (buf_.empty() && is_json_ws(c)) {
        held_ += static_cast<char>(c);
        return 0;
      }
      buf_ += static_cast<char>(c);
      const pm r = prefix_match(buf_, s.text);
      if (r == pm::partial) {
        held_ += static_cast<char>(c);
        return 0;
      }
      const bool fresh = buf_.size() == 1;
      buf_.clear();
      if (r == pm::full) {
        held_.clear();
        ++k_;
        return k_ >= spec_->steps.size() ? 1 : 0;
      }
      if (!fresh) return 2;  // part of a closer, then something else: all of it goes back
      ++k_;
    }
    return 2;
  }

  step bad(std::size_t at, std::string msg) {
    return step::failed(at, errc::invalid_call, std::move(msg), started_ ? severity::error : severity::warning);
  }
  static step quiet_fail(std::size_t i) { return step::failed(i, errc::ok, "", severity::note); }
  static std::string trimmed(std::string_view s) {
    while (!s.empty() && is_json_ws(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    s = rtrim_ws(s);
    return std::string(s);
  }

  std::string_view fmt_;
  std::vector<slot_spec> specs_;
  const slot_spec* spec_ = nullptr;
  std::size_t k_ = 0;
  state st_ = s_head;
  bool started_ = false;
  std::string buf_, slot_, held_, id_, name_, lead_;
  shifted_json_body body_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_SLOT_REGION_HPP
