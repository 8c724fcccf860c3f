#!/bin/sh
# Runs an example built in compiled mode and compares its output with examples/<name>.expected.
# usage: run_example.sh EXE EXPECTED
set -u
out=$("$1"; rc=$?; echo x; exit $rc)
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "$1 exited with $rc" >&2
  exit 1
fi
out=${out%x}
expected=$(cat "$2"; echo x)
expected=${expected%x}
if [ "$out" != "$expected" ]; then
  printf '%s printed:\n%s\nexpected (%s):\n%s\n' "$1" "$out" "$2" "$expected" >&2
  exit 1
fi
echo "$1: output as expected"
