// README example: server side (stream parser -> OpenAI SSE) and client side (SSE -> message).
#include <toolcall/openai.hpp>
#include <toolcall/toolcall.hpp>

#include <cstdio>
#include <string>
#include <string_view>

int main() {
  toolcall::options opt;
  opt.reasoning = toolcall::reasoning_start::none;  // no <think> expected: content streams at once
  opt.seed = 5;
  toolcall::stream_parser sp{toolcall::parser_registry::for_model("Qwen2.5-7B-Instruct"), opt};
  toolcall::openai::sse_options so;
  so.model = "Qwen2.5-7B-Instruct";
  so.id = "chatcmpl-demo";
  so.created = 1700000000;
  const char* deltas[] = {"Checking.\n<tool", "_call>\n{\"name\": \"get_weather\", ",
                          "\"arguments\": {\"city\": \"Paris\"}}\n</tool_call>"};

  // Server side: the writer is the event sink; each event becomes `data: {chat.completion.chunk}`.
  std::string wire;
  toolcall::openai::sse_writer sse{wire, so};
  for (std::string_view d : deltas) sp.write(d, sse);
  const toolcall::message m = sp.finish(sse);
  sse.finish(m.finish);  // the last chunk carries finish_reason, then `data: [DONE]`
  std::fputs(wire.c_str(), stdout);

  // Client side: raw SSE bytes in pieces of any size -> the assistant message.
  toolcall::openai::delta_accumulator acc;
  for (std::size_t i = 0; i < wire.size(); i += 7) acc.feed_sse(std::string_view(wire).substr(i, 7));
  const toolcall::message got = acc.finish();
  std::printf("client: %s(%s) content=%s finish=%s\n", got.calls.at(0).name.c_str(), got.calls.at(0).arguments.c_str(),
              got.content.c_str(), toolcall::to_string(got.finish));
  return got.calls.size() == 1 && got.content == "Checking." ? 0 : 1;
}
