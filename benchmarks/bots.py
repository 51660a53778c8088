"""Every role the box plays, measured: each bot's tournaments in one run (issues 23 and 26).

    nice -n 19 .venv/bin/python -m benchmarks.bots [--games 400] [--seed 0]
        [--game asylum-escape ...] [--role victims human ...] [--players 3 4 ...] [--json FILE]

For each role the box can take (the opponents of issue 23, every other seat of issue 26), its
own benchmark (``benchmarks/bots_<game>.py``, ``bots_asylum_victims.py``,
``bots_i32_people.py``) plays each level (and random-legal play, the baseline) in that role
against random-legal play in every other seat, over the same seeds, and prints the pairings
(win rates with 95% Wilson intervals, the two-proportion z) and the decision times (CPU time
of the role's ``choose`` calls, p50/p99/max). Escape! has no opponent: its partners play
all-bot tables next to the omniscient ceiling. This front runs them one after another in one
process (the host is shared: one worker, run it under ``nice``); ``--game`` and ``--role``
choose what runs, ``--players`` narrows every role's player counts (default: each role's
own). The figures, and the runs against the box's own levels in the other seats (each
benchmark's ``--against``), are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from benchmarks.bots_stats import table


@dataclass(frozen=True)
class Role:
    """One role's benchmark: its game, how the tables name it, the module that measures it,
    what that module's ``tournaments`` needs besides games, seed and player counts, and its
    player counts (None: the module's ``PLAYERS``)."""

    game: str
    name: str
    module: str
    options: dict[str, Any] = field(default_factory=dict)
    players: tuple[int, ...] | None = None


ROLES = {
    "patients": Role("asylum-escape", "the Patients", "benchmarks.bots_asylum_escape"),
    "victims": Role("asylum-escape", "the Victims", "benchmarks.bots_asylum_victims"),
    "deep-ones": Role("innsmouth-escape", "the Deep Ones", "benchmarks.bots_innsmouth_escape"),
    "human": Role("innsmouth-escape", "the Human", "benchmarks.bots_innsmouth_escape",
                  {"role": "human"}),
    "director": Role("innsmouth-32", "the director", "benchmarks.bots_innsmouth_32"),
    "characters": Role("innsmouth-32", "the character players", "benchmarks.bots_i32_people",
                       players=tuple(range(2, 10))),
    "partners": Role("decktet-escape", "every partner (all-bot tables)",
                     "benchmarks.bots_decktet_escape"),
    "innocents-intruders": Role("intruder-escape", "the Innocents and the Intruders",
                                "benchmarks.bots_intruder_escape"),
}
GAMES = sorted({role.game for role in ROLES.values()})


def chosen(games: Sequence[str] | None, roles: Sequence[str] | None) -> list[str]:
    """The roles to run, in ``ROLES`` order: those of ``games`` (default every game) and, if
    given, only ``roles`` among them."""
    return [key for key, role in ROLES.items()
            if (not games or role.game in games) and (not roles or key in roles)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--game", action="extend", nargs="+", choices=GAMES,
                        help="only these games' roles (default: every game)")
    parser.add_argument("--role", action="extend", nargs="+", choices=list(ROLES),
                        help="only these roles (default: every role of the games)")
    parser.add_argument("--players", type=int, nargs="+", default=None,
                        help="player counts (default: each role's own)")
    parser.add_argument("--json", metavar="FILE", help="also write every row as JSON")
    args = parser.parse_args(argv)
    keys = chosen(args.game, args.role)
    if not keys:
        parser.error(f"no role of {', '.join(args.game)} is among {', '.join(args.role)}; "
                     f"the roles are {', '.join(f'{k} ({r.game})' for k, r in ROLES.items())}")
    report: dict[str, Any] = {}
    for key in keys:
        role = ROLES[key]
        module = importlib.import_module(role.module)
        players = args.players or list(role.players or module.PLAYERS)
        began = time.perf_counter()
        rows = module.tournaments(args.games, args.seed, players, **role.options)
        spent = time.perf_counter() - began
        print(f"## {role.game}: {role.name} (players {', '.join(map(str, players))}, "
              f"{args.games} games per level and count, {spent:.0f} s)\n\n{table(rows)}\n",
              flush=True)
        report[key] = {"game": role.game, "role": role.name, "players": players,
                       "games": args.games, "seed": args.seed, "seconds": spent, "rows": rows}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)


if __name__ == "__main__":
    main()
