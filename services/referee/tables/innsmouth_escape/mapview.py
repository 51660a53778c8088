"""The 6x6 map on a seat's screen, and a menu whose cursor moves over it.

A :class:`Picker` is a :class:`Menu` whose first items are cells (labels "A1".."F6", in row
order from the north-west corner) followed by a few extra entries ("Done", "Undo"...):
`next`/`prev` move the cursor over the cells it offers (and then the extras), `ok` chooses.
The map takes the left half of the screen (10x9 px cells, one character each: whatever the
picker marks there); the right half names the cell under the cursor and the status.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from services.referee.box.menu import Menu
from services.referee.box.render import Canvas
from services.referee.tables.innsmouth_escape.words import CELLS

CELL_W, CELL_H, TOP = 10, 9, 10
PANEL_X = 64


@dataclass
class Picker(Menu):
    marks: dict[str, str] = field(default_factory=dict)  # cell -> one character
    home: str = ""  # a cell drawn framed (the Human's pawn)
    describe: Callable[[str], list[str]] | None = field(default=None, repr=False)
    status: list[str] = field(default_factory=list)
    refresh: Callable[[Picker], None] | None = field(default=None, repr=False)

    @property
    def cells(self) -> list[str]:
        return [item.label for item in self.items if item.label in CELLS]

    def render(self) -> Canvas:
        canvas = Canvas()
        canvas.line(0, self.title, invert=True)
        current = self.current.label if self.current is not None else ""
        draw_map(canvas, self.marks, offered=self.cells, cursor=current, home=self.home)
        lines: list[str] = []
        if current in CELLS:
            lines += self.describe(current) if self.describe else [current]
        lines += self.status
        extras = [item.label for item in self.items if item.label not in CELLS]
        room = 6 - len(lines)
        if extras and room > 0:
            if len(extras) > room:  # only the one under the cursor, or the first
                extras = [current if current in extras else extras[0]]
            lines = lines[: 6 - len(extras)]
            lines += [(">" if e == current else " ") + e for e in extras]
        for i, text in enumerate(lines):  # a 7th line is recorded as overflow
            canvas.text(PANEL_X, TOP - 1 + i * CELL_H, text)
        return canvas


def draw_map(canvas: Canvas, marks: dict[str, str], *, offered: list[str] = (),  # type: ignore[assignment]
             cursor: str = "", home: str = "", x0: int = 0, y0: int = TOP) -> None:
    """The board at (x0, y0): a frame, one character per cell (a dot on an offered cell
    with nothing to show), the cursor's cell filled, the Human's cell framed."""
    canvas.box(x0, y0 - 1, x0 + 6 * CELL_W + 1, y0 + 6 * CELL_H)
    for index, cell in enumerate(CELLS):
        column, row = index % 6, index // 6
        x, y = x0 + 1 + column * CELL_W, y0 + row * CELL_H
        mark = marks.get(cell, "") or ("." if cell in offered else "")
        if cell == cursor:
            canvas.box(x, y, x + CELL_W - 1, y + CELL_H - 1, fill=True)
            canvas.knockout(x + 2, y - 1, mark[:1])
        else:
            if cell == home:
                canvas.box(x, y, x + CELL_W - 1, y + CELL_H - 1)
            if mark:
                canvas.text(x + 2, y - 1, mark[:1])
