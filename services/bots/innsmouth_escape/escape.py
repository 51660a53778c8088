"""The Human at ``normal`` and ``hard``: plots that keep him alive on his way to the edge.

Both levels value every legal plot by its end cell:

- what he gains there: the tokens he searches (their decks' worth times their ranks), the
  escape itself (8 VP or more on column A or row 6 wins at the next reveal, before any fight:
  R-IE-26, A-IE-05), a Rest when wounded (R-IE-23), and a step nearer to the next token, or
  to the edge once he has the VP (three Rests while unhurt lose a round: they count
  against);
- what it may cost: the fight he may meet there after the Deep Ones move. Every Deep One pawn
  within two cells of the end can reach it (R-IE-41, at most four of a colour on a cell), a
  Shoggoth within one cell can (three wounds, R-IE-36), and searching the cell spawns pawns
  on him (R-IE-29); the game's own dice give the chance such a fight kills him (R-IE-33,
  R-IE-35: :func:`~services.bots.innsmouth_escape.belief.wounds_dealt`), which weighs most.

``normal`` assumes a share of the pawns in reach come when he plays number cards. Both
levels read three Rests the way the Deep Ones can bring the fight, his cell being known: every
pawn within two cells comes and, once one stands on him, every colour spawns on his cell too
(R-IE-44, four a colour: :func:`known_fight`); and three Rests while unhurt cost more the
later the round (no stalling on a safe cell with cards that lead nowhere safe: the number
cards only come back once all are played). Without them ``normal`` rested its way into
fights of four colours' spawns, or rested for ever on a full board (5 players: 64.2% of
games won, below easy). ``hard`` also looks a round on: it prefers the ends from which the
number cards left in his hand (all six after the recycle, R-IE-24) reach the most cells with
no pawn within one cell now, so he is not cornered next round; once he has (or gains there)
the VP, it prefers the ends from which those cards reach an escape edge next round; and with
number cards the share of pawns that come grows with the share of the plots of that public
shape (start, face-down count, values left) that end on his cell.
Tried and dropped: scaling the pawns that come by the Deep Ones' own belief over his end
(their bot's :func:`~services.bots.innsmouth_escape.belief.landing`), which sent him to ends
they thought unlikely but reached anyway (66 and 64.5% of games won, against 86-87%).
Everything is read from the Human's own view: the Deep Ones' pawns and Shoggoths are public.
"""

from __future__ import annotations

import functools
import random

from services.bots.innsmouth_escape.belief import (
    landing,
    number_values,
    search_spawns,
    wounds_dealt,
)
from services.bots.innsmouth_escape.table import CAP, Table, distance, within
from services.games.core import Action
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID, walk
from services.games.innsmouth_escape.state import ESCAPE_VP  # R-IE-26

NUMBERS = (1, 1, 2, 2, 3, 3)  # every number card, back in hand after the recycle (R-IE-24)
TOKEN_WORTH = {"captive": 2.0, "equipment": 1.0, "encounter": 0.7}
DEATH = 60.0  # the worth of his life against a token's
WOUND = 1.2
STALL = 3.0
PROGRESS = 1.0  # per cell nearer to the next token, or to the edge
LATE = 0.5  # a round lost costs this much more per round played
EDGE_NEXT = 6.0  # hard: with the VP, an escape edge his cards left reach next round
SHARE = 0.35  # normal: the share of the pawns in reach assumed to come


def plot_choice(plots: list[a.Plot], table: Table, hard: bool, rng: random.Random) -> Action:
    """The plot worth most; among equals, one at random."""
    blocked = frozenset(c for c in table.shoggoths.values() if c)
    hand = number_values(table)
    seen = {k: dict(landing(table.human_cell, hand, k, blocked)) for k in range(4)} if hard \
        else {}
    scores = []
    for plot in plots:
        values = [int(c.split("-")[1]) for c in plot.cards if c.startswith("move")]
        path = walk(GRID, table.human_cell, list(zip(values, plot.directions, strict=True)),
                    blocked)
        left = list(hand)
        for value in values:
            left.remove(value)
        guess = seen[len(values)].get(path[-1], 0.0) if hard else 0.0
        scores.append(worth(table, path[-1], len(values), tuple(left), hard, guess))
    best = max(scores)
    return rng.choice([x for x, s in zip(plots, scores, strict=True) if s >= best - 1e-9])


def worth(table: Table, end: str, numbers: int, left: tuple[int, ...], hard: bool,
          guess: float = 0.0) -> float:
    """What ending the plot on ``end`` is worth to the Human (``numbers`` number cards
    played, ``left`` the values still in hand after it; ``guess``, hard: the share of the
    plots of this shape, all public but the cells, that end on ``end``)."""
    rests = 3 - numbers
    if table.vp >= ESCAPE_VP and GRID.on_escape_edge(end):
        return 1000.0 - rests  # he wins at the reveal, before any fight
    share = SHARE + (1 - SHARE) * guess  # hard: the fewer the ends, the surer they come
    wounds = max(table.wounds - rests, 0)
    if not numbers:  # three Rests: the Deep Ones know where he stays
        dies, hurt = known_fight(table, end, table.threshold - wounds)
    else:
        dies, hurt = fight(table, end, share, table.threshold - wounds)
    gain = token_gain(table, end)
    score = gain * (1 - dies) - DEATH * dies - WOUND * hurt
    score += 0.8 * min(rests, table.wounds)
    if not numbers and not table.wounds:
        # a round lost: the Deep Ones' pools only grow, the more the later it is
        score -= STALL + LATE * table.round
    score -= PROGRESS * _to_goal(table, end, gain)
    if hard:
        score += 1.5 * _safe_next(table, end, left or NUMBERS)
        if table.vp + gain >= ESCAPE_VP and _edge_next(end, left or NUMBERS):
            score += EDGE_NEXT
    return score


def token_gain(table: Table, cell: str) -> float:
    """What searching ``cell`` brings: its tokens' worth times their ranks."""
    return sum(TOKEN_WORTH.get(deck, 0.0) * rank
               for deck, rank in table.tokens.get(cell, {}).items())


def fight(table: Table, end: str, share: float, need: int) -> tuple[float, float]:
    """The chance a fight on ``end`` after the Deep Ones move kills him, and its wounds."""
    pawns = search_spawns(table, end) + share * sum(
        min(CAP, sum(table.on(c, colour) for c in within(end, 0, 2)))
        for colour in table.in_game())
    shoggoths = share * sum(1 for at in table.shoggoths.values()
                            if at and distance(at, end) <= 1)
    dice, hit_on = table.weapon
    low, part = int(pawns), pawns - int(pawns)
    shog, shog_part = int(shoggoths), shoggoths - int(shoggoths)
    dies = hurt = 0.0
    for n, p in ((low, 1 - part), (low + 1, part)):
        for s, q in ((shog, 1 - shog_part), (shog + 1, shog_part)):
            if p * q == 0:
                continue
            dist = wounds_dealt(n, s, dice, hit_on)
            dies += p * q * sum(dist[max(need, 1):])
            hurt += p * q * sum(w * x for w, x in enumerate(dist))
    return dies, hurt


def known_fight(table: Table, end: str, need: int) -> tuple[float, float]:
    """The fight on ``end`` when the Deep Ones know he stays there (three Rests): every pawn
    within two cells comes, and once one of them stands on him every colour may spawn its
    pawns on his cell too (R-IE-44), up to four of a colour (R-IE-41)."""
    reach = {colour: sum(table.on(c, colour) for c in within(end, 0, 2))
             for colour in table.in_game()}
    pawns = 0
    if any(reach.values()):
        pawns = sum(min(CAP, n + table.spawn_income(colour)) for colour, n in reach.items())
    shoggoths = sum(1 for at in table.shoggoths.values() if at and distance(at, end) <= 1)
    dist = wounds_dealt(pawns, shoggoths, *table.weapon)
    return sum(dist[max(need, 1):]), sum(w * x for w, x in enumerate(dist))


def _to_goal(table: Table, end: str, gain: float) -> float:
    """Cells from ``end`` to where he goes next: the edge once he has (or gains there) the
    VP, else the nearest token left."""
    if table.vp + gain >= ESCAPE_VP:
        col, row = GRID.parse(end)
        return min(col, 5 - row)
    others = [c for c in table.tokens if c != end]
    return min((distance(end, c) for c in others), default=0)


def _safe_next(table: Table, end: str, left: tuple[int, ...]) -> float:
    """The share of next round's ends from ``end`` (three cards, the values ``left``) with no
    pawn within one cell now."""
    ends = landing(end, tuple(sorted(left)), min(3, len(left)), frozenset())
    return sum(p for cell, p in ends
               if not any(table.total(c) for c in within(cell, 0, 1)))


@functools.cache
def _edge_next(end: str, left: tuple[int, ...]) -> bool:
    """Whether a plot of one to three of the number cards ``left`` takes him from ``end`` onto
    an escape edge (column A or row 6, R-IE-26)."""
    values = tuple(sorted(left))
    return any(GRID.on_escape_edge(cell)
               for k in range(1, min(3, len(values)) + 1)
               for cell, _ in landing(end, values, k, frozenset()))
