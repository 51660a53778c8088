"""The board on a phone seat's page: a map built from the engine's ``view(seat)`` only.

One function per game with a board takes the view the engine gives a seat (and the game's
static data, for what the view does not name) and returns a JSON-able map::

    {"title": str, "columns": [str, ...], "rows": [str, ...],
     "cells": [{"id": str, "text": str, "marks": [str, ...]}, ...],  # row by row
     "notes": [str, ...], "route": [cell id, ...], "secret": bool}

``cells`` lists every place of the grid row by row from the top-left corner (a place with no
room, in a short Asylum column, has the id ""); ``text`` says what is printed on the cell,
``marks`` what stands on it now; an Asylum room also has its ``name`` (the page shows it in
place of the id); ``notes`` are lines to read under the map; ``route`` is a path in order
(the page numbers it from 0, the start).

With ``secret=False`` the map holds only the view's public part: what every seat may see.
With ``secret=True`` it adds the seat's own secrets (the Human's plotted route, a Victim's
room and route) and is None when the view holds none: the seat's page shows that one only
while its peek is held, as the seat's OLED shows its secrets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Map = dict[str, Any]

DECK_WORDS = {"captive": "Captive", "equipment": "Equipment", "encounter": "Encounter"}


def blank() -> dict[str, Any]:
    return {"id": "", "text": "", "marks": []}


def in_order(legs: list[list[str]]) -> list[str]:
    """Paths one after another as one route (a leg that starts where the last one ended does
    not name that cell twice)."""
    route: list[str] = []
    for leg in legs:
        for cell in leg:
            if not route or route[-1] != cell:
                route.append(cell)
    return route


# ---------------------------------------------------------------------- Innsmouth Escape


def innsmouth_map(view: dict[str, Any], data: Any = None, *, secret: bool = False,
                  labels: Sequence[str] = ()) -> Map | None:
    """The 6x6 board (A-F west to east, 1-6 north to south): each cell's icons and the
    escape edge, the tokens, the Deep One pawns and Shoggoths on it and the Human's cell once
    placed. At the end the Human's whole route (the view shows it to all). The secret map
    adds the Human's plotted route, start cell first (his own view only)."""
    private = view.get("human_private") or {}
    plot = private.get("plot")
    if secret and not plot:
        return None
    board = {cell["cell"]: cell for cell in view["board"]}
    columns = sorted({cell[0] for cell in board})
    rows = sorted({cell[1:] for cell in board}, key=int)
    cells = []
    for row in rows:
        for column in columns:
            found = board.get(f"{column}{row}")
            cells.append(_innsmouth_cell(view, found) if found is not None else blank())
    if secret:
        route = list(plot["path"])
    else:
        route = in_order(view["route"]) if view["phase"] == "over" else []
    notes = ["exit: the Human escapes from here with 8 victory points"]
    if secret:
        notes.append("Your plotted route: 0 is where you stand")
    elif route:
        notes.append("The Human's whole route: 0 is where he started")
    return {"title": "Your plot" if secret else "The board", "columns": columns, "rows": rows,
            "cells": cells, "notes": notes, "route": route, "secret": secret}


def _innsmouth_cell(view: dict[str, Any], cell: dict[str, Any]) -> dict[str, Any]:
    # Imported here: the board module's package is Innsmouth Escape's engine, which a box
    # imports only when that game is chosen (the daemon imports this module at start).
    from services.games.innsmouth_escape.board import GRID

    icons = cell["icons"]
    words = ["exit"] if GRID.is_cell(cell["cell"]) and GRID.on_escape_edge(cell["cell"]) else []
    words += [word for key, word in (("spawn", "spawn"), ("draw", "draw"),
                                     ("shoggoth", "Shoggoth icon")) if icons.get(key)]
    marks = []
    if view["human_cell"] == cell["cell"]:
        marks.append("Human")
    marks += [f"{DECK_WORDS.get(deck, deck)} {rank}" for deck, rank in cell["tokens"].items()]
    marks += [f"{count} {colour}" for colour, count in cell["pawns"].items() if count]
    marks += [f"{colour} Shoggoth" for colour in cell["shoggoths"]]
    return {"id": cell["cell"], "text": " ".join(words), "marks": marks}


# ---------------------------------------------------------------------- Asylum Escape


def asylum_map(view: dict[str, Any], data: Any = None, *, secret: bool = False,
               labels: Sequence[str] = ()) -> Map | None:
    """The grid as it stands (columns left to right, each drawn bottom up, as the location
    cards lie): each room's name and colour, the Patients in it, the rooms where a catch, a
    Stumble or a death showed a Victim, and below the rooms that collapsed (named from the
    game's ``data``, the view names only the rooms standing). The secret map adds a Victim's
    own room and route (its own view only)."""
    private = view.get("private") or {}
    if secret and not private.get("room"):
        return None

    def who(seat: int) -> str:
        return labels[seat] if 0 <= seat < len(labels) else f"Seat {seat + 1}"

    columns: list[list[str]] = view["columns"]
    height = max((len(column) for column in columns), default=0)
    marks: dict[str, list[str]] = {}
    for patient in view["patients"]:
        if patient["room"]:
            marks.setdefault(patient["room"], []).append(patient["name"])
    for victim in view["victims"]:
        if victim["revealed"]:
            marks.setdefault(victim["revealed"], []).append(f"{who(victim['seat'])} seen")
        if victim.get("room") and not victim["alive"]:  # the end shows where each one died
            marks.setdefault(victim["room"], []).append(f"{who(victim['seat'])} died")
    if secret:
        marks.setdefault(private["room"], []).insert(0, "you")
    rooms = view["rooms"]
    cells = []
    for level in reversed(range(height)):  # the top row first
        for column in columns:
            room = column[level] if level < len(column) else ""
            if not room:
                cells.append(blank())
                continue
            info = rooms.get(room, {})
            cells.append({"id": room, "name": info.get("name", room),
                          "text": info.get("colour", ""), "marks": list(marks.get(room, []))})
    names = [_room_name(rooms, data, room) for room in view["destroyed"]]
    notes = [f"Collapsed: {', '.join(names)}"] if names else []
    route = in_order(private["route"]) if secret else []
    if secret:
        notes.append("Your route: 0 is your start room (a room since collapsed is not drawn)")
    return {"title": "Your room" if secret else "The asylum",
            "columns": [str(n) for n in range(1, len(columns) + 1)],
            "rows": [str(n) for n in range(height, 0, -1)],
            "cells": cells, "notes": notes, "route": route, "secret": secret}


def _room_name(rooms: dict[str, Any], data: Any, room: str) -> str:
    if room in rooms:
        return str(rooms[room]["name"])
    try:
        return str(data.get(room).name) if data is not None else room
    except (KeyError, AttributeError):
        return room


MAPS: dict[str, Callable[..., Map | None]] = {
    "innsmouth-escape": innsmouth_map,
    "asylum-escape": asylum_map,
}


def has_map(game: str) -> bool:
    return game in MAPS


def map_of(game: str, view: dict[str, Any], data: Any = None, *, secret: bool = False,
           labels: Sequence[str] = ()) -> Map | None:
    """The map of game ``game`` for the seat whose view is ``view`` (None: no board);
    ``data`` is the game's static data (its board), never its state; ``labels`` name the
    game's seats as the table does ("Seat 7" for a phone seat)."""
    build = MAPS.get(game)
    return build(view, data, secret=secret, labels=labels) if build is not None else None
