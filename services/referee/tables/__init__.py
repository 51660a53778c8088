"""Per-game table parts of the box: how a game's views look as text (and, later, on screens).

``text_renderer(game_id)`` returns a function turning a view into lines for the terminal;
games without one get a readable JSON dump.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

TextRenderer = Callable[[dict[str, Any]], list[str]]


def text_renderer(game_id: str) -> TextRenderer:
    if game_id == "decktet-escape":
        from services.referee.tables.decktet_escape.text import render

        return render
    return _json_lines


def _json_lines(view: dict[str, Any]) -> list[str]:
    return json.dumps(view, indent=2, sort_keys=True).splitlines()
