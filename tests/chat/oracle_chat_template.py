#!/usr/bin/python3
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: toolcall authors
# SPDX-License-Identifier: MIT
#
# Chat-template oracle: renders conversations with the real Jinja chat_template from a
# tokenizer_config.json, set up the way Hugging Face transformers does it in
# apply_chat_template (transformers/utils/chat_template_utils.py, _compile_jinja_template):
#   ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
#                                 extensions=[jinja2.ext.loopcontrols])
#   filters["tojson"]   = json.dumps(x, ensure_ascii=False, indent=..., separators=..., sort_keys=...)
#   globals["raise_exception"] raises TemplateError; globals["strftime_now"] = datetime.now().strftime
#   render(messages=..., tools=... or None, documents=None, add_generation_prompt=...,
#          **special tokens of the config, **extra kwargs such as enable_thinking)
# (HF's AssistantTracker extension only serves {% generation %} blocks, which Qwen3's template
# does not use.)
#
# Usage: /usr/bin/python3 oracle_chat_template.py TOKENIZER_CONFIG_JSON CASES_JSON
#   CASES_JSON: a JSON array of objects
#     {"messages": "<JSON text>", "tools": "<JSON text>" or "", "add_generation_prompt": bool,
#      "enable_thinking": true|false (optional; absent = not passed)}
#   messages/tools are JSON *texts*, decoded here with json.loads, exactly what the C++
#   renderer receives.
# Output (stdout): a JSON array (ASCII-escaped), one entry per case: {"prompt": "..."} or
# {"error": "..."}.
import datetime
import json
import sys

import jinja2
import jinja2.ext
from jinja2.exceptions import TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment


def compile_template(source):
    def raise_exception(message):
        raise TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators,
                          sort_keys=sort_keys)

    def strftime_now(fmt):
        return datetime.datetime.now().strftime(fmt)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=[jinja2.ext.loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env.from_string(source)


def special_tokens(config):
    out = {}
    for key in ("bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token",
                "mask_token"):
        value = config.get(key)
        if isinstance(value, dict):
            value = value.get("content")
        if value is not None:
            out[key] = value
    return out


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: oracle_chat_template.py TOKENIZER_CONFIG_JSON CASES_JSON\n")
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        config = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        cases = json.load(f)
    template = compile_template(config["chat_template"])
    tokens = special_tokens(config)
    results = []
    for case in cases:
        try:
            messages = json.loads(case["messages"])
            tools_text = case.get("tools") or ""
            tools = json.loads(tools_text) if tools_text.strip() else None
            kwargs = dict(tokens)
            if "enable_thinking" in case:
                kwargs["enable_thinking"] = case["enable_thinking"]
            prompt = template.render(messages=messages, tools=tools, documents=None,
                                     add_generation_prompt=bool(case.get("add_generation_prompt")),
                                     **kwargs)
            results.append({"prompt": prompt})
        except Exception as e:  # reported per case; the C++ test decides what it means
            results.append({"error": "%s: %s" % (type(e).__name__, e)})
    sys.stdout.write(json.dumps(results, ensure_ascii=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
