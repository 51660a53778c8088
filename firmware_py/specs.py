"""What a board profile describes, as plain frozen values.

``firmware_py.profile`` reads and validates ``hw/*.toml`` into these; device drivers take them
as arguments. They carry no behaviour and open nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

Clock = Callable[[], float]
"""A monotonic clock in seconds (``time.monotonic`` on the box, a fake in tests)."""

ScreenDriver = Literal["ssd1306", "sh1106"]
ReaderKind = Literal["rdm6300", "pn532"]


@dataclass(frozen=True)
class ButtonSpec:
    role: str  # "ok", "next", "prev", "back", "peek", "up", "down", "left", "right"
    gpio: int  # BCM number
    pull_up: bool = True


@dataclass(frozen=True)
class MuxSpec:
    """A TCA9548A channel in front of a screen."""

    address: int  # 0x70..0x77
    channel: int  # 0..7


@dataclass(frozen=True)
class ScreenSpec:
    name: str  # friendly name, e.g. "seat1 screen", "public screen"
    driver: ScreenDriver
    bus: Literal["i2c", "spi"]
    width: int = 128
    height: int = 64
    rotate: int = 0  # 0..3, quarter turns as in luma
    # I2C
    i2c_port: int = 1
    i2c_address: int = 0x3C
    mux: MuxSpec | None = None
    # SPI
    spi_port: int = 0
    spi_device: int = 0
    gpio_dc: int | None = None
    gpio_rst: int | None = None

    @property
    def path(self) -> str:
        """Where the screen is, in the form error messages use."""
        if self.bus == "spi":
            return f"spi{self.spi_port}.{self.spi_device}"
        where = f"i2c-{self.i2c_port}@0x{self.i2c_address:02X}"
        if self.mux is not None:
            where += f"/mux0x{self.mux.address:02X}ch{self.mux.channel}"
        return where


@dataclass(frozen=True)
class ReaderSpec:
    name: str  # friendly name, e.g. "seat1 reader"
    kind: ReaderKind
    port: str  # serial port path, e.g. /dev/ttyUSB0 or /dev/serial0
    baud: int = 9600


@dataclass(frozen=True)
class SeatSpec:
    name: str  # "seat1", ... (unique; used in events)
    label: str  # shown on screens: "Seat 1", "North", ...
    buttons: tuple[ButtonSpec, ...]
    screen: ScreenSpec | None = None
    reader: ReaderSpec | None = None

    def button(self, role: str) -> ButtonSpec | None:
        return next((b for b in self.buttons if b.role == role), None)


@dataclass(frozen=True)
class Timing:
    debounce: float = 0.02  # seconds a level must be stable
    hold: float = 0.8  # seconds down before ButtonHeld
    double_press: float = 0.35  # max gap between two presses of a double press
    # Roles that detect double presses. Only these wait ``double_press`` after a release
    # before reporting a single press; every other button reports its press at once.
    double_press_roles: tuple[str, ...] = ("peek",)


@dataclass(frozen=True)
class CompanionSpec:
    """Phones as seat screens (docs/phones.md): the web companion the daemon serves."""

    enabled: bool = False
    host: str = "lan"  # "lan": this machine's LAN address; else the address to listen on
    port: int = 8032
    phone_seats: int = 0  # extra seats with no hardware, "phone1".., after the hardware seats
    phones_for: tuple[str, ...] = ()  # hardware seats that may be played from a phone too


@dataclass(frozen=True)
class BoardProfile:
    name: str
    file: str  # where it was loaded from (for messages)
    simulated: bool  # True: the daemon uses simulated backends (mock pins, emulator, pty reader)
    seats: tuple[SeatSpec, ...]
    public_screen: ScreenSpec | None = None
    director_screen: ScreenSpec | None = None
    table_buttons: tuple[ButtonSpec, ...] = ()  # shared buttons (e.g. "menu"), seat "table"
    table_reader: ReaderSpec | None = None
    buzzer_gpio: int | None = None
    status_led_gpio: int | None = None
    timing: Timing = field(default_factory=Timing)
    companion: CompanionSpec = field(default_factory=CompanionSpec)

    def seat(self, name: str) -> SeatSpec:
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    def screens(self) -> tuple[ScreenSpec, ...]:
        found = [s.screen for s in self.seats if s.screen is not None]
        found += [s for s in (self.public_screen, self.director_screen) if s is not None]
        return tuple(found)

    def readers(self) -> tuple[ReaderSpec, ...]:
        found = [s.reader for s in self.seats if s.reader is not None]
        if self.table_reader is not None:
            found.append(self.table_reader)
        return tuple(found)
