#!/usr/bin/env python3
"""Turn benchmark JSON lines into a table, target checks and BENCHMARKS.md.

    report.py RESULTS.jsonl... [--run-id ID] [--markdown BENCHMARKS.md] [--strict]

Each input line is one JSON object with at least tool, stage, label, run_id, median_ms
(tool "libical" from libical_floor, "python" from peer_python.py, "icalkit" from the
whole-process measurements in run.sh; stage "summary" lines carry peak_rss_kb etc.).
Only records of one run are used (the last run_id seen unless --run-id), and every ratio
pairs two medians of the same run and the same input (label): never numbers of
different runs. A target whose inputs are missing is reported as "n/a", not as a MISS.
With --strict the exit status is 1 when any target is MISSed.
"""
import argparse
import datetime as dt
import json
import os
import platform
import sys

STAGE_ORDER = ["parse", "expand", "serialize", "import", "query_week_first", "events_first", "events", "query_week",
               "reminders", "export", "convert", "convert_json", "convert_jcal", "jcal_to_ics", "json_to_ics", "feed_304", "feed_200", "feed_changed"]
TOOL_ORDER = ["libical", "icalkit", "python"]

# (name, numerator, denominator, op, limit, note). Keys are (tool, stage); a ratio is
# numerator median / denominator median, both from the same run and label.
RATIO_TARGETS = [
    ("import vs bare parse", ("icalkit", "import"), ("libical", "parse"), "<=", 2.5,
     "icalkit import ÷ libical parse"),
    ("one-year events vs bare expansion", ("icalkit", "events"), ("libical", "expand"), "<=", 2.5,
     "icalkit events ÷ libical expand"),
    ("export vs bare serialization", ("icalkit", "export"), ("libical", "serialize"), "<=", 3.0,
     "icalkit export ÷ libical serialize"),
    ("first one-year events after import vs bare expansion", ("icalkit", "events_first"), ("libical", "expand"), "<=", 2.5,
     "icalkit first events ÷ libical expand"),
    ("refresh of an unchanged feed (200, no validators) vs import", ("icalkit", "feed_200"), ("icalkit", "import"),
     "<=", 1.2, "icalkit refresh ÷ icalkit import"),
    ("refresh of a changed feed (1% changed, 1% removed) vs import", ("icalkit", "feed_changed"),
     ("icalkit", "import"), "<=", 1.5, "icalkit refresh ÷ icalkit import"),
    ("jCal output vs JSON output", ("icalkit", "convert_jcal"), ("icalkit", "convert_json"), "<=", 1.5,
     "icalkit convert --to jcal ÷ convert --to json"),
    ("jCal input vs JSON output", ("icalkit", "jcal_to_ics"), ("icalkit", "convert_json"), "<=", 1.5,
     "icalkit convert FILE.jcal --to ics ÷ convert --to json"),
    ("JSON input vs JSON output", ("icalkit", "json_to_ics"), ("icalkit", "convert_json"), "<=", 1.5,
     "icalkit convert FILE.json --to ics ÷ convert --to json"),
    ("parse: python peer vs icalkit", ("python", "parse"), ("icalkit", "import"), ">=", 20.0,
     "python parse ÷ icalkit import"),
    ("expansion: python peer vs icalkit", ("python", "expand"), ("icalkit", "events"), ">=", 20.0,
     "python expand ÷ icalkit events"),
    ("serialization: python peer vs icalkit", ("python", "serialize"), ("icalkit", "export"), ">=",
     20.0, "python serialize ÷ icalkit export"),
]
# Absolute targets: (name, key, label, limit ms)
ABSOLUTE_TARGETS = [("one-week query on 100k", ("icalkit", "query_week"), "100k", 30.0),
                    ("refresh answered 304 on 20k", ("icalkit", "feed_304"), "20k", 50.0),
                    ("MCP list_events week on 100k, first call", ("icalkit", "mcp_week_first"), "100k", 200.0),
                    ("MCP list_events week on 100k, warm calls", ("icalkit", "mcp_week"), "100k", 10.0),
                    ("MCP list_events week on 100k, warm, server alone (plain JSON-RPC)", ("icalkit", "mcp_week_server"),
                     "100k", 10.0)]
# Ratios shown for information only (no target).
INFO_RATIOS = [
    ("python ÷ libical, parse", ("python", "parse"), ("libical", "parse")),
    ("python ÷ libical, expand", ("python", "expand"), ("libical", "expand")),
    ("python ÷ libical, serialize", ("python", "serialize"), ("libical", "serialize")),
]


def load(paths):
    records = []
    for path in paths:
        with (sys.stdin if path == "-" else open(path)) as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or not line.startswith("{"):
                    continue
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as e:
                    print("report: %s:%d: skipped (%s)" % (path, n, e), file=sys.stderr)
    return records


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        ncpu = len(os.sched_getaffinity(0))
    except AttributeError:
        ncpu = os.cpu_count()
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = ", %.1f GiB RAM" % (kb / 1048576)
    except (OSError, ValueError, IndexError):
        pass
    return "%s, %s CPUs (nproc)%s, %s %s" % (model, ncpu, mem, platform.system(),
                                              platform.release())


def fmt_ms(v):
    if v is None:
        return "–"
    return "%.1f" % v if v >= 10 else "%.2f" % v


def fmt_bytes(n):
    if n is None:
        return "?"
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return ("%d %s" % (n, unit)) if unit == "B" else ("%.1f %s" % (n, unit))
        n /= 1024.0


class Run:
    def __init__(self, records, run_id):
        self.run_id = run_id
        mine = [r for r in records if r.get("run_id", "") == run_id]
        self.env = [r for r in mine if r.get("tool") == "env"]
        self.recs = [r for r in mine if r.get("tool") != "env"]
        self.med = {}       # (label, tool, stage) -> median ms
        self.extra = {}     # (label, tool, stage) -> record
        self.labels = []
        for r in self.recs:
            label = r.get("label", "")
            if label not in self.labels:
                self.labels.append(label)
            key = (label, r.get("tool"), r.get("stage"))
            self.extra[key] = r
            if r.get("stage") != "summary" and r.get("median_ms") is not None:
                self.med[key] = float(r["median_ms"])
        self.labels.sort(key=lambda l: (self.size(l) or 0, l))

    def load_note(self):
        """'load average 0.5 -> 6.3 on 2 CPUs' plus a warning when busy, or ''."""
        loads = [(r.get("when"), r.get("loadavg", ""), r.get("nproc")) for r in self.env
                 if r.get("stage") == "loadavg"]
        if not loads:
            return ""
        ncpu = loads[0][2] or os.cpu_count()
        firsts = []
        for _when, avg, _n in loads:
            try:
                firsts.append(float(avg.split()[0]))
            except (ValueError, IndexError):
                pass
        text = "1-min load average %s on %s CPUs" % (" -> ".join(
            avg.split()[0] for _w, avg, _n in loads if avg), ncpu)
        if firsts and max(firsts) > float(ncpu):
            text += " — WARNING: other work competed for the CPUs; timings are noisy"
        return text

    def size(self, label):
        for (lab, _tool, _stage), r in self.extra.items():
            if lab == label and r.get("bytes"):
                return r["bytes"]
        return None

    def files(self, label):
        return sorted({r.get("file") for (lab, _t, _s), r in self.extra.items()
                       if lab == label and r.get("file")})

    def stages(self):
        seen = {(t, s) for (_l, t, s) in self.med}
        return sorted(seen, key=lambda ts: (TOOL_ORDER.index(ts[0]) if ts[0] in TOOL_ORDER else 9,
                                            STAGE_ORDER.index(ts[1]) if ts[1] in STAGE_ORDER else 99,
                                            ts))

    def ratio(self, label, num, den):
        a, b = self.med.get((label,) + num), self.med.get((label,) + den)
        if a is None or b is None or b <= 0:
            return None
        return a / b

    def checks(self):
        """Rows of (target, label, value text, verdict)."""
        rows = []
        for name, num, den, op, limit, note in RATIO_TARGETS:
            for label in self.labels:
                v = self.ratio(label, num, den)
                if v is None:
                    if (label,) + num in self.med or (label,) + den in self.med:
                        rows.append((name, label, "n/a (%s not measured)" % note, "n/a"))
                    continue
                ok = v <= limit if op == "<=" else v >= limit
                rows.append((name, label, "%.2f× (%s %s %g)" % (v, note, op, limit),
                             "PASS" if ok else "MISS"))
        for name, key, label, limit in ABSOLUTE_TARGETS:
            v = self.med.get((label,) + key)
            if v is None:
                rows.append((name, label, "n/a (not measured)", "n/a"))
            else:
                rows.append((name, label, "%s ms (<= %g ms)" % (fmt_ms(v), limit),
                             "PASS" if v <= limit else "MISS"))
        return rows

    def info(self):
        rows = []
        for name, num, den in INFO_RATIOS:
            for label in self.labels:
                v = self.ratio(label, num, den)
                if v is not None:
                    rows.append((name, label, "%.1f×" % v))
        return rows

    def summaries(self):
        rows = []
        for label in self.labels:
            for tool in TOOL_ORDER:
                r = self.extra.get((label, tool, "summary"))
                if r:
                    rows.append((label, tool, r))
        return rows


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def text_table(header, rows):
    rows = [[str(c) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(header)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def median_rows(run):
    rows = []
    for tool, stage in run.stages():
        for label in run.labels:
            v = run.med.get((label, tool, stage))
            if v is None:
                continue
            r = run.extra[(label, tool, stage)]
            note = ""
            if "instances" in r:
                note = "%d instances" % r["instances"]
            if r.get("cpu_median_ms") is not None:
                note = (note + ", " if note else "") + "CPU %s ms" % fmt_ms(r["cpu_median_ms"])
            if r.get("peak_rss_kb"):
                note = (note + ", " if note else "") + "peak RSS %.0f MiB" % (r["peak_rss_kb"] / 1024)
            rows.append((tool + " " + stage, label, fmt_bytes(run.size(label)), fmt_ms(v),
                         r.get("runs", ""), note))
    return rows


def write_markdown(run, path):
    try:  # run.sh's run ids are the UTC start time of the run
        now = dt.datetime.strptime(run.run_id, "%Y%m%dT%H%M%SZ").strftime("%Y-%m-%d %H:%M UTC")
    except ValueError:
        now = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC (report)")
    parts = ["# icalkit benchmarks", "",
             "Generated by `Bench/run.sh` (`Bench/report.py`); do not edit by hand.", "",
             "- Date: %s" % now, "- Machine: %s" % machine(), "- Run id: `%s`" % run.run_id]
    if run.load_note():
        parts.append("- Load: %s" % run.load_note())
    for label, tool, r in run.summaries():
        if tool == "libical" and r.get("libical"):
            parts.append("- libical %s (Debian libical-dev)" % r["libical"])
            break
    for label, tool, r in run.summaries():
        if tool == "python":
            parts.append("- Python peer: Python %s, icalendar %s, recurring-ical-events %s" % (
                r.get("python"), r.get("icalendar"), r.get("recurring_ical_events")))
            break
    parts += ["", "## Inputs", ""]
    rows = []
    for label in run.labels:
        s = run.extra.get((label, "libical", "summary"), {})
        rows.append((label, fmt_bytes(run.size(label)), s.get("events", "?"), s.get("todos", "?"),
                     ", ".join("`%s`" % f for f in run.files(label))))
    parts += [md_table(["label", "size", "VEVENTs", "VTODOs", "file"], rows), ""]
    parts += ["## Medians (ms)", "",
              "libical and python: in-process, per stage, input already in memory. "
              "icalkit: whole process (`.build/release/icalkit ...`) from `posix_spawn` to "
              "`wait4` (`Bench/spawn_timer.c`); its CPU time (user + system, both threads) "
              "and peak RSS from `wait4`'s rusage. "
              "Expansion window 2026-01-01 – 2027-01-01 (UTC).", ""]
    parts += [md_table(["stage", "label", "size", "median ms", "runs", "notes"], median_rows(run)),
              ""]
    parts += ["## Targets", "", "Ratios pair medians of the same run and the same input.", ""]
    parts += [md_table(["target", "label", "value", "verdict"], run.checks()), ""]
    info = run.info()
    if info:
        parts += ["## Information (no target)", "",
                  "The first one-year query after an import fills the store's occurrence index "
                  "for the year; the `events` target above is checked on the median of 5 runs, "
                  "so on a store that has answered before. python ÷ libical bounds what icalkit "
                  "can show: the ≥ 20× peer target holds only while icalkit takes at most "
                  "(python ÷ libical) ÷ 20 times the floor, 1.45× when python ÷ libical is 29.", ""]
        parts += [md_table(["ratio", "label", "value"], info), ""]
    rss = [(label, tool, "%.0f MiB" % (r["peak_rss_kb"] / 1024))
           for label, tool, r in run.summaries() if r.get("peak_rss_kb")]
    if rss:
        parts += ["## Peak RSS (whole measurement process)", "",
                  md_table(["label", "tool", "peak RSS"], rss), ""]
    # The hand-kept record of what was profiled and changed (before/after), kept across runs.
    history = os.path.join(os.path.dirname(os.path.abspath(__file__)), "HISTORY.md")
    if os.path.exists(history):
        parts += [open(history, encoding="utf-8").read().rstrip(), ""]
    with open(path, "w") as f:
        f.write("\n".join(parts))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", help="JSON-lines files ('-' for stdin)")
    ap.add_argument("--run-id", help="run to report (default: the last one seen)")
    ap.add_argument("--markdown", help="also write this Markdown file (BENCHMARKS.md)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a target is MISSed")
    args = ap.parse_args(argv)

    records = load(args.inputs)
    if not records:
        print("report: no measurements", file=sys.stderr)
        return 1
    run_id = args.run_id if args.run_id is not None else records[-1].get("run_id", "")
    run = Run(records, run_id)
    print("run %s on %s" % (run_id or "(no id)", machine()))
    if run.load_note():
        print(run.load_note())
    print()
    print(text_table(["stage", "label", "size", "median ms", "runs", "notes"], median_rows(run)))
    print()
    checks = run.checks()
    print(text_table(["target", "label", "value", "verdict"], checks))
    info = run.info()
    if info:
        print()
        print(text_table(["information", "label", "value"], info))
    if args.markdown:
        write_markdown(run, args.markdown)
        print("\nwrote %s" % args.markdown)
    missed = [c for c in checks if c[3] == "MISS"]
    return 1 if (args.strict and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
