"""The collapsing grid of Asylum Escape (rules spec 4.3, R-AE-14, R-AE-15).

The layout is a list of columns, each a stack of room ids listed bottom to top ("bottom" is
the side rooms fall toward). Pieces store room ids, never coordinates: when a room is
destroyed every room above it drops one place, and an emptied column disappears so that its
neighbours close up. Up/down neighbours share a column; left/right neighbours sit at the same
height in the neighbouring column (when it is tall enough). No diagonals.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Landing:
    """Where a piece standing in a destroyed room ends up: one room, or (its column gone)
    the choice between the bottom rooms of the left and right neighbouring columns."""

    rooms: tuple[str, ...]


class Grid:
    def __init__(self, columns: Iterable[Iterable[str]]) -> None:
        self.columns: list[list[str]] = [list(c) for c in columns if list(c)]

    def copy(self) -> Grid:
        return Grid(self.columns)

    def rooms(self) -> list[str]:
        """Every room, column by column, bottom to top."""
        return [room for column in self.columns for room in column]

    def __contains__(self, room: object) -> bool:
        return any(room in column for column in self.columns)

    def position(self, room: str) -> tuple[int, int]:
        """(column index, height index) of a room; KeyError if it is not in the grid."""
        for c, column in enumerate(self.columns):
            if room in column:
                return c, column.index(room)
        raise KeyError(room)

    def at(self, column: int, height: int) -> str | None:
        if 0 <= column < len(self.columns) and 0 <= height < len(self.columns[column]):
            return self.columns[column][height]
        return None

    def neighbours(self, room: str) -> list[str]:
        """Orthogonal neighbours: below, above, left, right (those that exist)."""
        c, h = self.position(room)
        found = [self.at(c, h - 1), self.at(c, h + 1), self.at(c - 1, h), self.at(c + 1, h)]
        return [r for r in found if r is not None]

    def adjacent(self, a: str, b: str) -> bool:
        return a in self and b in self.neighbours(a)

    def distances(self, start: str) -> dict[str, int]:
        """Length of the shortest orthogonal path from ``start`` to every room."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            for nxt in self.neighbours(room):
                if nxt not in seen:
                    seen[nxt] = seen[room] + 1
                    queue.append(nxt)
        return seen

    def walks(self, start: str, steps: int) -> list[tuple[str, ...]]:
        """Every walk of 0..``steps`` orthogonal steps from ``start`` (rooms after the start);
        a walk may come back to a room it left."""
        found: list[tuple[str, ...]] = [()]
        frontier: list[tuple[str, ...]] = [()]
        for _ in range(steps):
            frontier = [(*w, n) for w in frontier for n in self.neighbours(w[-1] if w else start)]
            found += frontier
        return found

    def destroy(self, room: str) -> Landing:
        """Remove ``room``; return where a piece standing in it lands (R-AE-14, R-AE-15)."""
        c, h = self.position(room)
        column = self.columns[c]
        column.pop(h)
        if column:
            return Landing((column[h] if h < len(column) else column[h - 1],))
        del self.columns[c]
        sides = [self.at(c - 1, 0), self.at(c, 0)]  # the left and right neighbours, closed up
        return Landing(tuple(r for r in sides if r is not None))
