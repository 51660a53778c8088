"""The hard level's plan for the rest of a Patient turn: every Patient still to move, jointly.

Catches are told only when every Patient has moved (R-AE-10), so the Patients of one turn
search together: a path is worth what it is expected to catch in rooms no earlier path of the
turn entered, plus what the Patients after it can then expect, each of them flipping its coin
(heads: up to 1 room, tails: up to 2, as likely) and taking its best path in turn
(expectimax over the coins, on the seat's belief). The normal level moves each Patient
greedily on its own; this plan leaves the good rooms to the Patient that reaches them
best.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from services.bots.asylum_escape.hunt import CATCH, TIE, Hunt

WIDTH = 6  # paths looked at below the root for a Patient that is not the last to move
SECOND = 0.6  # a second attack on a Victim an earlier path of the turn catches


@dataclass
class TurnPlan:
    hunt: Hunt
    order: list[str]  # the Patients still to move this turn, the mover first
    _values: dict[str, dict[str, float]] = field(default_factory=dict)
    _best: dict[tuple[int, str, int, frozenset[str]], tuple[float, tuple[str, ...]]] = \
        field(default_factory=dict)

    def room_values(self, card: str) -> dict[str, float]:
        """What ``card`` catching in each room is worth (each Victim's chance to be there,
        times a catch's worth and the kill's chance)."""
        found = self._values.get(card)
        if found is None:
            found = {}
            for seat, belief in self.hunt.tracker.beliefs.items():
                for room, p in belief.items():
                    found[room] = found.get(room, 0.0) + p * (
                        CATCH + self.hunt.kill_chance(room, card, seat))
            self._values[card] = found
        return found

    def now(self, card: str, start: str, path: Sequence[str], covered: frozenset[str]) -> float:
        """What ``path`` catches this turn (rooms ``covered`` by earlier paths excluded)."""
        values = self.room_values(card)
        rooms = set(path)
        value = sum(values.get(r, 0.0) for r in rooms - covered)
        if SECOND and rooms & covered:  # a Victim caught there is attacked once more
            beliefs = self.hunt.tracker.beliefs.values()
            value += SECOND * self.hunt.stat(card) * sum(
                b.get(r, 0.0) for r in rooms & covered for b in beliefs)
        end = path[-1] if path else start
        if not path and self.hunt.in_window():  # R-AE-27: stays, its room is destroyed
            value += sum(b.get(end, 0.0) for b in self.hunt.tracker.beliefs.values())
        return value + TIE * self.hunt.reach_value(end, set())

    def walks(self, start: str, steps: int) -> list[tuple[str, ...]]:
        return self.hunt.tracker.grid.walks(start, steps)

    def after(self, index: int, covered: frozenset[str]) -> float:
        """What the Patients from ``order[index]`` on can expect, after ``covered``."""
        if index >= len(self.order):
            return 0.0
        card = self.order[index]
        start = self.hunt.tracker.patients.get(card, "")
        if not start:
            return self.after(index + 1, covered)
        return 0.5 * self.best(index, start, 1, covered)[0] + \
            0.5 * self.best(index, start, 2, covered)[0]

    def best(self, index: int, start: str, steps: int,
             covered: frozenset[str]) -> tuple[float, tuple[str, ...]]:
        """The best path of ``order[index]`` (from ``start``, up to ``steps`` rooms) and its
        worth with the rest of the turn."""
        key = (index, start, steps, covered)
        found = self._best.get(key)
        if found is not None:
            return found
        paths = self.walks(start, steps)
        if self.hunt.tracker.options.get("patient_exact_move"):
            longest = max(len(p) for p in paths)
            paths = [p for p in paths if len(p) == longest]
        found = max(((v, p) for v, p in self.values(index, start, paths, covered)),
                    key=lambda vp: vp[0], default=(0.0, ()))
        self._best[key] = found
        return found

    def values(self, index: int, start: str, paths: Sequence[tuple[str, ...]],
               covered: frozenset[str], width: int = WIDTH) -> list[tuple[float, tuple[str, ...]]]:
        """Each path's worth with the rest of the turn; below the root, only the ``width``
        best by what they catch themselves are followed further (the others keep that)."""
        card = self.order[index]
        own = [(self.now(card, start, p, covered), p) for p in paths]
        if index + 1 >= len(self.order):
            return own
        ranked = sorted(range(len(own)), key=lambda i: -own[i][0])
        follow = set(ranked[:width])
        return [(v + self.after(index + 1, covered | set(p)) if i in follow else v, p)
                for i, (v, p) in enumerate(own)]
