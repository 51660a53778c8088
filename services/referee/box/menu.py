"""A list menu driven by a seat's buttons: next/prev move, ok chooses, hold ok goes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from services.referee.box.render import Canvas, title_and_lines

# How a seat's roles move a cursor: next/down/right forward, prev/up/left back.
STEP = {"next": 1, "down": 1, "right": 1, "prev": -1, "up": -1, "left": -1}


@dataclass
class Item:
    label: str
    value: Any = None


@dataclass
class Menu:
    title: str
    items: list[Item]
    cursor: int = 0
    footer: str = ""
    on_choose: Callable[[Item], Any] | None = field(default=None, repr=False)

    def move(self, step: int) -> None:
        if self.items:
            self.cursor = (self.cursor + step) % len(self.items)

    def press(self, role: str) -> Item | None:
        """A short press: move the cursor, or return the item chosen with ok."""
        if role in STEP:
            self.move(STEP[role])
        elif role == "ok":
            return self.current
        return None

    @property
    def current(self) -> Item | None:
        return self.items[self.cursor] if self.items else None

    def render(self) -> Canvas:
        labels = [item.label for item in self.items] or ["(nothing to choose)"]
        cursor = self.cursor if self.items else None
        return title_and_lines(self.title, labels, cursor=cursor, footer=self.footer)
