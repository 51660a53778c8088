"""The journal: every applied action of every game, in order, in SQLite.

WAL mode with ``synchronous=FULL``: once :meth:`Journal.append` returns, the row survives a
power cut. On the box's journal (``overlap=True``), :meth:`Journal.append_later` returns at
once and the row is written on a thread of its own while the screens are drawn; it survives
a power cut once :meth:`Journal.collect` has returned (:mod:`.journal_commit`).
The log is append-only; an undo is itself a row, and the effective history is computed
by folding the rows (see :func:`effective_entries`). The file holds secrets (shuffles,
hidden choices), so it is created readable by its owner only.

Damage (a row edited by hand, a disk that returned garbage) is reported, never raised as a
raw ``json``/``sqlite3`` error: :class:`~services.referee.errors.JournalDamaged` names the file,
the game and the row. A damaged game is *set aside* (status ``damaged``, the reason kept in
its ``damage`` column): its rows stay on disk, the box no longer resumes it.
"""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import UTC, datetime
from typing import Any

from services.referee.errors import JournalDamaged, JournalError
from services.referee.journal_commit import Committer
from services.referee.journal_records import (
    STATUSES,
    Entry,
    GameRecord,
    effective_entries,
    load_json,
    pop_player_actions,
    record_from_row,
)

__all__ = ["STATUSES", "Entry", "GameRecord", "Journal", "JournalDamaged", "effective_entries",
           "pop_player_actions"]

SCHEMA_VERSION = 2
KINDS = ("action", "chance", "undo", "referee_undo")
MAX_ID = 2**63 - 1  # SQLite's largest INTEGER
_DAMAGED_FILE = ("SQLITE_NOTADB", "SQLITE_CORRUPT")
_ROW_PROBLEMS = ("CHECK constraint failed", "NULL value in")

_GAMES = """
CREATE TABLE IF NOT EXISTS {name} (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    initial TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned', 'damaged')),
    outcome TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    damage TEXT
);
"""
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
""" + _GAMES.format(name="games") + """
CREATE TABLE IF NOT EXISTS entries (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'chance', 'undo', 'referee_undo')),
    body TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


class Journal:
    """One SQLite file of games. Use one Journal per thread (the daemon loop owns it)."""

    def __init__(self, path: str, *, overlap: bool = False) -> None:
        self.path = path
        self._committer = Committer(path) if overlap else None
        if os.path.isdir(path):
            raise JournalDamaged(path, "this is a folder, not a journal file")
        try:
            if path != ":memory:" and not os.path.exists(path):
                fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
                os.close(fd)
            # overlap: the commit thread uses the connection too, never at the same time
            self._db = sqlite3.connect(path, isolation_level=None,
                                       check_same_thread=not overlap)
        except (sqlite3.Error, OSError) as error:
            raise JournalError(path, f"cannot open the journal: {_reason(error)}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            found = self._schema()
        except sqlite3.Error as error:
            self._db.close()
            if getattr(error, "sqlite_errorname", "") in _DAMAGED_FILE:
                raise JournalDamaged(path, f"cannot open the journal: {error}") from None
            raise JournalError(path, f"cannot open the journal: {error}") from None
        except JournalError:
            self._db.close()
            raise
        if found != str(SCHEMA_VERSION):
            self._db.close()
            raise JournalError(
                path, f"journal schema {found} is not supported (expected {SCHEMA_VERSION})"
            )

    def _schema(self) -> str:
        """Create the tables of a new journal, upgrade an old one; the schema version found."""
        db = self._db
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            db.executescript(_SCHEMA)
            db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif "meta" not in tables:
            raise JournalDamaged(self.path, "this SQLite file is not a refbox journal (it has no "
                                 f"meta table, only {', '.join(sorted(tables))})")
        elif not {"games", "entries"} <= tables:
            missing = " and ".join(sorted({"games", "entries"} - tables))
            raise JournalDamaged(self.path, f"the journal has lost its {missing} table")
        row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            raise JournalDamaged(self.path, "the journal does not say its schema version")
        if str(row[0]) == "1":
            self._upgrade_from_1()
            return str(SCHEMA_VERSION)
        return str(row[0])

    def _upgrade_from_1(self) -> None:
        """Schema 2 adds the status ``damaged`` and the ``damage`` column (SQLite cannot change a
        CHECK in place, so the games table is copied)."""
        db = self._db
        db.execute("PRAGMA foreign_keys=OFF")
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(_GAMES.format(name="games_v2"))
            db.execute("INSERT INTO games_v2 (id, game, players, options, settings, initial,"
                       " status, outcome, created, updated) SELECT id, game, players, options,"
                       " settings, initial, status, outcome, created, updated FROM games")
            db.execute("DROP TABLE games")
            db.execute("ALTER TABLE games_v2 RENAME TO games")
            db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
            db.execute("COMMIT")
        except sqlite3.Error:
            db.execute("ROLLBACK")
            raise
        finally:
            db.execute("PRAGMA foreign_keys=ON")

    def close(self) -> None:
        if self._committer is not None:
            self._committer.stop()
        self._db.close()

    # ------------------------------------------------------------------ overlapped commits

    @property
    def overlaps(self) -> bool:
        """:meth:`append_later` writes on a thread of its own (the box's journal)."""
        return self._committer is not None

    @property
    def busy(self) -> bool:
        """A row is being written on the journal's thread."""
        return self._committer is not None and self._committer.busy

    def collect(self) -> JournalError | None:
        """Wait for a write under way; the error of one that failed since the last collect
        (its transaction rolled back: the row is not in the journal), or None."""
        return self._committer.collect() if self._committer is not None else None

    def _idle(self) -> None:
        if self._committer is not None:
            self._committer.idle()

    def _commit_now(self) -> None:
        self._db.execute("COMMIT")

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
        row = self._row(kind, body, status, outcome)
        self._idle()
        return self._write(game_id, *row)

    def append_later(
        self,
        game_id: int,
        kind: str,
        body: dict[str, Any],
        *,
        status: str | None = None,
        outcome: dict[str, Any] | None = None,
    ) -> None:
        """:meth:`append` on the journal's thread (a journal opened with ``overlap=True``):
        returns at once; :meth:`collect` waits for the row and says if it failed."""
        if self._committer is None:
            raise JournalError(self.path, "this journal writes as it is asked (it was not "
                               "opened with overlap=True): append_later is not allowed")
        row = self._row(kind, body, status, outcome)  # checked and encoded here, now

        def write() -> None:
            self._write(game_id, *row)

        self._committer.submit(write)

    def _row(self, kind: str, body: dict[str, Any], status: str | None,
             outcome: dict[str, Any] | None) -> tuple[str, str, str | None, str | None, str]:
        if kind not in KINDS:
            raise JournalError(self.path, f"unknown entry kind {kind!r}; kinds are {KINDS}")
        if status is not None:
            self._check_status(status)
        return (kind, _dump(body), status, _dump(outcome) if outcome is not None else None,
                _now())

    def _write(self, game_id: int, kind: str, body: str, status: str | None,
               outcome: str | None, now: str) -> int:
        with _Transaction(self, wait=False):
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM entries WHERE game = ?", (game_id,)
            ).fetchone()
            seq = int(row[0])
            self._db.execute(
                "INSERT INTO entries (game, seq, kind, body, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, kind, body, now),
            )
            if status is not None:
                self._db.execute(
                    "UPDATE games SET status = ?, outcome = ?, updated = ? WHERE id = ?",
                    (status, outcome, now, game_id),
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
            stored, problem = load_json(row[0], dict)
            if problem is not None:
                raise JournalDamaged(self.path, f"its settings column {problem}", game_id)
            settings = {**stored, **changes}
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

    def set_aside(self, game_id: int, reason: str) -> None:
        """Mark a game damaged, with the reason; its rows stay, nothing replays it again."""
        with self._transaction():
            self._db.execute(
                "UPDATE games SET status = 'damaged', damage = ?, updated = ? WHERE id = ?",
                (reason, _now(), game_id),
            )

    # ------------------------------------------------------------------ reading

    def game(self, game_id: int) -> GameRecord:
        if not 0 < game_id <= MAX_ID:
            raise JournalError(self.path, f"there is no game {game_id} in this journal; game "
                               "ids are whole numbers from 1 (see `refbox journal list`)")
        row = self._query(_GAME_SELECT + " WHERE g.id = ? GROUP BY g.id", (game_id,)).fetchone()
        if row is None:
            raise JournalError(self.path, f"there is no game {game_id} in this journal")
        return record_from_row(row)

    def games(self, status: str | None = None) -> list[GameRecord]:
        if status is None:
            rows = self._query(_GAME_SELECT + " GROUP BY g.id ORDER BY g.id", ())
        else:
            self._check_status(status)
            rows = self._query(
                _GAME_SELECT + " WHERE g.status = ? GROUP BY g.id ORDER BY g.id", (status,)
            )
        return [record_from_row(r) for r in rows]

    def latest_running(self) -> GameRecord | None:
        running = self.games("running")
        return max(running, key=lambda g: (g.updated, g.id)) if running else None

    def entries(self, game_id: int) -> list[Entry]:
        """The game's rows in order; :class:`JournalDamaged` names the first unreadable one."""
        rows = self._query(
            "SELECT seq, kind, body FROM entries WHERE game = ? ORDER BY seq", (game_id,)
        )
        return [self._entry(game_id, seq, kind, body) for seq, kind, body in rows]

    def readable_entries(self, game_id: int) -> tuple[list[Entry], JournalDamaged | None]:
        """The game's rows up to the first damaged one, and what is wrong with that one."""
        rows = self._query(
            "SELECT seq, kind, body FROM entries WHERE game = ? ORDER BY seq", (game_id,)
        )
        kept: list[Entry] = []
        for seq, kind, body in rows:
            try:
                kept.append(self._entry(game_id, seq, kind, body))
            except JournalDamaged as error:
                return kept, error
        return kept, None

    def _entry(self, game_id: int, seq: Any, kind: Any, body: Any) -> Entry:
        if not isinstance(seq, int):
            raise JournalDamaged(self.path, f"a row is numbered {seq!r}, not a whole number",
                                 game_id)
        if kind not in KINDS:
            raise JournalDamaged(self.path, f"unknown kind {kind!r}; kinds are "
                                 f"{', '.join(KINDS)}", game_id, seq)
        value, problem = load_json(body, dict)
        if problem is not None:
            raise JournalDamaged(self.path, f"the row {problem}", game_id, seq)
        if kind in ("undo", "referee_undo"):
            count = value.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise JournalDamaged(self.path, f"an undo of {count!r} moves; an undo takes "
                                     "back a whole number of moves, 1 or more", game_id, seq)
        return Entry(seq, kind, value)

    def damage(self) -> str | None:
        """What SQLite's quick check finds wrong with the file, or None if nothing."""
        try:
            self._idle()
            found = [str(row[0]) for row in self._db.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorname", "") in _DAMAGED_FILE:
                return str(error)
            raise JournalError(self.path, f"cannot read the journal: {error}") from None
        # A row that breaks a CHECK or NOT NULL is one game's damage, found when it is read.
        found = [f for f in found if f != "ok" and not f.startswith(_ROW_PROBLEMS)]
        return "; ".join(found[:3]) or None

    def integrity_check(self) -> str:
        return str(self._query("PRAGMA integrity_check", ()).fetchone()[0])

    # ------------------------------------------------------------------ helpers

    def _query(self, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
        self._idle()
        try:
            return self._db.execute(sql, params)
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorname", "") in _DAMAGED_FILE:
                raise JournalDamaged(self.path, f"cannot read the journal: {error}") from None
            raise JournalError(self.path, f"cannot read the journal: {error}") from None

    def _transaction(self) -> _Transaction:
        return _Transaction(self)

    def _check_status(self, status: str) -> None:
        if status not in STATUSES:
            raise JournalError(self.path, f"unknown status {status!r}; statuses are {STATUSES}")


class _Transaction:
    def __init__(self, journal: Journal, *, wait: bool = True) -> None:
        self.journal = journal
        self.wait = wait  # for the journal's thread first (not when on it)

    def __enter__(self) -> None:
        if self.wait:
            self.journal._idle()
        try:
            self.journal._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise JournalError(self.journal.path, f"cannot write the journal: {error}") from None

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        db = self.journal._db
        if exc_type is None:
            try:
                self.journal._commit_now()
                return
            except sqlite3.Error as error:
                db.execute("ROLLBACK")
                raise JournalError(self.journal.path, f"cannot commit: {error}") from None
        db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise JournalError(self.journal.path, f"cannot write the journal: {exc}") from None


_GAME_SELECT = (
    "SELECT g.id, g.game, g.players, g.options, g.settings, g.initial, g.status, g.outcome,"
    " g.created, g.updated, COUNT(e.seq), g.damage FROM games g"
    " LEFT JOIN entries e ON e.game = g.id"
)


def _reason(error: BaseException) -> str:
    return (error.strerror or str(error)) if isinstance(error, OSError) else str(error)


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
