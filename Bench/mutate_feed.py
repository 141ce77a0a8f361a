#!/usr/bin/env python3
"""Writes a changed copy of a generated feed for the feed_changed stage of Bench/run.sh.

    python3 Bench/mutate_feed.py IN OUT

Of the top-level components (VEVENT, VTODO), the one at index 100k + 37 is dropped and the one
at 100k + 71 gets a new SUMMARY, so 1% of items are removed and 1% changed; the rest of the
bytes, VTIMEZONEs included, are copied unchanged. Prints the two counts.
"""
import sys



def with_summary(lines, summary):
    """The lines with the SUMMARY property (and its folded continuation lines) replaced."""
    result, skipping = [], False
    for line in lines:
        if skipping and line.startswith((b" ", b"\t")):
            continue
        skipping = line.startswith((b"SUMMARY:", b"SUMMARY;"))
        result.append(summary if skipping else line)
    return result


src, dst = sys.argv[1:3]
index = removed = changed = 0
block = None
with open(src, "rb") as f, open(dst, "wb") as out:
    for line in f:
        if block is None and line.startswith((b"BEGIN:VEVENT", b"BEGIN:VTODO")):
            block = [line]
            continue
        if block is None:
            out.write(line)
            continue
        block.append(line)
        if line.startswith((b"END:VEVENT", b"END:VTODO")):
            kind = index % 100
            index += 1
            if kind == 37:
                removed += 1
            else:
                if kind == 71:
                    block = with_summary(block, b"SUMMARY:Changed in the feed\r\n")
                    changed += 1
                out.writelines(block)
            block = None
print("%d items: %d removed, %d changed" % (index, removed, changed))
