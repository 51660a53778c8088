"""Opening the board: real hardware on the Pi, simulated twins on a laptop.

:class:`Backends` says how to make each part; :func:`hardware_backends` and
:func:`sim_backends` are the two sets. The daemon asks them for devices and never branches
on "simulated" itself, so the sim runs exactly the daemon's code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from firmware_py.buttons import make_pin_factory, mock_pin_factory
from firmware_py.events import InputEvent
from firmware_py.feedback import Feedback, RecordingFeedback, make_feedback
from firmware_py.rfid import TagReader
from firmware_py.specs import BoardProfile, Clock, ReaderSpec, ScreenSpec
from services.games.registry import Registry

if TYPE_CHECKING:
    from gpiozero.pins import Factory  # gpiozero: imported when the pins are made

Sink = Callable[[InputEvent], None]


class ScreenDevice(Protocol):
    name: str

    @property
    def online(self) -> bool: ...

    def show(self, image: Any) -> None: ...

    def close(self) -> None: ...


class Reader(Protocol):
    def start(self) -> None: ...

    def request_stop(self) -> None: ...

    def stop(self, timeout: float = 5.0) -> None: ...

    def step(self) -> float: ...


def screen_slots(profile: BoardProfile) -> dict[str, ScreenSpec]:
    """Which screen shows what: "public", "director" and each seat's name."""
    slots = {s.name: s.screen for s in profile.seats if s.screen is not None}
    if profile.public_screen is not None:
        slots["public"] = profile.public_screen
    if profile.director_screen is not None:
        slots["director"] = profile.director_screen
    return slots


@dataclass
class Backends:
    pin_factory: Callable[[BoardProfile], Factory]
    screens: Callable[[dict[str, ScreenSpec], Clock, Sink], dict[str, ScreenDevice]]
    reader: Callable[[ReaderSpec, str, Sink, Clock], Reader]
    feedback: Callable[[BoardProfile, Factory, Clock], Feedback]
    threaded_readers: bool = True
    closers: list[Callable[[], None]] = field(default_factory=list)
    # Called with the data directory and the games before anything is read from it
    # (the simulator writes its made-up tag registry there).
    prepare_data: Callable[[Path, Registry], None] | None = None


def hardware_backends() -> Backends:
    from firmware_py.screens import open_screens

    def screens(slots: dict[str, ScreenSpec], clock: Clock, sink: Sink) -> dict[str, Any]:
        opened = open_screens(list(slots.values()), clock=clock, sink=sink)
        return dict(zip(slots, opened, strict=True))

    def reader(spec: ReaderSpec, seat: str, sink: Sink, clock: Clock) -> Reader:
        return TagReader(spec, seat, sink, clock)

    return Backends(lambda p: make_pin_factory(p), screens, reader, make_feedback)


@dataclass
class SimBoard:
    """The simulated twins the sim drives: mock pins, emulated screens, virtual readers."""

    screen_backend: str | None = None  # pygame, terminal, capture, memory (None: choose)
    directory: str | None = None  # for capture
    virtual_readers: dict[str, Any] = field(default_factory=dict)  # seat -> VirtualRdm6300
    screens: dict[str, Any] = field(default_factory=dict)
    output: Any = None
    factory: Factory | None = None

    def backends(self, clock: Clock, *, threaded: bool = True) -> Backends:
        from firmware_py.sim.emulated_screens import open_emulated_screens
        from firmware_py.sim.virtual_reader import VirtualRdm6300

        def pins(profile: BoardProfile) -> Factory:
            self.factory = mock_pin_factory()
            return self.factory

        def screens(slots: dict[str, ScreenSpec], clock_: Clock, sink: Sink) -> dict[str, Any]:
            opened, self.output = open_emulated_screens(
                list(slots.values()), backend=self.screen_backend, clock=clock_, sink=sink,
                directory=self.directory)
            self.screens = dict(zip(slots, opened, strict=True))
            return self.screens

        def reader(spec: ReaderSpec, seat: str, sink: Sink, clock_: Clock) -> Reader:
            virtual = VirtualRdm6300(clock=clock_, threaded=threaded, name=f"{seat}-reader")
            self.virtual_readers[seat] = virtual
            real = replace(spec, port=virtual.path, kind="rdm6300")
            return TagReader(real, seat, sink, clock_, read_timeout=0.0 if not threaded else 0.05)

        def feedback(profile: BoardProfile, factory: Factory, clock_: Clock) -> Feedback:
            return RecordingFeedback(clock_)

        def prepare(data_dir: Path, registry: Registry) -> None:
            from services.referee.box.simtags import prepare_sim_tags  # the sim's alone

            prepare_sim_tags(data_dir / "tags.toml", registry)

        return Backends(pins, screens, reader, feedback, threaded_readers=threaded,
                        closers=[self.close], prepare_data=prepare)

    def close(self) -> None:
        for virtual in self.virtual_readers.values():
            virtual.request_stop()  # all at once, then each is waited for
        for virtual in self.virtual_readers.values():
            virtual.close()
        self.virtual_readers.clear()
        if self.output is not None:
            self.output.close()
            self.output = None
