"""What the panel RAM holds after partial updates, and what crossed the bus to get there."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from luma.core.interface.serial import i2c as luma_i2c
from luma.oled.device import ssd1306
from PIL import Image, ImageDraw

from firmware_py.screens import open_screen
from firmware_py.specs import ScreenSpec

from . import frames
from .fake_panel import BlockOnlyBus, FakeI2CBus, FakePanel

ROTATIONS = {0: None, 1: Image.Transpose.ROTATE_90, 2: Image.Transpose.ROTATE_180,
             3: Image.Transpose.ROTATE_270}


def shown(panel: FakePanel, rotate: int) -> Image.Image:
    """The panel's picture turned back the way the viewer sees it."""
    image = panel.image()
    turn = ROTATIONS[rotate]
    return image if turn is None else image.transpose(turn)


def open_on_fake(driver: str, rotate: int = 0, use_rdwr: bool = True):
    bus = FakeI2CBus()
    panel = bus.attach(FakePanel(driver))
    spec = ScreenSpec("seat1 screen", driver, "i2c", rotate=rotate)  # type: ignore[arg-type]
    raw = bus if use_rdwr else BlockOnlyBus(bus)
    screen = open_screen(spec, bus_factory=lambda port: raw)
    return bus, panel, screen


# -- random sequences of images and small edits -------------------------------------------------

coordinate = st.integers(0, 127)
edit = st.one_of(
    st.tuples(st.just("rect"), coordinate, coordinate, st.integers(0, 20), st.integers(0, 12),
              st.booleans()),
    st.tuples(st.just("pixel"), coordinate, coordinate, st.booleans()),
    st.tuples(st.just("text"), coordinate, coordinate, st.text("AZaz09>*#", max_size=6)),
    st.tuples(st.just("invert"),),
    st.tuples(st.just("same"),),
    st.tuples(st.just("random"), st.binary(min_size=1024, max_size=1024)),
)


def apply_edit(image: Image.Image, step: tuple) -> Image.Image:
    w, h = image.size
    kind = step[0]
    if kind == "random":
        return Image.frombytes("1", (w, h), step[1])
    if kind == "invert":
        return image.point(lambda v: 255 - v)
    image = image.copy()
    draw = ImageDraw.Draw(image)
    if kind == "rect":
        x, y = step[1] % w, step[2] % h
        draw.rectangle((x, y, x + step[3], y + step[4]), fill=int(step[5]))
    elif kind == "pixel":
        image.putpixel((step[1] % w, step[2] % h), int(step[3]))
    elif kind == "text":
        draw.text((step[1] % w, step[2] % h), step[3], font=frames.FONT, fill=1)
    return image


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(driver=st.sampled_from(["ssd1306", "sh1106"]), rotate=st.sampled_from([0, 1, 2, 3]),
       use_rdwr=st.booleans(), steps=st.lists(edit, min_size=1, max_size=12))
def test_panel_ram_equals_the_image_after_every_update(driver, rotate, use_rdwr, steps):
    bus, panel, screen = open_on_fake(driver, rotate, use_rdwr)
    image = Image.new("1", screen.size)
    for step in steps:
        image = apply_edit(image, step)
        before = screen.bytes_sent
        screen.show(image)
        assert shown(panel, rotate).tobytes() == image.tobytes()
        if step[0] == "same":
            assert screen.bytes_sent == before
    assert bus.collisions == 0
    assert panel.display_on


# -- bytes on the bus -------------------------------------------------------------------------

def payload_of(bus: FakeI2CBus, action) -> tuple[int, int]:
    mark = bus.mark()
    action()
    sent = bus.since(mark)
    return bus.payload_bytes(sent), len(sent)


def test_full_frame_costs_one_window_and_1024_bytes(bus):
    panel = bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "ssd1306", "i2c"), bus_factory=lambda port: bus)
    payload, transactions = payload_of(bus, lambda: screen.show(frames.big_number(6)))
    # command transaction: control byte + 6 window bytes; data: control byte + 1024 RAM bytes
    assert (payload, transactions) == (7 + 1025, 2)
    assert panel.image().tobytes() == frames.big_number(6).tobytes()


@pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")  # inside luma
def test_stock_luma_sends_the_whole_frame_every_time(bus):
    """The baseline partial updates are measured against."""
    panel = bus.attach(FakePanel())
    device = ssd1306(luma_i2c(bus=bus, address=0x3C))
    device.display(frames.menu(1))
    payload, _ = payload_of(bus, lambda: device.display(frames.menu(2)))
    assert payload >= 1024
    assert panel.image().tobytes() == frames.menu(2).tobytes()


@pytest.mark.parametrize(
    ("name", "before", "after", "limit"),
    [
        ("menu cursor move", frames.menu(1), frames.menu(2), 40),
        ("one changed text line", frames.status(3), frames.status(4), 40),
        ("card-marks update", frames.card_marks(frozenset({1})),
         frames.card_marks(frozenset({1, 5})), 60),
    ],
)
def test_small_updates_send_a_few_percent_of_a_frame(bus, name, before, after, limit):
    panel = bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "ssd1306", "i2c"), bus_factory=lambda port: bus)
    screen.show(before)
    payload, _ = payload_of(bus, lambda: screen.show(after))
    assert 0 < payload <= limit, name
    assert panel.image().tobytes() == after.tobytes()


def test_sh1106_small_update_sends_only_the_changed_runs(bus):
    panel = bus.attach(FakePanel("sh1106"))
    screen = open_screen(ScreenSpec("s", "sh1106", "i2c"), bus_factory=lambda port: bus)
    screen.show(frames.menu(1))
    payload, _ = payload_of(bus, lambda: screen.show(frames.menu(2)))
    assert 0 < payload <= 40
    assert panel.image().tobytes() == frames.menu(2).tobytes()


def test_counters(bus):
    bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "ssd1306", "i2c"), bus_factory=lambda port: bus)
    assert screen.frames_sent == 1  # the blank frame sent while initialising
    screen.show(frames.menu(0))
    screen.show(frames.menu(0))  # unchanged: nothing sent, not counted
    assert screen.frames_sent == 2
    before = screen.bytes_sent
    payload, transactions = payload_of(bus, lambda: screen.show(frames.menu(3)))
    assert screen.frames_sent == 3
    # bytes_sent: command and RAM bytes; the bus also carries one control byte per transaction
    assert screen.bytes_sent - before == payload - transactions > 0


def test_block_writes_without_i2c_rdwr_stay_within_32_bytes(bus):
    panel = bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "ssd1306", "i2c"),
                         bus_factory=lambda port: BlockOnlyBus(bus))
    mark = bus.mark()
    screen.show(frames.big_number(3))
    sent = bus.since(mark)
    assert {t.kind for t in sent} == {"block"}
    assert max(len(t.payload) for t in sent) == 33  # control byte + 32
    assert len(sent) == 1 + 1024 // 32
    assert panel.image().tobytes() == frames.big_number(3).tobytes()
