"""SIGTERM (``systemctl stop``, a shutdown): the daemon finishes its step, pauses the running
game, says so on the screens and exits 0; the next boot offers to continue it.

The daemon runs as ``refbox run --board sim`` in a subprocess, with ``NOTIFY_SOCKET`` pointing
at a datagram socket bound here (standing in for systemd). Nothing waits on the wall clock
except bounded waits for the daemon's own messages: READY=1, then the first WATCHDOG=1 (sent
by the running loop, so the SIGTERM handler is installed by then: ``refbox run`` installs it
only after READY=1), then STOPPING=1.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.games.registry import default_registry
from services.referee.box.daemon import JOURNAL, install_stop_signals
from services.referee.journal import Journal
from services.referee.live import LiveGame
from tests.box.conftest import SimTable
from tests.box.navigator import lobby_lines

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["seat1", "seat2", "seat3"]
WAIT = 60.0  # s: an upper bound for a loaded machine, never waited in a passing run


@pytest.fixture
def systemd() -> Iterator[tuple[socket.socket, str]]:
    """A bound datagram socket standing in for systemd's notify socket, and its path
    (in a short directory: AF_UNIX paths are limited to 107 bytes)."""
    with tempfile.TemporaryDirectory(prefix="nfy") as folder:
        path = os.path.join(folder, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.settimeout(WAIT)
        try:
            yield sock, path
        finally:
            sock.close()


def wait_for(sock: socket.socket, assignment: str, log: Path) -> list[str]:
    """Read notifications until one holds ``assignment``; returns them all."""
    seen: list[str] = []
    while True:
        try:
            message = sock.recv(4096).decode()
        except TimeoutError:
            pytest.fail(f"no {assignment} within {WAIT} s; got {seen}; the daemon logged:\n"
                        f"{log.read_text()}")
        seen.append(message)
        if assignment in message.splitlines():
            return seen


def running_game(data: Path) -> int:
    """A journal with an Escape! game in progress, as a power cut would have left it."""
    data.mkdir(mode=0o700)
    with Journal(str(data / JOURNAL)) as journal:
        live, _ = LiveGame.new(journal, default_registry().get("decktet-escape"), 3,
                               rng=random.Random(1),
                               settings={"seats": SEATS, "dice": "box",
                                         "labels": ["Seat 1", "Seat 2", "Seat 3"]})
        return live.id


def refbox() -> list[str]:
    script = Path(sys.executable).parent / "refbox"
    return [str(script)] if script.exists() else [sys.executable, "-m", "services.referee.cli"]


@pytest.mark.parametrize("game", [True, False], ids=["game-running", "lobby"])
def test_sigterm_pauses_the_game_and_exits_0(game: bool, tmp_path: Path,
                                             systemd: tuple[socket.socket, str]) -> None:
    sock, address = systemd
    data = tmp_path / "data"
    game_id = running_game(data) if game else None
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "WATCHDOG_USEC", "WATCHDOG_PID")}
    # A watchdog of a minute: the loop pings once at its first step, then every 30 s.
    env.update(NOTIFY_SOCKET=address, WATCHDOG_USEC="60000000", REFBOX_SCREENS="memory",
               PYTHONPATH=str(ROOT))
    log = tmp_path / "stderr.log"
    with open(log, "wb") as stderr:
        daemon = subprocess.Popen([*refbox(), "run", "--board", "sim", "--data", str(data)],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=stderr)
    try:
        ready = wait_for(sock, "READY=1", log)
        assert "STATUS=sim: ready" in ready[-1].splitlines()
        wait_for(sock, "WATCHDOG=1", log)  # the loop runs: SIGTERM is handled from now on
        daemon.send_signal(signal.SIGTERM)
        wait_for(sock, "STOPPING=1", log)  # (reading on keeps the loop from blocking)
        out, _ = daemon.communicate(timeout=WAIT)
    finally:
        if daemon.poll() is None:
            daemon.kill()
            daemon.wait()
    assert daemon.returncode == 0, log.read_text()
    assert out == b"", "the daemon prints nothing on stdout"

    with Journal(str(data / JOURNAL)) as journal:
        assert journal.integrity_check() == "ok"
        if game_id is None:
            assert journal.games() == []
            return
        record = journal.game(game_id)
        assert record.status == "running"
        assert record.settings["paused"] is True
        assert record.entries == 1  # the opening shuffle: pausing adds no row
    # The next boot offers to continue it; OK does.
    table = SimTable(data, seed=1)
    try:
        assert table.box._table().mode == "offer"
        assert table.box.texts["public"][0] == "Continue?"
        table.run("press seat1 ok")
        assert table.box._table().mode == "game"
    finally:
        table.close()
    with Journal(str(data / JOURNAL)) as journal:
        assert journal.game(game_id).settings["paused"] is False


def test_sigterm_shows_paused_on_every_screen(sim_table: SimTable) -> None:
    """The same stop, in process, to look at the screens the daemon leaves on."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers can only be installed from the main thread")
    sim_table.run("game decktet-escape", *lobby_lines(3, []))
    box, table = sim_table.box, sim_table.box._table()
    assert table.mode == "game" and table.live is not None
    stop = threading.Event()
    restore = install_stop_signals(stop)
    try:
        os.kill(os.getpid(), signal.SIGTERM)  # handled at once, on this thread: sets stop
        assert stop.is_set()
        box.run(stop)  # finishes: pause, last frames
    finally:
        restore()
    assert table.mode == "paused"
    assert box.texts["public"][0] == "PAUSED"
    for seat in SEATS:
        assert box.texts[seat] == ["PAUSED"]
    assert table.journal.game(table.live.id).settings["paused"] is True


def test_the_boot_tests_hang_hook_stops_the_loop_and_is_off_by_default(
        tmp_path: Path, systemd: tuple[socket.socket, str]) -> None:
    """``REFBOX_TEST_HANG_SIGNAL=USR1`` (systemd/test-boot.sh's drop-in only): SIGUSR1 hangs
    the event loop in the main thread, so the watchdog pings stop (docs/install.md)."""
    sock, address = systemd
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "WATCHDOG_USEC", "WATCHDOG_PID")}
    env.update(NOTIFY_SOCKET=address, WATCHDOG_USEC="60000000", REFBOX_SCREENS="memory",
               PYTHONPATH=str(ROOT), REFBOX_TEST_HANG_SIGNAL="USR1")
    log = tmp_path / "stderr.log"
    with open(log, "wb") as stderr:
        daemon = subprocess.Popen([*refbox(), "run", "--board", "sim", "--data",
                                   str(tmp_path / "data")], cwd=ROOT, env=env,
                                  stdout=subprocess.PIPE, stderr=stderr)
    try:
        wait_for(sock, "READY=1", log)
        wait_for(sock, "WATCHDOG=1", log)
        daemon.send_signal(signal.SIGUSR1)
        for _ in range(int(WAIT * 20)):  # until the hook says so (bounded, never waited out)
            if "the event loop hangs now" in log.read_text():
                break
            threading.Event().wait(0.05)
        assert daemon.poll() is None  # alive, stuck in the loop's thread
    finally:
        daemon.kill()
        daemon.wait()
    text = log.read_text()
    assert "test hook: SIGUSR1 hangs the event loop" in text
    assert "test hook: the event loop hangs now" in text
    bad = {**env, "REFBOX_TEST_HANG_SIGNAL": "KILL"}
    refused = subprocess.run([*refbox(), "run", "--board", "sim", "--data",
                              str(tmp_path / "data2")], cwd=ROOT, env=bad,
                             capture_output=True, text=True, timeout=WAIT)
    assert refused.returncode == 2
    assert "REFBOX_TEST_HANG_SIGNAL='KILL' is not a signal name: USR1 or USR2" in refused.stderr
