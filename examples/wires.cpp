// The other two wires a client may speak: the OpenAI Responses API and the Anthropic Messages
// API. A server turns the model's deltas into each wire's typed events; a client folds them back
// into the same message.
#include <toolcall/toolcall.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

toolcall::stream_parser make_parser() {
  toolcall::options opt;
  opt.seed = 5;  // deterministic ids, for the test
  return toolcall::stream_parser{toolcall::parser_registry::for_model("Qwen3-8B"), opt};
}

// OpenAI Responses API, server side: response.created ... response.completed.
std::string serve_responses(const std::vector<std::string_view>& deltas) {
  toolcall::stream_parser sp = make_parser();
  toolcall::openai::responses_options ro;
  ro.model = "Qwen3-8B";
  ro.id = "resp_demo";      // empty: generated
  ro.created = 1700000000;  // 0: now
  ro.seed = 5;              // seeds the item ids (msg_, rs_, fc_)
  std::string wire;
  toolcall::openai::responses_writer w{wire, ro};
  for (std::string_view d : deltas) sp.write(d, w);
  const toolcall::message m = sp.finish(w);
  w.finish(m.finish, {42, 23, 65});  // response.completed with usage (response.incomplete for length)
  return wire;
}

// Anthropic Messages, server side: message_start, content blocks, message_delta, message_stop.
std::string serve_anthropic(const std::vector<std::string_view>& deltas) {
  toolcall::stream_parser sp = make_parser();
  toolcall::anthropic::sse_options ao;
  ao.model = "Qwen3-8B";
  ao.id = "msg_demo";     // empty: generated
  ao.input_tokens = 42;   // message_start's usage
  std::string wire;
  toolcall::anthropic::sse_writer w{wire, ao};
  for (std::string_view d : deltas) sp.write(d, w);
  const toolcall::message m = sp.finish(w);
  w.finish(m.finish, {42, 23});  // stop_reason tool_use / end_turn / max_tokens
  return wire;
}

// Client side: raw SSE bytes, in pieces of any size, back to the assistant message.
toolcall::message receive_responses(std::string_view wire) {
  toolcall::openai::responses_accumulator acc;
  for (std::size_t i = 0; i < wire.size(); i += 7) acc.feed_sse(wire.substr(i, 7));
  return acc.finish();  // call ids are the function_call items' call_id
}

toolcall::message receive_anthropic(std::string_view wire) {
  toolcall::anthropic::accumulator acc;
  for (std::size_t i = 0; i < wire.size(); i += 7) acc.feed_sse(wire.substr(i, 7));
  return acc.finish();  // call ids are the tool_use blocks' toolu_ ids
}

int main() {
  const std::vector<std::string_view> deltas = {"<think>Paris, so metric.</think>Checking.\n<tool",
                                                "_call>\n{\"name\": \"get_weather\", ",
                                                "\"arguments\": {\"city\": \"Paris\"}}\n</tool_call>"};
  bool ok = true;
  for (int k = 0; k < 2; ++k) {
    const std::string wire = k == 0 ? serve_responses(deltas) : serve_anthropic(deltas);
    std::fputs(wire.c_str(), stdout);
    const toolcall::message got = k == 0 ? receive_responses(wire) : receive_anthropic(wire);
    std::printf("client: %s %s(%s) content=%s reasoning=%s finish=%s\n\n", got.calls.at(0).id.c_str(),
                got.calls.at(0).name.c_str(), got.calls.at(0).arguments.c_str(), got.content.c_str(),
                got.reasoning.c_str(), toolcall::to_string(got.finish));
    ok = ok && got.calls.size() == 1 && got.content == "Checking." && got.reasoning == "Paris, so metric.";
  }
  return ok ? 0 : 1;
}
