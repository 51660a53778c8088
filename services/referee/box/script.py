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
from services.referee.box.daemon import Box
from services.referee.box.devices import SimBoard
from services.referee.errors import RefereeError

STEP = 0.02  # s of fake time per loop step (the daemon ticks every 20 ms too)


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
            capture.mkdir(parents=True, exist_ok=True)
            self._capture()

    # ------------------------------------------------------------------ commands

    def run(self, lines: Iterable[str], source: str = "script") -> None:
        for number, raw in enumerate(lines, start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            try:
                self.command(line)
            except (ValueError, KeyError) as error:
                raise ScriptError(f"{source}:{number}: {line!r}: {error}") from None
            self.steps += 1
            self._capture()
            if self.after_step is not None:
                self.after_step(self.steps)

    def command(self, line: str) -> None:
        word, *args = line.split()
        handlers: dict[str, Callable[..., None]] = {
            "press": self.press, "hold": self.hold, "double": self.double,
            "down": self.down, "up": self.up, "tag": self.tag, "wait": self.wait,
            "game": self.choose_game,
        }
        if word not in handlers:
            raise ValueError(f"unknown command {word!r}; commands: {', '.join(handlers)}")
        handlers[word](*args)

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
        """A tag id, or the id of a registered piece (``the-watchman``)."""
        virtual = self.sim.virtual_readers.get(seat)
        if virtual is None:
            raise ValueError(f"{seat} has no reader on this board")
        registry = self.box.tags
        entry = next((e for e in registry or () if e.id == tag), None)
        virtual.place(entry.tag if entry is not None else tag)
        self.advance(0.2)
        virtual.remove()
        self.advance(0.5)

    def wait(self, seconds: str) -> None:
        self.advance(float(seconds))

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
            image.save(self.capture / f"{self.steps:04d}-{name}.png")
