"""Escape! (Decktet) bots: all-bot tables at every seat count, every seat the same level
(issue 26).

Every game: each seat is played by the level measured (``random``: random-legal play, the
baseline). The game number drives the shuffle and every bot's random source, so the levels
meet the same deals. A level's figures: the escape rate (complete success, R-EX-19: every
player escaped) with its 95% Wilson interval, and the mean score (players escaped, partial
success included, over the seats). A pairing compares two levels' escape rates over the same
deals with the two-proportion z statistic (z > 1.96: A is significantly stronger). Decision
times are the CPU time of ``choose`` (the knowledge built before it). One process, one game
at a time:

    nice -n 19 .venv/bin/python -m benchmarks.bots_decktet_escape --games 400 --json out.json
    nice -n 19 .venv/bin/python -m benchmarks.bots_decktet_escape --games 400 --table hardest

``--table`` picks the variants (``TABLES``): the default rules, where every level that reads
clues escapes almost always; ``storm``; ``hardest``, where the levels part at every count.

``omniscient`` is a ceiling reference, NOT a level and NOT honest: each seat sees its own
hand (read from the state) and otherwise plays as ``hard``. It lives in this file only, never
in services/bots: it measures how often the deal allows an escape to players who know their
cards.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.bots_stats import level_row, pair_row, table, times_row
from services.bots.contract import bot_rng, knowledge_of
from services.bots.decktet_escape import EscapeBot
from services.bots.play import Record
from services.games.core import SeatPrompt
from services.games.decktet_escape import DecktetEscape, EscapeState

CEILING = "omniscient"  # sees its own hand: never a level, never in services/bots
LEVELS = ("random", "easy", "normal", "hard", CEILING)
PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"), ("hard", "random"),
         (CEILING, "hard"))
PLAYERS = (2, 3, 4, 5)
LIMIT = 2_000  # actions: a game this long is counted as not escaped


STORM = {"dark_of_the_storm": True, "bowels_of_the_ship": True}
TABLES: dict[str, dict[str, bool]] = {
    "default": {},
    # the harder table: Dark of the Storm (6 tokens, R-EX-22), Bowels of the Ship (boats
    # need 4 corridors, R-EX-21): the levels part at 4 and 5 seats
    "storm": STORM,
    # the hardest: also Every Man for Himself (completed routes count toward the limit,
    # R-EX-24) and a boat that must share a suit with its route's end (A-EX-04): the levels
    # part at 2 and 3 seats too
    "hardest": {**STORM, "every_man_for_himself": True, "boat_must_match": True},
}


def options(players: int, table: str = "default") -> dict[str, Any]:
    """The options of ``table`` (one of ``TABLES``; 2 players: the unofficial option
    A-EX-12)."""
    return {"allow_two_players": players == 2, **TABLES[table]}


def play_one(level: str, players: int, game: int, seed: int, table: str = "default"
             ) -> tuple[bool, int, list[float]]:
    """One game with ``level`` at every seat: (everyone escaped, players escaped, the
    decision times in ms of CPU)."""
    box = DecktetEscape()
    state = box.new_state(players, options(players, table))
    record = Record(state)
    name = f"decktet-bench:{seed}:{players}:{game}"
    chance = random.Random(name)
    bot = None if level == "random" else EscapeBot("hard" if level == CEILING else level,
                                                    box.deck)
    times: list[float] = []
    while len(record.actions) < LIMIT:
        record.resolve_chance(chance)
        if state.outcome() is not None:
            break
        seat = next(p.seat for p in state.pending() if isinstance(p, SeatPrompt))
        rng = bot_rng(name, seat, len(record.actions))
        if bot is None:  # as RandomBot.choose, without the history
            record.apply(rng.choice(tuple(state.legal_actions(seat))))
            continue
        knowledge = knowledge_of(state, seat, record.actions, record.events)
        began = time.thread_time()
        if level == CEILING:
            assert isinstance(state, EscapeState)
            action = bot.decide(knowledge, rng, own_cards=list(state.hands[seat]))
        else:
            action = bot.choose(knowledge, rng)
        times.append((time.thread_time() - began) * 1000)
        record.apply(action)
    outcome = state.outcome()
    escaped = len(outcome.winners) if outcome is not None else 0
    return outcome is not None and outcome.result == "complete", escaped, times


def run(games: int, seed: int, players: Sequence[int], levels: Sequence[str],
        table: str = "default") -> dict[tuple[str, int], dict[str, Any]]:
    results: dict[tuple[str, int], dict[str, Any]] = {}
    for n in players:
        for level in levels:
            entry = results[level, n] = {"wins": 0, "games": 0, "escaped": 0, "times": []}
            for game in range(games):
                won, escaped, times = play_one(level, n, game, seed, table)
                entry["wins"] += won
                entry["games"] += 1
                entry["escaped"] += escaped
                entry["times"] += times
            print(f"{n} players, {level}: {entry['wins']}/{games}", file=sys.stderr)
    return results


def pairing(results: dict[tuple[str, int], dict[str, Any]], a: str, b: str,
            players: int) -> dict[str, Any]:
    first, second = results[a, players], results[b, players]
    row = pair_row("partner", a, b, players, first["wins"], first["games"], second["wins"],
                   second["games"])
    return {**row, "score_a": first["escaped"] / first["games"],
            "score_b": second["escaped"] / second["games"]}


def tournaments(games: int, seed: int, players: Sequence[int] = PLAYERS,
                levels: Sequence[str] = LEVELS, table: str = "default") -> list[dict[str, Any]]:
    """One dict per pairing whose two levels were played, at every seat count; one per
    level and count (escape rate, mean players escaped, the gap ``hard`` closes); then one
    per level with its decision times (p50, p99, max ms)."""
    results = run(games, seed, players, levels, table)
    rows = [pairing(results, a, b, n) for n in players for a, b in PAIRS
            if a in levels and b in levels]
    for n in players:
        for level in levels:
            r = results[level, n]
            rows.append({**level_row("partner", level, n, r["wins"], r["games"]),
                         "mean_escaped": r["escaped"] / r["games"]})
        if {"random", "hard", CEILING} <= set(levels):
            low, mid, high = (results[x, n]["wins"] / games for x in ("random", "hard", CEILING))
            rows.append({"role": "partner", "players": n, "gap_closed":
                         (mid - low) / (high - low) if high > low else 0.0})
    for level in levels:
        if level == "random":
            continue
        rows.append(times_row("partner", level,
                              [t for n in players for t in results[level, n]["times"]]))
    return rows


def levels_table(rows: Sequence[dict[str, Any]]) -> str:
    """Each level's mean score by seat count (its escape rate is in :func:`table`'s first
    table, a win being an escape), and the gap ``hard`` closes."""
    lines = ["| players | level | mean escaped |", "| --- | --- | --- |"]
    for r in rows:
        if "mean_escaped" in r:
            lines.append(f"| {r['players']} | {r['level']} | {r['mean_escaped']:.2f} |")
    gaps = [f"{r['players']} players {r['gap_closed']:.0%}" for r in rows if "gap_closed" in r]
    if gaps:
        lines += ["", "hard closes of the gap random -> omniscient: " + ", ".join(gaps)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS))
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS),
                        help=f"{CEILING}: a ceiling reference, NOT a level and NOT honest "
                        "(each seat sees its own hand)")
    parser.add_argument("--table", choices=list(TABLES), default="default",
                        help="storm: Dark of the Storm and Bowels of the Ship; hardest: also "
                        "Every Man for Himself and boat_must_match")
    parser.add_argument("--storm", action="store_const", const="storm", dest="table",
                        help="the same as --table storm")
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.levels, args.table)
    print(table(rows))
    print()
    print(levels_table(rows))
    print(f"\n{args.games} games per level and seat count, every seat the same level"
          f"{'' if args.table == 'default' else ', ' + ', '.join(TABLES[args.table])}; "
          f"{time.perf_counter() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
