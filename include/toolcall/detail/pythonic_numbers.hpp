// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_PYTHONIC_NUMBERS_HPP
#define TOOLCALL_DETAIL_PYTHONIC_NUMBERS_HPP

// Pythonic calls holding a number no double holds (`f(x=1e999)`): vLLM's and SGLang's pythonic
// readers reject such a call (json.dumps refuses infinity), so it is dropped with an error and
// its siblings stay. One mechanism for every pythonic room: the wrapped ones (pythonic's
// `<|python_start|>`, Olmo 3, LFM2) wrap their handler in finite_numbers_handler, and the bare
// `[f(...), g(...)]` at the start of the output (detail/claims.hpp) wraps the shared bare
// claimant, watching only its pythonic calls.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine_core.hpp"

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

/// The JSON text of the Python number token `tok` (`0x10`, `1_000`, `1.`, `.5`, `-07`), appended
/// to `out`; false when `tok` is no number Python reads (`1j`, `0x`, `1__0`, `07`), and `out` is
/// then unchanged. A sign is part of the token: `-` stays, `+` stays for the lexer (which drops
/// it as a repair) unless `repairs`, which also drop the zeros of a zero-padded integer (`07` is
/// 7, as SGLang's lfm2 detector reads it). Integers in base 16, 8 or 2 are written in decimal, up
/// to 1024 digits (a longer one fails; Python's json.dumps refuses more than 4300 digits).
inline bool python_number_to_json(std::string_view tok, bool repairs, std::string& out) {
  const auto digit = [](char c, int base) {
    const int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
    return v < base ? v : -1;
  };
  std::string r;
  std::size_t i = 0;
  if (i < tok.size() && (tok[i] == '-' || tok[i] == '+')) {
    if (tok[i] == '-' || !repairs) r += tok[i];
    ++i;
  }
  const std::string_view b = tok.substr(i);
  int base = 10;
  if (b.size() > 1 && b[0] == '0') {
    const char k = static_cast<char>(b[1] | 0x20);
    base = k == 'x' ? 16 : k == 'o' ? 8 : k == 'b' ? 2 : 10;
  }
  if (base != 10) {  // `0x_1f`: an underscore may follow the prefix, then only one between digits
    std::vector<int> dec{0};  // decimal digits, least significant first
    std::size_t nd = 0;
    bool under = false;
    for (std::size_t k = 2; k < b.size(); ++k) {
      if (b[k] == '_' && !under) {
        under = true;
        continue;
      }
      const int v = digit(b[k], base);
      if (v < 0 || ++nd > 1024) return false;
      under = false;
      int carry = v;
      for (int& d : dec) {
        const int t = d * base + carry;
        d = t % 10;
        carry = t / 10;
      }
      for (; carry; carry /= 10) dec.push_back(carry % 10);
    }
    if (nd == 0 || under) return false;
    for (auto it = dec.rbegin(); it != dec.rend(); ++it) r += static_cast<char>('0' + *it);
    out += r;
    return true;
  }
  // decimal: digits with single underscores between them, each part
  std::string ip, fp, ep;
  std::size_t k = 0;
  const auto digits = [&](std::string& to) {
    bool any = false;
    while (k < b.size()) {
      if (b[k] >= '0' && b[k] <= '9') {
        to += b[k++];
        any = true;
      } else if (b[k] == '_' && any && k + 1 < b.size() && b[k + 1] >= '0' && b[k + 1] <= '9') {
        ++k;
      } else {
        break;
      }
    }
  };
  digits(ip);
  bool dot = false, ex = false;
  if (k < b.size() && b[k] == '.') {
    dot = true;
    ++k;
    digits(fp);
  }
  if (ip.empty() && fp.empty()) return false;
  char esign = 0;
  if (k < b.size() && (b[k] == 'e' || b[k] == 'E')) {
    ex = true;
    ++k;
    if (k < b.size() && (b[k] == '+' || b[k] == '-')) esign = b[k++];
    digits(ep);
    if (ep.empty()) return false;
  }
  if (k != b.size()) return false;  // `1j`, `1__0`, `1_`, `1.2.3`
  const std::size_t nz = ip.find_first_not_of('0');
  if (nz == std::string::npos) {
    ip = "0";
  } else if (nz > 0) {
    if (!dot && !ex && !repairs) return false;  // `07`: no Python 3 literal
    ip.erase(0, nz);
  }
  r += ip;
  if (dot) r += '.', r += fp.empty() ? std::string("0") : fp;
  if (ex) {
    r += 'e';
    if (esign) r += esign;
    r += ep;
  }
  out += r;
  return true;
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
    bool watched = true;                // the open call is of the watched format
    std::size_t kept = 0, dropped = 0;  // the region's calls ended, and dropped for such a number
    std::string num;
  };
  /// `only`: the format whose calls are watched (a shared claimant such as the bare `[`, whose
  /// JSON calls pass untouched); empty: every call.
  explicit finite_numbers_calls(state& s, std::string_view only = {}) : s_(s), only_(only) {}
  /// The context the inner reader sees: these calls over `e`'s.
  region_ctx point(const region_ctx& e) {
    forward_to(e.calls);
    e_ = &e;
    return e.with_calls(*this);
  }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t begin_abs) override {
    s_.in_str = s_.esc = s_.overflow = false;
    s_.num.clear();
    s_.watched = only_.empty() || format == only_;
    c_->begin_call(name, id, format, begin_abs);
  }
  void call_args(std::string_view text) override {
    if (!s_.watched) {
      c_->call_args(text);
      return;
    }
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
    if (!s_.watched) {
      ++s_.kept;
      c_->end_call(end_abs, repaired);
      return;
    }
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
  std::string* args_buffer(bool from_raw_text) override {
    return s_.watched ? nullptr : c_->args_buffer(from_raw_text);
  }

 private:
  void end_number() {
    if (s_.num.empty()) return;
    if (number_overflows_double(s_.num)) {
      s_.overflow = true;
      e_->text.diag(errc::invalid_arguments, e_->place.region_abs(),
               "the number " + s_.num.substr(0, 40) + " is beyond the range of a double (JSON decoders read it as infinity)",
               severity::warning);
    }
    s_.num.clear();
  }
  state& s_;
  std::string_view only_;
  const region_ctx* e_ = nullptr;  // where notes go (the context of the current call)
};

/// A pythonic family's handler, its calls watched by finite_numbers_calls.
class finite_numbers_handler final : public delegating_handler {
 public:
  explicit finite_numbers_handler(std::unique_ptr<handler> inner, std::string_view only = {})
      : inner_(std::move(inner)), f_(st_, only) {}
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
      return step::failed(s.consumed, errc::invalid_arguments, "every call holds a number beyond the range of a double", severity::error);
    }
    return s;
  }
  std::unique_ptr<handler> inner_;
  finite_numbers_calls::state st_;
  finite_numbers_calls f_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_PYTHONIC_NUMBERS_HPP
