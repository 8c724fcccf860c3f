// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_JSON_REGION_HPP
#define TOOLCALL_FORMATS_JSON_REGION_HPP

// The handler the JSON families of 0.2 share (granite, internlm2, jamba, functools, cohere,
// gigachat3): a region opener, optionally a second token, then a JSON call body
// (detail::json_body) with an optional closer. Each trigger variant of a room picks one
// `json_region_spec`. Two further kinds serve the reply wrappers some families write around
// their text (Granite 3.3 `<response>`, Hunyuan `<answer>`): an opener that is only markup, and
// a closer that is markup only where the reply ends.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/handlers.hpp"
#include "../detail/json_call.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The place of a body fed a suffix of the handler's chunk: positions the body computes from
/// chunk_abs() stay exact however the text was cut. It lives in the handler and is re-pointed
/// (point()) before every call into the body.
class shifted_place final : public forwarding_place {
 public:
  /// The context the body sees: `e` with chunk_abs() moved `shift` bytes on.
  region_ctx point(const region_ctx& e, std::size_t shift) noexcept {
    forward_to(e.place);
    shift_ = shift;
    return e.with_place(*this);
  }
  std::size_t chunk_abs() const override { return p_->chunk_abs() + shift_; }

 private:
  std::size_t shift_ = 0;
};

/// A JSON body read through a shifted_place (json_region_handler, slot_region_handler): each
/// call points the place first, `shift` being where the body's bytes start in the chunk.
class shifted_json_body {
 public:
  void begin(const region_ctx& e, std::size_t shift, const json_body::config& cfg) {
    body_.begin(at_.point(e, shift), cfg);
  }
  step feed(const region_ctx& e, std::size_t shift, std::string_view bytes) {
    return body_.feed(at_.point(e, shift), bytes);
  }
  step finish(const region_ctx& e) { return body_.finish(at_.point(e, 0)); }

 private:
  shifted_place at_;
  json_body body_;
};

/// How the region of one trigger variant is read.
struct json_region_spec {
  enum kind_t : std::uint8_t {
    json,        ///< [lead] JSON body [closer]
    wrap_open,   ///< a reply wrapper's opener: markup, nothing to read (a JSON body may follow)
    wrap_close,  ///< a reply wrapper's closer: markup when whitespace, then the end of the text
                 ///< or one of `follow`, comes next; otherwise the text is prose
  };
  kind_t kind = json;
  std::string_view lead;    ///< json: a token that must follow the opener after whitespace
  std::string_view inject;  ///< json: the opener's last bytes that belong to the JSON (`functools[`)
  bool array_only = false;  ///< json: anything but a list fails at once, for the next claimant
  bool json_inside = false; ///< wrap_open: a JSON body right after the opener is read (to `closer`)
  json_body::config body;   ///< json: shape, closer, multi (the format is the handler's)
  std::vector<std::string_view> follow;  ///< wrap_close: what may come after the closer
};

/// One handler for every trigger of a room; `specs[variant]` says how each region is read.
class json_region_handler final : public handler {
 public:
  json_region_handler(std::string_view format, std::vector<json_region_spec> specs)
      : fmt_(format), specs_(std::move(specs)) {}

  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    const std::size_t v = static_cast<std::size_t>(variant);
    spec_ = &specs_[v < specs_.size() ? v : 0];
    ws_.clear();
    m_.clear();
    empty_watch_ = false;
    switch (spec_->kind) {
      case json_region_spec::json:
        st_ = spec_->lead.empty() ? s_peek : s_lead;
        if (!spec_->inject.empty()) {
          start_body(e, spec_->body);
          (void)body_.feed(e, 0, spec_->inject);
          st_ = s_body;
          // an opener that opens the list itself (`functools[`), no closer: `]` after
          // whitespace is the empty list, markup with a note, as nemotron's `<TOOLCALL>[]`
          empty_watch_ = spec_->inject == "[" && spec_->body.closer.empty();
          if (empty_watch_) trigger_.assign(trigger.data(), trigger.size());
        }
        break;
      case json_region_spec::wrap_open: st_ = s_open; break;
      case json_region_spec::wrap_close: st_ = s_close; break;
    }
  }

  // a list-only spec fails quietly at the first byte past the whitespace that is not `[`
  bool declines(int variant, unsigned char b) const noexcept override {
    const std::size_t v = static_cast<std::size_t>(variant);
    if (specs_.empty()) return false;
    const json_region_spec& s = specs_[v < specs_.size() ? v : 0];
    return s.kind == json_region_spec::json && s.lead.empty() && s.inject.empty() && s.array_only && b != '[';
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_lead: {
          if (m_.empty() && is_json_ws(c)) {
            ++i;
            continue;
          }
          m_ += static_cast<char>(c);
          const pm r = prefix_match(m_, spec_->lead);
          if (r == pm::no) return quiet_fail(i);
          ++i;
          if (r == pm::full) st_ = s_peek;
          continue;
        }
        case s_peek:
          if (is_json_ws(c)) {
            ++i;
            continue;
          }
          if (spec_->array_only && c != '[') return quiet_fail(i);
          start_body(e, spec_->body);
          st_ = s_body;
          continue;
        case s_body: {
          if (empty_watch_) {
            std::size_t j = i;
            while (j < n && is_json_ws(static_cast<unsigned char>(in[j]))) ++j;
            if (j < n) empty_watch_ = false;
            if (j < n && in[j] == ']') {
              e.text.diag(errc::ok, e.place.region_abs(), trigger_ + "] holds no call", severity::note);
              return {step::done, j + 1};
            }
          }
          const step s = body_.feed(e, i, in.substr(i));
          return s.after(i);
        }
        case s_open:
          if (is_json_ws(c)) {
            ws_ += static_cast<char>(c);
            ++i;
            continue;
          }
          if (spec_->json_inside && (c == '{' || c == '[')) {
            start_body(e, spec_->body);
            st_ = s_body;
            continue;
          }
          return step::done_with(i, take_bytes(ws_));
        case s_close: {
          if (m_.empty() && is_json_ws(c)) {
            ws_ += static_cast<char>(c);
            ++i;
            continue;
          }
          m_ += static_cast<char>(c);
          bool partial = false;
          // what may follow: the spec's markers, or an end-of-turn token
          const auto follows = [&](std::string_view f) {
            const pm r = prefix_match(m_, f);
            partial |= r == pm::partial;
            return r == pm::full;
          };
          bool full = false;
          for (std::string_view f : spec_->follow) full = full || follows(f);
          for (std::string_view f : formats::end_tokens::any) full = full || follows(f);
          if (full) {
            // the marker after the closer is scanned again: it may open a call
            return step::done_with(i + 1, ws_ + m_);
          }
          if (!partial) return quiet_fail(i);
          ++i;
          continue;
        }
      }
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    switch (st_) {
      case s_body: return body_.finish(e);
      case s_open: return step::done_with(0, take_bytes(ws_));
      case s_close:
        if (!m_.empty()) return quiet_fail(0);
        return step::done_with(0, take_bytes(ws_));
      case s_peek:
        // the text ended right after the opener: never silent
        return step::failed(0, errc::unterminated_call, "the text ends after the tool-call marker", severity::warning);
      default: return quiet_fail(0);
    }
  }

 private:
  enum state : std::uint8_t { s_lead, s_peek, s_body, s_open, s_close };

  void start_body(const region_ctx& e, const json_body::config& c) {
    json_body::config cfg = c;
    cfg.format = fmt_;
    body_.begin(e, 0, cfg);
  }
  /// Not this format's syntax (prose that names the opener, or another family's payload):
  /// no diagnostic of its own, the next claimant or the text scanner gets the bytes.
  static step quiet_fail(std::size_t i) { return step::failed(i, errc::ok, "", severity::note); }

  std::string_view fmt_;
  std::vector<json_region_spec> specs_;
  const json_region_spec* spec_ = nullptr;
  state st_ = s_peek;
  std::string ws_, m_;
  shifted_json_body body_;
  std::string trigger_;       // the opener, when it opens the list
  bool empty_watch_ = false;  // only whitespace since an opener that opens the list
};

/// A json spec: `closer` (may be empty) and whether several values or a list are accepted.
inline json_region_spec json_spec(std::string_view closer, bool multi = false, call_shape shape = wrapper_shape()) {
  json_region_spec s;
  s.body.shape = shape;
  s.body.closer = closer;
  s.body.multi = multi;
  return s;
}

/// A reply wrapper's opener.
inline json_region_spec wrap_open_spec() {
  json_region_spec s;
  s.kind = json_region_spec::wrap_open;
  return s;
}

/// A reply wrapper's closer, markup when one of `follow` (or the end of the text) comes next.
inline json_region_spec wrap_close_spec(std::vector<std::string_view> follow) {
  json_region_spec s;
  s.kind = json_region_spec::wrap_close;
  s.follow = std::move(follow);
  return s;
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_JSON_REGION_HPP
