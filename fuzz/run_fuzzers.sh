#!/usr/bin/env bash
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
#
# Builds each fuzz target with clang++ -fsanitize=fuzzer,address,undefined and runs it for a
# bounded time with the dictionary and the seed corpus. Exits non-zero if any target
# crashes, leaks, times out on an input, or violates an invariant (the targets abort()).
#
# usage: fuzz/run_fuzzers.sh [SECONDS_PER_TARGET (default 20)] [TARGET...]
# env:   CXX (clang++), BUILD_DIR (build/fuzz), FUZZ_JOBS (targets run at once, default 1),
#        FUZZ_EXTRA_ARGS (more libFuzzer flags)
# New inputs go to $BUILD_DIR/corpus/<target> (the committed seeds stay untouched); crash
# reproducers to $BUILD_DIR/artifacts/<target>-crash-<sha1>: copy one to fuzz/corpus/<target>/
# once the bug is fixed, so the replay test keeps it fixed.
set -u -o pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
seconds="${1:-20}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  targets=()
  for f in "$here"/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
CXX="${CXX:-clang++}"
build="${BUILD_DIR:-$root/build/fuzz}"
jobs="${FUZZ_JOBS:-1}"
mkdir -p "$build/artifacts" "$build/corpus" "$build/logs"

# The library is compiled once (compiled mode, src/toolcall.cpp) with coverage instrumentation
# and the sanitizers, and linked into every target.
common=(-std=c++17 -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=all -DTOOLCALL_FUZZING=1
        -DTOOLCALL_HEADER_ONLY=0 -I"$root/include")
flags=("${common[@]}" -fsanitize=fuzzer,address,undefined)
status=0
built=()
lib="$build/toolcall_compiled.o"
# The library and every target's own TU compile side by side (FUZZ_JOBS at a time), then link.
compile_one() {
  local src=$1 obj=$2 log=$3
  shift 3
  rm -f "$obj" "$obj.rc"
  "$CXX" "$@" -c "$src" -o "$obj" 2>"$log"
  echo $? >"$obj.rc"
}
compiled_ok() { [ "$(cat "$1.rc" 2>/dev/null)" = 0 ]; }
compile_one "$root/src/toolcall.cpp" "$lib" "$build/logs/toolcall_compiled.build.log" \
  "${common[@]}" -fsanitize=fuzzer-no-link,address,undefined &
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  compile_one "$here/$t.cpp" "$build/$t.o" "$build/logs/$t.build.log" "${flags[@]}" &
done
wait
if ! compiled_ok "$lib"; then
  echo "BUILD FAILED: src/toolcall.cpp (see $build/logs/toolcall_compiled.build.log)"
  cat "$build/logs/toolcall_compiled.build.log" >&2
  exit 1
fi
for t in "${targets[@]}"; do
  if ! compiled_ok "$build/$t.o" ||
      ! "$CXX" "${flags[@]}" "$build/$t.o" "$lib" -o "$build/$t" -lsimdjson -lre2 2>>"$build/logs/$t.build.log"; then
    echo "BUILD FAILED: $t (see $build/logs/$t.build.log)"
    cat "$build/logs/$t.build.log" >&2
    status=1
    continue
  fi
  built+=("$t")
done

# Without address randomisation a run with a fixed -seed and -runs explores the same inputs on
# every machine (libFuzzer's comparison tracing records pointer values, which ASLR changes).
norand=()
setarch "$(uname -m)" -R true 2>/dev/null && norand=(setarch "$(uname -m)" -R)

run_one() {
  local t="$1"
  mkdir -p "$build/corpus/$t"
  local seeds=()
  [ -d "$here/corpus/$t" ] && seeds=("$here/corpus/$t")
  local dict=()
  [ -f "$here/$t.dict" ] && dict=(-dict="$here/$t.dict") || dict=(-dict="$here/toolcall.dict")
  # shellcheck disable=SC2086
  "${norand[@]}" "$build/$t" "$build/corpus/$t" "${seeds[@]}" "${dict[@]}" -max_total_time="$seconds" -max_len=65536 \
    -timeout=30 -rss_limit_mb=2560 -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" \
    ${FUZZ_EXTRA_ARGS:-} >"$build/logs/$t.log" 2>&1
  local rc=$?
  local stats
  stats="$(grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added)' "$build/logs/$t.log" | tr '\n' ' ')"
  if [ $rc -eq 0 ]; then
    echo "ok   $t (at most ${seconds}s) $stats"
  else
    echo "FAIL $t (exit $rc): see $build/logs/$t.log"
    grep -v 'NEW_FUNC' "$build/logs/$t.log" |
      grep -E 'ERROR|invariant violated|  detail \(|SUMMARY|Test unit written|Base64' | head -12
    # the input itself, so a failure on a machine whose files are gone can be replayed
    for a in "$build/artifacts/$t-"*; do
      [ -f "$a" ] && [ "$(stat -c %s "$a")" -le 8192 ] && echo "input $(basename "$a") (base64): $(base64 -w0 "$a")"
    done
  fi
  return $rc
}

pids=()
names=()
for t in "${built[@]}"; do
  run_one "$t" &
  pids+=($!)
  names+=("$t")
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
done
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || status=1
done
[ $status -eq 0 ] && echo "all fuzz targets passed" || echo "some fuzz targets failed"
exit $status
