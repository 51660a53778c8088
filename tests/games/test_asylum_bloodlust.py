"""Bloodlust cards with a structured effect (R-AE-16, A-AE-01, A-AE-22): the data checks, the
choices offered (exactly the effect's, plus done), exact refusals that change nothing, and
the effect applied once. The EXAMPLE deck in file order: bl-frenzy (move_patient, 1 room),
bl-scent (reveal), bl-lights (no effect), bl-collapse (destroy), bl-howl (no effect)."""

from __future__ import annotations

import json

import pytest

from services.games.asylum_escape import AsylumState
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.data import load_data
from services.games.core import DataError
from services.games.kit.packs import shipped_pack_text
from tests.games.asylum_helpers import (
    GAME,
    QUIET,
    move_patient,
    of_type,
    pass_window,
    refused,
    roll,
    start,
    types,
)

TEXT = shipped_pack_text("asylum.toml")
FRENZY = 'id = "bl-frenzy"\nname = "Frenzy (example)"\n'


def drawn(card: str, rooms: tuple[str, str] = ("laundry", QUIET)) -> AsylumState:
    """Patient turn 1: The Butcher stays in the Morgue, nobody is killed, ``card`` is drawn."""
    state = start(3, rooms=list(rooms), orders={"bloodlust": [card]})
    events = move_patient(state)
    assert of_type(events, a.BloodlustDrawn)[0].card == card and state.phase == "adjust"
    return state


def test_the_example_cards_carry_structured_effects() -> None:
    data = load_data()
    assert [(c.id, c.effect, c.value, c.manual_effect) for c in data.bloodlust] == [
        ("bl-frenzy", "move_patient", 1, ""), ("bl-scent", "reveal", 0, ""),
        ("bl-lights", "", 0, ""), ("bl-collapse", "destroy", 0, ""), ("bl-howl", "", 0, "")]


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ('effect = "reveal"', 'effect = "teleport"', "bloodlust[1].effect",
     "unknown effect 'teleport'; Bloodlust effects are move_patient, reveal, destroy "
     "(anything else: manual_effect)"),
    ('effect = "move_patient"\nvalue = 1', 'effect = "move_patient"', "bloodlust[0].value",
     "missing"),
    ('effect = "move_patient"\nvalue = 1', 'effect = "move_patient"\nvalue = 7',
     "bloodlust[0].value", "must be 1 to 6, not 7"),
    ('effect = "reveal"', 'effect = "reveal"\nvalue = 2', "bloodlust[1].value",
     'only a card with effect = "move_patient" has a value'),
    ('effect = "destroy"', 'effect = "destroy"\nmanual_effect = "Destroy a room."',
     "bloodlust[3].manual_effect", "give it either effect or manual_effect, not both"),
])
def test_bloodlust_effects_are_checked(old: str, new: str, field: str, words: str) -> None:
    assert old in TEXT
    with pytest.raises(DataError) as info:
        load_data(TEXT.replace(old, new, 1), "mine.toml")
    assert info.value.file == "mine.toml" and info.value.field == field
    assert words in str(info.value)


def test_move_patient_offers_every_room_in_reach_and_catches_on_entry() -> None:
    state = drawn("bl-frenzy")
    assert state.current == {"seat": 0, "card": "bl-frenzy", "effect": "Move one Patient up "
                             "to 1 room; a Victim in the room it enters is caught."}
    assert state.legal_actions(0) == [a.Adjust(0, "done")] + [
        a.Adjust(0, "move_patient", patient="the-butcher", room=r)
        for r in ("rooftop", "laundry", "padded-cell")]
    refused(state, a.Adjust(0, "reveal", target=1), "R-AE-16",
            "Frenzy (example) allows only move_patient (or done, to let it pass), not reveal")
    refused(state, a.Adjust(0, "move_patient", patient="the-butcher", room="boiler-room"),
            "R-AE-16", "The Butcher (example) moves 1 room (up, down, left or right): "
            "Rooftop, Laundry, Padded Cell; not Boiler Room")
    refused(state, a.Adjust(0, "move_patient", patient="the-twins", room="laundry"),
            "R-AE-16", "The Twins (example) is not a Patient on the grid: move The Butcher "
            "(example)")
    move = a.Adjust(0, "move_patient", patient="the-butcher", room="laundry")
    assert state.describe(move) == "Seat 1 moves The Butcher (example) to Laundry"
    events = state.apply(move)
    assert events[:2] == [a.Adjusted(0, "move_patient", -1, "the-butcher", "laundry"),
                          a.Caught(1, "laundry", ("the-butcher",), "R-AE-16")]
    assert state.patient("the-butcher")["room"] == "laundry" and state.phase == "window"
    pass_window(state)  # the caught Victim may answer with a card (R-AE-24)
    events = roll(state, 6)
    assert "victim_killed" in types(events) and not state.victim(1)["alive"]


def test_a_move_into_an_empty_room_ends_the_card() -> None:
    state = drawn("bl-frenzy")
    state.apply(a.Adjust(0, "move_patient", patient="the-butcher", room="rooftop"))
    assert state.patient("the-butcher")["room"] == "rooftop"
    assert state.phase != "adjust" and state.current.get("card") != "bl-frenzy"


def test_reveal_names_a_living_victim_once() -> None:
    state = drawn("bl-scent")
    assert state.legal_actions(0) == [a.Adjust(0, "done"), a.Adjust(0, "reveal", target=1),
                                      a.Adjust(0, "reveal", target=2)]
    refused(state, a.Adjust(0, "reveal", target=0), "R-AE-16",
            "reveal names a living Victim (Seat 2, Seat 3), not Seat 1")
    refused(state, a.Adjust(0, "destroy", room="lobby"), "R-AE-16",
            "Scent of Fear (example) allows only reveal (or done, to let it pass), not destroy")
    assert state.describe(a.Adjust(0, "reveal", target=2)) == \
        "Seat 1 makes Seat 3 reveal their room"
    events = state.apply(a.Adjust(0, "reveal", target=2))
    assert events[:2] == [a.Adjusted(0, "reveal", 2, "", ""), a.RoomRevealed(2, QUIET)]
    assert state.victim(2)["revealed"] == QUIET and state.phase != "adjust"


def test_destroy_takes_a_room_without_a_patient() -> None:
    state = drawn("bl-collapse")
    rooms = [r for c in state.columns for r in c if r != "morgue"]
    assert state.legal_actions(0) == [a.Adjust(0, "done"),
                                      *[a.Adjust(0, "destroy", room=r) for r in rooms]]
    refused(state, a.Adjust(0, "destroy", room="morgue"), "R-AE-16",
            "Morgue has a Patient in it: destroy a room of the grid with no Patient in it")
    refused(state, a.Adjust(0, "destroy", room="moon"), "R-AE-16",
            "moon is not a room of the grid: destroy a room of the grid with no Patient in it")
    events = state.apply(a.Adjust(0, "destroy", room="laundry"))  # A-AE-08: Seat 2 dies
    assert types(events)[:2] == ["adjusted", "victim_killed"]
    assert of_type(events, a.RoomDestroyed)[0].rule == "R-AE-16"
    assert "laundry" not in state.grid and not state.victim(1)["alive"]
    assert state.victim(2)["alive"] and state.phase != "adjust"


def test_done_lets_the_card_pass() -> None:
    state = drawn("bl-collapse")
    before = [list(c) for c in state.columns]
    assert state.describe(a.Adjust(0, "done")) == "Seat 1 is done with the card"
    events = state.apply(a.Adjust(0, "done"))
    assert "adjusted" not in types(events) and state.columns == before
    assert state.phase != "adjust"


def test_a_snapshot_in_the_adjustment_is_checked_and_restored() -> None:
    state = drawn("bl-frenzy")
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    assert again.legal_actions(0) == state.legal_actions(0)
