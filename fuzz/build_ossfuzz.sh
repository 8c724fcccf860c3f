#!/usr/bin/env bash
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
#
# The in-repo OSS-Fuzz entry point (the layout simdjson and glaze use): the
# project's build.sh in oss-fuzz only calls this script. It uses $CXX, $CXXFLAGS and
# $LIB_FUZZING_ENGINE from the environment and writes, for each target, $OUT/<target>,
# $OUT/<target>_seed_corpus.zip and $OUT/<target>.dict. simdjson and RE2 come from the image
# (apt-get install libsimdjson-dev libre2-dev in the Dockerfile); set TOOLCALL_LIBS to link
# other builds of them.
set -eu -o pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
: "${CXX:?}" "${OUT:?}" "${LIB_FUZZING_ENGINE:?}"
CXXFLAGS="${CXXFLAGS:-}"
libs="${TOOLCALL_LIBS:--lsimdjson -lre2}"
mkdir -p "$OUT"
for src in "$here"/fuzz_*.cpp; do
  t="$(basename "$src" .cpp)"
  # shellcheck disable=SC2086
  if ! $CXX $CXXFLAGS -std=c++17 -I"$root/include" -c "$src" -o "$OUT/$t.o" 2>"$OUT/$t.build.log"; then
    if grep -q "fatal error: .*toolcall/.*: No such file" "$OUT/$t.build.log"; then
      echo "skip $t: a library header it needs is not there yet"
      rm -f "$OUT/$t.build.log"
      continue
    fi
    cat "$OUT/$t.build.log" >&2
    exit 1
  fi
  rm -f "$OUT/$t.build.log"
  # shellcheck disable=SC2086
  $CXX $CXXFLAGS "$OUT/$t.o" -o "$OUT/$t" $LIB_FUZZING_ENGINE $libs
  rm -f "$OUT/$t.o"
  if [ -d "$here/corpus/$t" ]; then
    rm -f "$OUT/${t}_seed_corpus.zip"
    (cd "$here/corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
  fi
  cp "$here/toolcall.dict" "$OUT/$t.dict"
  echo "built $OUT/$t"
done
