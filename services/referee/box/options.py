"""Options of the box rather than of the rules, shown in the lobby with a game's own."""

from __future__ import annotations

from dataclasses import dataclass

from services.games.core import GameInfo


@dataclass(frozen=True)
class TableOption:
    """An option of the box rather than of the rules (shown with the game's options)."""

    key: str
    default: str
    choices: tuple[str, ...]
    help: str
    label: str = ""

    @property
    def short(self) -> str:
        return self.label or self.key.replace("_", " ")

    def word(self, value: str) -> str:
        return value.replace("_", " ")


DICE = TableOption("dice", "box", ("box", "players"),
                   "box: the box rolls; players: roll real dice and enter the faces", "Dice")


def table_options(info: GameInfo) -> tuple[TableOption, ...]:
    """The box's options for a game: how chance is resolved, where the game has dice."""
    return (DICE,) if {"roll", "flip"} & set(info.chance) else ()
