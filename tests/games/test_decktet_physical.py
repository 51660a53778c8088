"""Escape! with the players' own cards (option cards=physical): the box tracks the table."""

from __future__ import annotations

import json

import pytest

from services.games.core import IllegalAction
from services.games.decktet_escape import actions as a
from tests.games.decktet_helpers import GAME


def new(players=3, **options):
    return GAME.new_state(players, {"cards": "physical", **options})


def refused(state, action) -> IllegalAction:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return info.value


def test_r_ex_02_no_shuffle_the_players_deal_their_own_cards():
    state = new(4)
    assert state.chance_prompt() is None
    assert state.hand_sizes == [5, 5, 5, 5] and state.draw_left == 25
    view = state.view(None)
    assert view["hands"][0] == {"seat": 0, "size": 5, "hidden": True, "slots": []}
    assert len(view["unseen"]) == 45 and view["draw_count"] == 25


def test_r_ex_09_a_played_card_is_named_and_placed_by_the_rules():
    state = new()
    events = state.apply(a.PlayCard(0, "the-watchman"))
    assert events[0] == a.CardRevealed(0, None, "the-watchman", "key", "play")
    assert a.RouteStarted(1, "the-watchman") in events
    assert state.hand_sizes == [5, 5, 5] and state.draw_left == 29  # R-EX-14: drew one
    assert "the-watchman" not in state.view(None)["unseen"]
    events = state.apply(a.PlayCard(1, "the-origin"))  # Wa Le does not match Mo Wy Kn
    disaster = next(e for e in events if isinstance(e, a.Disaster))
    assert (disaster.rule, disaster.route) == ("R-EX-11", 1)


def test_r_ex_01_a_card_can_only_come_out_once():
    state = new()
    state.apply(a.PlayCard(0, "the-watchman"))
    error = refused(state, a.PlayCard(1, "the-watchman"))
    assert (error.rule, error.message) == (
        "R-EX-01", "the Watchman is already on the table or discarded: each card exists once, "
        "so it cannot be in your hand")
    error = refused(state, a.PlayCard(1, "the-joker"))
    assert error.message == "'the-joker' is not a card of the extended Decktet"


def test_r_ex_09_slots_are_refused_with_physical_cards():
    state = new()
    error = refused(state, a.Play(0, 0))
    assert error.rule == "R-EX-09"
    assert error.message.startswith("with physical cards, name the card you play or discard")


def test_r_ex_16_discard_named_card_returns_a_token():
    state = new(tokens=8)
    state.apply(a.Clue(0, 1, "moons"))
    assert state.tokens == 7
    events = state.apply(a.DiscardCard(1, "ace-suns"))
    assert a.Discarded(1, "ace-suns", 8) in events


def test_r_ex_17_discarding_the_guard_is_still_a_disaster():
    state = new()
    state.apply(a.PlayCard(0, "the-watchman"))
    events = state.apply(a.DiscardCard(1, "the-excuse"))
    assert any(isinstance(e, a.Disaster) and e.rule == "R-EX-17" for e in events)


def test_r_ex_08_no_clue_to_an_empty_hand_and_clues_leave_no_marks():
    state = new()
    state.hand_sizes[1] = 0
    error = refused(state, a.Clue(0, 1, "moons"))
    assert (error.rule, error.message) == (
        "R-EX-08", "Seat 2 holds no card: a clue must point at least one card")
    events = state.apply(a.Clue(0, 2, "moons"))
    assert events[0] == a.ClueGiven(0, 2, "moons", (), 9)
    assert state.marks == {}


def test_r_ex_18_r_ex_20_hands_run_dry_and_the_game_ends():
    state = new()
    state.draw_left = 0
    state.hand_sizes = [1, 0, 0]
    state.tokens = 0
    events = state.apply(a.DiscardCard(0, "ace-suns"))  # the token comes back, but nobody
    assert events[-1].type == "game_over"                # else holds a card to clue
    assert state.outcome().rule == "R-EX-20"
    assert state.outcome().result == "loss"


def test_legal_actions_name_every_unseen_card():
    state = new()
    plays = [x for x in state.legal_actions(0) if isinstance(x, a.PlayCard)]
    assert len(plays) == 45
    state.apply(a.PlayCard(0, "ace-moons"))
    assert len([x for x in state.legal_actions(1) if isinstance(x, a.PlayCard)]) == 44
