"""Many 0x3C screens on one I2C bus, behind TCA9548A multiplexers.

A TCA9548A (address 0x70..0x77) connects its upstream bus to any of eight downstream channels:
writing one byte ``1 << channel`` to it selects that channel. Every screen on a physical bus
shares one :class:`SharedI2CBus`: one lock, and what each mux currently has selected, so a
channel is only re-selected when another screen used the bus in between.

:class:`MuxI2C` is a :class:`luma.core.interface.serial.i2c` (so any luma device can use it)
whose ``command()``/``data()`` select the screen's channel and write while holding the bus
lock. It writes through the injected smbus-like object directly and lets ``OSError`` through
unchanged (stock luma turns I/O errors into ``DeviceNotFoundError`` and drops the errno).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from luma.core.interface.serial import i2c as luma_i2c

from firmware_py.specs import MuxSpec

logger = logging.getLogger(__name__)

SMBUS_BLOCK_MAX = 32
"""Largest SMBus block write (``write_i2c_block_data``) the kernel accepts."""

RDWR_BLOCK_MAX = 4096
"""Largest single ``i2c_rdwr`` message refbox sends (as luma's managed mode does)."""

CONTROL_COMMAND = 0x00  # SSD1306/SH1106 control byte: the rest are commands
CONTROL_DATA = 0x40  # ... the rest are display RAM data


class SMBusLike(Protocol):
    """What refbox needs of ``smbus2.SMBus`` (tests pass a fake)."""

    def write_byte(self, i2c_addr: int, value: int) -> None: ...

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int]) -> None: ...


def _rdwr_message_maker(bus: object) -> Callable[[int, bytes], object] | None:
    """``smbus2.i2c_msg.write`` if ``bus`` can send one long message (``i2c_rdwr``, as smbus2
    does) and smbus2 is importable; otherwise None (32-byte SMBus blocks are used)."""
    if not callable(getattr(bus, "i2c_rdwr", None)):
        return None
    try:
        from smbus2 import i2c_msg
    except ImportError:
        return None
    return i2c_msg.write


class SharedI2CBus:
    """One physical I2C bus: the smbus object, its lock, and the muxes' selected channels."""

    def __init__(self, bus: SMBusLike, *, use_rdwr: bool = True) -> None:
        self.bus = bus
        self.lock = threading.RLock()
        self.make_message = _rdwr_message_maker(bus) if use_rdwr else None
        # mux address -> selected channel mask; None = unknown (after start-up or an error)
        self._selected: dict[int, int | None] = {}
        self.mux_writes = 0

    def register_mux(self, address: int) -> None:
        """Announce a mux on this bus; its state is unknown until refbox writes it."""
        with self.lock:
            self._selected.setdefault(address, None)

    def select(self, mux: MuxSpec | None) -> None:
        """Make ``mux``'s channel (or, for ``None``, no mux channel) the only one selected.

        Other muxes are switched off first, so two 0x3C screens are never visible at once.
        Writes nothing when the bus is already in that state. Call with the lock held.
        """
        target = None if mux is None else mux.address
        for address, mask in self._selected.items():
            if address != target and mask != 0:
                self._write_mux(address, 0)
        if mux is not None:
            wanted = 1 << mux.channel
            if self._selected.get(mux.address) != wanted:
                self._write_mux(mux.address, wanted)

    def forget(self, mux: MuxSpec | None) -> None:
        """Mark ``mux``'s state unknown (after an error: it may have been reset)."""
        if mux is not None:
            with self.lock:
                self._selected[mux.address] = None

    def _write_mux(self, address: int, mask: int) -> None:
        self._selected[address] = None
        self.bus.write_byte(address, mask)
        self._selected[address] = mask
        self.mux_writes += 1


class MuxI2C(luma_i2c):
    """A luma I2C serial interface for one screen, optionally behind a TCA9548A channel.

    ``bus`` is a :class:`SharedI2CBus` (share it between every screen on the same wires) or a
    bare smbus-like object, which then gets a bus of its own.
    """

    def __init__(
        self, bus: SharedI2CBus | SMBusLike, address: int = 0x3C, mux: MuxSpec | None = None
    ) -> None:
        shared = bus if isinstance(bus, SharedI2CBus) else SharedI2CBus(bus)
        super().__init__(bus=shared.bus, address=address)
        self.shared = shared
        self.mux = mux
        if mux is not None:
            shared.register_mux(mux.address)

    def hold(self) -> threading.RLock:
        """The bus lock, for keeping a whole frame update together (re-entrant)."""
        return self.shared.lock

    def command(self, *cmd: int) -> None:
        """Send command bytes (one SMBus block per 32 bytes) on this screen's channel."""
        with self.shared.lock:
            self._select_channel()
            for chunk in _chunks(cmd, SMBUS_BLOCK_MAX):
                self._guarded(self._bus.write_i2c_block_data, self._addr, CONTROL_COMMAND, chunk)

    def data(self, data: Sequence[int] | bytes | bytearray) -> None:
        """Send display RAM bytes: one ``i2c_rdwr`` message where possible, else 32-byte blocks."""
        with self.shared.lock:
            self._select_channel()
            make = self.shared.make_message
            if make is None:
                for chunk in _chunks(data, SMBUS_BLOCK_MAX):
                    self._guarded(self._bus.write_i2c_block_data, self._addr, CONTROL_DATA, chunk)
                return
            for chunk in _chunks(data, RDWR_BLOCK_MAX - 1):
                message = make(self._addr, bytes((CONTROL_DATA, *chunk)))
                self._guarded(self._bus.i2c_rdwr, message)

    def _select_channel(self) -> None:
        try:
            self.shared.select(self.mux)
        except OSError:
            self.shared.forget(self.mux)
            raise

    def _guarded(self, write: Callable[..., None], *args: object) -> None:
        try:
            write(*args)
        except OSError:
            # The mux may have browned out with the screen: select it again next time.
            self.shared.forget(self.mux)
            raise


def _chunks(values: Iterable[int], size: int) -> list[list[int]]:
    items = list(values)
    return [items[i : i + size] for i in range(0, len(items), size)]


class I2CBuses:
    """The I2C buses a set of screens uses, opened once per port and shared.

    ``bus_factory(port)`` opens an smbus-like object; the default is ``smbus2.SMBus(port)``.
    Not a global: the caller (usually :func:`firmware_py.screens.open_screens`) owns it.
    """

    def __init__(self, bus_factory: Callable[[int], SMBusLike] | None = None) -> None:
        self._factory = bus_factory or _open_smbus2
        self._buses: dict[int, SharedI2CBus] = {}
        self._lock = threading.Lock()

    def get(self, port: int) -> SharedI2CBus:
        """The shared bus for ``/dev/i2c-<port>``; raises ``OSError`` if it cannot be opened."""
        with self._lock:
            if port not in self._buses:
                self._buses[port] = SharedI2CBus(self._factory(port))
                logger.debug("opened I2C bus %d", port)
            return self._buses[port]

    def close(self) -> None:
        """Close every bus this pool opened (those with a ``close()`` method)."""
        with self._lock:
            for shared in self._buses.values():
                close = getattr(shared.bus, "close", None)
                if callable(close):
                    close()
            self._buses.clear()


def _open_smbus2(port: int) -> SMBusLike:
    import smbus2

    return smbus2.SMBus(port)
