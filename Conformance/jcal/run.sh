#!/usr/bin/env bash
# `make jcal-check`: icalkit's jCal against python icalendar (jcal_check.py) over the fixtures
# and the third-party corpus, in the oracle's virtualenv (Conformance/oracle/setup.sh makes
# .venv-oracle with the pinned requirements.txt). Skips with a message, exit 0, when PyPI
# cannot be reached to make it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
icalkit="${ICALKIT:-$root/.build/debug/icalkit}"
corpus="${CORPUS:-$root/../shared/corpus}"

if ! bash "$root/Conformance/oracle/setup.sh" >/dev/null 2>&1; then
  echo "jcal-check: the oracle's venv cannot be made (PyPI unreachable?): skipped"
  exit 0
fi
files=("$root"/Fixtures/import/valid/*.ics "$root/Fixtures/demo/team.ics")
if [ -d "$corpus" ]; then
  mapfile -d '' -t found < <(find "$corpus" -name '*.ics' -print0 | sort -z)
  files+=("${found[@]}")
else
  echo "jcal-check: $corpus absent: corpus files skipped"
fi
"$root/.venv-oracle/bin/python" "$here/jcal_check.py" --icalkit "$icalkit" "${files[@]}"
