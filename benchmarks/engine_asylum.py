"""Asylum Escape engine speed: steps per second, whole random games per second, views per second.

    .venv/bin/python benchmarks/engine_asylum.py [--games 100]

A step is one applied action: for a seat, one `legal_actions` call plus one `apply` (what the
box does per move, minus the journal); for chance (the Patients player's seat, the layout and
deck shuffles, every coin flip, every kill roll, a random discard), one `resolve` plus one
`apply`. A game is the setup plus random legal moves until a side wins; the seat that acts is
the first one pending (while the start rooms are chosen every Victim is pending at once). Each
player count is measured in both modes (short: the game ends after Patient turn 9; long: it
ends 3 Patient turns after only one Victim is left), with the box's decks and, in one more
row, with the table's own decks (option cards = physical: whoever draws tells the box the
card, picked at random from the deck's unseen cards).

Views are measured separately on a game in Patient turn 5 or later with several Patients on a
collapsed grid, because the box renders every screen from one after each move.

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


def play(game: Any, players: int, options: dict[str, Any], seed: int) -> tuple[int, int, int]:
    """One random game: (seat steps, chance steps, Patient turns)."""
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
    return seats, chance, state.turn


def late_game(game: Any, players: int, first_seed: int = 1) -> Any:
    """A Victim's turn in Patient turn 5 or later with rooms destroyed (with 2 players, whose
    game ends after Patient turn 3: in turn 2 or later)."""
    first = 5 if players > 2 else 2
    for seed in range(first_seed, first_seed + 10_000):
        rng = random.Random(seed)
        state = game.new_state(players, {"mode": "long"})
        while state.outcome() is None:
            if state.turn >= first and state.phase == "victim_act" and (
                    state.destroyed or players == 2):
                return state
            prompt = state.pending()[0]
            if isinstance(prompt, SeatPrompt):
                state.apply(rng.choice(state.legal_actions(prompt.seat)))
            else:
                state.apply(prompt.resolve(rng))
    raise RuntimeError(f"no late game found for {players} players")


def measure(game: Any, players: int, options: dict[str, Any], games: int) -> dict[str, float]:
    timings = []
    seats = chance = turns = 0
    for repeat in range(3):
        start = time.process_time()
        results = [play(game, players, options, repeat * 10_000 + s) for s in range(games)]
        timings.append(time.process_time() - start)
        seats = sum(r[0] for r in results)
        chance = sum(r[1] for r in results)
        turns = sum(r[2] for r in results)
    best = min(timings)
    return {"games/s": games / best, "steps/s": (seats + chance) / best,
            "steps/game": (seats + chance) / games, "chance": chance / games,
            "turns": turns / games}


def views_per_second(game: Any, players: int) -> float:
    state = late_game(game, players)
    timings = []
    for _ in range(3):
        start = time.process_time()
        for _ in range(500):
            for seat in (None, *range(players)):
                state.view(seat)
        timings.append(time.process_time() - start)
    return 500 * (players + 1) / min(timings)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    game = default_registry().get("asylum-escape")
    print(f"{'players':>7} {'mode':>5} {'cards':>8} {'games/s':>8} {'steps/s':>8} "
          f"{'steps/game':>10} {'chance':>7} {'turns':>6} {'views/s':>8}")
    rows = [(p, m, "box") for p in (2, 3, 4, 5, 6) for m in ("short", "long")]
    rows += [(6, "long", "physical")]
    for players, mode, cards in rows:
        found = measure(game, players, {"mode": mode, "cards": cards}, args.games)
        views = views_per_second(game, players) if mode == "long" and cards == "box" else 0
        shown = f"{views:>8.0f}" if views else f"{'':>8}"
        print(f"{players:>7} {mode:>5} {cards:>8} {found['games/s']:>8.0f} "
              f"{found['steps/s']:>8.0f} {found['steps/game']:>10.1f} {found['chance']:>7.1f} "
              f"{found['turns']:>6.1f} {shown}")
    print(f"(best of 3 rounds of {args.games} games; 'chance' = chance steps per game, "
          "included in steps/game; 'turns' = Patient turns per game; views once per player "
          "count)")


if __name__ == "__main__":
    main()
