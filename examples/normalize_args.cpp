// README example: schema-aware normalization of arguments and names.
#include <cstdio>
#include <toolcall/normalizer.hpp>
#include <toolcall/toolcall.hpp>

int main() {
  const char* tools = R"([
    {"type": "function", "function": {"name": "read", "parameters": {"type": "object",
      "properties": {"filePath": {"type": "string"}, "offset": {"type": "integer"}},
      "required": ["filePath"]}}},
    {"type": "function", "function": {"name": "bash", "parameters": {"type": "object",
      "properties": {"command": {"type": "string"}, "description": {"type": "string"}},
      "required": ["command", "description"]}}}])";
  toolcall::normalizer_options opt;
  opt.rules.push_back(toolcall::normalizer_rule::fill_template("bash", "description", "Execute: {command}"));
  toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(tools, opt);
  if (!n) return std::puts(n.error().message().c_str()), 1;

  toolcall::options po;
  po.seed = 1;
  toolcall::parser p{toolcall::parser_registry::builtin(), po};
  n->attach(p);  // or n->attach(stream_parser): the deltas carry the normalized text
  const toolcall::message m = p.parse(
      R"(<tool_call>{"name": "Read", "arguments": {"filePath": "src/main.cpp", "offset": "130"}}</tool_call>)"
      R"(<tool_call>{"name": "bash", "arguments": {"command": "make test"}}</tool_call>)");
  for (const toolcall::call& c : m.calls)
    std::printf("%s %s [%s]\n", c.name.c_str(), c.arguments.c_str(), toolcall::to_string(c.status));
  for (const toolcall::diagnostic& d : m.diagnostics)
    std::printf("  %s: %s\n", toolcall::to_string(d.code), d.message.c_str());
  return m.calls.size() == 2 ? 0 : 1;
}
