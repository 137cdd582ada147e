#!/usr/bin/env bash
# Builds web + server into .builds/<name>/ and runs browser tests against that build, so several
# people (or agents) can run e2e at once without overwriting apps/*/dist.
#   scripts/e2e-private.sh alice ideas
set -euo pipefail
name="$1"; shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.builds/$name"
mkdir -p "$out"
(cd "$root/apps/web" && WEB_OUT_DIR="$out/web" npx vite build --logLevel error)
SERVER_OUT_DIR="$out/server" node "$root/apps/server/build.mjs"
E2E_SERVER_ENTRY="$out/server/main.js" WEB_DIST="$out/web" node "$root/apps/web/e2e/run.mjs" "$@"
