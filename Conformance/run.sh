#!/usr/bin/env bash
# `make conformance`: the third-party corpus against the python oracle, libical's recurrence
# vectors, and generated recurrence rules against python-dateutil (Conformance/oracle/rules.py). Extra arguments go to icalkit-conformance (e.g. --update-baseline, --only PATH).
#
#   ICALKIT_CORPUS          corpus folder (default ../shared/corpus); absent: skipped, exit 0
#   CONFORMANCE_CONFIG      debug (default; `make test` has built it already) or release
#   ICALKIT_REQUIRE_ORACLE  1: fail when the oracle cannot be set up (CI)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
corpus="${ICALKIT_CORPUS:-../shared/corpus}"
config="${CONFORMANCE_CONFIG:-debug}"
swift="${SWIFT:-swift}"
out=.build/conformance
window=(--from 1990-01-01 --to 2035-01-01 --tz UTC --components VEVENT --per-file-timeout 60)

if [ ! -d "$corpus" ]; then
  echo "conformance: corpus not found at $corpus (set ICALKIT_CORPUS): skipped"
  exit 0
fi
corpus="$(cd "$corpus" && pwd)"
mkdir -p "$out"

$swift build -c "$config" --product icalkit-conformance 2>&1 | grep -v '^\[' || true
runner="$($swift build -c "$config" --show-bin-path)/icalkit-conformance"
[ -x "$runner" ] || { echo "conformance: error: $runner was not built" >&2; exit 1; }

oracle_args=()
if Conformance/oracle/setup.sh >"$out/setup.log" 2>&1; then
  mapfile -t files < <(cd "$corpus" && find . -name '*.ics' -type f | sed 's|^\./||' | LC_ALL=C sort)
  # Cache key: every corpus file's content and path, the oracle's pins and scripts, the window.
  key="$( { (cd "$corpus" && printf '%s\0' "${files[@]}" | xargs -0 sha256sum);
            cat Conformance/oracle/requirements.txt Conformance/oracle/expand.py Conformance/oracle/prepare.py;
            echo "${window[*]}"; } | sha256sum | cut -c1-32)"
  if [ -s "$out/oracle.json" ] && [ "$(cat "$out/oracle.key" 2>/dev/null)" = "$key" ]; then
    echo "oracle: cached result for ${#files[@]} files ($out/oracle.json)"
  else
    echo "oracle: expanding ${#files[@]} files with $(grep -E '^(icalendar|recurring-ical-events)==' Conformance/oracle/requirements.txt | tr '\n' ' ')..."
    began=$SECONDS
    rm -rf "$out/oracle-input" "$out"/oracle-part*.json
    python3 Conformance/oracle/prepare.py "$corpus" "$out/oracle-input" "${files[@]}" 2>"$out/prepare.log"
    tail -1 "$out/prepare.log"
    # Two halves in parallel (CI has 2 cores); paths stay relative to the corpus.
    half=$(( (${#files[@]} + 1) / 2 ))
    (cd "$out/oracle-input" && "$root/.venv-oracle/bin/python" "$root/Conformance/oracle/expand.py" "${files[@]:0:$half}" "${window[@]}" \
        >../oracle-part1.json 2>../oracle-part1.log) &
    p1=$!
    (cd "$out/oracle-input" && "$root/.venv-oracle/bin/python" "$root/Conformance/oracle/expand.py" "${files[@]:$half}" "${window[@]}" \
        >../oracle-part2.json 2>../oracle-part2.log) &
    p2=$!
    ok=1
    wait $p1 || ok=0
    wait $p2 || ok=0
    if [ $ok = 1 ] && python3 - "$out/oracle-part1.json" "$out/oracle-part2.json" >"$out/oracle.json.tmp" <<'PY'
import json, sys
files = []
for p in sys.argv[1:]:
    with open(p) as f:
        files += json.load(f)["files"]
json.dump({"files": files}, sys.stdout)
PY
    then
      mv "$out/oracle.json.tmp" "$out/oracle.json"
      echo "$key" >"$out/oracle.key"
      echo "oracle: done in $((SECONDS - began)) s"
    else
      echo "oracle: error: expand.py failed (see $out/oracle-part*.log)" >&2
      rm -f "$out/oracle.json" "$out/oracle.key"
    fi
  fi
  if [ -s "$out/oracle.json" ]; then
    oracle_args=(--oracle "$out/oracle.json")
  else
    oracle_args=(--oracle-unavailable "expand.py failed")
  fi
  # Generated recurrence rules expanded by python-dateutil (seeded: the same rules every run).
  rules_key="$(cat Conformance/oracle/requirements.txt Conformance/oracle/rules.py | sha256sum | cut -c1-32)"
  if [ -s "$out/rules.json" ] && [ "$(cat "$out/rules.key" 2>/dev/null)" = "$rules_key" ]; then
    echo "rules: cached dateutil expansions ($out/rules.json)"
  elif "$root/.venv-oracle/bin/python" Conformance/oracle/rules.py >"$out/rules.json.tmp" 2>"$out/rules.log"; then
    mv "$out/rules.json.tmp" "$out/rules.json"
    echo "$rules_key" >"$out/rules.key"
    tail -1 "$out/rules.log"
  else
    echo "rules: error: rules.py failed (see $out/rules.log)" >&2
    rm -f "$out/rules.json" "$out/rules.key"
  fi
  if [ -s "$out/rules.json" ]; then
    oracle_args+=(--rules "$out/rules.json")
  else
    oracle_args+=(--rules-unavailable "rules.py failed")
  fi
else
  sed 's/^/  /' "$out/setup.log"
  echo "oracle unavailable: expansion comparison skipped (Conformance/oracle/setup.sh failed; see above)"
  oracle_args=(--oracle-unavailable "Conformance/oracle/setup.sh failed (PyPI unreachable?)"
               --rules-unavailable "Conformance/oracle/setup.sh failed (PyPI unreachable?)")
fi

exec "$runner" "$corpus" "${oracle_args[@]}" "$@"
