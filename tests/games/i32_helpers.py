"""Helpers for the Innsmouth 32 rule tests: games dealt in a known order, positions edited
through a checked snapshot, dice given by hand, refusals checked to change nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from services.games.core import Action, IllegalAction, RollResult, ShuffleResult
from services.games.innsmouth_32 import I32State, Innsmouth32
from services.games.innsmouth_32.actions import Choose

GAME = Innsmouth32()
SURVIVORS = GAME.data.ids("survivors")
MOVIE = GAME.data.ids("movie")
ITEMS = ("fire-axe", "boat-hook", "crowbar")  # three harmless opening screen cards


def start(players: int = 3, reel: Sequence[str] = (), screen: Sequence[str] = ITEMS,
          survivors: Sequence[str] = SURVIVORS, **options: Any) -> I32State:
    """A game whose survivor pile is ``survivors`` and whose movie deck puts ``reel`` on top
    of the reel pile (filled up with the rest of the deck's monsters) and ``screen`` on the
    opening screen; set-up runs to the first prompt after the deal."""
    state = GAME.new_state(players, options)
    state.apply(ShuffleResult("survivors", tuple(survivors)))
    used = [*reel, *screen]
    filler = [c for c in MOVIE if c not in used and GAME.data.get(c).kind == "monster"]
    pile = [*reel, *filler][:10]
    rest = [c for c in MOVIE if c not in pile and c not in screen]
    state.apply(ShuffleResult("movie", (*pile, *screen, *rest)))
    if state.phase == "choose" and state.current["purpose"] == "cut":
        state.apply(Choose(state.director, "pass"))  # no director's cut (R-I32-70)
    return state


def edit(state: I32State, change: Callable[[dict[str, Any]], None]) -> I32State:
    """The position with ``change`` made to its snapshot, loaded through every check."""
    data = copy.deepcopy(state.to_json())
    change(data)
    return GAME.state_from_json(data)


def move(data: dict[str, Any], card: str, to: str, *where: Any) -> None:
    """Move ``card`` in a snapshot from wherever it is to ``to``: ``reel_pile`` (top),
    ``discards``, ``screen`` slot n, ``throng`` seat i, ``items`` of a survivor."""
    for pile in ("reel_pile", "discards", "removed", "survivor_pile"):
        if card in data[pile]:
            data[pile].remove(card)
    for slot in data["screen"]:
        if slot["card"] == card:
            slot["card"], slot["down"] = "", False
    for throngs in data["throngs"]:
        for t in throngs:
            if card in t:
                t.remove(card)
    for me in data["survivors"].values():
        if card in me["items"]:
            me["items"].remove(card)
    if to == "reel_pile":
        data["reel_pile"].insert(0, card)
    elif to == "discards":
        data["discards"].append(card)
    elif to == "screen":
        old = data["screen"][where[0]]["card"]
        if old:
            data["discards"].append(old)
        data["screen"][where[0]] = {"card": card, "down": False}
    elif to == "throng":
        data["throngs"][where[0]][where[1]].append(card)
    elif to == "items":
        data["survivors"][where[0]]["items"].append(card)


def roll(state: I32State, *faces: int) -> list[Any]:
    return state.apply(RollResult(tuple(faces)))


def texts(events: Sequence[Any]) -> list[str]:
    return [e.text for e in events]


def refused(state: I32State, action: Action, rule: str, words: str) -> None:
    """``action`` is refused under ``rule`` with ``words`` in the message; nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == rule, caught.value
    assert words in caught.value.message, caught.value.message
    assert state.to_json() == before
