"""``refbox games``: the games the box knows, their player counts and options."""

from __future__ import annotations

import argparse
import json

from services.games.registry import default_registry


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("games", help="list games, player counts and options")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    games = default_registry().infos()  # no engine is loaded to list them
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": g.id,
                        "title": g.title,
                        "players": [g.min_players, g.max_players],
                        "roles": list(g.roles),
                        "summary": g.summary,
                        "options": [
                            {
                                "key": o.key,
                                "default": o.default,
                                "seat": o.seat,
                                "allowed": o.allowed(),
                                "rule": o.rule,
                                "help": o.help,
                            }
                            for o in g.options
                        ],
                    }
                    for g in games
                ],
                indent=2,
            )
        )
        return 0
    for info in games:
        print(f"{info.id}: {info.title} ({info.min_players}-{info.max_players} players)")
        print(f"  {info.summary}")
        for option in info.options:
            print(
                f"  --option {option.key}={option.text(option.default)}   {option.help}"
                f" [{option.allowed()}; {option.rule}]"
            )
        print()
    return 0

