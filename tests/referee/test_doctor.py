"""``refbox doctor`` on mock pins, fake screens and fake readers, driven by a scripted operator."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from gpiozero import Button, TonalBuzzer
from gpiozero.pins.mock import MockFactory, MockPWMPin
from PIL import Image

from firmware_py.buttons import make_pin_factory
from firmware_py.errors import DeviceOffline, HardwareError
from firmware_py.events import DeviceStatus, InputEvent, TagPlaced
from firmware_py.profile import load_profile
from firmware_py.specs import BoardProfile, Clock, ReaderSpec, ScreenSpec
from services.referee.cli import doctor as doctor_cli
from services.referee.doctor import (
    Check,
    Console,
    Devices,
    Doctor,
    hardware_devices,
)
from services.referee.doctor_report import format_report

TWO = load_profile("two-seat")


class FakeTime:
    """A clock whose sleep() advances time and runs what was scheduled meanwhile."""

    def __init__(self) -> None:
        self.now = 0.0
        self.plan: list[tuple[float, Callable[[], None]]] = []

    def clock(self) -> float:
        return self.now

    def after(self, delay: float, action: Callable[[], None]) -> None:
        self.plan.append((self.now + delay, action))
        self.plan.sort(key=lambda item: item[0])

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        while self.plan and self.plan[0][0] <= self.now:
            self.plan.pop(0)[1]()


class FakeScreen:
    def __init__(self, spec: ScreenSpec, *, online: bool = True) -> None:
        self.spec = spec
        self.shown: list[Image.Image] = []
        self._online = online
        self.last_error = None if online else DeviceOffline(spec.name, "no ACK", spec.path)
        self.closed = False

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def online(self) -> bool:
        return self._online

    def show(self, image: Image.Image) -> None:
        self.shown.append(image)

    def close(self) -> None:
        self.closed = True


class FakeReader:
    def __init__(self, spec: ReaderSpec, seat: str, sink: Callable[[InputEvent], None]) -> None:
        self.spec, self.seat, self.sink = spec, seat, sink
        self.running = False
        self.stopped = False
        self.plugged = True

    @property
    def online(self) -> bool:
        return self.running and self.plugged

    def start(self) -> None:
        self.running = True
        if not self.plugged:
            self.sink(DeviceStatus(self.spec.name, self.spec.port, False, "no such port", 0.0))

    def stop(self) -> None:
        self.running, self.stopped = False, True

    def tap(self, tag: str) -> None:
        if self.online:
            self.sink(TagPlaced(self.seat, self.spec.name, tag, 0.0))


class Bench:
    """The board on the bench: devices, and an operator who follows the prompts."""

    def __init__(self, profile: BoardProfile = TWO) -> None:
        self.profile = profile
        self.time = FakeTime()
        self.factory = MockFactory(pin_class=MockPWMPin)
        self.screens: dict[str, FakeScreen] = {}
        self.readers: dict[str, FakeReader] = {}
        self.broken_screens: set[str] = set()  # do not open
        self.dead_screens: set[str] = set()  # open, but do not answer
        self.unseen_screens: set[str] = set()  # the operator answers "n"
        self.dead_buttons: set[int] = set()  # GPIOs the operator presses that are not wired
        self.swapped: dict[int, int] = {}  # pressing the button on GPIO a moves GPIO b
        self.silent_readers: set[str] = set()
        self.unplugged_readers: set[str] = set()
        self.skips: set[str] = set()  # prompts (by part) the operator skips with Enter
        self.gpio_error: str | None = None
        self.said: list[str] = []
        self.asked: list[str] = []
        self._skip_now = False

    def devices(self) -> Devices:
        def pin_factory(profile: BoardProfile) -> MockFactory:
            if self.gpio_error:
                raise HardwareError("GPIO", self.gpio_error, "/dev/gpiochip0")
            return self.factory

        def open_screen(spec: ScreenSpec) -> FakeScreen:
            if spec.name in self.broken_screens:
                raise DeviceOffline(spec.name, "cannot open I2C bus 1: No such file", spec.path)
            self.screens[spec.name] = FakeScreen(spec, online=spec.name not in self.dead_screens)
            return self.screens[spec.name]

        def open_reader(
            spec: ReaderSpec, seat: str, sink: Callable[[InputEvent], None], clock: Clock
        ) -> FakeReader:
            reader = FakeReader(spec, seat, sink)
            reader.plugged = spec.name not in self.unplugged_readers
            self.readers[spec.name] = reader
            return reader

        return Devices(pin_factory, open_screen, open_reader)

    def console(self) -> Console:
        return Console(say=self.say, ask=self.ask, skip_requested=self.skip_requested)

    def say(self, text: str) -> None:
        self.said.append(text)
        button = re.match(r".*: press (\w+) \(GPIO(\d+) ", text)
        reader = re.match(r".*: tap a tag on the (.+) \(", text)
        part = None
        if button:
            gpio = int(button[2])
            part = f"GPIO{gpio}"
            if gpio not in self.dead_buttons:
                pin = self.factory.pin(self.swapped.get(gpio, gpio))
                self.time.after(0.5, pin.drive_low)
                self.time.after(0.6, pin.drive_high)
        elif reader:
            part = reader[1]
            if part not in self.silent_readers:
                self.time.after(1.0, lambda: self.readers[reader[1]].tap("0A0000BEEF"))
        self._skip_now = part in self.skips

    def ask(self, question: str) -> str:
        self.asked.append(question)
        match = re.match(r"Does the (.+) show", question)
        return "n" if match and match[1] in self.unseen_screens else ""

    def skip_requested(self) -> bool:
        return self._skip_now

    def run(self, **options: object) -> list[Check]:
        doctor = Doctor(
            self.profile,
            self.devices(),
            self.console(),
            self.time.clock,
            self.time.sleep,
            **options,
        )  # type: ignore[arg-type]
        return doctor.run()


def by_part(results: list[Check]) -> dict[str, Check]:
    return {check.part: check for check in results}


def test_a_healthy_board_passes_every_check() -> None:
    bench = Bench()
    results = bench.run()
    assert [(c.part, c.where, c.status) for c in results] == [
        ("board profile", "hw/two-seat.toml", "pass"),
        ("seat1 screen", "i2c-1@0x3C", "pass"),
        ("seat2 screen", "i2c-1@0x3D", "pass"),
        ("public screen", "spi0.0", "pass"),
        ("seat1 ok button", "GPIO17 (pin 11)", "pass"),
        ("seat1 next button", "GPIO27 (pin 13)", "pass"),
        ("seat1 prev button", "GPIO22 (pin 15)", "pass"),
        ("seat1 back button", "GPIO23 (pin 16)", "pass"),
        ("seat1 peek button", "GPIO4 (pin 7)", "pass"),
        ("seat2 ok button", "GPIO5 (pin 29)", "pass"),
        ("seat2 next button", "GPIO6 (pin 31)", "pass"),
        ("seat2 prev button", "GPIO13 (pin 33)", "pass"),
        ("seat2 back button", "GPIO19 (pin 35)", "pass"),
        ("seat2 peek button", "GPIO26 (pin 37)", "pass"),
        ("seat1 reader", "/dev/ttyUSB0", "pass"),
        ("seat2 reader", "/dev/ttyUSB1", "pass"),
        ("buzzer and LED", "GPIO18 (pin 12), GPIO16 (pin 36)", "pass"),
    ]
    assert by_part(results)["seat1 reader"].detail == "read tag 0A0000BEEF"
    assert by_part(results)["board profile"].detail == "two-seat: 2 seats, 3 screens, 2 readers"
    assert bench.asked[:3] == [
        'Does the seat1 screen show "Seat 1"? [Y/n/s(kip)] ',
        'Does the seat2 screen show "Seat 2"? [Y/n/s(kip)] ',
        'Does the public screen show "Public"? [Y/n/s(kip)] ',
    ]
    assert "Seat 1: press ok (GPIO17 (pin 11)); Enter skips" in bench.said
    assert all(screen.closed for screen in bench.screens.values())
    assert all(reader.stopped for reader in bench.readers.values())
    Button(17, pin_factory=bench.factory).close()  # the doctor released its pins
    TonalBuzzer(18, pin_factory=bench.factory).close()


def test_each_seat_screen_shows_its_name_then_the_prompts() -> None:
    bench = Bench()
    bench.run()
    seat1 = bench.screens["seat1 screen"]
    assert all(image.size == (128, 64) and image.mode == "1" for image in seat1.shown)
    assert all(image.getbbox() is not None for image in seat1.shown)  # something is drawn
    assert len(seat1.shown) == 1 + 5 + 1  # its name, one prompt per button, the tap prompt
    assert len(bench.screens["public screen"].shown) == 1
    assert seat1.shown[0].tobytes() != bench.screens["seat2 screen"].shown[0].tobytes()


def test_screen_failures_say_what_to_check() -> None:
    bench = Bench()
    bench.broken_screens = {"seat1 screen"}
    bench.dead_screens = {"seat2 screen"}
    bench.unseen_screens = {"public screen"}
    results = by_part(bench.run())
    broken, dead, unseen = (results[n] for n in ("seat1 screen", "seat2 screen", "public screen"))
    assert (broken.status, broken.detail) == ("FAIL", "cannot open I2C bus 1: No such file")
    assert broken.hints == (
        "wiring: VCC to 3V3 (pin 1), GND to GND (pin 9), SDA to GPIO2 (pin 3), SCL to GPIO3 "
        "(pin 5)",
        "enable I2C: sudo raspi-config nonint do_i2c 0, then reboot",
        "your user must be in group i2c: sudo usermod -aG i2c $USER, then log in again",
        "run i2cdetect -y 1: the screen should answer at 3c",
    )
    assert (dead.status, dead.detail) == ("FAIL", "seat2 screen (i2c-1@0x3D): no ACK")
    assert dead.hints[-1] == "run i2cdetect -y 1: the screen should answer at 3d"
    assert (unseen.status, unseen.detail) == ("FAIL", "text not seen")
    assert unseen.hints[1] == (
        "wiring: VCC to 3V3 (pin 1), GND to GND, DIN/MOSI to GPIO10 (pin 19), CLK to GPIO11 "
        "(pin 23), CS to GPIO8 (pin 24), DC to GPIO24 (pin 18), RST to GPIO25 (pin 22)"
    )
    assert results["seat1 ok button"].status == "pass"  # the rest of the box is still checked
    assert bench.asked[0] == 'Does the public screen show "Public"? [Y/n/s(kip)] '


def test_muxed_screen_hint_names_the_channel() -> None:
    six = load_profile("six-seat-mux")
    bench = Bench(six)
    bench.broken_screens = {"seat3 screen"}
    check = by_part(bench.run(timeout=1.0))["seat3 screen"]
    assert check.hints[-1] == (
        "run i2cdetect -y 1: the screen should answer at 3c while channel 2 is selected; the "
        "TCA9548A must answer at 70 (check the screen's wires on SD2/SC2 and the mux's A0..A2 "
        "jumpers)"
    )


def test_silent_and_unplugged_readers() -> None:
    bench = Bench()
    bench.silent_readers = {"seat1 reader"}
    bench.unplugged_readers = {"seat2 reader"}
    results = by_part(bench.run())
    silent, unplugged = results["seat1 reader"], results["seat2 reader"]
    assert (silent.status, silent.detail) == ("FAIL", "no tag read within 20 s")
    assert silent.hints == (
        "is the adapter plugged in? ls -l /dev/ttyUSB0",
        "your user must be in group dialout: sudo usermod -aG dialout $USER, then log in again",
        "RDM6300: 5V and GND, its TX to the adapter's RX, antenna plugged in; 9600 baud",
    )
    assert (unplugged.status, unplugged.detail) == ("FAIL", "port not usable: no such port")
    assert 20 <= bench.time.now < 30  # one timeout (silent): the unplugged one failed at once


def test_unwired_and_swapped_buttons() -> None:
    bench = Bench()
    bench.dead_buttons = {23}  # seat1 back
    bench.swapped = {17: 27}  # pressing seat1 ok moves the seat1 next line
    results = by_part(bench.run(timeout=5.0))
    dead, swapped = results["seat1 back button"], results["seat1 ok button"]
    assert (dead.status, dead.detail) == ("FAIL", "no press within 5 s")
    assert dead.hints == (
        "one leg of the button to GPIO23 (pin 16), the other to GND (e.g. pin 9, 14 or 39)",
        "your user must be in group gpio: sudo usermod -aG gpio $USER, then log in again",
    )
    assert (swapped.status, swapped.detail) == (
        "FAIL",
        "no press within 5 s; saw seat1 next instead",
    )
    assert swapped.hints[0] == "are the wires of seat1 ok and seat1 next swapped?"
    assert results["seat1 next button"].status == "pass"


def test_enter_skips_a_step() -> None:
    bench = Bench()
    bench.dead_buttons = {5}
    bench.skips = {"GPIO5", "seat2 reader"}
    bench.silent_readers = {"seat2 reader"}
    results = by_part(bench.run())
    assert results["seat2 ok button"] == Check(
        "seat2 ok button", "GPIO5 (pin 29)", "skip", "skipped"
    )
    assert results["seat2 reader"].status == "skip"
    assert bench.time.now < 10  # nothing waited for a timeout


def test_missing_gpio_library_fails_buttons_and_buzzer_but_not_the_rest() -> None:
    bench = Bench()
    bench.gpio_error = "no usable GPIO library"
    results = bench.run()
    failed = [c.part for c in results if c.status == "FAIL"]
    assert len(failed) == 11 and failed[-1] == "buzzer and LED"
    assert (
        by_part(results)["seat1 ok button"].detail
        == "GPIO (/dev/gpiochip0): no usable GPIO library"
    )
    assert by_part(results)["seat1 reader"].status == "pass"


def test_yes_answers_the_questions() -> None:
    bench = Bench()
    bench.unseen_screens = {"seat1 screen"}
    results = bench.run(assume_yes=True)
    assert bench.asked == []
    assert all(check.status == "pass" for check in results)
    assert 'Does the seat1 screen show "Seat 1"? [Y/n/s(kip)] y (--yes)' in bench.said


def test_simulated_profile_is_only_loaded() -> None:
    sim = load_profile("sim")
    doctor = Doctor(sim, None, Bench().console(), FakeTime().clock, FakeTime().sleep)
    assert doctor.run() == [
        Check("board profile", "hw/sim.toml", "pass", "sim: 6 seats, 8 screens, 6 readers"),
        Check("devices", "-", "skip", "simulated board: nothing is wired (try the sim instead)"),
    ]
    with pytest.raises(ValueError, match=r"^board two-seat is not simulated"):
        Doctor(TWO, None, Bench().console(), FakeTime().clock, FakeTime().sleep).run()


def test_report_table_and_hints() -> None:
    results = [
        Check("board profile", "hw/two-seat.toml", "pass", "ok"),
        Check("seat1 ok button", "GPIO17 (pin 11)", "FAIL", "no press", ("wire it", "group")),
        Check("seat1 reader", "/dev/ttyUSB0", "skip", "skipped"),
    ]
    assert format_report(results) == "\n".join(
        [
            "PART             WHERE             RESULT  DETAIL",
            "board profile    hw/two-seat.toml  pass    ok",
            "seat1 ok button  GPIO17 (pin 11)   FAIL    no press",
            "seat1 reader     /dev/ttyUSB0      skip    skipped",
            "",
            "seat1 ok button (GPIO17 (pin 11)) - check:",
            "  - wire it",
            "  - group",
            "",
            "1 passed, 1 failed, 1 skipped",
        ]
    )


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="refbox")
    doctor_cli.register(parser.add_subparsers())
    return parser.parse_args(["doctor", *argv])


def test_command_exit_status_and_report() -> None:
    args = parse("--board", "two-seat", "--timeout", "2")
    assert (args.handler, args.yes, args.timeout) == (doctor_cli.run, False, 2.0)
    bench = Bench()
    status = doctor_cli.run(
        args,
        devices=bench.devices(),
        console=bench.console(),
        clock=bench.time.clock,
        sleep=bench.time.sleep,
    )
    assert status == 0
    assert bench.said[-1].endswith("17 passed, 0 failed, 0 skipped")
    bench = Bench()
    bench.silent_readers = {"seat2 reader"}
    status = doctor_cli.run(
        args,
        devices=bench.devices(),
        console=bench.console(),
        clock=bench.time.clock,
        sleep=bench.time.sleep,
    )
    assert status == 1
    assert "seat2 reader (/dev/ttyUSB1) - check:" in bench.said[-1]


def test_command_on_sim_and_on_a_bad_profile() -> None:
    bench = Bench()
    assert doctor_cli.run(parse(), console=bench.console()) == 0
    assert bench.said[-1].endswith("1 passed, 0 failed, 1 skipped")
    bench = Bench()
    assert doctor_cli.run(parse("--board", "six-seats"), console=bench.console()) == 1
    assert bench.said[0].startswith("refbox doctor: board profile (six-seats): name: no shipped")


def test_profile_with_a_table_reader_and_only_an_led() -> None:
    profile = replace(
        TWO,
        buzzer_gpio=None,
        table_reader=ReaderSpec("table reader", "pn532", "/dev/serial0", 115200),
    )
    bench = Bench(profile)
    bench.silent_readers = {"table reader"}
    results = by_part(bench.run(timeout=1.0))
    assert results["LED"].where == "GPIO16 (pin 36)"
    assert results["table reader"].hints[-2:] == (
        "PN532: set its mode switches to HSU (UART); TX/RX crossed; 115200 baud",
        "enable the UART and free it from the console: sudo raspi-config nonint do_serial_hw 0 "
        "and do_serial_cons 1, then reboot",
    )


def test_hardware_devices_open_the_real_drivers_lazily() -> None:
    devices = hardware_devices()  # opens nothing yet
    spec = ScreenSpec("seat1 screen", "ssd1306", "i2c", i2c_port=6)
    if Path("/dev/i2c-6").exists():
        pytest.skip("this machine has an i2c-6 bus")
    with pytest.raises(DeviceOffline) as info:
        devices.open_screen(spec)
    assert (info.value.device, info.value.path) == ("seat1 screen", "i2c-6@0x3C")
    reader = devices.open_reader(TWO.seats[0].reader, "seat1", [].append, FakeTime().clock)
    assert reader.online is False  # created, not started
    assert devices.pin_factory is make_pin_factory


def test_a_detail_shared_by_many_parts_is_said_once() -> None:
    long = "GPIO (/dev/gpiochip0): no usable GPIO library (lgpio: No module named 'lgpio')"
    results = [
        Check("seat1 ok button", "GPIO17 (pin 11)", "FAIL", long),
        Check("seat1 next button", "GPIO27 (pin 13)", "FAIL", long),
        Check("seat1 screen", "i2c-1@0x3C/mux0x70ch0", "FAIL", "no answer",
              ("enable I2C", "channel 0 at 3c")),
        Check("seat2 screen", "i2c-1@0x3C/mux0x70ch1", "FAIL", "no answer",
              ("enable I2C", "channel 1 at 3c")),
        Check("buzzer and LED", "GPIO18 (pin 12)", "FAIL", long),
    ]
    report = format_report(results)
    assert report.count(long) == 1 and report.count("enable I2C") == 1
    assert report == "\n".join(
        [
            "PART               WHERE                  RESULT  DETAIL",
            "seat1 ok button    GPIO17 (pin 11)        FAIL    see note 1",
            "seat1 next button  GPIO27 (pin 13)        FAIL    see note 1",
            "seat1 screen       i2c-1@0x3C/mux0x70ch0  FAIL    no answer",
            "seat2 screen       i2c-1@0x3C/mux0x70ch1  FAIL    no answer",
            "buzzer and LED     GPIO18 (pin 12)        FAIL    see note 1",
            "",
            f"note 1 (3 parts): {long}",
            "",
            "seat1 screen, seat2 screen - check:",
            "  - enable I2C",
            "",
            "seat1 screen (i2c-1@0x3C/mux0x70ch0) - check:",
            "  - channel 0 at 3c",
            "",
            "seat2 screen (i2c-1@0x3C/mux0x70ch1) - check:",
            "  - channel 1 at 3c",
            "",
            "0 passed, 5 failed, 0 skipped",
        ]
    )


def test_a_missing_gpio_library_on_a_laptop_is_said_once() -> None:
    bench = Bench()
    bench.gpio_error = "no usable GPIO library (lgpio: No module named 'lgpio'), " * 4
    report = format_report(bench.run())
    assert report.count("no usable GPIO library") == 4  # the 4 copies of the one note
    assert report.count("see note 1") == 11
