#!/usr/bin/env bash
# The whole test suite (README "Testing"): first installs what is missing (tests/install_deps.sh:
# Debian packages, through apt-get as root or with sudo), then the CMake release build + ctest
# without the unit suite, the unit suite (with the npm SDK judges) under ASan+UBSan, the threads
# test under TSan beside the meson build + its tests but the unit suite, then each fuzz target
# (every committed seed, then a short bounded run) beside the Python package's tests
# (python/run_tests.sh, when it is there).
# Ends with a summary: each step's result and wall time, the total, the failing assertions and
# sanitizer reports of a failed step (so that a log shown head and tail still shows them), and a
# "N passed, N failed" line.
#
# Environment: TOOLCALL_BUILD_DIR (default build-ci), JOBS, FUZZ_SECONDS, FUZZ_EXTRA_ARGS,
# TOOLCALL_SKIP_INSTALL=1 (do not check or install packages).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
suite_t0=$SECONDS
if [ "${TOOLCALL_SKIP_INSTALL:-0}" != 1 ]; then
  bash tests/install_deps.sh ||
    echo "warning: some packages could not be installed (see above); the steps that need them will fail"
fi
BUILD=${TOOLCALL_BUILD_DIR:-$ROOT/build-ci}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
FUZZ_SECONDS=${FUZZ_SECONDS:-240}
passed=0
failed=0
failures=()
summary=()
excerpts=$(mktemp)
trap 'rm -f "$excerpts"' EXIT

keep_excerpt() {
  # name, log file: a failed step's doctest failures, sanitizer reports and failed ctest lines
  {
    echo "--- $1"
    grep -E -A6 'ERROR: |FATAL ERROR|runtime error:|==[0-9]+==ERROR|\*\*\*(Failed|Timeout|Exception)|Segmentation' "$2" |
      head -n 80 | cut -c1-300
  } >>"$excerpts"
}

record() {
  # name, result (ok or FAILED), wall seconds
  if [ "$2" = ok ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$1")
  fi
  summary+=("$(printf '%-7s %4d min %02d s  %s' "$2" $(($3 / 60)) $(($3 % 60)) "$1")")
}

step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local t0=$SECONDS result=ok log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  [ "${PIPESTATUS[0]}" = 0 ] || result=FAILED
  local t=$((SECONDS - t0))
  echo "=== $name: $result ($t s)"
  [ "$result" = ok ] || keep_excerpt "$name" "$log"
  rm -f "$log"
  record "$name" "$result" "$t"
}

# Two steps at once: name1 command1 name2 command2 (commands are function names). Each step's
# output is kept and printed whole when both are done; each one's time is its own wall time. The
# gain is small (about 20 s over the two pairs, docs/building.md): each step keeps both cores
# busy for most of its time.
side_by_side() {
  local dir
  dir=$(mktemp -d)
  (t0=$SECONDS r=ok; "$2" >"$dir/1.log" 2>&1 || r=FAILED; echo "$r $((SECONDS - t0))" >"$dir/1.rc") &
  local p1=$!
  (t0=$SECONDS r=ok; "$4" >"$dir/2.log" 2>&1 || r=FAILED; echo "$r $((SECONDS - t0))" >"$dir/2.rc") &
  local p2=$!
  wait "$p1" "$p2"
  local i name other r t
  for i in 1 2; do
    if [ "$i" = 1 ]; then name=$1 other=$3; else name=$3 other=$1; fi
    echo
    echo "=== $name (run beside: $other)"
    cat "$dir/$i.log"
    r=FAILED t=0
    [ -f "$dir/$i.rc" ] && read -r r t <"$dir/$i.rc"
    echo "=== $name: $r ($t s)"
    [ "$r" = ok ] || keep_excerpt "$name" "$dir/$i.log"
    record "$name" "$r" "$t"
  done
  rm -rf "$dir"
}

cmake_build() {
  local dir=$1
  shift
  cmake -S "$ROOT" -B "$dir" -G Ninja "$@" && cmake --build "$dir" -j "$JOBS"
}

release() {
  # every test but the unit suite, which the sanitizer step builds and runs (in the same compiled
  # mode; the optimised library meets the corpus in toolcall_tests_cxx20, the examples, the CLI's
  # tests and the Python package)
  cmake_build "$BUILD/release" -DCMAKE_BUILD_TYPE=Release -DTOOLCALL_BUILD_UNIT_SUITE=OFF &&
    ctest --test-dir "$BUILD/release" --output-on-failure --no-tests=error -j "$JOBS"
}
sanitized() {
  # the unit suite (with the npm SDK judges), and the CLI and examples it runs, under ASan+UBSan
  # (the no-exceptions test, header-only and the slowest to build with them, runs in the release
  # and meson steps; the committed fuzz seeds run under clang's ASan+UBSan in the fuzz step,
  # whose libFuzzer runs every seed before it mutates, so their g++ replay is not built here)
  cmake -S "$ROOT" -B "$BUILD/asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS=-O1 -DTOOLCALL_CHECKED=1" \
      -DTOOLCALL_SANITIZE=ON -DTOOLCALL_EXAMPLES_COMPILED=ON &&
    cmake --build "$BUILD/asan" -j "$JOBS" --target toolcall_tests &&
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      ctest --test-dir "$BUILD/asan" --output-on-failure --no-tests=error -j "$JOBS" -R 'toolcall_tests_[12]$'
}
tsan() {
  cmake -S "$ROOT" -B "$BUILD/tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTOOLCALL_TSAN=ON \
      -DCMAKE_CXX_COMPILER=clang++ -DTOOLCALL_BUILD_EXAMPLES=OFF &&
    cmake --build "$BUILD/tsan" -j "$JOBS" --target toolcall_threads_test &&
    ctest --test-dir "$BUILD/tsan" --output-on-failure --no-tests=error -R threads
}
meson_suite() {
  # every meson test but toolcall_tests, the unit suite the CMake steps already build and run,
  # and without the README examples, which the release step builds header-only (their
  # compiled-mode builds, the CLI and its install test still run here)
  rm -rf "$BUILD/meson"
  meson setup "$BUILD/meson" --wrap-mode=nodownload -Dtests=true -Dunit_tests=false -Dexamples=false >/dev/null &&
    meson compile -C "$BUILD/meson" -j "$JOBS" && meson test -C "$BUILD/meson" --print-errorlogs
}
fuzz() {
  if [ -x fuzz/run_fuzzers.sh ] && command -v clang++ >/dev/null; then
    # A fixed seed and run count, no comparison-guided mutations (their operands hold addresses,
    # which differ between two builds of one commit) and no address randomisation (see
    # run_fuzzers.sh) make CI explore exactly what was explored before landing: the run count,
    # not FUZZ_SECONDS (a cap), ends each target. FUZZ_EXTRA_ARGS="" and a larger FUZZ_SECONDS
    # give a longer, open-ended run.
    FUZZ_JOBS=${FUZZ_JOBS:-$JOBS} FUZZ_EXTRA_ARGS=${FUZZ_EXTRA_ARGS--seed=1 -runs=4000 -use_cmp=0} \
      bash fuzz/run_fuzzers.sh "$FUZZ_SECONDS"
  else
    echo "fuzz/run_fuzzers.sh or clang++ missing"
    return 1
  fi
}

python_suite() {
  bash python/run_tests.sh
}

step "cmake release build + ctest" release
step "asan+ubsan build + ctest" sanitized
side_by_side "tsan threads test" tsan "meson build + test" meson_suite
if [ -f python/run_tests.sh ]; then
  side_by_side "fuzzers (clang libFuzzer, fixed seed and run count)" fuzz \
    "python package (python/run_tests.sh)" python_suite
else
  step "fuzzers (clang libFuzzer, fixed seed and run count)" fuzz
fi

echo
echo "=== summary (wall time per step)"
for line in "${summary[@]+"${summary[@]}"}"; do echo "$line"; done
total=$((SECONDS - suite_t0))
printf '%-7s %4d min %02d s  %s\n' total $((total / 60)) $((total % 60)) "(package check included)"
for f in "${failures[@]+"${failures[@]}"}"; do echo "failed: $f"; done
if [ -s "$excerpts" ]; then
  echo
  echo "=== what failed (excerpt of the failed steps' logs)"
  cat "$excerpts"
fi
echo "suite: $passed passed, $failed failed"
[ "$failed" = 0 ]
