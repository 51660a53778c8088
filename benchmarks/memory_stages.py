"""Where the box's resident memory goes at start: RSS after each layer is imported or built.

    .venv/bin/python benchmarks/memory_stages.py

One fresh interpreter: Pillow, ``importlib.metadata`` (which gpiozero imports to look up pin
factories; it pulls in ``email``, ``zipfile`` and ``csv``), the rest of gpiozero, sqlite3,
luma.oled (the screens' driver; it brings ``cbor2`` and ``multiprocessing``), the daemon's
modules, the registry of games (every engine and its data pack), the simulated box
built, then started. Each line is the process's ``VmRSS`` from ``/proc/self/status`` after
that stage (Linux only). The registry loads a game's engine only when the game is chosen, so
the games' stage is their metadata (and Innsmouth 32, whose metadata is in its engine's
package). The sim's tag registry is written first by another process: the sim's first start
reads every game's pieces (importing every engine), which a box on a Pi never does. Then the
RSS of the started box by mapping (``/proc/self/smaps``): the C heap, Python's own arenas and
the other anonymous memory, and each shared library.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

SIM_TAGS = ("import sys; from pathlib import Path; "
            "from services.games.registry import default_registry; "
            "from services.referee.box.simtags import ensure_sim_tags; "
            "ensure_sim_tags(Path(sys.argv[1]) / 'tags.toml', default_registry())")


def write_sim_tags(data: str) -> None:
    """The sim's tag registry, written by another process (imported here, after the daemon
    has imported ``subprocess``, so that it is not counted in a stage of its own)."""
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run([sys.executable, "-c", SIM_TAGS, data], cwd=root, check=True)


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    raise SystemExit("no VmRSS in /proc/self/status (Linux only)")


def rss_by_mapping() -> dict[str, float]:
    """MiB resident per mapping name: ``[heap]``, ``[anon]`` (Python's arenas, thread stacks,
    the rest), and each file by its name (shared libraries, Python extension modules)."""
    found: dict[str, float] = {}
    name = "[anon]"
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            parts = line.split()
            if parts and "-" in parts[0] and not parts[0].endswith(":"):
                name = parts[5].rsplit("/", 1)[-1] if len(parts) > 5 else "[anon]"
            elif parts and parts[0] == "Rss:":
                found[name] = found.get(name, 0.0) + int(parts[1]) / 1024
    return found


def main() -> None:
    stages = [("interpreter", rss_mib())]
    import PIL.Image
    import PIL.ImageDraw
    import PIL.ImageFont  # noqa: F401

    stages.append(("Pillow", rss_mib()))
    import importlib.metadata  # noqa: F401

    stages.append(("importlib.metadata", rss_mib()))
    import gpiozero  # noqa: F401

    stages.append(("gpiozero (the rest)", rss_mib()))
    import sqlite3  # noqa: F401

    stages.append(("sqlite3", rss_mib()))
    import luma.oled.device  # noqa: F401

    stages.append(("luma.oled (screen driver)", rss_mib()))
    import services.referee.box.daemon  # noqa: F401

    stages.append(("the daemon's modules", rss_mib()))
    from services.games.registry import default_registry

    default_registry()
    stages.append(("the games and their data", rss_mib()))
    from services.referee.assemble import sim_box

    with tempfile.TemporaryDirectory(prefix="refbox-memory-") as data:
        write_sim_tags(data)
        box, _sim = sim_box("sim", data, time.monotonic, screens="memory")
        stages.append(("the sim box built", rss_mib()))
        box.start()
        stages.append(("started", rss_mib()))
        mappings = rss_by_mapping()
        box.close()
    last = 0.0
    for name, value in stages:
        print(f"{name:28} {value:6.1f} MiB  (+{value - last:.1f})")
        last = value
    print("\nthe started box by mapping (MiB resident; 0.3 MiB or more):")
    for name, value in sorted(mappings.items(), key=lambda item: -item[1]):
        if value >= 0.3:
            print(f"  {name:44} {value:5.1f}")
    rest = sum(v for v in mappings.values() if v < 0.3)
    print(f"  {'the rest (' + str(sum(v < 0.3 for v in mappings.values())) + ' mappings)':44} "
          f"{rest:5.1f}")


if __name__ == "__main__":
    main()
