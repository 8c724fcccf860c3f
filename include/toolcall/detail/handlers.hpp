// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_HANDLERS_HPP
#define TOOLCALL_DETAIL_HANDLERS_HPP

// The handlers and helpers that more than one room uses; a handler used by one family lives in
// that family's room (formats/<family>.hpp). Syntax of each family: docs/formats/.
//
// - wrapper_shape(): the call shapes of a JSON call wrapped in a tag (hermes, qwen_drift,
//   mistral, llama3, cohere, json_region);
// - closer_reader: a closer after optional whitespace (harmony, fenced, gemma4, olmo3);
// - tag_json_handler: a JSON body between a tag and its closer (hermes, qwen_drift);
// - python_tag_handler: `<|python_tag|>` (llama3_json, function_key: the same opener, each
//   with its call shape);
// - bare_start_handler: bare JSON or a pythonic list at the start of the output, one claimant
//   built by the engine from every enabled format's `bare` shapes (detail/claims.hpp);
// - fence_handler, tool_call_handler: a markdown fence holding a call, or a tag holding one
//   (fenced, xlam; spellings in fence_spec, XML bodies read by xml_call_body).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bodies.hpp"
#include "custom_xml.hpp"
#include "engine_core.hpp"
#include "json_call.hpp"
#include "message_text.hpp"
#include "xml_body.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// The shapes of a JSON call inside a tag: `{"name", "arguments"}`, `{"function": "NAME"}`,
/// `{"function": {"name", "arguments"}}`; the arguments may be missing.
inline call_shape wrapper_shape() {
  call_shape s;
  s.name_key = true;
  s.function_string = true;
  s.function_object = true;
  s.tool_calls = false;
  s.require_args = false;
  return s;
}

/// Reads a closer after optional whitespace; a mismatch ends the region, giving the bytes back.
class closer_reader {
 public:
  void begin(std::string_view closer) {
    closer_ = closer;
    ws_.clear();
    m_.clear();
  }
  /// done: region ends at consumed (closer consumed, or not present: the bytes read are the
  /// step's tail)
  step feed(std::string_view in) {
    for (std::size_t i = 0; i < in.size(); ++i) {
      const char c = in[i];
      if (m_.empty() && is_json_ws(static_cast<unsigned char>(c))) {
        ws_ += c;
        continue;
      }
      m_ += c;
      const pm r = prefix_match(m_, closer_);
      if (r == pm::full) return {step::done, i + 1};
      if (r == pm::partial) continue;
      m_.pop_back();
      return step::done_with(i, ws_ + m_);
    }
    return {step::more, in.size()};
  }
  /// The text ended before the closer: the region ends, the bytes read go back.
  step give_back() const { return step::done_with(0, ws_ + m_); }

 private:
  std::string_view closer_;
  std::string ws_, m_;
};

// ---------------------------------------------------------------------------------------------
/// `<tools>[...]</tools>`, `<function>{...}</function>`, `<{...}>`: a JSON body in a tag.
class tag_json_handler final : public handler {
 public:
  /// One tag's spelling: its closer, whether several values may follow, whether a top-level
  /// array is accepted, and whether the opener's last byte (`<{`) is part of the JSON.
  struct tag {
    std::string_view closer;
    bool multi = true;
    bool allow_array = true;
    bool opener_brace = false;
    bool prose_is_error = false;  ///< a word right after the tag is an error, not a warning
  };
  /// `tags[variant]` is the spelling of the trigger with that variant.
  tag_json_handler(std::string_view format, std::vector<tag> tags) : fmt_(format), tags_(std::move(tags)) {}

  void begin(const region_ctx& e, std::string_view, int variant) override {
    const tag& t = tags_[static_cast<std::size_t>(variant)];
    json_body::config cfg;
    cfg.shape = wrapper_shape();
    cfg.multi = t.multi;
    cfg.closer = t.closer;
    cfg.format = fmt_;
    cfg.shape.allow_array = t.allow_array;
    cfg.prose_is_error = t.prose_is_error;
    body_.begin(e, cfg);
    if (t.opener_brace) (void)body_.feed(e, "{");
  }
  step feed(const region_ctx& e, std::string_view in) override {
    const step s = body_.feed(e, in);
    if (s.st == step::more) {
      if (const std::string* a = body_.plain_lane()) e.calls.plain_lane(this, a);
    }
    return s;
  }
  step finish(const region_ctx& e) override { return body_.finish(e); }

 private:
  std::string_view fmt_;
  std::vector<tag> tags_;
  json_body body_;
};

// ---------------------------------------------------------------------------------------------
/// The body of a region whose first byte chose between a JSON call and a pythonic one
/// (python_tag_handler, bare_start_handler): `at` says which was begun.
struct json_or_pythonic {
  enum kind : std::uint8_t { none, json_call, pythonic };
  kind at = none;
  json_body json;
  pythonic_body py;

  /// Feeds the chosen body the bytes of `in` from `i` (the step counts from the start of `in`).
  step feed(const region_ctx& e, std::string_view in, std::size_t i) {
    const step s = at == json_call ? json.feed(e, in.substr(i)) : py.feed(e, in.substr(i));
    return s.after(i);
  }
  step finish(const region_ctx& e) { return at == json_call ? json.finish(e) : py.finish(e); }
};

// ---------------------------------------------------------------------------------------------
/// `<|python_tag|>`: Llama 3.x JSON calls (`;`-separated), function-key JSON, or built-in
/// `NAME.call(key="value")`.
class python_tag_handler final : public handler {
 public:
  /// `shape`: the JSON call shapes accepted after the tag; `builtins`: `NAME.call(...)` too;
  /// `then`: an opener of another format that may follow the tag (Llama 3.1's `<function`):
  /// the tag is then markup before it, and the region ends there.
  python_tag_handler(std::string_view format, call_shape shape, bool builtins, std::string_view then = {})
      : fmt_(format), shape_(shape), builtins_(builtins), then_(then) {}
  void begin(const region_ctx&, std::string_view trigger, int) override {
    trigger_ = trigger;
    b_.at = b_.none;
    lt_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      if (b_.at == b_.none) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (is_json_ws(c) && lt_.empty()) { ++i; continue; }
        if (!then_.empty() && (c == static_cast<unsigned char>(then_[0]) || !lt_.empty())) {
          // `<|python_tag|><function=...>` (Llama 3.1): the tag is markup before the call's own opener
          lt_ += static_cast<char>(c);
          const pm m = prefix_match_exact(lt_, then_);
          if (m == pm::full) {
            return step::done_with(i + 1, take_bytes(lt_));
          }
          if (m == pm::partial) {
            ++i;
            continue;
          }
          if (lt_.size() > 1) {  // a started `<function` that is not one
            return step::failed(i, errc::marker_in_text, not_followed(), severity::warning);
          }
          lt_.clear();
        }
        if (c == '{') {
          json_body::config cfg;
          cfg.shape = shape_;
          cfg.shape.allow_array = false;
          cfg.semicolons = true;
          cfg.format = fmt_;
          b_.json.begin(e, cfg);
          b_.at = b_.json_call;
          continue;
        }
        if (is_ident_start(c) && builtins_) {
          pythonic_body::config cfg;
          cfg.list = false;
          cfg.strip_call_suffix = true;
          cfg.format = fmt_;
          b_.py.begin(e, cfg);
          b_.at = b_.pythonic;
          continue;
        }
        return step::failed(i, errc::marker_in_text, not_followed(), severity::warning);
      }
      return b_.feed(e, in, i);
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (b_.at == b_.none) return step::failed(0, errc::marker_in_text, not_followed(), severity::warning);
    return b_.finish(e);
  }

 private:
  std::string not_followed() const { return "`" + std::string(trigger_) + "` is not followed by a call"; }
  std::string_view fmt_;
  call_shape shape_;
  bool builtins_ = false;
  std::string_view then_, trigger_;
  std::string lt_;  ///< a `<` that may open `<function`
  json_or_pythonic b_;
};

// ---------------------------------------------------------------------------------------------
/// Output that starts with `{` or `[` (after whitespace): Llama 3.x raw JSON, function-key
/// JSON, the OpenAI envelope, a bare JSON array of calls, or a pythonic list. JSON without the
/// call shape is data and stays content (corpus README, "Bare JSON").
class bare_start_handler final : public handler {
 public:
  /// What the enabled formats accept as bare JSON, and the format each shape is reported as.
  struct config {
    call_shape shape;          ///< name_key, function_string, function_object/tool_calls
    bool semicolons = false;
    bool call_array = false;   ///< `[{call}, ...]`
    std::string_view pythonic; ///< the format of `[f(a=1)]` lists; empty: not accepted
  };
  explicit bare_start_handler(config c) : cfg_(c) {}
  void begin(const region_ctx& e, std::string_view trigger, int) override {
    ws_.clear();
    if (trigger == "{") {
      start_json(e, false);
      (void)b_.json.feed(e, "{");
      b_.at = b_.json_call;
    } else {
      b_.at = b_.none;
    }
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      if (b_.at == b_.none) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (is_json_ws(c)) { ws_ += static_cast<char>(c); ++i; continue; }
        if (c == '{' && cfg_.call_array) {
          start_json(e, true);
          (void)b_.json.feed(e, "[");
          b_.at = b_.json_call;
          continue;
        }
        if (is_ident_start(c) && !cfg_.pythonic.empty()) {
          pythonic_body::config cfg;
          cfg.list = true;
          cfg.format = cfg_.pythonic;
          b_.py.begin(e, cfg);
          b_.at = b_.pythonic;
          continue;
        }
        return step::failed(i, errc::ok, "", severity::note);
      }
      return b_.feed(e, in, i);
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (b_.at == b_.none) return step::failed(0, errc::ok, "", severity::note);
    return b_.finish(e);
  }

 private:
  void start_json(const region_ctx& e, bool array) {
    json_body::config cfg;
    cfg.shape = cfg_.shape;
    cfg.shape.require_args = true;
    cfg.shape.allow_array = array;
    if (array) cfg.shape.name_key = true;
    cfg.semicolons = cfg_.semicolons;
    b_.json.begin(e, cfg);
  }
  config cfg_;
  std::string ws_;
  json_or_pythonic b_;
};

// ---------------------------------------------------------------------------------------------
/// The spellings of a fenced call, given by the room (formats/fenced.hpp): the fence's closer,
/// and a tag a call may be wrapped in inside the fence (Hermes/Qwen `<tool_call>`), holding a
/// JSON call or XML parameters read by the one XML reader (xml_call_body).
struct fence_spec {
  std::string_view fence;      ///< the fence's closer
  std::string_view tag;        ///< the tag around a call inside the fence
  std::string_view tag_close;  ///< its closer (after a JSON call; the XML body's call_close)
  xml_spec xml;                ///< the XML body after the tag, from its function opener on
  /// Further tags around one JSON call inside the fence, {opener, closer} (the Hermes 2 Pro
  /// wrappers llama.cpp reads in a fence: `<response>`, `<function_call>`, ...).
  std::vector<std::pair<std::string_view, std::string_view>> json_tags;
};

/// The tag inside a markdown fence: a JSON call (Hermes/Qwen) up to the tag's closer, or XML
/// parameters (Qwen3-Coder `<function=NAME><parameter=...>`), both reported as the fence's
/// format. (The tag outside a fence belongs to formats/hermes.hpp and formats/qwen3_coder.hpp.)
class tool_call_handler final : public handler {
 public:
  explicit tool_call_handler(const fence_spec& spec) : sp_(spec) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_dispatch;
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    if (st_ == s_dispatch) {
      while (i < n && is_json_ws(static_cast<unsigned char>(in[i]))) ++i;
      if (i == n) return {step::more, n};
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (c == '{' || c == '[') {
        json_body::config cfg;
        cfg.shape = wrapper_shape();
        cfg.closer = sp_.tag_close;
        cfg.format = sp_.xml.format;
        cfg.multi = true;
        body_.begin(e, cfg);
        st_ = s_json;
      } else if (c == '<') {
        xml_.begin(e, sp_.xml);
        st_ = s_xml;
      } else {
        // corpus hard-p09: a closed tag around prose is an error; a mention in prose a warning
        return step::failed(i, errc::invalid_call, not_followed(), is_ident_start(c) ? severity::error : severity::warning);
      }
    }
    fixed_place sub_at(e.place, e.place.chunk_abs() + i);  // offsets in the body's diagnostics: of the text
    const region_ctx sub = e.with_place(sub_at);
    if (st_ == s_json) {
      const step s = body_.feed(sub, in.substr(i));
      return s.after(i);
    }
    const step s = xml_.feed(sub, in.substr(i));
    return s.after(i);
  }

  step finish(const region_ctx& e) override {
    step s;
    switch (st_) {
      case s_json:
        s = body_.finish(e);
        return s;
      case s_xml:
        s = xml_.finish(e);
        return s;
      default:
        return step::failed(0, errc::invalid_call, not_followed(), severity::warning);
    }
  }

 private:
  enum state : std::uint8_t { s_dispatch, s_json, s_xml };
  std::string not_followed() const { return std::string(sp_.tag) + " is not followed by a call"; }
  fence_spec sp_;
  state st_ = s_dispatch;
  json_body body_;
  xml_call_body xml_;
};

// ---------------------------------------------------------------------------------------------
/// A markdown fence at the start of a line: ```` ```json\n{call}\n``` ```` or ```` ```xml
/// <tool_call>...``` ````. Only a call-shaped payload makes a call; anything else (a
/// `package.json`, Python code) gives the whole fence back as content.
class fence_handler final : public handler {
 public:
  explicit fence_handler(const fence_spec& spec) : sp_(spec), tc_(spec) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_lang;
    lang_.clear();
    m_.clear();
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      switch (st_) {
        case s_lang:
          if (c == '\n') { ++i; st_ = s_ws; continue; }
          if (c == '\r' || c == ' ' || c == '\t') { ++i; continue; }  // CRLF, spaces around the language
          if ((is_ident_char(c) || c == '-' || c == '+') && lang_.size() < 32) {
            lang_ += ascii_lower(static_cast<char>(c));
            ++i;
            continue;
          }
          return quiet_fail(i);
        case s_ws:
          if (is_json_ws(c)) { ++i; continue; }
          if (c == '{' || c == '[') {
            body_.begin(e, call_body_config(sp_.fence));
            st_ = s_json;
            continue;
          }
          if (c == '<') { st_ = s_tag; continue; }
          return quiet_fail(i);
        case s_tag: {
          m_ += static_cast<char>(c);
          const pm r = prefix_match(m_, sp_.tag);
          bool partial = r == pm::partial;
          if (r != pm::full) {
            for (const auto& t : sp_.json_tags) {
              const pm rt = prefix_match(m_, t.first);
              if (rt == pm::partial) partial = true;
              if (rt != pm::full) continue;
              body_.begin(e, call_body_config(t.second));  // a JSON call up to the tag's closer
              st_ = s_tj;
              break;
            }
            if (st_ == s_tj) {
              ++i;
              continue;
            }
          }
          if (r == pm::no && !partial) return quiet_fail(i);
          ++i;
          if (r == pm::full) {
            tc_.begin(e, sp_.tag, 0);
            st_ = s_tc;
          }
          continue;
        }
        case s_tj: {  // a JSON call in one of json_tags, then the fence's closer
          step out;
          if (inner_then_closer(body_, e, in, i, out)) return out;
          continue;
        }
        case s_json: {
          fixed_place sub_at(e.place, e.place.chunk_abs() + i);
          const region_ctx sub = e.with_place(sub_at);
          const step s = body_.feed(sub, in.substr(i));
          return s.after(i);
        }
        case s_tc: {  // a `<tool_call>` region, then the fence's closer
          step out;
          if (inner_then_closer(tc_, e, in, i, out)) return out;
          continue;
        }
        case s_closer: {
          return closer_.feed(in.substr(i)).after(i);
        }
      }
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_json || st_ == s_tj) return body_.finish(e);
    if (st_ == s_tc) return tc_.finish(e);
    if (st_ == s_closer) return closer_.give_back();
    if (lang_ == "json" || lang_ == "tool_call") {
      // the output ends right after a call fence's opener: a call cut off, never silent
      return step::failed(0, errc::unterminated_call, "the output ends after ```" + lang_ + ", before a call could be read",
                          severity::warning);
    }
    return quiet_fail(0);
  }

 private:
  enum state : std::uint8_t { s_lang, s_ws, s_tag, s_json, s_tc, s_closer, s_tj };
  /// The JSON call read in the fence (up to the fence's closer) or in one of its json_tags (up
  /// to the tag's closer): only a call with arguments, in either function shape.
  json_body::config call_body_config(std::string_view closer) const {
    json_body::config cfg;
    cfg.shape.require_args = true;
    cfg.shape.function_string = true;
    cfg.shape.tool_calls = true;
    cfg.closer = closer;
    cfg.format = sp_.xml.format;
    return cfg;
  }
  /// Feeds `inner` (the JSON body or the `<tool_call>` handler) the chunk from `i`; when it is
  /// done, the fence's closer is next and the bytes it gave back go to the closer first. True
  /// with `out` set when the region ends (fails, or the closer came within those bytes).
  template <class Inner>
  bool inner_then_closer(Inner& inner, const region_ctx& e, std::string_view in, std::size_t& i, step& out) {
    fixed_place sub_at(e.place, e.place.chunk_abs() + i);
    const region_ctx sub = e.with_place(sub_at);
    const step s = inner.feed(sub, in.substr(i));
    if (s.st == step::fail) {
      out = s.after(i);
      return true;
    }
    i += s.consumed;
    if (s.st != step::done) return false;
    const std::string_view t = s.tail();
    closer_.begin(sp_.fence);
    st_ = s_closer;
    if (t.empty()) return false;
    const step r = closer_.feed(t);
    if (r.st != step::done) return false;
    out = step::done_with(i, std::string(r.tail()) + std::string(t.substr(r.consumed)));
    return true;
  }
  step quiet_fail(std::size_t i) {
    return step::failed(i, errc::ok, "", severity::note);
  }
  state st_ = s_lang;
  std::string lang_;  ///< the fence's language tag, in lower case
  std::string m_;
  json_body body_;
  fence_spec sp_;
  tool_call_handler tc_;
  closer_reader closer_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_HANDLERS_HPP
