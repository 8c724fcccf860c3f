// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
//
// The official client SDKs judge toolcall's streams. For every case of CASES.json (written by
// tests/unit/wires_test.cpp: the one-shot message toolcall parsed, and the SSE its three writers
// produced), a local HTTP server on 127.0.0.1 serves the SSE in network pieces of several sizes
// (each piece written on its own, with the socket's Nagle off and a turn of the event loop
// between pieces), and each SDK must rebuild exactly the one-shot message:
//   chat       openai's chat.completions.stream (finalChatCompletion; reasoning_content, which
//              the SDK does not accumulate, from its parsed chunks) and Vercel's AI SDK
//              (streamText with @ai-sdk/openai-compatible)
//   responses  openai's responses.stream (finalResponse)
//   anthropic  @anthropic-ai/sdk's messages.stream (finalMessage)
//
// Usage: node sdk_judge.mjs --modules DIR [--sizes 7,0] [--extra 1,61] [--every N] CASES.json
//   DIR        the folder whose node_modules holds the SDKs (tests/sdk/fetch_sdks.sh prints it)
//   --sizes    piece sizes for every case; 0 is the whole body in one write (default 7,0)
//   --extra    more piece sizes, for every Nth case (default 1,61; the time is in 1-byte pieces)
//   --every    N for --extra (default 8; 0: none)
// Prints one line per failure (at most 40) and a summary; exits 0 when every check passed,
// 1 when one failed, 2 on bad usage or a missing module.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";

function usage(message) {
  process.stderr.write(`sdk_judge: ${message}\n`);
  process.exit(2);
}

let modules = "";
let sizes = [7, 0];
let extra = [1, 61];
let every = 8;
let input = "";
const args = process.argv.slice(2);
for (let i = 0; i < args.length; ++i) {
  if (args[i] === "--modules" && i + 1 < args.length) modules = args[++i];
  else if (args[i] === "--sizes" && i + 1 < args.length) sizes = args[++i].split(",").map(Number);
  else if (args[i] === "--extra" && i + 1 < args.length) extra = args[++i].split(",").map(Number);
  else if (args[i] === "--every" && i + 1 < args.length) every = Number(args[++i]);
  else input = args[i];
}
if (!modules || !input) usage("usage: node sdk_judge.mjs --modules DIR CASES.json");

const require = createRequire(path.join(modules, "package.json"));
let OpenAI, Anthropic, ai, compat;
try {
  OpenAI = require("openai").OpenAI;
  Anthropic = require("@anthropic-ai/sdk").Anthropic;
  ai = require("ai");
  compat = require("@ai-sdk/openai-compatible");
} catch (e) {
  usage(`cannot load the SDKs from ${modules}: ${e.message}`);
}
const versions = ["openai", "@anthropic-ai/sdk", "ai", "@ai-sdk/openai-compatible"]
  .map((p) => `${p} ${JSON.parse(readFileSync(path.join(modules, "node_modules", p, "package.json"))).version}`)
  .join(", ");

const cases = JSON.parse(readFileSync(input, "utf8")).cases;

// --- the server: /c/<case>/<size>/<wire>/... serves that case's SSE for that wire
const server = http.createServer(async (req, res) => {
  req.resume();
  const m = /^\/c\/(\d+)\/(\d+)\/(chat|responses|anthropic)\//.exec(req.url);
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  const body = Buffer.from(cases[Number(m[1])].sse[m[3]], "utf8");
  const size = Number(m[2]) || body.length;
  req.socket.setNoDelay(true);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (let p = 0; p < body.length; p += size) {
    res.write(body.subarray(p, p + size));
    if (size < body.length) await new Promise((r) => setImmediate(r));
  }
  res.end();
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const port = server.address().port;
const base = (i, size, wire) => `http://127.0.0.1:${port}/c/${i}/${size}/${wire}`;

// --- what each SDK rebuilt, as {content, reasoning, has_reasoning?, calls: [{id, name, input}], finish}
async function viaChat(i, size) {
  const client = new OpenAI({ baseURL: base(i, size, "chat"), apiKey: "x", maxRetries: 0 });
  const stream = client.chat.completions.stream({ model: "m", messages: [{ role: "user", content: "x" }] });
  let reasoning = "";
  let hasReasoning = false;
  stream.on("chunk", (ch) => {
    const d = ch.choices?.[0]?.delta;
    if (d && typeof d.reasoning_content === "string") {
      hasReasoning = true;
      reasoning += d.reasoning_content;
    }
  });
  const done = await stream.finalChatCompletion();
  const msg = done.choices[0].message;
  return {
    content: msg.content ?? "",
    reasoning,
    has_reasoning: hasReasoning,
    calls: (msg.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
    finish: done.choices[0].finish_reason,
  };
}

async function viaResponses(i, size) {
  const client = new OpenAI({ baseURL: base(i, size, "responses"), apiKey: "x", maxRetries: 0 });
  const stream = client.responses.stream({ model: "m", input: "x" });
  const r = await stream.finalResponse();
  let content = "";
  let reasoning = "";
  let hasReasoning = false;
  const calls = [];
  for (const item of r.output) {
    if (item.type === "message") {
      for (const p of item.content) if (p.type === "output_text") content += p.text;
    } else if (item.type === "reasoning") {
      hasReasoning = true;
      for (const p of item.content ?? []) if (p.type === "reasoning_text") reasoning += p.text;
    } else if (item.type === "function_call" && item.status !== "incomplete") {
      calls.push({ id: item.call_id, name: item.name, arguments: item.arguments });
    }
  }
  if (r.output_text !== content) throw new Error(`output_text ${JSON.stringify(r.output_text)} is not the items' text`);
  const finish = r.status === "incomplete" ? "length" : calls.length ? "tool_calls" : "stop";
  return { content, reasoning, has_reasoning: hasReasoning, calls, finish };
}

async function viaAnthropic(i, size) {
  const client = new Anthropic({ baseURL: base(i, size, "anthropic"), apiKey: "x", maxRetries: 0 });
  const stream = client.messages.stream({ model: "m", max_tokens: 1024, messages: [{ role: "user", content: "x" }] });
  const msg = await stream.finalMessage();
  let content = "";
  let reasoning = "";
  let hasReasoning = false;
  const calls = [];
  for (const b of msg.content) {
    if (b.type === "text") content += b.text;
    else if (b.type === "thinking") {
      hasReasoning = true;
      reasoning += b.thinking;
    } else if (b.type === "tool_use") calls.push({ id: b.id, name: b.name, input: b.input });
  }
  const finish = { max_tokens: "length", tool_use: "tool_calls", end_turn: "stop" }[msg.stop_reason] ?? msg.stop_reason;
  return { content, reasoning, has_reasoning: hasReasoning, calls, finish };
}

async function viaVercel(i, size, want) {
  const provider = compat.createOpenAICompatible({ name: "toolcall", baseURL: base(i, size, "chat"), apiKey: "x" });
  const tools = {};
  for (const c of want.calls) tools[c.name] = ai.tool({ inputSchema: ai.jsonSchema({ type: "object" }) });
  const errors = [];
  const result = ai.streamText({
    model: provider.chatModel("m"),
    prompt: "x",
    tools,
    maxRetries: 0,
    onError: ({ error }) => errors.push(error),
  });
  const [text, reasoningText, toolCalls, finishReason] = await Promise.all([
    result.text,
    result.reasoningText,
    result.toolCalls,
    result.finishReason,
  ]);
  if (errors.length) throw errors[0];
  const finish = { "tool-calls": "tool_calls", stop: "stop", length: "length" }[finishReason] ?? finishReason;
  return {
    content: text,
    reasoning: reasoningText ?? "",
    calls: toolCalls.map((c) => ({ id: c.toolCallId, name: c.toolName, input: c.input })),
    finish,
  };
}

/// "" when `got` is the one-shot message `want`; `anthropic` compares the toolu_ ids.
function diff(want, got, anthropic) {
  const errs = [];
  if (got.content !== want.content) errs.push(`content ${JSON.stringify(got.content)} want ${JSON.stringify(want.content)}`);
  if (got.reasoning !== want.reasoning) errs.push(`reasoning ${JSON.stringify(got.reasoning)} want ${JSON.stringify(want.reasoning)}`);
  if ("has_reasoning" in got && got.has_reasoning !== want.has_reasoning) errs.push(`has_reasoning ${got.has_reasoning}`);
  if (got.calls.length !== want.calls.length) {
    errs.push(`${got.calls.length} calls, want ${want.calls.length}`);
  } else {
    want.calls.forEach((w, k) => {
      const g = got.calls[k];
      const id = anthropic ? w.anthropic_id : w.id;
      if (g.id !== id) errs.push(`call ${k} id ${g.id} want ${id}`);
      if (g.name !== w.name) errs.push(`call ${k} name ${g.name} want ${w.name}`);
      if ("arguments" in g) {
        if (g.arguments !== w.arguments) errs.push(`call ${k} arguments ${g.arguments} want ${w.arguments}`);
      } else if (!isDeepStrictEqual(g.input, JSON.parse(w.arguments))) {
        errs.push(`call ${k} input ${JSON.stringify(g.input)} want ${w.arguments}`);
      }
    });
  }
  if (got.finish !== want.finish) errs.push(`finish ${got.finish} want ${want.finish}`);
  return errs.join("; ");
}

const judges = [
  ["openai chat.completions.stream", viaChat, false],
  ["openai responses.stream", viaResponses, false],
  ["anthropic messages.stream", viaAnthropic, true],
  ["ai streamText (openai-compatible)", viaVercel, false],
];

let ok = 0;
let failed = 0;
const failures = [];
const jobs = [];
cases.forEach((c, i) => {
  const mine = every > 0 && i % every === 0 ? [...sizes, ...extra] : sizes;
  for (const size of mine) for (const j of judges) jobs.push([c, i, size, j]);
});
async function worker() {
  while (jobs.length) {
    const [c, i, size, [name, fn, anthropic]] = jobs.shift();
    let err;
    try {
      err = diff(c.want, await fn(i, size, c.want), anthropic);
    } catch (e) {
      err = `threw ${e?.message ?? e}`;
    }
    if (err) {
      ++failed;
      if (failures.length < 40) failures.push(`FAIL ${name} ${c.id} pieces ${size || "whole"}: ${err}`);
    } else {
      ++ok;
    }
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
server.close();
for (const f of failures) console.log(f);
console.log(`sdk_judge: ${versions}`);
const names = (v) => v.map((s) => s || "whole").join(", ");
console.log(`sdk_judge: cases: ${cases.length}, pieces of ${names(sizes)} bytes, and ${names(extra)} for every ${every}th case`);
console.log(`sdk_judge: checks ${ok} ok, ${failed} failed`);
process.exit(failed ? 1 : 0);
