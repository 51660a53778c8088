"""The ``easy`` and ``normal`` choices: keeps, Nobody's Home, plays, the card taken, the reveal.

``easy`` plays by its own card and a guess: an Innocent takes every seat whose identity it has
not seen for a suspect alike, an Intruder knows the Innocents (every other seat with 3
players, the seats that are not his fellows with 4+). It puts escape items on itself, heals
itself when hurt, and otherwise hits the suspect (or Innocent) with the most damage already.

``normal`` weighs every legal play by :class:`~.judge.Judge` with the belief of
:mod:`.belief` and plays the best one, or skips when nothing is worth more than keeping
the card. Both keep the three cards worth most, use Nobody's Home on their last life, and,
dead, show their identity as an Innocent (it helps the Innocents count) and keep it secret
as an Intruder.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from services.bots.intruder_escape.judge import KEEP_VALUE, Judge
from services.bots.intruder_escape.table import INNOCENT, INTRUDER, Table
from services.games.core import Action
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.cards import DAMAGE, ESCAPE_ITEM, HEAL, HEAL_LIFE


def distinct(legal: Sequence[Action], table: Table) -> list[Action]:
    """One action per (card kind, target, card taken): copies of a card play alike."""
    seen: dict[tuple[object, ...], Action] = {}
    for action in legal:
        if isinstance(action, a.Play):
            key: tuple[object, ...] = ("play", table.kind(action.card), action.target,
                                       action.take)
        else:
            key = (action.type,)
        seen.setdefault(key, action)
    return list(seen.values())


# ------------------------------------------------------------------ shared decisions


def keep(legal: Sequence[Action], judge: Judge) -> Action:
    """The keep whose cards are worth most (Nobody's Home on a last life)."""
    table = judge.table
    home = next((x for x in legal if isinstance(x, a.Keep) and x.home), None)
    if home is not None and table.lives(table.seat) == 1:
        return home
    keeps = [x for x in legal if isinstance(x, a.Keep) and not x.home]
    values = {k: judge.keep_value(table.kind(k)) for k in
              {table.kind(c) for x in keeps for c in x.keep}}

    def worth(x: a.Keep) -> float:
        return sum(values[table.kind(c)] for c in x.keep)

    return max(keeps, key=worth) if keeps else legal[0]


def reveal(legal: Sequence[Action], table: Table) -> Action:
    show = table.identity == INNOCENT
    return next((x for x in legal if isinstance(x, a.Reveal) and x.show == show), legal[0])


# ------------------------------------------------------------------ easy


def easy_guess(table: Table) -> dict[int, float]:
    """P(Intruder) as the easy level guesses it: what it saw, else every unseen seat alike."""
    guess: dict[int, float] = {}
    for s in range(table.players):
        shown = table.shown_identity(s)
        if shown is not None:
            guess[s] = 1.0 if shown == INTRUDER else 0.0
        elif table.identity == INTRUDER:
            guess[s] = 0.0  # an Intruder knows: the seats not shown to him are Innocents
        else:
            guess[s] = 0.5
    return guess


def easy_play(legal: Sequence[Action], table: Table, rng: random.Random) -> Action:
    plays = [x for x in distinct(legal, table) if isinstance(x, a.Play)]
    fallback = next((x for x in legal if not isinstance(x, a.Play)), legal[0])
    me = table.seat
    guess = easy_guess(table)

    def first(test: object) -> a.Play | None:
        found = [x for x in plays if test(x)]  # type: ignore[operator]
        return found[0] if found else None

    item = first(lambda x: table.category(x.card) == ESCAPE_ITEM and x.target == me)
    if item is not None:
        return item
    if table.damage(me) > 0:
        heal = first(lambda x: table.category(x.card) == HEAL and x.target == me)
        if heal is not None:
            return heal
    mine = 1.0 if table.identity == INTRUDER else 0.0
    foes = [s for s in table.targetable() if s != me and guess[s] != mine]
    if foes:
        top = max(table.damage(s) for s in foes)
        target = rng.choice([s for s in foes if table.damage(s) == top])
        hits = [x for x in plays if table.category(x.card) == DAMAGE and x.target == target]
        if hits:
            return max(hits, key=lambda x: KEEP_VALUE.get(table.kind(x.card), 0.0))
    medkit = first(lambda x: table.category(x.card) == HEAL_LIFE and x.target == me)
    return medkit if medkit is not None else fallback


def easy_follow(legal: Sequence[Action], table: Table, rng: random.Random) -> Action:
    return easy_play(legal, table, rng)


# ------------------------------------------------------------------ normal


def best(legal: Sequence[Action], judge: Judge, hold: float = 0.0) -> Action:
    """The play worth most, or the other choice (skip, hold: worth ``hold``) if none is
    worth more. Ties go to the first listed."""
    options = distinct(legal, judge.table)
    other = next((x for x in options if not isinstance(x, a.Play)), options[0])
    top, choice = hold, other
    for action in options:
        if isinstance(action, a.Play):
            value = judge.score(action)
            if value > top + 1e-9:
                top, choice = value, action
    return choice


def hold_value(judge: Judge) -> float:
    """Keeping the card taken by Hostage or Snatch for a later turn this round."""
    table = judge.table
    if table.turns_left(table.seat) <= 0:
        return 0.0
    follow = table.view.get("follow") or {}
    card = follow.get("card")
    return 0.1 * KEEP_VALUE.get(table.kind(card), 0.5) if card else 0.0
