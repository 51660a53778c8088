"""Helpers every game's rule tests share: exact refusals that change nothing, event lists."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from services.games.core import IllegalAction, State


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state: State, action: Any, rule: str, text: str) -> IllegalAction:
    """``action`` is refused under ``rule`` with ``text`` in its message; nothing changes."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert snapshot(state) == before, "a refusal changed the state"
    error = info.value
    assert error.rule == rule, f"rule {error.rule!r} ({error.message!r}), expected {rule!r}"
    assert text in error.message, f"{text!r} not in {error.message!r}"
    return error


def types(events: Iterable[Any]) -> list[str]:
    return [e.type for e in events]


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
