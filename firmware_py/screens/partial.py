"""Send an OLED only what changed, and survive it falling off the bus.

Stock luma ``ssd1306.display()`` sends all 8 pages x 128 columns (1 KiB) for every frame.
:class:`PartialDisplay` keeps the frame the panel holds, finds the changed bytes of the new
one (each display RAM byte is 8 vertical pixels of one page) and writes only those:

- SSD1306 (horizontal addressing): one window per changed area, ``0x21 c0 c1`` (columns)
  and ``0x22 p0 p1`` (pages), then the window's bytes; nearby areas share a window when that
  costs fewer bytes than a second window header.
- SH1106 (no windows, 132-column RAM, visible columns start at 2): per page and run,
  ``0xB0|page``, ``0x00|low nibble``, ``0x10|high nibble``, then the run's bytes.

An I2C/SPI error marks the screen offline (one log line, one ``DeviceStatus``), never raises
to the caller, and the screen is retried on a later ``show()``/``retry()`` after a back-off
that doubles up to a limit. On recovery the panel is initialised again and sent the latest
frame in full.
"""

from __future__ import annotations

import contextlib
import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import luma.core.error
from luma.core.device import device as LumaDevice
from luma.oled.device import sh1106, ssd1306
from PIL import Image

from firmware_py.errors import DeviceOffline, HardwareError
from firmware_py.events import DeviceStatus
from firmware_py.screens.mux import MuxI2C
from firmware_py.specs import Clock, ScreenSpec

logger = logging.getLogger(__name__)

StatusSink = Callable[[DeviceStatus], None]
IO_ERRORS = (OSError, luma.core.error.Error)
"""What a failing panel raises: OSError from smbus/spidev, luma's errors from stock interfaces."""

SETCONTRAST, DISPLAYOFF, DISPLAYON = 0x81, 0xAE, 0xAF
SSD1306_WINDOW_COST = 10  # 6 command bytes + 2 I2C address bytes + 2 control bytes
SH1106_RUN_COST = 7  # 3 command bytes + 2 I2C address bytes + 2 control bytes
SH1106_COLUMN_OFFSET = 2  # 128 visible columns in the middle of a 132-column RAM


class ScreenError(HardwareError, ValueError):
    """A screen was asked for something impossible (wrong image size, bad level, bad spec)."""


class SerialInterface(Protocol):
    """What luma serial interfaces offer: luma i2c/spi, :class:`MuxI2C`, test fakes."""

    def command(self, *cmd: int) -> None: ...

    def data(self, data: Sequence[int] | bytes | bytearray) -> None: ...

    def cleanup(self) -> None: ...


@dataclass(frozen=True)
class Write:
    """One addressed write: the address-setting command bytes, then the RAM bytes."""

    command: tuple[int, ...]
    data: bytes

    @property
    def size(self) -> int:
        return len(self.command) + len(self.data)


Run = tuple[int, int, int]  # page, first column, last column (inclusive)
Rect = tuple[int, int, int, int]  # first page, last page, first column, last column


def pack_pages(image: Image.Image) -> bytes:
    """Display RAM bytes of a mode "1" panel-oriented image: page-major, bit 0 = top row."""
    pages = image.height // 8
    # Rotated 90° clockwise, row x holds column x bottom-up: byte j is page (pages-1-j), LSB top.
    rows = image.transpose(Image.Transpose.ROTATE_270).tobytes()
    return b"".join(rows[pages - 1 - page :: pages] for page in range(pages))


def dirty_runs(old: bytes | None, new: bytes, width: int, gap: int) -> list[Run]:
    """Changed column runs per page; runs closer than ``gap`` unchanged bytes are joined.

    Pages are compared as byte slices; inside a changed page the two are XORed as integers
    and the changed bytes found by a regular expression over the result, so no Python code
    runs per byte (this is on every frame of every screen)."""
    pages = len(new) // width
    if old is None or len(old) != len(new):
        return [(page, 0, width - 1) for page in range(pages)]
    runs: list[Run] = []
    for page in range(pages):
        lo = page * width
        before, after = old[lo : lo + width], new[lo : lo + width]
        if before == after:
            continue
        diff = (int.from_bytes(before, "big") ^ int.from_bytes(after, "big")).to_bytes(
            width, "big")
        start = prev = -1
        for found in _CHANGED.finditer(diff):
            first, last = found.start(), found.end() - 1
            if start < 0:
                start, prev = first, last
            elif first - prev - 1 > gap:
                runs.append((page, start, prev))
                start, prev = first, last
            else:
                prev = last
        runs.append((page, start, prev))
    return runs


_CHANGED = re.compile(rb"[^\x00]+")  # a run of changed bytes in an XOR of two pages


def _area(rect: Rect) -> int:
    return (rect[1] - rect[0] + 1) * (rect[3] - rect[2] + 1)


def merge_windows(runs: Sequence[Run], cost: int) -> list[Rect]:
    """Group runs into windows, growing a window when that is cheaper than a new header."""
    rects: list[Rect] = []
    for page, c0, c1 in runs:
        best, best_extra = -1, cost + c1 - c0 + 1
        merged: Rect = (page, page, c0, c1)
        for i, r in enumerate(rects):
            grown = (min(r[0], page), max(r[1], page), min(r[2], c0), max(r[3], c1))
            extra = _area(grown) - _area(r)
            if extra < best_extra:
                best, best_extra, merged = i, extra, grown
        if best < 0:
            rects.append(merged)
        else:
            rects[best] = merged
    return rects


def plan_ssd1306(old: bytes | None, new: bytes, width: int, colstart: int = 0) -> list[Write]:
    """Windowed writes that turn RAM ``old`` (None: unknown) into ``new``."""
    writes = []
    for p0, p1, c0, c1 in merge_windows(dirty_runs(old, new, width, SSD1306_WINDOW_COST),
                                        SSD1306_WINDOW_COST):
        body = b"".join(new[p * width + c0 : p * width + c1 + 1] for p in range(p0, p1 + 1))
        writes.append(Write((0x21, colstart + c0, colstart + c1, 0x22, p0, p1), body))
    return writes


def plan_sh1106(old: bytes | None, new: bytes, width: int,
                offset: int = SH1106_COLUMN_OFFSET) -> list[Write]:
    """Page/column writes that turn RAM ``old`` (None: unknown) into ``new``."""
    writes = []
    for page, c0, c1 in dirty_runs(old, new, width, SH1106_RUN_COST):
        col = offset + c0
        body = new[page * width + c0 : page * width + c1 + 1]
        writes.append(Write((0xB0 | page, col & 0x0F, 0x10 | (col >> 4)), body))
    return writes


class PageEncoder:
    """Turns PIL images into panel RAM bytes and plans the writes, for one screen."""

    def __init__(self, spec: ScreenSpec, geometry: LumaDevice) -> None:
        self.spec = spec
        self.geometry = geometry  # any luma device of the spec's size: rotation (preprocess)
        self.width = spec.width  # panel columns, before rotation

    @property
    def size(self) -> tuple[int, int]:
        return self.geometry.size

    def normalise(self, image: Image.Image) -> Image.Image:
        """``image`` as a mode "1" image of the screen's size (threshold 50 %, no dither)."""
        if image.size != self.size:
            w, h = image.size
            raise ScreenError(self.spec.name, f"image is {w}x{h} but the screen is "
                              f"{self.size[0]}x{self.size[1]}", self.spec.path)
        return image if image.mode == "1" else image.convert("1", dither=Image.Dither.NONE)

    def encode(self, image: Image.Image) -> bytes:
        return pack_pages(self.geometry.preprocess(self.normalise(image)))

    def plan(self, old: bytes | None, new: bytes) -> list[Write]:
        if self.spec.driver == "sh1106":
            return plan_sh1106(old, new, self.width)
        return plan_ssd1306(old, new, self.width, colstart=32 if self.width == 64 else 0)


class Availability:
    """Online/offline state of one device: logs once, reports changes, schedules retries."""

    def __init__(self, name: str, path: str, *, clock: Clock, sink: StatusSink | None = None,
                 first_retry: float = 1.0, max_retry: float = 30.0,
                 log: logging.Logger = logger) -> None:
        self.name, self.path = name, path
        self._clock, self._sink, self._log = clock, sink, log
        self._first, self._max = first_retry, max_retry
        self._delay = first_retry
        self._retry_at = 0.0
        self.online = True
        self.last_error: DeviceOffline | None = None

    def failed(self, exc: BaseException) -> None:
        """Record a failed write or retry; the first one logs and reports."""
        now = self._clock()
        self.last_error = DeviceOffline(self.name, f"not answering: {exc}", self.path)
        if self.online:
            self.online = False
            self._delay = self._first
            self._log.warning("%s; marked offline, retrying in the background", self.last_error)
            self._emit(False, str(self.last_error), now)
        else:
            self._delay = min(self._delay * 2, self._max)
            self._log.debug("%s: retry failed, next in %.1f s", self.name, self._delay)
        self._retry_at = now + self._delay

    def due(self) -> bool:
        """Offline and the back-off has passed."""
        return not self.online and self._clock() >= self._retry_at

    def recovered(self) -> None:
        """Record success; reports only if the device was offline."""
        if not self.online:
            self.online = True
            self._log.info("%s (%s): back online", self.name, self.path)
            self._emit(True, "recovered", self._clock())

    def _emit(self, online: bool, reason: str, at: float) -> None:
        if self._sink is not None:
            self._sink(DeviceStatus(device=self.name, path=self.path, online=online,
                                    reason=reason, at=at))


class _InitRecorder:
    """Stands in for the bus while a luma device runs its constructor: keeps the commands."""

    def __init__(self) -> None:
        self.commands: list[tuple[int, ...]] = []

    def command(self, *cmd: int) -> None:
        self.commands.append(tuple(cmd))

    def data(self, data: Sequence[int] | bytes | bytearray) -> None:
        """RAM writes are not part of the init sequence."""

    def cleanup(self) -> None:
        """Nothing to release."""


class _SSD1306Controller(ssd1306):
    """luma's SSD1306 for its init sequence and geometry; PartialDisplay sends the frames."""

    def display(self, image: Image.Image) -> None:
        """Frames do not go through luma (its constructor's clear() lands here)."""


class _SH1106Controller(sh1106):
    """luma's SH1106 for its init sequence and geometry; PartialDisplay sends the frames."""

    def display(self, image: Image.Image) -> None:
        """Frames do not go through luma (its constructor's clear() lands here)."""


def build_controller(spec: ScreenSpec) -> tuple[LumaDevice, list[tuple[int, ...]], int]:
    """The luma device for ``spec`` (geometry and rotation), its init commands, its contrast."""
    if spec.rotate not in (0, 1, 2, 3):
        raise ScreenError(spec.name, f"rotate must be 0..3, not {spec.rotate}", spec.path)
    recorder = _InitRecorder()
    kind = _SH1106Controller if spec.driver == "sh1106" else _SSD1306Controller
    try:
        controller = kind(serial_interface=recorder, width=spec.width, height=spec.height,
                          rotate=spec.rotate)
    except luma.core.error.DeviceDisplayModeError as exc:
        raise ScreenError(spec.name, f"{spec.driver} does not support "
                          f"{spec.width}x{spec.height}", spec.path) from exc
    controller.persist = True  # refbox, not luma's exit hook, decides what is shown at exit
    contrast = next((c[1] for c in recorder.commands if c[0] == SETCONTRAST), 0x7F)
    init = [c for c in recorder.commands if c[0] != SETCONTRAST and c != (DISPLAYON,)]
    if spec.driver == "ssd1306":
        init.append((0x20, 0x00))  # horizontal addressing: the windows rely on it
    return controller, init, contrast


class PartialDisplay:
    """One OLED panel: partial updates, brightness, sleep, offline handling (the Screen API)."""

    def __init__(self, spec: ScreenSpec, serial: SerialInterface, *,
                 clock: Clock = time.monotonic, sink: StatusSink | None = None,
                 first_retry: float = 1.0, max_retry: float = 30.0) -> None:
        self.spec = spec
        self._serial = serial
        self.controller, self._init, self._brightness = build_controller(spec)
        self._encoder = PageEncoder(spec, self.controller)
        self._availability = Availability(spec.name, spec.path, clock=clock, sink=sink,
                                          first_retry=first_retry, max_retry=max_retry)
        self._wanted = bytes(self._encoder.width * spec.height // 8)
        self._ram: bytes | None = None  # what the panel holds; None = unknown
        self._asleep = False
        self.frames_sent = 0
        self.bytes_sent = 0
        self._connect()

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def path(self) -> str:
        return self.spec.path

    @property
    def size(self) -> tuple[int, int]:
        """Logical (width, height): what ``show()`` takes, after rotation."""
        return self._encoder.size

    @property
    def online(self) -> bool:
        return self._availability.online

    @property
    def last_error(self) -> DeviceOffline | None:
        return self._availability.last_error

    @property
    def brightness(self) -> int:
        return self._brightness

    @property
    def asleep(self) -> bool:
        return self._asleep

    def show(self, image: Image.Image) -> None:
        """Make the panel show ``image`` (sending only what changed); never raises I/O errors."""
        self._wanted = self._encoder.encode(image)
        if not self._availability.online:
            self.retry()
            return
        writes = self._encoder.plan(self._ram, self._wanted)
        if writes and self._attempt(lambda: self._send(writes)):
            self._ram = self._wanted
            self.frames_sent += 1

    def retry(self) -> bool:
        """If offline and the back-off has passed, try to bring the panel back. Returns online."""
        if self._availability.due():
            self._connect()
        return self._availability.online

    def set_brightness(self, level: int) -> None:
        """Contrast 0..255 (kept while offline and applied on recovery)."""
        if not isinstance(level, int) or not 0 <= level <= 255:
            raise ScreenError(self.name, f"brightness must be 0..255, not {level!r}", self.path)
        self._brightness = level
        self._command_if_online((SETCONTRAST, level))

    def sleep(self) -> None:
        """Panel off (RAM kept, still updated by show())."""
        self._asleep = True
        self._command_if_online((DISPLAYOFF,))

    def wake(self) -> None:
        self._asleep = False
        self._command_if_online((DISPLAYON,))

    def close(self) -> None:
        """Switch the panel off and release the interface (a shared I2C bus stays open)."""
        if self._availability.online:
            with contextlib.suppress(*IO_ERRORS):
                self._send_command((DISPLAYOFF,))
        with contextlib.suppress(*IO_ERRORS):
            self._serial.cleanup()

    def _connect(self) -> None:
        frame = self._wanted

        def initialise() -> None:
            for command in self._init:  # starts with display off
                self._send_command(command)
            self._send(self._encoder.plan(None, frame))
            self._send_command((SETCONTRAST, self._brightness))
            if not self._asleep:
                self._send_command((DISPLAYON,))

        if self._attempt(initialise):
            self._ram = frame
            self.frames_sent += 1
            self._availability.recovered()

    def _command_if_online(self, command: tuple[int, ...]) -> None:
        if self._availability.online:
            self._attempt(lambda: self._send_command(command))

    def _attempt(self, action: Callable[[], None]) -> bool:
        hold = self._serial.hold() if isinstance(self._serial, MuxI2C) else contextlib.nullcontext()
        try:
            with hold:
                action()
        except IO_ERRORS as exc:
            self._ram = None
            self._availability.failed(exc)
            return False
        return True

    def _send(self, writes: Sequence[Write]) -> None:
        for write in writes:
            self._send_command(write.command)
            self._serial.data(write.data)
            self.bytes_sent += len(write.data)

    def _send_command(self, command: tuple[int, ...]) -> None:
        self._serial.command(*command)
        self.bytes_sent += len(command)
