#!/usr/bin/env bash
# icalkit benchmarks: libical floor, python peers and icalkit itself.
#
#   Bench/run.sh [--quick] [--sizes "2k 20k 100k"] [--large [500M]] [--no-python]
#                [--py-sizes "2k 20k 100k"] [--runs R] [--py-runs R] [--seed S]
#                [--no-corpus] [--markdown FILE]
#
# Builds Bench/libical_floor.c into .build/bench/, generates feeds into .build/bench/feeds/
# (cached by size + seed, regenerated when generate_feed.py changes), runs every tool on
# the same files, appends JSON lines to .build/bench/results/RUN_ID.jsonl and hands them
# to Bench/report.py, which prints the table, PASS/MISS and writes BENCHMARKS.md.
#
# Sizes: "2k" = 2,000 items (UIDs), "500M" = as many items as fit in 500 MiB.
#
# --large SIZE (make bench-large): the flat-memory check instead of the timing table. For
# each of --sizes (default 2k 20k 100k) and SIZE, one whole-process `import` into a fresh
# store, one `convert --to ics`, one `convert --to json` and one `--to jcal`, and the JSON and
# jCal read back (`convert --to ics`), each under /usr/bin/time: peak RSS, wall and user CPU. PASS when the SIZE feed stays under LARGE_RSS_MB (default 150) in all. The libical floor
# is not run there (its bare parse of 500 MiB holds ~6 GiB). Appends JSON lines to
# .build/bench/results/; BENCHMARKS.md is left alone.
# Environment: BENCH_ICALKIT=0 turns off the icalkit whole-process measurements (on by
# default); ICALKIT=path overrides .build/release/icalkit; LARGE_RUNS (default
# 1) is the floor's run count on inputs over 200 MiB; CORPUS overrides ../shared/corpus.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BENCH=.build/bench
FEEDS=$BENCH/feeds
RESULTS=$BENCH/results
VENV=$BENCH/venv
FLOOR=$BENCH/libical_floor
TIMER=$BENCH/spawn_timer
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
ICALKIT=${ICALKIT:-.build/release/icalkit}
FROM=2026-01-01
TO=2027-01-01
WEEK_FROM=2026-03-02   # one-week query window (Monday to Monday)
WEEK_TO=2026-03-09
PY_PINS="icalendar==7.3.2 recurring-ical-events==3.8.2"

SIZES="2k 20k 100k"
PY_SIZES=""            # default: same as SIZES
RUNS=5
PY_RUNS=3
SEED=1
LARGE=""
DO_PYTHON=1
DO_CORPUS=1
MARKDOWN=BENCHMARKS.md

log() { printf '== %s\n' "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --quick) SIZES="2k"; RUNS=3; PY_RUNS=1 ;;
    --sizes) SIZES=$2; shift ;;
    --py-sizes) PY_SIZES=$2; shift ;;
    --large) if [ $# -gt 1 ] && [[ $2 =~ ^[0-9]+[KMG]$ ]]; then LARGE=$2; shift; else LARGE=500M; fi ;;
    --no-python) DO_PYTHON=0 ;;
    --no-corpus) DO_CORPUS=0 ;;
    --runs) RUNS=$2; shift ;;
    --py-runs) PY_RUNS=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --markdown) MARKDOWN=$2; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
  shift
done
PY_SIZES=${PY_SIZES:-$SIZES}
RUN_ID=$(date -u +%Y%m%dT%H%M%SZ)
OUT=$RESULTS/$RUN_ID.jsonl
mkdir -p "$FEEDS" "$RESULTS"

# --- build -------------------------------------------------------------------------------
build_floor() {
  if [ ! -x "$FLOOR" ] || [ Bench/libical_floor.c -nt "$FLOOR" ]; then
    log "building $FLOOR"
    # shellcheck disable=SC2046
    cc -O2 -Wall -o "$FLOOR" Bench/libical_floor.c $(pkg-config --cflags --libs libical)
  fi
  if [ ! -x "$TIMER" ] || [ Bench/spawn_timer.c -nt "$TIMER" ]; then
    log "building $TIMER"
    cc -O2 -Wall -o "$TIMER" Bench/spawn_timer.c
  fi
}

# --- feeds -------------------------------------------------------------------------------
# feed_for LABEL -> prints the path of the feed, generating it when missing or stale.
feed_for() {
  local label=$1 path args
  path=$FEEDS/feed-$label-s$SEED.ics
  case "$label" in
    *k) args=(--items $(( ${label%k} * 1000 ))) ;;
    *[KMG]) args=(--bytes "$label") ;;
    *[0-9]) args=(--items "$label") ;;
    *) die "bad size $label" ;;
  esac
  if [ ! -s "$path" ] || [ Bench/generate_feed.py -nt "$path" ]; then
    log "generating $path"
    python3 Bench/generate_feed.py --out "$path.tmp" --seed "$SEED" "${args[@]}"
    mv "$path.tmp" "$path"
  fi
  printf '%s\n' "$path"
}

largest_corpus_ics() {
  [ -d "$CORPUS" ] || return 1
  find "$CORPUS" -type f -name '*.ics' -printf '%s\t%p\n' 2>/dev/null | sort -n | tail -1 | cut -f2
}

# --- libical floor -----------------------------------------------------------------------
run_floor() { # FILE LABEL
  local runs=$RUNS
  # a 500 MiB feed takes minutes per run and ~6 GiB: LARGE_RUNS (default 1) there
  [ "$(stat -c %s "$1")" -gt $(( 200 * 1024 * 1024 )) ] && runs=${LARGE_RUNS:-1}
  log "libical floor: $2 ($1, $runs run(s))"
  "$FLOOR" "$1" --runs "$runs" --from "$FROM" --to "$TO" --label "$2" --run-id "$RUN_ID" >> "$OUT"
}

# --- python peers ------------------------------------------------------------------------
setup_venv() {
  if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import icalendar, recurring_ical_events' 2>/dev/null; then
    log "creating $VENV ($PY_PINS)"
    python3 -m venv "$VENV"
    # shellcheck disable=SC2086
    "$VENV/bin/pip" install -q $PY_PINS
  fi
}

run_python() { # FILE LABEL
  local runs=$PY_RUNS
  # the peer needs minutes per run on the largest inputs: one run is enough there
  [ "$(stat -c %s "$1")" -gt $(( 20 * 1024 * 1024 )) ] && runs=1
  log "python peer: $2 ($1, $runs run(s))"
  "$VENV/bin/python" Bench/peer_python.py "$1" --runs "$runs" --from "$FROM" --to "$TO" \
    --label "$2" --run-id "$RUN_ID" >> "$OUT"
}

# --- icalkit whole-process measurements --------------------------------------------------
# measure_cmd LABEL STAGE FILE PREP -- CMD...
#   Runs CMD $RUNS times (SHORT_RUNS times, default 3 x RUNS, when its first run took under
#   SHORT_MS, default 100 ms: the median of 5 runs of a 25 ms command moved by 5 ms between
#   runs of the harness, more than the difference it is compared with). Each run is started
#   and timed by Bench/spawn_timer.c: posix_spawn to wait4, stdout to /dev/null, peak RSS and
#   CPU time from wait4's rusage (a command started by bash is forked from the shell first:
#   about 0.26 ms per run that is the launcher's, not icalkit's; spawn_timer.c says more).
#   The shell function PREP ("-" for none) runs before each run, untimed. Appends one JSON
#   line (tool icalkit) with the median wall time, the median CPU time and the largest peak
#   RSS of the runs. A failing CMD skips the stage with its stderr shown.
measure_cmd() {
  local label=$1 stage=$2 file=$3 prep=$4; shift 5
  local samples="" cpu="" rss=0 r wall used kb status err=$BENCH/stderr.txt runs=$RUNS
  for ((r = 0; r < runs; r++)); do
    [ "$prep" = - ] || "$prep"
    # What the harness wrote (stores copied for the `_first` stages: 200 MB each on 100k) goes
    # to disk before the clock starts: with 800 MB of it dirty in the page cache, a one-week
    # query took 23.8 ms against 18.1 ms once synced (Bench/HISTORY.md, eleventh session).
    sync
    wall="" used="" kb=0 status=""
    read -r wall used kb status < <("$TIMER" "$err" -- "$@") || true   # no line: not started
    if [ "${status:-1}" != 0 ]; then
      log "icalkit $stage failed (status ${status:-?}): $*"; sed 's/^/  /' "$err" >&2; return 0
    fi
    samples+="${samples:+,}$wall"
    cpu+="${cpu:+,}$used"
    [ "$kb" -gt "$rss" ] && rss=$kb
    if [ "$r" = 0 ] && [ "$wall" -lt $(( ${SHORT_MS:-100} * 1000 )) ]; then runs=${SHORT_RUNS:-$(( 3 * RUNS ))}; fi
  done
  python3 - "$label" "$stage" "$file" "$RUN_ID" "$samples" "$cpu" "$rss" <<'PY' >> "$OUT"
import json, statistics, sys
label, stage, file, run_id, samples, cpu, rss = sys.argv[1:]
ms = [int(s) / 1000 for s in samples.split(",")]
cpu_ms = [int(s) / 1000 for s in cpu.split(",")]
print(json.dumps(dict(tool="icalkit", stage=stage, label=label, run_id=run_id, file=file,
                      runs=len(ms), median_ms=round(statistics.median(ms), 3),
                      min_ms=min(ms), max_ms=max(ms), samples_ms=ms,
                      cpu_median_ms=round(statistics.median(cpu_ms), 3),
                      peak_rss_kb=int(rss))))
PY
}

icalkit_available() {
  if [ "${BENCH_ICALKIT:-1}" != 1 ]; then
    log "icalkit measurements off (BENCH_ICALKIT=${BENCH_ICALKIT})"
    return 1
  fi
  [ -x "$ICALKIT" ] || { log "no $ICALKIT (make build); icalkit not measured"; return 1; }
}

STORE=$BENCH/store.sqlite
fresh_store() { rm -f "$STORE" "$STORE-wal" "$STORE-shm"; }

# Whole-process import into an empty store each run; the last run's store is kept (with
# its WAL) as the starting point of the query stages.
IMPORTED=$BENCH/store-imported.sqlite
icalkit_import() { # FILE LABEL
  measure_cmd "$2" import "$1" fresh_store -- "$ICALKIT" --store "$STORE" import "$1" --calendar bench
  rm -f "$IMPORTED" "$IMPORTED-wal" "$IMPORTED-shm"
  cp "$STORE" "$IMPORTED"
  [ -f "$STORE-wal" ] && cp "$STORE-wal" "$IMPORTED-wal"
  return 0
}
imported_store() { # the store exactly as import left it
  fresh_store
  cp "$IMPORTED" "$STORE"
  [ -f "$IMPORTED-wal" ] && cp "$IMPORTED-wal" "$STORE-wal"
  return 0
}

# One-week query as the first command after the import, every run (the store as import left it).
icalkit_query_week_first() { # FILE LABEL
  measure_cmd "$2" query_week_first "$1" imported_store -- "$ICALKIT" --store "$STORE" events \
    --from "$WEEK_FROM" --to "$WEEK_TO" --tz UTC --format json
}

# One-year query as the first command after the import, every run: it fills the store's
# occurrence index for the year (reported next to the warm figure; the target is checked on
# the warm one, and both are shown).
icalkit_events_first() { # FILE LABEL
  measure_cmd "$2" events_first "$1" imported_store -- "$ICALKIT" --store "$STORE" events \
    --from "$FROM" --to "$TO" --tz UTC --format json
}

# One-year query, same window and zone as the floor program (medians of 5: the first run
# fills the index when events_first did not leave it filled).
icalkit_events() { # FILE LABEL
  measure_cmd "$2" events "$1" - -- "$ICALKIT" --store "$STORE" events --from "$FROM" --to "$TO" \
    --tz UTC --format json
}

# One-week query on a store that has answered queries before (target <= 20 ms on 100k).
icalkit_query_week() { # FILE LABEL
  measure_cmd "$2" query_week "$1" - -- "$ICALKIT" --store "$STORE" events --from "$WEEK_FROM" \
    --to "$WEEK_TO" --tz UTC --format json
}

# Every reminder, as JSON.
icalkit_reminders() { # FILE LABEL
  measure_cmd "$2" reminders "$1" - -- "$ICALKIT" --store "$STORE" reminders --tz UTC --format json
}

# Whole store back to .ics.
icalkit_export() { # FILE LABEL
  measure_cmd "$2" export "$1" - -- "$ICALKIT" --store "$STORE" export -o "$BENCH/export.ics"
}

# File to file, no store: .ics to .ics (reported, no target) and to JSON; .ics to jCal, and
# the jCal and JSON written read back to .ics (issue 26: each within 1.5x of convert_json).
icalkit_convert() { # FILE LABEL
  measure_cmd "$2" convert "$1" - -- "$ICALKIT" convert "$1" --to ics -o "$BENCH/convert.ics"
  measure_cmd "$2" convert_json "$1" - -- "$ICALKIT" convert "$1" --to json -o "$BENCH/convert.json"
  measure_cmd "$2" convert_jcal "$1" - -- "$ICALKIT" convert "$1" --to jcal -o "$BENCH/convert.jcal"
  [ -s "$BENCH/convert.jcal" ] && measure_cmd "$2" jcal_to_ics "$1" - -- "$ICALKIT" convert "$BENCH/convert.jcal" --to ics -o "$BENCH/convert-jcal.ics"
  [ -s "$BENCH/convert.json" ] && measure_cmd "$2" json_to_ics "$1" - -- "$ICALKIT" convert "$BENCH/convert.json" --to ics -o "$BENCH/convert-json.ics"
  rm -f "$BENCH/convert.jcal" "$BENCH/convert-jcal.ics" "$BENCH/convert-json.ics"
}

# `list_events` for the week through the `mcp` client (Bench/mcp_week.py), on the store the
# stages above left: each of 5 server sessions' first call, then 20 warm calls each.
MCP_PYTHON=""
icalkit_mcp() { # FILE LABEL
  if [ -z "$MCP_PYTHON" ]; then
    MCP_PYTHON=$(bash Tests/mcp/venv.sh) || { log "no mcp client (PyPI unreachable?): MCP stages skipped"; MCP_PYTHON=-; }
  fi
  [ "$MCP_PYTHON" = - ] && return 0
  "$MCP_PYTHON" Bench/mcp_week.py "$ICALKIT" "$STORE" --from "${WEEK_FROM}T00:00:00Z" --to "${WEEK_TO}T00:00:00Z" \
    --label "$2" --run-id "$RUN_ID" >> "$OUT" || log "icalkit mcp_week failed on $2"
}

# Subscribed feeds (issue 24), served from $FEED_DIR by Bench/feed_server.py on loopback:
#   feed_304      `refresh` of a subscription to the feed with an ETag: the server answers 304;
#   feed_200      `refresh` of a subscription to the same bytes without validators: a full
#                 200 read and compared, nothing changes;
#   feed_changed  `refresh` after the served file lost 1% of its items and had 1% changed
#                 (Bench/mutate_feed.py), from a copy of the store subscribed to the original.
# Each stage's store is made by `subscribe` (which refreshes once) before the timed runs.
FEED_DIR=$BENCH/served
FEED_PORT=""
start_feed_server() {
  [ -n "$FEED_PORT" ] && return 0
  mkdir -p "$FEED_DIR"
  exec {feed_fd}< <(exec python3 Bench/feed_server.py "$FEED_DIR")
  FEED_SERVER_PID=$!
  trap 'kill "$FEED_SERVER_PID" 2>/dev/null || true' EXIT
  read -r -u "$feed_fd" FEED_PORT || die "feed server did not start"
}
FEED_STORE=$BENCH/feed-store.sqlite
FEED_SAVED=$BENCH/feed-store-subscribed.sqlite
feed_store_from() { # SOURCE: copy a store and its WAL to $FEED_STORE
  rm -f "$FEED_STORE" "$FEED_STORE-wal" "$FEED_STORE-shm"
  cp "$1" "$FEED_STORE"
  [ -f "$1-wal" ] && cp "$1-wal" "$FEED_STORE-wal"
  return 0
}
restore_feed_store() { feed_store_from "$FEED_SAVED"; }
subscribed_store() { # PATH (on the server): a fresh store subscribed to it, as calendar "feed"
  rm -f "$FEED_STORE" "$FEED_STORE-wal" "$FEED_STORE-shm"
  "$ICALKIT" --store "$FEED_STORE" subscribe "http://127.0.0.1:$FEED_PORT/$1" --calendar feed > /dev/null
}
icalkit_feeds() { # FILE LABEL
  start_feed_server
  cp "$1" "$FEED_DIR/feed.ics"
  subscribed_store etag/feed.ics || { log "subscribe failed on $2: feed stages skipped"; return 0; }
  measure_cmd "$2" feed_304 "$1" - -- "$ICALKIT" --store "$FEED_STORE" refresh feed
  subscribed_store plain/feed.ics || return 0
  measure_cmd "$2" feed_200 "$1" - -- "$ICALKIT" --store "$FEED_STORE" refresh feed
  cp "$1" "$FEED_DIR/changing.ics"
  subscribed_store plain/changing.ics || return 0
  rm -f "$FEED_SAVED" "$FEED_SAVED-wal"
  cp "$FEED_STORE" "$FEED_SAVED"
  [ -f "$FEED_STORE-wal" ] && cp "$FEED_STORE-wal" "$FEED_SAVED-wal"
  python3 Bench/mutate_feed.py "$1" "$FEED_DIR/changing.ics" > /dev/null
  measure_cmd "$2" feed_changed "$1" restore_feed_store -- "$ICALKIT" --store "$FEED_STORE" refresh feed
  rm -f "$FEED_STORE" "$FEED_STORE-wal" "$FEED_STORE-shm" "$FEED_SAVED" "$FEED_SAVED-wal" "$FEED_DIR"/*.ics
}

run_icalkit() { # FILE LABEL
  icalkit_import "$@"
  icalkit_query_week_first "$@"
  icalkit_events_first "$@"
  icalkit_events "$@"
  icalkit_query_week "$@"
  icalkit_mcp "$@"
  icalkit_reminders "$@"
  icalkit_export "$@"
  icalkit_convert "$@"
  icalkit_feeds "$@"
}

# --- large mode: peak memory of streaming import/convert ------------------------------
LARGE_RSS_MB=${LARGE_RSS_MB:-150}

# peak_of STAGE LABEL FILE -- CMD...: runs CMD once under /usr/bin/time, prints a table row
# and appends a JSON line; returns 1 when CMD failed or the peak is over the limit for the
# large feed.
peak_of() {
  local stage=$1 label=$2 file=$3; shift 4
  local tv=$BENCH/time-large.txt err=$BENCH/stderr-large.txt kb wall user verdict=""
  if ! /usr/bin/time -f '%M %e %U' -o "$tv" "$@" > /dev/null 2> "$err"; then
    log "icalkit $stage failed: $*"; sed 's/^/  /' "$err" | head -5 >&2; return 1
  fi
  read -r kb wall user < "$tv"
  if [ "$label" = "$LARGE" ]; then
    if [ "$kb" -lt $(( LARGE_RSS_MB * 1024 )) ]; then verdict=PASS; else verdict=MISS; fi
  fi
  awk -v l="$label" -v s="$stage" -v b="$(stat -c %s "$file")" -v k="$kb" -v w="$wall" -v u="$user" -v v="$verdict" \
    'BEGIN { printf "%-6s %-12s %9.1f MiB %12.1f MiB %8.2f s %8.2f s  %s\n", l, s, b / 1048576, k / 1024, w, u, v }'
  printf '{"tool":"icalkit","stage":"%s_rss","label":"%s","run_id":"%s","file":"%s","bytes":%s,"peak_rss_kb":%s,"wall_s":%s,"user_s":%s}\n' \
    "$stage" "$label" "$RUN_ID" "$file" "$(stat -c %s "$file")" "$kb" "$wall" "$user" >> "$OUT"
  [ "$verdict" != MISS ]
}

run_large() {
  [ -x "$ICALKIT" ] || die "no $ICALKIT (make build)"
  if [ ! -x /usr/bin/time ]; then
    log "installing Debian 'time' for /usr/bin/time"
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq time >/dev/null; else sudo apt-get install -y -qq time >/dev/null; fi
  fi
  [ -x /usr/bin/time ] || die "needs /usr/bin/time (Debian package 'time')"
  local size file failed=0
  log "large run $RUN_ID -> $OUT (limit ${LARGE_RSS_MB} MiB for $LARGE)"
  printf '%-6s %-12s %13s %16s %10s %10s  %s\n' size stage "file" "peak RSS" wall user "< ${LARGE_RSS_MB} MiB"
  for size in $SIZES $LARGE; do
    file=$(feed_for "$size")
    fresh_store
    peak_of import "$size" "$file" -- "$ICALKIT" --store "$STORE" import "$file" --calendar bench || failed=1
    peak_of convert "$size" "$file" -- "$ICALKIT" convert "$file" --to ics -o "$BENCH/convert-large.ics" || failed=1
    rm -f "$BENCH/convert-large.ics"
    peak_of convert_json "$size" "$file" -- "$ICALKIT" convert "$file" --to json -o "$BENCH/convert-large.json" || failed=1
    peak_of json_to_ics "$size" "$BENCH/convert-large.json" -- "$ICALKIT" convert "$BENCH/convert-large.json" --to ics -o "$BENCH/convert-large.ics" || failed=1
    rm -f "$BENCH/convert-large.json" "$BENCH/convert-large.ics"
    peak_of convert_jcal "$size" "$file" -- "$ICALKIT" convert "$file" --to jcal -o "$BENCH/convert-large.jcal" || failed=1
    peak_of jcal_to_ics "$size" "$BENCH/convert-large.jcal" -- "$ICALKIT" convert "$BENCH/convert-large.jcal" --to ics -o "$BENCH/convert-large.ics" || failed=1
    rm -f "$BENCH/convert-large.jcal" "$BENCH/convert-large.ics"
  done
  fresh_store
  return $failed
}

if [ -n "$LARGE" ]; then
  run_large
  exit $?
fi

# --- main --------------------------------------------------------------------------------
build_floor
[ "$DO_PYTHON" = 1 ] && setup_venv
WITH_ICALKIT=0
icalkit_available && WITH_ICALKIT=1

inputs=()   # "LABEL<TAB>FILE"
for size in $SIZES ${LARGE:+$LARGE}; do
  inputs+=("$size"$'\t'"$(feed_for "$size")")
done
if [ "$DO_CORPUS" = 1 ]; then
  if corpus_file=$(largest_corpus_ics) && [ -n "$corpus_file" ]; then
    inputs+=("corpus"$'\t'"$corpus_file")
  else
    log "no .ics under $CORPUS: corpus measurement skipped"
  fi
fi

# load average at both ends of the run: the report warns when other work competed for the CPUs
note_load() { # start|end
  printf '{"tool":"env","stage":"loadavg","when":"%s","run_id":"%s","loadavg":"%s","nproc":%s}\n' \
    "$1" "$RUN_ID" "$(cut -d' ' -f1-3 /proc/loadavg)" "$(nproc)" >> "$OUT"
}

log "run $RUN_ID -> $OUT"
note_load start
for entry in "${inputs[@]}"; do
  label=${entry%%$'\t'*}
  file=${entry#*$'\t'}
  run_floor "$file" "$label"
  [ "$WITH_ICALKIT" = 1 ] && run_icalkit "$file" "$label"
  if [ "$DO_PYTHON" = 1 ] && { [[ " $PY_SIZES " == *" $label "* ]] || [ "$label" = corpus ]; }; then
    run_python "$file" "$label"
  fi
done
note_load end

python3 Bench/report.py "$OUT" --run-id "$RUN_ID" --markdown "$MARKDOWN"
