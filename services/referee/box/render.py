"""Drawing 128x64 one-bit screens with PIL, readable at arm's length.

A :class:`Canvas` draws with Pillow's built-in bitmap font (6x11 px, identical on every
machine, so golden images are stable) at scale 1 or 2, and records every string it draws:
the hidden-information tests read that record to prove what a screen did (not) show.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
CHAR_W, LINE_H = 6, 11


@cache
def _font() -> ImageFont.ImageFont:
    return ImageFont.load_default_imagefont()


@lru_cache(maxsize=4096)
def _strip(text: str, scale: int) -> Image.Image:
    """``text`` rendered once as a one-bit mask (the screens repeat the same strings)."""
    width = len(text) * CHAR_W
    strip = Image.new("1", (width, LINE_H), 0)
    ImageDraw.Draw(strip).text((0, -1), text, fill=1, font=_font())
    if scale != 1:
        strip = strip.resize((width * scale, LINE_H * scale), Image.Resampling.NEAREST)
    return strip


@dataclass
class Canvas:
    width: int = WIDTH
    height: int = HEIGHT
    image: Image.Image = field(init=False)
    texts: list[str] = field(default_factory=list)
    items: list[tuple[int, int, str, int]] = field(default_factory=list)  # x, y, text, scale

    def __post_init__(self) -> None:
        self.image = Image.new("1", (self.width, self.height), 0)
        self._draw = ImageDraw.Draw(self.image)

    @property
    def columns(self) -> int:
        return self.width // CHAR_W

    def text(self, x: int, y: int, text: str, *, scale: int = 1, invert: bool = False) -> int:
        """Draw ``text`` with its top-left at (x, y); returns the x after it."""
        if not text:
            return x
        self.texts.append(text)
        self.items.append((x, y, text, scale))
        strip = _strip(text, scale)
        if invert:
            self.image.paste(1, (x, y, x + strip.width, y + strip.height))
            self.image.paste(0, (x, y), mask=strip)
        else:
            self.image.paste(1, (x, y), mask=strip)
        return x + strip.width

    def knockout(self, x: int, y: int, text: str) -> None:
        """``text`` cut out (drawn dark) of an area already filled, e.g. a highlighted cell."""
        if text:
            self.texts.append(text)
            self.items.append((x, y, text, 1))
            self.image.paste(0, (x, y), mask=_strip(text, 1))

    def line(self, row: int, text: str, *, invert: bool = False) -> None:
        """A full-width text row (rows are 10 px apart, 6 rows on a screen after the title)."""
        text = text[: self.columns]
        if invert:
            self._draw.rectangle((0, row * 10, self.width - 1, row * 10 + 9), fill=1)
        self.text(1, row * 10, text, invert=invert)

    def centered(self, y: int, text: str, *, scale: int = 1) -> None:
        width = len(text) * CHAR_W * scale
        self.text(max(0, (self.width - width) // 2), y, text, scale=scale)

    def rule(self, y: int) -> None:
        self._draw.line((0, y, self.width - 1, y), fill=1)

    def box(self, x0: int, y0: int, x1: int, y1: int, *, fill: bool = False) -> None:
        self._draw.rectangle((x0, y0, x1, y1), outline=1, fill=1 if fill else 0)


def blank() -> Canvas:
    return Canvas()


def title_and_lines(title: str, lines: list[str], *, cursor: int | None = None,
                    footer: str = "") -> Canvas:
    """The common layout: an inverted title bar, up to 5 lines (one highlighted), a footer."""
    canvas = Canvas()
    canvas.line(0, title, invert=True)
    rows = 5 if not footer else 4
    start = 0 if cursor is None else max(0, min(cursor - rows + 1, len(lines) - rows))
    for i, text in enumerate(lines[start:start + rows]):
        index = start + i
        mark = ">" if cursor == index else " "
        canvas.line(1 + i, f"{mark}{text}" if cursor is not None else text,
                    invert=cursor == index)
    if footer:
        canvas.line(5, footer)
    return canvas


def wrap(text: str, width: int = 21, rows: int = 5) -> list[str]:
    """``text`` broken into at most ``rows`` lines of ``width`` characters, at spaces."""
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current][:rows]


def text_grid(canvas: Canvas) -> list[str]:
    """The canvas as rows of 21 characters (for the terminal simulator): 6 rows for the usual
    10 px lines, 7 for a dense page whose lines are 9 px apart."""
    ys = sorted({y for _x, y, _text, _scale in canvas.items})
    gaps = [b - a for a, b in itertools.pairwise(ys)]
    pitch = 9 if gaps and min(gaps) == 9 else 10
    rows = [[" "] * canvas.columns for _ in range(canvas.height // pitch)]
    for x, y, text, _scale in canvas.items:
        row = min(len(rows) - 1, max(0, (y + pitch // 2 - 1) // pitch))
        col = max(0, x // CHAR_W)
        for i, char in enumerate(text[: canvas.columns - col]):
            rows[row][col + i] = char
    return ["".join(r) for r in rows]


# Dense pages: a title bar and up to 6 lines, 9 px apart when more than 5 must fit.
PITCH = 9  # px between the lines of a dense screen (7 lines: a title and 6 more)


def pitch(lines: int) -> int:
    """Px between lines: the usual 10 when a title and ``lines`` fit, else 9 (7 lines)."""
    return 10 if lines <= 5 else PITCH


def line_y(row: int, step: int) -> int:
    """The y to draw line ``row`` at (row 0 is the title)."""
    return row * 10 if step == 10 else row * step - 1


def dense(canvas: Canvas, row: int, text: str, step: int = PITCH) -> None:
    """A line of a page: row 0 is the inverted title bar. At 9 px the bar is px 0-8 and
    rows 1..6 follow 9 px apart, so seven lines fit on 64 px."""
    text = text[: canvas.columns]
    if step == 10:
        canvas.line(row, text, invert=row == 0)
    elif row == 0:
        canvas.box(0, 0, canvas.width - 1, step - 1, fill=True)
        canvas.text(1, -2, text, invert=True)
    else:
        canvas.text(1, line_y(row, step), text)


def dense_page(title: str, lines: Sequence[str]) -> Canvas:
    """A title and up to 6 lines (10 px apart when there are no more than 5)."""
    canvas = Canvas()
    step = pitch(len(lines))
    dense(canvas, 0, title, step)
    for i, line in enumerate(lines[:6]):
        dense(canvas, 1 + i, line, step)
    return canvas


def refusal_page(message: str, rule: str) -> Canvas:
    """A refused action, on the seat's own screen: the rule id and the engine's reason."""
    return dense_page(f"Not allowed {rule}".rstrip(), wrap(message, 21, 6))


def result_head(outcome: dict[str, Any] | None, seat: int) -> str:
    """How a finished game ended for ``seat``, in a few words (from ``Outcome.to_json``)."""
    if not outcome or outcome.get("result") != "win":
        return "game ended"
    return "you WIN" if seat in outcome["winners"] else "you lose"

