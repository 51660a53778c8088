"""Innsmouth 32 actions (what seats do) and events (what the table is told).

Survivors, movie cards and sanctuaries are named by their ids from the data pack. Throngs are
numbered 0 to 5 per owner. Spoints are committed before every roll (``Commit``), split into
the player's power spoints and the survivor's rest spoints (R-I32-41, R-I32-55).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from services.games.core import Event, SeatAction

ACT_KINDS = ("rest", "attack", "mythos_attack", "take", "move", "mythos", "search",
             "sanctuary_rest", "investigate", "sanctuary_search", "heal", "take_from",
             "heal_item", "store", "retrieve", "gambit")


@dataclass(frozen=True)
class Pool(SeatAction):
    """One pool action with each survivor, in placement order (R-I32-10, R-I32-12)."""

    type: ClassVar[str] = "pool"


@dataclass(frozen=True)
class Spotlight(SeatAction):
    """TAKE+ACT: ``survivor`` takes the screen card ``card``, then acts (R-I32-14). ``drop``:
    with the option third_item=discard, the held item discarded to make room (D-I32-05)."""

    type: ClassVar[str] = "spotlight"
    survivor: str
    card: str
    drop: str = ""


@dataclass(frozen=True)
class DrawSurvivor(SeatAction):
    """DRAW SURVIVOR+ACT: the top survivor joins the pool, then acts (R-I32-15)."""

    type: ClassVar[str] = "draw_survivor"


@dataclass(frozen=True)
class Act(SeatAction):
    """One pool or sanctuary action of ``survivor`` (R-I32-13, R-I32-63). ``target``: the
    monster card attacked, the screen card taken, the sanctuary entered; ``item``: the item
    used for an attack; ``stat``: the item's stat used (R-I32-43)."""

    type: ClassVar[str] = "act"
    survivor: str
    kind: str
    target: str = ""
    item: str = ""
    stat: str = ""


@dataclass(frozen=True)
class Commit(SeatAction):
    """Spoints committed before a roll: ``power`` from the player's board, ``rest`` from the
    survivor (R-I32-41, R-I32-56); ``lent``: power spoints other players lent (R-I32-55)."""

    type: ClassVar[str] = "commit"
    power: int = 0
    rest: int = 0
    lent: int = 0


@dataclass(frozen=True)
class Negate(SeatAction):
    """Spend exactly the damage in spoints to negate it (R-I32-49)."""

    type: ClassVar[str] = "negate"
    power: int = 0
    rest: int = 0
    lent: int = 0


@dataclass(frozen=True)
class Flail(SeatAction):
    """Flail instead (2d6 against SPEED), with spoints committed to SPEED (R-I32-49)."""

    type: ClassVar[str] = "flail"
    power: int = 0
    rest: int = 0
    lent: int = 0


@dataclass(frozen=True)
class TakeAttack(SeatAction):
    """The director or a monster player takes the screen monster ``card`` into throng
    ``throng`` and attacks ``target`` (a survivor, or ``locks:<sanctuary>``) with that
    throng (R-I32-30)."""

    type: ClassVar[str] = "take_attack"
    card: str
    throng: int
    target: str


@dataclass(frozen=True)
class AllOut(SeatAction):
    """Every throng of the seat attacks once; the targets are aimed throng by throng
    (R-I32-30)."""

    type: ClassVar[str] = "all_out"


@dataclass(frozen=True)
class Aim(SeatAction):
    """The target of the next throng of an all-out attack."""

    type: ClassVar[str] = "aim"
    target: str


@dataclass(frozen=True)
class Place(SeatAction):
    """Place the monster ``card`` (taken from the screen in a creature feature, or the
    familiar face of a head shot) into throng ``throng`` (R-I32-25, R-I32-51)."""

    type: ClassVar[str] = "place"
    card: str
    throng: int


@dataclass(frozen=True)
class FadeOut(SeatAction):
    """The director marks the screen item or power play ``card`` for fade out (R-I32-66)."""

    type: ClassVar[str] = "fade_out"
    card: str


@dataclass(frozen=True)
class Choose(SeatAction):
    """A choice from a list: a plot device resolved or not, a stat for insanity, the
    survivor that gets the horror star (``value``)."""

    type: ClassVar[str] = "choose"
    value: str


@dataclass(frozen=True)
class Pass(SeatAction):
    """Decline (no fade out, no director's cut, no attack possible, no counterstrike)."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Adjust(SeatAction):
    """A logged referee adjustment for printed text the box does not model (A-I32-02), one
    token at a time: ``kind`` rest, mythos, stars or power (``amount`` added to the survivor
    ``survivor``, or to its player's power spoints), ``insanity_<stat>`` (+1 covers the stat,
    -1 uncovers it), locks or tokens (a sanctuary's locks or mythos; ``survivor`` is the
    sanctuary card), or done."""

    type: ClassVar[str] = "adjust"
    kind: str
    survivor: str = ""
    amount: int = 0


@dataclass(frozen=True)
class Lend(SeatAction):
    """Another player lends ``power`` of his power spoints to the survivor committing or
    negating now; its owner uses them or they come back (R-I32-55)."""

    type: ClassVar[str] = "lend"
    power: int = 1


@dataclass(frozen=True)
class StarAction(SeatAction):
    """Spend a horror star of ``survivor`` for an immediate extra action (R-I32-67)."""

    type: ClassVar[str] = "star_action"
    survivor: str


@dataclass(frozen=True)
class Cover(SeatAction):
    """COVER+ATTACK (advanced, option ``cover_attack``): the top reel card goes face down onto
    screen slot ``slot`` (0-2) to block its card, throng ``throng`` attacks ``target`` (-1 and
    "" when no throng can attack), then the cover card is revealed (R-I32-30)."""

    type: ClassVar[str] = "cover_attack"
    slot: int
    throng: int = -1
    target: str = ""


@dataclass(frozen=True)
class MonsterCut(SeatAction):
    """A monster player with no monster, and none on screen to take, draws REEL# discards and
    places the monsters among them: a director's cut at his own seat (R-I32-32, R-I32-70)."""

    type: ClassVar[str] = "monster_cut"


ACTION_TYPES = (Pool, Spotlight, DrawSurvivor, Act, Commit, Negate, Flail, TakeAttack, AllOut,
                Aim, Place, FadeOut, Choose, Pass, Adjust, Lend, StarAction, Cover, MonsterCut)


@dataclass(frozen=True)
class Identify(SeatAction):
    """Option ``cards = physical``: the card that just came to light from the table's own
    deck (its tag tapped, or picked from the cards that can be there)."""

    type: ClassVar[str] = "identify"
    card: str


ACTION_TYPES = (*ACTION_TYPES, Identify)


@dataclass(frozen=True)
class Share(SeatAction):
    """Faction play (R-I32-83): the owner of ``ally`` moves ``rest`` of its rest spoints onto
    the faction ally committing or negating now."""

    type: ClassVar[str] = "share"
    ally: str
    rest: int = 1


ACTION_TYPES = (*ACTION_TYPES, Share)


@dataclass(frozen=True)
class Told(Event):
    """What happened, as the public screen says it (never a secret)."""

    type: ClassVar[str] = "told"
    rule: str
    text: str


@dataclass(frozen=True)
class Shown(Event):
    """A card brought to light (a screen card revealed, a survivor drawn)."""

    type: ClassVar[str] = "shown"
    reveals: ClassVar[bool] = True
    rule: str
    text: str
    card: str
