"""Innsmouth 32: a horror star's extra action "at any time" (R-I32-67, D-I32-24, A-I32-03).
Seat 2 (index 1) plays Bugsy Malone (MUSCLE 7), Seat 3 (index 2) Lefty Rourke (BRAINS 5); a
Deep One (4) waits in the director's throng 1; the screen holds three items."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from services.games.core import EndGame, IllegalAction, SnapshotError
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.anytime import WHEN
from tests.games.i32_helpers import GAME, edit, move, refused, roll, start, texts

STAR_WORDS = "spend a horror star for an extra action, or wait"


def starred(lefty: int = 1, bugsy: int = 0, **options: Any) -> I32State:
    def change(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        d["survivors"]["lefty-rourke"]["stars"] = lefty
        d["survivors"]["bugsy-malone"]["stars"] = bugsy
    return edit(start(3, **options), change)


def asked(state: I32State) -> list[tuple[int, str]]:
    return [(p.seat, p.kind) for p in state.pending()]  # type: ignore[attr-defined]


def spent(before: dict[str, Any], rest: int = 2) -> dict[str, Any]:
    """``before`` with Lefty's star spent and ``rest`` rest spoints (his extra action)."""
    after = copy.deepcopy(before)
    after["survivors"]["lefty-rourke"].update(stars=0, rest=rest)
    return after


def no_star_now(state: I32State, seat: int, survivor: str, why: str) -> None:
    refused(state, a.StarAction(seat, survivor), "R-I32-67",
            f"Seat {seat + 1} cannot spend a horror star now: {why}; {WHEN}")
    assert a.StarAction(seat, survivor) not in state.legal_actions(seat)


def to_director(state: I32State) -> None:
    for seat, s in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, s, "rest"))
        state.apply(a.Pass(0))  # no fade out
    assert state.phase == "director"


# ------------------------------------------------------------------ where it is allowed


def test_during_another_players_turn_and_back_to_his_turn_prompt() -> None:
    state = starred()
    before = state.to_json()
    assert asked(state) == [(1, "turn"), (2, "star")]
    assert state.pending()[1].text == STAR_WORDS  # type: ignore[union-attr]
    assert [p.optional for p in state.pending()] == [False, True]  # type: ignore[union-attr]
    assert state.legal_actions(2) == [a.StarAction(2, "lefty-rourke")]
    events = state.apply(a.StarAction(2, "lefty-rourke"))
    assert texts(events) == ["Lefty Rourke spends a horror star for an extra action"]
    assert asked(state) == [(2, "act")]  # the interrupting seat is asked now
    assert state.current == {"seat": 2, "survivor": "lefty-rourke"}
    assert state.legal_actions(1) == []
    state.apply(a.Act(2, "lefty-rourke", "rest"))
    assert asked(state) == [(0, "fade")]  # a survivor turn of its own (A-I32-03)
    state.apply(a.Pass(0))
    assert asked(state) == [(1, "turn")]  # exactly the interrupted prompt, nobody else
    assert state.to_json() == spent(before)


def test_during_the_directors_turn_and_back_to_it() -> None:
    state = starred()
    to_director(state)
    before = state.to_json()
    legal = state.legal_actions(0)
    assert asked(state) == [(0, "director"), (2, "star")]
    state.apply(a.StarAction(2, "lefty-rourke"))
    state.apply(a.Act(2, "lefty-rourke", "rest"))
    state.apply(a.Pass(0))
    assert state.phase == "director" and state.current == {"seat": 0}
    assert state.legal_actions(0) == legal
    assert state.to_json() == spent(before, rest=4)


def test_a_snapshot_in_the_middle_of_the_extra_action_round_trips() -> None:
    state = starred()
    to_director(state)
    state.apply(a.StarAction(2, "lefty-rourke"))
    assert state.todo[1] == ["star_back", {"phase": "director", "current": {"seat": 0},
                                           "fight": None}]
    twin = GAME.state_from_json(state.to_json())
    assert twin.to_json() == state.to_json()
    for seat in (None, 0, 1, 2):
        assert twin.view(seat) == state.view(seat)
    for game in (state, twin):
        game.apply(a.Act(2, "lefty-rourke", "rest"))
        game.apply(a.Pass(0))
    assert twin.to_json() == state.to_json() and twin.phase == "director"


def test_before_an_attack_roll_the_commit_and_its_fight_come_back() -> None:
    """Lefty's extra action (a BRAINS test, a fight of its own) interrupts Bugsy's spoints
    before his attack roll; the power Seat 3 lent goes back first (R-I32-55)."""
    state = starred()
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", "deep-one-1"))
    before = state.to_json()
    assert asked(state) == [(1, "commit"), (2, "lend")]
    assert a.StarAction(2, "lefty-rourke") in state.legal_actions(2)
    state.apply(a.Lend(2, 2))
    assert state.power[2] == 5
    events = state.apply(a.StarAction(2, "lefty-rourke"))
    assert texts(events) == ["The lent power spoints go back to their lenders",
                             "Lefty Rourke spends a horror star for an extra action"]
    assert state.power[2] == 7
    state.apply(a.Act(2, "lefty-rourke", "mythos"))
    assert state.fight is not None and state.fight["kind"] == "test"
    back = next(s for s in state.todo if s[0] == "star_back")[1]
    assert back["phase"] == "commit" and back["fight"] == before["fight"]
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()
    state.apply(a.Commit(2, 0, 0, 0))
    assert texts(roll(state, 1, 1))[-1] == "Lefty Rourke gains 1 mythos"
    state.apply(a.Pass(0))
    after = copy.deepcopy(before)
    after["survivors"]["lefty-rourke"].update(stars=0, mythos=after["survivors"][
        "lefty-rourke"]["mythos"] + 1)
    assert state.to_json() == after  # the same commit prompt and the attack's fight
    state.apply(a.Commit(1, 0, 0, 0))
    assert texts(roll(state, 2, 3))[0].endswith("hit")


def test_the_extra_action_counts_down_the_fade_out() -> None:
    def fading(d: dict[str, Any]) -> None:
        d["fade"] = {"card": "fire-axe", "left": 2}
    state = edit(starred(), fading)
    state.apply(a.StarAction(2, "lefty-rourke"))
    state.apply(a.Act(2, "lefty-rourke", "rest"))
    assert state.fade == {"card": "fire-axe", "left": 1}
    assert asked(state) == [(1, "turn")]


def test_reveal_per_player_turn_still_closes_an_extra_action_of_another_player() -> None:
    """A-I32-03 option: in another player's turn the extra action is that player's whole
    turn: its reveal, countdown and fade-out offer follow it."""
    state = starred(reveal_per_player_turn=True)
    state.apply(a.StarAction(2, "lefty-rourke"))
    state.apply(a.Act(2, "lefty-rourke", "rest"))
    assert asked(state) == [(0, "fade")]
    state.apply(a.Pass(0))
    assert asked(state) == [(1, "turn")]


def test_last_one_standing_final_turn_and_round_of_attacks() -> None:
    def alone(d: dict[str, Any]) -> None:
        for card in list(d["survivor_pile"]):
            d["survivor_pile"].remove(card)
            d["removed"].append(card)
    state = edit(start(2), alone)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    assert state.final == 3 and state.current["purpose"] == "los_star"
    state.survivors["bugsy-malone"]["stars"] = 1
    no_star_now(state, 1, "bugsy-malone",
                "a roll is being resolved (a re-roll or the stars' rolls)")
    state.apply(a.Choose(0, "waive"))  # 4 more stars
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    assert asked(state) == [(0, "director"), (1, "star")]  # the round of attacks
    state.apply(a.StarAction(1, "bugsy-malone"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    assert asked(state) == [(0, "director"), (1, "star")]
    assert state.survivors["bugsy-malone"]["stars"] == 4


# ------------------------------------------------------------------ where it is not


def test_not_while_another_extra_action_runs() -> None:
    state = starred(lefty=2, bugsy=1)
    state.apply(a.StarAction(2, "lefty-rourke"))
    assert state.legal_actions(2)[:2] == [a.Act(2, "lefty-rourke", "rest"),
                                          a.Act(2, "lefty-rourke", "mythos")]
    assert not any(isinstance(x, a.StarAction) for x in state.legal_actions(2))
    assert state.legal_actions(1) == [] and asked(state) == [(2, "act")]
    no_star_now(state, 1, "bugsy-malone",
                "a horror star's extra action is running: one at a time")
    no_star_now(state, 2, "lefty-rourke",
                "a horror star's extra action is running: one at a time")


def test_not_at_a_roll_nor_between_an_attack_roll_and_its_damage() -> None:
    state = starred()
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", "deep-one-1"))
    state.apply(a.Commit(1, 0, 0, 0))
    no_star_now(state, 2, "lefty-rourke",
                "the box waits for chance (a roll, a shuffle or a draw)")
    roll(state, 2, 3)  # 5 <= 7: a hit; the spoints for the damage roll come next
    assert state.phase == "commit" and state.current["purpose"] == "the damage roll"
    assert asked(state) == [(1, "commit"), (2, "lend")]
    no_star_now(state, 2, "lefty-rourke", "it is between an attack roll and its damage")


def test_not_while_a_monster_attack_is_resolved() -> None:
    state = starred()
    to_director(state)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "bugsy-malone"))
    roll(state, 3, 1)  # 4 <= 4: a hit; Lefty's star may force a re-roll
    assert asked(state) == [(2, "choose")] and state.current["purpose"] == "force"
    no_star_now(state, 2, "lefty-rourke",
                "a roll is being resolved (a re-roll or the stars' rolls)")
    state.apply(a.Choose(2, "pass"))
    roll(state, 5)
    assert state.phase == "negate"
    no_star_now(state, 2, "lefty-rourke", "a survivor is negating damage or flailing")


def test_not_during_a_reels_end_tasks() -> None:
    """R-I32-68: after a reel ends no further actions until the next reel's first turn."""
    def last(d: dict[str, Any]) -> None:
        for card in list(d["reel_pile"]):
            move(d, card, "discards")
        move(d, "boat-hook", "discards")
        move(d, "crowbar", "discards")
        d["survivors"]["lefty-rourke"]["stars"] = 1
    state = edit(start(3), last)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.current["purpose"] == "star"  # end task 3
    no_star_now(state, 2, "lefty-rourke",
                "no reel is running (set-up, a reel's end tasks or its start: R-I32-68)")


def test_not_once_the_movie_is_over() -> None:
    state = starred()
    state.apply(EndGame("the table stops"))
    assert state.legal_actions(2) == [] and state.pending() == ()
    before = state.to_json()
    try:
        state.apply(a.StarAction(2, "lefty-rourke"))
    except IllegalAction as error:
        assert error.message == "the game is over"
    else:
        raise AssertionError("a star was spent after the end")
    assert state.to_json() == before


def test_whose_star_and_how_many() -> None:
    state = starred()
    refused(state, a.StarAction(2, "bugsy-malone"), "R-I32-67",
            "Bugsy Malone is not in Seat 3's pool")
    refused(state, a.StarAction(1, "bugsy-malone"), "R-I32-67",
            "Bugsy Malone has no horror star to spend")
    refused(state, a.StarAction(5, "lefty-rourke"), "R-I32-01",
            "there is no seat 6 (seats 1 to 3)")


def test_a_seat_asked_only_for_its_star_cannot_do_anything_else() -> None:
    state = starred()
    to_director(state)
    refused(state, a.Pass(2), "R-I32-30",
            "Seat 3 cannot act now: the box is waiting for Seat 1")


def test_a_snapshot_checks_the_interrupted_prompt() -> None:
    state = starred()
    state.apply(a.StarAction(2, "lefty-rourke"))
    data = state.to_json()
    assert data["todo"][1] == ["star_back", {"phase": "turn", "current": {"seat": 1},
                                             "fight": None}]
    for bad in ({"phase": "negate", "current": {"seat": 1}, "fight": None},
                {"phase": "turn", "current": {"seat": 0}, "fight": None},
                {"phase": "turn", "current": {"seat": 1}, "fight": {"kind": "duel"}}):
        broken = copy.deepcopy(data)
        broken["todo"][1] = ["star_back", bad]
        with pytest.raises(SnapshotError):
            GAME.state_from_json(broken)
