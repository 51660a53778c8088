"""The ``refbox`` command: one parser, one module per subcommand.

Each subcommand module offers ``register(subparsers)``; it adds its parser and sets
``handler`` to a function taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType


def _subcommands() -> list[ModuleType]:
    from services.referee.cli import doctor, enroll, games_cmd, journal_cmd, play, run, sim

    return [sim, run, games_cmd, play, journal_cmd, enroll, doctor]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="refbox",
        description="refbox: a referee box for escape-themed board games.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _subcommands():
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    return int(handler(args))
