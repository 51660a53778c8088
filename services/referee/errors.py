"""The referee layer's exception family, translated at the CLI / daemon boundary."""

from __future__ import annotations

from typing import Any

REASON_LIMIT = 400  # characters of a damaged row's problem kept in a message


class RefereeError(Exception):
    """Base of referee-layer errors; ``rule`` is a box rule id (see docs/engine-api.md)."""

    rule: str = "BOX"

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}


class JournalError(RefereeError):
    """The journal cannot be opened, read or written: names the database file."""

    rule = "JOURNAL"

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


class JournalDamaged(JournalError):
    """What the journal holds is damaged: the whole file (``game`` None) or one game's row
    (``row`` None when the damage is in the game's own record, not in one of its rows)."""

    def __init__(self, path: str, message: str, game: int | None = None,
                 row: int | None = None) -> None:
        self.game = game
        self.row = row
        if game is None:
            where = ""
        elif row is None:
            where = f"game {game}: "
        else:
            where = f"game {game}, row {row}: "
        if len(message) > REASON_LIMIT:  # a damaged row can hold a megabyte of garbage
            message = f"{message[:REASON_LIMIT]}... ({len(message)} characters in all)"
        self.reason = message
        super().__init__(path, where + message)


class FileDamaged(RefereeError):
    """An input file (script, capture folder, data folder, journal path) cannot be used:
    names the file, the line where there is one, and what is wrong."""

    rule = "FILE"

    def __init__(self, file: str, message: str, line: int | None = None) -> None:
        self.file = file
        self.line = line
        self.reason = message
        super().__init__(f"{file}:{line}: {message}" if line is not None else f"{file}: {message}")


class UndoRefused(RefereeError):
    """An undo that the rules of the box do not allow."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(message)


class ProtocolError(RefereeError):
    """A scripting command that is not well formed."""

    rule = "PROTOCOL"
