#!/usr/bin/env python3
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Generates the benchmark transcripts in bench/data/.

Deterministic (a fixed seed): running it again rewrites the same bytes. The files:
  chat_prose.txt          ~64 KB assistant answer in markdown, no call
  content_one_call.txt    ~32 KB of prose, then one Hermes <tool_call>
  parallel_10.txt         a short preamble and 10 parallel Hermes calls with realistic arguments
  big_arg_100k.txt        one Hermes call whose "content" argument is a 100 KB source file
  gen_file_256k.txt       one Hermes call writing a 230 KB generated file (256 KB escaped)
  qwen3_coder_50k.txt     one Qwen3-Coder XML call writing a 50 KB file
  fmt_<family>.txt        one passing case with calls per corpus family (tests/data/corpus)
usage: bench/make_data.py [--corpus tests/data/corpus/public.jsonl] [--out bench/data]
"""
import argparse
import json
import os
import random

WORDS = ("the a of to and in is that for it with as on be this are by from at or an can which "
         "function value request server client response token model parser stream buffer latency "
         "memory thread cache index query result error retry timeout schema field array object "
         "string number boolean config option default limit user session state event handler "
         "output input file path directory build test release version update install package "
         "database table column row key transaction commit rollback network socket protocol "
         "header payload message queue worker scheduler deadline budget metric trace log").split()


def sentence(rng):
    n = rng.randint(6, 22)
    w = [rng.choice(WORDS) for _ in range(n)]
    w[0] = w[0].capitalize()
    r = rng.random()
    if r < 0.08:
        w.insert(rng.randint(1, n - 1), "`%s()`" % rng.choice(WORDS))
    elif r < 0.12:
        w.insert(rng.randint(1, n - 1), "{'%s': %d}" % (rng.choice(WORDS), rng.randint(0, 99)))
    elif r < 0.15:
        w.insert(rng.randint(1, n - 1), "<%s>" % rng.choice(["div", "span", "T", "br"]))
    elif r < 0.18:
        w.insert(rng.randint(1, n - 1), "[%s](https://example.com/%s)" % (rng.choice(WORDS), rng.choice(WORDS)))
    return " ".join(w) + rng.choice([".", ".", ".", "?", "!", ":"])


def paragraph(rng):
    return " ".join(sentence(rng) for _ in range(rng.randint(3, 7)))


CODE = '''def {name}(items, limit={n}):
    """Return the first {n} items that pass the check."""
    out = []
    for i, item in enumerate(items):
        if i >= limit:
            break
        if item.get("{key}") is not None and item["{key}"] > {n}:
            out.append({{"id": i, "{key}": item["{key}"], "note": "ok\\tfine"}})
    return out

'''


def code_block(rng):
    return CODE.format(name=rng.choice(WORDS) + "_" + rng.choice(WORDS), n=rng.randint(1, 500), key=rng.choice(WORDS))


def prose(rng, size):
    parts = []
    total = 0
    while total < size:
        r = rng.random()
        if r < 0.1:
            p = "## " + " ".join(rng.choice(WORDS) for _ in range(4)).title()
        elif r < 0.2:
            p = "\n".join("- " + sentence(rng) for _ in range(rng.randint(2, 5)))
        elif r < 0.26:
            p = "```python\n" + code_block(rng) + "```"
        else:
            p = paragraph(rng)
        parts.append(p)
        total += len(p) + 2
    return "\n\n".join(parts)


def hermes(name, args):
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": args}, ensure_ascii=False) + "\n</tool_call>"


def source_file(rng, size):
    out = []
    total = 0
    while total < size:
        b = code_block(rng)
        out.append(b)
        total += len(b)
    return "".join(out)[:size]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.path.join(here, "..", "tests", "data", "corpus", "public.jsonl"))
    ap.add_argument("--out", default=os.path.join(here, "data"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(20260505)
    files = {}
    files["chat_prose.txt"] = prose(rng, 64 * 1024)
    files["content_one_call.txt"] = (prose(rng, 32 * 1024) + "\n\nLet me check the current numbers.\n" +
                                     hermes("get_metrics", {"service": "checkout", "window": "1h", "percentiles": [50, 95, 99]}))
    calls = []
    cities = ["Paris", "Tokyo", "São Paulo", "New York", "Zürich", "Lagos", "Mumbai", "Sydney", "Toronto", "Seoul"]
    for i, c in enumerate(cities):
        calls.append(hermes("get_weather", {"location": c, "unit": "celsius", "days": i + 1,
                                            "fields": ["temperature", "humidity", "wind"],
                                            "options": {"include_alerts": i % 2 == 0, "lang": "en", "note": paragraph(rng)[:180]}}))
    files["parallel_10.txt"] = "I'll fetch the forecasts for all ten cities at once.\n" + "\n".join(calls)
    files["big_arg_100k.txt"] = ("I'll write the module now.\n" +
                                 hermes("write_file", {"path": "src/pipeline/filters.py", "content": source_file(rng, 100 * 1024)}))
    files["qwen3_coder_50k.txt"] = ("<tool_call>\n<function=write_file>\n<parameter=path>\nsrc/app/handlers.py\n</parameter>\n"
                                    "<parameter=content>\n" + source_file(rng, 50 * 1024) + "\n</parameter>\n</function>\n</tool_call>")
    # the side-by-side response: a model writing a 256 KB generated file through one
    # Hermes call (its own generator, so the files above stay as they were)
    gen = random.Random(20261123)
    files["gen_file_256k.txt"] = ("I'll write the generated module.\n" +
                                  hermes("write_file", {"path": "src/generated/handlers.py",
                                                        "content": source_file(gen, 230 * 1024)}))
    seen = set()
    for line in open(a.corpus, encoding="utf-8"):
        if not line.strip():
            continue
        c = json.loads(line)
        e = c["expect"]
        fam = c["family"]
        if fam in seen or e.get("error") or not e.get("tool_calls"):
            continue
        seen.add(fam)
        files["fmt_%s.txt" % fam] = c["input"]
    for name, text in files.items():
        with open(os.path.join(a.out, name), "w", encoding="utf-8", newline="") as f:
            f.write(text)
    for name in sorted(files):
        print("%-32s %8d bytes" % (name, len(files[name].encode("utf-8"))))


if __name__ == "__main__":
    main()
