"""The composition root: a Box for the real board (``refbox run``) or the simulated one
(``refbox sim``), handed its parts from the rooms below it: the games (registry), their table
flows (``services.referee.tables``), the devices and the phones' server (DESIGN.md, "Layout":
the box itself imports no game's table parts and the companion none of the box).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from firmware_py.profile import load_profile
from firmware_py.specs import BoardProfile, Clock
from services.games.core import Rng
from services.games.registry import Registry, default_registry
from services.referee.box.daemon import Box, Notify, PhoneServer, ServePhones
from services.referee.box.devices import SimBoard, hardware_backends
from services.referee.companion.hub import Hub
from services.referee.tables import GameFlows


def box_rng(seed: int | None) -> Rng:
    """The box's dice and shuffles: a CSPRNG, or a seeded generator for repeatable runs."""
    return random.Random(seed) if seed is not None else random.SystemRandom()


def box_registry(data_dir: str | Path) -> Registry:
    """The games, with any corrected data file found in ``<data_dir>/packs/``; a game whose
    file there is damaged is left out (and named), the rest of the box goes on."""
    return default_registry(Path(data_dir) / "packs", leave_out_damaged=True)


def phone_server(profile: BoardProfile, *, port: int | None = None) -> ServePhones | None:
    """The phones' web server the profile asks for (``[companion]``), or None when it is
    off. ``port`` overrides the profile's (0: any free port, for tests)."""
    spec = profile.companion
    if not spec.enabled:
        return None

    def serve(hub: Hub) -> PhoneServer:
        from services.referee.companion.address import listen_address
        from services.referee.companion.server import Companion

        return Companion(hub, listen_address(spec.host), spec.port if port is None else port)

    return serve


def hardware_box(board: str, data_dir: str | Path, *, notify: Notify | None = None,
                 registry: Registry | None = None) -> Box:
    profile = load_profile(board)
    registry = registry or box_registry(data_dir)
    serve = phone_server(profile)
    if profile.simulated:
        sim = SimBoard()
        return Box(profile, data_dir, registry=registry, flows=GameFlows(),
                   backends=sim.backends(time.monotonic), clock=time.monotonic,
                   rng=box_rng(None), notify=notify, serve_phones=serve)
    return Box(profile, data_dir, registry=registry, flows=GameFlows(),
               backends=hardware_backends(), clock=time.monotonic, rng=box_rng(None),
               notify=notify, serve_phones=serve)


def sim_box(board: str, data_dir: str | Path, clock: Clock, *, screens: str | None = None,
            threaded: bool = True, seed: int | None = None, capture: str | None = None,
            registry: Registry | None = None, phones: bool = False,
            phone_port: int | None = None) -> tuple[Box, SimBoard]:
    """The box on the simulated board; with ``phones`` also the phones' web server when the
    profile enables it (``phone_port`` overriding its port)."""
    profile = load_profile(board)
    sim = SimBoard(screen_backend=screens, directory=capture)
    serve = phone_server(profile, port=phone_port) if phones else None
    box = Box(profile, data_dir, registry=registry or box_registry(data_dir),
              flows=GameFlows(), backends=sim.backends(clock, threaded=threaded), clock=clock,
              rng=box_rng(seed), serve_phones=serve)
    return box, sim
