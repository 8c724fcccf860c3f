// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_FORMATS_REGION_FILTERS_HPP
#define TOOLCALL_FORMATS_REGION_FILTERS_HPP

// Two handler adaptors for rooms whose regions need more than one reader:
// - rewrite_handler: rewrites fixed spellings inside a region before its reader sees them, as
//   the vendor's parser normalises the text first (MiniCPM5's `Ġ` for a space and collapsed
//   `<paramname=`; Kimi-K3's `<|open|>json ...<|sep|>` block around a JSON object). Streaming
//   stays live: only the bytes of a possible spelling are held, and a region's end is mapped
//   back to the original text.
// - routed_handler: a different reader per trigger variant (Kimi-K3: the tools channel, and
//   the response channel's wrapper markers).

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/engine_core.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// One spelling rewritten inside a region. `pair`: +1 opens a span (CDATA's `<![CDATA[`), -1
/// closes it and applies only inside one (`]]>`), 0 applies anywhere.
struct rewrite_rule {
  std::string_view from, to;
  int pair = 0;
};

/// Feeds the inner handler the region's text with `rules` applied. The inner handler sees a
/// virtual text (positions shift by what the rules add or remove); the positions of its
/// diagnostics are mapped back to the original text, so they do not depend on chunking.
class rewrite_handler final : public handler {
 public:
  rewrite_handler(std::unique_ptr<handler> inner, std::vector<rewrite_rule> rules)
      : inner_(std::move(inner)), rules_(std::move(rules)) {
    for (const rewrite_rule& r : rules_)
      if (!r.from.empty()) first_[static_cast<unsigned char>(r.from[0])] = true;
  }

  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    pend_.clear();
    pend_src_.clear();
    edits_.clear();
    shift_ = 0;
    in_pair_ = false;
    start_real_ = e.place.chunk_abs();
    out_total_ = 0;
    svc_.owner_ = this;
    inner_->begin(svc_.point(e, start_real_), trigger, variant);
  }

  step feed(const region_ctx& e, std::string_view in) override {
    const std::size_t n = in.size();
    carried_ = pend_;  // bytes of an earlier chunk still held
    for (std::size_t k = 0; k < pend_src_.size(); ++k) pend_src_[k] = carried_src(k);
    out_.clear();
    segs_.clear();
    for (std::size_t i = 0; i < n; ++i) push(in[i], static_cast<long long>(i));
    return run(e, in, n, false);
  }

  step finish(const region_ctx& e) override {
    // a spelling cut by the end of the text is text as written
    carried_ = pend_;
    for (std::size_t k = 0; k < pend_src_.size(); ++k) pend_src_[k] = carried_src(k);
    out_.clear();
    segs_.clear();
    settle(true);
    if (!out_.empty()) {
      const step s = run(e, std::string_view(), 0, true);
      if (s.st != step::more) return s.at(0);
    }
    return inner_->finish(svc_.point(e, start_real_ + out_total_));
  }

 private:
  /// The calls, text and place the inner handler sees: chunk positions in the virtual text,
  /// call and diagnostic positions mapped back to the original one.
  class mapped_parts final : public forwarding_calls, public forwarding_text, public forwarding_place {
   public:
    /// The context the inner handler sees over `e`, the text being fed starting at `base`.
    region_ctx point(const region_ctx& e, std::size_t base) {
      forwarding_calls::forward_to(e.calls);
      forwarding_text::forward_to(e.text);
      forwarding_place::forward_to(e.place);
      base_ = base;
      return {*this, e.request, *this, *this};
    }
    void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t at) override {
      c_->begin_call(name, id, format, owner_->real(at));
    }
    void end_call(std::size_t at, bool repaired) override { c_->end_call(at == 0 ? 0 : owner_->real(at), repaired); }
    void diag(errc code, std::size_t abs, std::string msg, severity level) override {
      t_->diag(code, owner_->real(abs), std::move(msg), level);
    }
    std::size_t chunk_abs() const override { return base_; }

    const rewrite_handler* owner_ = nullptr;
    std::size_t base_ = 0;  // virtual position of the first byte of the text being fed
  };

  static long long carried_src(std::size_t k) noexcept { return -1 - static_cast<long long>(k); }

  /// Virtual position -> position in the original text (a diagnostic's). Past `max_edits`
  /// rewrites in one region the last shift is used: positions stay the same for any chunking.
  std::size_t real(std::size_t v) const noexcept {
    if (v < start_real_ || edits_.empty()) return v;
    auto it = std::upper_bound(edits_.begin(), edits_.end(), v,
                               [](std::size_t x, const std::pair<std::size_t, long long>& ed) { return x < ed.first; });
    const long long d = it == edits_.begin() ? 0 : (it - 1)->second;
    const long long r = static_cast<long long>(v) + d;
    return r < 0 ? 0 : static_cast<std::size_t>(r);
  }

  /// Bytes of out_ from `out_off` on come from `src` on (`literal`: byte for byte; otherwise
  /// they are a rewrite of the spelling at `src`). A negative `src` is a held byte of an
  /// earlier chunk (carried_src()).
  struct seg {
    std::size_t out_off;
    long long src;
    bool literal;
  };
  void emit(char c, long long src) {
    bool next = !segs_.empty() && segs_.back().literal && (segs_.back().src < 0) == (src < 0);
    if (next) {
      const seg& sg = segs_.back();
      const long long d = static_cast<long long>(out_.size() - sg.out_off);
      next = (sg.src < 0 ? sg.src - d : sg.src + d) == src;
    }
    if (!next) segs_.push_back(seg{out_.size(), src, true});
    out_ += c;
  }
  void emit_rewrite(std::string_view to, long long src) {
    if (to.empty()) return;
    segs_.push_back(seg{out_.size(), src, false});
    out_.append(to.data(), to.size());
  }
  /// Where out_[k] comes from.
  long long src_of(std::size_t k) const noexcept {
    auto it = std::upper_bound(segs_.begin(), segs_.end(), k, [](std::size_t x, const seg& sg) { return x < sg.out_off; });
    const seg& sg = *(it - 1);
    if (!sg.literal) return sg.src;
    // carried bytes count down (-1, -2, ...), this chunk's count up
    const long long d = static_cast<long long>(k - sg.out_off);
    return sg.src < 0 ? sg.src - d : sg.src + d;
  }

  /// One more byte of the region: held while it may start a spelling, rewritten when one is
  /// complete, passed on otherwise.
  void push(char c, long long src) {
    if (pend_.empty() && !first_[static_cast<unsigned char>(c)]) {
      emit(c, src);
      return;
    }
    pend_ += c;
    pend_src_.push_back(src);
    settle(false);
  }
  /// Moves the held bytes out as far as they are decided (`final`: all of them).
  void settle(bool final) {
    std::size_t k = 0;  // pend_[k..] is still undecided
    while (k < pend_.size()) {
      const std::string_view p = std::string_view(pend_).substr(k);
      bool partial = false;
      const rewrite_rule* full = nullptr;
      for (const rewrite_rule& r : rules_) {
        if (r.pair < 0 && !in_pair_) continue;
        if (r.from.size() > p.size()) {
          if (r.from.compare(0, p.size(), p) == 0) partial = true;
        } else if (p.compare(0, r.from.size(), r.from) == 0 && (!full || r.from.size() > full->from.size())) {
          full = &r;
        }
      }
      if (partial && !final) break;  // a longer spelling may still match
      if (full) {
        emit_rewrite(full->to, pend_src_[k]);
        if (full->pair != 0) in_pair_ = full->pair > 0;
        const long long grow = static_cast<long long>(full->from.size()) - static_cast<long long>(full->to.size());
        shift_ += grow;
        if (edits_.size() < max_edits) edits_.emplace_back(start_real_ + out_total_ + out_.size(), shift_);
        k += full->from.size();
        continue;
      }
      emit(pend_[k], pend_src_[k]);  // no spelling starts here: text
      ++k;
    }
    pend_.erase(0, k);
    pend_src_.erase(pend_src_.begin(), pend_src_.begin() + static_cast<std::ptrdiff_t>(k));
  }

  /// Feeds what was rewritten to the inner handler; maps where it stopped back to `in`.
  step run(const region_ctx& e, std::string_view in, std::size_t n, bool at_finish) {
    (void)in;
    const step s = inner_->feed(svc_.point(e, start_real_ + out_total_), out_);
    if (s.st == step::more) {
      out_total_ += out_.size();
      return {step::more, n};
    }
    out_total_ += s.consumed;
    std::string back(s.tail());
    std::size_t at = n;
    if (s.consumed < out_.size()) {
      const long long src = src_of(s.consumed);
      if (src < 0) {
        // it stopped inside bytes held from an earlier chunk: they go back as they were written
        const std::size_t j = static_cast<std::size_t>(-1 - src);
        back.append(carried_, j, std::string::npos);
        at = 0;
        // the bytes of this chunk that were emitted after them go back through `at`
      } else {
        at = static_cast<std::size_t>(src);
      }
    } else if (!pend_src_.empty()) {
      const long long src = pend_src_.front();
      if (src < 0) {
        back.append(carried_, static_cast<std::size_t>(-1 - src), std::string::npos);
        at = 0;
      } else {
        at = static_cast<std::size_t>(src);
      }
    }
    pend_.clear();
    pend_src_.clear();
    if (at_finish) at = 0;
    return s.at(at).with_tail(std::move(back));
  }

  std::unique_ptr<handler> inner_;
  std::vector<rewrite_rule> rules_;
  mapped_parts svc_;
  std::string pend_, carried_, out_;
  std::vector<long long> pend_src_;
  std::vector<seg> segs_;
  static constexpr std::size_t max_edits = std::size_t{1} << 16;
  std::vector<std::pair<std::size_t, long long>> edits_;  // (virtual position, real - virtual from there)
  long long shift_ = 0;
  bool first_[256] = {};  // bytes a spelling starts with
  bool in_pair_ = false;
  std::size_t start_real_ = 0, out_total_ = 0;
};

/// One reader per trigger variant: `routes[variant]` names the handler (an index into
/// `handlers`) and the variant it is begun with.
class routed_handler final : public delegating_handler {
 public:
  struct route {
    std::size_t handler;
    int variant;
  };
  routed_handler(std::vector<std::unique_ptr<handler>> handlers, std::vector<route> routes)
      : hs_(std::move(handlers)), routes_(std::move(routes)) {}
  void begin(const region_ctx& e, std::string_view trigger, int variant) override {
    const std::size_t v = variant >= 0 && static_cast<std::size_t>(variant) < routes_.size() ? static_cast<std::size_t>(variant) : 0;
    begin_in(*hs_[routes_[v].handler], e, trigger, routes_[v].variant);
  }

 private:
  std::vector<std::unique_ptr<handler>> hs_;
  std::vector<route> routes_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_FORMATS_REGION_FILTERS_HPP
