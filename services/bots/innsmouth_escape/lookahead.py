"""Two rounds ahead: a board is worth the fight the Human may meet this round, and, wherever he
ends, the threat it leaves for his next round.

For each cell ``D`` where the Human may end this round: the fight there, then the pawns on
``D`` are gone (casualties, R-IE-37) and from ``D`` he plots again (every legal plot of three
cards alike). Next round the pawns left fight where he ends, and the colour brings a stack
there: a pawn moved up to 2 cells (or a cell that already holds a Deep One) and the pawns it
spawns on top; or its Shoggoth steps next to him. The threat counts the best such stack.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from services.bots.innsmouth_escape.belief import fight_value, roaming
from services.bots.innsmouth_escape.deepones import After, Scorer
from services.bots.innsmouth_escape.table import CAP, CELLS, within

INDEX = {cell: i for i, cell in enumerate(CELLS)}


@functools.cache
def reach(start: str) -> tuple[tuple[int, float], ...]:
    """The next plot's ends from ``start`` as (cell index, share)."""
    return tuple((INDEX[c], q) for c, q in roaming(start))


class Lookahead:
    """Values the board one colour leaves with the threat for the Human's next round."""

    def __init__(self, scorer: Scorer, weight: float) -> None:
        self.s = scorer
        self.weight = weight
        self.dice, self.hit_on = scorer.table.weapon
        self.need = scorer.need
        self.kill = scorer.w.kill_bonus

    def fight(self, pawns: int, shoggoths: int) -> float:
        return fight_value(pawns, shoggoths, self.need, self.dice, self.hit_on, self.kill)

    def value(self, after: After, cells: Iterable[str] | None = None) -> float:
        """The fights this round and the threat after them, over the belief (or only over
        ``cells`` of it)."""
        s = self.s
        board = self.board(after)
        value = s.w.shoggoth * after.shoggoth_on
        for d in s.p if cells is None else cells:
            p = s.p.get(d, 0.0)
            if p:
                now = self.fight(after.totals[d] + s.spawned.get(d, 0), after.shog[d])
                value += p * (now + self.weight * self.threat(board, d))
        return value

    def board(self, after: After) -> tuple[list[float], list[float], dict[int, float]]:
        """Per cell: the fight its pawns give, the gain of this colour's best stack there,
        the gain of its Shoggoth stepping there."""
        totals, shog, mine = after.totals, after.shog, after.mine
        held = sum(1 for c, n in mine.items() if n and c in self.s.table.spawn_cells)
        income = min(held, after.pool) if any(mine.values()) else min(1, after.pool)
        mines = [self.fight(totals[c], shog[c]) for c in CELLS]
        near = _near(mine)
        stacks = []
        for i, c in enumerate(CELLS):
            add = 0
            if totals[c] or i in near:
                add = min(income + (1 if i in near else 0), CAP - mine.get(c, 0))
            stacks.append(self.fight(totals[c] + add, shog[c]) - mines[i] if add > 0 else 0.0)
        steps: dict[int, float] = {}
        if after.shoggoth_cell:
            for c in within(after.shoggoth_cell, 1, 1):
                steps[INDEX[c]] = self.fight(totals[c], shog[c] + 1) - mines[INDEX[c]]
        return mines, stacks, steps

    @staticmethod
    def threat(board: tuple[list[float], list[float], dict[int, float]], d: str) -> float:
        """The next round's fights from ``d``: the pawns that stay, the best stack."""
        mines, stacks, steps = board
        threat = best = 0.0
        for i, q in reach(d):
            threat += q * mines[i]
            best = max(best, q * stacks[i], q * steps.get(i, 0.0))
        return threat + best


def _near(mine: Mapping[str, int]) -> set[int]:
    """The cells one of these pawns can reach in a move (R-IE-41)."""
    found: set[int] = set()
    for cell, n in mine.items():
        if n:
            found.add(INDEX[cell])
            found.update(INDEX[c] for c in within(cell, 1, 2))
    return found
