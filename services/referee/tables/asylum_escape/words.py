"""Names and short words for Asylum Escape's screens (21 columns, 10 in a map's side panel).

The pack's names are used whole when they fit; the EXAMPLE pack's " (example)" is left off
when a name would not fit otherwise (the lobby and the guide say the cards are examples).
"""

from __future__ import annotations

from typing import Any

from services.referee.box.render import fit

SUFFIX = " (example)"
PHASE_WORDS = {"lay_out": "lay out", "choose_patients": "setup", "shuffle": "setup",
               "victim_card": "setup", "start_rooms": "start rooms", "flip": "coin",
               "patient_move": "Patients", "kill_roll": "kill roll", "choose_room": "Patients",
               "victim_draw": "Victims", "victim_act": "Victims", "move": "move",
               "window": "cards", "adjust": "effect", "discard": "effect", "identify": "draw",
               "over": "over", "running": ""}
TIMINGS = {"own_turn": "own turn", "other_turn": "other's turn", "response": "response",
           "hold": "hold"}


def name(data: Any, some_id: str, width: int = 20) -> str:
    """A room's or card's name in ``width`` columns if it can be (else the shortest form)."""
    if not some_id:
        return "-"
    try:
        full = str(data.get(some_id).name)
    except KeyError:
        return some_id
    return fit(full, full.removesuffix(SUFFIX), width=width)


def strip(full: str) -> str:
    """A name without the EXAMPLE pack's suffix."""
    return full.removesuffix(SUFFIX)


def short(labels: list[str], seat: int) -> str:
    return labels[seat] if 0 <= seat < len(labels) else f"Seat {seat + 1}"


def patient_tag(view: dict[str, Any], card: str) -> str:
    """"P1".."P6": a Patient by its release order (as on the public map)."""
    cards = [p["card"] for p in view["patients"]]
    return f"P{cards.index(card) + 1}" if card in cards else "P?"


def stat(faces: list[int]) -> str:
    """A Catching Stat as the faces that kill: "5 6"."""
    return " ".join(str(f) for f in faces)


def room_patients(view: dict[str, Any]) -> dict[str, list[str]]:
    """Room -> the tags of the Patients standing in it."""
    found: dict[str, list[str]] = {}
    for n, patient in enumerate(view["patients"], start=1):
        if patient["room"]:
            found.setdefault(patient["room"], []).append(f"P{n}")
    return found


def walk_label(data: Any, walk: tuple[str, ...]) -> str:
    """A Patient's way to a room: "stays", "direct", "via Kitchen" (two rooms; back to the
    start when the start is the room chosen)."""
    if not walk:
        return "stays"
    if len(walk) == 1:
        return "direct"
    return f"via {name(data, walk[0], 16)}"
