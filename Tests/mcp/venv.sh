#!/usr/bin/env bash
# Makes the virtual environment with the pinned `mcp` client from PyPI at .venv-mcp (once) and
# prints its python. Exit 3 when PyPI cannot be reached, 1 on any other failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.venv-mcp"
pin="mcp==2.3.0"
if ! [ -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import mcp' 2>/dev/null \
   || [ "$(cat "$venv/.pin" 2>/dev/null)" != "$pin" ]; then
  rm -rf "$venv"
  mkdir -p "$root/.build"
  python3 -m venv "$venv"
  if ! "$venv/bin/pip" install -q --disable-pip-version-check "$pin" >"$root/.build/mcp-pip.log" 2>&1; then
    if grep -qiE "connection|resolve|network|timed out|No matching distribution" "$root/.build/mcp-pip.log"; then
      echo "PyPI unreachable, the mcp client could not be installed" >&2
      exit 3
    fi
    cat "$root/.build/mcp-pip.log" >&2
    exit 1
  fi
  echo "$pin" > "$venv/.pin"
fi
echo "$venv/bin/python"
