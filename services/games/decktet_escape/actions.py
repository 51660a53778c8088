"""Escape! actions (what seats do) and events (what the table is told).

Seats and slots are 0-based in the JSON form; screens show them 1-based ("Seat 1").
Events are public: none carries a card that someone may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from services.games.core import Event, SeatAction

# ---------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Clue(SeatAction):
    """Give ``target`` a clue about a card type (key, corridor, boat) or a suit (R-EX-06)."""

    type: ClassVar[str] = "clue"
    target: int
    about: str


@dataclass(frozen=True)
class Play(SeatAction):
    """Play the card in ``slot`` of your own hand (R-EX-09).

    ``route`` is used only with the option ``declare_route_before_reveal``: the route the
    player aims at (None = start a new route with a key).
    """

    type: ClassVar[str] = "play"
    slot: int
    route: int | None = None


@dataclass(frozen=True)
class PlayCard(SeatAction):
    """With physical cards (option ``cards=physical``): play this card (its tag was read)."""

    type: ClassVar[str] = "play_card"
    card: str
    route: int | None = None


@dataclass(frozen=True)
class DiscardCard(SeatAction):
    """With physical cards: discard this card and return a token."""

    type: ClassVar[str] = "discard_card"
    card: str


@dataclass(frozen=True)
class Discard(SeatAction):
    """Discard the card in ``slot`` and return a token to the cup (R-EX-16)."""

    type: ClassVar[str] = "discard"
    slot: int


@dataclass(frozen=True)
class PlaceOn(SeatAction):
    """After a reveal, choose which legal route takes the card (A-EX-03)."""

    type: ClassVar[str] = "place"
    route: int


@dataclass(frozen=True)
class GiveRoute(SeatAction):
    """An escaped player gives the completed route to an unescaped player (R-EX-13)."""

    type: ClassVar[str] = "give"
    to: int


@dataclass(frozen=True)
class LoseRoute(SeatAction):
    """On a disaster with a tie for longest, choose the route that is lost (R-EX-15)."""

    type: ClassVar[str] = "lose"
    route: int


ACTION_TYPES = (Clue, Play, Discard, PlayCard, DiscardCard, PlaceOn, GiveRoute, LoseRoute)

# ----------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Dealt(Event):
    type: ClassVar[str] = "dealt"
    reveals: ClassVar[bool] = True
    hand_size: int
    draw_count: int
    first: int


@dataclass(frozen=True)
class ClueGiven(Event):
    type: ClassVar[str] = "clue_given"
    reveals: ClassVar[bool] = True
    seat: int
    target: int
    about: str
    slots: tuple[int, ...]
    tokens: int


@dataclass(frozen=True)
class CardRevealed(Event):
    type: ClassVar[str] = "card_revealed"
    reveals: ClassVar[bool] = True
    seat: int
    slot: int | None  # None with physical cards (the box never knew the slot)
    card: str
    group: str
    by: str  # "play" or "discard"


@dataclass(frozen=True)
class RouteStarted(Event):
    type: ClassVar[str] = "route_started"
    route: int
    card: str


@dataclass(frozen=True)
class CardPlaced(Event):
    type: ClassVar[str] = "card_placed"
    route: int
    card: str
    corridors: int


@dataclass(frozen=True)
class RouteCompleted(Event):
    type: ClassVar[str] = "route_completed"
    route: int
    boat: str
    cards: tuple[str, ...]
    escaped: int


@dataclass(frozen=True)
class Disaster(Event):
    type: ClassVar[str] = "disaster"
    card: str
    reason: str
    rule: str
    route: int | None
    lost: tuple[str, ...]


@dataclass(frozen=True)
class Discarded(Event):
    type: ClassVar[str] = "discarded"
    seat: int
    card: str
    tokens: int


@dataclass(frozen=True)
class CardDrawn(Event):
    type: ClassVar[str] = "card_drawn"
    reveals: ClassVar[bool] = True
    seat: int
    draw_count: int


@dataclass(frozen=True)
class ChoiceNeeded(Event):
    type: ClassVar[str] = "choice_needed"
    seat: int
    kind: str  # "place", "give", "lose"
    options: tuple[int, ...]


@dataclass(frozen=True)
class Narrate(Event):
    """A narration prompt (R-EX-25): no rules effect."""

    type: ClassVar[str] = "narrate"
    seat: int
    tone: str  # "positive", "negative", "neutral"


@dataclass(frozen=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn"
    seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    type: ClassVar[str] = "game_over"
    result: str
    winners: tuple[int, ...]
    rule: str
    reason: str
