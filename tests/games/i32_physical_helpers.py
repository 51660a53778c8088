"""Helpers for the Innsmouth 32 tests with the table's own decks (option ``cards =
physical``): a set-up with the cards told, positions edited through a checked snapshot."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from services.games.core import SnapshotError
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME

PHYSICAL = {"cards": "physical"}
ITEMS = ("fire-axe", "boat-hook", "crowbar")


def tell(state: I32State, card: str) -> list[Any]:
    """The seat the box asks tells it ``card``."""
    assert state.phase == "identify", (state.phase, state.current)
    return state.apply(a.Identify(state.current["seat"], card))


def set_up(players: int = 3, survivors: tuple[str, ...] = ("bugsy-malone", "vera-lucchese"),
           screen: tuple[str, ...] = ITEMS, **options: Any) -> I32State:
    """Through the set-up with these survivors drawn and these opening screen cards told;
    no director's cut; the first player's turn waits."""
    state = GAME.new_state(players, {**PHYSICAL, **options})
    for card in survivors:
        tell(state, card)
    for card in screen:
        tell(state, card)
    if state.phase == "choose" and state.current["purpose"] == "cut":
        state.apply(a.Choose(state.director, "pass"))
    return state


def edit(state: I32State, change: Any) -> I32State:
    data = copy.deepcopy(state.to_json())
    change(data)
    return GAME.state_from_json(data)


def refused_snapshot(state: I32State, change: Any) -> str:
    data = copy.deepcopy(state.to_json())
    change(data)
    with pytest.raises(SnapshotError) as caught:
        GAME.state_from_json(data)
    return str(caught.value)


def with_face(d: dict[str, Any]) -> None:
    """Joe Sargent fell earlier: a familiar face in the discards everyone saw; the Shotgun
    faded out into the discards."""
    d["survivor_pile"].pop()
    d["unseen"]["survivors"].remove("joe-sargent")
    d["discards"].append("joe-sargent")
    d["familiar"].append("joe-sargent")
    d["victims"].remove("joe-sargent")
    d["unseen"]["movie"].remove("shotgun")
    d["discards"][0] = "shotgun"
    d["seen"] += ["joe-sargent", "shotgun"]
