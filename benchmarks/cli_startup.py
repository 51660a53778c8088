"""CPU and wall time of ``refbox`` commands in a fresh process, bytecode present.

    .venv/bin/python benchmarks/cli_startup.py [--runs 11] [--tree DIR ...] [--games IDS]
        [--no-daemon] [--no-bytecode-row] [--json FILE]

Each measurement is a new process started as a user (or systemd) starts it: the venv's
``refbox`` console script with ``PYTHONPATH`` set to the tree measured. Before measuring, the
tree (``services``, ``firmware_py``, ``hw``) and the venv's site-packages are compiled
(``python -m compileall``), and the children run without ``PYTHONDONTWRITEBYTECODE``: the
bytecode is there, as in an installed box (docs/install.md). Rows:

* ``python -c pass``: the bare interpreter, the floor of every row;
* ``refbox games``: the list of games;
* ``refbox play GAME --json``: one ``{"cmd": "pending"}`` line on standard input, its answer,
  then end of input (one row per game of ``--games``; default every game);
* ``refbox run``, to READY: the daemon on the simulated board with the phones off (the sim
  profile with ``[companion] enabled = false``, as a Pi's profile has them), memory screens,
  from the process's start to ``READY=1`` on ``$NOTIFY_SOCKET``, then SIGTERM; with an empty
  data folder (the sim writes its tags.toml) and resuming an Escape! game of 30 actions (the
  data folder also holds the sim's tags.toml, 346 tags).

CPU is user + system time: for a command, the child's own (``getrusage(RUSAGE_CHILDREN)``
around it); for ``refbox run``, the CPU of all its threads when READY arrives
(``/proc/PID/task/*/schedstat``). Medians of ``--runs`` runs, min and max beside. The rows of
a run are measured one after another, run after run, and with several ``--tree`` the trees
too, so that a load that comes and goes falls on all of them alike.

``--tree DIR`` (repeatable; default this checkout) measures another checkout with the same
venv, e.g. the tree before a change: ``git worktree add /tmp/before HEAD``. The bytecode row
(``--no-bytecode-row`` turns it off) also runs each command on a copy of the first tree
without ``__pycache__`` and with ``PYTHONDONTWRITEBYTECODE=1``: refbox's own modules compiled
at every start, as a read-only install without bytecode would (the dependencies keep theirs).
Linux only (``/proc``, ``AF_UNIX`` datagrams).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("decktet-escape", "intruder-escape", "innsmouth-escape", "asylum-escape",
         "innsmouth-32")
GOAL = 0.35  # s of CPU for `refbox games` and `refbox play GAME --json` (issue 22)
READY_TIMEOUT = 120.0  # s

PREPARE = """
import random, sys
from pathlib import Path
from firmware_py.profile import load_profile
from services.games.registry import default_registry
from services.referee.box.simtags import ensure_sim_tags
from services.referee.journal import Journal
from services.referee.live import LiveGame

data = Path(sys.argv[1])
registry = default_registry()
ensure_sim_tags(data / "tags.toml", registry)
seats = load_profile(sys.argv[2]).seats[:3]
game = registry.get("decktet-escape")
rng = random.Random(7)
journal = Journal(str(data / "refbox.sqlite"))
live, _ = LiveGame.new(journal, game, 3, {}, rng=rng,
                       settings={"seats": [s.name for s in seats], "dice": "box",
                                 "labels": [s.label for s in seats]})
while len(live.history) < 30 and live.state.outcome() is None:
    moves = [a for p in live.state.pending() for a in live.state.legal_actions(p.seat)]
    live.apply(rng.choice(moves))
journal.close()
"""


class Tree:
    """A checkout to measure: where it is, its name in the table, how its children run."""

    def __init__(self, path: Path, label: str, *, bytecode: bool = True) -> None:
        self.path = path
        self.label = label
        self.bytecode = bytecode

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX", "NOTIFY_SOCKET",
                            "WATCHDOG_USEC", "WATCHDOG_PID", "REFBOX_DATA")}
        env["PYTHONPATH"] = str(self.path)
        if not self.bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        return {**env, **extra}


def refbox() -> list[str]:
    """How a user runs refbox from this venv: its console script, else the module."""
    script = Path(sys.executable).with_name("refbox")
    return [str(script)] if script.exists() else [sys.executable, "-m", "services.referee.cli"]


def compile_bytecode(tree: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    targets = [str(tree / part) for part in ("services", "firmware_py", "hw")]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *targets,
                    sysconfig.get_paths()["purelib"]], env=env, check=True,
                   stdout=subprocess.DEVNULL)


def without_bytecode(tree: Path, scratch: Path) -> Path:
    """A copy of the tree's packages without any ``__pycache__``."""
    copy = scratch / "no-bytecode"
    for part in ("services", "firmware_py", "hw"):
        shutil.copytree(tree / part, copy / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return copy


def measure_command(argv: list[str], env: dict[str, str], stdin: str = "",
                    check: Callable[[str], bool] | None = None) -> dict[str, float]:
    """Run one command to its end: its CPU (user + system) and wall time, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin, env=env, capture_output=True, text=True,
                          timeout=READY_TIMEOUT, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or (check is not None and not check(done.stdout)):
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): "
                           f"{done.stdout[-500:]}{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cpu": cpu, "wall": wall}


def thread_cpu(pid: int) -> float:
    """Seconds of CPU used so far by every thread of ``pid`` (its schedstat counters)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):  # a thread that just ended
            continue
    return total / 1e9


def measure_ready(argv: list[str], env: dict[str, str], scratch: Path) -> dict[str, float]:
    """Start the daemon, wait for READY=1 on a notify socket of our own, stop it."""
    address = scratch / "notify.sock"
    address.unlink(missing_ok=True)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(address))
        sock.settimeout(READY_TIMEOUT)
        start = time.perf_counter()
        child = subprocess.Popen(argv, env={**env, "NOTIFY_SOCKET": str(address)},
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True)
        try:
            while True:
                try:
                    message = sock.recv(4096)
                except TimeoutError:
                    child.kill()
                    raise RuntimeError(f"no READY=1 from {' '.join(argv)} within "
                                       f"{READY_TIMEOUT:.0f} s") from None
                if b"READY=1" in message.split(b"\n"):
                    break
            wall = time.perf_counter() - start
            cpu = thread_cpu(child.pid)
        finally:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
            try:
                _out, err = child.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
                _out, err = child.communicate()
    if child.returncode not in (0, -signal.SIGTERM):
        raise RuntimeError(f"{' '.join(argv)} ended with {child.returncode}: {err[-2000:]}")
    return {"cpu": cpu, "wall": wall}


def answered(stdout: str) -> bool:
    lines = stdout.splitlines()
    return len(lines) == 1 and json.loads(lines[0]).get("ok") is True


def sim_profile_without_phones(scratch: Path) -> Path:
    import tomllib

    text = (ROOT / "hw" / "sim.toml").read_text(encoding="utf-8")
    head, sep, tail = text.partition("[companion]")
    tail = tail.replace("enabled = true", "enabled = false", 1)
    path = scratch / "sim-no-phones.toml"
    path.write_text(head + sep + tail, encoding="utf-8")
    if tomllib.loads(path.read_text(encoding="utf-8"))["companion"]["enabled"] is not False:
        raise RuntimeError(f"could not turn the phones off in {path}")
    return path


def rows(games: list[str], daemon: bool) -> list[tuple[str, str]]:
    found = [("pass", "python -c pass"), ("games", "refbox games")]
    found += [(f"play {g}", f"refbox play {g} --json") for g in games]
    if daemon:
        found += [("run empty", "refbox run to READY, empty data folder"),
                  ("run resume", "refbox run to READY, resuming a game of 30 actions")]
    return found


def measure(row: str, tree: Tree, scratch: Path, profile: Path,
            resume: Path) -> dict[str, float]:
    if row == "pass":
        return measure_command([sys.executable, "-c", "pass"], tree.env())
    if row == "games":
        return measure_command([*refbox(), "games"], tree.env())
    if row.startswith("play "):
        return measure_command([*refbox(), "play", row.split()[1], "--json"], tree.env(),
                               stdin='{"cmd": "pending"}\n', check=answered)
    data = scratch / "data"
    shutil.rmtree(data, ignore_errors=True)
    if row == "run resume":
        shutil.copytree(resume, data)
    else:
        data.mkdir()
    argv = [*refbox(), "run", "--board", str(profile), "--data", str(data),
            "--log-level", "WARNING"]
    try:
        return measure_ready(argv, tree.env(REFBOX_SCREENS="memory"), scratch)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def table(results: dict[str, dict[str, list[dict[str, float]]]], names: list[tuple[str, str]],
          trees: list[Tree], runs: int) -> str:
    out = [f"CPU (user + system) and wall time, seconds: median (min-max) of {runs} runs"]
    width = max(len(text) for _row, text in names) + 2
    header = "".ljust(width) + "".join(f"{t.label:>36}" for t in trees)
    out += [header, "".ljust(width) + "".join(f"{'cpu':>22}{'wall':>14}" for _ in trees),
            "-" * len(header)]
    for row, text in names:
        line = text.ljust(width)
        for tree in trees:
            samples = results[tree.label].get(row, [])
            if not samples:
                line += f"{'-':>36}"
                continue
            cpu = [s["cpu"] for s in samples]
            wall = [s["wall"] for s in samples]
            line += (f"{statistics.median(cpu):>8.3f} ({min(cpu):.3f}-{max(cpu):.3f})"
                     f"{statistics.median(wall):>14.3f}")
        out.append(line)
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs of each row (default 11)")
    parser.add_argument("--tree", action="append", default=[], metavar="DIR",
                        help="a checkout to measure (repeatable; default this one)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="games for `refbox play` rows, comma-separated (default all)")
    parser.add_argument("--no-daemon", action="store_true", help="leave out `refbox run`")
    parser.add_argument("--no-bytecode-row", action="store_true",
                        help="leave out the first tree without bytecode")
    parser.add_argument("--json", metavar="FILE", help="also write every sample here")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    games = [g for g in args.games.split(",") if g]
    trees = [Tree(Path(t).resolve(), str(Path(t).resolve()))
             for t in (args.tree or [str(ROOT)])]
    names = rows(games, not args.no_daemon)
    started = time.perf_counter()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="refbox-cli-startup-") as tmp:
        scratch = Path(tmp)
        for tree in trees:
            compile_bytecode(tree.path)
        if not args.no_bytecode_row:
            trees.append(Tree(without_bytecode(trees[0].path, scratch),
                              f"{trees[0].label} without bytecode", bytecode=False))
        profile = sim_profile_without_phones(scratch)
        resume = scratch / "resume"
        resume.mkdir()
        if not args.no_daemon:
            subprocess.run([sys.executable, "-c", PREPARE, str(resume), str(profile)],
                           env=Tree(ROOT, "").env(), check=True)
        results: dict[str, dict[str, list[dict[str, float]]]] = {t.label: {} for t in trees}
        for _run in range(args.runs):
            for row, _text in names:
                for tree in trees:
                    sample = measure(row, tree, scratch, profile, resume)
                    results[tree.label].setdefault(row, []).append(sample)
    print(table(results, names, trees, args.runs))
    goal = [statistics.median(s["cpu"] for s in results[trees[0].label][row])
            for row, _ in names if row == "games" or row.startswith("play ")]
    print(f"\n`refbox games` and `refbox play GAME --json` (first tree): at most "
          f"{max(goal):.3f} s of CPU; goal {GOAL} s: {'met' if max(goal) <= GOAL else 'NOT met'}")
    print(f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
          f"{time.perf_counter() - started:.0f} s")
    if args.json:
        payload: dict[str, Any] = {"runs": args.runs, "rows": names,
                                   "trees": [t.label for t in trees], "results": results}
        Path(args.json).write_text(json.dumps(payload, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
