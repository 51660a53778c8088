"""Intruder Escape card words for the screens: names, two-letter codes, rows of codes.

The public screen writes a card as two letters (``Bt`` Baseball Bat, ``Kn`` Knife...); private
screens and menus use the full names. The card data is static (the shipped data file), so the
flow reads it here rather than from the live state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from services.games.intruder_escape.cards import IntruderData, load_cards
from services.referee.box.render import Canvas

CODES = {
    "keys": "Ky", "car": "Cr", "gasoline": "Gs", "license": "Lc",
    "baseball-bat": "Bt", "knife": "Kn", "bandage": "Bd", "syringe": "Sy", "med-kit": "MK",
    "double-scratch": "DS", "under-the-bed": "UB", "barricade": "Br", "flashlight": "Fl",
    "hostage": "Hs", "snatch": "Sn", "security-camera": "SC", "roulette": "Rl",
    "broken-mirror": "BM", "nobodys-home": "NH",
}
ITEM_LETTERS = {"keys": "K", "car": "C", "gasoline": "G", "license": "L"}
TARGETED = ("escape_item", "damage", "heal", "heal_life", "modifier", "nullifier")


@cache
def data() -> IntruderData:
    return load_cards()


def kind(card: str) -> str:
    """``knife-2`` -> ``knife``."""
    return data().card(card).id


def name(card: str) -> str:
    return data().card(card).name


def category(card: str) -> str:
    return data().card(card).category


def code(card: str) -> str:
    return CODES.get(kind(card), "??")


def character_name(character: str | None) -> str:
    found = next((c for c in data().characters if c.id == character), None)
    return found.name if found else "-"


def short(labels: Sequence[str], seat: int) -> str:
    """"Seat 3" as "S3"; a label a player chose is cut to 3 letters."""
    label = labels[seat] if seat < len(labels) else f"Seat {seat + 1}"
    return label.replace("Seat ", "S")[:3]


def group(cards: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Cards by name, in hand order: [("Baseball Bat", ["baseball-bat-1", ...]), ...]."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(name(card), []).append(card)
    return list(groups.items())


def grouped_names(cards: Sequence[str]) -> list[str]:
    return [f"{n} x{len(ids)}" if len(ids) > 1 else n for n, ids in group(cards)]


def row_code(entry: dict[str, object]) -> tuple[str, bool]:
    """One card of a row as the public screen writes it, and whether to strike it through.

    A live Double Scratch that doubled a card is ``x2``; a nullified card is written in lower
    case and struck through."""
    card = str(entry["card"])
    text = code(card)
    if entry.get("nullified_by"):
        return text.lower(), True
    if kind(card) == "double-scratch" and entry.get("doubled"):
        return "x2", False
    return text, False


def row_text(canvas: Canvas, x: int, y: int, row: Sequence[dict[str, object]],
             room: int) -> int:
    """Draw a row of codes at (x, y) in ``room`` characters; returns the x after it."""
    codes = [row_code(e) for e in row]
    gap = 1 if len(codes) * 3 - 1 <= room else 0
    text = (" " if gap else "").join(c for c, _ in codes)
    if not text:
        return x
    canvas.text(x, y, text[:room])
    cursor = x
    for _text_code, struck in codes:
        if struck and cursor + 12 <= x + room * 6:
            canvas.box(cursor, y + 5, cursor + 11, y + 5)
        cursor += 12 + 6 * gap
    return cursor


