"""Innsmouth 32: where the box's director loses, against random-legal character players.

    nice -n 19 .venv/bin/python -m benchmarks.i32_losses --games 400 --players 3 --level hard

Plays the games of ``benchmarks.bots_innsmouth_32`` (the same seeds, so the same games as
its tournaments) and, for each game the director loses, notes how many survivors were still
in play after its final turn when the movie ended without Last One Standing (A-I32-01: one
is enough for the players), or the position when Last One Standing started (R-I32-73: one
survivor in play, the survivor pile empty): is the last survivor out of reach (on a *Lost in
the Marsh*/*Snatched* card, or inside a sanctuary that still has locks), and was the
director's latest attack its only legal move (every director action attacks, R-I32-30; with
the screen empty an all-out attack is all that is left). The last line says what the
director would win if every loss with the last survivor out of reach were a win: how much
any rule about that position could gain at most.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.bots_innsmouth_32 import play_one
from services.bots.contract import LEVELS
from services.games.core import SeatPrompt
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as acts

ATTACKS = (acts.AllOut, acts.TakeAttack)


@dataclass
class Start:
    """The position when Last One Standing started."""

    where: str  # the card or sanctuary holding the last survivor ("" in the pool)
    reach: bool  # monsters may attack it (R-I32-64 locks, A-I32-24 the card's data)
    forced: bool  # the director's latest attack was its only legal move


class Watch:
    """Shown the state before each decision: keeps whether the director's latest attack was
    forced, and the position when Last One Standing starts."""

    def __init__(self) -> None:
        self.forced = False
        self.start: Start | None = None
        self.left: tuple[int, int] = (0, 0)  # survivors in play and in the pile, at the end

    def __call__(self, state: I32State) -> None:
        view = state.view(None)
        self.left = (len(view["survivors"]), view["survivor_pile"])
        if self.start is not None:
            return
        if len(view["survivors"]) == 1 and view["survivor_pile"] == 0:
            ((name, survivor),) = view["survivors"].items()
            self.start = Start(survivor["where"], name in state.attackable(), self.forced)
            return
        asked = [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]
        if asked and min(asked) == state.director:
            legal = state.legal_actions(state.director)
            if any(isinstance(a, ATTACKS) for a in legal):
                self.forced = len(legal) == 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games (seeds from --seed)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--level", choices=("random", *LEVELS), default="hard")
    args = parser.parse_args(argv)
    wins, ends, where = 0, Counter[str](), Counter[str]()
    left = Counter[int]()
    for seed in range(args.seed, args.seed + args.games):
        watch = Watch()
        won, _ = play_one(args.level, args.players, seed, watch)
        wins += won
        if won:
            continue
        start = watch.start
        if start is None:
            ends["no Last One Standing"] += 1
            left[watch.left[0]] += 1
        elif start.reach:
            ends["in reach"] += 1
        else:
            ends["out of reach"] += 1
            ends["out of reach, the attack forced"] += start.forced
            where[start.where] += 1
    lost = args.games - wins
    print(f"{args.level} director, {args.players} players, games {args.seed}-"
          f"{args.seed + args.games - 1}: won {wins} ({wins / args.games:.1%}), lost {lost}")
    print(f"  lost with no Last One Standing: {ends['no Last One Standing']}; survivors in "
          "play after the director's final turn (A-I32-01): " + ", ".join(
              f"{n} in {count}" for n, count in sorted(left.items())))
    for name in ("in reach", "out of reach", "out of reach, the attack forced"):
        print(f"  lost, the last survivor {name}: {ends[name]}")
    print("  out of reach on: " + ", ".join(f"{card} {n}" for card, n in where.most_common()))
    best = wins + ends["out of reach"]
    print(f"  every out-of-reach loss won: {best} ({best / args.games:.1%})")


if __name__ == "__main__":
    main()
