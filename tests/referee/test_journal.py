"""The journal: SQLite WAL + synchronous=FULL, one row per action, folding undo rows."""

from __future__ import annotations

import os
import sqlite3
import stat

import pytest

from services.referee.errors import JournalError
from services.referee.journal import Entry, Journal, effective_entries


@pytest.fixture
def journal(tmp_path):
    with Journal(str(tmp_path / "refbox.sqlite")) as j:
        yield j


def test_the_file_is_private_wal_and_fully_synchronous(tmp_path):
    path = tmp_path / "j.sqlite"
    with Journal(str(path)) as journal:
        gid = journal.create_game("tally", 2, {}, {"x": 1})
        journal.append(gid, "action", {"type": "add"})
        assert journal._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert journal._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_rows_are_numbered_in_order_and_read_back(journal):
    gid = journal.create_game("decktet-escape", 3, {"tokens": 8}, {"initial": True},
                              {"dice": "auto"})
    assert [journal.append(gid, "chance", {"n": 1}), journal.append(gid, "action", {"n": 2})] \
        == [1, 2]
    assert journal.entries(gid) == [Entry(1, "chance", {"n": 1}), Entry(2, "action", {"n": 2})]
    record = journal.game(gid)
    assert (record.game, record.players, record.options, record.settings, record.status,
            record.entries) == ("decktet-escape", 3, {"tokens": 8}, {"dice": "auto"},
                                "running", 2)


def test_games_are_listed_with_their_status(journal):
    a = journal.create_game("tally", 2, {}, {})
    b = journal.create_game("tally", 2, {}, {})
    journal.append(b, "action", {}, status="finished", outcome={"result": "win"})
    assert [(g.id, g.status) for g in journal.games()] == [(a, "running"), (b, "finished")]
    assert [g.id for g in journal.games("finished")] == [b]
    assert journal.game(b).outcome == {"result": "win"}
    assert journal.latest_running().id == a


def test_unknown_kinds_statuses_and_games_are_refused(journal):
    gid = journal.create_game("tally", 2, {}, {})
    with pytest.raises(JournalError) as info:
        journal.append(gid, "cheat", {})
    assert "unknown entry kind 'cheat'" in info.value.message
    with pytest.raises(JournalError) as info:
        journal.set_status(gid, "paused")
    assert "unknown status 'paused'" in info.value.message
    with pytest.raises(JournalError) as info:
        journal.game(99)
    assert info.value.message.endswith("there is no game 99 in this journal")
    assert journal.entries(gid) == []


def test_a_file_that_is_not_a_database_is_reported_with_its_path(tmp_path):
    path = tmp_path / "bad.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(JournalError) as info:
        Journal(str(path))
    assert info.value.path == str(path)
    assert "cannot open the journal" in info.value.message


def test_a_journal_from_another_schema_is_refused(tmp_path):
    path = tmp_path / "old.sqlite"
    Journal(str(path)).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    db.commit()
    db.close()
    with pytest.raises(JournalError) as info:
        Journal(str(path))
    assert "journal schema 99 is not supported" in info.value.message


def test_folding_undo_rows():
    rows = [Entry(1, "chance", {}), Entry(2, "action", {"n": 1}), Entry(3, "action", {"n": 2}),
            Entry(4, "undo", {"count": 1}), Entry(5, "action", {"n": 3}),
            Entry(6, "chance", {"c": 1}), Entry(7, "action", {"n": 4}),
            Entry(8, "referee_undo", {"count": 2})]
    assert [e.seq for e in effective_entries(rows)] == [1, 2]


def test_integrity_check(journal):
    assert journal.integrity_check() == "ok"
