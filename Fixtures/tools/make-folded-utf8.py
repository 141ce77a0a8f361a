#!/usr/bin/env python3
"""Write import/valid/folded-utf8.ics byte for byte.

The file starts with a UTF-8 BOM, uses CRLF, and folds every long content line after
exactly 75 octets, *without* respecting character boundaries, so some folds fall inside
a 2-, 3- or 4-octet UTF-8 sequence (RFC 5545 3.1 says readers must unfold before decoding).
The script checks that each kind of split occurs. Run: python3 Fixtures/tools/make-folded-utf8.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "import", "valid", "folded-utf8.ics")

LINES = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Example Verein e.V.//Vereinskalender 2.3//DE",
    "X-WR-CALNAME:Vereinskalender – Grüße aus Köln",
    "BEGIN:VEVENT",
    "UID:sommerfest-2026@verein.example",
    "DTSTAMP:20260501T100000Z",
    "DTSTART;TZID=Europe/Berlin:20260627T150000",
    "DTEND;TZID=Europe/Berlin:20260627T220000",
    "SUMMARY:Sommerfest im Hof: Grillwürstchen\\, Kölsch\\, Kuchen & Musik – "
    "für Groß und Klein 🎉🍺🎶 (Anmeldung bis Freitag\\; bitte pünktlich)",
    "DESCRIPTION:Liebe Mitglieder\\,\\n\\nunser Sommerfest findet am Samstag "
    "statt. Bringt gerne Salate mit – Grillgut\\, Getränke und Geschirr stellt "
    "der Verein.\\n\\nÄnderungen: Bei Regen weichen wir in die Turnhalle aus\\; "
    "die Entscheidung fällt um 12 Uhr.\\n\\n日本からのゲストも来ます：田中さんと"
    "鈴木さん。ようこそ！\\n中文：欢迎大家参加夏季聚会。\\n\\n"
    "Bis bald 👋😀🌞 – Euer Vorstand (Jürgen\\, Sören\\, Ölçer)",
    "LOCATION:Vereinsheim\\, Bürgerstraße 12\\, 50667 Köln",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "DESCRIPTION:Erinnerung: Sommerfest – den Salat nicht vergessen! 🥗🥗🥗 "
    "Kartoffelsalat für zwölf Personen",
    "TRIGGER:-PT2H",
    "END:VALARM",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:neujahrsempfang-2027@verein.example",
    "DTSTAMP:20260501T100000Z",
    "DTSTART;VALUE=DATE:20270110",
    "DTEND;VALUE=DATE:20270111",
    "SUMMARY:Neujahrsempfang 新年会 – Sekt\\, Brezeln und Rückblick auf das "
    "Jahr 2026 mit Fotos 📸",
    "DESCRIPTION:Zeilen mit Umbruch:\\nErste Zeile\\nZweite Zeile mit "
    "Backslash \\\\ und Semikolon \\; und Komma \\,\\nDritte Zeile: "
    "ÄÖÜäöüß ÄÖÜäöüß ÄÖÜäöüß ÄÖÜäöüß ÄÖÜäöüß ÄÖÜäöüß ÄÖÜäöüß",
    "END:VEVENT",
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Berlin",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    "END:VCALENDAR",
]


def naive_fold(raw: bytes):
    """Split after 75 octets, then every 74 octets plus the leading space."""
    parts = [raw[:75]]
    raw = raw[75:]
    while raw:
        parts.append(b" " + raw[:74])
        raw = raw[74:]
    return parts


def seq_len(lead: int) -> int:
    return 2 if lead >> 5 == 0b110 else 3 if lead >> 4 == 0b1110 else 4


out = bytearray(b"\xef\xbb\xbf")
split_kinds = set()
for line in LINES:
    physical = naive_fold(line.encode("utf-8"))
    for a in physical[:-1]:
        # find the start of the last character of this physical line
        i = len(a) - 1
        while i > 0 and (a[i] & 0xC0) == 0x80:
            i -= 1
        if a[i] >= 0xC0 and len(a) - i < seq_len(a[i]):
            split_kinds.add(seq_len(a[i]))
    for p in physical:
        out += p + b"\r\n"

assert split_kinds == {2, 3, 4}, f"splits inside sequences of lengths {sorted(split_kinds)} only"
with open(OUT, "wb") as f:
    f.write(out)
print(f"wrote {OUT}: {len(out)} bytes; folds split 2-, 3- and 4-octet sequences")
