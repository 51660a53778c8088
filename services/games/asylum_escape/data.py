"""Asylum Escape's data: location cards, Patients, Victims and the four card decks (A-AE-01).

The rulebook gives no component counts and no card texts, so refbox ships an EXAMPLE file
(``services/games/data/asylum.toml``) in a documented format; the table replaces it with a
copy describing its own cards. Fields the engine acts on are structured (``catching_stat``,
``start_room``, ``colour``, ``value``, ``stumble``, ``timing``, ``effect``: a Camo/Sabo
card's or a Bloodlust card's); anything else is a
``manual_effect`` the table applies with logged referee adjustments. The loader names the file
and the field of the first problem (``patients[2].catching_stat[1]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from services.games.core import DataError
from services.games.kit.copies import copy_kinds
from services.games.kit.packs import (
    parse_toml,
    reject_unknown,
    require,
    shipped_pack_text,
    word,
)
from services.games.kit.packs import text as text_field

SHIPPED_FILE = "asylum.toml"
GRID_SIZE = 5  # R-AE-01: a 5x5 layout
MAX_FACE = 20
TIMINGS = ("own_turn", "other_turn", "response", "hold")
EFFECTS = ("save", "move")
BLOODLUST_EFFECTS = ("move_patient", "reveal", "destroy")  # applied by the box (R-AE-16)
# Minimum sizes: 5 Victims at 6 players; a Patient at setup and one on turn 3; a Special
# Patient on turn 5; a Camo/Sabo card for each Victim at setup; one Movement number card.
MINIMUM = {"locations": GRID_SIZE * GRID_SIZE, "patients": 2, "special_patients": 1,
           "victims": 5, "camo_sabo": 5, "movement": 1, "bloodlust": 1}
SECTIONS = ("locations", "patients", "special_patients", "victims", "camo_sabo", "movement",
            "bloodlust")


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class Patient:
    id: str
    name: str
    start_room: str
    catching_stat: tuple[int, ...]  # die faces that kill (R-AE-11)
    special: bool = False
    text: str = ""


@dataclass(frozen=True)
class Victim:
    id: str
    name: str
    positive: str
    negative: str
    hand_limit: int = 7  # R-AE-25 unless the card changes it
    move_bonus: int = 0  # added to every Movement card the Victim uses (never below 0)


@dataclass(frozen=True)
class CamoSabo:
    id: str
    name: str
    kind: str  # "camo" or "sabo"
    timing: tuple[str, ...]
    effect: str = ""  # "save" (cancels one kill attempt), "move" (a secret move of ``value``)
    value: int = 0
    manual_effect: str = ""
    text: str = ""

    @property
    def hold(self) -> bool:
        return "hold" in self.timing


@dataclass(frozen=True)
class Movement:
    id: str
    value: int = 0
    stumble: bool = False  # "Stumble Into Nearest Patient" (R-AE-23)


@dataclass(frozen=True)
class Bloodlust:
    id: str
    name: str
    text: str = ""
    manual_effect: str = ""
    effect: str = ""  # "move_patient" (up to ``value`` rooms), "reveal" or "destroy"
    value: int = 0


@dataclass(frozen=True)
class AsylumData:
    pack_id: str
    version: int
    title: str
    example: bool
    locations: tuple[Location, ...]
    patients: tuple[Patient, ...]  # ordinary and special, in file order
    victims: tuple[Victim, ...]
    camo_sabo: tuple[CamoSabo, ...]
    movement: tuple[Movement, ...]
    bloodlust: tuple[Bloodlust, ...]
    _by_id: dict[str, Any] = field(init=False, repr=False, compare=False)
    _kinds: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        every = (*self.locations, *self.patients, *self.victims, *self.camo_sabo,
                 *self.movement, *self.bloodlust)
        by_id = {x.id: x for x in every}
        kinds = copy_kinds((*self.camo_sabo, *self.movement, *self.bloodlust), set(by_id))
        for card_id, kind in kinds.items():
            by_id.setdefault(kind, by_id[card_id])
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_kinds", kinds)

    def get(self, some_id: str) -> Any:
        """The location or card with this id, or the first copy of a card kind (KeyError if
        unknown)."""
        return self._by_id[some_id]

    def kind(self, card_id: str) -> str:
        """What the table sees of a card: ``camo-hide`` for any copy ``camo-hide-2`` of a card
        that has copies; any other id as it is."""
        return self._kinds.get(card_id, card_id)

    def location(self, room: str) -> Location:
        found = self._by_id[room]
        if not isinstance(found, Location):
            raise KeyError(room)
        return found

    def deck(self, name: str) -> tuple[str, ...]:
        """The ids of one deck in file order: victims, patients, special, camo_sabo,
        movement, bloodlust, or locations."""
        rows: tuple[Any, ...] = {
            "locations": self.locations, "victims": self.victims, "camo_sabo": self.camo_sabo,
            "movement": self.movement, "bloodlust": self.bloodlust,
            "patients": tuple(p for p in self.patients if not p.special),
            "special": tuple(p for p in self.patients if p.special)}[name]
        return tuple(x.id for x in rows)


def load_data(text: str | None = None, file: str = SHIPPED_FILE) -> AsylumData:
    """Parse and validate a pack; the shipped EXAMPLE when ``text`` is None."""
    if text is None:
        text = shipped_pack_text(SHIPPED_FILE)
    return build_data(parse_toml(text, file), file)


def build_data(data: Mapping[str, Any], file: str) -> AsylumData:
    reject_unknown(data, {"pack", *SECTIONS}, file, "")
    pack = require(data, "pack", dict, file, "")
    reject_unknown(pack, {"id", "version", "title", "example"}, file, "pack")
    rows = {s: _rows(data, s, file) for s in SECTIONS}
    locations = tuple(_location(r, f"locations[{i}]", file)
                      for i, r in enumerate(rows["locations"]))
    rooms = {loc.id for loc in locations}
    patients = [_patient(r, f"patients[{i}]", file, rooms, False)
                for i, r in enumerate(rows["patients"])]
    patients += [_patient(r, f"special_patients[{i}]", file, rooms, True)
                 for i, r in enumerate(rows["special_patients"])]
    result = AsylumData(
        pack_id=require(pack, "id", str, file, "pack"),
        version=require(pack, "version", int, file, "pack"),
        title=require(pack, "title", str, file, "pack"),
        example=require(pack, "example", bool, file, "pack") if "example" in pack else False,
        locations=locations,
        patients=tuple(patients),
        victims=tuple(_victim(r, f"victims[{i}]", file) for i, r in enumerate(rows["victims"])),
        camo_sabo=tuple(_camo(r, f"camo_sabo[{i}]", file)
                        for i, r in enumerate(rows["camo_sabo"])),
        movement=tuple(_movement(r, f"movement[{i}]", file)
                       for i, r in enumerate(rows["movement"])),
        bloodlust=tuple(_bloodlust(r, f"bloodlust[{i}]", file)
                        for i, r in enumerate(rows["bloodlust"])),
    )
    _check_ids(rows, file)
    if not any(m.value for m in result.movement):
        raise DataError(file, "movement", "needs at least one number card (value 1 to 6)")
    return result


def _rows(data: Mapping[str, Any], section: str, file: str) -> list[dict[str, Any]]:
    rows = require(data, section, list, file, "")
    if len(rows) < MINIMUM[section]:
        raise DataError(file, section, f"needs at least {MINIMUM[section]} entries, "
                        f"this file has {len(rows)}")
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise DataError(file, f"{section}[{i}]", "must be a table ([[" + section + "]])")
    return rows


def _check_ids(rows: Mapping[str, list[dict[str, Any]]], file: str) -> None:
    seen: dict[str, str] = {}
    for section in SECTIONS:
        for i, row in enumerate(rows[section]):
            where = f"{section}[{i}].id"
            if row["id"] in seen:
                raise DataError(file, where, f"{row['id']!r} is already the id of "
                                f"{seen[row['id']]}; every id must be unique in the file")
            seen[row["id"]] = where[:-3]


def _number(row: Mapping[str, Any], key: str, low: int, high: int, file: str,
            where: str) -> int:
    value = require(row, key, int, file, where)
    if not low <= value <= high:
        raise DataError(file, f"{where}.{key}", f"must be {low} to {high}, not {value}")
    return int(value)


def _location(row: Mapping[str, Any], where: str, file: str) -> Location:
    reject_unknown(row, {"id", "name", "colour"}, file, where)
    return Location(word(row, "id", file, where), text_field(row, "name", file, where, True),
                    word(row, "colour", file, where))


def _patient(row: Mapping[str, Any], where: str, file: str, rooms: set[str],
             special: bool) -> Patient:
    reject_unknown(row, {"id", "name", "start_room", "catching_stat", "text"}, file, where)
    start = word(row, "start_room", file, where)
    if start not in rooms:
        raise DataError(file, f"{where}.start_room", f"{start!r} is not the id of a location")
    faces = require(row, "catching_stat", list, file, where)
    if not faces:
        raise DataError(file, f"{where}.catching_stat", "must list at least one die face")
    for j, face in enumerate(faces):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= MAX_FACE:
            raise DataError(file, f"{where}.catching_stat[{j}]",
                            f"must be a die face from 1 to {MAX_FACE}, not {face!r}")
        if face in faces[:j]:
            raise DataError(file, f"{where}.catching_stat[{j}]", f"{face} is listed twice")
    return Patient(word(row, "id", file, where), text_field(row, "name", file, where, True), start,
                   tuple(sorted(faces)), special, text_field(row, "text", file, where))


def _victim(row: Mapping[str, Any], where: str, file: str) -> Victim:
    reject_unknown(row, {"id", "name", "positive", "negative", "hand_limit", "move_bonus"},
                   file, where)
    extra: dict[str, int] = {}
    if "hand_limit" in row:
        extra["hand_limit"] = _number(row, "hand_limit", 1, 20, file, where)
    if "move_bonus" in row:
        extra["move_bonus"] = _number(row, "move_bonus", -3, 3, file, where)
    return Victim(word(row, "id", file, where), text_field(row, "name", file, where, True),
                  text_field(row, "positive", file, where, True),
                  text_field(row, "negative", file, where, True), **extra)


def _camo(row: Mapping[str, Any], where: str, file: str) -> CamoSabo:
    reject_unknown(row, {"id", "name", "kind", "timing", "effect", "value", "manual_effect",
                         "text"}, file, where)
    kind = require(row, "kind", str, file, where)
    if kind not in ("camo", "sabo"):
        raise DataError(file, f"{where}.kind", f"must be camo or sabo, not {kind!r}")
    timing = require(row, "timing", list, file, where)
    for j, t in enumerate(timing):
        if t not in TIMINGS or t in timing[:j]:
            raise DataError(file, f"{where}.timing[{j}]", f"{t!r} is not allowed: each of "
                            f"{', '.join(TIMINGS)} at most once")
    if not set(timing) - {"hold"}:
        raise DataError(file, f"{where}.timing", "needs at least one of own_turn, other_turn, "
                        "response (when the card may be played)")
    effect = require(row, "effect", str, file, where) if "effect" in row else ""
    if effect and effect not in EFFECTS:
        raise DataError(file, f"{where}.effect", f"unknown effect {effect!r}; effects are "
                        f"{', '.join(EFFECTS)} (anything else: manual_effect)")
    if effect == "save" and "response" not in timing:
        raise DataError(file, f"{where}.effect", "a save is played in response to a Patient: "
                        "its timing must include response")
    if effect == "move" and "own_turn" not in timing:
        raise DataError(file, f"{where}.effect", "a move is made on your own turn: its "
                        "timing must include own_turn")
    value = _effect_value(row, effect, "move", file, where)
    manual = text_field(row, "manual_effect", file, where)
    return CamoSabo(word(row, "id", file, where), text_field(row, "name", file, where, True), kind,
                    tuple(timing), effect, value, manual, text_field(row, "text", file, where))


def _effect_value(row: Mapping[str, Any], effect: str, moving: str, file: str,
                  where: str) -> int:
    """A card's ``value`` (1..6): required with the ``moving`` effect, refused otherwise."""
    if effect == moving:
        return _number(row, "value", 1, 6, file, where)
    if "value" in row:
        raise DataError(file, f"{where}.value", f"only a card with effect = \"{moving}\" has "
                        "a value")
    return 0


def _movement(row: Mapping[str, Any], where: str, file: str) -> Movement:
    reject_unknown(row, {"id", "value", "stumble"}, file, where)
    stumble = require(row, "stumble", bool, file, where) if "stumble" in row else False
    if stumble == ("value" in row):
        raise DataError(file, where, "a Movement card has either a value (1 to 6) or "
                        "stumble = true, not both and not neither")
    value = 0 if stumble else _number(row, "value", 1, 6, file, where)
    return Movement(word(row, "id", file, where), value, stumble)


def _bloodlust(row: Mapping[str, Any], where: str, file: str) -> Bloodlust:
    reject_unknown(row, {"id", "name", "text", "manual_effect", "effect", "value"}, file, where)
    effect = require(row, "effect", str, file, where) if "effect" in row else ""
    if effect and effect not in BLOODLUST_EFFECTS:
        raise DataError(file, f"{where}.effect", f"unknown effect {effect!r}; Bloodlust effects "
                        f"are {', '.join(BLOODLUST_EFFECTS)} (anything else: manual_effect)")
    if effect and "manual_effect" in row:
        raise DataError(file, f"{where}.manual_effect", "a card with an effect is applied by "
                        "the box: give it either effect or manual_effect, not both")
    value = _effect_value(row, effect, "move_patient", file, where)
    return Bloodlust(word(row, "id", file, where), text_field(row, "name", file, where, True),
                     text_field(row, "text", file, where),
                     text_field(row, "manual_effect", file, where), effect, value)
