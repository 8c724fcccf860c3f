// A consumer of the installed or embedded library.
#include <cstdio>
#include <toolcall/toolcall.hpp>

int main() {
  toolcall::parser p{toolcall::parser_registry::builtin()};
  const toolcall::message m = p.parse("<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>");
  if (m.calls.size() != 1) return 1;
  std::printf("%s %s\n", m.calls[0].name.c_str(), m.calls[0].arguments.c_str());
  return 0;
}
