"""R-IE-46: a Deep One card that stays in play acts again in later rounds, once a round, at its
timing, its effect applied with logged adjustments."""

from __future__ import annotations

from services.games.innsmouth_escape import actions as a
from tests.games.innsmouth_helpers import BLUE, THREE_RESTS, plot, refused, start


def in_move_step_with(card: str) -> object:
    state = start(2, human_cell="C4")
    state.do_permanent = {BLUE: [card]}
    plot(state, THREE_RESTS)
    assert state.phase == "do_move"
    return state


def test_r_ie_46_a_permanent_card_acts_again_once_a_round() -> None:
    state = in_move_step_with("deep-one-28")
    assert a.ApplyCard(1, "deep-one-28") in state.legal_actions(1)
    events = state.apply(a.ApplyCard(1, "deep-one-28"))
    assert events == [a.DeepOneCardPlayed(BLUE, "deep-one-28", (
        "Stays in play: in each of your Spawn steps, spawn 1 extra pawn."))]
    assert state.phase == "adjust" and state.adjusting["resume"] == "do_move"
    state.apply(a.Adjust(1, "pawns", colour=BLUE, cell="A6", amount=1))
    state.apply(a.Adjust(1, "done"))
    assert state.phase == "do_move" and state.applied == ["deep-one-28"]
    assert a.ApplyCard(1, "deep-one-28") not in state.legal_actions(1)
    refused(state, a.ApplyCard(1, "deep-one-28"), "R-IE-46",
            "Example Deep One 28 already acted this round")


def test_r_ie_46_only_cards_in_play_for_good_and_at_their_timing() -> None:
    state = in_move_step_with("deep-one-28")
    refused(state, a.ApplyCard(1, "deep-one-01"), "R-IE-46",
            "'deep-one-01' is not a blue card that stays in play")
    state.window = {"timing": "human_turn", "resume": "search", "waiting": [BLUE]}
    state.phase = "window"  # the Human's turn: a deep_one_turn card does not act now
    assert a.ApplyCard(1, "deep-one-28") not in state.legal_actions(1)
    refused(state, a.ApplyCard(1, "deep-one-28"), "R-IE-46",
            "Example Deep One 28 acts at deep one turn time, not now")


def test_the_box_offers_the_card_in_play_in_the_seat_s_cards_menu() -> None:
    from services.referee.tables.innsmouth_escape.menus import SeatMenus

    state = in_move_step_with("deep-one-28")
    menus = SeatMenus(1, state.view(1), state.legal_actions(1), ["Seat 1", "Seat 2"])
    labels = [item.label for item in menus.cards_menu().items]
    assert "Use Deep One 28" in labels  # the screen drops "Example "
