# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""The public corpus through Python: one-shot, with each family's model preset, and streamed
in pieces of every size 1..16 (bytes, so pieces also split UTF-8 sequences), with the judging
rules of tests/data/corpus/README.md and the stream rules of the C++ corpus test."""

import pytest

import toolcall
from conftest import CORPUS, SEED, Folder, case_tools, corpus_params, judge, stream

# the C++ corpus test's presets (tests/unit/corpus_test.cpp)
FAMILY_MODEL = {
    "qwen_tool_call": "Qwen/Qwen2.5-7B-Instruct",
    "qwen_tools_array": "Qwen2.5-Coder-7B",
    "qwen_function_tag": "Qwen2.5-Coder-32B",
    "qwen_json_bracket": "Qwen2.5-Coder-7B-Instruct",
    "qwen3_coder_xml": "Qwen3-Coder-30B-A3B",
    "llama3_python_tag": "Meta-Llama-3.1-8B-Instruct",
    "llama3_raw_json": "Llama-3.2-3B-Instruct",
    "pythonic": "Llama-3.2-1B-Instruct",
    "mistral_v3": "Mistral-7B-Instruct-v0.3",
    "mistral_v11": "Magistral-Small-2506",
    "deepseek_v3": "DeepSeek-R1-0528",
    "gpt_oss_harmony": "openai/gpt-oss-20b",
    "petals_function_key": "Llama-3.1-8B",
    "reasoning": "Qwen3-8B",
}

# the corpus is judged as whole texts: a lone </think> makes the text before it reasoning (detect)
PARSER = toolcall.Parser(seed=SEED, reasoning="detect")


def parser_for(case):
    """The shared parser, or one with the case's tools attached (the "tools" field)."""
    tools = case_tools(case)
    return PARSER if tools is None else toolcall.Parser(seed=SEED, reasoning="detect", tools=tools)


def test_the_corpus_is_there():
    assert len(CORPUS) >= 209
    assert len({c["id"] for c in CORPUS}) == len(CORPUS)
    assert sum(1 for c in CORPUS if c["expect"].get("error")) >= 19


@pytest.mark.parametrize("case", corpus_params())
def test_one_shot(case):
    parser = parser_for(case)
    m = parser.parse(case["input"])
    assert judge(case, m) == []
    # the convenience function and bytes input give the same message
    assert toolcall.parse(case["input"], seed=SEED, reasoning="detect", tools=case_tools(case)) == m
    assert parser.parse(case["input"].encode("utf-8")) == m


@pytest.mark.parametrize("case", [c for c in corpus_params() if c.values[0]["family"] in FAMILY_MODEL])
def test_with_the_family_preset(case):
    m = toolcall.parse(
        case["input"], model=FAMILY_MODEL[case["family"]], seed=SEED, reasoning="detect", tools=case_tools(case)
    )
    assert judge(case, m) == []


@pytest.mark.parametrize("case", corpus_params())
def test_streamed_at_every_chunk_size(case):
    one = parser_for(case).parse(case["input"])
    data = case["input"].encode("utf-8")
    sp = toolcall.StreamParser(seed=SEED, reasoning="detect", tools=case_tools(case))
    for size in range(1, 17):
        folder = Folder()
        m = stream(sp, data, size, folder)
        assert m == one, f"chunk {size}: {m!r} != {one!r}"
        assert folder.mismatch(m) == [], f"chunk {size}"
    # str deltas (split between code points) give the same message
    folder = Folder()
    assert stream(sp, case["input"], 3, folder) == one
    assert folder.mismatch(one) == []


@pytest.mark.parametrize("case", [c for c in corpus_params() if c.values[0]["family"] == "morph_xml"])
def test_tag_per_tool_needs_the_tools(case):
    """Tag-per-tool XML is recognised only against the request's tool names: without them a case
    has no call, no error, and its calls' tags stay in the content."""
    m = PARSER.parse(case["input"])
    assert m.tool_calls == []
    assert not m.has_error
    for call in case["expect"].get("tool_calls", []):
        assert "<" + call["name"] in m.content


def test_tag_per_tool_cases_are_there():
    assert sum(1 for c in CORPUS if c["family"] == "morph_xml" and "tools" in c) >= 12
