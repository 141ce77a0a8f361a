#!/usr/bin/env python3
"""Checks `icalkit convert F --to ics` against the independent oracle, file by file.

For each input F: convert it with icalkit, then ask the oracle (python icalendar +
recurring-ical-events, Conformance/oracle/expand.py) to expand both F and the converted file
over the same window, and compare the occurrences (uid, start, end). Also checks that python's
icalendar reads the converted file, that every component kind and property name of F is in it,
and that each VCALENDAR of it defines every TZID it uses exactly once.

With --store-check it also imports each file into a fresh store twice (the second import must
change nothing) and compares `icalkit events --format json` over the window with the oracle.

Usage: convert_check.py --icalkit PATH --python VENV_PYTHON [--from 2020-01-01 --to 2031-01-01] [--store-check] FILE...
Prints one line per file and a summary `convert-check: N passed, M failed`; exits 1 if any failed.
Files the oracle cannot read at all are reported as skipped, not passed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KNOWN = {}


def unfolded(text):
    out = []
    for line in re.split(r"\r\n|\n|\r", text):
        if line[:1] in (" ", "\t") and out:
            out[-1] += line[1:]
        elif line:
            out.append(line)
    return out


def names(text):
    found, depth = set(), 0
    for line in unfolded(text):
        if ":" not in line:
            continue
        name = re.split(r"[;:]", line, 1)[0].upper()
        if not re.fullmatch(r"[A-Z0-9-]+", name):
            continue
        if name == "BEGIN":
            depth += 1
            found.add("BEGIN:" + line.split(":", 1)[1].upper())
        elif name == "END":
            depth = max(0, depth - 1)
        elif depth > 0:
            found.add(name)
    return found


def tz_use(text):
    """All TZIDs used and the number of times each is defined, over the whole text."""
    used, defined = set(), {}
    for cal_used, cal_defined in tz_per_calendar(text):
        used |= cal_used
        for t, n in cal_defined.items():
            defined[t] = max(defined.get(t, 0), n)
    return used, defined


def tz_problems(text, source):
    """TZIDs used without a definition, or defined twice, in a VCALENDAR of `text`, except
    what the source itself did (an unknown zone it never defined, a zone it defined twice)."""
    src_used, src_defined = tz_use(source)
    exempt_undefined = {t for t in src_used if t not in src_defined}
    exempt_repeated = {t for t, n in src_defined.items() if n > 1}
    problems = []
    for used, defined in tz_per_calendar(text):
        problems += [f"TZID {t!r} used but not defined" for t in sorted(used) if t not in defined and t not in exempt_undefined]
        problems += [f"TZID {t!r} defined {n} times" for t, n in sorted(defined.items()) if n > 1 and t not in exempt_repeated]
    return problems


def tz_per_calendar(text):
    out = []
    for cal in re.split(r"END:VCALENDAR\r?\n", text):
        used, defined, in_tz = set(), {}, False
        for line in unfolded(cal):
            if line == "BEGIN:VTIMEZONE":
                in_tz = True
            elif line == "END:VTIMEZONE":
                in_tz = False
            elif in_tz and line.startswith("TZID:"):
                tzid = re.sub(r"\\([,;\\])", r"\1", line[5:])  # TZID is TEXT: undo escapes
                defined[tzid] = defined.get(tzid, 0) + 1
            else:
                m = re.search(r';TZID=("([^"]*)"|[^;:]*)', line.split(":", 1)[0] if '"' not in line else line)
                if m:
                    used.add(m.group(2) if m.group(2) is not None else m.group(1))
        out.append((used, defined))
    return out


def has_bare_components(text):
    """True when a component sits outside any VCALENDAR (the oracle reads only VCALENDARs)."""
    depth = 0
    for line in unfolded(text):
        upper = line.upper()
        if upper.startswith("BEGIN:"):
            if depth == 0 and upper != "BEGIN:VCALENDAR":
                return True
            depth += 1
        elif upper.startswith("END:"):
            depth = max(0, depth - 1)
    return False


def expand(python, files, start, end):
    cmd = [python, os.path.join(HERE, "oracle", "expand.py"), *files, "--from", start, "--to", end,
           "--components", "VEVENT,VTODO"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return {f["file"]: f for f in json.loads(out)["files"]}


def key(o):
    return (o["uid"], o["start"], o["end"])


def to_oracle_form(text):
    """icalkit's JSON time (RFC 3339 with offset, Z, floating, or a date) in the oracle's form:
    zoned and UTC times in UTC with Z; floating and dates as written."""
    import datetime as dt
    if len(text) == 10 or (len(text) == 19 and text[10] == "T"):
        return text
    t = dt.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(dt.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def known_differences(path):
    """The machine-readable block of KNOWN_DIFFERENCES.md: {file: {"oracle"|"icalkit": {(uid, start, end)}}},
    times without a trailing Z (the conformance runner compares wall clock in UTC)."""
    table = {}
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        return table
    block = re.search(r"```known-differences\n(.*?)```", text, re.S)
    for line in (block.group(1) if block else "").splitlines():
        if line.startswith("#") or "|" not in line:
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) < 5:
            continue
        table.setdefault(parts[0], {}).setdefault(parts[2], set()).add((parts[1], parts[3], parts[4]))
    return table


def strip_z(k):
    return (k[0], k[1].rstrip("Z"), k[2].rstrip("Z"))


def is_known(k, entries):
    """True when an entry (with `*` matching anything, as the conformance runner reads it) names k."""
    k = strip_z(k)
    return any(all(e == "*" or e == v for e, v in zip(entry, k)) for entry in entries)


def store_check(icalkit, path, start, end, tmp):
    """Problems found importing `path` twice into a fresh store and listing its events."""
    store = os.path.join(tmp, "store-" + str(abs(hash(path))) + ".sqlite")
    problems = []
    first = subprocess.run([icalkit, "--store", store, "import", path, "--format", "json"], capture_output=True, text=True)
    if first.returncode not in (0, 65):
        return [f"import exited {first.returncode}: {first.stderr.strip()[:200]}"], None
    second = subprocess.run([icalkit, "--store", store, "import", path, "--format", "json"], capture_output=True, text=True)
    try:
        report = json.loads(second.stdout)
        for f in report["files"]:
            for c in f.get("calendars", []):
                if c["added"] or c["updated"] or c.get("removed", 0):
                    problems.append(f"second import changed the store: {c['added']} added, {c['updated']} updated")
    except (ValueError, KeyError) as e:
        problems.append(f"second import report unreadable: {e}")
    ev = subprocess.run([icalkit, "--store", store, "events", "--from", start, "--to", end, "--tz", "UTC",
                         "--format", "json", "--include-cancelled"], capture_output=True, text=True)
    if ev.returncode != 0:
        return problems + [f"events exited {ev.returncode}: {ev.stderr.strip()[:200]}"], None
    # A UID icalkit derived for a component without one is the oracle's missing UID.
    occurrences = [("" if o["uid"].startswith("icalkit-derived-") else o["uid"].strip(), to_oracle_form(o["start"]), to_oracle_form(o["end"])) for o in json.loads(ev.stdout)["events"]]
    return problems, occurrences


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--icalkit", required=True)
    ap.add_argument("--python", required=True)
    ap.add_argument("--from", dest="start", default="2020-01-01")
    ap.add_argument("--to", dest="end", default="2031-01-01")
    ap.add_argument("--store-check", action="store_true")
    ap.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    KNOWN.update(known_differences(os.path.join(HERE, "KNOWN_DIFFERENCES.md")))

    passed = failed = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        converted = {}
        for i, f in enumerate(args.files):
            out = os.path.join(tmp, f"{i}.ics")
            r = subprocess.run([args.icalkit, "convert", f, "--to", "ics", "-o", out], capture_output=True, text=True)
            if r.returncode not in (0, 65) or not os.path.exists(out):
                print(f"FAIL {f}: icalkit convert exited {r.returncode}: {r.stderr.strip()[:200]}")
                failed += 1
                continue
            converted[f] = out
        originals = expand(args.python, list(converted), args.start, args.end)
        copies = expand(args.python, list(converted.values()), args.start, args.end)
        for f, out in converted.items():
            a, b = originals[f], copies[out]
            if a["error"]:
                print(f"SKIP {f}: the oracle cannot read the original ({a['error'][:120]})")
                skipped += 1
                continue
            src = open(f, encoding="utf-8", errors="replace").read()
            if has_bare_components(src):
                print(f"SKIP {f}: components outside any VCALENDAR, which the oracle does not read")
                skipped += 1
                continue
            problems = []
            if b["error"]:
                problems.append(f"python icalendar cannot read the converted file: {b['error'][:200]}")
            else:
                ka = sorted(map(key, a["occurrences"]))
                kb = sorted(map(key, b["occurrences"]))
                if ka != kb:
                    only_a = [k for k in ka if k not in kb][:3]
                    only_b = [k for k in kb if k not in ka][:3]
                    problems.append(f"occurrences differ: only in original {only_a}, only in converted {only_b}")
            dst = open(out, encoding="utf-8").read()
            lost = sorted(names(src) - names(dst))
            if lost:
                problems.append(f"lost {lost}")
            problems += tz_problems(dst, src)
            if args.store_check:
                store_problems, listed = store_check(args.icalkit, f, args.start, args.end, tmp)
                problems += store_problems
                if listed is not None and not a["error"]:
                    # `events` lists VEVENTs; documented differences (KNOWN_DIFFERENCES.md,
                    # icalkit right per RFC 5545) are taken out of both sides.
                    rel = os.path.relpath(f, args.corpus) if not os.path.relpath(f, args.corpus).startswith("..") \
                        else os.path.relpath(f, os.path.join(HERE, ".."))
                    known = KNOWN.get(rel, {})
                    expected = sorted(k for k in (((u or "").strip(), s_, e) for (u, s_, e) in
                                                  map(key, [o for o in a["occurrences"] if o.get("kind", "VEVENT") == "VEVENT"]))
                                      if not is_known(k, known.get("oracle", set())))
                    listed = [k for k in listed if not is_known(k, known.get("icalkit", set()))]
                    if sorted(listed) != expected:
                        only_o = [k for k in expected if k not in listed][:3]
                        only_i = [k for k in listed if k not in expected][:3]
                        problems.append(f"`icalkit events` differs from the oracle: only oracle {only_o}, only icalkit {only_i}")
            if problems:
                failed += 1
                print(f"FAIL {f}: " + "; ".join(problems))
            else:
                passed += 1
                print(f"ok   {f}: {len(a['occurrences'])} occurrences")
    print(f"convert-check: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
