"""Per-game table parts of the box: text for the terminal, and a flow (buttons and tags to
actions, views to screens) for the table UI.

``text_renderer(game_id)`` turns a view into terminal lines (a JSON dump for games without
one); ``make_flow(game_id, ...)`` builds the game's table flow; :class:`GameFlows` is what the
composition root (:mod:`services.referee.assemble`) hands the box: which games have a flow,
and a new flow for one. (The box's own options, such as the dice, are
:mod:`services.referee.box.options`.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from services.referee.box.flow import Flow

TextRenderer = Callable[[dict[str, Any]], list[str]]


def tag_components(game_id: str) -> list[tuple[str, str, str]]:
    """The physical pieces of a game that can carry a tag: (kind, id, label), read from the
    game's shipped data file without importing its engine (the simulator lists every game's)."""
    from services.games.pieces import pieces  # tomllib: only when the pieces are listed

    return pieces(game_id)


def text_renderer(game_id: str, width: int = 80) -> TextRenderer:
    """A game's view as terminal lines; ``width``: the columns a game that wraps its text
    (Innsmouth 32) wraps it in (the other games' maps keep their own layout)."""
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

        return i32_render if width == 80 else partial(i32_render, width=width)
    return _json_lines


FLOWS = ("decktet-escape", "intruder-escape", "innsmouth-escape",
         "asylum-escape", "innsmouth-32")  # the games the table UI can run


class GameFlows:
    """Every game's table flow, for the box (:class:`services.referee.box.flow.Flows`)."""

    def has(self, game_id: str) -> bool:
        return has_flow(game_id)

    def make(self, game_id: str) -> Flow:
        return make_flow(game_id)


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
