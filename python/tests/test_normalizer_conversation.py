# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Normalization against the request's tools, and the conversation helpers."""

import json

import pytest

import toolcall
from conftest import Folder, stream

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "read",
            "parameters": {
                "type": "object",
                "properties": {
                    "filePath": {"type": "string"},
                    "offset": {"type": "integer"},
                    "mode": {"type": "string", "enum": ["text", "binary"]},
                },
                "required": ["filePath"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "bash",
            "parameters": {
                "type": "object",
                "properties": {"command": {"type": "string"}, "description": {"type": "string"}},
                "required": ["command", "description"],
            },
        },
    },
]

READ = '<tool_call>{"name": "functions.Read", "arguments": {"filePath": "src/main.cpp", "offset": "130", "mode": "TEXT"}}</tool_call>'


def test_normalizer_coerces_and_repairs_names():
    m = toolcall.parse(READ, tools=TOOLS)
    [c] = m.tool_calls
    assert c.name == "read" and c.status == "normalized"
    assert json.loads(c.arguments) == {"filePath": "src/main.cpp", "offset": 130, "mode": "text"}
    assert {d.code for d in m.diagnostics} == {"normalized"}
    assert all(d.severity == "note" for d in m.diagnostics)
    # without tools, values pass through as written
    assert json.loads(toolcall.parse(READ).tool_calls[0].arguments)["offset"] == "130"
    # tools as JSON text, or as a Normalizer, give the same
    assert toolcall.parse(READ, tools=json.dumps(TOOLS), seed=1) == toolcall.parse(READ, tools=toolcall.Normalizer(TOOLS), seed=1)
    assert toolcall.parse(READ, tools={"tools": TOOLS}, seed=1) == toolcall.parse(READ, tools=TOOLS, seed=1)


def test_normalized_streams_concatenate_to_the_final_arguments():
    sp = toolcall.StreamParser(tools=TOOLS, seed=4)
    one = toolcall.parse(READ, tools=TOOLS, seed=4)
    for size in range(1, 9):
        f = Folder()
        assert stream(sp, READ, size, f) == one
        assert f.mismatch(one) == []


def test_rules_and_policies():
    n = toolcall.Normalizer(
        TOOLS,
        rules=[
            toolcall.NormalizerRule.fill_template("bash", "description", "Execute: {command}"),
            toolcall.NormalizerRule.alias("read", "file", "filePath"),
            toolcall.NormalizerRule.fill("read", "mode", "text"),
        ],
    )
    m = toolcall.parse('<tool_call>{"name": "bash", "arguments": {"command": "ls -la"}}</tool_call>', tools=n)
    assert json.loads(m.tool_calls[0].arguments) == {"command": "ls -la", "description": "Execute: ls -la"}
    m = toolcall.parse('<tool_call>{"name": "read", "arguments": {"file": "a.txt"}}</tool_call>', tools=n)
    assert json.loads(m.tool_calls[0].arguments) == {"file": "a.txt", "filePath": "a.txt", "mode": "text"}
    r = toolcall.NormalizerRule.fill("read", "mode", {"k": [1, True]})
    assert (r.kind, r.tool, r.field, json.loads(r.value)) == ("fill", "read", "mode", {"k": [1, True]})

    unknown = '<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>'
    assert toolcall.parse(unknown, tools=TOOLS).tool_calls[0].status == "unknown_tool"
    dropped = toolcall.parse(unknown, tools=toolcall.Normalizer(TOOLS, unknown_tools="drop"))
    assert dropped.tool_calls == [] and "unknown_tool" in [d.code for d in dropped.diagnostics]
    rejected = toolcall.parse(unknown, tools=toolcall.Normalizer(TOOLS, unknown_tools="error"))
    assert rejected.tool_calls == [] and rejected.has_error and "delete_everything" in rejected.content
    # by default a family whose vendor parser leaves such a call as text (dots) rejects it
    dots = '<dots_function_call><invoke name="delete_everything"></invoke></dots_function_call>'
    vendor = toolcall.parse(dots, tools=TOOLS)
    assert vendor.tool_calls == [] and vendor.has_error and vendor.content == dots
    forwarded = toolcall.parse(dots, tools=toolcall.Normalizer(TOOLS, unknown_tools="forward"))
    assert forwarded.tool_calls[0].status == "unknown_tool"
    missing = toolcall.parse('<tool_call>{"name": "bash", "arguments": {"command": "ls"}}</tool_call>', tools=TOOLS)
    assert "missing_required" in [d.code for d in missing.diagnostics]
    off = toolcall.Normalizer(TOOLS, coerce_types=False, repair_names=False)
    m = toolcall.parse(READ, tools=off)
    # the parser drops the `functions.` namespace; the case repair is the normalizer's
    assert m.tool_calls[0].name == "Read" and m.tool_calls[0].status == "unknown_tool"


def test_normalizer_methods_and_attach():
    n = toolcall.Normalizer(TOOLS)
    assert n.enabled and n.tool_count == 2
    assert n.has_tool("read") and not n.has_tool("Read")
    assert n.resolve_name("Read") == "read" and n.resolve_name("raed") == "read"
    assert n.resolve_name("zzz") is None
    call, diags = n.apply(toolcall.ToolCall("Read", {"filePath": "x", "offset": "5"}, id="call_1"))
    assert (call.name, json.loads(call.arguments), call.status, call.id) == ("read", {"filePath": "x", "offset": 5}, "normalized", "call_1")
    assert diags and all(d.code == "normalized" for d in diags)
    none, diags = toolcall.Normalizer(TOOLS, unknown_tools="drop").apply(toolcall.ToolCall("nope"))
    assert none is None and [d.code for d in diags] == ["unknown_tool"]
    p = toolcall.Parser()
    assert p.parse(READ).tool_calls[0].name == "Read"
    n.attach(p)
    assert p.parse(READ).tool_calls[0].name == "read"
    sp = toolcall.StreamParser()
    n.attach(sp)
    sp.write(READ)
    assert sp.finish().tool_calls[0].name == "read"
    with pytest.raises(TypeError):
        n.attach(object())


def test_normalizer_errors():
    for bad in ("[{", '[{"type": "function", "function": {"parameters": {}}}]', "42"):
        with pytest.raises(toolcall.Error) as e:
            toolcall.Normalizer(bad)
        assert e.value.code == "invalid_input"
    with pytest.raises(toolcall.Error):
        toolcall.parse("x", tools="[{")
    with pytest.raises(TypeError):
        toolcall.Normalizer(TOOLS, rules=["fill"])
    with pytest.raises(TypeError):
        toolcall.Normalizer(TOOLS, coerce=True)
    with pytest.raises(ValueError):
        toolcall.Normalizer(TOOLS, unknown_tools="ignore")


# --- conversation ------------------------------------------------------------------------------

HISTORY = [
    {"role": "user", "content": "Weather in Paris and Rome?"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}},
            {"id": "c2", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Rome"}'}},
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": "18C"},
    {"role": "tool", "tool_call_id": "c2", "content": "24C"},
]


def test_check_history():
    assert toolcall.check_history(HISTORY) == []
    assert toolcall.check_history(json.dumps(HISTORY)) == []
    assert toolcall.check_history({"model": "m", "messages": HISTORY}) == []
    orphan = HISTORY + [{"role": "tool", "tool_call_id": "c9", "content": "?"}]
    [d] = toolcall.check_history(orphan)
    assert (d.code, d.offset, d.severity) == ("invalid_history", 4, "error")
    pending = HISTORY[:3]
    assert [d.offset for d in toolcall.check_history(pending)] == [1]
    assert toolcall.check_history(pending, allow_pending=True) == []
    [d] = toolcall.check_history("not json")
    assert d.code == "invalid_input"


def test_rewrite_llama31():
    notes = []
    out = toolcall.rewrite_llama31(HISTORY, notes=notes)
    assert isinstance(out, list)
    assert all(len(m.get("tool_calls") or []) <= 1 for m in out)
    calls = [m["tool_calls"][0]["id"] for m in out if m.get("tool_calls")]
    assert calls == ["c1", "c2"]  # nothing dropped
    assert notes and all(n.code == "normalized" for n in notes)
    text = toolcall.rewrite_llama31(json.dumps(HISTORY))
    assert isinstance(text, str) and json.loads(text) == out
    assert toolcall.check_history(out) == []
    with pytest.raises(toolcall.Error) as e:
        toolcall.rewrite_llama31("{]")
    assert e.value.code == "invalid_input"


def test_tool_cycles_and_loop_guard():
    s = toolcall.tool_cycles(HISTORY, cap=1)
    assert (s.cycles, s.cap, s.cap_reached, s.tools_allowed()) == (1, 1, True, False)
    assert toolcall.tool_cycles(HISTORY).tools_allowed()
    again = HISTORY + [HISTORY[1], HISTORY[2], HISTORY[3]]
    again[4] = dict(HISTORY[1], tool_calls=[dict(c, id=c["id"] + "b") for c in HISTORY[1]["tool_calls"]])
    s = toolcall.tool_cycles(again, max_repeats=2)
    assert (s.repeats, s.repeat_reached, s.repeated_call) == (2, True, "get_weather")
    with pytest.raises(toolcall.Error):
        toolcall.tool_cycles("[")

    g = toolcall.LoopGuard(max_cycles=3, max_repeats=2)
    g.user_turn()
    m = toolcall.parse('<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>')
    g.add_cycle(m)
    assert g.tools_allowed() and (g.cycles, g.repeats) == (1, 1)
    g.add_cycle(toolcall.parse('<tool_call>{"name": "f", "arguments": {"a":1 }}</tool_call>').tool_calls)
    assert g.repeat_reached and not g.tools_allowed() and g.repeated_call == "f"
    g.user_turn()
    assert g.tools_allowed() and g.cycles == 0
    for _ in range(3):
        g.add_cycle()
    assert g.cap_reached and not g.tools_allowed()
    assert (g.max_cycles, g.max_repeats) == (3, 2)
    assert toolcall.LoopGuard(0, 0).tools_allowed()
    # a method, as in C++: reading it without calling it is a bound method, not a bool
    assert callable(g.tools_allowed) and callable(s.tools_allowed)
    with pytest.raises(TypeError):
        g.add_cycle(["f"])
