"""Innsmouth Escape's data: the board's icons and the 39 + 46 cards (A-IE-02, A-IE-03).

The rulebook lost the board map and the card texts, so refbox ships an EXAMPLE file
(``services/games/data/innsmouth.toml``) in a documented format: the table replaces it with a
copy describing its own board and cards. The loader checks everything the engine relies on and
names the file and the field of the first problem (``cells[3].captive``, ``cards[12].weapon``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from services.games.core import DataError
from services.games.kit.copies import copy_kinds
from services.games.kit.packs import parse_toml, reject_unknown, require, shipped_pack_text

SHIPPED_FILE = "innsmouth.toml"

DECKS = ("captive", "equipment", "encounter", "deep_one")
HUMAN_DECKS = ("captive", "equipment", "encounter")
TIMINGS = ("human_turn", "deep_one_turn", "combat", "any")

COLUMNS = "ABCDEF"  # west to east
ROWS = (1, 2, 3, 4, 5, 6)  # north to south
CELL_IDS = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)  # row-major: A1, B1 .. F1, A2 .. F6
COLOUR_COUNT = 4
HUMAN_CARD_COUNT = 39  # Captive + Equipment + Encounter cards (spec 1.2)
DEEP_ONE_CARD_COUNT = 46

DEEP_ONE_ICONS = ("spawn", "draw", "shoggoth")
CELL_FIELDS = {"id", *HUMAN_DECKS, *DEEP_ONE_ICONS}
CARD_BASE_FIELDS = {"id", "deck", "name", "text"}
# Structured card field -> the decks whose cards may carry it.
FIELD_DECKS: dict[str, tuple[str, ...]] = {
    "vp": HUMAN_DECKS,
    "spawn_icons": HUMAN_DECKS,
    "place_in_front": HUMAN_DECKS,
    "weapon": ("equipment", "encounter"),
    "heal": ("equipment", "encounter"),
    "timing": ("deep_one",),
    "permanent": ("deep_one",),
    "manual_effect": DECKS,
}
# Whole-number card fields and their allowed range.
NUMBER_RANGES = {"vp": (0, 10), "spawn_icons": (0, 6), "heal": (0, 10)}
WEAPON_RANGES = {"dice": (1, 4), "hit_on": (2, 6)}


@dataclass(frozen=True)
class Cell:
    """One board location: the rank of each Human icon (0 = none) and the Deep One icons."""

    id: str
    captive: int = 0
    equipment: int = 0
    encounter: int = 0
    spawn: bool = False
    draw: bool = False
    shoggoth: bool = False

    @property
    def human_icons(self) -> dict[str, int]:
        """Deck -> rank of the Human icons present, in HUMAN_DECKS order."""
        ranks = {"captive": self.captive, "equipment": self.equipment, "encounter": self.encounter}
        return {deck: rank for deck, rank in ranks.items() if rank}

    @property
    def has_human_icon(self) -> bool:
        return bool(self.captive or self.equipment or self.encounter)

    @property
    def has_deep_one_icon(self) -> bool:
        return self.spawn or self.draw or self.shoggoth


@dataclass(frozen=True)
class Card:
    """One card. The structured fields drive the engine; ``manual_effect`` is applied by the
    table through logged referee adjustments."""

    id: str
    deck: str
    name: str
    text: str = ""
    vp: int = 0
    spawn_icons: int = 0
    place_in_front: bool = False
    weapon_dice: int = 0
    weapon_hit_on: int = 0
    heal: int = 0
    timing: str = ""
    permanent: bool = False
    manual_effect: str = ""

    @property
    def is_weapon(self) -> bool:
        return self.weapon_dice > 0

    @property
    def to_tableau(self) -> bool:
        """Drawn, it goes face-up in front of the Human rather than to his hand (R-IE-28)."""
        return self.deck == "captive" or self.place_in_front or self.spawn_icons > 0


@dataclass(frozen=True)
class InnsmouthData:
    pack_id: str
    version: int
    title: str
    example: bool
    colours: tuple[str, ...]
    cells: tuple[Cell, ...]  # the 36 cells in CELL_IDS order
    cards: tuple[Card, ...]  # in file order
    _cells: dict[str, Cell] = field(init=False, repr=False, compare=False)
    _cards: dict[str, Card] = field(init=False, repr=False, compare=False)
    _kinds: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_cells", {c.id: c for c in self.cells})
        cards = {c.id: c for c in self.cards}
        kinds = copy_kinds(self.cards, set(cards) | set(self._cells))
        for card_id, kind in kinds.items():
            cards.setdefault(kind, cards[card_id])
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_kinds", kinds)

    def cell(self, cell_id: str) -> Cell:
        """The cell ``A1`` .. ``F6`` (KeyError if there is no such cell)."""
        return self._cells[cell_id]

    def card(self, card_id: str) -> Card:
        """The card with this id, or the first copy of a card kind (KeyError if unknown)."""
        return self._cards[card_id]

    def kind(self, card_id: str) -> str:
        """What the table sees of a card: its kind if it has copies (cards alike in all but
        ids numbered after one stem, ``deep-one-ambush-1`` and ``-2``: ``deep-one-ambush``),
        any other id as it is. The shipped EXAMPLE pack has no copies."""
        return self._kinds.get(card_id, card_id)

    def deck(self, name: str) -> tuple[str, ...]:
        """The card ids of one deck, in file order (the order before any shuffle)."""
        if name not in DECKS:
            raise KeyError(name)
        return tuple(c.id for c in self.cards if c.deck == name)


def load_data(text: str | None = None, file: str = SHIPPED_FILE) -> InnsmouthData:
    """Parse and validate a board-and-cards file; the shipped EXAMPLE when ``text`` is None."""
    if text is None:
        text = shipped_pack_text(SHIPPED_FILE)
    return build_data(parse_toml(text, file), file)


def build_data(data: Mapping[str, Any], file: str) -> InnsmouthData:
    reject_unknown(data, {"pack", "pieces", "cells", "cards"}, file, "")
    pack = require(data, "pack", dict, file, "")
    reject_unknown(pack, {"id", "version", "title", "example"}, file, "pack")
    pack_id = require(pack, "id", str, file, "pack")
    version = require(pack, "version", int, file, "pack")
    title = require(pack, "title", str, file, "pack")
    example = require(pack, "example", bool, file, "pack") if "example" in pack else False
    colours = _colours(require(data, "pieces", dict, file, ""), file)
    cells = _cells(require(data, "cells", list, file, ""), file)
    rows = require(data, "cards", list, file, "")
    cards = tuple(_card(row, i, file) for i, row in enumerate(rows))
    _check_cards(cards, file)
    _check_ranks(cells, cards, file)
    return InnsmouthData(
        pack_id=pack_id,
        version=version,
        title=title,
        example=example,
        colours=colours,
        cells=tuple(cell for cell, _ in sorted(cells, key=lambda c: CELL_IDS.index(c[0].id))),
        cards=cards,
    )


def _word(table: Mapping[str, Any], key: str, file: str, where: str) -> str:
    """A non-empty name without spaces (ids and colours are typed in commands)."""
    value = require(table, key, str, file, where)
    _check_word(value, file, f"{where}.{key}")
    return str(value)


def _check_word(value: str, file: str, field_name: str) -> None:
    if not value or any(ch.isspace() for ch in value):
        raise DataError(file, field_name, f"must be a name without spaces, not {value!r}")


def _colours(pieces: Mapping[str, Any], file: str) -> tuple[str, ...]:
    reject_unknown(pieces, {"colours"}, file, "pieces")
    names = require(pieces, "colours", list, file, "pieces")
    if len(names) != COLOUR_COUNT:
        raise DataError(
            file, "pieces.colours", f"must list exactly {COLOUR_COUNT} colours, not {len(names)}"
        )
    for i, name in enumerate(names):
        where = f"pieces.colours[{i}]"
        if not isinstance(name, str):
            raise DataError(file, where, f"must be text, not {name!r}")
        _check_word(name, file, where)
        if name in names[:i]:
            raise DataError(file, where, f"{name!r} appears twice; the 4 colours must differ")
    return tuple(names)


def _cells(rows: list[Any], file: str) -> list[tuple[Cell, int]]:
    """The cells with their index in the file, checked one by one and as a board."""
    cells: dict[str, tuple[Cell, int]] = {}
    for i, row in enumerate(rows):
        where = f"cells[{i}]"
        if not isinstance(row, dict):
            raise DataError(file, where, "must be a table with an id and the cell's icons")
        reject_unknown(row, CELL_FIELDS, file, where)
        cell_id = require(row, "id", str, file, where)
        if cell_id not in CELL_IDS:
            raise DataError(
                file,
                f"{where}.id",
                f"unknown cell {cell_id!r}; cells are A1 to F6 (column A-F, row 1-6)",
            )
        if cell_id in cells:
            raise DataError(
                file, f"{where}.id", f"{cell_id!r} appears twice; each cell A1 to F6 once"
            )
        ranks = {}
        for deck in HUMAN_DECKS:
            if deck in row:
                rank = require(row, deck, int, file, where)
                if rank < 1:
                    raise DataError(
                        file,
                        f"{where}.{deck}",
                        f"a rank must be at least 1, not {rank}; leave the field out for no icon",
                    )
                ranks[deck] = rank
        icons = {k: require(row, k, bool, file, where) for k in DEEP_ONE_ICONS if k in row}
        cells[cell_id] = (Cell(cell_id, **ranks, **icons), i)
    missing = [cell_id for cell_id in CELL_IDS if cell_id not in cells]
    if missing:
        raise DataError(
            file, "cells", f"missing cell {missing[0]}; the board has 36 cells A1 to F6"
        )
    board = [cell for cell, _ in cells.values()]
    checks = (
        (
            any(c.has_human_icon for c in board),
            "no cell has a Captive, Equipment or Encounter icon; the Human needs at least one",
        ),
        (
            not all(c.has_human_icon for c in board),
            "every cell has a Human icon; the Human starts on a cell without one (R-IE-07)",
        ),
        (
            not all(c.has_deep_one_icon for c in board),
            "every cell has a Deep One icon; the Deep Ones are set up on a cell without one "
            "(R-IE-06)",
        ),
        (any(c.spawn for c in board), "no cell has a spawn icon; at least one is needed"),
        (any(c.draw for c in board), "no cell has a draw icon; at least one is needed"),
        (any(c.shoggoth for c in board), "no cell has a shoggoth icon; at least one is needed"),
    )
    for ok, message in checks:
        if not ok:
            raise DataError(file, "cells", message)
    return list(cells.values())


def _card(row: object, index: int, file: str) -> Card:
    where = f"cards[{index}]"
    if not isinstance(row, dict):
        raise DataError(file, where, "must be a table with id, deck, name and text")
    reject_unknown(row, CARD_BASE_FIELDS | set(FIELD_DECKS), file, where)
    card_id = _word(row, "id", file, where)
    deck = require(row, "deck", str, file, where)
    if deck not in DECKS:
        raise DataError(
            file, f"{where}.deck", f"unknown deck {deck!r}; decks are {', '.join(DECKS)}"
        )
    allowed = sorted(k for k, decks in FIELD_DECKS.items() if deck in decks)
    for key in sorted(set(row) & set(FIELD_DECKS)):
        if key not in allowed:
            raise DataError(
                file,
                f"{where}.{key}",
                f"not allowed on {_a(deck)} card; {_a(deck)} card may have: {', '.join(allowed)}",
            )
    name = require(row, "name", str, file, where)
    if not name.strip():
        raise DataError(file, f"{where}.name", "must not be empty")
    fields: dict[str, Any] = {}
    for key, (low, high) in NUMBER_RANGES.items():
        if key in row:
            fields[key] = _in_range(row, key, low, high, file, where)
    for key in ("place_in_front", "permanent"):
        if key in row:
            fields[key] = require(row, key, bool, file, where)
    if "manual_effect" in row:
        fields["manual_effect"] = require(row, "manual_effect", str, file, where)
        if not fields["manual_effect"].strip():
            raise DataError(
                file, f"{where}.manual_effect", "must say what the table does; leave it out if none"
            )
    if "weapon" in row:
        weapon = require(row, "weapon", dict, file, where)
        reject_unknown(weapon, set(WEAPON_RANGES), file, f"{where}.weapon")
        for key, (low, high) in WEAPON_RANGES.items():
            fields[f"weapon_{key}"] = _in_range(weapon, key, low, high, file, f"{where}.weapon")
    if deck == "deep_one":
        if "timing" not in row:
            raise DataError(
                file,
                f"{where}.timing",
                f"is missing; a deep_one card needs one of: {', '.join(TIMINGS)}",
            )
        timing = require(row, "timing", str, file, where)
        if timing not in TIMINGS:
            raise DataError(
                file,
                f"{where}.timing",
                f"unknown timing {timing!r}; timings are {', '.join(TIMINGS)}",
            )
        fields["timing"] = timing
    text = require(row, "text", str, file, where) if "text" in row else ""
    return Card(id=card_id, deck=deck, name=name, text=text, **fields)


def _a(deck: str) -> str:
    return f"an {deck}" if deck[0] in "aeiou" else f"a {deck}"


def _in_range(
    table: Mapping[str, Any], key: str, low: int, high: int, file: str, where: str
) -> int:
    value = require(table, key, int, file, where)
    if not low <= value <= high:
        raise DataError(file, f"{where}.{key}", f"must be {low} to {high}, not {value}")
    return int(value)


def _check_cards(cards: tuple[Card, ...], file: str) -> None:
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card.id in seen:
            raise DataError(
                file, f"cards[{i}].id", f"{card.id!r} appears twice; ids must be unique"
            )
        seen.add(card.id)
    human = sum(1 for c in cards if c.deck in HUMAN_DECKS)
    if human != HUMAN_CARD_COUNT:
        raise DataError(
            file,
            "cards",
            f"Innsmouth Escape has {HUMAN_CARD_COUNT} Captive, Equipment and Encounter cards "
            f"in all, this file has {human}",
        )
    deep_ones = len(cards) - human
    if deep_ones != DEEP_ONE_CARD_COUNT:
        raise DataError(
            file,
            "cards",
            f"Innsmouth Escape has {DEEP_ONE_CARD_COUNT} Deep One cards, this file has {deep_ones}",
        )


def _check_ranks(cells: list[tuple[Cell, int]], cards: tuple[Card, ...], file: str) -> None:
    """A token's first draw must not find its deck short: each deck holds at least as many
    cards as its largest rank."""
    for cell, index in cells:
        for deck, rank in cell.human_icons.items():
            size = sum(1 for c in cards if c.deck == deck)
            if rank > size:
                raise DataError(
                    file,
                    f"cells[{index}].{deck}",
                    f"rank {rank} needs at least {rank} {deck} cards, this file has {size}",
                )
