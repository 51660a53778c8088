"""``refbox play``: a game in the terminal, interactive or driven by JSON lines.

refbox play decktet-escape [--players 3] [--option rat_warren=true] [--seed 7]
            [--dice auto|manual] [--json] [--journal FILE] [--resume ID] [--deck FILE]
            [--bot SEAT=LEVEL ...]

With ``--bot`` the box plays some seats (services/referee/play_bots.py): the seats, their
levels and the game's seed are kept in the journal's settings of the game, so ``--resume``
plays on with the same bots making the same choices.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from services.games.core import Game, GameError, OptionValue, Rng
from services.games.registry import PACK_FILES, Registry, default_registry, game_with_data
from services.referee.errors import RefereeError

if TYPE_CHECKING:  # the referee's machinery is imported when a game is played
    from services.referee.journal import Journal
    from services.referee.live import LiveGame
    from services.referee.protocol import Session

MAX_ID = 2**63 - 1  # the largest row id SQLite stores
MEMORY = ":memory:"  # the default journal: in memory, holding no earlier game


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("play", help="referee a game in the terminal or over JSON lines")
    parser.add_argument("game", help="game id (see `refbox games`)")
    parser.add_argument("--players", type=int, help="number of players (default: the fewest "
                        f"the game allows: {_fewest()})")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a game option (repeatable)",
    )
    parser.add_argument(
        "--seed", type=int, help="seed the box's dice and shuffles (repeatable runs)"
    )
    parser.add_argument(
        "--dice",
        choices=("auto", "manual"),
        default="auto",
        help="auto: the box rolls and shuffles; manual: you supply outcomes",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="read one JSON command per line, answer one JSON line each",
    )
    parser.add_argument(
        "--journal",
        default=MEMORY,
        help="SQLite journal file (default: in memory, lost on exit)",
    )
    parser.add_argument("--resume", type=game_id, metavar="ID",
                        help="resume game ID of --journal (a game of GAME)")
    parser.add_argument("--deck", help="a corrected card file (TOML) in the format of the "
                        "shipped one: decktet.toml for Escape!, intruder.toml for Intruder "
                        "Escape, innsmouth.toml (board and cards) for Innsmouth Escape")
    parser.add_argument("--bot", action="append", default=[], metavar="SEAT=LEVEL",
                        help="the box plays a seat (from 1), every seat (all=LEVEL) or a role "
                        "(e.g. patients=hard); LEVEL is easy, normal or hard (repeatable; "
                        "see `refbox games` for the roles)")
    parser.set_defaults(handler=run)


def _fewest() -> str:
    return ", ".join(f"{i.id} {i.min_players}" for i in default_registry().infos())


def game_id(text: str) -> int:
    """A journal game id on the command line: a whole number from 1."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text[:20]) <= MAX_ID:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a game id (a whole number "
                                         "from 1, see `refbox journal list`)")
    return int(text)


def run(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    from services.referee.journal import Journal
    from services.referee.protocol import Session

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        registry = _registry(args)
        rng = _rng(args)
        journal = Journal(args.journal)
    except (GameError, RefereeError) as error:
        return _fail(args, stdout, error)
    try:
        try:
            if args.bot or (args.resume is not None and _has_bots(args, journal)):
                from services.referee.cli.botplay import start_with_bots

                session = start_with_bots(args, registry, journal)
            else:
                live = _start(args, registry, journal, rng)
                session = Session(live, journal, rng)
        except (GameError, RefereeError) as error:
            return _fail(args, stdout, error)
        if args.json:
            return _json_loop(session, stdin, stdout)
        from services.referee.cli.interactive import Interactive  # not for --json

        return Interactive(session, stdin, stdout).loop()
    finally:
        journal.close()


def _has_bots(args: argparse.Namespace, journal: Journal) -> bool:
    """The game to resume was started with --bot (its journal keeps its bot seats)."""
    if args.journal == MEMORY:
        return False
    return "bots" in journal.game(args.resume).settings


def _registry(args: argparse.Namespace) -> Registry:
    registry = default_registry()
    if args.deck is None:
        return registry
    if args.game not in PACK_FILES:
        raise RefereeError(f"--deck is for {', '.join(PACK_FILES)}, not {args.game!r}")
    game = game_with_data(args.game, Path(args.deck))
    return Registry(tuple(game if g.info.id == args.game else g for g in registry))


def _rng(args: argparse.Namespace) -> Rng | None:
    if args.dice == "manual":
        return None
    return random.Random(args.seed) if args.seed is not None else random.SystemRandom()


def _start(
    args: argparse.Namespace, registry: Registry, journal: Journal, rng: Rng | None
) -> LiveGame:
    from services.referee.live import LiveGame

    game = registry.get(args.game)
    if args.resume is not None:
        check_resume(args, journal)
        return LiveGame.resume(journal, args.resume, registry, rng)
    live, _events = LiveGame.new(journal, game, *players_options(args, game), rng=rng)
    return live


def check_resume(args: argparse.Namespace, journal: Journal) -> None:
    """--resume ID names a game of GAME in a journal file."""
    if args.journal == MEMORY:
        raise RefereeError(f"--resume {args.resume} needs the journal that holds the game:"
                           f" refbox play {args.game} --journal FILE --resume {args.resume}")
    record = journal.game(args.resume)
    if record.game != args.game:
        raise RefereeError(
            f"game {args.resume} of {args.journal} is a game of {record.game}, not "
            f"{args.game}; resume it with: refbox play {record.game} "
            f"--journal {args.journal} --resume {args.resume}"
        )


def players_options(args: argparse.Namespace, game: Game) -> tuple[int, dict[str, OptionValue]]:
    """The player count (default: the fewest) and the options given on the command line."""
    players = game.info.min_players if args.players is None else args.players
    options: dict[str, OptionValue] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise RefereeError(f"--option {item!r} must look like KEY=VALUE"
                               f"{_example(game, key)}")
        options[key] = game.info.option(key).parse(value)
    return players, options


def _example(game: Game, key: str) -> str:
    """", e.g. KEY=VALUE" for the option typed (else the game's first) with its default."""
    options = {option.key: option for option in game.info.options}
    option = options.get(key) or next(iter(options.values()), None)
    if option is None:
        return ""
    return f", e.g. {option.key}={option.text(option.default)}"


def _fail(args: argparse.Namespace, stdout: TextIO, error: GameError | RefereeError) -> int:
    if args.json:
        print(json.dumps({"ok": False, "error": error.to_json()}), file=stdout, flush=True)
    else:
        from services.referee.cli.choices import with_rule

        print(f"refbox play: {with_rule(error.message, error.rule)}", file=sys.stderr)
    return 2


def _json_loop(session: Session, stdin: TextIO, stdout: TextIO) -> int:
    from services.referee.protocol import serve

    return serve(session, stdin, stdout)
