"""The box as a player, before the game: which seats the box plays, at which level.

For a game with bots (:data:`services.bots.levels.MODULES`) the lobby's table menu (hold
`next` while the options or the join page show) offers "The box plays...": a page of its
own, in the menus' 21 columns, where `ok` steps each line through its values:

    The box plays
    >Patients: no            the game's opponent role: no, easy, normal, hard
     Other seats: 0          more seats the box plays, in whatever role they get
     Their level: normal     the level of those seats
     Pause: 2 s              how long each of the box's moves is told on the public screen

A game with no opponent role (:data:`ROLES`: Escape!, where every seat is a partner, and
Intruder Escape, where identities are dealt) has no role line: "Box seats: 0" counts the
seats the box plays, whatever role they are dealt.

The box's seats are game seats without a screen or buttons: they come after the people's
seats (clockwise), are named ``box1``, ``box2``... and labelled "Box" ("Box 1", "Box 2"...
when there are several). The role's seat option (Patients, Director) is set to the box's
first seat; in Innsmouth Escape, where the option names the Human's seat, the Human is one
of the people (a random one when the option says random, drawn with the box's own random
source, as the option's help says). The starter holds `ok` on a joined seat, so at least one
person always plays: on the box, the box never plays every seat (self-play is for
``refbox play --bot all=LEVEL`` and the benchmarks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from services.bots.contract import LEVELS
from services.bots.levels import MODULES
from services.games.core import GameInfo, OptionValue, Rng
from services.referee.box.menu import Item, Menu

BOX_NAMES = tuple(f"box{n}" for n in range(1, 10))  # the box's seats, never a board's
PAUSES = (2.0, 4.0, 1.0, 0.0)  # s each of the box's moves is told; the first is the default


@dataclass(frozen=True)
class Role:
    """The opponent role of a game with bots, as the lobby names and places it."""

    word: str  # on the screens: "Patients"
    option: str  # the game option naming a seat: "patients_seat"
    of_role: bool  # the option names the role's seat (False: the other side's, the Human)


ROLES = {
    "asylum-escape": Role("Patients", "patients_seat", True),
    "innsmouth-escape": Role("Deep Ones", "human_seat", False),
    "innsmouth-32": Role("Director", "director_seat", True),
}


def plays(info: GameInfo | None) -> bool:
    """Whether the box can play seats of this game."""
    return info is not None and info.id in MODULES


@dataclass
class BoxChoice:
    """What the table set: the role's level (None: people play it), the other seats."""

    role: str | None = None
    others: int = 0
    level: str = "normal"  # the other seats' level
    pause: float = PAUSES[0]

    @property
    def count(self) -> int:
        return (self.role is not None) + self.others

    def summary(self, info: GameInfo) -> str:
        """One line for the join page ("Box: Patients +1"), "" when the box plays nothing."""
        if not self.count:
            return ""
        if self.role is None or info.id not in ROLES:
            return f"Box: {self.count} seat{'s' if self.count > 1 else ''}"
        more = f" +{self.others}" if self.others else ""
        return f"Box: {ROLES[info.id].word}{more}"


def _cycle(values: tuple[Any, ...], value: Any) -> Any:
    return values[(values.index(value) + 1) % len(values)]


def pause_word(seconds: float) -> str:
    return "none" if not seconds else f"{seconds:g} s"


@dataclass
class BoxPage:
    """The "The box plays" page of the lobby's table menu, changing ``choice`` in place."""

    info: GameInfo
    choice: BoxChoice
    cursor: int = 0
    changed: Callable[[], None] = field(default=lambda: None)

    def item(self) -> Item:
        """The table menu's entry to this page (its value gives the page, for any seat)."""
        return Item("The box plays...", lambda _seat: self.menu())

    def lines(self) -> tuple[str, ...]:
        """The page's settings, top to bottom (a game without an opponent role has none)."""
        role = ("role",) if self.info.id in ROLES else ()
        return (*role, "others", "level", "pause")

    def menu(self) -> Menu:
        choice, info = self.choice, self.info
        most = info.max_players - 1 - (choice.role is not None)
        opponent = ROLES.get(info.id)
        role = ([Item(f"{opponent.word}: {choice.role or 'no'}", self._set("role"))]
                if opponent else [])
        items = [*role,
                 Item(f"{'Other' if opponent else 'Box'} seats: {choice.others}",
                      self._set("others"),
                      why="" if most > 0 else "No seat is left for the box."),
                 Item(f"Their level: {choice.level}", self._set("level")),
                 Item(f"Pause: {pause_word(choice.pause)}", self._set("pause")),
                 Item("Back to the lobby", "back")]
        return Menu("The box plays", items, cursor=self.cursor, footer="OK change")

    def _set(self, what: str) -> Callable[[str], Menu]:
        def step(_seat: str) -> Menu:
            choice = self.choice
            if what == "role":
                choice.role = _cycle((None, *LEVELS), choice.role)
            elif what == "others":
                most = max(0, self.info.max_players - 1 - (choice.role is not None))
                choice.others = _cycle(tuple(range(most + 1)), min(choice.others, most))
            elif what == "level":
                choice.level = _cycle(LEVELS, choice.level)
            else:
                choice.pause = _cycle(PAUSES, choice.pause)
            if choice.role is not None:  # the role takes a seat: keep within the game's
                choice.others = min(choice.others, self.info.max_players - 2)
            self.cursor = self.lines().index(what)
            self.changed()
            return self.menu()

        return step


class BoxRefused(Exception):
    """The box's seats cannot be placed as set (a sentence for the lobby's note)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Placed:
    """The game's seats with the box's appended, its options, and the box's levels."""

    seats: list[str]
    options: dict[str, OptionValue]
    levels: dict[int, str]  # game seat -> level


def place(info: GameInfo, people: list[str], options: dict[str, OptionValue],
          choice: BoxChoice, rng: Rng) -> Placed:
    """The box's seats after the people's, and the role given to the box's first seat."""
    names = list(BOX_NAMES[:choice.count])
    first = len(people)
    levels = {first + i: choice.level for i in range(choice.count)}
    options = dict(options)
    if choice.role is not None:
        if info.id not in ROLES:
            raise BoxRefused(f"{info.title} has no opponent role for the box to play: "
                             f"choose its seats under \"Box seats\".")
        levels[first] = choice.role
        role = ROLES[info.id]
        if role.of_role:
            options[role.option] = first
        else:
            other = options.get(role.option, -1)
            if not isinstance(other, int) or other >= first:
                raise BoxRefused(f"The box plays the {role.word}: the "
                                 f"{_option_word(info, role.option)} must be a person's, "
                                 f"Seat 1 to Seat {first}, or random.")
            if other < 0:
                options[role.option] = rng.randint(0, first - 1)
    return Placed([*people, *names], options, levels)


def _option_word(info: GameInfo, key: str) -> str:
    option = next(o for o in info.options if o.key == key)
    return option.short


def box_labels(names: list[str]) -> dict[str, str]:
    """Labels of the box's seats among ``names``: "Box" alone, else "Box 1", "Box 2"..."""
    boxes = [n for n in names if n in BOX_NAMES]
    if len(boxes) == 1:
        return {boxes[0]: "Box"}
    return {name: f"Box {i}" for i, name in enumerate(boxes, start=1)}
