"""The lists a seat chooses from in ``refbox play``: its turn's list and the lists an offer
opens (``b`` goes back), a page at a time when long, narrowed with ``/ WORDS``, each line
fitted to the terminal's width (a long label goes on under its own text, not under the
number).
"""

from __future__ import annotations

import os
import shutil
import textwrap
from typing import TextIO

from services.games.core import Action
from services.referee.cli.choices import matching
from services.referee.cli.offers import Choice

PAGE = 20  # lines per page of a long list
LONG = 30  # a list of up to this many lines is shown whole
NARROW = 80  # columns when the terminal does not say (not a terminal, no COLUMNS)
LEAST = 40  # columns at the least: a narrower terminal wraps the text itself
MOST = 1000  # columns at the most (a COLUMNS typed by mistake)


def columns(stream: TextIO) -> int:
    """The width to write ``stream`` in: $COLUMNS if set, else the terminal's width when
    ``stream`` is a terminal, else 80."""
    typed = os.environ.get("COLUMNS", "")
    if typed.isascii() and typed.isdigit():
        return min(MOST, max(LEAST, int(typed[:6])))
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: the fallback
        tty = False
    if not tty:
        return NARROW
    return min(MOST, max(LEAST, shutil.get_terminal_size((NARROW, 24)).columns))


def fitted(text: str, width: int, indent: str = "", more: str = "    ") -> list[str]:
    """``text`` in lines of ``width`` columns (a word longer than a line is broken)."""
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more,
                         break_on_hyphens=False) or [indent.rstrip()]


class Listing:
    """The open lists: the turn's first, then each list an offer opened."""

    def __init__(self) -> None:
        self.stack: list[Choice] = []
        self.query = ""
        self.page = 0

    def start(self, top: Choice) -> None:
        self.stack, self.query, self.page = [top], "", 0

    @property
    def current(self) -> Choice | None:
        return self.stack[-1] if self.stack else None

    def lines(self, width: int) -> list[str]:
        """The list as shown: its question and lines, then its offers (a page of them)."""
        choice = self.current
        if choice is None:
            return []
        found: list[str] = []
        if len(self.stack) > 1:
            found += fitted(f"{choice.title} (b: back)", width, "", "  ")
        for line in choice.lines:
            found += fitted(line, width, "  ", "    ")
        texts = [o.label for o in choice.offers]
        shown = matching(texts, self.query) if self.query else list(range(len(texts)))
        if not shown:
            return [*found, f"no action has the words {self.query!r}; type / alone to see all"]
        size = PAGE if len(shown) > LONG else LONG
        pages = (len(shown) + size - 1) // size
        self.page = min(self.page, pages - 1)
        start = self.page * size
        digits = len(str(len(texts)))
        for i in shown[start:start + size]:
            head = f"  {i + 1:>{digits}}. "
            found += fitted(texts[i], width, head, " " * len(head))
        if pages > 1:
            which = f"with {self.query!r}" if self.query else "in all"
            found += fitted(f"({len(shown)} actions {which}; page {self.page + 1} of {pages}: "
                            "+ next, - previous, / WORDS to narrow)", width, "  ", "   ")
        return found

    def browse(self, answer: str) -> None:
        if answer.startswith("/"):
            self.query, self.page = answer[1:].strip(), 0
        else:
            self.page = max(0, self.page + (1 if answer == "+" else -1))

    def pick(self, number: int) -> Action | str | None:
        """The action of offer ``number`` (from 1); None if it opened a list (now shown),
        or what was wrong."""
        choice = self.current
        if choice is None or not choice.offers:
            return "there is no list of actions now"
        if not 1 <= number <= len(choice.offers):
            return f"choose a number from 1 to {len(choice.offers)}"
        offer = choice.offers[number - 1]
        if offer.more is not None:
            self.stack.append(offer.more())
            self.query, self.page = "", 0
            return None
        if offer.action is None:
            return f"{offer.label!r} is not a choice"
        return offer.action

    def back(self) -> bool:
        """Close the list last opened; False if the turn's own list is shown."""
        if len(self.stack) < 2:
            return False
        self.stack.pop()
        self.query, self.page = "", 0
        return True
