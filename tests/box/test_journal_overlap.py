"""On the box the journal's commit runs while the screens are drawn; no frame may show a move
before its row is on disk, and a move whose commit fails is taken back on every screen.

A whole golden Escape! game (tests/box/golden/dealt) is played while every screen's show() is
watched: at each frame, another reader of the journal file must see every row the box has
written (so none is still committing). Then a commit is made to fail in the middle of a game:
the move is taken back, the public screen says so, the game goes on, and the journal resumes to
the very position the box reached."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from services.games.registry import default_registry
from services.referee.box.table import MOVE_NOT_KEPT
from services.referee.journal import Journal
from services.referee.live import LiveGame
from tests.box.conftest import SimTable
from tests.box.navigator import play_whole_game

GOLDEN = Path(__file__).parent / "golden" / "dealt" / "script.txt"


def committed_rows(path: Path) -> int:
    with sqlite3.connect(path) as other:
        return int(other.execute("SELECT COUNT(*) FROM entries").fetchone()[0])


def written_rows(journal: Journal) -> int:
    """The rows the box's own connection sees, committed or not."""
    return int(journal._db.execute("SELECT COUNT(*) FROM entries").fetchone()[0])


def watch_frames(table: SimTable, check: Callable[[str], None]) -> None:
    """Call ``check(screen name)`` before every frame any screen is sent."""
    for name, screen in table.box.screens.items():
        def show(image: Any, name: str = name, inner: Callable[[Any], None] = screen.show
                 ) -> None:
            check(name)
            inner(image)

        screen.show = show  # type: ignore[method-assign]


def test_no_frame_is_sent_before_the_moves_it_shows_are_on_disk(tmp_path: Path) -> None:
    table = SimTable(tmp_path / "data", seed=5)
    try:
        path = tmp_path / "data" / "refbox.sqlite"
        journal = table.box._table().journal
        assert journal.overlaps
        frames: list[tuple[str, int]] = []

        def check(name: str) -> None:
            assert not journal.busy
            rows = committed_rows(path)
            assert rows == written_rows(journal), f"{name} shown before its row is on disk"
            frames.append((name, rows))

        watch_frames(table, check)
        table.run(*GOLDEN.read_text().splitlines())
        live = table.box._table().live
        assert live is not None and live.state.outcome() is not None
        assert frames[-1][1] == committed_rows(path) > 50  # the whole game was watched
    finally:
        table.close()


def test_a_move_whose_commit_fails_is_taken_back_and_said(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    script = GOLDEN.read_text().splitlines()
    table = SimTable(tmp_path / "data", seed=5)
    try:
        box_table = table.box._table()
        table.run(*script[:40])
        live = box_table.live
        assert live is not None
        journal = box_table.journal
        failed: list[str] = []

        def commit_fails() -> None:
            failed.append("commit")
            raise sqlite3.OperationalError("disk I/O error")

        # the next press that commits a move: its commit fails, once
        line = 40
        while not failed:
            before = ([s.action for s in live.history], live.state.to_json(), line)
            monkeypatch.setattr(journal, "_commit_now", commit_fails)
            table.run(script[line])
            monkeypatch.undo()
            line += 1
        moves, snapshot, failing = before
        assert [s.action for s in live.history] == moves
        assert live.state.to_json() == snapshot
        assert committed_rows(tmp_path / "data" / "refbox.sqlite") == written_rows(journal)
        assert failed == ["commit"]
        assert MOVE_NOT_KEPT in table.box.texts["public"]
        assert script[failing].startswith("press") and failing > 40
        play_whole_game(table.runner, seed=3)  # the menus start again: the game goes on
        assert live.state.outcome() is not None and len(live.history) > len(moves)
        with Journal(str(tmp_path / "data" / "refbox.sqlite")) as again:
            resumed = LiveGame.resume(again, live.id, default_registry())
        assert resumed.state.to_json() == live.state.to_json()
    finally:
        table.close()
