"""Buttons: debounce and gestures (press, hold, double press) with an injectable clock.

Two layers:

* :class:`ButtonLogic` is the pure state machine for one button. Feed it raw level samples
  with :meth:`~ButtonLogic.sample` and let time pass with :meth:`~ButtonLogic.tick`; both
  return the events that became certain. No threads, no gpiozero, no clock of its own.
* :class:`SeatButtons` and :class:`BoardButtons` bind that logic to gpiozero ``Button``
  devices (``bounce_time=None``: refbox debounces itself) made with an injected
  ``pin_factory``, and hand every event to ``sink`` (the daemon passes ``queue.put``).

Timing (all from the profile's :class:`~firmware_py.specs.Timing`):

* a level change counts once it has been stable for ``debounce`` seconds; the event's ``at``
  is that moment (edge time + debounce), so every ``at`` is when the fact became certain;
* :class:`ButtonHeld` comes ``hold`` seconds after :class:`ButtonDown` if the button is still
  down, once per hold; that press then gives no :class:`ButtonPressed`;
* a press whose release is followed by the next down within ``double_press`` seconds, the
  second press being short too, gives one :class:`ButtonDoublePressed` (at the second
  release) and no :class:`ButtonPressed`. If the second press becomes a hold, the first is
  reported as :class:`ButtonPressed` just before the :class:`ButtonHeld`;
* otherwise :class:`ButtonPressed` comes when the double-press window has passed after the
  release (at = release + ``double_press``); with ``double_press = 0`` it comes at the release.
* double presses are detected only for the roles in ``double_press_roles`` (by default only
  ``peek``, where a double press is a deliberate reveal); every other button reports its
  press at the release, with no wait.

Because holds and double-press windows end without any edge, the daemon loop must call
``tick(now)`` regularly: at least every 10-20 ms, or sleep until :meth:`BoardButtons.next_due`.
Hardware callbacks run on gpiozero's threads; a lock keeps the logic consistent.

On the Pi, :func:`make_pin_factory` returns gpiozero's lgpio factory, RPi.GPIO as fallback;
simulated profiles get a ``MockFactory``.

gpiozero is imported when the first pin factory or button is made, not with this module:
importing any part of it imports the whole package, ``importlib.metadata`` included (the
largest of the daemon's imports, docs/performance.md "Start-up"), which a module that only
names these classes, or uses the pure :class:`ButtonLogic`, does not need.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import TYPE_CHECKING

from firmware_py.errors import HardwareError
from firmware_py.events import (
    ButtonDoublePressed,
    ButtonDown,
    ButtonHeld,
    ButtonPressed,
    ButtonUp,
    InputEvent,
)
from firmware_py.specs import BoardProfile, ButtonSpec, Clock, Timing

if TYPE_CHECKING:
    from gpiozero import DigitalInputDevice
    from gpiozero.pins import Factory
    from gpiozero.pins.mock import MockFactory

log = logging.getLogger(__name__)

SIM_BOARD_REVISION = "a020a0"  # a Compute Module 3: GPIO 0..45, room for the sim's 30 buttons
Sink = Callable[[InputEvent], None]
FactoryLoader = Callable[[], "Factory"]
LEVEL_POLL = 0.1  # s between reads of every level by tick() (edges come by callbacks)


class ButtonLogic:
    """Debounce and gesture state machine of one button (pure: time comes from the caller).

    ``pressed`` is the level at start; a button already down at start reports no
    :class:`ButtonDown`, hold or press, only its :class:`ButtonUp`. Times given to
    :meth:`sample` and :meth:`tick` never go backwards: an earlier time counts as the latest.
    """

    def __init__(
        self, seat: str, role: str, timing: Timing, *, pressed: bool = False, now: float = 0.0
    ) -> None:
        self.seat = seat
        self.role = role
        self.timing = timing
        # Only roles that use double presses wait for a second press before reporting one.
        self._window = timing.double_press if role in timing.double_press_roles else 0.0
        self._now = now  # latest time seen
        self._raw = pressed  # last level seen
        self._raw_since = now
        self._down = pressed  # debounced level
        self._down_at = now
        self._held = pressed  # a button already down at start never reports a hold or press
        self._released_at: float | None = None  # first press of a possible double press
        self._second = False  # the current press is the second of a double press

    @property
    def is_pressed(self) -> bool:
        """The debounced level."""
        return self._down

    @property
    def busy(self) -> bool:
        """A timed decision is pending (debounce, hold, a double-press window): the same
        conditions as :meth:`_due`, without building its list."""
        return (self._raw != self._down or (self._down and not self._held)
                or (self._released_at is not None and not self._down))

    def sample(self, pressed: bool, now: float) -> list[InputEvent]:
        """A raw level seen at ``now`` (every edge, bounces included)."""
        events = self.tick(now)
        if pressed != self._raw:
            self._raw = pressed
            self._raw_since = self._now
        return events

    def tick(self, now: float) -> list[InputEvent]:
        """Let time pass up to ``now``; returns the events that became certain meanwhile."""
        self._now = max(self._now, now)
        events: list[InputEvent] = []
        while (due := self._due()) is not None and due[0] <= self._now:
            events += due[1](due[0])
        return events

    def next_due(self) -> float | None:
        """When the next timed decision falls (None: nothing pending)."""
        due = self._due()
        return None if due is None else due[0]

    def _due(self) -> tuple[float, Callable[[float], list[InputEvent]]] | None:
        timers: list[tuple[float, int, Callable[[float], list[InputEvent]]]] = []
        if self._down and not self._held:
            timers.append((self._down_at + self.timing.hold, 0, self._hold))
        if self._raw != self._down:
            timers.append((self._raw_since + self.timing.debounce, 1, self._commit))
        if self._released_at is not None and not self._down:
            timers.append((self._released_at + self._window, 2, self._expire))
        if not timers:
            return None
        at, _, action = min(timers, key=lambda t: (t[0], t[1]))
        return at, action

    def _commit(self, at: float) -> list[InputEvent]:
        self._down = self._raw
        if self._down:
            self._down_at = at
            self._held = False
            self._second = self._released_at is not None
            self._released_at = None
            return [ButtonDown(self.seat, self.role, at)]
        events: list[InputEvent] = [ButtonUp(self.seat, self.role, at)]
        if self._held:
            self._held = False
        elif self._second:
            self._second = False
            events.append(ButtonDoublePressed(self.seat, self.role, at))
        elif self._window > 0:
            self._released_at = at
        else:
            events.append(ButtonPressed(self.seat, self.role, at))
        return events

    def _hold(self, at: float) -> list[InputEvent]:
        self._held = True
        events: list[InputEvent] = []
        if self._second:
            self._second = False
            events.append(ButtonPressed(self.seat, self.role, at))
        events.append(ButtonHeld(self.seat, self.role, at))
        return events

    def _expire(self, at: float) -> list[InputEvent]:
        self._released_at = None
        return [ButtonPressed(self.seat, self.role, at)]


class SeatButtons:
    """The gpiozero buttons of one seat (or of the table), feeding :class:`ButtonLogic`.

    Edges arrive through gpiozero callbacks; :meth:`tick` also reads each button's level, so
    an edge the GPIO library dropped is still seen (late, at the next tick).
    """

    def __init__(
        self,
        seat: str,
        specs: Sequence[ButtonSpec],
        timing: Timing,
        sink: Sink,
        clock: Clock,
        pin_factory: Factory,
    ) -> None:
        from gpiozero.exc import GPIOZeroError  # gpiozero: when the first button is made

        self.seat = seat
        self._sink = sink
        self._clock = clock
        self._lock = threading.Lock()
        self._buttons: dict[str, tuple[DigitalInputDevice, ButtonLogic]] = {}
        self._polled_at = float("-inf")  # when every button's level was last read
        for spec in specs:
            try:
                self._add(spec, timing, pin_factory)
            except (GPIOZeroError, OSError, RuntimeError) as exc:
                self.close()
                raise HardwareError(
                    f"{seat} {spec.role} button", f"cannot use the pin: {exc}", f"GPIO{spec.gpio}"
                ) from exc

    def _add(self, spec: ButtonSpec, timing: Timing, pin_factory: Factory) -> None:
        # A plain input, not gpiozero's Button: holds and double presses are ButtonLogic's, so
        # Button's hold thread (one per button, polling every 0.1 s) would only slow close().
        from gpiozero import DigitalInputDevice  # imported by the constructor already

        device = DigitalInputDevice(
            spec.gpio, pull_up=spec.pull_up, bounce_time=None, pin_factory=pin_factory
        )
        logic = ButtonLogic(
            self.seat, spec.role, timing, pressed=device.is_active, now=self._clock()
        )
        self._buttons[spec.role] = (device, logic)

        def pressed() -> None:
            self._on_level(logic, True)

        def released() -> None:
            self._on_level(logic, False)

        device.when_activated = pressed
        device.when_deactivated = released

    def _on_level(self, logic: ButtonLogic, pressed: bool) -> None:
        with self._lock:
            for event in logic.sample(pressed, self._clock()):
                self._sink(event)

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(self._buttons)

    def is_pressed(self, role: str) -> bool:
        """The debounced level of the ``role`` button."""
        return self._buttons[role][1].is_pressed

    def tick(self, now: float | None = None) -> None:
        """Emit the events whose time has come (``now`` defaults to the clock). Every
        ``LEVEL_POLL`` seconds each button's level is read as well (an edge the GPIO
        library dropped is seen then); in between only buttons with a timed decision
        pending are ticked, so an idle board costs next to nothing per loop step."""
        with self._lock:
            at = self._clock() if now is None else now
            poll = not at - LEVEL_POLL < self._polled_at <= at
            if poll:
                self._polled_at = at
            for device, logic in self._buttons.values():
                if poll:
                    events = logic.sample(device.is_active, at)
                elif logic.busy:
                    events = logic.tick(at)
                else:
                    continue
                for event in events:
                    self._sink(event)

    def next_due(self) -> float | None:
        with self._lock:
            dues = [logic.next_due() for _, logic in self._buttons.values()]
        return min((d for d in dues if d is not None), default=None)

    def close(self) -> None:
        for device, _ in self._buttons.values():
            device.close()
        self._buttons.clear()


class BoardButtons:
    """Every button of a profile: one :class:`SeatButtons` per seat, plus ``"table"``."""

    def __init__(
        self,
        profile: BoardProfile,
        sink: Sink,
        clock: Clock,
        pin_factory: Factory,
        *,
        seats: Iterable[str] | None = None,
    ) -> None:
        wanted = None if seats is None else set(seats)
        groups = [(seat.name, seat.buttons) for seat in profile.seats]
        groups.append(("table", profile.table_buttons))
        self.seats: dict[str, SeatButtons] = {}
        try:
            for name, specs in groups:
                if specs and (wanted is None or name in wanted):
                    self.seats[name] = SeatButtons(
                        name, specs, profile.timing, sink, clock, pin_factory
                    )
        except HardwareError:
            self.close()
            raise

    def tick(self, now: float | None = None) -> None:
        """Call from the daemon loop at least every 10-20 ms (holds, double-press windows)."""
        for seat in self.seats.values():
            seat.tick(now)

    def next_due(self) -> float | None:
        """The earliest time a ``tick`` has something to decide (None: nothing pending)."""
        dues = [d for d in (s.next_due() for s in self.seats.values()) if d is not None]
        return min(dues, default=None)

    def close(self) -> None:
        for seat in self.seats.values():
            seat.close()

    def __enter__(self) -> BoardButtons:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def mock_pin_factory() -> MockFactory:
    """A fresh mock board with GPIO 0..45 and PWM-capable pins (buttons, buzzer, LED)."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin  # not needed on the Pi

    return MockFactory(revision=SIM_BOARD_REVISION, pin_class=MockPWMPin)


def make_pin_factory(
    profile: BoardProfile,
    simulated: bool | None = None,
    *,
    loaders: Sequence[tuple[str, FactoryLoader]] | None = None,
) -> Factory:
    """The pin factory for ``profile``: mock pins when simulated, else lgpio, then RPi.GPIO.

    ``simulated`` overrides ``profile.simulated``; ``loaders`` (name, loader) replace the
    real libraries in tests. Raises :class:`HardwareError` naming what to install.
    """
    if profile.simulated if simulated is None else simulated:
        return mock_pin_factory()
    from gpiozero.exc import GPIOZeroError  # gpiozero: when the first factory is made

    failures = []
    for name, loader in loaders if loaders is not None else _REAL_LOADERS:
        try:
            factory = loader()
        except (ImportError, OSError, RuntimeError, GPIOZeroError) as exc:
            failures.append(f"{name}: {exc}")
            continue
        log.info("GPIO through %s", name)
        return factory
    raise HardwareError(
        "GPIO",
        "no usable GPIO library (" + "; ".join(failures) + "). On Raspberry Pi OS install "
        "lgpio (`sudo apt install python3-lgpio`, or `pip install lgpio` in refbox's venv) "
        "or RPi.GPIO (`pip install RPi.GPIO`), add your user to group gpio "
        "(`sudo usermod -aG gpio $USER`, then log in again), or use a simulated profile "
        "(--board sim)",
        "/dev/gpiochip0",
    )


def _lgpio_factory() -> Factory:
    import lgpio  # type: ignore[import-not-found]
    from gpiozero.pins.lgpio import LGPIOFactory

    try:
        return LGPIOFactory()
    except lgpio.error as exc:
        raise OSError(str(exc)) from exc


def _rpigpio_factory() -> Factory:
    from gpiozero.pins.rpigpio import RPiGPIOFactory

    return RPiGPIOFactory()


_REAL_LOADERS: tuple[tuple[str, FactoryLoader], ...] = (
    ("lgpio", _lgpio_factory),
    ("RPi.GPIO", _rpigpio_factory),
)
