// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The perturbation property test: every corpus case that gives calls is varied the way real
// detokenizers and models vary it (spaces and newlines around special tokens, CRLF line ends,
// end-of-turn tokens after the call, a duplicated closer, output cut right after the opener),
// and parsed with its own format alone and with every format. Each variant must give its calls
// or a diagnostic (never silent), leak no marker into content, and give the same message at
// every chunking. Set TOOLCALL_PERTURB_REPORT=1 to print every variant that loses or changes
// a call.
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

#include "test_support.hpp"

namespace {

toolcall::options whole_text() {
  toolcall::options o = tc_test::deterministic(7);
  o.reasoning = toolcall::reasoning_start::detect;
  return o;
}

/// A structural token at `i` (special tokens `<|…|>`, `<｜…｜>`, `[UPPER]`, XML tags): its
/// length, or 0.
std::size_t token_at(std::string_view s, std::size_t i) {
  auto lim = [&](std::size_t n) { return std::min(s.size(), i + n); };
  if (s.compare(i, 2, "<|") == 0) {
    const std::size_t e = s.find("|>", i + 2);
    if (e != std::string_view::npos && e < lim(64)) return e + 2 - i;
    return 0;
  }
  if (s.compare(i, 4, "<\xEF\xBD\x9C") == 0) {
    const std::size_t e = s.find("\xEF\xBD\x9C>", i + 4);
    if (e != std::string_view::npos && e < lim(96)) return e + 4 - i;
    return 0;
  }
  if (s[i] == '[') {
    std::size_t j = i + 1;
    while (j < s.size() && ((s[j] >= 'A' && s[j] <= 'Z') || s[j] == '_')) ++j;
    if (j > i + 2 && j < s.size() && s[j] == ']') return j + 1 - i;
    return 0;
  }
  if (s[i] == '<') {
    std::size_t j = i + 1;
    if (j < s.size() && s[j] == '/') ++j;
    const std::size_t name0 = j;
    while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_' || s[j] == ':')) ++j;
    if (j > name0 && j < s.size() && s[j] == '>' && j < lim(40)) return j + 1 - i;
    return 0;
  }
  return 0;
}

struct tok {
  std::size_t at, len;
};

/// The structural tokens of a text, outside JSON strings (a quote toggles, escapes honoured,
/// only while a `{` or `[` is open, so prose apostrophes do not count).
std::vector<tok> tokens(std::string_view s) {
  std::vector<tok> out;
  bool in_str = false;
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (in_str) {
      if (c == '\\') ++i;
      else if (c == '"') in_str = false;
      continue;
    }
    if (c == '"' && depth > 0) { in_str = true; continue; }
    if (c == '{' || c == '[') {
      const std::size_t n = c == '[' ? token_at(s, i) : 0;
      if (n) { out.push_back({i, n}); i += n - 1; continue; }
      ++depth;
      continue;
    }
    if ((c == '}' || c == ']') && depth > 0) { --depth; continue; }
    if (c == '<') {
      const std::size_t n = token_at(s, i);
      if (n) { out.push_back({i, n}); i += n - 1; }
    }
  }
  return out;
}

struct variant {
  std::string kind, text;
  bool expect_calls = true;  ///< false: a cut-off output (a diagnostic is expected instead)
};

std::vector<variant> variants_of(const std::string& in, const std::string& fmt, std::size_t call_at) {
  std::vector<variant> v;
  const std::vector<tok> ts = tokens(in);
  // whitespace after and before every token, one token at a time, then around all at once
  for (const char* ws : {" ", "\n", "\r\n"}) {
    std::string all;
    std::size_t pos = 0;
    for (const tok& t : ts) {
      all.append(in, pos, t.at - pos);
      all += ws;
      all.append(in, t.at, t.len);
      all += ws;
      pos = t.at + t.len;
    }
    all.append(in, pos, std::string::npos);
    if (!ts.empty()) v.push_back({std::string("ws-all '") + (ws[0] == ' ' ? "sp" : ws[0] == '\n' ? "nl" : "crlf") + "'", all});
  }
  for (const tok& t : ts) {
    std::string after = in;
    after.insert(t.at + t.len, " ");
    v.push_back({"sp-after " + in.substr(t.at, t.len), after});
    if (t.at > 0) {
      std::string before = in;
      before.insert(t.at, " ");
      v.push_back({"sp-before " + in.substr(t.at, t.len), before});
    }
  }
  // CRLF line ends
  if (in.find('\n') != std::string::npos) {
    std::string crlf;
    for (char c : in) {
      if (c == '\n') crlf += '\r';
      crlf += c;
    }
    v.push_back({"crlf", crlf});
  }
  // the family's end-of-turn tokens (the markers its room declares) after the call
  if (auto f = toolcall::format::builtin(fmt)) {
    const auto& markers = toolcall::detail::def_of(*f).markers;
    for (std::size_t k = 0; k < markers.size() && k < 4; ++k)
      v.push_back({"eot " + markers[k], in + markers[k]});
    if (!markers.empty()) v.push_back({"eot-nl " + markers.back(), in + "\n" + markers.back()});
  }
  // a duplicated closer
  if (!ts.empty() && ts.back().at + ts.back().len == in.size() && in[ts.back().at + 1] == '/')
    v.push_back({"dup-closer", in + in.substr(ts.back().at)});
  // cut right after the format's first opener
  if (auto f = toolcall::format::builtin(fmt)) {
    std::size_t best = std::string::npos, len = 0;
    for (const auto& t : toolcall::detail::def_of(*f).triggers) {
      // the opener of the first call: the last one at or before its payload
      const std::size_t at = in.rfind(t.text, call_at);
      if (at != std::string::npos && (best == std::string::npos || at > best || (at == best && t.text.size() > len))) {
        best = at;
        len = t.text.size();
      }
    }
    const bool marker = best != std::string::npos && len >= 3 && in.compare(best, 3, "```") != 0;
    if (marker) v.push_back({"cut-after-opener", in.substr(0, best + len), false});
    // cut right after a section opener (DeepSeek's `<｜tool▁calls▁begin｜>`), before any call
    for (const auto& o : toolcall::detail::def_of(*f).section_openers) {
      const std::size_t at = in.find(o);
      if (at != std::string::npos && at < call_at) v.push_back({"cut-after-section-opener", in.substr(0, at + o.size()), false});
    }
  }
  return v;
}

std::string call_key(const toolcall::message& m) {
  std::string k;
  for (const auto& c : m.calls) k += c.name + c.arguments + "|";
  return k;
}

toolcall::message streamed(toolcall::stream_parser& sp, const std::string& t, std::size_t chunk,
                           const tc_test::corpus_case& c) {
  sp.reset(whole_text());
  tc_test::attach_tools(c, sp);  // a reset drops the request's tools: this response answers the same request
  for (std::size_t i = 0; i < t.size(); i += chunk) sp.write(std::string_view(t).substr(i, chunk));
  return sp.finish();
}

}  // namespace

TEST_SUITE("toolcall/perturb") {
  TEST_CASE("every family's calls survive real-output variants, or a diagnostic says why") {
    const bool report = std::getenv("TOOLCALL_PERTURB_REPORT") != nullptr;
    const auto cases = tc_test::load_corpus();
    std::map<std::string, toolcall::parser_registry> regs;
    std::map<std::string, std::map<std::string, int>> stats;  // family -> outcome -> count
    std::size_t total = 0, silent = 0, changed = 0, leaks = 0, split_diffs = 0;
    for (const auto& c : cases) {
      if (c.error || c.calls.empty() || c.family == "hard") continue;
      toolcall::parser all{toolcall::parser_registry::builtin(), whole_text()};
      tc_test::attach_tools(c, all);
      const toolcall::message base = all.parse(c.input, whole_text());
      if (base.calls.empty()) continue;
      const std::string fmt = base.calls[0].format;
      auto it = regs.find(fmt);
      if (it == regs.end()) {
        auto r = toolcall::parser_registry::only(fmt);
        if (!r) continue;
        it = regs.emplace(fmt, *r).first;
      }
      toolcall::parser own{it->second, whole_text()};
      toolcall::stream_parser sp{it->second, whole_text()};
      tc_test::attach_tools(c, own);
      tc_test::attach_tools(c, sp);
      const std::string want = call_key(base);
      const std::vector<tok> base_toks = tokens(base.content);
      std::set<std::string> base_marks;
      for (const tok& t : base_toks) base_marks.insert(base.content.substr(t.at, t.len));
      for (const variant& v : variants_of(c.input, fmt, base.calls[0].begin)) {
        for (int which = 0; which < 2; ++which) {
          toolcall::parser& p = which == 0 ? own : all;
          tc_test::attach_tools(c, p);
          const toolcall::message m = p.parse(v.text, whole_text());
          ++total;
          std::string outcome;
          if (!v.expect_calls) {
            outcome = m.calls.empty() && m.diagnostics.empty() ? "silent" : "ok";
          } else if (m.calls.empty()) {
            outcome = m.diagnostics.empty() ? "silent" : "diagnosed";
          } else {
            outcome = call_key(m) == want ? "ok" : "changed";
          }
          // a marker the variant holds and the base content did not: leaked
          for (const tok& t : tokens(m.content)) {
            const std::string mk = m.content.substr(t.at, t.len);
            if (!base_marks.count(mk) && v.expect_calls && !m.calls.empty()) {
              outcome += "+leak";
              ++leaks;
              break;
            }
          }
          if (outcome.rfind("silent", 0) == 0) ++silent;
          if (outcome.rfind("changed", 0) == 0) ++changed;
          ++stats[fmt][outcome];
          if (report && outcome != "ok")
            MESSAGE(c.id << " [" << (which ? "builtin" : fmt) << "] " << v.kind << ": " << outcome << " calls="
                         << m.calls.size() << " content=[" << m.content.substr(0, 120) << "]"
                         << (m.diagnostics.empty() ? "" : " diag=" + m.diagnostics[0].message));
          if (which == 0) {
            for (std::size_t chunk : {std::size_t{1}, std::size_t{5}}) {
              const std::string d = tc_test::same_message(streamed(sp, v.text, chunk, c), m);
              if (!d.empty()) {
                ++split_diffs;
                FAIL_CHECK(c.id << " " << v.kind << " chunk " << chunk << ": " << d);
              }
            }
          }
        }
      }
    }
    for (const auto& f : stats) {
      std::string line;
      for (const auto& o : f.second) line += o.first + "=" + std::to_string(o.second) + " ";
      MESSAGE(f.first << ": " << line);
    }
    MESSAGE("variants " << total << ", silent " << silent << ", changed " << changed << ", leaks " << leaks);
    CHECK(split_diffs == 0);
    CHECK(silent == 0);
    CHECK(leaks == 0);
    // whitespace inside values is kept where the vendors keep it (Qwen3-Coder strips one
    // newline, Gemma keeps what stands between its string delimiters): such variants change a
    // value, never lose a call
    CHECK(changed < total / 10);
  }
}

TEST_SUITE("toolcall/perturb") {
  TEST_CASE("prose that mentions any format's opener stays prose") {
    // every opener of every built-in format, written in sentences a model says about the
    // format: no call, the text unchanged, with the format alone and with every format
    const auto all = toolcall::parser_registry::builtin();
    toolcall::parser every{all, whole_text()};
    std::size_t n = 0;
    for (const auto& f : all.formats()) {
      auto own = toolcall::parser_registry::only(f.name());
      REQUIRE(own);
      toolcall::parser alone{*own, whole_text()};
      for (const auto& t : toolcall::detail::def_of(f).triggers) {
        if (t.cond != toolcall::detail::trig_cond::anywhere || t.text.size() < 3) continue;
        const std::string texts[] = {
            "To call a tool, wrap the call in " + t.text + " tags, then wait for the result.",
            "Use `" + t.text + "` to start a call; I will answer directly instead.",
            "Instead of " + t.text + " search I'll answer: the capital of France is Paris.",
        };
        for (const std::string& s : texts) {
          for (toolcall::parser* p : {&alone, &every}) {
            const toolcall::message m = p->parse(s, whole_text());
            ++n;
            CHECK_MESSAGE(m.calls.empty(), f.name() << ": " << s);
            CHECK_MESSAGE(m.content == s, f.name() << ": " << s << " -> [" << m.content << "]");
          }
        }
      }
    }
    MESSAGE("prose sentences: " << n);
    CHECK(n > 100);
  }
}
