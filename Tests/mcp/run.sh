#!/usr/bin/env bash
# `make test-mcp`: drives `icalkit mcp` with the `mcp` client package from PyPI (pinned in
# venv.sh). Skips with a message only when PyPI cannot be reached.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
icalkit="${ICALKIT:-$root/.build/debug/icalkit}"
status=0
python=$(bash "$root/Tests/mcp/venv.sh") || status=$?
if [ "$status" = 3 ]; then
  echo "test-mcp: PyPI unreachable, the mcp client could not be installed: skipped"
  exit 0
fi
[ "$status" = 0 ] || exit "$status"
exec "$python" "$root/Tests/mcp/test_mcp_server.py" "$icalkit" "$root/Fixtures/mcp"
