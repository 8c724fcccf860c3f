// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_MUSE_GLIMMER_HPP
#define TOOLCALL_FORMATS_MUSE_GLIMMER_HPP

// Muse Glimmer ATEM (docs/formats/muse_glimmer.md): an assistant turn is a series of messages,
// each `[<|start|>assistant] to=RECIPIENT<|message|>BODY` ended by `<|eom|>` (more follows) or
// `<|eot|>` (end of turn). `to=self` is reasoning, `to=user` (or no recipient) is content, any
// other recipient is a tool message whose body is `<atem:function_calls><atem:invoke name="f">
// <atem:parameter name="k">V</atem:parameter></atem:invoke></atem:function_calls>`. An invoke in
// a reasoning or content message is text, never a call (vLLM's muse_glimmer parser selects tool
// messages by recipient). Values are json.loads'ed (whitespace around them and a JSON string
// included), else kept raw (detail/xml_value_decode.hpp: guess_values with trim none).

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/custom.hpp"
#include "../detail/handlers.hpp"
#include "../detail/format_def.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/**
 * Messages addressed by a recipient header (`to=NAME` before a `<|message|>` token): the generic
 * recipient layer. The trigger is the header's start (`<|start|>`, then the role `assistant`; or
 * `to=` at the start of the output). The header is read up to `header_end`; its recipient picks what the body is:
 * reasoning (`reasoning` names), content (`content` names, or no recipient) or a tool message,
 * whose body is a block of invokes read by an xml_block_handler after `block_open` (or starting
 * at `invoke_lead` directly). A text body ends at one of `ends` (consumed) or `restart` (given
 * back to the scanner: the next message's header).
 */
class recipient_handler final : public handler {
 public:
  struct config {
    std::string_view header_end;              ///< `<|message|>`
    std::vector<std::string_view> reasoning;  ///< recipients whose body is reasoning (`self`)
    std::vector<std::string_view> content;    ///< recipients whose body is content (`user`)
    std::vector<std::string_view> ends;       ///< a text body's end markers (`<|eom|>`, `<|eot|>`)
    std::string_view restart;                 ///< a new message's header (`<|start|>`)
    std::string_view block_open;              ///< a tool message's block opener
    xml_block_handler::config block;          ///< the block's invokes
  };
  explicit recipient_handler(config c) : cfg_(std::move(c)), block_(cfg_.block) {
    stops_ = cfg_.ends;
    stops_.push_back(cfg_.restart);
    // `to=NAME<|message|>` inside a text message opens the next message (vLLM's muse_glimmer
    // parser needs no `<|start|>` before a header)
    text_.headers(k_lead, cfg_.header_end);
  }

  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    header_.clear();
    text_.clear();
    m_.clear();
    prose_.clear();
    st_ = s_header;
    // variant 1: the trigger was `to=` itself
    if (variant == 1) header_.assign(trigger.data(), trigger.size());
    // variant 2: the trigger was the whole header, a bare `<|message|>`: a content message
    if (variant == 2) {
      kind_ = k_content;
      text_.open(e, false);
      st_ = s_text;
    }
  }

  step feed(const region_ctx& e, std::string_view in) override {
    std::size_t i = 0;
    const std::size_t n = in.size();
    while (i < n) {
      switch (st_) {
        case s_header: {
          header_ += in[i++];
          if (header_.size() > max_header) return bad(i, "a message header without <|message|>");
          const std::string_view he = cfg_.header_end;
          if (header_.size() >= he.size() && header_.compare(header_.size() - he.size(), he.size(), he) == 0 &&
              !open_message(e))
            return bad(i, "bad message header");
          continue;
        }
        case s_tool_ws: {
          const unsigned char c = static_cast<unsigned char>(in[i]);
          if (m_.empty() && prose_.empty() && is_json_ws(c)) {
            ++i;
            continue;
          }
          m_ += static_cast<char>(c);
          ++i;
          const pm a = prefix_match(m_, cfg_.block_open);
          const pm b = prefix_match(m_, cfg_.block.invoke_lead);
          if (a == pm::full || b == pm::full) {
            if (!prose_.empty())
              e.text.diag(errc::repaired, e.place.region_abs(),
                          "text before the ATEM block of a tool message is dropped (the vendor parser "
                          "reads the invokes wherever they stand in the message)",
                          severity::note);
            fixed_place sub_at(e.place, e.place.chunk_abs() + i - m_.size());
            const region_ctx sub = e.with_place(sub_at);
            block_.begin(sub, cfg_.block_open, 0);
            if (b == pm::full) {
              const step s = block_.feed(sub, m_);
              if (s.st == step::fail) return s.at(i);
            }
            m_.clear();
            st_ = s_block;
            continue;
          }
          if (a == pm::partial || b == pm::partial) continue;
          // words before the block: skipped up to the next byte that may open it, but a message
          // end (or a new header) before any block fails the message
          if (!skip_prose()) return bad(i, "a tool message without ATEM calls");
          continue;
        }
        case s_block: {
          // the block counts offsets from the first byte it is given (its chunk_abs)
          fixed_place sub_at(e.place, e.place.chunk_abs() + i);
          const step s = block_.feed(e.with_place(sub_at), in.substr(i));
          if (s.st == step::more) return {step::more, n};
          return s.after(i);
        }
        case s_text: {
          std::size_t end = 0;
          const int k = text_.feed(e, in, i, stops_.data(), stops_.size(), end);
          if (k < 0) return {step::more, n};
          if (static_cast<std::size_t>(k) == stops_.size()) {  // a header glued to the text
            header_ = text_.take_held();
            m_.clear();
            prose_.clear();
            i = end;
            if (!open_message(e)) return bad(i, "bad message header");
            continue;
          }
          if (static_cast<std::size_t>(k) == cfg_.ends.size())
            return step::done_with(end, text_.take_held());  // the next message: back to the scanner
          text_.clear();
          return {step::done, end};
        }
      }
    }
    return {step::more, n};
  }

  step finish(const region_ctx& e) override {
    switch (st_) {
      case s_text:
        text_.finish(e);
        return {step::done, 0};
      case s_block: {
        return block_.finish(e);
      }
      case s_tool_ws:
        return step::failed(0, errc::unterminated_call, "the text ends before the tool message's calls",
                            severity::error);
      default: return step::failed(0, errc::invalid_call, "the text ends inside a message header", severity::warning);
    }
  }

 private:
  static constexpr std::size_t max_header = 256;
  static constexpr std::size_t max_prose = 1024;  ///< words before a tool message's block
  static constexpr std::string_view role_ = "assistant";
  static constexpr std::string_view k_lead = "to=";
  enum state : std::uint8_t { s_header, s_tool_ws, s_block, s_text };
  enum kind : std::uint8_t { k_content, k_reasoning, k_tool };

  /// The message whose whole header is in header_ starts: a tool message's block, or its text.
  /// False for a bad header.
  bool open_message(const region_ctx& e) {
    if (!parse_header()) return false;
    if (kind_ == k_tool) {
      st_ = s_tool_ws;
    } else {
      text_.open(e, kind_ == k_reasoning);
      st_ = s_text;
    }
    return true;
  }

  /// header_: `[ROLE] [to=NAME] <|message|>` (the role was part of the trigger)
  bool parse_header() {
    std::string_view h = header_;
    h.remove_suffix(cfg_.header_end.size());
    auto trim = [](std::string_view s) {
      while (!s.empty() && is_json_ws(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
      while (!s.empty() && is_json_ws(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
      return s;
    };
    h = trim(h);
    if (h.compare(0, role_.size(), role_) == 0) h = trim(h.substr(role_.size()));  // after `<|start|>`
    kind_ = k_content;
    if (h.empty()) return true;  // a bare `<|message|>`: content
    if (h.compare(0, 3, "to=") != 0) return false;
    const std::string_view r = trim(h.substr(3));
    if (r.empty()) return false;
    for (char c : r) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (!(is_ident_char(u) || c == '.' || c == '-')) return false;
    }
    for (std::string_view s : cfg_.reasoning)
      if (r == s) kind_ = k_reasoning;
    for (std::string_view s : cfg_.content)
      if (r == s) kind_ = k_content;
    if (kind_ == k_content && std::find(cfg_.content.begin(), cfg_.content.end(), r) == cfg_.content.end())
      kind_ = k_tool;
    return true;
  }

  /// m_ does not open the block: move its bytes to prose_ up to the next one that may; false
  /// when the prose holds a message end or a header, or grows past max_prose
  bool skip_prose() {
    while (!m_.empty()) {
      prose_ += m_.front();
      m_.erase(0, 1);
      for (std::string_view s : stops_)
        if (prose_.size() >= s.size() && prose_.compare(prose_.size() - s.size(), s.size(), s) == 0) return false;
      if (prose_.size() > max_prose) return false;
      if (m_.empty() || prefix_match(m_, cfg_.block_open) != pm::no ||
          prefix_match(m_, cfg_.block.invoke_lead) != pm::no)
        break;
    }
    return true;
  }

  step bad(std::size_t i, const char* msg) {
    return step::failed(i, errc::invalid_call, msg,
                        kind_ == k_tool && st_ != s_header ? severity::error : severity::warning);
  }

  config cfg_;
  std::vector<std::string_view> stops_;  ///< the text's ends, then `restart`
  state st_ = s_header;
  kind kind_ = k_content;
  std::string header_, m_, prose_;
  message_text text_;
  xml_block_handler block_;
};

}  // namespace detail

namespace formats {

struct muse_glimmer {
  static constexpr std::string_view name = "muse_glimmer";
  static detail::xml_spec spec() {
    detail::xml_spec s;
    s.format = name;
    s.fn_open = "<atem:invoke name=";
    s.fn_name = detail::xml_name::quoted;
    s.fn_close = "</atem:invoke>";
    s.param_open = "<atem:parameter name=";
    s.param_name = detail::xml_name::quoted;
    s.param_close = "</atem:parameter>";
    s.call_close = "</atem:function_calls>";
    s.trim = detail::xml_trim::none;
    s.multi = true;
    s.guess_values = true;
    return s;
  }
  static detail::format_def def() {
    detail::format_def d;
    d.name = std::string(name);
    d.priority = 135;
    d.description = "Muse Glimmer ATEM: to=NAME<|message|><atem:function_calls><atem:invoke name=...>...";
    // `<|start|>` is harmony's opener too: harmony (tried first) fails at once on an ATEM or a
    // `to=self` message (its call body must be JSON), and the region comes here
    // a bare `<|message|>` at the start is a content message with no recipient (the prompt
    // ended with `<|start|>assistant`; vLLM's header pattern makes the recipient optional)
    d.triggers = {{"<|start|>", detail::trig_cond::anywhere, 0},
                  {"to=", detail::trig_cond::start, 1},
                  {"<|message|>", detail::trig_cond::start, 2}};
    d.markers = {"<|eom|>", "<|eot|>"};
    d.template_markers = {"<atem:function_calls>", "<atem:invoke"};
    d.traits.values_as_text = true;
    d.presets = {{"muse[-_ ]?glimmer", {"muse_glimmer"}, 20, false}};
    d.make = [] {
      detail::recipient_handler::config c;
      c.header_end = "<|message|>";
      c.reasoning = {"self"};
      c.content = {"user"};
      c.ends = {"<|eom|>", "<|eot|>"};
      c.restart = "<|start|>";
      c.block_open = "<atem:function_calls>";
      c.block.spec = spec();
      c.block.invoke_lead = "<atem:invoke";
      c.block.invoke_close = "</atem:invoke>";
      c.block.closers = {"</atem:function_calls>"};
      return std::unique_ptr<detail::handler>(new detail::recipient_handler(std::move(c)));
    };
    return d;
  }
};

}  // namespace formats
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_MUSE_GLIMMER_HPP
