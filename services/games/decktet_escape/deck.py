"""The extended Decktet as Escape! sees it: card ids, names and suits, grouped by suit count.

The table is data (``services/games/data/decktet.toml``) because the Pawn and Court suits are
outside knowledge of medium confidence (A-EX-17): a player can correct them in a copy of the
file without touching code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from services.games.core import DataError
from services.games.kit.packs import parse_toml, reject_unknown, require, shipped_pack_text

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
KEY, CORRIDOR, BOAT, GUARD = "key", "corridor", "boat", "guard"
GROUP_BY_SUIT_COUNT = {3: KEY, 2: CORRIDOR, 1: BOAT, 0: GUARD}
EXPECTED_GROUPS = {KEY: 8, CORRIDOR: 24, BOAT: 12, GUARD: 1}
PER_SUIT = {KEY: 4, CORRIDOR: 8, BOAT: 2}
SHIPPED_FILE = "decktet.toml"


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    rank: str
    suits: tuple[str, ...]
    verify: str = ""

    @property
    def group(self) -> str:
        return GROUP_BY_SUIT_COUNT[len(self.suits)]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "rank": self.rank,
            "suits": list(self.suits),
        }
        if self.verify:
            data["verify"] = self.verify
        return data

    def public(self) -> dict[str, Any]:
        """How a visible card appears in a view."""
        return {"card": self.id, "name": self.name, "group": self.group, "suits": list(self.suits)}


@dataclass(frozen=True)
class Deck:
    """The 45 cards, in the pack's order (the order before the first shuffle)."""

    pack_id: str
    version: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})
        object.__setattr__(self, "_json", self._encode())

    def __getitem__(self, card_id: str) -> Card:
        return self._by_id[card_id]  # type: ignore[attr-defined, no-any-return]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id  # type: ignore[attr-defined]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        """The JSON form, computed once per deck and shared: treat it as read-only."""
        return self._json  # type: ignore[attr-defined, no-any-return]

    def _encode(self) -> dict[str, Any]:
        return {
            "pack": self.pack_id,
            "version": self.version,
            "cards": [c.to_json() for c in self.cards],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], file: str = "snapshot") -> Deck:
        return build_deck(
            {
                "pack": {"id": data["pack"], "version": data["version"], "suits": list(SUITS)},
                "cards": data["cards"],
            },
            file,
        )


def plural(about: str) -> str:
    """A clue word as players say it: "corridors", "moons"."""
    return about + "s" if about in (KEY, CORRIDOR, BOAT) else about


def load_deck(text: str | None = None, file: str = SHIPPED_FILE) -> Deck:
    """Parse and validate a deck file; the shipped table when ``text`` is None."""
    if text is None:
        text = shipped_pack_text(SHIPPED_FILE)
    return build_deck(parse_toml(text, file), file)


def build_deck(data: Mapping[str, Any], file: str) -> Deck:
    reject_unknown(data, {"pack", "cards"}, file, "")
    pack = require(data, "pack", dict, file, "")
    reject_unknown(pack, {"id", "version", "title", "suits"}, file, "pack")
    pack_id = require(pack, "id", str, file, "pack")
    version = require(pack, "version", int, file, "pack")
    suits = require(pack, "suits", list, file, "pack")
    if tuple(suits) != SUITS:
        raise DataError(
            file, "pack.suits", f"must be exactly {list(SUITS)} (the Decktet's six suits)"
        )
    rows = require(data, "cards", list, file, "")
    cards = tuple(_card(row, i, file) for i, row in enumerate(rows))
    _check_composition(cards, file)
    return Deck(pack_id, version, cards)


def _card(row: object, index: int, file: str) -> Card:
    where = f"cards[{index}]"
    if not isinstance(row, dict):
        raise DataError(file, where, "must be a table with id, name, rank and suits")
    reject_unknown(row, {"id", "name", "rank", "suits", "verify"}, file, where)
    card_id = require(row, "id", str, file, where)
    suits = require(row, "suits", list, file, where)
    for suit in suits:
        if suit not in SUITS:
            raise DataError(
                file, f"{where}.suits", f"unknown suit {suit!r}; suits are {', '.join(SUITS)}"
            )
    if len(set(suits)) != len(suits) or len(suits) > 3:
        raise DataError(file, f"{where}.suits", "must list 0 to 3 different suits")
    verify = row.get("verify", "")
    if not isinstance(verify, str):
        raise DataError(file, f"{where}.verify", "must be text")
    return Card(
        id=card_id,
        name=require(row, "name", str, file, where),
        rank=require(row, "rank", str, file, where),
        suits=tuple(suits),
        verify=verify,
    )


def _check_composition(cards: tuple[Card, ...], file: str) -> None:
    if len(cards) != 45:
        raise DataError(
            file, "cards", f"the extended Decktet has 45 cards, this file has {len(cards)}"
        )
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card.id in seen:
            raise DataError(
                file, f"cards[{i}].id", f"{card.id!r} appears twice; ids must be unique"
            )
        seen.add(card.id)
    groups = Counter(c.group for c in cards)
    for group, count in EXPECTED_GROUPS.items():
        if groups[group] != count:
            raise DataError(
                file,
                "cards",
                f"expected {count} {group} cards ({_suit_words(group)}), found {groups[group]}",
            )
    for group, count in PER_SUIT.items():
        per_suit = Counter(s for c in cards if c.group == group for s in c.suits)
        for suit in SUITS:
            if per_suit[suit] != count:
                raise DataError(
                    file,
                    "cards",
                    f"every suit must be on {count} {group} cards; {suit} is on {per_suit[suit]}",
                )


def _suit_words(group: str) -> str:
    count = {v: k for k, v in GROUP_BY_SUIT_COUNT.items()}[group]
    return "no suit" if count == 0 else f"{count} suit{'s' if count > 1 else ''} each"
