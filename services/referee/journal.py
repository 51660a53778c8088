"""The journal: every applied action of every game, in order, in SQLite.

WAL mode with ``synchronous=FULL``: once :meth:`Journal.append` returns, the row survives a
power cut. The log is append-only; an undo is itself a row, and the effective history is
computed by folding the rows (see :func:`effective_entries`). The file holds secrets (shuffles,
hidden choices), so it is created readable by its owner only.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from services.referee.errors import JournalError

SCHEMA_VERSION = 1
STATUSES = ("running", "finished", "abandoned")
KINDS = ("action", "chance", "undo", "referee_undo")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    initial TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned')),
    outcome TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'chance', 'undo', 'referee_undo')),
    body TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    players: int
    options: dict[str, Any]
    settings: dict[str, Any]
    initial: dict[str, Any]
    status: str
    outcome: dict[str, Any] | None
    created: str
    updated: str
    entries: int

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "status": self.status,
            "entries": self.entries,
            "created": self.created,
            "updated": self.updated,
            "outcome": self.outcome,
        }


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    body: dict[str, Any]


class Journal:
    """One SQLite file of games. Use one Journal per thread (the daemon loop owns it)."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            if path != ":memory:" and not os.path.exists(path):
                fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
                os.close(fd)
            self._db = sqlite3.connect(path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._db.execute(
                "INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
            )
            found = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0]
        except (sqlite3.Error, OSError) as error:
            raise JournalError(path, f"cannot open the journal: {error}") from None
        if found != str(SCHEMA_VERSION):
            raise JournalError(
                path, f"journal schema {found} is not supported (expected {SCHEMA_VERSION})"
            )

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writing

    def create_game(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        initial: dict[str, Any],
        settings: dict[str, Any] | None = None,
    ) -> int:
        now = _now()
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO games (game, players, options, settings, initial, status, created,"
                " updated) VALUES (?, ?, ?, ?, ?, 'running', ?, ?)",
                (game, players, _dump(options), _dump(settings or {}), _dump(initial), now, now),
            )
        return int(cursor.lastrowid or 0)

    def append(
        self,
        game_id: int,
        kind: str,
        body: dict[str, Any],
        *,
        status: str | None = None,
        outcome: dict[str, Any] | None = None,
    ) -> int:
        """Commit one row (and the game's new status, in the same transaction)."""
        if kind not in KINDS:
            raise JournalError(self.path, f"unknown entry kind {kind!r}; kinds are {KINDS}")
        now = _now()
        with self._transaction():
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM entries WHERE game = ?", (game_id,)
            ).fetchone()
            seq = int(row[0])
            self._db.execute(
                "INSERT INTO entries (game, seq, kind, body, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, kind, _dump(body), now),
            )
            if status is not None:
                self._check_status(status)
                self._db.execute(
                    "UPDATE games SET status = ?, outcome = ?, updated = ? WHERE id = ?",
                    (status, _dump(outcome) if outcome is not None else None, now, game_id),
                )
            else:
                self._db.execute("UPDATE games SET updated = ? WHERE id = ?", (now, game_id))
        return seq

    def update_settings(self, game_id: int, changes: dict[str, Any]) -> None:
        """Merge ``changes`` into the game's settings (the box's own data: seats, paused)."""
        with self._transaction():
            row = self._db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise JournalError(self.path, f"there is no game {game_id} in this journal")
            settings = {**json.loads(row[0]), **changes}
            self._db.execute(
                "UPDATE games SET settings = ?, updated = ? WHERE id = ?",
                (_dump(settings), _now(), game_id),
            )

    def set_status(self, game_id: int, status: str, outcome: dict[str, Any] | None = None) -> None:
        self._check_status(status)
        with self._transaction():
            self._db.execute(
                "UPDATE games SET status = ?, outcome = ?, updated = ? WHERE id = ?",
                (status, _dump(outcome) if outcome is not None else None, _now(), game_id),
            )

    # ------------------------------------------------------------------ reading

    def game(self, game_id: int) -> GameRecord:
        row = self._query(_GAME_SELECT + " WHERE g.id = ? GROUP BY g.id", (game_id,)).fetchone()
        if row is None:
            raise JournalError(self.path, f"there is no game {game_id} in this journal")
        return _record(row)

    def games(self, status: str | None = None) -> list[GameRecord]:
        if status is None:
            rows = self._query(_GAME_SELECT + " GROUP BY g.id ORDER BY g.id", ())
        else:
            self._check_status(status)
            rows = self._query(
                _GAME_SELECT + " WHERE g.status = ? GROUP BY g.id ORDER BY g.id", (status,)
            )
        return [_record(r) for r in rows]

    def latest_running(self) -> GameRecord | None:
        running = self.games("running")
        return max(running, key=lambda g: (g.updated, g.id)) if running else None

    def entries(self, game_id: int) -> list[Entry]:
        rows = self._query(
            "SELECT seq, kind, body FROM entries WHERE game = ? ORDER BY seq", (game_id,)
        )
        return [Entry(int(seq), kind, json.loads(body)) for seq, kind, body in rows]

    def integrity_check(self) -> str:
        return str(self._query("PRAGMA integrity_check", ()).fetchone()[0])

    # ------------------------------------------------------------------ helpers

    def _query(self, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
        try:
            return self._db.execute(sql, params)
        except sqlite3.Error as error:
            raise JournalError(self.path, f"cannot read the journal: {error}") from None

    def _transaction(self) -> _Transaction:
        return _Transaction(self)

    def _check_status(self, status: str) -> None:
        if status not in STATUSES:
            raise JournalError(self.path, f"unknown status {status!r}; statuses are {STATUSES}")


class _Transaction:
    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def __enter__(self) -> None:
        try:
            self.journal._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise JournalError(self.journal.path, f"cannot write the journal: {error}") from None

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        db = self.journal._db
        if exc_type is None:
            try:
                db.execute("COMMIT")
                return
            except sqlite3.Error as error:
                db.execute("ROLLBACK")
                raise JournalError(self.journal.path, f"cannot commit: {error}") from None
        db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise JournalError(self.journal.path, f"cannot write the journal: {exc}") from None


def effective_entries(entries: Iterable[Entry]) -> list[Entry]:
    """Fold the log: actions and chance outcomes, minus what undo rows took back."""
    kept: list[Entry] = []
    for entry in entries:
        if entry.kind in ("action", "chance"):
            kept.append(entry)
        elif entry.kind == "undo":
            pop_player_actions(kept, int(entry.body.get("count", 1)), player_undo=True)
        else:
            pop_player_actions(kept, int(entry.body.get("count", 1)), player_undo=False)
    return kept


def pop_player_actions(items: list[Any], count: int, *, player_undo: bool) -> list[Any]:
    """Remove the last ``count`` player actions and everything after them; return them.

    ``items`` holds objects with a ``kind`` ("action" or "chance"). A player undo removes
    exactly the last item (the live game checked it may); a referee undo may cross chance.
    """
    removed: list[Any] = []
    if player_undo:
        for _ in range(count):
            if items:
                removed.append(items.pop())
        return removed
    left = count
    while items and left > 0:
        item = items.pop()
        removed.append(item)
        if item.kind == "action":
            left -= 1
    return removed


_GAME_SELECT = (
    "SELECT g.id, g.game, g.players, g.options, g.settings, g.initial, g.status, g.outcome,"
    " g.created, g.updated, COUNT(e.seq) FROM games g LEFT JOIN entries e ON e.game = g.id"
)


def _record(row: tuple[Any, ...]) -> GameRecord:
    gid, game, players, options, settings, initial, status, outcome, created, updated, n = row
    return GameRecord(
        int(gid),
        game,
        int(players),
        json.loads(options),
        json.loads(settings),
        json.loads(initial),
        status,
        json.loads(outcome) if outcome else None,
        created,
        updated,
        int(n),
    )


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
