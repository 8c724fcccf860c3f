# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""A Python token loop in the shape of an MLX or EXO server, with toolcall doing the parsing.

    messages + tools -> model (a generator of token strings) -> toolcall.StreamParser
        -> OpenAI SSE chunks (what /v1/chat/completions streams) -> the client
    the tool calls of the parsed message are run, their results appended as `tool` messages,
    and the model is called again until it answers in text.

There is no model here: `scripted_model` yields the tokens a Qwen3 model wrote for this
conversation (the same two turns as examples/chat/script_two_turns.jsonl), cut the way a
tokenizer cuts them, with <think> and <tool_call> as single special tokens. Put mlx_lm's
stream_generate (or any engine's token stream) in its place and the rest stays as it is.

    python3 python/examples/server_loop.py          # prints the SSE stream and the conversation
    python3 python/examples/server_loop.py --quiet  # the conversation only
"""

import ast
import json
import operator
import re
import sys
from typing import Any, Dict, Generator, Iterator, List, Optional

import toolcall

MODEL = "Qwen/Qwen3-8B"

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "calculator",
            "description": "Evaluate an arithmetic expression.",
            "parameters": {
                "type": "object",
                "properties": {"expression": {"type": "string"}},
                "required": ["expression"],
            },
        },
    }
]

# What the model writes at each assistant turn of this conversation.
SCRIPT = [
    "<think>\nThe user wants 12*(3+4). I will let the calculator do it.\n</think>\n\n"
    '<tool_call>\n{"name": "calculator", "arguments": {"expression": "12*(3+4)"}}\n</tool_call>',
    "<think>\nThe calculator returned 84.\n</think>\n\n12*(3+4) = **84**.",
]

SPECIAL = re.compile(r"(<think>|</think>|<tool_call>|</tool_call>)")
PIECE = re.compile(r"\s*[A-Za-z]+|\s*\d{1,3}|\s*[^\sA-Za-z\d]{1,2}|\s+")


def scripted_model(messages: List[Dict[str, Any]], tools: Optional[list]) -> Iterator[str]:
    """Stands for the engine: yields the text of each generated token."""
    turn = sum(1 for m in messages[messages_since_user(messages):] if m["role"] == "assistant")
    for part in SPECIAL.split(SCRIPT[turn]):
        if SPECIAL.fullmatch(part):
            yield part  # a special token is one token
        else:
            yield from PIECE.findall(part)


def messages_since_user(messages: List[Dict[str, Any]]) -> int:
    return max(i for i, m in enumerate(messages) if m["role"] == "user")


def chat_completion_stream(messages: List[Dict[str, Any]], tools: Optional[list]) -> Generator[str, None, toolcall.Message]:
    """The body of a streaming /v1/chat/completions response: yields the SSE lines, and returns
    the parsed assistant message (the generator's return value) for the server's tool loop."""
    parser = toolcall.StreamParser(model=MODEL, tools=tools)  # a Normalizer when tools are declared
    tokens = scripted_model(messages, tools)
    message = yield from toolcall.sse_chunks(tokens, parser, model=MODEL)
    return message


# --- the tools ------------------------------------------------------------------------------

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.USub: operator.neg, ast.Pow: operator.pow}  # fmt: skip


def _eval(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.left), _eval(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.operand))
    raise ValueError("not arithmetic")


def run_tool(call: toolcall.ToolCall) -> str:
    args = json.loads(call.arguments)  # always a JSON object's text
    if call.name == "calculator":
        try:
            value = _eval(ast.parse(args["expression"], mode="eval").body)
        except (KeyError, ValueError, SyntaxError, ZeroDivisionError) as e:
            return json.dumps({"error": str(e)})
        return json.dumps({"result": int(value) if float(value).is_integer() else value})
    return json.dumps({"error": f"unknown tool {call.name}"})


# --- the server loop ------------------------------------------------------------------------


def serve(question: str, verbose: bool = True) -> List[Dict[str, Any]]:
    messages: List[Dict[str, Any]] = [{"role": "user", "content": question}]
    guard = toolcall.LoopGuard(max_cycles=4)
    guard.user_turn()
    while True:
        problems = toolcall.check_history(messages)
        assert problems == [], problems
        tools = TOOLS if guard.tools_allowed() else None
        wire: List[str] = []
        stream = chat_completion_stream(messages, tools)
        while True:
            try:
                line = next(stream)
            except StopIteration as done:
                message = done.value
                break
            wire.append(line)  # a server writes it to the response here
            if verbose:
                print(line, end="")

        # the client's side of the same stream: it rebuilds the message from the bytes
        client = toolcall.DeltaAccumulator(fallback=False)
        client.feed_sse("".join(wire).encode())
        seen = client.finish()
        assert [(c.id, c.name, c.arguments) for c in seen.tool_calls] == [
            (c.id, c.name, c.arguments) for c in message.tool_calls
        ]
        assert seen.content == message.content

        messages.append(message.to_openai())
        print(f"assistant: {message.content or '(tool calls)'}  [finish_reason={message.finish_reason}]")
        if message.reasoning:
            print(f"  (reasoning: {message.reasoning})")
        if not message.tool_calls:
            return messages
        guard.add_cycle(message)
        for call in message.tool_calls:
            result = run_tool(call)
            print(f"tool: {call.name}({call.arguments}) -> {result}")
            messages.append({"role": "tool", "tool_call_id": call.id, "content": result})


def main(argv: List[str]) -> int:
    messages = serve("What is 12*(3+4)?", verbose="--quiet" not in argv)
    answer = messages[-1]["content"]
    print(f"final: {answer}")
    return 0 if "84" in answer else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
