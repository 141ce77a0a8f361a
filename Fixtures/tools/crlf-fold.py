#!/usr/bin/env python3
"""Normalise hand-written fixtures: CRLF line ends, content lines folded at 75 octets.

Usage: crlf-fold.py FILE...   (rewrites each FILE in place)

A fixture is written with LF line ends and long lines unfolded; this tool folds every
line longer than 75 octets (RFC 5545 section 3.1) at a UTF-8 character boundary and
ends every line with CRLF. Lines that already start with a space (hand-folded) are kept.
Running it twice gives the same bytes. Not for fixtures whose exact bytes matter
(folded-utf8.ics, lf-only-*.ics, lone-cr-*.ics, the invalid/ files): those are written
on purpose.
"""
import sys


def fold(line: bytes) -> list[bytes]:
    out = []
    limit = 75
    while len(line) > limit:
        cut = limit
        # never split a UTF-8 sequence: back up over continuation bytes (10xxxxxx)
        while cut > 0 and (line[cut] & 0xC0) == 0x80:
            cut -= 1
        out.append(line[:cut])
        line = b" " + line[cut:]
        limit = 75
    out.append(line)
    return out


def main(paths):
    for path in paths:
        data = open(path, "rb").read()
        lines = data.replace(b"\r\n", b"\n").split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        out = []
        for line in lines:
            out.extend(fold(line))
        open(path, "wb").write(b"".join(l + b"\r\n" for l in out))


if __name__ == "__main__":
    main(sys.argv[1:])
