"""Copies of a card: cards alike in all but their ids look alike on the table.

A channel that reaches someone who cannot tell copies apart names a card by its *kind*: the
stem its copies are numbered after (``camo-hide`` for ``camo-hide-1`` .. ``camo-hide-4``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import Any


def copy_kinds(cards: Iterable[Any], ids: Collection[str]) -> dict[str, str]:
    """The kind of each card (a frozen dataclass with an ``id``) that has copies: cards alike
    in all but their ids, numbered after one stem that no other card shares and that is no
    id of ``ids``. Cards without copies, or whose stem is ambiguous, keep their ids."""
    groups: dict[Any, list[str]] = {}
    for card in cards:
        groups.setdefault(replace(card, id=""), []).append(card.id)
    found: dict[str, list[list[str]]] = {}  # stem: the groups of copies named after it
    for members in groups.values():
        stems = {m.rsplit("-", 1)[0] for m in members}
        numbered = all(m.rsplit("-", 1)[-1].isdigit() for m in members)
        if len(members) > 1 and len(stems) == 1 and numbered and not stems & set(ids):
            found.setdefault(stems.pop(), []).append(members)
    # a stem shared by two different cards names neither: their copies keep their ids
    return {m: stem for stem, kinds in found.items() if len(kinds) == 1 for m in kinds[0]}
