"""The Patients player's "Apply" menu for a Bloodlust card the box applies (R-AE-16): only
the card's own choices and "Let it pass", each item the exact action the engine lists; a
card left to the table keeps the adjustment list (A-AE-22)."""

from __future__ import annotations

from services.games.asylum_escape import AsylumEscape
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.state import AsylumState
from services.referee.box.menu import Menu
from services.referee.tables.asylum_escape.mapview import Picker
from services.referee.tables.asylum_escape.menus import SeatMenus
from tests.games.asylum_helpers import MANUAL, QUIET, move_patient, start

LABELS = ["Seat 1", "Seat 2", "Seat 3"]


def drawn(card: str, box: AsylumEscape | None = None) -> AsylumState:
    """Patient turn 1: The Butcher stays in the Morgue, nobody is killed, ``card`` is drawn
    (as tests/games/test_asylum_bloodlust.py, with the pack of ``box``)."""
    state = start(3, rooms=["laundry", QUIET], orders={"bloodlust": [card]},
                  **({"box": box} if box else {}))
    move_patient(state)
    assert state.phase == "adjust" and state.current["card"] == card
    return state


def apply_menu(state: AsylumState) -> Menu:
    seat = state.patients_seat
    menu = SeatMenus(seat, state.view(seat), state.legal_actions(seat), LABELS, state.data,
                     lambda _action: "refused").first()
    assert menu is not None
    return menu


def opened(item_value: object) -> Menu:
    assert callable(item_value)
    found = item_value()
    assert isinstance(found, Menu)
    return found


def test_a_reveal_card_offers_each_living_victim_and_to_let_it_pass() -> None:
    state = drawn("bl-scent")
    menu = apply_menu(state)
    assert menu.title == "Apply: Scent of Fear"
    assert [i.label for i in menu.items] == ["Read the card", "Let it pass", "Reveal: Seat 2",
                                             "Reveal: Seat 3"]
    assert [i.value for i in menu.items[1:]] == state.legal_actions(state.patients_seat)


def test_a_destroy_card_opens_a_map_of_the_rooms_with_no_patient() -> None:
    state = drawn("bl-collapse")
    menu = apply_menu(state)
    assert [i.label for i in menu.items] == ["Read the card", "Let it pass", "Destroy a room"]
    picker = opened(menu.items[2].value)
    assert isinstance(picker, Picker) and picker.title == "Destroy?"
    legal = [x for x in state.legal_actions(state.patients_seat) if x.kind == "destroy"]
    assert [i.value for i in picker.items] == legal
    assert "morgue" not in picker.rooms and len(picker.rooms) == 24  # The Butcher's room


def test_a_move_card_asks_which_patient_then_a_room_it_may_reach() -> None:
    state = drawn("bl-frenzy")
    menu = apply_menu(state)
    assert [i.label for i in menu.items] == ["Read the card", "Let it pass", "Move a Patient"]
    patients = opened(menu.items[2].value)
    assert [i.label for i in patients.items] == ["P1 The Butcher"]
    picker = opened(patients.items[0].value)
    assert isinstance(picker, Picker) and picker.status == ["P1 moves", "may catch"]
    legal = [x for x in state.legal_actions(state.patients_seat) if x.kind == "move_patient"]
    assert [i.value for i in picker.items] == legal and len(legal) >= 2
    assert all(isinstance(x, a.Adjust) and x.patient == "the-butcher" for x in legal)


def test_a_card_left_to_the_table_keeps_every_adjustment() -> None:
    state = drawn("bl-frenzy", box=MANUAL)
    labels = [i.label for i in apply_menu(state).items]
    assert labels == ["Read the card", "Done: it is applied", "Reveal a room",
                      "Discard at random", "A Patient catches", "A Victim dies",
                      "Victim draws a card", "Move a Patient", "Destroy a room"]
