"""The page encoder and the update planner, without a bus."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from firmware_py.screens import DummyScreen, ScreenError
from firmware_py.screens.partial import (
    SSD1306_WINDOW_COST,
    dirty_runs,
    merge_windows,
    pack_pages,
    plan_sh1106,
    plan_ssd1306,
)
from firmware_py.specs import MuxSpec, ScreenSpec


def reference_pack(image: Image.Image) -> bytes:
    """Pixel by pixel, as the SSD1306 datasheet describes the RAM: bit 0 = top row of a page."""
    w, h = image.size
    ram = bytearray(w * h // 8)
    pixels = image.load()
    for y in range(h):
        for x in range(w):
            if pixels[x, y]:
                ram[(y // 8) * w + x] |= 1 << (y % 8)
    return bytes(ram)


def random_image(size: tuple[int, int], seed: int) -> Image.Image:
    rng = random.Random(seed)
    return Image.frombytes("1", size, rng.randbytes(size[0] * size[1] // 8))


@pytest.mark.parametrize("size", [(128, 64), (128, 32), (64, 48)])
def test_pack_pages_matches_the_datasheet_layout(size):
    for seed in range(3):
        image = random_image(size, seed)
        assert pack_pages(image) == reference_pack(image)


def test_single_pixel_lands_in_the_right_byte_and_bit():
    image = Image.new("1", (128, 64))
    image.putpixel((5, 13), 1)  # page 1, bit 5
    ram = pack_pages(image)
    assert ram[128 + 5] == 1 << 5
    assert sum(ram) == 1 << 5


def reference_runs(old: bytes, new: bytes, width: int, gap: int) -> list[tuple[int, int, int]]:
    """Byte by byte, as the planner did before it compared slices."""
    runs = []
    for page in range(len(new) // width):
        changed = [i for i in range(width) if old[page * width + i] != new[page * width + i]]
        if not changed:
            continue
        start = prev = changed[0]
        for column in changed[1:]:
            if column - prev - 1 > gap:
                runs.append((page, start, prev))
                start = column
            prev = column
        runs.append((page, start, prev))
    return runs


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=1024, max_size=1024), st.data(), st.sampled_from([7, 10]))
def test_dirty_runs_match_the_byte_by_byte_reference(old: bytes, data, gap: int) -> None:
    new = bytearray(old)
    for index, value in data.draw(st.lists(st.tuples(st.integers(0, 1023),
                                                     st.integers(0, 255)), max_size=40)):
        new[index] = value
    assert dirty_runs(old, bytes(new), 128, gap) == reference_runs(old, bytes(new), 128, gap)


def test_dirty_runs_finds_changes_and_splits_far_apart_ones():
    old = bytes(1024)
    assert dirty_runs(old, old, 128, 10) == []
    new = bytearray(old)
    new[128 * 3 + 7] = 1
    assert dirty_runs(old, bytes(new), 128, 10) == [(3, 7, 7)]
    new[128 * 3 + 12] = 1  # 4 unchanged bytes in between: one run
    assert dirty_runs(old, bytes(new), 128, 10) == [(3, 7, 12)]
    new[128 * 3 + 100] = 1  # far away: a run of its own
    assert dirty_runs(old, bytes(new), 128, 10) == [(3, 7, 12), (3, 100, 100)]
    assert dirty_runs(None, bytes(new), 128, 10) == [(p, 0, 127) for p in range(8)]


def test_dirty_runs_never_join_runs_over_a_page_end():
    """Close changes on either side of a page's end are runs of two pages, each trimmed to
    its changed bytes; so is one long change over three pages."""
    old = bytes(1024)
    new = bytearray(old)
    new[126] = new[128 + 1] = 1  # 2 unchanged bytes between them, but another page
    assert dirty_runs(old, bytes(new), 128, 10) == [(0, 126, 126), (1, 1, 1)]
    new = bytearray(old)
    new[120:128 * 2 + 5] = b"\x01" * (128 * 2 + 5 - 120)
    assert dirty_runs(old, bytes(new), 128, 10) == [(0, 120, 127), (1, 0, 127), (2, 0, 4)]
    new[127] = new[128] = 0  # the page's end unchanged: the parts trimmed
    assert dirty_runs(old, bytes(new), 128, 10) == [(0, 120, 126), (1, 1, 127), (2, 0, 4)]


def test_merge_windows_joins_neighbours_and_keeps_distant_areas_apart():
    full = [(p, 0, 127) for p in range(8)]
    assert merge_windows(full, SSD1306_WINDOW_COST) == [(0, 7, 0, 127)]
    stacked = [(2, 10, 20), (3, 10, 20)]
    assert merge_windows(stacked, SSD1306_WINDOW_COST) == [(2, 3, 10, 20)]
    corners = [(0, 0, 3), (7, 120, 127)]
    assert merge_windows(corners, SSD1306_WINDOW_COST) == [(0, 0, 0, 3), (7, 7, 120, 127)]


def test_full_frame_plans():
    ram = bytes(range(256)) * 4
    (write,) = plan_ssd1306(None, ram, 128)
    assert write.command == (0x21, 0, 127, 0x22, 0, 7)
    assert write.data == ram
    sh = plan_sh1106(None, ram, 128)
    assert [w.command for w in sh] == [(0xB0 | p, 0x02, 0x10) for p in range(8)]
    assert b"".join(w.data for w in sh) == ram


def test_sh1106_plan_addresses_columns_with_the_ram_offset():
    old = bytes(1024)
    new = bytearray(old)
    new[128 * 5 + 40] = 0xFF
    (write,) = plan_sh1106(old, bytes(new), 128)
    column = 40 + 2
    assert write.command == (0xB5, column & 0x0F, 0x10 | column >> 4)
    assert write.data == b"\xff"


def test_unchanged_frame_plans_nothing():
    ram = random_image((128, 64), 1).tobytes()
    assert plan_ssd1306(ram, ram, 128) == []
    assert plan_sh1106(ram, ram, 128) == []


def test_wrong_image_size_names_the_screen_and_its_path():
    spec = ScreenSpec("seat3 screen", "ssd1306", "i2c", mux=MuxSpec(0x70, 3))
    screen = DummyScreen(spec)
    with pytest.raises(ScreenError) as caught:
        screen.show(Image.new("1", (64, 64)))
    assert caught.value.device == "seat3 screen"
    assert caught.value.path == "i2c-1@0x3C/mux0x70ch3"
    assert "64x64" in str(caught.value)


def test_brightness_out_of_range_is_refused():
    screen = DummyScreen(ScreenSpec("s", "ssd1306", "i2c"))
    with pytest.raises(ScreenError, match=r"0\.\.255"):
        screen.set_brightness(256)


def test_non_mode_1_images_are_thresholded_not_dithered():
    screen = DummyScreen(ScreenSpec("s", "ssd1306", "i2c"))
    grey = Image.new("L", (128, 64), 100)  # below 50 %: all dark (dithering would speckle)
    grey.paste(200, (0, 0, 64, 64))
    screen.show(grey)
    assert screen.image is not None
    assert screen.image.getbbox() == (0, 0, 64, 64)
    assert screen.image.histogram()[255] == 64 * 64
