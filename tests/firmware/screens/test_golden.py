"""Golden images: rendered test frames on ``luma.core.device.dummy``, and on the emulated panel.

The goldens live in ``tests/firmware/screens/golden/*.png``. After an intended change to the
frames (or to what a screen shows), regenerate them and look at the PNGs before committing:

    REFBOX_UPDATE_GOLDEN=1 .venv/bin/pytest tests/firmware/screens/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from firmware_py.screens import DummyScreen, open_screen
from firmware_py.specs import ScreenSpec

from . import frames
from .fake_panel import FakePanel

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"

CASES = {
    "menu_cursor_2": (frames.menu(2), 0),
    "status_wounds_4": (frames.status(4), 0),
    "card_marks_1_5": (frames.card_marks(frozenset({1, 5})), 0),
    "big_number_6_rotated": (frames.big_number(6), 2),
}


def check_golden(name: str, image: Image.Image) -> None:
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
    if not path.exists():
        pytest.fail(f"no golden {path.name}: run with REFBOX_UPDATE_GOLDEN=1 to create it")
    with Image.open(path) as stored:
        expected = stored.convert("1")
    assert expected.size == image.size
    diff = ImageChops.difference(expected.convert("L"), image.convert("L")).getbbox()
    assert diff is None, f"{name} differs from its golden in box {diff}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_dummy_screen_matches_golden(name):
    image, rotate = CASES[name]
    screen = DummyScreen(ScreenSpec(name, "ssd1306", "i2c", rotate=rotate))
    screen.show(image)
    assert screen.image is not None
    check_golden(name, screen.image)


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_panel_ram_matches_golden(bus, name, driver):
    image, rotate = CASES[name]
    panel = bus.attach(FakePanel(driver))
    screen = open_screen(ScreenSpec(name, driver, "i2c", rotate=rotate),
                         bus_factory=lambda port: bus)
    screen.show(frames.menu(0))  # start from something else: this is a partial update
    screen.show(image)
    check_golden(name, panel.image())


def test_golden_check_notices_a_one_pixel_difference():
    image, _ = CASES["menu_cursor_2"]
    changed = image.copy()
    changed.putpixel((127, 63), 1 - changed.getpixel((127, 63)) // 255)
    if UPDATE:
        pytest.skip("goldens are being regenerated")
    with pytest.raises(AssertionError, match="differs"):
        check_golden("menu_cursor_2", changed)
