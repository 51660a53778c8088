"""Asylum Escape: face-up discards, the final window and victory (R-AE-26..31, A-AE-08,
A-AE-14, A-AE-15), the table ending a game, and strict snapshot loading."""

from __future__ import annotations

import json

import pytest

from services.games.asylum_escape import actions as a
from services.games.core import EndGame, SnapshotError
from tests.games.asylum_helpers import (
    GAME,
    QUIET,
    arrange,
    begin_turn,
    move_patient,
    of_type,
    pass_window,
    roll,
    start,
    still_turn,
)

CALM = {"bloodlust": ["bl-lights", "bl-howl", "bl-collapse"]}


def kill_seat_2(state: object) -> list[object]:
    """The Butcher walks into Seat 2's room (laundry) and rolls a 6."""
    events = move_patient(state, ["laundry"])
    pass_window(state)
    return events + roll(state, 6)


def test_r_ae_26_all_cards_are_discarded_face_up() -> None:
    state = start(3, rooms=["laundry", QUIET], orders={"bloodlust": ["bl-lights"]})
    move_patient(state, ["laundry"])
    pass_window(state)
    roll(state, 1)  # survives: the flee card goes face-up
    state.apply(a.Move(1, ()))
    discards = state.view(None)["discards"]
    assert discards["movement"] == ["move-1"] and discards["bloodlust"] == ["bl-lights"]


def test_r_ae_27_rooms_holding_a_patient_are_destroyed_in_the_final_window() -> None:
    state = start(3, orders=CALM)
    arrange(state, window=[1, 3], victims={1: {"room": "morgue"}})
    events = move_patient(state)
    (gone,) = of_type(events, a.RoomDestroyed)
    assert (gone.room, gone.landed, gone.rule) == ("morgue", (("the-butcher", "laundry"),),
                                                   "R-AE-27")
    assert [(k.seat, k.rule) for k in of_type(events, a.VictimKilled)] == [(1, "A-AE-08")]
    assert not of_type(events, a.BloodlustDrawn)  # A-AE-08: counts as a kill


def test_r_ae_28_short_mode_victims_alive_after_turn_9_win() -> None:
    state = start(3, orders=CALM)
    events = begin_turn(state, 9)
    events += move_patient(state)
    won = of_type(events, a.GameWon)[0]
    assert (won.side, won.winners, won.rule) == ("victims", (1, 2), "R-AE-28")
    assert state.outcome().winners == (1, 2) and state.pending() == ()


def test_r_ae_29_long_mode_the_last_victim_survives_three_more_turns() -> None:
    state = start(3, rooms=["laundry", QUIET], options={"mode": "long"}, orders=CALM)
    events = kill_seat_2(state)
    assert [(w.start, w.end) for w in of_type(events, a.FinalWindow)] == [(2, 4)]
    for _ in range(4):
        still_turn(state)
    assert state.outcome().rule == "R-AE-29" and state.outcome().winners == (2,)
    assert state.turn == 4


@pytest.mark.parametrize(("mode", "turn", "window"), [
    ("short", 4, (5, 7)), ("short", 8, (7, 9)), ("short", 1, (2, 4)), ("long", 9, (10, 12))])
def test_r_ae_30_one_victim_left_triggers_the_window(mode: str, turn: int,
                                                     window: tuple[int, int]) -> None:
    state = start(3, rooms=["laundry", QUIET], options={"mode": mode}, orders=CALM)
    begin_turn(state, turn)
    events = kill_seat_2(state)
    assert [(w.start, w.end, w.rule) for w in of_type(events, a.FinalWindow)] == [
        (*window, "R-AE-30")]
    assert state.view(None)["final_window"] == list(window)


def test_r_ae_31_the_patients_win_as_soon_as_every_victim_is_dead() -> None:
    state = start(2, rooms=["laundry"], orders=CALM)
    events = kill_seat_2(state)
    won = of_type(events, a.GameWon)[0]
    assert (won.side, won.winners, won.rule) == ("patients", (0,), "R-AE-31")
    assert state.pending() == () and not of_type(events, a.RoomDestroyed)


def test_a_ae_15_one_victim_from_the_start() -> None:
    for mode in ("short", "long"):
        assert start(2, options={"mode": mode}).window == [1, 3]
    late = start(2, options={"mode": "long", "single_victim_window": False})
    assert late.window == [7, 9]


def test_the_table_can_end_the_game_and_everything_is_shown() -> None:
    state = start(3, rooms=["kitchen", QUIET])
    assert "room" not in state.view(None)["victims"][0]
    state.apply(EndGame("time"))
    assert state.outcome().result == "abandoned" and state.pending() == ()
    assert state.view(None)["victims"][0]["room"] == "kitchen"
    pictures = state.pictures()
    assert pictures["victim_routes"] == ["Seat 2 (alive): Kitchen",
                                         f"Seat 3 (alive): {GAME.data.get(QUIET).name}"]
    route = pictures["route_seat_2"]  # on the layout as laid out, top row first
    assert route[0] == "Seat 2 (alive): S start, N move N, X died, # destroyed"
    assert route[3].split() == ["S", "Kitchen", ".", "Boiler", "Room", ".", "Showers", ".",
                                "Cafeteria", ".", "Pharmacy"]
    assert route[5].split()[:2] == [".", "Rooftop"] and sorted(pictures) == [
        "route_seat_2", "route_seat_3", "victim_routes"]


def damaged(change: object) -> dict:
    state = start(3, rooms=["kitchen", QUIET])
    snapshot = json.loads(json.dumps(state.to_json()))
    change(snapshot)
    return snapshot


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s["victims"][0]["hand"].append(s["victims"][1]["hand"][0]),
     "decks.camo_sabo: 'camo-hide-2' appears 2 times"),
    (lambda s: s["victims"][0].update(room="moon"),
     "victims[0].room: 'moon' is not a location of the pack"),
    (lambda s: s.update(phase="dancing"), "phase: unknown phase 'dancing'"),
    (lambda s: s["todo"].insert(0, ["fly"]), "todo[0]: unknown step ['fly']"),
    (lambda s: s.update(window=[3, 1]), "window: must be [first turn, last turn]"),
    (lambda s: s["columns"][0].append("morgue"), "columns: 'morgue' appears 2 times"),
    (lambda s: s["decks"]["movement"].pop(), "decks.movement: 17 cards in play"),
    (lambda s: s["patients"][0].update(card="intern"), "patients[0].card: 'intern' is not a "
     "Patient card"),
    (lambda s: s.update(turn=-1), "turn: the turn and kill counters cannot be negative"),
])
def test_a_damaged_snapshot_is_refused_naming_the_field(change: object, words: str) -> None:
    with pytest.raises(SnapshotError) as info:
        GAME.state_from_json(damaged(change))
    assert words in info.value.message


def test_a_snapshot_round_trips() -> None:
    state = start(3, rooms=["kitchen", QUIET])
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json() and again.view(1) == state.view(1)


def test_a_ae_21_the_game_ends_when_no_room_is_left() -> None:
    state = start(2, rooms=["rooftop"], options={"destroyed_victims": "displace"}, orders=CALM)
    arrange(state, columns=[["rooftop"]], window=[1, 3], patients={"the-butcher": "rooftop"},
            destroyed=[r for c in state.columns for r in c if r != "rooftop"])
    events = move_patient(state)  # stays: no catch (A-AE-05); the final window destroys it
    won = of_type(events, a.GameWon)[0]
    assert (won.side, won.winners, won.rule) == ("victims", (1,), "A-AE-21")
