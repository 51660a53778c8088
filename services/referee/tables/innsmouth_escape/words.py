"""Innsmouth Escape words for the screens: seats, colours, cards, cells and plots.

The card data is static (the box's data file), so the flow reads names here rather than from
the live state. A colour is written as its initial on the map ("b" blue) and in full in menus.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from services.games.innsmouth_escape.board import GRID, Plan, plans
from services.games.innsmouth_escape.data import InnsmouthData, load_data

CELLS = GRID.cells()  # row by row from A1: the order a cursor moves in
STEPS = {"place_pawns": "setup", "place_human": "setup", "plot": "plot",
         "spawn_here": "spawn", "window": "cards", "combat": "combat", "kill": "combat",
         "attack": "combat", "do_attack": "combat", "do_move": "DO move",
         "do_summon": "summon", "do_spawn": "DO spawn", "adjust": "effect",
         "reshuffle": "DO draw", "over": "over"}


@cache
def data() -> InnsmouthData:
    return load_data()


def short(labels: Sequence[str], seat: int) -> str:
    """"Seat 3" as "S3"; a label a player chose is cut to 3 letters."""
    label = labels[seat] if 0 <= seat < len(labels) else f"Seat {seat + 1}"
    return label.replace("Seat ", "S")[:3]


def name(card: str) -> str:
    try:
        found = data().card(card).name
    except KeyError:
        return card
    return found.replace("Example ", "")


def letter(colour: str) -> str:
    return colour[:1]


def colours_line(colours: Iterable[str]) -> str:
    """("blue", "blue", "red") as "blue 2 red 1"."""
    counts = Counter(colours)
    return " ".join(f"{c} {n}" for c, n in counts.items())


def corners(path: Sequence[str]) -> str:
    """A path by its start, its turns and its end: "F4>C4>C1>A1" for F4 west to C4, north
    to C1, west to A1 (each movement card goes straight, so this is the whole path)."""
    if len(path) < 3:
        return ">".join(path)

    def step(a: str, b: str) -> tuple[int, int]:
        return ord(b[0]) - ord(a[0]), int(b[1:]) - int(a[1:])

    kept = [path[0]]
    for before, here, after in zip(path, path[1:], path[2:], strict=False):
        if step(before, here) != step(here, after):
            kept.append(here)
    return ">".join([*kept, path[-1]])


def card_value(card: str) -> int:
    return 0 if card.startswith("rest") else int(card.split("-")[1])


def plan_label(plan: Plan) -> str:
    """The moves as "3E 2S R" (values with directions in order, one R per Rest)."""
    return " ".join([*(f"{v}{d}" for v, d in plan.moves), *["R"] * plan.rests])


def legal_plans(view: dict[str, Any]) -> list[Plan]:
    """Every legal plot of the Human, from his own view (hand, cell, Shoggoths)."""
    hand = view["human_private"]["movement_hand"]
    numbers = [card_value(c) for c in hand if card_value(c)]
    rests = len(hand) - len(numbers)
    blocked = {cell for cell in view["shoggoths"].values() if cell}
    found = plans(GRID, view["human_cell"], numbers, rests, blocked)
    if view["options"].get("forbid_rest_on_shoggoth") and view["human_cell"] in blocked:
        found = [p for p in found if p.moves] or found
    return found


def destinations(view: dict[str, Any]) -> dict[str, list[Plan]]:
    ends: dict[str, list[Plan]] = {}
    for plan in legal_plans(view):
        ends.setdefault(plan.end, []).append(plan)
    return {cell: ends[cell] for cell in CELLS if cell in ends}


def plan_cards(hand: Sequence[str], plan: Plan) -> tuple[str, ...]:
    """The movement cards of ``hand`` that play ``plan``: number cards in order, then Rests."""
    by_value: dict[int, list[str]] = {}
    for card in hand:
        by_value.setdefault(card_value(card), []).append(card)
    taken: Counter[int] = Counter()
    cards = []
    for value, _direction in plan.moves:
        cards.append(by_value[value][taken[value]])
        taken[value] += 1
    return (*cards, *by_value.get(0, [])[: plan.rests])


def cell_pawns(view: dict[str, Any], cell: str) -> dict[str, int]:
    return dict(view["board"][CELLS.index(cell)]["pawns"])


def cell_info(view: dict[str, Any], cell: str) -> dict[str, Any]:
    return view["board"][CELLS.index(cell)]


def pawn_text(pawns: dict[str, int], gap: str = " ") -> str:
    """{"blue": 2, "red": 1} as "b2 r1" (with ``gap`` "": "b2r1")."""
    return gap.join(f"{letter(c)}{n}" for c, n in pawns.items() if n)


def letters_line(colours: Iterable[str]) -> str:
    """("blue", "blue", "red") as "b2 r1"."""
    return pawn_text(dict(Counter(colours)))
