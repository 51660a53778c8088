"""Innsmouth 32 engine speed: steps per second, whole random games per second, views per second.

    .venv/bin/python benchmarks/engine_i32.py [--games 100]

A step is one applied action: for a seat, one `legal_actions` call plus one `apply` (what the
box does per move, minus the journal); for chance (the survivor and movie shuffles, every
shuffle of the discards, every 2d6 and 1d6, every random victim), one `resolve` plus one
`apply`. A game is the set-up plus random legal moves until the movie ends (the director's
final turn, Last One Standing, or no survivor left); the seat that acts is the first one
pending. Each player count (2 to 9 seats: the director and 1 to 8 character players) is
measured with the default options and, in one more row per count, with the options that add
prompts or rolls ("busy": survivor loss, counterstrike chains, lock damage by total,
the reveal per player turn, clipping in any reel). A game the engine cannot finish (it
raises) is left out of the numbers and listed at the end: there should be none.

Views are measured separately on a game in reel III or later with monsters in throngs and a
survivor in play, because the box renders every screen from one after each move.

Times are the process's CPU time (``time.process_time``), best of 3, so other work on the
machine does not count; on an idle machine they equal the wall-clock times.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from services.games.core import SeatPrompt
from services.games.registry import default_registry

BUSY = {"survivor_loss": True, "counterstrike_chain": True, "lock_damage": "damage_total",
        "reveal_per_player_turn": True, "clip_any_turn": True}


def play(game: Any, players: int, options: dict[str, Any], seed: int) -> tuple[int, int, int]:
    """One random game: (seat steps, chance steps, last reel)."""
    rng = random.Random(seed)
    state = game.new_state(players, options)
    seats = chance = 0
    while state.outcome() is None:
        prompt = state.pending()[0]
        if isinstance(prompt, SeatPrompt):
            state.apply(rng.choice(state.legal_actions(prompt.seat)))
            seats += 1
        else:
            state.apply(prompt.resolve(rng))
            chance += 1
    return seats, chance, state.reel


def late_game(game: Any, players: int, first_seed: int = 1) -> Any:
    """A character player's turn in reel III or later, monsters in throngs, survivors in
    play."""
    for seed in range(first_seed, first_seed + 10_000):
        rng = random.Random(seed)
        state = game.new_state(players, {})
        while state.outcome() is None:
            if state.reel >= 3 and state.phase == "turn" and state.in_play() and any(
                    card for throngs in state.throngs for t in throngs for card in t):
                return state
            prompt = state.pending()[0]
            if isinstance(prompt, SeatPrompt):
                state.apply(rng.choice(state.legal_actions(prompt.seat)))
            else:
                state.apply(prompt.resolve(rng))
    raise RuntimeError(f"no late game found for {players} players")


FAILED: list[str] = []  # games the engine could not finish (a bug: they should be none)


def played(game: Any, players: int, options: dict[str, Any],
           seed: int) -> tuple[int, int, int] | None:
    """:func:`play`, or None (noted in ``FAILED``) if the engine raises."""
    try:
        return play(game, players, options, seed)
    except Exception as error:  # a benchmark reports an engine bug, it does not stop
        FAILED.append(f"{players} players, {options or 'default'}, seed {seed}: "
                      f"{type(error).__name__} {error}")
        return None


def measure(game: Any, players: int, options: dict[str, Any], games: int) -> dict[str, float]:
    timings = []
    seats = chance = reels = finished = 0
    for repeat in range(3):
        start = time.process_time()
        found = [played(game, players, options, repeat * 10_000 + s) for s in range(games)]
        timings.append(time.process_time() - start)
        results = [r for r in found if r is not None]
        finished = len(results)
        seats = sum(r[0] for r in results)
        chance = sum(r[1] for r in results)
        reels = sum(r[2] for r in results)
    best = min(timings)
    return {"games/s": finished / best, "steps/s": (seats + chance) / best,
            "steps/game": (seats + chance) / finished, "chance": chance / finished,
            "reels": reels / finished}


def views_per_second(game: Any, players: int) -> float:
    state = late_game(game, players)
    timings = []
    for _ in range(3):
        start = time.process_time()
        for _ in range(200):
            for seat in (None, *range(players)):
                state.view(seat)
        timings.append(time.process_time() - start)
    return 200 * (players + 1) / min(timings)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    game = default_registry().get("innsmouth-32")
    print(f"{'players':>7} {'options':>8} {'games/s':>8} {'steps/s':>8} {'steps/game':>10} "
          f"{'chance':>7} {'reels':>6} {'views/s':>8}")
    for players in range(2, 10):
        for name, options in (("default", {}), ("busy", BUSY)):
            found = measure(game, players, dict(options), args.games)
            views = views_per_second(game, players) if name == "default" else 0
            shown = f"{views:>8.0f}" if views else f"{'':>8}"
            print(f"{players:>7} {name:>8} {found['games/s']:>8.0f} {found['steps/s']:>8.0f} "
                  f"{found['steps/game']:>10.1f} {found['chance']:>7.1f} "
                  f"{found['reels']:>6.1f} {shown}")
    print(f"(best of 3 rounds of {args.games} games; 'chance' = chance steps per game, "
          "included in steps/game; 'reels' = the reel the game ended in; views once per "
          "player count)")
    for failure in FAILED:
        print(f"ENGINE ERROR, game left out: {failure}")


if __name__ == "__main__":
    main()
