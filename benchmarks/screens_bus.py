"""Bytes on the bus and bus time for typical screen updates, partial vs full frames.

Run from the repository root:

    .venv/bin/python benchmarks/screens_bus.py

Every byte is counted through the fake bus of the screen tests (it emulates the panel RAM, so
each measured update is also checked to arrive intact). Bus time is computed, not timed:

- I2C: per transaction START + address byte + payload bytes (control byte included), 9 bit
  times per byte (8 data + ACK), + STOP; no clock stretching, no gaps between bytes, no
  per-transfer driver/syscall overhead (on a Pi that adds roughly 50-150 µs per transfer,
  which is why few transactions matter too). A TCA9548A channel switch, when the update goes
  to another screen than the last one, adds one 2-byte transaction (20 bit times).
- SPI: 8 bits per command/data byte at 8 MHz (luma's default); D/C is a GPIO, no addressing.

Render+encode: wall-clock time (perf_counter, best of several runs) to draw a typical
128x64 menu with Pillow's bitmap font, and to turn it into panel bytes + a partial plan;
luma's own ssd1306 encoder (a per-pixel Python loop) is shown for comparison.
"""

from __future__ import annotations

import logging
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from luma.core.interface.serial import i2c as luma_i2c
from luma.core.interface.serial import noop
from luma.oled.device import ssd1306
from PIL import Image

from firmware_py.screens import open_screen
from firmware_py.screens.partial import PageEncoder, build_controller
from firmware_py.specs import ScreenSpec
from tests.firmware.screens import frames
from tests.firmware.screens.fake_panel import BlockOnlyBus, FakeI2CBus, FakePanel

I2C_SPEEDS = {"100k": 100_000, "400k": 400_000, "1M": 1_000_000}
SPI_HZ = 8_000_000

SCENARIOS: list[tuple[str, Image.Image | None, Image.Image]] = [
    ("menu cursor move", frames.menu(1), frames.menu(2)),
    ("counter digit (wounds 3->4)", frames.status(3), frames.status(4)),
    ("one changed text line", frames.status(3, message="Waiting for seat 3"),
     frames.status(3, message="Seat 4 rolls the dice")),
    ("card-marks update", frames.card_marks(frozenset({1})), frames.card_marks(frozenset({1, 5}))),
    ("full-screen change", frames.menu(1), frames.big_number(6)),
    ("recovery: init + full frame", None, frames.menu(1)),
]


def measure(driver: str, before: Image.Image | None, after: Image.Image,
            rdwr: bool = True) -> tuple[int, int, int, int]:
    """(payload bytes, transactions, wire bits, command+data bytes) of showing ``after``."""
    bus = FakeI2CBus()
    panel = bus.attach(FakePanel(driver))  # type: ignore[arg-type]
    raw = bus if rdwr else BlockOnlyBus(bus)
    now = [0.0]
    screen = open_screen(ScreenSpec("bench", driver, "i2c"),  # type: ignore[arg-type]
                         bus_factory=lambda port: raw, clock=lambda: now[0])
    if before is not None:
        screen.show(before)
    else:  # recovery: the panel was replugged, so it is initialised and sent a full frame
        panel.unplug()
        screen.show(after)
        panel.replug()
        now[0] += 60
    mark, counted = bus.mark(), screen.bytes_sent
    screen.show(after)
    sent = bus.since(mark)
    if panel.image().tobytes() != after.tobytes():
        raise RuntimeError(f"{driver}: panel does not show the frame")
    return (bus.payload_bytes(sent), len(sent), bus.wire_bits(sent),
            screen.bytes_sent - counted)


def measure_stock_luma() -> tuple[int, int, int, int]:
    """luma's ssd1306.display() with an injected smbus (32-byte blocks), any update."""
    bus = FakeI2CBus()
    bus.attach(FakePanel())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Image.getdata inside luma
        device = ssd1306(luma_i2c(bus=bus, address=0x3C))
        device.display(frames.menu(1))
        mark = bus.mark()
        device.display(frames.menu(2))
    sent = bus.since(mark)
    return bus.payload_bytes(sent), len(sent), bus.wire_bits(sent), 7 + 1024


def fmt_ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f}"


def bus_table() -> None:
    head = (f"{'update':38} {'drv':7} {'bytes':>6} {'xfers':>5} "
            + " ".join(f"{'I2C ' + k:>9}" for k in I2C_SPEEDS) + f" {'SPI 8M':>8}")
    print("Bytes on the bus and bus time (ms) per update")
    print(head)
    print("-" * len(head))
    rows = [(name, driver, measure(driver, before, after))
            for name, before, after in SCENARIOS for driver in ("ssd1306", "sh1106")]
    rows.append(("stock luma ssd1306, every frame", "ssd1306", measure_stock_luma()))
    for name, driver, (payload, xfers, bits, raw) in rows:
        times = " ".join(f"{fmt_ms(bits / hz):>9}" for hz in I2C_SPEEDS.values())
        print(f"{name:38} {driver:7} {payload:6d} {xfers:5d} {times} {fmt_ms(raw * 8 / SPI_HZ):>8}")
    payload, xfers, bits, _ = measure("ssd1306", frames.menu(1), frames.big_number(2), rdwr=False)
    print(f"\nsmbus without i2c_rdwr (32-byte blocks), full-screen change: {payload} bytes, "
          f"{xfers} transfers, {fmt_ms(bits / 400_000).strip()} ms at 400 kHz")
    print("mux channel switch (update to another screen than the last): +1 transfer, "
          f"2 bytes, {fmt_ms(20 / 400_000).strip()} ms at 400 kHz")


def best_of(action, runs: int = 5, loops: int = 200) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(loops):
            action()
        best = min(best, (time.perf_counter() - start) / loops)
    return best


def cpu_table() -> None:
    spec = ScreenSpec("bench", "ssd1306", "i2c")
    controller, _init, _contrast = build_controller(spec)
    encoder = PageEncoder(spec, controller)
    a, b = frames.menu(1), frames.menu(2)
    ram_a = encoder.encode(a)
    ram_b = encoder.encode(b)
    stock = ssd1306(serial_interface=noop())
    print("\nCPU per frame (µs, best of 5)")
    draw_s, encode_s = best_of(lambda: frames.menu(2)), best_of(lambda: encoder.encode(b))
    print(f"  draw 128x64 menu (Pillow, 6 text lines): {draw_s * 1e6:8.1f}")
    print(f"  encode to panel bytes:                   {encode_s * 1e6:8.1f}")
    print(f"  plan partial update (cursor move):       "
          f"{best_of(lambda: encoder.plan(ram_a, ram_b)) * 1e6:8.1f}")
    print(f"  plan full frame:                         "
          f"{best_of(lambda: encoder.plan(None, ram_b)) * 1e6:8.1f}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        luma_s = best_of(lambda: stock.display(b), loops=20)
    print(f"  luma ssd1306.display() encode (no bus):  {luma_s * 1e6:8.1f}")
    print(f"\nPython {sys.version.split()[0]} on {sys.platform} (this machine, not a Pi: "
          "expect a Raspberry Pi to be several times slower).")


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)  # the recovery scenario logs an "offline" warning
    bus_table()
    cpu_table()
