"""The keyboard side of the interactive simulator.

With a pygame window, key presses and releases drive the mock pins (so holding a key holds the
button). In a terminal, which reports no key release, a key is a short press and a shifted key
(``Q``, or Space then the key) is a hold; escape sequences (F1..F12) are read whole and a held
key's auto-repeat makes no extra press (:mod:`firmware_py.sim.terminal_keys`). The screens are
drawn as text, the whole wall when the terminal is big enough, else a compact wall that fits
(:mod:`services.referee.box.wall`); Tab shows the next seats. What the pixels mean beyond the
text is drawn too (:mod:`firmware_py.sim.screen_text`): inverted cells (cursors, highlighted
lines, title bars) in reverse video, framed cells underlined, greyed text faint.

Tags are tapped by typing a line: in the window's terminal ``tag seat1 the-watchman``; in
terminal mode press `` ` `` first, type ``seat1 the-watchman`` and Enter. Each line is echoed,
a wrong one refused with what is allowed (:func:`~services.referee.box.simtags.parse_tag_line`).
``Esc`` twice or Ctrl-C quits.

:meth:`Console.feed`, :meth:`Console.tick`, :meth:`Console.keystroke`, :meth:`Console.tag_line`
and :meth:`Console.frame` hold everything but the terminal itself, so tests drive them on a
simulated box without a TTY.
"""

from __future__ import annotations

import os
import select
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any

from firmware_py.sim.keys import SimKeys, build_key_map, compact_legend, legend_lines
from firmware_py.sim.screen_text import styled, text_rows
from firmware_py.sim.terminal_keys import KeyDecoder, Keystroke, TerminalKeys
from services.referee.box.daemon import JOURNAL, Box
from services.referee.box.devices import SimBoard
from services.referee.box.simtags import TagLineError, parse_tag_line
from services.referee.box.wall import Panel, Wall, layout

TAG_KEY = "`"
LIFT_SECONDS = 0.4  # a typed tag stays on the reader this long
MAX_TYPED = 80  # characters of a tag line
COMPACT_HELP = "Shift+key or Space,key: hold   ` tag   Tab: other seats   Esc Esc: quit"
HOLD_HELP = "hold: Shift+key (Q holds Seat 1's ok) or Space then the key"


class Console:
    def __init__(self, box: Box, sim: SimBoard, stop: threading.Event) -> None:
        self.box = box
        self.sim = sim
        self.stop = stop
        self.keys = SimKeys(build_key_map(box.profile), sim.factory)  # type: ignore[arg-type]
        self.terminal_keys = TerminalKeys(self.keys, box.profile.timing.hold)
        self.decoder = KeyDecoder()
        self.window = type(getattr(sim.output, "device", None)).__name__ == "WindowWall"
        self.seats = [seat.name for seat in box.profile.seats]
        self.labels = {seat.name: seat.label for seat in box.profile.seats}
        self.focus = 0  # the compact wall shows the seats from this one on
        self.typed: str | None = None  # the tag line being typed (None: not typing)
        self.message = ""
        self.version = 0  # changes whenever what the console shows changes
        self._hold_next = False
        self._escapes = 0
        self._lift_at: dict[str, float] = {}
        self._shown: tuple[str, ...] = ()
        self._legend_text = self._full_legend()
        self._compact_text = [compact_legend(self.keys.key_map, box.profile), COMPACT_HELP]
        self.message = " ".join(self._phones_line())  # until the first other message

    def run(self) -> None:
        if self.window:
            print("\n".join(self._legend_text), file=sys.stderr, flush=True)
            self._run_window()
        else:
            self._run_terminal()

    def _full_legend(self) -> list[str]:
        """The key map, hold, tags and quit, each line at most 80 characters."""
        game = self._game()
        named = sorted(self.box.tags or (), key=lambda e: (e.game != game, "-" not in e.id, e.id))
        pieces = [e.id for e in named]
        seat = next(iter(self.sim.virtual_readers), "seat1")
        example = f"{seat} {pieces[0]}" if pieces else ""
        if not self.sim.virtual_readers or not pieces:
            tags = "tags: none on this board"
        elif self.window:
            tags = f"tags: type `tag SEAT PIECE` here, e.g. tag {example}"
        else:
            tags = f"tags: press ` then type SEAT PIECE and Enter, e.g. {example}"
        return [f"refbox simulator: the real daemon on board {self.box.profile.name}",
                *legend_lines(self.keys.key_map, self.box.profile),
                "hold: hold the key down" if self.window else HOLD_HELP,
                tags, *self._phones_line(), "quit: Esc twice or Ctrl-C", ""]

    def _phones_line(self) -> list[str]:
        """Where phones join (docs/phones.md), when the box serves them."""
        server, hub = self.box.phone_server, self.box.hub
        if server is None or hub is None:
            return []
        return [f"phones: open {server.url} in a browser, join code {hub.code}"]

    # ------------------------------------------------------------------ input

    def feed(self, data: bytes, now: float) -> None:
        """Bytes read from the terminal."""
        for stroke in self.decoder.feed(data, now):
            self.keystroke(stroke, now)

    def tick(self, now: float) -> None:
        """Let time pass: a lone Esc, releases, holds and tags lifted from readers."""
        for stroke in self.decoder.flush(now):
            self.keystroke(stroke, now)
        self.terminal_keys.tick(now)
        for seat, at in sorted(self._lift_at.items()):
            if at <= now:
                del self._lift_at[seat]
                self.sim.virtual_readers[seat].remove()

    def keystroke(self, stroke: Keystroke, now: float) -> None:
        self.version += 1
        if stroke.key == "ctrl-c":
            self.stop.set()
        elif self.typed is not None:
            self._type(stroke, now)
        elif stroke.key == "escape":
            self._hold_next = False
            self._escapes += 1
            self.message = "quitting" if self._escapes >= 2 else "press Esc again to quit"
            if self._escapes >= 2:
                self.stop.set()
        else:
            self._escapes = 0
            self._command(stroke, now)

    def _command(self, stroke: Keystroke, now: float) -> None:
        if stroke.text == TAG_KEY:
            self.typed, self.message = "", ""
            return
        if stroke.key == "space":
            self._hold_next = True
            self.message = "hold: now press the key to hold"
            return
        if stroke.key == "tab":
            self.focus = (self.focus + (-1 if stroke.shift else 1)) % max(1, len(self.seats))
            self.message = ""
            return
        hold, self._hold_next = stroke.shift or self._hold_next, False
        binding = self.keys.key_map.get(stroke.key) if stroke.key else None
        if binding is None:
            name = stroke.text or stroke.key.upper() or "that key"
            self.message = f"{name} is no button on this board (the keys are listed above)"
            return
        self.terminal_keys.stroke(binding.key, now, hold=hold)
        who = self.labels.get(binding.seat, "Table")
        self.message = f"{who}: {'hold ' if hold else ''}{binding.role}"
        if binding.seat in self.seats and self._shown and binding.seat not in self._shown:
            self.focus = self.seats.index(binding.seat)

    def _type(self, stroke: Keystroke, now: float) -> None:
        typed = self.typed or ""
        if stroke.key == "escape":
            self.typed, self.message = None, "tag cancelled"
        elif stroke.key == "return":
            self.typed = None
            self.message = self.tag_line(typed, now)
        elif stroke.key == "backspace":
            self.typed = typed[:-1]
        elif stroke.text and stroke.text.isprintable() and len(typed) < MAX_TYPED:
            self.typed = typed + stroke.text

    def tag_line(self, line: str, now: float) -> str:
        """Tap the tag a typed line names; returns the echo or the refusal."""
        try:
            placed = parse_tag_line(line, list(self.sim.virtual_readers), self.box.tags or (),
                                    self._game())
        except TagLineError as error:
            return error.message
        self.sim.virtual_readers[placed.seat].place(placed.tag)
        self._lift_at[placed.seat] = now + LIFT_SECONDS
        return placed.describe(self.labels.get(placed.seat, placed.seat))

    def _game(self) -> str | None:
        """The game being played, or set up in the lobby."""
        table = self.box.table
        if table is None:
            return None
        if table.live is not None:
            return table.live.game.info.id
        return table.lobby.game.info.id if table.lobby.game is not None else None

    # ------------------------------------------------------------------ output

    def frame(self, size: tuple[int, int]) -> Wall:
        """The wall for a terminal of ``size`` (columns, lines)."""
        panels = []
        for name, canvas in self.box.canvases.items():
            rows = text_rows(canvas.image, canvas.items, canvas.columns)
            panels.append(Panel(name, tuple(r.text for r in rows), tuple(r.marks for r in rows)))
        wall = layout(panels, seats=self.seats, focus=self.focus, full_legend=self._legend_text,
                      compact_legend=self._compact_text, status=self._status(), size=size)
        self._shown = wall.shown
        return wall

    def _status(self) -> str:
        if self.typed is not None:
            return f"tag (SEAT PIECE, Enter; Esc cancels): {self.typed}_"
        return self.message

    # ------------------------------------------------------------------ loops

    def _run_terminal(self) -> None:
        drawn: tuple[int, int, tuple[int, int]] | None = None
        with _RawTerminal() as terminal:
            while not self.stop.is_set():
                self.box.step(wait=0.02)
                now = time.monotonic()
                self.feed(terminal.read(), now)
                self.tick(now)
                size = tuple(shutil.get_terminal_size())
                state = (self.box.frames_sent, self.version, (size[0], size[1]))
                if state != drawn:
                    drawn = state
                    wall = self.frame(state[2])
                    terminal.draw([styled(*line) for line in zip(wall.lines, wall.marks,
                                                                  strict=True)])
        self.terminal_keys.release_all()

    def _run_window(self) -> None:
        import pygame

        lines = _StdinLines()
        while not self.stop.is_set():
            self.box.step(wait=0.02)
            now = time.monotonic()
            self.tick(now)
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    self.stop.set()
                elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                    self._key(pygame.key.name(event.key), event.type == pygame.KEYDOWN)
            for line in lines.ready():
                print(self.tag_line(line, now), file=sys.stderr, flush=True)

    def _key(self, name: str, down: bool) -> None:
        """A key down or up in the pygame window."""
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


def quit_note(data_dir: Path, kept: bool) -> str:
    """What the simulator says on quitting about where the game was saved."""
    if kept:
        return (f"The game is saved in {data_dir / JOURNAL}: `refbox sim --data {data_dir}` "
                f"carries on from there.")
    return (f"Nothing was kept: this run used a temporary folder ({data_dir}), deleted now. "
            f"Start with --data DIR to keep the game.")


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
    """Single keystrokes from a terminal (cbreak mode) and a full-screen wall, restored on exit."""

    def __enter__(self) -> _RawTerminal:
        import termios
        import tty

        self._fd = sys.stdin.fileno()
        self._saved: Any = None
        self._screen = sys.stdout.isatty()
        if sys.stdin.isatty():
            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd)
        if self._screen:  # the alternate screen, cursor hidden: the shell comes back on exit
            sys.stdout.write("\x1b[?1049h\x1b[?25l")
        return self

    def read(self) -> bytes:
        if not select.select([self._fd], [], [], 0)[0]:
            return b""
        return os.read(self._fd, 1024)

    def draw(self, lines: list[str]) -> None:
        """Every line from the top, each line's rest and the screen below cleared; no newline
        after the last line, so a wall as high as the terminal does not scroll."""
        sys.stdout.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")
        sys.stdout.flush()

    def __exit__(self, *exc: object) -> None:
        if self._screen:
            sys.stdout.write("\x1b[?25h\x1b[?1049l")
            sys.stdout.flush()
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
