"""Innsmouth 32's counterstrike on the box's buttons (A-I32-10): after a monster attack's
fumble the victim's player picks the monster of the attacking throng, then the weapon, as in
a normal attack; with one target only the weapon is asked; the seat's screen says what to do
and every line reads whole on a 21x5 screen; a refused tap changes nothing."""

from __future__ import annotations

from typing import Any

from services.games.core import RollResult
from services.games.innsmouth_32 import actions as a
from tests.box.i32_box import Box
from tests.games.i32_helpers import edit, move, start
from tests.games.i32_modules_helpers import director_turn

BUGSY = "bugsy-malone"


def fumbled(*throng: str) -> Box:
    """Bugsy holds the Fire Axe; the director's throng 1 (``throng``) attacks him and
    rolls 6-6."""
    def setup(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", BUGSY)
        for card in throng:
            move(d, card, "throng", 0, 0)
        director_turn(d)
    box = Box(edit(start(3), setup))
    box.buttons(0, a.AllOut(0))
    box.label(0, "Bugsy Malone")
    box.chance(RollResult((6, 6)))
    assert box.state.phase == "counter"
    return box


def fits(box: Box, seat: int) -> None:
    canvas = box.flow.seat(seat, box.state, True)
    assert canvas.overflow == [], canvas.overflow


def test_the_target_then_the_weapon() -> None:
    box = fumbled("deep-one-1", "marsh-ghoul-1")
    assert "COUNTERSTRIKE!" in box.screen(1).upper()
    assert "Seat 2 strikes back" in " ".join(box.flow.seat(0, box.state, False).texts)
    menu = box.menu(1)
    assert menu.title == "Strike back at?" and menu.lines == ["Bugsy Malone"]
    assert box.labels(1) == ["Deep One 4", "Marsh Ghoul 6"]
    fits(box, 1)
    box.label(1, "Marsh Ghoul 6")
    assert box.labels(1) == ["Hands: MUSCLE 7", "Fire Axe MUSCLE 7"]
    fits(box, 1)
    box.label(1, "Fire Axe MUSCLE 7")
    assert box.applied[-1] == a.Act(1, BUGSY, "attack", "marsh-ghoul-1", "fire-axe",
                                    "muscle")
    assert box.state.phase == "commit"
    assert box.flow.told == ["Bugsy Malone counterstrikes Marsh Ghoul with the Fire Axe "
                             "(MUSCLE 7)"]
    assert box.labels(1)[:2] == ["MUSCLE 7", "MUSCLE 7 +1 = 8"]  # the usual spoints
    box.label(1, "MUSCLE 7 +1 = 8")
    box.label(1, box.labels(1)[0])
    assert box.state.phase == "roll"
    assert box.state.power[1] == 6


def test_one_target_asks_only_the_weapon() -> None:
    box = fumbled("deep-one-1")
    menu = box.menu(1)
    assert menu.title == "Strike back with?" and menu.lines == ["at Deep One 4"]
    assert box.labels(1) == ["Hands: MUSCLE 7", "Fire Axe MUSCLE 7"]
    fits(box, 1)
    box.label(1, "Hands: MUSCLE 7")
    assert box.applied[-1] == a.Act(1, BUGSY, "attack", "deep-one-1")
    assert box.state.phase == "commit"


def test_another_seat_waits_and_its_tap_changes_nothing() -> None:
    box = fumbled("deep-one-1", "marsh-ghoul-1")
    before = box.state.to_json()
    box.act(2, a.Act(2, "lefty-rourke", "attack", "deep-one-1"))
    assert box.state.to_json() == before and box.state.phase == "counter"
    assert box.flow.messages[2][0] == "Seat 3 cannot act now: the box is waiting for Seat 2"
