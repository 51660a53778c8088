"""Intruder Escape engine speed: steps per second and whole random games per second.

    .venv/bin/python benchmarks/engine_intruder.py [--games 100]

A step is one applied action: for a seat, one `legal_actions` call plus one `apply` (what the
box does per move, minus the journal); for chance (the identity deal, the shuffles, every
roll of the die, where a dead player's escape item goes back), one `resolve` plus one
`apply`. A game is the setup plus random legal moves until a team wins; the seat that acts
is the first one pending (during the keep choices every living seat is pending at once).
Views are measured separately, in the middle of a round's turns (rows on the table, so every
view evaluates every row), because the box renders from them after every move.

Times are the process's CPU time (``time.process_time``), best of 3, so other work on the
machine does not count; on an idle machine they equal the wall-clock times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from services.games.core import SeatPrompt
from services.games.registry import default_registry


def play(game, players: int, seed: int) -> tuple[int, int, int]:
    """One random game: (seat steps, chance steps, rounds)."""
    rng = random.Random(seed)
    state = game.new_state(players)
    seats = chance = 0
    while state.outcome() is None:
        prompt = state.pending()[0]
        if isinstance(prompt, SeatPrompt):
            state.apply(rng.choice(state.legal_actions(prompt.seat)))
            seats += 1
        else:
            state.apply(prompt.resolve(rng))
            chance += 1
    return seats, chance, state.round


def mid_round(game, players: int, seed: int = 1):
    """A state in round 2 with cards in the rows: the views then have rows to evaluate."""
    rng = random.Random(seed)
    state = game.new_state(players)
    while True:
        prompt = state.pending()[0]
        on_table = sum(len(row) for row in state.rows)
        if state.round >= 2 and state.phase == "turn" and on_table >= players:
            return state
        if isinstance(prompt, SeatPrompt):
            state.apply(rng.choice(state.legal_actions(prompt.seat)))
        else:
            state.apply(prompt.resolve(rng))
        if state.outcome() is not None:
            state, seed = game.new_state(players), seed + 1
            rng = random.Random(seed)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    game = default_registry().get("intruder-escape")
    print(f"{'players':>7} {'games/s':>9} {'steps/s':>9} {'steps/game':>10} {'chance':>7} "
          f"{'rounds':>7} {'views/s':>9}")
    for players in (3, 4, 5, 6):
        timings = []
        seats = chance = rounds = 0
        for repeat in range(3):
            start = time.process_time()
            results = [play(game, players, repeat * 10_000 + s) for s in range(args.games)]
            timings.append(time.process_time() - start)
            seats = sum(r[0] for r in results)
            chance = sum(r[1] for r in results)
            rounds = sum(r[2] for r in results)
        best = min(timings)
        steps = seats + chance
        state = mid_round(game, players)
        view_timings = []
        for _ in range(3):
            start = time.process_time()
            for _ in range(1000):
                for seat in (None, *range(players)):
                    state.view(seat)
            view_timings.append(time.process_time() - start)
        views = 1000 * (players + 1) / min(view_timings)
        n = args.games
        print(f"{players:>7} {n / best:>9.0f} {steps / best:>9.0f} {steps / n:>10.1f} "
              f"{chance / n:>7.1f} {rounds / n:>7.1f} {views:>9.0f}")
    print(f"(best of 3 rounds, views too; median round {statistics.median(timings):.2f} s for "
          f"{args.games} games of 6 players; 'chance' = chance steps per game, included in "
          "steps/game; 'rounds' = rounds per game)")


if __name__ == "__main__":
    main()
