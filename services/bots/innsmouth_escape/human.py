"""The Human, at every level.

It never harms itself on purpose: it equips its best weapon, heals when wounded, fights when
it must. Its plot (the one choice that matters) is by level: ``easy`` goes to a cell with
tokens to search and no Deep One on it (nor a Shoggoth next to it), onto an escape edge once
it has the victory points, with Rests when wounded, and does not try to guess the Deep
Ones' next move; ``normal`` and ``hard`` weigh the fight the Deep Ones can bring to each end
(:mod:`.escape`).
"""

from __future__ import annotations

import random

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_escape import escape
from services.bots.innsmouth_escape.table import Table, card, distance
from services.games.core import Action
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID, walk
from services.games.innsmouth_escape.state import ESCAPE_VP  # R-IE-26


def weapon_worth(card_id: str) -> float:
    info = card(card_id)
    if info is None or not info.is_weapon:
        return 0.0
    return info.weapon_dice * (7 - info.weapon_hit_on) / 6


def choose(knowledge: SeatKnowledge, rng: random.Random, level: str = "easy") -> Action:
    table = Table.read(knowledge.view, knowledge.seat)
    legal = knowledge.legal
    equips = [x for x in legal if isinstance(x, a.Equip)]
    current = weapon_worth(knowledge.view["weapon"]) if knowledge.view["weapon"] else 1 / 3
    better = [x for x in equips if weapon_worth(x.card) > current]
    if better:
        return max(better, key=lambda x: weapon_worth(x.card))
    heals = [x for x in legal if isinstance(x, a.UseCard) and (card(x.card) or None)
             and card(x.card).heal]  # type: ignore[union-attr]
    if heals and table.wounds:
        return heals[0]
    if table.phase == "place_human":
        return _start(legal, table, rng)
    plots = [x for x in legal if isinstance(x, a.Plot)]
    if plots:
        if level == "easy":
            return _plot(plots, table, rng)
        return escape.plot_choice(plots, table, level == "hard", rng)
    for kind in (a.Fight, a.Kill, a.SpawnHere, a.Identify):
        found = [x for x in legal if isinstance(x, kind)]
        if found:
            return found[0]
    done = a.Adjust(knowledge.seat, "done")
    return done if done in legal else rng.choice(legal)


def _danger(table: Table, cell: str) -> float:
    """Deep Ones there now, and a Shoggoth that can step onto it."""
    shoggoths = sum(1 for at in table.shoggoths.values() if at and distance(at, cell) <= 1)
    return 1.5 * table.total(cell) + 3.0 * shoggoths


def _start(legal: tuple[Action, ...], table: Table, rng: random.Random) -> Action:
    scores = [-_danger(table, x.cell) for x in legal if isinstance(x, a.PlaceHuman)]
    best = max(scores)
    return rng.choice([x for x, s in zip(legal, scores, strict=True) if s >= best - 1e-9])


def _plot(plots: list[a.Plot], table: Table, rng: random.Random) -> Action:
    blocked = {c for c in table.shoggoths.values() if c}
    scores = []
    for plot in plots:
        values = [int(c.split("-")[1]) for c in plot.cards if c.startswith("move")]
        path = walk(GRID, table.human_cell, list(zip(values, plot.directions, strict=True)),
                    blocked)
        end = path[-1]
        score = -_danger(table, end)
        score += escape.token_gain(table, end)
        if table.vp >= ESCAPE_VP and GRID.on_escape_edge(end):
            score += 100.0
        rests = 3 - len(values)
        score += 0.8 * min(rests, table.wounds)
        scores.append(score)
    best = max(scores)
    return rng.choice([x for x, s in zip(plots, scores, strict=True) if s >= best - 1e-9])
