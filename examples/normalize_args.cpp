// Normalize a model's calls against the request's `tools` array (OpenAI JSON schema).
#include <toolcall/toolcall.hpp>

#include <cstdio>
#include <string_view>

// Parses one model output with its calls normalized against `tools_json`; 1 if the tools
// cannot be read (never parse without them: the calls would silently stay unnormalized).
int parse_with_tools(std::string_view tools_json, std::string_view model_output) {
  toolcall::normalizer_options opt;
  opt.rules.push_back(toolcall::normalizer_rule::fill_template("bash", "description", "Execute: {command}"));
  toolcall::result<toolcall::normalizer> n = toolcall::normalizer::create(tools_json, opt);
  if (!n) {
    std::printf("bad tools: %s\n", n.error().message().c_str());
    return 1;
  }
  toolcall::parser p;
  n->attach(p);  // or n->attach(stream_parser): the deltas then carry the normalized text
  const toolcall::message m = p.parse(model_output);
  for (const toolcall::call& c : m.calls)
    std::printf("%s %s [%s]\n", c.name.c_str(), c.arguments.c_str(), toolcall::to_string(c.status));
  for (const toolcall::diagnostic& d : m.diagnostics)  // what changed, by JSON pointer
    std::printf("  %s: %s\n", toolcall::to_string(d.code), d.message.c_str());
  return 0;
}

// Parses one model output for an OpenAI request body: its tools, tool_choice and
// parallel_tool_calls hold for this response only.
int parse_request(std::string_view request_body, std::string_view model_output) {
  auto req = toolcall::request::create(request_body);  // result<request>
  if (!req) return 1;  // req.error() says what is wrong with the body
  toolcall::parser p{toolcall::parser_registry::for_model("Qwen/Qwen3-8B")};
  req->attach(p);
  toolcall::message m = p.parse(model_output);
  for (const toolcall::call& c : m.calls) std::printf("%s %s\n", c.name.c_str(), c.arguments.c_str());
  for (const toolcall::diagnostic& d : m.diagnostics) std::printf("  %s\n", toolcall::to_string(d.code));
  return 0;
}

int main() {
  const char* tools = R"([
    {"type": "function", "function": {"name": "read", "parameters": {"type": "object",
      "properties": {"filePath": {"type": "string"}, "offset": {"type": "integer"}},
      "required": ["filePath"]}}},
    {"type": "function", "function": {"name": "bash", "parameters": {"type": "object",
      "properties": {"command": {"type": "string"}, "description": {"type": "string"}},
      "required": ["command", "description"]}}}])";
  const char* output =
      R"(<tool_call>{"name": "Read", "arguments": {"filePath": "src/main.cpp", "offset": "130"}}</tool_call>)"
      R"(<tool_call>{"name": "bash", "arguments": {"command": "make test"}}</tool_call>)";
  const int ok = parse_with_tools(tools, output);
  const int bad = parse_with_tools(R"([{"type": "function", "function": {"parameters": {}}}])", output);
  // tool_choice names get_weather: a bare arguments object is a call to it; another name is not
  const char* body = R"({"model": "Qwen3-8B", "tools": [{"type": "function", "function": {"name": "get_weather",
      "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
      "tool_choice": {"type": "function", "function": {"name": "get_weather"}}})";
  const int named = parse_request(body, R"({"city": "Paris"})");
  return ok == 0 && bad == 1 && named == 0 ? 0 : 1;
}
