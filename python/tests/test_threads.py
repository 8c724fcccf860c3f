# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Threads: one Registry and one Normalizer shared by threads that each own a StreamParser
(the engine runs with the GIL released), and a parser misused from two threads at once."""

import threading

import toolcall
from conftest import CORPUS, SEED

THREADS = 4


def run_threads(target, n=THREADS):
    errors = []

    def wrap(k):
        try:
            target(k)
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=wrap, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_shared_registry_one_stream_parser_per_thread():
    registry = toolcall.Registry.builtin()
    tools = toolcall.Normalizer([{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}])
    want = [toolcall.parse(c["input"], formats=registry, tools=tools, seed=SEED) for c in CORPUS]
    results = {}

    def work(k):
        # the same reasoning start as parse(), which reads the default as 'detect' (whole texts)
        sp = toolcall.StreamParser(formats=registry, tools=tools, seed=SEED, reasoning="detect")
        got = []
        for c in CORPUS:
            data = c["input"].encode()
            size = 1 + (k + len(data)) % 7
            sp.reset()
            for i in range(0, len(data), size):
                sp.write(data[i : i + size])
            got.append(sp.finish())
        results[k] = got

    for _ in range(3):
        run_threads(work)
        for k in range(THREADS):
            mismatched = [c["id"] for c, g, w in zip(CORPUS, results[k], want) if g != w]
            assert mismatched == [], f"thread {k}"


def test_parse_from_many_threads_with_large_inputs():
    body = "y" * 200_000
    text = 'Writing it.\n<tool_call>{"name": "write", "arguments": {"path": "a.txt", "content": "' + body + '"}}</tool_call>'
    want = toolcall.parse(text, seed=1)
    assert len(want.tool_calls[0].arguments) > len(body)
    out = {}

    def work(k):
        p = toolcall.Parser(seed=1)
        out[k] = [p.parse(text) for _ in range(5)]

    run_threads(work)
    assert all(m == want for ms in out.values() for m in ms)


def test_one_stream_parser_shared_by_two_threads_is_serialized():
    # Not a supported pattern (one StreamParser per stream), but it must not crash: the writes
    # serialize, and since every piece is the same text the result is known.
    sp = toolcall.StreamParser()

    def work(_):
        for _ in range(2000):
            sp.write("ab ")

    run_threads(work, n=2)
    m = sp.finish()
    assert m.content == ("ab " * 4000).strip()
