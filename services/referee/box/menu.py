"""A list menu driven by a seat's buttons: next/prev move, ok chooses, hold ok goes back.

An item the rules (or the table) would refuse now carries the reason in ``why``: it is drawn
greyed out, the cursor starts on an available item, and `ok` on it shows the reason instead
of choosing (any press then goes back to the list). Menus offer what the rules allow; the
greyed items only say what is not possible and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from services.referee.box.render import Canvas, dense_page, scroll, title_and_lines, wrap

# How a seat's roles move a cursor: next/down/right forward, prev/up/left back.
STEP = {"next": 1, "down": 1, "right": 1, "prev": -1, "up": -1, "left": -1}


@dataclass
class Item:
    label: str
    value: Any = None
    why: str = ""  # not available now, and why (greyed out; ok shows this)


@dataclass
class Menu:
    title: str
    items: list[Item]
    cursor: int = 0
    footer: str = ""
    on_choose: Callable[[Item], Any] | None = field(default=None, repr=False)
    lines: list[str] = field(default_factory=list)  # text above the items (a question)
    notice: str = ""  # the reason an unavailable item was chosen, shown until a press
    notice_start: int = 0  # the first line of a long notice on the screen

    def __post_init__(self) -> None:
        current = self.current
        if current is not None and current.why:
            self.cursor = next((i for i, item in enumerate(self.items) if not item.why),
                               self.cursor)

    def move(self, step: int) -> None:
        if self.items:
            self.cursor = (self.cursor + step) % len(self.items)

    def press(self, role: str) -> Item | None:
        """A short press: move the cursor, or return the item chosen with ok (an unavailable
        item shows its reason instead)."""
        if self.notice:
            lines = wrap(self.notice)
            _shown, following = scroll(lines, self.notice_start)
            if role in STEP and following:
                self.notice_start = following
            else:
                self.notice, self.notice_start = "", 0
            return None
        if role in STEP:
            self.move(STEP[role])
        elif role == "ok":
            item = self.current
            if item is not None and item.why:
                self.notice = item.why
                return None
            return item
        return None

    @property
    def current(self) -> Item | None:
        return self.items[self.cursor] if self.items else None

    def render(self) -> Canvas:
        if self.notice:
            return dense_page(self.title, scroll(wrap(self.notice), self.notice_start)[0])
        labels = [item.label for item in self.items] or ["(nothing to choose)"]
        above = len(self.lines)
        cursor = above + self.cursor if self.items else None
        grey = [above + i for i, item in enumerate(self.items) if item.why]
        return title_and_lines(self.title, [*self.lines, *labels], cursor=cursor,
                               footer=self.footer, grey=grey, plain=above)


READER_FOOTER = "hold OK: back"  # how to leave a text being read, on every reader page


def reader(title: str, text: str) -> Menu:
    """A long text to read line by line: next/prev scroll it, hold ok goes back (the
    footer says so)."""
    return Menu(title, [Item(line) for line in wrap(text, 20)], footer=READER_FOOTER)
