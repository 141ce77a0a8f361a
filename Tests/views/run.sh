#!/usr/bin/env bash
# `make test-views`: the calendar views in a real terminal (tmux) and browser (headless
# Chromium), both from Debian's packages, installed here when missing. Screenshots and the
# captured terminal text are kept under .build/views/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
icalkit="${ICALKIT:-$root/.build/debug/icalkit}"
missing=""
command -v chromium >/dev/null || missing="$missing chromium"
command -v tmux >/dev/null || missing="$missing tmux"
if [ -n "$missing" ]; then
  echo "test-views: installing$missing"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq $missing >/dev/null
fi
exec python3 "$root/Tests/views/check_views.py" "$icalkit" "$root/Fixtures/views/home.ics" "$root/.build/views"
