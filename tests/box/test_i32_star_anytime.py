"""Innsmouth 32 at the table: a horror star's extra action "at any time" (R-I32-67, D-I32-24).
A seat that is not asked keeps its screen; OK opens "Star: extra act" whenever the extra
action fits, else its survivors as before."""

from __future__ import annotations

from services.games.core import RollResult
from services.games.innsmouth_32 import actions as a
from tests.box.i32_box import Box
from tests.games.test_i32_star_anytime import starred, to_director


def test_a_seat_not_asked_spends_its_star_in_the_directors_turn_with_buttons() -> None:
    state = starred()  # Lefty Rourke (Seat 3) holds a horror star
    to_director(state)
    box = Box(state)
    assert box.flow.waiting(box.state) == [0]  # only the director is asked
    assert "OK:" not in box.screen(2) and "Seat 1 attacks" in box.screen(2)
    assert box.labels(2) == ["Star: extra act", "My survivors"]
    assert box.menu(2).title == "Horror star"
    box.label(2, "Star: extra act")
    assert box.applied == [a.StarAction(2, "lefty-rourke")]
    assert box.flow.waiting(box.state) == [2] and "OK: act now" in box.screen(2)
    box.label(2, "Rest: +2 rest")
    box.label(0, "No fade out")
    assert box.applied[1:] == [a.Act(2, "lefty-rourke", "rest"), a.Pass(0)]
    assert box.state.phase == "director" and box.state.current == {"seat": 0}
    assert "Pass: no attack" in box.labels(0) or "All-out attack" in box.labels(0)
    assert box.state.survivors["lefty-rourke"]["stars"] == 0
    assert "Star: extra act" not in box.labels(2)  # spent: OK shows the survivors again


def test_a_seat_with_a_star_sees_only_its_survivors_while_the_dice_roll_then_its_star() -> None:
    state = starred()
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", "deep-one-1"))
    state.apply(a.Commit(1, 0, 0, 0))
    box = Box(state)
    assert box.state.phase == "roll"
    assert "Star: extra act" not in box.labels(2)  # not between a roll and its result
    box.press(2, "back")
    box.chance(RollResult((6, 5)))  # a miss; then the director may fade out a card
    assert box.state.phase == "fade"
    assert box.labels(2) == ["Star: extra act", "My survivors"]  # his choice: it fits
