#!/usr/bin/env python3
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Builds the seed corpora fuzz/corpus/<target>/<sha1> from tests/data/corpus/public.jsonl.

Each target reads a small header before the model output (see the comment at the top of each
fuzz_*.cpp); this script writes seeds in those layouts. Files are named by the sha1 of their
bytes, so running it again is idempotent and never duplicates a seed. Reproducers saved from
fuzzing runs live in the same directories and are left alone.

With --cli (the built toolcall CLI), fuzz_accumulator also gets Responses API and Anthropic
Messages streams written by the library's own writers (`toolcall stream --sse --wire ...`) from
every 12th corpus input: as SSE, and as event JSON one per line.

usage: fuzz/make_seeds.py [--corpus tests/data/corpus/public.jsonl] [--out fuzz/corpus] [--cli PATH]
"""
import argparse
import hashlib
import json
import os
import struct
import subprocess

# parser_registry::builtin().formats() order (by priority; include/toolcall/format.hpp).
FORMATS = ["reasoning", "hermes", "qwen3_coder", "qwen_tools", "qwen_function", "named_function",
           "qwen_bracket", "openai", "llama3_json", "function_key", "pythonic", "mistral",
           "deepseek", "harmony", "fenced"]

FAMILY_FORMAT = {
    "qwen_tool_call": "hermes", "qwen3_coder_xml": "qwen3_coder", "qwen_tools_array": "qwen_tools",
    "qwen_function_tag": "qwen_function", "qwen_json_bracket": "qwen_bracket", "openai_json": "openai",
    "llama3_python_tag": "llama3_json", "llama3_raw_json": "llama3_json",
    "petals_function_key": "function_key", "pythonic": "pythonic", "mistral_v3": "mistral",
    "mistral_v11": "mistral", "deepseek_v3": "deepseek", "gpt_oss_harmony": "harmony",
    "markdown_fenced": "fenced", "reasoning": "reasoning", "plain_text": "hermes", "hard": "hermes",
}

# Custom specs for fuzz_format_spec: (payload kind, name, begin, end, name_key, args_key, pattern)
SPECS = {
    "hermes": (0, "my_hermes", "<tool_call>", "</tool_call>", "name", "arguments", ""),
    "qwen_function": (0, "my_func", "<function>", "</function>", "name", "arguments", ""),
    "qwen_tools": (1, "my_tools", "<tools>", "</tools>", "name", "arguments", ""),
    "mistral": (1, "my_mistral", "[TOOL_CALLS]", "", "name", "arguments", ""),
    "pythonic": (2, "my_py", "<|python_start|>", "<|python_end|>", "name", "arguments", ""),
    "function_key": (0, "my_fk", "{", "", "function", "parameters", ""),
    "regex": (3, "my_re", "<tool_call>", "</tool_call>", "name", "arguments",
              r'(?s)\s*\{\s*"name"\s*:\s*"(?P<name>[^"]+)"\s*,\s*"arguments"\s*:\s*(?P<args>\{.*\})\s*\}\s*'),
}
# Specs that must be rejected with errc::invalid_pattern.
BAD_SPECS = [
    (3, "bad1", "<c>", "</c>", "name", "arguments", "(?P<name>"),
    (3, "bad2", "<c>", "</c>", "name", "arguments", "(?P<args>.*)"),
    (3, "bad3", "<c>", "</c>", "name", "arguments", "(?P<name>a{1001})"),
    (3, "bad4", "<c>", "</c>", "name", "arguments", "(?P<name>\\p{Nope})"),
    (0, "", "<c>", "</c>", "name", "arguments", ""),
    (0, "noname", "", "</c>", "name", "arguments", ""),
]
EXTRA_TEXTS = [
    "<c>(?P<name>f) {\"a\": 1}</c>",
    "<call>get_weather {\"city\": \"Paris\"}</call>",
]


def lp(s, max_len):
    b = s.encode("utf-8")
    assert len(b) <= max_len and len(b) < 256, s
    return bytes([len(b)]) + b


def spec_bytes(spec, flags_extra, max_chunk, text):
    kind, name, begin, end, nk, ak, pat = spec
    head = bytes([kind | flags_extra]) + lp(name, 32) + lp(begin, 32) + lp(end, 32) + lp(nk, 16) + lp(ak, 16)
    return head + lp(pat, 255) + bytes([max_chunk - 1]) + text


def json_type(v, flip=False):
    if isinstance(v, bool):
        return "string" if flip else "boolean"
    if isinstance(v, int):
        return "string" if flip else "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "integer" if flip and v.isdigit() else "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    return "null"


def openai_chunks(case, n):
    """chat.completion.chunk JSON texts for the expected result of a corpus case."""
    e = case["expect"]
    def chunk(delta, finish=None):
        return json.dumps({"id": "chatcmpl-x", "object": "chat.completion.chunk", "created": 1, "model": "m",
                           "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    out = [chunk({"role": "assistant", "content": ""})]
    content = e.get("content") or ""
    for i in range(0, len(content), 7):
        out.append(chunk({"content": content[i:i + 7]}))
    for k, call in enumerate(e.get("tool_calls") or []):
        out.append(chunk({"tool_calls": [{"index": k, "id": "call_%d_%d" % (n, k), "type": "function",
                                          "function": {"name": call["name"], "arguments": ""}}]}))
        args = json.dumps(call["arguments"])
        for i in range(0, len(args), 6):
            out.append(chunk({"tool_calls": [{"index": k, "function": {"arguments": args[i:i + 6]}}]}))
    out.append(chunk({}, "tool_calls" if e.get("tool_calls") else "stop"))
    return out


def write(out, target, data, seen):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    h = hashlib.sha1(data).hexdigest()
    if (target, h) in seen:
        return
    seen.add((target, h))
    with open(os.path.join(d, h), "wb") as f:
        f.write(data)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.path.join(here, "..", "tests", "data", "corpus", "public.jsonl"))
    ap.add_argument("--out", default=os.path.join(here, "corpus"))
    ap.add_argument("--cli", help="the toolcall CLI, for the Responses and Anthropic seeds of fuzz_accumulator")
    a = ap.parse_args()
    seen = set()
    cases = [json.loads(l) for l in open(a.corpus, encoding="utf-8") if l.strip()]
    # the families added later: tests/data/corpus/new/*.jsonl beside the public file
    new_dir = os.path.join(os.path.dirname(a.corpus), "new")
    if os.path.isdir(new_dir):
        for name in sorted(os.listdir(new_dir)):
            if name.endswith(".jsonl"):
                cases += [json.loads(l) for l in open(os.path.join(new_dir, name), encoding="utf-8") if l.strip()]
    for n, c in enumerate(cases):
        text = c["input"].encode("utf-8")
        fmt = FAMILY_FORMAT.get(c["family"], "hermes")
        idx = FORMATS.index(fmt)
        # fuzz_parse: byte 0 picks the format (reasoning detect: bits 6-7 zero)
        write(a.out, "fuzz_parse", bytes([idx]) + text, seen)
        # fuzz_stream: builtin registry, random chunks of 1..16 bytes
        write(a.out, "fuzz_stream", bytes([0x0C, 0, 15, n & 0xFF]) + text, seen)
        # ... the family's format alone, chunks of 1..4 bytes; every 4th case with small limits
        flags = 0x02 | 0x0C | (0x40 if n % 4 == 0 else 0) | (0x20 if n % 3 == 0 else 0)
        write(a.out, "fuzz_stream", bytes([flags, idx, 3, (n * 7) & 0xFF]) + text, seen)
        # fuzz_format_spec: a custom spec matching the family where one exists
        spec = SPECS.get(fmt)
        if spec:
            write(a.out, "fuzz_format_spec", spec_bytes(spec, 0, 8, text), seen)
            write(a.out, "fuzz_format_spec", spec_bytes(spec, 4, 3, text), seen)
        if fmt == "hermes":
            write(a.out, "fuzz_format_spec", spec_bytes(SPECS["regex"], n % 2 * 4, 5, text), seen)
    for spec in BAD_SPECS:
        for t in EXTRA_TEXTS:
            write(a.out, "fuzz_format_spec", spec_bytes(spec, 0, 4, t.encode()), seen)
    call_re = (3, "call", "<call>", "</call>", "name", "arguments", r"(?P<name>\w+)\s+(?P<args>.*)")
    write(a.out, "fuzz_format_spec", spec_bytes(call_re, 0, 4, EXTRA_TEXTS[1].encode()), seen)
    # fuzz_normalizer: a tools array declaring each expected call (types from the expected
    # arguments, with some declared as other types so coercion runs), then the text
    for n, c in enumerate(cases):
        calls = c["expect"].get("tool_calls") or []
        if not calls:
            continue
        tools = []
        for k, call in enumerate(calls):
            props = {}
            for key, val in call["arguments"].items():
                props[key] = {"type": json_type(val, flip=(n + k) % 3 == 0)}
            tools.append({"type": "function", "function": {"name": call["name"], "parameters": {
                "type": "object", "properties": props, "required": list(props)[:1]}}})
        tj = json.dumps(tools).encode()
        flags = [0x0F | 0x30, 0x0F, 0x1F, 0x2F, 0x4F][n % 5]
        write(a.out, "fuzz_normalizer", bytes([flags, 7, n & 0xFF]) + struct.pack(">H", len(tj)) + tj +
              c["input"].encode("utf-8"), seen)
    # fuzz_accumulator: OpenAI chunk streams rebuilt from the expected calls, as SSE and as
    # chunk lines; and servers that stream raw markup as content (the fallback)
    for n, c in enumerate(cases):
        chunks = openai_chunks(c, n)
        sse = "".join("data: %s\n\n" % ch for ch in chunks) + "data: [DONE]\n\n"
        write(a.out, "fuzz_accumulator", bytes([0x03, 9, n & 0xFF]) + sse.encode(), seen)
        if n % 4 == 0:
            write(a.out, "fuzz_accumulator", bytes([0x02, 0, 0]) + "\n".join(chunks).encode(), seen)
        raw = [json.dumps({"choices": [{"index": 0, "delta": {"content": c["input"][i:i + 5]}}]})
               for i in range(0, len(c["input"]), 5)]
        if n % 3 == 0:
            sse = "".join("data: %s\r\n\r\n" % ch for ch in raw)
            write(a.out, "fuzz_accumulator", bytes([0x03, 3, n & 0xFF]) + sse.encode(), seen)
    # fuzz_accumulator, the typed-event wires (byte 0 bits 2-3: 1 Responses, 2 Anthropic): what
    # the writers send for a corpus input, as SSE (in pieces, with the fallback on or off, a
    # token-limit stop now and then) and as event JSON lines
    if a.cli:
        for n, c in enumerate(cases):
            if n % 12:
                continue
            for wire, bits in (("responses", 0x04), ("anthropic", 0x08)):
                args = [a.cli, "stream", "--sse", "--wire", wire, "--seed", str(n + 1), "--chunk", str(1 + n % 7)]
                if n % 36 == 0:
                    args.append("--token-limit-hit")
                if n % 24 == 0:
                    args.append("--hold-calls")
                sse = subprocess.run(args, input=c["input"].encode("utf-8"), capture_output=True, check=True).stdout
                write(a.out, "fuzz_accumulator", bytes([bits | 0x01 | (n // 12 % 2) * 2, 1 + n % 13, n & 0xFF]) + sse,
                      seen)
                if n % 48 == 0:
                    lines = [l[6:] for l in sse.split(b"\n") if l.startswith(b"data: ")]
                    write(a.out, "fuzz_accumulator", bytes([bits | 0x02, 0, 0]) + b"\n".join(lines), seen)
    counts = {}
    for t, _ in seen:
        counts[t] = counts.get(t, 0) + 1
    for t in sorted(counts):
        print(f"{t}: {counts[t]} seeds written")


if __name__ == "__main__":
    main()
