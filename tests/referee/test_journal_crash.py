"""SIGKILL a journal writer at random moments; every restart resumes exactly.

After each kill: ``PRAGMA integrity_check`` is ok, every row the writer acknowledged is there,
and the state resumed from the journal equals the state of an uninterrupted run after the same
number of rows (computed again here, in memory, with the same deterministic moves).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame
from tests.referee.journal_writer import players_for, step

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261121


def uninterrupted(game_id: int, rows: int) -> dict:
    """The state of game ``game_id`` after ``rows`` journal rows, never interrupted."""
    registry = default_registry()
    with Journal(":memory:") as journal:
        for _ in range(game_id - 1):  # same ids as the real journal
            journal.create_game("placeholder", 3, {}, {})
        live, _ = LiveGame.new(journal, registry.get("decktet-escape"), players_for(game_id))
        assert live.id == game_id
        for n in range(rows):
            step(live, SEED, n)
        return live.state.to_json()


def test_sigkill_at_random_moments_resumes_at_the_last_committed_row(tmp_path):
    path = str(tmp_path / "crash.sqlite")
    rng = random.Random(SEED)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    checked = 0
    for _kill in range(30):
        writer = subprocess.Popen(
            [sys.executable, "-m", "tests.referee.journal_writer", path, str(SEED)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
        )
        assert writer.stdout is not None
        acknowledged = None
        for _ in range(rng.randint(1, 40)):
            line = writer.stdout.readline()
            assert line, "the writer stopped by itself"
            acknowledged = tuple(int(x) for x in line.split())
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        # Lines the writer printed before it died are acknowledgements too.
        for line in writer.stdout.read().splitlines():
            acknowledged = tuple(int(x) for x in line.split())
        writer.stdout.close()

        with Journal(path) as journal:
            assert journal.integrity_check() == "ok"
            game_id, rows = acknowledged
            record = journal.game(game_id)
            assert record.entries >= rows, "an acknowledged row was lost"
            assert record.entries <= rows + 1, "a row appeared that was never written"
            resumed = LiveGame.resume(journal, game_id, default_registry())
            assert resumed.state.to_json() == uninterrupted(game_id, record.entries)
            checked += 1
    assert checked == 30
