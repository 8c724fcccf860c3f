# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Spec files and learning (docs/format_spec.md, docs/learning.md):
format_file= / format_spec=, learn() on rendered samples, and learn_template() on the chat
templates in tests/data/templates: the learned spec parses the family's corpus as the built-in
room does."""

import json
from pathlib import Path

import pytest

import toolcall
from conftest import CORPUS, REPO, case_tools
from toolcall.learn import probe_samples

jinja2 = pytest.importorskip("jinja2")

TEMPLATES = REPO / "tests" / "data" / "templates"
SAMPLES = REPO / "tests" / "data" / "learn"

# families whose template learning reads alone (docs/learning.md lists the others)
LEARNED = ["glm", "minimax_m2", "seed_oss", "step3", "deepseek_dsml", "internlm2", "cohere", "functools",
           "jamba", "granite", "xlam", "lfm2", "olmo3", "gemma4", "function_gemma", "kimi_k2", "gigachat3",
           "apertus", "morph_xml", "functionary_v32",
           # parameters as elements named after their keys behind a token before every tag
           "minimax_m3"]
# the room knows more than the template shows (GLM decodes JSON values, drift spellings and
# openers, Cohere keeps the good items of a bad list, GigaChat 3.1's `<|function_call|>`)
PARTIAL = ("glm", "deepseek_dsml", "granite", "cohere", "gigachat3")
# an invented template whose calls carry their arguments as prose: no encoding to learn
PROSE_TEMPLATE = (
    "{%- for m in messages -%}{%- if m.role == 'assistant' -%}{{ m.content or '' }}"
    "{%- for c in m.tool_calls or [] -%}<call>{{ c.function.name }}, please</call>{%- endfor -%}<end>"
    "{%- else -%}<{{ m.role }}>{{ m.content }}<end>{%- endif -%}{%- endfor -%}"
    "{%- if add_generation_prompt %}<assistant>{% endif -%}")


def _calls(m):
    return [(c.name, c.arguments) for c in m.tool_calls]


@pytest.mark.parametrize("family", LEARNED)
def test_learned_template_parses_the_corpus_as_the_room(family):
    spec = toolcall.learn_template((TEMPLATES / (family + ".jinja")).read_text(encoding="utf-8"), name=family)
    assert spec["name"] == family
    calls = same = 0
    # every case of the family, its tools (when it has some) given to both parsers
    cases = [c for c in CORPUS if c["family"] == family]
    assert len(cases) >= 8
    for case in cases:
        tools = case_tools(case)
        learned = toolcall.Parser(format_spec=spec, tools=tools)
        room = toolcall.Parser(formats=[family, "reasoning"], tools=tools)
        a, b = _calls(room.parse(case["input"])), _calls(learned.parse(case["input"]))
        calls += max(len(a), len(b))
        same += sum(1 for x, y in zip(a, b) if x == y)
    assert calls > 0
    # >= 90 % where learning alone is enough; at least half for the PARTIAL families
    if family in PARTIAL:
        assert same * 2 >= calls, "%s: %d/%d calls as the room" % (family, same, calls)
    else:
        assert same * 10 >= calls * 9, "%s: %d/%d calls as the room" % (family, same, calls)


@pytest.mark.parametrize("family", LEARNED)
def test_committed_samples_are_the_renders(family):
    # tests/unit/learn_test.cpp learns from these files: they must be what jinja2 renders now
    rendered = probe_samples((TEMPLATES / (family + ".jinja")).read_text(encoding="utf-8"))
    committed = json.loads((SAMPLES / (family + ".json")).read_text(encoding="utf-8"))
    assert rendered == committed


def test_what_learning_cannot_read_is_an_error_naming_the_slot():
    with pytest.raises(toolcall.Error) as e:
        toolcall.learn_template(PROSE_TEMPLATE)
    msg = str(e.value)
    assert "cannot infer the arguments encoding" in msg, msg


def test_format_file_and_format_spec(tmp_path):
    spec = {
        "name": "acme",
        "call_begin": "<|call|>",
        "call_end": "<|end_call|>",
        "payload": "name_json",
        "name_end": "<|args|>",
        "markers": ["<|eot|>"],
        "reasoning": [{"open": "<|reason|>", "close": "<|/reason|>"}],
    }
    text = '<|reason|>hm<|/reason|>Ok.<|call|>get_weather<|args|>{"city": "Paris"}<|end_call|><|eot|>'
    path = tmp_path / "acme.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    for m in (toolcall.parse(text, format_file=str(path)), toolcall.Parser(format_spec=spec).parse(text),
              toolcall.parse(text, format_spec=json.dumps(spec))):
        assert _calls(m) == [("get_weather", '{"city":"Paris"}')]
        assert m.tool_calls[0].format == "acme"
        assert m.content == "Ok."
        assert m.reasoning == "hm"
    sp = toolcall.StreamParser(format_file=str(path))
    for ch in text:
        sp.write(ch)
    assert _calls(sp.finish()) == [("get_weather", '{"city":"Paris"}')]
    with pytest.raises(toolcall.Error, match="colour"):
        toolcall.Parser(format_spec=dict(spec, colour=1))
    with pytest.raises(TypeError):
        toolcall.Parser(format_spec=spec, model="Qwen/Qwen3-8B")


def test_learn_on_samples_and_for_template_reason():
    samples = [{
        "rendered": '<r>plan</r>Checking.<c>get_weather<sep>{"city": "Paris", "days": 3}</c>'
                    '<c>set_alarm<sep>{"time": "07:30"}</c><eot>',
        "content": "Checking.", "reasoning": "plan",
        "tool_calls": [{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}},
                       {"name": "set_alarm", "arguments": '{"time": "07:30"}'}],
    }]
    spec = toolcall.learn(samples)
    assert spec["payload"] == "name_json" and spec["call_begin"] == "<c>" and spec["call_end"] == "</c>"
    m = toolcall.parse('<c>lookup<sep>{"q": 1}</c><eot>', format_spec=spec)
    assert _calls(m) == [("lookup", '{"q":1}')]
    assert "render" in toolcall._core._template_reason("{{ messages[0].content }}")
    assert not toolcall.Registry.for_template("{{ messages[0].content }}").model_known


# What no template shows but the vendors' parsers read, learned from the template alone: the
# model's text, the calls expected (name, arguments as JSON), and the tools given (or None).
TOLERATED = [
    ("lfm2", "<|tool_call_start|>[label(tags={'urgent', 'bug'}), set_date(month=07, day=05)]<|tool_call_end|>",
     [("label", {"tags": ["urgent", "bug"]}), ("set_date", {"month": 7, "day": 5})], None),
    ("lfm2", "<|tool_call_start|>[bash(command='grep -n 'def main' app.py')]<|tool_call_end|>",
     [("bash", {"command": "grep -n 'def main' app.py"})], None),
    ("olmo3", "<function_calls>calc(x=1e999)\nopen_url(url=b'x')\nget_weather(city=\"Oslo\")</function_calls>",
     [("get_weather", {"city": "Oslo"})], None),
    ("minimax_m1", "<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n{oops}\n"
     "{\"name\": \"get_time\"}\n{\"name\": \"get_time\", \"arguments\": {\"tz\": \"CET\"}}\n</tool_calls>",
     [("get_weather", {"city": "Oslo"}), ("get_time", {"tz": "CET"})], None),
    ("minicpm", "<functionname=\"get_weather\"><paramname=\"city\"><![CDATA[New\nYork]]></param></function>",
     [("get_weather", {"city": "New\nYork"})], None),
    ("glm", "On it.<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n"
     "<arg_key>date</arg_key>\n<arg_value>2026-01-02</arg_value>\n</tool_call>",
     [("get_weather", {"city": "Oslo", "date": "2026-01-02"})],
     [{"type": "function", "function": {"name": "get_weather", "parameters": {
         "type": "object", "properties": {"city": {"type": "string"}}}}}]),
    ("xlam", "Checking.\n```json\n[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]\n```",
     [("get_weather", {"city": "Oslo"})], None),
    # the template's tags all end `:opensource` (the tokenizer's suffix): the bare tokens are read too
    ("hy3", "Checking.<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n"
     "<arg_value>Oslo</arg_value>\n</tool_call>\n</tool_calls>",
     [("get_weather", {"city": "Oslo"})], None),
]


@pytest.mark.parametrize("family,text,want,tools", TOLERATED, ids=[t[0] for t in TOLERATED])
def test_learned_spec_reads_what_the_vendors_parsers_read(family, text, want, tools):
    spec = toolcall.learn_template((TEMPLATES / (family + ".jinja")).read_text(encoding="utf-8"))
    one = toolcall.Parser(format_spec=spec, tools=tools).parse(text)
    assert [(c.name, json.loads(c.arguments)) for c in one.tool_calls] == want
    sp = toolcall.StreamParser(format_spec=spec, tools=tools)
    for ch in text:
        sp.write(ch)
    streamed = sp.finish()
    assert [(c.name, json.loads(c.arguments)) for c in streamed.tool_calls] == want


LLAMA_CALLS = [
    ('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|eot_id|>', ""),
    ('Let me check. <|python_tag|>{"name": "get_weather", "arguments": {"city": "Paris"}}', "Let me check."),
    ('\n  <|python_tag|>\n  {"name": "get_weather", "parameters": {"city": "Paris"}}\n  ', ""),
    ('{"name": "get_weather", "parameters": {"city": "Paris"}}', ""),
]


@pytest.mark.parametrize("text,content", LLAMA_CALLS)
def test_a_token_the_template_writes_before_a_call_name_opens_the_learned_call(text, content):
    # Llama 3.1's template writes `<|python_tag|>` + name only for its built-in tools, a branch no
    # probe reaches; its models write `<|python_tag|>{...}` for custom tools too (docs/learning.md)
    spec = toolcall.learn_template((TEMPLATES / "hub" / "llama3_1.jinja").read_text(encoding="utf-8"),
                                   bos_token="", date_string="26 Jul 2024")
    assert {"open": "<|python_tag|>", "close": "", "position": "anywhere"} in spec["triggers"]
    for m in (toolcall.Parser(format_spec=spec).parse(text), _streamed(spec, text)):
        assert [(c.name, json.loads(c.arguments)) for c in m.tool_calls] == [("get_weather", {"city": "Paris"})]
        assert (m.content or "").strip() == content


def test_a_call_prefix_token_in_prose_is_no_call_and_not_silent():
    spec = toolcall.learn_template((TEMPLATES / "hub" / "llama3_1.jinja").read_text(encoding="utf-8"),
                                   bos_token="", date_string="26 Jul 2024")
    m = toolcall.Parser(format_spec=spec).parse("The <|python_tag|> token starts a built-in call.")
    assert m.tool_calls == [] and m.diagnostics
    # a template whose calls have an opener of their own gets no such trigger
    hermes = toolcall.learn_template((TEMPLATES / "hub" / "qwen3.jinja").read_text(encoding="utf-8"))
    assert all(t.get("open") != "<|python_tag|>" for t in hermes.get("triggers", []))


def _streamed(spec, text):
    sp = toolcall.StreamParser(format_spec=spec)
    for ch in text:
        sp.write(ch)
    return sp.finish()
