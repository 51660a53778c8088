"""How much the Innocents suspect this seat's side: the ``hard`` Intruder's disguise.

An Intruder knows who the Innocents are (his fellows are shown to him with 4+ players; with
3 players every other seat is an Innocent). For each living Innocent he runs the belief of
:mod:`.belief` as that Innocent can: from the Innocent's seat, knowing only that he is an
Innocent himself and the identities the dead showed, weighing the public choices of every
other seat (this Intruder's own included: everyone saw them). The *suspicion* is the mean,
over the living Innocents, of the chance each gives the living Intruders, per Intruder
(0: nobody suspects them, 1: they are known). A play is worth how far it lowers that
suspicion (hitting a fellow Intruder, healing an Innocent...), in lives, times ``WEIGHT``.

Everything read here is public or the Intruder's own knowledge: the history's events, the
seats' shown identities (masked to what the Innocent could see), the living seats.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from services.bots.intruder_escape.belief import (
    CHOICE_KINDS,
    Belief,
    Choice,
    choices_of_all,
    likelihood,
)
from services.bots.intruder_escape.table import INNOCENT, INTRUDER, Table
from services.games.core import Action
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.cards import ESCAPE_ITEM

WEIGHT = 6.0  # lives per unit of suspicion (0..1)


def choice_of(action: Action, table: Table) -> Choice | None:
    """The public choice ``action`` shows the others (None: it shows nothing of the kind)."""
    if not isinstance(action, a.Play) or action.target is None:
        return None
    if table.kind(action.card) == "snatch":
        if action.take is not None and table.category(action.take) == ESCAPE_ITEM:
            return Choice(table.seat, "take", action.target)
        return None
    kind = CHOICE_KINDS.get(table.category(action.card))
    return Choice(table.seat, kind, action.target) if kind is not None else None


def as_seen_by(table: Table, seat: int) -> Table:
    """``table`` read from an Innocent's ``seat``: only the identities the dead showed."""
    seats = tuple({**entry, "identity": entry["identity"] if entry["revealed"] else None}
                  for entry in table.seats)
    return dataclasses.replace(table, seat=seat, identity=INNOCENT, fellows=(), seats=seats)


class Disguise:
    """The Innocents' suspicion of this Intruder's side (see the module's words)."""

    def __init__(self, table: Table, history: Sequence[Any], silent: Sequence[int]) -> None:
        self.table = table
        team = {table.seat, *table.fellows}
        self.team = [s for s in sorted(team) if table.alive(s)]
        everyone = choices_of_all(history, table)
        self.beliefs: list[Belief] = []
        if table.identity != INTRUDER or (table.players > 3 and not table.wake_up):
            return
        for s in table.living():
            if s in team:
                continue
            shadow = as_seen_by(table, s)
            self.beliefs.append(Belief(shadow, [c for c in everyone if c.seat != s],
                                       [d for d in silent if d != s]))
        self.base = self.suspicion(None)

    def suspicion(self, choice: Choice | None) -> float:
        """The suspicion (0..1) once ``choice`` is seen too (None: as it stands)."""
        if not self.beliefs or not self.team:
            return 0.0
        total = 0.0
        for belief in self.beliefs:
            weights = [p * (likelihood(choice, w, belief.table.wake_up) if choice is not None
                            and choice.seat != belief.table.seat else 1.0)
                       for w, p in belief.worlds]
            norm = sum(weights) or 1.0
            total += sum(x for (w, _), x in zip(belief.worlds, weights, strict=True)
                         for s in self.team if s in w) / norm
        return total / (len(self.beliefs) * len(self.team))

    def value(self, action: Action) -> float:
        """What ``action`` is worth for the disguise, in lives (0 for what shows nothing)."""
        if not self.beliefs:
            return 0.0
        choice = choice_of(action, self.table)
        if choice is None:
            return 0.0
        return WEIGHT * (self.base - self.suspicion(choice))
