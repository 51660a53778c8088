"""The Deep One players' heuristics (levels ``easy`` and ``normal``; ``hard`` searches among
the best choices found here).

A pawn is a mine: it fights when the Human ends his move on its cell, deals its wounds and
dies. So the Deep Ones want many pawns where the Human is likely to end this round (the
belief), and, for the pawns that live on, where he may go after it. Pawns come from the Spawn
cells a colour holds (R-IE-44), and a spawned pawn may go on any cell that holds a Deep One:
the move (one pawn, or the Shoggoth, a turn at ``easy`` and ``normal``; ``hard`` also weighs
the whole-colour marches the box lists) takes a Spawn cell or opens a cell where the Human is
likely to land, and the spawn stacks pawns there.

:class:`Weights` are what the levels differ in; :class:`Scorer` values a board for one colour.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from services.bots.contract import BotError, SeatKnowledge
from services.bots.innsmouth_escape.belief import (
    Belief,
    destinations,
    fight_value,
    next_round,
    search_spawns,
)
from services.bots.innsmouth_escape.habits import learnt
from services.bots.innsmouth_escape.table import CAP, CELLS, Table, distance, wound_card
from services.games.core import Action
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID
from services.games.innsmouth_escape.state import ESCAPE_VP  # R-IE-26

PAWN = 2 / 3  # the wounds one pawn's die deals on average


@dataclass(frozen=True)
class Weights:
    belief: bool  # the belief over the Human's secret cell (else: near his last known cell)
    kill_bonus: float  # a fight's chance to kill, in wounds
    future: float  # a pawn or Shoggoth that lives on, per wound it may deal next round
    income: float  # one more pawn spawned each round
    draw: float  # one more Deep One card drawn
    shoggoth: float  # the colour's Shoggoth on the board
    gather: float = 0.0  # each pawn (up to 3) on a Shoggoth cell while the Shoggoth is off
    weighted: bool = True  # the belief weighs a cell by the plots that end there (else: alike)
    learn: bool = False  # the belief learns what the Human goes for from his reveals
    march: bool = False  # whole-colour marches (else one pawn, or the Shoggoth, a turn)


EASY = Weights(belief=False, kill_bonus=0.0, future=0.0, income=0.3, draw=0.0, shoggoth=1.0)
NORMAL = Weights(belief=True, kill_bonus=2.0, future=0.5, income=0.6, draw=0.05, shoggoth=1.0)


STEP_CHOICES = (a.MoveDeepOnes, a.Summon, a.Spawn)


@dataclass
class After:
    """The board after one colour's choices in the Deep One turn."""

    totals: dict[str, int]  # pawns of every colour per cell
    shog: dict[str, int]  # Shoggoths per cell
    mine: dict[str, int]  # this colour's pawns per cell
    pool: int
    touched: set[str]  # the cells that changed
    shoggoth_on: bool  # this colour's Shoggoth is on the board
    shoggoth_cell: str = ""  # where it is


class Scorer:
    """Values the board for ``colour``: the fights the Human may meet this round, the pieces
    that live on near where he may go next, the spawns and cards each round brings."""

    def __init__(self, knowledge: SeatKnowledge, table: Table, weights: Weights,
                 belief: Belief | None = None) -> None:
        self.table = table
        self.w = weights
        self.colour = table.colour
        if belief is not None:
            self.p = dict(belief)
        elif weights.learn and (found := learnt(knowledge, table)):
            self.p = found
        elif weights.belief:
            self.p = destinations(knowledge, table)
            if not weights.weighted:
                self.p = {c: 1 / len(self.p) for c in self.p}
        else:
            self.p = near(table.human_cell)
        self.heat = next_round(self.p) if weights.future else {}
        self.need = max(table.threshold - table.wounds, 1)
        if table.vp >= ESCAPE_VP and table.options.get("escape_check") == "after_reveal":
            # R-IE-26: revealed on an escape edge he has escaped before any fight there
            self.p = {c: p for c, p in self.p.items() if not GRID.on_escape_edge(c)}
        self.spawned = {c: search_spawns(table, c) for c in self.p} if weights.belief else {}
        self.totals = {c: table.total(c) for c in CELLS}
        self.shog = {c: table.shoggoths_on(c) for c in CELLS}

    def cell(self, cell: str, pawns: int, shoggoths: int) -> float:
        """What ``pawns`` pawns (all colours) and ``shoggoths`` on ``cell`` are worth."""
        value = 0.0
        p = self.p.get(cell, 0.0)
        if p:
            dice, hit_on = self.table.weapon
            value += p * fight_value(pawns + self.spawned.get(cell, 0), shoggoths, self.need,
                                     dice, hit_on, self.w.kill_bonus)
        if self.w.future:
            heat = self.heat.get(cell, 0.0)
            value += self.w.future * heat * ((1 - p) * PAWN * pawns + 3 * shoggoths)
        return value

    # ------------------------------------------------------------------ the turn's choices

    def after(self, moves: Sequence[tuple[str, str]] = (),
              shoggoth: tuple[str, str] | None = None, summon: str = "best",
              spawns: Sequence[str] | None = None) -> After:
        """The board after this colour's moves (pawn moves from>to, a Shoggoth move), its
        summoning (``best``: where it pays most, if it does) and its spawns (None: the best
        cells for the pawns it may spawn)."""
        totals = dict(self.totals)
        shog = dict(self.shog)
        mine = self.table.mine(self.colour)
        for start, end in moves:
            totals[start] -= 1
            totals[end] += 1
            mine[start] -= 1
            mine[end] = mine.get(end, 0) + 1
        if shoggoth:
            shog[shoggoth[0]] -= 1
            shog[shoggoth[1]] += 1
        touched = {c for m in moves for c in m} | set(shoggoth or ())
        if summon == "best":
            summon = self.best_summon(totals, shog, mine)
        pool = self.table.pools.get(self.colour, 0)
        if summon:
            totals[summon] -= 3
            mine[summon] -= 3
            shog[summon] += 1
            touched.add(summon)
            pool += 3
        if spawns is None:
            income = min(self.table.spawn_income(self.colour, mine), pool)
            occupied = [c for c in CELLS if totals[c] > 0] or [
                c for c in CELLS if c not in self.table.spawn_cells | self.table.draw_cells |
                self.table.shoggoth_cells]
            spawns = self.spawn_cells(occupied, totals, shog, mine, income)
        for cell in spawns:
            totals[cell] += 1
            mine[cell] = mine.get(cell, 0) + 1
            touched.add(cell)
        pool -= len(spawns)
        at = summon or (shoggoth[1] if shoggoth else self.table.shoggoths.get(self.colour, ""))
        return After(totals, shog, mine, pool, touched, bool(at), at)

    def value(self, after: After) -> float:
        """What the board after this colour's turn is worth (only what changed counts)."""
        value = self.w.shoggoth if after.shoggoth_on else 0.0
        for cell in after.touched:
            value += self.cell(cell, after.totals[cell], after.shog[cell]) - self.cell(
                cell, self.totals[cell], self.shog[cell])
        return value + self.holdings(after)

    def holdings(self, after: After) -> float:
        """What the cells this colour holds bring in later rounds: pawns spawned on its
        Spawn cells, cards drawn on its Draw cells, pawns gathered to summon."""
        value = 0.0
        mine = after.mine
        if self.w.gather and not after.shoggoth_on:
            value += self.w.gather * max((min(mine.get(c, 0), 3)
                                          for c in self.table.shoggoth_cells), default=0)
        held = sum(1 for c, n in mine.items() if n and c in self.table.spawn_cells)
        value += self.w.income * min(held, after.pool)
        room = 5 - len(self.table.hand(self.colour))
        draws = sum(1 for c, n in mine.items() if n and c in self.table.draw_cells)
        value += self.w.draw * min(draws, max(room, 0) + 1)
        return value

    def after_action(self, action: Action) -> After:
        """The board after one of this colour's step choices."""
        if isinstance(action, a.MoveDeepOnes):
            moves = [(m.split(">")[0], m.split(">")[1]) for m in action.pawns]
            shoggoth = (self.table.shoggoths[self.colour], action.shoggoth) \
                if action.shoggoth else None
            return self.after(moves, shoggoth)
        if isinstance(action, a.Summon):
            return self.after(summon=action.cell)
        if isinstance(action, a.Spawn):
            return self.after(summon="", spawns=action.cells)
        raise BotError(f"{action.type} is not a Deep One step choice")

    def spawn_cells(self, occupied: Sequence[str], totals: Mapping[str, int],
                    shog: Mapping[str, int], mine: Mapping[str, int], count: int) -> list[str]:
        """Greedy: each pawn on the open cell where it adds the most."""
        placed: list[str] = []
        extra: dict[str, int] = {}
        for _ in range(count):
            best, gain = "", -1e9
            for cell in occupied:
                k = extra.get(cell, 0)
                if mine.get(cell, 0) + k >= CAP:
                    continue
                n = totals[cell] + k
                g = self.cell(cell, n + 1, shog[cell]) - self.cell(cell, n, shog[cell])
                if g > gain:
                    best, gain = cell, g
            if not best:
                break
            placed.append(best)
            extra[best] = extra.get(best, 0) + 1
        return placed

    def best_summon(self, totals: Mapping[str, int], shog: Mapping[str, int],
                    mine: Mapping[str, int]) -> str:
        if self.table.shoggoths.get(self.colour):
            return ""
        best, gain = "", 0.0
        for cell in sorted(self.table.shoggoth_cells):
            if mine.get(cell, 0) >= 3:
                g = self.w.shoggoth + self.cell(cell, totals[cell] - 3, shog[cell] + 1) - \
                    self.cell(cell, totals[cell], shog[cell])
                if g > gain:
                    best, gain = cell, g
        return best


def near(cell: str) -> Belief:
    """Easy's guess: anywhere from 1 to 4 cells from where the Human was last seen."""
    if not cell:
        return {}
    around = [c for c in CELLS if 1 <= distance(cell, c) <= 4]
    return {c: 1 / len(around) for c in around}


# ---------------------------------------------------------------------------------- choices


def ranked(knowledge: SeatKnowledge, table: Table, weights: Weights,
           belief: Belief | None = None) -> list[tuple[float, Action]]:
    """The legal step choices (move, summon, spawn) with their values, best first (ties in
    the order the box lists them)."""
    scorer = Scorer(knowledge, table, weights, belief)
    found: list[tuple[float, int, Action]] = []
    for i, action in enumerate(knowledge.legal):
        if isinstance(action, a.MoveDeepOnes) and len(action.pawns) > 1 and not weights.march:
            continue
        if isinstance(action, STEP_CHOICES):
            found.append((scorer.value(scorer.after_action(action)), i, action))
    found.sort(key=lambda f: (-f[0], f[1]))
    return [(v, x) for v, _i, x in found]


def step_choice(knowledge: SeatKnowledge, table: Table, weights: Weights,
                rng: random.Random) -> Action:
    """The best move, summoning or spawn (a random one among equals)."""
    found = ranked(knowledge, table, weights)
    if not found:
        raise BotError(f"Seat {knowledge.seat + 1} has no Deep One step choice in phase "
                       f"{table.phase}")
    best = found[0][0]
    return rng.choice([x for v, x in found if v >= best - 1e-9])


def placement(knowledge: SeatKnowledge, table: Table, rng: random.Random,
              spread: bool) -> Action:
    """Set-up (R-IE-06): three pawns next to different Spawn cells (``spread``: apart from
    the other colours too); else any three cells near Spawn cells."""
    def score(cells: tuple[str, ...]) -> float:
        targets = set()
        value = 0.0
        for cell in cells:
            near_spawn = [s for s in table.spawn_cells if distance(cell, s) <= 2]
            fresh = [s for s in near_spawn if s not in targets]
            if fresh:
                targets.add(min(fresh, key=lambda s: (distance(cell, s), s)))
                value += 1.0
            elif near_spawn:
                value += 0.3
            if spread:
                value += 0.02 * min((distance(cell, c) for c in table.pawns), default=3)
        if spread:
            value += 0.05 * len(set(cells))
        return value

    legal = [x for x in knowledge.legal if isinstance(x, a.PlacePawns)]
    scores = [score(x.cells) for x in legal]
    best = max(scores)
    return rng.choice([x for x, s in zip(legal, scores, strict=True) if s >= best - 1e-9])


def card_choice(knowledge: SeatKnowledge, table: Table) -> Action:
    """A card window (R-IE-46): a card that wounds the Human is played at once; with none,
    a card whose effect the box's choices cannot apply is played only to make room in a full
    hand (so the Draw cells bring new cards); else pass. With the table's own decks the box
    does not know the bot's cards: it passes."""
    legal = knowledge.legal
    plays = [x for x in legal if isinstance(x, a.PlayDeepOneCard)]
    passing = next((x for x in legal if isinstance(x, a.Pass)), None)
    if table.physical():
        return passing or legal[0]
    wounding = [x for x in plays if wound_card(x.card)]
    if wounding:
        return wounding[0]
    hand = table.hand(table.colour)
    if plays and len(hand) >= 5 and table.draws(table.colour):
        return plays[0]
    return passing or legal[0]


def adjust_choice(knowledge: SeatKnowledge, table: Table) -> Action:
    """Apply the effect of the card being played as printed, as far as the box's choices
    reach (wounds); anything else is left undone."""
    adjusting = table.view.get("adjusting") or {}
    owed = sum(wound_card(c) for c in adjusting.get("cards", []))
    given = sum(int(x.get("amount", 0)) for x in adjusting.get("log", [])
                if x.get("kind") == "wounds")
    more = a.Adjust(knowledge.seat, "wounds", amount=1)
    if owed > given and more in knowledge.legal:
        return more
    done = a.Adjust(knowledge.seat, "done")
    if done in knowledge.legal:
        return done
    raise BotError(f"Seat {knowledge.seat + 1} cannot finish the card's effect")


def cycle_card(knowledge: SeatKnowledge, table: Table) -> Action | None:
    """In the Move step, before the Draw step: a full hand with no wounding card plays one
    card (its effect left undone) so that the Draw cells bring a new one; else None."""
    if table.phase != "do_move" or table.physical():
        return None
    hand = table.hand(table.colour)
    if len(hand) < 5 or not table.draws(table.colour) or any(wound_card(c) for c in hand):
        return None
    plays = [x for x in knowledge.legal if isinstance(x, a.PlayDeepOneCard)]
    return plays[0] if plays else None
