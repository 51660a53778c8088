"""Buttons: debounce, press, hold, double press; the gpiozero binding on mock pins."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory

from firmware_py.buttons import (
    LEVEL_POLL,
    SIM_BOARD_REVISION,
    BoardButtons,
    ButtonLogic,
    make_pin_factory,
    mock_pin_factory,
)
from firmware_py.errors import HardwareError
from firmware_py.events import (
    ButtonDoublePressed,
    ButtonDown,
    ButtonHeld,
    ButtonPressed,
    ButtonUp,
)
from firmware_py.profile import load_profile
from firmware_py.specs import ButtonSpec, Timing

ALL_ROLES = ("ok", "next", "prev", "back", "peek", "up", "down", "left", "right")
# The gesture tests below use "ok"; let every role detect double presses there.
TIMING = Timing(debounce=0.02, hold=0.8, double_press=0.35, double_press_roles=ALL_ROLES)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def run(samples: list[tuple[float, bool]], until: float, timing: Timing = TIMING) -> list:
    logic = ButtonLogic("seat1", "ok", timing, now=0.0)
    events = []
    for at, level in samples:
        events += logic.sample(level, at)
    return events + logic.tick(until)


def approx_events(events: list) -> list:
    return [(type(e).__name__, round(e.at, 6)) for e in events]


# --- the pure state machine -----------------------------------------------------------------


def test_short_press_is_reported_after_the_double_press_window() -> None:
    events = run([(1.0, True), (1.1, False)], until=2.0)
    assert approx_events(events) == [
        ("ButtonDown", 1.02),
        ("ButtonUp", 1.12),
        ("ButtonPressed", 1.47),
    ]
    assert events[0] == ButtonDown("seat1", "ok", events[0].at)


def test_nothing_is_reported_before_its_time() -> None:
    timing = Timing(debounce=0.0625, hold=1.0, double_press=0.5,  # exact in binary
                    double_press_roles=ALL_ROLES)
    logic = ButtonLogic("seat1", "ok", timing)
    assert logic.sample(True, 1.0) == []
    assert logic.next_due() == 1.0625
    assert logic.tick(1.0624) == []
    assert logic.tick(1.0625) == [ButtonDown("seat1", "ok", 1.0625)]
    assert logic.next_due() == 2.0625  # the hold
    assert logic.sample(False, 1.5) == []
    assert logic.tick(1.5624) == []
    assert logic.tick(2.0624) == [ButtonUp("seat1", "ok", 1.5625)]
    assert logic.next_due() == 2.0625  # the end of the double-press window
    assert logic.tick(2.0625) == [ButtonPressed("seat1", "ok", 2.0625)]
    assert logic.next_due() is None


def test_chatter_within_debounce_gives_one_press() -> None:
    chatter = [(1.0, True), (1.004, False), (1.009, True), (1.012, False), (1.015, True)]
    release = [(1.2, False), (1.203, True), (1.207, False)]
    events = run(chatter + release, until=3.0)
    assert approx_events(events) == [
        ("ButtonDown", 1.035),
        ("ButtonUp", 1.227),
        ("ButtonPressed", 1.577),
    ]


def test_pulse_shorter_than_debounce_is_ignored() -> None:
    assert run([(1.0, True), (1.019, False)], until=5.0) == []


def test_hold_is_reported_once_and_swallows_the_press() -> None:
    logic = ButtonLogic("seat2", "peek", TIMING)
    events = logic.sample(True, 1.0) + logic.tick(1.5) + logic.tick(1.82) + logic.tick(2.5)
    events += logic.sample(False, 3.0) + logic.tick(9.0)
    assert approx_events(events) == [("ButtonDown", 1.02), ("ButtonHeld", 1.82), ("ButtonUp", 3.02)]
    assert events[1] == ButtonHeld("seat2", "peek", events[1].at)


def test_release_just_before_hold_time_is_a_press() -> None:
    events = run([(1.0, True), (1.799, False)], until=5.0)
    assert [type(e) for e in events] == [ButtonDown, ButtonUp, ButtonPressed]


def test_each_hold_is_reported_once() -> None:
    events = run([(1.0, True), (2.0, False), (3.0, True), (4.0, False)], until=9.0)
    assert [type(e).__name__ for e in events] == [
        "ButtonDown",
        "ButtonHeld",
        "ButtonUp",
        "ButtonDown",
        "ButtonHeld",
        "ButtonUp",
    ]


def test_double_press_gives_no_single_press() -> None:
    events = run([(1.0, True), (1.1, False), (1.3, True), (1.4, False)], until=5.0)
    assert approx_events(events) == [
        ("ButtonDown", 1.02),
        ("ButtonUp", 1.12),
        ("ButtonDown", 1.32),
        ("ButtonUp", 1.42),
        ("ButtonDoublePressed", 1.42),
    ]
    assert events[-1] == ButtonDoublePressed("seat1", "ok", events[-1].at)


def test_presses_further_apart_than_the_window_are_two_presses() -> None:
    events = run([(1.0, True), (1.1, False), (1.5, True), (1.6, False)], until=5.0)
    assert approx_events(events) == [
        ("ButtonDown", 1.02),
        ("ButtonUp", 1.12),
        ("ButtonPressed", 1.47),
        ("ButtonDown", 1.52),
        ("ButtonUp", 1.62),
        ("ButtonPressed", 1.97),
    ]


def test_third_quick_press_starts_a_new_gesture() -> None:
    presses = [(1.0, True), (1.1, False), (1.3, True), (1.4, False), (1.6, True), (1.7, False)]
    events = run(presses, until=5.0)
    gestures = [type(e).__name__ for e in events if not isinstance(e, ButtonDown | ButtonUp)]
    assert gestures == ["ButtonDoublePressed", "ButtonPressed"]


def test_second_press_held_reports_the_first_as_a_press_then_the_hold() -> None:
    events = run([(1.0, True), (1.1, False), (1.3, True), (2.5, False)], until=5.0)
    assert approx_events(events) == [
        ("ButtonDown", 1.02),
        ("ButtonUp", 1.12),
        ("ButtonDown", 1.32),
        ("ButtonPressed", 2.12),
        ("ButtonHeld", 2.12),
        ("ButtonUp", 2.52),
    ]


def test_double_press_off_reports_presses_on_release() -> None:
    timing = Timing(debounce=0.02, hold=0.8, double_press=0.0)
    events = run([(1.0, True), (1.1, False), (1.2, True), (1.3, False)], until=5.0, timing=timing)
    assert approx_events(events) == [
        ("ButtonDown", 1.02),
        ("ButtonUp", 1.12),
        ("ButtonPressed", 1.12),
        ("ButtonDown", 1.22),
        ("ButtonUp", 1.32),
        ("ButtonPressed", 1.32),
    ]


def test_events_do_not_depend_on_how_often_tick_is_called() -> None:
    samples = [
        (1.0, True),
        (1.003, False),
        (1.006, True),
        (1.1, False),
        (1.3, True),
        (2.6, False),
        (3.0, True),
        (3.05, False),
    ]
    once = run(samples, until=9.0)
    logic = ButtonLogic("seat1", "ok", TIMING, now=0.0)
    often: list = []
    pending = list(samples)
    for step in range(9000):
        now = step / 1000
        while pending and pending[0][0] <= now:
            at, level = pending.pop(0)
            often += logic.sample(level, at)
        often += logic.tick(now)
    assert approx_events(often) == approx_events(once)


def test_button_down_at_start_reports_only_its_release() -> None:
    logic = ButtonLogic("seat1", "ok", TIMING, pressed=True, now=0.0)
    assert logic.is_pressed is True
    assert logic.tick(5.0) == []
    events = logic.sample(False, 6.0) + logic.tick(9.0)
    assert approx_events(events) == [("ButtonUp", 6.02)]


def test_time_never_goes_backwards() -> None:
    logic = ButtonLogic("seat1", "ok", TIMING)
    logic.tick(5.0)
    logic.sample(True, 4.0)  # a late sample counts as seen at 5.0
    assert approx_events(logic.tick(5.02)) == [("ButtonDown", 5.02)]


# --- the gpiozero binding -------------------------------------------------------------------


def press(pin, clock: FakeClock, buttons: BoardButtons, length: float = 0.1) -> None:
    pin.drive_low()
    clock.now += length
    buttons.tick()
    pin.drive_high()
    clock.now += 0.5
    buttons.tick()


def test_every_button_of_every_seat_reports_its_seat_and_role() -> None:
    profile = load_profile("two-seat")
    factory, clock, events = MockFactory(), FakeClock(), []
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        for seat in profile.seats:
            for spec in seat.buttons:
                press(factory.pin(spec.gpio), clock, buttons)
    pressed = [(e.seat, e.button) for e in events if isinstance(e, ButtonPressed)]
    assert pressed == [(s.name, b.role) for s in profile.seats for b in s.buttons]
    assert len(events) == 3 * len(pressed)


def test_every_button_of_the_sim_board() -> None:
    profile = load_profile("sim")
    factory, clock, events = make_pin_factory(profile), FakeClock(), []
    assert factory.board_info.revision == SIM_BOARD_REVISION
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        for seat in profile.seats:
            for spec in seat.buttons:
                press(factory.pin(spec.gpio), clock, buttons)
    pressed = {(e.seat, e.button) for e in events if isinstance(e, ButtonPressed)}
    assert len(pressed) == 30


def test_pin_chatter_gives_one_press() -> None:
    profile = load_profile("two-seat")
    factory, clock, events = MockFactory(), FakeClock(), []
    pin = factory.pin(17)
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        for level in (False, True, False, True, False):
            (pin.drive_low if not level else pin.drive_high)()
            clock.now += 0.004
        clock.now += 0.1
        buttons.tick()
        for level in (True, False, True):
            (pin.drive_low if not level else pin.drive_high)()
            clock.now += 0.003
        clock.now += 1.0
        buttons.tick()
    assert [type(e) for e in events] == [ButtonDown, ButtonUp, ButtonPressed]
    assert {(e.seat, e.button) for e in events} == {("seat1", "ok")}
    assert events[0].at == pytest.approx(100.036)


def test_hold_through_the_pins_needs_ticks() -> None:
    profile = load_profile("two-seat")
    factory, clock, events = MockFactory(), FakeClock(), []
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        factory.pin(26).drive_low()  # seat2 peek
        clock.now += 0.5
        buttons.tick()
        assert [type(e) for e in events] == [ButtonDown]
        assert buttons.seats["seat2"].is_pressed("peek") is True
        assert buttons.next_due() == pytest.approx(100.82)
        clock.now += 0.5
        buttons.tick()
        factory.pin(26).drive_high()
        clock.now += 1.0
        buttons.tick()
    assert [type(e) for e in events] == [ButtonDown, ButtonHeld, ButtonUp]
    assert events[1] == ButtonHeld("seat2", "peek", pytest.approx(100.82))


def test_double_press_through_the_pins() -> None:
    two = load_profile("two-seat")
    profile = replace(two, timing=replace(two.timing, double_press_roles=("next",)))
    factory, clock, events = MockFactory(), FakeClock(), []
    pin = factory.pin(6)  # seat2 next
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        for _ in range(2):
            pin.drive_low()
            clock.now += 0.08
            buttons.tick()
            pin.drive_high()
            clock.now += 0.08
            buttons.tick()
        clock.now += 1.0
        buttons.tick()
    gestures = [e for e in events if not isinstance(e, ButtonDown | ButtonUp)]
    assert gestures == [ButtonDoublePressed("seat2", "next", pytest.approx(100.26))]


def test_table_buttons_and_seat_filter() -> None:
    profile = replace(load_profile("two-seat"), table_buttons=(ButtonSpec("menu", 21),))
    factory, clock, events = MockFactory(), FakeClock(), []
    with BoardButtons(profile, events.append, clock, factory, seats=["table"]) as buttons:
        assert list(buttons.seats) == ["table"]
        press(factory.pin(21), clock, buttons)
    # "menu" detects no double press, so the press is reported at the release
    assert events[-1] == ButtonPressed("table", "menu", pytest.approx(100.12))


def test_pin_in_use_names_the_button_and_gpio() -> None:
    profile = load_profile("two-seat")
    factory, clock = MockFactory(), FakeClock()
    first = BoardButtons(profile, [].append, clock, factory)
    with pytest.raises(HardwareError) as info:
        BoardButtons(profile, [].append, clock, factory)
    assert (info.value.device, info.value.path) == ("seat1 ok button", "GPIO17")
    assert info.value.message.startswith("cannot use the pin: ")
    first.close()
    BoardButtons(profile, [].append, clock, factory).close()  # pins are free again


def test_make_pin_factory_prefers_lgpio_then_rpigpio() -> None:
    two = load_profile("two-seat")
    fallback = MockFactory()

    def no_lgpio() -> MockFactory:
        raise ImportError("No module named 'lgpio'")

    loaders = [("lgpio", no_lgpio), ("RPi.GPIO", lambda: fallback)]
    assert make_pin_factory(two, loaders=loaders) is fallback
    assert isinstance(make_pin_factory(two, simulated=True), MockFactory)
    assert mock_pin_factory() is not mock_pin_factory()


def test_make_pin_factory_says_what_to_install() -> None:
    def missing() -> MockFactory:
        raise ImportError("No module named 'lgpio'")

    def not_a_pi() -> MockFactory:
        raise RuntimeError("This module can only be run on a Raspberry Pi!")

    with pytest.raises(HardwareError) as info:
        make_pin_factory(
            load_profile("two-seat"), loaders=[("lgpio", missing), ("RPi.GPIO", not_a_pi)]
        )
    assert str(info.value) == (
        "GPIO (/dev/gpiochip0): no usable GPIO library (lgpio: No module named 'lgpio'; "
        "RPi.GPIO: This module can only be run on a Raspberry Pi!). On Raspberry Pi OS install "
        "lgpio (`sudo apt install python3-lgpio`, or `pip install lgpio` in refbox's venv) or "
        "RPi.GPIO (`pip install RPi.GPIO`), add your user to group gpio (`sudo usermod -aG gpio "
        "$USER`, then log in again), or use a simulated profile (--board sim)"
    )


def test_roles_without_double_press_report_a_press_at_the_release():
    """By default only `peek` waits for a possible second press; `ok` answers at once."""
    timing = Timing(debounce=0.02, hold=0.8, double_press=0.35)
    assert timing.double_press_roles == ("peek",)
    ok = ButtonLogic("seat1", "ok", timing)
    peek = ButtonLogic("seat1", "peek", timing)
    for logic in (ok, peek):
        logic.sample(True, 1.0)
        logic.tick(1.1)
        logic.sample(False, 1.2)
    assert [type(e).__name__ for e in ok.tick(1.22)] == ["ButtonUp", "ButtonPressed"]
    assert [type(e).__name__ for e in peek.tick(1.22)] == ["ButtonUp"]
    assert [(type(e).__name__, e.at) for e in peek.tick(1.6)] == [
        ("ButtonPressed", pytest.approx(1.57))]


def test_an_edge_the_gpio_library_dropped_is_seen_at_the_next_level_poll() -> None:
    """tick() reads every level only every LEVEL_POLL s (in between it ticks the buttons
    with a timed decision pending): a press whose edges never came by callback is still
    reported, by the poll after it."""
    profile = load_profile("two-seat")
    factory, clock, events = MockFactory(), FakeClock(), []
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        buttons.tick()  # a poll: the levels are read now
        device = buttons.seats["seat1"]._buttons["ok"][0]
        device.when_activated = None  # the library drops this edge
        factory.pin(17).drive_low()
        clock.now += LEVEL_POLL / 2
        buttons.tick()
        assert events == []  # no callback came and it is not time to read the levels
        clock.now += LEVEL_POLL / 2
        buttons.tick()  # the poll sees the level, the debounce starts
        clock.now += 0.05
        buttons.tick()
    assert [type(e) for e in events] == [ButtonDown]
