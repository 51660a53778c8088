"""A list menu driven by a seat's buttons: next/prev move, ok chooses, hold ok goes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from services.referee.box.render import Canvas, title_and_lines


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

    @property
    def current(self) -> Item | None:
        return self.items[self.cursor] if self.items else None

    def render(self) -> Canvas:
        labels = [item.label for item in self.items] or ["(nothing to choose)"]
        cursor = self.cursor if self.items else None
        return title_and_lines(self.title, labels, cursor=cursor, footer=self.footer)
