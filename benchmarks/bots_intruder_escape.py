"""Intruder Escape bots: each side's levels against random-legal play (issue 26).

Every game, for one side (``innocent`` or ``intruder``) and one level: every seat dealt that
side's identity is played by the level measured (``random``: random-legal play, the
baseline), every other seat by random-legal play (:class:`RandomBot`). The benchmark reads the
dealt identities to seat the bots (the bots themselves only see their own). The game number
drives the chance outcomes (identities, shuffles, dice) and every bot's random source, so two
levels meet the same deal until their choices differ. A pairing compares two levels' win
rates in the side over the same games (a win: that side's team wins), with 95% Wilson
intervals and the two-proportion z statistic (z > 1.96: A is significantly stronger).
Decision times are the CPU time of the side's ``choose`` calls at every seat of the side
(the knowledge is built before). One process, one game at a time:

    nice -n 19 .venv/bin/python -m benchmarks.bots_intruder_escape --games 400 --json out.json

The rows name a level with its side (``innocent hard``), so one table holds both sides.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.bots_loop import play_sides
from benchmarks.bots_stats import level_row, pair_row, table, times_row
from services.bots.contract import bot_rng
from services.bots.intruder_escape import make_bot
from services.bots.play import Record
from services.games.intruder_escape import IntruderEscape

ROLES = ("innocent", "intruder")
LEVELS = ("random", "easy", "normal", "hard")
PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"), ("normal", "easy"),
         ("hard", "normal"))
PLAYERS = (3, 4, 5, 6)
LIMIT = 20_000  # actions: a longer game counts as not won


def play_one(role: str, level: str, players: int, game: int, seed: int,
             against: str = "random") -> tuple[bool, list[float]]:
    """One game with ``level`` at every seat of ``role`` and ``against`` at the other
    side's: (``role``'s side won, its decision times in ms)."""
    box = IntruderEscape()
    state = box.new_state(players)
    record = Record(state)
    name = f"intruder-bench:{seed}:{players}:{game}"
    chance = bot_rng(name, -1, 0)
    bot = make_bot(level) if level != "random" else None
    other = make_bot(against) if against != "random" else None
    times = play_sides(record, chance, name,
                       lambda seat: bool(state.identity_cards) and state.identity(seat) == role,
                       bot, other, LIMIT, time_knowledge=False)
    outcome = state.outcome()
    won = (outcome is not None and outcome.result == "win" and bool(outcome.winners)
           and state.identity(outcome.winners[0]) == role)
    return won, times


def run(games: int, seed: int, players: Sequence[int], levels: Sequence[str],
        roles: Sequence[str] = ROLES, against: str = "random"
        ) -> dict[tuple[str, str, int], dict[str, Any]]:
    results: dict[tuple[str, str, int], dict[str, Any]] = {}
    for role in roles:
        for n in players:
            for level in levels:
                entry = results[role, level, n] = {"wins": 0, "games": 0, "times": []}
                for game in range(games):
                    won, times = play_one(role, level, n, game, seed, against)
                    entry["wins"] += won
                    entry["games"] += 1
                    entry["times"] += times
                print(f"{role}, {n} players, {level}: {entry['wins']}/{games}", file=sys.stderr)
    return results


def pairing(results: dict[tuple[str, str, int], dict[str, Any]], role: str, a: str, b: str,
            players: int) -> dict[str, Any]:
    first, second = results[role, a, players], results[role, b, players]
    return pair_row(role, f"{role} {a}", f"{role} {b}", players, first["wins"],
                    first["games"], second["wins"], second["games"])


def tournaments(games: int, seed: int, players: Sequence[int] = PLAYERS,
                levels: Sequence[str] = LEVELS, roles: Sequence[str] = ROLES,
                against: str = "random") -> list[dict[str, Any]]:
    """One dict per side, pairing and player count; then one per side and level played with
    its decision times (p50, p99, max ms). ``against``: the other side's level."""
    results = run(games, seed, players, levels, roles, against)
    rows = [level_row(role, f"{role} {level}", n, results[role, level, n]["wins"],
                      results[role, level, n]["games"])
            for role in roles for n in players for level in levels]
    rows += [pairing(results, role, a, b, n) for role in roles for n in players
            for a, b in PAIRS if a in levels and b in levels]
    for role in roles:
        for level in levels:
            if level == "random":
                continue
            rows.append(times_row(role, f"{role} {level}", [
                t for n in players for t in results[role, level, n]["times"]]))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS))
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--roles", nargs="+", choices=ROLES, default=list(ROLES))
    parser.add_argument("--against", choices=LEVELS, default="random",
                        help="the other side's level (default: random-legal play)")
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.levels, args.roles,
                      args.against)
    print(table(rows))
    print(f"\n{args.games} games per side, level and player count, the other side "
          f"{args.against}; {time.perf_counter() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
