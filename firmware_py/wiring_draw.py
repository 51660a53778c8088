"""Draw a :class:`~firmware_py.wiring.WiringPlan` as a picture, or write it as text.

The picture has the Pi's 40-pin header with every pin named and coloured by the kind of wire
(or, for a simulated board, the list of mock GPIOs), one card per seat, one for the shared
parts and one per TCA9548A, and a legend of the wire colours. Fonts are Pillow's own bundled
font (``ImageFont.load_default(size=...)``), so the picture looks the same on every machine
with the same Pillow. :class:`Drawing` keeps every text it placed with its box, so tests can
check that nothing is cut off or drawn over another text.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from firmware_py.wiring import Card, PinUse, Segment, Wire, WiringPlan

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Box = tuple[int, int, int, int]

COLOURS = {
    Wire.POWER_3V3: "#f28e1c",
    Wire.POWER_5V: "#d62728",
    Wire.GROUND: "#1a1a1a",
    Wire.BUTTON: "#1f6fd1",
    Wire.I2C: "#2a9d3a",
    Wire.SPI: "#8e44ad",
    Wire.UART: "#0fa3b1",
    Wire.BUZZER: "#e0409a",
    Wire.LED: "#b8a000",
    Wire.RESERVED: "#8c8c8c",
}
FREE = "#d9d9d9"
INK, MUTED, PAPER, PANEL = "#1a1a1a", "#6b6b6b", "#ffffff", "#f4f4f0"
HEADER, TITLE_BAR, PIN_RIM, CARD_RIM = "#2b2b2b", "#34495e", "#c8c8c8", "#d0d0c8"
MARGIN, GAP, ROW, CARD_WIDTH = 28, 24, 34, 700
HEADER_TITLE = "The 40-pin header: the Pi seen from above, USB ports at the bottom"


@dataclass
class Drawing:
    """The picture and every text drawn on it, with its box (left, top, right, bottom)."""

    image: Image.Image
    texts: list[tuple[str, Box]] = field(default_factory=list)


class _Pen:
    """Draws text and shapes; measures instead of drawing when it has no image."""

    def __init__(self, drawing: Drawing | None) -> None:
        self.drawing = drawing
        self.draw = ImageDraw.Draw(drawing.image) if drawing is not None else None
        self.fonts = {size: ImageFont.load_default(size=size) for size in (18, 20, 22, 30)}

    def width(self, text: str, size: int = 20) -> int:
        return int(self.fonts[size].getlength(text))

    def text(
        self,
        xy: tuple[int, int],
        text: str,
        size: int = 20,
        fill: str = INK,
        anchor: Literal["ls", "rs", "ms"] = "ls",
    ) -> int:
        """Draw ``text`` with its baseline at ``xy``; returns the right edge."""
        font = self.fonts[size]
        x, y = xy
        left, top, right, bottom = (int(v) for v in font.getbbox(text, anchor=anchor))
        box = (x + left, y + top, x + right, y + bottom)
        if self.draw is not None and self.drawing is not None:
            self.draw.text(xy, text, font=font, fill=fill, anchor=anchor)
            self.drawing.texts.append((text, box))
        return box[2]

    def rect(self, box: Box, fill: str, outline: str | None = None, radius: int = 0) -> None:
        if self.draw is not None:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=2)

    def line(self, xy: Box, fill: str, width: int) -> None:
        if self.draw is not None:
            self.draw.line(xy, fill=fill, width=width)

    def circle(self, centre: tuple[int, int], radius: int, fill: str, square: bool) -> None:
        if self.draw is None:
            return
        x, y = centre
        box = (x - radius, y - radius, x + radius, y + radius)
        if square:
            self.draw.rectangle(box, fill=fill, outline=PIN_RIM, width=2)
        else:
            self.draw.ellipse(box, fill=fill, outline=PIN_RIM, width=2)


def _labelled(line: tuple[Segment, ...]) -> bool:
    """A line like "ok button: <wire> <wire>": a short label, then wires."""
    return len(line) > 1 and line[0].wire is None and line[0].text.endswith(":")


def _rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def _chip_ink(colour: str) -> str:
    red, green, blue = _rgb(colour)
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else PAPER


def _pin_colour(pin: PinUse) -> str:
    return COLOURS[pin.wire] if pin.wire is not None else FREE


def _use_text(pin: PinUse) -> str:
    if pin.uses:
        return "; ".join(pin.uses)
    return "" if pin.wire is Wire.GROUND else "free"


class _Layout:
    """Places the parts of the picture; run once to measure, once to draw."""

    def __init__(self, plan: WiringPlan, pen: _Pen) -> None:
        self.plan = plan
        self.pen = pen
        chips = [p.name for p in plan.pins] or ["GPIO00"]
        self.chip = max(pen.width(name, 18) for name in chips) + 18

    def header(self, x: int, y: int) -> tuple[int, int]:
        """The 40-pin header, odd pins on the left; returns the panel's width and height."""
        pen, pins = self.pen, self.plan.pins
        left = max(pen.width(_use_text(p)) for p in pins[0::2])
        right = max(pen.width(_use_text(p)) for p in pins[1::2])
        body_x = x + left + 12 + self.chip + 16
        body_w = 128
        pen.text((x, y + 22), HEADER_TITLE, 22)
        top = y + 40
        pen.rect((body_x, top, body_x + body_w, top + 20 * ROW + 8), HEADER, radius=6)
        for index, pin in enumerate(pins):
            row, odd = divmod(index, 2)
            cy = top + 4 + row * ROW + ROW // 2
            cx = body_x + (48 if odd == 0 else body_w - 48)
            colour = _pin_colour(pin)
            pen.circle((cx, cy), 11, colour, square=pin.pin == 1)
            number = str(pin.pin)
            if odd == 0:
                pen.text((body_x + 24, cy + 7), number, 18, PAPER, "ms")
                chip_x = body_x - 16 - self.chip
                pen.line((chip_x + self.chip, cy, body_x, cy), colour, 6)
                self._chip(chip_x, cy, pin)
                pen.text((chip_x - 12, cy + 7), _use_text(pin), 20, self._ink(pin), "rs")
            else:
                pen.text((body_x + body_w - 24, cy + 7), number, 18, PAPER, "ms")
                chip_x = body_x + body_w + 16
                pen.line((body_x + body_w, cy, chip_x, cy), colour, 6)
                self._chip(chip_x, cy, pin)
                pen.text((chip_x + self.chip + 12, cy + 7), _use_text(pin), 20, self._ink(pin))
        width = left + right + 2 * (12 + self.chip + 16) + body_w
        return max(width, pen.width(HEADER_TITLE, 22)), 40 + 20 * ROW + 8

    def mock_gpios(self, x: int, y: int) -> tuple[int, int]:
        """A simulated board's GPIOs in two columns; returns the panel's width and height."""
        pen, pins = self.pen, self.plan.pins
        half = (len(pins) + 1) // 2
        columns = [pins[:half], pins[half:]]
        widths = [max((pen.width(_use_text(p)) for p in c), default=0) for c in columns]
        title = "Mock GPIOs of the simulated board (no header pins)"
        pen.text((x, y + 22), title, 22)
        col_x = x
        for column, width in zip(columns, widths, strict=True):
            for row, pin in enumerate(column):
                cy = y + 40 + row * ROW + ROW // 2
                self._chip(col_x, cy, pin)
                pen.text((col_x + self.chip + 12, cy + 7), _use_text(pin), 20, self._ink(pin))
            col_x += self.chip + 12 + width + GAP
        return max(col_x - x - GAP, pen.width(title, 22)), 40 + half * ROW

    def _chip(self, x: int, cy: int, pin: PinUse) -> None:
        colour = _pin_colour(pin)
        self.pen.rect((x, cy - 13, x + self.chip, cy + 13), colour, radius=6)
        self.pen.text((x + self.chip // 2, cy + 6), pin.name, 18, _chip_ink(colour), "ms")

    @staticmethod
    def _ink(pin: PinUse) -> str:
        return INK if pin.uses else MUTED

    def card(self, x: int, y: int, card: Card, height: int = 0) -> int:
        """One card, CARD_WIDTH wide, on a panel ``height`` high; returns its height."""
        pen = self.pen
        pen.rect((x, y, x + CARD_WIDTH, y + height), PANEL, CARD_RIM, radius=8)
        pen.rect((x, y, x + CARD_WIDTH, y + 38), TITLE_BAR, radius=8)
        pen.text((x + 14, y + 27), card.title, 22, PAPER)
        cy = y + 38 + 6
        labels = [line[0].text for line in card.lines if _labelled(line)]
        tab = max((pen.width(label) for label in labels), default=0) + 16
        for line in card.lines:
            cy = self._segments(x + 14, cy, line, tab if _labelled(line) else 0)
        return cy + 8 - y

    def _segments(self, x: int, y: int, line: tuple[Segment, ...], tab: int) -> int:
        """One card line, wrapped at the card's edge; returns the y below it.

        With ``tab``, the line's label stands alone and its wires start at ``x + tab``."""
        pen, right = self.pen, x + CARD_WIDTH - 28
        cx, baseline = x, y + 22
        for number, segment in enumerate(line):
            words = [segment.text] if segment.wire is not None else segment.text.split(" ")
            for index, word in enumerate(words):
                if index:
                    cx -= 16 - pen.width(" ")
                width = pen.width(word) + (34 if segment.wire is not None else 0)
                if cx > x and cx + width > right:
                    cx, baseline = x + max(tab, 24), baseline + 28
                if segment.wire is not None:
                    pen.line((cx, baseline - 7, cx + 26, baseline - 7), COLOURS[segment.wire], 8)
                    cx += 34
                cx = pen.text((cx, baseline), word) + 16
            if number == 0 and tab:
                cx = x + tab
        return baseline + 10

    def legend(self, x: int, y: int) -> tuple[int, int]:
        """The wire colours, one a line; returns the panel's width and height."""
        pen = self.pen
        pen.text((x, y + 22), "Wire colours", 22)
        for row, wire in enumerate(Wire):
            baseline = y + 56 + row * 30
            pen.line((x, baseline - 7, x + 26, baseline - 7), COLOURS[wire], 8)
            pen.text((x + 34, baseline), wire.value)
        width = max(34 + pen.width(wire.value) for wire in Wire)
        return max(width, pen.width("Wire colours", 22)), 56 + len(Wire) * 30


def draw_wiring(plan: WiringPlan) -> Drawing:
    """The wiring picture of ``plan``: the pins and the legend on top, the cards below."""
    measure = _Layout(plan, _Pen(None))
    side_w, side_h = (measure.mock_gpios if plan.simulated else measure.header)(0, 0)
    legend_w, legend_h = measure.legend(0, 0)
    heights = [measure.card(0, 0, card) for card in plan.cards]
    columns: list[list[int]] = [[], []]
    filled = [0, 0]
    for index, height in enumerate(heights):
        shortest = filled.index(min(filled))
        columns[shortest].append(index)
        filled[shortest] += height + GAP
    notes_h = 44 + 28 * len(plan.notes) + 12
    top_h = max(side_h, legend_h)
    width = max(side_w + 2 * GAP + legend_w, 2 * CARD_WIDTH + GAP) + 2 * MARGIN
    width = max(width, measure.pen.width(max(plan.notes, key=len)) + 2 * MARGIN)
    height = MARGIN + notes_h + top_h + GAP + max(filled) + 30 + MARGIN
    drawing = Drawing(Image.new("RGB", (width, height), PAPER))
    layout = _Layout(plan, _Pen(drawing))
    pen = layout.pen
    pen.text((MARGIN, MARGIN + 30), f"Wiring of the board profile '{plan.profile}'", 30)
    for index, note in enumerate(plan.notes):
        pen.text((MARGIN, MARGIN + 44 + 28 * index + 20), note, 20, MUTED)
    top = MARGIN + notes_h
    (layout.mock_gpios if plan.simulated else layout.header)(MARGIN, top)
    layout.legend(width - MARGIN - legend_w, top)
    for column, x in zip(columns, (MARGIN, MARGIN + CARD_WIDTH + GAP), strict=True):
        y = top + top_h + GAP
        for index in column:
            layout.card(x, y, plan.cards[index], heights[index])
            y += heights[index] + GAP
    board = plan.profile if plan.file == f"hw/{plan.profile}.toml" else plan.file
    footer = f"Drawn from {plan.file} by: refbox wiring --board {board}"
    pen.text((MARGIN, height - MARGIN - 8), footer, 18, MUTED)
    return drawing


def _palette() -> Image.Image:
    """Every colour the picture uses, and the steps between each text colour and the colour it
    stands on (the font's smoothed edges): a small PNG that keeps every wire's colour."""
    pairs = [(INK, PAPER), (MUTED, PAPER), (INK, PANEL), (PAPER, HEADER), (PAPER, TITLE_BAR)]
    pairs += [(_chip_ink(c), c) for c in (*COLOURS.values(), FREE)]
    colours = {_rgb(PIN_RIM), _rgb(CARD_RIM)}
    for ink, ground in pairs:
        start, end = _rgb(ink), _rgb(ground)
        for step in range(9):
            mix = zip(start, end, strict=True)
            colours.add(tuple(round(a + (b - a) * step / 8) for a, b in mix))
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in sorted(colours) for value in colour])
    return palette


def save_png(drawing: Drawing, path: str | os.PathLike[str]) -> None:
    """Write the picture as a small PNG with the picture's own palette."""
    image = drawing.image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    image.save(path, format="PNG", optimize=True)


def _line_text(line: tuple[Segment, ...]) -> str:
    if _labelled(line):
        return f"{line[0].text} {', '.join(s.text for s in line[1:])}"
    indent = "  " if all(s.wire is not None for s in line) else ""
    return indent + ", ".join(s.text for s in line)


def wiring_text(plan: WiringPlan) -> str:
    """The same wiring as plain text, for a terminal (over SSH on the Pi)."""
    lines = [f"Wiring of the board profile '{plan.profile}' ({plan.file})", *plan.notes, ""]
    kind = "Mock GPIOs" if plan.simulated else "Header pins in use"
    lines.append(f"{kind}:")
    for pin in plan.pins:
        if pin.uses and pin.wire is not Wire.RESERVED:
            where = pin.name if pin.pin is None else f"pin {pin.pin:>2}  {pin.name}"
            lines.append(f"  {where:<20} {'; '.join(pin.uses)}")
    if not plan.simulated:
        free = ", ".join(str(g) for g in plan.free_gpios()) or "none"
        lines.append(f"  free GPIOs: {free}")
    for card in plan.cards:
        lines += ["", card.title]
        lines += [f"  {_line_text(line)}" for line in card.lines]
    return "\n".join(lines) + "\n"


def markdown_table(plan: WiringPlan) -> str:
    """The GPIO table of docs/hardware.md: seat, part, BCM GPIO, physical pin."""
    rows = ["| Seat | Part | BCM GPIO | Physical pin |", "| --- | --- | --- | --- |"]
    for seat, part, gpio in plan.rows:
        pin = next((p.pin for p in plan.pins if p.gpio == gpio), None)
        rows.append(f"| {seat} | {part} | GPIO{gpio} | {pin if pin is not None else '-'} |")
    return "\n".join(rows) + "\n"
