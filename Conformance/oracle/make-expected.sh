#!/usr/bin/env bash
# Regenerate Fixtures/expected/*.json: the oracle's expansion of every valid import fixture
# (and the demo calendar) over 2020-01-01..2031-01-01 UTC, VEVENT and VTODO.
# Run from anywhere; needs Conformance/oracle/setup.sh to have run once.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
bash Conformance/oracle/setup.sh >/dev/null
py=.venv-oracle/bin/python
oracle=Conformance/oracle/expand.py
window=(--from 2020-01-01 --to 2031-01-01 --tz UTC --components VEVENT,VTODO)
for f in Fixtures/import/valid/*.ics Fixtures/demo/team.ics; do
  name="$(basename "$f" .ics)"
  "$py" "$oracle" "$f" "${window[@]}" > "Fixtures/expected/$name.json"
done
# the same Google file with X-WR-TIMEZONE ignored, to show what the flag changes
"$py" "$oracle" Fixtures/import/valid/google-x-wr-timezone.ics "${window[@]}" --keep-floating \
  > Fixtures/expected/google-x-wr-timezone.keep-floating.json
ls Fixtures/expected/*.json
