"""Innsmouth 32 faction play (R-I32-83): rest spoints shared within a faction like power
points. EXAMPLE pack: Bugsy Malone and Lefty Rourke are gangsters, Professor Armitage a
scholar."""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import edit, move, refused, texts
from tests.games.i32_modules_helpers import mstart


def attack_commit(rest: int = 4, mine: int = 0, power: int = 7, **options: Any) -> Any:
    """Seat 2's Bugsy attacks; Seat 3's Lefty holds ``rest`` rest spoints; Bugsy ``mine``."""
    def change(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "deep-one-1", "throng", 0, 0)
        d["survivors"]["lefty-rourke"]["rest"] = rest
        d["survivors"]["bugsy-malone"]["rest"] = mine
        d["power"] = [0, 7, power]
    state = edit(mstart(3, **options), change)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe", "muscle"))
    assert state.phase == "commit"
    return state


def test_a_faction_ally_shares_rest_spoints_then_they_are_committed() -> None:
    state = attack_commit(faction_play=True)
    assert a.Share(2, "lefty-rourke", 4) in state.legal_actions(2)
    refused(state, a.Share(2, "lefty-rourke", 5), "R-I32-83",
            "Seat 3 cannot share 5 rest spoints of Lefty Rourke: its faction allies with rest "
            "spoints here are Lefty Rourke, and Bugsy Malone holds 7 at most")
    events = state.apply(a.Share(2, "lefty-rourke", 3))
    assert texts(events) == ["Lefty Rourke shares 3 rest spoints with Bugsy Malone"]
    assert state.survivors["bugsy-malone"]["rest"] == 3
    assert state.survivors["lefty-rourke"]["rest"] == 1
    assert state.phase == "commit"
    state.apply(a.Commit(1, 0, 3))
    assert state.fight["spent"] == 3 and state.survivors["bugsy-malone"]["rest"] == 0


def test_sharing_needs_the_option_the_faction_and_room() -> None:
    """No option: no share. A survivor holds 7 rest spoints: Bugsy with 6 takes 1 more."""
    state = attack_commit()
    refused(state, a.Share(2, "lefty-rourke", 1), "R-I32-83",
            "its faction allies with rest spoints here are none")
    state = attack_commit(mine=6, faction_play=True)
    assert [x for x in state.legal_actions(2) if isinstance(x, a.Share)] == [
        a.Share(2, "lefty-rourke", 1)]
    state = edit(attack_commit(faction_play=True), lambda d: (
        d["pools"][2].remove("lefty-rourke"), d["survivor_pile"].append("lefty-rourke"),
        d["survivor_pile"].remove("professor-armitage"),
        d["pools"][2].append("professor-armitage"),
        d["survivors"].__setitem__("professor-armitage", d["survivors"].pop("lefty-rourke"))))
    assert not [x for x in state.legal_actions(2) if isinstance(x, a.Share)]


def test_a_player_without_power_spoints_is_asked_to_share() -> None:
    """Seat 3 has no power spoints to lend but Lefty's rest spoints: a share prompt."""
    state = attack_commit(power=0, faction_play=True)
    prompts = [p.to_json() for p in state.pending()]
    assert {"actor": 2, "kind": "share",
            "text": "share a faction ally's rest spoints with Bugsy Malone, or wait",
            "optional": True} in prompts
    assert state.describe(a.Share(2, "lefty-rourke", 2), None) == \
        "Seat 3: Lefty Rourke shares 2 rest spoints"
