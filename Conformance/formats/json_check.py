#!/usr/bin/env python3
"""icalkit's JSON against its published schema (Docs/icalkit-json.schema.json) with python's
`jsonschema` (an independent validator, pinned in Conformance/oracle/requirements.txt), and
read back by icalkit, over the given .ics files.

For each file F:
  1. `icalkit convert F --format json` validates against the schema (draft 2020-12);
  2. that JSON, read back (`icalkit convert F.json --format json`), gives the same JSON: the
     same calendars, events, reminders and fields, but for `source` (the input's name); dates
     with an offset compare as instants: JSON gives a reminder's zoned dates, and those of an
     event whose timeZone is a VTIMEZONE's own TZID (no tz database zone), only as instants,
     and those come back in UTC (the event's timeZone then "UTC").
Files in KNOWN are reported, not failed, with why.
Prints one line per failure and a closing line 'N passed, N failed, N skipped'.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

import jsonschema
import zoneinfo

ZONES = zoneinfo.available_timezones()
DATE_KEYS = {"start", "end", "due", "occurrenceDate", "recurrenceDates", "exceptionDates", "completionDate", "date"}
KNOWN = {
    "calendars/invalid_duration.ics": "DURATION:P999999999999999999W ends in year 27026419, which RFC 3339 cannot write",
}


def comparable(node, key=None):
    if isinstance(node, dict):
        return {k: comparable(v, k) for k, v in node.items() if k != "source"}
    if isinstance(node, list):
        return [comparable(v, key) for v in node]
    if key in DATE_KEYS and isinstance(node, str) and len(node) > 19:
        try:
            return datetime.datetime.fromisoformat(node.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return node
    return node


def first_difference(a, b, path=""):
    if path.endswith(".timeZone") and isinstance(a, str) and a not in ZONES and a != "UTC" and b == "UTC":
        return None   # a VTIMEZONE's own TZID: its instants come back in UTC
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only on one side"
            found = first_difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items, then {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {json.dumps(a)[:120]} then {json.dumps(b)[:120]}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--icalkit", required=True)
    parser.add_argument("--schema", required=True)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    schema = json.load(open(args.schema, encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    passed = failed = skipped = 0
    with tempfile.TemporaryDirectory() as work:
        first_path = os.path.join(work, "cal.json")
        for path in args.files:
            written = subprocess.run([args.icalkit, "convert", path, "--format", "json"], capture_output=True)
            if not written.stdout:
                skipped += 1   # nothing readable in it
                continue
            document = json.loads(written.stdout)
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            known = next((why for suffix, why in KNOWN.items() if path.endswith(suffix)), None)
            if errors and known:
                print(f"{path}: known ({known})")
                skipped += 1
                continue
            if errors:
                failed += 1
                where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in errors[0].absolute_path)
                print(f"{path}: JSON does not match the schema at {where or '(top level)'}: {errors[0].message[:200]}")
                continue
            with open(first_path, "wb") as out:
                out.write(written.stdout)
            again = subprocess.run([args.icalkit, "convert", first_path, "--format", "json"], capture_output=True)
            if again.returncode not in (0, 65) or not again.stdout:
                failed += 1
                print(f"{path}: icalkit cannot read its JSON back: {again.stderr.decode()[:200]}")
                continue
            diff = first_difference(comparable(document), comparable(json.loads(again.stdout)))
            if diff:
                failed += 1
                print(f"{path}: its JSON read back differs at {diff}")
                continue
            passed += 1
    print(f"json-check: {passed} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
