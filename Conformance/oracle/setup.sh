#!/usr/bin/env bash
# Create (or refresh) the oracle's virtualenv at <repo root>/.venv-oracle with the pinned
# versions from requirements.txt. Idempotent: does nothing when the venv already matches.
# Exits non-zero with a message when PyPI cannot be reached.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/.venv-oracle"
req="$here/requirements.txt"
python="${PYTHON:-python3}"
stamp="$venv/.requirements.sha256"

want="$(sha256sum "$req" | cut -d' ' -f1)"
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
   && "$venv/bin/python" -c 'import icalendar, recurring_ical_events, x_wr_timezone, jsonschema' 2>/dev/null; then
  echo "oracle: $venv is up to date"
  exit 0
fi

if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)'; then
  echo "oracle: error: $python must be Python 3.9 or newer" >&2
  exit 1
fi

index="${PIP_INDEX_URL:-https://pypi.org/simple}"
if ! "$python" - "$index" <<'PY' 2>/dev/null
import sys, urllib.request
urllib.request.urlopen(sys.argv[1].rstrip("/") + "/icalendar/", timeout=15).read(1)
PY
then
  echo "oracle: error: cannot reach the package index at $index (PyPI unreachable?)." >&2
  echo "oracle: the oracle needs network access to PyPI once, to install requirements.txt." >&2
  exit 2
fi

[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req"
echo "$want" > "$stamp"
echo "oracle: installed into $venv:"
"$venv/bin/python" -m pip freeze --disable-pip-version-check | sed 's/^/  /'
