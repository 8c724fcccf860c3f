# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""Learning a format from a model's chat template (docs/learning.md).

``learn_template(chat_template)`` renders probe conversations with jinja2 the way Hugging Face's
``apply_chat_template`` does, cuts the assistant turn out of each render by diffing it with the
render that stops at the generation prompt, and hands the turns, with what they hold, to the
C++ ``format::learn``. The result is a spec dict (the JSON file form of docs/format_spec.md):
give it to ``Parser(format_spec=...)``, or save it and use ``format_file=``.
"""

import datetime as _datetime
import json as _json
import re as _re
from typing import Any, Dict, List, Optional

from . import _core

__all__ = ["learn", "learn_template", "render_template", "probe_samples", "PROBE_TOOLS"]

PROBE_TOOLS: List[Dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather forecast for a city",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
                "required": ["city"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "set_alarm",
            "description": "Sets an alarm",
            "parameters": {
                "type": "object",
                "properties": {"time": {"type": "string"}, "options": {"type": "object"}},
                "required": ["time"],
            },
        },
    },
]

# the probes: two calls with string, number and object arguments, content before the calls and
# reasoning; then one call alone, without content or reasoning
_PROBES = [
    {
        "content": "Let me check both.",
        "reasoning": "The user wants the weather and an alarm.",
        "calls": [
            ("get_weather", {"city": "Paris", "days": 3}),
            ("set_alarm", {"time": "07:30", "options": {"repeat": "daily"}}),
        ],
    },
    {"content": "", "reasoning": "", "calls": [("get_weather", {"city": "Tokyo", "days": 5})]},
]


def learn(samples: Any) -> Dict[str, Any]:
    """``format::learn`` on rendered samples: a list of ``{"rendered", "content", "reasoning",
    "tool_calls": [{"name", "arguments"}]}`` dicts (or their JSON text). Returns the spec dict;
    raises :class:`toolcall.Error` saying what could not be inferred."""
    return _json.loads(_core._learn(samples))


def _environment() -> Any:
    try:
        import jinja2
        from jinja2.sandbox import ImmutableSandboxedEnvironment
    except ImportError as e:  # pragma: no cover - the tests need jinja2
        raise ImportError("learn_template needs jinja2 (Debian: python3-jinja2; pip: jinja2)") from e

    def raise_exception(message: str) -> None:
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x: Any, ensure_ascii: bool = False, indent: Any = None, separators: Any = None,
               sort_keys: bool = False) -> str:
        # Hugging Face's tojson: json.dumps, not jinja's HTML-safe filter
        return _json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(fmt: str) -> str:
        return _datetime.datetime.now().strftime(fmt)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.loopcontrols"])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env


def render_template(chat_template: str, messages: List[Dict[str, Any]], tools: Optional[List[Any]] = None,
                    add_generation_prompt: bool = False, **context: Any) -> str:
    """Renders a chat template as ``apply_chat_template(tokenize=False)`` does."""
    env = _environment()
    tpl = env.from_string(chat_template)
    ctx = {"bos_token": "", "eos_token": "", "pad_token": "", "unk_token": ""}
    ctx.update(context)
    return tpl.render(messages=messages, tools=tools, add_generation_prompt=add_generation_prompt, **ctx)


def _assistant(probe: Dict[str, Any], as_string: bool, named_ids: bool = False) -> Dict[str, Any]:
    calls = []
    for i, (name, args) in enumerate(probe["calls"]):
        calls.append({
            # named_ids: templates that write the id where the name goes (Kimi-K2) expect ids
            # in the `functions.NAME:INDEX` convention
            "id": ("functions.%s:%d" % (name, i)) if named_ids else "call_%d" % i,
            "type": "function",
            "function": {"name": name, "arguments": _json.dumps(args) if as_string else args},
        })
    m: Dict[str, Any] = {"role": "assistant", "content": probe["content"], "tool_calls": calls}
    if probe["reasoning"]:
        m["reasoning_content"] = probe["reasoning"]
        m["reasoning"] = probe["reasoning"]
        m["thinking"] = probe["reasoning"]
    return m


def _turn(chat_template: str, tools: List[Any], probe: Dict[str, Any], as_string: bool,
          context: Dict[str, Any], named_ids: bool = False) -> str:
    user = {"role": "user", "content": "What is the weather in Paris, and wake me at 7:30?"}
    prompt = render_template(chat_template, [user], tools, True, **context)
    bare = render_template(chat_template, [user], tools, False, **context)
    full = render_template(chat_template, [user, _assistant(probe, as_string, named_ids)], tools, False, **context)
    # what the generation prompt adds (the assistant header, maybe an opened reasoning block)
    header = prompt[len(bare):] if prompt.startswith(bare) else ""
    cut = 0
    while cut < len(bare) and cut < len(full) and bare[cut] == full[cut]:
        cut += 1
    turn = full[cut:]
    h = 0
    while h < len(header) and h < len(turn) and header[h] == turn[h]:
        h += 1
    # the header and the turn share whole tokens: `<think>` and `<function_calls>` share no `<`
    while 0 < h < len(header) and not header[h - 1].isspace() and header[h - 1] != ">":
        h -= 1
    turn = turn[h:]
    reasoning = probe["reasoning"]
    if reasoning and reasoning in turn and not turn[:turn.find(reasoning)].strip() and header[:h].split():
        # the generation prompt opened the reasoning block: give its opener back to the turn
        turn = header[:h].split()[-1] + turn[:]
    return turn


def probe_samples(chat_template: str, tools: Optional[List[Any]] = None, **context: Any) -> List[Dict[str, Any]]:
    """The probe conversations' assistant turns as learn() samples: arguments as objects, or as
    JSON strings when the template writes objects badly (or refuses them)."""
    tools = tools if tools is not None else PROBE_TOOLS
    last_error: Optional[Exception] = None
    for as_string in (False, True):
        samples = []
        try:
            for probe in _PROBES:
                turn = _turn(chat_template, tools, probe, as_string, context)
                samples.append({
                    "rendered": turn,
                    "content": probe["content"] if probe["content"] and probe["content"] in turn else "",
                    "reasoning": probe["reasoning"] if probe["reasoning"] and probe["reasoning"] in turn else "",
                    "tool_calls": [{"name": n, "arguments": a} for n, a in probe["calls"]],
                })
        except Exception as e:  # the template refused this shape of arguments
            last_error = e
            continue
        if all('"Paris"' in s["rendered"] or "Paris" in s["rendered"] for s in samples[:1]) and \
                "{'" not in samples[0]["rendered"]:
            first = samples[0]["tool_calls"][0]["name"]
            if first not in samples[0]["rendered"] and "call_0" in samples[0]["rendered"]:
                # the template writes the call id, not the name: ids that hold the name
                for s, probe in zip(samples, _PROBES):
                    s["rendered"] = _turn(chat_template, tools, probe, as_string, context, True)
            return samples
        last = samples
    if last_error is not None and "last" not in locals():
        raise _core.Error("the template renders neither argument objects nor JSON strings: %s" % last_error)
    return last  # type: ignore[possibly-undefined]


def learn_template(chat_template: str, tools: Optional[List[Any]] = None, *, name: str = "learned",
                   **context: Any) -> Dict[str, Any]:
    """Learns the format a chat template writes (docs/learning.md). ``tools``: the tools the
    probes declare and call (default: PROBE_TOOLS, whose calls the probes make); ``context``:
    extra template variables (``bos_token``, ...). Returns a spec dict for
    ``Parser(format_spec=...)``; raises :class:`toolcall.Error` saying what could not be inferred."""
    samples = probe_samples(chat_template, tools, **context)
    spec = learn(samples)
    spec["name"] = name
    _add_call_prefix_tokens(chat_template, spec)
    return spec


# a special token the template writes right before a call's name: `'<|python_tag|>' +
# tool_call.name` (Llama 3.1's built-in tools, a branch no probe reaches)
_CALL_PREFIX = _re.compile(r"""(['"])(<\|[A-Za-z0-9_]+\|>)\1\s*\+\s*[A-Za-z_]\w*"""
                           r"""(?:\.\w+|\[['"]\w+['"]\])*?(?:\.name\b|\[['"]name['"]\])""")


def _add_call_prefix_tokens(chat_template: str, spec: Dict[str, Any]) -> None:
    """A learned JSON call that stands bare at the start of the output (no opener of its own)
    may also follow a special token the template writes before a call's name: Llama 3.1 models
    write `<|python_tag|>{"name": ...}` for custom tools too, and the peers read it (docs/learning.md)."""
    if spec.get("payload") != "json_object" or spec.get("call_begin_position") != "start" or spec.get("call_end"):
        return
    triggers = spec.setdefault("triggers", [])
    have = {spec.get("call_begin")} | {t.get("open") for t in triggers}
    for m in _CALL_PREFIX.finditer(chat_template):
        token = m.group(2)
        if token not in have:
            have.add(token)
            triggers.append({"open": token, "close": "", "position": "anywhere"})
