"""A damaged journal is read through one error path: every problem names the file, the game
and the row; a list of games always reads; `refbox journal` reports in one line, defaults to
the box's data folder and recovers a damaged game's readable moves."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from services.games.registry import default_registry
from services.referee.box.daemon import JOURNAL
from services.referee.cli import main
from services.referee.errors import JournalDamaged, JournalError
from services.referee.journal import Journal
from services.referee.live import LiveGame
from tests.referee.damage import (
    GAMES,
    damage_record,
    damage_row,
    played_game,
    rows,
    write,
)

SEED = 20261124
V1_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, settings TEXT NOT NULL, initial TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned')), outcome TEXT,
    created TEXT NOT NULL, updated TEXT NOT NULL);
CREATE TABLE entries (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'chance', 'undo', 'referee_undo')),
    body TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game, seq));
INSERT INTO meta VALUES ('schema', '1');
INSERT INTO games VALUES (1, 'tally', 2, '{}', '{"seats": ["seat1", "seat2"]}', '{"x": 1}',
    'finished', '{"result": "win"}', '2026-01-01', '2026-01-02');
INSERT INTO entries VALUES (1, 1, 'action', '{"type": "add"}', '2026-01-01');
"""


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, int]:
    path = tmp_path / JOURNAL
    return path, played_game(path, "decktet-escape", 3, 4, SEED)


def test_a_schema_1_journal_is_upgraded_in_place(tmp_path):
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    db.close()
    with Journal(str(path)) as journal:
        record = journal.game(1)
        assert (record.game, record.status, record.outcome, record.entries) == \
            ("tally", "finished", {"result": "win"}, 1)
        journal.set_aside(1, "row 1: a test")
        assert (journal.game(1).status, journal.game(1).damage) == ("damaged", "row 1: a test")
        assert journal.integrity_check() == "ok"
        assert journal._db.execute("PRAGMA foreign_key_check").fetchall() == []
    with Journal(str(path)) as journal:  # and opens again as schema 2
        assert journal._db.execute("SELECT value FROM meta").fetchone()[0] == "2"


def test_another_programs_sqlite_file_is_not_taken_for_a_journal(tmp_path):
    path = tmp_path / "photos.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER)")
    db.close()
    with pytest.raises(JournalDamaged) as info:
        Journal(str(path))
    assert info.value.message == (f"{path}: this SQLite file is not a refbox journal (it has no "
                                  "meta table, only photos)")
    db = sqlite3.connect(path)
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["photos"]
    db.close()


def test_a_folder_is_not_a_journal(tmp_path):
    with pytest.raises(JournalError) as info:
        Journal(str(tmp_path))
    assert info.value.message == f"{tmp_path}: this is a folder, not a journal file"


@pytest.mark.parametrize(("body", "said"), [
    ("{bad", "the row is not valid JSON (Expecting property name enclosed in double quotes: "
             "line 1 column 2 (char 1))"),
    ("[1, 2]", "the row is JSON list, not an object"),
    (b"\x00\x01", "the row is stored as bytes, not as JSON text"),
    ("[" * 100000 + "]" * 100000, "the row is not valid JSON (nested too deeply)"),
])
def test_an_unreadable_row_is_named(game, body, said):
    path, gid = game
    write(path, "UPDATE entries SET body = ? WHERE game = ? AND seq = 3", body, gid)
    with Journal(str(path)) as journal:
        with pytest.raises(JournalDamaged) as info:
            journal.entries(gid)
        assert info.value.message == f"{path}: game {gid}, row 3: {said}"
        assert (info.value.game, info.value.row) == (gid, 3)
        kept, damaged = journal.readable_entries(gid)
        assert [e.seq for e in kept] == [1, 2]
        assert damaged is not None and damaged.row == 3


def test_an_undo_row_with_a_bad_count_and_an_unknown_kind(game):
    path, gid = game
    write(path, "UPDATE entries SET kind = 'referee_undo', body = '{\"count\": \"two\"}' "
          "WHERE game = ? AND seq = 2", gid)
    write(path, "UPDATE entries SET kind = 'bogus' WHERE game = ? AND seq = 1", gid)
    with Journal(str(path)) as journal:
        with pytest.raises(JournalDamaged) as info:
            journal.entries(gid)
        assert info.value.message == (f"{path}: game {gid}, row 1: unknown kind 'bogus'; kinds "
                                      "are action, chance, undo, referee_undo")
    write(path, "UPDATE entries SET kind = 'chance' WHERE game = ? AND seq = 1", gid)
    with Journal(str(path)) as journal, pytest.raises(JournalDamaged) as info:
        journal.entries(gid)
    assert info.value.message == (f"{path}: game {gid}, row 2: an undo of 'two' moves; an undo "
                                  "takes back a whole number of moves, 1 or more")


def test_a_row_the_rules_refuse_is_named_on_replay(game):
    path, gid = game
    write(path, "UPDATE entries SET body = '{\"type\": \"fly\"}' WHERE game = ? AND seq = 2", gid)
    with Journal(str(path)) as journal, pytest.raises(JournalDamaged) as info:
        LiveGame.resume(journal, gid, default_registry())
    assert info.value.message.startswith(f"{path}: game {gid}, row 2: unknown action type "
                                         "'fly'; allowed: ")


def test_a_damaged_record_still_lists_and_names_the_column(game):
    path, gid = game
    write(path, "UPDATE games SET settings = 'not json', players = 'three' WHERE id = ?", gid)
    with Journal(str(path)) as journal:
        [record] = journal.games()
        assert record.damage == ("its settings column is not valid JSON (Expecting value: line 1 "
                                 "column 1 (char 0)); its player count 'three' is not a whole "
                                 "number")
        assert (record.settings, record.readable) == ({}, False)
        with pytest.raises(JournalDamaged) as info:
            journal.update_settings(gid, {"paused": True})
        assert info.value.message == (f"{path}: game {gid}: its settings column is not valid JSON "
                                      "(Expecting value: line 1 column 1 (char 0))")
        with pytest.raises(JournalDamaged) as info:
            LiveGame.resume(journal, gid, default_registry())
        assert info.value.message.startswith(f"{path}: game {gid}: it is damaged, its settings "
                                             "column")


def test_random_damage_is_always_named_never_raw(tmp_path):
    """Fuzz: any damage to a row or a record surfaces as JournalDamaged or not at all."""
    for example in range(30):
        rng = random.Random(f"{SEED}:{example}")
        path = tmp_path / f"{example}.sqlite"
        gid = played_game(path, GAMES[example % 3], 4, rng.randint(1, 8), example)
        for _ in range(rng.randint(1, 3)):
            (damage_record if rng.random() < 0.3 else damage_row)(path, gid, rng)
        with Journal(str(path)) as journal:
            assert [g.id for g in journal.games()] == [gid]
            try:
                LiveGame.resume(journal, gid, default_registry())
            except JournalDamaged as error:
                assert error.game == gid and error.message.startswith(f"{path}: game {gid}")


# ---------------------------------------------------------------------- refbox journal


def journal_cmd(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["journal", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_export_of_a_damaged_row_is_one_line_with_the_way_out(game, capsys):
    path, gid = game
    write(path, "UPDATE entries SET body = '{\"type\": \"fly\"}' WHERE game = ? AND seq = 2", gid)
    code, out, err = journal_cmd(capsys, "export", str(gid), "--journal", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(f"refbox journal: {path}: game {gid}, row 2: unknown action type 'fly'")
    assert err.endswith(f"; `refbox journal recover {gid}` copies its readable moves into a new "
                        "game\n")
    assert err.count("\n") == 1


@pytest.mark.parametrize("number", ["12345678901234567890", "0", "99"])
def test_export_of_a_game_that_is_not_there(game, capsys, number):
    path, _gid = game
    code, out, err = journal_cmd(capsys, "export", number, "--journal", str(path))
    assert (code, out) == (2, "")
    assert err == (f"refbox journal: {path}: there is no game {number} in this journal"
                   + ("; game ids are whole numbers from 1 (see `refbox journal list`)\n"
                      if number != "99" else "\n"))


def test_list_and_export_default_to_the_box_data_folder(game, capsys, monkeypatch):
    path, gid = game
    monkeypatch.setenv("REFBOX_DATA", str(path.parent))
    code, out, _err = journal_cmd(capsys, "list", "--json")
    assert code == 0
    assert [g["id"] for g in json.loads(out)] == [gid]
    code, out, _err = journal_cmd(capsys, "export", str(gid))
    assert code == 0 and json.loads(out)["game"] == "decktet-escape"
    code, out, _err = journal_cmd(capsys, "list", "--data", str(path.parent))
    assert code == 0 and out.startswith(f"{gid:4}  decktet-escape")


def test_without_a_journal_the_message_says_where_it_looked(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("REFBOX_DATA", str(tmp_path / "nowhere"))
    code, out, err = journal_cmd(capsys, "list")
    assert (code, out) == (2, "")
    assert err == (f"refbox journal: {tmp_path / 'nowhere' / JOURNAL}: there is no journal here "
                   "(the box's data folder is $REFBOX_DATA, else /var/lib/refbox when it "
                   "exists, else ~/.local/share/refbox); pass --journal FILE or --data DIR\n")


def test_list_shows_a_damaged_game_and_its_reason(game, capsys):
    path, gid = game
    with Journal(str(path)) as journal:
        journal.set_aside(gid, "row 2: unknown action type 'fly'")
    code, out, _err = journal_cmd(capsys, "list", "--journal", str(path))
    assert code == 0
    assert "  damaged   " in out
    assert out.rstrip().endswith("damaged: row 2: unknown action type 'fly'")


def test_recover_copies_the_readable_moves_into_a_paused_game(game, capsys):
    path, gid = game
    before = rows(path, gid)
    write(path, "UPDATE entries SET body = '{bad' WHERE game = ? AND seq = 4", gid)
    with Journal(str(path)) as journal:
        journal.set_aside(gid, "row 4: damaged")
    code, out, err = journal_cmd(capsys, "recover", str(gid), "--journal", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == (f"game {gid}: 3 rows copied into game {gid + 1}, paused; "
                                   "stopped before row 4 (the row is not valid JSON (Expecting "
                                   "property name enclosed in double quotes: line 1 column 2 "
                                   "(char 1))).")
    assert [(s, k, json.loads(b)) for s, k, b in rows(path, gid + 1)] == \
        [(s, k, json.loads(b)) for s, k, b in before[:3]]
    with Journal(str(path)) as journal:
        copy = journal.game(gid + 1)
        assert (copy.status, copy.settings["paused"], copy.settings["recovered_from"]) == \
            ("running", True, gid)
        assert journal.game(gid).status == "damaged"  # the original stays as it was
        assert len(LiveGame.resume(journal, gid + 1, default_registry()).history) == 3
    code, _out, err = journal_cmd(capsys, "recover", str(gid + 1), "--journal", str(path))
    assert (code, err) == (2, f"refbox journal: game {gid + 1} is not damaged (status running); "
                              "only a damaged game is recovered\n")


def test_a_huge_damaged_row_gives_a_message_of_reasonable_size(game):
    path, gid = game
    body = json.dumps({"type": "x" * 100000})
    write(path, "UPDATE entries SET body = ? WHERE game = ? AND seq = 2", body, gid)
    with Journal(str(path)) as journal, pytest.raises(JournalDamaged) as info:
        LiveGame.resume(journal, gid, default_registry())
    assert len(info.value.reason) < 500
    assert info.value.reason.endswith(" characters in all)")


def test_a_journal_that_lost_a_table_is_damaged(game):
    path, _gid = game
    write(path, "DROP TABLE entries")
    with pytest.raises(JournalDamaged) as info:
        Journal(str(path))
    assert info.value.message == f"{path}: the journal has lost its entries table"
