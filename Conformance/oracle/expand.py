#!/usr/bin/env python3
"""Independent recurrence oracle for icalkit, built on icalendar + recurring-ical-events.

Usage:
    expand.py FILE... --from ISO --to ISO [--tz ZONE] [--components VEVENT,VTODO]
              [--keep-floating] [--skip-bad-series]
              [--per-file-timeout SECONDS] [--max-memory-mb MB] [--timing]

Prints one JSON document to stdout:

    {"files": [{"file": PATH, "error": null | "message",
                "warnings": ["..."],              # parse problems icalendar tolerated
                "occurrences": [{"uid", "kind", "start", "end", "recurrenceId",
                                 "summary", "status"}]}]}

Time values: zoned and UTC date-times are converted to UTC and written with "Z"
("2026-03-10T09:00:00Z"); floating date-times are written without offset
("2026-04-18T10:00:00"); dates are written "YYYY-MM-DD". Occurrences are sorted by
(start, uid) comparing these strings. `end` is DTEND, DUE, or start + DURATION as
recurring-ical-events computes it (a VTODO without DTSTART uses DUE as start). `recurrenceId`
is the occurrence's RECURRENCE-ID when its UID belongs to a series (a component with RRULE,
RDATE or RECURRENCE-ID), else null: recurring-ical-events sets one on every occurrence,
single events included, and that is not reported.

--from/--to: "YYYY-MM-DD" (midnight) or "YYYY-MM-DDTHH:MM[:SS]" (wall clock), both in
--tz (default UTC), or with "Z"/an offset. The window is handed unchanged to
recurring_ical_events.of(calendar, components=...).between(from, to).

X-WR-TIMEZONE: recurring_ical_events.of() itself runs x_wr_timezone.to_standard() on
each calendar, which rewrites floating and UTC times into the X-WR-TIMEZONE zone (what
Google Calendar means by it). --keep-floating builds recurring_ical_events.CalendarQuery
directly instead, skipping that step, so floating times stay floating.

Each file is expanded in its own child process with a time limit (--per-file-timeout,
default 60 s) and an address-space limit (--max-memory-mb, default 1536), so one file
that hangs, blows up or crashes the library yields an "error" for that file and the run
goes on. Exit status: 0 when the run completed (even if some files have errors), 64 on
bad usage.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing
import os
import resource
import sys
import time
import traceback
import zoneinfo

UTC = dt.timezone.utc


def parse_when(text: str, tz: dt.tzinfo) -> dt.datetime:
    try:
        if len(text) == 10:
            value = dt.datetime.combine(dt.date.fromisoformat(text), dt.time())
        else:
            value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"bad time {text!r}: use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS], optionally with Z or +HH:MM"
        )
    if value.tzinfo is None:
        value = value.replace(tzinfo=tz)
    return value


def fmt(value) -> str | None:
    """Format a date / date-time the way the oracle's JSON promises."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            return value.strftime("%Y-%m-%dT%H:%M:%S")
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, dt.date):
        return value.strftime("%Y-%m-%d")
    return str(value)


def prop_time(component, name):
    prop = component.get(name)
    if prop is None:
        return None
    if isinstance(prop, list):  # repeated property: take the first
        prop = prop[0]
    return getattr(prop, "dt", prop)


def recurring_uids(calendar, components) -> set:
    """UIDs of series: a component with RRULE or RDATE, or any RECURRENCE-ID for the UID."""
    uids = set()
    for component in calendar.walk():
        if component.name in components and (
            "RRULE" in component or "RDATE" in component or "RECURRENCE-ID" in component
        ):
            uids.add(str(component.get("UID")))
    return uids


def occurrence_json(component, series_uids) -> dict:
    start = prop_time(component, "DTSTART")
    end = prop_time(component, "DTEND")
    if component.name == "VTODO":
        due = prop_time(component, "DUE")
        if start is None:
            start = due
        if end is None:
            end = due
    if end is None and start is not None:
        duration = prop_time(component, "DURATION")
        if isinstance(duration, dt.timedelta):
            end = start + duration
        elif isinstance(start, dt.datetime):
            end = start
        else:
            end = start + dt.timedelta(days=1)
    uid = component.get("UID")
    summary = component.get("SUMMARY")
    status = component.get("STATUS")
    return {
        "uid": None if uid is None else str(uid),
        "kind": component.name,
        "start": fmt(start),
        "end": fmt(end),
        # recurring-ical-events puts a RECURRENCE-ID on every occurrence, even of a
        # single event; report it only for series (see recurring_uids).
        "recurrenceId": fmt(prop_time(component, "RECURRENCE-ID"))
        if str(uid) in series_uids else None,
        "summary": None if summary is None else str(summary),
        "status": None if status is None else str(status),
    }


def collect_warnings(component, out: list[str]) -> None:
    for prop, message in getattr(component, "errors", []) or []:
        out.append(f"{component.name}: {prop}: {message}")
    for sub in component.subcomponents:
        collect_warnings(sub, out)


def expand_file(path: str, start, stop, components, keep_floating, skip_bad_series=False) -> dict:
    """Expand one file. Runs in a child process; exceptions become the file's error."""
    import icalendar
    import recurring_ical_events

    result = {"file": path, "error": None, "warnings": [], "occurrences": []}
    try:
        with open(path, "rb") as f:
            data = f.read()
        roots = icalendar.Calendar.from_ical(data, multiple=True)
        calendars = [c for c in roots if c.name == "VCALENDAR"]
        if not calendars:
            # bare components (a VEVENT without VCALENDAR) are not expanded
            found = ", ".join(sorted({c.name for c in roots})) or "nothing"
            raise ValueError(f"no VCALENDAR component found (top level: {found})")
        occurrences = []
        for calendar in calendars:
            collect_warnings(calendar, result["warnings"])
            if keep_floating:
                # of() always runs x_wr_timezone.to_standard(); build the query without it
                query = recurring_ical_events.CalendarQuery(
                    calendar, components=components, skip_bad_series=skip_bad_series)
            else:
                # of() applies X-WR-TIMEZONE itself (x_wr_timezone.to_standard)
                query = recurring_ical_events.of(
                    calendar, components=components, skip_bad_series=skip_bad_series)
            series_uids = recurring_uids(calendar, components)
            occurrences.extend(
                occurrence_json(c, series_uids) for c in query.between(start, stop))
        occurrences.sort(key=lambda o: (o["start"] or "", o["uid"] or ""))
        result["occurrences"] = occurrences
    except BaseException as error:  # noqa: BLE001 - every failure is data for the oracle
        result["error"] = f"{type(error).__name__}: {error}".strip()
        result["occurrences"] = []
    return result


def child_main(conn, path, start, stop, components, keep_floating, max_memory_mb,
               skip_bad_series):
    if max_memory_mb:
        limit = max_memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(10000)
    try:
        result = expand_file(path, start, stop, components, keep_floating, skip_bad_series)
    except BaseException as error:  # noqa: BLE001
        result = {"file": path, "error": f"{type(error).__name__}: {error}",
                  "warnings": [], "occurrences": []}
    try:
        conn.send_bytes(json.dumps(result).encode())
    except BaseException:  # noqa: BLE001
        traceback.print_exc()
    conn.close()


def run_isolated(path, args) -> dict:
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(
        target=child_main,
        args=(child, path, args.start, args.stop, args.components,
              args.keep_floating, args.max_memory_mb, args.skip_bad_series),
    )
    proc.start()
    child.close()
    error = None
    payload = None
    try:
        if parent.poll(args.per_file_timeout):
            payload = parent.recv_bytes()
        else:
            error = f"timeout: no result after {args.per_file_timeout:g} s"
    except EOFError:
        pass
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
    if payload is not None:
        return json.loads(payload)
    if error is None:
        error = f"oracle child process died (exit code {proc.exitcode})"
    return {"file": path, "error": error, "warnings": [], "occurrences": []}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        description="Expand iCalendar files with recurring-ical-events and print JSON.")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--from", dest="start_text", required=True, metavar="ISO")
    parser.add_argument("--to", dest="stop_text", required=True, metavar="ISO")
    parser.add_argument("--tz", default="UTC",
                        help="zone for --from/--to without offset (default UTC)")
    parser.add_argument("--components", default="VEVENT",
                        help="comma-separated component names (default VEVENT)")
    parser.add_argument("--keep-floating", action="store_true",
                        help="do not apply X-WR-TIMEZONE (x_wr_timezone.to_standard)")
    parser.add_argument("--skip-bad-series", action="store_true",
                        help="pass skip_bad_series=True: drop series the library cannot "
                             "expand instead of failing the whole file")
    parser.add_argument("--per-file-timeout", type=float, default=60.0, metavar="SECONDS")
    parser.add_argument("--max-memory-mb", type=int, default=1536, metavar="MB",
                        help="address-space limit of each file's child process (0: none)")
    parser.add_argument("--timing", action="store_true",
                        help="add per-file seconds to the output (not for committed data)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 64 if e.code else 0
    try:
        tz = UTC if args.tz.upper() == "UTC" else zoneinfo.ZoneInfo(args.tz)
        args.start = parse_when(args.start_text, tz)
        args.stop = parse_when(args.stop_text, tz)
    except (argparse.ArgumentTypeError, zoneinfo.ZoneInfoNotFoundError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 64
    args.components = [c.strip().upper() for c in args.components.split(",") if c.strip()]

    files = []
    for path in args.files:
        began = time.monotonic()
        result = run_isolated(path, args)
        if args.timing:
            result["seconds"] = round(time.monotonic() - began, 3)
        files.append(result)
    json.dump({"files": files}, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
