"""Journal resume of the longest Innsmouth 32 games, measured directly.

    .venv/bin/python benchmarks/journal_i32.py [--seeds 40] [--dir DIR]

How long can a game be (shared/rules/innsmouth-32.md)?

* **Every game is bounded by its cards**: the 4 reels deal 10 + 20 + 15 + 10 cards to the
  screen (R-I32-03, R-I32-69), each reel ends once its pile and the screen are empty
  (R-I32-68), and the director's final turn ends reel IV (R-I32-71). Nobody can stall: a
  creature feature (R-I32-25) attacks whenever 3 monsters are on the screen, so a table of
  survivors that only rest is eaten in reel I. The most rows come from 9 seats (8 character
  players: a pool action per survivor every turn, every attack a commit, a roll and a negate
  or flail).
* Two tables are played, ``--seeds`` games each, and the longest game of each is kept:
  *random* (random legal actions, every option that adds rows: survivor loss, counterstrike
  chains, lock damage by total, the reveal per player turn, clipping in any reel) and a
  *patient director* (the director and the monster players pass whenever they may, the
  survivors negate all the damage they can, anything else at random; default options): the
  longest games found in a few hundred random tries.

Each game is played through ``LiveGame`` into a WAL journal (``synchronous=FULL``), chance
resolved by the box's seeded rng, with no undo: every row is effective and replayed on resume.
``LiveGame.resume`` (open the file, read, fold, replay every row) is timed, best of 5, in
wall-clock time and in the process's CPU time (what other work on the machine does not
change); the engine's replay alone in CPU time.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from services.games.core import Action, SeatPrompt
from services.games.innsmouth_32 import actions as a
from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame

PLAYERS = 9
BUSY = {"survivor_loss": True, "counterstrike_chain": True, "lock_damage": "damage_total",
        "reveal_per_player_turn": True, "clip_any_turn": True}


def random_choice(state: Any, seat: int, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions(seat))


def patient_choice(state: Any, seat: int, rng: random.Random) -> Action:
    """The director and monster players pass whenever they may; survivors negate all."""
    legal = state.legal_actions(seat)
    monster = seat == state.director or seat in state.monster_players
    if monster and state.phase in ("director", "fade", "choose"):
        passes = [x for x in legal if isinstance(x, a.Pass)]
        if passes:
            return passes[0]
    if state.phase == "negate":
        negates = [x for x in legal if isinstance(x, a.Negate)]
        if negates:
            return negates[-1]
    return rng.choice(legal)


def play(path: str, options: dict[str, Any], seed: int, choose: Any) -> int:
    """Play into the journal at ``path``, chance from the box's seeded rng."""
    game = default_registry().get("innsmouth-32")
    rng = random.Random(seed)
    with Journal(path) as journal:
        live, _ = LiveGame.new(journal, game, PLAYERS, options, rng=random.Random(seed + 1))
        while live.state.outcome() is None:
            prompt = live.state.pending()[0]
            if isinstance(prompt, SeatPrompt):
                live.apply(choose(live.state, prompt.seat, rng))
            else:
                live.resolve_chance()
        return live.id


def resume(path: str, gid: int) -> tuple[Any, list[float], list[float]]:
    """Resume 5 times: (the game, wall times, CPU times)."""
    timings, cpu = [], []
    for _ in range(5):
        start, begun = time.perf_counter(), time.process_time()
        with Journal(path) as journal:
            live = LiveGame.resume(journal, gid, default_registry())
        timings.append(time.perf_counter() - start)
        cpu.append(time.process_time() - begun)
    return live, timings, cpu


def report(title: str, path: str, live: Any, timings: list[float], cpu: list[float]) -> None:
    rows = len(live.history)
    seat = sum(1 for s in live.history if s.kind == "action")
    outcome = live.state.outcome()
    state = live.state
    print(f"{title}: {rows} journal rows, all effective ({seat} seat actions, {rows - seat} "
          f"chance), reel {state.reel}, survivors in play {len(state.in_play())}; "
          f"{outcome.reason if outcome else 'still playing'}")
    replays = []
    for _ in range(5):
        again = live.game.state_from_json(live.initial)
        start = time.process_time()
        for step in live.history:
            again.apply(step.action)
        replays.append(time.process_time() - start)
    print(f"  resume (open, read, fold, replay every row): {min(timings) * 1000:.1f} ms best of "
          f"5, median {sorted(timings)[2] * 1000:.1f} ms (CPU {min(cpu) * 1000:.1f} ms); of "
          f"which the engine's replay {min(replays) * 1000:.1f} ms CPU "
          f"({rows / min(replays):,.0f} actions/s); journal "
          f"{os.path.getsize(path) / 1024:.0f} KiB")


def longest(directory: str, name: str, options: dict[str, Any], choose: Any,
            seeds: int) -> tuple[str, int, int]:
    best: tuple[int, str, int, int] | None = None
    for seed in range(seeds):
        path = os.path.join(directory, f"{name}-{seed}.sqlite")
        gid = play(path, options, seed, choose)
        with Journal(path) as journal:
            rows = journal.game(gid).entries
        if best is None or rows > best[0]:
            best = (rows, path, gid, seed)
    assert best is not None
    return best[1], best[2], best[3]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="games tried per table; the "
                        "longest is kept")
    parser.add_argument("--dir", default=None, help="where to put the journal files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as directory:
        for name, options, choose in (("random", BUSY, random_choice),
                                      ("patient", {}, patient_choice)):
            path, gid, seed = longest(directory, name, options, choose, args.seeds)
            live, timings, cpu = resume(path, gid)
            report(f"9 seats, {name} table, longest of {args.seeds} (seed {seed})", path,
                   live, timings, cpu)


if __name__ == "__main__":
    main()
