"""The ``refbox`` command: one parser, one module per subcommand.

Each subcommand module offers ``register(subparsers)``; it adds its parser and sets
``handler`` to a function taking the parsed arguments and returning the exit status.

:func:`main` is the boundary: an error of any refbox layer that a command did not report
itself becomes one line on standard error and a non-zero exit status, never a traceback, and
output to a closed pipe (``refbox games | head -5``) ends quietly.

Building the parser imports no engine, daemon, phone server or doctor: a subcommand module
imports its machinery in its handler, so ``refbox games`` or ``refbox play GAME --json`` pays
only for what it uses (docs/performance.md, "Start-up"; ``benchmarks/cli_startup.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType

DEFAULT_BOARD = "sim"
"""firmware_py.profile's DEFAULT_PROFILE, written out so that building the parser does not
import the profile reader (a test checks they agree)."""
EX_FAILED = 2
EX_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader went away
EX_INTERRUPTED = 130  # 128 + SIGINT


def _subcommands() -> list[ModuleType]:
    from services.referee.cli import (
        doctor,
        enroll,
        games_cmd,
        journal_cmd,
        play,
        run,
        sim,
        wiring,
    )

    return [sim, run, games_cmd, play, journal_cmd, enroll, doctor, wiring]


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
    name = "refbox"
    try:
        parser = build_parser()
        args = parser.parse_args(argv)  # `refbox --help | head -1` can break the pipe too
        handler = getattr(args, "handler", None)
        if handler is None:
            parser.print_help(sys.stderr)
            return EX_FAILED
        name = f"refbox {args.command}"
        return int(handler(args))
    except BrokenPipeError:
        _silence_stdout()
        return EX_PIPE
    except KeyboardInterrupt:
        print(f"\n{name}: interrupted", file=sys.stderr)
        return EX_INTERRUPTED
    except Exception as error:
        message = refbox_error(error)
        if message is None:
            raise
        print(f"{name}: {message}", file=sys.stderr)
    return EX_FAILED


def refbox_error(error: Exception) -> str | None:
    """The one line for an error of a refbox layer (or of the file system), None for any
    other error (a bug: its traceback is wanted)."""
    # Imported here, not at the top: the error classes' modules (tomllib, tempfile) would
    # cost every command its start-up; an error of theirs was raised after they loaded.
    from firmware_py.errors import HardwareError
    from services.games.core import GameError
    from services.referee.errors import RefereeError
    from services.referee.tags import TagRegistryError

    if isinstance(error, (GameError, RefereeError)):
        return str(error.message)
    if isinstance(error, (HardwareError, TagRegistryError)):
        return str(error)
    if isinstance(error, OSError):
        where = f" {error.filename}" if error.filename else ""
        return f"cannot use{where}: {error.strerror or error}"
    return None


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush cannot fail too."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # captured output (tests): nothing to flush
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
