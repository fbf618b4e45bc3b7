#!/usr/bin/env bash
# Installs Debian's Chromium for the docs-page browser test (test/docs-page.test.ts drives it
# with playwright-core at /usr/bin/chromium). Idempotent: does nothing when it is there. Needs
# root (or sudo) and Debian's package archive; CI runs it before `npm test`, and the test runs it
# itself when the browser is missing (and skips, saying why, when it cannot be installed).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else echo "install-chromium: not root and no sudo" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
test -x /usr/bin/chromium
echo "install-chromium: $(/usr/bin/chromium --version 2>/dev/null || echo installed)"
