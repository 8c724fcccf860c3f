# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""The Python API: messages, events, options, registries, custom formats, errors, bytes."""

import datetime
import json

import pytest

import toolcall
from conftest import Folder, stream

HERMES = 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3,}}\n</tool_call><|im_end|>'
QWEN3 = (
    "<think>\nThe user wants the weather; I will call the tool.\n</think>\n\n"
    'Checking now.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
)
MISTRAL = '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'


def test_the_issue_one_liner():
    m = toolcall.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>')
    assert m.tool_calls[0].name == "f"


def test_message_fields_and_openai_shape():
    m = toolcall.parse(HERMES, seed=7)
    assert m.content == "Let me check."
    assert m.finish_reason == "tool_calls"
    assert not m.has_reasoning and m.reasoning == ""
    assert not m.has_error
    [c] = m.tool_calls
    assert (c.name, c.arguments, c.status, c.format) == ("get_weather", '{"city":"Paris","days":3}', "repaired", "hermes")
    assert c.id.startswith("call_")
    begin, end = c.span  # byte offsets of the call in the model output
    assert 0 <= begin < end <= len(HERMES.encode())
    assert '{"name": "get_weather"' in HERMES.encode()[begin:end].decode()
    assert "Let me check." not in HERMES.encode()[begin:end].decode()
    assert m.to_openai() == {
        "role": "assistant",
        "content": "Let me check.",
        "tool_calls": [
            {"id": c.id, "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris","days":3}'}}
        ],
    }
    assert c.to_openai() == m.to_openai()["tool_calls"][0]
    json.dumps(m.to_openai())  # plain Python values


def test_reasoning_and_openai_reasoning_content():
    m = toolcall.parse(QWEN3, model="Qwen/Qwen3-8B")
    assert m.has_reasoning
    assert m.reasoning == "The user wants the weather; I will call the tool."
    assert m.content == "Checking now."
    assert m.to_openai()["reasoning_content"] == m.reasoning
    plain = toolcall.parse("Just an answer.")
    assert plain.to_openai() == {"role": "assistant", "content": "Just an answer."}
    assert toolcall.parse("").to_openai() == {"role": "assistant", "content": None}


def test_ids_follow_the_seed():
    a = toolcall.parse(HERMES, seed=1).tool_calls[0].id
    assert a == toolcall.parse(HERMES, seed=1).tool_calls[0].id
    assert a != toolcall.parse(HERMES, seed=2).tool_calls[0].id
    # seed 0 (the default) draws fresh ids per response
    assert toolcall.parse(HERMES).tool_calls[0].id != toolcall.parse(HERMES).tool_calls[0].id


def test_malformed_output_never_raises_and_stays_content():
    bad = '<tool_call>{"name": "f", "arguments": {"a": }}</tool_call>'
    m = toolcall.parse(bad)
    assert m.tool_calls == []
    assert m.has_error
    assert '{"name": "f"' in m.content
    assert any(d.severity == "error" for d in m.diagnostics)
    d = m.diagnostics[0]
    assert isinstance(d.code, str) and isinstance(d.offset, int) and isinstance(d.message, str)


# --- options -----------------------------------------------------------------------------------

DOCUMENTED_DEFAULTS = {
    "max_input_bytes": 64 << 20,
    "max_call_bytes": 1 << 20,
    "max_calls": 256,
    "max_depth": 128,
    "max_holdback": 256 << 10,
    "time_budget": 0.1,
    "max_diagnostics": 256,
    "reasoning": "preset",
    "calls_in_reasoning": "ignore",
    "seed": 0,
    "keep_truncated": False,
    "token_limit_hit": False,
    "xml_values_as_json": False,
    "events_only": False,
}


def test_options_names_and_defaults_are_the_documented_ones():
    assert toolcall.Options().to_dict() == DOCUMENTED_DEFAULTS
    o = toolcall.Options(max_calls=3, reasoning="open", time_budget=datetime.timedelta(milliseconds=250))
    assert (o.max_calls, o.reasoning, o.time_budget) == (3, "open", 0.25)
    assert o == toolcall.Options(**o.to_dict())
    assert o != toolcall.Options()
    o.seed = 9
    assert o.seed == 9
    assert "max_calls=3" in repr(o)


def test_events_only_gives_the_same_events_and_keeps_no_text():
    text = ('<think>Paris, then.</think>Let me check.\n<tool_call>{"name": "get_weather", "arguments": '
            '{"city": "Paris"}}</tool_call>')
    assert toolcall.Options(events_only=True).events_only
    runs = []
    for events_only in (False, True):
        sp = toolcall.StreamParser(model="Qwen/Qwen3-8B", seed=3, reasoning="closed", events_only=events_only)
        events = []
        for i in range(0, len(text), 4):
            events += [(e.kind, e.index, e.name, e.text) for e in sp.write(text[i:i + 4])]
        m = sp.finish(on_event=lambda e: events.append((e.kind, e.index, e.name, e.text)))
        runs.append((events, m))
    (full_events, full), (lean_events, lean) = runs
    assert lean_events == full_events
    assert (full.content, full.reasoning) == ("Let me check.", "Paris, then.")
    assert [c.name for c in full.tool_calls] == ["get_weather"]
    assert full.tool_calls[0].arguments == '{"city":"Paris"}'
    # the same calls and finish reason, but no text kept
    assert (lean.content, lean.reasoning) == ("", "")
    assert [c.name for c in lean.tool_calls] == ["get_weather"]
    assert lean.tool_calls[0].arguments == ""
    assert lean.finish_reason == full.finish_reason == "tool_calls"


def test_option_errors_are_python_errors():
    with pytest.raises(TypeError, match="unexpected keyword argument 'max_call'"):
        toolcall.parse("x", max_call=1)
    with pytest.raises(ValueError, match="reasoning must be one of"):
        toolcall.parse("x", reasoning="sometimes")
    with pytest.raises(ValueError):
        toolcall.StreamParser(max_calls=-1)
    with pytest.raises(TypeError):
        toolcall.Parser(keep_truncated=1)
    with pytest.raises(TypeError):
        toolcall.parse("x", time_budget="1s")
    with pytest.raises(TypeError, match="not both"):
        toolcall.parse("x", model="Qwen3-8B", formats=["hermes"])


def test_limits_are_options():
    two = '<tool_call>{"name": "a", "arguments": {}}</tool_call><tool_call>{"name": "b", "arguments": {}}</tool_call>'
    assert [c.name for c in toolcall.parse(two).tool_calls] == ["a", "b"]
    m = toolcall.parse(two, max_calls=1)
    assert [c.name for c in m.tool_calls] == ["a"]
    assert "limit_calls" in [d.code for d in m.diagnostics]
    m = toolcall.parse(two, max_input_bytes=10)
    assert m.tool_calls == [] and "limit_input_bytes" in [d.code for d in m.diagnostics]
    deep = '<tool_call>{"name": "f", "arguments": {"a": ' + "[" * 50 + "]" * 50 + "}}</tool_call>"
    assert toolcall.parse(deep).tool_calls
    m = toolcall.parse(deep, max_depth=10)
    assert m.tool_calls == [] and "limit_depth" in [d.code for d in m.diagnostics]


def test_reasoning_start_options():
    lone = "I should call nothing.\n</think>\n\nHello!"
    assert toolcall.parse(lone, reasoning="open").reasoning == "I should call nothing."
    assert toolcall.parse(lone, reasoning="open").content == "Hello!"
    assert toolcall.parse(lone, reasoning="detect").reasoning == "I should call nothing."
    m = toolcall.parse("<think>x</think>y", reasoning="none")
    assert not m.has_reasoning and "<think>" in m.content
    assert toolcall.reasoning_start_for_prompt("<|im_start|>assistant\n<think>\n") == "open"
    assert toolcall.reasoning_start_for_prompt("<|im_start|>assistant\n") == "closed"


def test_truncated_calls_are_kept_only_on_request():
    cut = '<tool_call>{"name": "f", "arguments": {"a": "b'
    assert toolcall.parse(cut).tool_calls == []
    m = toolcall.parse(cut, keep_truncated=True)
    assert [(c.name, c.status) for c in m.tool_calls] == [("f", "truncated")]
    assert m.content == cut and m.finish_reason == "stop"
    assert toolcall.parse("Hello", token_limit_hit=True).finish_reason == "length"


# --- input types and UTF-8 ---------------------------------------------------------------------


def test_bytes_like_inputs_equal_str():
    m = toolcall.parse(HERMES, seed=3)
    for data in (HERMES.encode(), bytearray(HERMES.encode()), memoryview(HERMES.encode())):
        assert toolcall.parse(data, seed=3) == m
    with pytest.raises(TypeError, match="text must be str or bytes"):
        toolcall.parse(42)
    with pytest.raises(TypeError):
        toolcall.StreamParser().write(None)


def test_invalid_utf8_in_bytes():
    data = b'Hi \xff there <tool_call>{"name": "f", "arguments": {"s": "a\xfeb", "t": "\xe2\x82"}}</tool_call> bye \xc3'
    m = toolcall.parse(data, seed=1)
    assert m.content == "Hi \ufffd there  bye \ufffd"  # one U+FFFD per stray byte, as on the SSE wire
    [c] = m.tool_calls
    args = json.loads(c.arguments)  # valid JSON text, whatever the model wrote
    assert args["s"] == "a\ufffdb"
    assert set(args["t"]) == {"\ufffd"}
    # the same message for every chunking of the bytes, invalid sequences split or not
    sp = toolcall.StreamParser(seed=1)
    for size in (1, 2, 3, 5):
        f = Folder()
        assert stream(sp, data, size, f) == m
        assert f.mismatch(m) == []


def test_str_with_lone_surrogates_does_not_raise():
    m = toolcall.parse('x \ud800 y <tool_call>{"name": "f", "arguments": {"k": "\udcff"}}</tool_call>')
    assert m.content.startswith("x ") and "\ud800" not in m.content
    [c] = m.tool_calls
    assert "\udcff" not in json.loads(c.arguments)["k"]


# --- registries and formats --------------------------------------------------------------------


def test_registry_constructors():
    names = toolcall.Registry.builtin().names
    assert set(toolcall.BUILTIN_FORMATS) == set(names)
    for name in ("hermes", "qwen3_coder", "mistral", "deepseek", "harmony", "pythonic", "llama3_json", "reasoning"):
        assert name in names
    only = toolcall.Registry.only("mistral")
    assert set(only.names) == {"mistral", "reasoning"} and "mistral" in only and len(only) == 2
    qwen3 = toolcall.Registry.for_model("Qwen/Qwen3-8B")
    assert qwen3.model_known and "hermes" in qwen3 and "mistral" not in qwen3
    unknown = toolcall.Registry.for_model("some-private-model-v9")
    assert not unknown.model_known and set(unknown.names) == set(names)
    assert toolcall.Registry().names == []
    tmpl = toolcall.Registry.for_template("{% for tool in tools %}<tool_call>{{ tool }}</tool_call>{% endfor %}")
    assert "hermes" in tmpl


def test_registry_chooses_what_is_parsed():
    assert toolcall.parse(MISTRAL).tool_calls[0].name == "get_weather"
    assert toolcall.parse(MISTRAL, formats=["hermes"]).tool_calls == []
    assert toolcall.parse(MISTRAL, formats="mistral").tool_calls[0].format == "mistral"
    assert toolcall.parse(MISTRAL, formats=toolcall.Registry.only("mistral")).tool_calls
    assert toolcall.parse(MISTRAL, model="Qwen/Qwen2.5-7B-Instruct").tool_calls == []
    assert toolcall.parse(MISTRAL, model="Mistral-7B-Instruct-v0.3").tool_calls
    assert toolcall.parse(MISTRAL, formats=toolcall.Registry()).content == MISTRAL


def test_registry_is_a_value():
    r = toolcall.Registry.builtin()
    copy = r.copy()
    assert r.remove("mistral") and not r.remove("mistral")
    assert "mistral" not in r and "mistral" in copy
    r.add("mistral")
    assert "mistral" in r
    assert r.set_priority("fenced", 1) and r.names[0] == "fenced"
    assert not r.set_priority("nope", 1)
    f = toolcall.Format.builtin("hermes")
    assert f.is_builtin and f.name == "hermes" and f.description
    assert f.with_priority(3).priority == 3 and f.priority != 3


def test_custom_formats_from_spec_dicts():
    spec = {"name": "acme", "call_begin": "<call>", "call_end": "</call>", "name_key": "tool", "arguments_key": "input"}
    reg = toolcall.Registry.builtin()
    reg.add(spec)
    assert "acme" in reg and not reg.formats[[f.name for f in reg.formats].index("acme")].is_builtin
    text = 'Sure. <call>{"tool": "lookup", "input": {"q": "x"}}</call>'
    m = toolcall.parse(text, formats=reg)
    assert [(c.name, c.arguments, c.format) for c in m.tool_calls] == [("lookup", '{"q":"x"}', "acme")]
    assert m.content == "Sure."
    assert toolcall.parse(text).tool_calls == []
    rx = toolcall.Format.from_spec(
        {"name": "rx", "call_begin": "<<", "call_end": ">>", "payload": "regex", "pattern": r"(?P<name>\w+)\s+(?P<args>\{.*\})"}
    )
    m = toolcall.parse('<<ping {"n": 1}>>', formats=[rx])
    assert [(c.name, c.arguments) for c in m.tool_calls] == [("ping", '{"n":1}')]


def test_library_errors_raise_toolcall_error():
    with pytest.raises(toolcall.Error) as e:
        toolcall.Format.from_spec({"name": "bad", "call_begin": "<", "payload": "regex", "pattern": "(?P<name>"})
    assert e.value.code == "invalid_pattern"
    assert isinstance(e.value, ValueError)
    assert e.value.message.startswith("invalid_pattern at offset 0")
    assert str(e.value) == e.value.message and e.value.detail
    with pytest.raises(toolcall.Error) as e:
        toolcall.Registry.only("hermez")
    assert (e.value.code, e.value.offset) == ("unknown_format", 0)
    with pytest.raises(toolcall.Error) as e:
        toolcall.parse("x", formats=["hermes", "nope"])
    assert e.value.code == "unknown_format"
    with pytest.raises(toolcall.Error) as e:
        toolcall.Format.from_spec({"name": "nomarker"})
    assert e.value.code == "invalid_pattern"
    # a key 0.2 did not know sends the dict to the spec-file reader, which names the key
    with pytest.raises(ValueError, match="unknown key"):
        toolcall.Format.from_spec({"name": "x", "call_begin": "<x>", "begin": "oops"})
    with pytest.raises(ValueError, match="payload"):
        toolcall.Format.from_spec({"name": "x", "call_begin": "<x>", "payload": "xml"})


def test_spec_dict_mixing_first_keys_with_spec_file_keys():
    # the 0.2 keys plus a slot only the spec file has (bare_json) read as one spec file
    spec = {"name": "acme", "call_begin": "<call>", "call_end": "</call>", "name_key": "tool",
            "arguments_key": "input", "bare_json": {"name_key": True}}
    f = toolcall.Format.from_spec(spec)
    m = toolcall.parse('<call>{"tool": "lookup", "input": {"q": "x"}}</call>', formats=[f])
    assert [(c.name, c.arguments) for c in m.tool_calls] == [("lookup", '{"q":"x"}')]


# --- Parser and StreamParser -------------------------------------------------------------------


def test_parser_reuse_and_per_call_options():
    p = toolcall.Parser(seed=5)
    assert p.options.seed == 5
    first = p.parse(HERMES)
    assert p.parse(HERMES) == first
    other = p.parse(HERMES, seed=6)
    assert other.tool_calls[0].id == toolcall.parse(HERMES, seed=6).tool_calls[0].id != first.tool_calls[0].id
    assert p.parse(HERMES) == first  # the constructor's options again


def test_stream_events_and_finish():
    sp = toolcall.StreamParser(model="Qwen/Qwen3-8B", seed=11)
    events = []
    for i in range(0, len(QWEN3), 5):
        events += sp.write(QWEN3[i : i + 5])
    m = sp.finish(on_event=events.append)
    assert m == toolcall.parse(QWEN3, model="Qwen/Qwen3-8B", seed=11)
    kinds = [e.kind for e in events]
    assert kinds.index("reasoning") < kinds.index("content") < kinds.index("call_begin")
    assert kinds.index("call_begin") < kinds.index("arguments_delta") < kinds.index("call_end")
    begin = next(e for e in events if e.kind == "call_begin")
    assert (begin.index, begin.id, begin.name, begin.format) == (0, m.tool_calls[0].id, "get_weather", "hermes")
    assert begin.status is None and begin.diagnostic is None
    end = next(e for e in events if e.kind == "call_end")
    assert end.status == "ok" and end.index == 0
    assert "".join(e.text for e in events if e.kind == "arguments_delta") == m.tool_calls[0].arguments
    assert "".join(e.text for e in events if e.kind == "content") == m.content
    assert "call_begin" in repr(begin) and "get_weather" in repr(begin)
    # after finish, writes are ignored until reset
    assert sp.write("more text") == []
    sp.reset(seed=12)
    assert sp.options.seed == 12 and sp.options.max_calls == 256
    for piece in (QWEN3[:40], QWEN3[40:]):
        sp.write(piece)
    assert sp.finish() == toolcall.parse(QWEN3, model="Qwen/Qwen3-8B", seed=12)


def test_diagnostic_events():
    sp = toolcall.StreamParser()
    text = '<tool_call>{"name": "f", "arguments": {"a": }}</tool_call>'
    events = sp.write(text)
    m = sp.finish(on_event=events.append)
    diags = [e.diagnostic for e in events if e.kind == "diagnostic"]
    assert diags and diags == m.diagnostics


def test_work_is_linear_in_the_input_for_any_chunking():
    body = "x" * 60000
    text = '<tool_call>{"name": "write", "arguments": {"content": "' + body + '"}}</tool_call>'
    sp = toolcall.StreamParser()
    sp.write(text)
    sp.finish()
    whole = sp.bytes_examined
    sp.reset()
    for i in range(0, len(text), 4):
        sp.write(text[i : i + 4])
    m = sp.finish()
    assert len(json.loads(m.tool_calls[0].arguments)["content"]) == len(body)
    # every pass is counted: the text itself, the arguments' one copy into the call's buffer and
    # the final check of the arguments; the count depends on the length, not on the chunking
    assert whole >= len(text)
    assert sp.bytes_examined <= 3 * len(text)
    assert abs(sp.bytes_examined - whole) <= len(text) // 100


def test_the_stubs_describe_the_module():
    import ast
    import builtins
    import inspect

    from conftest import PYTHON_DIR

    tree = ast.parse((PYTHON_DIR / "src" / "toolcall" / "_core.pyi").read_text(encoding="utf-8"))
    stub = {}
    bases = {}  # a stub class's bases, by name
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for n in node.body:
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign)):
                    members.add(n.name if isinstance(n, ast.FunctionDef) else n.target.id)
            stub[node.name] = members
            bases[node.name] = [ast.unparse(b) for b in node.bases]
        elif isinstance(node, ast.FunctionDef):
            stub[node.name] = None
        elif isinstance(node, ast.AnnAssign):
            stub[node.target.id] = None
    core = toolcall._core

    def stub_members(name):
        # a class's own members and those it inherits from its bases in the stub, as the
        # runtime's inspect.getmembers() lists inherited ones (bases outside the stub, such as
        # ValueError, add none)
        own = set(stub[name])
        for b in bases[name]:
            if stub.get(b) is not None:
                own |= stub_members(b)
        return own

    public = {n for n in dir(core) if not n.startswith("_")} | {"__version__"}
    assert public - set(stub) == set(), "missing from _core.pyi"
    for name, members in stub.items():
        if members is None or name not in public:
            continue
        cls = getattr(core, name)
        # the stub's bases are the runtime's: a stub may not claim an inheritance the module lacks
        for b in bases[name]:
            base = getattr(core, b, None) or getattr(builtins, b, None)
            assert isinstance(base, type) and issubclass(cls, base), f"{name}: not a subclass of {b} at runtime"
        members = stub_members(name)
        have = {n for n, _ in inspect.getmembers(cls) if not n.startswith("_")}
        if name == "Error":
            have -= set(dir(ValueError))
        assert have - members == set(), f"{name}: members missing from _core.pyi"
        assert members - have - {"__init__", "__contains__", "__len__", "__copy__"} == set(), f"{name}: stubbed but absent"
    assert set(toolcall.__all__) - {"BUILTIN_FORMATS", "sse_chunks", "learn", "learn_template"} <= public


def test_dir_lists_the_package_names_only():
    # no typing helpers (Any, Optional, Union, ...) or other imports among the public names
    # (the package's own submodules, such as toolcall.openai, are names of the package too)
    public = {n for n in dir(toolcall) if not n.startswith("_")}
    submodules = {n for n in public if getattr(getattr(toolcall, n), "__name__", "") == "toolcall." + n}
    assert public - submodules == set(toolcall.__all__) - {"__version__"}
    for name in ("Any", "Optional", "Union", "Iterable", "Generator"):
        assert not hasattr(toolcall, name)
