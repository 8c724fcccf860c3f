# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Shared helpers: the public corpus, its judging rules (tests/data/corpus/README.md, as
tests/unit/test_support.hpp applies them) and an event folder that rebuilds a message from
stream events as a client would."""

import json
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import toolcall

PYTHON_DIR = Path(__file__).resolve().parents[1]
REPO = PYTHON_DIR.parent
CORPUS_DIR = REPO / "tests" / "data" / "corpus"
SEED = 42


def load_corpus() -> List[Dict[str, Any]]:
    """Every case of tests/data/corpus/*.jsonl, then of the families added later in
    tests/data/corpus/new/*.jsonl (as tests/unit/test_support.hpp reads them), with its file
    name."""
    cases = []
    for path in sorted(CORPUS_DIR.glob("*.jsonl")) + sorted((CORPUS_DIR / "new").glob("*.jsonl")):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    case = json.loads(line)
                    case["_file"] = path.name
                    cases.append(case)
    return cases


CORPUS = load_corpus()


def corpus_params():
    return [pytest.param(c, id=f"{c['_file'][:-6]}:{c['id']}") for c in CORPUS]


def case_tools(case: Dict[str, Any]) -> Optional[List[Dict[str, Any]]]:
    """The request's tools of a case with a "tools" field (tests/data/corpus/README.md): a name
    is a tool taking any arguments, an object is the tool's whole definition. None without the
    field (the case is parsed with no tools)."""
    tools = case.get("tools")
    if tools is None:
        return None
    return [
        {"type": "function", "function": {"name": t, "parameters": {"type": "object"}}} if isinstance(t, str) else t
        for t in tools
    ]


def _num(x):
    if isinstance(x, bool) or x is None:
        return x
    if isinstance(x, (int, float)):
        return float(x)
    if isinstance(x, list):
        return [_num(v) for v in x]
    if isinstance(x, dict):
        return {k: _num(v) for k, v in x.items()}
    return x


def json_equal(a: Any, b: Any) -> bool:
    """Deep JSON equality with the corpus rules: key order ignored, numbers by value."""
    return _num(a) == _num(b)


def judge(case: Dict[str, Any], m: toolcall.Message) -> List[str]:
    """What differs between the message and the case's expectations (empty: it passes)."""
    exp = case["expect"]
    errs = []
    calls = m.tool_calls
    want = exp.get("tool_calls", [])
    if len(calls) != len(want):
        errs.append(f"calls {len(calls)} != {len(want)}: {calls}")
    else:
        for c, w in zip(calls, want):
            if c.name != w["name"]:
                errs.append(f"name {c.name!r} != {w['name']!r}")
            try:
                args = json.loads(c.arguments)
            except ValueError as e:
                errs.append(f"arguments not JSON: {e}")
                continue
            if not json_equal(args, w["arguments"]):
                errs.append(f"arguments {args} != {w['arguments']}")
    if "content" in exp and m.content.strip() != exp["content"].strip():
        errs.append(f"content {m.content!r} != {exp['content']!r}")
    if "reasoning" in exp and m.reasoning.strip() != exp["reasoning"].strip():
        errs.append(f"reasoning {m.reasoning!r} != {exp['reasoning']!r}")
    if exp.get("error"):
        if not m.diagnostics:  # the same rule as the C++ judge (tests/unit/test_support.hpp)
            errs.append(f"no diagnostic: {m.diagnostics}")
        if exp.get("content_contains", "") not in m.content:
            errs.append(f"content lacks {exp.get('content_contains')!r}: {m.content!r}")
    return errs


class Folder:
    """Folds events into content, reasoning, calls and diagnostics, checking the stream rules."""

    def __init__(self) -> None:
        self.content = ""
        self.reasoning = ""
        self.has_reasoning = False
        self.open: Dict[int, Dict[str, Any]] = {}
        self.calls: List[Dict[str, Any]] = []
        self.diagnostics: List[toolcall.Diagnostic] = []
        self.violations: List[str] = []

    def __call__(self, ev: toolcall.Event) -> None:
        if ev.kind == "content":
            self.content += ev.text
        elif ev.kind == "reasoning":
            self.has_reasoning = True
            self.reasoning += ev.text
        elif ev.kind == "call_begin":
            if ev.index in self.open:
                self.violations.append(f"call index {ev.index} reused")
            self.open[ev.index] = {"id": ev.id, "name": ev.name, "format": ev.format, "arguments": ""}
        elif ev.kind == "arguments_delta":
            if ev.index not in self.open:
                self.violations.append("arguments before call_begin")
            else:
                self.open[ev.index]["arguments"] += ev.text
        elif ev.kind == "call_end":
            c = self.open.get(ev.index)
            if c is None:
                self.violations.append("call_end without call_begin")
            elif ev.status in ("ok", "repaired", "normalized", "unknown_tool"):
                self.calls.append(dict(c, status=ev.status))
        elif ev.kind == "diagnostic":
            assert ev.diagnostic is not None
            self.diagnostics.append(ev.diagnostic)
        else:
            self.violations.append(f"unknown event kind {ev.kind!r}")

    def mismatch(self, m: toolcall.Message) -> List[str]:
        """How the folded events differ from the finished message."""
        errs = list(self.violations)
        if self.content != m.content:
            errs.append(f"folded content {self.content!r} != {m.content!r}")
        if self.reasoning != m.reasoning or self.has_reasoning != m.has_reasoning:
            errs.append(f"folded reasoning {self.reasoning!r} != {m.reasoning!r}")
        got = [(c["id"], c["name"], c["arguments"], c["status"]) for c in self.calls]
        want = [(c.id, c.name, c.arguments, c.status) for c in m.tool_calls]
        if got != want:
            errs.append(f"folded calls {got} != {want}")
        if [(d.code, d.offset) for d in self.diagnostics] != [(d.code, d.offset) for d in m.diagnostics]:
            errs.append(f"folded diagnostics {self.diagnostics} != {m.diagnostics}")
        return errs


def stream(sp: toolcall.StreamParser, data, size: int, folder: Folder) -> toolcall.Message:
    """Feeds `data` (str or bytes) in pieces of `size`; returns finish()'s message."""
    sp.reset()
    for i in range(0, len(data), size):
        for ev in sp.write(data[i : i + size]):
            folder(ev)
    return sp.finish(on_event=folder)
