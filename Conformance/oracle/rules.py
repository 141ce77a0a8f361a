#!/usr/bin/env python3
"""Recurrence rules for the differential test of icalkit's expander, expanded by python-dateutil.

    .venv-oracle/bin/python Conformance/oracle/rules.py [--seed 5545] [--cases 3000] > rules.json

Generates RRULEs at random from a fixed seed (the same file every run): every FREQ, INTERVAL,
COUNT or UNTIL or neither, WKST, BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY (with and
without ordinals), BYHOUR, BYMINUTE, BYSECOND and BYSETPOS in the combinations RFC 5545
§3.3.10 allows (its table of BYxxx parts per FREQ), negative values, DTSTARTs in leap years
and on 29 February, date-time and DATE starts. Each rule is expanded by `dateutil.rrule` from
a floating DTSTART. Only rules whose first dateutil instance is DTSTART itself are kept: for
those RFC 5545 and dateutil agree that DTSTART is the first instance (for the others dateutil
leaves DTSTART out, where RFC 5545 says "The DTSTART property value always counts as the first
occurrence").

Output: {"seed", "dateutil", "cases": [{"id", "dtstart", "rrule", "to", "instances"}]}: `to` is
the last wall-clock time compared (inclusive) and `instances` every instance of the rule from
DTSTART up to `to`, in iCalendar form (YYYYMMDD for a DATE start, else YYYYMMDDTHHMMSS).
"""
import argparse
import datetime as dt
import json
import random
import signal
import sys

import dateutil
from dateutil.rrule import rrulestr

FREQS = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
FREQ_WEIGHTS = [1, 2, 2, 3, 3, 4, 5]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
# CPU seconds dateutil may spend on one rule; a rule that needs more (one that matches nothing
# for a long stretch of a sub-daily walk) is left out.
TIME_LIMIT = 0.05
# Instances taken at most; COUNT stays below it, so a COUNT rule is always complete.
CAP = 25
# How far past DTSTART an endless or UNTIL rule is compared, by FREQ.
HORIZON = {"SECONDLY": dt.timedelta(hours=2), "MINUTELY": dt.timedelta(days=2), "HOURLY": dt.timedelta(days=60),
           "DAILY": dt.timedelta(days=30 * 366), "WEEKLY": dt.timedelta(days=30 * 366),
           "MONTHLY": dt.timedelta(days=100 * 366), "YEARLY": dt.timedelta(days=200 * 366)}
UNIT = {"SECONDLY": dt.timedelta(seconds=1), "MINUTELY": dt.timedelta(minutes=1), "HOURLY": dt.timedelta(hours=1),
        "DAILY": dt.timedelta(days=1), "WEEKLY": dt.timedelta(days=7), "MONTHLY": dt.timedelta(days=31),
        "YEARLY": dt.timedelta(days=366)}


class Timeout(Exception):
    """dateutil spent TIME_LIMIT on one rule."""
    pass


def on_alarm(signum, frame):
    raise Timeout()


def pick(rng, values, most):
    return sorted(rng.sample(values, rng.randint(1, most)), key=values.index)


def signed(rng, low, high, negative_share=0.3):
    v = rng.randint(low, high)
    return -v if rng.random() < negative_share else v


def make_dtstart(rng):
    year = rng.choice([1996, 1997, 1998, 2000, 2004, 2015, 2020, 2023, 2024, 2025, 2026, 2028, 2030])
    if rng.random() < 0.1 and year % 4 == 0:
        month, day = 2, 29
    else:
        month = rng.randint(1, 12)
        day = rng.choice([1, 1, rng.randint(1, 28), rng.randint(1, 31)])
    while True:
        try:
            dt.date(year, month, day)
            break
        except ValueError:
            day -= 1
    is_date = rng.random() < 0.12
    if is_date:
        return dt.datetime(year, month, day), True
    hour = rng.choice([0, 9, 9, 12, rng.randint(0, 23)])
    minute = rng.choice([0, 0, 30, rng.randint(0, 59)])
    second = rng.choice([0, 0, 0, rng.randint(0, 59)])
    return dt.datetime(year, month, day, hour, minute, second), False


def biased(rng, values, own):
    """A BY list that holds DTSTART's own value most of the time (so DTSTART often matches)."""
    if rng.random() < 0.7 and own not in values:
        values = sorted(set(values) | {own}, key=lambda v: (v < 0, abs(v)))
    return values


def make_rule(rng, start, is_date):
    freq = rng.choices(FREQS, FREQ_WEIGHTS)[0]
    if is_date and freq in ("SECONDLY", "MINUTELY", "HOURLY"):
        freq = "DAILY"
    parts = ["FREQ=" + freq]
    if rng.random() < 0.3:
        parts.append("INTERVAL=%d" % rng.choice([2, 2, 3, 4, 5, 7]))
    sub_daily = freq in ("SECONDLY", "MINUTELY", "HOURLY")
    by = []
    n_parts = rng.choice([0, 1, 1, 2, 2, 3])
    allowed = ["BYMONTH", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND"]
    if freq != "WEEKLY":
        allowed.append("BYMONTHDAY")
    if freq in ("SECONDLY", "MINUTELY", "HOURLY", "YEARLY"):
        allowed.append("BYYEARDAY")
    if freq == "YEARLY":
        allowed += ["BYWEEKNO", "BYWEEKNO", "BYMONTHDAY", "BYMONTH", "BYDAY", "BYYEARDAY"]
    if is_date:
        allowed = [a for a in allowed if a not in ("BYHOUR", "BYMINUTE", "BYSECOND")]
    chosen = []
    for _ in range(n_parts):
        a = rng.choice(allowed)
        if a not in chosen:
            chosen.append(a)
    for a in ["BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND"]:
        if a not in chosen:
            continue
        if a == "BYMONTH":
            vals = biased(rng, pick(rng, list(range(1, 13)), 3), start.month)
        elif a == "BYWEEKNO":
            vals = sorted({signed(rng, 1, 53) for _ in range(rng.randint(1, 3))})
        elif a == "BYYEARDAY":
            own = start.timetuple().tm_yday
            vals = biased(rng, sorted({signed(rng, 1, 366) for _ in range(rng.randint(1, 3))}), own)
        elif a == "BYMONTHDAY":
            vals = biased(rng, sorted({signed(rng, 1, 31) for _ in range(rng.randint(1, 3))}), start.day)
        elif a == "BYDAY":
            days = pick(rng, DAYS, 3)
            own = DAYS[start.weekday()]
            if rng.random() < 0.6 and own not in days:
                days.append(own)
            ordinals = freq in ("MONTHLY", "YEARLY") and "BYWEEKNO" not in chosen and rng.random() < 0.4
            if ordinals:
                top = 5 if freq == "MONTHLY" or "BYMONTH" in chosen else 53
                vals = ["%d%s" % (signed(rng, 1, min(top, 5 if rng.random() < 0.8 else top), 0.4), d) for d in days]
            else:
                vals = days
        elif a == "BYHOUR":
            vals = biased(rng, pick(rng, list(range(24)), 3), start.hour)
        elif a == "BYMINUTE":
            vals = biased(rng, pick(rng, list(range(60)), 3), start.minute)
        else:
            vals = biased(rng, pick(rng, list(range(60)), 3), start.second)
        by.append("%s=%s" % (a, ",".join(str(v) for v in vals)))
    parts += by
    if by and rng.random() < 0.2:
        parts.append("BYSETPOS=%s" % ",".join(str(signed(rng, 1, 4, 0.5)) for _ in range(rng.randint(1, 2))))
    if rng.random() < 0.3:
        parts.append("WKST=" + rng.choice(DAYS))
    end = rng.random()
    if end < 0.4:
        parts.append("COUNT=%d" % rng.randint(1, CAP - 5))
    elif end < 0.7:
        span = UNIT[freq] * rng.randint(1, 40) * (rng.randint(1, 4) if not sub_daily else 1)
        if rng.random() < 0.05:
            span = -UNIT[freq]   # an UNTIL before DTSTART
        until = start + span
        parts.append("UNTIL=" + (until.strftime("%Y%m%d") if is_date else until.strftime("%Y%m%dT%H%M%S")))
    return ";".join(parts), freq


def text(d, is_date):
    return d.strftime("%Y%m%d") if is_date else d.strftime("%Y%m%dT%H%M%S")


def expand(rule_text, freq, start, is_date):
    rule = rrulestr(rule_text, dtstart=start)
    horizon = start + HORIZON[freq]
    out = []
    capped = False
    for d in rule:
        if d > horizon:
            break
        if len(out) == CAP:
            capped = True
            break
        out.append(d)
    to = out[-1] if capped else horizon
    return out, to


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=5545)
    p.add_argument("--cases", type=int, default=3000)
    args = p.parse_args()
    rng = random.Random(args.seed)
    signal.signal(signal.SIGPROF, on_alarm)
    cases = []
    tried = timeouts = errors = 0
    while len(cases) < args.cases and tried < args.cases * 40:
        tried += 1
        start, is_date = make_dtstart(rng)
        rule_text, freq = make_rule(rng, start, is_date)
        # CPU time, not wall time, so that a busy machine keeps the same rules.
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
        try:
            instances, to = expand(rule_text, freq, start, is_date)
        except Timeout:
            timeouts += 1
            continue
        except Exception:
            errors += 1
            continue
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        # Only rules whose first instance is DTSTART (see the module's doc); an UNTIL before
        # DTSTART gives no dateutil instance and RFC 5545 still DTSTART: left out as well.
        if not instances or instances[0] != start:
            continue
        cases.append({"id": "R%04d" % len(cases), "dtstart": text(start, is_date), "rrule": rule_text,
                      "to": text(to, False) if not is_date else text(to, True),
                      "instances": [text(d, is_date) for d in instances]})
    json.dump({"seed": args.seed, "dateutil": dateutil.__version__, "cases": cases}, sys.stdout, indent=0)
    print("rules: %d cases kept of %d generated (%d timed out, %d refused by dateutil)"
          % (len(cases), tried, timeouts, errors), file=sys.stderr)


if __name__ == "__main__":
    main()
