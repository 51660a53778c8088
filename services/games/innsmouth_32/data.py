"""Innsmouth 32's data: survivors, the movie deck, terrors, the Hound and the Night Clerk
(A-I32-02).

The source is a rules summary without a single card, so refbox ships an EXAMPLE file
(``services/games/data/innsmouth32.toml``) in a documented format; the table replaces it with
a copy describing its own cards. Fields the engine acts on are structured (stats, faction,
mythos, monster values, item stats and bonuses, mythos stores and save penalties, sanctuary
locks and mythos, event effects); any other printed text is a ``manual_effect`` the director
applies with a logged referee adjustment. The loader names the file and the field of the first
problem (``movie[7].save_penalty``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from services.games.core import DataError
from services.games.kit.packs import (
    parse_toml,
    reject_unknown,
    require,
    shipped_pack_text,
    word,
)
from services.games.kit.packs import text as text_field

SHIPPED_FILE = "innsmouth32.toml"
STATS = ("muscle", "speed", "brains", "guts")
FACTIONS = ("gangsters", "scholars", "students", "locals")
ABILITIES = ("doctor_heal",)  # abilities the engine models (R-I32-62)
KINDS = ("monster", "item", "power_play", "popcorn", "shuffling_horror", "plot_device",
         "snatched", "sanctuary")
EVENT_KINDS = ("shuffling_horror", "plot_device", "snatched")
EFFECTS = ("none", "insanity", "attack", "mythos", "manual")
MOVIE_FIELDS = {
    "monster": {"value"},
    "item": {"stats", "damage", "mythos", "save_penalty", "first_dibs", "whole_throng",
             "heals_insanity"},
    "power_play": {"mythos"},
    "popcorn": {"rest"},
    "shuffling_horror": {"effect", "value"},
    "plot_device": {"effect", "value"},
    "snatched": {"effect", "value", "victims", "fail", "reel_end", "attackable"},
    "sanctuary": {"locks", "mythos"},
}
COMMON = {"id", "name", "kind", "text", "manual_effect"}
MIN_SURVIVORS = 8  # one per character player at 8 (R-I32-06)
MIN_MOVIE = 10 + 20 + 15 + 10 + 3  # every reel pile and the opening screen (5.3)
MAX_STAT = 12


@dataclass(frozen=True)
class Survivor:
    id: str
    name: str
    faction: str  # "" for none (the Night Clerk, the Hound)
    stats: dict[str, int]  # only its active stats
    mythos: int = 0  # printed mythos allotment (R-I32-15, A-I32-04)
    abilities: tuple[str, ...] = ()
    text: str = ""

    @property
    def kind(self) -> str:
        return "survivor"  # the Night Clerk or the Hound met as a card (R-I32-81, R-I32-82)


@dataclass(frozen=True)
class MovieCard:
    id: str
    name: str
    kind: str
    value: int = 0  # monster value; event attack value; insanity count
    stats: tuple[str, ...] = ()  # an item's highlighted stats (R-I32-43)
    damage: int = 0  # an item's damage bonus (R-I32-44)
    mythos: int = 0  # an item's store, a power play's gain, a sanctuary's tokens
    save_penalty: int = 0  # R-I32-58
    first_dibs: bool = False  # Pocket Pistol, Tommy Gun (R-I32-16)
    whole_throng: bool = False  # Tommy Gun (R-I32-46)
    heals_insanity: bool = False  # R-I32-62
    rest: int = 0  # popcorn: rest spoints
    locks: int = 0  # sanctuary (R-I32-23)
    effect: str = ""  # events: none, insanity, attack, mythos, manual
    victims: int = 1  # snatched: random victims put on the card (R-I32-42)
    fail: str = "stay"  # snatched: a failed gambit: stay (the effect hits) or eliminated
    reel_end: str = "freed"  # snatched, end task 1 (R-I32-69): victims freed or eliminated
    attackable: bool = False  # snatched: monsters may attack its victims (A-I32-24)
    text: str = ""
    manual_effect: str = ""

    @property
    def is_event(self) -> bool:
        return self.kind in EVENT_KINDS


@dataclass(frozen=True)
class Terror:
    id: str
    name: str
    value: int
    text: str = ""

    @property
    def kind(self) -> str:
        return "terror"  # R-I32-80


@dataclass(frozen=True)
class I32Data:
    pack_id: str
    version: int
    title: str
    example: bool
    survivors: tuple[Survivor, ...]
    movie: tuple[MovieCard, ...]
    terrors: tuple[Terror, ...]
    hound: Survivor
    night_clerk: Survivor
    night_clerk_value: int
    _by_id: dict[str, Any] = field(init=False, repr=False, compare=False)
    _ids: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _monsters: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        every = (*self.survivors, *self.movie, *self.terrors, self.hound, self.night_clerk)
        object.__setattr__(self, "_by_id", {x.id: x for x in every})
        object.__setattr__(self, "_ids", {name: tuple(x.id for x in rows) for name, rows in (
            ("survivors", self.survivors), ("movie", self.movie), ("terrors", self.terrors))})
        object.__setattr__(self, "_monsters", frozenset(
            c.id for c in self.movie if c.kind == "monster"))

    def get(self, some_id: str) -> Any:
        """The survivor, movie card or terror with this id (KeyError if unknown)."""
        return self._by_id[some_id]

    def ids(self, section: str) -> tuple[str, ...]:
        """The ids of ``survivors``, ``movie`` or ``terrors``, in the file's order."""
        return self._ids[section]

    def is_movie_monster(self, card: str) -> bool:
        """A monster card of the movie deck (the familiar faces and modules aside)."""
        return card in self._monsters


def load_data(text: str | None = None, file: str = SHIPPED_FILE) -> I32Data:
    """Parse and validate a pack; the shipped EXAMPLE when ``text`` is None."""
    if text is None:
        text = shipped_pack_text(SHIPPED_FILE)
    return build_data(parse_toml(text, file), file)


def build_data(data: Mapping[str, Any], file: str) -> I32Data:
    reject_unknown(data, {"pack", "survivors", "movie", "terrors", "hound", "night_clerk"},
                   file, "")
    pack = require(data, "pack", dict, file, "")
    reject_unknown(pack, {"id", "version", "title", "example"}, file, "pack")
    survivors = tuple(_survivor(r, f"survivors[{i}]", file, STATS, True)
                      for i, r in enumerate(_rows(data, "survivors", MIN_SURVIVORS, file)))
    movie = tuple(_movie(r, f"movie[{i}]", file)
                  for i, r in enumerate(_rows(data, "movie", MIN_MOVIE, file)))
    terrors = tuple(_terror(r, f"terrors[{i}]", file)
                    for i, r in enumerate(_rows(data, "terrors", 3, file)))
    hound = _survivor(require(data, "hound", dict, file, ""), "hound", file, ("speed", "guts"),
                      False)
    clerk_row = require(data, "night_clerk", dict, file, "")
    clerk = _survivor({k: v for k, v in clerk_row.items() if k != "value"}, "night_clerk", file,
                      ("brains", "guts"), False)
    result = I32Data(
        pack_id=require(pack, "id", str, file, "pack"),
        version=require(pack, "version", int, file, "pack"),
        title=require(pack, "title", str, file, "pack"),
        example=require(pack, "example", bool, file, "pack") if "example" in pack else False,
        survivors=survivors, movie=movie, terrors=terrors, hound=hound, night_clerk=clerk,
        night_clerk_value=_number(clerk_row, "value", 1, 20, file, "night_clerk"),
    )
    _check_ids([*survivors, *movie, *terrors, hound, clerk], data, file)
    kinds = [c.kind for c in movie]
    for needed in ("monster", "item"):
        if needed not in kinds:
            raise DataError(file, "movie", f"needs at least one {needed} card")
    return result


def _rows(data: Mapping[str, Any], section: str, least: int, file: str) -> list[dict[str, Any]]:
    rows = require(data, section, list, file, "")
    if len(rows) < least:
        raise DataError(file, section, f"needs at least {least} entries, this file has "
                        f"{len(rows)}")
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise DataError(file, f"{section}[{i}]", f"must be a table ([[{section}]])")
    return rows


def _check_ids(rows: list[Any], data: Mapping[str, Any], file: str) -> None:
    seen: dict[str, str] = {}
    places = [f"survivors[{i}]" for i in range(len(data["survivors"]))]
    places += [f"movie[{i}]" for i in range(len(data["movie"]))]
    places += [f"terrors[{i}]" for i in range(len(data["terrors"]))]
    places += ["hound", "night_clerk"]
    for row, where in zip(rows, places, strict=True):
        if row.id in seen:
            raise DataError(file, f"{where}.id", f"{row.id!r} is already the id of "
                            f"{seen[row.id]}; every id must be unique in the file")
        seen[row.id] = where




def _number(row: Mapping[str, Any], key: str, low: int, high: int, file: str, where: str,
            default: int | None = None) -> int:
    if key not in row and default is not None:
        return default
    value = require(row, key, int, file, where)
    if not low <= value <= high:
        raise DataError(file, f"{where}.{key}", f"must be {low} to {high}, not {value}")
    return int(value)


def _flag(row: Mapping[str, Any], key: str, file: str, where: str) -> bool:
    return bool(require(row, key, bool, file, where)) if key in row else False


def _survivor(row: Mapping[str, Any], where: str, file: str, stats: tuple[str, ...],
              faction: bool) -> Survivor:
    allowed = {"id", "name", "mythos", "abilities", "text", *stats}
    reject_unknown(row, allowed | ({"faction"} if faction else set()), file, where)
    side = ""
    if faction:
        side = require(row, "faction", str, file, where)
        if side not in FACTIONS:
            raise DataError(file, f"{where}.faction", f"unknown faction {side!r}; factions "
                            f"are {', '.join(FACTIONS)}")
    abilities = require(row, "abilities", list, file, where) if "abilities" in row else []
    for j, ability in enumerate(abilities):
        if ability not in ABILITIES:
            raise DataError(file, f"{where}.abilities[{j}]", f"unknown ability {ability!r}; "
                            f"the engine models {', '.join(ABILITIES)} (write any other "
                            "ability in text: the director applies it by adjustment)")
    return Survivor(
        word(row, "id", file, where), text_field(row, "name", file, where, True), side,
        {s: _number(row, s, 2, MAX_STAT, file, where) for s in stats},
        _number(row, "mythos", 0, 20, file, where, 0), tuple(abilities),
        text_field(row, "text", file, where))


def _movie(row: Mapping[str, Any], where: str, file: str) -> MovieCard:
    kind = require(row, "kind", str, file, where)
    if kind not in KINDS:
        raise DataError(file, f"{where}.kind", f"unknown kind {kind!r}; kinds are "
                        f"{', '.join(KINDS)}")
    reject_unknown(row, COMMON | MOVIE_FIELDS[kind], file, where)
    values: dict[str, Any] = {}
    if kind == "monster":
        values["value"] = _number(row, "value", 1, 20, file, where)
    elif kind == "item":
        stats = require(row, "stats", list, file, where)
        if not 1 <= len(stats) <= 2:
            raise DataError(file, f"{where}.stats", "an item highlights 1 or 2 stats")
        for j, stat in enumerate(stats):
            if stat not in STATS or stat in stats[:j]:
                raise DataError(file, f"{where}.stats[{j}]", f"{stat!r} is not allowed: each "
                                f"of {', '.join(STATS)} at most once")
        values.update(stats=tuple(stats), damage=_number(row, "damage", 0, 10, file, where, 0),
                      mythos=_number(row, "mythos", 0, 20, file, where, 0),
                      save_penalty=_number(row, "save_penalty", 0, 10, file, where, 0),
                      first_dibs=_flag(row, "first_dibs", file, where),
                      whole_throng=_flag(row, "whole_throng", file, where),
                      heals_insanity=_flag(row, "heals_insanity", file, where))
        if values["save_penalty"] and not values["mythos"]:
            raise DataError(file, f"{where}.save_penalty", "only an item with a mythos store "
                            "penalises a save (R-I32-58)")
    elif kind == "power_play":
        values["mythos"] = _number(row, "mythos", 0, 20, file, where, 0)
    elif kind == "popcorn":
        values["rest"] = _number(row, "rest", 0, 7, file, where, 0)
    elif kind == "sanctuary":
        values.update(locks=_number(row, "locks", 0, 10, file, where),
                      mythos=_number(row, "mythos", 0, 20, file, where))
        if not values["locks"] + values["mythos"]:
            raise DataError(file, f"{where}.locks", "a sanctuary needs at least one lock or "
                            "mythos token (it is removed when they are gone, R-I32-65)")
    else:
        values.update(_event(row, where, file))
        if kind == "snatched":
            values.update(_snatched(row, where, file))
    manual = text_field(row, "manual_effect", file, where)
    if values.get("effect") == "manual" and not manual:
        raise DataError(file, f"{where}.manual_effect", "an event with effect = \"manual\" "
                        "says what the director applies")
    return MovieCard(word(row, "id", file, where), text_field(row, "name", file, where, True), kind,
                     text=text_field(row, "text", file, where), manual_effect=manual, **values)


def _event(row: Mapping[str, Any], where: str, file: str) -> dict[str, Any]:
    effect = require(row, "effect", str, file, where)
    if effect not in EFFECTS:
        raise DataError(file, f"{where}.effect", f"unknown effect {effect!r}; effects are "
                        f"{', '.join(EFFECTS)}")
    if effect in ("insanity", "attack", "mythos"):
        return {"effect": effect, "value": _number(row, "value", 1, 20, file, where)}
    if "value" in row:
        raise DataError(file, f"{where}.value", "only an insanity, attack or mythos event has a "
                        "value")
    return {"effect": effect}


def _snatched(row: Mapping[str, Any], where: str, file: str) -> dict[str, Any]:
    """R-I32-42, A-I32-24: how many victims go on the card, what a failed gambit does, what
    end task 1 does to the victims left, whether monsters may attack them."""
    values: dict[str, Any] = {"victims": _number(row, "victims", 1, 12, file, where, 1),
                              "attackable": _flag(row, "attackable", file, where)}
    for key, allowed in (("fail", ("stay", "eliminated")),
                         ("reel_end", ("freed", "eliminated"))):
        values[key] = require(row, key, str, file, where) if key in row else allowed[0]
        if values[key] not in allowed:
            raise DataError(file, f"{where}.{key}", f"must be {' or '.join(allowed)}, not "
                            f"{values[key]!r}")
    return values


def _terror(row: Mapping[str, Any], where: str, file: str) -> Terror:
    reject_unknown(row, {"id", "name", "value", "text"}, file, where)
    return Terror(word(row, "id", file, where), text_field(row, "name", file, where, True),
                  _number(row, "value", 1, 20, file, where), text_field(row, "text", file, where))
