"""The Anthropic Messages wire: SSEWriter turns StreamParser events into Messages API
server-sent events (message_start, content_block_*, message_delta, message_stop), and
Accumulator rebuilds the message from such a stream. tool_use_id() is the toolu_ id the writer
sends for a call id."""

from ._core import AnthropicAccumulator as Accumulator
from ._core import AnthropicSSEWriter as SSEWriter
from ._core import anthropic_tool_use_id as tool_use_id

__all__ = ["Accumulator", "SSEWriter", "tool_use_id"]
