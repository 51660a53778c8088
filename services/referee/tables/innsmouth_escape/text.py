"""Innsmouth Escape views as terminal text (``refbox play`` and the terminal simulator)."""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_escape.names import movement_name
from services.referee.tables.innsmouth_escape import public as pub
from services.referee.tables.innsmouth_escape import words as w


def render(view: dict[str, Any]) -> list[str]:
    seat = view["seat"]
    who = "the public table" if seat is None else f"Seat {seat + 1}"
    lines = [f"Innsmouth Escape - round {view['round']} - phase {view['phase']} - "
             f"seen by {who}"]
    lines.append("    " + " ".join(f"{c:^4}" for c in "ABCDEF"))
    for row in range(6):
        cells = view["board"][row * 6:(row + 1) * 6]
        text = []
        for info in cells:
            mark = pub.cell_text(info)
            if info["cell"] == view["human_cell"]:
                mark = f"[{mark}]" if mark != "." else "[H]"
            text.append(f"{mark:^4}")
        lines.append(f"  {row + 1} " + " ".join(text))
    if view["human"] >= 0:
        where = f"on {view['human_cell']}" if view["human_cell"] else "not placed yet"
        lines.append(f"Human: Seat {view['human'] + 1} {where}, wounds "
                     f"{view['wounds']}/{view['wounds_to_kill']}, VP {view['vp']}, weapon "
                     f"{w.name(view['weapon']) if view['weapon'] else 'club'}")
    for seat_index, colour in enumerate(view["colours"]):
        if colour:
            cells = [f"{i['cell']}:{i['pawns'][colour]}" for i in view["board"]
                     if i["pawns"].get(colour)]
            lines.append(f"  Seat {seat_index + 1} {colour}: pool {view['pools'][colour]}, "
                         f"Shoggoth {view['shoggoths'][colour] or '-'}, pawns "
                         f"{' '.join(cells) or '-'}")
    if view["plot"]:
        lines.append(f"Plot: {view['plot']['face_down']} cards face down, "
                     f"{len(view['plot']['rests']) or 'no'} Rest(s) face up")
    private = view.get("human_private")
    if private is not None:
        lines.append("Your movement cards: "
                     + ", ".join(movement_name(c) for c in private["movement_hand"]))
        lines.append("Your hand: " + (", ".join(w.name(c) for c in private["hand"]) or "empty"))
        if private["plot"]:
            lines.append(f"Your plot: {' > '.join(private['plot']['path'])}")
    hands = view.get("deep_one_hands")
    if hands and seat is not None and view["colours"][seat]:
        mine = hands.get(view["colours"][seat], [])
        lines.append("Your Deep One cards: " + (", ".join(w.name(c) for c in mine) or "none"))
    if view["outcome"]:
        lines.append(f"GAME OVER: {view['outcome']['reason']}")
    return lines
