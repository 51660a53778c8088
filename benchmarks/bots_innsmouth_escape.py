"""Innsmouth Escape bots: tournaments of the Deep One levels against the same Human.

Every game: the Human is one seat (by turns, ``game % players``), played by random-legal
play (the baseline of issue 23); every Deep One seat is played by the level measured
(``random``: random-legal play too). A game's number gives the deck orders and dice (one
random source for chance, seeded by the game) and the bots' random sources
(:func:`~services.bots.contract.bot_rng`), so every level meets the same games as far as
its choices let it. A pairing compares two levels' Deep One win rates over the same games:
95% Wilson intervals and the two-proportion z statistic (z > 1.96: A is significantly
stronger). One process, one game after another.

    nice -n 19 .venv/bin/python -m benchmarks.bots_innsmouth_escape --games 400

prints one table row per pairing and the decision times per level: the CPU time of one
Deep One decision, the seat's knowledge built from the game (``knowledge_of``) included.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.bots_loop import play_sides
from benchmarks.bots_stats import level_row, pair_row, table, times_row
from services.bots.innsmouth_escape import make_bot
from services.bots.play import Record
from services.games.innsmouth_escape import InnsmouthEscape

LEVELS = ("random", "easy", "normal", "hard")
PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"), ("normal", "easy"),
         ("hard", "normal"))
PLAYERS = (2, 3, 4, 5)
ROLE = "deep_ones"
HUMAN = "human"
LIMIT = 20_000  # actions: a game longer than this is counted as not won by the Deep Ones
HUMAN_LIMIT = 3_000  # the same for the Human measured: he has not escaped by then


def play_one(level: str, players: int, game: int, seed: int, role: str = ROLE,
             against: str = "random") -> tuple[bool, list[float]]:
    """One game with ``level`` in ``role`` (every Deep One seat, or the Human) and
    ``against`` in the other seats: (``role`` won, the CPU time of each of its decisions in
    ms)."""
    box = InnsmouthEscape()
    human = game % players
    state = box.new_state(players, {"human_seat": human})
    bot = None if level == "random" else make_bot(level)
    other = None if against == "random" else make_bot(against)
    record = Record(state)
    chance = random.Random(f"innsmouth-bench:{seed}:{players}:{game}")
    name = f"{seed}:{players}:{game}"
    times = play_sides(record, chance, name, lambda seat: (seat == human) == (role == HUMAN),
                       bot, other, HUMAN_LIMIT if role == HUMAN else LIMIT)
    outcome = state.outcome()
    human_won = outcome is not None and human in outcome.winners
    return human_won if role == HUMAN else (outcome is not None and not human_won), times


def tournaments(games: int, seed: int, players: Sequence[int] = PLAYERS,
                levels: Sequence[str] = LEVELS, role: str = ROLE,
                against: str = "random") -> list[dict[str, Any]]:
    """One dict per pairing of the levels run in ``role`` (the other side ``against``), at
    each player count; then one per level with its decision times (p50, p99, max ms)."""
    wins: dict[tuple[str, int], int] = {}
    times: dict[str, list[float]] = {}
    for n in players:
        for level in levels:
            wins[level, n] = 0
            for game in range(games):
                won, spent = play_one(level, n, game, seed, role, against)
                wins[level, n] += won
                times.setdefault(level, []).extend(spent)
            print(f"{n} players, {level}: {wins[level, n]}/{games}", file=sys.stderr)
    label = role if against == "random" else f"{role} vs {against}"
    rows = [level_row(label, level, n, wins[level, n], games) for n in players for level in levels]
    for n in players:
        for a, b in PAIRS:
            if a not in levels or b not in levels:
                continue
            rows.append(pair_row(label, a, b, n, wins[a, n], games, wins[b, n], games))
    for level in levels:
        if level == "random":
            continue
        spent = times.get(level, [])
        rows.append(times_row(role, level, spent))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS),
                        choices=PLAYERS)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--role", choices=(ROLE, HUMAN), default=ROLE,
                        help="the role measured (default: the Deep Ones)")
    parser.add_argument("--against", choices=LEVELS, default="random",
                        help="the other side's level (default: random-legal play)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the rows as JSON")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.levels, args.role,
                       args.against)
    spent = time.perf_counter() - began
    print(table(rows))
    other = "the Human" if args.role == ROLE else "the Deep Ones"
    print(f"\n{args.games} games per level and player count, seed {args.seed}, {other} "
          f"{args.against}; {spent:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({
            "date": datetime.date.today().isoformat(), "games": args.games,
            "seed": args.seed, "players": args.players, "seconds": round(spent, 1),
            "rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
