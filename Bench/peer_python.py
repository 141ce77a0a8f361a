#!/usr/bin/env python3
"""Python peer: the same three stages as libical_floor, with icalendar + recurring-ical-events.

    peer_python.py FILE [--runs R] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--label L] [--run-id ID]

In-process, timed with time.perf_counter(), each stage repeated R times:
  parse      icalendar.Calendar.from_ical(bytes)        (file already read; read not timed)
  expand     recurring_ical_events.of(cal).between(from, to), VEVENTs, window in UTC
  serialize  cal.to_ical()
Prints one JSON line per stage and a "summary" line with peak RSS, in the schema that
Bench/report.py reads (tool "python"). Needs the venv that Bench/run.sh creates.
"""
import argparse
import datetime as dt
import json
import resource
import statistics
import sys
import time
from importlib import metadata

import icalendar
import recurring_ical_events


def day(s):
    return dt.datetime.strptime(s, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--from", dest="start", default="2026-01-01")
    ap.add_argument("--to", dest="end", default="2027-01-01")
    ap.add_argument("--label", default="")
    ap.add_argument("--run-id", default="")
    args = ap.parse_args(argv)
    start, end = day(args.start), day(args.end)

    with open(args.file, "rb") as f:
        data = f.read()

    def emit(stage, samples, **extra):
        rec = dict(tool="python", stage=stage, label=args.label, run_id=args.run_id,
                   file=args.file, runs=len(samples),
                   median_ms=round(statistics.median(samples), 3),
                   min_ms=round(min(samples), 3), max_ms=round(max(samples), 3),
                   samples_ms=[round(s, 3) for s in samples])
        rec.update(extra)
        print(json.dumps(rec), flush=True)

    samples, cal = [], None
    for _ in range(args.runs):
        t0 = time.perf_counter()
        cal = icalendar.Calendar.from_ical(data)
        samples.append((time.perf_counter() - t0) * 1e3)
    emit("parse", samples, bytes=len(data))

    samples, instances = [], 0
    for _ in range(args.runs):
        t0 = time.perf_counter()
        instances = sum(1 for _ in recurring_ical_events.of(cal).between(start, end))
        samples.append((time.perf_counter() - t0) * 1e3)
    emit("expand", samples, instances=instances, **{"from": args.start, "to": args.end})

    samples, out = [], b""
    for _ in range(args.runs):
        t0 = time.perf_counter()
        out = cal.to_ical()
        samples.append((time.perf_counter() - t0) * 1e3)
    emit("serialize", samples, out_bytes=len(out))

    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps(dict(
        tool="python", stage="summary", label=args.label, run_id=args.run_id, file=args.file,
        bytes=len(data), peak_rss_kb=peak_kb, python=sys.version.split()[0],
        icalendar=metadata.version("icalendar"),
        recurring_ical_events=metadata.version("recurring-ical-events"))), flush=True)


if __name__ == "__main__":
    main()
