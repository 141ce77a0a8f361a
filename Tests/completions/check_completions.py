#!/usr/bin/env python3
"""The completion scripts of `icalkit completions bash|zsh|fish` in real interactive shells.

Usage: check_completions.py ICALKIT

Each shell runs in tmux with nothing but the generated script loaded; a line is typed, Tab
pressed, and the line read back with `tmux capture-pane` (and the cursor's column, to see
whether a space follows). The store holds calendars whose titles have spaces, a colon and
quotes; a completed title must be one word, escaped as that shell escapes it (a backslash
before each space and quote, or inside the quote the user opened), and running the completed
line must find the calendar. Item IDs are the first 6 hex digits of the 64-bit FNV-1a hash of
the UID (README, "Short IDs"), worked out here. Zone names stop after a directory's "/" with no
space.
Prints "ok NAME" / "FAIL NAME: why"; the last line is "N passed, N failed"; exit 1 on a failure.
"""
import os, shutil, subprocess, sys, tempfile, time

ICALKIT = os.path.abspath(sys.argv[1])
results = []
TITLES = ["Home Office", "Team: Berlin", 'Bob\'s "Plans"', "Work"]
UID = "lunch 1@example.com"


def check(name, condition, detail=""):
    results.append(bool(condition))
    print(("ok " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)


def fnv1a(text):
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


class Shell:
    """One interactive shell in a tmux session; `tab(line)` types line + Tab, returns the line shown."""

    def __init__(self, name, command, env, prompt):
        self.session = f"icalkit-compl-{os.getpid()}-{name}"
        self.prompt = prompt
        subprocess.run(["tmux", "new-session", "-d", "-s", self.session, "-x", "200", "-y", "20", command], check=True, env=env)
        self.wait(lambda text: text.strip().startswith(prompt.strip()), "the prompt")

    def pane(self):
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.session], capture_output=True, text=True).stdout

    def wait(self, ready, what, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            text = self.pane()
            if ready(text):
                return text
            time.sleep(0.1)
        return self.pane()

    def keys(self, *keys):
        subprocess.run(["tmux", "send-keys", "-t", self.session, *keys], check=True)

    def clear(self):
        self.keys("C-u", "C-l")
        self.wait(lambda text: text.strip() == self.prompt.strip(), "a clear line")

    def tab(self, line):
        """The first line after typing `line` and Tab, and whether the cursor is after a space."""
        self.clear()
        self.keys("-l", line)
        self.wait(lambda text: line in text, "the typed line")
        self.keys("Tab")
        # The completion runs icalkit; wait until the line stops changing.
        before, stable = None, 0
        deadline = time.time() + 10
        while time.time() < deadline and stable < 5:
            now = self.pane().split("\n")[0]
            stable = stable + 1 if now == before else 0
            before = now
            time.sleep(0.1)
        x = int(subprocess.run(["tmux", "display", "-p", "-t", self.session, "#{cursor_x}"], capture_output=True, text=True).stdout)
        shown = before.rstrip()
        return shown[len(self.prompt):], x > len(shown)

    def run(self, line, marker):
        """Types line + Enter; the pane once `marker` shows."""
        self.clear()
        self.keys("-l", line)
        self.keys("Enter")
        return self.wait(lambda text: marker in text.split("\n", 1)[-1], marker)

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)


def shells(work, bin_dir):
    env = {"PATH": bin_dir + os.pathsep + os.environ["PATH"], "HOME": work, "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    scripts = {}
    for shell in ("bash", "zsh", "fish"):
        out = subprocess.run([ICALKIT, "completions", shell], capture_output=True, text=True, check=True).stdout
        scripts[shell] = os.path.join(work, f"icalkit.{shell}")
        with open(scripts[shell], "w") as f:
            f.write(out)
    with open(os.path.join(work, ".bashrc"), "w") as f:
        f.write(f"PS1='$ '\nsource {scripts['bash']}\nbind 'set show-all-if-ambiguous on'\n")
    with open(os.path.join(work, ".zshrc"), "w") as f:
        f.write(f"PROMPT='$ '\nautoload -Uz compinit && compinit -u -d {work}/zcompdump\nsource {scripts['zsh']}\n")
    os.makedirs(os.path.join(work, "config", "fish"), exist_ok=True)
    with open(os.path.join(work, "config", "fish", "config.fish"), "w") as f:
        f.write(f"set -g fish_greeting ''\nfunction fish_prompt; echo -n '$ '; end\nsource {scripts['fish']}\n")
    return {
        "bash": ("bash --rcfile " + os.path.join(work, ".bashrc") + " --noprofile -i", {**env}),
        "zsh": ("zsh -i", {**env, "ZDOTDIR": work}),
        "fish": ("fish -i", {**env, "XDG_CONFIG_HOME": os.path.join(work, "config"), "XDG_DATA_HOME": os.path.join(work, "data")}),
    }


def main():
    work = tempfile.mkdtemp(prefix="icalkit-completions-")
    try:
        bin_dir = os.path.join(work, "bin")
        os.makedirs(bin_dir)
        os.symlink(ICALKIT, os.path.join(bin_dir, "icalkit"))
        # A store path with a space: --store's value is read back from the line as one word.
        store = os.path.join(work, "my store.sqlite")
        for title in TITLES:
            subprocess.run([ICALKIT, "--store", store, "calendars", "create", title], check=True, capture_output=True)
        ics = os.path.join(work, "lunch.ics")
        with open(ics, "w") as f:
            f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icalkit tests//EN\r\nBEGIN:VEVENT\r\n"
                    f"UID:{UID}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260302T120000Z\r\n"
                    "DTEND:20260302T130000Z\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        subprocess.run([ICALKIT, "--store", store, "import", ics, "--calendar", "Work"], check=True, capture_output=True)
        short_id = fnv1a(UID)[:6]
        s = "icalkit --store 'my store.sqlite' "
        # (typed, expected line after Tab): each shell's own escaping of the completed title.
        cases = [
            ("calendar title with a space", s + "events --calendar Ho", s + "events --calendar Home\\ Office"),
            # bash's readline also escapes the colon (a word break there); both read back the same.
            ("title with a colon", s + "events --calendar Te", {"zsh": s + "events --calendar Team:\\ Berlin",
                                                               "fish": s + "events --calendar Team:\\ Berlin",
                                                               "bash": s + "events --calendar Team\\:\\ Berlin"}),
            ("title with quotes", s + "events --calendar Bo", s + "events --calendar Bob\\'s\\ \\\"Plans\\\""),
            ("inside a quote the user opened", s + "events --calendar 'Ho", s + "events --calendar 'Home Office'"),
            ("a calendar argument", s + "calendars delete Wo", s + "calendars delete Work"),
            ("an item ID", s + "show " + short_id[:3], s + "show " + short_id),
        ]
        for name, (command, env) in shells(work, bin_dir).items():
            shell = Shell(name, f"cd {work} && exec {command}", env, "$ ")
            try:
                for what, typed, expected in cases:
                    shown, spaced = shell.tab(typed)
                    if isinstance(expected, dict):
                        expected = expected[name]
                    check(f"{name}: {what}", shown == expected and spaced, f"{shown!r} (space after: {spaced})")
                shown, spaced = shell.tab("icalkit events --tz Europ")
                check(f"{name}: a zone directory ends in / with no space", shown == "icalkit events --tz Europe/" and not spaced,
                      f"{shown!r} (space after: {spaced})")
                shown, spaced = shell.tab("icalkit events --tz Europe/Berl")
                check(f"{name}: a zone", shown == "icalkit events --tz Europe/Berlin" and spaced, f"{shown!r} (space after: {spaced})")
                # A completed title is one argument: the calendar is found (its empty day listed).
                status = "$status" if name == "fish" else "$?"
                for prefix in ("Bo", "Te", "'Ho"):
                    shown, _ = shell.tab(s + "events --calendar " + prefix)
                    pane = shell.run(shown + f" --day 2026-03-02; echo status={status}", "status=")
                    check(f"{name}: the line completed from {prefix!r} runs", "No events." in pane and "status=0" in pane,
                          pane.strip()[-300:])
            finally:
                shell.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    failed = results.count(False)
    print(f"{results.count(True)} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
