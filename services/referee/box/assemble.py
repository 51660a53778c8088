"""Building a Box for the real board (``refbox run``) or the simulated one (``refbox sim``)."""

from __future__ import annotations

import random
import time
from pathlib import Path

from firmware_py.profile import load_profile
from firmware_py.specs import Clock
from services.games.core import Rng
from services.games.registry import Registry, default_registry
from services.referee.box.daemon import Box, Notify
from services.referee.box.devices import SimBoard, hardware_backends


def box_rng(seed: int | None) -> Rng:
    """The box's dice and shuffles: a CSPRNG, or a seeded generator for repeatable runs."""
    return random.Random(seed) if seed is not None else random.SystemRandom()


def box_registry(data_dir: str | Path) -> Registry:
    """The games, with any corrected data file found in ``<data_dir>/packs/``; a game whose
    file there is damaged is left out (and named), the rest of the box goes on."""
    return default_registry(Path(data_dir) / "packs", leave_out_damaged=True)


def hardware_box(board: str, data_dir: str | Path, *, notify: Notify | None = None,
                 registry: Registry | None = None) -> Box:
    profile = load_profile(board)
    registry = registry or box_registry(data_dir)
    if profile.simulated:
        sim = SimBoard()
        return Box(profile, data_dir, registry=registry,
                   backends=sim.backends(time.monotonic), clock=time.monotonic,
                   rng=box_rng(None), notify=notify)
    return Box(profile, data_dir, registry=registry,
               backends=hardware_backends(), clock=time.monotonic, rng=box_rng(None),
               notify=notify)


def sim_box(board: str, data_dir: str | Path, clock: Clock, *, screens: str | None = None,
            threaded: bool = True, seed: int | None = None, capture: str | None = None,
            registry: Registry | None = None) -> tuple[Box, SimBoard]:
    profile = load_profile(board)
    sim = SimBoard(screen_backend=screens, directory=capture)
    box = Box(profile, data_dir, registry=registry or box_registry(data_dir),
              backends=sim.backends(clock, threaded=threaded), clock=clock, rng=box_rng(seed))
    return box, sim
