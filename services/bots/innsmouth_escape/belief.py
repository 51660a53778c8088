"""Where the Human can be, and what a fight there is worth.

Between his plot and the next reveal the Human's cell is his secret. Everything else about
the plot is public: the cell he starts from (the last reveal), how many number cards lie face
down and how many Rests face up, the values of his number cards (the nine cards minus the
public discard) and the Shoggoths on the board when he plotted (they block his path, R-IE-16;
the history tells where they were). The belief gives every legal plot with that public shape
the same weight (the box refuses illegal plots, so he made one of these), and a cell the sum
of the weights of the plots that end there.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_escape.table import Table, pack
from services.games.innsmouth_escape.board import GRID, Plan, plans

Belief = dict[str, float]

DO_DIE = (0.5, 1 / 3, 1 / 6)  # a Deep One's die: 0, 1 or 2 wounds (R-IE-35)
SHOGGOTH_WOUNDS = 3  # R-IE-36


def number_values(table: Table) -> tuple[int, ...]:
    """The values of the Human's number cards not in the discard (public, spec 1.8)."""
    shown = table.view["movement"].get("remaining_values")
    if shown is not None:
        return tuple(sorted(shown))
    values = sorted(int(v) for v in str(table.options["number_cards"]).split(","))
    for kind in table.view["movement"]["discard"]:
        values.remove(int(kind.split("-")[1]))
    return tuple(values)


def plot_shoggoths(knowledge: SeatKnowledge) -> frozenset[str]:
    """The cells of the Shoggoths when the Human made his last plot (from the public events)."""
    where: dict[str, str] = {}
    at_plot: dict[str, str] = {}
    for told in knowledge.history:
        for event in told.events:
            kind = event.get("type")
            if kind == "summoned":
                where[event["colour"]] = event["cell"]
            elif kind == "deep_ones_moved" and event.get("shoggoth"):
                where[event["colour"]] = event["shoggoth"]
            elif kind == "adjusted" and event.get("kind") == "shoggoth":
                where[event["colour"]] = event.get("to", "")
            elif kind == "plotted":
                at_plot = dict(where)
    return frozenset(c for c in at_plot.values() if c)


@functools.lru_cache(maxsize=4096)
def plots(start: str, numbers: tuple[int, ...], face_down: int,
          blocked: frozenset[str]) -> tuple[Plan, ...]:
    """The legal plots of ``face_down`` number cards (and Rests for the rest) from ``start``
    with the number cards of these values in hand, the Shoggoths' cells ``blocked``."""
    return tuple(p for p in plans(GRID, start, numbers, 3, blocked) if len(p.moves) == face_down)


@functools.lru_cache(maxsize=4096)
def landing(start: str, numbers: tuple[int, ...], face_down: int,
            blocked: frozenset[str]) -> tuple[tuple[str, float], ...]:
    """Each cell a legal plot of ``face_down`` number cards ends on, with its share of the
    plots."""
    if face_down == 0:
        return ((start, 1.0),)
    ends: dict[str, int] = {}
    for plan in plots(start, numbers, face_down, blocked):
        ends[plan.end] = ends.get(plan.end, 0) + 1
    total = sum(ends.values())
    if not total:
        return ()
    return tuple((cell, n / total) for cell, n in sorted(ends.items()))


def destinations(knowledge: SeatKnowledge, table: Table) -> Belief:
    """Where the Human ends this round: his cell if it is known, else the belief."""
    plot = table.view.get("plot")
    if plot is None:
        return {table.human_cell: 1.0} if table.human_cell else {}
    numbers = number_values(table)
    found = landing(table.human_cell, numbers, plot["face_down"], plot_shoggoths(knowledge))
    if not found:  # the public record does not explain the plot: any shape
        found = landing(table.human_cell, numbers, plot["face_down"], frozenset())
    return dict(found) or {table.human_cell: 1.0}


@functools.cache
def roaming(start: str) -> tuple[tuple[str, float], ...]:
    """Where a Human with all six number cards may end a plot of three from ``start``: the
    reach of a next move, for the cells worth holding after this round."""
    return landing(start, (1, 1, 2, 2, 3, 3), 3, frozenset())


def next_round(belief: Mapping[str, float]) -> Belief:
    """Where the Human may be after his next plot, from where he is now."""
    heat: Belief = {}
    for cell, p in belief.items():
        for end, q in roaming(cell):
            heat[end] = heat.get(end, 0.0) + p * q
    return heat


# ---------------------------------------------------------------------------------- fights


@functools.lru_cache(maxsize=65536)
def wounds_dealt(pawns: int, shoggoths: int, dice: int, hit_on: int) -> tuple[float, ...]:
    """The chance of each number of wounds a fight deals: the Human's hits kill first
    (R-IE-33), every pawn left rolls a die (R-IE-35), each Shoggoth deals 3 (R-IE-36)."""
    hit = (7 - hit_on) / 6
    kills = [0.0] * (dice + 1)
    kills[0] = 1.0
    for _ in range(dice):
        kills = [kills[k] * (1 - hit) + (kills[k - 1] * hit if k else 0.0)
                 for k in range(dice + 1)]
    dist = [0.0] * (2 * pawns + SHOGGOTH_WOUNDS * shoggoths + 1)
    for k, pk in enumerate(kills):
        if pk:
            for w, pw in enumerate(_rolls(max(pawns - k, 0))):
                dist[w + SHOGGOTH_WOUNDS * shoggoths] += pk * pw
    return tuple(dist)


@functools.cache
def _rolls(n: int) -> tuple[float, ...]:
    dist = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(dist) + 2)
        for w, p in enumerate(dist):
            for extra, q in enumerate(DO_DIE):
                nxt[w + extra] += p * q
        dist = nxt
    return tuple(dist)


@functools.lru_cache(maxsize=65536)
def fight_value(pawns: int, shoggoths: int, need: int, dice: int, hit_on: int,
                kill_bonus: float) -> float:
    """What a fight is worth to the Deep Ones: the wounds it deals (those beyond the ones
    that kill count for nothing) and ``kill_bonus`` times the chance that it kills."""
    if pawns <= 0 and shoggoths <= 0:
        return 0.0
    need = max(need, 1)
    return sum(p * (min(w, need) + (kill_bonus if w >= need else 0.0))
               for w, p in enumerate(wounds_dealt(pawns, shoggoths, dice, hit_on)))


def search_spawns(table: Table, cell: str) -> int:
    """About how many pawns the Human's cards spawn on ``cell`` when he searches it (R-IE-29):
    the tokens there, times the Spawn icons of the cards still in those decks."""
    found = table.tokens.get(cell)
    if not found:
        return 0
    gone = set(table.view["tableau"])
    sizes = table.view.get("deck_sizes") or {}
    expected = 0.0
    for deck, rank in found.items():
        icons = sum(c.spawn_icons for c in pack().cards if c.deck == deck and c.id not in gone)
        size = sizes.get(deck) or 0
        if size:
            expected += min(rank, size) * icons / size
    return round(expected)
