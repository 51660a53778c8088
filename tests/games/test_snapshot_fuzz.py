"""A fuzz of damaged snapshots for every game: 0 crashes.

Snapshots are taken from seeded random playouts at several moments, then damaged (fields
deleted, replaced, retyped; cards duplicated, dropped, renamed, moved; numbers changed;
lists shortened). Each damaged snapshot is either refused with a SnapshotError, or the state
loaded from it answers every question the box asks (every view, every legal list, the
prompts, the outcome, a snapshot that loads back to itself) and plays on for a few moves.
Bounded by example count, never by time.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from services.games.core import Game, GameError, SnapshotError
from services.games.registry import default_registry
from tests.games.mutate import mutate, playout_snapshots, step

REGISTRY = default_registry()

# game id: (player counts, options of the playouts, max steps of a playout)
PLAN: dict[str, tuple[tuple[int, ...], tuple[dict, ...], int]] = {
    "decktet-escape": ((3, 4, 5), ({}, {"cards": "physical"}), 120),
    "intruder-escape": ((3, 4, 6), ({}, {"characters": "by_seat", "items_on_death": "discard"}),
                        300),
    "innsmouth-escape": ((2, 3, 5), ({}, {"cards": "physical"}), 900),
    "asylum-escape": ((2, 6), ({}, {"cards": "physical"}), 300),
    "innsmouth-32": ((2, 4, 9), ({}, {"survivor_loss": True, "reveal_per_player_turn": True}),
                     600),
}
DEFAULT_STEPS = 300  # a game not planned above: its fewest and most players, default options
POINTS = 10  # snapshots per playout, the first and the last included
DAMAGED = 30  # damaged copies of each snapshot


def exercise(game: Game, data: dict, rng: random.Random, moves: int = 4) -> str:
    """Load ``data``: "refused" on a SnapshotError, "loaded" when the state answers every
    question and plays ``moves`` moves. Anything else is raised: a crash."""
    try:
        state = game.state_from_json(data)
    except SnapshotError as error:
        assert error.message and "Error(" not in error.message, error.message
        return "refused"
    for _ in range(moves + 1):
        state.pending()
        for seat in (None, *range(state.players)):
            state.view(seat)
            if seat is not None:
                state.legal_actions(seat)
        again = game.state_from_json(state.to_json())
        assert again.to_json() == state.to_json()
        if state.outcome() is not None:
            break
        try:
            step(state, rng)
        except GameError:
            break
    return "loaded"


def plan(game: Game) -> tuple[tuple[int, ...], tuple[dict, ...], int]:
    info = game.info
    return PLAN.get(info.id, ((info.min_players, info.max_players), ({},), DEFAULT_STEPS))


@pytest.mark.parametrize("game_id", [game.info.id for game in REGISTRY])
def test_damaged_snapshots_never_crash(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    counts, variants, max_steps = plan(game)
    rng = random.Random(game_id)
    seen: Counter[str] = Counter()
    for players in counts:
        for options in variants:
            snapshots = playout_snapshots(game, players, rng.randrange(10**6), POINTS,
                                          max_steps, options)
            for snapshot in snapshots:
                assert exercise(game, snapshot, rng) == "loaded"
                for _ in range(DAMAGED):
                    damaged = mutate(snapshot, rng, rng.choice((1, 1, 2, 3)))
                    seen[exercise(game, damaged, rng)] += 1
    assert seen["refused"] > 200 and seen["loaded"] > 20, seen
