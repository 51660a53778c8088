"""Innsmouth 32 bots: tournaments of the character players' levels (issue 26).

Each level (and random-legal play, the baseline) plays every character player's seat (and
the monster player that seat becomes, R-I32-32) against the same director: random-legal
play (``--against random``) or the box's director at a level (``--against normal``). Game
``i`` at ``n`` players has the same chance source for every level and the same random
source for the director, so two levels meet the same dice and shuffles as far as their
choices let them. Default options. A win is the players' (a survivor left at the end,
A-I32-01). Rows: win rates with 95% Wilson intervals and the two-proportion z (z > 1.96: A is
significantly stronger at 5%); decision times are the CPU time of the character players'
``choose`` calls.

    nice -n 19 .venv/bin/python -m benchmarks.bots_i32_people --games 400 --players 3 \
        --against random
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.bots_innsmouth_32 import GAME, LIMIT, Teller
from benchmarks.bots_stats import level_row, pair_row, table, times_row
from services.bots.contract import LEVELS, bot_rng, decide
from services.bots.innsmouth_32 import make_bot
from services.bots.play import Record
from services.games.core import SeatPrompt

ENTRANTS = ("random", *LEVELS)
PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"), ("normal", "easy"),
         ("hard", "normal"), ("hard", "easy"))


def play_one(level: str, players: int, seed: int,
             against: str = "random") -> tuple[bool, list[float]]:
    """Game ``seed`` at ``players`` with ``level`` at every character player's seat (random:
    any legal action) and ``against`` at the director's: (the players won, the decision
    times of the character players' seats in ms)."""
    state = GAME.new_state(players, {})
    record = Record(state)
    chance = random.Random(f"i32-people:{players}:{seed}")
    game_seed = f"{players}:{seed}"
    ours = None if level == "random" else make_bot(level)
    theirs = None if against == "random" else make_bot(against)
    tellers = {s: Teller(s) for s in range(players)}
    times: list[float] = []
    while True:
        record.resolve_chance(chance)
        if state.outcome() is not None:
            break
        if len(record.actions) > LIMIT:
            raise RuntimeError(f"game {seed} ({players} players) did not end")
        for prompt in sorted((p for p in state.pending() if isinstance(p, SeatPrompt)),
                             key=lambda p: p.seat):  # lowest seat first; one may wait
            seat = prompt.seat
            legal = state.legal_actions(seat)
            bot = theirs if seat == state.director else ours
            if bot is None or (len(legal) == 1 and not prompt.optional):
                record.apply(bot_rng(game_seed, seat, len(record.actions)).choice(legal))
                break
            knowledge = tellers[seat].knowledge(state, record)
            began = time.process_time()
            action = decide(bot, knowledge, game_seed)
            if seat != state.director:
                times.append((time.process_time() - began) * 1000)
            if action is not None:
                record.apply(action)
                break
        else:
            raise RuntimeError(f"game {seed} ({players} players): every seat asked waits")
    outcome = state.outcome()
    return bool(outcome and state.director not in outcome.winners), times


def tournaments(games: int, seed: int, players: Sequence[int], against: str = "random",
                entrants: Sequence[str] = ENTRANTS) -> list[dict[str, Any]]:
    """One dict per pairing and player count, one per level for the decision times."""
    wins: dict[tuple[str, int], int] = {}
    times: dict[str, list[float]] = {level: [] for level in entrants if level != "random"}
    for n in players:
        for level in entrants:
            for index in range(seed, seed + games):
                won, spent = play_one(level, n, index, against)
                wins[level, n] = wins.get((level, n), 0) + won
                if level != "random":
                    times[level] += spent
            print(f"{n} players, {level}: {wins.get((level, n), 0)}/{games}", file=sys.stderr)
    role = f"characters vs {against}"
    rows = [level_row(role, level, n, wins.get((level, n), 0), games)
            for n in players for level in entrants]
    for n in players:
        for a, b in PAIRS:
            if a in entrants and b in entrants:
                rows.append(pair_row(role, a, b, n, wins[a, n], games, wins[b, n], games))
    for level, spent in times.items():
        rows.append(times_row("characters", level, spent))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--players", type=int, nargs="+", default=[3])
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--against", choices=("random", *LEVELS), default="random",
                        help="the director's seat")
    parser.add_argument("--levels", nargs="+", default=list(ENTRANTS), choices=ENTRANTS)
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON here")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.against, args.levels)
    print(table(rows))
    print(f"\n{time.perf_counter() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
