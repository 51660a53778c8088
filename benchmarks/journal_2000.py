"""Journal resume of one Innsmouth Escape game with more than 2,000 effective rows.

    .venv/bin/python benchmarks/journal_2000.py [--rows 2000] [--dir DIR]

Innsmouth Escape has no round limit: a Human who rests every turn while the Deep Ones keep
away plays on for as long as the table likes. This plays such a game (5 players, the box's
rng resolving chance, every row committed through ``LiveGame`` into a WAL journal with
``synchronous=FULL``) until the journal holds ``--rows`` rows, all effective (no undo), then
times ``LiveGame.resume``: open the file, read, fold and replay every row.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from services.games.core import SeatPrompt
from services.games.innsmouth_escape import actions as a
from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame

OPTIONS = {"human_seat": 0}


def calm(state: Any, seat: int) -> Any:
    """The Human rests; the Deep Ones stay put, pass on cards and never summon."""
    phase = state.phase
    if phase == "plot":
        return a.Plot(seat, ("rest-1", "rest-2", "rest-3"), ())
    if phase == "do_move":
        return a.MoveDeepOnes(seat, ())
    if phase == "do_summon":
        return a.Summon(seat, "")
    if phase == "window":
        return a.Pass(seat)
    if phase == "adjust":
        return a.Adjust(seat, "done")
    if phase == "place_human":  # a cell without Deep Ones (and without a Human icon)
        return next(x for x in state.legal_actions(seat) if not state.pawns_on(x.cell))
    return state.legal_actions(seat)[0]  # setup placements, spawns, a fight if one comes


def play(path: str, rows: int) -> int:
    game = default_registry().get("innsmouth-escape")
    rng = random.Random(1)
    with Journal(path) as journal:
        live, _ = LiveGame.new(journal, game, 5, OPTIONS, rng=rng)
        while live.state.outcome() is None and len(live.history) < rows:
            prompt = live.state.pending()[0]
            assert isinstance(prompt, SeatPrompt)
            live.apply(calm(live.state, prompt.seat))
        return live.id


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--dir", default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as directory:
        path = os.path.join(directory, "long.sqlite")
        gid = play(path, args.rows)
        timings = []
        for _ in range(5):
            start = time.perf_counter()
            with Journal(path) as journal:
                live = LiveGame.resume(journal, gid, default_registry())
            timings.append(time.perf_counter() - start)
        rows = len(live.history)
        seat = sum(1 for s in live.history if s.kind == "action")
        print(f"{rows} journal rows, all effective ({seat} seat actions, {rows - seat} chance), "
              f"round {live.state.round}, outcome {live.state.outcome()}")
        print(f"resume: {min(timings) * 1000:.1f} ms best of 5, median "
              f"{sorted(timings)[2] * 1000:.1f} ms; {os.path.getsize(path) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
