"""Import-to-ready time of the hardware layer.

Each run is a fresh interpreter (``sys.executable``) that imports the hardware modules, loads
the ``sim`` profile, and builds everything the daemon builds for buttons and buzzer on mock
pins (BoardButtons with 30 buttons, Feedback, the simulated key map). The parent measures the
whole process too (interpreter start-up included). Medians of N runs are printed as a table,
followed by the heaviest imports of one extra run under ``python -X importtime``.

    .venv/bin/python benchmarks/hw_import.py [--runs 15] [--profile sim]
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
import json, queue, sys, time
t0 = time.perf_counter()
from firmware_py.buttons import BoardButtons, make_pin_factory
from firmware_py.feedback import make_feedback
from firmware_py.profile import load_profile
from firmware_py.sim.keys import SimKeys, build_key_map
t1 = time.perf_counter()
profile = load_profile(sys.argv[1])
t2 = time.perf_counter()
events = queue.Queue()
factory = make_pin_factory(profile, simulated=True)
buttons = BoardButtons(profile, events.put, time.monotonic, factory)
feedback = make_feedback(profile, factory, time.monotonic)
keys = SimKeys(build_key_map(profile), factory)
t3 = time.perf_counter()
count = sum(len(s.roles) for s in buttons.seats.values())
buttons.close(); feedback.close()
print(json.dumps({"import": t1 - t0, "profile": t2 - t1, "build": t3 - t2, "ready": t3 - t0,
                  "buttons": count}))
"""

PHASES = (
    ("import", "import firmware_py.profile, .buttons, .feedback, .sim.keys"),
    ("profile", "load and validate the profile"),
    ("build", "pin factory + BoardButtons + Feedback + SimKeys"),
    ("ready", "import to ready (sum of the above)"),
    ("process", "whole process, interpreter start-up included"),
)


def one_run(profile: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, profile], capture_output=True, text=True, env=env, check=True
    )
    result = json.loads(out.stdout)
    result["process"] = time.perf_counter() - start
    return result


def heaviest_imports(profile: str, count: int = 8) -> list[tuple[int, str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", CHILD, profile],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    rows = []
    for line in out.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "cumulative" not in line:
            _, cumulative, name = (part.strip() for part in line[len("import time:") :].split("|"))
            if not name.startswith(" "):
                rows.append((int(cumulative), name))
    top_level = [r for r in rows if "." not in r[1] or r[1].startswith("firmware_py.")]
    return sorted(top_level, reverse=True)[:count]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--profile", default="sim")
    args = parser.parse_args(argv)
    one_run(args.profile)  # warm the file cache and .pyc files
    runs = [one_run(args.profile) for _ in range(args.runs)]
    print(
        f"hardware layer, profile {args.profile!r}, {runs[0]['buttons']:.0f} buttons, "
        f"median of {args.runs} runs (python {sys.version.split()[0]})"
    )
    print(f"{'phase':<9} {'median':>9} {'min':>9} {'max':>9}  what")
    for key, what in PHASES:
        values = [r[key] * 1000 for r in runs]
        print(
            f"{key:<9} {statistics.median(values):>7.1f}ms {min(values):>7.1f}ms "
            f"{max(values):>7.1f}ms  {what}"
        )
    print("\nheaviest imports (one run, -X importtime, cumulative):")
    for micros, name in heaviest_imports(args.profile):
        print(f"  {micros / 1000:>7.1f}ms  {name}")


if __name__ == "__main__":
    main()
