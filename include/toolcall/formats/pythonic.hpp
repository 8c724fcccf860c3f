// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_PYTHONIC_HPP
#define TOOLCALL_FORMATS_PYTHONIC_HPP

// Pythonic (docs/formats/README.md, "pythonic"): `[get_weather(city="Paris"), get_time()]` at the
// start of the output (Llama 3.2, ToolACE), or wrapped in `<|python_start|>...<|python_end|>`
// (Llama 4). With the request's tools, `[NAME(` of a declared tool opens a list anywhere, after
// prose too. A fence holds calls as Gemma 3's prompt format writes them: ```` ```tool_code ````
// (a list or one call) and ```` ```python ```` (a list only: a bare call there is code).

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "end_tokens.hpp"
#include "../detail/format_def.hpp"
#include "../detail/handlers.hpp"
#include "../detail/json_call.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Does the JSON number `tok` (as the arguments hold it: `-1.5e3`) lie beyond the largest
/// double (about 1.797e308)? Such a number is valid JSON text, but most decoders read it as
/// infinity. Decided on the digits, without a conversion (no locale, no rounding).
inline bool number_overflows_double(std::string_view tok) noexcept {
  std::size_t i = 0;
  if (i < tok.size() && (tok[i] == '-' || tok[i] == '+')) ++i;
  std::string sig;  // the significant digits, at most 18
  long e10 = -1;    // the decimal exponent of the first significant digit, before the exponent part
  bool seen = false;
  for (; i < tok.size() && tok[i] >= '0' && tok[i] <= '9'; ++i) {
    if (!seen && tok[i] == '0') continue;
    seen = true;
    ++e10;
    if (sig.size() < 18) sig += tok[i];
  }
  if (i < tok.size() && tok[i] == '.') {
    for (++i; i < tok.size() && tok[i] >= '0' && tok[i] <= '9'; ++i) {
      if (!seen && tok[i] == '0') {
        --e10;
        continue;
      }
      seen = true;
      if (sig.size() < 18) sig += tok[i];
    }
  }
  if (!seen) return false;  // zero
  long ex = 0;
  if (i < tok.size() && (tok[i] == 'e' || tok[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < tok.size() && (tok[i] == '-' || tok[i] == '+')) neg = tok[i++] == '-';
    for (; i < tok.size() && tok[i] >= '0' && tok[i] <= '9'; ++i)
      if (ex < 100000) ex = ex * 10 + (tok[i] - '0');
    if (neg) ex = -ex;
  }
  const long at = e10 + ex;
  if (at != 308) return at > 308;
  sig.resize(18, '0');
  return sig > "179769313486231580";  // DBL_MAX rounds up from 1.7976931348623158e308
}

/// The calls of a pythonic body, watched for numbers no double holds in their compact JSON
/// arguments (`x=1e999` in a Python literal): such a call is dropped with an error, its siblings stay, as
/// vLLM's and SGLang's pythonic readers reject it (json.dumps refuses infinity); when every call
/// of the region is dropped the region fails and its text stays content. The arguments go
/// through call_args (no direct buffer) to be seen; everything else is forwarded.
class finite_numbers_calls final : public forwarding_calls {
 public:
  struct state {
    bool in_str = false, esc = false;
    bool overflow = false;              // the open call holds such a number
    std::size_t kept = 0, dropped = 0;  // the region's calls ended, and dropped for such a number
    std::string num;
  };
  explicit finite_numbers_calls(state& s) : s_(s) {}
  /// The context the inner reader sees: these calls over `e`'s.
  region_ctx point(const region_ctx& e) {
    forward_to(e.calls);
    e_ = &e;
    return e.with_calls(*this);
  }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t begin_abs) override {
    s_.in_str = s_.esc = s_.overflow = false;
    s_.num.clear();
    c_->begin_call(name, id, format, begin_abs);
  }
  void call_args(std::string_view text) override {
    for (const char c : text) {
      if (s_.in_str) {
        if (s_.esc) s_.esc = false;
        else if (c == '\\') s_.esc = true;
        else if (c == '"') s_.in_str = false;
        continue;
      }
      const bool num_byte = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
      if (num_byte && (!s_.num.empty() || c == '-' || (c >= '0' && c <= '9'))) {
        if (s_.num.size() < 4096) s_.num += c;
        continue;
      }
      end_number();
      if (c == '"') s_.in_str = true;
    }
    c_->call_args(text);
  }
  void end_call(std::size_t end_abs, bool repaired) override {
    end_number();
    if (s_.overflow && c_->abandon_call()) {
      s_.overflow = false;
      ++s_.dropped;
      e_->text.diag(errc::invalid_arguments, e_->place.region_abs(),
                    "a call holding a number beyond the range of a double was dropped (vLLM's parser rejects it)",
                    severity::error);
      return;
    }
    ++s_.kept;
    c_->end_call(end_abs, repaired);
  }
  std::string* args_buffer(bool) override { return nullptr; }

 private:
  void end_number() {
    if (s_.num.empty()) return;
    if (number_overflows_double(s_.num)) {
      s_.overflow = true;
      e_->text.diag(
          errc::invalid_arguments, e_->place.region_abs(),
          "the number " + s_.num.substr(0, 40) + " is beyond the range of a double (JSON decoders read it as infinity)",
          severity::warning);
    }
    s_.num.clear();
  }
  state& s_;
  const region_ctx* e_ = nullptr;  // where the notes go (the context of the current call)
};

/// A pythonic family's handler, its calls watched by finite_numbers_calls.
class finite_numbers_handler final : public delegating_handler {
 public:
  explicit finite_numbers_handler(std::unique_ptr<handler> inner) : inner_(std::move(inner)), f_(st_) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    st_ = finite_numbers_calls::state{};
    begin_in(*inner_, f_.point(e), trigger, variant);
  }
  step feed(const region_ctx& e, std::string_view in) override { return keep_some(inner_->feed(f_.point(e), in)); }
  step finish(const region_ctx& e) override { return keep_some(inner_->finish(f_.point(e))); }

 private:
  /// A region whose every call was dropped is no call: it fails, its text stays content.
  step keep_some(step s) {
    if (s.st == step::done && st_.kept == 0 && st_.dropped > 0) {
      return step::failed(s.consumed, errc::invalid_arguments, "every call holds a number beyond the range of a double",
                          severity::error);
    }
    return take(s);
  }
  std::unique_ptr<handler> inner_;
  finite_numbers_calls::state st_;
  finite_numbers_calls f_;
};

/// Llama 4 `<|python_start|>[f(a=1)]<|python_end|>`.
class python_start_handler final : public handler {
 public:
  explicit python_start_handler(std::string_view format) : fmt_(format) {}
  void begin(const region_ctx& e, std::string_view trigger, int) override {
    st_ = s_peek;
    ws_.clear();
    if (!trigger.empty() && trigger[0] == '[') {
      // `[NAME(` made from a declared tool name (formats::pythonic::tool_triggers): a list
      // after prose, its first call's name and `(` already read
      std::string_view n = trigger.substr(1, trigger.size() - 2);
      while (!n.empty() && n.back() == ' ') n.remove_suffix(1);
      pythonic_body::config cfg;
      cfg.list = true;
      cfg.format = fmt_;
      py_.begin_args(e, cfg, n);
      st_ = s_py;
    } else if (trigger.size() > 3 && trigger.compare(0, 3, "```") == 0) {
      // a fence holding pythonic calls: ```tool_code (a list or one call) or ```python (a list)
      fence_ = true;
      bare_ok_ = trigger.find("tool_code") != std::string_view::npos;
      st_ = s_lang;
    } else {
      fence_ = false;
    }
  }
  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      if (st_ == s_lang) {  // the rest of the fence's first line: spaces, CR, then the newline
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (c == '\n') {
          st_ = s_fence;
          ++i;
          continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') { ++i; continue; }
        return quiet(i);  // ```python3, ```pythonic: another language
      }
      if (st_ == s_fence || st_ == s_fence_list) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (is_json_ws(c)) {
          if (st_ == s_fence_list) ws_ += static_cast<char>(c);
          ++i;
          continue;
        }
        if (st_ == s_fence && c == '[') {
          st_ = s_fence_list;
          ++i;
          continue;
        }
        pythonic_body::config cfg;
        cfg.closer = "```";
        cfg.format = fmt_;
        if (c == '{' || (st_ == s_fence_list && c == '[')) {
          // JSON in the fence (```python around a JSON call): as the fenced format reads it
          json_body::config jc;
          jc.shape.require_args = true;
          jc.shape.function_string = true;
          jc.shape.tool_calls = true;
          jc.closer = "```";
          jc.format = "fenced";
          json_.begin(e, jc);
          if (st_ == s_fence_list) (void)json_.feed(e, "[" + ws_);
          st_ = s_json;
          continue;
        }
        if (!is_ident_start(c) || (st_ == s_fence && !bare_ok_)) return quiet(i);  // code, not a call
        cfg.list = st_ == s_fence_list;
        py_.begin(e, cfg);
        st_ = s_py;
        continue;
      }
      if (st_ == s_json) {
        const step s = json_.feed(e, in.substr(i));
        return s.after(i);
      }
      if (st_ == s_peek) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (is_json_ws(c)) { ++i; continue; }
        pythonic_body::config cfg;
        cfg.closer = "<|python_end|>";
        cfg.format = fmt_;
        if (c == '[') {
          cfg.list = true;
          ++i;
        } else if (is_ident_start(c)) {
          cfg.list = false;
        } else {
          return step::failed(i, errc::invalid_call, "<|python_start|> is not followed by a call", severity::warning);
        }
        py_.begin(e, cfg);
        st_ = s_py;
        continue;
      }
      const step s = py_.feed(e, in.substr(i));
      return s.after(i);
    }
    return {step::more, n};
  }
  step finish(const region_ctx& e) override {
    if (st_ == s_py) {
      return py_.finish(e);
    }
    if (st_ == s_json) {
      return json_.finish(e);
    }
    if (fence_) {
      return step::failed(0, errc::unterminated_call, "the text ends at the top of the fence", severity::note);
    }
    return step::failed(0, errc::invalid_call, "<|python_start|> is not followed by a call", severity::warning);
  }

 private:
  enum state : std::uint8_t { s_peek, s_py, s_lang, s_fence, s_fence_list, s_json };
  /// A fence that is not a call fence: its text is content, with a note (prose rule).
  static step quiet(std::size_t i) {
    return step::failed(i, errc::marker_in_text, "a code fence that holds no call", severity::note);
  }
  std::string_view fmt_;
  state st_ = s_peek;
  bool fence_ = false, bare_ok_ = false;
  std::string ws_;
  pythonic_body py_;
  json_body json_;
};

}  // namespace detail

namespace formats {

struct pythonic {
  static constexpr std::string_view name = "pythonic";
  /// With the request's tools: `[NAME(` anywhere, for each declared tool, so a list after prose
  /// is a call (SGLang's pythonic detector finds the list anywhere and keeps declared names).
  static std::vector<detail::trigger_def> tool_triggers(const std::vector<std::string>& names) {
    std::vector<detail::trigger_def> v;
    std::set<std::string> seen;
    for (std::size_t k = 0; k < names.size(); ++k) {
      const std::string& n = names[k];
      bool plain = !n.empty() && n.size() <= 256 && detail::is_ident_start(static_cast<unsigned char>(n[0]));
      for (char ch : n)
        if (!(detail::is_ident_char(static_cast<unsigned char>(ch)) || ch == '-' || ch == '.')) plain = false;
      if (!plain || !seen.insert(n).second) continue;
      v.push_back({"[" + n + "(", detail::trig_cond::anywhere, static_cast<int>(k)});
    }
    return v;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 40;
    d.description = "[f(a=1), g()] and Llama 4 <|python_start|>";
    d.triggers = {{"<|python_start|>", detail::trig_cond::anywhere, 0},
                  {"```tool_code", detail::trig_cond::line_start, 0},
                  {"```python", detail::trig_cond::line_start, 0}};
    d.tool_triggers = &tool_triggers;
    d.markers = {"<|eot|>", "<|eom|>"};  // Llama 4 end of turn / end of message
    d.bare.pythonic_list = true;
    d.template_markers = {"<|python_start|>"};
    d.make = [] {
      return std::unique_ptr<detail::handler>(
          new detail::finite_numbers_handler(std::unique_ptr<detail::handler>(new detail::python_start_handler(name))));
    };
    end_tokens::add(d.markers, end_tokens::llama4());
    end_tokens::add(d.markers, end_tokens::llama3());
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_PYTHONIC_HPP
