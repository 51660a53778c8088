"""The position a hard-level playout changes (:mod:`.search`): :class:`Playout` holds what
does not depend on the sampled position (the grid, the seat's belief, the greedy paths the
Patients follow in a playout, from that belief), :class:`Sample` one sampled position as the
playout changes it (the Victims' rooms and saves, the Patients, the Movement deck's values).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.bots.asylum_escape.hunt import TIE, Hunt
from services.bots.asylum_escape.plan import TurnPlan
from services.games.asylum_escape import AsylumState

MOVE_SHARE = 0.4  # how often a Victim moves in its turn (a random one: about 1 in 3)
MOVE_STEPS = 2
Walks = dict[tuple[str, int], list[tuple[str, ...]]]


@dataclass
class Playout:
    """What a playout needs that does not depend on the sample: the grid, the Patients'
    kill chances and the greedy paths they follow (from the seat's belief)."""

    hunt: Hunt
    plan: TurnPlan
    adjacency: dict[str, list[str]]
    order: list[str]  # Patients in release order
    window: tuple[int, int] | None
    turn: int
    displace: bool
    now: dict[str, float] = field(default_factory=dict)  # belief mass this turn, by room
    later: dict[str, float] = field(default_factory=dict)  # after the Victims' turns
    near_now: dict[str, float] = field(default_factory=dict)
    near_later: dict[str, float] = field(default_factory=dict)
    covered: list[str] = field(default_factory=list)  # this turn's rooms entered so far
    beliefs: dict[int, dict[str, float]] = field(default_factory=dict)  # each Victim's
    moved: dict[int, dict[str, float]] = field(default_factory=dict)  # ... after a move
    walks: Walks = field(default_factory=dict)
    reach: dict[tuple[str, int, frozenset[str]], list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, hunt: Hunt, plan: TurnPlan, view: Mapping[str, Any]) -> Playout:
        tracker = hunt.tracker
        grid = tracker.grid
        window = view.get("final_window")
        play = cls(hunt, plan, adjacency(grid.columns), [p["card"] for p in view["patients"]],
                   tuple(window) if window else None, tracker.turn,
                   tracker.options.get("destroyed_victims") == "displace")
        play.covered = tracker.covered
        for seat, belief in tracker.beliefs.items():
            play.beliefs[seat] = belief
            play.moved[seat] = tracker.moved_belief(belief, MOVE_STEPS)
            for room, p in belief.items():
                play.now[room] = play.now.get(room, 0.0) + p
        for belief in hunt.later().values():
            for room, p in belief.items():
                play.later[room] = play.later.get(room, 0.0) + p
        for room in play.adjacency:
            dist = hunt.distances(room)
            play.near_now[room] = sum(p * _near(dist.get(r, 99)) for r, p in play.now.items())
            play.near_later[room] = sum(p * _near(dist.get(r, 99))
                                        for r, p in play.later.items())
        return play

    # ------------------------------------------------------------------ the Patients' policy

    def paths(self, s: Sample, start: str, steps: int) -> list[tuple[str, ...]]:
        """Every walk of up to ``steps`` rooms from ``start`` on the sample's grid."""
        adjacency = s.adjacency or self.adjacency
        key = (start, steps)
        found = None if s.adjacency else self.walks.get(key)
        if found is None:
            found = [()]
            frontier: list[tuple[str, ...]] = [()]
            for _ in range(steps):
                frontier = [(*w, n) for w in frontier
                            for n in adjacency.get(w[-1] if w else start, ())]
                found += frontier
            if not s.adjacency:
                self.walks[key] = found
        return found

    def informed(self, s: Sample, swept: set[str]) -> dict[str, float]:
        """The Victims' rooms as the seat will believe them next turn in this playout: a
        Victim seen this turn (caught, and fled or walked in) is somewhere its move from
        there reaches; any other was not in the rooms swept, then moved about
        MOVE_SHARE of the time."""
        mass: dict[str, float] = {}
        blocked = frozenset(s.patients.values())
        for seat in s.rooms:
            if seat in s.seen:
                origin, steps = s.seen[seat]
                ends = [r for r in self.ends(s, origin, steps, blocked)
                        if r not in blocked or r == origin]
                for room in ends:
                    mass[room] = mass.get(room, 0.0) + 1.0 / len(ends)
                continue
            belief = self.beliefs.get(seat, {})
            left = 1.0 - sum(belief.get(r, 0.0) for r in swept)
            stay = (1.0 - MOVE_SHARE) / left if left > 1e-9 else 0.0
            for room, p in belief.items():
                if room not in swept:
                    mass[room] = mass.get(room, 0.0) + stay * p
            for room, p in self.moved.get(seat, {}).items():
                mass[room] = mass.get(room, 0.0) + MOVE_SHARE * p
        return mass

    def greedy(self, s: Sample, start: str, steps: int, covered: set[str],
               later: bool) -> tuple[str, ...]:
        """The path a Patient takes in a playout: the most belief mass entered (not the
        sample's truth: next turn, what the seat would know then), then the most within
        reach of its end."""
        mass, near = (s.mass, self.near_later) if later else (self.now, self.near_now)
        best: tuple[str, ...] = ()
        best_score = -1.0
        for path in self.paths(s, start, steps):
            score = sum(mass.get(r, 0.0) for r in set(path) - covered)
            score += TIE * near.get(path[-1] if path else start, 0.0)
            if score > best_score + 1e-12:
                best, best_score = path, score
        return best

    def ends(self, s: Sample, room: str, steps: int, blocked: frozenset[str]) -> list[str]:
        """Rooms a Victim in ``room`` may end a move of up to ``steps`` in."""
        adjacency = s.adjacency or self.adjacency
        key = (room, steps, blocked)
        found = None if s.adjacency else self.reach.get(key)
        if found is None:
            depth = {room: 0}
            queue = [room]
            for here in queue:
                if depth[here] == steps or (here in blocked and here != room):
                    continue
                for nxt in adjacency.get(here, ()):
                    if nxt not in depth:
                        depth[nxt] = depth[here] + 1
                        queue.append(nxt)
            found = list(depth)
            if not s.adjacency:
                self.reach[key] = found
        return found


@dataclass
class Sample:
    """One sampled position as the playout changes it."""

    rooms: dict[int, str]  # living Victims
    saves: dict[int, int]
    patients: dict[str, str]
    stats: dict[str, float]
    moves: list[int]  # the Movement deck's values, top first (0: a Stumble)
    caught: list[list[Any]]
    destroyed: set[str] = field(default_factory=set)
    adjacency: dict[str, list[str]] | None = None  # once a room is destroyed in the playout
    seen: dict[int, tuple[str, int]] = field(default_factory=dict)  # caught: room, flight
    mass: dict[str, float] = field(default_factory=dict)  # next turn's belief, by room
    score: float = 0.0

    @classmethod
    def of(cls, state: AsylumState, hunt: Hunt) -> Sample:
        data = state.data
        saves = {}
        for v in state.victims:
            cards = [*v["hand"], *([v["held"]] if v["held"] else [])]
            saves[v["seat"]] = sum(1 for c in cards if c != "?" and data.get(c).effect == "save")
        moves = [0 if data.get(c).stumble else int(data.get(c).value)
                 for c in state.decks["movement"]]
        return cls({v["seat"]: v["room"] for v in state.victims if v["alive"]}, saves,
                   {p["card"]: p["room"] for p in state.patients},
                   {p["card"]: hunt.stat(p["card"]) for p in state.patients}, moves,
                   [[s, list(c)] for s, c in state.caught])

    def copy(self) -> Sample:
        return Sample(dict(self.rooms), dict(self.saves), dict(self.patients), self.stats,
                      list(self.moves), [[s, list(c)] for s, c in self.caught],
                      set(self.destroyed), self.adjacency)


def adjacency(columns: Sequence[Sequence[str]]) -> dict[str, list[str]]:
    """Each room's orthogonal neighbours (as :meth:`Grid.neighbours` gives them)."""
    found: dict[str, list[str]] = {}
    for c, column in enumerate(columns):
        for h, room in enumerate(column):
            near = [column[h - 1]] if h else []
            if h + 1 < len(column):
                near.append(column[h + 1])
            for side in (c - 1, c + 1):
                if 0 <= side < len(columns) and h < len(columns[side]):
                    near.append(columns[side][h])
            found[room] = near
    return found


def _near(distance: int) -> float:
    return {0: 1.0, 1: 1.0, 2: 0.5, 3: 0.15}.get(distance, 0.0)
