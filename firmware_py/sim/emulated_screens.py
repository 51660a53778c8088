"""Simulated twins of the OLED screens, with the same :class:`~firmware_py.screens.Screen` API.

Where the frames go (the backend):

- ``pygame``: one window (luma.emulator's pygame device) tiling every screen with its name;
  brightness dims the pixels, a sleeping screen is dark, an offline one framed in red. The
  window does not quit by itself on ESC or close: the sim's event loop (keys) handles events.
- ``terminal``: the same tiled picture drawn with half-blocks (luma.emulator ``asciiblock``).
- ``capture``: one numbered PNG per frame and screen (luma.emulator ``capture``) in a folder.
- ``memory``: frames kept in memory (``MemoryOutput``); robust headless choice for tests.

:func:`choose_backend` picks pygame where a display exists (``DISPLAY``, ``WAYLAND_DISPLAY``,
a non-dummy ``SDL_VIDEODRIVER``, macOS, Windows), else the terminal if stdout is one, else
memory; ``REFBOX_SCREENS`` or the ``override`` argument forces one. pygame windows must be
driven from the main thread on macOS.

``fail()``/``recover()`` inject I2C errors: the screen goes offline at its next write
(one log line, one ``DeviceStatus``) and comes back, with the current frame, on a
``show()``/``retry()`` after the same back-off a real panel uses.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Literal, Protocol, get_args

from PIL import Image, ImageDraw, ImageFont

from firmware_py.errors import DeviceOffline
from firmware_py.screens import DummyScreen
from firmware_py.screens.partial import Availability, StatusSink
from firmware_py.specs import Clock, ScreenSpec

logger = logging.getLogger(__name__)

Backend = Literal["pygame", "terminal", "capture", "memory"]
BACKENDS: tuple[str, ...] = get_args(Backend)
BACKEND_ENV = "REFBOX_SCREENS"
HEADLESS_SDL_DRIVERS = ("dummy", "offscreen")


def choose_backend(override: str | None = None, *, env: Mapping[str, str] | None = None,
                   isatty: bool | None = None, platform: str = sys.platform) -> Backend:
    """The backend to use: ``override``, else ``$REFBOX_SCREENS``, else what the host offers."""
    env = os.environ if env is None else env
    choice = override or env.get(BACKEND_ENV)
    if choice:
        if choice not in BACKENDS:
            raise ValueError(f"screen backend {choice!r}: expected one of {', '.join(BACKENDS)}")
        return choice  # type: ignore[return-value]
    sdl = env.get("SDL_VIDEODRIVER", "")
    if sdl not in HEADLESS_SDL_DRIVERS and (
        sdl or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or platform in ("darwin", "win32")
    ):
        return "pygame"
    tty = sys.stdout.isatty() if isatty is None else isatty
    return "terminal" if tty else "memory"


class FrameOutput(Protocol):
    """Where emulated screens put their frames."""

    def put(self, screen: EmulatedScreen) -> None: ...

    def close(self) -> None: ...


class EmulatedScreen(DummyScreen):
    """A simulated panel: keeps frames like :class:`DummyScreen`, shows them through an output,
    and can be made to fail like a real I2C screen."""

    def __init__(self, spec: ScreenSpec, output: FrameOutput, *, clock: Clock = time.monotonic,
                 sink: StatusSink | None = None, first_retry: float = 1.0,
                 max_retry: float = 30.0) -> None:
        super().__init__(spec)
        self.output = output
        self.availability = Availability(spec.name, spec.path, clock=clock, sink=sink,
                                         first_retry=first_retry, max_retry=max_retry, log=logger)
        self.failing = False
        self._wanted = self.frame

    @property
    def online(self) -> bool:
        return self.availability.online

    @property
    def last_error(self) -> DeviceOffline | None:
        return self.availability.last_error

    def fail(self) -> None:
        """From now on every write fails (as if the panel fell off the bus)."""
        self.failing = True

    def recover(self) -> None:
        """Writes work again; the screen comes back at the next due ``show()``/``retry()``."""
        self.failing = False

    def show(self, image: Image.Image) -> None:
        self._wanted = self.encoder.normalise(image)
        if not self.availability.online:
            self.retry()
            return
        if self._io_ok():
            super().show(self._wanted)
            self.output.put(self)

    def retry(self) -> bool:
        if self.availability.due() and self._io_ok():
            self._ram = None  # a re-initialised panel gets a full frame
            super().show(self._wanted)
            self.availability.recovered()
            self.output.put(self)
        return self.availability.online

    def set_brightness(self, level: int) -> None:
        super().set_brightness(level)
        self._changed()

    def sleep(self) -> None:
        super().sleep()
        self._changed()

    def wake(self) -> None:
        super().wake()
        self._changed()

    def _changed(self) -> None:
        if self.availability.online and self._io_ok():
            self.output.put(self)

    def _io_ok(self) -> bool:
        if self.failing:
            self._ram = None
            self.availability.failed(OSError(errno.EREMOTEIO, "Remote I/O error (injected)"))
            self.output.put(self)
            return False
        return True


class MemoryOutput:
    """Keeps the last ``keep`` frames of every screen (by name)."""

    def __init__(self, keep: int = 50) -> None:
        self.keep = keep
        self.frames: dict[str, list[Image.Image]] = {}
        self._last: dict[str, bytes] = {}  # the last kept frame's bytes, per screen

    def put(self, screen: EmulatedScreen) -> None:
        """Keep the screen's frame if it differs from the last one kept (``show()`` gives
        each frame its own copy, so it is kept as it is)."""
        frames = self.frames.setdefault(screen.name, [])
        if frames and frames[-1] is screen.frame:
            return  # brightness, sleep, a failed write: no new frame
        # the panel's RAM bytes stand for the frame (already made by show()); before the
        # first show() there are none
        data = screen.ram if screen.ram is not None else screen.frame.tobytes()
        if not frames or self._last.get(screen.name) != data:
            frames.append(screen.frame)
            self._last[screen.name] = data
            del frames[: -self.keep]

    def last(self, name: str) -> Image.Image | None:
        frames = self.frames.get(name)
        return frames[-1] if frames else None

    def save(self, name: str, path: str | Path) -> None:
        """Write the last frame of ``name`` as a PNG."""
        frame = self.last(name)
        if frame is None:
            raise KeyError(name)
        frame.save(path)

    def close(self) -> None:
        """Nothing to release."""


def file_slug(name: str) -> str:
    """A screen name as a file name part: "seat1 screen" -> "seat1-screen"."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() or "screen"


class CaptureOutput:
    """One numbered PNG per shown frame and screen, via luma.emulator's ``capture`` device."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self._devices: dict[str, object] = {}
        self._shown: dict[str, bytes] = {}

    def put(self, screen: EmulatedScreen) -> None:
        if self._shown.get(screen.name) == screen.frame.tobytes():
            return  # brightness, sleep and offline are not captured
        device = self._devices.get(screen.name)
        if device is None:
            from luma.emulator.device import capture

            template = str(self.directory / f"{file_slug(screen.name)}_{{0:06}}.png")
            w, h = screen.size
            device = capture(width=w, height=h, mode="RGB", transform="none", scale=1,
                             file_template=template)
            self._devices[screen.name] = device
        device.display(screen.frame.convert("RGB"))  # type: ignore[attr-defined]
        self._shown[screen.name] = screen.frame.tobytes()

    def close(self) -> None:
        """Nothing to release (files are written as frames arrive)."""


class WallOutput:
    """All screens tiled on one picture, drawn by a luma.emulator device (pygame or terminal)."""

    PAD, LABEL = 4, 12

    def __init__(self, specs: Iterable[ScreenSpec], device_factory: Callable[[int, int], object],
                 columns: int = 3) -> None:
        specs = list(specs)
        sizes = [(s.width, s.height) if s.rotate % 2 == 0 else (s.height, s.width) for s in specs]
        cell_w = max((w for w, _ in sizes), default=128) + 2 * self.PAD
        cell_h = max((h for _, h in sizes), default=64) + 2 * self.PAD + self.LABEL
        cols = max(1, min(columns, len(specs)))
        rows = max(1, -(-len(specs) // cols))
        self._cells = {s.name: ((i % cols) * cell_w, (i // cols) * cell_h)
                       for i, s in enumerate(specs)}
        self.image = Image.new("RGB", (cols * cell_w, rows * cell_h), (24, 24, 24))
        self._font = _bitmap_font()
        self._lock = threading.Lock()
        self.device = device_factory(*self.image.size)

    def tile(self, screen: EmulatedScreen) -> Image.Image:
        """The part of the picture showing ``screen``'s pixels."""
        x, y = self._cells[screen.name]
        w, h = screen.size
        return self.image.crop((x + self.PAD, y + self.PAD, x + self.PAD + w, y + self.PAD + h))

    def put(self, screen: EmulatedScreen) -> None:
        with self._lock:
            self._draw(screen)
            self.device.display(self.image)  # type: ignore[attr-defined]

    def _draw(self, screen: EmulatedScreen) -> None:
        x, y = self._cells[screen.name]
        w, h = screen.size
        draw = ImageDraw.Draw(self.image)
        box = (x + self.PAD - 1, y + self.PAD - 1, x + self.PAD + w, y + self.PAD + h)
        draw.rectangle(box, fill=(0, 0, 0), outline=(60, 60, 60) if screen.online else (220, 0, 0))
        if not screen.asleep:
            level = 70 + screen.brightness * 185 // 255
            pixels = Image.new("RGB", (w, h), (level, level, level))
            self.image.paste(pixels, (x + self.PAD, y + self.PAD), screen.frame)
        state = "" if screen.online else " OFFLINE"
        state += " (asleep)" if screen.asleep else ""
        label_y = y + self.PAD + h + 2
        draw.rectangle((x, label_y, x + w + 2 * self.PAD, label_y + self.LABEL - 2),
                       fill=(24, 24, 24))
        draw.text((x + self.PAD, label_y), screen.name + state, font=self._font,
                  fill=(200, 200, 200) if screen.online else (255, 80, 80))

    def close(self) -> None:
        cleanup = getattr(self.device, "cleanup", None)
        if callable(cleanup):
            cleanup()


def _bitmap_font() -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    make = getattr(ImageFont, "load_default_imagefont", None)  # Pillow >= 10.1
    return make() if callable(make) else ImageFont.load_default()


def _pygame_device(width: int, height: int) -> object:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from luma.emulator.device import pygame

    class WindowWall(pygame):
        """luma's pygame window, minus its own exit on ESC / window close: the sim's event
        loop reads the keyboard (ESC may be a button) and decides when to quit."""

        def __init__(self) -> None:
            super().__init__(width=width, height=height, mode="RGB", transform="identity",
                             scale=3)
            self._pygame.display.set_caption("refbox screens")

        def _abort(self) -> bool:
            return False

    return WindowWall()


def _terminal_device(width: int, height: int) -> object:
    from luma.emulator.device import asciiblock

    class TerminalWall(asciiblock):
        """asciiblock whose clean-up (reset colours, clear the terminal) runs only once,
        whether from ``WallOutput.close()`` or luma's exit hook."""

        closed = False

        def cleanup(self) -> None:
            if not self.closed:
                self.closed = True
                super().cleanup()

    return TerminalWall(width=width, height=height, mode="RGB", transform="none", scale=1)


def make_output(backend: Backend, specs: Iterable[ScreenSpec],
                directory: str | Path | None = None) -> FrameOutput:
    """The output for ``backend``; ``capture`` writes to ``directory`` (default ./captures)."""
    if backend == "memory":
        return MemoryOutput()
    if backend == "capture":
        return CaptureOutput(directory or Path("captures"))
    factory = _pygame_device if backend == "pygame" else _terminal_device
    return WallOutput(specs, factory)


def open_emulated_screens(specs: Iterable[ScreenSpec], *, backend: str | None = None,
                          clock: Clock = time.monotonic, sink: StatusSink | None = None,
                          directory: str | Path | None = None,
                          env: Mapping[str, str] | None = None,
                          ) -> tuple[list[EmulatedScreen], FrameOutput]:
    """Simulated screens for ``specs`` sharing one output; close the output when done."""
    specs = list(specs)
    chosen = choose_backend(backend, env=env)
    output = make_output(chosen, specs, directory)
    logger.info("emulated screens: %s backend, %d screen(s)", chosen, len(specs))
    screens = [EmulatedScreen(spec, output, clock=clock, sink=sink) for spec in specs]
    for screen in screens:
        output.put(screen)
    return screens, output
