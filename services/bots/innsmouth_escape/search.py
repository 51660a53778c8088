"""The hard level: the best few step choices, played out in sampled worlds.

1. The normal level's values, over the belief learnt from the Human's reveals
   (:mod:`.habits`), rank the legal moves, summonings or spawns; the best ``CANDIDATES`` are
   searched.
2. Worlds: for each of the ``WORLDS`` cells where the Human most likely ends (the belief), a
   full position where his plot ends there (:mod:`.worlds`), loaded and checked by the game.
3. Each candidate is played out in each world with the game's own rules: the other Deep One
   players' inputs, summonings and spawns as the normal level makes them, the reveal, the
   escape check, the search with the world's cards and the pawns they spawn, up to the fight
   (or the next plot, or the end). The fight is valued exactly (the chance of each number of
   wounds), then the threat left for the Human's next round from there (:mod:`.lookahead`).
4. A candidate's value: the worlds' values weighted by the belief, for the cells without a
   world the same two-round value computed on the board alone, and what the cells the colour
   holds bring in later rounds (spawns, cards: the normal level's ``holdings``).

The budget is ``CANDIDATES * WORLDS`` playouts, never a time: a seed gives the same choice.
"""

from __future__ import annotations

import random

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_escape import deepones
from services.bots.innsmouth_escape.belief import Belief, fight_value
from services.bots.innsmouth_escape.deepones import NORMAL, Scorer, Weights
from services.bots.innsmouth_escape.lookahead import Lookahead
from services.bots.innsmouth_escape.table import Table
from services.bots.innsmouth_escape.worlds import load, snapshot
from services.games.core import Action, ChancePrompt, SeatPrompt
from services.games.innsmouth_escape import InnsmouthState
from services.games.innsmouth_escape import actions as a

CANDIDATES = 4
WORLDS = 6
AHEAD = 0.7  # the next round's threat, against this round's fight
WIN = 30.0  # the game won (the Human killed), in wounds; an escape counts the same, lost
HARD = Weights(belief=True, kill_bonus=2.0, future=0.5, income=0.6, draw=0.05, shoggoth=1.0,
               learn=True, march=True)
STOP = ("combat", "plot", "over")


def choose(knowledge: SeatKnowledge, table: Table, rng: random.Random) -> Action:
    scorer = Scorer(knowledge, table, HARD)
    look = Lookahead(scorer, AHEAD)
    ranked = deepones.ranked(knowledge, table, HARD, scorer.p)
    if len(ranked) < 2 or table.physical():
        return ranked[0][1] if ranked else deepones.step_choice(knowledge, table, NORMAL, rng)
    candidates = [x for _v, x in ranked[:CANDIDATES]]
    cells = sorted(scorer.p, key=lambda c: (-scorer.p[c], c))[:WORLDS]
    inputs = Inputs(knowledge, scorer.p)
    worlds: list[tuple[str, InnsmouthState]] = []
    for cell in cells:
        snap = snapshot(knowledge, table, cell, rng)
        state = load(knowledge, snap, inputs.sealed) if snap is not None else None
        if state is not None:
            worlds.append((cell, state))
    rest = [c for c in scorer.p if c not in {c for c, _s in worlds}]
    best, chosen = float("-inf"), candidates[0]
    for action in candidates:
        after = scorer.after_action(action)
        value = look.value(after, rest) + scorer.holdings(after)
        turn: list[Action] | None = None
        for cell, world in worlds:
            result, turn = playout(world, action, turn, inputs, look, rng)
            value += scorer.p[cell] * result
        if value > best + 1e-9:
            best, chosen = value, action
    return chosen


class Inputs:
    """The Deep One players' step choices in the playouts: the normal level's, each worked
    out once (they depend only on what the Deep One seats know, the same in every world)."""

    def __init__(self, knowledge: SeatKnowledge, belief: Belief) -> None:
        self.knowledge = knowledge
        self.belief = belief
        self.known: dict[tuple[int, str, str], Action] = {}

    def sealed(self, state: InnsmouthState, seat: int) -> Action:
        key = (seat, state.phase, "")
        if key not in self.known:
            self.known[key] = self.normal(state, seat)
        return self.known[key]

    def normal(self, state: InnsmouthState, seat: int) -> Action:
        theirs = _knowledge(state, seat, self.knowledge)
        table = Table.read(theirs.view, seat)
        if state.phase == "do_summon":
            summons = [x for x in theirs.legal if isinstance(x, a.Summon) and x.cell]
            return summons[0] if summons else a.Summon(seat, "")
        found = deepones.ranked(theirs, table, HARD, self.belief)
        return found[0][1] if found else theirs.legal[0]


def _knowledge(state: InnsmouthState, seat: int, knowledge: SeatKnowledge) -> SeatKnowledge:
    """What ``seat`` knows on a world: its view there and the real public history."""
    pending = state.pending()
    return SeatKnowledge(
        game=knowledge.game, seat=seat, players=state.players, options=knowledge.options,
        view=state.view(seat), public=knowledge.public, legal=tuple(state.legal_actions(seat)),
        prompts=tuple(p for p in pending if isinstance(p, SeatPrompt)),
        chance=any(isinstance(p, ChancePrompt) for p in pending), history=knowledge.history)


def playout(world: InnsmouthState, action: Action, turn: list[Action] | None, inputs: Inputs,
            look: Lookahead, rng: random.Random) -> tuple[float, list[Action]]:
    """``action`` played on a copy of ``world`` up to the Human's fight: its value, and the
    Deep One choices made on the way (``turn``: replayed as they were made on another
    world)."""
    state = InnsmouthState.from_snapshot(world.to_json(), world.data)
    state.apply(action)
    made: list[Action] = []
    replay = list(turn) if turn is not None else None
    while state.phase != "over" and not (state.round > world.round and state.phase in STOP):
        prompts = state.pending()
        chance = next((p for p in prompts if isinstance(p, ChancePrompt)), None)
        if chance is not None:
            state.apply(chance.resolve(rng))
            continue
        seat = min(p.seat for p in prompts if isinstance(p, SeatPrompt))
        if state.phase in ("do_move", "do_summon", "do_spawn"):
            reply = replay.pop(0) if replay else inputs.normal(state, seat)
            made.append(reply)
        elif state.phase == "window":
            reply = a.Pass(seat)
        elif state.phase == "adjust":
            reply = a.Adjust(seat, "done")
        else:
            reply = state.legal_actions(seat)[0]
        state.apply(reply)
    return leaf(state, inputs.knowledge, look), made


def leaf(state: InnsmouthState, knowledge: SeatKnowledge, look: Lookahead) -> float:
    """The fight waiting on the Human's cell (exact chances), then the next round's threat."""
    outcome = state.outcome()
    if outcome is not None:
        return -WIN if state.human in outcome.winners else WIN
    cell = state.human_cell
    fight = 0.0
    if state.phase == "combat":
        dice, hit_on = state._weapon()
        need = max(state.threshold() - state.wounds, 1)
        fight = fight_value(state.pawns_on(cell), len(state.shoggoths_on(cell)), need, dice,
                            hit_on, look.kill)
    table = Table.read(state.view(knowledge.seat), knowledge.seat)
    table.pawns.pop(cell, None)  # the casualties (R-IE-37)
    return fight + look.weight * look.threat(look.board(_after(look.s, table)), cell)


def _after(scorer: Scorer, table: Table) -> deepones.After:
    colour = scorer.colour
    totals = {c: table.total(c) for c in scorer.totals}
    shog = {c: table.shoggoths_on(c) for c in scorer.totals}
    at = table.shoggoths.get(colour, "")
    return deepones.After(totals, shog, table.mine(colour), table.pools.get(colour, 0), set(),
                          bool(at), at)
