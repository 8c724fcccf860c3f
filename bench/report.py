#!/usr/bin/env python3
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Prints the markdown results table of bench/run.sh from Google Benchmark JSON files.

usage: bench/report.py build/bench/bench_parse.json build/bench/bench_stream.json
"""
import json
import os
import sys

UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load(paths):
    ctx, rows = {}, {}
    for p in paths:
        d = json.load(open(p))
        ctx = d.get("context", ctx)
        for b in d["benchmarks"]:
            if b.get("run_type", "iteration") != "iteration" or b.get("error_occurred"):
                continue
            name = b["name"].split("/iterations:")[0]
            b["cpu_ns"] = b["cpu_time"] * UNIT[b.get("time_unit", "ns")]
            b["real_ns"] = b["real_time"] * UNIT[b.get("time_unit", "ns")]
            rows[name] = b
    return ctx, rows


def mbs(b):
    return b["bytes_per_second"] / 1e6 if b and "bytes_per_second" in b else None


def fmt(x, digits=0, suffix=""):
    if x is None:
        return "n/a"
    return ("{:,.%df}" % digits).format(x) + suffix


def main():
    ctx, r = load(sys.argv[1:])
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    out = []
    w = out.append
    w("## toolcall benchmark results\n")
    w("Machine: %s, %d cores (nproc %d), %s MHz; load average at start %s. Times are CPU time per iteration."
      % (cpu, ctx.get("num_cpus", 0), os.cpu_count() or 0, ctx.get("mhz_per_cpu", "?"),
         ", ".join("%.2f" % x for x in ctx.get("load_avg", []))))
    w("")
    w("### One-shot throughput (builtin registry: auto-detection over every format)\n")
    w("| transcript | bytes | toolcall MB/s | std::regex baseline MB/s | toolcall / regex | simdjson DOM on the bodies MB/s | simdjson / toolcall |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    for t in ["chat_prose", "content_one_call", "parallel_10", "big_arg_100k", "qwen3_coder_50k", "mix"]:
        p = r.get("parse/" + t)
        if not p:
            continue
        rx = r.get("baseline_regex/" + t)
        sj = r.get("ceiling_simdjson/" + t)
        size = p["bytes_per_second"] * p["cpu_ns"] / 1e9
        ratio_rx = mbs(p) / mbs(rx) if rx else None
        ratio_sj = mbs(sj) / mbs(p) if sj and t not in ("content_one_call",) else None
        rx_cell = fmt(mbs(rx)) if rx else ("crashed (stack overflow): skipped" if t == "big_arg_100k" else "n/a")
        w("| %s | %s | %s | %s | %s | %s | %s |" % (t, fmt(size), fmt(mbs(p)), rx_cell,
                                                     fmt(ratio_rx, 1, "x"), fmt(mbs(sj)) if sj else "n/a",
                                                     fmt(ratio_sj, 2, "x")))
    w("")
    w("### Auto-detection (builtin registry) vs one known format (parser_registry::only)\n")
    w("| transcript | auto ns | only ns | auto / only |")
    w("|---|---:|---:|---:|")
    for name in sorted(k for k in r if k.startswith("detect_auto/")):
        t = name.split("/", 1)[1]
        o = r.get("detect_only/" + t)
        if not o:
            continue
        a = r[name]
        w("| %s | %s | %s | %s |" % (t, fmt(a["cpu_ns"]), fmt(o["cpu_ns"]), fmt(a["cpu_ns"] / o["cpu_ns"], 2, "x")))
    w("")
    w("### Streaming, 4-byte tokens (response: half prose, half one call writing a file)\n")
    w("| tokens | stream ns/token | prose-only ns/token | naive re-parse ns/token | naive / stream |")
    w("|---|---:|---:|---:|---:|")
    per = {}
    for k in ["1K", "4K", "16K", "64K"]:
        s = r.get("stream_4B/" + k)
        sp = r.get("stream_4B/" + k + "_prose")
        nv = r.get("naive_reparse/" + k)
        ns = s["cpu_ns"] / s["tokens"] if s else None
        per[k] = ns
        nsp = sp["cpu_ns"] / sp["tokens"] if sp else None
        nvn = nv["cpu_ns"] / nv["tokens"] if nv else None
        w("| %s | %s | %s | %s | %s |" % (k, fmt(ns, 1), fmt(nsp, 1), fmt(nvn) if nv else "not run (quadratic)",
                                         fmt(nvn / ns if nv and ns else None, 0, "x")))
    s64 = r.get("stream_64B/64K")
    if s64:
        w("\n64-byte chunks, 64K-token response: %s MB/s (%s ns per 4 bytes)."
          % (fmt(mbs(s64)), fmt(s64["cpu_ns"] / s64["tokens"], 1)))
    for k in ["64K", "64K_prose"]:
        m = r.get("stream_peak_mem/" + k)
        if m:
            w("\nPeak heap of one stream (%s tokens%s, %s KB of text): %s KB (%.2f bytes per input byte)."
              % (k.split("_")[0], ", prose only" if "prose" in k else "", fmt(65536 * 4 / 1024),
                 fmt(m["peak_heap_bytes"] / 1024), m["peak_per_input_byte"]))
    w("")
    w("### Targets\n")
    w("| target | measured | met |")
    w("|---|---|:-:|")
    def row(label, value, ok):
        w("| %s | %s | %s |" % (label, value, "yes" if ok else ("n/a" if ok is None else "**no**")))
    prose = mbs(r.get("parse/chat_prose"))
    row("one-shot >= 1 GB/s on prose", fmt(prose, 0, " MB/s"), prose is not None and prose >= 1000)
    heavy = {t: mbs(r.get("parse/" + t)) for t in ["parallel_10", "big_arg_100k", "qwen3_coder_50k"] if r.get("parse/" + t)}
    worst = min(heavy.values()) if heavy else None
    row(">= 300 MB/s on call-heavy text", ", ".join("%s %s" % (t, fmt(v, 0, " MB/s")) for t, v in heavy.items()),
        worst is not None and worst >= 300)
    worst_tok = max(v for v in per.values() if v) if any(per.values()) else None
    row("<= 100 ns per 4-byte token, 1K..64K", fmt(worst_tok, 1, " ns (worst)"), worst_tok is not None and worst_tok <= 100)
    flat = per["64K"] / per["1K"] if per.get("64K") and per.get("1K") else None
    row("flat: 64K/1K per-token ratio <= 1.3", fmt(flat, 2), flat is not None and flat <= 1.3)
    nv = r.get("naive_reparse/16K")
    sp16 = per.get("16K")
    sx = (nv["cpu_ns"] / nv["tokens"]) / sp16 if nv and sp16 else None
    row(">= 1000x faster than naive re-parse at 16K tokens", fmt(sx, 0, "x"), sx is not None and sx >= 1000)
    ratios = []
    for t in ["parallel_10", "big_arg_100k"]:
        p, sj = r.get("parse/" + t), r.get("ceiling_simdjson/" + t)
        if p and sj:
            ratios.append((t, mbs(sj) / mbs(p)))
    row("within 3x of simdjson validation on JSON-bodied calls",
        ", ".join("%s %.2fx" % (t, v) for t, v in ratios), bool(ratios) and all(v <= 3 for _, v in ratios))
    print("\n".join(out))


if __name__ == "__main__":
    main()
