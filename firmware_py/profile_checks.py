"""Checks across the fields of a board profile: GPIO clashes, buses, screen addresses, ports.

:func:`check_profile` runs after :mod:`firmware_py.profile` has checked every field on its
own. Each message names the TOML field (``seats[2].buttons.ok``) that loses the clash, the
field it clashes with, and what is allowed instead.

Screens that share an I2C port and an address (the reasoning behind :func:`_check_i2c`):
a TCA9548A connects the selected channel to the upstream bus, so a device *outside* the mux
is on the bus whatever channel is selected. Hence, on one port and one address:

* two screens without a mux always clash;
* a screen without a mux clashes with every muxed screen at that address, whatever its
  channel (when the muxed screen is addressed, both answer);
* two screens behind the same mux clash only on the same channel;
* screens behind two different muxes (0x70 and 0x71) may share an address and channel
  number, provided the screen driver deselects one mux before selecting the other.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from firmware_py.errors import ProfileError
from firmware_py.specs import BoardProfile, ScreenSpec

PI_GPIOS = range(2, 28)  # BCM GPIOs on the 40-pin header; 0 and 1 belong to the HAT EEPROM
SIM_GPIOS = range(2, 46)  # the simulated board is a mock Compute Module 3 (GPIO 0..45)

# BCM GPIO -> pin number on the 40-pin header (the same on every 40-pin Pi)
PHYSICAL_PIN = MappingProxyType({
    0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32,
    13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16,
    24: 18, 25: 22, 26: 37, 27: 13,
})  # fmt: skip
I2C_PINS = MappingProxyType({1: (2, 3), 0: (0, 1), 3: (4, 5), 4: (6, 7), 5: (12, 13), 6: (22, 23)})
SERIAL0_PORTS = ("/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0")
SERIAL0_PINS = (14, 15)
SPI_PINS = MappingProxyType({0: (7, 8, 9, 10, 11), 1: (16, 17, 18, 19, 20, 21)})
_SHARED_PORTS = ("pty", "loop://")


def gpio_range(simulated: bool) -> range:
    """The BCM GPIO numbers a profile may use."""
    return SIM_GPIOS if simulated else PI_GPIOS


def check_profile(profile: BoardProfile) -> None:
    """Raise :class:`ProfileError` for the first clash between fields of ``profile``."""
    _check_seat_names(profile)
    _check_gpios(profile)
    _check_i2c(profile)
    _check_spi(profile)
    _check_reader_ports(profile)
    _check_companion(profile)


def screen_fields(profile: BoardProfile) -> Iterator[tuple[str, ScreenSpec]]:
    """Every screen with the TOML field it came from."""
    for i, seat in enumerate(profile.seats):
        if seat.screen is not None:
            yield f"seats[{i}].screen", seat.screen
    for field in ("public_screen", "director_screen"):
        screen = getattr(profile, field)
        if screen is not None:
            yield field, screen


def gpio_uses(profile: BoardProfile) -> Iterator[tuple[str, int]]:
    """Every GPIO the profile uses, with its field, in document order."""
    for field in ("buzzer_gpio", "status_led_gpio"):
        gpio = getattr(profile, field)
        if gpio is not None:
            yield field, gpio
    for button in profile.table_buttons:
        yield f"table_buttons.{button.role}", button.gpio
    for i, seat in enumerate(profile.seats):
        for button in seat.buttons:
            yield f"seats[{i}].buttons.{button.role}", button.gpio
    for field, screen in screen_fields(profile):
        for key in ("gpio_dc", "gpio_rst"):
            gpio = getattr(screen, key)
            if screen.bus == "spi" and gpio is not None:
                yield f"{field}.{key}", gpio


def reserved_gpios(profile: BoardProfile) -> dict[int, str]:
    """GPIOs taken by the buses the profile enables, each with the reason."""
    reserved: dict[int, str] = {}
    for _, screen in screen_fields(profile):
        if screen.bus == "i2c":
            for gpio, line in zip(I2C_PINS[screen.i2c_port], ("SDA", "SCL"), strict=True):
                reserved[gpio] = (
                    f"I2C-{screen.i2c_port} {line} (a screen is on i2c-{screen.i2c_port})"
                )
        else:
            for gpio in SPI_PINS[screen.spi_port]:
                reserved[gpio] = f"SPI{screen.spi_port} (a screen is on spi{screen.spi_port})"
    for reader in profile.readers():
        if reader.port in SERIAL0_PORTS:
            for gpio, line in zip(SERIAL0_PINS, ("TXD", "RXD"), strict=True):
                reserved[gpio] = f"serial0 {line} ({reader.name} is on {reader.port})"
    return reserved


def _check_seat_names(profile: BoardProfile) -> None:
    first: dict[str, int] = {}
    for i, seat in enumerate(profile.seats):
        if seat.name in first:
            raise ProfileError(
                profile.file,
                f"seats[{i}].name",
                f"seat name {seat.name!r} is already used by seats[{first[seat.name]}]"
                "; seat names must be unique",
            )
        first[seat.name] = i


def _check_gpios(profile: BoardProfile) -> None:
    reserved = reserved_gpios(profile)
    taken = ", ".join(str(g) for g in sorted(reserved))
    first: dict[int, str] = {}
    for field, gpio in gpio_uses(profile):
        if gpio in first:
            raise ProfileError(
                profile.file,
                field,
                f"GPIO {gpio} is already used by {first[gpio]}; each GPIO may be used once",
            )
        if gpio in reserved:
            raise ProfileError(
                profile.file,
                field,
                f"GPIO {gpio} is reserved for {reserved[gpio]}; use a GPIO that no "
                f"enabled bus needs (reserved in this profile: {taken})",
            )
        first[gpio] = field


def _check_i2c(profile: BoardProfile) -> None:
    seen: dict[tuple[int, int], list[tuple[str, ScreenSpec]]] = {}
    for field, screen in screen_fields(profile):
        if screen.bus != "i2c":
            continue
        key = (screen.i2c_port, screen.i2c_address)
        for other_field, other in seen.get(key, []):
            message = _i2c_clash(screen, other, other_field)
            if message is not None:
                raise ProfileError(profile.file, field, message)
        seen.setdefault(key, []).append((field, screen))


def _i2c_clash(screen: ScreenSpec, other: ScreenSpec, other_field: str) -> str | None:
    at = f"0x{screen.i2c_address:02X} on i2c-{screen.i2c_port}"
    if screen.mux is None and other.mux is None:
        return (
            f"address {at} is already used by {other_field}; screens on one bus need "
            "different addresses (0x3C, 0x3D) or different TCA9548A channels"
        )
    if screen.mux is None or other.mux is None:
        return (
            f"address {at} clashes with {other_field}: a screen outside the TCA9548A is "
            "on the bus whatever channel is selected; put both screens behind the mux or "
            "give one the other address (0x3C, 0x3D)"
        )
    if screen.mux == other.mux:
        return (
            f"channel {screen.mux.channel} of the mux at 0x{screen.mux.address:02X} already "
            f"has a screen at {at} ({other_field}); allowed: a free channel 0..7 or the "
            "other address (0x3C, 0x3D)"
        )
    return None


def _check_spi(profile: BoardProfile) -> None:
    first: dict[tuple[int, int], str] = {}
    for field, screen in screen_fields(profile):
        if screen.bus != "spi":
            continue
        key = (screen.spi_port, screen.spi_device)
        if key in first:
            raise ProfileError(
                profile.file,
                f"{field}.spi_device",
                f"{screen.path} is already used by {first[key]}; each SPI screen "
                "needs its own chip select (spi_device)",
            )
        first[key] = field


def _check_reader_ports(profile: BoardProfile) -> None:
    fields = [f"seats[{i}].reader" for i, s in enumerate(profile.seats) if s.reader is not None]
    fields += ["table_reader"] if profile.table_reader is not None else []
    first: dict[str, str] = {}
    for field, reader in zip(fields, profile.readers(), strict=True):
        if reader.port in first and reader.port not in _SHARED_PORTS:
            raise ProfileError(
                profile.file,
                f"{field}.port",
                f"{reader.port} is already used by {first[reader.port]}; each "
                "reader needs its own serial port",
            )
        first.setdefault(reader.port, field)


def _check_companion(profile: BoardProfile) -> None:
    """``companion.phones_for`` names hardware seats, once each; the phone seats' names
    ("phone1"..) are free."""
    names = [seat.name for seat in profile.seats]
    seen: set[str] = set()
    for i, name in enumerate(profile.companion.phones_for):
        if name not in names:
            raise ProfileError(profile.file, f"companion.phones_for[{i}]",
                               f"there is no seat {name!r}; allowed: the seats of this "
                               f"profile ({', '.join(names)})")
        if name in seen:
            raise ProfileError(profile.file, f"companion.phones_for[{i}]",
                               f"seat {name!r} is listed twice; list each seat once")
        seen.add(name)
    for number in range(1, profile.companion.phone_seats + 1):
        if f"phone{number}" in names:
            raise ProfileError(profile.file, "companion.phone_seats",
                               f"phone seat {number} is named \"phone{number}\", the name of "
                               f"seats[{names.index(f'phone{number}')}]; rename that seat")
