"""Asylum Escape set-up rules (R-AE-01..08) and the option checks, each refusal with its rule,
its message and an unchanged snapshot."""

from __future__ import annotations

import pytest

from services.games.asylum_escape import actions as a
from services.games.core import DrawResult, OptionError, ShuffleResult, history_sentences
from tests.games.asylum_helpers import (
    DATA,
    GAME,
    QUIET,
    new,
    of_type,
    order,
    refused,
    seats,
    shuffle_all,
    start,
    still_turn,
)


def test_r_ae_01_the_layout_is_25_shuffled_location_cards_in_5_columns() -> None:
    state = new(3)
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.deck, prompt.rule) == ("shuffle", "locations", "R-AE-01")
    laid = list(reversed(DATA.deck("locations")))
    refused(state, ShuffleResult("locations", tuple(laid[1:])), "R-AE-01", "exactly once")
    events = state.apply(ShuffleResult("locations", tuple(laid)))
    assert state.columns == [laid[i:i + 5] for i in range(0, 25, 5)]
    assert of_type(events, a.LayoutDealt)[0].columns[4] == tuple(laid[20:])


def test_r_ae_02_the_patients_player_is_a_table_choice_or_random() -> None:
    state = GAME.new_state(4, {"patients_seat": -1})
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.rule) == ("draw", "R-AE-02")
    events = state.apply(DrawResult("seats", "2"))
    assert state.patients_seat == 2 and of_type(events, a.PatientsChosen)[0].seat == 2
    assert state.victim_seats() == [3, 0, 1]  # clockwise from the Patients player
    with pytest.raises(OptionError) as info:
        GAME.new_state(3, {"patients_seat": 3})
    assert (info.value.rule, info.value.message) == (
        "R-AE-02", "patients_seat: Seat 4 is not at a table of 3 players (Seat 1 to Seat 3, "
        "or random)")
    for players in (1, 7):
        with pytest.raises(OptionError) as info:
            GAME.new_state(players)
        assert info.value.rule == "A-AE-18" and "2 to 6 players" in info.value.message


def test_r_ae_03_short_and_long_modes_share_the_setup() -> None:
    short, long = start(3), start(3, options={"mode": "long"})
    assert short.window == [7, 9] and long.window is None
    assert short.columns == long.columns and short.patients == long.patients
    with pytest.raises(OptionError) as info:
        GAME.new_state(3, {"mode": "medium"})
    assert info.value.rule == "R-AE-03"


def test_r_ae_04_a_victim_card_is_dealt_and_one_mulligan_is_final() -> None:
    state = new(3)
    shuffle_all(state)
    assert state.phase == "victim_card" and seats(state) == [1]
    assert state.victim(1)["card"] == "intern"
    refused(state, a.Keep(2), "R-AE-04", "Seat 3 cannot act now")
    events = state.apply(a.Mulligan(1))
    (prompt,) = state.pending()  # A-AE-17: the card is shuffled back into the deck
    assert (prompt.kind, prompt.deck) == ("shuffle", "victims") and "intern" in prompt.items
    events += state.apply(ShuffleResult("victims", order("victims", ["guard"])))
    dealt = of_type(events, a.VictimDealt)
    assert [(d.seat, d.card, d.final) for d in dealt] == [(1, "guard", True),
                                                          (2, "intern", False)]
    assert state.victim(1)["mulligan"] and seats(state) == [2]  # no second choice
    state.apply(a.Keep(2))
    shown = state.view(None)["victims"][0]
    assert (shown["card"], shown["positive"], shown["negative"]) == (
        "guard", "Brave (made up).", "Loud (made up).")  # announced to the table


def test_r_ae_05_the_patient_is_placed_in_its_printed_start_room() -> None:
    state = start(3)
    (patient,) = state.view(None)["patients"]
    assert (patient["card"], patient["room"], patient["catching_stat"]) == (
        "the-butcher", "morgue", [5, 6])


def test_r_ae_06_start_rooms_are_secret_and_not_in_a_patient_room() -> None:
    state = new(3)
    shuffle_all(state)
    state.apply(a.Keep(1))
    state.apply(a.Keep(2))
    assert state.phase == "start_rooms" and seats(state) == [1, 2]
    refused(state, a.StartRoom(1, "morgue"), "A-AE-19", "holds a Patient")
    refused(state, a.StartRoom(1, "moon"), "R-AE-06", "not a room of the grid")
    events = state.apply(a.StartRoom(1, "kitchen"))
    assert [type(e) for e in events] == [a.StartChosen]
    assert "kitchen" not in str(events)
    for reader in (None, 0, 2):
        assert "private" not in state.view(reader) or state.view(reader)["private"]["room"] == ""
        assert state.describe(a.StartRoom(1, "kitchen"), reader) == "Seat 2 has chosen"
    assert state.view(1)["private"]["room"] == "kitchen"
    assert state.describe(a.StartRoom(1, "kitchen"), 1) == "Seat 2 starts in Kitchen"
    state.apply(a.StartRoom(2, "kitchen"))  # A-AE-19: sharing a room is allowed
    said = history_sentences(state, [a.StartRoom(1, "kitchen")], 0)
    assert said == ["Seat 2 has chosen a start room"]


def test_r_ae_07_each_victim_draws_one_camo_sabo_card_hold_cards_face_up() -> None:
    state = start(3, orders={"camo_sabo": ["camo-locker-1", "camo-hide-3"]})
    assert state.victim(1)["held"] == "camo-locker-1" and state.victim(1)["hand"] == []
    assert state.victim(2)["hand"] == ["camo-hide-3"]
    public = state.view(None)["victims"]
    assert [(v["held"], v["hand_size"]) for v in public] == [("camo-locker", 0), ("", 1)]
    assert "camo-hide-3" not in str(state.view(1)) and "camo-hide-3" in str(state.view(2))


def test_r_ae_08_the_patients_player_acts_first_and_counts_the_turns() -> None:
    state = start(3)
    assert state.turn == 1 and state.pending()[0].kind == "flip"
    refused(state, a.SkipDraw(1), "R-AE-09", "Seat 2 cannot act now")
    still_turn(state)
    assert state.turn == 2 and state.phase == "flip"


def test_actions_out_of_their_step_are_refused() -> None:
    state = new(3)
    shuffle_all(state)
    refused(state, a.StartRoom(1, QUIET), "R-AE-06", "start room is not possible now")
    refused(state, a.Keep(9), "R-AE-02", "there is no seat 10")


def test_r_ae_01_the_players_may_lay_out_their_own_grid_card_by_card() -> None:
    """Option ``layout = table``: no shuffle; the Patients player enters the 25 cards in grid
    order (column by column, bottom to top); an unknown card or one entered twice is refused
    with the reason and changes nothing."""
    state = new(3, {"layout": "table"})
    assert (state.phase, seats(state)) == ("lay_out", [0])
    laid = list(reversed(DATA.deck("locations")))
    assert [x.room for x in state.legal_actions(0)] == list(DATA.deck("locations"))
    assert state.legal_actions(1) == []
    events = state.apply(a.LayRoom(0, laid[0]))
    assert of_type(events, a.RoomLaid) == [a.RoomLaid(laid[0], 1)]
    refused(state, a.LayRoom(0, laid[0]), "R-AE-01",
            f"{DATA.get(laid[0]).name} is entered already (card 1 of 25): enter each card once")
    refused(state, a.LayRoom(0, "moon"), "R-AE-01", "'moon' is not a location card of the pack")
    refused(state, a.LayRoom(1, laid[1]), "R-AE-01", "Seat 2 cannot act now")
    assert laid[0] not in [x.room for x in state.legal_actions(0)]
    assert GAME.state_from_json(state.to_json()).current == {"rooms": [laid[0]]}
    for room in laid[1:24]:
        state.apply(a.LayRoom(0, room))
    assert state.view(1)["step"] == {"rooms": laid[:24]}
    events = state.apply(a.LayRoom(0, laid[24]))
    assert state.columns == [laid[i:i + 5] for i in range(0, 25, 5)] == state.layout
    assert of_type(events, a.LayoutDealt)[0].columns[4] == tuple(laid[20:])
    assert state.phase == "shuffle" and state.current["deck"] == "victims"
    assert GAME.state_from_json(state.to_json()).columns == state.columns
