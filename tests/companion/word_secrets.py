"""What a seat's secrets are, for the phone leak scans: a view's strings and the names of
the cards and rooms they are (a page in words names a card the view gives by id)."""

from __future__ import annotations

from typing import Any

SUFFIX, PREFIX = " (example)", "Example "


def leaves(value: Any, keys: bool = False, found: set[str] | None = None) -> set[str]:
    """Every string in a view; with ``keys`` its dict keys only (field names, and a card
    kind where a pile counts its cards by kind: {"hostage": 1})."""
    found = set() if found is None else found
    if isinstance(value, dict):
        if keys:
            found.update(k for k in value if isinstance(k, str))
        for item in value.values():
            leaves(item, keys, found)
    elif isinstance(value, list):
        for item in value:
            leaves(item, keys, found)
    elif isinstance(value, str) and not keys:
        found.add(value)
    return found


def names(data: Any, strings: set[str]) -> set[str]:
    """The strings and the printed names of those that are card or room ids of the game
    (with and without the EXAMPLE pack's marks, as the pages write them)."""
    found = set(strings)
    for text in strings:
        for look in ("get", "card"):
            try:
                name = str(getattr(data, look)(text).name)
            except (AttributeError, KeyError, ValueError, TypeError):
                continue
            found |= {name, name.removesuffix(SUFFIX), name.removeprefix(PREFIX)}
            break
    return found
