"""Per-game table parts of the box: text for the terminal, and a flow (buttons and tags to
actions, views to screens) for the table UI.

``text_renderer(game_id)`` turns a view into terminal lines (a JSON dump for games without
one); ``make_flow(game_id, ...)`` builds the game's table flow; ``table_options(info)`` lists
the options the box adds to a game's own (how chance is resolved).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from services.games.core import GameInfo

if TYPE_CHECKING:
    from services.referee.box.flow import Flow

TextRenderer = Callable[[dict[str, Any]], list[str]]


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
    return (DICE,) if {"roll", "flip"} & set(info.chance) else ()


def tag_components(game_id: str) -> list[tuple[str, str, str]]:
    """The physical pieces of a game that can carry a tag: (kind, id, label)."""
    if game_id == "decktet-escape":
        from services.games.decktet_escape.deck import load_deck

        return [("card", card.id, card.name) for card in load_deck().cards]
    if game_id == "intruder-escape":
        from services.games.intruder_escape.cards import load_cards

        return [("card", instance, card.name if card.quantity == 1 else f"{card.name} {n}")
                for card in load_cards().cards
                for n, instance in enumerate(card.instance_ids, start=1)]
    if game_id == "innsmouth-escape":
        from services.games.innsmouth_escape.data import load_data
        from services.games.innsmouth_escape.state import movement_cards

        moves = [("movement", card, f"Movement {card}")
                 for card in movement_cards([1, 1, 2, 2, 3, 3])]
        places = [("location", token, f"Location {token.upper()}") for token in "abcdef123456"]
        return [*moves, *places, *(("card", card.id, card.name) for card in load_data().cards)]
    if game_id == "asylum-escape":
        from services.games.asylum_escape.data import load_data as load_asylum

        pack = load_asylum()
        rooms = [("location", room, pack.get(room).name) for room in pack.deck("locations")]
        cards = [("card", card, getattr(pack.get(card), "name", "") or _movement_label(
                      pack.get(card)))  # physical decks (option cards)
                 for deck in ("victims", "patients", "special", "camo_sabo", "movement",
                              "bloodlust") for card in pack.deck(deck)]
        return [*rooms, *cards]
    if game_id == "innsmouth-32":
        from services.games.innsmouth_32.data import load_data as load_i32

        i32 = load_i32()  # the table's own decks (option cards = physical)
        movie = [("card", c.id, c.name) for c in (*i32.movie, *i32.terrors, i32.night_clerk)]
        people = [("survivor", s.id, s.name) for s in (*i32.survivors, i32.hound)]
        return [*movie, *people]
    return []


def _movement_label(card: Any) -> str:
    """An Asylum Escape Movement card, which has no name: its value, or Stumble."""
    return "Stumble Into Nearest Patient" if card.stumble else f"Movement {card.value}"


def text_renderer(game_id: str) -> TextRenderer:
    if game_id == "decktet-escape":
        from services.referee.tables.decktet_escape.text import render

        return render
    if game_id == "intruder-escape":
        from services.referee.tables.intruder_escape.text import render as intruder_render

        return intruder_render
    if game_id == "innsmouth-escape":
        from services.referee.tables.innsmouth_escape.text import render as innsmouth_render

        return innsmouth_render
    if game_id == "asylum-escape":
        from services.referee.tables.asylum_escape.text import render as asylum_render

        return asylum_render
    if game_id == "innsmouth-32":
        from services.referee.tables.innsmouth_32.text import render as i32_render

        return i32_render
    return _json_lines


FLOWS = ("decktet-escape", "intruder-escape", "innsmouth-escape",
         "asylum-escape", "innsmouth-32")  # the games the table UI can run


def has_flow(game_id: str) -> bool:
    """Whether the box's table UI can run this game (the lobby offers only those)."""
    return game_id in FLOWS


def make_flow(game_id: str) -> Flow:
    if game_id == "decktet-escape":
        from services.referee.tables.decktet_escape.flow import EscapeFlow

        return EscapeFlow()
    if game_id == "intruder-escape":
        from services.referee.tables.intruder_escape.flow import IntruderFlow

        return IntruderFlow()
    if game_id == "innsmouth-escape":
        from services.referee.tables.innsmouth_escape.flow import InnsmouthFlow

        return InnsmouthFlow()
    if game_id == "asylum-escape":
        from services.referee.tables.asylum_escape.flow import AsylumFlow

        return AsylumFlow()
    if game_id == "innsmouth-32":
        from services.referee.tables.innsmouth_32.flow import I32Flow

        return I32Flow()
    raise KeyError(f"no table flow for {game_id!r} yet")


def _json_lines(view: dict[str, Any]) -> list[str]:
    return json.dumps(view, indent=2, sort_keys=True).splitlines()
