"""Asylum Escape bots: tournaments of the Victims' levels against the same Patients (issue 26).

Every game: the Patients' seat (by turns, ``game % players``) is played by ``--against``
(``random``: random-legal play; ``normal``: the box's normal Patients, who hunt on a belief
of the hidden rooms); every Victim seat by the level measured (``random``: random-legal
play). The game number drives the chance outcomes (dice, coins, shuffles) and every bot's
random source, so two levels meet the same decks and dice until their choices differ.

A Victim wins when it is alive at the end (R-AE-28 to R-AE-30: the surviving Victims are the
winners, each one on its own; the Patients win only when every Victim is dead, R-AE-31).
The rate counts one Victim seat per game, named before the game by its number (the
``game // players``-th Victim after the Patients, in turn), so the games stay independent
trials; the share of all Victim seats alive and of games some Victim survived are printed
too. A pairing compares two levels over the same games: 95% Wilson intervals
and the two-proportion z statistic (z > 1.96: A is significantly stronger). Decision times:
the CPU time of one Victim decision, the seat's knowledge built from the game included.
One process, one game after another:

    nice -n 19 .venv/bin/python -m benchmarks.bots_asylum_victims --games 400 --players 3
    nice -n 19 .venv/bin/python -m benchmarks.bots_asylum_victims --against normal
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
from services.bots.asylum_escape import make_bot
from services.bots.contract import Bot
from services.bots.play import Record
from services.games.asylum_escape import AsylumEscape

LEVELS = ("random", "easy", "normal", "hard")
PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"), ("normal", "easy"),
         ("hard", "normal"))
PLAYERS = (2, 3, 4, 5, 6)
ROLE = "victims"
LIMIT = 20_000  # actions: a longer game is counted as not won by the Victims


def play_one(level: str, players: int, game: int, seed: int, against: str = "random"
             ) -> tuple[bool, int, bool, list[float]]:
    """One game with ``level`` at every Victim seat and ``against`` at the Patients' seat:
    (the named Victim won, Victim seats alive at the end, the Victims' side won, the CPU
    time of each Victim decision in ms)."""
    box = AsylumEscape()
    patients = game % players
    state = box.new_state(players, {"patients_seat": patients})
    bot: Bot | None = None if level == "random" else make_bot(level)
    other: Bot | None = None if against == "random" else make_bot(against)
    record = Record(state)
    name = f"asylum-victims:{seed}:{players}:{game}"
    chance = random.Random(name)
    times = play_sides(record, chance, name, lambda seat: seat != patients, bot, other, LIMIT)
    outcome = state.outcome()
    side = outcome is not None and outcome.result == "win" and patients not in outcome.winners
    alive = len(outcome.winners) if side and outcome is not None else 0
    named = (patients + 1 + (game // players) % (players - 1)) % players
    return side and outcome is not None and named in outcome.winners, alive, side, times


def tournaments(games: int, seed: int, players: Sequence[int] = PLAYERS,
                levels: Sequence[str] = LEVELS, against: str = "random"
                ) -> list[dict[str, Any]]:
    """One dict per pairing of the levels at each player count; then one per level with
    its decision times (p50, p99, max ms)."""
    wins: dict[tuple[str, int], int] = {}
    times: dict[str, list[float]] = {}
    for n in players:
        for level in levels:
            wins[level, n] = alive = sides = 0
            for game in range(games):
                won, left, side, spent = play_one(level, n, game, seed, against)
                wins[level, n] += won
                alive += left
                sides += side
                times.setdefault(level, []).extend(spent)
            print(f"{n} players, {level}: named Victim {wins[level, n]}/{games} won; "
                  f"{alive}/{games * (n - 1)} Victims alive; some Victim alive in "
                  f"{sides}/{games}", file=sys.stderr)
    role = f"{ROLE} vs {against}"
    rows = [level_row(role, level, n, wins[level, n], games) for n in players for level in levels]
    for n in players:
        for a, b in PAIRS:
            if a in levels and b in levels:
                rows.append(pair_row(role, a, b, n, wins[a, n], games, wins[b, n], games))
    for level in levels:
        if level != "random":
            rows.append(times_row(role, level, times.get(level, [])))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=[3], choices=PLAYERS)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--against", choices=LEVELS, default="random",
                        help="the Patients' level (default: random-legal play)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the rows as JSON")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.levels, args.against)
    spent = time.perf_counter() - began
    print(table(rows))
    print(f"\n{args.games} games per level and player count, seed {args.seed}, the Patients "
          f"{args.against}; {spent:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({
            "date": datetime.date.today().isoformat(), "games": args.games,
            "seed": args.seed, "players": args.players, "against": args.against,
            "seconds": round(spent, 1), "rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
