#!/usr/bin/env bash
# `npm test`: the whole suite, as CI runs it. Installs what the tests need (Chromium) first.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund
bash scripts/ensure-chromium.sh
echo "== lint"; npx biome check .
echo "== types"; npx react-router typegen >/dev/null && npx tsc --noEmit
echo "== workflows"; npx tsx src/workflow/cli.ts check
echo "== build"; NODE_ENV=production npm run build >/dev/null
echo "== unit and integration"; npx vitest run
echo "== end to end"; npx playwright test
