"""Board profiles: read ``hw/*.toml`` into the values of :mod:`firmware_py.specs`, validated.

A profile is found by name among the profiles shipped in the ``hw`` package (``sim``,
``two-seat``, ``six-seat-mux``) or by path. Every problem raises
:class:`~firmware_py.errors.ProfileError` with the file, the field (``seats[2].buttons.ok``)
and a message that says what is wrong and what is allowed. The TOML format is described in
``docs/hardware.md`` ("Writing your own profile"). Field-level checks live here; checks across
fields (GPIO clashes, buses, screen addresses, serial ports) in
:mod:`firmware_py.profile_checks`.
"""

from __future__ import annotations

import difflib
import importlib.resources
import ipaddress
import logging
import os
import re
import tomllib
from collections.abc import Collection
from pathlib import Path
from types import MappingProxyType
from typing import Any

from firmware_py.errors import ProfileError
from firmware_py.profile_checks import check_profile, gpio_range
from firmware_py.specs import (
    BoardProfile,
    ButtonSpec,
    CompanionSpec,
    MuxSpec,
    ReaderSpec,
    ScreenSpec,
    SeatSpec,
    Timing,
)

log = logging.getLogger(__name__)

DEFAULT_PROFILE = "sim"
ROLES = ("ok", "next", "prev", "back", "peek", "up", "down", "left", "right")
REQUIRED_ROLES = ("ok", "next", "peek")
TABLE_ROLES = (*ROLES, "menu")
DRIVERS = ("ssd1306", "sh1106")
SIZES = MappingProxyType(
    {
        "ssd1306": ((128, 64), (128, 32), (96, 16), (64, 48), (64, 32)),
        "sh1106": ((128, 64), (128, 32), (128, 128)),
    }
)
I2C_ADDRESSES = (0x3C, 0x3D)
I2C_PORTS = (0, 1, 3, 4, 5, 6)
SPI_DEVICES = MappingProxyType({0: (0, 1), 1: (0, 1, 2)})
READER_KINDS = ("rdm6300", "pn532")
DEFAULT_BAUD = MappingProxyType({"rdm6300": 9600, "pn532": 115200})
BAUD_RATES = (9600, 19200, 38400, 57600, 115200)
TIMING_RANGES = MappingProxyType(
    {"debounce": (0.0, 0.1), "hold": (0.2, 5.0), "double_press": (0.0, 1.0)}
)

_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
_DEVICE_PATH = re.compile(r"/dev/[A-Za-z0-9._/:+-]+\Z")
_URL_SCHEMES = ("loop://", "socket://", "rfc2217://", "spy://", "alt://", "hwgrep://")
_REQUIRED = object()

_TOP_KEYS = (
    "name",
    "description",
    "simulated",
    "timing",
    "buzzer_gpio",
    "status_led_gpio",
    "seats",
    "public_screen",
    "director_screen",
    "table_buttons",
    "table_reader",
    "companion",
)
_SEAT_KEYS = ("name", "label", "buttons", "screen", "reader")
_SCREEN_KEYS = ("driver", "bus", "width", "height", "rotate")
_BUS_KEYS = MappingProxyType(
    {
        "i2c": ("i2c_port", "i2c_address", "mux"),
        "spi": ("spi_port", "spi_device", "gpio_dc", "gpio_rst"),
    }
)
_READER_KEYS = ("kind", "port", "baud")
_COMPANION_KEYS = ("enabled", "host", "port", "phone_seats", "phones_for")
COMPANION_PORTS = range(1024, 65536)  # no root needed
MAX_PHONE_SEATS = 12


def shipped_profiles() -> tuple[str, ...]:
    """Names of the profiles shipped in the ``hw`` package, sorted (examples excluded)."""
    names = (
        entry.name.removesuffix(".toml")
        for entry in importlib.resources.files("hw").iterdir()
        if entry.name.endswith(".toml")
    )
    return tuple(sorted(n for n in names if _NAME.match(n)))


def load_profile(profile: str | os.PathLike[str] = DEFAULT_PROFILE) -> BoardProfile:
    """Load a profile by shipped name (``"two-seat"``) or by path (``"./my-box.toml"``).

    A string containing ``/`` or ending in ``.toml`` (or any ``PathLike``) is a path.
    """
    text = os.fspath(profile)
    if isinstance(profile, os.PathLike) or "/" in text or text.endswith(".toml"):
        return parse_profile(_read(text), text)
    shipped = shipped_profiles()
    if text not in shipped:
        raise ProfileError(
            text,
            "name",
            f"no shipped board profile named {text!r}; shipped "
            f"profiles: {', '.join(shipped)}; or give the path of "
            "a .toml file",
        )
    resource = importlib.resources.files("hw").joinpath(f"{text}.toml")
    return parse_profile(resource.read_text(encoding="utf-8"), f"hw/{text}.toml")


MAX_PROFILE = 1024 * 1024  # bytes: many times the largest shipped profile


def _read(path: str) -> str:
    """The text of a profile file; ProfileError naming the file as given (and the line)."""
    try:
        with Path(path).open("rb") as stream:
            data = stream.read(MAX_PROFILE + 1)
    except IsADirectoryError:
        raise ProfileError(path, "file", "this is a folder; give a board profile "
                           "(.toml) or a shipped profile's name") from None
    except OSError as exc:
        raise ProfileError(path, "file",
                           f"cannot read the profile: {exc.strerror or exc}") from None
    if len(data) > MAX_PROFILE:  # a device such as /dev/zero is refused, not read whole
        raise ProfileError(path, "file", f"this file is larger than {MAX_PROFILE:,} bytes, "
                           "the most refbox reads; give a board profile (.toml)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ProfileError(path, f"line {line}", f"this is not a text file (byte "
                           f"0x{data[exc.start]:02X} is not UTF-8 text); give a board profile "
                           "(.toml), see docs/hardware.md") from None


def parse_profile(text: str, file: str) -> BoardProfile:
    """Parse and validate the TOML text of a profile; ``file`` is used in messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(file, "toml", f"not valid TOML ({exc}); see docs/hardware.md") from exc
    profile = profile_from_dict(data, file)
    log.debug("loaded board profile %s from %s", profile.name, file)
    return profile


def profile_from_dict(data: dict[str, Any], file: str) -> BoardProfile:
    """Validate already-parsed TOML data into a :class:`BoardProfile`."""
    top = _Table(data, "", file).allow(_TOP_KEYS)
    sim = top.boolean("simulated", False)
    top.text("description", "")
    seats_data = top.get("seats", [])
    if not isinstance(seats_data, list) or not seats_data:
        raise top.error(
            "seats",
            "expected at least one [[seats]] table; each seat has a name, "
            "buttons and optionally a screen and a reader",
        )
    table_buttons = top.table("table_buttons")
    profile = BoardProfile(
        name=top.text("name", Path(file).name.removesuffix(".toml")),
        file=file,
        simulated=sim,
        seats=tuple(
            _seat(_Table(raw, f"seats[{i}]", file), sim) for i, raw in enumerate(seats_data)
        ),
        public_screen=_screen(top.table("public_screen"), "public screen", sim),
        director_screen=_screen(top.table("director_screen"), "director screen", sim),
        table_buttons=_buttons(table_buttons, sim, TABLE_ROLES, ()) if table_buttons else (),
        table_reader=_reader(top.table("table_reader"), "table reader", sim),
        buzzer_gpio=top.gpio("buzzer_gpio", None, sim),
        status_led_gpio=top.gpio("status_led_gpio", None, sim),
        timing=_timing(top.table("timing")),
        companion=_companion(top.table("companion")),
    )
    check_profile(profile)
    return profile


def _seat(table: _Table, sim: bool) -> SeatSpec:
    table.allow(_SEAT_KEYS)
    name = table.text("name", _REQUIRED)
    if not _NAME.match(name) or name == "table":
        raise table.error(
            "name",
            f"{name!r} is not a usable seat name; allowed: lower-case "
            "letters, digits, '-' and '_', starting with a letter, "
            "and not 'table' (the name of the shared parts)",
        )
    buttons = table.table("buttons")
    if buttons is None:
        raise table.error(
            "buttons", f"missing; every seat needs buttons {', '.join(REQUIRED_ROLES)}"
        )
    return SeatSpec(
        name=name,
        label=table.text("label", name),
        buttons=_buttons(buttons, sim, ROLES, REQUIRED_ROLES),
        screen=_screen(table.table("screen"), f"{name} screen", sim),
        reader=_reader(table.table("reader"), f"{name} reader", sim),
    )


def _buttons(
    table: _Table, sim: bool, roles: tuple[str, ...], required: tuple[str, ...]
) -> tuple[ButtonSpec, ...]:
    table.allow(roles, noun="button role", plural="roles")
    missing = [role for role in required if role not in table.data]
    if missing:
        raise ProfileError(
            table.file,
            table.path,
            f"missing required role(s) {', '.join(missing)}; every seat needs "
            f"{', '.join(required[:-1])} and {required[-1]}; allowed roles: "
            f"{', '.join(roles)}",
        )
    found = []
    for role, value in table.data.items():
        if isinstance(value, dict):
            sub = _Table(value, table.field(role), table.file).allow(("gpio", "pull_up"))
            found.append(
                ButtonSpec(role, sub.gpio("gpio", _REQUIRED, sim), sub.boolean("pull_up", True))
            )
        else:
            found.append(ButtonSpec(role, table.gpio(role, _REQUIRED, sim)))
    return tuple(found)


def _screen(table: _Table | None, name: str, sim: bool) -> ScreenSpec | None:
    if table is None:
        return None
    table.allow((*_SCREEN_KEYS, *_BUS_KEYS["i2c"], *_BUS_KEYS["spi"]))
    driver = table.choice("driver", _REQUIRED, DRIVERS)
    bus = table.choice("bus", "i2c", tuple(_BUS_KEYS))
    for key in table.data:
        if key not in (*_SCREEN_KEYS, *_BUS_KEYS[bus]):
            other = "spi" if bus == "i2c" else "i2c"
            raise table.error(
                key,
                f'only used by bus = "{other}" screens; allowed keys for '
                f'bus = "{bus}": {", ".join((*_SCREEN_KEYS, *_BUS_KEYS[bus]))}',
            )
    width = table.integer("width", 128, range(1, 257), "a panel width such as 128")
    height = table.integer("height", 64, range(1, 257), "a panel height such as 64")
    if (width, height) not in SIZES[driver]:
        sizes = ", ".join(f"{w}x{h}" for w, h in SIZES[driver])
        raise table.error("width", f"{width}x{height} is not a {driver} size; allowed: {sizes}")
    rotate = table.integer("rotate", 0, range(4), "0..3 (quarter turns)")
    common: dict[str, Any] = dict(
        name=name, driver=driver, bus=bus, width=width, height=height, rotate=rotate
    )
    if bus == "spi":
        port = table.integer("spi_port", 0, tuple(SPI_DEVICES), "0 or 1")
        devices = SPI_DEVICES[port]
        return ScreenSpec(
            **common,
            spi_port=port,
            spi_device=table.integer(
                "spi_device", 0, devices, f"{', '.join(map(str, devices))} on SPI{port}"
            ),
            gpio_dc=table.gpio("gpio_dc", _REQUIRED, sim),
            gpio_rst=table.gpio("gpio_rst", None, sim),
        )
    mux = table.table("mux")
    return ScreenSpec(
        **common,
        i2c_port=table.integer("i2c_port", 1, I2C_PORTS, "1 (or 0, 3, 4, 5, 6 with a dtoverlay)"),
        i2c_address=table.integer(
            "i2c_address",
            0x3C,
            I2C_ADDRESSES,
            "0x3C or 0x3D (the module's address jumper)",
            hexa=True,
        ),
        mux=_mux(mux) if mux is not None else None,
    )


def _mux(table: _Table) -> MuxSpec:
    table.allow(("address", "channel"))
    return MuxSpec(
        address=table.integer(
            "address",
            _REQUIRED,
            range(0x70, 0x78),
            "0x70..0x77 (TCA9548A, set by A0..A2)",
            hexa=True,
        ),
        channel=table.integer("channel", _REQUIRED, range(8), "0..7"),
    )


def _reader(table: _Table | None, name: str, sim: bool) -> ReaderSpec | None:
    if table is None:
        return None
    table.allow(_READER_KEYS)
    kind = table.choice("kind", _REQUIRED, READER_KINDS)
    if "port" not in table.data:
        raise table.error("port", "missing; give the reader's serial port, e.g. /dev/ttyUSB0")
    port = table.text("port", _REQUIRED)
    if not (_DEVICE_PATH.match(port) or port.startswith(_URL_SCHEMES) or (sim and port == "pty")):
        raise table.error(
            "port",
            f"{port!r} is not a serial port refbox can open; allowed: a "
            "device path such as /dev/ttyUSB0, /dev/ttyAMA0 or "
            "/dev/serial0, a pyserial URL (socket://, rfc2217://, "
            'loop://), or "pty" in a simulated profile',
        )
    baud = table.integer("baud", DEFAULT_BAUD[kind], BAUD_RATES, ", ".join(map(str, BAUD_RATES)))
    return ReaderSpec(name=name, kind=kind, port=port, baud=baud)


def _timing(table: _Table | None) -> Timing:
    if table is None:
        return Timing()
    table.allow((*TIMING_RANGES, "double_press_roles"))
    defaults = Timing()
    values: dict[str, Any] = {
        key: table.seconds(key, getattr(defaults, key), lo, hi)
        for key, (lo, hi) in TIMING_RANGES.items()
    }
    roles = table.get("double_press_roles", list(defaults.double_press_roles))
    if not isinstance(roles, list) or any(r not in ROLES for r in roles):
        raise table.error(
            "double_press_roles", f"must be a list of button roles ({', '.join(ROLES)})"
        )
    values["double_press_roles"] = tuple(roles)
    return Timing(**values)


def _companion(table: _Table | None) -> CompanionSpec:
    """The ``[companion]`` table (phones as seat screens); the seat names it gives are
    checked against the seats by :func:`check_profile`."""
    if table is None:
        return CompanionSpec()
    table.allow(_COMPANION_KEYS)
    host = table.text("host", "lan")
    if host != "lan":
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            raise table.error("host", f"{host!r} is not an address; allowed: \"lan\" (this "
                              "machine's LAN address) or an IP address such as "
                              "192.168.1.20 or 127.0.0.1") from None
        if address.is_unspecified:
            raise table.error("host", f"{host} would let every network reach the phones' "
                              "pages; allowed: \"lan\" or one address of this machine")
    phones_for = table.get("phones_for", [])
    if not isinstance(phones_for, list) or not all(isinstance(n, str) for n in phones_for):
        raise table.error("phones_for", f"expected a list of seat names such as [\"seat1\"], "
                          f"got {_show(phones_for)}")
    return CompanionSpec(
        enabled=table.boolean("enabled", False),
        host=host,
        port=table.integer("port", 8032, COMPANION_PORTS, "1024..65535"),
        phone_seats=table.integer("phone_seats", 0, range(MAX_PHONE_SEATS + 1),
                                  f"0..{MAX_PHONE_SEATS}"),
        phones_for=tuple(phones_for),
    )


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


class _Table:
    """One TOML table and its field path, handing out checked values."""

    def __init__(self, data: object, path: str, file: str) -> None:
        if not isinstance(data, dict):
            raise ProfileError(file, path or "(top level)", f"expected a table, got {_show(data)}")
        self.data: dict[str, Any] = data
        self.path = path
        self.file = file

    def field(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, message: str) -> ProfileError:
        return ProfileError(self.file, self.field(key), message)

    def allow(
        self, allowed: tuple[str, ...], where: str = "here", noun: str = "key", plural: str = ""
    ) -> _Table:
        for key in self.data:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f' (did you mean "{close[0]}"?)' if close else ""
                what = plural or f"{noun}s {where}"
                raise self.error(key, f"unknown {noun}{hint}; allowed {what}: {', '.join(allowed)}")
        return self

    def get(self, key: str, default: Any) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _REQUIRED:
            raise self.error(key, "missing; this field is required")
        return default

    def table(self, key: str) -> _Table | None:
        return _Table(self.data[key], self.field(key), self.file) if key in self.data else None

    def text(self, key: str, default: Any) -> Any:
        value = self.get(key, default)
        if key in self.data and (not isinstance(value, str) or not value.strip()):
            raise self.error(key, f"expected a non-empty string, got {_show(value)}")
        return value

    def choice(self, key: str, default: Any, allowed: tuple[str, ...]) -> Any:
        value = self.get(key, default)
        if value not in allowed:
            raise self.error(key, f"unknown value {_show(value)}; allowed: {', '.join(allowed)}")
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {_show(value)}")
        return value

    def integer(
        self, key: str, default: Any, allowed: Collection[int], hint: str, hexa: bool = False
    ) -> Any:
        value = self.get(key, default)
        if key not in self.data:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"expected an integer, got {_show(value)}; allowed: {hint}")
        if value not in allowed:
            shown = f"0x{value:02X}" if hexa else str(value)
            raise self.error(key, f"{shown} is out of range; allowed: {hint}")
        return value

    def gpio(self, key: str, default: Any, sim: bool) -> Any:
        value = self.get(key, default)
        if key not in self.data:
            return value
        gpios = gpio_range(sim)
        board = "the simulated board" if sim else "the 40-pin header; 0 and 1 are the HAT EEPROM's"
        hint = f"BCM GPIO {gpios.start}..{gpios.stop - 1} ({board})"
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"expected a GPIO number, got {_show(value)}; allowed: {hint}")
        if value not in gpios:
            raise self.error(key, f"GPIO {value} is out of range; allowed: {hint}")
        return value

    def seconds(self, key: str, default: float, lo: float, hi: float) -> float:
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(key, f"expected a number of seconds, got {_show(value)}")
        if not lo <= value <= hi:
            raise self.error(key, f"{value} s is out of range; allowed: {lo}..{hi} s")
        return float(value)
