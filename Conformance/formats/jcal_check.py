#!/usr/bin/env python3
"""icalkit's jCal (RFC 7265) against python icalendar's to_jcal/from_jcal (the version pinned
in Conformance/oracle/requirements.txt), over the given .ics files.

For each file F:
  1. icalkit writes F as iCalendar (convert --format ics) and as jCal (convert --format jcal);
  2. python reads icalkit's iCalendar and writes its jCal: it must equal icalkit's jCal by
     meaning (same components, properties, parameters, value types and values);
  3. python reads icalkit's jCal (from_jcal) and writes jCal again: the same meaning;
  4. icalkit reads python's jCal (convert py.jcal --format jcal): the same meaning.

"By meaning" after these normalisations, each a choice RFC 7265 leaves open:
  - numbers compare by value (10.10 is 10.1);
  - a recurrence rule part with one value is the same as an array of that one value
    ("byday": "MO" and "byday": ["MO"]);
  - parameter order (JSON objects have none), and the order of a component's properties
    (python keeps them by name: all RDATEs together);
  - durations compare by length (python keeps a DURATION as a timedelta, so it writes
    icalkit's -P0DT0H30M0S as -PT30M, and, losing RFC 5545's difference between a nominal
    day and 24 exact hours, PT24H as P1D);
  - RFC 7986's NAME, COLOR (TEXT), IMAGE, CONFERENCE, SOURCE (URI) and REFRESH-INTERVAL
    (DURATION) have those types for icalkit; python icalendar writes "unknown" for those it
    does not know (RFC 7265 §5's type for a property unknown to the writer);
  - a UTC offset's zero seconds may be left out (+00:00:00 is +00:00);
  - a value that does not have its type's shape (DTSTART;VALUE=DATE-TIME:20061007, an RRULE
    that is not KEY=VALUE parts): python repairs it or writes it as type "text", icalkit keeps
    the text as written (type "unknown", or the type VALUE names); such properties are
    compared by name only;
  - python writes each of several FREEBUSY periods as a property of its own: one property a
    period on both sides;
  - python drops ENCODING=BASE64 from a binary value (ical.js keeps it, as icalkit does):
    compared without it;
  - python's from_jcal drops or rewrites TZID parameters that name no zone it knows
    (TZID=FOO, /Europe/Stockholm), and escapes commas in them, and keeps only the first of
    several FREEBUSY periods: step 3 leaves TZIDs out and compares the first period only;
  - text escapes RFC 5545 does not define (\" \:): python keeps the backslash, icalkit
    drops it (RFC 5545 §3.3.11 allows only \\ \; \, \n); compared without such backslashes.
Files listed in KNOWN differ where python icalendar loses or changes data (each with why);
they are reported as known, not failed.
A file python cannot read as iCalendar (to_ical/from_ical raising) is skipped, and counted.
Prints one line per difference and a closing line 'N passed, N failed, N skipped'.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from icalendar import Calendar


DURATION = re.compile(r"^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$")
RFC7986_TYPES = {"name": "text", "color": "text", "image": "uri", "conference": "uri", "source": "uri",
                 "refresh-interval": "duration"}
UNDEFINED_ESCAPE = re.compile(r"\\([^\\;,nN])")
EXTENDED = {
    "date": re.compile(r"^\d{4}-\d{2}-\d{2}$"),
    "date-time": re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z?$"),
    "time": re.compile(r"^\d{2}:\d{2}:\d{2}Z?$"),
    "utc-offset": re.compile(r"^[+-]\d{2}:\d{2}(:\d{2})?$"),
}
KEPT_AS_WRITTEN = "(not of its type's shape: kept as written)"
# Properties whose type is never TEXT: python writes "text" for one whose value it cannot read.
NEVER_TEXT = {"dtstart", "dtend", "due", "rdate", "exdate", "recurrence-id", "rrule", "exrule", "geo", "created",
              "dtstamp", "last-modified", "completed", "trigger", "duration", "percent-complete", "priority",
              "repeat", "sequence", "tzoffsetfrom", "tzoffsetto", "freebusy"}

# Where python icalendar (7.3.2) loses or changes what the file says (checked by hand).
KNOWN = {
    "calendars/broken_ical.ics": "python drops a DTSTART it cannot read; icalkit keeps its text",
    "calendars/empty_RDATE.ics": "python drops empty RDATEs; icalkit keeps them",
    "samples/invalid/smallcluster.ics": "python refuses RRULE UNTIL=2012-34-56T12:34:56 (no such date), which icalkit writes as read",
    "calendars/issue_1081_invalid_rrule_freq.ics": "python refuses RRULE FREQ=INVALID_TYPE_CAUSES_ERROR, which icalkit writes as read",
    "calendars/issue_165_missing_event.ics": "python refuses RRULE BYDAY=' TU', which icalkit writes as read",
    "calendars/issue_1081_empty_rdate.ics": "python drops an empty RDATE; icalkit keeps it",
    "calendars/invalid_duration.ics": "python cannot read DURATION:P999999999999999999W back (too long for a timedelta)",
    "benchmark/issue42.ics": "python cannot read a date-time in year 0 (0000-12-31) back",
    "calendars/fuzz_testcase_0_char_in_component_name.ics": "python writes a component named ' ', which icalkit's jCal reader refuses",
    "samples/valid/google_aus_holidays.ics": "DTSTART;TZID=America/Los_Angeles:20041225: python reads a date-time, icalkit a date",
    "data/apple-iphone-os-26-structured-location.ics": "X-TITLE=Hauptstraße 1-5\\; 4041 Linz: python reads \\; as an escape (RFC 5545 has none in parameters)",
    "samples/valid/japan_west.ics": "python writes DTSTART;TZID=Japan;VALUE=DATE as type date with a date-time value",
    "test/parser/property_params.ics": "CN=X\\:mailto:… — python reads \\: as an escape (RFC 5545 has none in parameters); ical.js agrees with icalkit",
    "samples/invalid/sogo-geo-escaped-semicolon.ics": "GEO:12.34567\\;… is not two floats; python unescapes it",
    "test/parser/tzid_with_gmt.ics": "python's from_jcal drops TZID=(GMT +01:00)",
    "samples/invalid/tmeher.ics": "python's from_jcal escapes the comma in a TZID parameter value",
    "samples/valid/2207678.ics": "python's from_jcal escapes the comma in a TZID parameter value",
    "samples/valid/Standup.ics": "python's from_jcal escapes the comma in a TZID parameter value",
    "test/parser/boolean.ics": "icalkit keeps VALUE=BOOLEAN:MAYBE as the text MAYBE; python refuses it (ical.js makes it false)",
    "test/parser/float.ics": "icalkit keeps VALUE=FLOAT:my foo! as text; python refuses it (ical.js makes it 0.0)",
    "test/parser/integer.ics": "icalkit keeps VALUE=INTEGER:foobar as text; python refuses it (ical.js makes it 0)",
    "calendars/rfc_7529.ics": "python turns RFC 7529's leap month BYMONTH=5L into 5",
    "samples/utc_negative_zero.ics": "python writes TZOFFSETTO:-0000 as +00:00 (RFC 3339 gives -00:00 its own meaning)",
    "ics/event_dt_partstat.ics": "DELEGATED-FROM= \"mailto:…\" (a space before the quote): python skips the space",
    "ics/event_dt_mixed_awareness.ics": "python drops the Z of DTEND;TZID=Europe/Berlin:20150530T160000Z",
    "events/event_with_escaped_character1.ics": "CN=Society\\, 2014: python reads \\, as an escape (RFC 5545 has none in parameters)",
    "events/event_with_escaped_character2.ics": "CN=Society\\\\ 2014: python reads \\\\ as an escape (RFC 5545 has none in parameters)",
    "events/event_with_escaped_character3.ics": "CN=Society\\; 2014: python reads \\; as an escape (RFC 5545 has none in parameters)",
    "events/event_with_escaped_character4.ics": "CN=Society\\: 2014: python reads \\: as an escape (RFC 5545 has none in parameters)",
    "events/event_with_escaped_characters.ics": "backslashes in a CN: python reads them as escapes (RFC 5545 has none in parameters)",
}


def known_reason(path):
    return next((why for suffix, why in KNOWN.items() if path.endswith(suffix)), None)


def property_value(type_name, value):
    """One value of a property, normalised for its type."""
    if type_name in EXTENDED and isinstance(value, str) and not EXTENDED[type_name].match(value):
        return KEPT_AS_WRITTEN
    if type_name == "utc-offset" and isinstance(value, str) and value.endswith(":00") and len(value) == 9:
        return value[:-3]
    if type_name == "duration" and isinstance(value, str):
        return duration_seconds(value)
    if type_name in ("text", "unknown") and isinstance(value, str):
        return UNDEFINED_ESCAPE.sub(r"\1", value)
    if type_name in ("integer", "float", "boolean", "recur", "period") and isinstance(value, str):
        return KEPT_AS_WRITTEN
    return normalized(value, in_recur=type_name == "recur" and isinstance(value, dict))


def duration_seconds(text):
    match = DURATION.match(text)
    if not match or text in ("P", "-P", "+P"):
        return text
    sign, weeks, days, hours, minutes, seconds = match.groups()
    total = (int(weeks or 0) * 7 + int(days or 0)) * 86400 + int(hours or 0) * 3600 + int(minutes or 0) * 60 + int(seconds or 0)
    return f"duration {-total if sign == '-' else total}s"


def normalized(node, in_recur=False, python_read=False):
    """python_read: as step 3 compares (what python's from_jcal keeps), see the notes above."""
    if isinstance(node, bool) or node is None or isinstance(node, str):
        return node
    if isinstance(node, (int, float)):
        return float(node)
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            value = normalized(value)
            if in_recur and not isinstance(value, list):
                value = [value]
            out[key] = value
        return out
    if isinstance(node, list):
        # A property: [name, {params}, type, value...].
        if len(node) >= 4 and isinstance(node[0], str) and isinstance(node[1], dict) and isinstance(node[2], str):
            name, type_name = node[0], node[2]
            if type_name == "unknown" and name in RFC7986_TYPES:
                type_name = RFC7986_TYPES[name]
            values = [property_value(type_name, v) for v in node[3:]]
            params = {k: normalized(v) for k, v in node[1].items()
                      if not (k == "encoding" and type_name == "binary") and not (k == "tzid" and python_read)}
            if KEPT_AS_WRITTEN in values or (type_name in ("text", "unknown") and name in NEVER_TEXT):
                return [name, params, KEPT_AS_WRITTEN]
            return [name, params, type_name] + values
        # A component: [name, [properties], [components]], properties by name.
        if len(node) == 3 and isinstance(node[0], str) and isinstance(node[1], list) and isinstance(node[2], list):
            properties = []
            for p in node[1]:
                if is_property(p) and p[0] == "freebusy" and len(p) > 4:
                    periods = p[3:4] if python_read else p[3:]
                    properties += [normalized(p[:3] + [v], python_read=python_read) for v in periods]
                else:
                    properties.append(normalized(p, python_read=python_read))
            properties.sort(key=lambda p: p[0] if p and isinstance(p[0], str) else "")
            return [node[0], properties, [normalized(c, python_read=python_read) for c in node[2]]]
        return [normalized(v, python_read=python_read) for v in node]
    return node


def is_property(node):
    return isinstance(node, list) and len(node) >= 3 and isinstance(node[0], str) and isinstance(node[1], dict)


def first_difference(a, b, path=""):
    if is_property(a) and is_property(b) and KEPT_AS_WRITTEN in (a[2], b[2]) and a[0] == b[0]:
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} items, then {len(b)}"
        return None
    if a != b:
        return f"{path}: {json.dumps(a)[:160]} then {json.dumps(b)[:160]}"
    return None


def as_list(jcal):
    """Calendars of a jCal document (one calendar, or an array of them)."""
    return [jcal] if jcal and isinstance(jcal[0], str) else jcal


def run(icalkit, args):
    return subprocess.run([icalkit] + args, capture_output=True)


def check(icalkit, path, work):
    """None when the file agrees, 'skip: why' when python cannot read it, else the difference."""
    ics, jcal = os.path.join(work, "a.ics"), os.path.join(work, "a.jcal")
    for target in (ics, jcal):
        if os.path.exists(target):
            os.remove(target)
    run(icalkit, ["convert", path, "--format", "ics", "-o", ics])
    run(icalkit, ["convert", path, "--format", "jcal", "-o", jcal])
    if not os.path.exists(ics) or not os.path.exists(jcal):
        return "skip: icalkit wrote nothing (nothing readable in it)"
    ours = json.load(open(jcal, encoding="utf-8"))
    try:
        calendars = Calendar.from_ical(open(ics, "rb").read(), multiple=True)
        theirs = [c.to_jcal() for c in calendars]
    except Exception as error:  # python's reader refuses what icalkit wrote
        return f"skip: python icalendar cannot read icalkit's iCalendar ({type(error).__name__})"
    ours_list = as_list(ours)
    diff = first_difference(normalized(theirs), normalized(ours_list))
    if diff:
        return f"python's jCal of icalkit's iCalendar differs from icalkit's jCal at {diff}"
    try:
        again = [Calendar.from_jcal(c).to_jcal() for c in ours_list]
    except Exception as error:
        if KEPT_AS_WRITTEN in json.dumps(normalized(ours_list)):
            return f"known: python refuses a value icalkit keeps as written (not of its type's shape): {error}"
        return f"python cannot read icalkit's jCal: {type(error).__name__}: {error}"
    diff = first_difference(normalized(ours_list, python_read=True), normalized(again, python_read=True))
    if diff:
        return f"python reads icalkit's jCal differently at {diff}"
    py_jcal = os.path.join(work, "py.jcal")
    with open(py_jcal, "w", encoding="utf-8") as out:
        json.dump(theirs[0] if len(theirs) == 1 else theirs, out)
    read = run(icalkit, ["convert", py_jcal, "--format", "jcal"])
    if read.returncode not in (0, 65) or not read.stdout:
        return f"icalkit cannot read python's jCal: {read.stderr.decode()[:200]}"
    diff = first_difference(normalized(theirs), normalized(as_list(json.loads(read.stdout))))
    if diff:
        return f"icalkit reads python's jCal differently at {diff}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--icalkit", required=True)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    passed = failed = skipped = known = 0
    with tempfile.TemporaryDirectory() as work:
        for path in args.files:
            result = check(args.icalkit, path, work)
            if result is None:
                passed += 1
            elif result.startswith("skip: "):
                skipped += 1
            elif result.startswith("known: "):
                known += 1
                print(f"{path}: known difference ({result[7:]})")
            elif known_reason(path):
                known += 1
                print(f"{path}: known difference ({known_reason(path)}): {result}")
            else:
                failed += 1
                print(f"{path}: {result}")
    print(f"jcal-check: {known} files differ where python icalendar loses or changes data (KNOWN)")
    print(f"jcal-check: {passed} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
