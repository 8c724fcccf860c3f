// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_KIMI_K3_HPP
#define TOOLCALL_FORMATS_KIMI_K3_HPP

// Kimi-K3 XTML (docs/formats/kimi_k3.md): a `tools` channel `<|open|>tools<|sep|>` holding
// `<|open|>call tool="NAME" index="N"<|sep|>` elements with typed arguments
// `<|open|>argument key="K" type="T"<|sep|>V<|close|>argument<|sep|>`, each closed by
// `<|close|>call<|sep|>`, the channel by `<|close|>tools<|sep|>`. `type="string"` keeps the text
// as written; any other type decodes it as JSON (a schema, when attached, wins). A call may
// hold one `<|open|>json type="object"<|sep|>{...}<|close|>json<|sep|>` block instead of its
// arguments. The reply sits in a `response` channel whose markers are markup; reasoning in a
// `think` channel, `<|open|>think<|sep|>...<|close|>think<|sep|>`.

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/custom.hpp"
#include "../detail/format_def.hpp"
#include "json_region.hpp"
#include "region_filters.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace formats {

namespace kimi_k3_detail {

/// The json block's markers, read as markup (removed) before the XML reader sees the text.
inline std::vector<detail::rewrite_rule> json_rules() {
  return {{"<|open|>json type=\"object\"<|sep|>", ""}, {"<|close|>json<|sep|>", ""}};
}

/// The tools channel: the rewritten XML reader, whose cut call's text (a complete call kept,
/// the text ending inside the next one: xml_spec::keep_calls_at_cut) goes back to the text
/// scanner as written, json block markers included. The reader gives that text as it saw it
/// (markers removed); the region's own bytes are kept here to map it back.
class tools_channel final : public detail::handler {
 public:
  tools_channel(std::unique_ptr<detail::handler> inner, std::vector<detail::rewrite_rule> rules)
      : inner_(std::move(inner)), rules_(std::move(rules)) {}
  void begin(const detail::region_ctx& e, std::string_view trigger, int variant) override {
    raw_.clear();
    inner_->begin(e, trigger, variant);
  }
  detail::step feed(const detail::region_ctx& e, std::string_view in) override {
    raw_.append(in.data(), in.size());
    return inner_->feed(e, in);
  }
  detail::step finish(const detail::region_ctx& e) override {
    detail::step s = inner_->finish(e);
    if (s.st != detail::step::done || s.tail().empty()) return s;
    return s.with_tail(original(s.tail()));
  }

 private:
  /// `tail`, a suffix of the rewritten region, as written in the region (removed markers
  /// between the last kept byte and the tail's first one go with the tail).
  std::string original(std::string_view tail) const {
    std::string seen;          // the region as the reader saw it
    std::vector<std::size_t> src;  // where each of its bytes stands in raw_
    for (std::size_t i = 0; i < raw_.size();) {
      const detail::rewrite_rule* full = nullptr;
      for (const detail::rewrite_rule& r : rules_)
        if (!r.from.empty() && std::string_view(raw_).compare(i, r.from.size(), r.from) == 0 &&
            (!full || r.from.size() > full->from.size()))
          full = &r;
      if (full) {
        seen.append(full->to.data(), full->to.size());
        src.insert(src.end(), full->to.size(), i);
        i += full->from.size();
        continue;
      }
      seen += raw_[i];
      src.push_back(i++);
    }
    if (tail.size() > seen.size() || std::string_view(seen).substr(seen.size() - tail.size()) != tail)
      return std::string(tail);
    const std::size_t p = seen.size() - tail.size();
    const std::size_t from = p == 0 ? 0 : src[p - 1] + 1;
    return raw_.substr(from);
  }
  std::unique_ptr<detail::handler> inner_;
  std::vector<detail::rewrite_rule> rules_;
  std::string raw_;  // the region's bytes after its opener
};

}  // namespace kimi_k3_detail

struct kimi_k3 {
  static constexpr std::string_view name = "kimi_k3";
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = "<|open|>call tool=";
    s.fn_name = detail::xml_name::quoted;
    s.tag_end = "<|sep|>";
    s.fn_close = "<|close|>call<|sep|>";
    s.param_open = "<|open|>argument key=";
    s.param_name = detail::xml_name::quoted;
    s.param_close = "<|close|>argument<|sep|>";
    s.call_close = "<|close|>tools<|sep|>";
    s.trim = detail::xml_trim::none;
    s.multi = true;
    s.type_attr = "type";
    s.type_attr_names = true;
    // vLLM's extract_tool_calls keeps the closed calls of a channel the text ends inside: a
    // complete call stays, the cut one is dropped with an error (its text is content)
    s.keep_calls_at_cut = true;
    s.json_args = true;  // the json block, once its markers are read as markup (def())
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 134;
    d.description = "Kimi-K3 XTML <|open|>tools<|sep|><|open|>call tool=... index=...<|sep|><|open|>argument key=... type=...<|sep|>V";
    d.triggers = {{"<|open|>tools<|sep|>", detail::trig_cond::anywhere, 0},
                  {"<|open|>response<|sep|>", detail::trig_cond::start, 1}};
    // `<|close|>tools<|sep|>` again after the channel closed (a duplicated closer) is markup too
    d.markers = {"<|close|>response<|sep|>", "<|close|>message<|sep|>", "<|close|>tools<|sep|>", "<|im_end|>"};
    // the think channel (vLLM's kimi_k3 reader strips it); `<think>` for drift
    d.reasoning = {{"<|open|>think<|sep|>", "<|close|>think<|sep|>"}, {"<think>", "</think>"}};
    d.template_markers = {"<|open|>", "<|close|>", "<|sep|>"};
    d.traits.values_as_text = true;
    d.presets = {{"kimi[-_]?k3", {"kimi_k3"}, 15, false}};
    d.make = [] {
      // the tools channel, its json block's markers read as markup around the JSON object
      std::vector<std::unique_ptr<detail::handler>> hs;
      hs.emplace_back(new kimi_k3_detail::tools_channel(
          std::unique_ptr<detail::handler>(new detail::rewrite_handler(
              std::unique_ptr<detail::handler>(new detail::xml_region_handler({spec()})), kimi_k3_detail::json_rules())),
          kimi_k3_detail::json_rules()));
      // `<|open|>response<|sep|>`: the reply channel's opener is markup
      hs.emplace_back(new detail::json_region_handler(name, {detail::wrap_open_spec()}));
      return std::unique_ptr<detail::handler>(new detail::routed_handler(std::move(hs), {{0, 0}, {1, 0}}));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_KIMI_K3_HPP
