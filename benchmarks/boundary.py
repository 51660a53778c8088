"""The cost of the hardened boundary: strict JSON lines and checked snapshot loads.

    .venv/bin/python benchmarks/boundary.py [--repeat 5]

Strict JSON (``services.referee.strictjson.parse``) against the standard library's
``json.loads`` on the same line, for: a typical ``act`` command, a mid-game snapshot inside a
``load`` command, the worst line that passes the size limit (1 MiB of escaped quotes, the
case that made the first depth scan quadratic) and a line nested to the depth limit.

Snapshot loads: ``Game.state_from_json`` (header, the game's field checks, the probe that asks
every view and legal list) against the same game's bare ``from_snapshot`` (building the state
with no check), on positions taken every few moves of seeded random games. The box pays this
on resume, on every undo (the initial snapshot) and on a protocol ``load``.

Times are the process's CPU time (``time.process_time``), best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from services.games.core import SeatPrompt, State
from services.games.registry import default_registry
from services.referee import strictjson

GAMES = {"decktet-escape": 4, "intruder-escape": 5, "innsmouth-escape": 4, "asylum-escape": 4}


def best(repeat: int, runs: int, work: Callable[[], Any]) -> float:
    """Best per-call CPU time in milliseconds over ``repeat`` batches of ``runs`` calls."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(runs):
            work()
        times.append((time.process_time() - start) / runs * 1000)
    return min(times)


def positions(game_id: str, players: int, seed: int, every: int = 7) -> list[State]:
    game = default_registry().get(game_id)
    rng = random.Random(seed)
    state = game.new_state(players)
    found = []
    for step in range(2000):
        if state.outcome() is not None:
            break
        prompt = state.pending()[0]
        if isinstance(prompt, SeatPrompt):
            state.apply(rng.choice(state.legal_actions(prompt.seat)))
        else:
            state.apply(prompt.resolve(rng))
        if step % every == 0:
            found.append(game.state_from_json(state.to_json()))
    return found


def lines(repeat: int) -> None:
    snapshot = positions("innsmouth-escape", 4, 1)[-1].to_json()
    cases = {
        "act command": json.dumps({"cmd": "act", "seat": 1,
                                   "action": {"type": "play", "slot": 2}}),
        "load command (Innsmouth mid-game)": json.dumps({"cmd": "load", "snapshot": snapshot}),
        "1 MiB of escaped quotes": json.dumps({"cmd": '"' * (strictjson.MAX_LINE // 2 - 20)}),
        f"nested {strictjson.MAX_DEPTH} deep": "[" * strictjson.MAX_DEPTH
        + "]" * strictjson.MAX_DEPTH,
    }
    print("| line | characters | json.loads (ms) | strictjson.parse (ms) |")
    print("| --- | ---: | ---: | ---: |")
    for name, line in cases.items():
        runs = 3 if len(line) > 100_000 else 300
        plain = best(repeat, runs, lambda line=line: json.loads(line))
        strict = best(repeat, runs, lambda line=line: strictjson.parse(line))
        print(f"| {name} | {len(line):,} | {plain:.3f} | {strict:.3f} |")


def loads(repeat: int) -> None:
    print()
    print("| game | positions | checked load, mean (ms) | worst (ms) | unchecked, mean (ms) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    registry = default_registry()
    for game_id, players in GAMES.items():
        game = registry.get(game_id)
        states = positions(game_id, players, 7)
        pack = getattr(game, "data", None) or game.deck  # Escape!'s data is its deck
        checked, bare = [], []
        for state in states:
            snap, build = state.to_json(), type(state).from_snapshot
            checked.append(best(repeat, 3, lambda s=snap, g=game: g.state_from_json(s)))
            bare.append(best(repeat, 3, lambda s=snap, b=build, p=pack: b(s, p)))
        print(f"| {game_id} ({players} players) | {len(states)} | "
              f"{statistics.mean(checked):.2f} | {max(checked):.2f} | "
              f"{statistics.mean(bare):.2f} |")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    lines(args.repeat)
    loads(args.repeat)


if __name__ == "__main__":
    main()
