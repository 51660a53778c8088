"""The keyboard side of the interactive simulator.

With a pygame window, key presses and releases drive the mock pins (so holding a key holds the
button); in a terminal, each keystroke is a short tap (terminals report no key release).
Tags are tapped by typing a line: in the window's terminal ``tag seat1 the-watchman``; in
terminal mode press `` ` `` first, type ``seat1 the-watchman`` and Enter. ``Esc`` twice or
Ctrl-C quits; the game stays in the journal (``--data DIR`` keeps it for next time).
"""

from __future__ import annotations

import os
import select
import sys
import threading
import time
from typing import Any

from firmware_py.sim.keys import SimKeys, build_key_map, legend_lines
from services.referee.box.daemon import Box
from services.referee.box.devices import SimBoard
from services.referee.box.render import text_grid

TAG_KEY = "`"


class Console:
    def __init__(self, box: Box, sim: SimBoard, stop: threading.Event) -> None:
        self.box = box
        self.sim = sim
        self.stop = stop
        self.keys = SimKeys(build_key_map(box.profile), sim.factory)  # type: ignore[arg-type]
        self.window = type(getattr(sim.output, "device", None)).__name__ == "WindowWall"
        self._typed = ""
        self._typing = False
        self._escapes = 0
        self._legend_text: list[str] = []

    def run(self) -> None:
        self._legend()
        if self.window:
            self._run_window()
        else:
            self._run_terminal()

    def _legend(self) -> None:
        lines = legend_lines(self.keys.key_map, self.box.profile)
        tags = sorted({e.id for e in self.box.tags or ()})
        how = "type `tag SEAT PIECE` here" if self.window else "press ` then type SEAT PIECE"
        self._legend_text = [
            f"refbox simulator: the real daemon on board {self.box.profile.name}", *lines,
            f"tags: {how} ({len(tags)} pieces, e.g. {', '.join(tags[:3])})" if tags
            else "tags: none", "quit: Esc twice or Ctrl-C", ""]
        if self.window:
            print("\n".join(self._legend_text), file=sys.stderr, flush=True)

    # ------------------------------------------------------------------ pygame window

    def _run_window(self) -> None:
        import pygame

        lines = _StdinLines()
        while not self.stop.is_set():
            self.box.step(wait=0.02)
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    self.stop.set()
                elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                    self._key(pygame.key.name(event.key), event.type == pygame.KEYDOWN)
            for line in lines.ready():
                self._tag_line(line.removeprefix("tag "))

    def _key(self, name: str, down: bool) -> None:
        if name == "escape":
            self._escapes = self._escapes + 1 if down else self._escapes
            if self._escapes >= 2:
                self.stop.set()
            return
        self._escapes = 0
        if down:
            self.keys.press(name)
        else:
            self.keys.release(name)

    # ------------------------------------------------------------------ terminal

    def _run_terminal(self) -> None:
        drawn = -1
        with _RawTerminal() as terminal:
            while not self.stop.is_set():
                self.box.step(wait=0.02)
                self.keys.tick(time.monotonic())
                for char in terminal.read():
                    self._char(char)
                if self.box.frames_sent != drawn:
                    drawn = self.box.frames_sent
                    self._wall()

    def _wall(self) -> None:
        """Every screen as text, four to a row, under the key map."""
        names = list(self.box.canvases)
        out = ["\x1b[H\x1b[2J", *self._legend_text]
        for start in range(0, len(names), 4):
            group = names[start:start + 4]
            grids = [text_grid(self.box.canvases[n]) for n in group]
            out.append("  ".join(f"+-{n[:21]:-<21}-+" for n in group))
            for row in range(len(grids[0])):
                out.append("  ".join(f"| {g[row]} |" for g in grids))
            out.append("  ".join("+" + "-" * 23 + "+" for _ in group))
        out.append(f"typing a tag: {self._typed}" if self._typing else "")
        sys.stdout.write("\n".join(out) + "\n")
        sys.stdout.flush()

    def _char(self, char: str) -> None:
        if self._typing:
            if char in ("\r", "\n"):
                self._typing = False
                self._tag_line(self._typed)
                self._typed = ""
            else:
                self._typed += char
            return
        if char == TAG_KEY:
            self._typing = True
        elif char == "\x1b":
            self._escapes += 1
            if self._escapes >= 2:
                self.stop.set()
        elif char == "\x03":
            self.stop.set()
        else:
            self._escapes = 0
            self.keys.tap(char.lower(), time.monotonic())

    def _tag_line(self, line: str) -> None:
        parts = line.split()
        if len(parts) != 2:
            return
        seat, piece = parts
        virtual = self.sim.virtual_readers.get(seat)
        if virtual is None:
            return
        entry = next((e for e in self.box.tags or () if e.id == piece), None)
        tag = entry.tag if entry is not None else piece
        virtual.place(tag)
        threading.Timer(0.4, virtual.remove).start()


class _StdinLines:
    """Lines typed on standard input, without blocking the loop."""

    def __init__(self) -> None:
        self._buffer = ""

    def ready(self) -> list[str]:
        if not sys.stdin.isatty() or not select.select([sys.stdin], [], [], 0)[0]:
            return []
        data = os.read(sys.stdin.fileno(), 4096).decode(errors="replace")
        self._buffer += data
        *lines, self._buffer = self._buffer.split("\n")
        return [line.strip() for line in lines if line.strip()]


class _RawTerminal:
    """Single keystrokes from a terminal (cbreak mode), restored on exit."""

    def __enter__(self) -> _RawTerminal:
        import termios
        import tty

        self._fd = sys.stdin.fileno()
        self._saved: Any = None
        if sys.stdin.isatty():
            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd)
        return self

    def read(self) -> str:
        if not select.select([self._fd], [], [], 0)[0]:
            return ""
        return os.read(self._fd, 64).decode(errors="replace")

    def __exit__(self, *exc: object) -> None:
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
