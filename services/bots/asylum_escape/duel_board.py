"""The look-ahead's positions (:mod:`.duel`): :class:`Board` is the grid and the Patients at
one point; :class:`Boards` answers what the look-ahead asks of a board (walks, a Victim's
reach, the collapse, kill chances, a Victim's turn as a kernel), each answer cached by board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.bots.asylum_escape.hunt import Hunt
from services.games.asylum_escape.grid import Grid

MOVE_SHARE = 1 / 3  # a Victim's turn: draw a Movement card (a random one: 1 in 3)
TINY = 1e-9
Kernel = dict[str, tuple[tuple[tuple[str, float], ...], float]]


@dataclass(frozen=True)
class Board:
    """The grid and the Patients at one point of the look-ahead."""

    columns: tuple[tuple[str, ...], ...]
    patients: tuple[tuple[str, str], ...]  # (card, room), release order; "" off the grid
    key: int = 0  # the same for the same columns (the caches' key)

    @property
    def grid(self) -> Grid:
        return Grid(self.columns)

    def rooms(self) -> dict[str, str]:
        return dict(self.patients)


@dataclass
class Boards:
    """The cached answers about boards (one instance per decision)."""

    hunt: Hunt
    moves: dict[int, float]  # a Movement card's value -> chance (0: a Stumble)
    displace: bool = False
    save: float = 1.0  # the chance a kill attempt stands (a save card held face-up)
    _kills: dict[tuple[Any, ...], float] = field(default_factory=dict, repr=False)
    _trapped: dict[tuple[Any, ...], float] = field(default_factory=dict, repr=False)
    _kernels: dict[tuple[Any, ...], Kernel] = field(default_factory=dict, repr=False)
    _walks: dict[tuple[int, str, int], list[tuple[str, ...]]] = \
        field(default_factory=dict, repr=False)
    _sweeps: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False)
    _reach: dict[tuple[Any, ...], list[str]] = field(default_factory=dict, repr=False)
    _adj: dict[int, dict[str, list[str]]] = field(default_factory=dict, repr=False)
    _keys: dict[tuple[tuple[str, ...], ...], int] = field(default_factory=dict, repr=False)

    def board(self, columns: tuple[tuple[str, ...], ...],
              patients: tuple[tuple[str, str], ...]) -> Board:
        key = self._keys.setdefault(columns, len(self._keys) + 1)
        return Board(columns, patients, key)

    def adjacency(self, board: Board) -> dict[str, list[str]]:
        found = self._adj.get(board.key)
        if found is None:
            grid = board.grid
            found = self._adj[board.key] = {r: grid.neighbours(r) for r in grid.rooms()}
        return found

    def walks(self, board: Board, start: str, steps: int) -> list[tuple[str, ...]]:
        """Walks of up to ``steps`` rooms, one per set of rooms entered and end."""
        key = (board.key, start, steps)
        cached = self._walks.get(key)
        if cached is not None:
            return cached
        adj = self.adjacency(board)
        found: dict[tuple[frozenset[str], str], tuple[str, ...]] = {(frozenset(), start): ()}
        frontier: list[tuple[str, ...]] = [()]
        for _ in range(steps):
            frontier = [(*w, n) for w in frontier for n in adj.get(w[-1] if w else start, ())]
            for w in frontier:
                found.setdefault((frozenset(w), w[-1]), w)
        walks = list(found.values())
        if self.hunt.tracker.options.get("patient_exact_move"):
            longest = max(len(w) for w in walks)
            walks = [w for w in walks if len(w) == longest]
        self._walks[key] = walks
        return walks

    def reach(self, board: Board, start: str, steps: int) -> list[str]:
        """Rooms a Victim in ``start`` may end a move of up to ``steps`` in (a Patient's
        room stops it)."""
        key = (board.key, start, steps, board.patients)
        found = self._reach.get(key)
        if found is None:
            adj = self.adjacency(board)
            forbid = bool(self.hunt.tracker.options.get("forbid_voluntary_patient_room"))
            blocked = {r for _c, r in board.patients if r}
            depth = {start: 0}
            queue = [start]
            for room in queue:
                if depth[room] == steps or (room in blocked and room != start):
                    continue
                for nxt in adj.get(room, ()):
                    if nxt not in depth and not (forbid and nxt in blocked):
                        depth[nxt] = depth[room] + 1
                        queue.append(nxt)
            found = self._reach[key] = list(depth)
        return found

    def destroy(self, board: Board, rooms: Sequence[str]) -> Board:
        grid = board.grid
        patients = dict(board.patients)
        for room in dict.fromkeys(rooms):
            if room not in grid:
                continue
            landing = grid.destroy(room)
            for card, where in patients.items():
                if where == room:
                    patients[card] = landing.rooms[0] if landing.rooms else ""
        return self.board(tuple(tuple(c) for c in grid.columns), tuple(patients.items()))

    def kill(self, board: Board, room: str, catchers: Sequence[str]) -> float:
        """The chance a Victim caught in ``room`` dies (every Patient there attacks)."""
        key = (board.patients, room, tuple(catchers))
        found = self._kills.get(key)
        if found is None:
            attackers = [*catchers, *(c for c, r in board.patients if r == room
                                      and c not in catchers)]
            miss = 1.0
            for card in attackers:
                miss *= 1.0 - self.hunt.stat(card)
            found = self._kills[key] = (1.0 - miss) * self.save

        return found

    def sweeps(self, board: Board, card: str) -> tuple[
            str, dict[str, float], list[tuple[int, list[tuple[tuple[str, ...], set[str]]]]]]:
        """What a Patient's last move may sweep: its room, each room's worth per unit of
        belief (the kill, or the flight that ends in a Patient's room) and its walks by
        coin."""
        key = (board.key, board.patients, card)
        found = self._sweeps.get(key)
        if found is None:
            patients = {r for _c, r in board.patients if r}
            start = board.rooms()[card]
            by_steps = [(s, [(w, set(w)) for w in self.walks(board, start, s)]) for s in (1, 2)]
            factor = {}
            for room in {r for _w, rooms in by_steps[1][1] for r in rooms}:
                k = self.kill(board, room, [card])
                factor[room] = k + (1.0 - k) * self.trapped(board, room, patients)
            found = self._sweeps[key] = (start, factor, by_steps)
        return found

    def trapped(self, board: Board, room: str, patients: set[str]) -> float:
        """A Victim that survived in ``room`` in the last turn dies anyway: its flight ends
        in a Patient's room (caught there, or destroyed with it)."""
        key = (board.key, board.patients, room)
        found = self._trapped.get(key)
        if found is not None:
            return found
        found = 0.0
        for steps, p in self.moves.items():
            if steps == 0:
                found += p * (self.kill(board, room, []) if self.displace else 1.0)
                continue
            ends = self.reach(board, room, steps)
            if self.displace:
                found += p * sum(self.kill(board, e, []) for e in ends
                                 if e in patients and e != room) / len(ends)
            else:
                found += p * sum(1 for e in ends if e in patients) / len(ends)
        self._trapped[key] = found
        return found

    def kernel(self, board: Board) -> dict[str, tuple[tuple[tuple[str, float], ...], float]]:
        """For each room, the Victim's turn from it: where it ends without being caught
        (with the chance), and the chance it is caught and killed (walking into a
        Patient's room, or a Stumble to the nearest Patient)."""
        key = (board.key, board.patients)
        found = self._kernels.get(key)
        if found is not None:
            return found
        found = {}
        adj = self.adjacency(board)
        patients = [r for _c, r in board.patients if r]
        for room in adj:
            spread = {room: 1.0 - MOVE_SHARE}
            caught = 0.0
            for steps, share in self.moves.items():
                weight = MOVE_SHARE * share
                if steps == 0:
                    if patients:
                        dist = _distances(adj, room)
                        near = min(patients, key=lambda r: (dist.get(r, 99),
                                                            -self.kill(board, r, [])))
                        caught += weight * self.kill(board, near, [])
                    continue
                ends = self.reach(board, room, steps)
                for end in ends:
                    if end in patients and end != room:
                        caught += weight / len(ends) * self.kill(board, end, [])
                    else:
                        spread[end] = spread.get(end, 0.0) + weight / len(ends)
            found[room] = (tuple(spread.items()), caught)
        self._kernels[key] = found
        return found


def _distances(adj: Mapping[str, list[str]], start: str) -> dict[str, int]:
    seen = {start: 0}
    queue = [start]
    for room in queue:
        for nxt in adj.get(room, ()):
            if nxt not in seen:
                seen[nxt] = seen[room] + 1
                queue.append(nxt)
    return seen
