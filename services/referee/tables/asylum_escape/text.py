"""Asylum Escape views as terminal text (``refbox play`` and the terminal simulator).

The grid is drawn as the cards lie (the top row first), each room with the Patients in it
(``P1`` the first released); then the Patients, the Victims, and what the reader alone sees:
a Victim's room, hand and route. Card names come from the shipped pack when it knows the id
(a card of your own pack shows its id)."""

from __future__ import annotations

from functools import cache
from typing import Any

from services.referee.tables.asylum_escape import words as w


@cache
def _pack() -> Any:
    from services.games.asylum_escape.data import load_data

    return load_data()


def _card(some_id: str) -> str:
    try:
        return str(_pack().get(some_id).name)
    except KeyError:
        return some_id


def _room(view: dict[str, Any], room: str) -> str:
    info = view["rooms"].get(room)
    return info["name"] if info else (_card(room) if room else "-")


def grid_lines(view: dict[str, Any]) -> list[str]:
    columns = view["columns"]
    if not columns:
        return ["(the grid is not laid out yet)"]
    tags = w.room_patients(view)
    width = max(len(_room(view, r)) + 5 for c in columns for r in c)
    lines = []
    for height in reversed(range(max(len(c) for c in columns))):
        cells = []
        for column in columns:
            room = column[height] if height < len(column) else ""
            text = f"{_room(view, room)} {''.join(tags.get(room, []))}".strip() if room else ""
            cells.append(text.ljust(width))
        lines.append("  " + "".join(cells).rstrip())
    return lines


def render(view: dict[str, Any]) -> list[str]:
    seat = view["seat"]
    who = "the public table" if seat is None else f"Seat {seat + 1}"
    window = view["final_window"]
    last = f", last turns {window[0]}-{window[1]}" if window else ""
    lines = [f"Asylum Escape - Patient turn {view['turn']} ({view['mode']} mode{last}) - "
             f"phase {view['phase']} - seen by {who}"]
    if view["example_data"]:
        lines.append("(EXAMPLE cards: made up, not the game's own)")
    if view["phase"] == "lay_out":
        laid = view["step"].get("rooms", [])
        lines.append(f"Laying out: {len(laid)} of 25 entered"
                     + (f" ({', '.join(_card(r) for r in laid)})" if laid else ""))
    lines += grid_lines(view)
    if view["destroyed"]:
        lines.append("Destroyed: " + ", ".join(_card(r) for r in view["destroyed"]))
    if view["patients_seat"] >= 0:
        lines.append(f"Patients: Seat {view['patients_seat'] + 1}")
    for n, patient in enumerate(view["patients"], start=1):
        lines.append(f"  P{n} {patient['name']}: {_room(view, patient['room'])}, kills on "
                     f"{w.stat(patient['catching_stat'])}")
    for victim in view["victims"]:
        parts = ["alive" if victim["alive"] else "dead", f"hand {victim['hand_size']}"]
        if victim["held"]:
            parts.append(f"holds {_card(victim['held'])}")
        if victim["revealed"]:
            parts.append(f"last seen in {_room(view, victim['revealed'])}")
        if "room" in victim:
            parts.append(f"in {_room(view, victim['room'])}")
        lines.append(f"  Seat {victim['seat'] + 1} {victim['name'] or '(no card yet)'}: "
                     + ", ".join(parts))
    private = view.get("private")
    if private is not None:
        lines.append(f"Your room: {_room(view, private['room'])}")
        lines.append("Your hand: " + (", ".join(_card(c) for c in private["hand"]) or "empty"))
        route = [" > ".join(_room(view, r) for r in leg) or "stayed" for leg in
                 private["route"]]
        lines.append("Your route: " + (" | ".join(route) or "-"))
    if view["outcome"]:
        lines.append(f"GAME OVER: {view['outcome']['reason']}")
    return lines
