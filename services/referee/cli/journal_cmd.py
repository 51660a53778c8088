"""``refbox journal``: the games a journal holds, their transcripts, and damaged games.

    refbox journal list [--journal FILE | --data DIR] [--json]
    refbox journal export ID [--journal FILE | --data DIR] [--out FILE]
    refbox journal recover ID [--journal FILE | --data DIR]

Without ``--journal`` or ``--data`` the journal is the one in the box's data folder (see
:func:`~services.referee.box.daemon.default_data_dir`), as ``refbox run`` uses it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the journal's machinery is imported when a verb runs
    from services.games.registry import Registry

# The daemon's INSTALLED_DATA and JOURNAL, written out so that building the parser does not
# import the daemon (a test checks they agree).
INSTALLED_DATA = "/var/lib/refbox"
JOURNAL = "refbox.sqlite"
WHERE = (f"the box's data folder is $REFBOX_DATA, else {INSTALLED_DATA} when it exists, "
         "else ~/.local/share/refbox")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("journal", help="list journaled games, export transcripts")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    listing = verbs.add_parser("list", help="every game with its status")
    _where(listing)
    listing.add_argument("--json", action="store_true", help="machine-readable output")
    listing.set_defaults(handler=run_list)
    export = verbs.add_parser(
        "export", help="a game's transcript as JSON (secrets only once it is over)"
    )
    export.add_argument("id", type=int, help="game id (see `refbox journal list`)")
    _where(export)
    export.add_argument("--out", help="write to this file instead of standard output")
    export.set_defaults(handler=run_export)
    again = verbs.add_parser(
        "recover", help="copy a damaged game's readable moves into a new, paused game that "
                        "the box offers to continue")
    again.add_argument("id", type=int, help="id of the damaged game (see `refbox journal list`)")
    _where(again)
    again.set_defaults(handler=run_recover)


def _where(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--journal", help=f"SQLite journal file (default: {JOURNAL} in the box's "
                                         "data folder)")
    group.add_argument("--data", help="the box's data folder (default: $REFBOX_DATA, else "
                                      f"{INSTALLED_DATA} if it exists, else "
                                      "~/.local/share/refbox)")


def journal_path(args: argparse.Namespace) -> Path:
    """The journal the command reads: ``--journal``, ``--data``'s, or the box's."""
    from services.referee.box.daemon import default_data_dir
    from services.referee.errors import FileDamaged

    if args.journal is not None:
        path = Path(args.journal)
        if not path.exists():
            raise FileDamaged(str(path), "there is no journal file here")
        return path
    folder = Path(args.data) if args.data is not None else default_data_dir()
    path = folder / JOURNAL
    if folder.is_dir() and not os.access(folder, os.R_OK | os.X_OK):
        raise FileDamaged(str(folder), "permission denied: the box's data belongs to the user "
                          "that runs it; try `sudo -u refbox refbox journal ...`")
    if not path.exists():
        how = ("" if args.data is not None else f" ({WHERE})")
        raise FileDamaged(str(path), f"there is no journal here{how}; pass --journal FILE or "
                          "--data DIR")
    return path


def _registry(path: Path) -> Registry:
    """The games with the corrected data packs of the box whose journal this is."""
    from services.games.registry import default_registry

    return default_registry(path.parent / "packs")


def run_list(args: argparse.Namespace) -> int:
    from services.referee.errors import RefereeError
    from services.referee.journal import Journal

    try:
        path = journal_path(args)
        with Journal(str(path)) as journal:
            games = journal.games()
    except RefereeError as error:
        print(f"refbox journal: {error.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([g.summary() for g in games], indent=2))
        return 0
    if not games:
        print(f"{path}: no games yet")
    for g in games:
        rows = "row " if g.entries == 1 else "rows"  # the columns stay aligned
        print(f"{g.id:4}  {g.game:16} {g.players} players  {g.status:9} {g.entries:5} {rows}"
              f"  last {g.updated}{_ending(g.outcome, g.damage)}")
    return 0


def _ending(outcome: dict[str, object] | None, damage: str | None) -> str:
    if damage is not None:
        return f"  damaged: {damage}"
    if outcome is None:
        return ""
    return f"  {outcome.get('result', '?')}: {outcome.get('reason', '')}"


def run_export(args: argparse.Namespace) -> int:
    from services.games.core import GameError
    from services.referee.errors import JournalDamaged, RefereeError
    from services.referee.journal import Journal
    from services.referee.live import LiveGame

    try:
        path = journal_path(args)
        with Journal(str(path)) as journal:
            live = LiveGame.resume(journal, args.id, _registry(path))
            text = json.dumps(live.transcript(), indent=2)
    except JournalDamaged as error:
        hint = "" if error.game is None else (
            f"; `refbox journal recover {error.game}` copies its readable moves into a new game")
        print(f"refbox journal: {error.message}{hint}", file=sys.stderr)
        return 2
    except (RefereeError, GameError) as error:
        print(f"refbox journal: {error.message}", file=sys.stderr)
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


def run_recover(args: argparse.Namespace) -> int:
    from services.games.core import GameError
    from services.referee.errors import RefereeError
    from services.referee.journal import Journal
    from services.referee.recover import recover

    try:
        path = journal_path(args)
        with Journal(str(path)) as journal:
            new_id, moves, stopped = recover(journal, args.id, _registry(path))
    except (RefereeError, GameError) as error:
        print(f"refbox journal: {error.message}", file=sys.stderr)
        return 2
    print(f"game {args.id}: {moves} rows copied into game {new_id}, paused; {stopped}.")
    print("The box offers it at its next start (restart it: sudo systemctl restart refbox).")
    return 0
