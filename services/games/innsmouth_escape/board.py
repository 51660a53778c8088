"""The board's geometry and the Human's movement plots (R-IE-10..19).

Cells are named like the board: a column letter (A = west) and a row number (1 = north, 6 =
south), "C4". The grid size is a parameter so that tests can check the path rules
exhaustively on small boards; the game uses 6 x 6.

A plot is three movement cards in the order they take effect: number cards move exactly
their value in one straight orthogonal direction each (R-IE-13, R-IE-14), Rest cards do not
move. The path (start and every cell entered) may not touch a cell twice (R-IE-15) nor pass
through or end on a Shoggoth (R-IE-16).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}
DIRECTION_WORDS = {"N": "north", "S": "south", "E": "east", "W": "west"}
LETTERS = "ABCDEFGHIJ"


class PathError(Exception):
    """A plot breaks a movement rule: ``rule`` is the spec id, ``message`` says how."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


@dataclass(frozen=True)
class Grid:
    columns: int = 6
    rows: int = 6

    def cells(self) -> list[str]:
        """Every cell, row by row from the north-west corner."""
        return [self.name(c, r) for r in range(self.rows) for c in range(self.columns)]

    def name(self, column: int, row: int) -> str:
        return f"{LETTERS[column]}{row + 1}"

    @functools.cache  # noqa: B019 (a Grid is a frozen value: the cache lives as long as it)
    def parse(self, cell: str) -> tuple[int, int]:
        """(column, row), 0-based; ValueError naming the cell if it is not on this board."""
        if (not isinstance(cell, str) or len(cell) < 2 or cell[0] not in LETTERS[: self.columns]
                or not cell[1:].isdigit() or not 1 <= int(cell[1:]) <= self.rows):
            last = f"{LETTERS[self.columns - 1]}{self.rows}"
            raise ValueError(f"{cell!r} is not a cell of the board (A1 to {last})")
        if cell[1] == "0":  # one spelling per cell: "A1", never "A01"
            raise ValueError(f"{cell!r} is not a cell of the board: write it like A1")
        return LETTERS.index(cell[0]), int(cell[1:]) - 1

    def is_cell(self, cell: str) -> bool:
        try:
            self.parse(cell)
        except ValueError:
            return False
        return True

    @functools.cache  # noqa: B019
    def step(self, cell: str, direction: str) -> str | None:
        """The neighbour in ``direction``, or None off the board."""
        column, row = self.parse(cell)
        dc, dr = DIRECTIONS[direction]
        c, r = column + dc, row + dr
        if 0 <= c < self.columns and 0 <= r < self.rows:
            return self.name(c, r)
        return None

    def neighbours(self, cell: str) -> list[str]:
        return [n for d in DIRECTIONS if (n := self.step(cell, d)) is not None]

    def distance(self, a: str, b: str) -> int:
        (ca, ra), (cb, rb) = self.parse(a), self.parse(b)
        return abs(ca - cb) + abs(ra - rb)

    def on_escape_edge(self, cell: str) -> bool:
        """Column A (west) or the last row (south): R-IE-26."""
        column, row = self.parse(cell)
        return column == 0 or row == self.rows - 1


GRID = Grid()


def walk(grid: Grid, start: str, moves: Sequence[tuple[int, str]],
         blocked: Iterable[str] = ()) -> list[str]:
    """The path of a plot: ``start`` and every cell entered, for number cards given as
    (value, direction) in order. Raises PathError with the rule broken."""
    shoggoths = set(blocked)
    path = [start]
    cell = start
    for n, (value, direction) in enumerate(moves, start=1):
        if direction not in DIRECTIONS:
            raise PathError("R-IE-13", f"{direction!r} is not a direction: use N, S, E or W")
        if value < 1:
            raise PathError("R-IE-13", f"card {n} has the value {value}: number cards move 1 "
                            "or more cells")
        for _ in range(value):
            nxt = grid.step(cell, direction)
            if nxt is None:
                raise PathError("R-IE-13", f"card {n} ({value} {DIRECTION_WORDS[direction]}) "
                                f"leaves the board after {cell}: a card moves its full value")
            if nxt in path:
                raise PathError("R-IE-15", f"card {n} ({value} {DIRECTION_WORDS[direction]}) "
                                f"comes back to {nxt}: the path may not touch a cell twice")
            if nxt in shoggoths:
                raise PathError("R-IE-16", f"card {n} ({value} {DIRECTION_WORDS[direction]}) "
                                f"goes through {nxt}, where a Shoggoth is")
            path.append(nxt)
            cell = nxt
    return path


@dataclass(frozen=True)
class Plan:
    """One legal way to play three movement cards: number values in order with directions,
    and how many Rest cards."""

    moves: tuple[tuple[int, str], ...]
    rests: int
    path: tuple[str, ...]

    @property
    def end(self) -> str:
        return self.path[-1]


def plans(grid: Grid, start: str, numbers: Sequence[int], rests: int,
          blocked: Iterable[str] = (), cards: int = 3) -> list[Plan]:
    """Every legal plot from ``start`` with the number cards ``numbers`` (values in hand) and
    ``rests`` Rest cards in hand: exactly ``cards`` cards (R-IE-10). Each plan is a distinct
    (moves, rests): two 2s are interchangeable, but 1 then 2 east and 2 then 1 east are two
    plans along the same path."""
    shoggoths = frozenset(blocked)
    found: list[Plan] = []
    for k in range(0, cards + 1):
        if cards - k > rests or k > len(numbers):
            continue
        for values in sorted(set(itertools.permutations(numbers, k))):
            for directions in itertools.product("NSEW", repeat=k):
                moves = tuple(zip(values, directions, strict=True))
                try:
                    path = walk(grid, start, moves, shoggoths)
                except PathError:
                    continue
                found.append(Plan(moves, cards - k, tuple(path)))
    return found


def destinations(grid: Grid, start: str, numbers: Sequence[int], rests: int,
                 blocked: Iterable[str] = ()) -> dict[str, list[Plan]]:
    """The cells a plot can end on, each with its legal plans."""
    ends: dict[str, list[Plan]] = {}
    for plan in plans(grid, start, numbers, rests, blocked):
        ends.setdefault(plan.end, []).append(plan)
    return ends
