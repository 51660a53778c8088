"""Board profiles: the shipped ones load, and every kind of mistake gets a precise message."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from firmware_py.errors import HardwareError, ProfileError
from firmware_py.profile import (
    DEFAULT_PROFILE,
    load_profile,
    parse_profile,
    profile_from_dict,
    shipped_profiles,
)
from firmware_py.profile_checks import PHYSICAL_PIN, gpio_uses
from firmware_py.specs import ButtonSpec, MuxSpec, ReaderSpec, ScreenSpec, Timing

FILE = "box.toml"
BASE = """
name = "box"
buzzer_gpio = 18
status_led_gpio = 16

[[seats]]
name = "seat1"
label = "North"
buttons = { ok = 17, next = 27, peek = 22 }
screen = { driver = "ssd1306", i2c_address = 0x3C }
reader = { kind = "rdm6300", port = "/dev/ttyUSB0" }

[[seats]]
name = "seat2"
buttons = { ok = 5, next = 6, peek = 13 }
screen = { driver = "sh1106", i2c_address = 0x3D }
reader = { kind = "pn532", port = "/dev/ttyUSB1" }
"""


def base() -> dict:
    return copy.deepcopy(tomllib.loads(BASE))


def error_of(data: dict) -> ProfileError:
    with pytest.raises(ProfileError) as info:
        profile_from_dict(data, FILE)
    return info.value


def expect(data: dict, field: str, message: str) -> None:
    err = error_of(data)
    assert (err.file, err.field, err.message) == (FILE, field, f"{field}: {message}")
    assert str(err) == f"board profile ({FILE}): {field}: {message}"


# --- the shipped profiles -------------------------------------------------------------------


def test_shipped_profiles_are_listed_without_examples() -> None:
    assert shipped_profiles() == ("sim", "six-seat-mux", "two-seat")
    assert DEFAULT_PROFILE == "sim"


def test_sim_profile_has_six_full_seats_and_both_shared_screens() -> None:
    sim = load_profile()
    assert (sim.name, sim.file, sim.simulated) == ("sim", "hw/sim.toml", True)
    assert [s.name for s in sim.seats] == [f"seat{n}" for n in range(1, 7)]
    for seat in sim.seats:
        assert [b.role for b in seat.buttons] == ["ok", "next", "prev", "back", "peek"]
        assert seat.screen is not None and seat.reader == ReaderSpec(
            f"{seat.name} reader", "rdm6300", "pty", 9600
        )
    assert sim.public_screen is not None and sim.director_screen is not None
    assert sim.timing == Timing(0.02, 0.8, 0.35, ("peek",))


def test_two_seat_profile_matches_its_wiring() -> None:
    two = load_profile("two-seat")
    assert two.simulated is False
    assert [s.screen.path for s in two.seats if s.screen] == ["i2c-1@0x3C", "i2c-1@0x3D"]
    assert [r.port for r in two.readers()] == ["/dev/ttyUSB0", "/dev/ttyUSB1"]
    assert two.public_screen == ScreenSpec(
        "public screen", "ssd1306", "spi", spi_port=0, spi_device=0, gpio_dc=24, gpio_rst=25
    )
    assert dict(gpio_uses(two)) == {
        "buzzer_gpio": 18,
        "status_led_gpio": 16,
        "seats[0].buttons.ok": 17,
        "seats[0].buttons.next": 27,
        "seats[0].buttons.prev": 22,
        "seats[0].buttons.back": 23,
        "seats[0].buttons.peek": 4,
        "seats[1].buttons.ok": 5,
        "seats[1].buttons.next": 6,
        "seats[1].buttons.prev": 13,
        "seats[1].buttons.back": 19,
        "seats[1].buttons.peek": 26,
        "public_screen.gpio_dc": 24,
        "public_screen.gpio_rst": 25,
    }


def test_six_seat_mux_profile_puts_eight_screens_on_one_mux() -> None:
    six = load_profile("six-seat-mux")
    assert len(six.seats) == 6
    assert [s.mux for s in six.screens()] == [MuxSpec(0x70, ch) for ch in range(8)]
    assert {s.i2c_address for s in six.screens()} == {0x3C}
    assert [r.port for r in six.readers()] == [f"/dev/ttyUSB{n}" for n in range(6)]
    assert [[b.role for b in s.buttons] for s in six.seats] == [["ok", "next", "peek"]] * 6
    used = [gpio for _, gpio in gpio_uses(six)]
    assert len(used) == len(set(used)) == 20
    assert set(range(2, 28)) - set(used) == {2, 3, 14, 15, 20, 21}


def test_load_by_path_uses_the_file_stem_as_default_name(tmp_path: Path) -> None:
    path = tmp_path / "my-box.toml"
    path.write_text(BASE.replace('name = "box"\n', ""), encoding="utf-8")
    profile = load_profile(path)
    assert (profile.name, profile.file) == ("my-box", str(path))
    assert profile.seat("seat1").label == "North"
    assert profile.seat("seat2").label == "seat2"
    assert profile.seat("seat2").reader == ReaderSpec(
        "seat2 reader", "pn532", "/dev/ttyUSB1", 115200
    )
    assert load_profile(str(path)) == profile


def test_pull_down_button_as_inline_table() -> None:
    data = base()
    data["seats"][0]["buttons"]["ok"] = {"gpio": 17, "pull_up": False}
    profile = profile_from_dict(data, FILE)
    assert profile.seats[0].button("ok") == ButtonSpec("ok", 17, pull_up=False)


# --- files and names ------------------------------------------------------------------------


def test_unknown_profile_name_lists_shipped_profiles() -> None:
    with pytest.raises(ProfileError) as info:
        load_profile("tw0-seat")
    assert str(info.value) == (
        "board profile (tw0-seat): name: no shipped board profile named 'tw0-seat'; shipped "
        "profiles: sim, six-seat-mux, two-seat; or give the path of a .toml file"
    )


def test_missing_file_names_the_path(tmp_path: Path) -> None:
    with pytest.raises(ProfileError) as info:
        load_profile(tmp_path / "nope.toml")
    assert (info.value.file, info.value.field) == (str(tmp_path / "nope.toml"), "file")
    assert info.value.message == "file: cannot read the profile: No such file or directory"


def test_toml_syntax_error() -> None:
    with pytest.raises(ProfileError) as info:
        parse_profile("[[seats]\nname = 1", FILE)
    assert (info.value.file, info.value.field) == (FILE, "toml")
    assert info.value.message.startswith("toml: not valid TOML (")
    assert info.value.message.endswith("); see docs/hardware.md")
    assert isinstance(info.value, HardwareError)


# --- one test per kind of error -------------------------------------------------------------


def test_unknown_key_suggests_the_closest() -> None:
    data = base()
    data["seats"][0]["scren"] = data["seats"][0].pop("screen")
    expect(
        data,
        "seats[0].scren",
        'unknown key (did you mean "screen"?); allowed keys here: '
        "name, label, buttons, screen, reader",
    )


def test_unknown_top_level_key() -> None:
    data = base()
    data["buzzer"] = 18
    expect(
        data,
        "buzzer",
        'unknown key (did you mean "buzzer_gpio"?); allowed keys here: name, '
        "description, simulated, timing, buzzer_gpio, status_led_gpio, seats, "
        "public_screen, director_screen, table_buttons, table_reader, companion",
    )


def test_key_of_the_other_bus() -> None:
    data = base()
    data["seats"][0]["screen"]["gpio_dc"] = 24
    expect(
        data,
        "seats[0].screen.gpio_dc",
        'only used by bus = "spi" screens; allowed keys for '
        'bus = "i2c": driver, bus, width, height, rotate, i2c_port, i2c_address, mux',
    )


def test_duplicate_gpio_names_the_first_user() -> None:
    data = base()
    data["seats"][1]["buttons"]["ok"] = 27
    expect(
        data,
        "seats[1].buttons.ok",
        "GPIO 27 is already used by seats[0].buttons.next; each GPIO may be used once",
    )


def test_duplicate_gpio_between_button_and_buzzer() -> None:
    data = base()
    data["seats"][0]["buttons"]["peek"] = 18
    expect(
        data,
        "seats[0].buttons.peek",
        "GPIO 18 is already used by buzzer_gpio; each GPIO may be used once",
    )


def test_duplicate_gpio_with_spi_dc() -> None:
    data = base()
    data["public_screen"] = {"driver": "ssd1306", "bus": "spi", "gpio_dc": 5}
    expect(
        data,
        "public_screen.gpio_dc",
        "GPIO 5 is already used by seats[1].buttons.ok; each GPIO may be used once",
    )


def test_gpio_outside_the_header() -> None:
    data = base()
    data["status_led_gpio"] = 28
    expect(
        data,
        "status_led_gpio",
        "GPIO 28 is out of range; allowed: BCM GPIO 2..27 (the "
        "40-pin header; 0 and 1 are the HAT EEPROM's)",
    )


def test_gpio_outside_the_simulated_board() -> None:
    data = base()
    data["simulated"] = True
    data["seats"][0]["buttons"]["ok"] = 46
    expect(
        data,
        "seats[0].buttons.ok",
        "GPIO 46 is out of range; allowed: BCM GPIO 2..45 (the simulated board)",
    )


def test_gpio_that_is_not_a_number() -> None:
    data = base()
    data["seats"][0]["buttons"]["ok"] = "17"
    expect(
        data,
        "seats[0].buttons.ok",
        "expected a GPIO number, got '17'; allowed: BCM GPIO "
        "2..27 (the 40-pin header; 0 and 1 are the HAT EEPROM's)",
    )


def test_gpio_reserved_by_i2c() -> None:
    data = base()
    data["seats"][0]["buttons"]["ok"] = 3
    expect(
        data,
        "seats[0].buttons.ok",
        "GPIO 3 is reserved for I2C-1 SCL (a screen is on "
        "i2c-1); use a GPIO that no enabled bus needs (reserved in this profile: 2, 3)",
    )


def test_gpio_reserved_by_serial0() -> None:
    data = base()
    data["seats"][0]["reader"]["port"] = "/dev/serial0"
    data["seats"][1]["buttons"]["next"] = 14
    expect(
        data,
        "seats[1].buttons.next",
        "GPIO 14 is reserved for serial0 TXD (seat1 reader is "
        "on /dev/serial0); use a GPIO that no enabled bus needs (reserved in this profile: "
        "2, 3, 14, 15)",
    )


def test_gpio_reserved_by_spi0_only_when_an_spi_screen_exists() -> None:
    data = base()
    data["seats"][0]["buttons"]["ok"] = 9
    assert profile_from_dict(data, FILE).seats[0].button("ok") == ButtonSpec("ok", 9)
    data["public_screen"] = {"driver": "ssd1306", "bus": "spi", "gpio_dc": 24}
    expect(
        data,
        "seats[0].buttons.ok",
        "GPIO 9 is reserved for SPI0 (a screen is on spi0); use "
        "a GPIO that no enabled bus needs (reserved in this profile: 2, 3, 7, 8, 9, 10, 11)",
    )


def test_two_unmuxed_screens_at_one_address() -> None:
    data = base()
    data["seats"][1]["screen"]["i2c_address"] = 0x3C
    expect(
        data,
        "seats[1].screen",
        "address 0x3C on i2c-1 is already used by seats[0].screen; "
        "screens on one bus need different addresses (0x3C, 0x3D) or different TCA9548A "
        "channels",
    )


def test_unmuxed_and_muxed_screen_at_one_address_clash_whatever_the_channel() -> None:
    data = base()
    data["seats"][1]["screen"] = {"driver": "ssd1306", "mux": {"address": 0x70, "channel": 3}}
    expect(
        data,
        "seats[1].screen",
        "address 0x3C on i2c-1 clashes with seats[0].screen: a "
        "screen outside the TCA9548A is on the bus whatever channel is selected; put both "
        "screens behind the mux or give one the other address (0x3C, 0x3D)",
    )


def test_muxed_screens_on_the_same_channel() -> None:
    data = base()
    for seat in data["seats"]:
        seat["screen"] = {"driver": "ssd1306", "mux": {"address": 0x70, "channel": 2}}
    expect(
        data,
        "seats[1].screen",
        "channel 2 of the mux at 0x70 already has a screen at 0x3C "
        "on i2c-1 (seats[0].screen); allowed: a free channel 0..7 or the other address "
        "(0x3C, 0x3D)",
    )


def test_screens_sharing_an_address_are_fine_on_other_channels_ports_or_muxes() -> None:
    data = base()
    data["seats"][0]["screen"] = {"driver": "ssd1306", "mux": {"address": 0x70, "channel": 2}}
    data["seats"][1]["screen"] = {"driver": "ssd1306", "mux": {"address": 0x71, "channel": 2}}
    data["public_screen"] = {"driver": "ssd1306", "mux": {"address": 0x70, "channel": 3}}
    data["director_screen"] = {"driver": "ssd1306", "i2c_port": 3}
    data["buzzer_gpio"] = 12  # i2c-3 takes GPIO 4 and 5, so seat2's ok moves too
    data["seats"][1]["buttons"]["ok"] = 20
    paths = [s.path for s in profile_from_dict(data, FILE).screens()]
    assert paths == [
        "i2c-1@0x3C/mux0x70ch2",
        "i2c-1@0x3C/mux0x71ch2",
        "i2c-1@0x3C/mux0x70ch3",
        "i2c-3@0x3C",
    ]


def test_two_spi_screens_on_one_chip_select() -> None:
    data = base()
    data["public_screen"] = {"driver": "ssd1306", "bus": "spi", "gpio_dc": 24}
    data["director_screen"] = {"driver": "ssd1306", "bus": "spi", "gpio_dc": 25}
    expect(
        data,
        "director_screen.spi_device",
        "spi0.0 is already used by public_screen; each "
        "SPI screen needs its own chip select (spi_device)",
    )


def test_unknown_driver() -> None:
    data = base()
    data["seats"][0]["screen"]["driver"] = "ssd1309"
    expect(data, "seats[0].screen.driver", "unknown value 'ssd1309'; allowed: ssd1306, sh1106")


def test_wrong_panel_size_for_the_driver() -> None:
    data = base()
    data["seats"][1]["screen"]["height"] = 48
    expect(
        data,
        "seats[1].screen.width",
        "128x48 is not a sh1106 size; allowed: 128x64, 128x32, 128x128",
    )


def test_i2c_address_not_an_oled_address() -> None:
    data = base()
    data["seats"][0]["screen"]["i2c_address"] = 0x27
    expect(
        data,
        "seats[0].screen.i2c_address",
        "0x27 is out of range; allowed: 0x3C or 0x3D (the module's address jumper)",
    )


def test_missing_reader_port() -> None:
    data = base()
    del data["seats"][1]["reader"]["port"]
    expect(
        data, "seats[1].reader.port", "missing; give the reader's serial port, e.g. /dev/ttyUSB0"
    )


def test_invalid_reader_port() -> None:
    data = base()
    data["seats"][0]["reader"]["port"] = "COM3"
    expect(
        data,
        "seats[0].reader.port",
        "'COM3' is not a serial port refbox can open; allowed: "
        "a device path such as /dev/ttyUSB0, /dev/ttyAMA0 or /dev/serial0, a pyserial URL "
        '(socket://, rfc2217://, loop://), or "pty" in a simulated profile',
    )


def test_pty_port_only_in_simulated_profiles() -> None:
    data = base()
    data["seats"][0]["reader"]["port"] = "pty"
    assert error_of(data).field == "seats[0].reader.port"
    data["simulated"] = True
    assert profile_from_dict(data, FILE).seats[0].reader.port == "pty"


def test_two_readers_on_one_port() -> None:
    data = base()
    data["seats"][1]["reader"]["port"] = "/dev/ttyUSB0"
    expect(
        data,
        "seats[1].reader.port",
        "/dev/ttyUSB0 is already used by seats[0].reader; each reader needs its own serial port",
    )


def test_unknown_reader_kind() -> None:
    data = base()
    data["seats"][0]["reader"]["kind"] = "mfrc522"
    expect(data, "seats[0].reader.kind", "unknown value 'mfrc522'; allowed: rdm6300, pn532")


def test_unsupported_baud_rate() -> None:
    data = base()
    data["seats"][0]["reader"]["baud"] = 9601
    expect(
        data,
        "seats[0].reader.baud",
        "9601 is out of range; allowed: 9600, 19200, 38400, 57600, 115200",
    )


def test_mux_address_outside_the_tca9548a_range() -> None:
    data = base()
    data["seats"][0]["screen"]["mux"] = {"address": 0x78, "channel": 0}
    expect(
        data,
        "seats[0].screen.mux.address",
        "0x78 is out of range; allowed: 0x70..0x77 (TCA9548A, set by A0..A2)",
    )


def test_mux_channel_out_of_range() -> None:
    data = base()
    data["seats"][0]["screen"]["mux"] = {"address": 0x70, "channel": 8}
    expect(data, "seats[0].screen.mux.channel", "8 is out of range; allowed: 0..7")


def test_mux_without_channel() -> None:
    data = base()
    data["seats"][0]["screen"]["mux"] = {"address": 0x70}
    expect(data, "seats[0].screen.mux.channel", "missing; this field is required")


def test_missing_required_button_roles() -> None:
    data = base()
    del data["seats"][1]["buttons"]["peek"]
    del data["seats"][1]["buttons"]["ok"]
    expect(
        data,
        "seats[1].buttons",
        "missing required role(s) ok, peek; every seat needs ok, "
        "next and peek; allowed roles: ok, next, prev, back, peek, up, down, left, right",
    )


def test_unknown_button_role() -> None:
    data = base()
    data["seats"][0]["buttons"]["nxt"] = 12
    expect(
        data,
        "seats[0].buttons.nxt",
        'unknown button role (did you mean "next"?); allowed '
        "roles: ok, next, prev, back, peek, up, down, left, right",
    )


def test_table_buttons_may_have_a_menu_role() -> None:
    data = base()
    data["table_buttons"] = {"menu": 12}
    assert profile_from_dict(data, FILE).table_buttons == (ButtonSpec("menu", 12),)
    data["table_buttons"] = {"mnu": 12}
    expect(
        data,
        "table_buttons.mnu",
        'unknown button role (did you mean "menu"?); allowed '
        "roles: ok, next, prev, back, peek, up, down, left, right, menu",
    )


def test_seat_without_buttons() -> None:
    data = base()
    del data["seats"][0]["buttons"]
    expect(data, "seats[0].buttons", "missing; every seat needs buttons ok, next, peek")


def test_duplicate_seat_names() -> None:
    data = base()
    data["seats"][1]["name"] = "seat1"
    expect(
        data,
        "seats[1].name",
        "seat name 'seat1' is already used by seats[0]; seat names must be unique",
    )


def test_unusable_seat_name() -> None:
    data = base()
    data["seats"][1]["name"] = "table"
    expect(
        data,
        "seats[1].name",
        "'table' is not a usable seat name; allowed: lower-case "
        "letters, digits, '-' and '_', starting with a letter, and not 'table' (the name of "
        "the shared parts)",
    )


def test_no_seats() -> None:
    data = base()
    data["seats"] = []
    expect(
        data,
        "seats",
        "expected at least one [[seats]] table; each seat has a name, buttons "
        "and optionally a screen and a reader",
    )


def test_timing_out_of_range() -> None:
    data = base()
    data["timing"] = {"hold": 9}
    expect(data, "timing.hold", "9 s is out of range; allowed: 0.2..5.0 s")


def test_timing_not_a_number() -> None:
    data = base()
    data["timing"] = {"debounce": "20ms"}
    expect(data, "timing.debounce", "expected a number of seconds, got '20ms'")


def test_unknown_timing_key_and_double_press_off() -> None:
    data = base()
    data["timing"] = {"debounce": 0.1, "hold": 0.2, "double_press": 0}
    assert profile_from_dict(data, FILE).timing == Timing(0.1, 0.2, 0.0, ("peek",))
    data["timing"]["double"] = 0.3
    expect(
        data,
        "timing.double",
        'unknown key (did you mean "double_press"?); allowed keys '
        "here: debounce, hold, double_press, double_press_roles",
    )
    del data["timing"]["double"]
    data["timing"]["double_press_roles"] = ["peek", "jump"]
    expect(
        data,
        "timing.double_press_roles",
        "must be a list of button roles (ok, next, prev, back, peek, up, down, left, right)",
    )


def test_simulated_must_be_a_boolean() -> None:
    data = base()
    data["simulated"] = "yes"
    expect(data, "simulated", "expected true or false, got 'yes'")


def test_seat_that_is_not_a_table() -> None:
    data = base()
    data["seats"].append("seat3")
    expect(data, "seats[2]", "expected a table, got 'seat3'")


def test_stable_serial_names_are_accepted() -> None:
    data = base()
    by_path = "/dev/serial/by-path/platform-fd500000.pcie-pci-0000:01:00.0-usb-0:1.2:1.0-port0"
    data["seats"][0]["reader"]["port"] = by_path
    data["seats"][1]["reader"]["port"] = "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0"
    assert [r.port for r in profile_from_dict(data, FILE).readers()] == [
        by_path,
        "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0",
    ]


def test_physical_pins_match_gpiozero_board_data() -> None:
    header = MockFactory().board_info.headers["J8"].pins
    expected = {
        int(pin.name[4:]): number for number, pin in header.items() if pin.name.startswith("GPIO")
    }
    assert PHYSICAL_PIN == expected
