"""The sentences that explain Innsmouth 32's rolls (services/games/innsmouth_32/explain.py), and
a familiar face's attack with SHAD damage told by the engine (R-I32-40, R-I32-44, R-I32-45,
R-I32-47, R-I32-48, R-I32-53, R-I32-54). The flail, save and test sentences are checked in
test_i32_fights.py and test_i32_turns.py."""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32 import dice, explain
from tests.games.i32_helpers import edit, move, roll, start, texts


def test_target_words() -> None:
    assert explain.aim("MUSCLE", 6, 2) == "MUSCLE 6 + 2 spoints"
    assert explain.aim("SPEED", 4, 1, insane=True) == "SPEED 4 (insane) + 1 spoint"
    assert explain.aim("Deep One", 4) == "Deep One 4"
    assert explain.throng([4, 6, 8], 18) == "throng 4+6+8 = 18"


def test_attack_rolls() -> None:
    words = explain.aim("MUSCLE", 6, 2)
    assert explain.attack(dice.attack_roll((3, 4), 8), words) == \
        "2d6 = 3+4 = 7 <= MUSCLE 6 + 2 spoints: hit"
    assert explain.attack(dice.attack_roll((5, 4), 8), words) == \
        "2d6 = 5+4 = 9 > MUSCLE 6 + 2 spoints: miss"
    assert explain.attack(dice.attack_roll((2, 2), 8), words) == \
        "2d6 = 2+2 = 4 <= MUSCLE 6 + 2 spoints: hit, doubles +2 damage"
    assert explain.attack(dice.attack_roll((1, 1), 8), words) == "2d6 = 1+1 = 2: head shot"
    assert explain.attack(dice.attack_roll((6, 6), 21), "throng 21") == \
        "2d6 = 6+6 = 12: fumble, the victim counterstrikes"


def test_damage_totals() -> None:
    said = explain.damage("1d6 = 5", [("Fire Axe", 2), ("doubles", 0), ("spoints", 0)], 7)
    assert f"{said} {explain.against(7, 6, 'Deep One', 'eliminated')}" == \
        "1d6 = 5 + Fire Axe 2 = 7 >= 6: Deep One eliminated"
    said = explain.damage("1d6 = 3", [("", 0), ("doubles", 3), ("spoints", 1)], 7)
    assert said == "1d6 = 3 + doubles 3 + 1 spoint = 7"
    assert explain.against(7, 8, "Shoggoth Spawn", "unharmed") == "< 8: Shoggoth Spawn unharmed"
    assert explain.against(11, 4, "Deep One", "removed from play") == \
        ">= 10: overkill, Deep One removed from play"
    assert explain.damage("1d6 = 4", [], 4) == "1d6 = 4"


def test_shad_and_tests() -> None:
    assert explain.shad([3, 5], dice.shad((3, 5))) == "SHAD 2d6 = 3+5 (high 5)"
    assert explain.shad([4, 4], dice.shad((4, 4))) == "SHAD 2d6 = 4+4 (sum 8)"
    assert explain.test([3, 4], 7, "BRAINS 5 + 2 spoints", True, "success") == \
        "2d6 = 3+4 = 7 <= BRAINS 5 + 2 spoints: success"
    assert explain.test([6, 6], 12, "GUTS 12", False, "failure") == \
        "2d6 = 6+6 = 12 (12 always fails) vs GUTS 12: failure"
    assert explain.faces([5]) == "1d6 = 5"


def test_a_familiar_face_attack_is_told_with_its_shad_damage() -> None:
    """R-I32-47, R-I32-48, R-I32-53: Joe Sargent, a familiar face worth his MUSCLE 6, is taken
    and attacks Bugsy: 1+2 <= 6 hits; SHAD 3+5 deals the higher die, 5."""
    def face(d: dict[str, Any]) -> None:
        move(d, "joe-sargent", "screen", 0)
        d["familiar"].append("joe-sargent")
        d["seen"].append("joe-sargent")
        d["victims"].remove("joe-sargent")
    state = edit(start(3), face)
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        state.apply(a.Pass(0))  # no fade out
    state.apply(a.TakeAttack(0, "joe-sargent", 1, "bugsy-malone"))
    assert texts(roll(state, 1, 2)) == ["2d6 = 1+2 = 3 <= Joe Sargent 6: hit"]
    assert texts(roll(state, 3, 5)) == ["SHAD 2d6 = 3+5 (high 5): 5 damage to Bugsy Malone"]


def test_a_throng_attack_is_told_with_its_values() -> None:
    """R-I32-47, R-I32-52: the director takes a Deep One (4) into the throng of a Shoggoth
    Spawn (8) and attacks Bugsy: 5-5 = 10 <= 12 hits with +5; 1d6 = 6 + 5 = 11 damage."""
    def two(d: dict[str, Any]) -> None:
        move(d, "deep-one-2", "screen", 0)
        move(d, "shoggoth-spawn-1", "throng", 0, 1)
    state = edit(start(3), two)
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        state.apply(a.Pass(0))  # no fade out
    state.apply(a.TakeAttack(0, "deep-one-2", 1, "bugsy-malone"))
    assert texts(roll(state, 5, 5)) == [
        "2d6 = 5+5 = 10 <= throng 8+4 = 12: hit, doubles +5 damage"]
    assert texts(roll(state, 6)) == ["1d6 = 6 + doubles 5 = 11: 11 damage to Bugsy Malone"]
