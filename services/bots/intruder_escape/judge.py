"""What a play is worth to one seat (the ``normal`` level's scores; ``hard`` reuses them).

Each seat is weighed by how much the judging seat wants it hurt: ``friend(s)`` runs from -1
(surely on the other side) to +1 (surely on its own), from the belief. A play is worth:

- on the round: this round's life goes to the player with the most damage (R-IX-29, ties
  and a round without damage by the die); ``round_value`` spreads that loss over the
  targetable players by their damage (a softmax that sharpens as the laps pass) and counts
  a life lost by a friend against, by a foe for, a last life more;
- on the escape: four escape items in front of one Innocent win (R-IX-36), so items count
  by how many one player holds (``item_value``);
- for the cards that do neither: a Med Kit restores a life, a Barricade shields the next
  card, Roulette takes a life from a player the die picks, Hostage draws a card.

An Intruder never helps a fellow Intruder but himself (a heal, a Med Kit, an escape item
on a fellow is what gives Intruders away) and never hurts himself.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from services.bots.intruder_escape.table import INNOCENT, INTRUDER, Table
from services.games.core import Action
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.cards import (
    DAMAGE,
    ESCAPE_ITEM,
    HEAL,
    HEAL_LIFE,
    MODIFIER,
    NULLIFIER,
)

ITEM_CURVE = (0.0, 0.05, 0.2, 0.45, 1.0)  # by items held: four is the escape
ITEM_WEIGHT = 5.0
LAST_LIFE = 0.8  # a last life lost counts this much more
# What a card is worth kept for the round, before the table is looked at.
KEEP_VALUE = {
    "knife": 3.0, "baseball-bat": 2.0, "snatch": 1.8, "syringe": 1.8, "bandage": 1.4,
    "double-scratch": 1.5, "barricade": 1.4, "under-the-bed": 1.4, "med-kit": 0.6,
    "hostage": 1.2, "roulette": 0.8, "broken-mirror": 0.4, "security-camera": 0.3,
    "flashlight": 0.3, "keys": 3.5, "car": 3.5, "gasoline": 3.5, "license": 3.5,
}
SMALL = {"flashlight": 0.02, "security-camera": 0.02, "broken-mirror": 0.02, "hostage": 0.25}


@dataclass
class Judge:
    table: Table
    friend: Mapping[int, float]  # -1 .. +1 per seat

    @classmethod
    def of(cls, table: Table, intruder: Mapping[int, float]) -> Judge:
        """``intruder``: P(seat is an Intruder), by the belief (or the level's guess)."""
        mine = table.identity
        friend = {}
        for s in range(table.players):
            p = 1.0 if s == table.seat and mine == INTRUDER else intruder.get(s, 0.0)
            if s == table.seat and mine == INNOCENT:
                p = 0.0
            friend[s] = 1.0 - 2.0 * p if mine != INTRUDER else 2.0 * p - 1.0
        return cls(table, friend)

    # ------------------------------------------------------------------ the round

    def weight(self, s: int) -> float:
        return 1.0 + (LAST_LIFE if self.table.lives(s) == 1 else 0.0)

    def round_value(self, damages: Mapping[int, int], sharp: float | None = None) -> float:
        if not damages:
            return 0.0
        beta = sharp if sharp is not None else 1.0 + 0.7 * self.table.lap
        top = max(damages.values())
        weights = {s: math.exp(beta * (d - top)) for s, d in damages.items()}
        total = sum(weights.values())
        return -sum(w / total * self.friend[s] * self.weight(s) for s, w in weights.items())

    # ------------------------------------------------------------------ escape items

    def item_value(self, counts: Mapping[int, int]) -> float:
        table = self.table
        if table.identity == INTRUDER:
            innocents = [s for s in range(table.players) if self.friend[s] < 0]
            late = all(table.data.lives - table.lives(s) >= 2 for s in innocents)
            own = 1.0 if late else 0.3
        else:
            own = 1.0
        value = 0.0
        for s, c in counts.items():
            f = self.friend[s]
            side = own * (1 + f) / 2 - (1 - f) / 2 if table.identity == INTRUDER \
                else (1 + f) / 2 - 0.3 * (1 - f) / 2
            value += ITEM_CURVE[min(c, 4)] * side
        return ITEM_WEIGHT * value

    def item_counts(self) -> dict[int, int]:
        return {s: len(self.table.items(s)) for s in self.table.living()}

    # ------------------------------------------------------------------ plays

    def tell(self, action: a.Play) -> bool:
        """A play that would give an Intruder away (see the module's words)."""
        if self.table.identity != INTRUDER or action.target is None:
            return False
        category = self.table.category(action.card)
        if action.target == self.table.seat:
            return category in (DAMAGE, MODIFIER)
        return self.friend[action.target] > 0 and category in (HEAL, HEAL_LIFE, ESCAPE_ITEM)

    def score(self, action: Action) -> float:
        """What the play is worth now against skipping (0)."""
        if not isinstance(action, a.Play):
            return 0.0
        value = self.extras(action) + self.round_change(action)
        return value - (0.5 if self.tell(action) else 0.0)

    def round_change(self, action: a.Play) -> float:
        """How the play moves this round's loss (cards on a row, Snatch of a row card)."""
        table = self.table
        kind, target = table.kind(action.card), action.target
        if target is None or table.seats[target]["immune"]:
            return 0.0
        category = table.category(action.card)
        before = table.damages()
        if kind == "snatch":
            if action.take is None or table.category(action.take) == ESCAPE_ITEM:
                return 0.0
            after = {**before, target: table.damage_with(target, "", removed=table.kind(
                action.take))}
        elif category in (DAMAGE, HEAL, MODIFIER, NULLIFIER):
            after = {**before, target: table.damage_with(target, action.card)}
        else:
            return 0.0
        return self.round_value(after) - self.round_value(before)

    def extras(self, action: a.Play) -> float:
        """Everything but the round's loss: items, lives, shields, draws."""
        table = self.table
        kind, target, category = table.kind(action.card), action.target, \
            table.category(action.card)
        if category == ESCAPE_ITEM and target is not None:
            counts = self.item_counts()
            after = {**counts, target: counts[target] + 1}
            return self.item_value(after) - self.item_value(counts)
        if kind == "snatch" and target is not None and action.take is not None:
            taken = table.kind(action.take)
            if table.category(taken) != ESCAPE_ITEM:
                return 0.3 * KEEP_VALUE.get(taken, 1.0) / 3.0
            counts = self.item_counts()
            after = {**counts, target: counts[target] - 1}
            keeper = self.keeper()
            after[keeper] = after.get(keeper, 0) + 1
            return self.item_value(after) - self.item_value(counts)
        if category == HEAL_LIFE and target is not None:
            return self.friend[target] * self.weight(target)
        if kind == "barricade" and target is not None:
            return 0.4 * self.friend[target]
        if kind == "roulette":
            seats = table.targetable()
            return sum(-self.friend[s] * self.weight(s) for s in seats) / max(1, len(seats))
        return SMALL.get(kind, 0.0)

    def keeper(self) -> int:
        """Where this seat puts an escape item: on itself (an Intruder too: it keeps the
        items from the Innocents and looks like an Innocent doing it)."""
        return self.table.seat

    # ------------------------------------------------------------------ keeping

    def keep_value(self, kind: str) -> float:
        table = self.table
        value = KEEP_VALUE.get(kind, 0.5)
        if table.category(kind) == ESCAPE_ITEM and table.identity == INTRUDER:
            value = 2.0
        if kind == "med-kit":
            hurt = [s for s in table.living() if self.friend[s] > 0
                    and any(r < table.round for r in table.seats[s]["lives_lost"])]
            if hurt:
                value = 2.5
        if kind == "snatch":
            foes = [s for s in table.living() if self.friend[s] < 0 and table.items(s)]
            value += 1.0 if foes else 0.0
        if kind == "roulette":
            seats = table.living()
            value = 0.8 + sum(-self.friend[s] for s in seats) / max(1, len(seats))
        return value
