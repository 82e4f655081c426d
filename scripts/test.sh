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
# Node 24's runtime and SQLite addon for the last phase (scripts/test-node24.sh) are fetched and
# compiled beside the first phases too, at low priority: 1 to 1.5 min taken off the run's end.
node24_log=$(mktemp)
nice -n 10 bash scripts/test-node24.sh --prepare >"$node24_log" 2>&1 &
node24_pid=$!
phase lint; npx biome check .
phase types; npx react-router typegen >/dev/null && npx tsc --noEmit
phase workflows; npx tsx src/workflow/cli.ts check
phase build; NODE_ENV=production npm run build >/dev/null

# Vitest, then Playwright: one after the other. Each alone keeps both cores busy (measured on
# 2026-11-27: vitest 7.7 min and 13.5 processor-minutes, Playwright 14.7 min and 28.6), so side by
# side they took no less time, and their tests, sharing the processor, ran past their time limits.
# (Vitest with three workers instead of two: 4.4 min against 4.3.) Playwright runs even when
# vitest fails, so one run reports both. Then the unit and integration suites again on Node 24
# (issue 18), which take about as long as they just did on Node 20. They run unless they would end
# this script past 25 minutes: CI's 30 also hold .ci/run's `npm install` before it (1.5 to 4 min)
# and a margin. On this machine's usual days (the whole run 11 to 13 min) they always run; on its
# slowest (up to 2.5 times slower) they may be skipped, and the run says so (`npm run test:node24`
# runs them).
phase "unit and integration (vitest)"
unit_status=0
vitest_began=$SECONDS
npx vitest run || unit_status=$?
vitest_seconds=$((SECONDS - vitest_began))
phase "end to end (playwright)"
chromium_status=0
wait "$chromium_pid" || chromium_status=$?
cat "$chromium_log"
rm -f "$chromium_log"
[ "$chromium_status" -eq 0 ]
e2e_status=0
npx playwright test || e2e_status=$?
node24_status=0
wait "$node24_pid" || node24_status=$?
cat "$node24_log"
rm -f "$node24_log"
projected=$((SECONDS + vitest_seconds * 6 / 5))
if [ "$node24_status" -ne 0 ]; then
  phase "unit and integration on Node 24: its runtime or addon could not be made (above)"
elif [ "$projected" -le 1500 ]; then
  phase "unit and integration on Node 24"
  bash scripts/test-node24.sh || node24_status=$?
else
  phase "unit and integration on Node 24 skipped: they would end the run at ${projected} s, past 1500 (npm run test:node24)"
fi
phase "done"
echo "== vitest exit ${unit_status}, playwright exit ${e2e_status}, node 24 exit ${node24_status}"
[ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ] && [ "$node24_status" -eq 0 ]
