"""The OpenAI wires: chat completions (SSEWriter, DeltaAccumulator, also at the package's top
level) and the Responses API (ResponsesWriter, ResponsesAccumulator).

    w = toolcall.openai.ResponsesWriter(model="Qwen3-8B")
    sp = toolcall.StreamParser()
    for delta in deltas:
        for line in w.write(sp.write(delta)):
            send(line)
    m = sp.finish_events()  # or sp.finish() and the events it returned
"""

from ._core import DeltaAccumulator, ResponsesAccumulator, ResponsesWriter, SSEWriter

__all__ = ["DeltaAccumulator", "ResponsesAccumulator", "ResponsesWriter", "SSEWriter"]
