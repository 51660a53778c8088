"""Row evaluation (rules spec section 2.8): which cards are nullified, what each live card does
to the running damage total, and which Med Kits restore a life.

Pure functions over a row (the cards played on one player this round, left to right). The
card kinds come from the data file: a nullifier's ``cannot_nullify`` list is the immunity set
(R-IX-17, R-IX-18), damage and heal amounts are the cards' fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from services.games.intruder_escape.cards import (
    DAMAGE,
    HEAL,
    HEAL_LIFE,
    MODIFIER,
    NULLIFIER,
    Card,
    IntruderData,
)


@dataclass(frozen=True)
class Placed:
    """One card in a row: the card instance, who played it, and its place in the round's
    play order (``seq``, increasing over the whole table; used by Snatch's "most recent")."""

    card: str
    by: int
    seq: int

    def to_json(self) -> dict[str, int | str]:
        return {"card": self.card, "by": self.by, "seq": self.seq}


@dataclass(frozen=True)
class RowRules:
    """The options that change row evaluation."""

    barricade_waits: bool = False  # A-IX-06
    double_scratch_immediate_only: bool = False  # A-IX-08
    heal_below_zero: bool = False  # A-IX-10 (default: clamp at 0 after every card)


@dataclass(frozen=True)
class Step:
    """What one card of the row did."""

    card: str
    nullified_by: str | None  # the Under the Bed / Barricade instance that cancelled it
    change: int  # signed change of the running total
    total: int  # running total after this card
    doubled: str | None  # for a live Double Scratch: the card whose effect it repeated
    restores_life: bool  # a live Med Kit

    @property
    def nullified(self) -> bool:
        return self.nullified_by is not None

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card,
            "nullified_by": self.nullified_by,
            "change": self.change,
            "total": self.total,
            "doubled": self.doubled,
            "restores_life": self.restores_life,
        }


@dataclass(frozen=True)
class RowResult:
    steps: tuple[Step, ...]
    damage: int  # the round damage (never below 0)
    medkits: tuple[str, ...]  # live Med Kit instances (each restores one earlier life)

    @property
    def running(self) -> int:
        """The running total now (what a healing card is checked against, A-IX-09)."""
        return self.steps[-1].total if self.steps else 0


def nullifications(row: Sequence[Placed], data: IntruderData, rules: RowRules) -> list[str | None]:
    """Pass 1: for each card, the nullifier that cancelled it (None if live)."""
    by: list[str | None] = [None] * len(row)
    armed: Card | None = None
    armed_id = ""
    for i, placed in enumerate(row):
        card = data.card(placed.card)
        if armed is not None:
            if card.id not in armed.cannot_nullify:
                by[i] = armed_id
                armed = None
            elif not rules.barricade_waits:
                armed = None
        if card.category == NULLIFIER and card.nullifies == "previous" and i > 0:
            previous = data.card(row[i - 1].card)
            if previous.id not in card.cannot_nullify and by[i - 1] is None:
                by[i - 1] = placed.card
        if card.category == NULLIFIER and card.nullifies == "next" and by[i] is None:
            armed, armed_id = card, placed.card
    return by


def evaluate(row: Sequence[Placed], data: IntruderData, rules: RowRules) -> RowResult:
    """Both passes of section 2.8 over one row."""
    nullified_by = nullifications(row, data, rules)
    floor = None if rules.heal_below_zero else 0
    total = 0
    last: tuple[int, str] | None = None  # signed value and card of the last live damage/heal
    steps: list[Step] = []
    medkits: list[str] = []
    for i, placed in enumerate(row):
        card = data.card(placed.card)
        change, doubled, restores = 0, None, False
        if nullified_by[i] is None:
            if card.category == DAMAGE:
                change, last = card.damage, (card.damage, placed.card)
            elif card.category == HEAL:
                change, last = -card.heal, (-card.heal, placed.card)
            elif card.category == MODIFIER:
                if last is not None and (
                    not rules.double_scratch_immediate_only or _live_right_before(i, row, last[1],
                                                                                nullified_by)
                ):
                    change, doubled = last[0] * (card.multiplier - 1), last[1]
            elif card.category == HEAL_LIFE:
                restores = True
                medkits.append(placed.card)
        new_total = total + change
        if floor is not None and new_total < floor:
            new_total = floor
        steps.append(Step(placed.card, nullified_by[i], new_total - total, new_total, doubled,
                          restores))
        total = new_total
    return RowResult(tuple(steps), max(0, total), tuple(medkits))


def _live_right_before(i: int, row: Sequence[Placed], card: str,
                       nullified_by: list[str | None]) -> bool:
    """Option double_scratch_immediate_only: the card right before must be that live card."""
    return i > 0 and row[i - 1].card == card and nullified_by[i - 1] is None


def running_damage(row: Sequence[Placed], data: IntruderData, rules: RowRules) -> int:
    return evaluate(row, data, rules).running


def any_damage(row: Sequence[Placed], data: IntruderData, rules: RowRules) -> bool:
    """Has a live damage card been played on this row (option heal_needs=any_damage)?"""
    result = evaluate(row, data, rules)
    return any(
        data.card(s.card).category == DAMAGE and not s.nullified for s in result.steps
    )
