// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_SCANNER_HPP
#define TOOLCALL_DETAIL_SCANNER_HPP

// The scanner, the first of the engine's three parts (docs/architecture.md): trigger tables
// built from the formats' openers, end-of-turn markers and reasoning pairs, the anchor search
// that finds the next trigger in released text, and the tail that must be held because it may
// still become one. It holds no per-response state: the scanner driver (scan_driver.hpp) tells it
// where the text stands (scan_state) and which table applies.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_core.hpp"
#include "format_def.hpp"
#include "json_text.hpp"
#include "scan.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

class handler;

/// in_reasoning: a call opener inside a reasoning block (calls_in_reasoning::ignore): reasoning
/// text, noted so that a block the output never closes does not hide a call silently.
enum class trig_action : std::uint8_t { region, drop, stray_closer, think_open, think_close, in_reasoning };

/// A format's claim on a region opener: its handler, the trigger's variant, its priority.
struct claimant {
  handler* h = nullptr;
  int variant = 0;
  int priority = 0;
};

struct trigger {
  /// The marker as its format declares it. A marker of several tokens also matches with up to
  /// k_joint_ws bytes of whitespace at each joint of its tokens (joint_match): the scanner
  /// reports how many bytes a match took.
  std::string_view text;
  std::size_t first_joint = 0;  ///< first_joint(text); text.size() when it has no joint
  std::size_t reach = 0;        ///< the most bytes a match can take (its joints' whitespace too)
  bool opens_section = false;   ///< drop: a section opener (format_def::section_openers)
  trig_action action = trig_action::region;
  trig_cond cond = trig_cond::anywhere;
  std::vector<claimant> chain;  ///< region: the formats claiming this opener, by priority
  std::size_t pair = 0;         ///< think_open/think_close: the reasoning pair
};

/// One opener claimed by one format (the region runner collects them: claims.hpp).
struct claim {
  std::string_view text;
  trig_cond cond;
  claimant who;
};

/// A trigger found by its anchor byte, `off` bytes after its start. `key`: the byte after the
/// anchor in the trigger, or 256 + the byte before it when the anchor ends the trigger, or 512
/// for a one-byte trigger; a bucket is sorted by it, so a stop reads only the entries its
/// neighbouring bytes can match (a shared anchor such as `<` has a hundred triggers).
struct anchored {
  const trigger* t = nullptr;
  std::size_t off = 0;
  unsigned key = 0;
  /// The anchor lies past a token joint, where whitespace may stand: the trigger's start is
  /// found by matching its head backwards from the anchor (back_start), not `off` bytes back.
  bool past_joint = false;
};

/// The entries of a sorted bucket whose key is `k` (anchored::key, or trigger_table::key2).
template <typename T, typename Key>
inline std::pair<const T*, const T*> key_range(const std::vector<T>& v, unsigned k, Key key) noexcept {
  const T* b = v.data();
  const T* e = b + v.size();
  const T* lo = std::lower_bound(b, e, k, [&](const T& x, unsigned y) { return key(x) < y; });
  const T* hi = lo;
  while (hi != e && key(*hi) == k) ++hi;
  return {lo, hi};
}

/// One scanner table: its triggers, the bytes that may start one, and per-first-byte buckets.
struct trigger_table {
  std::vector<trigger> trigs;
  byte_set anchors;                 ///< anchor bytes of every trigger
  byte_set anchors_later;           ///< of those that can match after the start of the output
  std::vector<std::vector<anchored>> abuckets;  ///< per anchor byte
  /// Byte pairs around the anchors: (anchor, next byte of the trigger), or (previous byte,
  /// anchor) when the anchor ends its trigger; a stop whose neighbours form no such pair cannot
  /// start a full match and is skipped without reading its bucket. One-byte triggers always stop.
  std::vector<std::uint64_t> fwd_pairs, bwd_pairs;
  std::array<bool, 256> always{};
  static void set_pair(std::vector<std::uint64_t>& t, unsigned char a, unsigned char b) {
    const unsigned k = (static_cast<unsigned>(a) << 8) | b;
    t[k >> 6] |= std::uint64_t{1} << (k & 63);
  }
  static bool has_pair(const std::vector<std::uint64_t>& t, unsigned char a, unsigned char b) {
    const unsigned k = (static_cast<unsigned>(a) << 8) | b;
    return (t[k >> 6] >> (k & 63)) & 1u;
  }
  std::array<bool, 256> first{};    ///< first bytes of every trigger
  std::array<bool, 256> later{};    ///< of those that can match after the start of the output
  std::vector<std::vector<const trigger*>> buckets;  ///< per first byte, sorted by key2
  /// A trigger's second byte, or 256 for a one-byte trigger or one whose first token is one
  /// byte (whitespace may follow it) (the order of a bucket).
  static unsigned key2(const trigger* t) noexcept {
    return t->first_joint > 1 ? static_cast<unsigned char>(t->text[1]) : 256u;
  }
  std::array<bool, 256> key256{};   ///< first bytes whose bucket has entries of key 256
  /// How far past the output's leading whitespace a start trigger's anchor may stand (its
  /// reach): beyond that only anchors_later are looked for.
  std::size_t start_reach = 0;

  /// key2 as a function object, which inlines into key_range (a function pointer did not).
  struct key2_fn {
    unsigned operator()(const trigger* t) const noexcept { return key2(t); }
  };
  /// The bytes that may start a trigger here.
  const std::array<bool, 256>& starts(bool at_start) const noexcept { return at_start ? first : later; }
  /// No byte of `s` can start a trigger.
  bool plain(std::string_view s, bool at_start) const noexcept {
    const std::array<bool, 256>& f = starts(at_start);
    for (char c : s)
      if (f[static_cast<unsigned char>(c)]) return false;
    return true;
  }
};

/// s.substr(pos, n) for a pos known to be in range: no bounds check on the hot paths.
inline std::string_view sub(std::string_view s, std::size_t pos, std::size_t n = std::string_view::npos) noexcept {
  return std::string_view(s.data() + pos, std::min(n, s.size() - pos));
}

/// Where the released text stands: what a trigger's condition reads.
struct scan_state {
  bool at_start = true;            ///< only whitespace (and markers) so far
  char last_byte = '\n';           ///< the last byte released
  bool reasoning_started = false;  ///< reasoning text was released
};

class scanner {
 public:
  /// The tables, from the claims, the markers (end-of-turn tokens: dropped), the section
  /// openers (dropped, flagged) and the reasoning pairs: 0 text, 1 undecided text
  /// (reasoning_start::detect), 2 + k inside reasoning pair k.
  /// Formats claiming the same opener share one trigger whose chain lists them by priority.
  /// `calls_end_reasoning`: a call opener inside reasoning ends it.
  void build(const std::vector<claim>& claims, const std::vector<std::string_view>& markers,
             const std::vector<std::string_view>& section_openers, const std::vector<reasoning_def>& pairs,
             bool calls_end_reasoning) {
    std::vector<trigger> calls;
    for (const auto& c : claims) {
      trigger* hit = nullptr;
      for (auto& t : calls)
        if (t.text == c.text && t.cond == c.cond) hit = &t;
      if (!hit) {
        calls.emplace_back();
        hit = &calls.back();
        hit->text = c.text;
        hit->cond = c.cond;
      }
      hit->chain.push_back(c.who);
    }
    // an opener claimed under several conditions: where the narrower one holds (the start of
    // the output is a line start, a line start is anywhere) its trigger wins (scanner::match),
    // so its chain holds the claimants of the wider ones too (a handler that claims both keeps
    // the narrower variant, which tells it where the region stands)
    for (auto& s : calls) {
      for (const auto& a : calls) {
        if (a.text != s.text || !(cond_rank(a.cond) > 0 && cond_rank(a.cond) < cond_rank(s.cond))) continue;
        for (const claimant& w : a.chain) {
          bool have = false;
          for (const claimant& x : s.chain) have |= x.h == w.h;
          if (!have) s.chain.push_back(w);
        }
      }
    }
    for (auto& t : calls)
      std::stable_sort(t.chain.begin(), t.chain.end(),
                       [](const claimant& a, const claimant& b) { return a.priority < b.priority; });
    std::vector<trigger> drops;
    for (std::string_view m : section_openers)
      if (add(drops, m, trig_action::drop, trig_cond::anywhere)) drops.back().opens_section = true;
    for (std::string_view m : markers) add(drops, m, trig_action::drop, trig_cond::anywhere);
    const std::size_t np = pairs.size();
    std::vector<std::vector<std::string_view>> opens(np), closes(np);
    for (std::size_t p = 0; p < np; ++p) {
      opens[p].push_back(pairs[p].open);
      closes[p].push_back(pairs[p].close);
    }
    // 2 + p: inside pair p; 2 + np: inside a block the prompt opened, whose pair the prompt does
    // not tell (reasoning_start::open, a preset that opens reasoning): any pair's closer ends it
    tabs_.assign(3 + np, trigger_table{});
    for (int k = 0; k < 2; ++k) {
      auto& t = tabs_[static_cast<std::size_t>(k)].trigs;
      t = calls;
      t.insert(t.end(), drops.begin(), drops.end());
      for (std::size_t p = 0; p < np; ++p)
        for (std::string_view o : opens[p]) add(t, o, trig_action::think_open, trig_cond::start, p);
      for (std::size_t p = 0; p < np; ++p)
        for (std::string_view c : closes[p])
          add(t, c, k == 0 ? trig_action::stray_closer : trig_action::think_close, trig_cond::anywhere, p);
    }
    for (std::size_t p = 0; p <= np; ++p) {
      auto& t = tabs_[2 + p].trigs;
      // pair p's markers; every pair's in the prompt-opened table (p == np)
      const std::size_t first = p < np ? p : 0, last = p < np ? p + 1 : np;
      for (std::size_t q = first; q < last; ++q) {
        for (std::string_view c : closes[q]) add(t, c, trig_action::think_close, trig_cond::anywhere, q);
        // the model may write the opener the prompt already opened
        for (std::string_view o : opens[q]) add(t, o, trig_action::think_open, trig_cond::reasoning_head, q);
      }
      for (const auto& c : calls)
        if (c.cond == trig_cond::anywhere) {
          t.push_back(c);
          if (!calls_end_reasoning) t.back().action = trig_action::in_reasoning;
        }
    }
    max_marker_ = 0;
    for (auto& tab : tabs_) {
      for (auto& x : tab.trigs) {
        x.first_joint = first_joint(x.text);
        x.reach = x.text.size();
        for (std::size_t k = x.first_joint; k < x.text.size(); ++k) x.reach += marker_joint(x.text, k) ? k_joint_ws : 0;
      }
      index(tab);
    }
  }

  const trigger_table& table(std::size_t k) const noexcept { return tabs_[k]; }
  /// The longest trigger, with the whitespace its joints may take: a held tail never needs more
  /// bytes than this to resolve.
  std::size_t max_marker() const noexcept { return max_marker_; }

  /// How narrow a condition is, for equal openers: start (3) holds only where line_start (2)
  /// holds, which holds only where anywhere (1) does; reasoning_head (0) stands apart.
  static int cond_rank(trig_cond c) noexcept {
    switch (c) {
      case trig_cond::anywhere: return 1;
      case trig_cond::line_start: return 2;
      case trig_cond::start: return 3;
      case trig_cond::reasoning_head: return 0;
    }
    return 0;
  }
  static bool cond_ok(trig_cond c, const scan_state& st) noexcept {
    switch (c) {
      case trig_cond::anywhere: return true;
      case trig_cond::start: return st.at_start;
      case trig_cond::line_start: return st.at_start || st.last_byte == '\n';
      case trig_cond::reasoning_head: return !st.reasoning_started;
    }
    return true;
  }

  /// Start of the first trigger that matches in full in chunk[i..], or chunk.size(). Only
  /// anchor bytes are visited; a trigger's head must lie in the text not yet released.
  static std::size_t next_trigger(const trigger_table& tb, std::string_view chunk, std::size_t i, const scan_state& st) {
    const char* const b = chunk.data();
    const std::size_t n = chunk.size();
    std::size_t ws_end = std::string_view::npos;  // end of the run's leading whitespace, when asked
    // a start trigger begins within the output's leading whitespace or right after it, so its
    // anchor stands before `head`: past it, a start trigger's anchor byte (a letter, for the
    // bare-name openers) is no stop, and prose that opens with `#` is searched as fast as any
    std::size_t head = i;
    if (st.at_start) {
      ws_end = i;
      while (ws_end < n && is_json_ws(static_cast<unsigned char>(b[ws_end]))) ++ws_end;
      head = std::min(n, ws_end + tb.start_reach);
    }
    for (std::size_t j = i;; ++j) {
      if (j < head) {
        j = static_cast<std::size_t>(tb.anchors.find(b + j, b + head) - b);
        if (j >= head) j = static_cast<std::size_t>(tb.anchors_later.find(b + head, b + n) - b);
      } else {
        j = static_cast<std::size_t>(tb.anchors_later.find(b + j, b + n) - b);
      }
      if (j >= n) return n;
      const unsigned char c = static_cast<unsigned char>(b[j]);
      if (!tb.always[c] && !(j + 1 < n && trigger_table::has_pair(tb.fwd_pairs, c, static_cast<unsigned char>(b[j + 1]))) &&
          !(j > i && trigger_table::has_pair(tb.bwd_pairs, static_cast<unsigned char>(b[j - 1]), c)))
        continue;
      std::size_t best = n;
      const std::vector<anchored>& bucket = tb.abuckets[c];
      const auto try_range = [&](std::pair<const anchored*, const anchored*> r) {
        for (const anchored* a = r.first; a != r.second; ++a) {
          std::size_t s = j - a->off;
          if (!a->past_joint) {
            if (a->off > j - i) continue;
          } else if ((s = back_start(b, i, j, a->t->text, a->off)) == k_no_start) {
            continue;
          }
          if (s >= best || !matches_at(*a->t, sub(chunk, s))) continue;
          if (cond_at(a->t->cond, chunk, i, s, ws_end, st)) best = s;
        }
      };
      const auto akey = [](const anchored& a) { return a.key; };
      if (bucket.size() <= 4) {
        try_range({bucket.data(), bucket.data() + bucket.size()});
      } else {
        // a key with no pair around the anchor has no entry: its search is skipped
        if (j + 1 < n && trigger_table::has_pair(tb.fwd_pairs, c, static_cast<unsigned char>(b[j + 1])))
          try_range(key_range(bucket, static_cast<unsigned char>(b[j + 1]), akey));
        if (j > i && trigger_table::has_pair(tb.bwd_pairs, static_cast<unsigned char>(b[j - 1]), c))
          try_range(key_range(bucket, 256u + static_cast<unsigned char>(b[j - 1]), akey));
        if (tb.always[c]) try_range(key_range(bucket, 512u, akey));
      }
      if (best < n) return best;
    }
  }

  /// Where the tail of chunk[i..] that is a proper prefix of a trigger starts, or chunk.size():
  /// those bytes are held until the next write decides. `need`: how many more bytes decide the
  /// first trigger found that the tail may begin (a longer one holds the bytes again).
  std::size_t partial_tail(const trigger_table& tb, std::string_view chunk, std::size_t i, const scan_state& st,
                           std::size_t& need) const {
    const std::array<bool, 256>& f = tb.starts(st.at_start);
    const std::size_t n = chunk.size();
    std::size_t ws_end = std::string_view::npos;
    const std::size_t from = n - i > max_marker_ ? n - max_marker_ + 1 : i;
    std::size_t p = from;
    while (p < n && !f[static_cast<unsigned char>(chunk[p])]) ++p;
    for (; p < n; ++p) {
      const unsigned char c = static_cast<unsigned char>(chunk[p]);
      if (!f[c]) continue;
      const std::vector<const trigger*>& bucket = tb.buckets[c];
      const auto partial_in = [&](std::pair<const trigger* const*, const trigger* const*> r) {
        for (const trigger* const* tp = r.first; tp != r.second; ++tp)
          if (partial_at(**tp, sub(chunk, p)) && cond_at((*tp)->cond, chunk, i, p, ws_end, st)) {
            need = (*tp)->reach - (n - p);  // decides this one; a longer one holds again
            return true;
          }
        return false;
      };
      if (p + 1 < n) {
        // a proper prefix of two bytes or more: only the triggers whose second byte follows, and
        // those whose first token is this byte (whitespace may follow it)
        if (partial_in(key_range(bucket, static_cast<unsigned char>(chunk[p + 1]), trigger_table::key2_fn{}))) return p;
        if (tb.key256[c] && partial_in(key_range(bucket, 256u, trigger_table::key2_fn{}))) return p;
      } else if (partial_in({bucket.data(), bucket.data() + bucket.size()})) {
        return p;
      }
    }
    return n;
  }

  /// The longest trigger that matches at the start of `rest`, or null; `len`: the bytes its
  /// match took (more than its text when whitespace stood at a joint); `partial`: a trigger
  /// longer than what `rest` holds may still match there, and `need` more bytes decide it.
  static const trigger* match(const trigger_table& tb, std::string_view rest, const scan_state& st, bool& partial,
                              std::size_t& len, std::size_t& need) {
    const trigger* hit = nullptr;
    partial = false;
    len = 0;
    need = 0;
    const std::vector<const trigger*>& bucket = tb.buckets[static_cast<unsigned char>(rest[0])];
    const auto look = [&](std::pair<const trigger* const*, const trigger* const*> r) {
      for (const trigger* const* tp = r.first; tp != r.second; ++tp) {
        const trigger& t = **tp;
        if (rest.size() > 1 && t.first_joint > 1 && t.text[1] != rest[1]) continue;
        if (!cond_ok(t.cond, st)) continue;
        std::size_t l = 0;
        const pm m = trigger_match(t, rest, l);
        if (m == pm::full) {
          // equal texts: the narrowest condition's trigger (its chain holds the others' claimants)
          if (!hit || l > len || (l == len && cond_rank(t.cond) > cond_rank(hit->cond))) {
            hit = &t;
            len = l;
          }
        } else if (m == pm::partial) {
          partial = true;
          need = std::max(need, t.reach - std::min(t.reach - 1, rest.size()));
        }
      }
    };
    if (rest.size() == 1 || bucket.size() <= 4) {
      look({bucket.data(), bucket.data() + bucket.size()});
    } else {
      // the bucket is sorted by second byte, one-byte triggers (key 256) last: equal texts
      // keep their order, so the first of two equal triggers still wins
      // one-byte triggers: the byte is its own anchor (always)
      if (tb.key256[static_cast<unsigned char>(rest[0])]) look(key_range(bucket, 256u, trigger_table::key2_fn{}));
      look(key_range(bucket, static_cast<unsigned char>(rest[1]), trigger_table::key2_fn{}));
    }
    return hit;
  }

 private:
  static constexpr std::size_t k_no_start = static_cast<std::size_t>(-1);
  /// Where trigger `text`, whose byte `off` stands at b[j], starts: its head matched backwards
  /// with whitespace at its joints (joint_match's rule), not before b[lo]; or k_no_start.
  static std::size_t back_start(const char* b, std::size_t lo, std::size_t j, std::string_view text,
                                std::size_t off) noexcept {
    std::size_t p = j, k = off, run = 0;
    while (k > 0) {
      if (p == lo) return k_no_start;
      const char c = b[p - 1];
      if (c == text[k - 1]) {
        --p, --k, run = 0;
      } else if (joint_ws(c) && marker_joint(text, k) && run < k_joint_ws) {
        --p, ++run;
      } else {
        return k_no_start;
      }
    }
    return p;
  }
  /// joint_match of the trigger at the start of `s`, byte for byte when it has no joint.
  static pm trigger_match(const trigger& t, std::string_view s, std::size_t& len) noexcept {
    if (t.first_joint != t.text.size()) return joint_match(s, t.text, len);
    len = t.text.size();
    return prefix_match_exact(s, t.text);
  }
  /// The trigger matches in full at the start of `s`.
  static bool matches_at(const trigger& t, std::string_view s) noexcept {
    std::size_t len = 0;
    return trigger_match(t, s, len) == pm::full;
  }
  /// `s` is a proper prefix of the trigger (with whitespace at its joints).
  static bool partial_at(const trigger& t, std::string_view s) noexcept {
    std::size_t len = 0;
    return trigger_match(t, s, len) == pm::partial;
  }

  /// Adds a trigger unless one with the same text and condition is there; true when added.
  static bool add(std::vector<trigger>& t, std::string_view text, trig_action a, trig_cond c, std::size_t pair = 0) {
    for (const auto& x : t)
      if (x.text == text && x.cond == c) return false;
    trigger tr;
    tr.text = text;
    tr.action = a;
    tr.cond = c;
    tr.pair = pair;
    t.push_back(std::move(tr));
    return true;
  }

  /// A table's search structures: each trigger's anchor (its rarest byte), the byte pairs
  /// around it, and the first-byte buckets.
  void index(trigger_table& tab) {
    tab.first.fill(false);
    tab.later.fill(false);
    tab.buckets.assign(256, {});
    tab.abuckets.assign(256, {});
    tab.anchors.clear();
    tab.anchors_later.clear();
    tab.fwd_pairs.assign(1024, 0);
    tab.bwd_pairs.assign(1024, 0);
    tab.always.fill(false);
    tab.key256.fill(false);
    tab.start_reach = 0;
    for (const auto& x : tab.trigs) {
      // the anchor: the trigger's rarest byte. Its neighbour in the trigger gives the byte pair
      // a stop must show; across a token joint whitespace may stand there instead, so each
      // whitespace byte is a neighbour too (one entry per key)
      std::size_t off = 0;
      for (std::size_t k = 1; k < x.text.size(); ++k)
        if (byte_cost(static_cast<unsigned char>(x.text[k])) < byte_cost(static_cast<unsigned char>(x.text[off])))
          off = k;
      const unsigned char ab = static_cast<unsigned char>(x.text[off]);
      const bool past = off >= x.first_joint;
      tab.anchors.add(ab);
      if (x.cond != trig_cond::start) tab.anchors_later.add(ab);
      else tab.start_reach = std::max(tab.start_reach, x.reach);
      const auto entry = [&](unsigned key) { tab.abuckets[ab].push_back({&x, off, key, past}); };
      if (off + 1 < x.text.size()) {
        const unsigned char nb = static_cast<unsigned char>(x.text[off + 1]);
        entry(nb);
        trigger_table::set_pair(tab.fwd_pairs, ab, nb);
        if (marker_joint(x.text, off + 1))
          for (unsigned w = 0; w < 256; ++w)
            if (joint_ws(static_cast<char>(w))) {
              entry(w);
              trigger_table::set_pair(tab.fwd_pairs, ab, static_cast<unsigned char>(w));
            }
      } else if (off > 0) {
        const unsigned char pb = static_cast<unsigned char>(x.text[off - 1]);
        entry(256u + pb);
        trigger_table::set_pair(tab.bwd_pairs, pb, ab);
        if (marker_joint(x.text, off))
          for (unsigned w = 0; w < 256; ++w)
            if (joint_ws(static_cast<char>(w))) {
              entry(256u + w);
              trigger_table::set_pair(tab.bwd_pairs, static_cast<unsigned char>(w), ab);
            }
      } else {
        entry(512u);
        tab.always[ab] = true;
      }
      tab.first[static_cast<unsigned char>(x.text[0])] = true;
      if (x.cond != trig_cond::start) tab.later[static_cast<unsigned char>(x.text[0])] = true;
      tab.buckets[static_cast<unsigned char>(x.text[0])].push_back(&x);
      if (trigger_table::key2(&x) == 256u) tab.key256[static_cast<unsigned char>(x.text[0])] = true;
      max_marker_ = std::max(max_marker_, x.reach);
    }
    // sorted by key (stable: equal triggers keep their order), for key_range
    for (auto& bk : tab.abuckets)
      std::stable_sort(bk.begin(), bk.end(), [](const anchored& a, const anchored& b) { return a.key < b.key; });
    for (auto& bk : tab.buckets)
      std::stable_sort(bk.begin(), bk.end(), [](const trigger* a, const trigger* b) {
        return trigger_table::key2(a) < trigger_table::key2(b);
      });
  }

  /// cond_ok at chunk[pos], as if chunk[i..pos) had been released as text.
  static bool cond_at(trig_cond c, std::string_view chunk, std::size_t i, std::size_t pos, std::size_t& ws_end,
                      const scan_state& st) noexcept {
    if (c == trig_cond::anywhere) return true;
    if (pos == i) return cond_ok(c, st);
    if (ws_end == std::string_view::npos) {
      ws_end = i;
      while (ws_end < chunk.size() && is_json_ws(static_cast<unsigned char>(chunk[ws_end]))) ++ws_end;
    }
    const bool blank = pos <= ws_end;  // only whitespace since i
    switch (c) {
      case trig_cond::anywhere: return true;
      case trig_cond::start: return st.at_start && blank;
      case trig_cond::line_start: return (st.at_start && blank) || chunk[pos - 1] == '\n';
      case trig_cond::reasoning_head: return !st.reasoning_started && blank;
    }
    return true;
  }

  std::vector<trigger_table> tabs_;
  std::size_t max_marker_ = 0;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_SCANNER_HPP
