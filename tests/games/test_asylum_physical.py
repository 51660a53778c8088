"""Asylum Escape with the table's own decks (option ``cards = physical``): whoever draws tells
the box the card (``identify``), a Camo/Sabo card in a hand stays unseen until it is played or
forced out, empty decks take their discard pile back; refusals name their rule, say why and
change nothing; the snapshot checks of the option."""

from __future__ import annotations

import json
from typing import Any

import pytest

from services.games.asylum_escape import AsylumEscape, AsylumState
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.physical import UNKNOWN
from services.games.core import SnapshotError
from tests.games.asylum_helpers import (
    GAME,
    MANUAL,
    QUIET,
    flip,
    new,
    of_type,
    pass_window,
    refused,
    roll,
    shuffle_all,
    types,
)

PHYSICAL = {"cards": "physical"}


def told(state: AsylumState, card: str) -> list[Any]:
    """The pending seat tells the box ``card``."""
    assert state.phase == "identify", state.phase
    return state.apply(a.Identify(state.current["seat"], card))


def set_up(players: int = 3, victims: tuple[str, ...] = ("intern", "janitor", "reporter"),
           camo: tuple[str, ...] = ("camo-hide-1", "camo-vent-1", "camo-sprint-1"),
           box: AsylumEscape = GAME, **options: Any) -> AsylumState:
    """Through the set-up with the given cards drawn; Patient turn 1 waits for its coin."""
    state = new(players, {**PHYSICAL, **options}, box)
    shuffle_all(state)  # the location cards only: the box still lays out the grid
    for card in victims[:players - 1]:
        told(state, card)
        state.apply(a.Keep(state.current["seat"]))
    told(state, "the-butcher")
    for seat in state.victim_seats():
        state.apply(a.StartRoom(seat, QUIET))
    for card in camo[:players - 1]:
        told(state, card)
    assert state.phase == "flip" and state.turn == 1, state.phase
    return state


def to_victim_turn(state: AsylumState) -> None:
    """The Butcher stays put, no kill: the Patients player tells the Bloodlust card."""
    flip(state)
    state.apply(a.MovePatient(0, "the-butcher", ()))
    told(state, "bl-lights")
    pass_window(state)
    assert state.phase == "victim_draw", state.phase


def test_the_box_shuffles_no_deck_and_asks_whoever_draws() -> None:
    state = new(3, PHYSICAL)
    assert state.phase == "shuffle" and state.current["deck"] == "locations"
    shuffle_all(state)
    assert state.phase == "identify" and state.current == {
        "seat": 1, "deck": "victims", "purpose": "draw"}
    assert state.legal_actions(1) == [a.Identify(1, c) for c in sorted(GAME.data.deck(
        "victims"))]
    assert state.legal_actions(2) == []
    dealt = of_type(told(state, "doctor"), a.VictimDealt)
    assert dealt == [a.VictimDealt(1, "doctor", False)] and state.phase == "victim_card"
    state.apply(a.Keep(1))
    told(state, "guard")
    state.apply(a.Keep(2))
    assert state.current["seat"] == 0 and state.current["deck"] == "patients"
    released = of_type(told(state, "nurse-ratchet"), a.PatientReleased)
    assert released == [a.PatientReleased("nurse-ratchet", "infirmary", False)]
    assert state.view(None)["deck_sizes"] == {
        "locations": 0, "victims": 5, "patients": 3, "special": 2, "camo_sabo": 19,
        "movement": 18, "bloodlust": 5}


def test_a_card_seen_already_or_of_another_deck_is_refused() -> None:
    state = new(3, PHYSICAL)
    shuffle_all(state)
    refused(state, a.Identify(1, "joker"), "R-AE-04", "'joker' is not a card of the pack")
    refused(state, a.Identify(1, "the-butcher"), "R-AE-04",
            "The Butcher (example) is not a Victim card: tap or choose the Victim card")
    refused(state, a.Identify(2, "intern"), "R-AE-20", "Seat 3 cannot act now")
    told(state, "intern")
    state.apply(a.Keep(1))
    refused(state, a.Identify(2, "intern"), "R-AE-04",
            "Example Intern is face-up or in play already")
    refused(state, a.Keep(2), "R-AE-04", "keep is not possible now: Seat 3 must tell the box")
    box = new(3)
    shuffle_all(box)
    refused(box, a.Identify(1, "intern"), "R-AE-20",
            "identify is not possible now: Seat 2 must keep your Victim card")


def test_a_mulligan_card_goes_back_among_the_unseen_and_may_come_again() -> None:
    state = new(3, PHYSICAL)
    shuffle_all(state)
    told(state, "intern")
    events = state.apply(a.Mulligan(1))
    assert of_type(events, a.DeckShuffled) == [a.DeckShuffled("victims", 7)]
    assert state.phase == "identify" and "intern" in state.decks["victims"]
    assert of_type(told(state, "intern"), a.VictimDealt) == [a.VictimDealt(1, "intern", True)]


def test_a_camo_sabo_card_in_a_hand_is_unseen_until_played() -> None:
    state = set_up()
    assert [v["hand"] for v in state.victims] == [[UNKNOWN], [UNKNOWN]]
    assert state.view(1)["private"]["hand"] == [UNKNOWN]
    assert "camo-hide-1" in state.decks["camo_sabo"]  # the box forgot which card it was
    tell = a.Identify(1, "camo-hide-1")
    assert state.describe(tell, 2) == "Seat 2 tells the box a Camo/Sabo card"
    assert state.describe(tell, 1) == "Seat 2 tells the box: Hide (example)"
    to_victim_turn(state)
    state.apply(a.SkipDraw(1))
    playable = state.legal_actions(1)
    moves = [x.card for x in playable if isinstance(x, a.PlayCard)]
    assert moves == sorted(["camo-vent-1", "camo-vent-2", "camo-vent-3", "camo-sprint-1",
                            "camo-sprint-2", "camo-stash-1"])  # any unseen card of its timing
    played = of_type(state.apply(a.PlayCard(1, "camo-sprint-2")), a.CardPlayed)
    assert played[0].card == "camo-sprint" and state.victim(1)["hand"] == []
    assert "camo-sprint-2" not in state.decks["camo_sabo"]
    assert state.discards["camo_sabo"] == ["camo-sprint-2"]


def test_playing_a_card_the_box_has_seen_or_from_an_empty_hand_is_refused() -> None:
    state = set_up()
    to_victim_turn(state)
    state.apply(a.SkipDraw(1))
    state.apply(a.PlayCard(1, "camo-vent-2"))
    state.apply(a.Move(1, ()))
    refused(state, a.PlayCard(1, "camo-vent-3"), "R-AE-24",
            "Vent Crawl (example) cannot be in your hand: it is face-up or played already, or "
            "your hand is empty")
    state.apply(a.EndTurn(1))
    state.apply(a.SkipDraw(2))
    refused(state, a.PlayCard(2, "camo-vent-2"), "R-AE-24",
            "Vent Crawl (example) cannot be in your hand")
    refused(state, a.PlayCard(2, "sabo-scream-1"), "R-AE-24",
            "can be played only when another Victim's turn starts; now it is your turn")


def test_a_hold_card_goes_face_up_and_is_known() -> None:
    state = set_up(camo=("camo-locker-1", "camo-hide-2"))
    assert state.victim(1)["held"] == "camo-locker-1" and state.victim(1)["hand"] == []
    assert "camo-locker-1" not in state.decks["camo_sabo"]
    assert state.describe(a.Identify(1, "camo-locker-1"), 2) == \
        "Seat 2 tells the box: Locker (example)"


def test_when_only_hold_cards_can_be_left_a_hand_card_is_refused() -> None:
    state = set_up(4)
    hands = [c for c in GAME.data.deck("camo_sabo") if not GAME.data.get(c).hold]
    state.victim(2)["hand"] = state.victim(3)["hand"] = [UNKNOWN] * 7
    assert len(hands) == 1 + 7 + 7
    to_victim_turn(state)
    state.apply(a.DrawCard(1, "camo_sabo"))
    assert [x.card for x in state.legal_actions(1)] == ["camo-locker-1", "camo-locker-2",
                                                        "sabo-alarm-1", "sabo-alarm-2"]
    refused(state, a.Identify(1, "camo-hide-1"), "R-AE-20",
            "every other Camo/Sabo card is in a hand, so the card drawn is a Hold card")


def test_movement_cards_are_told_and_shown_face_up() -> None:
    state = set_up()
    to_victim_turn(state)
    state.apply(a.DrawCard(1, "movement"))
    assert state.current == {"seat": 1, "deck": "movement", "purpose": "draw"}
    shown = of_type(told(state, "move-2-3"), a.MovementShown)
    assert shown == [a.MovementShown(1, "move-2", 2, "turn")]
    assert state.discards["movement"] == ["move-2-3"] and state.phase == "victim_act"
    assert state.describe(a.Identify(1, "move-2-3"), 2) == "Seat 2 tells the box: Movement 2"


def test_a_caught_victim_tells_the_card_drawn_to_flee() -> None:
    state = set_up()
    state.victim(1)["room"] = "laundry"  # next to the Butcher's morgue
    flip(state)
    state.apply(a.MovePatient(0, "the-butcher", ("laundry",)))
    pass_window(state)
    roll(state, 1)  # the Butcher kills on 5-6: Seat 2 survives and flees
    assert state.current == {"seat": 1, "deck": "movement", "purpose": "draw"}
    events = told(state, "stumble-1")
    assert types(events)[:3] == ["movement_shown", "stumbled", "caught"]
    assert of_type(events, a.MovementShown) == [a.MovementShown(1, "stumble", 0, "flee")]
    assert state.phase == "window" and state.discards["movement"] == ["stumble-1"]


def test_bloodlust_is_told_by_the_patients_player() -> None:
    state = set_up()
    flip(state)
    state.apply(a.MovePatient(0, "the-butcher", ()))
    assert state.current == {"seat": 0, "deck": "bloodlust", "purpose": "draw"}
    refused(state, a.Identify(1, "bl-howl"), "R-AE-20", "Seat 2 cannot act now")
    refused(state, a.Identify(0, "bl-howl-2"), "R-AE-16", "'bl-howl-2' is not a card")
    drawn = of_type(told(state, "bl-frenzy"), a.BloodlustDrawn)
    assert [d.card for d in drawn] == ["bl-frenzy"] and state.phase == "adjust"


def test_an_empty_deck_takes_its_discard_pile_back_without_the_box_shuffling() -> None:
    state = set_up()
    state.decks["bloodlust"] = []
    state.discards["bloodlust"] = ["bl-frenzy", "bl-scent", "bl-lights", "bl-collapse",
                                   "bl-howl"]
    flip(state)
    events = state.apply(a.MovePatient(0, "the-butcher", ()))
    assert of_type(events, a.DeckShuffled) == [a.DeckShuffled("bloodlust", 5)]
    assert state.discards["bloodlust"] == [] and state.phase == "identify"
    assert state.decks["bloodlust"] == sorted(GAME.data.deck("bloodlust"))


def test_a_discard_adjustment_asks_the_victim_which_card_left_the_hand() -> None:
    state = set_up(box=MANUAL)
    flip(state)
    state.apply(a.MovePatient(0, "the-butcher", ()))
    told(state, "bl-frenzy")
    assert state.phase == "adjust"
    state.apply(a.Adjust(0, "discard", target=2))
    assert state.current == {"seat": 2, "deck": "camo_sabo", "purpose": "discard"}
    refused(state, a.Identify(2, "camo-locker-1"), "A-AE-22",
            "Locker (example) is a Hold card, not in the hand")
    events = told(state, "sabo-trip-1")
    assert of_type(events, a.CardDiscarded) == [a.CardDiscarded(2, "sabo-trip")]
    assert state.victim(2)["hand"] == [] and state.phase == "adjust"


def test_an_adjustment_draw_asks_the_victim_for_the_card() -> None:
    state = set_up(box=MANUAL)
    flip(state)
    state.apply(a.MovePatient(0, "the-butcher", ()))
    told(state, "bl-frenzy")
    state.apply(a.Adjust(0, "draw", target=1))
    assert state.current == {"seat": 1, "deck": "camo_sabo", "purpose": "draw"}
    drawn = of_type(told(state, "camo-hide-4"), a.CardDrawn)
    assert drawn == [a.CardDrawn(1, "camo_sabo", "", "")]
    assert state.victim(1)["hand"] == [UNKNOWN, UNKNOWN] and state.phase == "adjust"


def mutated(state: AsylumState, change: Any) -> str:
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    with pytest.raises(SnapshotError) as info:
        GAME.state_from_json(data)
    return str(info.value)


def test_snapshots_of_physical_decks_are_checked() -> None:
    state = set_up()
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()

    def too_many(d: dict[str, Any]) -> None:
        d["victims"][0]["hand"] = [UNKNOWN] * 15

    assert "16 Camo/Sabo cards in hands, but only 15" in mutated(state, too_many)

    def no_grid(d: dict[str, Any]) -> None:
        d["destroyed"] += [r for column in d["columns"] for r in column]
        d["columns"] = []

    assert "columns: no room is left and none is to be laid out" in mutated(state, no_grid)
    box = json.loads(json.dumps(state.to_json()))
    box["options"]["cards"] = "box"
    with pytest.raises(SnapshotError, match=r"victims\[0\]\.hand\[0\]: '\?' is not a Camo"):
        GAME.state_from_json(box)
    flip(state)
    state.apply(a.MovePatient(0, "the-butcher", ()))
    assert state.phase == "identify"

    def by_a_victim(d: dict[str, Any]) -> None:
        d["current"]["seat"] = 1

    def empty(d: dict[str, Any]) -> None:
        d["discards"]["bloodlust"] += d["decks"]["bloodlust"]
        d["decks"]["bloodlust"] = []

    def in_box_mode(d: dict[str, Any]) -> None:
        d["options"]["cards"] = "box"
        for victim in d["victims"]:
            victim["hand"] = []

    assert "bloodlust cards are drawn by the Patients player" in mutated(state, by_a_victim)
    assert "the bloodlust deck is empty" in mutated(state, empty)
    assert "'bloodlust' is not a card deck the table draws from" in mutated(state, in_box_mode)


def test_a_card_kind_instead_of_a_copy_is_refused_naming_a_copy() -> None:
    state = new(3, PHYSICAL)
    shuffle_all(state)
    for card in ("intern", "janitor"):
        told(state, card)
        state.apply(a.Keep(state.current["seat"]))
    told(state, "the-butcher")
    for seat in state.victim_seats():
        state.apply(a.StartRoom(seat, QUIET))
    assert state.current["deck"] == "camo_sabo"
    refused(state, a.Identify(state.current["seat"], "camo-hide"), "R-AE-20",
            "'camo-hide' names the kind of card, not one copy: identify a copy, e.g. "
            "'camo-hide-1'")
