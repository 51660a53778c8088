"""The whole test suite, timed: the figure the README quotes (issue 24: measured, not promised).

    .venv/bin/python -m benchmarks.suite_time [--workers 2]

Runs exactly the README's test command (``python -m pytest -n 2``) once, from the repository
root, and prints a row for docs/performance.md's "The test suite" table: the date, the tests
pytest ran (passed and skipped), the wall time, the load average before the run and the
machine. tests/test_docs_agree.py checks that the README quotes the table's latest row and
that its test count is still close to what the suite collects.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def counted(summary: str) -> int:
    """Tests run, from pytest's last line ("2600 passed, 12 skipped in 300.1s")."""
    found = re.findall(r"(\d+) (passed|skipped|failed|error)", summary)
    if not found:
        raise SystemExit(f"no pytest summary in: {summary!r}")
    return sum(int(number) for number, _kind in found)


def minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist workers (2)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    began = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", str(args.workers), "-rN"],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    spent = time.perf_counter() - began
    lines = [line for line in run.stdout.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    last = lines[-1] if lines else ""
    day = datetime.date.today().isoformat()
    print(f"| {day} | {counted(last):,} | {minutes(spent)} | {load:.1f} | "
          f"{os.cpu_count()} cores, {platform.machine()} |")
    if run.returncode != 0:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n")
        raise SystemExit(f"the suite failed (exit {run.returncode}): {last}; not a figure "
                         "to quote")


if __name__ == "__main__":
    main()
