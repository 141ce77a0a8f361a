#!/usr/bin/env bash
# `make test-completions`: the generated bash, zsh and fish completion scripts typed into real
# interactive shells in tmux (Debian's packages, installed here when missing; skipped with a
# message only when they cannot be installed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
icalkit="${ICALKIT:-$root/.build/debug/icalkit}"
missing=""
for tool in tmux zsh fish; do command -v "$tool" >/dev/null || missing="$missing $tool"; done
if [ -n "$missing" ]; then
  echo "test-completions: installing$missing"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq &&
         $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq $missing >/dev/null; }; then
    echo "test-completions: could not install$missing (apt-get failed): skipped"
    exit 0
  fi
fi
exec python3 "$root/Tests/completions/check_completions.py" "$icalkit"
