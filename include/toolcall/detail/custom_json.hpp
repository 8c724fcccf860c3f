// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_CUSTOM_JSON_HPP
#define TOOLCALL_DETAIL_CUSTOM_JSON_HPP

// Name-as-key JSON calls (format_spec's json.name_as_key, docs/format_spec.md): after the
// opener, a list of call objects `[{"NAME": {arguments}}, ...]` or one such object, then the
// optional closer. Each object's only key is the tool's name; an object with exactly the keys
// `name` (a string) and `arguments`/`parameters` (an object) is read as the common shape. The
// value is read whole (its end is the bracket that balances the first one, outside strings):
// the calls are written when it completes, and one bad item fails the region (its text stays
// content), as json.loads of the list does in the vendors' parsers.

#include <cstddef>
#include <string>
#include <string_view>

#include "engine_core.hpp"
#include "json.hpp"
#include "json_call.hpp"
#include "json_lexer.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class name_key_json_handler final : public handler {
 public:
  name_key_json_handler(std::string_view format, std::string_view closer) : fmt_(format), closer_(closer) {}
  void begin(const region_ctx&, std::string_view, int) override {
    st_ = s_lead;
    buf_.clear();
    ws_.clear();
    mbuf_.clear();
    depth_ = 0;
    str_ = esc_ = false;
  }
  step feed(const region_ctx& e, std::string_view in) override {
    for (std::size_t i = 0; i < in.size(); ++i) {
      const char c = in[i];
      switch (st_) {
        case s_lead:
          if (is_json_ws(static_cast<unsigned char>(c))) continue;
          if (c != '[' && c != '{') {
            return step::failed(i, errc::invalid_call, "no call list after the opener", severity::warning);
          }
          st_ = s_value;
          buf_ += c;
          depth_ = 1;
          continue;
        case s_value:
          buf_ += c;
          if (buf_.size() > k_max_bytes) {
            return step::failed(i, errc::invalid_call, "the call list is too long", severity::error);
          }
          if (str_) {
            if (esc_)
              esc_ = false;
            else if (c == '\\')
              esc_ = true;
            else if (c == '"')
              str_ = false;
            continue;
          }
          if (c == '"')
            str_ = true;
          else if (c == '[' || c == '{')
            ++depth_;
          else if ((c == ']' || c == '}') && --depth_ == 0) {
            if (const char* why = emit(e)) return step::failed(i + 1, errc::invalid_call, why, severity::error);
            st_ = s_after;
            if (closer_.empty()) return {step::done, i + 1};
          }
          continue;
        case s_after: {
          if (mbuf_.empty() && is_json_ws(static_cast<unsigned char>(c))) {
            ws_ += c;
            continue;
          }
          mbuf_ += c;
          const pm m = prefix_match(mbuf_, closer_);
          if (m == pm::full) {
            mbuf_.clear();
            ws_.clear();
            return {step::done, i + 1};
          }
          if (m == pm::partial) continue;
          mbuf_.pop_back();
          return done_here(i);
        }
      }
    }
    return {step::more, in.size()};
  }
  step finish(const region_ctx&) override {
    if (st_ == s_after) return done_here(0);
    return step::failed(0, errc::unterminated_call, "the text ends inside the call list", severity::error);
  }

 private:
  static constexpr std::size_t k_max_bytes = std::size_t{1} << 22;
  enum state : unsigned char { s_lead, s_value, s_after };

  step done_here(std::size_t i) {
    std::string back = ws_ + mbuf_;
    ws_.clear();
    mbuf_.clear();
    return step::done_with(i, std::move(back));
  }

  /// The completed value's calls; why it is not a list of calls, or nullptr.
  const char* emit(const region_ctx& e) {
    json_lexer lx;
    lx.reset(nullptr, e.request.max_depth());
    lex_step s = lx.feed(buf_);
    if (s.st == lex_step::more) s = lx.finish();
    simdjson::dom::parser p;
    simdjson::dom::element root;
    if (s.st != lex_step::done || p.parse(lx.out().data(), lx.out().size(), true).get(root)) {
      return "the call list is not valid JSON";
    }
    simdjson::dom::array items;
    const bool list = !root.get_array().get(items);
    std::vector<std::pair<std::string, std::string>> calls;
    const auto take = [&](simdjson::dom::element item) {
      simdjson::dom::object o;
      if (item.get_object().get(o)) return false;
      if (o.size() == 2) {  // the common shape
        std::string_view n;
        simdjson::dom::element a;
        const bool named = !o["name"].get_string().get(n);
        const bool args = !o["arguments"].get(a) || !o["parameters"].get(a);
        if (named && args && a.is_object() && valid_call_name(n)) {
          calls.push_back({std::string(n), simdjson::minify(a)});
          return true;
        }
      }
      if (o.size() != 1) return false;
      for (auto kv : o) {
        if (!kv.value.is_object() || !valid_call_name(kv.key)) return false;
        calls.push_back({std::string(kv.key), simdjson::minify(kv.value)});
      }
      return true;
    };
    bool ok = true;
    if (list) {
      for (simdjson::dom::element item : items) ok = ok && take(item);
      ok = ok && !calls.empty();
    } else {
      ok = take(root);
    }
    if (!ok) return "an item of the call list is not {\"NAME\": {arguments}}";
    for (const auto& c : calls) {
      e.calls.begin_call(c.first, "", fmt_, 0);
      e.calls.call_args(c.second);
      e.calls.end_call(0, lx.repaired());
    }
    return nullptr;
  }

  std::string_view fmt_, closer_;
  state st_ = s_lead;
  std::string buf_, ws_, mbuf_;
  int depth_ = 0;
  bool str_ = false, esc_ = false;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_CUSTOM_JSON_HPP
