"""Asylum Escape in words: the Patients, the Victims, the decks, from the views.

The public panel (``view(None)``) names each Patient and the room it stands in, each Victim
with its card's strength and weakness, whether it is alive, its hand size, where a catch or a
Stumble showed it, and the decks. The peek (a Victim's own view) is its room, its hand and
the card it holds. Names come from the game's data (its rooms and cards); the grid itself
is the map (``maps``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.referee.companion.words import (
    SUFFIX,
    Panel,
    count,
    end_lines,
    listing,
    name_of,
    panel,
    row,
    settled,
    waited,
    who,
)

WAITING = {"lay_out": "{who} lays out the location cards",
           "victim_card": "{who} looks at their Victim card",
           "start_rooms": "the Victims choose their start rooms",
           "choose_room": "the Patients choose their rooms",
           "patient_move": "the Patients move", "victim_draw": "{who} takes their turn",
           "victim_act": "{who} takes their turn", "move": "{who} moves",
           "window": "the players may play a card", "adjust": "{who} applies a card",
           "identify": "{who} draws a card", "flip": "the coin is flipped",
           "kill_roll": "the die decides"}
DOING = {"lay_out": "Enter the layout of the location cards.",
         "victim_card": "Keep your Victim card or take another.",
         "start_rooms": "Choose your start room.", "choose_room": "Choose a room.",
         "patient_move": "Your turn: move the Patients.",
         "victim_draw": "Your turn.", "victim_act": "Your turn.", "move": "Move now.",
         "window": "You may play a card now.", "adjust": "Apply the card.",
         "identify": "Say which card you drew."}
DECKS = {"camo_sabo": "camouflage and sabotage"}


def strip(full: str) -> str:
    return full.removesuffix(SUFFIX)


def name(data: Any, some_id: str, rooms: dict[str, Any] | None = None) -> str:
    """A room's or card's name as printed, without the EXAMPLE pack's "(example)"."""
    if not some_id:
        return ""
    if rooms and some_id in rooms:
        return strip(str(rooms[some_id]["name"]))
    return name_of(data, some_id)


def victim_row(view: dict[str, Any], victim: dict[str, Any], labels: Sequence[str],
               data: Any) -> dict[str, Any]:
    rooms = view["rooms"]
    facts = ["alive" if victim["alive"] else "dead",
             f"{count(victim['hand_size'], 'card')} in hand"]
    if victim["held"]:
        facts.append("holds a card")
    if victim["revealed"]:
        facts.append(f"seen in {name(data, victim['revealed'], rooms)}")
    chips = []
    if victim["positive"]:
        chips.append(f"strength: {victim['positive']}")
    if victim["negative"]:
        chips.append(f"weakness: {victim['negative']}")
    label = who(labels, victim["seat"])
    if victim["name"]:
        label = f"{label}: {strip(victim['name'])}"
    return row(label, ", ".join(facts), chips)


def public(view: dict[str, Any], labels: Sequence[str], data: Any = None) -> Panel:
    over = view["outcome"] is not None
    title = "Asylum Escape: " + ("the end" if over else f"turn {view['turn']}"
                                 if view["turn"] else "setting up")
    rooms = view["rooms"]
    rows = []
    if view["patients_seat"] is not None and view["patients_seat"] >= 0:
        rows.append(row("The Patients", f"played by {who(labels, view['patients_seat'])}"))
    for patient in view["patients"]:
        where = name(data, patient["room"], rooms) if patient["room"] else "not out yet"
        faces = ", ".join(str(f) for f in patient["catching_stat"])
        rows.append(row(strip(patient["name"]), f"in {where}" if patient["room"] else where,
                        [f"catches on {faces}"] if faces else []))
    rows += [victim_row(view, v, labels, data) for v in view["victims"]]
    if view["destroyed"]:
        rows.append(row("Collapsed", listing([name(data, r, rooms) for r in view["destroyed"]])))
    sizes = {d: n for d, n in view["deck_sizes"].items() if n}
    if sizes:
        rows.append(row("Decks", ", ".join(f"{DECKS.get(d, d)} {n}" for d, n in sizes.items())))
    return panel(title, rows, end_lines(view, labels))


def status(view: dict[str, Any], labels: Sequence[str], seat: int,
           waiting: Sequence[int] = ()) -> str:
    told = settled(view, seat, waiting, DOING)
    if told is not None:
        return told
    phase = view["phase"]
    mine = next((v for v in view["victims"] if v["seat"] == seat), None)
    if mine is not None and not mine["alive"]:
        return "You are dead."
    return waited(WAITING, phase, labels, waiting)


def peek(view: dict[str, Any], labels: Sequence[str], seat: int, data: Any = None
         ) -> Panel | None:
    """A Victim's room, hand and the card it holds (its route is on the map)."""
    private = view.get("private")
    if not private:
        return None
    rooms = view["rooms"]
    room = name(data, private["room"], rooms) if private["room"] else "no room yet"
    rows = [row("Your room", room),
            row("Your hand", count(len(private["hand"]), "card"),
                [name(data, c) for c in private["hand"]])]
    mine = next((v for v in view["victims"] if v["seat"] == seat), None)
    if mine is not None and mine["held"]:
        rows.append(row("You hold", "", [name(data, mine["held"])]))
    return panel(f"{who(labels, seat)}: your Victim", rows)
