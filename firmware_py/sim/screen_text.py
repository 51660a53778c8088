"""A one-bit screen as text for a terminal, keeping what its pixels mean.

The characters come from the strings drawn on the screen and where each was drawn (``x, y,
text, scale``, as a canvas records them), on a grid of 6 px columns and 10 px rows (9 px on
a dense page): the terminal simulator's view of a 128x64 screen is 21 characters by 6 or 7
lines. The *marks* come from the pixels around each character, so whatever drew them (a
highlighted menu line, a map cell filled as a cursor, a framed cell, greyed text):

=====  ==================================================  ===================
mark   the pixels                                          in the terminal
=====  ==================================================  ===================
``r``  the glyph knocked out of a lit area (inverted)      reverse video
``f``  a frame drawn around the glyph                      underlined
``g``  the glyph dithered (greyed: an unavailable choice)  faint
``s``  a line struck through the glyph                     crossed out
=====  ==================================================  ===================

A grid cell with no character is marked ``r`` when most of its pixels are lit, so an
inverted title bar or a filled cell stays one bar in the terminal.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

CHAR_W, LINE_H = 6, 11  # px of a character of Pillow's built-in bitmap font (the box's font)
GLYPH_TOP, GLYPH_BOTTOM = 1, 10  # the rows of a character that hold ink
PLAIN, INVERTED, FRAMED, GREY, STRUCK = " ", "r", "f", "g", "s"
SGR = {INVERTED: "7", FRAMED: "4", GREY: "2", STRUCK: "9"}  # ECMA-48 graphic renditions
RESET = "\x1b[0m"
REACH = 3  # px between a glyph and a frame around it, at most (per unit of scale)
FILLED = 0.75  # share of lit pixels that makes an empty grid cell part of a lit area

Item = tuple[int, int, str, int]  # x, y, text, scale: one string drawn on the screen


@dataclass(frozen=True)
class TextRow:
    """One row of the screen as text, with one mark per character (see the module doc)."""

    text: str
    marks: str


def text_rows(image: Image.Image, items: Sequence[Item], columns: int) -> list[TextRow]:
    """The screen ``image`` as rows of ``columns`` characters, from the strings drawn on it
    (a later string overwrites an earlier one in the same cells), each character marked.
    The text is the box's ``text_grid`` (services/referee/box/render.py), character for
    character: tests/box/test_screen_marks.py holds the two equal on every game's screens."""
    ys = sorted({y for _x, y, _text, _scale in items})
    gaps = [b - a for a, b in itertools.pairwise(ys)]
    pitch = 9 if gaps and min(gaps) == 9 else 10
    count = image.height // pitch
    pixels = Pixels(image)
    chars = [[" "] * columns for _ in range(count)]
    marks = [[_empty_mark(pixels, col, row, pitch) for col in range(columns)]
             for row in range(count)]
    for x, y, text, scale in items:
        row = min(count - 1, max(0, (y + pitch // 2 - 1) // pitch))
        col = max(0, x // CHAR_W)
        ink = _strip(text, scale)
        for i, char in enumerate(text[: columns - col]):
            chars[row][col + i] = char
            marks[row][col + i] = char_mark(pixels, ink, x + i * CHAR_W * scale, y, i, scale)
    return [TextRow("".join(c), "".join(m)) for c, m in zip(chars, marks, strict=True)]


def char_mark(pixels: Pixels, ink: Pixels, x: int, y: int, index: int,
              scale: int = 1) -> str:
    """The mark of character ``index`` of a string drawn at (``x``, ``y``) on ``pixels``,
    whose glyphs are ``ink`` (the whole string at scale ``scale``); ``x`` is the
    character's own left edge."""
    width = CHAR_W * scale
    full = (1 << width) - 1
    inked = lit = lit_background = 0
    for dy in range(GLYPH_TOP * scale, GLYPH_BOTTOM * scale):
        on = pixels.span(y + dy, x, x + width)
        glyph = ink.span(dy, index * width, index * width + width)
        inked += glyph.bit_count()
        lit += (on & glyph).bit_count()
        lit_background += (on & ~glyph & full).bit_count()
    background = width * (GLYPH_BOTTOM - GLYPH_TOP) * scale - inked
    if background and lit_background * 2 > background and (not inked or lit * 2 < inked):
        return INVERTED
    if inked and lit * 5 < inked * 4:
        return GREY
    if _framed(pixels, x, y, scale):
        return FRAMED
    if _struck(pixels, ink, x, y, index, scale):
        return STRUCK
    return PLAIN


def styled(text: str, marks: str) -> str:
    """``text`` with ECMA-48 renditions for its marks (reverse video, underline, faint,
    crossed out), ending with no rendition in force; plain text comes back as it is."""
    out: list[str] = []
    current = PLAIN
    for char, mark in itertools.zip_longest(text, marks[: len(text)], fillvalue=PLAIN):
        mark = mark if mark in SGR else PLAIN
        if mark != current:
            out.append(RESET if mark == PLAIN else f"\x1b[0;{SGR[mark]}m")
            current = mark
        out.append(char)
    if current != PLAIN:
        out.append(RESET)
    return "".join(out)


@lru_cache(maxsize=256)
def _strip(text: str, scale: int) -> Pixels:
    """The glyphs of ``text`` as the screens draw them: the whole string at once (some glyphs
    reach into their neighbour's 6 px), then scaled."""
    width = len(text) * CHAR_W
    strip = Image.new("1", (width, LINE_H), 0)
    ImageDraw.Draw(strip).text((0, -1), text, fill=1, font=_font())
    if scale != 1:
        strip = strip.resize((width * scale, LINE_H * scale), Image.Resampling.NEAREST)
    return Pixels(strip)


@lru_cache(maxsize=1)
def _font() -> ImageFont.ImageFont:
    return ImageFont.load_default_imagefont()


class Pixels:
    """A one-bit picture's rows as integers (one bit per pixel), read in spans; pixels
    outside the picture are dark."""

    def __init__(self, image: Image.Image) -> None:
        self.width, self.height = image.size
        data = image.convert("1").tobytes()
        stride = (self.width + 7) // 8
        self._bits = stride * 8  # the first pixel of a row is its highest bit
        self._rows = [int.from_bytes(data[y * stride:(y + 1) * stride], "big")
                      for y in range(self.height)]

    def span(self, y: int, x0: int, x1: int) -> int:
        """Pixels ``x0`` to ``x1 - 1`` of row ``y``, the first the highest of ``x1 - x0``
        bits."""
        if not 0 <= y < self.height or x1 <= x0:
            return 0
        row, shift = self._rows[y], self._bits - x1
        value = row >> shift if shift >= 0 else row << -shift
        return value & ((1 << (x1 - x0)) - 1)

    def __call__(self, x: int, y: int) -> int:
        return self.span(y, x, x + 1)


def _empty_mark(pixels: Pixels, col: int, row: int, pitch: int) -> str:
    """``r`` for a grid cell without a character whose pixels are mostly lit."""
    x, rows = col * CHAR_W, range(row * pitch + 1, (row + 1) * pitch - 1)
    lit = sum(pixels.span(y, x, x + CHAR_W).bit_count() for y in rows)
    return INVERTED if lit >= FILLED * CHAR_W * len(rows) else PLAIN


def _framed(pixels: Pixels, x: int, y: int, scale: int) -> bool:
    """A rectangle drawn around the glyph at (x, y): a line above it and one below, joined
    by a line on either side (within :data:`REACH` px of the glyph)."""
    reach, width = REACH * scale, CHAR_W * scale

    def upright(cx: int, rows: range) -> bool:
        return all(pixels(cx, cy) for cy in rows)

    body = range(y + 3 * scale, y + 8 * scale)
    lefts = [cx for cx in range(x - 1, x - reach - 1, -1) if upright(cx, body)]
    rights = [cx for cx in range(x + width, x + width + reach) if upright(cx, body)]
    for left, right in itertools.product(lefts, rights):
        full = (1 << (right + 1 - left)) - 1
        tops = [cy for cy in range(y + 2 * scale, y - scale - 1, -1)
                if pixels.span(cy, left, right + 1) == full]
        bottoms = [cy for cy in range(y + 8 * scale, y + 11 * scale + 1)
                   if pixels.span(cy, left, right + 1) == full]
        if tops and bottoms and all(upright(cx, range(tops[0], bottoms[0] + 1))
                                    for cx in (left, right)):
            return True
    return False


def _struck(pixels: Pixels, ink: Pixels, x: int, y: int, index: int, scale: int) -> bool:
    """A line through the middle of the glyph: a row whose every pixel off the glyph is lit
    (at least two of them), below a row that is not."""
    width = CHAR_W * scale
    full = (1 << width) - 1

    def lit_off_glyph(dy: int) -> tuple[int, bool]:
        off = ~ink.span(dy, index * width, (index + 1) * width) & full
        return off.bit_count(), pixels.span(y + dy, x, x + width) & off == off

    for dy in range(4 * scale, 6 * scale + 1):
        count, lit = lit_off_glyph(dy)
        if count >= 2 and lit and not lit_off_glyph(dy - 1)[1]:
            return True
    return False
