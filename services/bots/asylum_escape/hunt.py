"""The Patients' judgement of a path, on the seat's belief (:mod:`.belief`).

A Patient's path is worth the Victims it is expected to catch (the chance that each is in a
room it enters that ``covered`` rooms do not include), each catch weighted by the chance the
kill roll succeeds (every Patient in the room attacks, R-AE-12; a Victim holding a save card
face-up may cancel one). In the final window a Patient that stays where a Victim hides
destroys the room with the Victim in it (R-AE-27, A-AE-08). Among paths worth the same, a
whisker (``TIE``) of next turn's reach decides: stop where the best path of one room (heads)
or two (tails) meets the most of the Victims' likely rooms after their turns. A larger
weight on that reach made the Patients weaker in tournaments: sweeping the likely rooms now
is worth more than standing near them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.bots.asylum_escape.belief import Belief, Tracker
from services.games.asylum_escape.data import AsylumData

CATCH = 0.25  # a catch that does not kill still tells where the Victim is
TIE = 1e-3  # weight of next turn's reach: it only decides between paths worth the same
MOVE_SHARE = 0.4  # how often a Victim moves in its turn (a random one draws Movement 1/3)
MOVE_STEPS = 2



def kill_chance(data: AsylumData, card: str, options: Mapping[str, Any]) -> float:
    """The chance one kill roll of the Patient ``card`` succeeds (its catching faces of the
    die; 2 for a card not in the data)."""
    try:
        faces = len(data.get(card).catching_stat)
    except (KeyError, AttributeError):
        faces = 2
    return faces / int(options.get("die_sides", 6))

@dataclass
class Hunt:
    tracker: Tracker
    view: Mapping[str, Any]
    lookahead: float = TIE  # weight of next turn's reach (0: none)
    stats: dict[str, float] = field(default_factory=dict)  # kill chance of each Patient
    _dist: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    _later: dict[int, Belief] | None = field(default=None, repr=False)
    _mass: dict[str, float] | None = field(default=None, repr=False)
    _next: dict[str, float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        sides = int(self.tracker.options.get("die_sides", 6))
        for p in self.view["patients"]:
            self.stats[p["card"]] = len(p["catching_stat"]) / sides

    # ------------------------------------------------------------------ grid

    def distances(self, room: str) -> dict[str, int]:
        found = self._dist.get(room)
        if found is None:
            found = self._dist[room] = self.tracker.grid.distances(room)
        return found

    # ------------------------------------------------------------------ values

    def stat(self, card: str) -> float:
        """The chance one kill roll of ``card`` succeeds."""
        if card not in self.stats:
            self.stats[card] = kill_chance(self.tracker.data, card, self.tracker.options)
        return self.stats[card]

    def kill_chance(self, room: str, mover: str, seat: int) -> float:
        """The chance a Victim caught in ``room`` by ``mover`` dies: each Patient there
        attacks; a Victim holding a save card face-up cancels one attempt."""
        miss = 1.0 - self.stat(mover)
        for card, where in self.tracker.patients.items():
            if where == room and card != mover:
                miss *= 1.0 - self.stat(card)
        return (1.0 - miss) * (0.6 if self.holds_save(seat) else 1.0)

    def holds_save(self, seat: int) -> bool:
        held = next((v["held"] for v in self.view["victims"] if v["seat"] == seat), "")
        if not held:
            return False
        try:
            return self.tracker.data.get(held).effect == "save"
        except KeyError:
            return False

    def later(self) -> dict[int, Belief]:
        """Each Victim's rooms after its next turn (it moves about MOVE_SHARE of the time)."""
        if self._later is None:
            self._later = {}
            for seat, belief in self.tracker.beliefs.items():
                moved = self.tracker.moved_belief(belief, MOVE_STEPS)
                self._later[seat] = {r: (1 - MOVE_SHARE) * belief.get(r, 0.0)
                                     + MOVE_SHARE * moved.get(r, 0.0)
                                     for r in set(belief) | set(moved)}
        return self._later

    def path_value(self, mover: str, path: Sequence[str], covered: Sequence[str] = (),
                   start: str = "") -> float:
        """What moving ``mover`` along ``path`` is worth (see the module's words)."""
        rooms = set(path) - set(covered)
        beliefs = self.tracker.beliefs
        value = 0.0
        for seat, belief in beliefs.items():
            for room in rooms:
                p = belief.get(room, 0.0)
                if p:
                    value += p * (CATCH + self.kill_chance(room, mover, seat))
        end = path[-1] if path else start
        if not path and self.in_window():  # R-AE-27: stays, its room is destroyed
            value += sum(b.get(end, 0.0) for b in beliefs.values())
        if self.lookahead and end:
            value += self.lookahead * self.reach_value(end, rooms)
        return value

    def later_mass(self) -> dict[str, float]:
        """The Victims' next-turn rooms, summed over the Victims."""
        if self._mass is None:
            self._mass = {}
            for belief in self.later().values():
                for room, p in belief.items():
                    self._mass[room] = self._mass.get(room, 0.0) + p
        return self._mass

    def reach_value(self, end: str, caught: set[str]) -> float:
        """The Victims a Patient in ``end`` may expect to catch next turn: the best path of
        one room (heads) or two (tails), each as likely, through the Victims' next-turn
        rooms (the rooms just searched, ``caught``, count for nothing)."""
        if not caught and end in self._next:
            return self._next[end]
        mass = self.later_mass()
        grid = self.tracker.grid
        best1 = best2 = 0.0
        for one in grid.neighbours(end):
            first = 0.0 if one in caught else mass.get(one, 0.0)
            best1 = max(best1, first)
            for two in grid.neighbours(one):
                second = 0.0 if two in caught or two == one else mass.get(two, 0.0)
                best2 = max(best2, first + second)
        value = 0.5 * best1 + 0.5 * max(best1, best2)
        if not caught:
            self._next[end] = value
        return value

    def in_window(self) -> bool:
        window = self.view.get("final_window")
        return bool(window) and window[0] <= self.tracker.turn <= window[1]

    # ------------------------------------------------------------------ choices

    def best_path(self, mover: str, paths: Sequence[tuple[str, ...]],
                  covered: Sequence[str]) -> int:
        """The index of the best of ``paths`` (the first of equals)."""
        start = self.tracker.patients.get(mover, "")
        scores = [self.path_value(mover, p, covered, start) for p in paths]
        return max(range(len(paths)), key=lambda i: (round(scores[i], 9), -i))

    def chase(self, mover: str, paths: Sequence[tuple[str, ...]],
              rng: random.Random) -> int:
        """The easy level: head for the room a Victim was last seen in (the latest sighting
        still on the grid); with none, wander."""
        grid = self.tracker.grid
        seen = [r for r in self.tracker.sighted.values() if r in grid]
        if not seen:
            return rng.randrange(len(paths))
        target = seen[-1]
        dist = self.distances(target)
        start = self.tracker.patients.get(mover, "")

        def score(path: tuple[str, ...]) -> tuple[int, int]:
            end = path[-1] if path else start
            return (target in path, -dist.get(end, 99))
        best = max(score(p) for p in paths)
        return rng.choice([i for i, p in enumerate(paths) if score(p) == best])

    def room_value(self, room: str, purpose: str, mover: str) -> float:
        if purpose == "stumble":  # the Victim is caught in ``room`` by all there
            miss = 1.0
            for card, where in self.tracker.patients.items():
                if where == room:
                    miss *= 1.0 - self.stat(card)
            return 1.0 - miss
        value = 0.0
        if purpose == "start":  # Victims in the entry room are caught (R-AE-17)
            value += sum(b.get(room, 0.0) * (CATCH + self.stat(mover))
                         for b in self.tracker.beliefs.values())
        return value + self.reach_value(room, set())

    def reveal_target(self) -> int:
        """The Victim whose room is least known (then the lowest seat)."""
        def spread(seat: int) -> float:
            return 1.0 / sum(p * p for p in self.tracker.beliefs[seat].values())
        living = self.tracker.living()
        return max(living, key=lambda s: (round(spread(s), 9), -s)) if living else -1
