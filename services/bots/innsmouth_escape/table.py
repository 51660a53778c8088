"""The table as one seat reads it: the board, the pieces, the Human's public state and the
cards, taken from the seat's view (never from the state).

The board's geometry is the engine's (:data:`GRID`); card texts come from the game's data
file (the shipped pack; a card the pack does not know counts as having no effect).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from services.games.innsmouth_escape.board import GRID
from services.games.innsmouth_escape.data import Card, InnsmouthData, load_data

CELLS: tuple[str, ...] = tuple(GRID.cells())
CAP = 4  # pawns of one colour on a cell
BASE_WEAPON = (1, 5)  # one die hitting on 5-6 (R-IE-33)
WOUND_TEXT = re.compile(r"^The Human takes (\d+) wounds?\.?$")


@functools.cache
def distance(a: str, b: str) -> int:
    return GRID.distance(a, b)


@functools.cache
def within(cell: str, low: int, high: int) -> tuple[str, ...]:
    """The cells at a distance from ``low`` to ``high`` of ``cell``, in board order."""
    return tuple(c for c in CELLS if low <= distance(cell, c) <= high)


@functools.cache
def pack() -> InnsmouthData:
    """The game's data (board icons and card texts): the shipped file."""
    return load_data()


def card(card_id: str) -> Card | None:
    try:
        return pack().card(card_id)
    except KeyError:
        return None


def wound_card(card_id: str) -> int:
    """The wounds a Deep One card deals when its effect says only that (0: another effect)."""
    info = card(card_id)
    found = WOUND_TEXT.match(info.manual_effect.strip()) if info else None
    return int(found.group(1)) if found else 0


@dataclass
class Table:
    """One seat's reading of the table (from ``view(seat)``)."""

    seat: int
    phase: str
    round: int
    human: int
    colours: list[str]  # per seat, "" for the Human
    human_cell: str
    wounds: int
    threshold: int
    vp: int
    weapon: tuple[int, int]
    pawns: dict[str, dict[str, int]]  # cell -> colour -> count
    shoggoths: dict[str, str]  # colour -> cell ("" off the board)
    pools: dict[str, int]
    spawn_cells: frozenset[str]
    draw_cells: frozenset[str]
    shoggoth_cells: frozenset[str]
    human_icon_cells: frozenset[str]
    tokens: dict[str, dict[str, int]]
    options: Mapping[str, Any]
    view: Mapping[str, Any] = field(repr=False)

    @classmethod
    def read(cls, view: Mapping[str, Any], seat: int) -> Table:
        icons = {c["cell"]: c["icons"] for c in view["board"]}
        weapon = card(view["weapon"]) if view["weapon"] else None
        return cls(
            seat=seat, phase=view["phase"], round=view["round"], human=view["human"],
            colours=list(view["colours"]), human_cell=view["human_cell"],
            wounds=view["wounds"], threshold=view["wounds_to_kill"] or 0, vp=view["vp"],
            weapon=(weapon.weapon_dice, weapon.weapon_hit_on) if weapon and weapon.is_weapon
            else BASE_WEAPON,
            pawns={c["cell"]: dict(c["pawns"]) for c in view["board"] if c["pawns"]},
            shoggoths=dict(view["shoggoths"]), pools=dict(view["pools"]),
            spawn_cells=frozenset(c for c, i in icons.items() if i["spawn"]),
            draw_cells=frozenset(c for c, i in icons.items() if i["draw"]),
            shoggoth_cells=frozenset(c for c, i in icons.items() if i["shoggoth"]),
            human_icon_cells=frozenset(c for c, i in icons.items()
                                       if any(k not in ("spawn", "draw", "shoggoth")
                                              for k in i)),
            tokens={c["cell"]: dict(c["tokens"]) for c in view["board"] if c["tokens"]},
            options=view["options"], view=view)

    # ------------------------------------------------------------------ pieces

    @property
    def colour(self) -> str:
        return self.colours[self.seat] if 0 <= self.seat < len(self.colours) else ""

    def in_game(self) -> list[str]:
        """The Deep One colours from the Human's left (the order of attacks and inputs)."""
        n = len(self.colours)
        return [self.colours[(self.human + i) % n] for i in range(1, n)]

    def on(self, cell: str, colour: str) -> int:
        return self.pawns.get(cell, {}).get(colour, 0)

    def total(self, cell: str) -> int:
        return sum(self.pawns.get(cell, {}).values())

    def shoggoths_on(self, cell: str) -> int:
        return sum(1 for at in self.shoggoths.values() if at == cell)

    def mine(self, colour: str) -> dict[str, int]:
        return {cell: here[colour] for cell, here in self.pawns.items() if here.get(colour)}

    def spawn_income(self, colour: str, mine: Mapping[str, int] | None = None) -> int:
        """R-IE-44, R-IE-45: the pawns ``colour`` spawns with its pawns on ``mine``."""
        mine = self.mine(colour) if mine is None else mine
        pool = self.pools.get(colour, 0)
        if not any(mine.values()):
            return min(1, pool)
        return min(sum(1 for c, n in mine.items() if n and c in self.spawn_cells), pool)

    def draws(self, colour: str) -> int:
        return sum(1 for c in self.draw_cells if self.on(c, colour))

    # ------------------------------------------------------------------ cards

    def hand(self, colour: str) -> list[str]:
        return list(self.view.get("deep_one_hands", {}).get(colour, []))

    def physical(self) -> bool:
        return self.options.get("cards") == "physical"
