"""The first game chosen in the lobby: how long OK takes, with and without the engine imported
ahead while the cursor rests on the game (``services/referee/box/lobby.py``).

    .venv/bin/python benchmarks/lobby_preload.py [--runs 5] [--rest 1.0]

Each measurement is a fresh interpreter (bytecode as compiled by the last run; run
``python -m compileall services firmware_py`` first for a box's figures) that imports the
daemon and makes the lobby of the simulated box's table (every shipped game), draws it as the
box does once it is up, moves the cursor to the game with ``next`` (the first game is
highlighted from the start), waits ``--rest`` seconds as a player reading the title would, then
presses OK: the game is made (its engine imported unless it was imported ahead, its data pack
read). Timed: that press on the loop's thread, CPU (``time.thread_time``) and wall. "ahead"
is the lobby as it is (the cursor rested longer than ``PRELOAD_AFTER``), "on OK" with the
preload turned off (the import happens in the press, as before). Medians of ``--runs``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, sys, time
import services.referee.box.daemon  # what the box has imported when the lobby shows
from services.games.registry import default_registry
from services.referee.box.lobby import PRELOAD_AFTER, Lobby

game, ahead, rest = sys.argv[1], sys.argv[2] == "ahead", float(sys.argv[3])
registry = default_registry()
lobby = Lobby(registry.only(i.id for i in registry.infos()), ["seat1", "seat2"], {},
              preload_after=PRELOAD_AFTER if ahead else None)
lobby.public()  # the box draws the lobby once it is up (the first game is highlighted)
while lobby.menu.current.value.id != game:
    lobby.press("seat1", "next")
time.sleep(rest)
cpu, wall = time.thread_time(), time.perf_counter()
lobby.press("seat1", "ok")
cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
assert lobby.game is not None and lobby.game.info.id == game
print(json.dumps({"cpu": cpu, "wall": wall, "preload_after": PRELOAD_AFTER}))
"""


def one(game: str, mode: str, rest: float) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run([sys.executable, "-c", CHILD, game, mode, str(rest)], env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rest", type=float, default=1.0,
                        help="seconds the cursor rests on the game before OK (default 1.0)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from services.games.registry import default_registry

    games = [info.id for info in default_registry().infos()]
    samples: dict[tuple[str, str], list[dict[str, float]]] = {}
    load = os.getloadavg()[0]
    started = time.perf_counter()
    for _run in range(args.runs):
        for game in games:
            for mode in ("on OK", "ahead"):
                samples.setdefault((game, mode), []).append(one(game, mode, args.rest))
    after = samples[games[0], "ahead"][0]["preload_after"]
    print(f"OK on a game the cursor rested on for {args.rest:g} s (the lobby imports ahead "
          f"after {after:g} s): the press on the loop's thread, ms, median of {args.runs}")
    print(f"{'game':<18}{'cpu on OK':>12}{'cpu ahead':>12}{'wall on OK':>12}"
          f"{'wall ahead':>12}")
    for game in games:
        cells = [statistics.median(s[key] for s in samples[game, mode]) * 1000
                 for key in ("cpu", "wall") for mode in ("on OK", "ahead")]
        print(f"{game:<18}" + "".join(f"{cell:>12.1f}" for cell in cells))
    print(f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
