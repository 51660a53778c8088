"""`refbox wiring`: the wiring drawn from a profile shows every pin it uses, legibly, and the
pictures and tables in docs/hardware.md are what it draws today."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

from firmware_py.profile import load_profile, parse_profile, shipped_profiles
from firmware_py.profile_checks import PHYSICAL_PIN, gpio_uses, reserved_gpios
from firmware_py.wiring import GROUND_PINS, Wire, nearest_ground, wiring_plan
from firmware_py.wiring_draw import COLOURS, draw_wiring, markdown_table, wiring_text
from services.referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "hardware.md"
PICTURES = ROOT / "docs" / "hardware" / "pictures"
FIELD_WIRE = {"buzzer_gpio": Wire.BUZZER, "status_led_gpio": Wire.LED}

CUSTOM = """
name = "custom"
buzzer_gpio = 18

[table_buttons]
menu = 21

[table_reader]
kind = "pn532"
port = "/dev/serial0"

[director_screen]
driver = "sh1106"
mux = { address = 0x73, channel = 2 }

[[seats]]
name = "north"
label = "North"
buttons = { ok = 17, next = 27, peek = 22, back = { gpio = 23, pull_up = false } }
screen = { driver = "ssd1306", bus = "spi", spi_device = 1, gpio_dc = 24 }
reader = { kind = "rdm6300", port = "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0" }

[[seats]]
name = "south"
buttons = { ok = 5, next = 6, peek = 13 }
screen = { driver = "ssd1306", i2c_address = 0x3D }
reader = { kind = "pn532", port = "socket://localhost:7000" }
"""


def _texts(card) -> list[str]:
    return [" ".join(segment.text for segment in line) for line in card.lines]


def _expected_wire(field: str) -> Wire:
    if field in FIELD_WIRE:
        return FIELD_WIRE[field]
    return Wire.SPI if field.endswith(("gpio_dc", "gpio_rst")) else Wire.BUTTON


@pytest.mark.parametrize("name", shipped_profiles())
def test_every_gpio_the_profile_uses_is_on_the_diagram(name):
    profile = load_profile(name)
    plan = wiring_plan(profile)
    by_gpio = {pin.gpio: pin for pin in plan.pins if pin.gpio is not None}
    for field, gpio in gpio_uses(profile):
        pin = by_gpio[gpio]
        assert pin.wire is _expected_wire(field), field
        assert len(pin.uses) == 1, field
        if not profile.simulated:
            assert pin.pin == PHYSICAL_PIN[gpio]
    for gpio in reserved_gpios(profile):
        assert by_gpio[gpio].wire in (Wire.I2C, Wire.SPI, Wire.UART), gpio
    used = {gpio for _, gpio in gpio_uses(profile)} | set(reserved_gpios(profile))
    assert {gpio for gpio, pin in by_gpio.items() if pin.uses and pin.gpio > 1} == used
    assert len(plan.pins) == (len(used) if profile.simulated else 40)


@pytest.mark.parametrize("name", shipped_profiles())
def test_every_seat_has_a_card_with_its_buttons_screen_and_reader(name):
    profile = load_profile(name)
    plan = wiring_plan(profile)
    assert [card.title for card in plan.cards[: len(profile.seats)]] == [
        seat.label for seat in profile.seats
    ]
    for seat, card in zip(profile.seats, plan.cards, strict=False):
        texts = _texts(card)
        for button in seat.buttons:
            where = f"GPIO{button.gpio}"
            if not profile.simulated:
                where += f" (pin {PHYSICAL_PIN[button.gpio]})"
            assert f"{button.role} button: {where} " in " | ".join(texts)
        assert any(text.startswith(f"screen: {seat.screen.driver.upper()}") for text in texts)
        assert any(text.startswith(f"reader: {seat.reader.kind.upper()}") for text in texts)


def test_two_seat_header_pins():
    plan = wiring_plan(load_profile("two-seat"))
    pin = {p.pin: (p.name, p.wire, p.uses) for p in plan.pins}
    assert pin[1] == ("3V3", Wire.POWER_3V3, ("screens' VCC",))
    assert pin[3] == ("GPIO2 SDA1", Wire.I2C, ("screens' SDA",))
    assert pin[11] == ("GPIO17", Wire.BUTTON, ("Seat 1 ok button",))
    assert pin[12] == ("GPIO18", Wire.BUZZER, ("buzzer +",))
    assert pin[17] == ("3V3", Wire.POWER_3V3, ("Public screen VCC",))
    assert pin[19] == ("GPIO10 MOSI", Wire.SPI, ("Public screen D1",))
    assert pin[21] == ("GPIO9 MISO", Wire.SPI, ("reserved (SPI0)",))
    assert pin[24] == ("GPIO8 CE0", Wire.SPI, ("Public screen CS",))
    assert pin[22] == ("GPIO25", Wire.SPI, ("Public screen RES",))
    assert pin[27] == ("GPIO0 ID_SD", Wire.RESERVED, ("HAT EEPROM: leave free",))
    assert pin[2] == ("5V", None, ())
    assert all(pin[g][:2] == ("GND", Wire.GROUND) for g in GROUND_PINS)
    assert plan.free_gpios() == (12, 14, 15, 20, 21)
    table = plan.cards[2]
    assert table.title == "Shared parts"
    assert _texts(table)[-1] == (
        "VCC -> 3V3 (pin 17) GND -> GND (pin 20) D0 -> GPIO11 (pin 23) D1 -> GPIO10 (pin 19) "
        "CS -> GPIO8 (pin 24) DC -> GPIO24 (pin 18) RES -> GPIO25 (pin 22)"
    )


def test_six_seat_mux_card_lists_every_channel():
    plan = wiring_plan(load_profile("six-seat-mux"))
    mux = plan.cards[-1]
    assert mux.title == "TCA9548A 0x70 I2C multiplexer on I2C-1"
    assert _texts(mux) == [
        "VIN -> 3V3 (pin 1) GND -> GND (pin 6) SDA -> GPIO2 (pin 3) SCL -> GPIO3 (pin 5)",
        "address 0x70: A0 -> GND A1 -> GND A2 -> GND",
        *(f"channel {n}: SD{n} / SC{n} -> Seat {n + 1} screen (0x3C)" for n in range(6)),
        "channel 6: SD6 / SC6 -> Public screen (0x3C)",
        "channel 7: SD7 / SC7 -> Director screen (0x3C)",
    ]
    assert plan.pin(3).uses == ("TCA9548A 0x70 SDA",)
    assert plan.free_gpios() == (14, 15, 20, 21)


def test_uart_reader_pull_down_button_and_mux_address_straps():
    plan = wiring_plan(parse_profile(CUSTOM, "custom.toml"))
    assert plan.pin(8).uses == ("Table reader RXD",)
    assert plan.pin(10).uses == ("Table reader TX",)
    assert plan.pin(8).wire is Wire.UART
    assert plan.pin(26).uses == ("North screen CS",)  # spi_device 1 is CE1
    assert plan.pin(24).uses == ("reserved (SPI0)",)
    assert plan.pin(40).uses == ("Table menu button",)
    north, south, shared, mux = (_texts(card) for card in plan.cards)
    assert "back button (pull-down): GPIO23 (pin 16) 3V3 (pin 1)" in north
    assert plan.pin(1).uses[0] == "pull-down buttons"
    assert "RES -> 3V3 (not driven)" in north[-3]
    assert north[-2] == (
        "reader: RDM6300 on a USB-serial adapter, "
        "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0 (adapter set to 5 V)"
    )
    assert south[-1] == "reader: PN532 at socket://localhost:7000 (no wires to the Pi)"
    assert shared[-1] == (
        "VCC -> 3V3 (pin 1) GND -> GND (pin 9) TXD -> GPIO15 (pin 10) RXD -> GPIO14 (pin 8)"
    )
    assert mux[1] == "address 0x73: A0 -> 3V3 A1 -> 3V3 A2 -> GND"
    assert mux[4] == "channel 2: SD2 / SC2 -> Director screen (0x3C)"
    assert mux[2] == "channel 0: free"


@pytest.mark.parametrize(("pin", "ground"), [(1, 6), (11, 9), (12, 14), (16, 14), (40, 39)])
def test_the_nearest_ground_pin(pin, ground):
    assert nearest_ground(pin) == ground


@pytest.mark.parametrize("name", [*shipped_profiles(), "custom"])
def test_the_picture_is_legible(name):
    profile = parse_profile(CUSTOM, "custom.toml") if name == "custom" else load_profile(name)
    plan = wiring_plan(profile)
    drawing = draw_wiring(plan)
    width, height = drawing.image.size
    boxes = [box for _, box in drawing.texts]
    for text, (left, top, right, bottom) in drawing.texts:
        assert 0 <= left and right <= width and 0 <= top and bottom <= height, text
        assert text.isascii() and text.isprintable(), text  # the bundled font has ASCII only
    for i, (a_left, a_top, a_right, a_bottom) in enumerate(boxes):
        for b_left, b_top, b_right, b_bottom in boxes[i + 1 :]:
            across = a_left < b_right and b_left < a_right
            overlap = across and a_top < b_bottom and b_top < a_bottom
            assert not overlap, (drawing.texts[i], (b_left, b_top, b_right, b_bottom))
    drawn = {text for text, _ in drawing.texts}
    for pin in plan.pins:
        assert pin.name in drawn
        assert not pin.uses or "; ".join(pin.uses) in drawn
    assert {card.title for card in plan.cards} <= drawn
    assert {wire.value for wire in Wire} <= drawn


def _make_pictures():
    spec = importlib.util.spec_from_file_location(
        "make_pictures", ROOT / "docs" / "hardware" / "make_pictures.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_wiring_pictures_are_up_to_date(tmp_path):
    written = _make_pictures().wiring(tmp_path)
    assert sorted(p.name for p in written) == [f"wiring-{n}.png" for n in shipped_profiles()]
    guide = DOC.read_text(encoding="utf-8")
    for fresh in written:
        kept = PICTURES / fresh.name
        assert kept.exists(), f"{kept.name} is missing: run docs/hardware/make_pictures.py"
        with Image.open(fresh) as a, Image.open(kept) as b:
            assert a.size == b.size, f"{kept.name} is stale: run docs/hardware/make_pictures.py"
            assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None
        assert f"](hardware/pictures/{fresh.name})" in guide


@pytest.mark.parametrize("name", ["two-seat", "six-seat-mux"])
def test_the_docs_wiring_tables_are_generated_from_the_same_plan(name):
    plan = wiring_plan(load_profile(name))
    section = DOC.read_text(encoding="utf-8").split(f"### {name} wiring\n", 1)[1]
    section = section.split("\n#", 1)[0]
    assert markdown_table(plan) in section
    free = ", ".join(str(g) for g in plan.free_gpios())
    assert re.search(rf"Free GPIOs left: {re.escape(free)}\.", section)


def test_refbox_wiring_writes_the_picture(tmp_path, capsys):
    out = tmp_path / "box.png"
    assert main(["wiring", "--board", "two-seat", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: the wiring of two-seat (hw/two-seat.toml)\n"
    with Image.open(out) as written, Image.open(PICTURES / "wiring-two-seat.png") as kept:
        assert ImageChops.difference(written.convert("RGB"), kept.convert("RGB")).getbbox() is None


@pytest.mark.parametrize("name", shipped_profiles())
def test_the_saved_picture_keeps_every_wire_colour(name):
    with Image.open(PICTURES / f"wiring-{name}.png") as kept:
        colours = {colour for _, colour in kept.convert("RGB").getcolors(maxcolors=4096)}
    for wire, colour in COLOURS.items():
        rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert rgb in colours, wire


def test_refbox_wiring_text(capsys):
    assert main(["wiring", "--board", "six-seat-mux", "--text"]) == 0
    out = capsys.readouterr().out
    assert out == wiring_text(wiring_plan(load_profile("six-seat-mux")))
    assert "  pin 11  GPIO17       Seat 1 next button\n" in out
    assert "  free GPIOs: 14, 15, 20, 21\n" in out
    assert "\nSeat 6\n  ok button: GPIO8 (pin 24), GND (pin 25)\n" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--board", "three-seat"],
            "board profile (three-seat): name: no shipped board profile named 'three-seat'; "
            "shipped profiles: sim, six-seat-mux, two-seat; or give the path of a .toml file",
        ),
        (
            ["--board", "/nowhere/box.toml"],
            "board profile (/nowhere/box.toml): file: cannot read the profile: "
            "No such file or directory",
        ),
        (
            ["--out", "wiring.jpg"],
            "--out must be a file name ending in .png (e.g. box.png), got 'wiring.jpg'",
        ),
        (
            ["--out", "/nowhere/wiring.png"],
            "cannot write /nowhere/wiring.png: No such file or directory",
        ),
    ],
)
def test_refbox_wiring_refuses_in_one_line(args, message, capsys):
    assert main(["wiring", *args]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"refbox wiring: {message}\n"
    assert captured.out == ""


def test_a_bad_profile_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "box.toml"
    bad.write_text('name = "box"\n[[seats]]\nname = "seat1"\n', encoding="utf-8")
    assert main(["wiring", "--board", str(bad), "--text"]) == 1
    assert capsys.readouterr().err == (
        f"refbox wiring: board profile ({bad}): seats[0].buttons: missing; every seat needs "
        "buttons ok, next, peek\n"
    )


BOARDS = st.one_of(
    st.sampled_from([*shipped_profiles(), "", "-", "two_seat", "x" * 300, "é.toml", "nowhere/"]),
    # no control characters: the profile loader echoes an unknown name as typed, so a newline
    # in it makes a two-line message (reported to the profile loader's owner)
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=12),
)
OUTS = st.one_of(
    st.none(),
    st.sampled_from(["box.png", "box.PNG", ".png", "box", "box.jpg", "sub/box.png", "x" * 300]),
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="/"),
            max_size=12),
)


@settings(max_examples=40, deadline=None)
@given(board=BOARDS, out=OUTS, text=st.booleans())
def test_refbox_wiring_never_ends_in_a_traceback(board, out, text):
    with tempfile.TemporaryDirectory() as folder:
        argv = ["wiring", "--board", board]
        argv += ["--text"] if text or out is None else ["--out", str(Path(folder) / out)]
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                status = main(argv)
            except SystemExit as done:  # argparse: a value that looks like a flag
                status = done.code
        assert status in (0, 1, 2), argv
        if status == 1:
            assert stderr.getvalue().startswith("refbox wiring: "), argv
            assert stderr.getvalue().count("\n") == 1, argv
        if status == 0 and "--out" in argv:
            with Image.open(Path(folder) / out) as written:
                assert written.format == "PNG"
