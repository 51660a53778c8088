"""Drawing 128x64 one-bit screens with PIL, readable at arm's length.

A :class:`Canvas` draws with Pillow's built-in bitmap font (6x11 px, identical on every
machine, so golden images are stable) at scale 1 or 2, and records every string it draws:
the hidden-information tests read that record to prove what a screen did (not) show.

Nothing is cut silently: a text that does not fit (wider than its room or the screen, below
the bottom edge, more lines than a page holds) is clipped on the screen and recorded in
``Canvas.overflow``, which the text-fit tests require to stay empty for every screen of
every game. Text is handed to the canvas whole, never sliced beforehand.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
CHAR_W, LINE_H = 6, 11
GLYPH_TOP, GLYPH_BOTTOM = 1, 10  # the rows of a strip that hold ink (descenders included)


@cache
def _font() -> ImageFont.ImageFont:
    return ImageFont.load_default_imagefont()


@lru_cache(maxsize=256)
def _strip(text: str, scale: int) -> Image.Image:
    """``text`` rendered once as a one-bit mask (the screens repeat the same strings). Each
    entry costs about 3 KB (a Pillow image object, not its few pixels), so the cache holds the
    strings of the screens in use, not a whole session's: 256 entries take 95% of the strips
    drawn in a long session, 1,024 took 97% for 2 MB more (docs/performance.md, "Memory")."""
    width = len(text) * CHAR_W
    strip = Image.new("1", (width, LINE_H), 0)
    ImageDraw.Draw(strip).text((0, -1), text, fill=1, font=_font())
    if scale != 1:
        strip = strip.resize((width * scale, LINE_H * scale), Image.Resampling.NEAREST)
    return strip


def _ink(x: int, y: int, text: str, scale: int) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom; right and bottom excluded) that holds the ink of
    ``text`` drawn at ``x``, ``y``: a text on a row beside another may share its empty rows."""
    box = _ink_box(text, scale)
    return x + box[0], y + box[1], x + box[2], y + box[3]


@lru_cache(maxsize=1024)
def _ink_box(text: str, scale: int) -> tuple[int, int, int, int]:
    return _strip(text, scale).getbbox() or (0, 0, 0, 0)


@lru_cache(maxsize=64)
def _dither(width: int, height: int) -> Image.Image:
    """A checkerboard: text ANDed with it reads as greyed out (an unavailable choice)."""
    board = Image.new("1", (width, height), 0)
    board.putdata([(x + y) % 2 for y in range(height) for x in range(width)])
    return board


@dataclass
class Canvas:
    width: int = WIDTH
    height: int = HEIGHT
    image: Image.Image = field(init=False)
    items: list[tuple[int, int, str, int]] = field(default_factory=list)  # x, y, text, scale
    cuts: list[str] = field(default_factory=list)  # texts cut to fit, and lines dropped
    knocked: set[int] = field(default_factory=set)  # items knocked out of a filled area

    def __post_init__(self) -> None:
        self.image = Image.new("1", (self.width, self.height), 0)
        self._draw = ImageDraw.Draw(self.image)

    @property
    def columns(self) -> int:
        return self.width // CHAR_W

    def cut(self, text: str, why: str) -> None:
        """Record that ``text`` did not fit (it is clipped on the screen, or left out)."""
        self.cuts.append(f"{text!r}: {why}")

    @property
    def texts(self) -> list[str]:
        """Every text drawn, in drawing order (what the screen says)."""
        return [text for _, _, text, _ in self.items]

    @property
    def overflow(self) -> list[str]:
        """Every text cut or dropped, then every text whose ink falls on a text drawn before
        it (both unreadable). Worked out when read (by the text-fit tests), so drawing a
        screen on the box pays nothing for it."""
        return [*self.cuts, *self._overlaps()]

    def _overlaps(self) -> list[str]:
        found = []
        for i, (x, y, text, scale) in enumerate(self.items):
            if i in self.knocked:
                continue
            left, top, right, bottom = _ink(x, y, text, scale)
            for x0, y0, other, s0 in self.items[:i]:
                left0, top0, right0, bottom0 = _ink(x0, y0, other, s0)
                if left < right0 and left0 < right and top < bottom0 and top0 < bottom:
                    found.append(f"{text!r}: drawn over {other!r}")
        return found

    def text(self, x: int, y: int, text: str, *, scale: int = 1, invert: bool = False,
             room: int | None = None, grey: bool = False) -> int:
        """Draw ``text`` with its top-left at (x, y), in at most ``room`` columns (default:
        to the right edge); returns the x after it. ``grey`` dithers it (unavailable), also
        when ``invert`` knocks it out of a highlight bar."""
        if not text:
            return x
        room = (self.width - x) // (CHAR_W * scale) if room is None else room
        if len(text) > room:
            self.cut(text, f"{len(text)} characters in {room} columns")
            text = text[:max(room, 0)]
            if not text:
                return x
        if y + GLYPH_TOP * scale < 0 or y + GLYPH_BOTTOM * scale > self.height:
            self.cut(text, f"at y={y}, outside the {self.height} px screen")
        self.items.append((x, y, text, scale))
        strip = _strip(text, scale)
        if grey:
            strip = ImageChops.logical_and(strip, _dither(strip.width, strip.height))
        if invert:
            self._draw.rectangle((x, y, x + strip.width - 1, y + GLYPH_BOTTOM * scale - 1),
                                 fill=1)
            self._draw.bitmap((x, y), strip, fill=0)
        else:
            self._draw.bitmap((x, y), strip, fill=1)
        return x + strip.width

    def knockout(self, x: int, y: int, text: str) -> None:
        """``text`` cut out (drawn dark) of an area already filled, e.g. a highlighted cell."""
        room = (self.width - x) // CHAR_W
        if len(text) > room:
            self.cut(text, f"{len(text)} characters in {room} columns")
            text = text[:max(room, 0)]
        if text:
            self.knocked.add(len(self.items))
            self.items.append((x, y, text, 1))
            self._draw.bitmap((x, y), _strip(text, 1), fill=0)

    def line(self, row: int, text: str, *, invert: bool = False, grey: bool = False) -> None:
        """A full-width text row (rows are 10 px apart, 6 rows on a screen after the title)."""
        if invert:
            self._draw.rectangle((0, row * 10, self.width - 1, row * 10 + 9), fill=1)
        self.text(1, row * 10, text, invert=invert, room=self.columns, grey=grey)

    def centered(self, y: int, text: str, *, scale: int = 1) -> None:
        width = len(text) * CHAR_W * scale
        self.text(max(0, (self.width - width) // 2), y, text, scale=scale)

    def rule(self, y: int) -> None:
        self._draw.line((0, y, self.width - 1, y), fill=1)

    def box(self, x0: int, y0: int, x1: int, y1: int, *, fill: bool = False) -> None:
        self._draw.rectangle((x0, y0, x1, y1), outline=1, fill=1 if fill else 0)


def blank() -> Canvas:
    return Canvas()


def title_and_lines(title: str, lines: Sequence[str], *, cursor: int | None = None,
                    footer: str = "", grey: Sequence[int] = (), plain: int = 0) -> Canvas:
    """The common layout: an inverted title bar, up to 5 lines (one highlighted), a footer.

    With a cursor the lines scroll to keep it in view; without one, lines that do not fit
    are recorded as overflow. Lines whose index is in ``grey`` are drawn greyed out and
    marked "-" (an unavailable choice, also in the terminal's text), under the cursor too:
    highlighted, such a line keeps its "-" and its dithered text, so it never reads as a
    choice that can be made; the first ``plain`` lines are text above a menu's items (no
    cursor mark)."""
    canvas = Canvas()
    canvas.line(0, title, invert=True)
    rows = 5 if not footer else 4
    start = 0 if cursor is None else max(0, min(cursor - rows + 1, len(lines) - rows))
    for i, text in enumerate(lines[start:start + rows]):
        index = start + i
        mark = "-" if index in grey else ">" if cursor == index else " "
        canvas.line(1 + i, f"{mark}{text}" if cursor is not None and index >= plain else text,
                    invert=cursor == index, grey=index in grey)
    if cursor is None:
        for number, text in enumerate(lines[rows:], start=rows + 1):
            canvas.cut(text, f"line {number} of a page of {rows}")
    if footer:
        canvas.line(5, footer)
    return canvas


def wrap(text: str, width: int = 21) -> list[str]:
    """``text`` broken into lines of ``width`` characters at spaces (all of them: a page that
    cannot hold them scrolls or records the overflow; a word longer than a line stays whole)."""
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current or not lines else lines


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
    """A line of a page: row 0 is the inverted title bar. At 9 px the bar is px 0-8 (its
    text knocked out of it, every glyph whole) and rows 1..6 follow 9 px apart, so seven
    lines fit on 64 px."""
    if step == 10:
        canvas.line(row, text, invert=row == 0)
    elif row == 0:
        canvas.box(0, 0, canvas.width - 1, step - 1, fill=True)
        canvas.knockout(1, -1, text)
    else:
        canvas.text(1, line_y(row, step), text, room=canvas.columns)


def dense_page(title: str, lines: Sequence[str]) -> Canvas:
    """A title and up to 6 lines (10 px apart when there are no more than 5); more lines
    than that are recorded as overflow (a page that may get longer uses :func:`scroll`)."""
    canvas = Canvas()
    step = pitch(len(lines))
    dense(canvas, 0, title, step)
    for i, line in enumerate(lines[:6]):
        dense(canvas, 1 + i, line, step)
    for number, line in enumerate(lines[6:], start=7):
        canvas.cut(line, f"line {number} on a page of 6")
    return canvas


def scroll(lines: Sequence[str], start: int, rows: int = 6) -> tuple[list[str], int]:
    """The ``rows`` lines of a longer text to show from ``start`` (wrapping back to the top),
    the last of them saying how to see more; and the start of the next window."""
    if len(lines) <= rows:
        return list(lines), 0
    body = rows - 1
    start = start if 0 <= start < len(lines) else 0
    shown = list(lines[start:start + body])
    after = start + body
    shown += [""] * (body - len(shown))
    more = "NEXT: more" if after < len(lines) else "NEXT: to the top"
    return [*shown, f"{more} {start // body + 1}/{-(-len(lines) // body)}"], (
        after if after < len(lines) else 0)


def fit(*texts: str, width: int = 21) -> str:
    """The first of ``texts`` (longest and clearest first) that fits ``width`` columns; the
    last one if none does (the canvas then records it as overflow)."""
    return next((text for text in texts if len(text) <= width), texts[-1])


def plain(message: str) -> str:
    """An engine's or the box's reason in plain words: without the rule ids (``R-IX-12``,
    ``(A-IX-13)``) and tags (``[BOX]``) a player cannot look up."""
    text = re.sub(r"\s*\[[A-Z]+\]", "", message)
    text = re.sub(r"\s*\((?:see )?[A-Z]{1,3}-[A-Z][A-Z0-9]{1,3}-\d+[a-z]?\)", "", text)
    text = re.sub(r"^[A-Z]{1,4}(?:-[A-Z][A-Z0-9]{1,3})?-[A-Z0-9]+:?\s+", "", text)
    return text.strip()


def refusal_page(message: str, start: int = 0) -> Canvas:
    """A refused action, on the seat's own screen: the reason in plain words, scrolled from
    ``start`` when it is long. The rule id stays with the referees (journal, transcript,
    protocol, log), not on a player's screen."""
    return dense_page("Not allowed", scroll(wrap(plain(message)), start)[0])


def result_head(outcome: dict[str, Any] | None, seat: int) -> str:
    """How a finished game ended for ``seat``, in a few words (from ``Outcome.to_json``)."""
    if not outcome or outcome.get("result") != "win":
        return "game ended"
    return "you WIN" if seat in outcome["winners"] else "you lose"

