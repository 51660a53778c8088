"""A phone seat's page in words: panels built from the engine's views, one module a game.

The box's 128x64 screens abbreviate ("S1 LK WLY MWK G WL"); a phone has room for the words.
Each game's module here turns views into panels of the same small shape::

    {"title": str, "lines": [str, ...],                       # sentences to read
     "rows": [{"label": str, "text": str, "chips": [str, ...]}, ...]}  # facts, one a row

A row's ``label`` is what it is about ("Route 1", "Seat 2"), ``text`` a sentence or a few
words, ``chips`` short names shown as tags (a card and its suits, a clue mark, an identity);
the page colours a chip whose word it knows (a suit, a colour).

A game's module has three functions, and reads nothing but what it is given:

* ``public(view, labels, data) -> Panel``: the public state, from ``view(None)``;
* ``status(view, labels, seat, waiting) -> str``: the seat's situation in one sentence
  ("Your turn", "Seat 2 gives a clue"), from ``view(None)`` too: it is not secret;
  ``waiting`` are the seats the game waits for (its pending prompts: public, the seats'
  screens say whose turn it is from them too);
* ``peek(view, labels, seat, data) -> Panel | None``: what the seat's own ``view(seat)``
  shows beyond the public one (its hand, its identity, the other hands in Escape!); the page
  shows it only while the seat's peek is held.

``labels`` name the game's seats as the table does ("Seat 7" for a phone seat); ``data`` is
the game's static data (card and room names), never its state. The phone companion imports
neither the box nor the table flows (tests/test_layers.py): names come from ``data`` here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from importlib import import_module
from typing import Any, Protocol

Panel = dict[str, Any]
Row = dict[str, Any]

MODULES = {
    "decktet-escape": "decktet_escape",
    "intruder-escape": "intruder_escape",
    "innsmouth-escape": "innsmouth_escape",
    "asylum-escape": "asylum_escape",
    "innsmouth-32": "innsmouth_32",
}


class GameWords(Protocol):
    public: Callable[[dict[str, Any], Sequence[str], Any], Panel]
    status: Callable[[dict[str, Any], Sequence[str], int, Sequence[int]], str]
    peek: Callable[[dict[str, Any], Sequence[str], int, Any], Panel | None]


def row(label: str, text: str = "", chips: Iterable[str] = ()) -> Row:
    return {"label": label, "text": text, "chips": list(chips)}


def panel(title: str, rows: Iterable[Row] = (), lines: Iterable[str] = ()) -> Panel:
    return {"title": title, "lines": [line for line in lines if line], "rows": list(rows)}


def who(labels: Sequence[str], seat: int) -> str:
    """A game seat as the table names it ("Seat 7" for a phone seat)."""
    return labels[seat] if 0 <= seat < len(labels) else f"Seat {seat + 1}"


ENGINE_SEAT = re.compile(r"\bSeat (\d+)\b")


def seat_words(text: str, labels: Sequence[str]) -> str:
    """An engine's text with its "Seat 2" (game seat 1) as the table names that seat
    ("Box 1", "Seat 7"): the engine numbers the game's seats, the table labels them."""
    return ENGINE_SEAT.sub(lambda m: who(labels, int(m[1]) - 1), text)


def listing(words: Sequence[str], empty: str = "nobody") -> str:
    """["a", "b", "c"] as "a, b and c"; ``empty`` for none."""
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def count(number: int, thing: str, things: str = "") -> str:
    """3, "card" as "3 cards"; 1, "card" as "1 card"."""
    return f"{number} {thing if number == 1 else (things or thing + 's')}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """``text`` ending with one full stop (a reason from the engine may have one)."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


def words_of(game: str) -> GameWords:
    """The words module of ``game`` (imported when first asked: a game's engine is imported
    only when that game is chosen)."""
    if game not in MODULES:
        raise KeyError(f"no words for game {game!r}: the games with words are "
                       f"{', '.join(sorted(MODULES))}")
    module: Any = import_module(f"{__name__}.{MODULES[game]}")
    return module  # type: ignore[no-any-return]


SUFFIX = " (example)"  # the EXAMPLE packs' names end with it


def name_of(data: Any, some_id: str) -> str:
    """A card's or room's printed name from the game's data (without the EXAMPLE pack's
    " (example)"); the id itself when the data does not know it."""
    for look in ("card", "get"):
        find = getattr(data, look, None)
        if find is None:
            continue
        try:
            return str(find(some_id).name).removesuffix(SUFFIX)
        except (KeyError, ValueError, AttributeError):
            continue
    return some_id


def grouped(names: Iterable[str]) -> list[str]:
    """Names in order, copies counted: ["Knife x2", "Bandage"]."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [f"{name} x{n}" if n > 1 else name for name, n in counts.items()]


def over_line(outcome: dict[str, Any], labels: Sequence[str]) -> str:
    """The end in a sentence: the engine's reason (its seats as the table names them) and who
    won."""
    winners = [who(labels, s) for s in outcome["winners"]]
    reason = sentence(seat_words(outcome["reason"], labels))
    return f"The game is over: {reason} Winners: {listing(winners)}."


def end_lines(view: dict[str, Any], labels: Sequence[str]) -> list[str]:
    """A public panel's sentences at the end: :func:`over_line` (none before the end)."""
    outcome = view["outcome"]
    return [over_line(outcome, labels)] if outcome else []


def waited(said: dict[str, str], phase: str, labels: Sequence[str],
           waiting: Sequence[int]) -> str:
    """Who the game waits for and what they do, from the game's ``{who} ...`` phrases of
    each phase ("Seat 2 takes a turn."): the first seat waited for ("A player" if none);
    "Waiting." for a phase without a phrase."""
    first = who(labels, waiting[0]) if waiting else "A player"
    found = said.get(phase, "")
    return capital(found.format(who=first)) + "." if found else "Waiting."


def settled(view: dict[str, Any], seat: int, waiting: Sequence[int],
            doing: dict[str, str], lost: str = "You lost.") -> str | None:
    """The status line every game says the same way: the game's end for this seat, or what
    the phase asks of it when it is waited for (None: the game's own words decide)."""
    outcome = view["outcome"]
    if outcome:
        return "You won." if seat in outcome["winners"] else lost
    if seat in waiting:
        return doing.get(view["phase"], "Your move.")
    return None

