"""The asylum's grid on a seat's screen, and a menu whose cursor moves over its rooms.

The grid is drawn from the view's columns (left to right, each bottom to top, as the location
cards lie on the table): a frame, one 12x9 px cell per room, one character in it. A column
that closed up is simply gone; a column that lost rooms is shorter (rooms fall down). A
:class:`Picker` is a :class:`Menu` whose first items are rooms (by id) followed by a few
extras ("Back"...): `next`/`prev` move the cursor over the rooms it offers, `ok` chooses. The
map takes the left half of the screen; the right half names the room under the cursor (in
10 columns) and the status.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from services.referee.box.menu import Item, Menu
from services.referee.box.render import Canvas, wrap

CELL_W, CELL_H, TOP = 12, 9, 10
ROWS = 5
PANEL_X = 64
PANEL_COLUMNS = 10


@dataclass
class RoomItem(Item):
    """An item of a picker that is a room of the grid (its label: the room's name)."""

    room: str = ""


def room_of(item: Item | None) -> str:
    return item.room if isinstance(item, RoomItem) else ""


@dataclass
class Picker(Menu):
    columns: list[list[str]] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)  # room -> one character
    home: str = ""  # a room drawn framed (your room, the Patient moving)
    names: dict[str, str] = field(default_factory=dict)  # room -> its name
    status: list[str] = field(default_factory=list)

    @property
    def rooms(self) -> list[str]:
        return [room_of(item) for item in self.items if room_of(item)]

    def render(self) -> Canvas:
        canvas = Canvas()
        canvas.line(0, self.title, invert=True)
        current = self.current
        room = room_of(current)
        offered = self.rooms
        draw_grid(canvas, self.columns, self.marks, offered=offered, cursor=room,
                  home=self.home)
        lines: list[str] = []
        if room:
            lines += wrap(self.names.get(room, room), PANEL_COLUMNS)
        lines += self.status
        extras = [item.label for item in self.items if not room_of(item)]
        label = current.label if current is not None else ""
        room_left = 6 - len(lines)
        if extras and room_left > 0:
            if len(extras) > room_left:  # only the one under the cursor, or the first
                extras = [label if label in extras else extras[0]]
            lines = lines[: 6 - len(extras)]
            lines += [(">" if e == label and not room else " ") + e for e in extras]
        for i, text in enumerate(lines):  # a 7th line is recorded as overflow
            canvas.text(PANEL_X, TOP - 1 + i * CELL_H, text)
        return canvas


def draw_grid(canvas: Canvas, columns: list[list[str]], marks: dict[str, str], *,
              offered: list[str] = (), cursor: str = "", home: str = "",  # type: ignore[assignment]
              x0: int = 0, y0: int = TOP) -> None:
    """The grid at (x0, y0): a frame, one character per room (a dot on an offered room with
    nothing to show, a small square on any other), the cursor's room filled, the ``home``
    room framed."""
    canvas.box(x0, y0 - 1, x0 + 5 * CELL_W + 1, y0 + ROWS * CELL_H)
    for c, column in enumerate(columns):
        for h, room in enumerate(column):
            x, y = x0 + 1 + c * CELL_W, y0 + (ROWS - 1 - h) * CELL_H
            mark = marks.get(room, "") or ("." if room in offered else "")
            if room == cursor:
                canvas.box(x, y, x + CELL_W - 1, y + CELL_H - 1, fill=True)
                canvas.knockout(x + 3, y - 1, mark[:1] or " ")
            else:
                if room == home:
                    canvas.box(x, y, x + CELL_W - 1, y + CELL_H - 1)
                if mark:
                    canvas.text(x + 3, y - 1, mark[:1])
                else:  # a room not offered: a point in the middle of its cell
                    canvas.box(x + 5, y + 4, x + 6, y + 5, fill=True)
