"""The terminal simulator keeps what the pixels mean: inverted cells in reverse video, framed
cells underlined, greyed text faint, struck text crossed out (firmware_py.sim.screen_text),
on the box's own screens and through the console's wall."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from firmware_py.sim.screen_text import TextRow, styled, text_rows
from services.referee.box.console import Console
from services.referee.box.render import Canvas, text_grid, title_and_lines
from services.referee.box.wall import Panel, box_marks, boxes, layout
from services.referee.tables import FLOWS
from tests.box.conftest import SimTable
from tests.box.screens_tour import Tour, scenarios

GOLDEN = Path(__file__).resolve().parent / "golden"
INNSMOUTH = GOLDEN / "innsmouth" / "death-script.txt"  # 90 lines: the Human plots
ASYLUM = GOLDEN / "asylum" / "victims-script.txt"  # 25 lines: seat 2 picks its start room


def rows_of(canvas: Canvas) -> list[TextRow]:
    return text_rows(canvas.image, canvas.items, canvas.columns)


def marks_of(canvas: Canvas) -> list[str]:
    return [row.marks for row in rows_of(canvas)]


# ---------------------------------------------------------------------- what the pixels say


def test_a_menu_shows_its_title_bar_cursor_line_and_greyed_item() -> None:
    canvas = title_and_lines("Title", ["one", "two", "three"], cursor=1, grey=[2])
    assert [row.text for row in rows_of(canvas)] == text_grid(canvas)
    assert marks_of(canvas)[:4] == ["r" * 21, " " * 21, "r" * 21, "gggggg" + " " * 15]


def test_a_frame_around_one_glyph_is_marked_and_neighbours_are_not() -> None:
    """The map pickers frame a cell (box first, glyph inside, 2 or 3 px from each side);
    the strokes of the letters beside a glyph between two bars are no frame."""
    canvas = Canvas()
    canvas.line(0, "bar", invert=True)
    canvas.text(1, 10, "one")  # 'n' has 'o' and 'e' beside it, a bar above and below
    canvas.line(2, "bar", invert=True)
    canvas.box(58, 40, 67, 48)
    canvas.text(60, 39, "x")  # the Innsmouth pickers' frame
    canvas.box(78, 40, 87, 48)
    canvas.text(81, 39, "@")  # the Asylum pickers' frame
    marks = marks_of(canvas)
    assert marks[1] == " " * 21
    assert marks[4] == " " * 10 + "f" + " " * 2 + "f" + " " * 7


def test_a_struck_and_a_knocked_out_text() -> None:
    canvas = Canvas()
    canvas.text(10, 20, "qz")
    canvas.box(10, 25, 21, 25)  # Intruder Escape strikes a nullified card through
    canvas.box(60, 20, 80, 28, fill=True)
    canvas.knockout(62, 19, "ab")  # a filled map cell with its text cut out
    assert marks_of(canvas)[2] == " ss" + " " * 7 + "rrr" + " " * 8  # px 60-80: 3 cells


def test_styled_text_uses_reverse_underline_faint_and_crossed_out() -> None:
    assert styled("abcdef", " rrf s") == "a\x1b[0;7mbc\x1b[0;4md\x1b[0me\x1b[0;9mf\x1b[0m"
    assert styled("plain", "     ") == "plain"
    assert styled("gr", "g") == "\x1b[0;2mg\x1b[0mr"  # marks shorter than the text


# ---------------------------------------------------------------------- the wall


def test_the_wall_keeps_each_panels_marks_beside_its_text() -> None:
    one = Panel("one", ("ab", "cd"), ("r ", " f"))
    two = Panel("two", ("xyz",))
    assert boxes([one, two])[1] == "| ab  |  | xyz |"
    assert box_marks([one, two]) == [" " * 16, "  r" + " " * 13, "   f" + " " * 12, " " * 16]
    wall = layout([one, two], seats=[], focus=0, full_legend=["legend"],
                  compact_legend=["legend"], status="ok", size=(40, 10))
    assert [len(m) for m in wall.marks] == [len(line) for line in wall.lines]
    assert wall.lines[2][wall.marks[2].index("r")] == "a"


# ---------------------------------------------------------------------- the games' screens


@pytest.mark.parametrize("game", sorted(FLOWS))
def test_the_text_is_the_text_grid_on_every_screen_of_a_game(game: str) -> None:
    """Marks add to the terminal's text, never change it: the same characters as
    :func:`text_grid` on every screen of a short seeded game."""
    differ: list[str] = []

    def found(where: str, canvas: Canvas) -> None:
        if [row.text for row in rows_of(canvas)] != text_grid(canvas):
            differ.append(where)

    players, values = scenarios(game)[0]
    tour = Tour(game, max(players, 3), values, 3, found, menus=0.2)
    try:
        tour.play(25)
    finally:
        tour.close()
    assert differ == []


class Played:
    """A console on a sim box that played the first ``steps`` lines of a golden script."""

    def __init__(self, data: Path, script: Path, steps: int) -> None:
        self.table = SimTable(data, seed=0)
        self.table.run(*script.read_text().splitlines()[:steps])
        self.console = Console(self.table.box, self.table.sim, threading.Event())

    def panel(self, name: str) -> list[tuple[str, str]]:
        """The text and marks of one screen as the console's wall shows it."""
        wall = self.console.frame((200, 60))
        top = next(n for n, line in enumerate(wall.lines) if f"+-{name}-" in line)
        column = wall.lines[top].index(f"+-{name}-") + 2
        return [(line[column:column + 21], marks[column:column + 21])
                for line, marks in zip(wall.lines[top + 1:top + 8],
                                       wall.marks[top + 1:top + 8], strict=True)]


def test_the_innsmouth_plot_picker_marks_its_cursor_and_the_humans_cell(
        tmp_path: Path) -> None:
    """Seat 1 (the Human) opens "Plot: where to?": the cursor on A1 in reverse video, the
    Human's cell C4 framed."""
    played = Played(tmp_path, INNSMOUTH, 90)
    try:
        played.table.run("press seat1 ok")
        seat1 = played.panel("seat1")
    finally:
        played.table.close()
    assert seat1[0][0] == "Plot: where to?      "
    assert seat1[1] == (". .. c .e to A1      ", "rr                   ")
    assert seat1[4] == (". n. e 1. 1 1 2 2 3  ", "   f                 ")
