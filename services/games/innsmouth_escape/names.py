"""Innsmouth Escape's movement cards and directions as players call them, for any screen
that names them (the phone pages in words, the table's screens)."""

from __future__ import annotations

from services.games.innsmouth_escape.board import DIRECTION_WORDS

__all__ = ["DIRECTION_WORDS", "movement_name", "movement_value"]


def movement_value(card: str) -> int:
    """A movement card's number: "move-2-1" and "move-2" are 2; a Rest (or any other) 0."""
    parts = card.split("-")
    return int(parts[1]) if parts[0] == "move" and len(parts) > 1 and parts[1].isdigit() else 0


def movement_name(card: str) -> str:
    """A movement card as players call it: "move-2-1" and "move-2" read "Move 2", any Rest
    "Rest" (another id is returned as it is)."""
    if card.startswith("rest"):
        return "Rest"
    value = movement_value(card)
    return f"Move {value}" if value else card
