"""Typical 128x64 screens, drawn with Pillow's built-in bitmap font (stable across versions).

Used by the golden-image tests and by ``benchmarks/screens_bus.py``. They imitate what the
referee UI draws (a menu, a status line, card marks); they are not the UI itself.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

SIZE = (128, 64)
FONT = ImageFont.load_default_imagefont()

MENU = ("Roll dice", "Move", "Search room", "Use item", "End turn")


def menu(cursor: int, title: str = "Seat 2 - your turn") -> Image.Image:
    """A title bar and five menu lines, ``>`` at ``cursor``."""
    image = Image.new("1", SIZE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 10), fill=1)
    draw.text((2, 0), title, font=FONT, fill=0)
    for i, line in enumerate(MENU):
        y = 13 + i * 10
        if i == cursor:
            draw.text((2, y), ">", font=FONT, fill=1)
        draw.text((10, y), line, font=FONT, fill=1)
    return image


def status(wounds: int, lives: int = 3, message: str = "Waiting for seat 3") -> Image.Image:
    """Counters and a message line."""
    image = Image.new("1", SIZE)
    draw = ImageDraw.Draw(image)
    draw.text((0, 0), f"Wounds: {wounds}", font=FONT, fill=1)
    draw.text((0, 12), f"Lives:  {lives}", font=FONT, fill=1)
    draw.line((0, 26, 127, 26), fill=1)
    draw.text((0, 30), message, font=FONT, fill=1)
    return image


def card_marks(marked: frozenset[int] = frozenset(), cards: int = 8) -> Image.Image:
    """A row of card outlines; marked cards get a cross."""
    image = Image.new("1", SIZE)
    draw = ImageDraw.Draw(image)
    draw.text((0, 0), "Hand", font=FONT, fill=1)
    for i in range(cards):
        x0, y0 = 2 + i * 15, 20
        draw.rectangle((x0, y0, x0 + 12, y0 + 18), outline=1)
        if i in marked:
            draw.line((x0 + 2, y0 + 2, x0 + 10, y0 + 16), fill=1)
            draw.line((x0 + 10, y0 + 2, x0 + 2, y0 + 16), fill=1)
    return image


def big_number(value: int) -> Image.Image:
    """A filled screen: light background, a label and a 4x scaled number (full-screen change)."""
    image = Image.new("1", SIZE, 1)
    draw = ImageDraw.Draw(image)
    draw.text((4, 26), "ROLL", font=FONT, fill=0)
    small = Image.new("1", (20, 12))
    ImageDraw.Draw(small).text((1, 0), str(value), font=FONT, fill=1)
    image.paste(0, (44, 8), small.resize((80, 48), Image.Resampling.NEAREST))
    return image
