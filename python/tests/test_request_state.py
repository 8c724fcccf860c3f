# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""parse() sees the whole text (a lone </think> ends the reasoning the
prompt opened), and a request's tools do not leak into the next response of a reused parser."""

import toolcall

LONE_CLOSER = (
    "The user needs their account balance, so I call get_balance.\n</think>\n\n"
    '<tool_call>\n{"name": "get_balance", "arguments": {"account": "checking"}}\n</tool_call>'
)
REASONING = "The user needs their account balance, so I call get_balance."

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_forecast",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}},
        },
    }
]
FORECAST = '<tool_call>\n{"name": "get_forecast", "arguments": {"city": "Lyon", "days": "3"}}\n</tool_call>'
NORMALIZED = '{"city":"Lyon","days":3}'
RAW = '{"city":"Lyon","days":"3"}'


def run(sp, text, size=4):
    for i in range(0, len(text), size):
        sp.write(text[i : i + size])
    return sp.finish()


def test_parse_reads_a_lone_closer_as_the_end_of_reasoning():
    for m in (toolcall.parse(LONE_CLOSER), toolcall.Parser().parse(LONE_CLOSER), toolcall.Parser(seed=3).parse(LONE_CLOSER, seed=4)):
        assert m.has_reasoning and m.reasoning == REASONING
        assert m.content == ""
        assert [c.name for c in m.tool_calls] == ["get_balance"]
    # an explicit reasoning start wins
    closed = toolcall.parse(LONE_CLOSER, reasoning="closed")
    assert not closed.has_reasoning and closed.content == REASONING
    assert toolcall.Parser(reasoning="closed").parse(LONE_CLOSER).content == REASONING
    # live streaming keeps 'closed' by default; with 'detect' it equals parse()
    assert run(toolcall.StreamParser(), LONE_CLOSER).content == REASONING
    sp = toolcall.StreamParser(reasoning="detect", seed=5)
    assert run(sp, LONE_CLOSER, 3) == toolcall.parse(LONE_CLOSER, seed=5)


def test_reset_drops_an_attached_normalizer():
    sp = toolcall.StreamParser()
    toolcall.Normalizer(TOOLS).attach(sp)
    [c] = run(sp, FORECAST).tool_calls
    assert c.arguments == NORMALIZED and c.status == "normalized"
    sp.reset()  # the next request has no tools
    [c] = run(sp, FORECAST).tool_calls
    assert c.arguments == RAW and c.status == "ok"
    # the next request's tools, given to reset()
    sp.reset(tools=TOOLS)
    assert run(sp, FORECAST).tool_calls[0].arguments == NORMALIZED
    sp.reset()
    assert run(sp, FORECAST).tool_calls[0].arguments == RAW
    # attached between two responses, it serves the next one
    toolcall.Normalizer(TOOLS).attach(sp)
    sp.reset()
    assert run(sp, FORECAST).tool_calls[0].arguments == NORMALIZED


def test_reset_keep_request_keeps_them():
    sp = toolcall.StreamParser(request={"tools": TOOLS, "tool_choice": "none"})
    assert run(sp, FORECAST).tool_calls == []
    sp.reset(keep_request=True)
    assert run(sp, FORECAST).tool_calls == []
    sp.reset()
    [c] = run(sp, FORECAST).tool_calls
    assert c.arguments == RAW


def test_a_parsers_own_tools_stay():
    # tools= at construction belong to the parser: every response uses them
    sp = toolcall.StreamParser(tools=TOOLS)
    for _ in range(3):
        sp.reset()
        assert run(sp, FORECAST).tool_calls[0].arguments == NORMALIZED
    p = toolcall.Parser(tools=TOOLS)
    assert [p.parse(FORECAST).tool_calls[0].arguments for _ in range(2)] == [NORMALIZED] * 2
    # an attached normalizer serves the next parse only
    q = toolcall.Parser()
    toolcall.Normalizer(TOOLS).attach(q)
    assert q.parse(FORECAST).tool_calls[0].arguments == NORMALIZED
    assert q.parse(FORECAST).tool_calls[0].arguments == RAW


def test_functions_prefix_is_a_normalized_note():
    m = toolcall.parse('<tool_call>{"name": "functions.get_forecast", "arguments": {"city": "Lyon"}}</tool_call>')
    assert m.tool_calls[0].name == "get_forecast"
    assert any(d.code == "normalized" and d.severity == "note" for d in m.diagnostics)
