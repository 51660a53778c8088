"""``refbox doctor``: check that every part of a board answers, and say what to fix if not.

:class:`Doctor` opens every device of a profile through an injected :class:`Devices` bundle,
shows each seat's name on its own screen, asks for each button to be pressed and each reader
to be tapped (each step with a timeout, and skippable), rings the buzzer, and returns one
:class:`Check` per part. ``format_report`` (:mod:`services.referee.doctor_report`) turns
them into a pass/fail table followed by what to check for every failure. Time, input and
output are injected too, so the whole run is testable with mock pins, fake screens and fake
readers.

A simulated profile has nothing wired: the doctor only checks that it loads.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Protocol

from gpiozero.pins import Factory
from PIL import Image, ImageDraw

from firmware_py.buttons import BoardButtons, make_pin_factory
from firmware_py.errors import HardwareError
from firmware_py.events import ButtonDown, DeviceStatus, InputEvent, TagPlaced
from firmware_py.feedback import Cue, make_feedback, pattern_length
from firmware_py.profile_checks import I2C_PINS, PHYSICAL_PIN
from firmware_py.specs import BoardProfile, ButtonSpec, Clock, ReaderSpec, ScreenSpec

log = logging.getLogger(__name__)

Sink = Callable[[InputEvent], None]
Status = Literal["pass", "FAIL", "skip"]
DEFAULT_TIMEOUT = 20.0
POLL = 0.02


class ScreenLike(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def online(self) -> bool: ...

    def show(self, image: Image.Image) -> None: ...

    def close(self) -> None: ...


class ReaderLike(Protocol):
    @property
    def online(self) -> bool: ...

    def start(self) -> None: ...

    def stop(self) -> None: ...


@dataclass(frozen=True)
class Devices:
    """How to open each kind of device (real ones from :func:`hardware_devices`)."""

    pin_factory: Callable[[BoardProfile], Factory]
    open_screen: Callable[[ScreenSpec], ScreenLike]
    open_reader: Callable[[ReaderSpec, str, Sink, Clock], ReaderLike]


@dataclass(frozen=True)
class Console:
    """The doctor's terminal: ``say`` prints, ``ask`` reads an answer, ``skip_requested``
    tells (without blocking) whether the user pressed Enter to skip the current step."""

    say: Callable[[str], None]
    ask: Callable[[str], str]
    skip_requested: Callable[[], bool]


@dataclass(frozen=True)
class Check:
    part: str  # "seat1 ok button"
    where: str  # "GPIO17 (pin 11)", "i2c-1@0x3C", "/dev/ttyUSB0"
    status: Status
    detail: str
    hints: tuple[str, ...] = ()


def hardware_devices() -> Devices:
    """The real openers: gpiozero pins, luma screens sharing their I2C buses, TagReaders."""
    from firmware_py.rfid import TagReader
    from firmware_py.screens import I2CBuses, open_screen

    buses = I2CBuses()
    return Devices(
        pin_factory=make_pin_factory,
        open_screen=lambda spec: open_screen(spec, buses=buses),
        open_reader=lambda spec, seat, sink, clock: TagReader(spec, seat, sink, clock),
    )


class Doctor:
    """Checks one board; ``devices`` may be None only for a simulated profile."""

    def __init__(
        self,
        profile: BoardProfile,
        devices: Devices | None,
        console: Console,
        clock: Clock,
        sleep: Callable[[float], None],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        assume_yes: bool = False,
    ) -> None:
        self.profile = profile
        self.devices = devices
        self.console = console
        self.clock = clock
        self.sleep = sleep
        self.timeout = timeout
        self.assume_yes = assume_yes
        self.events: queue.Queue[InputEvent] = queue.Queue()
        self._buttons: BoardButtons | None = None
        self._screens: dict[str, ScreenLike] = {}

    def run(self) -> list[Check]:
        p = self.profile
        summary = f"{len(p.seats)} seats, {len(p.screens())} screens, {len(p.readers())} readers"
        results = [Check("board profile", p.file, "pass", f"{p.name}: {summary}")]
        if p.simulated:
            note = "simulated board: nothing is wired (try the sim instead)"
            return [*results, Check("devices", "-", "skip", note)]
        self._devices()  # fail early without them
        try:
            results += self.check_screens()
            factory, failure = self._pin_factory()
            results += self.check_buttons(factory, failure)
            results += self.check_readers()
            results += self.check_feedback(factory, failure)
        finally:
            self.close()
        return results

    def check_screens(self) -> list[Check]:
        opened: list[tuple[ScreenSpec, str, ScreenLike]] = []
        results = []
        for spec, label in _screens_with_labels(self.profile):
            try:
                screen = self._devices().open_screen(spec)
                self._screens[spec.name] = screen
                screen.show(identification_image(spec, label))
            except HardwareError as exc:
                results.append(
                    Check(spec.name, spec.path, "FAIL", exc.message, _screen_hints(spec))
                )
                continue
            if not screen.online:
                reason = getattr(screen, "last_error", None) or "does not answer"
                results.append(
                    Check(spec.name, spec.path, "FAIL", str(reason), _screen_hints(spec))
                )
                continue
            opened.append((spec, label, screen))
        for spec, label, _ in opened:
            answer = self._ask(f'Does the {spec.name} show "{label}"? [Y/n/s(kip)] ')
            if answer == "skip":
                results.append(Check(spec.name, spec.path, "skip", "not confirmed"))
            elif answer == "yes":
                results.append(Check(spec.name, spec.path, "pass", f'shows "{label}"'))
            else:
                hints = (
                    "it answers on the bus: check the wiring of its own panel and the "
                    "address jumper",
                    *_screen_hints(spec),
                )
                results.append(Check(spec.name, spec.path, "FAIL", "text not seen", hints))
        return results

    def check_buttons(self, factory: Factory | None, failure: str) -> list[Check]:
        specs = [(s.name, s.label, b) for s in self.profile.seats for b in s.buttons]
        specs += [("table", "Table", b) for b in self.profile.table_buttons]
        if factory is not None:
            try:
                self._buttons = BoardButtons(self.profile, self.events.put, self.clock, factory)
            except HardwareError as exc:
                failure = str(exc)
        if self._buttons is None:
            return [
                Check(f"{seat} {b.role} button", _gpio(b.gpio), "FAIL", failure)
                for seat, _, b in specs
            ]
        return [self._check_button(seat, label, spec) for seat, label, spec in specs]

    def _check_button(self, seat: str, label: str, spec: ButtonSpec) -> Check:
        part, where = f"{seat} {spec.role} button", _gpio(spec.gpio)
        self._show(seat, [label, f"press {spec.role.upper()}"])
        self.console.say(f"{label}: press {spec.role} ({where}); Enter skips")
        others: list[str] = []

        def wanted(event: InputEvent) -> bool:
            if not isinstance(event, ButtonDown):
                return False
            if (event.seat, event.button) == (seat, spec.role):
                return True
            others.append(f"{event.seat} {event.button}")
            return False

        outcome = self._wait(wanted)
        if outcome == "skip":
            return Check(part, where, "skip", "skipped")
        if outcome is not None:
            return Check(part, where, "pass", "pressed")
        detail = f"no press within {self.timeout:g} s"
        hints = [
            f"one leg of the button to {where}, the other to GND (e.g. pin 9, 14 or 39)",
            GROUP_HINT.format(group="gpio"),
        ]
        if others:
            detail += f"; saw {', '.join(dict.fromkeys(others))} instead"
            hints.insert(0, f"are the wires of {seat} {spec.role} and {others[0]} swapped?")
        return Check(part, where, "FAIL", detail, tuple(hints))

    def check_readers(self) -> list[Check]:
        readers = [(s.name, s.label, s.reader) for s in self.profile.seats if s.reader]
        if self.profile.table_reader is not None:
            readers.append(("table", "Table", self.profile.table_reader))
        return [self._check_reader(seat, label, spec) for seat, label, spec in readers]

    def _check_reader(self, seat: str, label: str, spec: ReaderSpec) -> Check:
        try:
            reader = self._devices().open_reader(spec, seat, self.events.put, self.clock)
        except HardwareError as exc:
            return Check(spec.name, spec.port, "FAIL", exc.message, _reader_hints(spec))
        reasons: list[str] = []

        def wanted(event: InputEvent) -> bool:
            if isinstance(event, DeviceStatus) and event.device == spec.name and not event.online:
                reasons.append(event.reason)
                return True  # a port that cannot be used fails now, not after the timeout
            return isinstance(event, TagPlaced) and event.reader == spec.name

        reader.start()
        try:
            self._show(seat, [label, "tap a tag"])
            self.console.say(f"{label}: tap a tag on the {spec.name} ({spec.port}); Enter skips")
            outcome = self._wait(wanted)
            online = reader.online
        finally:
            reader.stop()
        if outcome == "skip" and not reasons:
            return Check(spec.name, spec.port, "skip", "skipped")
        if isinstance(outcome, TagPlaced):
            return Check(spec.name, spec.port, "pass", f"read tag {outcome.tag}")
        if online and not reasons:
            detail = f"no tag read within {self.timeout:g} s"
        else:
            detail = f"port not usable: {reasons[-1] if reasons else 'did not open'}"
        return Check(spec.name, spec.port, "FAIL", detail, _reader_hints(spec))

    def check_feedback(self, factory: Factory | None, failure: str) -> list[Check]:
        p = self.profile
        parts = [(what, g) for what, g in (("buzzer", p.buzzer_gpio), ("LED", p.status_led_gpio))]
        wired = [(what, g) for what, g in parts if g is not None]
        if not wired:
            return []
        part = " and ".join(what for what, _ in wired)
        where = ", ".join(_gpio(g) for _, g in wired)
        if factory is None:
            return [Check(part, where, "FAIL", failure)]
        try:
            feedback = make_feedback(p, factory, self.clock)
        except HardwareError as exc:
            return [Check(part, where, "FAIL", str(exc), _feedback_hints(p))]
        try:
            feedback.play(Cue.TURN)
            end = self.clock() + pattern_length(Cue.TURN)
            while feedback.playing is not None and self.clock() < end + 1.0:
                self.sleep(POLL)
                feedback.tick()
        finally:
            feedback.close()
        answer = self._ask(f"Did the {part} give two rising beeps / blinks? [Y/n/s(kip)] ")
        if answer == "yes":
            return [Check(part, where, "pass", "heard and seen")]
        if answer == "skip":
            return [Check(part, where, "skip", "not confirmed")]
        return [Check(part, where, "FAIL", "not heard or not seen", _feedback_hints(p))]

    def close(self) -> None:
        if self._buttons is not None:
            self._buttons.close()
            self._buttons = None
        for screen in self._screens.values():
            screen.close()
        self._screens.clear()

    def _devices(self) -> Devices:
        if self.devices is None:
            raise ValueError(
                f"board {self.profile.name} is not simulated: the doctor needs devices"
            )
        return self.devices

    def _pin_factory(self) -> tuple[Factory | None, str]:
        try:
            return self._devices().pin_factory(self.profile), ""
        except HardwareError as exc:
            return None, str(exc)

    def _show(self, seat: str, lines: list[str]) -> None:
        spec = next((s.screen for s in self.profile.seats if s.name == seat), None)
        screen = self._screens.get(spec.name) if spec is not None else None
        if spec is not None and screen is not None and screen.online:
            try:
                screen.show(_text_image(spec, lines))
            except HardwareError as exc:
                log.info("%s: %s", spec.name, exc)

    def _ask(self, question: str) -> str:
        if self.assume_yes:
            self.console.say(question + "y (--yes)")
            return "yes"
        try:
            answer = self.console.ask(question).strip().lower()
        except EOFError:
            return "skip"
        return {"": "yes", "y": "yes", "yes": "yes", "s": "skip", "skip": "skip"}.get(answer, "no")

    def _wait(self, wanted: Callable[[InputEvent], bool]) -> InputEvent | str | None:
        """The first event ``wanted`` accepts, "skip", or None at the timeout."""
        deadline = self.clock() + self.timeout
        while True:
            if self._buttons is not None:
                self._buttons.tick(self.clock())
            for event in _drain(self.events):
                if wanted(event):
                    return event
            if self.console.skip_requested():
                return "skip"
            if self.clock() >= deadline:
                return None
            self.sleep(POLL)


def _drain(events: queue.Queue[InputEvent]) -> Iterator[InputEvent]:
    while True:
        try:
            yield events.get_nowait()
        except queue.Empty:
            return


def _screens_with_labels(profile: BoardProfile) -> list[tuple[ScreenSpec, str]]:
    found = [(s.screen, s.label) for s in profile.seats if s.screen is not None]
    found += [
        (s, t)
        for s, t in ((profile.public_screen, "Public"), (profile.director_screen, "Director"))
        if s is not None
    ]
    return found


def identification_image(spec: ScreenSpec, label: str) -> Image.Image:
    """What the doctor shows on a screen to identify it: its label and its bus path."""
    return _text_image(spec, [label, spec.path])


def _text_image(spec: ScreenSpec, lines: list[str]) -> Image.Image:
    size = (spec.height, spec.width) if spec.rotate % 2 else (spec.width, spec.height)
    image = Image.new("1", size)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((2, 2 + 14 * row), line, fill=1)
    return image


def _gpio(gpio: int) -> str:
    return f"GPIO{gpio} (pin {PHYSICAL_PIN[gpio]})" if gpio in PHYSICAL_PIN else f"GPIO{gpio}"


# per SPI port: MOSI, SCLK, (CE0, CE1, ...)
_SPI_LINES = MappingProxyType({0: (10, 11, (8, 7)), 1: (20, 21, (18, 17, 16))})
GROUP_HINT = "your user must be in group {group}: sudo usermod -aG {group} $USER, then log in again"


def _screen_hints(spec: ScreenSpec) -> tuple[str, ...]:
    if spec.bus == "spi":
        mosi, sclk, chip_selects = _SPI_LINES[spec.spi_port]
        dc = _gpio(spec.gpio_dc) if spec.gpio_dc is not None else "GPIO24 (pin 18)"
        rst = f", RST to {_gpio(spec.gpio_rst)}" if spec.gpio_rst is not None else ""
        return (
            f"wiring: VCC to 3V3 (pin 1), GND to GND, DIN/MOSI to {_gpio(mosi)}, CLK to "
            f"{_gpio(sclk)}, CS to {_gpio(chip_selects[spec.spi_device])}, DC to {dc}{rst}",
            "enable SPI: sudo raspi-config nonint do_spi 0, then reboot",
            GROUP_HINT.format(group="spi"),
        )
    sda, scl = I2C_PINS[spec.i2c_port]
    detect = f"run i2cdetect -y {spec.i2c_port}: the screen should answer at {spec.i2c_address:02x}"
    if spec.mux is not None:
        detect += (
            f" while channel {spec.mux.channel} is selected; the TCA9548A must answer at "
            f"{spec.mux.address:02x} (check the screen's wires on SD{spec.mux.channel}/"
            f"SC{spec.mux.channel} and the mux's A0..A2 jumpers)"
        )
    return (
        f"wiring: VCC to 3V3 (pin 1), GND to GND (pin 9), SDA to {_gpio(sda)}, SCL to {_gpio(scl)}",
        "enable I2C: sudo raspi-config nonint do_i2c 0, then reboot",
        GROUP_HINT.format(group="i2c"),
        detect,
    )


def _reader_hints(spec: ReaderSpec) -> tuple[str, ...]:
    hints = [
        f"is the adapter plugged in? ls -l {spec.port}"
        if spec.port.startswith("/dev/")
        else f"is {spec.port} reachable?",
        GROUP_HINT.format(group="dialout"),
    ]
    if spec.kind == "rdm6300":
        hints.append(
            f"RDM6300: 5V and GND, its TX to the adapter's RX, antenna plugged in; {spec.baud} baud"
        )
    else:
        hints.append(f"PN532: set its mode switches to HSU (UART); TX/RX crossed; {spec.baud} baud")
    if spec.port in ("/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0"):
        hints.append(
            "enable the UART and free it from the console: sudo raspi-config nonint "
            "do_serial_hw 0 and do_serial_cons 1, then reboot"
        )
    return tuple(hints)


def _feedback_hints(profile: BoardProfile) -> tuple[str, ...]:
    hints = []
    if profile.buzzer_gpio is not None:
        hints.append(
            f"buzzer + to {_gpio(profile.buzzer_gpio)}, - to GND; tones need a "
            "passive piezo (an active buzzer only clicks)"
        )
    if profile.status_led_gpio is not None:
        hints.append(
            f"LED anode through a 330 ohm resistor to {_gpio(profile.status_led_gpio)}, "
            "cathode (short leg) to GND"
        )
    return (*hints, GROUP_HINT.format(group="gpio"))
