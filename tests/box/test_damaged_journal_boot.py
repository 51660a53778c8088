"""The box comes up on a damaged journal: the damaged game is set aside (kept on disk, named
on the public screen and in the log) and the lobby opens; a journal file that is not a
journal is renamed aside and a new one started. Never a traceback, never a box that stays
down.
"""

from __future__ import annotations

import logging
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.referee.box.daemon import JOURNAL
from services.referee.journal import Journal
from tests.box.conftest import SimTable
from tests.box.navigator import lobby_lines
from tests.box.test_signals import WAIT, refbox, wait_for
from tests.referee.damage import GAMES, damage_record, damage_row, played_game, write

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261124
EXAMPLES = 12  # boxes started on randomly damaged journals (each ~0.5 s, mostly waiting)


def boot(data: Path) -> SimTable:
    """The simulated box on hw/sim.toml's first four seats (fewer button threads to stop)."""
    text = (ROOT / "hw" / "sim.toml").read_text()
    text = text[: text.index('[[seats]]\nname = "seat5"')]
    board = data.parent / "sim-four-seats.toml"
    board.write_text(text.replace('name = "sim"', 'name = "sim-four-seats"', 1))
    return SimTable(data, seed=SEED, board=str(board))


def test_a_damaged_row_sets_the_game_aside_and_the_lobby_opens(tmp_path, caplog):
    data = tmp_path / "data"
    data.mkdir()
    journal = data / JOURNAL
    game = played_game(journal, "decktet-escape", 3, 4, SEED)
    write(journal, "UPDATE entries SET body = '{bad' WHERE game = ? AND seq = 2", game)
    with caplog.at_level(logging.ERROR):
        table = boot(data)
    try:
        assert table.box._table().mode == "lobby"
        assert table.box.texts["public"][-1] == f"Game {game} set aside"
        record = table.box._table().journal.game(game)
        assert record.status == "damaged"
        assert record.damage == ("row 2: the row is not valid JSON (Expecting property name "
                                 "enclosed in double quotes: line 1 column 2 (char 1))")
        assert record.entries == 5  # every row is kept
        assert f"game {game} set aside, it cannot be replayed: {journal}: game {game}, row 2: " \
               "the row is not valid JSON" in caplog.text
        # the lobby works: a new game starts at the table
        table.run("game decktet-escape", *lobby_lines(3, []))
        assert table.box._table().mode == "game"
        assert table.box._table().live.id == game + 1
    finally:
        table.close()


def test_an_unknown_action_type_sets_the_game_aside(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    game = played_game(data / JOURNAL, "intruder-escape", 4, 3, SEED)
    write(data / JOURNAL, "UPDATE entries SET body = '{\"type\": \"fly\"}' "
          "WHERE game = ? AND seq = 1", game)
    table = boot(data)
    try:
        record = table.box._table().journal.game(game)
        assert record.status == "damaged"
        assert record.damage.startswith("row 1: unknown action type 'fly'; allowed: ")
        assert table.box._table().mode == "lobby"
    finally:
        table.close()


def test_a_game_without_seats_is_set_aside_not_a_key_error(tmp_path):
    """The issue's `KeyError: 'seats'`: a game journaled by `refbox play` in the box's file."""
    data = tmp_path / "data"
    data.mkdir()
    game = played_game(data / JOURNAL, "decktet-escape", 3, 2, SEED)
    write(data / JOURNAL, "UPDATE games SET settings = '{\"chance\": \"auto\"}' WHERE id = ?",
          game)
    table = boot(data)
    try:
        record = table.box._table().journal.game(game)
        assert record.damage == ("it has no seats: it was not started at a table (or its "
                                 "settings are damaged)")
        assert table.box.texts["public"][-1] == f"Game {game} set aside"
    finally:
        table.close()


def test_a_paused_damaged_game_is_not_offered(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    game = played_game(data / JOURNAL, "decktet-escape", 3, 3, SEED)
    with Journal(str(data / JOURNAL)) as journal:
        journal.update_settings(game, {"paused": True})
    write(data / JOURNAL, "UPDATE entries SET body = '[]' WHERE game = ? AND seq = 3", game)
    table = boot(data)
    try:
        assert table.box._table().mode == "lobby"
        assert table.box._table().journal.game(game).damage == "row 3: the row is JSON list, " \
                                                               "not an object"
    finally:
        table.close()


def test_a_journal_file_that_is_not_a_database_is_set_aside(tmp_path, caplog):
    data = tmp_path / "data"
    data.mkdir()
    (data / JOURNAL).write_bytes(bytes(random.Random(SEED).randrange(256) for _ in range(3000)))
    with caplog.at_level(logging.ERROR):
        table = boot(data)
    try:
        assert table.box._table().mode == "lobby"
        assert table.box.texts["public"][-1] == "Journal set aside"
        assert (data / f"{JOURNAL}.damaged-1").read_bytes()[:10] != b""
        assert table.box._table().journal.games() == []
        assert "cannot open the journal: file is not a database; it is kept as " \
               f"{JOURNAL}.damaged-1 and a new journal is started" in caplog.text
    finally:
        table.close()


def test_a_truncated_journal_file_is_set_aside(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    played_game(data / JOURNAL, "decktet-escape", 3, 3, SEED)
    whole = (data / JOURNAL).read_bytes()
    (data / JOURNAL).write_bytes(whole[: len(whole) // 2])
    table = boot(data)
    try:
        assert table.box._table().mode == "lobby"
        assert (data / f"{JOURNAL}.damaged-1").read_bytes() == whole[: len(whole) // 2]
    finally:
        table.close()


@pytest.mark.parametrize("example", range(EXAMPLES))
def test_the_box_comes_up_on_a_randomly_damaged_journal(tmp_path, example):
    """Random damage to random rows or to the record of the latest game: the box comes up;
    either the damage was harmless and the game goes on, or it is set aside, the lobby
    opens and names it."""
    rng = random.Random(f"{SEED}:{example}")
    data = tmp_path / "data"
    data.mkdir()
    journal = data / JOURNAL
    game = GAMES[example % len(GAMES)]
    players = {"decktet-escape": 3, "intruder-escape": 4, "innsmouth-escape": 3}[game]
    first = played_game(journal, game, players, rng.randint(0, 6), rng.randrange(10**6))
    latest = played_game(journal, game, players, rng.randint(1, 8), rng.randrange(10**6))
    done = [damage_record(journal, latest, rng) if rng.random() < 0.3
            else damage_row(journal, latest, rng) for _ in range(rng.randint(1, 3))]
    kept = shutil.copy(journal, tmp_path / "before.sqlite")
    table = boot(data)
    try:
        box_table = table.box._table()
        record = box_table.journal.game(latest)
        if record.status == "damaged":
            assert box_table.mode == "lobby", done
            assert table.box.texts["public"][-1] == f"Game {latest} set aside", done
            assert record.damage, done
            assert box_table.journal.game(first).status == "running"  # only the damaged one
        else:
            assert box_table.mode in ("game", "over"), (done, box_table.mode)
            assert box_table.live is not None and box_table.live.id == latest, done
        assert Path(kept).exists()
    finally:
        table.close()


def test_a_folder_where_the_journal_belongs_is_set_aside(tmp_path):
    data = tmp_path / "data"
    (data / JOURNAL).mkdir(parents=True)
    table = boot(data)
    try:
        assert table.box._table().mode == "lobby"
        assert table.box.texts["public"][-1] == "Journal set aside"
        assert (data / f"{JOURNAL}.damaged-1").is_dir()
        assert (data / JOURNAL).is_file()
    finally:
        table.close()


def test_a_damaged_tag_registry_is_named_on_the_public_screen(tmp_path, caplog):
    data = tmp_path / "data"
    data.mkdir()
    (data / "tags.toml").write_text("[[tags]]\ntag = 5\n")
    with caplog.at_level(logging.ERROR):
        table = boot(data)
        tags = table.box.tags  # read after READY: this waits for the reading, which says so
    try:
        assert tags is None
        table.box.step()  # the note is on the next frame
        assert table.box.texts["public"][-1] == "Tags file damaged"
        assert (f"tag registry not used: {data / 'tags.toml'}: tags[0]: missing game, kind, "
                "id, label; every entry has tag, game, kind, id, label") in caplog.text
    finally:
        table.close()


@pytest.fixture
def notify_socket() -> Iterator[tuple[socket.socket, str]]:
    """A datagram socket standing in for systemd's (as in tests/box/test_signals.py)."""
    with tempfile.TemporaryDirectory(prefix="nfy") as folder:
        path = os.path.join(folder, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.settimeout(WAIT)
        try:
            yield sock, path
        finally:
            sock.close()


def test_refbox_run_comes_up_on_a_journal_with_one_damaged_row(tmp_path, notify_socket):
    """The issue's case, as systemd runs it: `refbox run --data DIR` reaches READY=1, logs the
    game it set aside, and stops cleanly on SIGTERM."""
    sock, address = notify_socket
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    game = played_game(data / JOURNAL, "decktet-escape", 3, 3, SEED)
    write(data / JOURNAL, "UPDATE entries SET body = '{\"type\": \"fly\"}' "
          "WHERE game = ? AND seq = 2", game)
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "WATCHDOG_USEC", "WATCHDOG_PID")}
    env.update(NOTIFY_SOCKET=address, WATCHDOG_USEC="60000000", REFBOX_SCREENS="memory",
               PYTHONPATH=str(ROOT))
    log = tmp_path / "stderr.log"
    with open(log, "wb") as stderr:
        daemon = subprocess.Popen([*refbox(), "run", "--board", "sim", "--data", str(data)],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=stderr)
    try:
        wait_for(sock, "READY=1", log)
        wait_for(sock, "WATCHDOG=1", log)
        daemon.send_signal(signal.SIGTERM)
        wait_for(sock, "STOPPING=1", log)
        daemon.communicate(timeout=WAIT)
    finally:
        if daemon.poll() is None:
            daemon.kill()
            daemon.wait()
    assert daemon.returncode == 0, log.read_text()
    assert (f"ERROR services.referee.box.table: game {game} set aside, it cannot be replayed: "
            f"{data / JOURNAL}: game {game}, row 2: unknown action type 'fly'"
            in log.read_text())
    with Journal(str(data / JOURNAL)) as journal:
        assert journal.game(game).status == "damaged"


def test_a_recovered_game_is_offered_at_the_next_start(tmp_path, capsys):
    from services.referee.cli import main

    data = tmp_path / "data"
    data.mkdir()
    game = played_game(data / JOURNAL, "decktet-escape", 3, 4, SEED)
    write(data / JOURNAL, "UPDATE entries SET body = '{bad' WHERE game = ? AND seq = 4", game)
    boot(data).close()  # sets it aside
    assert main(["journal", "recover", str(game), "--data", str(data)]) == 0
    assert capsys.readouterr().out.startswith(f"game {game}: 3 rows copied into game {game + 1}")
    table = boot(data)
    try:
        box_table = table.box._table()
        assert box_table.mode == "offer"
        assert table.box.texts["public"][0] == "Continue?"
        table.run("press seat1 ok")
        assert box_table.mode == "game"
        assert box_table.live is not None and box_table.live.id == game + 1
        assert len(box_table.live.history) == 3
    finally:
        table.close()


def test_a_damaged_data_pack_leaves_its_game_out_and_its_game_waits(tmp_path, caplog):
    """A damaged packs/ file does not stop the box: that game is left out of the lobby (never
    played with the shipped data instead), named in the log and on the public screen; a
    journaled game of it waits untouched and resumes once the pack is mended."""
    data = tmp_path / "data"
    (data / "packs").mkdir(parents=True)
    game = played_game(data / JOURNAL, "intruder-escape", 4, 3, SEED)
    pack = data / "packs" / "intruder.toml"
    pack.write_text("[pack\n")
    with caplog.at_level(logging.ERROR):
        table = boot(data)
    try:
        box = table.box._table()
        assert box.mode == "lobby"
        assert "intruder-escape" not in {g.info.id for g in box.lobby.registry}
        assert "decktet-escape" in {g.info.id for g in box.lobby.registry}
        assert " ".join(table.box.texts["public"][1:]) == (
            f"Game {game} waits: its data pack is damaged")
        assert box.journal.game(game).status == "running"  # not set aside
        assert f"intruder-escape left out of the lobby: its data pack is damaged: {pack}" \
               in caplog.text
        assert f"game {game} waits: its data pack is damaged: {pack}" in caplog.text
    finally:
        table.close()
    pack.unlink()  # mended (here: the shipped data again)
    table = boot(data)
    try:
        assert table.box._table().mode == "game"
        assert table.box._table().live.id == game
    finally:
        table.close()
