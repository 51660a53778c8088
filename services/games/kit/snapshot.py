"""Checked reads of a snapshot: every game's ``state_from_json`` reads its fields through
these, so a damaged snapshot is refused with a :class:`SnapshotError` that names the field
and says what is wrong (``"hands[2][1]: unknown card 'foo'"``), never loaded half-valid.

The checks are strict: a whole number is an ``int`` (not a float, not true/false), text is a
``str``, a list has the length the game needs, an id is one the game's data knows.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, TypeVar

from services.games.core import SnapshotError

T = TypeVar("T")
QUOTE = 40  # characters of a bad value quoted in a refusal


def snapshot_of(state: Any, fields: Iterable[str], **extra: Any) -> dict[str, Any]:
    """The snapshot of a game whose data comes from a pack: the header (game, format 1,
    players, options, the pack's id and version), the state's ``fields`` in order, ``extra``
    and the result, as a deep copy of plain JSON types (the json module does it in C)."""
    data: dict[str, Any] = {"game": state.info.id, "format": 1, "players": state.players,
                            "options": dict(state.options), "pack": state.data.pack_id,
                            "pack_version": state.data.version}
    for name in fields:
        data[name] = getattr(state, name)
    data.update(extra)
    data["result"] = state.result.to_json() if state.result else None
    return json.loads(json.dumps(data))  # type: ignore[no-any-return]


def quote(value: object) -> str:
    """A short quote of a value: ``'foo'``, ``3.0``, or its first characters and "…"."""
    if isinstance(value, str):
        return repr(value) if len(value) <= QUOTE else repr(value[:QUOTE]) + "…"
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= QUOTE else text[:QUOTE] + "…"


def fail(path: str, message: str) -> SnapshotError:
    return SnapshotError(f"{path}: {message}" if path else message)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a fraction"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def obj(value: object, path: str, fields: Collection[str] | None = None,
        optional: Collection[str] = ()) -> Mapping[str, Any]:
    """An object; with ``fields``, exactly those (plus any of ``optional``)."""
    if not isinstance(value, Mapping):
        raise fail(path, f"must be an object, not {_kind(value)}")
    if fields is not None:
        missing = [f for f in fields if f not in value]
        if missing:
            raise fail(path, f"missing field {', '.join(repr(m) for m in missing)}")
        unknown = [k for k in value if k not in fields and k not in optional]
        if unknown:
            raise fail(path, f"unknown field {quote(unknown[0])}")
    return value


def field(data: Mapping[str, Any], key: str, path: str = "") -> Any:
    if key not in data:
        raise fail(path, f"missing field {key!r}")
    return data[key]


def at(path: str, key: str | int) -> str:
    """The path of a member: ``hands`` + 2 -> ``hands[2]``, ``seats`` + ``hand`` ->
    ``seats.hand``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def integer(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(path, f"must be a whole number, not {_kind(value)} {quote(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = (f"from {low} to {high}" if low is not None and high is not None
                  else f"at least {low}" if low is not None else f"at most {high}")
        raise fail(path, f"{value} is out of range: it must be {bounds}")
    return value


def boolean(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(path, f"must be true or false, not {_kind(value)} {quote(value)}")
    return value


def text(value: object, path: str, choices: Collection[str] | None = None) -> str:
    if not isinstance(value, str):
        raise fail(path, f"must be text, not {_kind(value)} {quote(value)}")
    if choices is not None and value not in choices:
        raise fail(path, f"unknown value {quote(value)}; it must be one of "
                         f"{', '.join(sorted(choices))}")
    return value


def seq(value: object, path: str, length: int | None = None,
        most: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise fail(path, f"must be a list, not {_kind(value)} {quote(value)}")
    if length is not None and len(value) != length:
        raise fail(path, f"must list {length} items, not {len(value)}")
    if most is not None and len(value) > most:
        raise fail(path, f"lists {len(value)} items; at most {most}")
    return value


def ident(value: object, path: str, known: Collection[str], what: str = "card") -> str:
    """A known id (a card, a cell, a character...)."""
    if not isinstance(value, str):
        raise fail(path, f"must be a {what} id, not {_kind(value)} {quote(value)}")
    if value not in known:
        raise fail(path, f"unknown {what} {quote(value)}")
    return value


def ids(value: object, path: str, known: Collection[str], what: str = "card",
        length: int | None = None, most: int | None = None) -> list[str]:
    items = seq(value, path, length, most)
    return [ident(v, at(path, i), known, what) for i, v in enumerate(items)]


def seat(value: object, path: str, players: int) -> int:
    return integer(value, path, 0, players - 1)


def maybe(value: object, path: str, check: Callable[[object, str], T]) -> T | None:
    return None if value is None else check(value, path)


def each(value: object, path: str, check: Callable[[object, str], T],
         length: int | None = None) -> list[T]:
    return [check(v, at(path, i)) for i, v in enumerate(seq(value, path, length))]


def once(zones: Iterable[tuple[str, Iterable[str]]], expected: Collection[str] | None = None,
         what: str = "card") -> None:
    """Each id at most once across the zones (``(path, ids)``), and with ``expected``, every
    one of those exactly once."""
    where: dict[str, str] = {}
    for path, items in zones:
        for i, item in enumerate(items):
            here = at(path, i)
            if item in where:
                raise fail(here, f"{what} {quote(item)} is also at {where[item]}: each {what} "
                                 "exists once")
            where[item] = here
    if expected is not None:
        missing = [c for c in expected if c not in where]
        if missing:
            more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
            raise fail("", f"{what} {quote(missing[0])}{more} missing: every {what} must be "
                           "somewhere exactly once")


def outcome(value: object, path: str, players: int) -> None:
    if value is None:
        return
    data = obj(value, path, ("result", "winners", "reason", "rule"))
    text(data["result"], at(path, "result"))
    each(data["winners"], at(path, "winners"), lambda v, p: seat(v, p, players))
    text(data["reason"], at(path, "reason"))
    text(data["rule"], at(path, "rule"))
