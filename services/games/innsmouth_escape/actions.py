"""Innsmouth Escape actions (what seats do) and events (what the table is told).

Cells are board names ("C4"); Deep One colours are names from the data file ("blue"). Events
are public: the Human's plot never appears in one before the reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from services.games.core import Event, SeatAction

# ---------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class PlacePawns(SeatAction):
    """Setup: a Deep One player places his 3 starting pawns (R-IE-06)."""

    type: ClassVar[str] = "place_pawns"
    cells: tuple[str, ...]


@dataclass(frozen=True)
class PlaceHuman(SeatAction):
    """Setup: the Human places his pawn (R-IE-07)."""

    type: ClassVar[str] = "place_human"
    cell: str


@dataclass(frozen=True)
class Plot(SeatAction):
    """The Human's secret plot (R-IE-10..19): three movement cards in the order they take
    effect, one direction (N, S, E, W) per number card in that order, and the location tokens
    (``to``, e.g. "C4"; empty: the box takes the end of the path)."""

    type: ClassVar[str] = "plot"
    cards: tuple[str, ...]
    directions: tuple[str, ...]
    to: str = ""


@dataclass(frozen=True)
class SpawnHere(SeatAction):
    """The Human chooses the pool of each pawn his cards spawn on his cell (R-IE-29)."""

    type: ClassVar[str] = "spawn_here"
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Fight(SeatAction):
    """The Human is ready: roll the attack (after equipping or healing, R-IE-30)."""

    type: ClassVar[str] = "fight"


@dataclass(frozen=True)
class Kill(SeatAction):
    """The Human chooses which Deep Ones his hits kill, one colour per hit (A-IE-20)."""

    type: ClassVar[str] = "kill"
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Equip(SeatAction):
    """Equip a weapon from hand; the one equipped before goes back to hand (R-IE-30)."""

    type: ClassVar[str] = "equip"
    card: str


@dataclass(frozen=True)
class UseCard(SeatAction):
    """Play a card from hand whose effect the box knows (heal) or that asks the table to
    apply its text (manual effect)."""

    type: ClassVar[str] = "use_card"
    card: str


@dataclass(frozen=True)
class MoveDeepOnes(SeatAction):
    """Deep One move (R-IE-41): pawn moves "A1>B3" (one pawn each, up to 2 cells) and the
    Shoggoth's new cell ("" = it stays)."""

    type: ClassVar[str] = "move"
    pawns: tuple[str, ...]
    shoggoth: str = ""


@dataclass(frozen=True)
class Summon(SeatAction):
    """Summon the Shoggoth on ``cell`` ("" = do not summon) (R-IE-43)."""

    type: ClassVar[str] = "summon"
    cell: str = ""


@dataclass(frozen=True)
class Spawn(SeatAction):
    """Place the pawns this player may spawn, one cell per pawn (R-IE-44, R-IE-45)."""

    type: ClassVar[str] = "spawn"
    cells: tuple[str, ...]


ACTION_TYPES = (PlacePawns, PlaceHuman, Plot, SpawnHere, Fight, Kill, Equip, UseCard,
                MoveDeepOnes, Summon, Spawn)

# ----------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class HumanChosen(Event):
    type: ClassVar[str] = "human_chosen"
    seat: int


@dataclass(frozen=True)
class DeckShuffled(Event):
    type: ClassVar[str] = "deck_shuffled"
    reveals: ClassVar[bool] = True
    deck: str
    size: int


@dataclass(frozen=True)
class PawnsPlaced(Event):
    type: ClassVar[str] = "pawns_placed"
    colour: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class HumanPlaced(Event):
    type: ClassVar[str] = "human_placed"
    cell: str


@dataclass(frozen=True)
class Plotted(Event):
    """Public part of a plot: how many cards face down, how many Rest cards face up."""

    type: ClassVar[str] = "plotted"
    face_down: int
    rests: int


@dataclass(frozen=True)
class Revealed(Event):
    type: ClassVar[str] = "revealed"
    reveals: ClassVar[bool] = True
    cards: tuple[str, ...]  # kinds, in plot order: "move-2", "rest" (copies look alike)
    directions: tuple[str, ...]
    path: tuple[str, ...]
    to: str
    forfeit: bool
    healed: int


@dataclass(frozen=True)
class MovementRecycled(Event):
    type: ClassVar[str] = "movement_recycled"


@dataclass(frozen=True)
class CardsDrawn(Event):
    """The Human searched his cell: the token, and the cards (public: tableau, or hand count)."""

    type: ClassVar[str] = "cards_drawn"
    reveals: ClassVar[bool] = True
    deck: str
    rank: int
    tableau: tuple[str, ...]
    to_hand: int


@dataclass(frozen=True)
class Spawned(Event):
    type: ClassVar[str] = "spawned"
    colour: str
    cells: tuple[str, ...]
    lost: int = 0  # pawns the caps or the pool did not allow (A-IE-15)


@dataclass(frozen=True)
class Equipped(Event):
    type: ClassVar[str] = "equipped"
    reveals: ClassVar[bool] = True
    card: str
    returned: str


@dataclass(frozen=True)
class CardUsed(Event):
    type: ClassVar[str] = "card_used"
    reveals: ClassVar[bool] = True
    card: str
    healed: int
    manual: str


@dataclass(frozen=True)
class AttackRolled(Event):
    type: ClassVar[str] = "attack_rolled"
    faces: tuple[int, ...]
    hit_on: int
    hits: int


@dataclass(frozen=True)
class Killed(Event):
    type: ClassVar[str] = "killed"
    colours: tuple[str, ...]


@dataclass(frozen=True)
class DeepOnesAttacked(Event):
    type: ClassVar[str] = "deep_ones_attacked"
    colour: str
    faces: tuple[int, ...]
    wounds: int


@dataclass(frozen=True)
class ShoggothsAttacked(Event):
    type: ClassVar[str] = "shoggoths_attacked"
    colours: tuple[str, ...]
    wounds: int


@dataclass(frozen=True)
class Casualties(Event):
    type: ClassVar[str] = "casualties"
    pawns: tuple[tuple[str, int], ...]
    wounds: int


@dataclass(frozen=True)
class DeepOnesMoved(Event):
    type: ClassVar[str] = "deep_ones_moved"
    colour: str
    pawns: tuple[str, ...]
    shoggoth: str


@dataclass(frozen=True)
class DeepOneCardsDrawn(Event):
    type: ClassVar[str] = "deep_one_cards_drawn"
    colour: str
    count: int
    entitled: int


@dataclass(frozen=True)
class Summoned(Event):
    type: ClassVar[str] = "summoned"
    colour: str
    cell: str


@dataclass(frozen=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int


@dataclass(frozen=True)
class GameWon(Event):
    type: ClassVar[str] = "game_won"
    reveals: ClassVar[bool] = True
    side: str  # "human" or "deep_ones"
    reason: str
    rule: str


# ------------------------------------------------------------ Deep One cards and adjustments


@dataclass(frozen=True)
class PlayDeepOneCard(SeatAction):
    """A Deep One player plays a card from hand, at most one per round (R-IE-46)."""

    type: ClassVar[str] = "play_card"
    card: str


@dataclass(frozen=True)
class Pass(SeatAction):
    """A Deep One player plays no card in this window."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Adjust(SeatAction):
    """A logged adjustment that applies a card's printed effect the box does not model
    (A-IE-03). ``kind``: ``wounds`` (amount +/-), ``pawns`` (add or remove ``amount`` pawns of
    ``colour`` on ``cell``, from or to the pool), ``move_pawns`` (``amount`` pawns of
    ``colour`` from ``cell`` to ``to``), ``shoggoth`` (``colour``'s Shoggoth to ``to``, or off
    the board with ``to`` empty), ``done`` (the effect is applied)."""

    type: ClassVar[str] = "adjust"
    kind: str
    colour: str = ""
    cell: str = ""
    to: str = ""
    amount: int = 0


ACTION_TYPES = (*ACTION_TYPES, PlayDeepOneCard, Pass, Adjust)


@dataclass(frozen=True)
class DeepOneCardPlayed(Event):
    type: ClassVar[str] = "deep_one_card_played"
    reveals: ClassVar[bool] = True
    colour: str
    card: str
    effect: str


@dataclass(frozen=True)
class Adjusted(Event):
    type: ClassVar[str] = "adjusted"
    seat: int
    kind: str
    colour: str
    cell: str
    to: str
    amount: int


@dataclass(frozen=True)
class Identify(SeatAction):
    """With your own decks (option cards=physical): the card the Human just drew, by its tag
    or picked from the pack list."""

    type: ClassVar[str] = "identify"
    card: str


ACTION_TYPES = (*ACTION_TYPES, Identify)


@dataclass(frozen=True)
class ApplyCard(SeatAction):
    """A Deep One card that stays in play (``permanent``) acts again: its effect is applied
    with adjustments, once per round, at its timing (R-IE-46)."""

    type: ClassVar[str] = "apply_card"
    card: str


ACTION_TYPES = (*ACTION_TYPES, ApplyCard)
