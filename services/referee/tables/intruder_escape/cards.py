"""Intruder Escape card words for the screens: names, two-letter codes, dense drawing.

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
PITCH = 9  # px between the lines of a dense screen (7 lines: a title and 6 more)


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


def pitch(lines: int) -> int:
    """Px between lines: the usual 10 when a title and ``lines`` fit, else 9 (7 lines)."""
    return 10 if lines <= 5 else PITCH


def line_y(row: int, step: int) -> int:
    """The y to draw line ``row`` at (row 0 is the title)."""
    return row * 10 if step == 10 else row * step - 1


def dense(canvas: Canvas, row: int, text: str, step: int = PITCH) -> None:
    """A line of a page: row 0 is the inverted title bar. At 9 px the bar is px 0-8 and
    rows 1..6 follow 9 px apart, so seven lines fit on 64 px."""
    text = text[: canvas.columns]
    if step == 10:
        canvas.line(row, text, invert=row == 0)
    elif row == 0:
        canvas.box(0, 0, canvas.width - 1, step - 1, fill=True)
        canvas.text(1, -2, text, invert=True)
    else:
        canvas.text(1, line_y(row, step), text)


def dense_page(title: str, lines: Sequence[str]) -> Canvas:
    """A title and up to 6 lines (10 px apart when there are no more than 5)."""
    canvas = Canvas()
    step = pitch(len(lines))
    dense(canvas, 0, title, step)
    for i, line in enumerate(lines[:6]):
        dense(canvas, 1 + i, line, step)
    return canvas
