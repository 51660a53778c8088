"""`refbox sim` in a real terminal: a private tmux server, keys sent with ``send-keys``, the
pane read back with its escapes (``capture-pane -e``) and decoded into text and marks (the
marks of :mod:`firmware_py.sim.screen_text`: ``r`` reverse video, ``f`` underlined, ``g``
faint, ``s`` crossed out)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TMUX = shutil.which("tmux")
SGR = re.compile(r"\x1b\[([0-9;:]*)m")
ESCAPE = re.compile(r"\x1b(\[[0-9;:?]*[A-Za-z]|[()][0-9A-Za-z]|.)")
MARK_OF = {"7": "r", "4": "f", "2": "g", "9": "s"}  # in this order of precedence
CLEARS = {"27": "7", "24": "4", "22": "2", "29": "9"}
SIZE = (200, 60)


def decode(line: str) -> tuple[str, str]:
    """A captured line as its text and one mark per character."""
    text: list[str] = []
    marks: list[str] = []
    active: set[str] = set()
    position = 0
    for found in ESCAPE.finditer(line):
        for char in line[position:found.start()]:
            text.append(char)
            marks.append(next((MARK_OF[c] for c in MARK_OF if c in active), " "))
        position = found.end()
        sgr = SGR.fullmatch(found.group())
        for code in (sgr.group(1).replace(":", ";").split(";") if sgr else []):
            if code in ("", "0"):
                active.clear()
            elif code in MARK_OF:
                active.add(code)
            elif code in CLEARS:
                active.discard(CLEARS[code])
    for char in line[position:]:
        text.append(char)
        marks.append(next((MARK_OF[c] for c in MARK_OF if c in active), " "))
    return "".join(text), "".join(marks)


class Pane:
    """``refbox sim ARGS`` in a detached tmux session of :data:`SIZE` on a server of its own,
    its socket in ``folder`` (nothing is left in the user's tmux directory)."""

    def __init__(self, folder: Path, *args: str) -> None:
        if TMUX is None:
            raise RuntimeError("tmux is not installed")
        self.socket = str(folder / "tmux.sock")
        # COLUMNS and LINES (a test runner may export them) would override the pane's size;
        # a sim that stops leaves its last words in the pane
        command = " ".join(["env", "-u", "COLUMNS", "-u", "LINES", sys.executable, "-m",
                            "services.referee.cli", "sim", *args])
        self._tmux("new-session", "-d", "-s", "sim", "-x", str(SIZE[0]), "-y", str(SIZE[1]),
                   "-c", str(ROOT), f"{command}; echo refbox sim ended: $?; sleep 600")

    def _tmux(self, *args: str) -> str:
        done = subprocess.run([str(TMUX), "-S", self.socket, "-f", os.devnull, *args],
                              capture_output=True, text=True, timeout=30, check=True)
        return done.stdout

    def send(self, keys: str) -> None:
        """``keys`` typed in one go (one read for the sim, if it is quick enough)."""
        self._tmux("send-keys", "-t", "sim", "-l", keys)

    def lines(self) -> list[tuple[str, str]]:
        """Every line of the pane: its text and its marks."""
        return [decode(line) for line in self._tmux("capture-pane", "-e", "-p", "-t", "sim")
                .splitlines()]

    def panel(self, name: str) -> list[tuple[str, str]]:
        """The seven rows (text, marks) of one screen's box on the wall; [] if not shown."""
        lines = self.lines()
        top = next((n for n, (text, _m) in enumerate(lines) if f"+-{name}-" in text), None)
        if top is None:
            return []
        column = lines[top][0].index(f"+-{name}-") + 2
        return [(text[column:column + 21], marks[column:column + 21])
                for text, marks in lines[top + 1:top + 8]]

    def wait_for(self, what: str, found: Callable[[], bool], timeout: float = 60.0) -> None:
        """Poll the pane until ``found()``; fail after ``timeout`` seconds with the pane."""
        end = time.monotonic() + timeout
        while not found():
            if time.monotonic() > end:
                pane = "\n".join(text for text, _marks in self.lines())
                raise AssertionError(f"no {what} within {timeout:.0f} s; the pane:\n{pane}")
            time.sleep(0.2)

    def close(self) -> None:
        subprocess.run([str(TMUX), "-S", self.socket, "kill-server"], capture_output=True,
                       timeout=30, check=False)


def prepare(data: Path, script: Path, steps: int) -> None:
    """Play the first ``steps`` lines of ``script`` headless into ``data`` (seed 0), for an
    interactive sim to resume there."""
    lines = script.read_text().splitlines()[:steps]
    prefix = data.parent / f"{script.stem}-{steps}.txt"
    prefix.write_text("\n".join(lines) + "\n")
    subprocess.run([sys.executable, "-m", "services.referee.cli", "sim", "--script",
                    str(prefix), "--data", str(data), "--seed", "0"], cwd=ROOT, check=True,
                   capture_output=True, timeout=300)
