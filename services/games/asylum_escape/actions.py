"""Asylum Escape actions (what seats do) and events (what the table is told).

Rooms and cards are ids from the data pack; Patients are named by their card id. A Victim's
start room and moves (``StartRoom``, ``Move``) are secret: no event carries them, and a
room becomes public only when the rules reveal it (a catch, a Stumble, a death).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from services.games.core import Event, SeatAction

# ---------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Keep(SeatAction):
    """Keep the Victim card dealt (R-AE-04)."""

    type: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Mulligan(SeatAction):
    """Shuffle the Victim card back and take the next one, which is final (R-AE-04)."""

    type: ClassVar[str] = "mulligan"


@dataclass(frozen=True)
class LayRoom(SeatAction):
    """Option ``layout = table``: the next location card of the grid the players laid out,
    column by column (left to right), each bottom to top, one card at a time (R-AE-01)."""

    type: ClassVar[str] = "lay_room"
    room: str


@dataclass(frozen=True)
class StartRoom(SeatAction):
    """A Victim's secret start room (R-AE-06)."""

    type: ClassVar[str] = "start_room"
    room: str


@dataclass(frozen=True)
class ChooseRoom(SeatAction):
    """The Patients player picks a room: a Patient's start room when its own is destroyed
    (R-AE-18), the landing room when a column vanishes (R-AE-15), the nearest Patient on a
    tie (A-AE-11)."""

    type: ClassVar[str] = "choose_room"
    room: str


@dataclass(frozen=True)
class MovePatient(SeatAction):
    """The Patients player moves the Patient whose coin was flipped: the rooms entered, in
    order (empty: it stays) (R-AE-09)."""

    type: ClassVar[str] = "move_patient"
    patient: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class DrawCard(SeatAction):
    """A Victim's optional draw: ``camo_sabo`` or ``movement`` (R-AE-20)."""

    type: ClassVar[str] = "draw_card"
    deck: str


@dataclass(frozen=True)
class SkipDraw(SeatAction):
    """A Victim draws nothing this turn (R-AE-20)."""

    type: ClassVar[str] = "skip_draw"


@dataclass(frozen=True)
class Move(SeatAction):
    """A Victim's secret move: the rooms entered, in order (empty: stays) (R-AE-13, R-AE-21)."""

    type: ClassVar[str] = "move"
    path: tuple[str, ...]


@dataclass(frozen=True)
class PlayCard(SeatAction):
    """Play a Camo/Sabo card from hand or the held card (R-AE-24); ``target`` is the seat it is
    aimed at, if any (-1: none)."""

    type: ClassVar[str] = "play_card"
    card: str
    target: int = -1


@dataclass(frozen=True)
class EndTurn(SeatAction):
    """A Victim ends their turn (no Movement card waiting)."""

    type: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Pass(SeatAction):
    """A Victim plays no (more) card in this window."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Adjust(SeatAction):
    """A logged adjustment applying a card effect the box does not model (A-AE-01, A-AE-22).
    ``kind``: ``reveal`` (Victim ``target`` shows their room), ``catch`` (``patient`` catches
    Victim ``target``), ``kill`` (Victim ``target`` dies), ``move_patient`` (``patient`` to
    ``room``), ``destroy`` (``room``), ``draw`` (Victim ``target`` draws a Camo/Sabo card),
    ``discard`` (Victim ``target`` discards a card of the hand drawn at random), ``done``
    (the effect is applied)."""

    type: ClassVar[str] = "adjust"
    kind: str
    target: int = -1
    patient: str = ""
    room: str = ""


ACTION_TYPES = (LayRoom, Keep, Mulligan, StartRoom, ChooseRoom, MovePatient, DrawCard,
                SkipDraw, Move, PlayCard, EndTurn, Pass, Adjust)



@dataclass(frozen=True)
class Identify(SeatAction):
    """Option ``cards = physical``: the card just drawn from the table's own deck (its tag
    tapped, or picked from the deck's cards the box has not seen); or, after a ``discard``
    adjustment, the card the table drew at random from this Victim's hand."""

    type: ClassVar[str] = "identify"
    card: str


ACTION_TYPES = (*ACTION_TYPES, Identify)

# ----------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class PatientsChosen(Event):
    type: ClassVar[str] = "patients_chosen"
    seat: int


@dataclass(frozen=True)
class DeckShuffled(Event):
    type: ClassVar[str] = "deck_shuffled"
    reveals: ClassVar[bool] = True
    deck: str
    size: int


@dataclass(frozen=True)
class LayoutDealt(Event):
    type: ClassVar[str] = "layout_dealt"
    reveals: ClassVar[bool] = True
    columns: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RoomLaid(Event):
    """One location card entered for the players' own layout (``count`` laid so far)."""

    type: ClassVar[str] = "room_laid"
    room: str
    count: int


@dataclass(frozen=True)
class VictimDealt(Event):
    type: ClassVar[str] = "victim_dealt"
    reveals: ClassVar[bool] = True
    seat: int
    card: str
    final: bool


@dataclass(frozen=True)
class PatientReleased(Event):
    type: ClassVar[str] = "patient_released"
    reveals: ClassVar[bool] = True
    patient: str
    room: str
    special: bool


@dataclass(frozen=True)
class StartChosen(Event):
    """A Victim has chosen a start room (which one is secret)."""

    type: ClassVar[str] = "start_chosen"
    seat: int


@dataclass(frozen=True)
class CardsDealt(Event):
    """Each Victim drew one Camo/Sabo card (R-AE-07); Hold cards drawn are placed face-up."""

    type: ClassVar[str] = "cards_dealt"
    held: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class PatientTurn(Event):
    type: ClassVar[str] = "patient_turn"
    turn: int


@dataclass(frozen=True)
class CoinFlipped(Event):
    type: ClassVar[str] = "coin_flipped"
    patient: str
    heads: bool
    rooms: int


@dataclass(frozen=True)
class PatientMoved(Event):
    type: ClassVar[str] = "patient_moved"
    patient: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class Caught(Event):
    type: ClassVar[str] = "caught"
    reveals: ClassVar[bool] = True
    seat: int
    room: str
    patients: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class AttemptCancelled(Event):
    type: ClassVar[str] = "attempt_cancelled"
    seat: int
    patient: str
    card: str


@dataclass(frozen=True)
class KillRolled(Event):
    type: ClassVar[str] = "kill_rolled"
    seat: int
    patient: str
    face: int
    killed: bool


@dataclass(frozen=True)
class VictimKilled(Event):
    type: ClassVar[str] = "victim_killed"
    reveals: ClassVar[bool] = True
    seat: int
    room: str
    rule: str


@dataclass(frozen=True)
class MovementShown(Event):
    """A Movement card goes face-up: the Victim may move up to its value (or Stumbles)."""

    type: ClassVar[str] = "movement_shown"
    reveals: ClassVar[bool] = True
    seat: int
    card: str
    value: int
    purpose: str  # "flee" or "turn"


@dataclass(frozen=True)
class VictimMoved(Event):
    """A Victim moved in secret (where to is not told)."""

    type: ClassVar[str] = "victim_moved"
    seat: int


@dataclass(frozen=True)
class Stumbled(Event):
    type: ClassVar[str] = "stumbled"
    reveals: ClassVar[bool] = True
    seat: int
    room: str


@dataclass(frozen=True)
class RoomDestroyed(Event):
    type: ClassVar[str] = "room_destroyed"
    room: str
    landed: tuple[tuple[str, str], ...]  # (Patient, room) for Patients that fell
    rule: str


@dataclass(frozen=True)
class PatientLanded(Event):
    """The Patients player chose where a Patient lands when its column vanished (R-AE-15)."""

    type: ClassVar[str] = "patient_landed"
    patient: str
    room: str


@dataclass(frozen=True)
class FinalWindow(Event):
    type: ClassVar[str] = "final_window"
    start: int
    end: int
    rule: str


@dataclass(frozen=True)
class BloodlustDrawn(Event):
    type: ClassVar[str] = "bloodlust_drawn"
    reveals: ClassVar[bool] = True
    card: str
    effect: str


@dataclass(frozen=True)
class CardDrawn(Event):
    """A Victim drew from a deck; a Hold card is shown (and the one it replaces discarded)."""

    type: ClassVar[str] = "card_drawn"
    seat: int
    deck: str
    held: str
    discarded: str


@dataclass(frozen=True)
class CardPlayed(Event):
    type: ClassVar[str] = "card_played"
    reveals: ClassVar[bool] = True
    seat: int
    card: str
    target: int
    effect: str


@dataclass(frozen=True)
class Adjusted(Event):
    type: ClassVar[str] = "adjusted"
    seat: int
    kind: str
    target: int
    patient: str
    room: str


@dataclass(frozen=True)
class CardDiscarded(Event):
    """A card forced out of a Victim's hand (an adjustment), discarded face-up."""

    type: ClassVar[str] = "card_discarded"
    reveals: ClassVar[bool] = True
    seat: int
    card: str


@dataclass(frozen=True)
class RoomRevealed(Event):
    type: ClassVar[str] = "room_revealed"
    reveals: ClassVar[bool] = True
    seat: int
    room: str


@dataclass(frozen=True)
class NothingHappens(Event):
    """A step that could not happen (an empty deck, no Patient left to release)."""

    type: ClassVar[str] = "nothing_happens"
    reason: str


@dataclass(frozen=True)
class GameWon(Event):
    type: ClassVar[str] = "game_won"
    reveals: ClassVar[bool] = True
    side: str  # "patients" or "victims"
    winners: tuple[int, ...]
    reason: str
    rule: str
