"""What to wire where, computed from a board profile: the data behind ``refbox wiring``.

:func:`wiring_plan` turns a :class:`~firmware_py.specs.BoardProfile` into a
:class:`WiringPlan`: what each pin of the Pi's 40-pin header carries, and for each seat and for
the shared parts a card of wires ("ok button: GPIO17 (pin 11) and GND (pin 9)"). The picture
(:mod:`firmware_py.wiring_draw`), the text output and the wiring tables of
``docs/hardware.md`` are all made from it, so they cannot drift from the profile.

A simulated profile is a mock Compute Module 3 with GPIOs beyond the header: its plan has no
header pins, only the mock GPIOs, and nothing in it needs a wire.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from firmware_py.profile_checks import I2C_PINS, PHYSICAL_PIN, SERIAL0_PINS, SERIAL0_PORTS
from firmware_py.specs import BoardProfile, ButtonSpec, ReaderSpec, ScreenSpec


class Wire(Enum):
    """The kinds of wire, each drawn in its own colour."""

    POWER_3V3 = "3V3 power"
    POWER_5V = "5V power"
    GROUND = "ground"
    BUTTON = "button"
    I2C = "I2C (SDA, SCL)"
    SPI = "SPI and screen DC/RES"
    UART = "serial (reader)"
    BUZZER = "buzzer"
    LED = "status LED"
    RESERVED = "reserved, keep free"


GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
POWER_PINS = {1: Wire.POWER_3V3, 17: Wire.POWER_3V3, 2: Wire.POWER_5V, 4: Wire.POWER_5V}
EEPROM_PINS = {27: "ID_SD", 28: "ID_SC"}  # GPIO0 / GPIO1, the HAT EEPROM's
SPI_LINES = {
    0: {"SCLK": 11, "MOSI": 10, "MISO": 9, "CE0": 8, "CE1": 7},
    1: {"SCLK": 21, "MOSI": 20, "MISO": 19, "CE0": 18, "CE1": 17, "CE2": 16},
}
VCC_I2C, VCC_SPI, VCC_5V = 1, 17, 4  # which power pin each kind of part is drawn on


@dataclass(frozen=True)
class Segment:
    """A piece of a card line; ``wire`` set means it is one wire, drawn in that colour."""

    text: str
    wire: Wire | None = None


@dataclass(frozen=True)
class Card:
    """The wires of one seat, of the shared parts, or of a multiplexer."""

    title: str
    lines: tuple[tuple[Segment, ...], ...]


@dataclass(frozen=True)
class PinUse:
    """What one header pin (or, on a simulated board, one mock GPIO) carries."""

    pin: int | None  # physical pin 1..40; None for a mock GPIO off the header
    name: str  # "GPIO17", "3V3", "5V", "GND", "GPIO2 SDA1"
    gpio: int | None
    wire: Wire | None  # None: unused
    uses: tuple[str, ...]  # "Seat 1 ok button", ...


@dataclass(frozen=True)
class WiringPlan:
    profile: str
    file: str
    simulated: bool
    pins: tuple[PinUse, ...]  # 40 header pins in order; or the used mock GPIOs when simulated
    cards: tuple[Card, ...]
    rows: tuple[tuple[str, str, int], ...]  # (seat or "table", part, GPIO) for the doc tables
    notes: tuple[str, ...]

    def pin(self, number: int) -> PinUse:
        return next(p for p in self.pins if p.pin == number)

    def free_gpios(self) -> tuple[int, ...]:
        """GPIOs of the header that nothing uses (EEPROM pins excluded)."""
        return tuple(sorted(p.gpio for p in self.pins if p.gpio is not None and p.wire is None))


def nearest_ground(pin: int) -> int:
    """The ground pin closest to ``pin`` on the header (the shorter wire)."""
    row, col = divmod(pin - 1, 2)
    return min(GROUND_PINS, key=lambda g: (abs((g - 1) // 2 - row), abs((g - 1) % 2 - col), g))


def _title(owner: str, seat: str) -> str:
    """How a part is named on its card: "screen" on a seat's card, "Public screen" on the
    card of the shared parts."""
    return f"{owner} " if seat == "table" else ""


class _Builder:
    """Collects pin uses and card lines while walking the profile once."""

    def __init__(self, profile: BoardProfile) -> None:
        self.profile = profile
        self.sim = profile.simulated
        self.gpio_uses: dict[int, tuple[Wire, list[str]]] = {}
        self.power_uses: dict[int, list[str]] = {}
        self.gpio_names: dict[int, str] = {}
        self.reserved: dict[int, tuple[Wire, str]] = {}  # bus lines nothing is wired to
        self.rows: list[tuple[str, str, int]] = []

    def at(self, gpio: int) -> str:
        """Where a GPIO is: ``GPIO17 (pin 11)`` on a Pi, ``GPIO40`` on a mock board."""
        name = f"GPIO{gpio}"
        return name if self.sim else f"{name} (pin {PHYSICAL_PIN[gpio]})"

    def power(self, pin: int, user: str) -> str:
        wire = POWER_PINS[pin]
        label = "3V3" if wire is Wire.POWER_3V3 else "5V"
        if self.sim:
            return label
        self.power_uses.setdefault(pin, [])
        if user not in self.power_uses[pin]:
            self.power_uses[pin].append(user)
        return f"{label} (pin {pin})"

    def ground(self, gpio: int | None = None, near: int = VCC_I2C) -> str:
        if self.sim:
            return "GND"
        pin = PHYSICAL_PIN[gpio] if gpio is not None else near
        return f"GND (pin {nearest_ground(pin)})"

    def reserve(self, gpio: int, wire: Wire, why: str, name: str) -> None:
        """A line an enabled bus takes even if no part of the profile is wired to it."""
        self.reserved[gpio] = (wire, why)
        self.gpio_names[gpio] = name

    def use(self, gpio: int, wire: Wire, what: str, name: str | None = None) -> None:
        entry = self.gpio_uses.setdefault(gpio, (wire, []))
        if what not in entry[1]:
            entry[1].append(what)
        if name is not None:
            self.gpio_names[gpio] = name

    def button(self, owner: str, seat: str, button: ButtonSpec) -> tuple[Segment, ...]:
        part = f"{button.role} button"
        self.use(button.gpio, Wire.BUTTON, f"{owner} {part}")
        self.rows.append((seat, part, button.gpio))
        if button.pull_up:
            return (
                Segment(f"{part}:"),
                Segment(self.at(button.gpio), Wire.BUTTON),
                Segment(self.ground(button.gpio), Wire.GROUND),
            )
        return (  # pull_up = false: gpiozero turns the Pi's pull-down on; a press pulls high
            Segment(f"{part} (pull-down):"),
            Segment(self.at(button.gpio), Wire.BUTTON),
            Segment(self.power(VCC_I2C, "pull-down buttons"), Wire.POWER_3V3),
        )

    def screen(self, screen: ScreenSpec, owner: str, seat: str) -> list[tuple[Segment, ...]]:
        size = f"{screen.driver.upper()} {screen.width}x{screen.height}"
        if screen.bus == "spi":
            return self._spi_screen(screen, size, owner, seat)
        sda, scl = I2C_PINS[screen.i2c_port]
        bus = f"I2C-{screen.i2c_port}"
        vcc = self.power(VCC_I2C, "screens' VCC")
        power = (
            Segment(f"VCC -> {vcc}", Wire.POWER_3V3),
            Segment(f"GND -> {self.ground()}", Wire.GROUND),
        )
        if screen.mux is not None:
            head = (
                f"{_title(owner, seat)}screen: {size} at 0x{screen.i2c_address:02X}, "
                f"TCA9548A 0x{screen.mux.address:02X} channel {screen.mux.channel}"
            )
            ch = screen.mux.channel
            return [
                (Segment(head),),
                (*power, Segment(f"SDA -> SD{ch}", Wire.I2C), Segment(f"SCL -> SC{ch}", Wire.I2C)),
            ]
        self.use(sda, Wire.I2C, "screens' SDA", f"GPIO{sda} SDA{screen.i2c_port}")
        self.use(scl, Wire.I2C, "screens' SCL", f"GPIO{scl} SCL{screen.i2c_port}")
        return [
            (
                Segment(
                    f"{_title(owner, seat)}screen: {size} on {bus} at 0x{screen.i2c_address:02X}"
                ),
            ),
            (
                *power,
                Segment(f"SDA -> {self.at(sda)}", Wire.I2C),
                Segment(f"SCL -> {self.at(scl)}", Wire.I2C),
            ),
        ]

    def _spi_screen(
        self, screen: ScreenSpec, size: str, owner: str, seat: str
    ) -> list[tuple[Segment, ...]]:
        port, device = screen.spi_port, screen.spi_device
        lines = SPI_LINES[port]
        for line, gpio in lines.items():
            self.reserve(gpio, Wire.SPI, f"reserved (SPI{port})", f"GPIO{gpio} {line}")
        chip_select = f"CE{device}"
        segments = [
            Segment(f"VCC -> {self.power(VCC_SPI, owner + ' screen VCC')}", Wire.POWER_3V3),
            Segment(f"GND -> {self.ground(near=VCC_SPI)}", Wire.GROUND),
        ]
        for pin_name, line in (("D0", "SCLK"), ("D1", "MOSI"), ("CS", chip_select)):
            gpio = lines[line]
            self.use(gpio, Wire.SPI, f"{owner} screen {pin_name}")
            segments.append(Segment(f"{pin_name} -> {self.at(gpio)}", Wire.SPI))
        part = "screen" if seat != "table" else f"{owner.lower()} screen"
        for pin_name, gpio in (("DC", screen.gpio_dc), ("RES", screen.gpio_rst)):
            if gpio is None:
                segments.append(Segment(f"{pin_name} -> 3V3 (not driven)", Wire.POWER_3V3))
                continue
            self.use(gpio, Wire.SPI, f"{owner} screen {pin_name}")
            self.rows.append((seat, f"{part} {pin_name}", gpio))
            segments.append(Segment(f"{pin_name} -> {self.at(gpio)}", Wire.SPI))
        head = f"{_title(owner, seat)}screen: {size} on SPI{port}, chip select {chip_select}"
        return [(Segment(head),), tuple(segments)]

    def reader(self, reader: ReaderSpec, owner: str, seat: str) -> list[tuple[Segment, ...]]:
        kind = reader.kind.upper()
        title = f"{_title(owner, seat)}reader"
        if reader.port == "pty":
            return [(Segment(f"{title}: {kind}, virtual (type tag ids in the simulator)"),)]
        if not reader.port.startswith("/dev/"):
            return [(Segment(f"{title}: {kind} at {reader.port} (no wires to the Pi)"),)]
        if reader.port in SERIAL0_PORTS:
            return self._uart_reader(reader, owner, title)
        head = f"{title}: {kind} on a USB-serial adapter, {reader.port}"
        if reader.kind == "rdm6300":
            return [
                (Segment(head + " (adapter set to 5 V)"),),
                (
                    Segment("+5V -> adapter 5V", Wire.POWER_5V),
                    Segment("GND -> adapter GND", Wire.GROUND),
                    Segment("TX -> adapter RX", Wire.UART),
                ),
            ]
        return [
            (Segment(head + " (mode switches OFF OFF)"),),
            (
                Segment("VCC -> adapter VCC", Wire.POWER_5V),
                Segment("GND -> adapter GND", Wire.GROUND),
                Segment("TXD -> adapter RX", Wire.UART),
                Segment("RXD -> adapter TX", Wire.UART),
            ),
        ]

    def _uart_reader(self, reader: ReaderSpec, owner: str, title: str) -> list[tuple[Segment, ...]]:
        kind = reader.kind.upper()
        txd, rxd = SERIAL0_PINS
        self.reserve(txd, Wire.UART, "reserved (serial0)", f"GPIO{txd} TXD")
        self.reserve(rxd, Wire.UART, "reserved (serial0)", f"GPIO{rxd} RXD")
        self.use(rxd, Wire.UART, f"{owner} reader TX")
        head = f"{title}: {kind} on the Pi's UART, {reader.port}"
        if reader.kind == "rdm6300":
            return [
                (Segment(head),),
                (
                    Segment(f"+5V -> {self.power(VCC_5V, 'RDM6300 +5V')}", Wire.POWER_5V),
                    Segment(f"GND -> {self.ground(rxd)}", Wire.GROUND),
                    Segment(f"TX -> 1k/2k divider -> {self.at(rxd)}", Wire.UART),
                ),
            ]
        self.use(txd, Wire.UART, f"{owner} reader RXD")
        return [
            (Segment(head + " (mode switches OFF OFF)"),),
            (
                Segment(f"VCC -> {self.power(VCC_I2C, 'PN532 VCC')}", Wire.POWER_3V3),
                Segment(f"GND -> {self.ground(rxd)}", Wire.GROUND),
                Segment(f"TXD -> {self.at(rxd)}", Wire.UART),
                Segment(f"RXD -> {self.at(txd)}", Wire.UART),
            ),
        ]

    def mux_cards(self) -> list[Card]:
        """One card per TCA9548A: its own wires, then which screen is on which channel."""
        muxes: dict[tuple[int, int], dict[int, str]] = {}
        for owner, screen in self.named_screens():
            if screen.bus == "i2c" and screen.mux is not None:
                channels = muxes.setdefault((screen.i2c_port, screen.mux.address), {})
                channels[screen.mux.channel] = f"{owner} screen (0x{screen.i2c_address:02X})"
        cards = []
        for (port, address), channels in sorted(muxes.items()):
            sda, scl = I2C_PINS[port]
            name = f"TCA9548A 0x{address:02X}"
            self.use(sda, Wire.I2C, f"{name} SDA", f"GPIO{sda} SDA{port}")
            self.use(scl, Wire.I2C, f"{name} SCL", f"GPIO{scl} SCL{port}")
            straps = [
                Segment(f"A{bit} -> 3V3", Wire.POWER_3V3)
                if (address - 0x70) >> bit & 1
                else Segment(f"A{bit} -> GND", Wire.GROUND)
                for bit in range(3)
            ]
            lines: list[tuple[Segment, ...]] = [
                (
                    Segment(f"VIN -> {self.power(VCC_I2C, f'{name} VIN')}", Wire.POWER_3V3),
                    Segment(f"GND -> {self.ground()}", Wire.GROUND),
                    Segment(f"SDA -> {self.at(sda)}", Wire.I2C),
                    Segment(f"SCL -> {self.at(scl)}", Wire.I2C),
                ),
                (Segment(f"address 0x{address:02X}:"), *straps),
            ]
            for channel in range(8):
                label = Segment(f"channel {channel}:")
                if channel in channels:
                    wire = f"SD{channel} / SC{channel} -> {channels[channel]}"
                    lines.append((label, Segment(wire, Wire.I2C)))
                else:
                    lines.append((Segment(f"channel {channel}: free"),))
            cards.append(Card(f"{name} I2C multiplexer on I2C-{port}", tuple(lines)))
        return cards

    def named_screens(self) -> list[tuple[str, ScreenSpec]]:
        found = [(s.label, s.screen) for s in self.profile.seats if s.screen is not None]
        for owner, screen in (
            ("Public", self.profile.public_screen),
            ("Director", self.profile.director_screen),
        ):
            if screen is not None:
                found.append((owner, screen))
        return found

    def seat_card(self, index: int) -> Card:
        seat = self.profile.seats[index]
        lines = [self.button(seat.label, seat.name, b) for b in seat.buttons]
        if seat.screen is not None:
            lines += self.screen(seat.screen, seat.label, seat.name)
        if seat.reader is not None:
            lines += self.reader(seat.reader, seat.label, seat.name)
        return Card(seat.label, tuple(lines))

    def table_card(self) -> Card | None:
        profile = self.profile
        lines = [self.button("Table", "table", b) for b in profile.table_buttons]
        if profile.buzzer_gpio is not None:
            gpio = profile.buzzer_gpio
            self.use(gpio, Wire.BUZZER, "buzzer +")
            self.rows.append(("table", "buzzer", gpio))
            lines.append(
                (
                    Segment("passive buzzer:"),
                    Segment(f"+ leg -> {self.at(gpio)}", Wire.BUZZER),
                    Segment(f"- leg -> {self.ground(gpio)}", Wire.GROUND),
                )
            )
        if profile.status_led_gpio is not None:
            gpio = profile.status_led_gpio
            self.use(gpio, Wire.LED, "status LED (330 Ohm)")
            self.rows.append(("table", "status LED", gpio))
            lines.append(
                (
                    Segment("status LED:"),
                    Segment(f"{self.at(gpio)} -> 330 Ohm -> long leg", Wire.LED),
                    Segment(f"short leg -> {self.ground(gpio)}", Wire.GROUND),
                )
            )
        for owner, screen in (
            ("Public", profile.public_screen),
            ("Director", profile.director_screen),
        ):
            if screen is not None:
                lines += self.screen(screen, owner, "table")
        if profile.table_reader is not None:
            lines += self.reader(profile.table_reader, "Table", "table")
        return Card("Shared parts", tuple(lines)) if lines else None

    def gpio_pin(self, pin: int | None, gpio: int) -> PinUse:
        name = self.gpio_names.get(gpio, f"GPIO{gpio}")
        if gpio in self.gpio_uses:
            wire, uses = self.gpio_uses[gpio]
            return PinUse(pin, name, gpio, wire, tuple(uses))
        if gpio in self.reserved:
            wire, why = self.reserved[gpio]
            return PinUse(pin, name, gpio, wire, (why,))
        return PinUse(pin, name, gpio, None, ())

    def pins(self) -> tuple[PinUse, ...]:
        if self.sim:
            gpios = sorted({*self.gpio_uses, *self.reserved})
            return tuple(self.gpio_pin(None, gpio) for gpio in gpios)
        by_pin = {pin: gpio for gpio, pin in PHYSICAL_PIN.items()}
        found = []
        for pin in range(1, 41):
            if pin in POWER_PINS:
                wire = POWER_PINS[pin]
                name = "3V3" if wire is Wire.POWER_3V3 else "5V"
                uses = tuple(self.power_uses.get(pin, ()))
                found.append(PinUse(pin, name, None, wire if uses else None, uses))
            elif pin in GROUND_PINS:
                found.append(PinUse(pin, "GND", None, Wire.GROUND, ()))
            elif pin in EEPROM_PINS:
                gpio = by_pin[pin]
                name = f"GPIO{gpio} {EEPROM_PINS[pin]}"
                found.append(PinUse(pin, name, gpio, Wire.RESERVED, ("HAT EEPROM: leave free",)))
            else:
                found.append(self.gpio_pin(pin, by_pin[pin]))
        return tuple(found)


def wiring_plan(profile: BoardProfile) -> WiringPlan:
    """Everything ``refbox wiring`` shows for ``profile``."""
    builder = _Builder(profile)
    cards = [builder.seat_card(i) for i in range(len(profile.seats))]
    table = builder.table_card()
    cards += [table] if table is not None else []
    cards += builder.mux_cards()
    if profile.simulated:
        notes = (
            "Simulated board: nothing to wire. The keyboard presses the buttons, the screens "
            "are emulated and the readers are virtual.",
            "The GPIOs are mock pins of a Compute Module 3 (2..45), so they have no header "
            "pin numbers.",
        )
    else:
        notes = (
            "Pin numbers are the physical pins of the 40-pin header: pin 1 is the square pad, "
            "odd pins on the row nearer the board's middle.",
            "Buttons: one leg to the GPIO, the other to any GND; refbox turns the Pi's pull-up "
            "on, so no resistor is needed.",
            "Any GND pin will do (the nearest is named). Parts on one power pin share it "
            "through a rail on the perfboard.",
        )
    return WiringPlan(
        profile=profile.name,
        file=profile.file,
        simulated=profile.simulated,
        pins=builder.pins(),
        cards=tuple(cards),
        rows=tuple(builder.rows),
        notes=notes,
    )
