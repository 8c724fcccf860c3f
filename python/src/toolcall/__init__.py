# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Tool calls from what a language model writes, whole or token by token, as OpenAI tool calls.

The Python binding of the toolcall C++ library: the same engine, every format (Hermes/Qwen,
Qwen3-Coder XML, Llama 3.x JSON and pythonic, Mistral, DeepSeek, gpt-oss harmony, fenced JSON,
reasoning blocks, ...), streaming in linear time, schema normalization and hard limits.

One-shot::

    import toolcall
    m = toolcall.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>')
    m.tool_calls[0].name        # 'f'
    m.to_openai()               # the OpenAI assistant message as a dict

Streaming::

    sp = toolcall.StreamParser(model="Qwen/Qwen3-8B")
    for token in tokens:
        for ev in sp.write(token):      # Event: kind, index, id, name, text, status
            ...
    m = sp.finish(on_event=handle)      # == toolcall.parse(whole text), for any chunking

Model output never raises; caller errors the library reports (bad tools JSON, a bad custom
pattern) raise :class:`toolcall.Error` with the library's ``code``.
"""

# typing's names under private aliases: dir(toolcall) lists the package's own names only
from typing import Any as _Any
from typing import Generator as _Generator
from typing import Iterable as _Iterable
from typing import Optional as _Optional
from typing import Union as _Union

from ._core import (
    DeltaAccumulator,
    Diagnostic,
    Error,
    Event,
    Format,
    LoopGuard,
    LoopStatus,
    Message,
    Normalizer,
    NormalizerRule,
    Options,
    Parser,
    Registry,
    SSEWriter,
    StreamParser,
    ToolCall,
    __version__,
    check_history,
    parse,
    reasoning_start_for_prompt,
    rewrite_llama31,
    tool_cycles,
)
from .learn import learn, learn_template
from . import anthropic, openai  # the wires: toolcall.openai.ResponsesWriter, toolcall.anthropic.SSEWriter

__all__ = [
    "BUILTIN_FORMATS",
    "DeltaAccumulator",
    "Diagnostic",
    "Error",
    "Event",
    "Format",
    "LoopGuard",
    "LoopStatus",
    "Message",
    "Normalizer",
    "NormalizerRule",
    "Options",
    "Parser",
    "Registry",
    "SSEWriter",
    "StreamParser",
    "ToolCall",
    "__version__",
    "check_history",
    "learn",
    "learn_template",
    "parse",
    "reasoning_start_for_prompt",
    "rewrite_llama31",
    "sse_chunks",
    "tool_cycles",
]

#: Names of the built-in formats, by priority.
BUILTIN_FORMATS = tuple(Registry.builtin().names)


def sse_chunks(
    deltas: _Iterable[_Union[str, bytes]],
    parser: _Optional[StreamParser] = None,
    *,
    writer: _Optional[SSEWriter] = None,
    **sse_options: _Any,
) -> _Generator[str, None, Message]:
    """Yields the OpenAI SSE lines (``'data: {...}\\n\\n'``, last ``'data: [DONE]\\n\\n'``) for a
    stream of model-output deltas, as a server sends them.

    ``parser`` is the response's StreamParser (a default one when None: every built-in format);
    ``writer`` an SSEWriter, or ``sse_options`` (id, model, created, seed, hold_calls) for a new
    one. The generator's return value (``StopIteration.value``, or ``m = yield from
    sse_chunks(...)``) is the parsed Message, whose tool calls the server then runs. The
    finish_reason chunk carries the Message's finish_reason.
    """
    if writer is not None and sse_options:
        raise TypeError("give writer= or SSE options, not both")
    sp = parser if parser is not None else StreamParser()
    w = writer if writer is not None else SSEWriter(**sse_options)
    for delta in deltas:
        events = sp.write(delta)
        if events:
            yield from w.write(events)
    tail: list = []
    message = sp.finish(on_event=tail.append)
    yield from w.write(tail)
    yield from w.finish(message.finish_reason)
    return message
