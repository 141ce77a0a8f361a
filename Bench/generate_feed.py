#!/usr/bin/env python3
"""Write a synthetic, deterministic iCalendar (RFC 5545) feed for benchmarks.

    generate_feed.py --out FILE --items N [--seed S]
    generate_feed.py --out FILE --bytes B [--seed S]     (B accepts 500M, 2G, 123456)

An "item" is one UID: a VEVENT or VTODO master, plus, for some recurring events,
RECURRENCE-ID override components that share the master's UID. Every tenth item is a
VTODO. About a quarter of all items recurring (DAILY/WEEKLY/MONTHLY/YEARLY, mixing
COUNT, UNTIL and endless rules), some with EXDATEs and overrides that hit real
instances. All-day items, VALARMs, ORGANIZER/ATTENDEEs, UTC times and five IANA zones
(each with its own VTIMEZONE block). Dates spread over 2020-2030. Output is CRLF with
75-octet folding (never inside a UTF-8 sequence), written as a stream: the --bytes mode
never holds more than one item in memory.

Python standard library only. Same arguments -> byte-identical file.
"""
import argparse
import datetime as dt
import random
import sys

CRLF = "\r\n"
DTSTAMP = "20250101T120000Z"  # fixed so output is deterministic

# Hand-written VTIMEZONE definitions using the current rules of each zone.
VTIMEZONES = {
    "Europe/Berlin": [
        ("DAYLIGHT", "19700329T020000", "+0100", "+0200", "CEST", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
        ("STANDARD", "19701025T030000", "+0200", "+0100", "CET", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
    ],
    "America/New_York": [
        ("DAYLIGHT", "19700308T020000", "-0500", "-0400", "EDT", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"),
        ("STANDARD", "19701101T020000", "-0400", "-0500", "EST", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"),
    ],
    "America/Los_Angeles": [
        ("DAYLIGHT", "19700308T020000", "-0800", "-0700", "PDT", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"),
        ("STANDARD", "19701101T020000", "-0700", "-0800", "PST", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"),
    ],
    "Asia/Tokyo": [
        ("STANDARD", "19700101T000000", "+0900", "+0900", "JST", None),
    ],
    "Australia/Sydney": [
        ("STANDARD", "19700405T030000", "+1100", "+1000", "AEST", "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU"),
        ("DAYLIGHT", "19701004T020000", "+1000", "+1100", "AEDT", "FREQ=YEARLY;BYMONTH=10;BYDAY=1SU"),
    ],
}
ZONES = list(VTIMEZONES)

WORDS = ("planning review sync standup budget design retro offsite launch demo interview "
         "lunch dentist yoga football piano board quarterly kickoff onboarding audit "
         "Müller Zürich café Tōkyō Sydney naïve façade").split()
PLACES = ["Room 4.12", "Berlin, Alexanderplatz 1", "Zoom; link in notes", "Café Größenwahn",
          "東京都千代田区", "Conference Room B", "1 Infinite Loop, Cupertino, CA"]
PEOPLE = [("Jane Doe", "jane"), ("Doe, John", "john"), ("Zoë Åkesson", "zoe"),
          ("山田太郎", "taro"), ("Ana María López", "ana"), ("Bob O'Neil", "bob"),
          ("Chen Wei", "wei"), ("Fatima Zahra", "fatima")]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
START = dt.date(2020, 1, 1)
SPAN_DAYS = (dt.date(2030, 12, 31) - START).days


def fold(line):
    """Fold one content line at 75 octets, never splitting a UTF-8 sequence."""
    raw = line.encode("utf-8")
    if len(raw) <= 75:
        return raw + b"\r\n"
    out = []
    limit = 75
    while len(raw) > limit:
        cut = limit
        while cut > 0 and (raw[cut] & 0xC0) == 0x80:
            cut -= 1
        out.append(raw[:cut])
        raw = raw[cut:]
        limit = 74  # continuation lines start with one space
    out.append(raw)
    return b"\r\n ".join(out) + b"\r\n"


def text(value):
    """Escape a TEXT value (RFC 5545 3.3.11)."""
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def param(value):
    """Quote a parameter value when it contains ; : or ,."""
    return '"%s"' % value if any(c in value for c in ';:,') else value


def fmt_date(d):
    return d.strftime("%Y%m%d")


def fmt_local(t):
    return t.strftime("%Y%m%dT%H%M%S")


def add_months(d, months):
    m = d.month - 1 + months
    return d.replace(year=d.year + m // 12, month=m % 12 + 1)


class Timing:
    """How one item's times are written: all-day, UTC or in a zone."""

    def __init__(self, kind, zone=None):
        self.kind, self.zone = kind, zone

    def prop(self, name, t):
        if self.kind == "date":
            return "%s;VALUE=DATE:%s" % (name, fmt_date(t))
        if self.kind == "utc":
            return "%s:%sZ" % (name, fmt_local(t))
        return "%s;TZID=%s:%s" % (name, self.zone, fmt_local(t))


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.stats = dict(items=0, events=0, todos=0, recurring=0, overrides=0,
                          exdates=0, allday=0, alarms=0)

    # -- pieces -------------------------------------------------------------------
    def sentence(self, n):
        return " ".join(self.rng.choice(WORDS) for _ in range(n))

    def timing(self):
        r = self.rng.random()
        if r < 0.12:
            return Timing("date")
        if r < 0.30:
            return Timing("utc")
        return Timing("zone", self.rng.choice(ZONES))

    def start_time(self, timing, monthly=False):
        day = START + dt.timedelta(days=self.rng.randrange(SPAN_DAYS))
        if monthly and day.day > 28:
            day = day.replace(day=28)
        if day.month == 2 and day.day == 29:
            day = day.replace(day=28)
        if timing.kind == "date":
            return day
        # 07:00-19:45: never inside a DST gap or fold of the five zones
        return dt.datetime(day.year, day.month, day.day, self.rng.randrange(7, 20),
                           self.rng.choice((0, 15, 30, 45)))

    def common(self, lines, uid, summary):
        lines.append("UID:" + uid)
        lines.append("DTSTAMP:" + DTSTAMP)
        lines.append("CREATED:20240301T080000Z")
        lines.append("SUMMARY:" + text(summary))
        r = self.rng.random()
        if r < 0.6:
            desc = "\n".join(self.sentence(self.rng.randrange(4, 30)).capitalize() + "."
                             for _ in range(self.rng.randrange(1, 4)))
            if r < 0.1:
                desc += "\nAgenda: a, b; c — see https://example.com/a?b=1&c=2"
            lines.append("DESCRIPTION:" + text(desc))
        if self.rng.random() < 0.4:
            lines.append("LOCATION:" + text(self.rng.choice(PLACES)))
        if self.rng.random() < 0.2:
            lines.append("CATEGORIES:" + ",".join(text(self.rng.choice(WORDS)) for _ in range(2)))
        if self.rng.random() < 0.1:
            lines.append("URL:https://example.com/items/%s" % uid.split("@")[0])

    def people(self, lines):
        org = self.rng.choice(PEOPLE)
        lines.append("ORGANIZER;CN=%s:mailto:%s@example.com" % (param(org[0]), org[1]))
        for who in self.rng.sample(PEOPLE, self.rng.randrange(1, 5)):
            lines.append("ATTENDEE;CN=%s;ROLE=%s;PARTSTAT=%s;RSVP=TRUE:mailto:%s@example.org" % (
                param(who[0]), self.rng.choice(("REQ-PARTICIPANT", "OPT-PARTICIPANT", "CHAIR")),
                self.rng.choice(("NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE")), who[1]))

    def alarms(self, lines, related_end=False):
        self.stats["alarms"] += 1
        for _ in range(self.rng.choice((1, 1, 1, 2))):
            lines.append("BEGIN:VALARM")
            r = self.rng.random()
            if r < 0.7:
                lines.append("ACTION:DISPLAY")
                lines.append("DESCRIPTION:Reminder")
            else:
                lines.append("ACTION:AUDIO")
            minutes = self.rng.choice((5, 10, 15, 30, 60, 1440))
            lines.append("TRIGGER%s:-PT%dM" % (";RELATED=END" if related_end else "", minutes))
            if self.rng.random() < 0.15:
                lines.append("REPEAT:2")
                lines.append("DURATION:PT5M")
            lines.append("END:VALARM")

    # -- items --------------------------------------------------------------------
    def rrule(self, timing, start):
        """Return (rule, freq, interval, count or None, until day or None, per period)."""
        freq = self.rng.choice(("DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "YEARLY"))
        interval = self.rng.choice((1, 1, 1, 2, 3)) if freq != "YEARLY" else 1
        parts = ["FREQ=" + freq]
        if interval > 1:
            parts.append("INTERVAL=%d" % interval)
        per_period = 1  # instances per period, to keep EXDATEs below COUNT
        if freq == "WEEKLY" and self.rng.random() < 0.5:
            days = {start.weekday()} | {self.rng.randrange(7) for _ in range(2)}
            parts.append("BYDAY=" + ",".join(WEEKDAYS[d] for d in sorted(days)))
            per_period = len(days)
        if freq == "MONTHLY" and self.rng.random() < 0.3:
            parts.append("BYMONTHDAY=%d" % start.day)
        end = self.rng.random()
        count = until = None
        if end < 0.33:
            count = self.rng.choice((3, 5, 10, 20, 52, 100))
            parts.append("COUNT=%d" % count)
        elif end < 0.66:
            day = (start if timing.kind == "date" else start.date())
            until = day + dt.timedelta(days=self.rng.randrange(20, 1500))
            if timing.kind == "date":
                parts.append("UNTIL=" + fmt_date(until))
            else:  # with DTSTART in a zone or UTC, UNTIL must be UTC
                parts.append("UNTIL=%sT235959Z" % fmt_date(until))
        return ";".join(parts), freq, interval, count, until, per_period

    @staticmethod
    def instance(start, freq, interval, k):
        """The start of one instance k steps after DTSTART (always a true instance)."""
        if freq == "DAILY":
            return start + dt.timedelta(days=interval * k)
        if freq == "WEEKLY":
            return start + dt.timedelta(weeks=interval * k)
        if freq == "MONTHLY":
            return add_months(start, interval * k)
        return start.replace(year=start.year + k)

    def event(self, n, uid, recurring):
        rng = self.rng
        timing = self.timing()
        lines = ["BEGIN:VEVENT"]
        summary = self.sentence(rng.randrange(1, 5)).capitalize()
        self.common(lines, uid, summary)
        rule = None
        start = self.start_time(timing, monthly=recurring)
        if timing.kind == "date":
            self.stats["allday"] += 1
            length = dt.timedelta(days=rng.choice((1, 1, 1, 2, 3)))
        else:
            length = dt.timedelta(minutes=rng.choice((15, 30, 45, 60, 60, 90, 120, 480)))
        lines.append(timing.prop("DTSTART", start))
        if rng.random() < 0.25 and timing.kind != "date":
            lines.append("DURATION:PT%dM" % (length.total_seconds() // 60))
        else:
            lines.append(timing.prop("DTEND", start + length))
        if recurring:
            self.stats["recurring"] += 1
            rule = self.rrule(timing, start)
            lines.append("RRULE:" + rule[0])
        lines.append("STATUS:" + rng.choice(("CONFIRMED", "CONFIRMED", "TENTATIVE")))
        if rng.random() < 0.3:
            lines.append("TRANSP:TRANSPARENT")
        if rng.random() < 0.3:
            self.people(lines)
        overrides = []
        if rule:
            _, freq, interval, count, until, per_period = rule
            steps = rng.sample(range(1, 6), 3)
            usable = []
            for k in steps:
                if count is not None and k * per_period >= count:
                    continue
                t = self.instance(start, freq, interval, k)
                day = t if timing.kind == "date" else t.date()
                if until is not None and day >= until:
                    continue
                usable.append(t)
            if usable and rng.random() < 0.3:
                for t in usable[:rng.choice((1, 2))]:
                    lines.append(timing.prop("EXDATE", t))
                    self.stats["exdates"] += 1
                usable = usable[2:]
            if usable and rng.random() < 0.35:
                overrides.append(usable[0])
        if rng.random() < 0.3:
            self.alarms(lines)
        lines.append("END:VEVENT")
        for t in overrides:
            self.stats["overrides"] += 1
            moved = t + (dt.timedelta(days=1) if timing.kind == "date" else dt.timedelta(hours=2))
            lines += ["BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:" + DTSTAMP,
                      timing.prop("RECURRENCE-ID", t), timing.prop("DTSTART", moved),
                      timing.prop("DTEND", moved + length), "SEQUENCE:1",
                      "SUMMARY:" + text(summary + " (moved)"), "END:VEVENT"]
        return lines

    def todo(self, n, uid):
        rng = self.rng
        lines = ["BEGIN:VTODO"]
        self.common(lines, uid, "Todo: " + self.sentence(rng.randrange(1, 5)))
        has_due = rng.random() < 0.7
        if has_due:
            timing = self.timing()
            due = self.start_time(timing)
            if rng.random() < 0.3:
                lines.append(timing.prop("DTSTART", due - dt.timedelta(days=rng.randrange(1, 10))))
            lines.append(timing.prop("DUE", due))
        lines.append("PRIORITY:%d" % rng.choice((0, 1, 5, 9)))
        if rng.random() < 0.3:
            lines += ["STATUS:COMPLETED", "PERCENT-COMPLETE:100", "COMPLETED:20250102T090000Z"]
        else:
            lines.append("STATUS:NEEDS-ACTION")
        if has_due and rng.random() < 0.3:
            self.alarms(lines, related_end=True)
        lines.append("END:VTODO")
        return lines

    def item(self, n):
        """Encoded bytes of item number n (0-based)."""
        uid = "bench-%d-%07d@icalkit.invalid" % (self.seed, n)
        self.stats["items"] += 1
        if n % 10 == 9:
            self.stats["todos"] += 1
            lines = self.todo(n, uid)
        else:
            self.stats["events"] += 1
            # 25% of all items, all of them among the 90% that are events
            lines = self.event(n, uid, self.rng.random() < 0.25 / 0.9)
        return b"".join(fold(l) for l in lines)

    def header(self):
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icalkit//bench feed generator//EN",
                 "CALSCALE:GREGORIAN", "X-WR-CALNAME:Bench feed (seed %d)" % self.seed]
        for tzid, blocks in VTIMEZONES.items():
            lines += ["BEGIN:VTIMEZONE", "TZID:" + tzid]
            for kind, start, off_from, off_to, name, rule in blocks:
                lines += ["BEGIN:" + kind, "DTSTART:" + start, "TZOFFSETFROM:" + off_from,
                          "TZOFFSETTO:" + off_to, "TZNAME:" + name]
                if rule:
                    lines.append("RRULE:" + rule)
                lines.append("END:" + kind)
            lines.append("END:VTIMEZONE")
        return b"".join(fold(l) for l in lines)


def parse_size(s):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    s = s.strip().upper().rstrip("B")
    if s and s[-1] in units:
        return int(float(s[:-1]) * units[s[-1]])
    return int(s)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="output file ('-' for stdout)")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--items", type=int, help="number of items (UIDs)")
    group.add_argument("--bytes", type=parse_size, help="target size, e.g. 500M")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    gen = Generator(args.seed)
    out = sys.stdout.buffer if args.out == "-" else open(args.out, "wb", buffering=1 << 20)
    written = 0
    footer = b"END:VCALENDAR\r\n"
    try:
        chunk = gen.header()
        out.write(chunk)
        written += len(chunk)
        n = 0
        while True:
            if args.items is not None and n >= args.items:
                break
            if args.bytes is not None and written + len(footer) >= args.bytes:
                break
            chunk = gen.item(n)
            out.write(chunk)
            written += len(chunk)
            n += 1
        out.write(footer)
        written += len(footer)
    finally:
        if out is not sys.stdout.buffer:
            out.close()
    stats = " ".join("%s=%d" % kv for kv in gen.stats.items())
    print("generate_feed: %s bytes=%d %s" % (args.out, written, stats), file=sys.stderr)


if __name__ == "__main__":
    main()
