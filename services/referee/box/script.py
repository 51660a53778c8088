"""Scripted input for the simulated box: the daemon's own loop on a fake clock.

A script is one command per line (``#`` starts a comment)::

    press seat1 ok        short press (down, release, wait past the double-press window)
    hold seat1 ok         held past the hold time, then released
    double seat2 peek     two short presses
    down seat3 peek       just down (hold-to-peek) ... and later:
    up seat3 peek
    tag seat1 0A00B1C2D3  a tag on the seat's virtual RDM6300 (real frames on a pty), lifted
    wait 2.5              let time pass
    game decktet-escape   choose the game in the lobby (same as pressing through the menu)

Buttons go through the mock pins and refbox's real debounce and gesture code; tags go
through a pty, the real frame parser and presence logic. After every command the runner can
write a PNG of every screen (``NNNN-<screen>.png``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from firmware_py.sim.keys import SimKeys, build_key_map
from services.games.core import GameError
from services.referee.box.daemon import Box
from services.referee.box.devices import SimBoard
from services.referee.box.simtags import TagLineError, parse_tag_line
from services.referee.errors import FileDamaged, RefereeError
from services.referee.files import folder

STEP = 0.02  # s of fake time per loop step (the daemon ticks every 20 ms too)
MAX_WAIT = 600.0  # s: one wait line lets at most ten minutes pass


class ScriptError(RefereeError):
    rule = "SCRIPT"


@dataclass
class FakeClock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


class ScriptRunner:
    def __init__(self, box: Box, sim: SimBoard, clock: FakeClock,
                 capture: Path | None = None, after_step: Callable[[int], None] | None = None
                 ) -> None:
        self.box = box
        self.sim = sim
        self.clock = clock
        self.capture = capture
        self.after_step = after_step
        self.steps = 0
        profile = box.profile
        if sim.factory is None:
            raise ScriptError("start the box before running a script")
        self.keys = SimKeys(build_key_map(profile), sim.factory)  # type: ignore[arg-type]
        self.timing = profile.timing
        if capture is not None:
            folder(capture, "the screen pictures")
            self._capture()

    # ------------------------------------------------------------------ commands

    def run(self, lines: Iterable[str], source: str = "script") -> None:
        for number, raw in enumerate(lines, start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            try:
                self.command(line)
            except (ValueError, KeyError, GameError) as error:
                text = error.message if isinstance(error, GameError) else str(error)
                raise ScriptError(f"{source}:{number}: {_quote(line)}: {text}") from None
            self.steps += 1
            self._capture()
            if self.after_step is not None:
                self.after_step(self.steps)

    def command(self, line: str) -> None:
        word, *args = line.split()
        handlers: dict[str, tuple[Callable[..., None], str]] = {
            "press": (self.press, "SEAT BUTTON"), "hold": (self.hold, "SEAT BUTTON"),
            "double": (self.double, "SEAT BUTTON"), "down": (self.down, "SEAT BUTTON"),
            "up": (self.up, "SEAT BUTTON"), "tag": (self.tag, "SEAT TAG"),
            "wait": (self.wait, "SECONDS"), "game": (self.choose_game, "GAME"),
        }
        if word not in handlers:
            raise ValueError(f"unknown command {_quote(word)}; commands: {', '.join(handlers)}")
        handler, usage = handlers[word]
        if len(args) != len(usage.split()):
            raise ValueError(f"{word} takes {usage} ({len(usage.split())} words after "
                             f"{word!r}), not {len(args)}")
        handler(*args)

    def press(self, seat: str, role: str) -> None:
        self.down(seat, role)
        self.advance(0.06)
        self.up(seat, role)
        window = self.timing.double_press if role in self.timing.double_press_roles else 0.0
        self.advance(0.06 + window)

    def hold(self, seat: str, role: str) -> None:
        self.down(seat, role)
        self.advance(self.timing.hold + 0.1)
        self.up(seat, role)
        self.advance(0.06)

    def double(self, seat: str, role: str) -> None:
        for _ in range(2):
            self.down(seat, role)
            self.advance(0.06)
            self.up(seat, role)
            self.advance(0.06)
        self.advance(0.06)

    def down(self, seat: str, role: str) -> None:
        self.keys.press(self._key(seat, role))
        self.advance(STEP)

    def up(self, seat: str, role: str) -> None:
        self.keys.release(self._key(seat, role))
        self.advance(STEP)

    def tag(self, seat: str, tag: str) -> None:
        """A tag id, or the id of a registered piece (``the-watchman``), read as a typed tag
        line is: a misspelt piece is refused with the closest names."""
        try:
            line = parse_tag_line(f"{seat} {tag}", list(self.sim.virtual_readers),
                                  self.box.tags or ())
        except TagLineError as error:
            raise ValueError(error.message) from None
        virtual = self.sim.virtual_readers[line.seat]
        virtual.place(line.tag)
        self.advance(0.2)
        virtual.remove()
        self.advance(0.5)

    def wait(self, seconds: str) -> None:
        try:
            value = float(seconds)
        except ValueError:
            value = -1.0
        if not 0 <= value <= MAX_WAIT:  # also refuses nan and inf
            raise ValueError(f"wait takes a number of seconds from 0 to {MAX_WAIT:g}, "
                             f"not {_quote(seconds)}")
        self.advance(value)

    def choose_game(self, game_id: str) -> None:
        table = self.box._table()
        table.lobby.choose(game_id)
        self.box.render()
        self.advance(STEP)

    # ------------------------------------------------------------------ time

    def advance(self, seconds: float) -> None:
        end = self.clock.now + seconds
        while self.clock.now < end - 1e-9:
            self.clock.now = min(end, self.clock.now + STEP)
            for virtual in self.sim.virtual_readers.values():
                virtual.tick(self.clock.now)
            self.box.step()

    def _key(self, seat: str, role: str) -> str:
        key = self.keys.key_map.key_for(seat, role)
        if key is None:
            raise ValueError(f"{seat} has no {role} button on board {self.box.profile.name}")
        return key

    def _capture(self) -> None:
        if self.capture is None:
            return
        for name, image in self.box.images.items():
            path = self.capture / f"{self.steps:04d}-{name}.png"
            try:
                image.save(path)
            except OSError as error:
                raise FileDamaged(str(path), f"cannot write the screen picture: "
                                  f"{error.strerror or error}") from None


def _quote(text: str) -> str:
    """``text`` quoted for a message, cut to a short prefix if it is long."""
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."
