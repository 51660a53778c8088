"""Short names for Innsmouth 32's seat screens and menus (21 columns; a menu item 20).

A pack's names are used whole when they fit; else without the EXAMPLE pack's " (example)",
then with the first words cut to initials ("Prof. Armitage" -> "P. Armitage"), then cut with
a final "." (the lobby and the guide give the whole names). Targets the engine writes as
``locks:<sanctuary>`` and ``throng:<seat>:<n>`` get words ("locks Gilman House", "S2 throng 3").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from services.referee.box.render import fit

SUFFIX = " (example)"
STATS = {"muscle": "MU", "speed": "SP", "brains": "BR", "guts": "GU"}
INSANE = "*"  # marks a stat covered by insanity (its target number reads 4)


def shorten(full: str, width: int) -> str:
    """``full`` in ``width`` columns if it can be, else a shorter form of it."""
    full = full.strip()
    if len(full) <= width:
        return full
    base = full.removesuffix(SUFFIX)
    if len(base) <= width:
        return base
    words = base.split()
    for keep in range(len(words) - 1, 0, -1):  # initials for the first words
        short = " ".join([*(f"{w[0]}." for w in words[:len(words) - keep]),
                          *words[len(words) - keep:]])
        if len(short) <= width:
            return short
    return base[:max(width - 1, 1)].rstrip() + "." if width > 1 else base[:1]


def name(data: Any, some_id: str, width: int = 20) -> str:
    """A card's, survivor's or target's name in ``width`` columns."""
    if not some_id:
        return "-"
    if some_id.startswith("locks:"):
        return fit(f"locks of {name(data, some_id[6:], width - 9)}",
                   f"locks {name(data, some_id[6:], width - 6)}", width=width)
    if some_id.startswith("throng:"):
        parts = some_id.split(":")
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            return fit(f"Seat {int(parts[1]) + 1} throng {int(parts[2]) + 1}",
                       f"S{int(parts[1]) + 1} throng {int(parts[2]) + 1}", width=width)
    try:
        full = str(data.get(some_id).name)
    except (KeyError, AttributeError):
        full = some_id.replace("_", " ").replace("-", " ")
    return shorten(full, width)


def who(labels: Sequence[str], seat: int) -> str:
    return labels[seat] if 0 <= seat < len(labels) else f"Seat {seat + 1}"


def seats_named(text: str, labels: Sequence[str]) -> str:
    """The engine's "Seat 2" as the table names game seat 1."""
    return re.sub(r"\bSeat (\d+)\b", lambda m: who(labels, int(m[1]) - 1), text)


def stat_word(stat: str) -> str:
    return stat.upper()


def stat_line(survivor: dict[str, Any]) -> str:
    """A survivor's active stats as its screen shows them: "MU6 SP4* BR5 GU7" (a stat
    covered by insanity reads 4, marked)."""
    insane = set(survivor.get("insane", []))
    return " ".join(f"{STATS.get(k, k[:2].upper())}{v}{INSANE if k in insane else ''}"
                    for k, v in survivor.get("stats", {}).items())


def throng_value(throng: Sequence[dict[str, Any]]) -> int:
    """A throng's attack target: the sum of its monsters' values (R-I32-47)."""
    return sum(int(m.get("value", 0)) for m in throng)


def throng_line(number: int, throng: Sequence[dict[str, Any]], width: int = 21) -> str:
    """ "T2 =7 Deep One+1": a throng, its value, its first monster and how many more."""
    if not throng:
        return fit(f"T{number} empty", width=width)
    head = f"T{number} ={throng_value(throng)} "
    more = f"+{len(throng) - 1}" if len(throng) > 1 else ""
    room = width - len(head) - len(more)
    return f"{head}{shorten(str(throng[0].get('name', '?')), max(room, 3))}{more}"


def kind_word(kind: str) -> str:
    """An engine word (``mythos_attack``) as a label ("Mythos attack")."""
    text = kind.replace("_", " ").strip()
    return text[:1].upper() + text[1:]
