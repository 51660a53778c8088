"""Bots for Innsmouth 32 (issue 23): the box plays the director, and a monster player once a
character player's survivors are all gone (R-I32-32), at three levels; the character
players' seats play :mod:`.people` (easy) or :mod:`.people_normal` (normal, hard).

- :mod:`.table`: the seat's view read, and the odds of the dice;
- :mod:`.director`: the easy and normal director (and monster player);
- :mod:`.beliefs`: where the cards nobody has seen may be, from the view and the history,
  and a full snapshot sampled from that belief (determinization);
- :mod:`.search`: the hard director, who plays each candidate attack out on sampled
  snapshots loaded with ``Innsmouth32.state_from_json`` (a budget of playouts, never time).

Levels: docs/games/innsmouth-32.md, "Playing against the box".
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from services.bots.contract import LEVELS, BotError, SeatKnowledge
from services.bots.innsmouth_32 import director, people, people_normal, search
from services.games.core import Action

ROLES = {
    "director": "the director, running the monsters and the movie against the survivors",
    "monster": "a monster player, a character player whose survivors are all gone "
               "(R-I32-32), attacking with his own throngs",
}
OPPONENT_PHASES = ("director", "aim", "place", "fade", "choose", "adjust", "identify")


def role_of(public_view: Mapping[str, Any], seat: int) -> str | None:
    """``director``, ``monster`` (a monster player) or ``character``; None: not a seat."""
    if not 0 <= seat < int(public_view.get("players", 0)):
        return None
    if seat == public_view.get("director"):
        return "director"
    if seat in public_view.get("monster_players", ()):
        return "monster"
    return "character"


class I32Bot:
    """Any seat of Innsmouth 32 at ``level``: the director's side at that level's strength,
    the character players' side with :mod:`.people` (easy) or :mod:`.people_normal`."""

    def __init__(self, level: str) -> None:
        if level not in LEVELS:
            raise BotError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action | None:
        if not knowledge.legal:
            raise BotError(f"Seat {knowledge.seat + 1} has no legal action now")
        if len(knowledge.legal) == 1 and not knowledge.may_wait():
            return knowledge.legal[0]
        role = role_of(knowledge.public, knowledge.seat)
        if role in ROLES:
            if self.level == "hard" and search.wanted(knowledge):
                return search.choose(knowledge, rng)
            return director.choose(knowledge, self.level, rng)
        if self.level == "easy":
            return people.choose(knowledge, rng)
        return people_normal.choose(knowledge, self.level, rng)


def make_bot(level: str) -> I32Bot:
    """A bot for any seat of Innsmouth 32 at ``level`` (easy, normal or hard)."""
    return I32Bot(level)


__all__ = ["ROLES", "I32Bot", "make_bot", "role_of"]
