#!/bin/sh
# `meson install` of a build tree puts a working `toolcall` command in bindir, next to the
# headers and pkg-config. Run by `meson test` (tests/meson.build).
# usage: meson_install_cli.sh BUILD_DIR STAGE VERSION PREFIX BINDIR
set -eu
build=$1 stage=$2 version=$3 prefix=$4 bindir=$5
rm -rf "$stage"
meson install -C "$build" --destdir "$stage" --no-rebuild --quiet
case $bindir in
  /*) exe=$stage$bindir/toolcall ;;
  *) exe=$stage$prefix/$bindir/toolcall ;;
esac
[ -x "$exe" ] || { echo "toolcall was not installed at $exe" >&2; exit 1; }
find "$stage" -path '*/include/toolcall/toolcall.hpp' | grep -q . || { echo "headers not installed" >&2; exit 1; }
find "$stage" -name toolcall.pc | grep -q . || { echo "toolcall.pc not installed" >&2; exit 1; }
# compiled mode: the static library and its pkg-config file
find "$stage" -name libtoolcall_compiled.a | grep -q . || { echo "libtoolcall_compiled.a not installed" >&2; exit 1; }
pc=$(find "$stage" -name toolcall-compiled.pc | head -n 1)
[ -n "$pc" ] || { echo "toolcall-compiled.pc not installed" >&2; exit 1; }
grep -q 'TOOLCALL_HEADER_ONLY=0' "$pc" || { echo "toolcall-compiled.pc lacks -DTOOLCALL_HEADER_ONLY=0" >&2; exit 1; }
grep -q -- '-ltoolcall_compiled' "$pc" || { echo "toolcall-compiled.pc lacks -ltoolcall_compiled" >&2; exit 1; }
# relocatable pkg-config files: under --destdir the prefix is where the files are, not $prefix
if command -v pkg-config >/dev/null 2>&1; then
  for name in toolcall toolcall-compiled; do
    pcdir=$(dirname "$(find "$stage" -name "$name.pc" | head -n 1)")
    inc=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=includedir "$name")
    [ -f "$inc/toolcall/toolcall.hpp" ] ||
      { echo "$name.pc gives includedir '$inc', which is not the installed headers" >&2; exit 1; }
  done
fi
got=$("$exe" --version)
[ "$got" = "toolcall $version" ] || { echo "toolcall --version printed '$got'" >&2; exit 1; }
out=$(printf '%s' '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>' | "$exe" parse --seed 1)
case $out in
  *'"name":"get_weather"'*) echo "installed: $exe" ;;
  *) echo "the installed toolcall parse printed: $out" >&2; exit 1 ;;
esac
