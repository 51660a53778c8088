"""Helpers for the tests of Innsmouth 32's advanced modules (R-I32-80..84): a game started
with module set-up inputs answered first, then dealt in a known order like ``i32_helpers``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.games.core import Action, ShuffleResult
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32.actions import Choose
from tests.games.i32_helpers import GAME, ITEMS, MOVIE


def mstart(players: int = 3, setup: Sequence[Action] = (), reel: Sequence[str] = (),
           screen: Sequence[str] = ITEMS, survivors: Sequence[str] = (),
           **options: Any) -> I32State:
    """Answer the module set-up prompts with ``setup``, then shuffle this game's survivor
    pile (``survivors`` first) and movie deck (``reel`` on top of the reel pile, filled up
    with monsters; ``screen`` on the opening screen)."""
    state = GAME.new_state(players, options)
    for action in setup:
        state.apply(action)
    pile = state.deck_ids("survivors")
    state.apply(ShuffleResult("survivors", (*survivors,
                                            *[s for s in pile if s not in survivors])))
    deck = state.deck_ids("movie")
    used = [*reel, *screen]
    filler = [c for c in MOVIE if c not in used and GAME.data.get(c).kind == "monster"]
    top = [*reel, *filler][:10]
    rest = [c for c in deck if c not in top and c not in screen]
    state.apply(ShuffleResult("movie", (*top, *screen, *rest)))
    if state.phase == "choose" and state.current["purpose"] == "cut":
        state.apply(Choose(state.director, "pass"))
    return state


def director_turn(data: dict[str, Any], seat: int = 0) -> None:
    """Edit a snapshot so that ``seat`` (the director or a monster player) chooses its
    attack action now."""
    data["phase"], data["current"] = "director", {"seat": seat}
    data["todo"] = [["after_director", seat], ["next_seat", seat]][1:]
    data["fight"] = None
