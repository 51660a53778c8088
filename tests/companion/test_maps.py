"""The board on a phone seat's page (issue 14): maps built from the engine's ``view(seat)``.

Exact maps of set-up positions of Innsmouth Escape and Asylum Escape; the seat's secrets (the
Human's plotted route, a Victim's room and route) only on its secret map; twin positions that
differ only in another seat's secret give this seat the same maps; and a phone seat's model
on the box carries its map.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from services.referee.box.seat_models import seat_model
from services.referee.box.table import Seat
from services.referee.companion.maps import map_of
from tests.box.test_phone_seats import PHONES, PhoneTable
from tests.games import asylum_helpers as ah
from tests.games import innsmouth_helpers as ih

IE, AE = "innsmouth-escape", "asylum-escape"
EXIT_NOTE = "exit: the Human escapes from here with 8 victory points"

# The EXAMPLE board (tests/games/innsmouth_helpers.py) at set-up: the Human on C4, blue's three
# pawns on A6; "exit" on column A and row 6 (R-IE-26). Cells not listed are bare.
SET_UP = {
    "A1": ("exit", []), "B1": ("spawn", []), "C1": ("draw", []), "D1": ("", ["Captive 1"]),
    "E1": ("spawn", []), "F1": ("", ["Equipment 1"]),
    "A2": ("exit Shoggoth icon", []), "B2": ("", ["Equipment 1"]),
    "F2": ("draw", ["Captive 2"]),
    "A3": ("exit", ["Encounter 1"]), "C3": ("", ["Captive 2"]), "D3": ("spawn", []),
    "E3": ("Shoggoth icon", []), "F3": ("draw", []),
    "A4": ("exit", []), "B4": ("", ["Encounter 2"]), "C4": ("", ["Human"]),
    "D4": ("", ["Equipment 2", "Encounter 1"]), "E4": ("", ["Captive 2"]),
    "A5": ("exit spawn", []), "B5": ("draw", []), "C5": ("", ["Equipment 1"]),
    "F5": ("spawn", []),
    "A6": ("exit", ["3 blue"]), "B6": ("exit", []), "C6": ("exit Shoggoth icon", []),
    "D6": ("exit draw", []), "E6": ("exit", []), "F6": ("exit", []),
}
IE_CELLS = [f"{c}{r}" for r in "123456" for c in "ABCDEF"]


def cells_of(found: dict[str, Any]) -> dict[str, tuple[str, list[str]]]:
    return {c["id"]: (c["text"], c["marks"]) for c in found["cells"]}


def innsmouth_expected(changes: dict[str, tuple[str, list[str]]]) -> dict[str, Any]:
    return {cell: changes.get(cell, SET_UP.get(cell, ("", []))) for cell in IE_CELLS}


# ---------------------------------------------------------------------- Innsmouth Escape


def test_innsmouth_set_up_map_is_the_board_every_seat_sees() -> None:
    state = ih.start(2, 0)  # round 1: the Human (seat 0) to plot from C4
    for seat in (0, 1):
        found = map_of(IE, state.view(seat))
        assert found is not None
        assert [c["id"] for c in found["cells"]] == IE_CELLS  # row by row from A1
        assert cells_of(found) == innsmouth_expected({})
        assert (found["title"], found["columns"], found["rows"]) == (
            "The board", list("ABCDEF"), list("123456"))
        assert (found["route"], found["secret"], found["notes"]) == ([], False, [EXIT_NOTE])
    # before the plot nobody has a secret to draw on the map
    assert map_of(IE, state.view(0), secret=True) is None
    assert map_of(IE, state.view(1), secret=True) is None


def test_innsmouth_plotted_route_is_on_the_humans_secret_map_only() -> None:
    state = ih.position(3, 0, shoggoths={"green": "F3"})
    ih.plot(state, ("move-1-1", "move-2-1", "rest-1"), ("N", "E"))
    secret = map_of(IE, state.view(0), secret=True)
    assert secret is not None
    assert secret["route"] == ["C4", "C3", "D3", "E3"]  # the start, then every cell entered
    assert (secret["title"], secret["secret"]) == ("Your plot", True)
    shoggoth = {"F3": ("draw", ["green Shoggoth"]), "B6": ("exit", ["3 green"])}
    assert cells_of(secret) == innsmouth_expected(shoggoth)
    for seat in (0, 1, 2):  # the public map: no route, whoever looks
        public = map_of(IE, state.view(seat))
        assert public is not None and public["route"] == [] and not public["secret"]
        assert cells_of(public) == innsmouth_expected(shoggoth)
    assert map_of(IE, state.view(1), secret=True) is None  # a Deep One has no plot


def test_innsmouth_deep_one_maps_do_not_depend_on_the_humans_plot() -> None:
    north, east = ih.start(2, 0), ih.start(2, 0)
    ih.plot(north, ("move-1-1", "rest-1", "rest-2"), ("N",))
    ih.plot(east, ("move-1-1", "rest-1", "rest-2"), ("E",))
    assert map_of(IE, north.view(0), secret=True) != map_of(IE, east.view(0), secret=True)
    for secret in (False, True):
        assert map_of(IE, north.view(1), secret=secret) == \
            map_of(IE, east.view(1), secret=secret)


# ---------------------------------------------------------------------- Asylum Escape


def asylum_cell(room: str, marks: list[str]) -> dict[str, Any]:
    card = ah.DATA.get(room)
    return {"id": room, "name": card.name, "text": card.colour, "marks": marks}


def grid_rows(columns: list[list[str]], marks: dict[str, list[str]]) -> list[dict[str, Any]]:
    """The expected cells: top row first, each row left to right, "" where a column is
    short."""
    height = max(len(c) for c in columns)
    return [asylum_cell(c[h], marks.get(c[h], [])) if h < len(c)
            else {"id": "", "text": "", "marks": []}
            for h in reversed(range(height)) for c in columns]


def test_asylum_set_up_map_and_a_victims_own_room() -> None:
    state = ah.start(3, rooms=["records-office", "lobby"])  # Victims: seats 1 and 2
    butcher = ah.DATA.get("the-butcher").name
    for seat in (0, 1, 2):
        found = map_of(AE, state.view(seat))
        assert found == {"title": "The asylum", "columns": ["1", "2", "3", "4", "5"],
                         "rows": ["5", "4", "3", "2", "1"],
                         "cells": grid_rows(ah.COLUMNS, {"morgue": [butcher]}),
                         "notes": [], "route": [], "secret": False}
    assert map_of(AE, state.view(0), secret=True) is None  # the Patients player
    secret = map_of(AE, state.view(1), secret=True)
    assert secret is not None
    assert secret["cells"] == grid_rows(ah.COLUMNS, {"morgue": [butcher],
                                                     "records-office": ["you"]})
    assert (secret["title"], secret["route"], secret["secret"]) == (
        "Your room", ["records-office"], True)


def test_asylum_map_after_a_collapse_and_a_catch() -> None:
    state = ah.start(3, rooms=["records-office", "lobby"])
    columns = copy.deepcopy(ah.COLUMNS)
    columns[0].remove("kitchen")  # the rooms above drop one place
    ah.arrange(state, victims={2: {"revealed": "lobby"}}, patients={"the-butcher": "laundry"},
               columns=columns, destroyed=["kitchen"])
    butcher = ah.DATA.get("the-butcher").name
    found = map_of(AE, state.view(1), ah.DATA)
    assert found is not None
    assert found["cells"] == grid_rows(columns, {"laundry": [butcher],
                                                 "lobby": ["Seat 3 seen"]})
    assert found["cells"][0] == {"id": "", "text": "", "marks": []}  # column 1 is short
    assert found["notes"] == [f"Collapsed: {ah.DATA.get('kitchen').name}"]
    # on the box a seat is named as the table names it
    labelled = map_of(AE, state.view(1), ah.DATA, labels=["Seat 1", "Seat 2", "Seat 7"])
    assert labelled is not None and cells_of(labelled)["lobby"] == ("grey", ["Seat 7 seen"])


def test_asylum_maps_do_not_depend_on_another_victims_room() -> None:
    here, there = (ah.start(3, rooms=["records-office", room]) for room in ("lobby", "attic"))
    assert map_of(AE, here.view(2), secret=True) != map_of(AE, there.view(2), secret=True)
    for seat in (0, 1):
        for secret in (False, True):
            assert map_of(AE, here.view(seat), secret=secret) == \
                map_of(AE, there.view(seat), secret=secret)


def test_asylum_victims_route_in_order() -> None:
    state = ah.start(3, rooms=["records-office", "lobby"])
    ah.arrange(state, victims={1: {"route": [["records-office"], ["greenhouse", "archive"],
                                             []]}})
    secret = map_of(AE, state.view(1), secret=True)
    assert secret is not None
    assert secret["route"] == ["records-office", "greenhouse", "archive"]


def test_games_without_a_board_have_no_map() -> None:
    state = ah.start(3)
    assert map_of("decktet-escape", state.view(1)) is None
    assert map_of("decktet-escape", state.view(1), secret=True) is None


# ---------------------------------------------------------------------- on the box


def test_a_phone_seats_model_carries_its_map(tmp_path: Path) -> None:
    phones = PhoneTable(tmp_path / "data")
    try:
        phones.run("game innsmouth-escape", "press seat1 prev", "press seat1 ok",
                   "press seat1 ok", "press seat2 ok")
        for name in PHONES:
            phones.phone(name, "press", "ok")
        phones.run("hold seat1 ok")
        table = phones.table
        assert table.mode == "game" and table.players == ["seat1", "seat2", *PHONES]
        for name in PHONES:
            model = phones.model(name)
            view = table.live.state.view(table.players.index(name))
            assert model["map"] == map_of(IE, view) and model["map"] is not None
            assert model["peek_map"] is None  # nobody has plotted yet
        # The Human (phone1, seat 3) has plotted: his route is on his peek map only.
        human = table.players.index("phone1")
        plotted = ih.start(4, human)
        ih.plot(plotted, ("move-1-1", "rest-1", "rest-2"), ("W",))
        real, table.live.state = table.live.state, plotted
        try:
            now = phones.clock()
            mine = seat_model(table, Seat("phone1", "Seat 7"), table.screens(now))
            other = seat_model(table, Seat("phone2", "Seat 8"), table.screens(now))
        finally:
            table.live.state = real
        assert mine["peek_map"]["route"] == ["C4", "B4"] and mine["peek_map"]["secret"]
        assert mine["map"]["route"] == [] and other["map"] == mine["map"]
        assert other["peek_map"] is None
    finally:
        phones.close()
