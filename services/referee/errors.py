"""The referee layer's exception family, translated at the CLI / daemon boundary."""

from __future__ import annotations

from typing import Any


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


class UndoRefused(RefereeError):
    """An undo that the rules of the box do not allow."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(message)


class ProtocolError(RefereeError):
    """A scripting command that is not well formed."""

    rule = "PROTOCOL"
