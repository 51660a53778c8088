"""The box as the opponent, measured: every opponent bot's tournaments in one run (issue 23).

    nice -n 19 .venv/bin/python -m benchmarks.bots [--games 400] [--seed 0]
        [--game asylum-escape ...] [--players 3 4 ...] [--json FILE]

For each game the box plays an opponent in, its own benchmark (``benchmarks/bots_<game>.py``)
plays each level (and random-legal play, the baseline) in the opponent's role against
random-legal play in every other seat, over the same seeds, and prints the pairings (win
rates with 95% Wilson intervals, the two-proportion z) and the decision times (CPU time of
the role's ``choose`` calls, p50/p99/max). This front runs them one after another in one
process (the host is shared: one worker, run it under ``nice``); ``--players`` narrows the
player counts of every game (default: each game's own). The figures of the last full run are
in docs/performance.md, "The box as the opponent".
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.bots_stats import table

BENCHMARKS = {
    "asylum-escape": ("benchmarks.bots_asylum_escape", "the Patients"),
    "innsmouth-escape": ("benchmarks.bots_innsmouth_escape", "the Deep Ones"),
    "innsmouth-32": ("benchmarks.bots_innsmouth_32", "the director"),
    "decktet-escape": ("benchmarks.bots_decktet_escape", "every partner (all-bot tables)"),
    "intruder-escape": ("benchmarks.bots_intruder_escape", "the Innocents and the Intruders"),
}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--game", action="append", choices=sorted(BENCHMARKS),
                        help="only this game (repeatable; default: all three)")
    parser.add_argument("--players", type=int, nargs="+", default=None,
                        help="player counts (default: each game's own)")
    parser.add_argument("--json", metavar="FILE", help="also write every row as JSON")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    for game in args.game or list(BENCHMARKS):
        name, role = BENCHMARKS[game]
        module = importlib.import_module(name)
        players = args.players or list(module.PLAYERS)
        began = time.perf_counter()
        rows = module.tournaments(args.games, args.seed, players)
        spent = time.perf_counter() - began
        print(f"## {game}: {role} (players {', '.join(map(str, players))}, {args.games} games "
              f"per level and count, {spent:.0f} s)\n\n{table(rows)}\n", flush=True)
        report[game] = {"players": players, "games": args.games, "seed": args.seed,
                        "seconds": spent, "rows": rows}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)


if __name__ == "__main__":
    main()
