"""Asylum Escape: the Victim turn (R-AE-20..26), Stumbles, cards and their windows, and the
referee adjustments (A-AE-06, 10, 11, 16, 20, 22)."""

from __future__ import annotations

from typing import Any

from services.games.asylum_escape import AsylumState
from services.games.asylum_escape import actions as a
from services.games.core import DrawResult
from tests.games.asylum_helpers import (
    MANUAL,
    QUIET,
    add_patient,
    begin_turn,
    move_patient,
    of_type,
    pass_window,
    refused,
    roll,
    start,
)

CALM = {"bloodlust": ["bl-lights", "bl-howl"]}  # Bloodlust cards without a manual effect


def victim_turn(players: int = 3, rooms: list[str] | None = None,
                orders: dict[str, list[str]] | None = None, **options: Any) -> AsylumState:
    """A game at the first Victim turn (the Butcher stayed put)."""
    state = start(players, rooms=rooms, options=options, orders={**CALM, **(orders or {})})
    move_patient(state)
    pass_window(state)
    assert state.phase == "victim_draw", state.phase
    return state


def test_r_ae_20_victims_act_clockwise_after_the_patients_player_drawing_at_most_once() -> None:
    state = start(4, rooms=[QUIET] * 3, options={"patients_seat": 2}, orders=CALM)
    move_patient(state)
    order = []
    while state.phase != "flip":
        seat = state.current["seat"]
        order.append(seat)
        state.apply(a.DrawCard(seat, "camo_sabo"))
        refused(state, a.DrawCard(seat, "movement"), "R-AE-20", "draw card is not possible now")
        refused(state, a.SkipDraw(seat), "R-AE-20", "skip draw is not possible now")
        state.apply(a.EndTurn(seat))
    assert order == [3, 0, 1] and state.turn == 2
    assert [(v["hand_size"], v["held"]) for v in state.view(None)["victims"]] == [
        (2, ""), (1, "camo-locker"), (1, "camo-locker")]  # Hold cards go face-up


def test_r_ae_21_a_movement_card_moves_up_to_its_value_in_secret() -> None:
    state = victim_turn(orders={"movement": ["move-2-1"]})
    events = state.apply(a.DrawCard(1, "movement"))
    shown = of_type(events, a.MovementShown)[0]
    assert (shown.card, shown.value, shown.purpose) == ("move-2", 2, "turn")
    refused(state, a.EndTurn(1), "R-AE-21", "make your move")
    refused(state, a.Move(1, ("greenhouse", "cafeteria", "surgery")), "R-AE-21",
            "at most 2 rooms")
    assert len(state.legal_actions(1)) == 1 + 3 + 4  # one path per reachable room
    events = state.apply(a.Move(1, ("greenhouse", "cafeteria")))
    assert state.victim(1)["room"] == "cafeteria" and "cafeteria" not in str(events)
    assert state.phase == "victim_draw" and state.current["seat"] == 2
    assert state.view(None)["discards"]["movement"] == ["move-2"]  # R-AE-26
    slow = victim_turn(orders={"movement": ["move-2-1"], "victims": ["janitor"]})
    assert of_type(slow.apply(a.DrawCard(1, "movement")), a.MovementShown)[0].value == 1


def test_r_ae_22_entering_a_patient_room_is_allowed_and_caught() -> None:
    state = victim_turn(rooms=["courtyard", QUIET], orders={"movement": ["move-3-1"]})
    state.apply(a.DrawCard(1, "movement"))
    refused(state, a.Move(1, ("padded-cell", "morgue", "laundry")), "R-AE-22",
            "caught there: your path must end in that room")
    events = state.apply(a.Move(1, ("padded-cell", "morgue")))
    assert [(c.seat, c.room, c.patients, c.rule) for c in of_type(events, a.Caught)] == [
        (1, "morgue", ("the-butcher",), "R-AE-22")]
    pass_window(state)
    events = roll(state, 6)
    assert [d.room for d in of_type(events, a.RoomDestroyed)] == ["morgue"]  # A-AE-20
    assert state.phase == "victim_draw" and state.current["seat"] == 2
    state.apply(a.SkipDraw(2))
    events = state.apply(a.EndTurn(2))
    events += move_patient(state)  # no kill in this Patient turn: Bloodlust (A-AE-20)
    assert of_type(events, a.BloodlustDrawn)
    strict = victim_turn(rooms=["courtyard", QUIET], orders={"movement": ["move-3-1"]},
                         forbid_voluntary_patient_room=True)
    strict.apply(a.DrawCard(1, "movement"))
    refused(strict, a.Move(1, ("padded-cell", "morgue")), "A-AE-06", "may not enter it")
    assert all("morgue" not in m.path for m in strict.legal_actions(1) if hasattr(m, "path"))


def test_r_ae_23_stumble_into_the_nearest_patient() -> None:
    state = victim_turn(orders={"movement": ["stumble-1"]})
    events = state.apply(a.DrawCard(1, "movement"))
    assert [(s.seat, s.room) for s in of_type(events, a.Stumbled)] == [(1, "morgue")]
    assert of_type(events, a.Caught)[0].rule == "R-AE-23"
    assert state.view(None)["victims"][0]["revealed"] == "morgue"


def test_a_ae_11_a_tie_for_the_nearest_patient_is_the_patients_players_choice() -> None:
    state = start(3, rooms=["showers", QUIET], orders={**CALM, "movement": ["stumble-1"]})
    add_patient(state, "the-twins", "records-office")
    begin_turn(state, 2)
    move_patient(state)
    move_patient(state)
    state.apply(a.DrawCard(1, "movement"))
    assert state.phase == "choose_room"
    assert state.current["rooms"] == ["morgue", "records-office"]
    refused(state, a.ChooseRoom(0, "lobby"), "A-AE-11", "cannot be chosen")
    events = state.apply(a.ChooseRoom(0, "records-office"))
    assert of_type(events, a.Caught)[0].patients == ("the-twins",)


def test_a_ae_10_a_stumble_drawn_to_flee_applies_unless_redrawn() -> None:
    for redraw, expected in ((False, "stumbled"), (True, "move")):
        state = start(3, rooms=["laundry", QUIET], orders={**CALM, "movement": ["stumble-1"]},
                      options={"redraw_stumble_on_flee": redraw})
        move_patient(state, ["laundry"])
        pass_window(state)
        events = roll(state, 1)
        if expected == "stumbled":
            assert of_type(events, a.Stumbled)[0].room == "laundry"  # caught again
            assert state.phase == "window"
        else:
            assert [m.card for m in of_type(events, a.MovementShown)] == ["stumble",
                                                                           "move-1"]
            assert state.phase == "move"


def test_r_ae_24_cards_only_in_the_windows_their_symbols_allow() -> None:
    state = start(3, orders={**CALM, "camo_sabo": ["camo-hide-1", "sabo-scream-1",
                                                    "camo-vent-1"]},
                  options={"card_windows": True})
    move_patient(state)
    assert state.phase == "window" and state.current["timing"] == "other_turn"
    assert state.current["waiting"] == [2] and state.current["turn"] == 1
    events = state.apply(a.PlayCard(2, "sabo-scream-1", target=1))
    assert state.phase == "adjust" and state.current["seat"] == 2
    events += state.apply(a.Adjust(2, "reveal", target=1))
    assert [(r.seat, r.room) for r in of_type(events, a.RoomRevealed)] == [(1, QUIET)]
    state.apply(a.Adjust(2, "done"))
    assert state.phase == "window" and state.current["waiting"] == [2]  # back in the window
    state.apply(a.Pass(2))
    state.apply(a.DrawCard(1, "camo_sabo"))  # camo-vent-1: own turn, move 1
    refused(state, a.PlayCard(1, "camo-hide-1"), "R-AE-24",
            "Hide (example) can be played only before a Patient's kill roll; now it is your "
            "turn")
    state.apply(a.PlayCard(1, "camo-vent-1"))
    assert state.phase == "move" and state.current["steps"] == 1
    state.apply(a.Move(1, ("greenhouse",)))
    assert state.phase == "victim_act" and state.victim(1)["room"] == "greenhouse"
    state.apply(a.EndTurn(1))


def test_r_ae_25_hand_limit_and_one_held_card() -> None:
    state = victim_turn()
    state.victim(1)["hand"] = [f"camo-hide-{i}" for i in (1, 3, 4)] + [
        "camo-vent-1", "camo-vent-2", "camo-vent-3", "camo-sprint-1"]
    state.decks["camo_sabo"] = [c for c in state.decks["camo_sabo"]
                                if c not in state.victim(1)["hand"]]
    refused(state, a.DrawCard(1, "camo_sabo"), "A-AE-16", "holds 7 Camo/Sabo cards, the limit")
    assert a.DrawCard(1, "movement") in state.legal_actions(1)
    held = victim_turn(orders={"camo_sabo": ["camo-locker-1", "camo-hide-2", "camo-locker-2"]})
    assert held.victim(1)["held"] == "camo-locker-1"
    events = held.apply(a.DrawCard(1, "camo_sabo"))
    drawn = of_type(events, a.CardDrawn)[0]
    assert (drawn.held, drawn.discarded) == ("camo-locker", "camo-locker")
    assert held.view(None)["victims"][0]["hand_size"] == 0
    assert held.view(None)["discards"]["camo_sabo"] == ["camo-locker"]


def test_a_ae_22_adjustments_apply_manual_effects() -> None:
    state = start(3, rooms=["laundry", QUIET], box=MANUAL)  # bl-frenzy: a manual effect
    move_patient(state)
    assert state.phase == "adjust"
    refused(state, a.Adjust(0, "kill", target=0), "A-AE-22", "living Victim")
    refused(state, a.Adjust(0, "move_patient", patient="the-twins", room="lobby"), "A-AE-22",
            "not a Patient on the grid")
    refused(state, a.Adjust(0, "destroy", room="moon"), "A-AE-22", "not a room of the grid")
    state.apply(a.Adjust(0, "move_patient", patient="the-butcher", room="lobby"))
    assert state.patient("the-butcher")["room"] == "lobby"
    events = state.apply(a.Adjust(0, "draw", target=2))
    assert len(state.victim(2)["hand"]) == 2 and of_type(events, a.CardDrawn)
    events = state.apply(a.Adjust(0, "catch", target=1, patient="the-butcher"))
    assert of_type(events, a.Caught)[0].patients == ("the-butcher",)
    pass_window(state)
    events = roll(state, 6)
    assert [d.room for d in of_type(events, a.RoomDestroyed)] == ["laundry"]
    assert state.phase == "adjust"  # back to the card
    events = state.apply(a.Adjust(0, "destroy", room="kitchen"))
    assert "kitchen" not in state.grid and state.phase == "adjust"
    state.apply(a.Adjust(0, "discard", target=2))  # a card forced out of the hand
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.rule, prompt.to_json()["size"]) == ("draw", "A-AE-22", 2)
    refused(state, DrawResult("hand", "camo-hide-1"), "A-AE-22", "not in the hand pile")
    events = state.apply(DrawResult("hand", "camo-hide-2"))
    assert [(d.seat, d.card) for d in of_type(events, a.CardDiscarded)] == [(2, "camo-hide")]
    assert "camo-hide-2" not in state.victim(2)["hand"] and state.phase == "adjust"
    events = state.apply(a.Adjust(0, "kill", target=2))
    assert state.outcome() is not None and state.outcome().rule == "R-AE-31"
