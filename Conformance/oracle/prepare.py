#!/usr/bin/env python3
"""Copy corpus files into a staging folder in the form the oracle can read.

Usage: prepare.py SRC_ROOT DEST_ROOT RELPATH...

Two limits of the oracle (see README.md) would fail whole files that icalkit reads, so the
staged copy differs from the original only in these ways (each change is printed to stderr):

1. Components outside any VCALENDAR (bare VEVENT/VTODO/VTIMEZONE files) are wrapped in one
   VCALENDAR, which is how icalkit reads them too.
2. A VEVENT without DTSTART is left out: icalendar fails the whole file with
   KeyError 'DTSTART', and icalkit keeps such an event verbatim without placing it (RFC 5545
   3.6.1 lets iTIP messages omit DTSTART; such an event has no time on a calendar).

Everything else is copied byte for byte. Data only: no network, no state.
"""
import os
import re
import sys


def unfold_names(lines):
    """(index of first physical line, upper-cased property name) for each logical line."""
    out = []
    for i, line in enumerate(lines):
        if line[:1] in (b" ", b"\t") and out:
            continue
        name = re.split(rb"[;:]", line, maxsplit=1)[0].strip().upper()
        out.append((i, name, line))
    return out


def prepare(data: bytes):
    notes = []
    crlf = b"\r\n" in data
    eol = b"\r\n" if crlf else b"\n"
    lines = re.split(rb"\r\n|\n", data)
    logical = unfold_names(lines)
    has_vcalendar = any(n == b"BEGIN" and line.split(b":", 1)[-1].strip().upper() == b"VCALENDAR" for _, n, line in logical)

    # Drop VEVENTs without DTSTART (only their own level counts, not a VALARM inside).
    drop = set()
    stack = []  # (component name, first physical index, has dtstart)
    for idx, (i, name, line) in enumerate(logical):
        if name == b"BEGIN":
            comp = line.split(b":", 1)[-1].strip().upper()
            stack.append([comp, i, False])
        elif name == b"END":
            if stack:
                comp, start, has = stack.pop()
                if comp == b"VEVENT" and not has:
                    end = logical[idx + 1][0] if idx + 1 < len(logical) else len(lines)
                    drop.update(range(start, end))
                    notes.append(f"VEVENT at line {start + 1} has no DTSTART: left out")
        elif name == b"DTSTART" and stack and stack[-1][0] == b"VEVENT":
            stack[-1][2] = True
    if drop:
        lines = [l for i, l in enumerate(lines) if i not in drop]
    body = eol.join(lines)
    if not has_vcalendar:
        notes.append("no VCALENDAR: wrapped in one")
        if not body.endswith(eol):
            body += eol
        body = (b"BEGIN:VCALENDAR" + eol + b"VERSION:2.0" + eol + b"PRODID:-//icalkit//conformance wrapper//EN" + eol
                + body + b"END:VCALENDAR" + eol)
    return body, notes


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    src, dest = argv[1], argv[2]
    changed = 0
    for rel in argv[3:]:
        with open(os.path.join(src, rel), "rb") as f:
            data = f.read()
        out, notes = prepare(data)
        path = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(out)
        if notes:
            changed += 1
            for n in notes:
                print(f"prepare: {rel}: {n}", file=sys.stderr)
    print(f"prepare: {len(argv) - 3} files staged, {changed} changed for the oracle", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
