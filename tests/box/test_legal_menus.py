"""Menus offer only what is legal, and say why before anyone asks: a choice the rules would
refuse is greyed (OK on it shows the reason and changes nothing); refusals read in plain
words, their rule ids kept for referees; option values read as words.
"""

from __future__ import annotations

import random

from services.games.core import ShuffleResult
from services.games.intruder_escape import actions as a
from services.games.registry import default_registry
from services.referee.box.lobby import Lobby
from services.referee.box.menu import Item, Menu
from services.referee.box.render import plain, refusal_page
from services.referee.box.table import Seat, Table
from services.referee.journal import Journal
from services.referee.tables import GameFlows
from services.referee.tables.intruder_escape.flow import IntruderFlow
from tests.games.intruder_helpers import (
    BAT,
    DECK,
    GAME,
    SYRINGE,
    center_for,
    ids,
    position,
    setup,
)

SEATS = [Seat(f"seat{n}", f"Seat {n}") for n in range(1, 7)]


def texts(menu: Menu) -> str:
    return " ".join(menu.render().texts)


# ---------------------------------------------------------------------- the menu itself


def test_a_greyed_item_says_why_and_is_never_chosen() -> None:
    menu = Menu("Pick", [Item("taken", "a", why="Seat 2 has it."), Item("free", "b")])
    assert menu.cursor == 1, "the cursor starts on an item that can be chosen"
    menu.move(1)
    assert menu.current is not None and menu.current.label == "taken"
    assert menu.render().texts[1] == "-taken"  # greyed under the cursor too
    assert menu.press("ok") is None
    assert texts(menu) == "Pick Seat 2 has it."
    assert menu.press("next") is None  # any press goes back to the list
    assert menu.notice == "" and menu.current.label == "taken"
    menu.move(1)
    chosen = menu.press("ok")
    assert chosen is not None and chosen.value == "b"


def test_a_greyed_item_is_marked_in_the_text_and_dithered_on_the_screen() -> None:
    menu = Menu("Pick", [Item("free", "b"), Item("taken", "a", why="no")])
    canvas = menu.render()
    assert canvas.texts[2] == "-taken"
    def lit(image: object) -> int:
        row = image.crop((7, 21, 127, 30))  # type: ignore[attr-defined]
        return row.width * row.height - row.histogram()[0]

    plain_row = Menu("Pick", [Item("free", "b"), Item("taken", "a")]).render()
    assert 0 < lit(canvas.image) < lit(plain_row.image)


# ---------------------------------------------------------------------- the table menu


def undo_table() -> tuple[Table, Journal]:
    journal = Journal(":memory:")
    table = Table(default_registry(), journal, SEATS[:4], random.Random(2), flows=GameFlows())
    table.lobby.choose("intruder-escape")
    table.lobby.values["characters"] = "by_seat"
    table.lobby.step, table.lobby.joined = "join", [s.name for s in SEATS[:4]]
    start = table.lobby.hold("seat1", "ok")
    assert start is not None
    table._start(start)
    return table, journal


def test_undo_is_greyed_with_its_reason_before_anyone_is_asked() -> None:
    table, journal = undo_table()
    try:
        assert table.live is not None
        for seat in range(4):  # the last Ready deals the round: the hands come to light
            table._act(f"seat{seat + 1}", a.Ready(seat))
        refusal = table.live.undo_refusal()
        assert refusal is not None and refusal.rule == "UNDO-HIDDEN"
        table._hold("seat1", "next")
        menu = table.system["seat1"]
        undo = next(item for item in menu.items if item.value == "undo")
        assert undo.label == "Undo: not allowed" and undo.why
        menu.cursor = menu.items.index(undo)
        before = len(table.live.history)
        table._press("seat1", "ok")
        screen = " ".join(table._seat(SEATS[0], 0.0).texts)
        assert "Undo the last move?" not in screen and "Yes" not in screen
        assert screen == ("Table menu That move showed hidden information: only a "
                          "referee undo can take it back.")
        assert len(table.live.history) == before
        table._press("seat1", "ok")  # back to the table menu
        assert table._seat(SEATS[0], 0.0).texts[2] == "-Undo: not allowed"
    finally:
        journal.close()


def test_an_allowed_undo_asks_and_the_referee_undo_question_reads_in_full() -> None:
    table, journal = undo_table()
    try:
        live = table.live
        assert live is not None
        table._act("seat1", a.Ready(0))  # nothing hidden came to light, no chance after it
        assert live.undo_refusal() is None
        menu = table._system_menu()
        assert [i.label for i in menu.items if i.value == "undo"] == ["Undo last move"]
        table.system["seat1"] = menu
        table._system_choose("seat1", "referee")
        canvas = table._seat(SEATS[0], 0.0)
        assert canvas.overflow == []
        assert canvas.texts == ["Referee undo?", "Takes back the last", "move, whatever it",
                                "showed.", ">No", " Yes"]
    finally:
        journal.close()


# ---------------------------------------------------------------------- Intruder's menus


def test_the_character_menu_starts_on_a_free_character_and_greys_the_taken_ones() -> None:
    state = GAME.new_state(4, {"characters": "choose"})
    flow = IntruderFlow()
    flow.start([s.label for s in SEATS[:4]])
    flow.reset(state)
    first = state.pending()[0].seat
    taken = state.legal_actions(first)[0]
    state.apply(taken)
    flow.reset(state)
    seat = state.pending()[0].seat
    menu = flow.menu_for(seat, state)
    assert menu is not None
    assert not menu.items[0].why or menu.cursor != 0
    assert menu.current is not None and not menu.current.why
    greyed = [item for item in menu.items if item.why]
    assert [item.value for item in greyed] == [a.ChooseCharacter(seat, taken.character)]
    assert greyed[0].why.startswith(f"S{first + 1} plays ")
    chosen = [item.value for item in menu.items if not item.why]
    assert set(chosen) == set(state.legal_actions(seat))


def syringe_position() -> tuple[object, IntruderFlow, int]:
    """Seat 1 holds a Syringe; only seat 3 (game seat 2) took damage this round."""
    hands = [ids(SYRINGE, BAT), ["baseball-bat-2"], ["baseball-bat-3"]]
    state = position(hands, rows={2: [("knife-1", 1)]})
    flow = IntruderFlow()
    flow.start(["Seat 2", "Seat 4", "Seat 5"])  # seats 2, 4 and 5 of the board joined
    flow.reset(state)
    return state, flow, 0


def test_the_syringe_offers_only_damaged_players_and_names_the_right_seat() -> None:
    state, flow, seat = syringe_position()
    menu = flow.menu_for(seat, state)  # type: ignore[arg-type]
    assert menu is not None
    syringe = next(item for item in menu.items if item.label == "Syringe")
    assert not syringe.why
    targets = syringe.value()
    labels = {item.label: item for item in targets.items}
    assert not labels["S5"].why and labels["S5"].value in state.legal_actions(seat)
    assert labels["S4"].why == ("Seat 4 has no damage this round to heal: healing cards "
                                "cannot be banked")
    assert labels["S2 (you)"].why.startswith("Seat 2 has no damage")
    chosen = [item.value for item in targets.items if not item.why]
    assert chosen == [p for p in state.legal_actions(seat)
                      if isinstance(p, a.Play) and p.card.startswith(SYRINGE)]


def test_a_card_no_player_can_take_is_greyed_in_the_turn_menu() -> None:
    hands = [ids(SYRINGE, BAT), ["baseball-bat-2"], ["baseball-bat-3"]]
    state = position(hands)  # nobody is damaged: the Syringe has no target
    flow = IntruderFlow()
    flow.start(["Seat 1", "Seat 2", "Seat 3"])
    flow.reset(state)
    menu = flow.menu_for(0, state)
    assert menu is not None
    syringe = next(item for item in menu.items if item.label == "Syringe")
    assert syringe.why.startswith("No player can take Syringe now. Seat 2 has no damage")
    before = state.to_json()
    menu.cursor = menu.items.index(syringe)
    assert flow.press(0, "ok", state) is None  # opens the turn menu
    flow.stacks[0][-1].cursor = menu.items.index(syringe)
    assert flow.press(0, "ok", state) is None
    assert state.to_json() == before
    assert "No player can take Syringe now." in " ".join(flow.seat(0, state, True).texts)


def test_the_keep_confirmation_is_greyed_until_three_cards_are_marked() -> None:
    state = setup(3)
    state.apply(ShuffleResult("center", tuple(center_for([DECK[5 * s: 5 * s + 5]
                                                           for s in range(3)]))))
    for seat in range(3):
        state.apply(a.Ready(seat))
    flow = IntruderFlow()
    flow.start(["Seat 1", "Seat 2", "Seat 3"])
    flow.reset(state)
    menu = flow.menu_for(0, state)
    assert menu is not None
    confirm = next(item for item in menu.items if item.label.startswith("Keep these"))
    assert confirm.why.startswith("Mark 3 cards to keep first")


# ---------------------------------------------------------------------- words, not ids


def test_refusals_lead_with_plain_words_and_keep_no_tags() -> None:
    canvas = refusal_page("R-IX-12: Seat 2 has no damage this round to heal (A-IX-13) [BOX]")
    assert canvas.texts[0] == "Not allowed"
    assert " ".join(canvas.texts[1:]) == "Seat 2 has no damage this round to heal"
    assert plain("chance outcomes are supplied with supply_chance() [DATA]") == \
        "chance outcomes are supplied with supply_chance()"


def test_a_long_refusal_scrolls_rather_than_losing_a_line() -> None:
    message = " ".join(f"word{n}" for n in range(10, 34))  # 8 lines of 3 words
    first, second = refusal_page(message), refusal_page(message, 5)
    assert first.overflow == [] and second.overflow == []
    assert first.texts[-1] == "NEXT: more 1/2" and second.texts[-1] == "NEXT: to the top 2/2"
    shown = " ".join(first.texts[1:-1] + second.texts[1:-1]).split()
    assert shown == message.split()


def test_option_values_read_as_words_in_the_lobby() -> None:
    registry = default_registry()
    lobby = Lobby(registry, [s.name for s in SEATS], {s.name: s.label for s in SEATS})
    lobby.choose("innsmouth-escape")
    labels = [item.label for item in lobby.menu.items]
    assert "Human seat: random" in labels and "Moves: 1 1 2 2 3 3" in labels
    lobby.menu.cursor = labels.index("Human seat: random")
    lobby.press("seat1", "ok")
    assert lobby.menu.items[lobby.menu.cursor].label == "Human seat: Seat 1"
    lobby.choose("intruder-escape")
    labels = [item.label for item in lobby.menu.items]
    assert "Repeat rule: row" in labels and "Heal if: net damage" in labels
    assert all(len(label) <= 20 for label in labels)
