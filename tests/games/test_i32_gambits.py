"""Innsmouth 32: *Lost in the Marsh* / *Snatched* cards holding their victims and the gambit
(R-I32-42, A-I32-24), end task 1 (R-I32-69) and the horror-star re-roll of a failed gambit
(R-I32-67). Example data: Lost in the Marsh (effect attack 5, fail stay, reel_end eliminated,
not attackable), Snatched (fail eliminated, attackable)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from services.games.core import DataError, DrawResult, SnapshotError
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.data import load_data
from services.games.kit.packs import shipped_pack_text
from tests.games.i32_helpers import GAME, edit, move, refused, roll, start, texts


def snatch(card: str = "lost-in-the-marsh", **options: Any) -> I32State:
    """The card appears after Bugsy's turn; Lefty Rourke is its random victim."""
    state = start(3, reel=(card,), **options)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.pending()[0].to_json()["kind"] == "draw"
    state.apply(DrawResult("victims", "lefty-rourke"))
    return state


def on_card(card: str = "lost-in-the-marsh", **snapshot: Any) -> I32State:
    """Lefty Rourke on ``card`` at the start of Seat 2's turn."""
    def change(d: dict[str, Any]) -> None:
        move(d, card, "discards")
        d["discards"].remove(card)
        d["event_cards"].append(card)
        d["survivors"]["lefty-rourke"]["where"] = card
        move(d, "deep-one-1", "throng", 0, 0)
        d.update(snapshot)
    return edit(start(3), change)


def lefty_turn(state: I32State) -> None:
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    state.apply(a.Pool(2))


def test_r_i32_42_the_card_stays_in_play_with_its_victim() -> None:
    state = snatch()
    assert state.event_cards == ["lost-in-the-marsh"]
    assert state.survivors["lefty-rourke"]["where"] == "lost-in-the-marsh"
    assert "lost-in-the-marsh" not in [s["card"] for s in state.screen]  # refilled
    view = state.view(None)
    assert view["event_cards"] == ["lost-in-the-marsh"]
    assert view["survivors"]["lefty-rourke"]["where"] == "lost-in-the-marsh"


def test_a_i32_24_monsters_reach_a_victim_only_if_the_card_says_so() -> None:
    state = on_card()
    assert "lefty-rourke" not in state.survivor_targets()
    state = on_card("snatched")
    assert "lefty-rourke" in state.survivor_targets()


def test_r_i32_42_a_victim_acts_only_by_gambit() -> None:
    state = on_card()
    lefty_turn(state)
    assert state.legal_actions(2) == [a.Act(2, "lefty-rourke", "gambit", "lost-in-the-marsh")]
    refused(state, a.Act(2, "lefty-rourke", "rest"), "R-I32-42",
            "Lefty Rourke is on Lost in the Marsh: it may only try the gambit, heal, or spend "
            "a horror star")


def test_r_i32_42_gambit_base_2_each_spoint_adds_reel_number() -> None:
    """Reel II: each spoint adds 2; 2 + 3 x 2 = 8; at most 5 spoints (2 + 5 x 2 >= 11)."""
    state = on_card(reel=2)
    lefty_turn(state)
    state.apply(a.Act(2, "lefty-rourke", "gambit", "lost-in-the-marsh"))
    assert state.current["purpose"] == "the gambit (each spoint adds 2)"
    assert state.current["limit"] == 5
    refused(state, a.Commit(2, 6, 0), "R-I32-41", "at most 5 spoints")
    state.apply(a.Commit(2, 3, 0))
    events = roll(state, 4, 4)
    assert texts(events)[:3] == ["Gambit 2d6 = 4+4 = 8 <= gambit 2 + 3 spoints x 2 = 8: success",
                                 "Lefty Rourke escapes Lost in the Marsh",
                                 "Lost in the Marsh is discarded"]
    assert state.survivors["lefty-rourke"]["where"] == "" and state.event_cards == []
    assert state.discards[-1] == "lost-in-the-marsh"


def test_r_i32_42_a_failed_gambit_the_card_attacks_and_the_victim_stays() -> None:
    state = on_card()
    lefty_turn(state)
    state.apply(a.Act(2, "lefty-rourke", "gambit", "lost-in-the-marsh"))
    state.apply(a.Commit(2, 0, 0))
    events = roll(state, 2, 1)
    assert texts(events)[:2] == ["Gambit 2d6 = 2+1 = 3 > gambit 2: failure",
                                 "Lefty Rourke stays on Lost in the Marsh"]
    assert state.pending()[0].to_json()["purpose"] == "Lost in the Marsh attacks Lefty Rourke"
    assert state.survivors["lefty-rourke"]["where"] == "lost-in-the-marsh"


def test_r_i32_42_snatched_a_failed_gambit_eliminates() -> None:
    state = on_card("snatched")
    lefty_turn(state)
    state.apply(a.Act(2, "lefty-rourke", "gambit", "snatched"))
    state.apply(a.Commit(2, 0, 0))
    events = roll(state, 6, 6)
    assert "Lefty Rourke is eliminated and becomes a familiar face" in texts(events)
    assert state.event_cards == [] and "snatched" in state.discards


def test_r_i32_67_a_failed_gambit_is_re_rolled_with_a_horror_star() -> None:
    state = on_card("snatched")
    state = edit(state, lambda d: d["survivors"]["lefty-rourke"].update(stars=1))
    lefty_turn(state)
    state.apply(a.Act(2, "lefty-rourke", "gambit", "snatched"))
    state.apply(a.Commit(2, 0, 0))
    roll(state, 6, 6)
    assert state.current == {"seat": 2, "survivor": "lefty-rourke", "card": "snatched",
                             "purpose": "regambit", "choices": ["reroll", "accept"]}
    state.apply(a.Choose(2, "reroll"))
    events = roll(state, 1, 1)
    assert texts(events)[:2] == ["Gambit 2d6 = 1+1 = 2 <= gambit 2: success",
                                 "Lefty Rourke escapes Snatched"]
    assert state.survivors["lefty-rourke"]["stars"] == 0


def test_r_i32_62_the_doctor_heals_a_victim_of_the_same_event() -> None:
    def change(d: dict[str, Any]) -> None:
        move(d, "lost-in-the-marsh", "discards")
        d["discards"].remove("lost-in-the-marsh")
        d["event_cards"].append("lost-in-the-marsh")
        d["survivor_pile"].remove("the-doctor")
        d["survivor_pile"].insert(0, "bugsy-malone")
        d["pools"][1] = ["the-doctor"]
        doctor = d["survivors"].pop("bugsy-malone")
        d["survivors"]["the-doctor"] = {**doctor, "where": "lost-in-the-marsh"}
        d["survivors"]["lefty-rourke"].update(where="lost-in-the-marsh", insane=["guts"])
    state = edit(start(3), change)
    state.apply(a.Pool(1))
    heal = a.Act(1, "the-doctor", "heal", "lefty-rourke", "", "guts")
    assert heal in state.legal_actions(1)
    events = state.apply(heal)
    assert texts(events)[0] == "The Doctor heals Lefty Rourke's GUTS"
    assert state.survivors["lefty-rourke"]["insane"] == []
    assert state.survivors["the-doctor"]["where"] == "lost-in-the-marsh"


def _reel_ends(d: dict[str, Any]) -> None:
    """Bugsy holds the Getaway Car (a manual power play); Lefty is on Lost in the Marsh; the
    reel pile is empty and the Fire Axe is the last screen card."""
    for card in list(d["reel_pile"]):
        move(d, card, "discards")
    for slot in (1, 2):
        d["discards"].append(d["screen"][slot]["card"])
        d["screen"][slot] = {"card": "", "down": False}
    move(d, "getaway-car", "items", "bugsy-malone")
    move(d, "lost-in-the-marsh", "discards")
    d["discards"].remove("lost-in-the-marsh")
    d["event_cards"].append("lost-in-the-marsh")
    d["survivors"]["lefty-rourke"]["where"] = "lost-in-the-marsh"


def test_r_i32_69_end_task_1_power_plays_then_the_snatched_cards() -> None:
    state = edit(start(3), _reel_ends)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert "Reel 1 is over" in texts(events)
    assert state.phase == "adjust" and state.current == {"seat": 0, "card": "getaway-car"}
    events = state.apply(a.Adjust(0, "done"))
    assert texts(events)[:3] == ["The director has applied the card",
                                 "Lost in the Marsh is resolved",
                                 "Lefty Rourke is eliminated and becomes a familiar face"]
    assert state.event_cards == [] and "lost-in-the-marsh" in state.discards


def test_r_i32_69_end_task_1_frees_the_victims_of_a_freeing_card() -> None:
    def freeing(d: dict[str, Any]) -> None:
        _reel_ends(d)
        move(d, "getaway-car", "discards")
        move(d, "snatched", "discards")
        d["discards"].remove("snatched")
        d["event_cards"] = ["snatched"]
        d["discards"].append("lost-in-the-marsh")
        d["survivors"]["lefty-rourke"]["where"] = "snatched"
    state = edit(start(3), freeing)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert "Lefty Rourke is back in the pool" in texts(events)
    assert state.survivors["lefty-rourke"]["where"] == "" and state.event_cards == []


def test_snapshots_check_the_event_cards_and_their_victims() -> None:
    """kinds.py/snapshot.py: only snatched cards stay in play; a victim's place is one."""
    data = on_card().to_json()
    bad = copy.deepcopy(data)
    bad["discards"].remove("blackout")
    bad["event_cards"].append("blackout")
    with pytest.raises(SnapshotError, match="only a Lost in the Marsh/Snatched card"):
        GAME.state_from_json(bad)
    bad = copy.deepcopy(data)
    bad["survivors"]["lefty-rourke"]["where"] = "snatched"
    with pytest.raises(SnapshotError, match="is not a sanctuary in a corner or an event card"):
        GAME.state_from_json(bad)
    bad = copy.deepcopy(data)
    bad["survivors"]["lefty-rourke"]["inside"] = True
    with pytest.raises(SnapshotError, match="a survivor on an event card is not inside"):
        GAME.state_from_json(bad)


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ('reel_end = "eliminated"', 'reel_end = "drowned"', "lost-in-the-marsh.reel_end",
     "must be freed or eliminated, not 'drowned'"),
    ('fail = "eliminated"', 'fail = "maybe"', "snatched.fail",
     "must be stay or eliminated, not 'maybe'"),
    ('fail = "eliminated"', 'fail = "eliminated"\nvictims = 0', "snatched.victims",
     "must be 1 to 12, not 0"),
    ('attackable = true', 'attackable = "yes"', "snatched.attackable", ""),
])
def test_a_i32_24_snatched_card_data_errors_name_the_file_and_field(
        old: str, new: str, field: str, words: str) -> None:
    text = shipped_pack_text("innsmouth32.toml")
    head, body = text.split("\n[pack]\n", 1)
    assert old in body
    with pytest.raises(DataError) as caught:
        load_data(head + "\n[pack]\n" + body.replace(old, new, 1), "mine.toml")
    card, key = field.split(".")
    where = f"movie[{GAME.data.ids('movie').index(card)}].{key}"
    assert (caught.value.file, caught.value.field) == ("mine.toml", where)
    assert words in caught.value.message


def test_a_i32_24_the_example_snatched_cards() -> None:
    marsh, snatched = GAME.data.get("lost-in-the-marsh"), GAME.data.get("snatched")
    assert (marsh.victims, marsh.fail, marsh.reel_end, marsh.attackable) == (
        1, "stay", "eliminated", False)
    assert (snatched.victims, snatched.fail, snatched.reel_end, snatched.attackable) == (
        1, "eliminated", "freed", True)
