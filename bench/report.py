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
    for t in ["chat_prose", "content_one_call", "parallel_10", "big_arg_100k", "gen_file_256k", "qwen3_coder_50k", "mix"]:
        p = r.get("parse/" + t)
        if not p:
            continue
        rx = r.get("baseline_regex/" + t)
        sj = r.get("ceiling_simdjson/" + t)
        size = p["bytes_per_second"] * p["cpu_ns"] / 1e9
        ratio_rx = mbs(p) / mbs(rx) if rx else None
        ratio_sj = mbs(sj) / mbs(p) if sj and t not in ("content_one_call",) else None
        rx_cell = fmt(mbs(rx)) if rx else ("crashed (stack overflow): skipped" if t in ("big_arg_100k", "gen_file_256k") else "n/a")
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
    g = r.get("stream_4B/gen_file_256k")
    gn = r.get("naive_reparse/gen_file_256k")
    if g:
        gt = g["cpu_ns"] / g["tokens"]
        w("\nGenerated-file response (one call writing 256 KB, %s tokens): %s ns/token streamed; naive re-parse %s ns/token (%s)."
          % (fmt(g["tokens"]), fmt(gt, 1), fmt(gn["cpu_ns"] / gn["tokens"]) if gn else "not run",
             fmt((gn["cpu_ns"] / gn["tokens"]) / gt, 0, "x slower") if gn else "n/a"))
    s64 = r.get("stream_64B/64K")
    if s64:
        w("\n64-byte chunks, 64K-token response: %s MB/s (%s ns per 4 bytes)."
          % (fmt(mbs(s64)), fmt(s64["cpu_ns"] / s64["tokens"], 1)))
    rec = [(k, r.get("stream_4B_recycle/" + k)) for k in ("1K", "64K", "gen_file_256k")]
    r64 = r.get("stream_64B_recycle/64K")
    if any(x for _, x in rec) or r64:
        parts = ["%s %s ns/token" % (k, fmt(x["cpu_ns"] / x["tokens"], 1)) for k, x in rec if x]
        if r64:
            parts.append("64-byte chunks %s MB/s" % fmt(mbs(r64)))
        w("\nEach message given back with `recycle()` (4-byte tokens unless said): " + "; ".join(parts) + ".")
    w("\n| response | bytes | peak heap, 4-byte writes | the same, events_only | one write | one write, events_only |")
    w("|---|---:|---:|---:|---:|---:|")
    kb = lambda x: fmt(x["peak_heap_bytes"] / 1024, 0, " KB") if x else "n/a"
    for k in ["64K", "64K_prose", "gen_file_256k"]:
        cols = [r.get(p + k) for p in ("stream_peak_mem/", "stream_peak_mem_events_only/", "oneshot_peak_mem/",
                                        "oneshot_peak_mem_events_only/")]
        if any(cols):
            size = next((int(round(c["peak_heap_bytes"] / c["peak_per_input_byte"])) for c in cols
                         if c and c.get("peak_per_input_byte")), None)
            w("| %s | %s | %s |" % (k, fmt(size) if size else "n/a", " | ".join(kb(c) for c in cols)))
    w("")
    w("### Targets\n")
    w("| target | measured | met |")
    w("|---|---|:-:|")
    def row(label, value, ok):
        w("| %s | %s | %s |" % (label, value, "yes" if ok else ("n/a" if ok is None else "**no**")))
    # the argument-path targets
    per_all = [v for v in per.values() if v]
    gtok = (r["stream_4B/gen_file_256k"]["cpu_ns"] / r["stream_4B/gen_file_256k"]["tokens"]) if r.get("stream_4B/gen_file_256k") else None
    halfp = [r["stream_4B/" + k]["cpu_ns"] / r["stream_4B/" + k]["tokens"] for k in ["1K", "4K", "16K", "64K"] if r.get("stream_4B/" + k)]
    worst_tok = max(halfp + ([gtok] if gtok else [])) if halfp else None
    row("streaming <= 25 ns per 4-byte token (half-prose 1K..64K and the 256 KB file)",
        "worst %s; file %s" % (fmt(worst_tok, 1, " ns"), fmt(gtok, 1, " ns")), worst_tok is not None and worst_tok <= 25)
    flat = per["64K"] / per["1K"] if per.get("64K") and per.get("1K") else None
    row("flat: 64K/1K per-token ratio <= 1.2", fmt(flat, 2), flat is not None and flat <= 1.2)
    big = {t: mbs(r.get("parse/" + t)) for t in ["big_arg_100k", "gen_file_256k"] if r.get("parse/" + t)}
    row("one-shot >= 1.5 GB/s on a large string argument",
        ", ".join("%s %s" % (t, fmt(v, 0, " MB/s")) for t, v in big.items()), bool(big) and min(big.values()) >= 1500)
    par = mbs(r.get("parse/parallel_10"))
    sjp = mbs(r.get("ceiling_simdjson/parallel_10"))
    row(">= 700 MB/s on 10 parallel small calls (simdjson DOM %s)" % fmt(sjp, 0, " MB/s"), fmt(par, 0, " MB/s"),
        par is not None and par >= 700)
    prose = mbs(r.get("parse/chat_prose"))
    row(">= 5 GB/s on prose with no marker", fmt(prose, 0, " MB/s"), prose is not None and prose >= 5000)
    for k in ["16K", "64K"]:
        nv = r.get("naive_reparse/" + k)
        spk = per.get(k)
        sx = (nv["cpu_ns"] / nv["tokens"]) / spk if nv and spk else None
        row("naive re-parse at %s tokens, times slower than streaming" % k, fmt(sx, 0, "x"), None if sx is None else True)
    print("\n".join(out))


if __name__ == "__main__":
    main()
