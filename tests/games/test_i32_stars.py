"""Innsmouth 32 horror stars, every use (R-I32-67): the extra action, the re-roll of a failed
flail, forcing a monster to re-roll a success, and the Last One Standing star rolls. Seat 2
(index 1) plays Bugsy Malone (SPEED 6), Seat 3 (index 2) Lefty Rourke; a Deep One (4) waits in
the director's throng 1."""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import edit, move, refused, roll, start, texts


def starred(*changes: Any, **options: Any) -> I32State:
    def change(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        d["survivors"]["bugsy-malone"]["stars"] = 1
        for extra in changes:
            extra(d)
    return edit(start(3, **options), change)


def to_director(state: I32State) -> None:
    for seat, s in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, s, "rest"))
        state.apply(a.Pass(0))
    assert state.phase == "director"


def test_r_i32_67_an_extra_action_from_the_turn_prompt() -> None:
    state = starred()
    assert a.StarAction(1, "bugsy-malone") in state.legal_actions(1)
    events = state.apply(a.StarAction(1, "bugsy-malone"))
    assert texts(events) == ["Bugsy Malone spends a horror star for an extra action"]
    assert state.survivors["bugsy-malone"]["stars"] == 0
    assert state.current == {"seat": 1, "survivor": "bugsy-malone"}
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))  # no fade out after this survivor turn
    assert state.phase == "turn" and state.current == {"seat": 1}  # the turn comes back
    assert a.StarAction(1, "bugsy-malone") not in state.legal_actions(1)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.survivors["bugsy-malone"]["rest"] == 4


def test_r_i32_67_an_extra_action_in_the_middle_of_a_pool_turn() -> None:
    state = starred()
    state.apply(a.Pool(1))
    state.apply(a.StarAction(1, "bugsy-malone"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    assert state.current == {"seat": 1, "survivor": "bugsy-malone"}  # its own action now
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.survivors["bugsy-malone"]["rest"] == 4


def test_r_i32_67_no_star_no_extra_action() -> None:
    state = starred(lambda d: d["survivors"]["bugsy-malone"].update(stars=0))
    refused(state, a.StarAction(1, "bugsy-malone"), "R-I32-67",
            "Bugsy Malone has no horror star to spend")
    refused(state, a.StarAction(1, "lefty-rourke"), "R-I32-67",
            "Lefty Rourke is not in Seat 2's pool")


def _hit_bugsy(state: I32State) -> None:
    to_director(state)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "bugsy-malone"))
    roll(state, 3, 1)  # 4 <= 4: hit


def test_r_i32_67_a_failed_flail_is_re_rolled() -> None:
    state = starred()
    _hit_bugsy(state)
    state.apply(a.Choose(1, "pass"))  # Bugsy's own star could force a re-roll: not now
    roll(state, 5)
    state.apply(a.Flail(1, 0, 0))
    roll(state, 6, 5)
    assert state.current == {"seat": 1, "survivor": "bugsy-malone", "purpose": "reflail",
                             "choices": ["reroll", "accept"]}
    events = state.apply(a.Choose(1, "reroll"))
    assert texts(events) == ["Bugsy Malone spends a horror star to re-roll"]
    assert state.pending()[0].to_json()["purpose"] == "Bugsy Malone flails again"
    events = roll(state, 2, 2)
    assert texts(events)[0].endswith("Bugsy Malone escapes")
    assert "bugsy-malone" in state.survivors and state.survivors["bugsy-malone"]["stars"] == 0


def test_r_i32_67_a_flail_failure_accepted_or_the_option_off() -> None:
    state = starred()
    _hit_bugsy(state)
    state.apply(a.Choose(1, "pass"))
    roll(state, 5)
    state.apply(a.Flail(1, 0, 0))
    roll(state, 6, 5)
    events = state.apply(a.Choose(1, "accept"))
    assert "Bugsy Malone is eliminated and becomes a familiar face" in texts(events)
    state = starred(star_flail=False)
    _hit_bugsy(state)
    state.apply(a.Choose(1, "pass"))
    roll(state, 5)
    state.apply(a.Flail(1, 0, 0))
    events = roll(state, 6, 5)
    assert "Bugsy Malone is eliminated and becomes a familiar face" in texts(events)


def test_r_i32_67_force_a_monster_to_re_roll_its_success() -> None:
    """Bugsy's star makes the Deep One re-roll its hit on Lefty; the re-roll misses."""
    state = starred()
    to_director(state)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "lefty-rourke"))
    roll(state, 2, 1)
    assert state.current == {"seat": 1, "purpose": "force",
                             "choices": ["bugsy-malone", "pass"]}
    refused(state, a.Choose(1, "lefty-rourke"), "R-I32-67",
            "Lefty Rourke is not one of the allowed choices: Bugsy Malone, pass")
    events = state.apply(a.Choose(1, "bugsy-malone"))
    assert texts(events) == ["Bugsy Malone spends a horror star: the monster re-rolls its "
                             "attack"]
    assert state.pending()[0].to_json()["purpose"] == "Deep One re-rolls its attack"
    events = roll(state, 5, 6)
    assert "miss" in texts(events)[0]
    assert state.survivors["bugsy-malone"]["stars"] == 0 and state.phase != "negate"


def test_r_i32_67_never_against_a_head_shot_and_a_pass_goes_to_damage() -> None:
    state = starred()
    to_director(state)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "lefty-rourke"))
    roll(state, 1, 1)  # head shot: no offer
    assert "lefty-rourke" not in state.survivors
    state = starred()
    to_director(state)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "lefty-rourke"))
    roll(state, 2, 1)
    state.apply(a.Choose(1, "pass"))
    assert state.pending()[0].to_json()["purpose"] == "damage"
    assert state.survivors["bugsy-malone"]["stars"] == 1


def _alone(d: dict[str, Any]) -> None:
    for card in list(d["survivor_pile"]):
        d["survivor_pile"].remove(card)
        d["removed"].append(card)


def test_r_i32_67_last_one_standing_rolls_for_each_remaining_token() -> None:
    """Reel II: tokens 2, 3 and 4 remain; each is earned by 1d6 <= 2."""
    def reel_two(d: dict[str, Any]) -> None:
        _alone(d)
        d["reel"] = 2
    state = edit(start(2), reel_two)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    assert state.current == {"seat": 0, "survivor": "bugsy-malone", "purpose": "los_star",
                             "choices": ["roll", "waive"]}
    state.apply(a.Choose(0, "roll"))
    assert state.pending()[0].to_json()["purpose"] == \
        "Bugsy Malone rolls for a horror star (1 to 2 earns it)"
    told = texts(roll(state, 1)) + texts(roll(state, 3)) + texts(roll(state, 2))
    assert told == ["1d6 = 1 <= 2: Bugsy Malone earns a horror star",
                    "1d6 = 3 > 2: no horror star",
                    "1d6 = 2 <= 2: Bugsy Malone earns a horror star"]
    assert state.survivors["bugsy-malone"]["stars"] == 2
    assert state.phase == "turn"  # then its final turn


def test_r_i32_67_the_director_may_waive_the_last_one_standing_rolls() -> None:
    state = edit(start(2), _alone)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    events = state.apply(a.Choose(0, "waive"))
    assert texts(events)[0] == "The director waives the rolls: Bugsy Malone earns 4 horror " \
        "stars"
    assert state.survivors["bugsy-malone"]["stars"] == 4
