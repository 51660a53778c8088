"""A simple, careful Victim (the people's role; a later issue makes it strong).

It keeps its Victim card, starts and moves as far from the Patients as it can (never into a
Patient's room while another room is open to it), draws a Movement card when a Patient is
within three rooms and a Camo/Sabo card otherwise, plays a save card when it is caught and
no other card, passes every window and ends every adjustment at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from services.bots.contract import SeatKnowledge
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.data import AsylumData
from services.games.asylum_escape.grid import Grid
from services.games.core import Action

DANGER = 3  # a Patient this close: draw a Movement card


def patient_rooms(view: Mapping[str, Any]) -> set[str]:
    return {p["room"] for p in view["patients"] if p["room"]}


def safety(grid: Grid, room: str, patients: set[str]) -> int:
    """Rooms between ``room`` and the nearest Patient (99: none can reach it)."""
    dist = grid.distances(room)
    return min((dist[r] for r in patients if r in dist), default=99)


def safest(grid: Grid, rooms: Sequence[str], patients: set[str], rng: random.Random) -> int:
    """The index of the room farthest from the Patients (a random one of equals)."""
    scores = [safety(grid, r, patients) if r not in patients else -1 for r in rooms]
    best = max(scores)
    return rng.choice([i for i, s in enumerate(scores) if s == best])


def choose_victim(knowledge: SeatKnowledge, data: AsylumData, rng: random.Random) -> Action:
    view, legal = knowledge.view, knowledge.legal
    phase = view["phase"]
    grid = Grid(view["columns"])
    patients = patient_rooms(view)
    if phase == "victim_card":
        return next(x for x in legal if isinstance(x, a.Keep))
    if phase == "start_rooms":
        rooms = [x for x in legal if isinstance(x, a.StartRoom)]
        return rooms[safest(grid, [x.room for x in rooms], patients, rng)]
    here = view.get("private", {}).get("room", "")
    moves = [x for x in legal if isinstance(x, a.Move)]
    if moves and here in grid:
        ends = [x.path[-1] if x.path else here for x in moves]
        return moves[safest(grid, ends, patients, rng)]
    if phase == "victim_draw":
        near = here in grid and safety(grid, here, patients) <= DANGER
        wanted = ("movement", "camo_sabo") if near else ("camo_sabo", "movement")
        for deck in wanted:
            if a.DrawCard(knowledge.seat, deck) in legal:
                return a.DrawCard(knowledge.seat, deck)
        return a.SkipDraw(knowledge.seat)
    if phase == "window":
        saves = [x for x in legal if isinstance(x, a.PlayCard)
                 and _effect(data, x.card) == "save"]
        return saves[0] if saves else a.Pass(knowledge.seat)
    for kind in (a.EndTurn, a.Pass):
        if kind(knowledge.seat) in legal:
            return kind(knowledge.seat)
    if a.Adjust(knowledge.seat, "done") in legal:
        return a.Adjust(knowledge.seat, "done")
    return rng.choice(legal)  # physical decks: the card drawn (identify)


def _effect(data: AsylumData, card: str) -> str:
    try:
        return str(data.get(card).effect)
    except (KeyError, AttributeError):
        return ""
