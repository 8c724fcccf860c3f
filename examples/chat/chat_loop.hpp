// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The chat loop, where toolcall sits in the token loop. One user turn:
//   1. render the history and the tools as a Qwen3 ChatML prompt, and tokenize it;
//   2. take tokens from the token source one at a time; write each token's bytes into a
//      toolcall::stream_parser (the model family's formats, the tools' schemas through a
//      toolcall::normalizer), whose events feed the live view and a toolcall::openai::sse_writer;
//   3. record the assistant message; run the calls it holds and append their tool messages;
//   4. repeat from 1 until the model answers in text, or the loop guard
//      (toolcall::conversation::loop_guard) asks for an answer without tools.
// After every step the history goes through toolcall::conversation::check, and each generation's
// SSE stream, folded back by toolcall::openai::delta_accumulator, must give the recorded message.
// A failed check is reported on stderr and counted (the exit status is then k_exit_checks).

#ifndef TOOLCALL_CHAT_CHAT_LOOP_HPP
#define TOOLCALL_CHAT_CHAT_LOOP_HPP

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <toolcall/conversation.hpp>
#include <toolcall/normalizer.hpp>
#include <toolcall/openai.hpp>
#include <toolcall/toolcall.hpp>
#include <utility>
#include <vector>

#include "chat_template.hpp"
#include "cli_common.hpp"
#include "cli_options.hpp"
#include "demo_tools.hpp"
#include "live_view.hpp"
#include "model_loading.hpp"
#include "token_source.hpp"
#include "tokenizer.hpp"

namespace toolcall_chat_app {

// ------------------------------------------------------------------------------------------------
// The prompt and the recorded messages
// ------------------------------------------------------------------------------------------------

/// Where the model's output starts, given the prompt it continues (the engine knows its prompt):
/// - the prompt ends inside an open <think> block (a template that opens it, as DeepSeek-R1's
///   and Qwen3-Thinking-2507's do): the output is reasoning from its first byte (`open`);
/// - the prompt ends with a closed, empty block (Qwen3 with enable_thinking=false): no reasoning
///   follows, `<think>` would be plain text (`none`);
/// - otherwise a thinking model (Qwen3 with thinking on) writes <think> itself as its first
///   token (`detect`); a model whose template has no thinking at all (Qwen2.5) writes none
///   (`none`, which also spares the stream the hold-back of the lone-</think> rule).
inline tc::reasoning_start reasoning_for_prompt(std::string_view prompt, bool model_thinks) {
  const std::string_view p = rstrip(prompt);
  if (ends_with(p, "<think>")) return tc::reasoning_start::open;
  if (ends_with(p, "</think>")) return tc::reasoning_start::none;
  // the model opens its own block, if any: live streaming (closed), not holding text (detect)
  return model_thinks ? tc::reasoning_start::closed : tc::reasoning_start::none;
}

/// The OpenAI assistant message of a parsed response, always valid JSON (model text may hold
/// broken UTF-8: it is written as U+FFFD; openai::message_json keeps bytes as they are).
inline std::string assistant_message_json(const tc::message& m) {
  std::string o = "{\"role\":\"assistant\",\"content\":";
  o += m.content.empty() ? std::string("null") : json_str(m.content);
  if (m.has_reasoning) o += ",\"reasoning_content\":" + json_str(m.reasoning);
  if (!m.calls.empty()) {
    o += ",\"tool_calls\":[";
    for (std::size_t i = 0; i < m.calls.size(); ++i) {
      const tc::call& c = m.calls[i];
      if (i) o += ',';
      o += "{\"id\":" + json_str(c.id) + ",\"type\":\"function\",\"function\":{\"name\":" + json_str(c.name) +
           ",\"arguments\":" + json_str(c.arguments) + "}}";
    }
    o += ']';
  }
  o += '}';
  return o;
}

/// Differences between the message the loop recorded and the one rebuilt from its SSE stream.
inline std::string sse_round_trip_diff(const tc::message& want, const tc::message& got) {
  std::string d;
  if (utf8_sanitized(want.content) != got.content) d += "content differs; ";
  if (utf8_sanitized(want.reasoning) != got.reasoning) d += "reasoning differs; ";
  if (want.has_reasoning != got.has_reasoning) d += "has_reasoning differs; ";
  if (want.calls.size() != got.calls.size()) {
    d += std::to_string(got.calls.size()) + " calls, want " + std::to_string(want.calls.size()) + "; ";
  } else {
    for (std::size_t k = 0; k < want.calls.size(); ++k) {
      if (want.calls[k].id != got.calls[k].id) d += "call " + std::to_string(k) + " id differs; ";
      if (want.calls[k].name != got.calls[k].name) d += "call " + std::to_string(k) + " name differs; ";
      if (want.calls[k].arguments != got.calls[k].arguments) d += "call " + std::to_string(k) + " arguments differ; ";
    }
  }
  if (want.finish != got.finish)
    d += std::string("finish_reason ") + tc::to_string(got.finish) + ", want " + tc::to_string(want.finish) + "; ";
  return d;
}

// ------------------------------------------------------------------------------------------------
// The loop
// ------------------------------------------------------------------------------------------------

/// What the loop works with; make_chat_setup() builds it. It must outlive the loop.
struct chat_setup {
  const cli_options& opt;
  const logger& log;
  const tchat::tokenizer& tok;
  template_traits traits;
  const tool_box& tools;
  std::optional<tc::normalizer> norm;  ///< none: the tools' schemas did not make one
  tc::parser_registry registry;        ///< the formats of the model's family
  std::string model_name;
  std::string tools_json;
  bool deterministic = false;  ///< --script, --replay or --fixed-clock: fixed SSE `created` time
};

/// The state of one conversation.
class chat_loop {
 public:
  chat_loop(const chat_setup& s, token_source& src, std::deque<recorded_generation>* script)
      : s_(s),
        src_(src),
        script_(script),
        guard_(s.opt.max_tool_cycles),
        sp_(s.registry),
        plain_sp_(*tc::parser_registry::only("reasoning")),
        writer_([this](std::string_view chunk) { on_sse(chunk); }),
        view_(!s.opt.sse) {}
  chat_loop(const chat_loop&) = delete;  // the SSE writer's callback holds `this`
  chat_loop& operator=(const chat_loop&) = delete;

  std::size_t check_failures() const noexcept { return check_failures_; }
  std::size_t generations() const noexcept { return generation_; }
  const std::vector<std::string>& messages() const noexcept { return messages_; }
  std::string messages_json() const { return join_array(messages_); }

  void add_system(const std::string& text) {
    messages_.push_back("{\"role\":\"system\",\"content\":" + json_str(text) + "}");
  }

  /// One user turn: generate, run tools, generate again, until a text answer or the loop guard.
  bool user_turn(const std::string& text, std::string& err) {
    messages_.push_back("{\"role\":\"user\",\"content\":" + json_str(text) + "}");
    ++turn_;
    view_.user(text);
    guard_.user_turn();
    check_history(false, "after the user message");
    for (;;) {
      const bool tools_on = !s_.opt.no_tools && guard_.tools_allowed();
      tc::message m;
      if (!generate(tools_on, m, err)) return false;
      messages_.push_back(assistant_message_json(m));
      check_history(!m.calls.empty(), "after the assistant message");
      if (m.calls.empty()) {
        if (!tools_on && m.content.find("<tool_call>") != std::string::npos)
          s_.log.warn("the model wrote tool-call markup although no tools were offered; it stays text");
        return true;
      }
      guard_.add_cycle();
      if (const auto cycles = tc::conversation::tool_cycles(messages_json(), guard_.max_cycles());
          !cycles || cycles->cycles != guard_.cycles()) {
        report("loop guard: the history holds " + (cycles ? std::to_string(cycles->cycles) : std::string("?")) +
               " tool cycles, the guard counted " + std::to_string(guard_.cycles()));
      }
      for (const tc::call& c : m.calls) {
        const std::string result = s_.tools.run(c);
        view_.tool(c.name, c.id, result);
        if (s_.opt.sse) s_.log.note("tool %s [%s] -> %s", c.name.c_str(), c.id.c_str(), result.c_str());
        messages_.push_back("{\"role\":\"tool\",\"tool_call_id\":" + json_str(c.id) +
                            ",\"content\":" + json_str(result) + "}");
      }
      check_history(false, "after the tool results");
      if (guard_.cap_reached()) {
        const std::string note = "loop guard: " + std::to_string(guard_.cycles()) +
                                 " tool cycles this turn (--max-tool-cycles " + std::to_string(guard_.max_cycles()) +
                                 "); asking for an answer without tools";
        s_.log.note(note);
        view_.line("[" + note + "]");
      }
    }
  }

  /// Lines of the --trace file.
  const std::string& trace() const noexcept { return trace_; }

 private:
  void report(const std::string& what) {
    ++check_failures_;
    std::fprintf(stderr, "toolcall-chat: check failed: %s\n", what.c_str());
  }

  void check_history(bool pending, const char* when) {
    tc::conversation::check_options co;
    co.allow_pending = pending;
    co.strict_order = true;  // the loop answers every call right after the message that made it
    for (const tc::diagnostic& d : tc::conversation::check(messages_json(), co))
      report(std::string("history ") + when + ": message " + std::to_string(d.offset) + ": " + d.message);
  }

  void on_sse(std::string_view chunk) {
    sse_.append(chunk.data(), chunk.size());
    if (s_.opt.sse) {
      std::fwrite(chunk.data(), 1, chunk.size(), stdout);
      std::fflush(stdout);
    }
  }

  bool generate(bool tools_on, tc::message& m, std::string& err) {
    ++generation_;
    tchat::chat_template_options co;
    co.add_generation_prompt = true;
    if (!s_.opt.think && s_.traits.knows_enable_thinking) co.enable_thinking = false;
    const tchat::render_result prompt =
        renderer_.render(messages_json(), tools_on ? std::string_view(s_.tools_json) : std::string_view(), co);
    if (!prompt) {
      err = "rendering the prompt: " + prompt.error;
      return false;
    }
    const std::vector<std::int32_t> prompt_ids = s_.tok.encode(prompt.prompt);

    const recorded_generation* forced = nullptr;
    recorded_generation current;
    if (script_) {
      if (script_->empty()) {
        err = "generation " + std::to_string(generation_) + ": the script has no response left";
        return false;
      }
      current = std::move(script_->front());
      script_->pop_front();
      forced = &current;
    }
    if (!src_.start(prompt_ids, forced ? &forced->ids : nullptr, err)) {
      err = "generation " + std::to_string(generation_) + ": " + err;
      return false;
    }

    // The parser for this response: the model's formats and the tools' schemas when tools are
    // offered; reasoning only when not (call markup is then plain text, as the client expects).
    tc::options po;
    po.reasoning = reasoning_for_prompt(prompt.prompt, s_.traits.knows_enable_thinking);
    po.seed = mix_seed(s_.opt.seed, generation_);
    tc::stream_parser& sp = tools_on ? sp_ : plain_sp_;
    sp.reset(po);
    if (tools_on && s_.norm)
      s_.norm->attach(sp);
    else
      sp.detach_normalizer();
    tc::openai::sse_options so;
    so.model = s_.model_name;
    so.seed = mix_seed(s_.opt.seed ^ 0x55AA55AA55AA55AAull, generation_);
    so.created = s_.deterministic ? k_fixed_time : 0;
    writer_.reset(so);
    sse_.clear();
    view_.begin();
    auto sink = [this](const tc::event& ev) {
      writer_.on_event(ev);
      view_.on_event(ev);
    };

    std::vector<std::int32_t> ids;
    std::vector<std::string> deltas;
    std::string raw;
    bool hit_limit = false;
    for (std::size_t n = 0;; ++n) {
      if (n == s_.opt.max_tokens) {
        hit_limit = true;
        break;
      }
      std::int32_t id = -1;
      if (!src_.next(id, err)) {
        err = "generation " + std::to_string(generation_) + ": " + err;
        return false;
      }
      ids.push_back(id);
      if (s_.tok.is_end_of_generation(id)) break;
      // The token's bytes, as they are: a piece may end inside a UTF-8 sequence, and the stream
      // parser keeps such bytes until the sequence completes.
      const std::string piece = s_.tok.token_to_piece(id);
      deltas.push_back(piece);
      raw += piece;
      sp.write(piece, sink);
    }
    m = sp.finish(sink);
    if (hit_limit && m.finish == tc::finish_reason::stop) m.finish = tc::finish_reason::length;
    writer_.finish(m.finish);
    view_.end();
    for (const tc::diagnostic& d : m.diagnostics)
      if (d.level != tc::severity::note)
        s_.log.note("parser %s at byte %zu: %s", tc::to_string(d.code), d.offset, d.message.c_str());
    if (hit_limit) s_.log.warn("generation " + std::to_string(generation_) + " stopped at --max-tokens");

    // Forced decoding must have produced exactly the script (the ids are the tokenizer's).
    if (forced && !forced->text.empty()) {
      if (ids != forced->ids)
        report("generation " + std::to_string(generation_) + ": the ids differ from the script's");
      if (raw != forced->text && !hit_limit)
        report("generation " + std::to_string(generation_) + ": the text differs from the script's");
    }
    // The SSE stream, folded back as a client would, must give the message the loop recorded.
    tc::openai::accumulator_options ao;
    ao.fallback = false;
    tc::openai::delta_accumulator acc(ao);
    acc.feed_sse(sse_);
    const tc::message folded = acc.finish();
    if (const std::string d = sse_round_trip_diff(m, folded); !d.empty())
      report("generation " + std::to_string(generation_) + ": SSE round trip: " + d);

    // --trace
    std::string line = "{\"generation\":" + std::to_string(generation_) + ",\"turn\":" + std::to_string(turn_) +
                       ",\"tools_offered\":" + (tools_on ? "true" : "false") + ",\"reasoning_start\":\"" +
                       tc::to_string(po.reasoning) + "\",\"prompt_tokens\":" + std::to_string(prompt_ids.size()) +
                       ",\"ids\":[";
    for (std::size_t i = 0; i < ids.size(); ++i) line += (i ? "," : "") + std::to_string(ids[i]);
    line += "],\"deltas\":[";
    for (std::size_t i = 0; i < deltas.size(); ++i) line += (i ? "," : "") + json_str(deltas[i]);
    line += "],\"message\":" + assistant_message_json(m) + ",\"finish_reason\":\"" + tc::to_string(m.finish) +
            "\",\"sse\":" + json_str(sse_) + "}\n";
    trace_ += line;
    return true;
  }

  const chat_setup& s_;
  token_source& src_;
  std::deque<recorded_generation>* script_;
  tc::conversation::loop_guard guard_;
  tc::stream_parser sp_;
  tc::stream_parser plain_sp_;
  tc::openai::sse_writer writer_;
  live_view view_;
  tchat::qwen3_chat_template renderer_;
  std::vector<std::string> messages_;
  std::string sse_;
  std::string trace_;
  std::size_t generation_ = 0, turn_ = 0, check_failures_ = 0;
};

// ------------------------------------------------------------------------------------------------
// Setting the loop up, feeding it user turns, writing its transcript
// ------------------------------------------------------------------------------------------------

/// The setup of the loop: the template's traits (with a warning on stderr when the template is not
/// Qwen-like), the tools' schemas and the normalizer built from them, and the parser formats of the
/// model's family.
inline chat_setup make_chat_setup(const cli_options& o, const logger& log, const text_model& tm, const tool_box& tools,
                                  bool deterministic) {
  template_traits traits = inspect_template(tm.chat_template, log);
  std::string tools_json = tools.tools_json();
  std::optional<tc::normalizer> norm;
  if (tc::result<tc::normalizer> n = tc::normalizer::create(tools_json); n)
    norm = std::move(*n);
  else
    log.warn("normalizer: " + n.error().message());
  // The formats of the model's family, by its name; a template that can make the model think
  // (Qwen3's) also brings reasoning blocks (the tiny qwen2 model carries Qwen3's template).
  tc::parser_registry registry = tc::parser_registry::for_model(tm.name);
  if (traits.knows_enable_thinking && !registry.contains("reasoning")) registry.add(*tc::format::builtin("reasoning"));
  return chat_setup{o,
                    log,
                    *tm.tok,
                    std::move(traits),
                    tools,
                    std::move(norm),
                    std::move(registry),
                    tm.name,
                    std::move(tools_json),
                    deterministic};
}

/// The user turns, one at a time: `prompts`, or when there are none, each non-blank line of stdin
/// (after a "> " on a terminal). The exit status: 0, or k_exit_runtime when a turn failed.
inline int run_user_turns(chat_loop& loop, const std::vector<std::string>& prompts, const logger& log) {
  const bool from_stdin = prompts.empty();
  const bool tty = ::isatty(STDIN_FILENO) != 0;
  std::string err;
  for (std::size_t i = 0;; ++i) {
    std::string prompt;
    if (from_stdin) {
      if (tty) std::fprintf(stderr, "> ");
      if (!std::getline(std::cin, prompt)) break;
      if (rstrip(prompt).empty()) continue;
    } else {
      if (i >= prompts.size()) break;
      prompt = prompts[i];
    }
    if (!loop.user_turn(prompt, err)) {
      log.error(err);
      return k_exit_runtime;
    }
  }
  return 0;
}

/// The text of --transcript: the OpenAI messages array, one message per line.
inline std::string transcript_text(const std::vector<std::string>& messages) {
  const std::string t = join_array(messages, ",\n  ");
  return "[\n  " + t.substr(1, t.size() - 2) + (messages.empty() ? "]\n" : "\n]\n");
}

}  // namespace toolcall_chat_app

#endif  // TOOLCALL_CHAT_CHAT_LOOP_HPP
