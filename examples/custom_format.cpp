// README example: a custom format as data.
#include <cstdio>
#include <toolcall/toolcall.hpp>

int main() {
  toolcall::format_spec spec;
  spec.name = "acme";
  spec.call_begin = "<call>";
  spec.call_end = "</call>";
  spec.payload = toolcall::payload_kind::json_object;
  spec.name_key = "tool";
  spec.arguments_key = "input";
  toolcall::result<toolcall::format> acme = toolcall::format::from_spec(spec);
  if (!acme) {
    std::printf("bad spec: %s\n", acme.error().message().c_str());
    return 1;
  }
  toolcall::parser_registry reg = toolcall::parser_registry::builtin();
  reg.add(*acme);

  // a regex format: named groups `name` and `args`
  toolcall::format_spec rx;
  rx.name = "bang";
  rx.call_begin = "!!";
  rx.call_end = "!!";
  rx.payload = toolcall::payload_kind::regex;
  rx.pattern = R"((?P<name>[a-z_]+)\s+(?P<args>\{.*\}))";
  reg.add(*toolcall::format::from_spec(rx));

  toolcall::parser p{reg};
  const toolcall::message m = p.parse("On it. <call>{\"tool\": \"lookup\", \"input\": {\"q\": 'kiwi'}}</call> !!ping {\"host\": \"a\"}!!");
  for (const auto& c : m.calls) std::printf("%s %s %s\n", c.format.c_str(), c.name.c_str(), c.arguments.c_str());
  std::printf("content: %s\n", m.content.c_str());

  spec.pattern = "(unclosed";
  spec.payload = toolcall::payload_kind::regex;
  std::printf("bad pattern -> %s\n", toolcall::to_string(toolcall::format::from_spec(spec).error().code));
  return m.calls.size() == 2 ? 0 : 1;
}
