"""Intruder Escape actions (what seats do) and events (what the table is told).

Seats are 0-based in the JSON form. A seat's actions name the cards of its own hand by
instance id (``knife-2``); Snatch names the card it takes by kind (``knife``), an instance id
is accepted too. Events are public and name cards by kind (``knife``): copies of a card look
alike on the table, so which copy was played never tells anyone which one was kept. None
names a card in someone's hand or an identity, except the events that reveal one by the
rules (Security Camera, a dead player's choice to reveal, the end of the game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from services.games.core import Event, SeatAction

# ---------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class ChooseCharacter(SeatAction):
    """Take one of the six characters and its three life cards (R-IX-01)."""

    type: ClassVar[str] = "character"
    character: str


@dataclass(frozen=True)
class Ready(SeatAction):
    """This seat has looked at its identity (and, as an Intruder with 4+ players, at the other
    Intruders: the wake-up of R-IX-04). Every seat confirms, so nobody learns anything from
    who is busy."""

    type: ClassVar[str] = "ready"


@dataclass(frozen=True)
class Keep(SeatAction):
    """Keep these cards of the 5 dealt; the rest go to the bottom of the center deck (R-IX-05).

    ``home=True`` uses Nobody's Home instead (R-IX-26): the whole hand is discarded and the seat
    is immune this round; ``keep`` is then empty.
    """

    type: ClassVar[str] = "keep"
    keep: tuple[str, ...]
    home: bool = False


@dataclass(frozen=True)
class Play(SeatAction):
    """Play ``card`` from hand: on ``target`` for cards placed on a player, no target for
    Flashlight, Hostage and the die cards; Snatch names the kind of card it takes in
    ``take`` (``knife``; an instance id such as ``knife-2`` is accepted too)."""

    type: ClassVar[str] = "play"
    card: str
    target: int | None = None
    take: str | None = None


@dataclass(frozen=True)
class Skip(SeatAction):
    """Skip this turn (R-IX-08)."""

    type: ClassVar[str] = "skip"


@dataclass(frozen=True)
class Hold(SeatAction):
    """After Hostage or Snatch: keep the card taken instead of playing it now (R-IX-21/22)."""

    type: ClassVar[str] = "hold"


@dataclass(frozen=True)
class Reveal(SeatAction):
    """A dead player shows his identity card, or keeps it secret (R-IX-33)."""

    type: ClassVar[str] = "reveal"
    show: bool


ACTION_TYPES = (ChooseCharacter, Ready, Keep, Play, Skip, Hold, Reveal)

# ----------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class CharacterChosen(Event):
    type: ClassVar[str] = "character_chosen"
    seat: int
    character: str


@dataclass(frozen=True)
class IdentitiesDealt(Event):
    """Identity cards are dealt; the counts are public except with 6 players dealt at random."""

    type: ClassVar[str] = "identities_dealt"
    reveals: ClassVar[bool] = True
    players: int


@dataclass(frozen=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int
    refilled: int  # cards of the discard pile put under the center deck (R-IX-06)


@dataclass(frozen=True)
class Dealt(Event):
    type: ClassVar[str] = "dealt"
    reveals: ClassVar[bool] = True
    hand_sizes: tuple[int, ...]
    center_count: int


@dataclass(frozen=True)
class HomeUsed(Event):
    type: ClassVar[str] = "home_used"
    reveals: ClassVar[bool] = True
    seat: int
    discarded: tuple[str, ...]  # kinds, sorted; empty when the discard pile is face down


@dataclass(frozen=True)
class HomeVoid(Event):
    """Nobody's Home was dealt and not used: it goes to the discard pile (R-IX-26). Announced
    only when the discard pile is face up."""

    type: ClassVar[str] = "home_void"
    reveals: ClassVar[bool] = True
    card: str  # the kind


@dataclass(frozen=True)
class Bottomed(Event):
    type: ClassVar[str] = "bottomed"
    count: int
    center_count: int


@dataclass(frozen=True)
class DieRolled(Event):
    """One roll of the die; ``accepted`` is False when the face is rerolled (A-IX-02)."""

    type: ClassVar[str] = "die_rolled"
    purpose: str
    face: int
    seat: int | None  # the seat whose character the face shows (None: not in play)
    accepted: bool
    why: str  # why it is rerolled, empty when accepted


@dataclass(frozen=True)
class FirstPlayer(Event):
    type: ClassVar[str] = "first_player"
    seat: int


@dataclass(frozen=True)
class CardPlayed(Event):
    type: ClassVar[str] = "card_played"
    reveals: ClassVar[bool] = True
    seat: int
    card: str  # the kind ("knife"): copies look alike
    target: int | None


@dataclass(frozen=True)
class Skipped(Event):
    type: ClassVar[str] = "skipped"
    seat: int
    why: str  # "skip", "no cards", "broken mirror"


@dataclass(frozen=True)
class TopExposed(Event):
    type: ClassVar[str] = "top_exposed"
    reveals: ClassVar[bool] = True
    card: str  # the kind


@dataclass(frozen=True)
class TookTop(Event):
    """Hostage: the seat takes the top card; its kind is named only if it was face up
    (Flashlight)."""

    type: ClassVar[str] = "took_top"
    seat: int
    card: str | None


@dataclass(frozen=True)
class Snatched(Event):
    type: ClassVar[str] = "snatched"
    seat: int
    victim: int
    cards: tuple[str, ...]  # kinds


@dataclass(frozen=True)
class Held(Event):
    type: ClassVar[str] = "held"
    seat: int


@dataclass(frozen=True)
class HandShown(Event):
    type: ClassVar[str] = "hand_shown"
    reveals: ClassVar[bool] = True
    seat: int
    cards: tuple[str, ...]  # kinds, sorted: the hand's order is not shown


@dataclass(frozen=True)
class TurnLost(Event):
    """Broken Mirror: the seat will lose its next turn (``lost``), or nothing happens."""

    type: ClassVar[str] = "turn_lost"
    seat: int
    lost: bool


@dataclass(frozen=True)
class LifeLost(Event):
    type: ClassVar[str] = "life_lost"
    seat: int
    cause: str  # "roulette", "most damage", "tie", "no damage"
    lives_left: int
    rule: str


@dataclass(frozen=True)
class LifeRestored(Event):
    type: ClassVar[str] = "life_restored"
    seat: int
    card: str  # the kind
    lives_left: int


@dataclass(frozen=True)
class RowAssessed(Event):
    type: ClassVar[str] = "row_assessed"
    seat: int
    damage: int


@dataclass(frozen=True)
class Died(Event):
    type: ClassVar[str] = "died"
    seat: int
    discarded: int  # cards of his hand that went to the discard pile


@dataclass(frozen=True)
class ItemReturned(Event):
    type: ClassVar[str] = "item_returned"
    card: str  # the card kind ("keys"): where it lies in the deck is nobody's business
    to: str  # "center" or "discard"


@dataclass(frozen=True)
class IdentityRevealed(Event):
    type: ClassVar[str] = "identity_revealed"
    reveals: ClassVar[bool] = True
    seat: int
    identity: str


@dataclass(frozen=True)
class HandsDiscarded(Event):
    type: ClassVar[str] = "hands_discarded"
    count: int


@dataclass(frozen=True)
class GameWon(Event):
    type: ClassVar[str] = "game_won"
    reveals: ClassVar[bool] = True
    team: str
    reason: str
    rule: str
    identities: tuple[str, ...]
