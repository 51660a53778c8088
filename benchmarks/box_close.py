"""How long ``Box.close()`` takes on the simulated board (30 buttons, 6 threaded readers, 8
screens): the unit's stop and every test that closes a box pay it.

    .venv/bin/python benchmarks/box_close.py [--runs 10]

Each run builds a fresh box in a temporary directory, starts it, and times ``close()`` alone
(wall clock); min, median and max are printed.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from services.referee.assemble import sim_box


def one_close() -> float:
    with tempfile.TemporaryDirectory(prefix="refbox-close-") as data:
        box, _sim = sim_box("sim", data, time.monotonic, screens="memory")
        box.start()
        start = time.perf_counter()
        box.close()
        return time.perf_counter() - start


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--runs", type=int, default=10)
    runs = args.parse_args().runs
    took = sorted(one_close() for _ in range(runs))
    print(f"Box.close() on the sim board, {runs} runs: min {took[0] * 1000:.0f} ms, "
          f"median {statistics.median(took) * 1000:.0f} ms, max {took[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
