"""``refbox journal``: the games a journal holds, and their transcripts.

    refbox journal list --journal FILE
    refbox journal export ID --journal FILE [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from services.games.core import GameError
from services.games.registry import default_registry
from services.referee.errors import RefereeError
from services.referee.journal import Journal
from services.referee.live import LiveGame


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("journal", help="list journaled games, export transcripts")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    listing = verbs.add_parser("list", help="every game with its status")
    listing.add_argument("--journal", required=True, help="SQLite journal file")
    listing.add_argument("--json", action="store_true", help="machine-readable output")
    listing.set_defaults(handler=run_list)
    export = verbs.add_parser(
        "export", help="a game's transcript as JSON (secrets only once it is over)"
    )
    export.add_argument("id", type=int, help="game id (see `refbox journal list`)")
    export.add_argument("--journal", required=True, help="SQLite journal file")
    export.add_argument("--out", help="write to this file instead of standard output")
    export.set_defaults(handler=run_export)


def _open(path: str) -> Journal:
    if not Path(path).exists():
        raise RefereeError(f"there is no journal file {path}")
    return Journal(path)


def run_list(args: argparse.Namespace) -> int:
    try:
        with _open(args.journal) as journal:
            games = journal.games()
    except RefereeError as error:
        print(f"refbox journal: {error.message} [{error.rule}]", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([g.summary() for g in games], indent=2))
        return 0
    if not games:
        print(f"{args.journal}: no games yet")
    for g in games:
        ended = f"  {g.outcome['result']}: {g.outcome['reason']}" if g.outcome else ""
        print(f"{g.id:4}  {g.game:16} {g.players} players  {g.status:9} {g.entries:5} rows"
              f"  last {g.updated}{ended}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    try:
        with _open(args.journal) as journal:
            live = LiveGame.resume(journal, args.id, default_registry())
            text = json.dumps(live.transcript(), indent=2)
    except (RefereeError, GameError) as error:
        print(f"refbox journal: {error.message} [{error.rule}]", file=sys.stderr)
        return 2
    if args.out is None:
        print(text)
        return 0
    try:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        print(f"refbox journal: cannot write {args.out}: {error.strerror}", file=sys.stderr)
        return 2
    return 0
