"""Each screen's canvas, drawn again only when what it shows may have changed.

A screen's picture is a function of a small key: the table's mode, the game's change count,
the seat's own inputs, peek, the public page... (:meth:`.table.Table.screens` builds the
keys). :class:`Frames` keeps each screen's last key and canvas and calls the drawing function
only when the key differs, so a menu move draws one canvas and a committed action draws the
screens whose inputs changed. ``drawn`` counts the canvases actually drawn, per screen (the
benchmark reports it per input).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable

from services.referee.box.render import Canvas


class Frames:
    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, Canvas]] = {}
        self.drawn: Counter[str] = Counter()

    def get(self, name: str, key: Hashable, draw: Callable[[], Canvas]) -> Canvas:
        """The canvas of screen ``name`` for ``key``: the kept one, or ``draw()``'s."""
        kept = self._kept.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        canvas = draw()
        self._kept[name] = (key, canvas)
        self.drawn[name] += 1
        return canvas

    def forget(self) -> None:
        """Draw every screen again at the next look (after a change no key records)."""
        self._kept.clear()
