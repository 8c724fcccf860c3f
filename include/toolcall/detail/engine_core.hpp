// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_ENGINE_CORE_HPP
#define TOOLCALL_DETAIL_ENGINE_CORE_HPP

// Shared pieces of the incremental engine (docs/architecture.md):
// marker matching, the handler interface every format implements (handler, step), and what a
// handler sees of the engine: a region_ctx of four small parts (call_sink, request_view,
// region_text, region_place), each with a forwarding base for the wrappers that change it.

#include <cstddef>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../types.hpp"
#include "event_sink.hpp"
#include "scan.hpp"  // TOOLCALL_NOINLINE, TOOLCALL_ALWAYS_INLINE

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A growable byte buffer whose append is inline: std::string's is an out-of-line call in
/// libstdc++, which costs more than the copy on the streaming path (a few bytes per token).
/// Copies 1 to 16 bytes with fixed-size, overlapping copies: no call for a token's few bytes.
TOOLCALL_ALWAYS_INLINE void copy_1_16(char* d, const char* s, std::size_t n) noexcept {
  if (n >= 8) {
    std::memcpy(d, s, 8);
    std::memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(d, s, 4);
    std::memcpy(d + n - 4, s + n - 4, 4);
  } else {
    d[0] = s[0];
    d[n / 2] = s[n / 2];
    d[n - 1] = s[n - 1];
  }
}

class byte_buffer {
 public:
  byte_buffer() = default;
  byte_buffer(const byte_buffer&) = delete;
  byte_buffer& operator=(const byte_buffer&) = delete;
  ~byte_buffer() { delete[] p_; }
  const char* data() const noexcept { return p_; }
  std::size_t size() const noexcept { return n_; }
  bool empty() const noexcept { return n_ == 0; }
  void clear() noexcept { n_ = 0; }
  /// Shrinks to `n` bytes (n <= size()).
  void truncate(std::size_t n) noexcept {
    if (n < n_) n_ = n;
  }
  TOOLCALL_ALWAYS_INLINE void append(const char* s, std::size_t n) {
    if (n - 1 >= 16 || n > cap_ - n_) return append_long(s, n);
    copy_1_16(p_ + n_, s, n);
    n_ += n;
  }
  /// append() of 1 to 16 bytes when they fit, small enough to inline anywhere; false (nothing
  /// appended) otherwise. The lane's token path uses it: with append()'s out-of-line fallback
  /// inlined there it costs about one instruction more per token (callgrind).
  bool append_small(const char* s, std::size_t n) noexcept {
    if (n - 1 >= 16 || n > cap_ - n_) return false;
    copy_1_16(p_ + n_, s, n);
    n_ += n;
    return true;
  }
  TOOLCALL_ALWAYS_INLINE void assign(const char* s, std::size_t n) {
    n_ = 0;
    append(s, n);
  }
  operator std::string_view() const noexcept { return std::string_view(p_, n_); }

 private:
  TOOLCALL_NOINLINE void append_long(const char* s, std::size_t n) {
    if (n == 0) return;
    if (n > cap_ - n_) grow(n);
    std::memcpy(p_ + n_, s, n);
    n_ += n;
  }
  void grow(std::size_t n) {
    std::size_t c = cap_ < 64 ? 64 : cap_ * 2;
    while (c - n_ < n) c *= 2;
    char* q = new char[c];  // out of memory: bad_alloc, as std::string (abort without exceptions)
    if (n_) std::memcpy(q, p_, n_);
    delete[] p_;
    p_ = q;
    cap_ = c;
  }
  char* p_ = nullptr;
  std::size_t n_ = 0, cap_ = 0;
};

/// splitmix64 step: ids for chunks and calls (no global state; the caller owns the state).
inline std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  state += 0x9E3779B97F4A7C15ull;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// A seed for generated ids when the user gave none (0): time and a stack address.
inline std::uint64_t fresh_id_seed() noexcept {
  const auto t = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  int local = 0;
  return t ^ (reinterpret_cast<std::uintptr_t>(&local) * 0x9E3779B97F4A7C15ull) ^ 0x5851F42D4C957F2Dull;
}

/// `prefix` (a short literal: `call_`, `chatcmpl-`, `msg_`, ...) plus 24 letters and digits.
inline std::string random_id(std::string_view prefix, std::uint64_t& state) {
  static constexpr char al[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  // written here, then made a string at once (a push_back per byte is a call each)
  char r[40];
  const std::size_t np = std::min<std::size_t>(prefix.size(), sizeof r - 24);
  std::memcpy(r, prefix.data(), np);
  // four base-62 digits from each 32-bit half of a draw, one multiplication each: the half as
  // a fraction of 2^32 written in base 62 (62^4 is 1/290 of 2^32, so each digit is near uniform)
  for (std::size_t k = np; k < np + 24; k += 8) {
    const std::uint64_t x = splitmix64(state);
    for (std::size_t h = 0; h < 2; ++h) {
      std::uint64_t u = h ? x >> 32 : x & 0xffffffffu;
      for (std::size_t d = 0; d < 4; ++d) {
        u *= 62u;
        r[k + 4 * h + d] = al[u >> 32];
        u &= 0xffffffffu;
      }
    }
  }
  return std::string(r, np + 24);
}

/// The one id rule of every message the library builds: the model's (or server's) id, unless
/// it is empty or an earlier call of the message has it; else `call_` and 24 random characters
/// (a collision has probability ~62^-24, so generated ids are not recorded in `used`).
inline std::string unique_call_id(std::string_view id, std::unordered_set<std::string>& used, std::uint64_t& state) {
  if (!id.empty()) {
    std::string sid(id.data(), id.size());
    if (used.insert(sid).second) return sid;
  }
  return random_id("call_", state);
}

/// The failure worth reporting when every claimant of a region fails: the most severe, then the
/// one that read furthest. Does failure a (its level, how far it read) beat failure b?
inline bool worse_failure(severity a, std::size_t a_reach, severity b, std::size_t b_reach) noexcept {
  const auto rank = [](severity l) { return l == severity::error ? 2 : l == severity::warning ? 1 : 0; };
  return rank(a) > rank(b) || (rank(a) == rank(b) && a_reach > b_reach);
}

/// `mt` (bytes a trigger with text `canon` matched, valid for this write) as a view that
/// outlives the write: `canon` itself when they are equal, else a copy kept in `keep`.
inline std::string_view spelled(std::string_view mt, std::string_view canon, std::string& keep) {
  if (mt.size() == canon.size()) return canon;
  keep.assign(mt.data(), mt.size());
  return keep;
}

/// `s` without its trailing whitespace.
inline std::string_view rtrim_ws(std::string_view s) noexcept {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

/// Result of comparing the bytes seen so far against a marker.
enum class pm : std::uint8_t { no, partial, full };

/// The one whitespace-tolerance rule of the format layer. Detokenizers put spaces around
/// special tokens and models add newlines, so inside a marker made of several tokens
/// (`function<|tool_sep|>`, `function call<|role_sep|>`, `<|a|><|b|>`) whitespace may stand
/// wherever two tokens join: before a `<` or `[`, after a `>` or `]` (never at the marker's
/// ends, never inside a token). At most `k_joint_ws` bytes of it per joint.
inline constexpr std::size_t k_joint_ws = 8;
inline bool marker_joint(std::string_view m, std::size_t j) noexcept {
  if (j == 0 || j >= m.size()) return false;
  const char a = m[j - 1], b = m[j];
  if (a == ' ' || a == '\n' || b == ' ' || b == '\n') return false;
  return b == '<' || b == '[' || a == '>' || a == ']';
}
inline bool joint_ws(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/// prefix_match byte for byte.
inline pm prefix_match_exact(std::string_view s, std::string_view m) noexcept {
  if (s.size() >= m.size()) return std::memcmp(s.data(), m.data(), m.size()) == 0 ? pm::full : pm::no;
  return std::memcmp(s.data(), m.data(), s.size()) == 0 ? pm::partial : pm::no;
}

/// Where `m`'s first token joint is (marker_joint), or m.size() when it has none.
inline std::size_t first_joint(std::string_view m) noexcept {
  for (std::size_t j = 1; j < m.size(); ++j)
    if (marker_joint(m, j)) return j;
  return m.size();
}

/// Does `s` start with `m` (full: `len` is how many bytes of `s` it took), or is `s` a proper
/// prefix of `m` (partial)? Up to k_joint_ws bytes of whitespace at each joint of `m`'s tokens
/// are skipped (marker_joint): the one tolerance rule, for the scanner's triggers and the
/// handlers' markers alike.
inline pm joint_match(std::string_view s, std::string_view m, std::size_t& len) noexcept {
  if (s.size() >= m.size()) {
    if (s.compare(0, m.size(), m) == 0) {
      len = m.size();
      return pm::full;
    }
  } else if (m.compare(0, s.size(), s) == 0) {
    return pm::partial;
  }
  std::size_t i = 0, j = 0, run = 0;
  while (i < s.size()) {
    if (j == m.size()) break;
    if (s[i] == m[j]) {
      ++i, ++j, run = 0;
    } else if (joint_ws(s[i]) && marker_joint(m, j) && run < k_joint_ws) {
      ++i, ++run;
    } else {
      return pm::no;
    }
  }
  if (j < m.size()) return pm::partial;
  len = i;
  return pm::full;
}

/// joint_match without the length.
inline pm prefix_match(std::string_view s, std::string_view m) noexcept {
  std::size_t len = 0;
  return joint_match(s, m, len);
}

/// Why a region failed, as the engine reports it: a diagnostic (errc::ok: none, the region's
/// text quietly goes back to content). The engine puts it where the region stopped. The default
/// is the reason of a failed step that gives none.
struct failure {
  errc code = errc::invalid_call;
  std::string msg = "invalid call";
  severity level = severity::error;
};

/// The bytes of `s`, which is left empty (a handler's held bytes handed back as a tail).
inline std::string take_bytes(std::string& s) {
  std::string r = std::move(s);
  s.clear();
  return r;
}

/// One step of a handler over a chunk: more, or where the region ended (done) or failed. What
/// else it returns rides in one shared block, allocated only when there is something: the reason
/// of a failure (step::failed; none reports "invalid call"), and the tail, bytes the handler read
/// past the region's end but did not use (whitespace, a partial marker that did not match), which
/// go back to the text scanner (step::done_with).
struct step {
  enum status : std::uint8_t { more, done, fail } st = more;
  std::size_t consumed = 0;  ///< bytes of the chunk that belong to the region
  struct returned {
    failure why;
    std::string tail;
  };
  std::shared_ptr<const returned> back = {};  ///< the reason and the tail; null on the common path

  /// The region fails after `consumed` bytes, for `msg` (errc::ok: no diagnostic).
  static step failed(std::size_t consumed, errc code, std::string msg, severity level) {
    return failed(consumed, failure{code, std::move(msg), level});
  }
  static step failed(std::size_t consumed, failure why) {
    return step{fail, consumed, std::make_shared<returned>(returned{std::move(why), {}})};
  }
  /// The region ends after `consumed` bytes, and `tail` goes back to the text scanner.
  static step done_with(std::size_t consumed, std::string tail) {
    if (tail.empty()) return step{done, consumed};
    return step{done, consumed, std::make_shared<returned>(returned{failure{}, std::move(tail)})};
  }
  /// Why the step failed (nullptr: not failed, or no reason given).
  const failure* why() const noexcept { return st == fail && back ? &back->why : nullptr; }
  std::string_view tail() const noexcept { return back ? std::string_view(back->tail) : std::string_view(); }
  /// This step with `t` as its tail (a failure's reason kept).
  step with_tail(std::string t) const {
    if (t.empty() && (!back || st != fail)) return step{st, consumed};
    return step{st, consumed, std::make_shared<returned>(returned{back ? back->why : failure{}, std::move(t)})};
  }
  /// This step as seen by a reader that fed its inner reader from byte `i` of its chunk.
  step after(std::size_t i) const& { return step{st, i + consumed, back}; }
  step after(std::size_t i) && { return step{st, i + consumed, std::move(back)}; }
  /// This step ending at byte `n` of the chunk instead (its status, reason and tail kept).
  step at(std::size_t n) const& { return step{st, n, back}; }
  step at(std::size_t n) && { return step{st, n, std::move(back)}; }
};

struct region_ctx;

/// Properties the engine and the normalizer read instead of a format's name.
struct format_traits {
  bool values_as_text = false;  ///< argument values arrive as text (XML parameters): the
                                ///< normalizer may type them by the schema
  bool model_ids = false;       ///< the model writes call ids
  /// The vendor's parser leaves a call to a tool the request does not declare as text
  /// (unknown_tool_policy::vendor rejects it).
  bool unknown_tools_as_text = false;
  /// A value that was the word `null` stays null where the schema wants a string (the XML
  /// body's null_word): the normalizer does not turn it back into "null".
  bool null_word = false;
  /// Objects in the values are XML child elements (tag-per-argument bodies): where the schema
  /// wants an array only, the children in order are its items. An object read from JSON text
  /// (Qwen3-Coder's `{"a": 1}`) stays the object, as the vendors' json.loads keeps it.
  bool child_elements = false;
};

/// How the request's schema types one XML parameter value ("values typed by the
/// schema"): `unknown` (no schema for this call or key), `string` (the schema accepts any
/// string: the exact text is kept), `typed` (only non-string types: the text is parsed as JSON
/// or a Python literal).
enum class value_kind : std::uint8_t {
  unknown,     ///< no schema for this call, or the key is declared with no type
  string,      ///< the schema accepts any string: the exact text is kept
  typed,       ///< only non-string types: the text is read as JSON or a Python literal
  undeclared,  ///< the call has a schema and the key is not one of its properties
  /// A union with a string branch (`anyOf [integer, string]`, `type: [T, "null"]`): the
  /// non-string types are tried first (vendor parsers do), the text stays a string otherwise.
  /// The accepted non-string kinds are the low bits (vk_number ... vk_array), see union_kind().
  union_base = 0x40,
};

/// Non-string kinds a union value_kind accepts (value_kind::union_base | bits).
enum : std::uint8_t { vk_number = 1, vk_boolean = 2, vk_null = 4, vk_object = 8, vk_array = 16, vk_all = 31 };
inline constexpr value_kind union_kind(std::uint8_t accepts) noexcept {
  return static_cast<value_kind>(static_cast<std::uint8_t>(value_kind::union_base) | (accepts & vk_all));
}
inline constexpr bool is_union_kind(value_kind k) noexcept {
  return (static_cast<std::uint8_t>(k) & 0xC0) == static_cast<std::uint8_t>(value_kind::union_base);
}
inline constexpr std::uint8_t union_accepts(value_kind k) noexcept {
  return is_union_kind(k) ? static_cast<std::uint8_t>(static_cast<std::uint8_t>(k) & vk_all) : 0;
}

/// What a call filter decided about a call at call_begin (the normalizer's unknown-tool policy).
enum class filter_verdict : std::uint8_t { keep, unknown_forward, drop, reject };

/**
 * A per-stream filter over each call's name and argument stream: the normalizer's hook
 * (the normalizer). The engine calls begin() before call_begin, feed() for every arguments delta,
 * and finish() when the call's payload is complete; what the filter writes to `out` is what
 * the events carry, so the argument invariant holds for normalized calls too.
 */
class call_filter {
 public:
  virtual ~call_filter() = default;
  /// May rewrite `name`. Reports changes through `note(code, message, level)`.
  virtual filter_verdict begin(std::string& name, std::string_view format, const format_traits& traits) = 0;
  virtual void feed(std::string_view in, std::string& out) = 0;
  virtual void finish(std::string& out) = 0;
  /// Did the filter change anything in the current call?
  virtual bool changed() const = 0;
  /// Diagnostics collected since the last call to take_notes (code, message, level).
  struct note {
    errc code;
    std::string message;
    severity level;
  };
  virtual std::vector<note> take_notes() = 0;
  /// How the schema types parameter `key` of the current call (XML-parameter bodies ask).
  virtual value_kind param_kind(std::string_view key) const {
    (void)key;
    return value_kind::unknown;
  }
  /// The names of the request's tools, for formats whose openers are tool names (morph_xml).
  virtual std::vector<std::string> tool_names() const { return {}; }
  /// The one request tool a call with these argument keys can be for (request_view::
  /// tool_for_keys); empty: none or several.
  virtual std::string tool_for_keys(const std::vector<std::string>& keys) const {
    (void)keys;
    return {};
  }
};

/// The interface every format's state machine implements. A handler is created once per
/// stream parser and reused for every region it claims (begin() resets it).
class handler {
 public:
  virtual ~handler() = default;
  /// A trigger of this handler matched; `trigger` is its marker text, already consumed.
  virtual void begin(const region_ctx& e, std::string_view trigger, int variant) = 0;
  /// Consumes bytes of the region. On done or fail, `consumed` tells where the region ends;
  /// the rest of the chunk goes back to the text scanner.
  virtual step feed(const region_ctx& e, std::string_view in) = 0;
  /// The text ended: accept (done) or reject (fail) what is open.
  virtual step finish(const region_ctx& e) = 0;
  /// True when this handler, begun with `variant`, would read JSON whitespace and then fail
  /// quietly at byte `b` (step::failed(whitespace, errc::ok, "", severity::note)), doing
  /// nothing else: the runner may skip it for the next claimant of a shared opener without
  /// running it (region_runner::skip_declined), with the same result.
  virtual bool declines(int /*variant*/, unsigned char /*b*/) const noexcept { return false; }
};

/// A handler that hands a region to another reader: a wrapper that changes a part of the context
/// its inner handler sees, a router that picks one reader per trigger variant. By default feed()
/// and finish() go to `cur_` (set by begin_in()) and pass the inner reader's step on as it is,
/// tail included: the bytes it read past the region's end, or, for a failure, the bytes of
/// earlier pieces after the point where it stopped.
class delegating_handler : public handler {
 public:
  step feed(const region_ctx& e, std::string_view in) override { return cur_->feed(e, in); }
  step finish(const region_ctx& e) override { return cur_->finish(e); }

 protected:
  /// Starts the region in `h`, which the default feed() and finish() then go to.
  void begin_in(handler& h, const region_ctx& e, std::string_view trigger, int variant) {
    cur_ = &h;
    h.begin(e, trigger, variant);
  }
  handler* cur_ = nullptr;
};

// --- What a handler sees of the engine: a region_ctx of four small parts --------------------

/// The open region's calls: a handler announces, streams and ends each call here.
class call_sink {
 public:
  virtual ~call_sink() = default;
  /// Emits call_begin; `begin_abs` is the absolute offset where the call's payload starts.
  virtual void begin_call(std::string_view name, std::string_view id, std::string_view format,
                          std::size_t begin_abs) = 0;
  virtual bool call_open() const = 0;
  /// Streams argument text of the open call.
  virtual void call_args(std::string_view text) = 0;
  /// Marks the open call complete (its call_end is sent when the region succeeds).
  virtual void end_call(std::size_t end_abs, bool repaired) = 0;
  /// The open call of a region that holds several (a list item whose arguments broke after its
  /// name was announced) ends invalid and leaves the region, which goes on with the next item:
  /// one bad sibling drops only itself. The handler reports why. False when no call is open.
  virtual bool abandon_call() { return false; }
  /// The open call's arguments buffer, for a handler that writes the arguments there itself
  /// (the one write of each byte), then calls args_appended(); nullptr when the arguments must
  /// go through call_args() (a normalizer filters them, or no call is open). The buffer stays
  /// valid until the call ends or the region ends. `from_raw_text`: the handler escapes raw
  /// text into JSON strings (XML values), so the arguments may outgrow their text a little.
  virtual std::string* args_buffer(bool from_raw_text = false) {
    (void)from_raw_text;
    return nullptr;
  }
  /// Bytes were appended to args_buffer(): they are streamed as an arguments delta.
  virtual void args_appended() {}
  /// Handler `h` (the region's own, not an inner reader) promises that its next feed, if it is
  /// a token of at most 16 bytes none of which stops json_lexer's string run
  /// (k_string_special), would only append the token to `args` (the open call's buffer from
  /// args_buffer()) and call args_appended(), nothing else of its state changing. The engine
  /// may then do that itself without feeding it; the promise ends at the handler's next
  /// begin, feed or finish. A wrapper does not pass it on (this no-op), so a reader behind one
  /// is always fed.
  virtual void plain_lane(const handler* h, const std::string* args) {
    (void)h;
    (void)args;
  }
};

/// What the request says about the calls a handler reads.
class request_view {
 public:
  virtual ~request_view() = default;
  virtual std::size_t max_depth() const = 0;
  /// The schema's verdict for parameter `key` of the open call (the normalizer's, when one is
  /// attached).
  virtual value_kind param_kind(std::string_view key) const {
    (void)key;
    return value_kind::unknown;
  }
  /// Without a schema, are JSON-looking XML values parsed (options::xml_values_as_json)?
  virtual bool guess_json_values() const { return false; }
  /// A name a call may have: any name without the request's tools, else a declared tool (a
  /// call with no arguments in running text needs one, or it is a word of prose).
  virtual bool tool_declared(std::string_view name) const {
    (void)name;
    return true;
  }
  /// A call the model wrote without its name (Kimi-K2's counter-only id): the request's only
  /// tool, else the one tool whose parameters declare every key of `keys` (vLLM's kimi_k2
  /// parser infers so); empty without the request's tools, or when none or several fit.
  virtual std::string tool_for_keys(const std::vector<std::string>& keys) const {
    (void)keys;
    return {};
  }
};

/// What a region writes besides calls: content and reasoning inside it (harmony channels),
/// diagnostics, and the point from which it is recognised markup.
class region_text {
 public:
  virtual ~region_text() = default;
  /// Content or reasoning produced inside a region. Commits first.
  virtual void region_content(std::string_view text) = 0;
  virtual void region_reasoning(std::string_view text) = 0;
  /// The region so far is recognised markup: on a later failure it is not returned as content.
  virtual void commit() = 0;
  virtual void diag(errc code, std::size_t abs, std::string msg, severity level) = 0;
};

/// Where the bytes a handler is fed stand in the text.
class region_place {
 public:
  virtual ~region_place() = default;
  /// Absolute offset of byte 0 of the chunk being fed.
  virtual std::size_t chunk_abs() const = 0;
  /// Absolute offset of the current region's marker (a chunking-independent place for notes).
  virtual std::size_t region_abs() const { return 0; }
  /// A handler read `n` bytes again (a value re-lexed, a decoded string argument): counted in
  /// bytes_examined(), which counts every pass over the bytes.
  virtual void examined(std::size_t n) { (void)n; }
};

/// What a handler sees of the engine while it reads a region: bytes come in through feed(),
/// calls go out through `calls`, failures come back in the returned step. A reader that drives
/// another one may hand it a context with one part replaced (with_calls(), with_place()...):
/// a wrapper of that part that changes what it changes and forwards the rest (forwarding_calls
/// and its siblings below). The parts outlive every call into the handler that receives them.
struct region_ctx {
  call_sink& calls;
  const request_view& request;
  region_text& text;
  region_place& place;

  region_ctx with_calls(call_sink& c) const noexcept { return {c, request, text, place}; }
  region_ctx with_request(const request_view& r) const noexcept { return {calls, r, text, place}; }
  region_ctx with_text(region_text& t) const noexcept { return {calls, request, t, place}; }
  region_ctx with_place(region_place& p) const noexcept { return {calls, request, text, p}; }
};

/// A call_sink that forwards to an inner one: a wrapper overrides only what it changes. The
/// inner part is set with forward_to() before each call into the reader it wraps.
class forwarding_calls : public call_sink {
 public:
  void forward_to(call_sink& c) noexcept { c_ = &c; }
  void begin_call(std::string_view name, std::string_view id, std::string_view format, std::size_t begin_abs) override {
    c_->begin_call(name, id, format, begin_abs);
  }
  bool call_open() const override { return c_->call_open(); }
  void call_args(std::string_view text) override { c_->call_args(text); }
  void end_call(std::size_t end_abs, bool repaired) override { c_->end_call(end_abs, repaired); }
  bool abandon_call() override { return c_->abandon_call(); }
  std::string* args_buffer(bool from_raw_text = false) override { return c_->args_buffer(from_raw_text); }
  void args_appended() override { c_->args_appended(); }

 protected:
  call_sink* c_ = nullptr;
};

/// A request_view that forwards to an inner one (see forwarding_calls).
class forwarding_request : public request_view {
 public:
  void forward_to(const request_view& r) noexcept { r_ = &r; }
  std::size_t max_depth() const override { return r_->max_depth(); }
  value_kind param_kind(std::string_view key) const override { return r_->param_kind(key); }
  bool guess_json_values() const override { return r_->guess_json_values(); }
  bool tool_declared(std::string_view name) const override { return r_->tool_declared(name); }
  std::string tool_for_keys(const std::vector<std::string>& keys) const override { return r_->tool_for_keys(keys); }

 protected:
  const request_view* r_ = nullptr;
};

/// A region_text that forwards to an inner one (see forwarding_calls).
class forwarding_text : public region_text {
 public:
  void forward_to(region_text& t) noexcept { t_ = &t; }
  void region_content(std::string_view text) override { t_->region_content(text); }
  void region_reasoning(std::string_view text) override { t_->region_reasoning(text); }
  void commit() override { t_->commit(); }
  void diag(errc code, std::size_t abs, std::string msg, severity level) override {
    t_->diag(code, abs, std::move(msg), level);
  }

 protected:
  region_text* t_ = nullptr;
};

/// A region_place that forwards to an inner one (see forwarding_calls).
class forwarding_place : public region_place {
 public:
  void forward_to(region_place& p) noexcept { p_ = &p; }
  std::size_t chunk_abs() const override { return p_->chunk_abs(); }
  std::size_t region_abs() const override { return p_->region_abs(); }
  void examined(std::size_t n) override { p_->examined(n); }

 protected:
  region_place* p_ = nullptr;
};

/// The place of bytes whose offset the reader knows better than the engine (bytes given back
/// and read again, a marker replayed): chunk_abs() is the reader's, so offsets in diagnostics
/// do not depend on the chunking.
class fixed_place final : public forwarding_place {
 public:
  fixed_place(region_place& p, std::size_t abs) noexcept : abs_(abs) { forward_to(p); }
  std::size_t chunk_abs() const override { return abs_; }

 private:
  std::size_t abs_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_ENGINE_CORE_HPP
