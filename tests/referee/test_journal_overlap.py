"""The box's journal writes a move's row on a thread of its own while the screens are drawn
(services/referee/journal_commit.py): a row is on disk once collected; a write that fails is
rolled back, and the game takes its step back; every other use of the journal waits for the
write under way."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from services.games.registry import Registry
from services.referee.errors import JournalError
from services.referee.journal import Journal
from services.referee.live import LiveGame
from tests.referee.tally import Add, Tally


class FailingCommits(Journal):
    """The box's journal, whose next commit fails as a disk giving an I/O error would."""

    fail_next = False
    commits = 0

    def _commit_now(self) -> None:
        self.commits += 1
        if self.fail_next:
            self.fail_next = False
            raise sqlite3.OperationalError("disk I/O error")
        super()._commit_now()


def rows_seen_elsewhere(path: Path, game: int) -> int:
    """The rows another reader of the file sees: only committed ones."""
    with sqlite3.connect(path) as other:
        return int(other.execute("SELECT COUNT(*) FROM entries WHERE game = ?",
                                 (game,)).fetchone()[0])


def test_a_row_written_later_is_on_disk_once_collected(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    with Journal(str(path), overlap=True) as journal:
        assert journal.overlaps
        game = journal.create_game("tally", 2, {}, {"total": 0})
        for n in range(1, 4):
            journal.append_later(game, "action", {"n": n})
            assert journal.collect() is None
            assert not journal.busy
            assert rows_seen_elsewhere(path, game) == n
        # any other use waits for the commit under way: the rows read back in order
        journal.append_later(game, "action", {"n": 4})
        assert [e.body["n"] for e in journal.entries(game)] == [1, 2, 3, 4]
    with Journal(str(path)) as again:
        assert len(again.entries(game)) == 4


def test_append_later_is_refused_by_a_journal_that_writes_as_asked(tmp_path: Path) -> None:
    with Journal(str(tmp_path / "j.sqlite")) as journal:
        game = journal.create_game("tally", 2, {}, {"total": 0})
        with pytest.raises(JournalError, match="not opened with overlap=True"):
            journal.append_later(game, "action", {"n": 1})
        assert journal.entries(game) == []
        assert not journal.overlaps and journal.collect() is None


def test_a_failed_commit_is_rolled_back_and_said_once(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    with FailingCommits(str(path), overlap=True) as journal:
        game = journal.create_game("tally", 2, {}, {"total": 0})
        journal.append_later(game, "action", {"n": 1})
        assert journal.collect() is None  # before the failure is planted: it is a race
        journal.fail_next = True
        journal.append_later(game, "action", {"n": 2})
        error = journal.collect()
        assert isinstance(error, JournalError)
        assert error.message.endswith("j.sqlite: cannot commit: disk I/O error")
        assert journal.collect() is None  # said once
        assert [e.body["n"] for e in journal.entries(game)] == [1]
        assert rows_seen_elsewhere(path, game) == 1
        journal.append_later(game, "action", {"n": 3})  # the journal goes on
        assert journal.collect() is None
        assert [e.body["n"] for e in journal.entries(game)] == [1, 3]


def test_the_game_takes_back_a_step_whose_commit_failed(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    with FailingCommits(str(path), overlap=True) as journal:
        live, _ = LiveGame.new(journal, Tally(), 2)
        live.apply(Add(0, 2))
        live.settle()
        changes = live.changes
        journal.fail_next = True
        live.apply(Add(1, 3))  # applied at once; its row commits meanwhile
        assert live.state.view(None) == {"total": 5, "active": 0}
        with pytest.raises(JournalError, match="cannot commit: disk I/O error"):
            live.settle()
        assert live.state.view(None) == {"total": 2, "active": 1}
        assert [s.action for s in live.history] == [Add(0, 2)]
        assert live.changes > changes + 1  # screens keyed on it are drawn again
        assert len(journal.entries(live.id)) == 1
        live.settle()  # nothing more to say
        live.apply(Add(1, 3))
        live.settle()
        assert live.state.view(None) == {"total": 5, "active": 0}
    with Journal(str(path)) as again:
        resumed = LiveGame.resume(again, live.id, Registry((Tally(),)))
        assert resumed.state.view(None) == {"total": 5, "active": 0}


def test_a_second_commit_waits_for_the_first_and_hears_of_its_failure(tmp_path: Path) -> None:
    """Two steps in one input (a move and the chance it brings, or two seats' moves before
    the screens are drawn): the second commit begins only once the first is done, and a
    failure of the first is the second's refusal, with the game as the journal has it."""
    with FailingCommits(str(tmp_path / "j.sqlite"), overlap=True) as journal:
        live, _ = LiveGame.new(journal, Tally(), 2)
        journal.fail_next = True
        live.apply(Add(0, 2))
        with pytest.raises(JournalError):
            live.apply(Add(1, 3))
        assert live.history == [] and live.state.view(None) == {"total": 0, "active": 0}
        assert journal.entries(live.id) == []
        assert journal.commits == 2  # the game's creation, the failed one; never the second
