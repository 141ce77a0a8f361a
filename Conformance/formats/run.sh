#!/usr/bin/env bash
# `make formats-check`: icalkit's jCal against python icalendar (jcal_check.py), and icalkit's
# JSON against Docs/icalkit-json.schema.json with python jsonschema and read back (json_check.py),
# over the fixtures and the third-party corpus, in the oracle's virtualenv
# (Conformance/oracle/setup.sh makes .venv-oracle with the pinned requirements.txt).
# Skips with a message, exit 0, when PyPI cannot be reached to make it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
icalkit="${ICALKIT:-$root/.build/debug/icalkit}"
corpus="${CORPUS:-$root/../shared/corpus}"

if ! bash "$root/Conformance/oracle/setup.sh" >/dev/null 2>&1; then
  echo "formats-check: the oracle's venv cannot be made (PyPI unreachable?): skipped"
  exit 0
fi
files=("$root"/Fixtures/import/valid/*.ics "$root/Fixtures/demo/team.ics")
if [ -d "$corpus" ]; then
  mapfile -d '' -t found < <(find "$corpus" -name '*.ics' -print0 | sort -z)
  files+=("${found[@]}")
else
  echo "formats-check: $corpus absent: corpus files skipped"
fi
python="$root/.venv-oracle/bin/python"
status=0
"$python" "$here/jcal_check.py" --icalkit "$icalkit" "${files[@]}" || status=1
"$python" "$here/json_check.py" --icalkit "$icalkit" --schema "$root/Docs/icalkit-json.schema.json" "${files[@]}" || status=1
exit $status
