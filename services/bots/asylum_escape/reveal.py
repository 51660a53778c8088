"""The hard level's duel (:mod:`.duel`): where to stand for a Bloodlust reveal.

A Patient turn without a kill draws a Bloodlust card (R-AE-16); a ``reveal`` card names the
Victim's room, and a Patient standing near it then catches it far more often. The look-ahead
does not follow that card, so each path's value gets a bonus for where it stops: the chance
the next card is a reveal (the unseen cards of the deck) times the belief's mass the Patient
reaches from there in the turns left (:data:`REACH`, by distance), times :data:`WEIGHT`.
Measured at 2 players against random-legal Victims, 400 games: 146 wins against 142 without
the bonus (seed 0), 144 against 134 (seed 200; 37 games won only with it, 27 only without:
not significant); against the careful Victim 79 against 79 (200 games).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from services.bots.asylum_escape.belief import Belief
from services.games.asylum_escape.bloodlust import structured_effect
from services.games.asylum_escape.data import AsylumData

REACH = {0: 1.0, 1: 1.0, 2: 0.75, 3: 0.5, 4: 0.25}  # a room this far: how often it is reached
WEIGHT = 1.5  # the bonus per unit of that chance and of the mass reached


def unseen(data: AsylumData, deck: str, seen: Sequence[str]) -> list[str]:
    """The cards of ``deck`` not among ``seen`` (ids, or kinds for cards with copies, as the
    face-up discards show them), in the deck's order."""
    left = list(data.deck(deck))
    for c in seen:
        card = next((u for u in left if u == c or data.kind(u) == c), None)
        if card is not None:
            left.remove(card)
    return left


def reveal_chance(data: AsylumData, view: Mapping[str, Any]) -> float:
    """The chance the next Bloodlust card drawn is a reveal: among the deck's cards not
    face-up in the discards (all of them once the deck was reshuffled)."""
    deck = list(data.deck("bloodlust"))
    cards = unseen(data, "bloodlust", view.get("discards", {}).get("bloodlust", ())) or deck
    if not cards:
        return 0.0
    return sum(structured_effect(data, c) == "reveal" for c in cards) / len(cards)


def standing(distances: Mapping[str, int], belief: Belief) -> float:
    """The belief's mass a Patient reaches from a room with these ``distances``."""
    return sum(p * REACH.get(distances.get(room, -1), 0.0) for room, p in belief.items())
