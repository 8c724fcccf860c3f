#!/usr/bin/env python3
"""Judges `toolcall parse --jsonl` output against the corpus rules (tests/data/corpus/README.md).
usage: judge.py CORPUS.jsonl OUTPUT.jsonl  -> prints failures and a per-family table."""
import json, sys

def norm(x):
    if isinstance(x, bool) or x is None: return x
    if isinstance(x, (int, float)): return float(x)
    if isinstance(x, list): return [norm(v) for v in x]
    if isinstance(x, dict): return {k: norm(v) for k, v in x.items()}
    return x

def judge(case, out):
    exp = case["expect"]; msg = out["message"]; errs = []
    calls = msg.get("tool_calls") or []
    want = exp.get("tool_calls", [])
    if len(calls) != len(want):
        errs.append(f"calls {len(calls)} != {len(want)}")
    else:
        for c, w in zip(calls, want):
            if c["function"]["name"] != w["name"]: errs.append(f"name {c['function']['name']} != {w['name']}")
            try: a = json.loads(c["function"]["arguments"])
            except Exception as e: errs.append(f"arguments not JSON: {e}"); continue
            if norm(a) != norm(w["arguments"]): errs.append(f"args {a} != {w['arguments']}")
    content = (msg.get("content") or "").strip()
    if "content" in exp and content != exp["content"].strip(): errs.append(f"content {content!r} != {exp['content']!r}")
    if "reasoning" in exp and (msg.get("reasoning_content") or "").strip() != exp["reasoning"].strip():
        errs.append(f"reasoning {msg.get('reasoning_content')!r} != {exp['reasoning']!r}")
    if exp.get("error"):
        if not out.get("diagnostics"): errs.append("no diagnostic")
        if exp.get("content_contains") and exp["content_contains"] not in (msg.get("content") or ""):
            errs.append(f"content lacks {exp['content_contains']!r}: {msg.get('content')!r}")
    return errs

cases = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
outs = {}
for l in open(sys.argv[2]):
    o = json.loads(l); outs[o["id"]] = o
fam = {}; bad = 0
for c in cases:
    e = judge(c, outs[c["id"]]) if c["id"] in outs else ["missing"]
    f = fam.setdefault(c["family"], [0, 0]); f[1] += 1
    if e: bad += 1; print(c["id"], "|", "; ".join(e))
    else: f[0] += 1
for k, (p, t) in fam.items(): print(f"{k:22s} {p}/{t}")
print(f"{len(cases)-bad} passed, {bad} failed")
sys.exit(1 if bad else 0)
