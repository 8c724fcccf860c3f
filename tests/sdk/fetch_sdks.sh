#!/usr/bin/env bash
# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
#
# Installs the client SDKs that judge toolcall's streams (tests/sdk/sdk_judge.mjs) from the npm
# registry into a cache OUTSIDE the source tree, at pinned versions (the newest that run on
# Node 18/20):
#   openai 6.49.0                  chat.completions.stream, responses.stream
#   @anthropic-ai/sdk 1.14.0       messages.stream
#   ai 6.0.326 + @ai-sdk/openai-compatible 2.0.92   streamText on the chat wire
# Prints the folder whose node_modules holds them as the last line of stdout; everything else
# goes to stderr. Idempotent; installs into a temporary folder and moves it into place, so an
# interrupted run never leaves a half-written cache.
#
# Environment: TOOLCALL_CACHE (cache root, default $HOME/.cache/toolcall).
set -euo pipefail
pkgs=(openai@6.49.0 @anthropic-ai/sdk@1.14.0 ai@6.0.326 @ai-sdk/openai-compatible@2.0.92)
cache_root="${TOOLCALL_CACHE:-${HOME:-/tmp}/.cache/toolcall}"
key=$(printf '%s\n' "${pkgs[@]}" | md5sum | cut -c1-12)
dest="${cache_root}/wire-sdks-${key}"
log() { printf 'fetch_sdks: %s\n' "$*" >&2; }

if [[ -f "${dest}/node_modules/openai/package.json" && -f "${dest}/node_modules/@anthropic-ai/sdk/package.json" &&
      -f "${dest}/node_modules/ai/package.json" && -f "${dest}/node_modules/@ai-sdk/openai-compatible/package.json" ]]; then
  log "present in ${dest}"
else
  command -v npm >/dev/null 2>&1 || { log "npm not found (apt-get install nodejs npm)"; exit 1; }
  mkdir -p "${cache_root}"
  tmp="$(mktemp -d "${cache_root}/.sdks.XXXXXX")"
  trap 'rm -rf "${tmp}"' EXIT
  chmod 755 "${tmp}"
  # a package.json of its own keeps npm from walking up into some other project
  printf '{"name":"toolcall-wire-sdks","private":true}\n' >"${tmp}/package.json"
  log "npm install ${pkgs[*]}"
  npm install --prefix "${tmp}" --no-audit --no-fund --loglevel=error "${pkgs[@]}" >&2 ||
    { log "npm install failed"; exit 1; }
  rm -rf "${dest}"
  mv "${tmp}" "${dest}"
  trap - EXIT
fi
printf '%s\n' "${dest}"
