#!/usr/bin/env bash
# `npm test`: the whole suite, as CI runs it. Installs what the tests need (Chromium) first.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund
# Each phase says when it began (seconds since the start), so a slow CI run shows where.
phase() { echo "== $1 (at ${SECONDS} s)"; }
bash scripts/ensure-chromium.sh
phase lint; npx biome check .
phase types; npx react-router typegen >/dev/null && npx tsc --noEmit
phase workflows; npx tsx src/workflow/cli.ts check
phase build; NODE_ENV=production npm run build >/dev/null

# Vitest and Playwright run side by side: each alone kept about one of the two cores busy (both
# mostly wait on servers, browsers, databases and timers), and one after the other they took
# most of CI's 30 minutes. After Playwright, while the Node 20 suites finish, the unit suite runs
# again on Node 24 (scripts/test-node24.sh). The integration suite on Node 24 is
# `npm run test:node24`, not here: beside the Node 20 run it exhausts PostgreSQL's connections and
# starves the tests that measure time, and after it CI would take some 27 of its 30 minutes.
# Vitest's Node 20 report follows the others.
phase "unit and integration (vitest), and end to end (playwright), at the same time"
unit_log=$(mktemp)
npx vitest run >"$unit_log" 2>&1 &
unit_pid=$!
e2e_status=0
npx playwright test || e2e_status=$?
phase "unit on Node 24"
node24_status=0
bash scripts/test-node24.sh --project unit || node24_status=$?
unit_status=0
wait "$unit_pid" || unit_status=$?
phase "unit and integration on Node 20: report"
cat "$unit_log"
rm -f "$unit_log"
echo "== vitest exit ${unit_status}, playwright exit ${e2e_status}, unit on Node 24 exit ${node24_status}"
[ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ] && [ "$node24_status" -eq 0 ]
