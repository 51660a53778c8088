"""The registry knows every game by its metadata and loads a game's engine only when the game
is chosen or resumed (docs/performance.md, "Memory"): the lobby lists every game with no
engine imported, and choosing one imports that one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from services.games.core import Game
from services.games.registry import SHIPPED, LazyGame, Registry, default_registry

ROOT = Path(__file__).resolve().parents[2]
# The games whose metadata lives in services.games.infos: every shipped game.
LAZY = {game_id: engine for game_id, (info, engine, _name) in SHIPPED.items()
        if info.startswith("services.games.infos.")}

LOBBY = """
import json, sys
from services.games.registry import default_registry
from services.referee.box.lobby import Lobby

engines = json.loads(sys.argv[1])
lobby = Lobby(default_registry(), ["seat1", "seat2", "seat3"],
              {"seat1": "Seat 1", "seat2": "Seat 2", "seat3": "Seat 3"})
listed = [item.label for item in lobby.menu.items]
before = sorted(e for e in engines if e in sys.modules)
lobby.press("seat1", "next")  # the second game of the menu
lobby.press("seat1", "ok")
after = sorted(e for e in engines if e in sys.modules)
info = lobby.game.info
print(json.dumps({"listed": listed, "before": before, "after": after, "chosen": info.id,
                  "options": [o.key for o in info.options]}))
"""


def test_the_lobby_lists_every_game_without_importing_their_engines() -> None:
    assert set(LAZY) == set(SHIPPED)
    out = subprocess.run([sys.executable, "-c", LOBBY, json.dumps(sorted(LAZY.values()))],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    seen = json.loads(out.stdout)
    infos = default_registry().infos()
    assert seen["listed"] == [info.screen_title for info in infos]
    assert len(seen["listed"]) == len(SHIPPED)
    assert seen["before"] == [], "no lazily loaded engine is imported to list the games"
    chosen = infos[1].id
    assert seen["chosen"] == chosen
    assert seen["options"] == [o.key for o in infos[1].options]
    if chosen in LAZY:
        assert seen["after"] == [LAZY[chosen]], "choosing a game imports its engine only"


def test_a_game_is_loaded_once_when_first_asked_for() -> None:
    loads: list[str] = []
    real = default_registry().get("intruder-escape")

    def load() -> Game:
        loads.append("intruder-escape")
        return real

    registry = Registry((LazyGame(real.info, load),))
    lobby_view = registry.only(["intruder-escape"])
    assert [i.id for i in registry.infos()] == ["intruder-escape"]
    assert loads == [] and not registry.loaded("intruder-escape")
    assert lobby_view.get("intruder-escape") is real
    assert registry.loaded("intruder-escape") and registry.get("intruder-escape") is real
    assert list(registry) == [real]
    assert loads == ["intruder-escape"], "loaded once, shared with the lobby's view"


def test_only_keeps_the_registry_order_and_what_is_unavailable() -> None:
    registry = default_registry()
    ids = [i.id for i in registry.infos()]
    view = registry.only(reversed(ids[:3]))
    assert [i.id for i in view.infos()] == ids[:3]
    assert view.unavailable == registry.unavailable
