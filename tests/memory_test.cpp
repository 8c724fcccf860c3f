// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The straight argument path, measured in heap bytes: one-shot parsing keeps no
// second copy of a region (it is a view of the caller's text), a call's arguments have one
// buffer written once, and a response that is mostly a call does not reserve content as large
// as itself, nor one as large as the call-size limit for each of many small calls. Its own
// executable: it replaces the global operator new to count.
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>

#include <toolcall/toolcall.hpp>

namespace {
std::size_t g_live = 0, g_peak = 0, g_total = 0;
bool g_count = false;

struct header {
  std::size_t n;
  std::max_align_t pad;
};

void* counted(std::size_t n) {
  void* p = std::malloc(sizeof(header) + (n ? n : 1));
  if (!p) std::abort();
  static_cast<header*>(p)->n = n;
  if (g_count) {
    g_live += n;
    g_total += n;
    if (g_live > g_peak) g_peak = g_live;
  }
  return static_cast<char*>(p) + sizeof(header);
}
void uncounted(void* q) noexcept {
  if (!q) return;
  void* p = static_cast<char*>(q) - sizeof(header);
  if (g_count) {
    const std::size_t n = static_cast<header*>(p)->n;
    g_live = g_live > n ? g_live - n : 0;
  }
  std::free(p);
}
}  // namespace

void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void operator delete(void* p) noexcept { uncounted(p); }
void operator delete[](void* p) noexcept { uncounted(p); }
void operator delete(void* p, std::size_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::size_t) noexcept { uncounted(p); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted(n); }
void operator delete(void* p, const std::nothrow_t&) noexcept { uncounted(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { uncounted(p); }

namespace {
int failures = 0;

/// Peak heap, above what was live before, while `f` runs; what f returns is freed inside.
template <class F>
std::size_t peak_of(F&& f) {
  g_live = 0;
  g_peak = 0;
  g_total = 0;
  g_count = true;
  f();
  g_count = false;
  return g_peak;
}

void check(bool ok, const char* what, std::size_t got, std::size_t bound) {
  std::printf("%s %s: %zu bytes (bound %zu)\n", ok ? "ok  " : "FAIL", what, got, bound);
  if (!ok) ++failures;
}

std::string file_text(std::size_t n, bool json_escaped) {
  std::string line = json_escaped ? "    if (s[i] == \\\"\\\\t\\\") { out += ' '; }\\n"
                                  : "    if (s[i] == \"\\t\") { out += ' '; }\n";
  std::string f;
  while (f.size() < n) f += line;
  return f;
}
}  // namespace

int main() {
  const toolcall::parser_registry& reg = toolcall::parser_registry::builtin();
  const std::string json_call = "I'll write the file.\n<tool_call>\n{\"name\": \"write_file\", \"arguments\": "
                                "{\"path\": \"src/a.cpp\", \"content\": \"" + file_text(256 * 1024, true) +
                                "\"}}\n</tool_call>";
  const std::string xml_call = "I'll write the file.\n<tool_call>\n<function=write_file>\n<parameter=path>\n"
                               "src/a.cpp\n</parameter>\n<parameter=content>\n" + file_text(256 * 1024, false) +
                               "</parameter>\n</function>\n</tool_call>";
  toolcall::parser p{reg};
  (void)p.parse(json_call);  // tables built, first-use allocations made
  (void)p.parse(xml_call);

  for (const std::string* text : {&json_call, &xml_call}) {
    const char* name = text == &json_call ? "one-shot, one 256 KB JSON call" : "one-shot, one 256 KB Qwen3-Coder call";
    std::size_t calls = 0, args = 0;
    const std::size_t peak = peak_of([&] {
      const toolcall::message m = p.parse(*text);
      calls = m.calls.size();
      args = calls ? m.calls[0].arguments.size() : 0;
    });
    if (calls != 1) {
      std::printf("FAIL %s: %zu calls\n", name, calls);
      ++failures;
      continue;
    }
    // the arguments' one buffer (about the text's size) and small state: no copy of the
    // region, no second buffer of the arguments, no content reserved for the whole text
    const std::size_t bound = args + args / 4 + 16384;
    check(peak <= bound, name, peak, bound);
  }

  // streaming with events only: the call's one buffer is all that grows
  {
    toolcall::options o;
    o.events_only = true;
    toolcall::stream_parser sp{reg, o};
    std::size_t deltas = 0;
    auto run = [&] {
      sp.reset();
      for (std::size_t i = 0; i < json_call.size(); i += 4)
        sp.write(std::string_view(json_call).substr(i, 4), [&](const toolcall::event& ev) {
          if (ev.kind == toolcall::event_kind::arguments_delta) deltas += ev.text.size();
        });
      (void)sp.finish();
    };
    run();
    deltas = 0;
    const std::size_t peak = peak_of(run);
    // O(the call): its raw text (kept so that a failure can give it back as content) and its
    // arguments, each grown step by step (a doubling holds the old and the new buffer at once)
    const std::size_t bound = deltas * 3 + 16384;
    check(deltas > 256 * 1024 && peak <= bound, "4-byte writes, events only, one 256 KB call", peak, bound);
  }

  // recycle(): a message given back lends its buffers to the next response, which then
  // allocates next to nothing for its content and its call
  {
    toolcall::stream_parser sp{reg};
    auto stream = [&] {
      for (std::size_t i = 0; i < json_call.size(); i += 64) sp.write(std::string_view(json_call).substr(i, 64));
      return sp.finish();
    };
    sp.recycle(stream());
    sp.reset();
    std::size_t calls = 0;
    const std::size_t peak = peak_of([&] {
      toolcall::message m = stream();
      calls = m.calls.size();
      sp.recycle(std::move(m));
      sp.reset();
    });
    const std::size_t bound = 16384;
    check(calls == 1 && peak <= bound, "64-byte writes, one 256 KB call, the previous message recycled", peak, bound);
  }

  // a long reply of many small calls, one-shot: each call's arguments buffer is sized by the
  // calls before it, not by the rest of the text (up to the call-size limit) and given back
  {
    std::string reply;
    for (int k = 0; reply.size() < 400 * 1024; ++k)
      reply += "Step " + std::to_string(k) + ": checking the next file.\n<tool_call>\n{\"name\": \"read_file\", "
               "\"arguments\": {\"path\": \"src/f" + std::to_string(k) + ".c\"}}\n</tool_call>\n";
    toolcall::options o;
    o.max_calls = std::size_t{1} << 20;
    std::size_t calls = 0;
    (void)peak_of([&] { calls = p.parse(reply, o).calls.size(); });
    // the message (its content, about a third of the text, and each call's name, id, format and
    // arguments, with the vector's doublings) and small state; reserving the rest of the text
    // for each call allocated about 1,700 times the text (700 MB); this takes about 8 times
    const std::size_t bound = 16 * reply.size();
    check(calls > 3000 && g_total <= bound, "one-shot, 400 KB of small calls: bytes allocated", g_total, bound);
  }

  std::printf("memory: %d failed\n", failures);
  return failures ? 1 : 0;
}
