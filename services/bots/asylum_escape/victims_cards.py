"""What a Victim may count on from the cards it has not seen (the pack less the face-up
discards and its own hand): the next Bloodlust, Movement and Camo/Sabo card; and what a
Frenzy card offers the Patients."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from services.bots.asylum_escape.belief import Tracker
from services.bots.asylum_escape.reveal import unseen
from services.bots.asylum_escape.victims_route import card_value
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.bloodlust import structured_effect
from services.games.asylum_escape.data import AsylumData


def effect_of(data: AsylumData, card: str) -> str:
    try:
        return str(data.get(card).effect or "")
    except (KeyError, AttributeError):
        return ""


def bloodlust_odds(view: Mapping[str, Any], data: AsylumData) -> dict[str, float]:
    """The chance of each structured effect on the next Bloodlust card (an empty deck is its
    discards shuffled)."""
    shown = list(view.get("discards", {}).get("bloodlust", []))
    left = int(view.get("deck_sizes", {}).get("bloodlust", 0))
    cards = unseen(data, "bloodlust", shown) if left > 0 else shown
    odds: dict[str, float] = {}
    for c in cards:
        effect = structured_effect(data, c)
        if effect:
            odds[effect] = odds.get(effect, 0.0) + 1.0 / len(cards)
    return odds


def move_cards(view: Mapping[str, Any], data: AsylumData) -> dict[int, float]:
    """The chance of each Movement value (0: a Stumble) on the next card drawn."""
    cards = unseen(data, "movement", list(view.get("discards", {}).get("movement", [])))
    cards = cards or list(data.deck("movement"))
    odds: dict[int, float] = {}
    for c in cards:
        info = data.get(c)
        value = 0 if getattr(info, "stumble", False) else int(getattr(info, "value", 0) or 0)
        odds[value] = odds.get(value, 0.0) + 1.0 / len(cards)
    return odds


def camo_cards(view: Mapping[str, Any], data: AsylumData) -> dict[str, float]:
    """The chance of each use of the next Camo/Sabo card: ``save``, ``move1``, ``move2``..
    or ``other``."""
    mine = [c for v in view["victims"] for c in [v.get("held", "")] if c]
    seen = [*view.get("discards", {}).get("camo_sabo", []),
            *view.get("private", {}).get("hand", []), *mine]
    cards = unseen(data, "camo_sabo", seen) or list(data.deck("camo_sabo"))
    odds: dict[str, float] = {}
    for c in cards:
        effect = effect_of(data, c)
        use = f"move{card_value(data, c)}" if effect == "move" else (
            "save" if effect == "save" else "other")
        odds[use] = odds.get(use, 0.0) + 1.0 / len(cards)
    return odds


def frenzy_moves(tracker: Tracker, data: AsylumData) -> list[a.Adjust]:
    """Every (Patient, room) a Frenzy card offers, in release then grid order."""
    value = max((int(getattr(data.get(c), "value", 0) or 0) for c in data.deck("bloodlust")
                 if structured_effect(data, c) == "move_patient"), default=1)
    order = tracker.grid.rooms()
    found = []
    for card, room in tracker.patients.items():
        if not room:
            continue
        far = tracker.grid.distances(room)
        found += [a.Adjust(0, "move_patient", patient=card, room=r) for r in order
                  if 1 <= far.get(r, value + 1) <= value]
    return found
