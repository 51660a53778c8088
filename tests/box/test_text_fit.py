"""Screens that read in full: no text is cut, no line lost, on any screen of any game.

The canvas records every text that does not fit (``Canvas.overflow``); these tests draw every
screen a game can show (:mod:`tests.box.screens_tour`: the lobby at every option value, then
seeded random games at every player count and every option value, with every seat's menus,
pages and the table menu drawn at every step) and require that record to stay empty. The
Escape! tour is here; Intruder Escape and Innsmouth Escape have their own modules.
"""

from __future__ import annotations

import pytest

from services.referee.box.render import Canvas, _strip, dense_page, title_and_lines, wrap
from services.referee.tables import FLOWS
from tests.box.screens_tour import Tour, lobby_tour, scenarios

GAME = "decktet-escape"


class Overflow:
    """Collects what did not fit, with where it was drawn."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.screens = 0
        self.ended = False  # the game reached its end (the result and reveal pages drawn)

    def __call__(self, where: str, canvas: Canvas) -> None:
        self.screens += 1
        self.found += [f"{where}: {cut}" for cut in canvas.overflow]


def tour(game: str, players: int, values: dict[str, object], *, steps: int, menus: float,
         seed: int = 3) -> Overflow:
    found = Overflow()
    played = Tour(game, players, values, seed, found, menus=menus)
    try:
        played.play(steps)
        found.ended = played.table.mode == "over"
    finally:
        played.close()
    return found


# ---------------------------------------------------------------------- the fit check itself


def test_a_cut_text_is_recorded_not_silently_dropped() -> None:
    canvas = Canvas()
    canvas.line(1, "Repeat rule: target_row, by_same_player")
    assert canvas.texts == ["Repeat rule: target_r"]  # what the screen shows...
    assert canvas.overflow == [
        "'Repeat rule: target_row, by_same_player': 39 characters in 21 columns"]


def test_a_seventh_line_on_a_page_of_six_is_recorded() -> None:
    canvas = dense_page("Title", [f"line {n}" for n in range(7)])
    assert canvas.overflow == ["'line 6': line 7 on a page of 6"]


def test_a_text_below_the_screen_is_recorded() -> None:
    canvas = Canvas()
    canvas.text(1, 58, "low")
    assert canvas.overflow == ["'low': at y=58, outside the 64 px screen"]


def test_a_text_drawn_over_another_is_recorded() -> None:
    canvas = Canvas()
    canvas.line(2, "R1 MYK>MK [1]")
    canvas.line(2, "+3 more routes")
    canvas.centered(24, "7", scale=2)  # over row 2; row 4 shares no ink with it
    canvas.line(4, "below")
    assert canvas.overflow == ["'+3 more routes': drawn over 'R1 MYK>MK [1]'",
                               "'7': drawn over 'R1 MYK>MK [1]'",
                               "'7': drawn over '+3 more routes'"]


def test_texts_on_neighbouring_rows_share_no_ink() -> None:
    canvas = dense_page("Title", [f"line {n} with gyp" for n in range(6)])
    assert canvas.overflow == []


def test_lines_that_do_not_fit_a_page_without_a_cursor_are_recorded() -> None:
    canvas = title_and_lines("T", ["a", "b", "c", "d", "e", "f"])
    assert canvas.overflow == ["'f': line 6 of a page of 5"]


def test_wrap_keeps_every_line() -> None:
    text = "a chance outcome came after the last move, so it cannot be taken back; " \
        "only a referee undo can"
    lines = wrap(text)
    assert " ".join(lines) == text and all(len(line) <= 21 for line in lines)
    assert len(lines) == 5


def test_the_title_bar_of_a_dense_page_keeps_every_glyph_whole() -> None:
    """"R0" read as "RU": the top row of the 0 was drawn above the screen."""
    canvas = dense_page("R0 setup W0/5 V0", [str(n) for n in range(6)])
    assert canvas.overflow == []
    strip = _strip("R0", 1)
    ink = [(x, y) for y in range(strip.height) for x in range(strip.width)
           if strip.getpixel((x, y))]
    x0, y0 = next((x, y) for x, y, text, _scale in canvas.items if text.startswith("R0"))
    assert min(y0 + y for _x, y in ink) >= 0, "every row of the glyphs is on the screen"
    for x, y in ink:  # knocked out of the lit bar: dark where the glyph has ink
        assert canvas.image.getpixel((x0 + x, y0 + y)) == 0


# ---------------------------------------------------------------------- every game's screens


@pytest.mark.parametrize("game", FLOWS)
def test_every_lobby_screen_fits_at_every_option_value(game: str) -> None:
    found = Overflow()
    lobby_tour(game, found)
    assert found.screens > 10
    assert found.found == []


@pytest.mark.parametrize(("players", "values"), scenarios(GAME),
                         ids=lambda v: str(v).replace(" ", ""))
def test_every_escape_screen_fits(players: int, values: dict[str, object]) -> None:
    found = tour(GAME, players, values, steps=400, menus=1.0)
    assert found.screens > 300 and found.ended
    assert found.found[:5] == []
