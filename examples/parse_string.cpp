// README example: parse a whole model output.
#include <cstdio>
#include <toolcall/toolcall.hpp>

int main() {
  toolcall::options opt;
  opt.seed = 7;  // deterministic call ids
  toolcall::parser p{toolcall::parser_registry::builtin(), opt};

  const toolcall::message m = p.parse(
      "Let me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\", "
      "\"days\": 3,}}\n</tool_call><|im_end|>");

  std::printf("content: %s\n", m.content.c_str());
  for (const toolcall::call& c : m.calls)
    std::printf("call %s(%s) status=%s format=%s\n", c.name.c_str(), c.arguments.c_str(),
                toolcall::to_string(c.status), c.format.c_str());
  std::printf("finish_reason: %s\n", toolcall::to_string(m.finish));
  return m.calls.size() == 1 ? 0 : 1;
}
