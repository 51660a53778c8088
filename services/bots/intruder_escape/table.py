"""The table as one seat reads it: who is alive and targetable, every row's damage, escape
items, lives, the seat's own hand and identity, and the cards nobody has shown.

Built from ``SeatKnowledge.view`` only (its ``you`` part and the public seats). Cards not in
the seat's own hand are named by kind, as the view names them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from services.games.intruder_escape.cards import ESCAPE_ITEM, IntruderData
from services.games.intruder_escape.rows import Placed, RowRules, evaluate

INNOCENT, INTRUDER = "innocent", "intruder"
ITEM_KINDS = ("keys", "car", "gasoline", "license")


@dataclass
class Table:
    """One seat's reading of the view (see the module's words)."""

    data: IntruderData
    seat: int
    players: int
    identity: str | None  # this seat's own
    fellows: tuple[int, ...]  # the other Intruders, for an Intruder with 4+ players
    wake_up: bool  # Intruders know each other (4+ players)
    phase: str
    round: int
    lap: int
    order: tuple[int, ...]
    hand: tuple[str, ...]  # instance ids
    seats: tuple[Mapping[str, Any], ...]
    rules: RowRules
    options: Mapping[str, Any]
    view: Mapping[str, Any]

    @classmethod
    def of(cls, view: Mapping[str, Any], data: IntruderData) -> Table:
        you = view["you"]
        options = view["options"]
        seat = int(view["seat"])
        return cls(
            data=data, seat=seat, players=int(view["players"]),
            identity=you.get("identity"), fellows=tuple(you.get("fellows", ())),
            wake_up=data.setup(int(view["players"])).wake_up, phase=str(view["phase"]),
            round=int(view["round"]), lap=int(view["lap"]), order=tuple(view["order"]),
            hand=tuple(you.get("hand", ())), seats=tuple(view["seats"]),
            rules=RowRules(
                barricade_waits=bool(options.get("barricade_waits", False)),
                double_scratch_immediate_only=bool(
                    options.get("double_scratch_immediate_only", False)),
                heal_below_zero=bool(options.get("heal_below_zero", False))),
            options=options, view=view)

    # ------------------------------------------------------------------ seats

    def alive(self, s: int) -> bool:
        return bool(self.seats[s]["alive"])

    def living(self) -> list[int]:
        return [s for s in range(self.players) if self.alive(s)]

    def targetable(self) -> list[int]:
        return [s for s in self.living() if not self.seats[s]["immune"]]

    def lives(self, s: int) -> int:
        return int(self.seats[s]["lives_left"])

    def items(self, s: int) -> list[str]:
        return list(self.seats[s]["items"])

    def shown_identity(self, s: int) -> str | None:
        """The identity this seat's view shows for ``s`` (its own, fellows, revealed)."""
        value = self.seats[s]["identity"]
        return str(value) if value else None

    def damage(self, s: int) -> int:
        return int(self.seats[s]["damage"])

    def kind(self, card: str) -> str:
        return self.data.card(card).id

    def category(self, card: str) -> str:
        return self.data.card(card).category

    # ------------------------------------------------------------------ rows

    def row(self, s: int) -> list[Placed]:
        return [Placed(p["card"], int(p["by"]), int(p["seq"])) for p in self.seats[s]["row"]]

    def damage_with(self, s: int, card: str, removed: str | None = None) -> int:
        """The round damage of ``s`` with ``card`` (a kind or instance) added to its row, or
        with the most recent card of kind ``removed`` taken away (Snatch)."""
        row = self.row(s)
        if removed is not None:
            for i in range(len(row) - 1, -1, -1):
                if self.kind(row[i].card) == removed:
                    row.pop(i)
                    break
        if card:
            row.append(Placed(self.kind(card), self.seat, 10_000))
        return evaluate(row, self.data, self.rules).damage

    def damages(self) -> dict[int, int]:
        return {s: self.damage(s) for s in self.targetable()}

    # ------------------------------------------------------------------ turns

    def turns_left(self, s: int) -> int:
        return self.data.max_turns_per_round - int(self.seats[s]["turns_taken"])

    def remaining_turns(self) -> list[int]:
        """The turns still to come this round after the active seat's, in order (lost turns
        and empty hands are left to the look-ahead)."""
        active = self.view.get("active")
        if active is None or active not in self.order:
            return []
        pos = self.order.index(active)
        turns: list[int] = []
        for lap in range(self.lap, self.data.max_turns_per_round):
            start = pos + 1 if lap == self.lap else 0
            for s in self.order[start:]:
                if self.alive(s) and not self.seats[s]["immune"]:
                    turns.append(s)
        return turns

    # ------------------------------------------------------------------ cards unseen

    def unseen(self) -> Counter[str]:
        """Card kinds this seat has not seen anywhere: in the center deck, in other hands,
        or (with a face-down discard pile) discarded. Cards seen in another seat's hand
        (``known``) are counted here too: they are in that hand."""
        pool = Counter({c.id: c.quantity for c in self.data.cards})
        seen: list[str] = [self.kind(c) for c in self.hand]
        for entry in self.seats:
            seen += [p["card"] for p in entry["row"] if self.category(p["card"]) != ESCAPE_ITEM]
            seen += list(entry["items"])
        discard = self.view["discard"].get("cards")
        if discard:
            for kind, count in discard.items():
                seen += [kind] * int(count)
        seen += list(self.view.get("removed", ()))
        if self.view.get("top_card"):
            seen.append(str(self.view["top_card"]))
        pool.subtract(Counter(seen))
        return +pool


def hand_sizes(table: Table, seats: Sequence[int]) -> dict[int, int]:
    return {s: int(table.seats[s]["hand_size"]) for s in seats}
