"""The keyboard twin: key map from the profile, keys drive mock pins through the real buttons."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory

from firmware_py.buttons import BoardButtons, make_pin_factory
from firmware_py.events import ButtonDown, ButtonHeld, ButtonPressed, ButtonUp
from firmware_py.profile import load_profile
from firmware_py.sim.keys import (
    KeyBinding,
    SimKeys,
    build_key_map,
    compact_legend,
    legend_lines,
)
from firmware_py.specs import ButtonSpec, SeatSpec


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_sim_key_map_uses_one_keyboard_column_per_seat() -> None:
    key_map = build_key_map(load_profile("sim"))
    seat1 = [(b.key, b.role) for b in key_map.bindings if b.seat == "seat1"]
    assert seat1 == [("1", "peek"), ("q", "ok"), ("a", "next"), ("z", "prev"), ("f1", "back")]
    assert key_map.get("6") == KeyBinding("6", "seat6", "peek", 33)
    assert key_map.get("N") == KeyBinding("n", "seat6", "prev", 31)
    assert [key_map.key_for(f"seat{n}", "back") for n in range(1, 7)] == [
        "f1",
        "f2",
        "f3",
        "f4",
        "f5",
        "f6",
    ]
    assert len(key_map.bindings) == 30 and key_map.unmapped == ()
    assert key_map.get("p") is None


def test_legend_lists_every_seat_in_button_order() -> None:
    profile = load_profile("sim")
    lines = legend_lines(build_key_map(profile), profile)
    assert lines[0] == "Seat 1: ok Q  next A  prev Z  back F1  peek 1"
    assert lines[5] == "Seat 6: ok Y  next H  prev N  back F6  peek 6"
    assert len(lines) == 6


def test_three_button_seats_leave_the_bottom_row_free() -> None:
    profile = load_profile("six-seat-mux")
    lines = legend_lines(build_key_map(profile), profile)
    assert lines[1] == "Seat 2: ok W  next S  peek 2"


@pytest.mark.parametrize(
    ("board", "line"),
    [
        ("sim", "Seats 1-6: ok QWERTY  next ASDFGH  prev ZXCVBN  back F1-F6  peek 123456"),
        ("six-seat-mux", "Seats 1-6: ok QWERTY  next ASDFGH  peek 123456"),
        ("two-seat", "Seats 1-2: ok QW  next AS  prev ZX  back F1-F2  peek 12"),
    ],
)
def test_compact_legend_fits_one_line_of_80(board: str, line: str) -> None:
    profile = load_profile(board)
    assert compact_legend(build_key_map(profile), profile) == line
    assert len(line) <= 80


def test_compact_legend_with_gaps_and_table_buttons() -> None:
    profile = load_profile("sim")
    short = replace(profile.seats[1], buttons=profile.seats[1].buttons[:2])  # ok, next only
    profile = replace(profile, seats=(profile.seats[0], short),
                      table_buttons=(ButtonSpec("menu", 44),))
    assert compact_legend(build_key_map(profile), profile) == (
        "Seats 1-2: ok Q2  next AW  prev Z-  back F1,-  peek 1-  table: menu F2"
    )


def test_table_buttons_and_leftovers() -> None:
    profile = load_profile("sim")
    many = tuple(replace(profile.seats[0], name=f"s{n}") for n in range(11))
    profile = replace(profile, seats=many, table_buttons=(ButtonSpec("menu", 44),))
    key_map = build_key_map(profile)
    assert key_map.key_for("s9", "ok") == "p"
    assert key_map.key_for("s1", "back") == "f2"
    assert key_map.key_for("s10", "ok") == "f12"  # seats past ten columns use function keys
    assert key_map.unmapped == (
        ("s10", "next"),
        ("s10", "prev"),
        ("s10", "back"),
        ("table", "menu"),
    )
    assert legend_lines(key_map, profile)[-1] == "no key: s10 next, s10 prev, s10 back, table menu"


def test_keys_go_through_the_real_button_code() -> None:
    profile = load_profile("sim")
    factory, clock, events = make_pin_factory(profile), FakeClock(), []
    keys = SimKeys(build_key_map(profile), factory)
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        assert keys.press("w") is True
        assert factory.pin(9).state == 0
        clock.now = 0.1
        keys.release("w")
        assert factory.pin(9).state == 1
        clock.now = 1.0
        buttons.tick()
        keys.press("3")  # seat3 peek, held
        clock.now = 2.0
        buttons.tick()
        keys.release("3")
        clock.now = 3.0
        buttons.tick()
    assert [(type(e), e.seat, e.button) for e in events] == [
        (ButtonDown, "seat2", "ok"),
        (ButtonUp, "seat2", "ok"),
        (ButtonPressed, "seat2", "ok"),
        (ButtonDown, "seat3", "peek"),
        (ButtonHeld, "seat3", "peek"),
        (ButtonUp, "seat3", "peek"),
    ]


def test_pull_down_buttons_are_driven_high() -> None:
    profile = load_profile("two-seat")
    seat = replace(
        profile.seats[0],
        buttons=(
            ButtonSpec("ok", 17, pull_up=False),
            ButtonSpec("next", 27),
            ButtonSpec("peek", 4),
        ),
    )
    profile = replace(profile, seats=(seat,))
    factory, clock, events = MockFactory(), FakeClock(), []
    keys = SimKeys(build_key_map(profile), factory)
    with BoardButtons(profile, events.append, clock, factory) as buttons:
        keys.press("q")
        assert factory.pin(17).state == 1
        clock.now = 0.1
        keys.release_all()
        assert factory.pin(17).state == 0
        clock.now = 1.0
        buttons.tick()
    assert events[-1] == ButtonPressed("seat1", "ok", pytest.approx(0.12))  # at the release
    assert isinstance(seat, SeatSpec)
