"""Intruder Escape's data: the 38 action cards, the 6 characters and the setup per player count.

The table is data (``services/games/data/intruder.toml``) so that card names, texts and the
placeholder character names can be corrected in a copy of the file without touching code. The
card ids and quantities are fixed by the spec table (2.3): the loader checks them so that a typo
is caught rather than played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from services.games.core import DataError
from services.games.kit.packs import parse_toml, reject_unknown, require, shipped_pack_text

SHIPPED_FILE = "intruder.toml"
DECK_SIZE = 38
CHARACTER_COUNT = 6

ESCAPE_ITEM, DAMAGE, HEAL, HEAL_LIFE = "escape_item", "damage", "heal", "heal_life"
MODIFIER, NULLIFIER, UTILITY, DIE_CARD, IMMUNITY = (
    "modifier",
    "nullifier",
    "utility",
    "die_card",
    "immunity",
)
CATEGORIES = (
    ESCAPE_ITEM,
    DAMAGE,
    HEAL,
    HEAL_LIFE,
    MODIFIER,
    NULLIFIER,
    UTILITY,
    DIE_CARD,
    IMMUNITY,
)

# The spec table 2.3: card id -> (quantity, category).
SPEC_TABLE: dict[str, tuple[int, str]] = {
    "keys": (1, ESCAPE_ITEM),
    "car": (1, ESCAPE_ITEM),
    "gasoline": (1, ESCAPE_ITEM),
    "license": (1, ESCAPE_ITEM),
    "baseball-bat": (7, DAMAGE),
    "knife": (3, DAMAGE),
    "bandage": (4, HEAL),
    "syringe": (3, HEAL),
    "med-kit": (1, HEAL_LIFE),
    "double-scratch": (1, MODIFIER),
    "under-the-bed": (1, NULLIFIER),
    "barricade": (1, NULLIFIER),
    "flashlight": (2, UTILITY),
    "hostage": (4, UTILITY),
    "snatch": (3, UTILITY),
    "security-camera": (1, DIE_CARD),
    "roulette": (1, DIE_CARD),
    "broken-mirror": (1, DIE_CARD),
    "nobodys-home": (1, IMMUNITY),
}

BASE_FIELDS = {"id", "name", "quantity", "category", "text"}
# Effect fields and their types.
EFFECT_FIELDS: dict[str, type] = {
    "damage": int,
    "heal": int,
    "restores_lives": int,
    "multiplier": int,
    "nullifies": str,
    "cannot_nullify": list,
    "excluded_from_cap": bool,
    "once_per_game": bool,
    "once_per_player": bool,
    "cannot_be_doubled": bool,
    "cannot_be_snatched": bool,
    "discarded_on_use": bool,
    "round_start": bool,
}
# Per category: (required effect fields, optional effect fields).
CATEGORY_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    ESCAPE_ITEM: (frozenset({"excluded_from_cap"}), frozenset()),
    DAMAGE: (frozenset({"damage"}), frozenset()),
    HEAL: (frozenset({"heal"}), frozenset()),
    HEAL_LIFE: (
        frozenset({"restores_lives"}),
        frozenset({"once_per_player", "cannot_be_doubled", "cannot_be_snatched"}),
    ),
    MODIFIER: (frozenset({"multiplier"}), frozenset()),
    NULLIFIER: (frozenset({"nullifies"}), frozenset({"cannot_nullify"})),
    UTILITY: (frozenset({"discarded_on_use"}), frozenset()),
    DIE_CARD: (frozenset({"once_per_game", "discarded_on_use"}), frozenset()),
    IMMUNITY: (frozenset(), frozenset({"once_per_player", "round_start"})),
}
NULLIFIES = ("previous", "next")
RULE_FIELDS = {
    "lives",
    "deal",
    "keep",
    "max_turns_per_round",
    "max_cards_on_player_per_round",
    "identity_cards",
}
PLAYER_COUNTS = (3, 4, 5, 6)


@dataclass(frozen=True)
class Card:
    """One kind of action card; ``quantity`` copies of it are in the deck."""

    id: str
    name: str
    quantity: int
    category: str
    text: str
    damage: int = 0
    heal: int = 0
    restores_lives: int = 0
    multiplier: int = 0
    nullifies: str = ""
    cannot_nullify: tuple[str, ...] = ()
    excluded_from_cap: bool = False
    once_per_game: bool = False
    once_per_player: bool = False
    cannot_be_doubled: bool = False
    cannot_be_snatched: bool = False
    discarded_on_use: bool = False
    round_start: bool = False

    @property
    def instance_ids(self) -> tuple[str, ...]:
        """The ids of this card's copies: ``baseball-bat-1`` .. ``baseball-bat-7``."""
        return tuple(f"{self.id}-{n}" for n in range(1, self.quantity + 1))


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    die: int


@dataclass(frozen=True)
class Setup:
    """The identity mix for one player count; 6 players allow two splits (A-IX-01)."""

    players: int
    splits: tuple[tuple[int, int], ...]  # (intruders, innocents)
    wake_up: bool


@dataclass(frozen=True)
class IntruderData:
    pack_id: str
    version: int
    cards: tuple[Card, ...]
    characters: tuple[Character, ...]
    setups: tuple[Setup, ...]
    lives: int
    deal: int
    keep: int
    max_turns_per_round: int
    max_cards_on_player_per_round: int
    identity_cards: tuple[int, int]  # (intruder, innocent)

    def __post_init__(self) -> None:
        by_instance = {i: c for c in self.cards for i in c.instance_ids}
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})
        object.__setattr__(self, "_by_instance", by_instance)

    def card(self, card_id: str) -> Card:
        """The card kind by its id (``knife``) or by an instance id (``knife-2``)."""
        if card_id in self._by_id:  # type: ignore[attr-defined]
            return self._by_id[card_id]  # type: ignore[attr-defined, no-any-return]
        return self._by_instance[card_id]  # type: ignore[attr-defined, no-any-return]

    def deck_ids(self) -> tuple[str, ...]:
        """The 38 card instance ids in the file's order (the order before any shuffle)."""
        return tuple(i for c in self.cards for i in c.instance_ids)

    def setup(self, players: int) -> Setup:
        for setup in self.setups:
            if setup.players == players:
                return setup
        raise KeyError(players)


def load_cards(text: str | None = None, file: str = SHIPPED_FILE) -> IntruderData:
    """Parse and validate a card file; the shipped one when ``text`` is None."""
    if text is None:
        text = shipped_pack_text(SHIPPED_FILE)
    return build_data(parse_toml(text, file), file)


def deck_ids(data: IntruderData | None = None) -> tuple[str, ...]:
    """The 38 instance ids of ``data`` (the shipped file by default), in a fixed order."""
    return (data or load_cards()).deck_ids()


def build_data(data: Mapping[str, Any], file: str) -> IntruderData:
    reject_unknown(data, {"pack", "rules", "setups", "characters", "cards"}, file, "")
    pack = require(data, "pack", dict, file, "")
    reject_unknown(pack, {"id", "version", "title"}, file, "pack")
    pack_id = require(pack, "id", str, file, "pack")
    version = require(pack, "version", int, file, "pack")
    rules = require(data, "rules", dict, file, "")
    reject_unknown(rules, RULE_FIELDS, file, "rules")
    numbers = {
        key: _positive(rules, key, file)
        for key in ("lives", "deal", "keep", "max_turns_per_round", "max_cards_on_player_per_round")
    }
    if numbers["keep"] > numbers["deal"]:
        raise DataError(file, "rules.keep", f"must be at most deal ({numbers['deal']})")
    identity_cards = _identity_cards(rules, file)

    rows = require(data, "cards", list, file, "")
    cards = tuple(_card(row, i, file) for i, row in enumerate(rows))
    _check_cards(cards, file)
    characters = _characters(require(data, "characters", list, file, ""), file)
    setups = _setups(require(data, "setups", list, file, ""), identity_cards, file)
    return IntruderData(
        pack_id=pack_id,
        version=version,
        cards=cards,
        characters=characters,
        setups=setups,
        identity_cards=identity_cards,
        **numbers,
    )


def _positive(table: Mapping[str, Any], key: str, file: str, where: str = "rules") -> int:
    value = require(table, key, int, file, where)
    if value < 1:
        raise DataError(file, f"{where}.{key}", f"must be at least 1, not {value}")
    return int(value)


def _identity_cards(rules: Mapping[str, Any], file: str) -> tuple[int, int]:
    table = require(rules, "identity_cards", dict, file, "rules")
    where = "rules.identity_cards"
    reject_unknown(table, {"intruder", "innocent"}, file, where)
    return _positive(table, "intruder", file, where), _positive(table, "innocent", file, where)


def _card(row: object, index: int, file: str) -> Card:
    where = f"cards[{index}]"
    if not isinstance(row, dict):
        raise DataError(file, where, "must be a table with id, name, quantity, category and text")
    reject_unknown(row, BASE_FIELDS | set(EFFECT_FIELDS), file, where)
    card_id = require(row, "id", str, file, where)
    category = require(row, "category", str, file, where)
    if category not in CATEGORIES:
        raise DataError(
            file,
            f"{where}.category",
            f"unknown category {category!r}; categories are {', '.join(CATEGORIES)}",
        )
    required, optional = CATEGORY_FIELDS[category]
    allowed = required | optional
    for key in sorted(set(row) & set(EFFECT_FIELDS)):
        if key not in allowed:
            raise DataError(
                file,
                f"{where}.{key}",
                f"not allowed on a {category} card; a {category} card may have: "
                f"{', '.join(sorted(allowed)) or 'no effect fields'}",
            )
    effects: dict[str, Any] = {}
    for key in sorted(required):
        effects[key] = require(row, key, EFFECT_FIELDS[key], file, where)
    for key in sorted(optional & set(row)):
        effects[key] = require(row, key, EFFECT_FIELDS[key], file, where)
    for key in ("damage", "heal"):
        if key in effects and effects[key] not in (1, 2):
            raise DataError(file, f"{where}.{key}", f"must be 1 or 2, not {effects[key]!r}")
    if "restores_lives" in effects and effects["restores_lives"] != 1:
        raise DataError(
            file, f"{where}.restores_lives", f"must be 1, not {effects['restores_lives']!r}"
        )
    if "multiplier" in effects and effects["multiplier"] != 2:
        raise DataError(file, f"{where}.multiplier", f"must be 2, not {effects['multiplier']!r}")
    if "nullifies" in effects and effects["nullifies"] not in NULLIFIES:
        raise DataError(
            file,
            f"{where}.nullifies",
            f'must be "previous" or "next", not {effects["nullifies"]!r}',
        )
    if "cannot_nullify" in effects:
        ids = effects["cannot_nullify"]
        if not all(isinstance(i, str) for i in ids) or len(set(ids)) != len(ids):
            raise DataError(file, f"{where}.cannot_nullify", "must be a list of different card ids")
        effects["cannot_nullify"] = tuple(ids)
    quantity = _positive(row, "quantity", file, where)
    return Card(
        id=card_id,
        name=require(row, "name", str, file, where),
        quantity=quantity,
        category=category,
        text=require(row, "text", str, file, where),
        **effects,
    )


def _check_cards(cards: tuple[Card, ...], file: str) -> None:
    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        if card.id in seen:
            raise DataError(
                file, f"cards[{i}].id", f"{card.id!r} appears twice; ids must be unique"
            )
        seen[card.id] = i
    total = sum(c.quantity for c in cards)
    if total != DECK_SIZE:
        raise DataError(
            file, "cards", f"Intruder Escape has {DECK_SIZE} action cards, this file has {total}"
        )
    for i, card in enumerate(cards):
        if card.id not in SPEC_TABLE:
            raise DataError(
                file,
                f"cards[{i}].id",
                f"unknown card {card.id!r}; the cards are {', '.join(SPEC_TABLE)}",
            )
        quantity, category = SPEC_TABLE[card.id]
        if card.quantity != quantity:
            raise DataError(
                file,
                f"cards[{i}].quantity",
                f"{card.id} has {quantity} copies in the game, not {card.quantity}",
            )
        if card.category != category:
            raise DataError(
                file, f"cards[{i}].category", f"{card.id} is a {category} card, not {card.category}"
            )
        for target in card.cannot_nullify:
            if target not in seen:
                raise DataError(
                    file,
                    f"cards[{i}].cannot_nullify",
                    f"unknown card {target!r}; it must name a card id of this file",
                )
    missing = [card_id for card_id in SPEC_TABLE if card_id not in seen]
    if missing:
        raise DataError(file, "cards", f"missing card {missing[0]!r}")


def _characters(rows: list[Any], file: str) -> tuple[Character, ...]:
    characters = []
    faces: Counter[int] = Counter()
    ids: set[str] = set()
    for i, row in enumerate(rows):
        where = f"characters[{i}]"
        if not isinstance(row, dict):
            raise DataError(file, where, "must be a table with id, name and die")
        reject_unknown(row, {"id", "name", "die"}, file, where)
        character = Character(
            id=require(row, "id", str, file, where),
            name=require(row, "name", str, file, where),
            die=require(row, "die", int, file, where),
        )
        if character.id in ids:
            raise DataError(
                file, f"{where}.id", f"{character.id!r} appears twice; ids must be unique"
            )
        ids.add(character.id)
        if not 1 <= character.die <= CHARACTER_COUNT:
            raise DataError(file, f"{where}.die", f"must be a die face 1 to 6, not {character.die}")
        if faces[character.die]:
            raise DataError(
                file, f"{where}.die", f"face {character.die} is used twice; each face 1 to 6 once"
            )
        faces[character.die] += 1
        characters.append(character)
    if len(characters) != CHARACTER_COUNT:
        raise DataError(
            file,
            "characters",
            f"Intruder Escape has {CHARACTER_COUNT} characters, this file has {len(characters)}",
        )
    return tuple(characters)


def _setups(rows: list[Any], identity_cards: tuple[int, int], file: str) -> tuple[Setup, ...]:
    setups: dict[int, Setup] = {}
    for i, row in enumerate(rows):
        where = f"setups[{i}]"
        if not isinstance(row, dict):
            raise DataError(file, where, "must be a table with players, wake_up and splits")
        reject_unknown(row, {"players", "wake_up", "splits"}, file, where)
        players = require(row, "players", int, file, where)
        if players not in PLAYER_COUNTS or players in setups:
            raise DataError(
                file, f"{where}.players", f"must be one of 3, 4, 5, 6, each once, not {players}"
            )
        wake_up = require(row, "wake_up", bool, file, where)
        split_rows = require(row, "splits", list, file, where)
        if not split_rows:
            raise DataError(file, f"{where}.splits", "must list at least one split")
        splits = []
        for j, split in enumerate(split_rows):
            at = f"{where}.splits[{j}]"
            if not isinstance(split, dict):
                raise DataError(file, at, "must be a table with intruders and innocents")
            reject_unknown(split, {"intruders", "innocents"}, file, at)
            pair = (
                _positive(split, "intruders", file, at),
                _positive(split, "innocents", file, at),
            )
            if sum(pair) != players:
                raise DataError(
                    file,
                    at,
                    f"{pair[0]} intruders + {pair[1]} innocents must make {players} players",
                )
            if pair[0] > identity_cards[0] or pair[1] > identity_cards[1]:
                raise DataError(
                    file,
                    at,
                    f"needs more identity cards than the {identity_cards[0]} intruder and "
                    f"{identity_cards[1]} innocent cards of rules.identity_cards",
                )
            if pair in splits:
                raise DataError(file, at, "is listed twice")
            splits.append(pair)
        setups[players] = Setup(players, tuple(splits), wake_up)
    missing = [n for n in PLAYER_COUNTS if n not in setups]
    if missing:
        raise DataError(file, "setups", f"no setup for {missing[0]} players; 3 to 6 are needed")
    return tuple(setups[n] for n in PLAYER_COUNTS)
