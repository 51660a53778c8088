"""Journal speed: appends per second (WAL, synchronous=FULL) and resume time.

    .venv/bin/python benchmarks/journal_bench.py [--dir /tmp]

* appends: one committed row per action, as the box writes them (each commit is fsynced);
* resume of a 2,000-row game: the journal game's rows are read, folded and replayed through
  the engine. An Escape! game cannot reach 2,000 moves (the 45 cards bound it to about 110),
  so the 2,000 rows are a long session at the table: moves, with referee undos every few
  moves taking some back (each undo row means the next moves are played again);
* replay throughput: engine moves applied per second during resume, and the extrapolated
  resume time of a game with 2,000 effective moves.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Sequence

from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame


def appends(directory: str, count: int) -> float:
    path = os.path.join(directory, "append.sqlite")
    with Journal(path) as journal:
        gid = journal.create_game("decktet-escape", 3, {}, {})
        body = {"type": "clue", "seat": 0, "target": 1, "about": "moons"}
        start = time.perf_counter()
        for _ in range(count):
            journal.append(gid, "action", body)
        elapsed = time.perf_counter() - start
    return count / elapsed


def long_session(directory: str, rows: int) -> tuple[str, int, int]:
    """A journal game of ``rows`` rows: random moves, a referee undo every 8 rows or so."""
    registry = default_registry()
    game = registry.get("decktet-escape")
    path = os.path.join(directory, "resume.sqlite")
    rng = random.Random(7)
    with Journal(path) as journal:
        live, _ = LiveGame.new(journal, game, 4, rng=rng)
        while journal.game(live.id).entries < rows:
            if live.state.outcome() is not None or rng.random() < 0.12:
                live.referee_undo(min(3, sum(1 for s in live.history if s.kind == "action")))
                continue
            seat = live.state.pending()[0].seat
            live.apply(rng.choice(live.state.legal_actions(seat)))
        return path, live.id, len(live.history)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=None, help="where to put the journal files")
    parser.add_argument("--appends", type=int, default=2000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as directory:
        rate = appends(directory, args.appends)
        print(f"appends (WAL, synchronous=FULL, fsync each): {rate:,.0f} rows/s "
              f"({1000 / rate:.2f} ms per committed action)")
        path, gid, effective = long_session(directory, 2000)
        registry = default_registry()
        timings = []
        for _ in range(5):
            start = time.perf_counter()
            with Journal(path) as journal:
                live = LiveGame.resume(journal, gid, registry)
            timings.append(time.perf_counter() - start)
        best = min(timings)
        print(f"resume of a 2,000-row game ({effective} effective moves): {best * 1000:.1f} ms "
              f"(best of 5)")
        state = live.game.state_from_json(live.initial)
        start = time.perf_counter()
        for step in live.history:
            state.apply(step.action)
        per_move = (time.perf_counter() - start) / max(len(live.history), 1)
        print(f"replay: {1 / per_move:,.0f} moves/s; a game of 2,000 effective moves would "
              f"resume in about {2000 * per_move * 1000:.0f} ms plus reading the rows")


if __name__ == "__main__":
    main()
