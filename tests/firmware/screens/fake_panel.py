"""Fakes that behave like the hardware: SSD1306/SH1106 display RAM, an smbus2-like I2C bus with
TCA9548A multiplexers, and a spidev + GPIO pair for SPI panels.

The panels interpret the command stream (addressing modes, windows, page/column pointers,
display on/off, contrast) and data bytes into their RAM, so a test can compare what the panel
would show with the image it was given. The bus counts transactions and bytes per address and
per mux channel, and NACKs (``OSError`` EREMOTEIO) when nothing answers.
"""

from __future__ import annotations

import errno
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image

Kind = Literal["ssd1306", "sh1106"]
Route = tuple[int, int] | None  # (mux address, channel), None = straight on the bus

# Number of argument bytes after each multi-byte command.
SSD1306_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1,
                0x8D: 1, 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
SSD1306_SINGLE = frozenset({*range(0x00, 0x20), 0x2E, 0x2F, *range(0x40, 0x80), 0xA0, 0xA1,
                            0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, *range(0xB0, 0xB8), 0xC0, 0xC8,
                            0xE3})
# SH1106: 0x8D (charge pump) and 0x20 are SSD1306 commands luma also sends; clones ignore them.
SH1106_ARGS = {0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
SH1106_SINGLE = frozenset({*range(0x00, 0x21), *range(0x30, 0x34), *range(0x40, 0x80), 0xA0,
                           0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, *range(0xB0, 0xB8), 0xC0,
                           0xC8, 0xE0, 0xE3, 0xEE})


class PanelProtocolError(Exception):
    """The panel was sent something the real controller would not understand."""


class FakePanel:
    """Display RAM and the command interpreter of one SSD1306 or SH1106."""

    def __init__(self, kind: Kind = "ssd1306", width: int = 128, height: int = 64,
                 seed: int = 0) -> None:
        self.kind = kind
        self.width, self.height = width, height
        self.ram_width = 132 if kind == "sh1106" else 128
        self.offset = 2 if kind == "sh1106" else (32 if width == 64 else 0)
        self.pages = 8
        self.present = True
        self._rng = random.Random(seed)
        self.power_on()

    def power_on(self) -> None:
        """Reset state: RAM holds noise, display off, page addressing (SSD1306 default)."""
        self.ram = bytearray(self._rng.randbytes(self.ram_width * self.pages))
        self.display_on = False
        self.contrast = 0x7F
        self.mode = 2
        self.col = self.page = 0
        self.col_window = (0, self.ram_width - 1)
        self.page_window = (0, self.pages - 1)
        self._pending: list[int] = []
        self.data_bytes = 0
        self.command_bytes = 0

    def unplug(self) -> None:
        self.present = False

    def replug(self) -> None:
        self.present = True
        self.power_on()

    def write(self, control: int, payload: bytes) -> None:
        if control == 0x00:
            for byte in payload:
                self._command_byte(byte)
        elif control == 0x40:
            if self._pending:
                raise PanelProtocolError(f"data while command {self._pending} incomplete")
            for byte in payload:
                self._data_byte(byte)
        else:
            raise PanelProtocolError(f"unsupported control byte 0x{control:02X}")

    def image(self) -> Image.Image:
        """What the panel shows: the visible RAM columns as a mode "1" image."""
        rows = []
        for y in range(self.height):
            page, bit = divmod(y, 8)
            start = page * self.ram_width + self.offset
            row = bytes(self.ram[start : start + self.width])
            rows.append(row.translate(_BIT_TABLES[bit]))
        return Image.frombytes("L", (self.width, self.height), b"".join(rows)).convert("1")

    def _command_byte(self, byte: int) -> None:
        self.command_bytes += 1
        args = SH1106_ARGS if self.kind == "sh1106" else SSD1306_ARGS
        single = SH1106_SINGLE if self.kind == "sh1106" else SSD1306_SINGLE
        if self._pending:
            self._pending.append(byte)
        elif byte in args:
            self._pending = [byte]
        elif byte in single:
            self._execute([byte])
            return
        else:
            raise PanelProtocolError(f"{self.kind}: unknown command 0x{byte:02X}")
        if len(self._pending) == 1 + args[self._pending[0]]:
            command, self._pending = self._pending, []
            self._execute(command)

    def _execute(self, cmd: list[int]) -> None:
        op = cmd[0]
        if op <= 0x0F:
            self.col = (self.col & 0xF0) | op
        elif op <= 0x1F:
            self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 0x07
        elif op in (0xAE, 0xAF):
            self.display_on = op == 0xAF
        elif op == 0x81:
            self.contrast = cmd[1]
        elif self.kind == "sh1106":
            return
        elif op == 0x20:
            if cmd[1] & 0x03 == 3:
                raise PanelProtocolError("invalid addressing mode")
            self.mode = cmd[1] & 0x03
        elif op == 0x21:
            self.col_window = (cmd[1] & 0x7F, cmd[2] & 0x7F)
            self.col = self.col_window[0]
        elif op == 0x22:
            self.page_window = (cmd[1] & 0x07, cmd[2] & 0x07)
            self.page = self.page_window[0]

    def _data_byte(self, byte: int) -> None:
        self.data_bytes += 1
        if self.col >= self.ram_width:
            raise PanelProtocolError(f"column {self.col} past the end of RAM")
        self.ram[self.page * self.ram_width + self.col] = byte
        if self.kind == "sh1106":
            self.col += 1  # SH1106: column auto-increment, the page never changes
            return
        (c0, c1), (p0, p1) = self.col_window, self.page_window
        if self.mode == 0:  # horizontal
            self.col += 1
            if self.col > c1:
                self.col = c0
                self.page = p0 if self.page >= p1 else self.page + 1
        elif self.mode == 1:  # vertical
            self.page += 1
            if self.page > p1:
                self.page = p0
                self.col = c0 if self.col >= c1 else self.col + 1
        else:  # page addressing
            self.col = 0 if self.col >= self.ram_width - 1 else self.col + 1


_BIT_TABLES = [bytes(255 if value >> bit & 1 else 0 for value in range(256)) for bit in range(8)]


@dataclass
class FakeMux:
    """A TCA9548A: a control register selecting any of eight channels."""

    address: int
    mask: int = 0
    present: bool = True
    channels: dict[int, dict[int, FakePanel]] = field(default_factory=dict)


@dataclass(frozen=True)
class Transaction:
    address: int
    payload: bytes  # everything after the address byte (control/register byte included)
    route: Route
    kind: str  # "byte", "block" or "rdwr"

    @property
    def wire_bits(self) -> int:
        """START + address + payload bytes, 9 bits each (8 + ACK), + STOP."""
        return 1 + 9 * (1 + len(self.payload)) + 1


class FakeI2CBus:
    """An smbus2-like bus: ``write_byte``, ``write_i2c_block_data``, ``i2c_rdwr``."""

    def __init__(self) -> None:
        self.devices: dict[int, FakePanel] = {}
        self.muxes: dict[int, FakeMux] = {}
        self.log: list[Transaction] = []
        self.collisions = 0
        self.closed = False

    def attach(self, panel: FakePanel, address: int = 0x3C,
               mux: tuple[int, int] | None = None) -> FakePanel:
        if mux is None:
            self.devices[address] = panel
        else:
            fake = self.muxes.setdefault(mux[0], FakeMux(mux[0]))
            fake.channels.setdefault(mux[1], {})[address] = panel
        return panel

    def write_byte(self, i2c_addr: int, value: int, force: bool | None = None) -> None:
        mux = self.muxes.get(i2c_addr)
        if mux is None or not mux.present:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        mux.mask = value
        self.log.append(Transaction(i2c_addr, bytes([value]), None, "byte"))

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int],
                             force: bool | None = None) -> None:
        if len(data) > 32:
            raise ValueError("Data length cannot exceed 32 bytes")
        self._deliver(i2c_addr, bytes([register, *data]), "block")

    def i2c_rdwr(self, *i2c_msgs: object) -> None:
        for msg in i2c_msgs:
            if msg.flags & 0x0001:  # type: ignore[attr-defined]
                raise NotImplementedError("reads are not emulated")
            self._deliver(msg.addr, bytes(msg), "rdwr")  # type: ignore[attr-defined]

    def close(self) -> None:
        self.closed = True

    def _deliver(self, address: int, payload: bytes, kind: str) -> None:
        targets: list[tuple[FakePanel, Route]] = []
        panel = self.devices.get(address)
        if panel is not None:
            targets.append((panel, None))
        for mux in self.muxes.values():
            if not mux.present:
                continue
            for channel, panels in mux.channels.items():
                if mux.mask >> channel & 1 and address in panels:
                    targets.append((panels[address], (mux.address, channel)))
        answering = [(p, r) for p, r in targets if p.present]
        if not answering:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        if len(answering) > 1:
            self.collisions += 1
        for panel, _route in answering:
            panel.write(payload[0], payload[1:])
        self.log.append(Transaction(address, payload, answering[0][1], kind))

    # -- accounting ---------------------------------------------------------------------------

    def mark(self) -> int:
        """A position in the log, for counting what happens after it."""
        return len(self.log)

    def since(self, mark: int, route: Route | str = "all") -> list[Transaction]:
        return [t for t in self.log[mark:] if route == "all" or t.route == route]

    def mux_writes(self, mark: int = 0) -> Counter[int]:
        return Counter(t.address for t in self.log[mark:] if t.kind == "byte")

    @staticmethod
    def payload_bytes(transactions: list[Transaction]) -> int:
        return sum(len(t.payload) for t in transactions)

    @staticmethod
    def wire_bits(transactions: list[Transaction]) -> int:
        return sum(t.wire_bits for t in transactions)


class FakeGPIO:
    """Just enough of RPi.GPIO for luma's SPI interface (D/C and reset pins)."""

    BCM, OUT, IN, LOW, HIGH = 11, 0, 1, 0, 1

    def __init__(self) -> None:
        self.levels: dict[int, int] = {}

    def setmode(self, mode: int) -> None:
        """Only BCM numbering is used."""

    def setup(self, pin: int, mode: int, initial: int | None = None) -> None:
        self.levels[pin] = 0 if initial is None else initial

    def output(self, pin: int, value: int) -> None:
        self.levels[pin] = 1 if value else 0

    def cleanup(self, pins: object = None) -> None:
        """Nothing to release."""


class FakeSpiDev:
    """A spidev.SpiDev wired to a panel: D/C low = command bytes, high = RAM data."""

    def __init__(self, panel: FakePanel, gpio: FakeGPIO, dc_pin: int = 24) -> None:
        self.panel, self.gpio, self.dc_pin = panel, gpio, dc_pin
        self.max_speed_hz = 0
        self.mode = 0
        self.opened: tuple[int, int] | None = None
        self.transfers: list[int] = []

    def open(self, port: int, device: int) -> None:
        self.opened = (port, device)

    def close(self) -> None:
        self.opened = None

    def writebytes(self, data: list[int] | bytes) -> None:
        # SPI has no acknowledge: a missing panel is not noticed, so nothing raises here.
        control = 0x40 if self.gpio.levels.get(self.dc_pin) else 0x00
        self.panel.write(control, bytes(data))
        self.transfers.append(len(data))


class BlockOnlyBus:
    """The same bus seen through an smbus without ``i2c_rdwr`` (e.g. python-smbus)."""

    def __init__(self, bus: FakeI2CBus) -> None:
        self.bus = bus

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self.bus.write_byte(i2c_addr, value)

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int]) -> None:
        self.bus.write_i2c_block_data(i2c_addr, register, data)
