"""The Victims' seats at three levels (a Victim wins by being alive when the game ends).

* ``easy``, careful: it keeps its Victim card, starts and moves as far from the Patients as
  it can (never into a Patient's room while another room is open to it), draws a Movement
  card when a Patient is within three rooms and a Camo/Sabo card otherwise, plays a save
  card when it is caught and no other card, passes every window and ends every adjustment.
* ``normal`` routes by danger (:class:`~.victims_route.Danger`): how likely each room is to
  be reached next Patient turn (up to 2 rooms a Patient, its Catching Stat, a Patient about
  to enter at its printed start room on turn 3 or 5; a Bloodlust card destroying the room
  the table thinks holds the most Victims, :meth:`~.victims_route.Danger.doomed`), then the
  farthest from the Patients, then the most ways out. It draws a Movement card when it is
  in danger or the table may know its room (a catch told it), plays a Vent Crawl or Sprint
  when in danger, and keeps save cards for the moment it is caught.
* ``hard`` adds a look-ahead: it works out the walks a hunting Patients player would choose
  next turn on what the table knows of every Victim (its own move included, as the table
  sees it: a move of the length shown) and avoids the rooms they search, on top of normal's
  danger of staying where the table may know it is (a Bloodlust reveal, a catch). It also
  takes the mulligan on a Victim card that moves less (the Janitor, ``move_bonus`` -1: a
  Movement card 1 is no move at all, not even to flee a catch): every other card moves at
  least as far; and it starts in a room drawn at random among those near the safest
  (``SPREAD``), since the Victims choosing alike would all meet in the one safest room.
  Alone against the Patients (2 players) it looks ahead instead (:mod:`.victims_single`):
  its start, its moves and its draw go by the chance to live through the Patients' next
  turn, played out for every coin side (:class:`~.victims_duel.Duel`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from services.bots.asylum_escape.victims_cards import effect_of
from services.bots.asylum_escape.victims_route import (
    Danger,
    best_room,
    card_value,
    exposure,
    room_danger,
    shown_steps,
    stumble_chance,
)
from services.bots.asylum_escape.victims_single import single_choice
from services.bots.contract import SeatKnowledge
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.data import AsylumData
from services.games.asylum_escape.grid import Grid
from services.games.core import Action

DANGER = 3  # easy: a Patient this close, draw a Movement card
SEEN = 0.3  # normal: the danger of staying where the table is sure the Victim is
MOVE = 2  # the rooms a Movement card is counted on
MARGIN = 0.02  # a move must be this much safer than staying
HUNTED = 2.5  # hard: the weight of the rooms a hunter would search
SPREAD = 0.04  # hard: a start room this close to the safest is as good (chosen at random)


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


def choose_victim(knowledge: SeatKnowledge, data: AsylumData, rng: random.Random,
                  level: str = "easy") -> Action:
    """The Victim seat's action at ``level``."""
    view, legal = knowledge.view, knowledge.legal
    if view["phase"] == "victim_card":
        if level == "hard" and slowed(view, data) and a.Mulligan(knowledge.seat) in legal:
            return a.Mulligan(knowledge.seat)  # A-AE-17: the next card is final
        return next(x for x in legal if isinstance(x, a.Keep))
    if level == "easy":
        return careful(knowledge, data, rng)
    return routed(knowledge, data, rng, level == "hard")


def slowed(view: Mapping[str, Any], data: AsylumData) -> bool:
    """This seat's Victim card takes rooms off every Movement card (a ``move_bonus`` below
    0): ``hard`` takes the mulligan, since any other card moves at least as far."""
    mine = next((v["card"] for v in view["victims"] if v["seat"] == view["seat"]), "")
    try:
        return bool(mine) and data.get(mine).move_bonus < 0
    except KeyError:
        return False


def careful(knowledge: SeatKnowledge, data: AsylumData, rng: random.Random) -> Action:
    view, legal = knowledge.view, knowledge.legal
    phase = view["phase"]
    grid = Grid(view["columns"])
    patients = patient_rooms(view)
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
        return draw(knowledge, ("movement", "camo_sabo") if near else ("camo_sabo", "movement"))
    return quiet(knowledge, data, rng)


def routed(knowledge: SeatKnowledge, data: AsylumData, rng: random.Random,
           look: bool) -> Action:
    view, legal = knowledge.view, knowledge.legal
    phase = view["phase"]
    if look:  # the only Victim at the table (2 players) looks ahead; else None
        chosen = single_choice(knowledge, data, rng)
        if chosen is not None:
            return chosen
    danger = Danger(knowledge, data)
    if phase == "start_rooms":
        rooms = [x for x in legal if isinstance(x, a.StartRoom)]
        extra = threat(danger, 0, look)
        if look:
            return rooms[rng.choice(spread_start(danger, [x.room for x in rooms], extra))]
        return rooms[rng.choice(best_room(danger, [x.room for x in rooms], extra, 1.0))]
    here = view.get("private", {}).get("room", "")
    moves = [x for x in legal if isinstance(x, a.Move)]
    if moves and here in danger.grid:
        extra = threat(danger, shown_steps(knowledge, data), look)
        ends = [x.path[-1] if x.path else here for x in moves]
        return moves[rng.choice(best_room(danger, ends, extra, 1.0))]
    runs = [x for x in legal if isinstance(x, a.PlayCard) and card_value(data, x.card)]
    if phase == "victim_draw":
        reach = max((card_value(data, c) for c in view.get("private", {}).get("hand", [])),
                    default=0)
        if reach and pressed(knowledge, data, danger, here, look, reach):
            return draw(knowledge, ("camo_sabo",))  # the move card in hand: no Stumble
        return draw(knowledge, ("movement", "camo_sabo") if pressed(knowledge, data, danger,
                                                                   here, look, MOVE)
                    else ("camo_sabo", "movement"))
    if phase == "victim_act" and runs and a.EndTurn(knowledge.seat) in legal:
        run = max(runs, key=lambda x: card_value(data, x.card))
        if pressed(knowledge, data, danger, here, look, card_value(data, run.card), 0.0):
            return run
    return quiet(knowledge, data, rng)


def spread_start(danger: Danger, rooms: Sequence[str], extra: Mapping[str, float]
                 ) -> list[int]:
    """hard: the indices of every start room within ``SPREAD`` of the safest. The Victims
    choose at the same time and unseen, and the same rule would send them all to the one
    safest room, where a catch, a reveal or a destroy of one finds them all."""
    scores = [room_danger(danger, r, extra, 1.0) for r in rooms]
    best = min(scores)
    return [i for i, s in enumerate(scores) if s <= best + SPREAD]


def pressed(knowledge: SeatKnowledge, data: AsylumData, danger: Danger, here: str,
            look: bool, steps: int, chance: float | None = None) -> bool:
    """Move: staying is more dangerous than a move of up to ``steps`` rooms (the best room
    it reaches, or a Stumble at ``chance``: by default the chance left in the Movement
    deck)."""
    if here not in danger.grid:
        return True
    stay = danger.reach(here) + SEEN * exposure(knowledge, data, here)
    stay += threat(danger, 0, look).get(here, 0.0)
    moved = threat(danger, steps, look)
    after = min(danger.reach(r) + moved.get(r, 0.0) for r in danger.within(here, steps))
    if chance is None:
        chance = stumble_chance(knowledge.view, data)
    return stay > MARGIN + chance * danger.stumble(here) + (1 - chance) * after


def threat(danger: Danger, steps: int, look: bool) -> dict[str, float]:
    """What the table may do to each room before this Victim moves again, beyond a
    Patient's reach, after a secret move of up to ``steps`` rooms: a Bloodlust card
    destroying the room it thinks most crowded (normal and hard), and (hard, ``look``) the
    rooms a hunter would search, weighted ``HUNTED``."""
    found = dict(danger.doomed(steps))
    if look:
        for room, p in danger.hunted(steps).items():
            found[room] = found.get(room, 0.0) + HUNTED * p
    return found


def draw(knowledge: SeatKnowledge, wanted: Sequence[str]) -> Action:
    for deck in wanted:
        if a.DrawCard(knowledge.seat, deck) in knowledge.legal:
            return a.DrawCard(knowledge.seat, deck)
    return a.SkipDraw(knowledge.seat)


def quiet(knowledge: SeatKnowledge, data: AsylumData, rng: random.Random) -> Action:
    """A save card when caught, else pass, end the turn, end an adjustment."""
    legal = knowledge.legal
    if knowledge.view["phase"] == "window":
        saves = [x for x in legal if isinstance(x, a.PlayCard)
                 and effect_of(data, x.card) == "save"]
        return saves[0] if saves else a.Pass(knowledge.seat)
    for kind in (a.EndTurn, a.Pass):
        if kind(knowledge.seat) in legal:
            return kind(knowledge.seat)
    if a.Adjust(knowledge.seat, "done") in legal:
        return a.Adjust(knowledge.seat, "done")
    return rng.choice(legal)  # physical decks: the card drawn (identify)


