"""The history read by the convention: what every clue meant, for every hand.

Only public events are replayed (the deal, clues with the slots they touched, cards revealed
by plays and discards, draws, routes started, placed, completed and lost), so every seat
reads the same meanings; the seat's own hand is never needed. A hand is a list of
:class:`Slot` (slot 0 is the oldest card; a played card leaves its slot, a drawn card goes
last), kept in step with the engine's slots.

The meanings (the convention, in the package's words):

* the **chop** is the oldest card of a hand that no clue has touched;
* a clue that newly touches the chop is a **save**: keep that card;
* a clue that newly touches cards, none of them the chop, is a **play**: its focus, the
  newest card it newly touched, can be placed now (on the table as it was when clued);
* a clue that newly touches no card says **the chop is the Guard** (which no clue can touch):
  play it on a route, never discard it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from services.bots.decktet_escape.table import Board, board_of
from services.games.decktet_escape.deck import Deck

PLAY, SAVE, GUARD_SIGNAL = "play", "save", "guard"


@dataclass
class Slot:
    """One card in a hand, as the table has been told about it."""

    clued: bool = False
    meaning: str = ""  # PLAY, SAVE, GUARD_SIGNAL or "" (touched by a clue, no meaning)
    board: Board | None = None  # the table when a play clue was given


@dataclass
class Reading:
    hands: list[list[Slot]] = field(default_factory=list)
    routes: dict[int, list[str]] = field(default_factory=dict)
    escaped: int = 0

    def chop(self, seat: int) -> int | None:
        return chop_of(self.hands[seat]) if seat < len(self.hands) else None


def chop_of(slots: list[Slot]) -> int | None:
    return next((i for i, s in enumerate(slots) if not s.clued), None)


def meaning(slots: list[Slot], touched: Iterable[int]) -> tuple[str, int | None]:
    """What a clue touching ``touched`` says to a hand read as ``slots``: (meaning, slot)."""
    chop = chop_of(slots)
    new = [i for i in touched if i < len(slots) and not slots[i].clued]
    if not new:
        return (GUARD_SIGNAL, chop) if chop is not None else ("", None)
    if chop in new:
        return SAVE, chop
    return PLAY, max(new)


def read(history: Iterable[Any], players: int, deck: Deck,
         options: Mapping[str, Any]) -> Reading:
    """Replay the public events of ``history`` (``Told`` steps, oldest first)."""
    reading = Reading()
    needed = 4 if options.get("bowels_of_the_ship") else 3
    for told in history:
        for event in told.events:
            kind = event.get("type")
            if kind == "dealt":
                reading.hands = [[Slot() for _ in range(int(event["hand_size"]))]
                                 for _ in range(players)]
            elif kind == "clue_given":
                hand = reading.hands[int(event["target"])]
                what, slot = meaning(hand, event["slots"])
                if slot is not None and what:
                    hand[slot].meaning = what
                    hand[slot].clued = True
                    if what == PLAY:
                        hand[slot].board = board_of(
                            reading.routes.items(), deck, limit(players, options, reading),
                            needed, bool(options.get("boat_must_match")))
                for i in event["slots"]:
                    if i < len(hand):
                        hand[i].clued = True
            elif kind == "card_revealed":
                slot = event.get("slot")
                hand = reading.hands[int(event["seat"])]
                if slot is not None and slot < len(hand):
                    hand.pop(slot)
            elif kind == "card_drawn":
                reading.hands[int(event["seat"])].append(Slot())
            elif kind == "route_started":
                reading.routes[int(event["route"])] = [event["card"]]
            elif kind == "card_placed":
                reading.routes[int(event["route"])].append(event["card"])
            elif kind == "route_completed":
                reading.routes.pop(int(event["route"]), None)
                reading.escaped += 1
            elif kind == "disaster" and event.get("route") is not None:
                reading.routes.pop(int(event["route"]), None)
    return reading


def limit(players: int, options: Mapping[str, Any], reading: Reading) -> int:
    """The route limit (R-EX-10, R-EX-23, R-EX-24) at this point of the replay."""
    value = players - (1 if options.get("rat_warren") else 0)
    if options.get("every_man_for_himself"):
        value -= reading.escaped
    return value
