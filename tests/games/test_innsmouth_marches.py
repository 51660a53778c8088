"""The whole-colour marches in the Deep One move step's legal actions (R-IE-41, A-IE-10):
every pawn steps towards a target as far as a move of 2 takes it, the cap kept, the icon
cells kept on request; listed with every Shoggoth step, and accepted by ``apply``."""

from __future__ import annotations

from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.marches import march, marches
from tests.games.test_innsmouth_rules import BLUE, do_move_position


def test_a_march_brings_every_pawn_nearer_the_target() -> None:
    assert march({"A1": 2, "F6": 1}, "C1") == ("A1>C1", "A1>C1", "F6>D6")  # ties: the cell name


def test_a_march_keeps_the_cap_and_never_moves_away() -> None:
    # C1 holds 3: one more fits, the next pawn stops next to it; the pawn on the target stays
    assert march({"C1": 3, "A1": 3}, "C1") == ("A1>C1", "A1>B1", "A1>B1")
    assert march({"C1": 1}, "C1") == ()


def test_a_march_keeps_one_pawn_on_a_held_cell() -> None:
    assert march({"B1": 2}, "B3", keep={"B1"}) == ("B1>B3",)
    assert march({"B1": 1}, "B3", keep={"B1"}) == ()


def test_a_straight_march_moves_in_lines_only() -> None:
    assert march({"A1": 1}, "B2", straight=True) == ("A1>A2",)  # B2 is an L away
    assert march({"A1": 1}, "B2") == ("A1>B2",)


def test_marches_lists_each_distinct_march_of_two_moves_or_more() -> None:
    found = marches({"C2": 2}, (), False)
    assert ("C2>C4", "C2>C4") in found
    assert len(found) == len(set(found))
    assert all(len(m) >= 2 for m in found)
    assert marches({"C2": 1}, (), False) == []


def test_the_move_step_lists_marches_with_every_shoggoth_step_and_applies_them() -> None:
    state = do_move_position(shoggoths={BLUE: "C3"})
    legal = state.legal_actions(1)
    assert legal[0] == a.MoveDeepOnes(1, ())
    assert a.MoveDeepOnes(1, ("C2>C4", "C2>C4")) in legal
    assert a.MoveDeepOnes(1, ("C2>C4", "C2>C4"), "D3") in legal
    assert len(legal) == len(set(legal))
    state.apply(a.MoveDeepOnes(1, ("C2>C4", "C2>C4"), "D3"))
    state.apply(a.MoveDeepOnes(2, ()))
    assert state.pawns["C4"] == {BLUE: 2}
    assert state.shoggoths[BLUE] == "D3"
