#!/usr/bin/env bash
# `make test-mcp`: drives `icalkit mcp` with the `mcp` client package from PyPI (pinned), in a
# virtual environment made here at .venv-mcp. Skips with a message only when PyPI cannot be reached.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.venv-mcp"
icalkit="${ICALKIT:-$root/.build/debug/icalkit}"
pin="mcp==2.3.0"
if ! [ -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import mcp' 2>/dev/null \
   || [ "$(cat "$venv/.pin" 2>/dev/null)" != "$pin" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  if ! "$venv/bin/pip" install -q --disable-pip-version-check "$pin" >"$root/.build/mcp-pip.log" 2>&1; then
    if grep -qiE "connection|resolve|network|timed out|No matching distribution" "$root/.build/mcp-pip.log"; then
      echo "test-mcp: PyPI unreachable, the mcp client could not be installed: skipped"
      exit 0
    fi
    cat "$root/.build/mcp-pip.log" >&2
    exit 1
  fi
  echo "$pin" > "$venv/.pin"
fi
exec "$venv/bin/python" "$root/Tests/mcp/test_mcp_server.py" "$icalkit" "$root/Fixtures/mcp"
