"""Simulated screens: backend choice, outputs, and injected I2C failures."""

from __future__ import annotations

import logging

import pytest
from PIL import Image

from firmware_py.screens import Screen
from firmware_py.sim.emulated_screens import (
    CaptureOutput,
    EmulatedScreen,
    MemoryOutput,
    WallOutput,
    choose_backend,
    open_emulated_screens,
)
from firmware_py.specs import MuxSpec, ScreenSpec

from . import frames

SPECS = [ScreenSpec(f"seat{i} screen", "ssd1306", "i2c", mux=MuxSpec(0x70, i)) for i in range(2)]


@pytest.mark.parametrize(
    ("env", "tty", "platform", "expected"),
    [
        ({"DISPLAY": ":0"}, False, "linux", "pygame"),
        ({"WAYLAND_DISPLAY": "wayland-0"}, True, "linux", "pygame"),
        ({"SDL_VIDEODRIVER": "kmsdrm"}, False, "linux", "pygame"),
        ({"DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"}, True, "linux", "terminal"),
        ({}, True, "linux", "terminal"),
        ({}, False, "linux", "memory"),
        ({}, False, "darwin", "pygame"),
        ({"REFBOX_SCREENS": "capture", "DISPLAY": ":0"}, True, "linux", "capture"),
    ],
)
def test_choose_backend(env, tty, platform, expected):
    assert choose_backend(env=env, isatty=tty, platform=platform) == expected


def test_override_wins_and_nonsense_is_refused():
    assert choose_backend("memory", env={"DISPLAY": ":0"}) == "memory"
    with pytest.raises(ValueError, match="pygame, terminal, capture, memory"):
        choose_backend("vga", env={})


def test_memory_backend_keeps_frames_and_counts_partial_bytes(clock):
    screens, output = open_emulated_screens(SPECS, backend="memory", clock=clock)
    assert isinstance(output, MemoryOutput)
    a, b = screens
    assert isinstance(a, Screen)
    a.show(frames.menu(1))
    full = a.bytes_sent
    a.show(frames.menu(2))
    b.show(frames.status(1))
    assert output.last("seat0 screen").tobytes() == frames.menu(2).tobytes()
    assert output.last("seat1 screen").tobytes() == frames.status(1).tobytes()
    assert full >= 1024 and 0 < a.bytes_sent - full <= 40


def test_fail_and_recover_like_a_real_screen(clock, statuses, caplog):
    caplog.set_level(logging.INFO)
    screens, output = open_emulated_screens(SPECS, backend="memory", clock=clock,
                                            sink=statuses.append)
    a, b = screens
    a.show(frames.menu(1))
    a.fail()
    for i in range(4):
        a.show(frames.menu(i))
        b.show(frames.status(i))
        clock.advance(0.2)
    assert not a.online and b.online
    assert output.last("seat0 screen").tobytes() == frames.menu(1).tobytes()
    assert output.last("seat1 screen").tobytes() == frames.status(3).tobytes()
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "seat0 screen" in warnings[0].getMessage()
    assert [(s.device, s.online) for s in statuses] == [("seat0 screen", False)]
    a.recover()
    a.show(frames.menu(4))  # back-off not over yet (it doubled after the retries)
    assert not a.online
    clock.advance(10)
    before = a.bytes_sent
    a.show(frames.card_marks(frozenset({2})))
    assert a.online
    assert a.bytes_sent - before >= 1024  # a re-initialised panel gets a full frame
    assert output.last("seat0 screen").tobytes() == frames.card_marks(frozenset({2})).tobytes()
    assert [s.online for s in statuses] == [False, True]


def test_capture_backend_writes_pngs(tmp_path, clock):
    screens, output = open_emulated_screens(SPECS[:1], backend="capture", directory=tmp_path,
                                            clock=clock)
    assert isinstance(output, CaptureOutput)
    screens[0].show(frames.menu(3))
    files = sorted(tmp_path.glob("seat0-screen_*.png"))
    assert len(files) == 2  # the blank start frame and the menu
    with Image.open(files[-1]) as png:
        assert png.convert("1").tobytes() == frames.menu(3).tobytes()


def test_pygame_wall_tiles_every_screen_headless(monkeypatch, clock):
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    screens, output = open_emulated_screens(SPECS, backend="pygame", clock=clock)
    assert isinstance(output, WallOutput)
    try:
        screens[0].show(frames.big_number(1))  # light background
        dim = output.tile(screens[0]).convert("L").getextrema()[1]
        screens[0].set_brightness(255)
        assert output.tile(screens[0]).convert("L").getextrema()[1] > dim
        lit = output.tile(screens[0]).convert("1")
        assert lit.tobytes() == frames.big_number(1).tobytes()
        screens[1].show(frames.menu(1))
        screens[1].sleep()
        assert output.tile(screens[1]).convert("L").getextrema() == (0, 0)  # asleep: dark
        assert output.device.size == output.image.size
    finally:
        output.close()


def test_emulated_screen_rejects_wrong_sizes(clock):
    screen = EmulatedScreen(SPECS[0], MemoryOutput(), clock=clock)
    with pytest.raises(ValueError, match="seat0 screen"):
        screen.show(Image.new("1", (10, 10)))


@pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")  # inside luma
def test_terminal_wall_draws_half_blocks_on_a_tty(monkeypatch, clock):
    pytest.importorskip("pygame")
    import fcntl
    import os
    import struct
    import sys
    import termios
    import threading

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 20, 40, 0, 0))
    tty = os.fdopen(slave, "w", encoding="utf-8")
    received: list[bytes] = []

    def drain() -> None:  # keep the pty from filling up and blocking the writer
        while True:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            received.append(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    monkeypatch.setattr(sys, "stdout", tty)
    try:
        screens, output = open_emulated_screens(SPECS[:1], backend="terminal", clock=clock)
        screens[0].show(frames.menu(2))
        assert isinstance(output, WallOutput)
        output.close()  # resets the terminal now, not at interpreter exit
        tty.flush()
    finally:
        monkeypatch.undo()
        tty.close()  # closing the slave ends the reader (EIO on the master)
        reader.join(timeout=5)
        os.close(master)
    assert "▄".encode() in b"".join(received)
