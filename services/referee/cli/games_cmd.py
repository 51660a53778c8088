"""``refbox games``: the games the box knows, their player counts, options and the roles the
box can play (``refbox play GAME --bot ROLE=LEVEL``)."""

from __future__ import annotations

import argparse
import json

from services.games.registry import default_registry

BOT_LEVELS = ("easy", "normal", "hard")
SECRET_ROLES = {"intruder-escape"}  # services.bots.levels.secret_roles: --bot names seats
BOT_ROLES: dict[str, dict[str, str]] = {
    "decktet-escape": {"partner": "a partner in the escape, giving and reading clues"},
    "intruder-escape": {
        "innocent": "an Innocent, hunting the hidden Intruders and gathering the escape items",
        "intruder": "an Intruder, hiding among the Innocents and picking them off",
    },
    # services.bots.levels.roles(game), written out so that listing the games imports no
    # bot or engine (a test checks they agree)
    "innsmouth-escape": {
        "deep_ones": "the Deep Ones (every colour), hunting the Human whose route is secret",
        "human": "the Human, plotting a secret route to the edge",
    },
    "asylum-escape": {
        "patients": "the Patients, hunting the Victims whose rooms are secret",
    },
    "innsmouth-32": {
        "director": "the director, running the monsters and the movie against the survivors",
        "monster": "a monster player, a character player whose survivors are all gone "
                   "(R-I32-32), attacking with his own throngs",
    },
}


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
                        "bot_roles": BOT_ROLES.get(g.id, {}),
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
        roles = BOT_ROLES.get(info.id)
        if roles and info.id in SECRET_ROLES:
            print(f"  The box plays ({'/'.join(BOT_LEVELS)}) any seat: --bot SEAT=LEVEL or "
                  f"all=LEVEL; roles are dealt in secret:")
            for what in roles.values():
                print(f"    {what}")
        elif roles:
            print(f"  The box plays ({'/'.join(BOT_LEVELS)}): --bot SEAT=LEVEL, all=LEVEL, or")
            for role, what in roles.items():
                print(f"    --bot {role}=LEVEL   {what}")
        for option in info.options:
            print(
                f"  --option {option.key}={option.text(option.default)}   {option.help}"
                f" [{option.allowed()}; {option.rule}]"
            )
        print()
    return 0

