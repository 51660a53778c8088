"""OLED screens: open a panel from its :class:`~firmware_py.specs.ScreenSpec`, show images.

Every screen, real or simulated, offers the :class:`Screen` API; the daemon does not care
which it has. Real panels are :class:`~firmware_py.screens.partial.PartialDisplay` (partial
updates, offline handling) over I2C (optionally behind a TCA9548A) or SPI.

Screens that share an I2C bus must share one :class:`~firmware_py.screens.mux.I2CBuses`
(pass ``buses=``, or open them together with :func:`open_screens`): the bus lock and the
multiplexers' selected channels live there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Protocol, runtime_checkable

import luma.core.error
from luma.core.device import dummy
from PIL import Image

from firmware_py.errors import DeviceOffline
from firmware_py.screens.mux import I2CBuses, MuxI2C, SharedI2CBus, SMBusLike
from firmware_py.screens.partial import (
    PageEncoder,
    PartialDisplay,
    ScreenError,
    SerialInterface,
    StatusSink,
)
from firmware_py.specs import Clock, ScreenSpec

__all__ = [
    "DummyScreen",
    "I2CBuses",
    "MuxI2C",
    "PartialDisplay",
    "Screen",
    "ScreenError",
    "SharedI2CBus",
    "open_screen",
    "open_screens",
]

SpiFactory = Callable[[ScreenSpec], SerialInterface]
BusFactory = Callable[[int], SMBusLike]
DEFAULT_GPIO_DC = 24  # luma's default D/C pin (BCM) when the profile names none


@runtime_checkable
class Screen(Protocol):
    """What the daemon may do with a screen."""

    @property
    def name(self) -> str: ...

    @property
    def path(self) -> str: ...

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the images ``show()`` takes (after rotation)."""
        ...

    @property
    def online(self) -> bool: ...

    @property
    def frames_sent(self) -> int: ...

    @property
    def bytes_sent(self) -> int: ...

    def show(self, image: Image.Image) -> None: ...

    def set_brightness(self, level: int) -> None: ...

    def sleep(self) -> None: ...

    def wake(self) -> None: ...

    def retry(self) -> bool: ...

    def close(self) -> None: ...


def open_screen(spec: ScreenSpec, *, bus_factory: BusFactory | None = None,
                spi_factory: SpiFactory | None = None, clock: Clock = time.monotonic,
                sink: StatusSink | None = None, buses: I2CBuses | None = None) -> PartialDisplay:
    """Open the panel ``spec`` describes, with partial updates and offline handling.

    ``bus_factory(port)`` opens an smbus-like bus (default ``smbus2.SMBus``); ``buses`` shares
    opened buses between screens (without it this screen gets a bus of its own).
    ``spi_factory(spec)`` returns a luma-style serial interface (default luma's ``spi`` with
    the spec's port, device, D/C and reset pins). A panel that does not answer yields an
    offline screen, not an exception; a bus that cannot be opened raises ``DeviceOffline``.
    """
    serial = _serial_for(spec, buses or I2CBuses(bus_factory), spi_factory)
    return PartialDisplay(spec, serial, clock=clock, sink=sink)


def open_screens(specs: Iterable[ScreenSpec], *, bus_factory: BusFactory | None = None,
                 spi_factory: SpiFactory | None = None, clock: Clock = time.monotonic,
                 sink: StatusSink | None = None,
                 buses: I2CBuses | None = None) -> list[PartialDisplay]:
    """Open several screens sharing their I2C buses (and muxes).

    Every interface is made before any panel is initialised, so all muxes on a bus are known
    and any channel left selected by an earlier run is switched off before the first write.
    """
    shared = buses or I2CBuses(bus_factory)
    pairs = [(spec, _serial_for(spec, shared, spi_factory)) for spec in specs]
    return [PartialDisplay(spec, serial, clock=clock, sink=sink) for spec, serial in pairs]


def _serial_for(spec: ScreenSpec, buses: I2CBuses,
                spi_factory: SpiFactory | None) -> SerialInterface:
    if spec.bus == "i2c":
        try:
            shared = buses.get(spec.i2c_port)
        except OSError as exc:
            raise DeviceOffline(spec.name, f"cannot open I2C bus {spec.i2c_port}: {exc} "
                                "(is I2C enabled: dtparam=i2c_arm=on? is the user in "
                                "the i2c group?)", spec.path) from exc
        return MuxI2C(shared, address=spec.i2c_address, mux=spec.mux)
    try:
        return (spi_factory or _luma_spi)(spec)
    except (OSError, ImportError, luma.core.error.Error) as exc:
        raise DeviceOffline(spec.name, f"cannot open SPI: {exc} (is SPI enabled: "
                            "dtparam=spi=on? are spidev and RPi.GPIO installed?)",
                            spec.path) from exc


def _luma_spi(spec: ScreenSpec) -> SerialInterface:
    from luma.core.interface.serial import spi

    dc = DEFAULT_GPIO_DC if spec.gpio_dc is None else spec.gpio_dc
    return spi(port=spec.spi_port, device=spec.spi_device, gpio_DC=dc, gpio_RST=spec.gpio_rst)


class DummyScreen:
    """A screen that only keeps the last frame, on :class:`luma.core.device.dummy`.

    For golden-image tests and headless runs. ``image`` is what the panel would show (after
    rotation), ``frame`` the last image given to ``show()``; ``bytes_sent`` counts what a real
    panel of ``spec.driver`` would have been sent with partial updates.
    """

    def __init__(self, spec: ScreenSpec) -> None:
        self.spec = spec
        if spec.rotate not in (0, 1, 2, 3):
            raise ScreenError(spec.name, f"rotate must be 0..3, not {spec.rotate}", spec.path)
        self.device = dummy(width=spec.width, height=spec.height, rotate=spec.rotate, mode="1")
        self.encoder = PageEncoder(spec, self.device)
        self.frame: Image.Image = Image.new("1", self.encoder.size)
        self._ram: bytes | None = None
        self.brightness = 0x7F
        self.asleep = False
        self.frames_sent = 0
        self.bytes_sent = 0

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def path(self) -> str:
        return self.spec.path

    @property
    def size(self) -> tuple[int, int]:
        return self.encoder.size

    @property
    def online(self) -> bool:
        return True

    @property
    def image(self) -> Image.Image | None:
        """The panel's picture (panel orientation), or None before the first ``show()``."""
        return self.device.image

    def show(self, image: Image.Image) -> None:
        frame = self.encoder.normalise(image)
        self.device.display(frame)
        ram = self.encoder.encode(frame)
        writes = self.encoder.plan(self._ram, ram)
        if writes:
            self.frames_sent += 1
            self.bytes_sent += sum(w.size for w in writes)
        self._ram = ram
        # the dummy keeps its own copy; unrotated, that copy is the frame itself
        self.frame = self.device.image if self.spec.rotate == 0 else frame.copy()

    @property
    def ram(self) -> bytes | None:
        """The panel's RAM after the last ``show()`` (page-major bytes), None before it."""
        return self._ram

    def set_brightness(self, level: int) -> None:
        if not isinstance(level, int) or not 0 <= level <= 255:
            raise ScreenError(self.name, f"brightness must be 0..255, not {level!r}", self.path)
        self.brightness = level

    def sleep(self) -> None:
        self.asleep = True

    def wake(self) -> None:
        self.asleep = False

    def retry(self) -> bool:
        return self.online

    def close(self) -> None:
        """Nothing to release."""
