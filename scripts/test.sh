#!/usr/bin/env bash
# `npm test`: the whole suite, as CI runs it, installing what the tests need (Chromium) on the way.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund
# Each phase says when it began (seconds since the start), so a slow CI run shows where.
phase() { echo "== $1 (at ${SECONDS} s)"; }
# Chromium installs (when it must) while the checks and the build run; Playwright waits for it.
chromium_log=$(mktemp)
bash scripts/ensure-chromium.sh >"$chromium_log" 2>&1 &
chromium_pid=$!
phase lint; npx biome check .
phase types; npx react-router typegen >/dev/null && npx tsc --noEmit
phase workflows; npx tsx src/workflow/cli.ts check
phase build; NODE_ENV=production npm run build >/dev/null

# Vitest, then Playwright: one after the other. Each alone keeps both cores busy (measured on
# 2026-11-27: vitest 7.7 min and 13.5 processor-minutes, Playwright 14.7 min and 28.6), so side by
# side they took no less time, and their tests, sharing the processor, ran past their time limits.
# Playwright runs even when vitest fails, so one run reports both. The unit and integration suites
# on Node 24 are `npm run test:node24` (scripts/test-node24.sh), not here: with its download and the
# SQLite addon's compile it would add some 4 minutes, and CI took 25.6 of its 30 on a slow day.
phase "unit and integration (vitest)"
unit_status=0
npx vitest run || unit_status=$?
phase "end to end (playwright)"
chromium_status=0
wait "$chromium_pid" || chromium_status=$?
cat "$chromium_log"
rm -f "$chromium_log"
[ "$chromium_status" -eq 0 ]
e2e_status=0
npx playwright test || e2e_status=$?
phase "done"
echo "== vitest exit ${unit_status}, playwright exit ${e2e_status}"
[ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
