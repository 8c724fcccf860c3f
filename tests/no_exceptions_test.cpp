// Built with -fno-exceptions: the library compiles and works without them.
#include <cstdio>
#include <toolcall/toolcall.hpp>
#include <toolcall/json_writer.hpp>

int main() {
  toolcall::parser p;
  const toolcall::message m = p.parse("<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": [1, 2,]}}</tool_call>");
  if (m.calls.size() != 1 || m.calls[0].arguments != "{\"a\":[1,2]}") {
    std::puts("FAIL");
    return 1;
  }
  const toolcall::message bad = p.parse("<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": }}</tool_call>");
  if (!bad.calls.empty() || !bad.has_error()) {
    std::puts("FAIL bad");
    return 1;
  }
  toolcall::result<toolcall::format> r = toolcall::format::from_spec(toolcall::format_spec{});
  if (r) return 1;
  std::puts("no-exceptions build: 1 passed, 0 failed");
  return 0;
}
