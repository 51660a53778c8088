"""Whole-colour moves for the Deep One move step's list of legal actions (R-IE-41).

In the Move step every pawn of a colour may move 0-2 cells and its Shoggoth 0-1, all at once.
Every combination would be exponential, so ``legal_actions`` lists a sample (the engine
accepts any legal combination): staying put, every single pawn move, every Shoggoth step,
and the *marches* built here: for a target cell, every pawn of the colour steps as close to
it as a move of up to 2 cells takes it (never further away, the 4-per-colour cap kept), with
or without the pawns that hold a Deep One icon cell keeping one pawn there, each with the
Shoggoth staying or stepping. A march is how a player sends his colour after the Human.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping

from services.games.innsmouth_escape.board import GRID

CAP = 4  # pawns of one colour on a cell (R-IE-41)
REACH = 2  # cells a pawn moves (R-IE-41)


@functools.cache
def _distance(a: str, b: str) -> int:
    return GRID.distance(a, b)


@functools.cache
def _ends(start: str, target: str, straight: bool) -> tuple[str, ...]:
    """The cells a pawn on ``start`` may end a move on that are nearer ``target`` than
    ``start`` (A-IE-10: L-shapes unless ``straight``), the nearest to the target first, then
    the shortest move, then the cell's name."""
    here = _distance(start, target)
    ends = [c for c in GRID.cells() if 1 <= _distance(start, c) <= REACH
            and _distance(c, target) < here
            and (not straight or c[0] == start[0] or c[1:] == start[1:])]
    return tuple(sorted(ends, key=lambda c: (_distance(c, target), _distance(start, c), c)))


def march(mine: Mapping[str, int], target: str, keep: Collection[str] = (),
          straight: bool = False) -> tuple[str, ...]:
    """The pawn moves ("FROM>TO") that bring the pawns ``mine`` (cell -> count) towards
    ``target``: the nearest pawns first, each to the reachable cell nearest the target (then
    the shortest move, then the cell's name) that is nearer than where it stands and has
    room under the cap; a cell in ``keep`` keeps one of its pawns."""
    final = dict(mine)
    moves: list[str] = []
    for start in sorted(mine, key=lambda c: (_distance(c, target), c)):
        ends = _ends(start, target, straight)
        for _ in range(mine[start] - (1 if start in keep else 0)):
            end = next((c for c in ends if final.get(c, 0) < CAP), None)
            if end is None:
                break
            moves.append(f"{start}>{end}")
            final[start] -= 1
            final[end] = final.get(end, 0) + 1
    return tuple(moves)


def marches(mine: Mapping[str, int], held: Collection[str],
            straight: bool) -> list[tuple[str, ...]]:
    """Every distinct march of two pawn moves or more, over every target cell, with and
    without keeping one pawn on each cell of ``held`` (board order, first seen first)."""
    found: dict[tuple[str, ...], None] = {}
    for target in GRID.cells():
        for keep in ((), held):
            moves = march(mine, target, keep, straight)
            if len(moves) >= 2:
                found.setdefault(moves, None)
    return list(found)
