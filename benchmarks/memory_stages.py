"""Where the box's resident memory goes at start: RSS after each layer is imported or built.

    .venv/bin/python benchmarks/memory_stages.py

One fresh interpreter: Pillow, gpiozero, sqlite3, the daemon's modules, the registry of games
(every engine and its data pack), the simulated box built, then started. Each line is the
process's ``VmRSS`` from ``/proc/self/status`` after that stage (Linux only).
"""

from __future__ import annotations

import tempfile
import time


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    raise SystemExit("no VmRSS in /proc/self/status (Linux only)")


def main() -> None:
    stages = [("interpreter", rss_mib())]
    import PIL.Image
    import PIL.ImageDraw
    import PIL.ImageFont  # noqa: F401

    stages.append(("Pillow", rss_mib()))
    import gpiozero  # noqa: F401

    stages.append(("gpiozero", rss_mib()))
    import sqlite3  # noqa: F401

    stages.append(("sqlite3", rss_mib()))
    import services.referee.box.daemon  # noqa: F401

    stages.append(("the daemon's modules", rss_mib()))
    from services.games.registry import default_registry

    default_registry()
    stages.append(("the games and their data", rss_mib()))
    from services.referee.box.assemble import sim_box

    with tempfile.TemporaryDirectory(prefix="refbox-memory-") as data:
        box, _sim = sim_box("sim", data, time.monotonic, screens="memory")
        stages.append(("the sim box built", rss_mib()))
        box.start()
        stages.append(("started", rss_mib()))
        box.close()
    last = 0.0
    for name, value in stages:
        print(f"{name:28} {value:6.1f} MiB  (+{value - last:.1f})")
        last = value


if __name__ == "__main__":
    main()
