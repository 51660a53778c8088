"""The terminal simulator's wall: every screen as text in a box, laid out to fit the terminal.

Pure: panels, legends, a status line and the terminal's size in, lines out. When the whole
wall and the full legend fit, everything is shown (the full wall); otherwise a compact legend
and as many screens as fit (the *compact wall*): the public screen first, then the seats from
the focused one on, then the other table screens. No line is longer than the terminal is wide
and there are never more lines than it is high, so nothing wraps or scrolls; text that would
not fit is wrapped (legends, status), never cut, except for screens on a terminal too small
for even one (then a line says how big it must be). Either way the public screen comes first,
then the seats, then the other table screens.

A panel's rows may come with marks, one per character (``r`` reverse video, ``f`` framed,
``g`` greyed, ``s`` struck: :mod:`firmware_py.sim.screen_text`); the wall keeps them in
:attr:`Wall.marks`, in step with its lines.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

GAP = "  "  # between two boxes of a row
FIRST = "public"  # the screen shown first in the compact wall


@dataclass(frozen=True)
class Panel:
    """One screen: its name and its text rows (any number, any width)."""

    name: str
    rows: tuple[str, ...]
    marks: tuple[str, ...] = ()  # one mark per character of each row; none: all plain


@dataclass(frozen=True)
class Wall:
    lines: list[str]
    shown: tuple[str, ...]  # the panels on it, in order
    full: bool  # every panel and the full legend
    marks: list[str]  # one per line, as long as it: the screens' marks where they are drawn


def boxes(panels: Sequence[Panel]) -> list[str]:
    """One row of boxed panels side by side, all as wide and as tall as the largest."""
    inner, height = _inner(panels)
    lines = [GAP.join(f"+-{p.name:-<{inner}}-+" for p in panels)]
    for row in range(height):
        lines.append(GAP.join(f"| {_row(p, row):<{inner}} |" for p in panels))
    lines.append(GAP.join("+" + "-" * (inner + 2) + "+" for _ in panels))
    return lines


def box_marks(panels: Sequence[Panel]) -> list[str]:
    """The marks of :func:`boxes`' lines: each panel's marks where its text is, else plain."""
    inner, height = _inner(panels)
    plain = [GAP.join(" " * (inner + 4) for _ in panels)]
    rows = [GAP.join(f"  {_marks(p, row):<{inner}}  " for p in panels)
            for row in range(height)]
    return plain + rows + plain


def layout(panels: Sequence[Panel], *, seats: Sequence[str], focus: int,
           full_legend: Sequence[str], compact_legend: Sequence[str], status: str,
           size: tuple[int, int]) -> Wall:
    """The lines to draw on a terminal of ``size`` (columns, lines)."""
    width, height = max(1, size[0]), max(1, size[1])
    status_lines = textwrap.wrap(status, width) or [""]
    inner, rows = _inner(panels)
    box_width, box_height = inner + 4, rows + 2
    per_row = max(1, (width + len(GAP)) // (box_width + len(GAP)))
    wall_height = math.ceil(len(panels) / per_row) * box_height
    fits = box_width <= width and all(len(line) <= width for line in full_legend)
    if fits and len(full_legend) + wall_height + len(status_lines) <= height:
        chosen, legend, full = _compact(panels, seats, 0), list(full_legend), True
    else:
        legend = [part for line in compact_legend for part in textwrap.wrap(line, width)]
        room = height - len(legend) - len(status_lines)
        capacity = (room // box_height) * per_row if box_width <= width and room > 0 else 0
        chosen, full = _compact(panels, seats, focus)[:capacity], False
        if not chosen and panels:  # said first, where even the smallest terminal shows it
            need = f"{box_width}x{len(legend) + box_height + len(status_lines)}"
            legend[:0] = textwrap.wrap(f"The screens need a terminal of at least {need}; this "
                                       f"one is {width}x{height}.", width)
    lines = list(legend)
    marks = [" " * len(line) for line in legend]
    for start in range(0, len(chosen), per_row):
        lines += boxes(chosen[start:start + per_row])
        marks += box_marks(chosen[start:start + per_row])
    lines += status_lines
    marks += [" " * len(line) for line in status_lines]
    return Wall([line[:width] for line in lines[:height]], tuple(p.name for p in chosen), full,
                [mark[:width] for mark in marks[:height]])


def _compact(panels: Sequence[Panel], seats: Sequence[str], focus: int) -> list[Panel]:
    """The panels in the wall's order: public, the seats from ``focus`` on, the rest."""
    by_name = {p.name: p for p in panels}
    seated = [s for s in seats if s in by_name]
    start = focus % len(seated) if seated else 0
    order = [FIRST] if FIRST in by_name else []
    order += seated[start:] + seated[:start]
    order += [p.name for p in panels if p.name not in order]
    return [by_name[name] for name in order]


def _inner(panels: Sequence[Panel]) -> tuple[int, int]:
    """The inside width and height of the boxes for ``panels``."""
    width = max((len(text) for p in panels for text in (*p.rows, p.name)), default=0)
    return width, max((len(p.rows) for p in panels), default=0)


def _row(panel: Panel, row: int) -> str:
    return panel.rows[row] if row < len(panel.rows) else ""


def _marks(panel: Panel, row: int) -> str:
    """The marks of row ``row``, as long as its text (plain where the panel has none)."""
    text = _row(panel, row)
    given = panel.marks[row] if row < len(panel.marks) else ""
    return given[: len(text)].ljust(len(text))
