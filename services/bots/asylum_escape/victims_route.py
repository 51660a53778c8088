"""How dangerous each room is for a Victim next Patient turn, from what its seat knows.

:class:`Danger` reads only the Victim seat's knowledge: the Patients' public rooms and
Catching Stats, the collapsing grid, the turn (a Patient entering on turn 3 or 5 at a start
room printed on its card), and the public history replayed by the Patients' own belief
(:class:`~services.bots.asylum_escape.belief.Tracker`: where the table may think each Victim
is, since its catches and Movement cards are public).

* :meth:`Danger.reach` (normal): a Patient moves up to 1 room (heads) or 2 (tails), so a room
  next to one is reached most often, two rooms away about half as often; each reach is
  weighed by the Patient's kill chance; rooms three or four away count a little, for the
  turn after; a start room of a Patient still to enter counts by the chance it enters there.
* :meth:`Danger.doomed` (normal and hard): after a Patient turn without a kill the Patients
  draw a Bloodlust card; a destroy card (the chance left in the deck, from the face-up
  discards) lets them destroy the room their belief holds the most Victims in, and a Victim
  in it dies (A-AE-08). Each room counts by its belief mass, summed over the Victims, next
  to the most crowded room's (cubed: the most crowded room counts fully).
* :meth:`Danger.hunted` (hard): the rooms a hunting Patients player would search next turn:
  for each Patient and each side of its coin, the walk the box's own hunter
  (:class:`~services.bots.asylum_escape.hunt.Hunt`) picks on the public belief, after this
  Victim's move as the table will see it (a move of the shown length, not where it went).
  Fixed work: two coin sides per Patient, every walk of up to two rooms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.bots.asylum_escape.belief import Tracker
from services.bots.asylum_escape.hunt import Hunt
from services.bots.contract import SeatKnowledge
from services.games.asylum_escape.bloodlust import structured_effect
from services.games.asylum_escape.data import AsylumData
from services.games.asylum_escape.grid import Grid

REACH = {0: 1.0, 1: 0.75, 2: 0.35}  # the chance a Patient this far away passes through
LATER = {3: 0.15, 4: 0.05}  # the same for the turn after (a tie-break, mostly)
RELEASE = {2: "patients", 4: "special"}  # after Patient turn t, a Patient of this deck enters
STUMBLED = 0.6  # the danger of being seen in a Patient's room after a Stumble, beyond its roll
CROWD = 3
CALM = 0.8  # the chance a Patient turn kills nobody (then a Bloodlust card is drawn, R-AE-16)


@dataclass
class Danger:
    knowledge: SeatKnowledge
    data: AsylumData
    grid: Grid = field(init=False)
    patients: list[tuple[str, str, float]] = field(init=False)  # (card, room, kill chance)
    _near: list[dict[str, int]] = field(init=False, repr=False)
    _hunted: dict[int, dict[str, float]] = field(default_factory=dict, repr=False)
    _doomed: dict[int, dict[str, float]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        view = self.knowledge.view
        self.grid = Grid(view["columns"])
        sides = int(self.knowledge.options.get("die_sides", 6))
        self.patients = [(p["card"], p["room"], len(p["catching_stat"]) / sides)
                         for p in view["patients"] if p["room"] in self.grid]
        self._near = [self.grid.distances(room) for _, room, _ in self.patients]

    @property
    def rooms(self) -> set[str]:
        return {room for _, room, _ in self.patients}

    def nearest(self, room: str) -> int:
        """Rooms between ``room`` and the nearest Patient (99: none can reach it)."""
        return min((d.get(room, 99) for d in self._near), default=99)

    def reach(self, room: str) -> float:
        """The chance ``room`` is reached and its Victim killed next Patient turn (about),
        plus a little for the turn after."""
        if room not in self.grid:
            return 1.0
        safe = 1.0
        later = 0.0
        for (_, _, kill), dist in zip(self.patients, self._near, strict=True):
            d = dist.get(room, 99)
            safe *= 1.0 - REACH.get(d, 0.0) * kill
            later += LATER.get(d, 0.0) * kill
        return 1.0 - safe * (1.0 - self.entering(room)) + later

    def within(self, room: str, steps: int) -> list[str]:
        """The rooms a Victim in ``room`` may reach in up to ``steps`` rooms (a move stops
        in the first Patient room it enters)."""
        found, frontier = {room}, [room]
        for _ in range(steps):
            frontier = [n for r in frontier if r not in self.rooms or r == room
                        for n in self.grid.neighbours(r) if n not in found]
            found.update(frontier)
        return list(found)

    def stumble(self, room: str) -> float:
        """The danger of a Stumble from ``room``: caught by the nearest Patient and seen."""
        if not self.patients:
            return 0.0
        near = min(range(len(self.patients)), key=lambda i: self._near[i].get(room, 99))
        return min(1.0, self.patients[near][2] + STUMBLED)

    def entering(self, room: str) -> float:
        """The chance a Patient enters at ``room`` this coming Patient turn (R-AE-17: caught
        there, and on turn 3 the room is blown up; R-AE-19)."""
        deck = RELEASE.get(int(self.knowledge.view.get("turn", 0)))
        if deck is None:
            return 0.0
        out = {p["card"] for p in self.knowledge.view["patients"]}
        waiting = [c for c in dict.fromkeys(self.data.deck(deck)) if c not in out]
        starts = [str(self.data.get(c).start_room) for c in waiting]
        return starts.count(room) / len(starts) if starts else 0.0

    def hunted(self, steps: int) -> dict[str, float]:
        """The kill chance in each room from the walks a hunter would choose next turn, this
        Victim having made a secret move of up to ``steps`` rooms first."""
        if steps not in self._hunted:
            self._hunted[steps] = hunt_cover(self.knowledge, self.data, steps)
        return self._hunted[steps]


    def doomed(self, steps: int) -> dict[str, float]:
        """The chance each room is destroyed by a Bloodlust card before this Victim moves
        again, this Victim having made a secret move of up to ``steps`` rooms first: a turn
        without a kill (``CALM``), a destroy card drawn (the chance left in the deck), and
        the room the one the table's belief holds most Victims in (:func:`crowded`)."""
        if steps not in self._doomed:
            chance = CALM * destroy_chance(self.knowledge.view, self.data)
            rooms = crowded(self.knowledge, self.data, steps) if chance > 0 else {}
            self._doomed[steps] = {r: chance * share for r, share in rooms.items()}
        return self._doomed[steps]


def public_tracker(knowledge: SeatKnowledge, data: AsylumData, steps: int) -> Tracker:
    """The table's belief of every Victim, this Victim's after a secret move of up to
    ``steps`` rooms."""
    tracker = Tracker.of(knowledge, data)
    seat = knowledge.seat
    if seat in tracker.beliefs and steps > 0:
        tracker.beliefs[seat] = tracker.moved_belief(tracker.beliefs[seat], steps)
    return tracker


def crowded(knowledge: SeatKnowledge, data: AsylumData, steps: int) -> dict[str, float]:
    """The rooms without a Patient where the table's belief, summed over the Victims, is
    highest: a Patients player destroys one of these (A-AE-08: its Victims die)."""
    tracker = public_tracker(knowledge, data, steps)
    blocked = tracker.patient_rooms()
    mass: dict[str, float] = {}
    for belief in tracker.beliefs.values():
        for room, p in belief.items():
            if room not in blocked:
                mass[room] = mass.get(room, 0.0) + p
    top = max(mass.values(), default=0.0)
    return {r: (p / top) ** CROWD for r, p in mass.items()} if top > 0 else {}


def destroy_chance(view: Mapping[str, Any], data: AsylumData) -> float:
    """The chance the next Bloodlust card destroys a room, from the public deck size and
    the face-up discards (an empty deck is the discards shuffled)."""
    pack = list(data.deck("bloodlust"))
    kinds = {data.kind(c) for c in pack if structured_effect(data, c) == "destroy"}
    left = int(view.get("deck_sizes", {}).get("bloodlust", 0))
    shown = list(view.get("discards", {}).get("bloodlust", []))
    if left <= 0:
        return sum(c in kinds for c in shown) / len(shown) if shown else 0.0
    total = sum(data.kind(c) in kinds for c in pack)
    return max(0, total - sum(c in kinds for c in shown)) / left


def hunt_cover(knowledge: SeatKnowledge, data: AsylumData, steps: int) -> dict[str, float]:
    tracker = public_tracker(knowledge, data, steps)
    hunt = Hunt(tracker, knowledge.view)
    grid = tracker.grid
    cover: dict[str, float] = {}
    for card, room in tracker.patients.items():
        if room not in grid:
            continue
        kill = hunt.stats.get(card, 0.5)
        for coin in (1, 2):
            walks = grid.walks(room, coin)
            chosen = walks[hunt.best_path(card, walks, ())]
            for r in set(chosen):
                cover[r] = 1.0 - (1.0 - cover.get(r, 0.0)) * (1.0 - 0.5 * kill)
    return cover


def stumble_chance(view: Mapping[str, Any], data: AsylumData) -> float:
    """The chance the next Movement card is a Stumble (R-AE-23), from the public deck size
    and the face-up discards (an empty deck is the discards shuffled)."""
    pack = list(data.deck("movement"))
    stumbles = [c for c in pack if getattr(data.get(c), "stumble", False)]
    left = int(view.get("deck_sizes", {}).get("movement", 0))
    shown = list(view.get("discards", {}).get("movement", []))
    if left <= 0:
        return sum(c in stumbles for c in shown) / len(shown) if shown else 0.0
    return max(0, len(stumbles) - sum(c in stumbles for c in shown)) / left


def exposure(knowledge: SeatKnowledge, data: AsylumData, room: str) -> float:
    """How sure the table may be that this Victim is in ``room`` (the public belief)."""
    tracker = Tracker.of(knowledge, data)
    return tracker.beliefs.get(knowledge.seat, {}).get(room, 0.0)


BLOCKED = 9.0  # the danger of a Patient's room, or of a room no longer in the grid


def blocked(danger: Danger, room: str) -> bool:
    """A Patient's room, or a room no longer in the grid."""
    return room in danger.rooms or room not in danger.grid


def room_danger(danger: Danger, room: str, extra: Mapping[str, float], weight: float) -> float:
    """How dangerous ``room`` is next Patient turn, ``extra`` added with ``weight``."""
    if blocked(danger, room):
        return BLOCKED
    return danger.reach(room) + weight * extra.get(room, 0.0)


def best_room(danger: Danger, rooms: Sequence[str], extra: Mapping[str, float],
              weight: float) -> list[int]:
    """The indices of ``rooms`` of least danger (``extra`` added with ``weight``), the
    farthest from the Patients and with the most ways out among them."""
    def score(room: str) -> tuple[float, int, int]:
        if blocked(danger, room):
            return (BLOCKED, 0, 0)
        value = room_danger(danger, room, extra, weight)
        return (round(value, 6), -danger.nearest(room), -len(danger.grid.neighbours(room)))
    scores = [score(r) for r in rooms]
    best = min(scores)
    return [i for i, s in enumerate(scores) if s == best]


def shown_steps(knowledge: SeatKnowledge, data: AsylumData) -> int:
    """The length of the move this Victim is making, as the table saw it (its Movement card
    or Camo card just shown; 0 if none)."""
    seat = knowledge.seat
    for told in reversed(knowledge.history):
        for e in told.events:
            if int(e.get("seat", -1)) != seat:
                continue
            if e["type"] == "movement_shown":
                return int(e["value"])
            if e["type"] == "card_played" and e.get("effect") == "move":
                return card_value(data, str(e["card"]))
        if any(e["type"] == "patient_turn" for e in told.events):
            return 0
    return 0


def card_value(data: AsylumData, card: str) -> int:
    """A Camo card's move (0: not a move card, or not in the pack)."""
    try:
        info = data.get(card)
    except KeyError:
        return 0
    return int(getattr(info, "value", 0) or 0) if getattr(info, "effect", "") == "move" else 0
