#!/usr/bin/env python3
"""`icalkit calendar` and the `events` table looked at the way a person looks at them.

Usage: check_views.py ICALKIT FIXTURE ARTIFACTS_DIR

- The terminal view, run in a real terminal (tmux) at 80 and 120 columns, read back with
  `tmux capture-pane`: the grid, the agenda beside it, lines fitted to the width.
- The `events --month` table in tmux at 80 and 120 columns: no line wider than the terminal,
  the ID column first, a ZONE column (the month has floating, Berlin and UTC events), long
  texts cut with "…" where the width is short, the titles kept before the other columns, ends
  and zones compact at 80 (an all-day event of two days must not widen END).
- The HTML page, rendered by headless Chromium at 1280 and 390 pixels: no element wider than
  the page or overflowing its box, every event of the month visible in the agenda (and in the
  grid when wide); a screenshot of each under ARTIFACTS_DIR.
Expected values are read by hand from the fixture (Fixtures/views/home.ics) in Europe/Berlin.
Prints "ok NAME" / "FAIL NAME: why"; the last line is "N passed, N failed"; exit 1 on a failure.
"""
import json, os, re, shutil, subprocess, sys, tempfile, time

ICALKIT, FIXTURE, ARTIFACTS = sys.argv[1], sys.argv[2], sys.argv[3]
ENV = {**os.environ, "TZ": "Europe/Berlin"}
ENV.pop("COLUMNS", None)
results = []

# Nine entries in March 2026: Yoga (4, 11, 18), Dentist (10), Conference (12, 13), Late call
# (20 and its continuation on 21), the odd title (25).
AGENDA_ENTRIES = 9
GRID_ENTRIES = 9


def check(name, condition, detail=""):
    results.append(bool(condition))
    print(("ok " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)


# Seven rows of the March table: Yoga (4, 11, 18), Dentist, Conference (one all-day row),
# Late call (one row across midnight), the odd title.
TABLE_ROWS = 7


def terminal(store, columns, what="calendar", until="Wednesday 25 March 2026"):
    session = f"icalkit-views-{os.getpid()}-{columns}-{what}"
    command = f"{ICALKIT} --store {store} {what} --month 2026-03 --tz Europe/Berlin; sleep 30"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", str(columns), "-y", "60", command], check=True, env=ENV)
    try:
        deadline = time.time() + 20
        text = ""
        while time.time() < deadline:
            text = subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout
            if until in text:
                break
            time.sleep(0.2)
        return text.rstrip("\n").split("\n")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def check_table(store):
    for columns in (80, 120):
        lines = [l for l in terminal(store, columns, "events", "2026-03-25") if l.strip()]
        with open(os.path.join(ARTIFACTS, f"events-{columns}.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        check(f"table {columns}: no line wider than the terminal", all(len(l) <= columns for l in lines), max(len(l) for l in lines))
        check(f"table {columns}: ID first, ZONE last", lines[0].startswith("ID      START") and lines[0].endswith("ZONE"), lines[:1])
        check(f"table {columns}: one row an occurrence", len(lines) == 1 + TABLE_ROWS, lines)
        dentist = [l for l in lines if "Dentist" in l]
        check(f"table {columns}: the Dentist row", len(dentist) == 1 and "2026-03-10 09:00  10:00" in dentist[0], dentist)
        # The location "Hauptstraße 5" is 13 characters: whole at 120 columns, cut at 80.
        check(f"table {columns}: long texts cut with … only when short of room",
              ("Hauptstraße 5" in dentist[0]) == (columns >= 120) and ("…" in "".join(lines)) == (columns < 120), dentist)
        # The title keeps its text before the other columns: every short title is whole at 80 too.
        for title in ("Yoga ↻", "Dentist", "Conference", "Late call"):
            check(f"table {columns}: title '{title}' whole", any(title in l for l in lines), lines)
        # The all-day Conference (12 and 13 March) and the Late call (to 00:30 on the 21st) as
        # written in full at 120; at 80 compact (no year, "until" the last day), zones by city.
        conference = next((l for l in lines if "Conference" in l), "")
        late = next((l for l in lines if "Late call" in l), "")
        if columns >= 120:
            check(f"table {columns}: ends in full", "2026-03-12        2026-03-13 (all day)  Conference" in conference
                  and "2026-03-20 23:30  2026-03-21 00:30" in late and dentist[0].endswith("Europe/Berlin"), [conference, late])
        else:
            check(f"table {columns}: compact ends", "2026-03-12        until 03-13  Conference" in conference
                  and "2026-03-20 23:30  03-21 00:30" in late and dentist[0].endswith("Berlin")
                  and not dentist[0].endswith("Europe/Berlin"), [conference, late, dentist])


def check_terminal(store):
    for columns in (80, 120):
        lines = terminal(store, columns)
        with open(os.path.join(ARTIFACTS, f"calendar-{columns}.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        check(f"terminal {columns}: heading and weekdays", lines[0].startswith("            March 2026")
              and lines[1].startswith(" Mo   Tu   We   Th   Fr   Sa   Su"), lines[:2])
        check(f"terminal {columns}: the agenda is beside the grid",
              lines[0].endswith("Wednesday 4 March 2026") and lines[1].endswith("18:00–19:00  Yoga ↻ · Home"), lines[:2])
        check(f"terminal {columns}: week of 9 March", any(l.startswith("  9   10•  11•  12•  13•  14   15") for l in lines), lines)
        check(f"terminal {columns}: no line wider than the terminal", all(len(l) <= columns for l in lines),
              max(len(l) for l in lines))
        dentist = [l for l in lines if "Dentist" in l]
        # Beside a 35-column grid and a 3-column gap the agenda has columns - 38 characters.
        full = "  09:00–10:00  Dentist · Home · Hauptstraße 5"
        expected = full if len(full) <= columns - 38 else full[:columns - 38 - 1] + "…"
        check(f"terminal {columns}: agenda lines fitted", len(dentist) == 1 and dentist[0].endswith(expected), dentist)


HARNESS = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="page" src="PAGE" style="border:0;width:WIDTHpx;height:5000px"></iframe>
<script>
window.addEventListener('load', () => {
  const doc = document.getElementById('page').contentDocument;
  const width = doc.documentElement.clientWidth;
  const shown = e => { const r = e.getBoundingClientRect(); const s = doc.defaultView.getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && r.left >= -0.5 && r.right <= width + 0.5; };
  const wide = [...doc.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect();
    return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5); }).map(e => e.tagName + '.' + e.className);
  const spilling = [...doc.querySelectorAll('td, li, h1, h2, h3, p, th')].filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => e.tagName + ': ' + e.textContent.slice(0, 40));
  const agenda = [...doc.querySelectorAll('.agenda li.event')];
  const grid = [...doc.querySelectorAll('.grid li')];
  const pre = document.createElement('pre'); pre.id = 'check';
  pre.textContent = JSON.stringify({width, scrollWidth: doc.documentElement.scrollWidth, wide, spilling,
    agenda: agenda.length, agendaHidden: agenda.filter(e => !shown(e)).map(e => e.textContent),
    grid: grid.length, gridShown: grid.filter(shown).length});
  document.body.appendChild(pre);
});
</script></body></html>
"""


def chromium(*args):
    return subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--allow-file-access-from-files", *args], capture_output=True, text=True, timeout=120)


def check_html(store, work):
    page = os.path.join(work, "march.html")
    made = subprocess.run([ICALKIT, "--store", store, "calendar", "--month", "2026-03", "--tz", "Europe/Berlin",
                           "--format", "html", "-o", page], capture_output=True, text=True, env=ENV)
    check("html page written", made.returncode == 0 and os.path.getsize(page) > 0, made.stderr)
    with open(page, encoding="utf-8") as f:
        html = f.read()
    check("html has no external assets or scripts", not re.search(r"<(script|link|img)\b|https?://", html))
    for width in (1280, 390):
        harness = os.path.join(work, f"harness-{width}.html")
        with open(harness, "w") as f:
            f.write(HARNESS.replace("PAGE", "march.html").replace("WIDTH", str(width)))
        out = chromium("--window-size=1400,1000", "--virtual-time-budget=5000", "--dump-dom", "file://" + harness)
        found = re.search(r'<pre id="check">(.*?)</pre>', out.stdout, re.S)
        if not found:
            check(f"html {width}: rendered", False, out.stderr[-500:])
            continue
        result = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
        check(f"html {width}: laid out at {width} px", result["width"] == width, result["width"])
        check(f"html {width}: nothing wider than the page", result["scrollWidth"] <= width and not result["wide"], result)
        check(f"html {width}: no text spills out of its box", not result["spilling"], result["spilling"])
        check(f"html {width}: every event in the agenda, visible", result["agenda"] == AGENDA_ENTRIES and not result["agendaHidden"], result)
        if width >= 1000:
            check(f"html {width}: every event in the grid, visible", result["grid"] == GRID_ENTRIES and result["gridShown"] == GRID_ENTRIES, result)
        shot = os.path.join(ARTIFACTS, f"calendar-{width}.png")
        chromium(f"--window-size={width},1800", f"--screenshot={shot}", "file://" + page)
        check(f"html {width}: screenshot kept", os.path.exists(shot) and os.path.getsize(shot) > 1000, shot)


def main():
    os.makedirs(ARTIFACTS, exist_ok=True)
    work = tempfile.mkdtemp(prefix="icalkit-views-")
    try:
        store = os.path.join(work, "store.sqlite")
        imported = subprocess.run([ICALKIT, "--store", store, "import", FIXTURE], capture_output=True, text=True, env=ENV)
        check("fixture imported", imported.returncode == 0, imported.stderr)
        check_terminal(store)
        check_table(store)
        check_html(store, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    failed = results.count(False)
    print(f"{results.count(True)} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
