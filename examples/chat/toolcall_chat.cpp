// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// toolcall-chat: the reference inference loop, in one readable program. It shows where
// toolcall sits in a real token loop:
//
//   messages + tools ──► Qwen3 ChatML prompt (chat_template.hpp) ──► token ids (tokenizer.hpp)
//        ▲                                                                  │
//        │                                   engine (model.hpp; CPU or Metal backend) / replay
//        │                                                                  │ one token at a time
//        │                                                                  ▼
//   tool results ◄── run the calls ◄── toolcall::stream_parser ◄── token_to_piece(id) bytes
//   (tool messages)   (calculator,          │      + toolcall::normalizer (the tools' schemas)
//                      clock, read_file)    ├──► live transcript (content, reasoning, calls)
//                                           └──► toolcall::openai::sse_writer (--sse)
//
// After every step the history is checked with toolcall::conversation::check, tool cycles are
// capped with toolcall::conversation::loop_guard, and each generation's SSE stream is folded back
// with toolcall::openai::delta_accumulator and compared with the message the loop recorded.
//
// The model: a GGUF file (--model). The tokenizer and the chat template come from its metadata
// (tokenizer.ggml.tokens / merges / token_type / eos_token_id, tokenizer.chat_template), under the
// key names llama.cpp's converter writes. The program does not run Jinja: it renders Qwen3-style
// ChatML with its own C++ renderer (chat_template.hpp, checked byte for byte against Qwen3's real
// template), and only inspects the GGUF's template (ChatML? <tool_call>? enable_thinking? Qwen2.5's
// default system prompt?). So a real Qwen2.5 or Qwen3 GGUF (f32, f16 or q8_0 tensors) runs
// unchanged: `toolcall-chat --model Qwen3-0.6B-Q8_0.gguf --prompt "What is 12*(3+4)?"`.
// --make-tiny-model writes a GGUF of the same shape with random weights and the real Qwen3
// tokenizer, for tests; --script then forces its output, token by token, through the masked sampler.
//
// Only the public toolcall API is used (no toolcall/detail/ headers).
//
// The program's parts, one header each (namespace toolcall_chat_app):
//   cli_options.hpp      the options, their defaults, --help and the argv parser
//   model_loading.hpp    the GGUF model, or a tokenizer folder; what the model's template says
//   make_tiny_model.hpp  --make-tiny-model: random weights with the real Qwen3 tokenizer
//   demo_tools.hpp       calculator, clock, read_file: their schemas and how they run
//   token_source.hpp     the engine (free or forced decoding) or a replay; --script, --replay files
//   live_view.hpp        the live transcript printed as a generation streams
//   chat_loop.hpp        one user turn: prompt, tokens, stream parser, SSE, tools, history checks
//   check_modes.hpp      --verify and --token-stats
//   cli_common.hpp       exit codes, the fixed clock, small helpers, the logger
// and the engine and text headers they build on: tokenizer.hpp, chat_template.hpp, gguf.hpp,
// model.hpp, tiny_model.hpp, backend*.hpp. main() below is the whole pipeline, step by step.

#include <cstddef>
#include <cstdio>
#include <string>

#include "chat_loop.hpp"
#include "check_modes.hpp"
#include "cli_common.hpp"
#include "cli_options.hpp"
#include "demo_tools.hpp"
#include "make_tiny_model.hpp"
#include "model_loading.hpp"
#include "token_source.hpp"

int main(int argc, char** argv) {
  using namespace toolcall_chat_app;

  // 1. The options. --help and --make-tiny-model need nothing else.
  cli_options o;
  std::string err;
  if (!parse_cli(argc, argv, o, err)) {
    std::fprintf(stderr, "toolcall-chat: %s\n", err.c_str());
    return k_exit_usage;
  }
  if (o.help) {
    std::fputs(k_usage, stdout);
    return 0;
  }
  const logger log(o.quiet);
  if (!o.make_tiny_model.empty()) return make_tiny_model(o, log);

  // 2. The model (weights, tokenizer, template) or, without one, a tokenizer folder.
  loaded_model lm;
  if (!load_model_and_tokenizer(o, log, lm, err)) {
    log.error(err);
    return k_exit_usage;
  }
  const tchat::tokenizer& tok = *lm.text.tok;
  if (!o.token_stats.empty()) return token_stats(o, tok, log);

  // 3. The tools. --script, --replay and --fixed-clock make the run deterministic (a fixed clock).
  const bool deterministic = o.fixed_clock || !o.script_path.empty() || !o.replay_path.empty();
  const tool_box tools(o.files_dir, deterministic);
  if (!tools.setup_error().empty()) {
    log.error(tools.setup_error());
    return k_exit_usage;
  }
  if (o.verify) return run_verify(o, lm.weights, tok, tools, log);

  // 4. Where the tokens come from: scripted (--script), replayed (--replay), or sampled; the
  //    engine runs unless the run is a replay.
  decoding_plan plan;
  token_pipeline tokens;
  if (!load_decoding_plan(o, tok, plan, err) || !open_token_source(o, lm.weights, log, tokens, err)) {
    log.error(err);
    return k_exit_usage;
  }

  // 5. The loop: the parser formats of the model's family, the normalizer of the tools' schemas,
  //    and the system message (--system, the replayed transcript's, or the template's default).
  const chat_setup setup = make_chat_setup(o, log, lm.text, tools, deterministic);
  chat_loop loop(setup, *tokens.source, plan.forced ? &plan.generations : nullptr);
  std::string system = o.system;
  if (system.empty()) system = plan.replay.system;
  if (system.empty()) system = setup.traits.default_system;
  if (!system.empty()) loop.add_system(system);

  // 6. The user turns: --prompt, the replayed transcript's, or stdin lines.
  const int status = run_user_turns(loop, !o.prompts.empty() ? o.prompts : plan.replay.prompts, log);
  if (!plan.generations.empty() && status == 0)
    log.warn(std::to_string(plan.generations.size()) + " scripted/recorded generations were not used");

  // 7. The results: a replay compared with its transcript, --transcript, --trace, the engine's
  //    figures, and the exit status.
  std::size_t failures = loop.check_failures();
  if (plan.replay.is_transcript && status == 0)
    failures += compare_replay(plan.replay.recorded_assistant, loop.messages(), log);
  if (!o.transcript_path.empty() && !write_text_file(o.transcript_path, transcript_text(loop.messages()), err)) {
    log.error(err);
    return k_exit_usage;
  }
  if (!o.trace_path.empty() && !write_text_file(o.trace_path, loop.trace(), err)) {
    log.error(err);
    return k_exit_usage;
  }
  if (tokens.engine) log_engine_figures(*tokens.engine, loop.generations(), log);
  if (status != 0) return status;
  if (failures) {
    log.error(std::to_string(failures) + " check(s) failed");
    return k_exit_checks;
  }
  return 0;
}
