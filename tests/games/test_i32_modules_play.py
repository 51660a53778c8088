"""Innsmouth 32's advanced modules (R-I32-80..84) in random playouts: every module on, the
shared conformance checks (snapshots, views, refusals, replays), and the secret cultist
checked by indistinguishability: another director's pick changes nothing any other seat or
the public table reads while it hides (R-I32-84)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from services.games.core import Action
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.snapshot import check_snapshot
from tests.games.conformance import Conformance, Keep
from tests.games.i32_helpers import GAME
from tests.games.test_i32_conformance import forbidden as hidden

MODULES = (
    {"terrors": "3", "hound": "replace", "night_clerk": True, "secret_cultist": True,
     "faction_play": True},
    {"terrors": "per_reel", "hound": "companion", "night_clerk": True,
     "secret_cultist": True, "survivor_loss": True},
    {"terrors": "1", "hound": "replace_random", "secret_cultist": True},
    {"terrors": "2", "hound": "thirteenth", "night_clerk": True, "faction_play": True,
     "hound_returns": True, "survivor_loss": True},
)


def forbidden(state: Any, seat: int | None) -> set[str]:
    """As in every game (spec 5.8), less what the modules tell: the survivor the Hound comes
    with (a random victim drawn in the open) and the secret cultist, to the director, or to all
    once known (naming it tells nothing of where its card lies)."""
    known = {state.mods["companion"]}
    if seat == state.director or state.cultist_known():
        known.add(state.mods["cultist"])
    return hidden(state, seat) - known


def invariants(state: Any) -> None:
    check_snapshot(state)
    assert all(len(pool) <= 3 for pool in state.pools)
    for seat in range(state.players):
        assert all(state.throng_size(seat, i) <= 3 for i in range(6))  # terrors aside
    if state.mods["cultist"] and not state.mods["revealed"]:
        assert state.mods["cultist"] not in state.victims


def secrets(state: Any, history: Sequence[Action]) -> list[tuple[int, Keep]]:
    """The director's pick of the secret cultist, while it hides. Another pick that would be
    known by now is no twin: its card left play as a survivor (its victims card missed), or
    it is in play with no survivor left to draw (its reveal) or alone in play (a draw)."""
    if state.phase == "over" or not state.mods["cultist"] or state.cultist_known():
        return []
    for i, action in enumerate(history):
        if isinstance(action, a.Choose) and action.seat == state.director and \
                action.value == state.mods["cultist"]:
            gone = {*state.removed, *(set(state.familiar) & set(state.seen))}
            alive = set(state.in_play()) - state.module_people()
            if not state.survivor_pile or len(alive) == 1:
                gone |= alive  # its reveal (R-I32-84) or a draw would have shown it
            return [(i, lambda x, gone=frozenset(gone): isinstance(x, a.Choose)
                     and x.value not in gone)]
    return []


PLAY = Conformance(GAME, forbidden, invariants, max_steps=4000, sample=0.1, secrets=secrets,
                   twin_rate=0.05)


@pytest.mark.parametrize("players", [2, 3, 5, 9])
@pytest.mark.parametrize("module", range(len(MODULES)))
def test_random_playouts_with_the_modules(players: int, module: int) -> None:
    """One game per set of modules and seat count (16 in all); the seeds alternate between
    the two series (``players`` and ``100 + players``) the tests once played both of."""
    PLAY.playout(players, MODULES[module], (module + players) % 2 * 100 + players)
