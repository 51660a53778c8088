"""Innsmouth 32's reels as players call them, for any screen that names them."""

from __future__ import annotations

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def reel_name(reel: int) -> str:
    """A reel's number as printed on the cards: 4 is "IV" (a number past IV as it is)."""
    return ROMAN.get(reel, str(reel))
