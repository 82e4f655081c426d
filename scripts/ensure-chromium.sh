#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell (no tool downloads a browser of its own
# here): the browser without its windowed interface, about a third less processor time per test than
# the full browser in headless mode. The bench's Lighthouse runs the full browser, installed too.
set -euo pipefail
if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then exit 0; fi
if command -v chromium-headless-shell >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Installing Chromium from Debian's packages…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell >/dev/null
command -v chromium-headless-shell >/dev/null
