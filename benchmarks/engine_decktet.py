"""Escape! engine speed: steps per second and whole random games per second.

    .venv/bin/python benchmarks/engine_decktet.py [--games 300]

A step is one `legal_actions` call plus one `apply` (what the box does per move, minus the
journal); a game is the shuffle plus random legal moves until the game ends. Views are
measured separately because the box renders from them after every move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from services.games.registry import default_registry


def play(game, players: int, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_state(players)
    state.apply(state.chance_prompt().resolve(rng))
    steps = 0
    while state.outcome() is None:
        seat = state.pending()[0].seat
        state.apply(rng.choice(state.legal_actions(seat)))
        steps += 1
    return steps


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args(argv)
    game = default_registry().get("decktet-escape")
    print(f"{'players':>7} {'games/s':>9} {'steps/s':>9} {'steps/game':>10} {'views/s':>9}")
    for players in (3, 4, 5):
        rounds = []
        steps = 0
        for repeat in range(3):
            start = time.perf_counter()
            steps = sum(play(game, players, repeat * 10_000 + s) for s in range(args.games))
            rounds.append(time.perf_counter() - start)
        best = min(rounds)
        state = game.new_state(players)
        state.apply(state.chance_prompt().resolve(random.Random(1)))
        start = time.perf_counter()
        for _ in range(2000):
            for seat in (None, *range(players)):
                state.view(seat)
        views = 2000 * (players + 1) / (time.perf_counter() - start)
        print(f"{players:>7} {args.games / best:>9.0f} {steps / best:>9.0f} "
              f"{steps / args.games:>10.1f} {views:>9.0f}")
    print(f"(best of 3 rounds; median round {statistics.median(rounds):.2f} s for "
          f"{args.games} games)")


if __name__ == "__main__":
    main()
