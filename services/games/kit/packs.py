"""Reading data packs (cards, boards) shipped as TOML or supplied by the user.

Packs are read from text so that engines stay free of file I/O: the caller (the referee, a
test) reads the file and passes its text and name. Every error names the file and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from services.games.core import DataError


def parse_toml(text: str, file: str) -> dict[str, Any]:
    """Parse TOML text, turning a syntax error into a DataError naming the file."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(file, "(syntax)", f"not valid TOML: {error}") from None


def shipped_pack_text(name: str) -> str:
    """The text of a pack shipped in ``services/games/data/``."""
    return resources.files("services.games").joinpath("data", name).read_text(encoding="utf-8")


def require(table: Mapping[str, Any], key: str, kind: type, file: str, where: str) -> Any:
    """``table[key]`` of type ``kind``, or a DataError saying what was expected."""
    if key not in table:
        raise DataError(file, f"{where}.{key}" if where else key, "is missing")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        field = f"{where}.{key}" if where else key
        raise DataError(file, field, f"must be {_kind_name(kind)}, not {value!r}")
    return value


def reject_unknown(table: Mapping[str, Any], allowed: set[str], file: str, where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise DataError(
            file,
            f"{where}.{unknown[0]}" if where else unknown[0],
            f"unknown field; allowed fields are: {', '.join(sorted(allowed))}",
        )


def word(row: Mapping[str, Any], key: str, file: str, where: str) -> str:
    """A required name without spaces (an id or a colour, typed in commands)."""
    value = require(row, key, str, file, where)
    if not value or any(ch.isspace() for ch in value):
        raise DataError(file, f"{where}.{key}", f"must be a name without spaces, not {value!r}")
    return str(value)


def text(row: Mapping[str, Any], key: str, file: str, where: str,
         needed: bool = False) -> str:
    """A text field ("" when left out and not ``needed``); never blank."""
    if key not in row and not needed:
        return ""
    value = require(row, key, str, file, where)
    if not value.strip():
        raise DataError(file, f"{where}.{key}", "must not be empty" + (
            "" if needed else "; leave the field out if there is nothing to say"))
    return str(value)


def _kind_name(kind: type) -> str:
    return {
        str: "text",
        int: "a whole number",
        list: "a list",
        dict: "a table",
        bool: "true or false",
    }.get(kind, kind.__name__)
