# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""tool_choice and parallel_tool_calls from a request body, one-shot and streamed at
every split point; the registry's triggers and structural tags are tested in C++
(tests/unit/choice_test.cpp)."""

import json

import pytest

import toolcall

TOOLS = [
    {"type": "function", "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"]}}},
    {"type": "function", "function": {"name": "get_time", "parameters": {
        "type": "object", "properties": {"zone": {"type": "string"}}}}},
]
TWO = ('I\'ll check both.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n'
       '<tool_call>\n{"name": "get_time", "arguments": {"zone": "CET"}}\n</tool_call>')
MODEL = "Qwen/Qwen3-8B"


def request(**fields):
    body = {"model": "m", "messages": [], "tools": TOOLS}
    body.update(fields)
    return body


def everywhere(text, req):
    """The one-shot message, checked against the stream cut at every point."""
    one = toolcall.parse(text, model=MODEL, request=req, seed=7)
    for k in range(len(text) + 1):
        sp = toolcall.StreamParser(model=MODEL, request=req, seed=7)
        sp.write(text[:k])
        sp.write(text[k:])
        m = sp.finish()
        assert m.content == one.content
        assert [(c.name, c.arguments) for c in m.tool_calls] == [(c.name, c.arguments) for c in one.tool_calls]
        assert [d.code for d in m.diagnostics] == [d.code for d in one.diagnostics]
    return one


def codes(m):
    return [d.code for d in m.diagnostics]


def test_none_keeps_calls_as_content():
    m = everywhere(TWO, request(tool_choice="none"))
    assert m.tool_calls == [] or len(m.tool_calls) == 0
    assert m.content == TWO
    assert codes(m).count("tool_choice") == 2


def test_required_takes_a_bare_call_and_flags_an_answer_without_one():
    m = everywhere('[{"name": "get_weather", "parameters": {"city": "Paris", "days": "2"}}]', request(tool_choice="required"))
    assert [(c.name, json.loads(c.arguments)) for c in m.tool_calls] == [("get_weather", {"city": "Paris", "days": 2})]
    n = everywhere("It is sunny.", request(tool_choice="required"))
    assert len(n.tool_calls) == 0 and "tool_choice" in codes(n)


def test_named_function_takes_bare_arguments_and_refuses_other_names():
    named = request(tool_choice={"type": "function", "function": {"name": "get_weather"}})
    m = everywhere('{"city": "Oslo"}', named)
    assert [(c.name, c.arguments) for c in m.tool_calls] == [("get_weather", '{"city":"Oslo"}')]
    n = everywhere(TWO, named)
    assert [c.name for c in n.tool_calls] == ["get_weather"]
    assert "get_time" in n.content and codes(n).count("tool_choice") == 1


def test_parallel_tool_calls_false_keeps_the_first_call():
    m = everywhere(TWO, request(parallel_tool_calls=False))
    assert [c.name for c in m.tool_calls] == ["get_weather"]
    assert "get_time" in m.content


def test_the_choice_lasts_one_request():
    p = toolcall.Parser(model=MODEL)
    assert len(p.parse(TWO, request=json.dumps(request(tool_choice="none"))).tool_calls) == 0
    assert len(p.parse(TWO).tool_calls) == 2
    sp = toolcall.StreamParser(model=MODEL, request=request(tool_choice="none"))
    sp.write(TWO)
    assert len(sp.finish().tool_calls) == 0
    sp.reset()
    sp.write(TWO)
    assert len(sp.finish().tool_calls) == 2
    sp.reset(request=request(parallel_tool_calls=False))
    sp.write(TWO)
    assert len(sp.finish().tool_calls) == 1


def test_a_bad_request_raises():
    with pytest.raises(toolcall.Error) as e:
        toolcall.parse("x", request=request(tool_choice="sometimes"))
    assert e.value.code == "invalid_input"
    with pytest.raises(toolcall.Error):
        toolcall.parse("x", request=request(tool_choice={"type": "function", "function": {"name": "nope"}}))
