"""What a person types in ``refbox play``: a number, a chance outcome as JSON."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

MAX_INPUT = 1000  # characters: a typed chance outcome longer than this is refused unread
_NUMBER = re.compile(r"[0-9]{1,9}")  # ASCII digits only: '²' or '٣' are not numbers here

OUTCOMES = {  # a chance outcome of each kind of chance prompt, as typed
    "roll": '{"faces": [FACES]}',
    "flip": '{"heads": true}',
    "shuffle": '{"order": [every id of the DECK pile, top first]}',
    "draw": '{"card": an id of the DECK pile}',
}


def outcome_example(prompt: Mapping[str, Any]) -> str:
    """What a chance prompt (its JSON form) takes, as typed: a roll's faces, a pile's ids."""
    faces = ", ".join(str(1 + i % 6) for i in range(2, 2 + int(prompt.get("count", 1))))
    return OUTCOMES.get(str(prompt.get("kind")), OUTCOMES["roll"]).replace(
        "FACES", faces).replace("DECK", str(prompt.get("deck", "")))


def number(text: str) -> int | None:
    """A whole number typed with ASCII digits (at most 9), else None."""
    return int(text) if _NUMBER.fullmatch(text) else None


def no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number here")
