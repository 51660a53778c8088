"""Asylum Escape bots: tournaments of the Patients' levels against the same Victims (issue 23).

Every game: the Patients' seat (by turns, ``game % players``) is played by the level measured
(``random``: random-legal play, the baseline of issue 23); every Victim seat by random-legal
play (:class:`RandomBot`). The game number drives the chance outcomes (dice, shuffles, flips)
and every bot's random source, so two levels meet the same decks and dice until their choices
differ. A pairing compares two levels' win rates in the role over the same games (a win: the
Patients kill every Victim), with 95% Wilson intervals and the two-proportion z statistic
(z > 1.96: A is significantly stronger). Decision times are the CPU time of the Patients'
``choose`` calls (the knowledge built before it), so other work on the host does not count.
One process, one game at a time:

    nice -n 19 .venv/bin/python -m benchmarks.bots_asylum_escape --games 400 --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.bots_stats import percentile, table, wilson, z_score
from services.bots.asylum_escape import make_bot
from services.bots.contract import Bot, RandomBot, bot_rng, knowledge_of
from services.bots.play import Record, bot_seats_asked
from services.games.asylum_escape import AsylumEscape

LEVELS = ("random", "easy", "normal", "hard")
PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"), ("normal", "easy"),
         ("hard", "normal"))
PLAYERS = (2, 3, 4, 5, 6)
LIMIT = 20_000  # actions: a longer game is counted as not won by the Patients








def play_one(level: str, players: int, game: int, seed: int) -> tuple[bool, list[float]]:
    """One game with ``level`` at the Patients' seat: (the Patients won, their decision
    times in ms)."""
    box = AsylumEscape()
    patients = game % players
    state = box.new_state(players, {"patients_seat": patients})
    bot: Bot = RandomBot() if level == "random" else make_bot(level)
    bots: dict[int, Bot] = {s: bot if s == patients else RandomBot() for s in range(players)}
    record = Record(state)
    name = f"asylum-bench:{seed}:{players}:{game}"
    chance = random.Random(name)
    times: list[float] = []
    while len(record.actions) < LIMIT:
        record.resolve_chance(chance)
        if state.outcome() is not None:
            break
        seat = bot_seats_asked(state, bots)[0]
        rng = bot_rng(name, seat, len(record.actions))
        if isinstance(bots[seat], RandomBot):  # as RandomBot.choose, without the history
            record.apply(rng.choice(tuple(state.legal_actions(seat))))
            continue
        knowledge = knowledge_of(state, seat, record.actions, record.events)
        began = time.thread_time()
        action = bots[seat].choose(knowledge, rng)
        times.append((time.thread_time() - began) * 1000)
        record.apply(action)
    outcome = state.outcome()
    won = outcome is not None and outcome.result == "win" and patients in outcome.winners
    return won, times


def run(games: int, seed: int, players: Sequence[int], levels: Sequence[str]
        ) -> dict[tuple[str, int], dict[str, Any]]:
    """Every level at every player count over the same games: wins and decision times."""
    results: dict[tuple[str, int], dict[str, Any]] = {}
    for n in players:
        for level in levels:
            entry = results[level, n] = {"wins": 0, "games": 0, "times": []}
            for game in range(games):
                won, times = play_one(level, n, game, seed)
                entry["wins"] += won
                entry["games"] += 1
                entry["times"] += times
    return results


def pairing(results: dict[tuple[str, int], dict[str, Any]], a: str, b: str,
            players: int) -> dict[str, Any]:
    first, second = results[a, players], results[b, players]
    wa, ga, wb, gb = first["wins"], first["games"], second["wins"], second["games"]
    return {"role": "patients", "level_a": a, "level_b": b, "players": players,
            "games": ga, "wins_a": wa, "rate_a": wa / ga, "ci_a": wilson(wa, ga),
            "wins_b": wb, "rate_b": wb / gb, "ci_b": wilson(wb, gb),
            "difference": wa / ga - wb / gb, "z": z_score(wa, ga, wb, gb)}


def tournaments(games: int, seed: int, players: Sequence[int] = PLAYERS,
                levels: Sequence[str] = LEVELS) -> list[dict[str, Any]]:
    """One dict per pairing whose two levels were played, at every player count; then one
    per level played with its decision times (p50, p99, max ms)."""
    results = run(games, seed, players, levels)
    rows = [pairing(results, a, b, n) for n in players for a, b in PAIRS
            if a in levels and b in levels]
    for level in levels:
        if level == "random":
            continue
        times = [t for n in players for t in results[level, n]["times"]]
        rows.append({"role": "patients", "level": level, "decisions": len(times),
                     "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99),
                     "max_ms": max(times, default=0.0)})
    return rows




def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS))
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.levels)
    print(table(rows))
    print(f"\n{args.games} games per level and player count, every Victim random-legal; "
          f"{time.perf_counter() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
