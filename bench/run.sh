#!/usr/bin/env bash
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
#
# One command for the benchmarks: builds bench_parse and bench_stream with
# -O2 -DNDEBUG, runs them (JSON results in $OUT), then prints the markdown results table with
# the ratios against the baselines and the targets.
#
# usage: bench/run.sh [extra Google Benchmark flags, e.g. --benchmark_min_time=1]
# env:   CXX (g++), OUT (build/bench), BENCH_MIN_TIME (0.5 seconds per benchmark)
set -eu -o pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
CXX="${CXX:-g++}"
out="${OUT:-$root/build/bench}"
mkdir -p "$out"
[ -f "$here/data/chat_prose.txt" ] || python3 "$here/make_data.py"
flags=(-std=c++17 -O2 -DNDEBUG -Wall -Wextra -Wpedantic -I"$root/include"
       -DTOOLCALL_BENCH_DATA_DIR="\"$here/data\"")
libs=(-lbenchmark -lpthread -lsimdjson -lre2)
echo "building with $CXX -O2 -DNDEBUG ..." >&2
"$CXX" "${flags[@]}" "$here/bench_parse.cpp" -o "$out/bench_parse" "${libs[@]}" &
"$CXX" "${flags[@]}" "$here/bench_stream.cpp" -o "$out/bench_stream" "${libs[@]}" &
wait %1 && wait %2
min_time="${BENCH_MIN_TIME:-0.5}"
for b in bench_parse bench_stream; do
  echo "running $b ..." >&2
  "$out/$b" --benchmark_min_time="$min_time" --benchmark_out="$out/$b.json" --benchmark_out_format=json "$@" \
    2> >(grep -v '^\*\*\*WARNING\*\*\* Library was built as DEBUG' >&2) | tee "$out/$b.txt" >&2
done
python3 "$here/report.py" "$out/bench_parse.json" "$out/bench_stream.json"
